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

/// `GET /api/v1/hilal/viz?month=&year=&retro=&bare=&download=&authority=`: the sky chart.
pub fn viz(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    card(req, state, CardKind::Viz)
}

/// `GET /api/v1/hilal/map?month=&year=&retro=&bare=&download=&authority=`: the map.
pub fn map(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    card(req, state, CardKind::Map)
}

fn card(req: &HttpRequest, state: &AppState, kind: CardKind) -> Result<HttpResponse, ApiError> {
    let query = Query(req.query_string());
    let scope = params::evening_scope(state, &query, "hilal cards")?;
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
    let chain = state.dataset.chain_index(scope.chain);
    let card = chain.and_then(|chain| state.dataset.card(chain, month, kind, bare));
    let card = card.ok_or_else(|| {
        ApiError::new(
            ErrorCode::ComputationUnavailable,
            "this card has not been generated; the archive holds no image for it yet",
        )
    })?;
    let mut response = stored::card(req, state, (card.png.as_slice(), card.etag.as_str()));
    if download && response.status() == StatusCode::OK {
        let name = match kind {
            CardKind::Viz => "viz",
            CardKind::Map => "map",
        };
        // Another calendar's card names its calendar: hilal-map-muhammadiyah-1447-9.png.
        let calendar = if std::ptr::eq(scope.chain, state.chain) {
            String::new()
        } else {
            format!("{}-", scope.chain.id.as_str())
        };
        let disposition = format!(
            "attachment; filename=\"hilal-{name}-{calendar}{}-{}.png\"",
            month.year, month.month
        );
        #[allow(
            clippy::expect_used,
            reason = "ASCII letters, digits and punctuation by construction (`validate` keeps \
                      chain identifiers to lower-case letters, digits and hyphens)"
        )]
        let value = HeaderValue::from_str(&disposition).expect("ASCII digits and letters");
        response
            .headers_mut()
            .insert(header::CONTENT_DISPOSITION, value);
    }
    Ok(response)
}
