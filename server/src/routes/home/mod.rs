//! `/`: the page for people, written by the `hijri-page` crate from the archive at request
//! time; here its HTTP: the parameters read (`asked`), a page written once per archive, day
//! and choice and then kept ([`super::stored`]), its errors answered as its HTML error pages
//! in its language, its headers (the `Content-Security-Policy`). The printable imsakiyah
//! (`/imsakiyah`, `imsakiyah`), the card for an iframe (`/embed`, `embed`) and the mosque
//! screen (`/display`, `display`) are mounted the same way; the style sheet (`/page.css`)
//! and script (`/page.js`) are the crate's, compiled in; the card thumbnails come by the
//! page's own path (`card`).

mod asked;
mod card;
mod display;
mod embed;
mod imsakiyah;

use actix_web::http::header::{self, HeaderValue};
use actix_web::{web, HttpRequest, HttpResponse};
use chrono::Datelike;
use hijri::date::Date;
use hijri::zone::Zone;
use hijri_page::error::Back;
use hijri_page::{Lang, Page, View, ZONES};
use hijri_view::Scope;

use super::params;
use super::stored::{self, Built, Key};
use crate::http::error::{ApiError, ErrorCode};
use crate::http::query::Query;
use crate::http::reply;
use crate::state::AppState;

pub use card::{map, sky};
pub use display::{
    display, refused as refused_display, script as display_script, style as display_style, DISPLAY,
};
pub use embed::{
    embed, EMBED, HEIGHT as EMBED_HEIGHT, HEIGHT_WITH_TIMES as EMBED_HEIGHT_WITH_TIMES,
};
pub use hijri_page::{MAP, SKY};
pub use imsakiyah::{imsakiyah, refused as refused_elsewhere};

/// `Content-Security-Policy` of the page: this server's style sheet, script, images and
/// answers only; forms submit to the page itself.
const POLICY: HeaderValue = HeaderValue::from_static(
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
     connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
);

const HTML: HeaderValue = HeaderValue::from_static("text/html; charset=utf-8");

/// The language a request asks for ([`params::lang`]) and the one its error page is in: the
/// one asked, Indonesian when it names none the page has.
fn lang(query: &Query) -> (Result<Lang, ApiError>, Lang) {
    let lang = params::lang(query);
    let shown = lang.as_ref().map_or(Lang::Id, |lang| *lang);
    (lang, shown)
}

/// `error` answered as the page's HTML error page in `lang`, its link going `back`.
fn error_page(state: &AppState, lang: Lang, back: Back, error: ApiError) -> ApiError {
    let html = hijri_page::error::document(&state.scope, lang, error.code, &error.message, back);
    error.with_html(html)
}

/// `GET /?lang=&tz=&authority=&calendar=&year=&month=&view=&place=`: the page (the printable
/// year with `view=year`; today's prayer times at `place`); an error is an HTML page in the
/// page's language with the API's status and code.
pub fn page(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    let query = Query(req.query_string());
    let (lang, shown) = lang(&query);
    lang.and_then(|lang| written(req, state, &query, lang))
        .map_err(|e| error_page(state, shown, Back::Page, e))
}

/// A refusal of the page's or the card's parameters, answered as the page's HTML error in
/// the language asked for.
pub fn refused(req: &HttpRequest, state: &AppState, error: ApiError) -> ApiError {
    error_page(state, lang(&Query(req.query_string())).1, Back::Page, error)
}

/// What a request of the page or the card asks for: its zone, calendar and today, and the
/// month or year `asked` reads (the month of today when it reads none).
fn read<'r>(
    req: &HttpRequest,
    state: &AppState<'r>,
    query: &Query,
    lang: Lang,
    asked: impl FnOnce(&Scope, Date) -> Result<Option<View>, ApiError>,
) -> Result<Page<'r>, ApiError> {
    let zone = params::zone(query)?;
    // A chosen zone is kept in the links when it is one of the three.
    let chosen_zone = query
        .optional("tz", ErrorCode::InvalidTimezone)?
        .and_then(|_| ZONES.iter().copied().find(|z| Zone::parse(z) == Some(zone)));
    let scope = params::scope(state, query)?;
    let authority = (!std::ptr::eq(scope.chain, state.chain)).then_some(scope.chain.id.as_str());
    let now = state.clock.now();
    let local = zone.local_date(now);
    let today = Date::from_ymd(local.year(), local.month(), local.day())
        .ok_or_else(|| hijri_view::coverage::outside_archive(&scope, ErrorCode::OutOfCoverage))?;
    let asked = asked(&scope, today)?;
    Ok(Page {
        base: state.scope,
        scope,
        authority,
        lang,
        words: lang.words(),
        zone,
        chosen_zone,
        now,
        today,
        view: asked.unwrap_or_else(|| View::of_day(today)),
        chosen_view: asked.is_some(),
        origin: params::origin(state, req),
        place: None,
    })
}

/// The page, or why it cannot be written.
fn written(
    req: &HttpRequest,
    state: &AppState,
    query: &Query,
    lang: Lang,
) -> Result<HttpResponse, ApiError> {
    let mut page = read(req, state, query, lang, |scope, today| {
        asked::view(scope, query, today)
    })?;
    page.place = asked::place(state.archive.places(), query)?;
    let next = next_prayer(&page);
    let key = Key::new("/")
        .param("lang", lang.tag())
        .param("tz", page.zone)
        .param("zones", page.chosen_zone.unwrap_or_default())
        .param("today", page.today)
        .param("view", page.view.query())
        .param("chosen", page.chosen_view)
        .param("place", page.place.map_or("", |c| c.place.id.as_str()))
        .param("next", next.unwrap_or_default())
        .param("origin", page.origin.unwrap_or_default());
    let cache = |_| until_changed(&page, next);
    // The calendar is added to the key by `stored::answer` when the request names one.
    let mut response = stored::answer(req, state, &page.scope, key, cache, || {
        Ok(Built::text(HTML, hijri_page::home(&page)?))
    })?;
    response
        .headers_mut()
        .insert(header::CONTENT_SECURITY_POLICY, POLICY);
    Ok(response)
}

/// The next prayer's instant (UTC seconds) at the page's place, which with the day decides
/// the marks of its prayer times; `None` without a place.
fn next_prayer(page: &Page) -> Option<i64> {
    hijri_page::prayer_around(page).map(|(_, next)| next.seconds)
}

/// `Cache-Control` of the page or the card: until the next local midnight, or the `next`
/// prayer when it comes first.
fn until_changed(page: &Page, next: Option<i64>) -> HeaderValue {
    let midnight = page.zone.seconds_to_midnight(page.now);
    let next = next.map_or(midnight, |next| next - page.now.timestamp());
    reply::until(midnight.min(next))
}

/// `GET /page.css`: the page's style sheet.
pub fn style(req: &HttpRequest, _: &AppState) -> Result<HttpResponse, ApiError> {
    Ok(asset(req, hijri_page::STYLE, "text/css; charset=utf-8"))
}

/// `GET /page.js`: the page's script.
pub fn script(req: &HttpRequest, _: &AppState) -> Result<HttpResponse, ApiError> {
    Ok(asset(
        req,
        hijri_page::SCRIPT,
        "text/javascript; charset=utf-8",
    ))
}

fn asset(req: &HttpRequest, body: &'static str, content_type: &'static str) -> HttpResponse {
    reply::negotiated(
        req,
        reply::DOCUMENT,
        HeaderValue::from_static(content_type),
        web::Bytes::from_static(body.as_bytes()),
    )
}
