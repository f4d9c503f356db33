//! `/api/v1/hilal/viz` and `/api/v1/hilal/map`: the pre-rendered PNG cards, served straight
//! from the mapped archive.

use actix_web::http::header::{self, HeaderValue};
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse};
use hijri::schema::CardKind;
use hijri_view::coverage;

use super::{params, stored};
use crate::http::error::{ApiError, ErrorCode};
use crate::http::query::Query;
use crate::state::AppState;

/// `GET /api/v1/hilal/viz?month=&year=&retro=&bare=&download=`: the sky chart.
pub fn viz(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    card(req, state, CardKind::Viz)
}

/// `GET /api/v1/hilal/map?month=&year=&retro=&bare=&download=`: the visibility map.
pub fn map(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    card(req, state, CardKind::Map)
}

fn card(req: &HttpRequest, state: &AppState, kind: CardKind) -> Result<HttpResponse, ApiError> {
    let query = Query(req.query_string());
    let scope = params::scope(state, &query)?;
    if !std::ptr::eq(scope.chain, state.chain) {
        return Err(ApiError::new(
            ErrorCode::InvalidAuthority,
            format!(
                "the cards are drawn for the default calendar only: use authority={} or leave \
                 it out",
                state.chain.id.as_str()
            ),
        ));
    }
    let [min, max] = state.dataset.card_years();
    let (month, index, archived) = params::target(&scope, query)?;
    if !(min..=max).contains(&month.year) {
        return Err(ApiError::new(
            ErrorCode::OutOfCoverage,
            format!("cards exist for Hijri years {min} to {max}"),
        ));
    }
    let retro = query.flag("retro", ErrorCode::InvalidRetro)?;
    let bare = query.flag("bare", ErrorCode::InvalidBare)?;
    let download = query.flag("download", ErrorCode::InvalidDownload)?;
    let start = archived.start();
    coverage::span(&scope, index..index + 1, start, retro)?;
    let card = state.dataset.card(month, kind, bare).ok_or_else(|| {
        ApiError::new(
            ErrorCode::ComputationUnavailable,
            "this card has not been generated; the archive holds no image for it yet",
        )
    })?;
    let mut response = stored::card(req, state, card);
    if download && response.status() == StatusCode::OK {
        let name = match kind {
            CardKind::Viz => "viz",
            CardKind::Map => "map",
        };
        let disposition = format!(
            "attachment; filename=\"hilal-{name}-{}-{}.png\"",
            month.year, month.month
        );
        #[allow(
            clippy::expect_used,
            reason = "the name is ASCII letters, digits and punctuation by construction"
        )]
        let value = HeaderValue::from_str(&disposition).expect("ASCII digits and letters");
        response
            .headers_mut()
            .insert(header::CONTENT_DISPOSITION, value);
    }
    Ok(response)
}
