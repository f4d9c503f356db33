//! `/display?place=&authority=&lang=`: the mosque screen of a place, written by
//! `hijri_page::display`; here its parameters (`place` required; the day is the place's, in
//! its own zone), the next prayer at the server's clock
//! (`hijri_view::answers::prayer::next_prayer`), the kept answer (by place, language, today
//! and the next prayer; the calendar added by `stored::answer`), its `Cache-Control` (until
//! the next prayer or the place's midnight, whichever comes first) and its headers. An error
//! is the page's HTML error page in the screen's language. Its style sheet and script
//! (`/display.css`, `/display.js`) are the crate's, compiled in.

use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpRequest, HttpResponse};
use hijri::date::Date;
use hijri_page::error::Back;
use hijri_page::{Lang, Page, View};
use hijri_view::answers::prayer as answers;

use super::{asked, asset, error_page, lang, HTML};
use crate::http::error::ApiError;
use crate::http::query::{missing, Query};
use crate::http::reply;
use crate::routes::params;
use crate::routes::stored::{self, Built, Key};
use crate::state::AppState;

/// The screen's route.
pub const DISPLAY: &str = "/display";

/// `Content-Security-Policy` of the screen: this server's style sheet, script and answers
/// (the script fetches the screen again) only; no form, no frame.
const POLICY: HeaderValue = HeaderValue::from_static(
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src data:; \
     connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
);

/// `GET /display`: the mosque screen; an error is the page's HTML error page.
pub fn display(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    let query = Query(req.query_string());
    let (lang, shown) = lang(&query);
    lang.and_then(|lang| screen(req, state, &query, lang))
        .map_err(|e| error_page(state, shown, Back::Display, e))
}

/// A refusal of the screen's parameters, answered as its HTML error page.
pub fn refused(req: &HttpRequest, state: &AppState, error: ApiError) -> ApiError {
    error_page(
        state,
        lang(&Query(req.query_string())).1,
        Back::Display,
        error,
    )
}

/// The screen, or why it cannot be written.
fn screen(
    req: &HttpRequest,
    state: &AppState,
    query: &Query,
    lang: Lang,
) -> Result<HttpResponse, ApiError> {
    let scope = params::scope(state, query)?;
    let chosen = asked::place(state.archive.places(), query)?.ok_or_else(|| missing("place"))?;
    let zone = answers::zone(chosen.place);
    let now = state.clock.now();
    let today = Date::from(zone.local_date(now));
    let (method, _) = answers::method_of(scope.chain);
    let next = answers::next_prayer(state.dataset, chosen.index, None, &method, now.timestamp())?
        .upcoming();
    let page = Page {
        base: state.scope,
        scope,
        authority: (!std::ptr::eq(scope.chain, state.chain)).then_some(scope.chain.id.as_str()),
        lang,
        words: lang.words(),
        zone,
        chosen_zone: None,
        now,
        today,
        view: View::of_day(today),
        chosen_view: false,
        origin: None,
        place: Some(chosen),
    };
    let key = Key::new(DISPLAY)
        .param("place", chosen.place.id.as_str())
        .param("lang", lang.tag())
        .param("today", today)
        .param("next", next.day)
        .param("prayer", next.prayer.name());
    let until = (next.seconds - now.timestamp()).min(zone.seconds_to_midnight(now));
    let cache = |_| reply::max_age(until);
    // The calendar is added to the key by `stored::answer` when the request names one.
    let mut response = stored::answer(req, state, &page.scope, key, cache, || {
        Ok(Built::text(
            HTML,
            hijri_page::display::document(&page, chosen, next)?,
        ))
    })?;
    response
        .headers_mut()
        .insert(header::CONTENT_SECURITY_POLICY, POLICY);
    Ok(response)
}

/// `GET /display.css`: the screen's style sheet.
pub fn style(req: &HttpRequest, _: &AppState) -> Result<HttpResponse, ApiError> {
    Ok(asset(
        req,
        hijri_page::display::STYLE,
        "text/css; charset=utf-8",
    ))
}

/// `GET /display.js`: the screen's script.
pub fn script(req: &HttpRequest, _: &AppState) -> Result<HttpResponse, ApiError> {
    Ok(asset(
        req,
        hijri_page::display::SCRIPT,
        "text/javascript; charset=utf-8",
    ))
}
