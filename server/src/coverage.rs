//! What may be served: days and months inside the archive, retro months only with
//! `retro=true`. Serving a span records its computed months and gathers its warnings.

use std::ops::Range;

use hijri::date::Date;
use hijri::hijri::{HijriDate, HijriMonth};
use hijri::schema::Tier;
use hijri::warnings::{self, Warnings};

use crate::http::error::{ApiError, ErrorCode};
use crate::http::query::Calendar;
use crate::state::AppState;

/// The archived months a response is made of, and their warnings.
#[derive(Clone, Debug)]
pub struct Served {
    /// Indices of the months.
    pub months: Range<usize>,
    /// Their warnings, each once, in first-seen order.
    pub warnings: Warnings,
}

impl Served {
    /// True if every month comes from the official table.
    pub fn all_regional(&self, state: &AppState) -> bool {
        self.months
            .clone()
            .all(|i| state.calendar.months[i].tier() == Tier::Regional)
    }
}

/// Serves the months at `months`: refuses retro months without `retro`, records computed
/// months and gathers the warnings.
pub fn months(state: &AppState, months: Range<usize>, retro: bool) -> Result<Served, ApiError> {
    let calendar = state.calendar;
    if !retro && months.clone().any(|i| needs_retro(state, i)) {
        let (first, _) = calendar.coverage();
        return Err(ApiError::new(
            ErrorCode::OutOfCoverage,
            format!("dates before {first} are retro-computed; add retro=true to get them"),
        ));
    }
    state.computed.mark(calendar, months.clone());
    let mut warnings = Warnings::default();
    for index in months.clone() {
        warnings.merge(warnings::for_month(calendar, index));
    }
    Ok(Served { months, warnings })
}

/// True if the archived month at `index` is served only with `retro=true`.
pub fn needs_retro(state: &AppState, index: usize) -> bool {
    state.calendar.months[index].tier() == Tier::Retro
}

/// Serves the Gregorian days `first..=last`; days outside the archive are `outside`.
pub fn days(
    state: &AppState,
    first: Date,
    last: Date,
    retro: bool,
    outside: ErrorCode,
) -> Result<Served, ApiError> {
    let calendar = state.calendar;
    match (
        calendar.month_index_of(first),
        calendar.month_index_of(last),
    ) {
        (Some(a), Some(b)) => months(state, a..b + 1, retro),
        _ => Err(outside_archive(state, outside)),
    }
}

/// The earliest single day served (the contract's earliest retro date). Whole months and
/// years asked for by number are served whole, so Muharram 1364 still starts 1944-12-17.
pub const EARLIEST_DAY: Date = Date(-9131);

/// Serves single days or a day range asked for by date: like [`days`], but nothing before
/// [`EARLIEST_DAY`] (`out_of_coverage`).
pub fn dates(state: &AppState, first: Date, last: Date, retro: bool) -> Result<Served, ApiError> {
    if first < EARLIEST_DAY {
        return Err(ApiError::new(
            ErrorCode::OutOfCoverage,
            format!(
                "dates are served from {EARLIEST_DAY} (with retro=true) to {}",
                state.calendar.last_day()
            ),
        ));
    }
    days(state, first, last, retro, ErrorCode::OutOfCoverage)
}

/// Supported Gregorian years for `year` parameters.
pub const GREGORIAN_YEARS: (i32, i32) = (1945, 2100);

/// Checks a `year` parameter against the supported years: Gregorian 1945–2100, Hijri the
/// years of the archived months; anything else is `invalid_year`.
pub fn year(state: &AppState, calendar: Calendar, year: i64) -> Result<i32, ApiError> {
    let months = &state.calendar.months;
    let bounds = match calendar {
        Calendar::Gregorian => GREGORIAN_YEARS,
        Calendar::Hijri => (
            months.first().map_or(0, |m| i32::from(m.year.to_native())),
            months.last().map_or(0, |m| i32::from(m.year.to_native())),
        ),
    };
    i32::try_from(year)
        .ok()
        .filter(|y| (bounds.0..=bounds.1).contains(y))
        .ok_or_else(|| {
            ApiError::new(
                ErrorCode::InvalidYear,
                format!(
                    "{} years are supported from {} to {}",
                    calendar.name(),
                    bounds.0,
                    bounds.1
                ),
            )
        })
}

/// The index of an archived Hijri month; a month outside the archive is `outside`.
pub fn month(state: &AppState, month: HijriMonth, outside: ErrorCode) -> Result<usize, ApiError> {
    state
        .calendar
        .month_index(month)
        .ok_or_else(|| outside_archive(state, outside))
}

/// The Gregorian day of a Hijri date and the index of its month: a month outside the archive
/// is `out_of_coverage`, a day past the month's end is `missing_day`.
pub fn hijri_day(
    state: &AppState,
    date: HijriDate,
    missing_day: ErrorCode,
) -> Result<(Date, usize), ApiError> {
    let index = month(state, date.month_of_year(), ErrorCode::OutOfCoverage)?;
    let archived = &state.calendar.months[index];
    if date.day > archived.length {
        return Err(ApiError::new(
            missing_day,
            format!(
                "{date} does not exist: {} {} has {} days",
                date.month_of_year().name(),
                date.year,
                archived.length
            ),
        ));
    }
    Ok((archived.start().add_days(i32::from(date.day) - 1), index))
}

/// The error for dates outside the archive, naming its bounds.
pub fn outside_archive(state: &AppState, code: ErrorCode) -> ApiError {
    let calendar = state.calendar;
    ApiError::new(
        code,
        format!(
            "dates are served from {} to {}",
            calendar.first_day(),
            calendar.last_day()
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn earliest_day_is_1945_01_01() {
        assert_eq!(EARLIEST_DAY, Date::parse_iso("1945-01-01").unwrap());
    }
}
