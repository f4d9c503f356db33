//! `/api/v1/qibla`, `/api/v1/qibla/rashdul` and `/api/v1/qibla/shadow`: the direction of
//! the Kaaba from a place or point, the yearly days the Sun stands over the Kaaba, and each
//! day's rashdul kiblat: arithmetic (a geodesic inverse; the prayer table's declination and
//! transits, no ephemeris). The qibla and a point's shadows are built per request; a year's
//! days and a place's shadows are built once per archive and kept by their parsed
//! parameters (BENCHMARKS.md, "Qibla").

use actix_web::{HttpRequest, HttpResponse};
use hijri::date::{days_in_month, Date};
use hijri_view::answers::{qibla, rashdul};

use super::params;
use super::stored::{self, Built, Key};
use crate::http::error::{ApiError, ErrorCode};
use crate::http::query::Query;
use crate::http::reply;
use crate::state::AppState;

/// `GET /api/v1/qibla?place=|lat=&lon=`.
pub fn qibla(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    let query = Query(req.query_string());
    let body = match params::site(&query, state)? {
        rashdul::Site::Place(i) => qibla::of_place(state.dataset, i)
            .ok_or_else(|| ApiError::new(ErrorCode::UnknownPlace, "no such place"))?,
        rashdul::Site::Point(lat, lon) => qibla::of_point(lat, lon),
    };
    Ok(reply::json(req, reply::HISTORY, 1024, &body))
}

/// `GET /api/v1/qibla/rashdul?year=`.
pub fn rashdul(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    let query = Query(req.query_string());
    let year = query.integer("year", ErrorCode::InvalidYear)?;
    let year = i32::try_from(year).map_err(|_| {
        ApiError::new(
            ErrorCode::InvalidYear,
            "`year` must be a Gregorian year from 1945 to 2100",
        )
    })?;
    let scope = params::scope(state, &query)?;
    let key = Key::new("/api/v1/qibla/rashdul").param("year", year);
    stored::history(req, state, &scope, key, || {
        let body = rashdul::yearly(state.dataset, year)?;
        Ok(Built::json(4096, &body))
    })
}

/// The days of a `/qibla/shadow` request: `date` or `month` (`YYYY-MM`), exactly one,
/// inside the served span.
fn days(query: &Query) -> Result<(Date, Date), ApiError> {
    let (from, to, named) = match (
        query.optional("date", ErrorCode::InvalidDate)?,
        query.optional("month", ErrorCode::InvalidMonth)?,
    ) {
        (Some(_), Some(_)) => {
            return Err(ApiError::new(
                ErrorCode::InvalidRange,
                "give only one of `date` or `month`",
            ))
        }
        (None, None) => {
            return Err(ApiError::new(
                ErrorCode::MissingParameter,
                "give the days: `date` (YYYY-MM-DD) or `month` (YYYY-MM)",
            ))
        }
        (Some(date), None) => {
            let date = params::gregorian_date(&date, "date")?;
            (date, date, "`date`")
        }
        (None, Some(month)) => {
            let (year, number) = params::gregorian_month(&month)?;
            let month = u32::from(number);
            let first = Date::from_ymd(year, month, 1).ok_or_else(|| {
                ApiError::new(ErrorCode::OutOfCoverage, "`month` is not a day served")
            })?;
            let last = i32::try_from(days_in_month(year, month)).unwrap_or(1) - 1;
            (first, first.add_days(last), "`month`")
        }
    };
    params::served_days(from, to, named)
}

/// `GET /api/v1/qibla/shadow?place=|lat=&lon=&date=|month=&tz=`: the place's civil zone, or
/// UTC for a point, unless `tz` names another.
pub fn shadow(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    let query = Query(req.query_string());
    let site = params::site(&query, state)?;
    let range = days(&query)?;
    let zone = if query.given("tz") {
        params::zone(&query)?
    } else {
        params::site_zone(state, site)
    };
    let build = || rashdul::shadow(state.dataset, site, zone, range);
    match site {
        // A place's days are a bounded set of questions: kept by their parsed parameters.
        rashdul::Site::Place(place) => {
            let scope = params::scope(state, &query)?;
            let key = Key::new("/api/v1/qibla/shadow")
                .param("place", place)
                .param("from", range.0)
                .param("to", range.1)
                .param("tz", format!("{zone:?}"));
            stored::history(req, state, &scope, key, || {
                let body = build()?;
                Ok(Built::json(1024 + 400 * body.count(), &body))
            })
        }
        // A point's are not (any point on Earth): built per request.
        rashdul::Site::Point(..) => {
            let body = build()?;
            Ok(reply::json(
                req,
                reply::HISTORY,
                1024 + 400 * body.count(),
                &body,
            ))
        }
    }
}
