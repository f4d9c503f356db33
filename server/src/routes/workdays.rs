//! `/api/v1/workdays` and `/api/v1/workdays/next`: working days by an employer's week
//! (`week=5|6`, `cuti_bersama=off|on`) over the archive's days off. A range's answer (up to
//! ten years, a thousand days off and more) is built once per archive and kept by its
//! canonical key; the n-th working day is small and built per request.

use actix_web::http::header::HeaderValue;
use actix_web::{HttpRequest, HttpResponse};
use chrono::Datelike;
use hijri::holiday::{Standing, Workweek};
use hijri_view::answers::workdays::{self as answers};

use super::params;
use super::stored::{self, Built, Key};
use crate::http::error::{ApiError, ErrorCode};
use crate::http::query::Query;
use crate::http::reply;
use crate::state::AppState;

/// The `week` and `cuti_bersama` parameters.
fn workweek(query: &Query) -> Result<Workweek, ApiError> {
    let week = query.optional("week", ErrorCode::InvalidWeek)?;
    let cuti = query.optional("cuti_bersama", ErrorCode::InvalidCutiBersama)?;
    Ok(answers::workweek(week.as_deref(), cuti.as_deref())?)
}

/// The `Cache-Control` of an answer over the years `first..=last`: settled when every one is
/// decreed and before the clock's year (a later one may be amended, a predicted one decreed).
fn cache(state: &AppState, first: i32, last: i32) -> HeaderValue {
    let now = state.clock.now().year();
    let settled = (first..=last).all(|year| {
        year < now
            && state
                .dataset
                .holiday_year(year)
                .is_some_and(|y| y.standing() == Standing::Decreed)
    });
    reply::events_cache(settled)
}

/// `GET /api/v1/workdays?from=&to=&week=&cuti_bersama=`: kept by its parsed parameters.
pub fn workdays(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    let query = Query(req.query_string());
    let from = query.required("from", ErrorCode::InvalidDate)?;
    let to = query.required("to", ErrorCode::InvalidDate)?;
    let (from, to) = (
        params::gregorian_date(&from, "from")?,
        params::gregorian_date(&to, "to")?,
    );
    let week = workweek(&query)?;
    let scope = params::names(state.scope, &query)?;
    let dataset = state.dataset;
    answers::check_range(dataset, from, to)?;
    let key = Key::new("/api/v1/workdays")
        .param("from", from)
        .param("to", to)
        .param("week", week.days)
        .param("cuti_bersama", week.cuti_bersama);
    let cache = cache(state, from.ymd().0, to.ymd().0);
    stored::answer(
        req,
        state,
        &scope,
        key,
        |_| cache,
        || {
            let body = answers::workdays(dataset, from, to, week, scope.lang)?;
            Ok(Built::json(256 + 160 * body.days_off(), &body))
        },
    )
}

/// `GET /api/v1/workdays/next?date=&n=&week=&cuti_bersama=`: `n` 1 when absent.
pub fn next(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    let query = Query(req.query_string());
    let date = query.required("date", ErrorCode::InvalidDate)?;
    let date = params::gregorian_date(&date, "date")?;
    let n = if query.given("n") {
        query.integer("n", ErrorCode::InvalidN)?
    } else {
        1
    };
    let week = workweek(&query)?;
    let scope = params::names(state.scope, &query)?;
    let body = answers::next(state.dataset, date, n, week, scope.lang)?;
    let (first, last) = body.years();
    Ok(reply::json(
        req,
        cache(state, first, last),
        1024 + 512 * usize::from(body.is_off()),
        &body,
    ))
}
