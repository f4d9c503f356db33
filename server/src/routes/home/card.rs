//! `/page/sky.png` and `/page/map.png`: the page's thumbnails of the hilal cards, the same
//! PNG bytes as `/api/v1/hilal/viz` and `/hilal/map` (of the calendar `authority` names, the
//! default one without it; not bare) by the page's own path, so that showing the page never
//! spends the cards' hourly limits of the API (the path is under the default limit, as the
//! page is).

use actix_web::{HttpRequest, HttpResponse};
use hijri::schema::CardKind;

use crate::http::error::{ApiError, ErrorCode};
use crate::http::query::Query;
use crate::routes::{params, stored};
use crate::state::AppState;

/// `GET /page/sky.png?year=&month=&authority=`: the sky chart of the month's deciding
/// evening.
pub fn sky(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    card(req, state, CardKind::Viz)
}

/// `GET /page/map.png?year=&month=&authority=`: the visibility map of the month's deciding
/// evening.
pub fn map(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    card(req, state, CardKind::Map)
}

fn card(req: &HttpRequest, state: &AppState, kind: CardKind) -> Result<HttpResponse, ApiError> {
    let query = Query(req.query_string());
    let scope = params::scope(state, &query)?;
    let (month, _, _) = params::target(&scope, query)?;
    let chain = state.dataset.chain_index(scope.chain);
    let card = chain.and_then(|chain| state.dataset.card(chain, month, kind, false));
    let card = card.ok_or_else(|| {
        ApiError::new(
            ErrorCode::NotFound,
            format!(
                "the archive holds no card of {}-{:02}",
                month.year, month.month
            ),
        )
    })?;
    Ok(stored::card(
        req,
        state,
        (card.png.as_slice(), card.etag.as_str()),
    ))
}
