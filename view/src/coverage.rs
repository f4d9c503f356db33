//! What may be served of a calendar: the days of its chain inside the served span
//! ([`hijri::span`], 1945-01-01 to 2100-12-31), retro months only with `retro=true`, and the
//! years with a served day. Serving a span records its computed months and gathers its
//! warnings; a day after the table's coverage counts as computed.

use std::ops::Range;

use hijri::date::{days_in_month, Date};
use hijri::hijri::{HijriDate, HijriMonth};
use hijri::schema::{ArchivedMonth, Tier};
use hijri::span;
use hijri::warnings::{self, Warnings};

use crate::{Calendar, ErrorCode, Refusal, Scope};

/// The archived months a response is made of, and their warnings.
#[derive(Clone, Debug)]
pub struct Span<'a> {
    /// Indices of the months in the chain.
    pub months: Range<usize>,
    /// Their warnings, each once, in first-seen order.
    pub warnings: Warnings<'a>,
    /// True if every day served comes from the published table.
    pub all_published: bool,
}

/// Serves the archived months `months` through the day `through` (a day of the last of
/// them): refuses retro months without `retro`, records the months served from computed
/// data and gathers the warnings (`computed` also for days after the official coverage).
pub fn span<'a>(
    state: &Scope<'a>,
    months: Range<usize>,
    through: Date,
    retro: bool,
) -> Result<Span<'a>, Refusal> {
    let chain = state.chain;
    let archived = chain
        .months
        .get(months.clone())
        .ok_or_else(|| outside_archive(state, ErrorCode::OutOfCoverage))?;
    if !retro && archived.iter().any(|month| month.tier() == Tier::Retro) {
        // Retro months come before the table (a chain without one has none).
        let first = chain.coverage().map_or(span::FIRST, |(first, _)| first);
        return Err(Refusal::new(
            ErrorCode::OutOfCoverage,
            format!("dates before {first} are retro-computed; add retro=true to get them"),
        ));
    }
    let mut warnings = Warnings::default();
    let mut all_published = true;
    for (index, month) in months.clone().zip(archived) {
        let tier = chain.tier_of_day(month, through.min(month.last()));
        state.record.served(chain, index, tier);
        if tier != Tier::Published {
            all_published = false;
        }
        warnings.merge(warnings::for_month(chain, month));
        if tier != month.tier() {
            if let Some(computed) = warnings::computed(chain, month) {
                warnings.add(computed);
            }
        }
    }
    Ok(Span {
        months,
        warnings,
        all_published,
    })
}

/// Serves the whole archived months at `months` (see [`span`]).
pub fn months<'a>(
    state: &Scope<'a>,
    months: Range<usize>,
    retro: bool,
) -> Result<Span<'a>, Refusal> {
    let through = months
        .end
        .checked_sub(1)
        .and_then(|i| state.chain.months.get(i))
        .map_or(Date(i32::MIN), |m| m.last());
    span(state, months, through, retro)
}

/// True if the archived month at `index` is served only with `retro=true`; `false` for an
/// index outside the archive, which has no month to refuse.
pub fn needs_retro(state: &Scope, index: usize) -> bool {
    state
        .chain
        .months
        .get(index)
        .is_some_and(|month| month.tier() == Tier::Retro)
}

/// Serves the Gregorian days `first..=last`; days outside the served span are `outside`
/// (`out_of_coverage` for days, `date_out_of_supported_range` for a month or year not
/// wholly inside it).
pub fn days<'a>(
    state: &Scope<'a>,
    first: Date,
    last: Date,
    retro: bool,
    outside: ErrorCode,
) -> Result<Span<'a>, Refusal> {
    if !(span::contains(first) && span::contains(last)) {
        return Err(outside_archive(state, outside));
    }
    let chain = state.chain;
    match (chain.month_index_of(first), chain.month_index_of(last)) {
        (Some(a), Some(b)) => span(state, a..b + 1, last, retro),
        _ => Err(outside_archive(state, outside)),
    }
}

/// The first and last day of a valid `year` in `calendar`, every one of them served; a
/// year not wholly inside the served span is `date_out_of_supported_range`.
pub fn year_days(state: &Scope, calendar: Calendar, year: i32) -> Result<(Date, Date), Refusal> {
    let (first, last) = match calendar {
        Calendar::Hijri => {
            let bound = |number| {
                let target = HijriMonth {
                    year: u16::try_from(year).unwrap_or(0),
                    month: number,
                };
                month(state, target, ErrorCode::DateOutOfSupportedRange)
                    .map(|(_, archived)| archived)
            };
            (bound(1)?.start(), bound(12)?.last())
        }
        Calendar::Gregorian => gregorian_year(state, year, ErrorCode::DateOutOfSupportedRange)?,
    };
    if span::contains(first) && span::contains(last) {
        Ok((first, last))
    } else {
        Err(outside_archive(state, ErrorCode::DateOutOfSupportedRange))
    }
}

