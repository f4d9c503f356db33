//! `/api/v1/days.csv`: every day of a Gregorian year, or of the whole served span without
//! `year`, as one CSV row (its weekday and pasaran, each calendar's Hijri date and tier, the
//! day off, the observances), stored in the archive in every coding, for use offline.

use actix_web::{HttpRequest, HttpResponse};
use hijri_view::answers::days_csv;
use hijri_view::Question;

use super::stored;
use crate::http::error::{ApiError, ErrorCode};
use crate::http::query::Query;
use crate::http::reply;
use crate::state::AppState;

/// `GET /api/v1/days.csv?year=`: the stored file of `year` (1945–2100), or of 1945–2100.
pub fn days(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    let query = Query(req.query_string());
    let year = if query.given("year") {
        Some(days_csv::year(
            query.integer("year", ErrorCode::InvalidYear)?,
        )?)
    } else {
        None
    };
    stored::question(req, state, state, Question::DaysCsv { year }, |_| {
        reply::IMMUTABLE
    })
}
