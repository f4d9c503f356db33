//! `/api/v1/events`: observance dates of a Hijri year, or of the Hijri years that overlap a
//! Gregorian year (the selection and the body are `hijri-view`'s), from the stored answers
//! for the default and `all` include sets.

use actix_web::{HttpRequest, HttpResponse};
use hijri_view::answers::events as answers;
use hijri_view::{Include, Question};

use super::{params, stored};
use crate::http::error::ApiError;
use crate::http::query::Query;
use crate::http::reply;
use crate::state::AppState;

/// `GET /api/v1/events?year=&calendar=&include=&retro=&authority=`.
pub fn events(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    let params::Events {
        scope,
        year,
        calendar,
        include,
        retro,
    } = params::events(state, Query(req.query_string()))?;
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
        if let Some(stored) = stored::answer(req, state, &scope, question, reply::events_cache) {
            return Ok(stored);
        }
    }
    let body = answers::events(answers::select(&scope, calendar, year, include, retro)?);
    Ok(reply::json(
        req,
        reply::events_cache(body.immutable()),
        320 * body.count() + 256,
        &body,
    ))
}
