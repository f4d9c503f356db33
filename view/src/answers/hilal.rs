//! The body of `/hilal/history`: the evening records of a window of months.

use hijri::hijri::HijriMonth;
use serde::Serialize;

use crate::coverage;
use crate::records::HilalRecord;
use crate::{ErrorCode, MonthText, Refusal, Scope, WarningList};

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

/// 503 for an evening the archive cannot show.
pub fn unavailable() -> Refusal {
    Refusal::new(
        ErrorCode::ComputationUnavailable,
        "the archive holds no evening record for this month",
    )
}

#[derive(Serialize)]
struct HistoryInput<'a> {
    from: MonthText,
    to: MonthText,
    /// As in `/hilal/info`.
    #[serde(skip_serializing_if = "Option::is_none")]
    include: Option<&'static str>,
    /// The calendar, when the request named it.
    #[serde(skip_serializing_if = "Option::is_none")]
    authority: Option<&'a str>,
}

#[derive(Serialize)]
struct Bounds {
    first: MonthText,
    last: MonthText,
}

/// The body of `/hilal/history`.
#[derive(Serialize)]
pub struct History<'a> {
    input: HistoryInput<'a>,
    count: usize,
    range: Bounds,
    months: Vec<HilalRecord<'a>>,
    warnings: WarningList<'a>,
}

impl History<'_> {
    /// Number of months.
    pub fn count(&self) -> usize {
        self.count
    }
}

/// The window a history answers for the months `from` to `to` asked: the part of them within
/// [`HISTORY_BOUNDS`], so every request for the same months is the same question (and its
/// `input` echoes the window answered).
pub fn window(from: HijriMonth, to: HijriMonth) -> Result<(HijriMonth, HijriMonth), Refusal> {
    if from > to {
        return Err(Refusal::new(
            ErrorCode::InvalidRange,
            "`from` must be on or before `to`",
        ));
    }
    let (first, last) = (from.max(HISTORY_BOUNDS.0), to.min(HISTORY_BOUNDS.1));
    if first > last {
        return Err(Refusal::new(
            ErrorCode::InvalidRange,
            format!(
                "{from}..{to} lies outside {}..{}, the months with a hilal history",
                HISTORY_BOUNDS.0, HISTORY_BOUNDS.1
            ),
        ));
    }
    Ok((first, last))
}

/// The most months a history with every site's values answers at once (a year of them is
/// about 80 KB and a millisecond to build; the whole window was 2.5 MB and 18 ms).
pub const SITES_MONTHS: usize = 12;

/// The hilal history of the months `from` to `to` (clamped by [`window`]); `include` is
/// `Some("sites")` for every site's values, at most [`SITES_MONTHS`] months of them.
pub fn history<'a>(
    state: &Scope<'a>,
    from: HijriMonth,
    to: HijriMonth,
    include: Option<&'static str>,
) -> Result<History<'a>, Refusal> {
    let (first, last) = window(from, to)?;
    let (a, _) = coverage::month(state, first, ErrorCode::ComputationUnavailable)?;
    let (b, last_month) = coverage::month(state, last, ErrorCode::ComputationUnavailable)?;
    if include.is_some() && b - a + 1 > SITES_MONTHS {
        return Err(Refusal::new(
            ErrorCode::RangeTooLarge,
            format!(
                "with `include=sites`, at most {SITES_MONTHS} months are answered at once; \
                 {first}..{last} is {} months",
                b - a + 1
            ),
        ));
    }
    // The records are about the months' starts; the bounds never reach retro months, so
    // `retro` cannot refuse anything here.
    let start = last_month.start();
    let served = coverage::span(state, a..b + 1, start, true)?;
    let months = (a..=b)
        .map(|index| {
            HilalRecord::of(
                (state.dataset, state.chain),
                index,
                include.is_some(),
                state.lang,
            )
        })
        .collect::<Option<Vec<_>>>()
        .ok_or_else(unavailable)?;
    Ok(History {
        input: HistoryInput {
            from: MonthText(first),
            to: MonthText(last),
            include,
            authority: state.echo(),
        },
        count: months.len(),
        range: Bounds {
            first: MonthText(first),
            last: MonthText(last),
        },
        months,
        warnings: WarningList(served.warnings),
    })
}
