//! `/api/v1/hilal/info` and `/api/v1/hilal/history`: the evening records that decided month
//! starts.

use actix_web::{HttpRequest, HttpResponse};
use hijri::hijri::HijriMonth;
use serde::Serialize;

use crate::coverage;
use crate::http::error::{truncated, ApiError, ErrorCode};
use crate::http::query::Query;
use crate::http::reply;
use crate::state::AppState;
use crate::view::evening::HilalRecord;
use crate::view::{MonthText, WarningList};

/// Default and widest history bounds.
pub const HISTORY_BOUNDS: (HijriMonth, HijriMonth) = (
    HijriMonth {
        year: 1444,
        month: 8,
    },
    HijriMonth {
        year: 1475,
        month: 12,
    },
);

#[derive(Serialize)]
struct InfoInput {
    month: u8,
    year: u16,
}

#[derive(Serialize)]
struct Info<'a> {
    input: InfoInput,
    #[serde(flatten)]
    record: HilalRecord<'a>,
}

/// Reads the target `month` and `year` of the hilal endpoints; a month number outside 1–12,
/// a month outside the archive (or its first month, which has no examined evening) is
/// `out_of_coverage`, the only coverage code the interface lists for these endpoints.
pub fn target(state: &AppState, query: Query<'_>) -> Result<(HijriMonth, usize), ApiError> {
    let month = query.integer("month", ErrorCode::InvalidMonth)?;
    let year = query.integer("year", ErrorCode::InvalidYear)?;
    let month = u8::try_from(month)
        .ok()
        .filter(|m| (1..=12).contains(m))
        .ok_or_else(|| {
            ApiError::new(
                ErrorCode::OutOfCoverage,
                format!("hilal records exist for months 1 to 12; there is no month {month}"),
            )
        })?;
    let target = HijriMonth {
        year: u16::try_from(year).unwrap_or(0),
        month,
    };
    match coverage::month(state, target, ErrorCode::OutOfCoverage)? {
        0 => Err(coverage::outside_archive(state, ErrorCode::OutOfCoverage)),
        index => Ok((target, index)),
    }
}

/// `GET /api/v1/hilal/info?month=&year=&retro=`.
pub fn info(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    let query = Query(req.query_string());
    let (target, index) = target(state, query)?;
    let retro = query.flag("retro", ErrorCode::InvalidRetro)?;
    coverage::months(state, index..index + 1, retro)?;
    let record = HilalRecord::of(state.calendar, index).ok_or_else(unavailable)?;
    let body = Info {
        input: InfoInput {
            month: target.month,
            year: target.year,
        },
        record,
    };
    Ok(reply::json(req, reply::IMMUTABLE, 1_024, &body))
}

/// 503 for an evening the archive cannot show.
fn unavailable() -> ApiError {
    ApiError::new(
        ErrorCode::ComputationUnavailable,
        "the archive holds no evening record for this month",
    )
}

#[derive(Serialize)]
struct HistoryInput {
    from: MonthText,
    to: MonthText,
}

#[derive(Serialize)]
struct Bounds {
    first: MonthText,
    last: MonthText,
}

#[derive(Serialize)]
struct History<'a> {
    input: HistoryInput,
    count: usize,
    range: Bounds,
    months: Vec<HilalRecord<'a>>,
    warnings: WarningList,
}

/// `GET /api/v1/hilal/history?from=&to=`; bounds are clamped to 1444-08..1475-12.
pub fn history(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    let query = Query(req.query_string());
    let bound = |name: &str, default: HijriMonth| -> Result<HijriMonth, ApiError> {
        match query.optional(name, ErrorCode::InvalidRange)? {
            None => Ok(default),
            Some(text) => parse_month(&text).ok_or_else(|| {
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
    let (from, to) = (
        bound("from", HISTORY_BOUNDS.0)?,
        bound("to", HISTORY_BOUNDS.1)?,
    );
    if from > to {
        return Err(ApiError::new(
            ErrorCode::InvalidRange,
            "`from` must be on or before `to`",
        ));
    }
    let clamp = |m: HijriMonth| m.clamp(HISTORY_BOUNDS.0, HISTORY_BOUNDS.1);
    let (first, last) = (clamp(from), clamp(to));
    let a = coverage::month(state, first, ErrorCode::ComputationUnavailable)?;
    let b = coverage::month(state, last, ErrorCode::ComputationUnavailable)?;
    // The bounds never reach retro months, so `retro` cannot refuse anything here.
    let served = coverage::months(state, a..b + 1, true)?;
    let months = (a..=b)
        .map(|index| HilalRecord::of(state.calendar, index))
        .collect::<Option<Vec<_>>>()
        .ok_or_else(unavailable)?;
    let body = History {
        input: HistoryInput {
            from: MonthText(from),
            to: MonthText(to),
        },
        count: months.len(),
        range: Bounds {
            first: MonthText(first),
            last: MonthText(last),
        },
        months,
        warnings: WarningList(served.warnings),
    };
    Ok(reply::json(
        req,
        reply::HISTORY,
        1_100 * body.count + 256,
        &body,
    ))
}

/// Parses a Hijri month `YYYY-MM`.
fn parse_month(text: &str) -> Option<HijriMonth> {
    let (year, month) = text.split_once('-')?;
    let digits = |s: &str, n: usize| s.len() == n && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(year, 4) || !digits(month, 2) {
        return None;
    }
    let month: u8 = month.parse().ok()?;
    let year: u16 = year.parse().ok()?;
    ((1..=12).contains(&month) && year > 0).then_some(HijriMonth { year, month })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn history_months() {
        assert_eq!(
            parse_month("1446-09"),
            Some(HijriMonth {
                year: 1446,
                month: 9
            })
        );
        for bad in [
            "1446-9",
            "1446-13",
            "1446-00",
            "146-09",
            "1446-09-01",
            "",
            "abcd-ef",
            "0000-01",
        ] {
            assert_eq!(parse_month(bad), None, "{bad:?}");
        }
    }
}
