//! `/api/v1/eclipses` and `/api/v1/eclipses/{id}`: the eclipses of up to ten Gregorian
//! years, and one eclipse's local circumstances at a place or point with the window of its
//! prayer, read from the archive's eclipses (their stored polynomials evaluated, no
//! ephemeris). A list and a place's circumstances are built once per archive and kept by
//! their parsed parameters; a point's are built per request.

use actix_web::{HttpRequest, HttpResponse};
use hijri_view::answers::eclipses::{self, Kind, MOST_YEARS, YEARS};
use hijri_view::answers::rashdul;

use super::params;
use super::stored::{self, Built, Key};
use crate::http::error::{ApiError, ErrorCode};
use crate::http::query::{missing, Query};
use crate::http::reply;
use crate::state::AppState;

/// A Gregorian year parameter of the list, inside the years served.
fn year(query: &Query, name: &str) -> Result<i32, ApiError> {
    let value = query.integer(name, ErrorCode::InvalidYear)?;
    i32::try_from(value)
        .ok()
        .filter(|y| YEARS.contains(y))
        .ok_or_else(|| {
            ApiError::new(
                ErrorCode::InvalidYear,
                format!(
                    "`{name}` must be a Gregorian year from {} to {}, got {value}",
                    YEARS.start(),
                    YEARS.end()
                ),
            )
        })
}

/// `GET /api/v1/eclipses?year=|from=&to=&kind=`.
pub fn list(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    let query = Query(req.query_string());
    let (from, to) = match (query.given("year"), query.given("from"), query.given("to")) {
        (true, false, false) => {
            let y = year(&query, "year")?;
            (y, y)
        }
        (false, true, true) => (year(&query, "from")?, year(&query, "to")?),
        (true, _, _) => {
            return Err(ApiError::new(
                ErrorCode::InvalidRange,
                "give `year`, or `from` and `to`, not both",
            ))
        }
        (false, true, false) => return Err(missing("to")),
        (false, false, true) => return Err(missing("from")),
        (false, false, false) => {
            return Err(ApiError::new(
                ErrorCode::MissingParameter,
                "give `year` (a Gregorian year), or `from` and `to` (up to ten years)",
            ))
        }
    };
    if to < from || to - from >= MOST_YEARS {
        return Err(ApiError::new(
            ErrorCode::InvalidRange,
            format!(
                "`to` must be from `from` to {} years after it",
                MOST_YEARS - 1
            ),
        ));
    }
    let kind = match query.optional("kind", ErrorCode::InvalidKind)? {
        None => Kind::Any,
        Some(text) => Kind::parse(&text).ok_or_else(|| {
            ApiError::new(ErrorCode::InvalidKind, "`kind` must be `solar` or `lunar`")
        })?,
    };
    let scope = params::scope(state, &query)?;
    let key = Key::new("/api/v1/eclipses")
        .param("from", from)
        .param("to", to)
        .param("kind", format!("{kind:?}"));
    stored::history(req, state, &scope, key, || {
        let body = eclipses::list(state.dataset, from, to, kind);
        Ok(Built::json(256 + 320 * body.count(), &body))
    })
}

/// `GET /api/v1/eclipses/{id}?place=|lat=&lon=`: times in the place's civil zone, or UTC
/// for a point.
pub fn local(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    let query = Query(req.query_string());
    let id = req.match_info().get("id").unwrap_or_default();
    let eclipse = eclipses::find(state.dataset, id)?;
    let site = params::site(&query, state)?;
    let zone = params::site_zone(state, site);
    let build = || eclipses::local(state.dataset, eclipse, site, zone);
    match site {
        rashdul::Site::Place(place) => {
            let scope = params::scope(state, &query)?;
            let key = Key::new("/api/v1/eclipses/{id}")
                .param("id", eclipse.greatest.to_native())
                .param("place", place);
            stored::history(req, state, &scope, key, || Ok(Built::json(4096, &build()?)))
        }
        rashdul::Site::Point(..) => Ok(reply::json(req, reply::HISTORY, 4096, &build()?)),
    }
}
