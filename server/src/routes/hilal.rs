//! `/api/v1/hilal/info` and `/api/v1/hilal/history`: the evening records that decided month
//! starts.

use actix_web::{HttpRequest, HttpResponse};
use hijri::hijri::HijriMonth;
use hijri_view::answers::hilal;
use hijri_view::answers::hilal::HISTORY_BOUNDS;
use hijri_view::coverage;
use hijri_view::records::HilalRecord;
use hijri_view::Question;
use serde::Serialize;

use super::params;
use super::stored::{self, Built, Key};
use crate::http::error::{truncated, ApiError, ErrorCode};
use crate::http::query::Query;
use crate::http::reply;
use crate::state::AppState;

#[derive(Serialize)]
struct InfoInput<'a> {
    month: u8,
    year: u16,
    /// `"sites"` with `include=sites`; absent otherwise, so the answer stays as before.
    #[serde(skip_serializing_if = "Option::is_none")]
    include: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    authority: Option<&'a str>,
}

/// Reads `include`: absent, or `sites` (any case) for every site's values. Empty items are
/// skipped, as in `/events`: `include=` is no include, `include=sites,` is `sites`.
fn include_sites(query: Query<'_>) -> Result<Option<&'static str>, ApiError> {
    let items = query.list("include", ErrorCode::InvalidInclude)?;
    let mut sites = None;
    for item in items.iter().flatten() {
        if item.eq_ignore_ascii_case("sites") {
            sites = Some("sites");
        } else {
            return Err(ApiError::new(
                ErrorCode::InvalidInclude,
                format!(
                    "unknown include item \"{}\"; the hilal records take only `sites`",
                    truncated(item)
                ),
            ));
        }
    }
    Ok(sites)
}

#[derive(Serialize)]
struct Info<'a> {
    input: InfoInput<'a>,
    #[serde(flatten)]
    record: HilalRecord<'a>,
}

/// `GET /api/v1/hilal/info?month=&year=&retro=&include=`.
pub fn info(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    let query = Query(req.query_string());
    let scope = params::names(
        params::evening_scope(state, &query, "hilal record")?,
        &query,
    )?;
    let (target, index, archived) = params::target(&scope, query)?;
    let retro = query.flag("retro", ErrorCode::InvalidRetro)?;
    let include = include_sites(query)?;
    let key = Key::new("/api/v1/hilal/info")
        .param("month", target.month)
        .param("year", target.year)
        .param("retro", retro)
        .param("include", include.unwrap_or_default());
    stored::answer(
        req,
        state,
        &scope,
        key,
        |_| reply::IMMUTABLE,
        || {
            let start = archived.start();
            coverage::span(&scope, index..index + 1, start, retro)?;
            let record = HilalRecord::of(
                (scope.dataset, scope.chain),
                index,
                include.is_some(),
                scope.lang,
            )
            .ok_or_else(hilal::unavailable)?;
            let body = Info {
                input: InfoInput {
                    month: target.month,
                    year: target.year,
                    include,
                    authority: scope.echo(),
                },
                record,
            };
            let capacity = if include.is_some() { 8_192 } else { 1_024 };
            Ok(Built::json(capacity, &body))
        },
    )
}

/// `GET /api/v1/hilal/history?from=&to=&include=`: the window intersected with
/// 1444-08..1475-12.
pub fn history(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    let query = Query(req.query_string());
    let include = include_sites(query)?;
    let scope = params::names(
        params::evening_scope(state, &query, "hilal record")?,
        &query,
    )?;
    let bound = |name: &str, default: HijriMonth| -> Result<HijriMonth, ApiError> {
        match query.optional(name, ErrorCode::InvalidRange)? {
            None => Ok(default),
            Some(text) => HijriMonth::parse_iso(&text).ok_or_else(|| {
                ApiError::new(
                    ErrorCode::InvalidRange,
                    format!(
                        "`{name}` must be a Hijri month YYYY-MM, got \"{}\"",
                        truncated(&text)
                    ),
                )
            }),
        }
    };
    // The clamped window: every spelling of the same months is one question.
    let (from, to) = hilal::window(
        bound("from", HISTORY_BOUNDS.0)?,
        bound("to", HISTORY_BOUNDS.1)?,
    )?;
    let Some(include) = include else {
        let question = Question::History { from, to };
        return stored::question(req, state, &scope, question, |_| reply::HISTORY);
    };
    let key = Key::new("/api/v1/hilal/history")
        .param("from", from.iso().as_str())
        .param("to", to.iso().as_str())
        .param("include", include);
    stored::history(req, state, &scope, key, || {
        let body = hilal::history(&scope, from, to, Some(include))?;
        Ok(Built::json(7_000 * body.count() + 256, &body))
    })
}
