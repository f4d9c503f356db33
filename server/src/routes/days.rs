//! `/api/v1/range`, `/api/v1/month` and `/api/v1/year`: every day of a span as range items
//! (`/month` and `/year` stored or kept, [`stored`]).

use actix_web::{HttpRequest, HttpResponse};
use hijri::date::Date;
use hijri::warnings;
use hijri_view::answers::days::RangeBody;
use hijri_view::coverage;
use hijri_view::dates::{AnyDate, Days};
use hijri_view::Calendar;
use hijri_view::Question;
use hijri_view::WarningList;
use serde::Serialize;

use super::{params, stored};
use crate::http::error::{ApiError, ErrorCode};
use crate::http::query::Query;
use crate::http::reply;
use crate::state::AppState;

/// Longest `/range` span, days.
pub const MAX_RANGE_DAYS: i32 = 45;

#[derive(Serialize)]
struct RangeInput<'a> {
    start: AnyDate,
    end: AnyDate,
    calendar: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    authority: Option<&'a str>,
}

/// `GET /api/v1/range?start=&end=&calendar=&step=&retro=`.
pub fn range(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    let query = Query(req.query_string());
    let start = query.required("start", ErrorCode::InvalidDate)?;
    let end = query.required("end", ErrorCode::InvalidDate)?;
    let calendar = query.calendar(Calendar::Gregorian)?;
    let step = query.optional("step", ErrorCode::InvalidStep)?;
    if step.is_some_and(|s| !s.eq_ignore_ascii_case("day")) {
        return Err(ApiError::new(ErrorCode::InvalidStep, "`step` must be day"));
    }
    let retro = query.flag("retro", ErrorCode::InvalidRetro)?;
    let scope = params::names(params::scope(state, &query)?, &query)?;
    let (input, first, last) = match calendar {
        Calendar::Gregorian => {
            let (first, last) = (
                params::gregorian_date(&start, "start")?,
                params::gregorian_date(&end, "end")?,
            );
            ordered(first, last)?;
            within_cap(first, last)?;
            let input = (AnyDate::Gregorian(first), AnyDate::Gregorian(last));
            (input, first, last)
        }
        Calendar::Hijri => {
            let (first, last) = (
                params::hijri_date(&start, "start")?,
                params::hijri_date(&end, "end")?,
            );
            ordered(first, last)?;
            let input = (AnyDate::Hijri(first), AnyDate::Hijri(last));
            let bound = |date| coverage::hijri_day(&scope, date, ErrorCode::InvalidDate);
            let (first, last) = (bound(first)?.0, bound(last)?.0);
            within_cap(first, last)?;
            (input, first, last)
        }
    };
    let mut served = coverage::days(&scope, first, last, retro, ErrorCode::OutOfCoverage)?;
    served.warnings.merge(warnings::for_day_dates(first, last));
    let days = Days {
        dataset: scope.dataset,
        chain: scope.chain,
        first,
        last,
        lang: scope.lang,
    };
    let body = RangeBody {
        input: RangeInput {
            start: input.0,
            end: input.1,
            calendar: calendar.name(),
            authority: scope.echo(),
        },
        count: days.count(),
        items: days,
        warnings: WarningList(served.warnings),
    };
    Ok(reply::json(
        req,
        reply::IMMUTABLE,
        96 * days.count() + 256,
        &body,
    ))
}

fn ordered<T: PartialOrd>(first: T, last: T) -> Result<(), ApiError> {
    if first > last {
        return Err(ApiError::new(
            ErrorCode::InvalidRange,
            "`start` must be on or before `end`",
        ));
    }
    Ok(())
}

fn within_cap(first: Date, last: Date) -> Result<(), ApiError> {
    if last.0 - first.0 + 1 > MAX_RANGE_DAYS {
        return Err(ApiError::new(
            ErrorCode::RangeTooLarge,
            format!("a range spans at most {MAX_RANGE_DAYS} days"),
        ));
    }
    Ok(())
}

/// `GET /api/v1/month?year=&month=&calendar=&retro=`.
pub fn month(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    let query = Query(req.query_string());
    let year = query.integer("year", ErrorCode::InvalidYear)?;
    let month = query.integer("month", ErrorCode::InvalidMonth)?;
    let calendar = query.calendar(Calendar::Hijri)?;
    let retro = query.flag("retro", ErrorCode::InvalidRetro)?;
    let scope = params::names(params::scope(state, &query)?, &query)?;
    let year = coverage::year(&scope, calendar, year)?;
    let month = u8::try_from(month)
        .ok()
        .filter(|m| (1..=12).contains(m))
        .ok_or_else(|| ApiError::new(ErrorCode::InvalidMonth, "`month` must be 1 to 12"))?;
    let question = Question::Month {
        calendar,
        year,
        month,
        retro,
    };
    stored::question(req, state, &scope, question, |_| reply::IMMUTABLE)
}

/// `GET /api/v1/year?year=&calendar=&retro=`.
pub fn year(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    let query = Query(req.query_string());
    let year = query.integer("year", ErrorCode::InvalidYear)?;
    let calendar = query.calendar(Calendar::Hijri)?;
    let retro = query.flag("retro", ErrorCode::InvalidRetro)?;
    let scope = params::names(params::scope(state, &query)?, &query)?;
    let year = coverage::year(&scope, calendar, year)?;
    let question = Question::Year {
        calendar,
        year,
        retro,
    };
    stored::question(req, state, &scope, question, |_| reply::IMMUTABLE)
}
