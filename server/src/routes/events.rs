//! `/api/v1/events`: observance dates of a Hijri year, or of the Hijri years that overlap a
//! Gregorian year (the selection and the body are `hijri-view`'s), stored or kept
//! ([`stored`]).

use actix_web::{HttpRequest, HttpResponse};
use hijri_view::answers::events as answers;
use hijri_view::{Include, Question};

use super::params;
use super::stored::{self, Built, Key};
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
    let scope = params::names(scope, &Query(req.query_string()))?;
    // The include lists whose echo is that of a stored answer are questions of their own.
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
        return stored::question(req, state, &scope, question, reply::events_cache);
    }
    let key = Key::new("/api/v1/events")
        .param("year", year)
        .param("calendar", calendar.name())
        .param(
            "include",
            include.1.as_deref().unwrap_or_default().join(","),
        )
        .param("retro", retro);
    stored::answer(req, state, &scope, key, reply::events_cache, || {
        let body = answers::events(answers::select(&scope, calendar, year, include, retro)?);
        Ok(Built {
            immutable: body.immutable(),
            ..Built::json(320 * body.count() + 256, &body)
        })
    })
}
