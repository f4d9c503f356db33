//! `/api/v1/hilal/viz` and `/api/v1/hilal/map`: the pre-rendered PNG cards, served straight
//! from the mapped archive.

use actix_web::http::header::{self, HeaderValue};
use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};
use hijri::hijri::HijriMonth;
use hijri::schema::{ArchivedCalendar, ArchivedCard, ArchivedCardKind, CardKind};

use super::hilal::target;
use crate::coverage;
use crate::http::error::{ApiError, ErrorCode};
use crate::http::query::Query;
use crate::http::reply;
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
    let [min, max] = state.calendar.header.card_years.map(|y| y.to_native());
    let (month, index) = target(state, query)?;
    if !(min..=max).contains(&month.year) {
        return Err(ApiError::new(
            ErrorCode::OutOfCoverage,
            format!("cards exist for Hijri years {min} to {max}"),
        ));
    }
    let retro = query.flag("retro", ErrorCode::InvalidRetro)?;
    let bare = query.flag("bare", ErrorCode::InvalidBare)?;
    let download = query.flag("download", ErrorCode::InvalidDownload)?;
    let start = state.calendar.months[index].start();
    coverage::span(state, index..index + 1, start, retro)?;
    let card = find(state.calendar, month, kind, bare).ok_or_else(|| {
        ApiError::new(
            ErrorCode::ComputationUnavailable,
            "this card has not been generated; the archive holds no image for it yet",
        )
    })?;
    let png: &'static [u8] = card.png.as_slice();
    let etag = HeaderValue::from_str(&card.etag).unwrap_or_else(|_| reply::etag(png));
    let mut response = reply::respond(
        req,
        reply::IMMUTABLE,
        etag,
        HeaderValue::from_static("image/png"),
        web::Bytes::from_static(png),
    );
    if download && response.status() == StatusCode::OK {
        let name = match kind {
            CardKind::Viz => "viz",
            CardKind::Map => "map",
        };
        let disposition = format!(
            "attachment; filename=\"hilal-{name}-{}-{}.png\"",
            month.year, month.month
        );
        response.headers_mut().insert(
            header::CONTENT_DISPOSITION,
            HeaderValue::from_str(&disposition).expect("ASCII digits and letters"),
        );
    }
    Ok(response)
}

/// The card for a month, kind and variant (cards are sorted by year, month, kind, bare).
fn find(
    calendar: &'static ArchivedCalendar,
    month: HijriMonth,
    kind: CardKind,
    bare: bool,
) -> Option<&'static ArchivedCard> {
    let order = |kind: &ArchivedCardKind| match kind {
        ArchivedCardKind::Viz => CardKind::Viz,
        ArchivedCardKind::Map => CardKind::Map,
    };
    let key = (month.year, month.month, kind, bare);
    calendar
        .cards
        .binary_search_by(|c| (c.year.to_native(), c.month, order(&c.kind), c.bare).cmp(&key))
        .ok()
        .map(|i| &calendar.cards[i])
}
