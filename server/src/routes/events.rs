//! `/api/v1/events`: observance dates of a Hijri year, or of the Hijri years that overlap a
//! Gregorian year (the selection and the body are `hijri-view`'s), from the stored answers
//! for the default and `all` include sets.

use actix_web::http::header::HeaderValue;
use actix_web::{HttpRequest, HttpResponse};
use hijri_view::answers::events as answers;
use hijri_view::{Include, Question};

use hijri_view::Scope;

use super::params;
use crate::coverage;
use crate::http::error::{ApiError, ErrorCode};
use crate::http::query::{Calendar, Query};
use crate::http::reply;
use crate::routes::stored;
use crate::state::AppState;

pub use hijri_view::answers::events::{include, serve, Found, Selected};

/// The parameters of `/events` and `/events.ics`: the calendar asked for, `year` (checked),
/// `calendar`, the parsed include list and `retro`.
type Parsed<'a> = (
    Scope<'a>,
    i32,
    Calendar,
    (hijri::observance::Selection, Option<Vec<&'static str>>),
    bool,
);

/// Reads `authority`, `year`, `calendar`, `include` and `retro`.
fn parse<'a>(state: &AppState<'a>, query: Query<'_>) -> Result<Parsed<'a>, ApiError> {
    let year = query.integer("year", ErrorCode::InvalidYear)?;
    let calendar = query.calendar(Calendar::Hijri)?;
    let text = query.optional("include", ErrorCode::InvalidInclude)?;
    let retro = query.flag("retro", ErrorCode::InvalidRetro)?;
    let scope = params::scope(state, &query)?;
    let year = coverage::year(&scope, calendar, year)?;
    let include = include(text.as_deref())?;
    Ok((scope, year, calendar, include, retro))
}

/// Reads `authority`, `year`, `calendar`, `include` and `retro` and selects the events of
/// `/events`.
pub fn select<'a>(state: &AppState<'a>, query: Query<'_>) -> Result<Selected<'a>, ApiError> {
    let (scope, year, calendar, include, retro) = parse(state, query)?;
    Ok(answers::select(&scope, calendar, year, include, retro)?)
}

/// `GET /api/v1/events?year=&calendar=&include=&retro=&authority=`.
pub fn events(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    let (scope, year, calendar, include, retro) = parse(state, Query(req.query_string()))?;
    // Only the include lists whose echo is that of a stored answer.
    let stored_include = match include.1.as_deref() {
        None => Some(Include::Default),
        Some(["all"]) => Some(Include::All),
        Some(_) => None,
    };
    if let Some(include) = stored_include {
        let question = Question::Events {
            calendar,
            year,
            include,
            retro,
        };
        if let Some(stored) = stored::answer(req, state, &scope, question, cache) {
            return Ok(stored);
        }
    }
    let body = answers::events(answers::select(&scope, calendar, year, include, retro)?);
    Ok(reply::json(
        req,
        cache(body.immutable()),
        320 * body.count() + 256,
        &body,
    ))
}

/// The `Cache-Control` of an event answer ([`answers::immutable`]): computed events may be
/// corrected.
pub fn cache(immutable: bool) -> HeaderValue {
    if immutable {
        reply::IMMUTABLE
    } else {
        reply::COMPUTED_EVENTS
    }
}
