//! `/imsakiyah?place=&year=&authority=&method=&lang=`: the printable imsakiyah of a place,
//! written by `hijri_page::imsakiyah`; here its parameters (`year` defaults to the coming
//! Ramadan: the Hijri year of today in `tz`, the next one after its Ramadan), the kept answer
//! and its headers; an error is the page's HTML error page with the API's status and code.

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse};
use chrono::Datelike;
use hijri::date::Date;
use hijri::zone::Zone;
use hijri_page::error::Back;
use hijri_page::imsakiyah::Asked;
use hijri_page::Lang;
use hijri_view::answers::prayer as answers;
use hijri_view::{coverage, Calendar};

use super::{asked, error_page, HTML, POLICY};
use crate::http::error::{ApiError, ErrorCode};
use crate::http::query::Query;
use crate::http::reply;
use crate::routes::params;
use crate::routes::stored::{self, Built, Key};
use crate::state::AppState;

/// A refusal of the printable imsakiyah's parameters, answered as its HTML error page.
pub fn refused(req: &HttpRequest, state: &AppState, error: ApiError) -> ApiError {
    error_page(
        state,
        shown(&Query(req.query_string())),
        Back::Elsewhere,
        error,
    )
}

/// The language of the page's error pages: the one asked, Indonesian when it names none the
/// page has.
fn shown(query: &Query) -> Lang {
    params::lang(query).unwrap_or(Lang::Id)
}

/// `GET /imsakiyah`: the printable imsakiyah; an error is an HTML page with the API's
/// status and code.
pub fn imsakiyah(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    let query = Query(req.query_string());
    let mut response = written(req, state, &query)
        .map_err(|e| error_page(state, shown(&query), Back::Elsewhere, e))?;
    response
        .headers_mut()
        .insert(header::CONTENT_SECURITY_POLICY, POLICY);
    Ok(response)
}

/// Reads the request: `authority`, `place`, `method`, `year` (the coming Ramadan's by
/// default, today taken in `tz`, WIB without it); with the zone whose today gave the year
/// when `year` was not given (the page then changes at its midnight).
fn read<'r>(
    req: &HttpRequest,
    state: &AppState<'r>,
    query: &Query,
) -> Result<(Asked<'r>, Option<Zone>), ApiError> {
    let lang = params::lang(query)?;
    let scope = params::scope(state, query)?;
    let place = asked::place(state.archive.places(), query)?;
    let method = match query.optional("method", ErrorCode::InvalidMethod)? {
        Some(text) => Some(answers::method(&text)?),
        None => None,
    };
    let zone = params::zone(query)?;
    let (year, today_in) = if query.given("year") {
        let year = query.integer("year", ErrorCode::InvalidYear)?;
        (coverage::year(&scope, Calendar::Hijri, year)?, None)
    } else {
        let local = zone.local_date(state.clock.now());
        let coming = Date::from_ymd(local.year(), local.month(), local.day())
            .and_then(|today| hijri_page::coming_ramadan(scope.chain, today))
            .ok_or_else(|| coverage::outside_archive(&scope, ErrorCode::OutOfCoverage))?;
        (i32::from(coming), Some(zone))
    };
    let year = u16::try_from(year)
        .map_err(|_| ApiError::new(ErrorCode::InvalidYear, "`year` must be a Hijri year"))?;
    let asked = Asked {
        base: state.scope,
        scope,
        place,
        year,
        method,
        lang,
        origin: params::origin(state, req),
    };
    Ok((asked, today_in))
}

/// The page, or why it cannot be written.
fn written(req: &HttpRequest, state: &AppState, query: &Query) -> Result<HttpResponse, ApiError> {
    let (asked, today_in) = read(req, state, query)?;
    let now = state.clock.now();
    let key = Key::new("/imsakiyah")
        .param("place", asked.place.map_or("", |c| c.place.id.as_str()))
        .param("year", asked.year)
        .param("method", asked.method.map_or("", |m| m.id))
        .param("lang", asked.lang.tag())
        .param("origin", asked.origin.unwrap_or_default());
    let cache = move |_| match today_in {
        Some(zone) => reply::until_midnight(zone, now),
        None => reply::COMPUTED_EVENTS,
    };
    stored::answer(req, state, &asked.scope, key, cache, || {
        Ok(Built::text(HTML, hijri_page::imsakiyah::document(&asked)?))
    })
}
