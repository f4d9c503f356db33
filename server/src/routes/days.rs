//! `/api/v1/range`, `/api/v1/month` and `/api/v1/year`: every day of a span as range items.

use actix_web::{HttpRequest, HttpResponse};
use hijri::date::Date;
use hijri::hijri::HijriMonth;
use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};

use super::convert::{gregorian_date, hijri_date};
use crate::coverage::{self, Served};
use crate::http::error::{ApiError, ErrorCode};
use crate::http::query::{Calendar, Query};
use crate::http::reply;
use crate::state::AppState;
use crate::view::dates::{AnyDate, Days};
use crate::view::{Text, WarningList};

/// Longest `/range` span, days.
pub const MAX_RANGE_DAYS: i32 = 45;

#[derive(Serialize)]
struct RangeInput {
    start: Text<AnyDate>,
    end: Text<AnyDate>,
    calendar: &'static str,
}

#[derive(Serialize)]
struct RangeBody<'a, I> {
    input: I,
    count: usize,
    items: Days<'a>,
    warnings: WarningList,
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
    let (input, first, last) = match calendar {
        Calendar::Gregorian => {
            let (first, last) = (
                gregorian_date(&start, "start")?,
                gregorian_date(&end, "end")?,
            );
            ordered(first, last)?;
            within_cap(first, last)?;
            let input = (AnyDate::Gregorian(first), AnyDate::Gregorian(last));
            (input, first, last)
        }
        Calendar::Hijri => {
            let (first, last) = (hijri_date(&start, "start")?, hijri_date(&end, "end")?);
            ordered(first, last)?;
            let input = (AnyDate::Hijri(first), AnyDate::Hijri(last));
            let bound = |date| coverage::hijri_day(state, date, ErrorCode::InvalidDate);
            let (first, last) = (bound(first)?.0, bound(last)?.0);
            within_cap(first, last)?;
            (input, first, last)
        }
    };
    let served = coverage::days(state, first, last, retro, ErrorCode::OutOfCoverage)?;
    let days = Days {
        calendar: state.calendar,
        first,
        last,
    };
    let body = RangeBody {
        input: RangeInput {
            start: Text(input.0),
            end: Text(input.1),
            calendar: calendar.name(),
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

#[derive(Serialize)]
struct MonthInput {
    year: i32,
    month: u8,
    calendar: &'static str,
}

/// `GET /api/v1/month?year=&month=&calendar=&retro=`.
pub fn month(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    let query = Query(req.query_string());
    let year = query.integer("year", ErrorCode::InvalidYear)?;
    let month = query.integer("month", ErrorCode::InvalidMonth)?;
    let calendar = query.calendar(Calendar::Hijri)?;
    let retro = query.flag("retro", ErrorCode::InvalidRetro)?;
    let year = coverage::year(state, calendar, year)?;
    let month = u8::try_from(month)
        .ok()
        .filter(|m| (1..=12).contains(m))
        .ok_or_else(|| ApiError::new(ErrorCode::InvalidMonth, "`month` must be 1 to 12"))?;
    let (days, served) = month_days(state, calendar, year, month, retro)?;
    let body = RangeBody {
        input: MonthInput {
            year,
            month,
            calendar: calendar.name(),
        },
        count: days.count(),
        items: days,
        warnings: WarningList(served.warnings),
    };
    Ok(reply::json(req, reply::IMMUTABLE, 3_000, &body))
}

/// The days of a Hijri or Gregorian month, served.
fn month_days<'a>(
    state: &AppState<'a>,
    calendar: Calendar,
    year: i32,
    month: u8,
    retro: bool,
) -> Result<(Days<'a>, Served), ApiError> {
    let (first, last) = match calendar {
        Calendar::Hijri => {
            let target = HijriMonth {
                year: year as u16,
                month,
            };
            let (_, archived) = coverage::month(state, target, ErrorCode::DateOutOfSupportedRange)?;
            (archived.start(), archived.last())
        }
        Calendar::Gregorian => {
            coverage::gregorian_month(state, year, month, ErrorCode::DateOutOfSupportedRange)?
        }
    };
    let served = coverage::days(
        state,
        first,
        last,
        retro,
        ErrorCode::DateOutOfSupportedRange,
    )?;
    let days = Days {
        calendar: state.calendar,
        first,
        last,
    };
    Ok((days, served))
}

#[derive(Serialize)]
struct YearInput {
    year: i32,
    calendar: &'static str,
}

#[derive(Serialize)]
struct YearBody<'a> {
    input: YearInput,
    count: usize,
    months: YearMonths<'a>,
    warnings: WarningList,
}

/// The twelve months of a year as `{"1": [...], ..., "12": [...]}`.
struct YearMonths<'a>([Days<'a>; 12]);

impl Serialize for YearMonths<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(12))?;
        for (number, days) in (1..=12).zip(&self.0) {
            map.serialize_entry(&Text(number), days)?;
        }
        map.end()
    }
}

/// `GET /api/v1/year?year=&calendar=&retro=`.
pub fn year(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    let query = Query(req.query_string());
    let year = query.integer("year", ErrorCode::InvalidYear)?;
    let calendar = query.calendar(Calendar::Hijri)?;
    let retro = query.flag("retro", ErrorCode::InvalidRetro)?;
    let year = coverage::year(state, calendar, year)?;
    let (first, last) = match calendar {
        Calendar::Hijri => {
            let bound = |month| {
                let target = HijriMonth {
                    year: year as u16,
                    month,
                };
                coverage::month(state, target, ErrorCode::DateOutOfSupportedRange)
                    .map(|(_, archived)| archived)
            };
            (bound(1)?.start(), bound(12)?.last())
        }
        Calendar::Gregorian => {
            coverage::gregorian_year(state, year, ErrorCode::DateOutOfSupportedRange)?
        }
    };
    let served = coverage::days(
        state,
        first,
        last,
        retro,
        ErrorCode::DateOutOfSupportedRange,
    )?;
    let outside = || coverage::outside_archive(state, ErrorCode::DateOutOfSupportedRange);
    let bounds: Vec<(Date, Date)> = match calendar {
        Calendar::Hijri => state
            .calendar
            .months
            .get(served.months.clone())
            .ok_or_else(outside)?
            .iter()
            .map(|archived| (archived.start(), archived.last()))
            .collect(),
        Calendar::Gregorian => (1..=12)
            .map(|month| {
                coverage::gregorian_month(state, year, month, ErrorCode::DateOutOfSupportedRange)
            })
            .collect::<Result<_, _>>()?,
    };
    let months: [Days; 12] = bounds
        .into_iter()
        .map(|(first, last)| Days {
            calendar: state.calendar,
            first,
            last,
        })
        .collect::<Vec<_>>()
        .try_into()
        .map_err(|_| outside())?;
    let body = YearBody {
        input: YearInput {
            year,
            calendar: calendar.name(),
        },
        count: (last.0 - first.0 + 1) as usize,
        months: YearMonths(months),
        warnings: WarningList(served.warnings),
    };
    Ok(reply::json(req, reply::IMMUTABLE, 96 * 366 + 512, &body))
}
