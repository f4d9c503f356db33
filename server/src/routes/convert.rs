//! `/api/v1/convert` and `/api/v1/today/{target_date}`: one date, Gregorian to Hijri or back.

use actix_web::{HttpRequest, HttpResponse};
use hijri::date::Date;
use hijri::hijri::HijriDate;
use hijri::warnings;
use hijri_view::answers::holidays::{observances_of, on_day, Item, ObservanceName};
use hijri_view::coverage;
use hijri_view::dates::{AnyDate, DateObject};
use hijri_view::Calendar;
use hijri_view::Scope;
use hijri_view::WarningList;
use serde::Serialize;

use super::params;
use super::stored::{self, Built, Key};
use crate::http::error::{ApiError, ErrorCode};
use crate::http::query::Query;
use crate::http::reply;
use crate::state::AppState;

#[derive(Serialize)]
struct Input<'a> {
    date: AnyDate,
    calendar: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    authority: Option<&'a str>,
}

#[derive(Serialize)]
struct Converted<'a> {
    input: Input<'a>,
    output: DateObject<'a>,
    source: &'a str,
    holidays: Vec<Item<'a>>,
    observances: Vec<ObservanceName>,
    warnings: WarningList<'a>,
}

/// `GET /api/v1/convert?date=&calendar=&retro=`: kept by its parsed parameters.
pub fn convert(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    let query = Query(req.query_string());
    let date = query.required("date", ErrorCode::InvalidDate)?;
    let calendar = query.calendar(Calendar::Gregorian)?;
    let retro = query.flag("retro", ErrorCode::InvalidRetro)?;
    let scope = params::names(params::scope(state, &query)?, &query)?;
    let date = match calendar {
        Calendar::Gregorian => AnyDate::Gregorian(params::gregorian_date(&date, "date")?),
        Calendar::Hijri => AnyDate::Hijri(params::hijri_date(&date, "date")?),
    };
    converted(req, state, &scope, date, retro)
}

/// `GET /api/v1/today/{target_date}?retro=`: the answer of `/convert` for that date, kept
/// under the same key.
pub fn today_date(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    let query = Query(req.query_string());
    let text = req.match_info().get("target_date").unwrap_or_default();
    let retro = query.flag("retro", ErrorCode::InvalidRetro)?;
    let scope = params::names(params::scope(state, &query)?, &query)?;
    let date = AnyDate::Gregorian(params::gregorian_date(text, "target_date")?);
    converted(req, state, &scope, date, retro)
}

/// The conversion of `date` in `scope`, built once and kept.
fn converted(
    req: &HttpRequest,
    state: &AppState,
    scope: &Scope,
    date: AnyDate,
    retro: bool,
) -> Result<HttpResponse, ApiError> {
    let calendar = match date {
        AnyDate::Gregorian(_) => Calendar::Gregorian,
        AnyDate::Hijri(_) => Calendar::Hijri,
    };
    let key = Key::new("/api/v1/convert")
        .param("date", date.iso().as_str())
        .param("calendar", calendar.name())
        .param("retro", retro);
    stored::answer(
        req,
        state,
        scope,
        key,
        |_| reply::IMMUTABLE,
        || {
            let converted = match date {
                AnyDate::Gregorian(date) => from_gregorian(scope, date, retro)?,
                AnyDate::Hijri(date) => from_hijri(scope, date, retro)?,
            };
            Ok(Built::json(512, &converted))
        },
    )
}

fn from_gregorian<'a>(
    scope: &Scope<'a>,
    date: Date,
    retro: bool,
) -> Result<Converted<'a>, ApiError> {
    let mut served = coverage::days(scope, date, date, retro, ErrorCode::OutOfCoverage)?;
    served.warnings.merge(warnings::for_day_dates(date, date));
    let chain = scope.chain;
    let (hijri, month) = chain
        .to_hijri(date)
        .ok_or_else(|| coverage::outside_archive(scope, ErrorCode::OutOfCoverage))?;
    Ok(Converted {
        input: Input {
            date: AnyDate::Gregorian(date),
            calendar: Calendar::Gregorian.name(),
            authority: scope.echo(),
        },
        output: DateObject::hijri(scope.dataset, hijri, date, scope.lang),
        source: chain.source(chain.tier_of_day(month, date)),
        holidays: on_day(scope.dataset, date, scope.lang),
        observances: observances_of(hijri, scope.lang),
        warnings: WarningList(served.warnings),
    })
}

fn from_hijri<'a>(
    scope: &Scope<'a>,
    date: HijriDate,
    retro: bool,
) -> Result<Converted<'a>, ApiError> {
    let (gregorian, month) = coverage::hijri_day(scope, date, ErrorCode::DateNotFound)?;
    let mut served = coverage::days(scope, gregorian, gregorian, retro, ErrorCode::OutOfCoverage)?;
    served
        .warnings
        .merge(warnings::for_day_dates(gregorian, gregorian));
    let chain = scope.chain;
    Ok(Converted {
        input: Input {
            date: AnyDate::Hijri(date),
            calendar: Calendar::Hijri.name(),
            authority: scope.echo(),
        },
        output: DateObject::gregorian(scope.dataset, gregorian, scope.lang),
        source: chain.source(chain.tier_of_day(month, gregorian)),
        holidays: on_day(scope.dataset, gregorian, scope.lang),
        observances: observances_of(date, scope.lang),
        warnings: WarningList(served.warnings),
    })
}
