//! Range items of a span: the bodies of `/range`, `/month` and `/year`.

use hijri::date::Date;
use hijri::hijri::HijriMonth;
use hijri::warnings;
use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};

use crate::coverage::{self, Span};
use crate::dates::Days;
use crate::{Calendar, ErrorCode, Refusal, Scope, Text, WarningList};

/// The body of `/range` and `/month`: the echoed input, then every day of the span.
#[derive(Serialize)]
pub struct RangeBody<'a, I> {
    /// The parameters as understood.
    pub input: I,
    /// Number of days.
    pub count: usize,
    /// One item per day.
    pub items: Days<'a>,
    /// The span's warnings.
    pub warnings: WarningList<'a>,
}

/// `input` of `/month`.
#[derive(Serialize)]
pub struct MonthInput<'a> {
    year: i32,
    month: u8,
    calendar: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    authority: Option<&'a str>,
}

/// The body of `/month` for a checked `year` (see [`coverage::year`]) and `month` (1–12).
pub fn month<'a>(
    state: &Scope<'a>,
    calendar: Calendar,
    year: i32,
    month: u8,
    retro: bool,
) -> Result<RangeBody<'a, MonthInput<'a>>, Refusal> {
    let (days, served) = month_days(state, calendar, year, month, retro)?;
    Ok(RangeBody {
        input: MonthInput {
            year,
            month,
            calendar: calendar.name(),
            authority: state.echo(),
        },
        count: days.count(),
        items: days,
        warnings: WarningList(served.warnings),
    })
}

/// The days of a Hijri or Gregorian month, served.
fn month_days<'a>(
    state: &Scope<'a>,
    calendar: Calendar,
    year: i32,
    month: u8,
    retro: bool,
) -> Result<(Days<'a>, Span<'a>), Refusal> {
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
    let served = served_days(state, first, last, retro)?;
    let days = Days {
        dataset: state.dataset,
        chain: state.chain,
        first,
        last,
        lang: state.lang,
    };
    Ok((days, served))
}

#[derive(Serialize)]
struct YearInput<'a> {
    year: i32,
    calendar: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    authority: Option<&'a str>,
}

/// The body of `/year`.
#[derive(Serialize)]
pub struct YearBody<'a> {
    input: YearInput<'a>,
    count: usize,
    months: YearMonths<'a>,
    warnings: WarningList<'a>,
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

/// The body of `/year` for a checked `year` (see [`coverage::year`]).
pub fn year<'a>(
    state: &Scope<'a>,
    calendar: Calendar,
    year: i32,
    retro: bool,
) -> Result<YearBody<'a>, Refusal> {
    let (first, last) = coverage::year_days(state, calendar, year)?;
    let served = served_days(state, first, last, retro)?;
    let outside = || coverage::outside_archive(state, ErrorCode::DateOutOfSupportedRange);
    let bounds: Vec<(Date, Date)> = match calendar {
        Calendar::Hijri => state
            .chain
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
            dataset: state.dataset,
            chain: state.chain,
            first,
            last,
            lang: state.lang,
        })
        .collect::<Vec<_>>()
        .try_into()
        .map_err(|_| outside())?;
    Ok(YearBody {
        input: YearInput {
            year,
            calendar: calendar.name(),
            authority: state.echo(),
        },
        count: (last.0 - first.0 + 1) as usize,
        months: YearMonths(months),
        warnings: WarningList(served.warnings),
    })
}

/// The days `first` … `last` of `state`'s chain ([`coverage::days`]), with the warnings of
/// days given by date.
fn served_days<'a>(
    state: &Scope<'a>,
    first: Date,
    last: Date,
    retro: bool,
) -> Result<Span<'a>, Refusal> {
    let mut served = coverage::days(
        state,
        first,
        last,
        retro,
        ErrorCode::DateOutOfSupportedRange,
    )?;
    served.warnings.merge(warnings::for_day_dates(first, last));
    Ok(served)
}