/// Checks a `year` parameter against the years with a served day (Gregorian 1945–2100,
/// Hijri 1364–1524, the two Hijri ones partly); anything else is `invalid_year`, with a hint
/// when the year is one of the other calendar (`year=2025` where Hijri is the default).
pub fn year(state: &Scope, calendar: Calendar, year: i64) -> Result<i32, Refusal> {
    checked_year(state, calendar, year, true)
}

/// Checks the Gregorian `year` of an endpoint without `calendar` (`/days.ics`) as [`year`]
/// does; a Hijri year is named as one, with the Gregorian years its days fall in.
pub fn gregorian_year_only(state: &Scope, year: i64) -> Result<i32, Refusal> {
    checked_year(state, Calendar::Gregorian, year, false)
}

/// [`year`], the hint naming `calendar` only where the endpoint has it (`with_calendar`).
fn checked_year(
    state: &Scope,
    calendar: Calendar,
    year: i64,
    with_calendar: bool,
) -> Result<i32, Refusal> {
    let bounds = |calendar| match calendar {
        Calendar::Gregorian => state.chain.gregorian_years_with_days(),
        Calendar::Hijri => {
            let (first, last) = state.chain.hijri_years_with_days();
            (i32::from(first), i32::from(last))
        }
    };
    let inside = |(first, last): (i32, i32)| {
        i32::try_from(year)
            .ok()
            .filter(|y| (first..=last).contains(y))
    };
    let (first, last) = bounds(calendar);
    inside((first, last)).ok_or_else(|| {
        let other = match calendar {
            Calendar::Gregorian => Calendar::Hijri,
            Calendar::Hijri => Calendar::Gregorian,
        };
        let hint = match inside(bounds(other)) {
            Some(_) if with_calendar => format!("; did you mean calendar={}?", other.name()),
            Some(theirs) => other_years(state, other, theirs).map_or_else(String::new, |(a, b)| {
                format!(
                    "; {theirs} is a {} year, whose days fall in the {} years {a} to {b}",
                    other.name(),
                    calendar.name()
                )
            }),
            None => String::new(),
        };
        Refusal::new(
            ErrorCode::InvalidYear,
            format!(
                "{} years are supported from {first} to {last}{hint}",
                calendar.name()
            ),
        )
    })
}

/// The first and last Gregorian years of the days of `year` when `calendar` is Hijri.
fn other_years(state: &Scope, calendar: Calendar, year: i32) -> Option<(i32, i32)> {
    let Calendar::Hijri = calendar else {
        return None;
    };
    let month = |number| {
        let target = HijriMonth {
            year: u16::try_from(year).ok()?,
            month: number,
        };
        state.chain.indexed_month(target).map(|(_, m)| m)
    };
    Some((month(1)?.start().ymd().0, month(12)?.last().ymd().0))
}

/// The index of a Hijri month of the chain; a month outside it is `outside`.
pub fn month<'a>(
    state: &Scope<'a>,
    month: HijriMonth,
    outside: ErrorCode,
) -> Result<(usize, &'a ArchivedMonth), Refusal> {
    state
        .chain
        .indexed_month(month)
        .ok_or_else(|| outside_archive(state, outside))
}

/// The Gregorian day of a Hijri date and its archived month: a month outside the archive is
/// `out_of_coverage`, a day past the month's end is `missing_day`.
pub fn hijri_day<'a>(
    state: &Scope<'a>,
    date: HijriDate,
    missing_day: ErrorCode,
) -> Result<(Date, &'a ArchivedMonth), Refusal> {
    let (_, archived) = month(state, date.month_of_year(), ErrorCode::OutOfCoverage)?;
    if date.day > archived.length {
        return Err(Refusal::new(
            missing_day,
            format!(
                "{date} does not exist: {} {} has {} days",
                date.month_of_year().name(),
                date.year,
                archived.length
            ),
        ));
    }
    Ok((archived.start().add_days(i32::from(date.day) - 1), archived))
}

/// The first and last days of the Gregorian `year`; `outside` if it has no such dates.
pub fn gregorian_year(
    state: &Scope,
    year: i32,
    outside: ErrorCode,
) -> Result<(Date, Date), Refusal> {
    match (Date::from_ymd(year, 1, 1), Date::from_ymd(year, 12, 31)) {
        (Some(first), Some(last)) => Ok((first, last)),
        _ => Err(outside_archive(state, outside)),
    }
}

/// The first and last days of the Gregorian `month` (1–12) of `year`; `outside` if it has no
/// such dates.
pub fn gregorian_month(
    state: &Scope,
    year: i32,
    month: u8,
    outside: ErrorCode,
) -> Result<(Date, Date), Refusal> {
    let month = u32::from(month);
    match Date::from_ymd(year, month, 1) {
        Some(first) => Ok((first, first.add_days(days_in_month(year, month) as i32 - 1))),
        None => Err(outside_archive(state, outside)),
    }
}

/// The error for dates outside the served days of the chain, naming them.
pub fn outside_archive(state: &Scope, code: ErrorCode) -> Refusal {
    let (first, last) = state
        .chain
        .served_days()
        .unwrap_or((span::FIRST, span::LAST));
    Refusal::new(code, format!("dates are served from {first} to {last}"))
}
