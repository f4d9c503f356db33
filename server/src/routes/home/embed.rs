//! `/embed`: the card of today for an iframe on another site (with `place`, its prayer times),
//! written by `hijri_page::embed`; kept once per archive, day, next prayer and choice, as the
//! page is; it may be framed by any site.

use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpRequest, HttpResponse};
use hijri_page::error::Back;
use hijri_page::Lang;

use super::{asked, error_page, lang, next_prayer, read, until_changed, HTML};
use crate::http::error::ApiError;
use crate::http::query::Query;
use crate::routes::stored::{self, Built, Key};
use crate::state::AppState;

pub use hijri_page::embed::{HEIGHT, HEIGHT_WITH_TIMES};

/// The card's route.
pub const EMBED: &str = "/embed";

/// `Content-Security-Policy` of the card: nothing loaded, its one inline style sheet, and no
/// `frame-ancestors`, so that any site may frame it (no script runs, and every text is
/// escaped). `connect-src 'self'` as the page has it, so that tools reading the card in a
/// browser (Lighthouse's `robots.txt`) may ask this server.
const POLICY: HeaderValue = HeaderValue::from_static(
    "default-src 'none'; style-src 'unsafe-inline'; img-src data:; connect-src 'self'; \
     base-uri 'none'; form-action 'none'",
);

/// `GET /embed?authority=&lang=&tz=&place=`: the card of today (with `place`, its prayer
/// times); an error is the page's HTML error.
pub fn embed(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    let query = Query(req.query_string());
    let (lang, shown) = lang(&query);
    lang.and_then(|lang| card(req, state, &query, lang))
        .map_err(|e| error_page(state, shown, Back::Page, e))
}

/// The card, or why it cannot be written.
fn card(
    req: &HttpRequest,
    state: &AppState,
    query: &Query,
    lang: Lang,
) -> Result<HttpResponse, ApiError> {
    let mut page = read(req, state, query, lang, |_, _| Ok(None))?;
    page.place = asked::place(state.archive.places(), query)?;
    let next = next_prayer(&page);
    let key = Key::new(EMBED)
        .param("lang", lang.tag())
        .param("tz", page.zone)
        .param("zones", page.chosen_zone.unwrap_or_default())
        .param("today", page.today)
        .param("place", page.place.map_or("", |c| c.place.id.as_str()))
        .param("next", next.unwrap_or_default());
    let cache = |_| until_changed(&page, next);
    // The calendar is added to the key by `stored::answer` when the request names one.
    let mut response = stored::answer(req, state, &page.scope, key, cache, || {
        Ok(Built::text(HTML, hijri_page::embed::document(&page)?))
    })?;
    response
        .headers_mut()
        .insert(header::CONTENT_SECURITY_POLICY, POLICY);
    Ok(response)
}
