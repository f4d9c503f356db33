//! `/api/v1/authorities` (the calendars served, with their rules) and `/api/v1/compare`
//! (the calendars side by side over a year).

use actix_web::{HttpRequest, HttpResponse};
use hijri::schema::ArchivedChain;
use hijri_view::answers::{authorities as listing, compare as side_by_side};
use hijri_view::Calendar;

use super::params;
use super::stored::{self, Built, Key};
use crate::http::error::{truncated, ApiError, ErrorCode};
use crate::http::query::Query;
use crate::http::reply;
use crate::state::AppState;

/// `GET /api/v1/authorities`.
pub fn authorities(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    let key = Key::new("/api/v1/authorities");
    stored::answer(
        req,
        state,
        state,
        key,
        |_| reply::META,
        || Ok(Built::json(16_384, &listing::authorities(state.dataset))),
    )
}

/// `GET /api/v1/compare?year=&calendar=&authorities=&retro=`.
pub fn compare(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    let query = Query(req.query_string());
    let year = query.integer("year", ErrorCode::InvalidYear)?;
    let calendar = query.calendar(Calendar::Hijri)?;
    let retro = query.flag("retro", ErrorCode::InvalidRetro)?;
    let chains = chains(state, &query)?;
    let scope = params::names(state.scope, &query)?;
    let ids: Vec<&str> = chains.iter().map(|chain| chain.id.as_str()).collect();
    let key = Key::new("/api/v1/compare")
        .param("year", year)
        .param("calendar", calendar.name())
        .param("retro", retro)
        .param("authorities", ids.join(","));
    stored::answer(req, state, &scope, key, reply::events_cache, || {
        let body = side_by_side::compare(&scope, &chains, calendar, year, retro)?;
        Ok(Built {
            immutable: body.immutable(),
            ..Built::json(2_048 * chains.len() + 1_024, &body)
        })
    })
}

/// The calendars `authorities` names (a comma list, any letter case, each once in the order
/// given; empty items skipped), or every calendar without it.
fn chains<'a>(state: &AppState<'a>, query: &Query) -> Result<Vec<&'a ArchivedChain>, ApiError> {
    let dataset = state.dataset;
    let Some(ids) = query.list("authorities", ErrorCode::InvalidAuthority)? else {
        return Ok(dataset.chains.iter().collect());
    };
    let mut chains: Vec<&ArchivedChain> = Vec::new();
    for id in &ids {
        let chain = dataset.chain(id).ok_or_else(|| {
            let known: Vec<&str> = dataset.chains.iter().map(|c| c.id.as_str()).collect();
            ApiError::new(
                ErrorCode::InvalidAuthority,
                format!(
                    "unknown authority \"{}\"; the calendars served are {}",
                    truncated(id),
                    known.join(", ")
                ),
            )
        })?;
        if !chains.iter().any(|c| std::ptr::eq(*c, chain)) {
            chains.push(chain);
        }
    }
    if chains.is_empty() {
        return Err(ApiError::new(
            ErrorCode::InvalidAuthority,
            "`authorities` names no calendar",
        ));
    }
    Ok(chains)
}
