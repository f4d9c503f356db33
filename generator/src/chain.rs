//! The month chain 1945–2100: retro months before the official table, the table itself, and
//! computed months after it. Every month carries the evening record that decided its start.
//!
//! Rule (contract): on the evening of day 29, visible at some site means the next month starts
//! the following day; otherwise the running month has 30 days.

use std::fmt;

use chrono::{TimeZone, Utc};
use hijri::date::Date;
use hijri::hijri::HijriMonth;
use hijri::schema::{Evening, Limits, Month, Record, Tier};
use hijri_astro::{Astro, AstroError};

use crate::inputs::{OfficialTable, SiteInput};
use crate::visibility::evening_record;

/// Mean synodic month, days.
const SYNODIC_DAYS: f64 = 29.530_589;

/// Why the chain could not be built.
#[derive(Debug)]
pub enum ChainError {
    /// An astronomical computation failed.
    Astro(AstroError),
    /// The chain does not fit the official table or the span.
    Inconsistent(String),
}

/// A [`ChainError::Inconsistent`] saying `why`.
fn inconsistent(why: impl Into<String>) -> ChainError {
    ChainError::Inconsistent(why.into())
}

impl fmt::Display for ChainError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChainError::Astro(e) => write!(f, "astronomy failed: {e}"),
            ChainError::Inconsistent(why) => write!(f, "month chain: {why}"),
        }
    }
}

impl std::error::Error for ChainError {}

impl From<AstroError> for ChainError {
    fn from(e: AstroError) -> Self {
        ChainError::Astro(e)
    }
}

/// What the chain needs: the astronomy, the sites in order and the official table.
pub struct ChainInputs<'a> {
    /// Ephemeris and ΔT.
    pub astro: &'a Astro,
    /// The observation sites, in checking order.
    pub sites: &'a [SiteInput],
    /// The official table.
    pub table: &'a OfficialTable,
    /// The limits of the criterion the archive is written with.
    pub limits: Limits,
}

/// A month found by the rule, before it is numbered.
#[derive(Debug, Clone)]
pub struct RuleMonth {
    /// Gregorian day 1.
    pub start: Date,
    /// 29 or 30.
    pub length: u8,
    /// The evening that decided the start.
    pub evening: Evening,
}

impl ChainInputs<'_> {
    fn evening(&self, date: Date) -> Result<Evening, AstroError> {
        evening_record(self.astro, self.sites, self.limits, date, 29)
    }

    /// Runs the rule from a month starting on `start` (decided by `evening`) through the last
    /// month starting on or before `until`. Returns those months and the evening that decides
    /// the month after them.
    pub fn run_rule(
        &self,
        mut start: Date,
        mut evening: Evening,
        until: Date,
        progress: &mut dyn FnMut(),
    ) -> Result<(Vec<RuleMonth>, Evening), AstroError> {
        let mut months = Vec::new();
        while start <= until {
            let next = self.evening(start.add_days(28))?;
            let length = if next.visible { 29 } else { 30 };
            months.push(RuleMonth {
                start,
                length,
                evening,
            });
            progress();
            evening = next;
            start = start.add_days(i32::from(length));
        }
        Ok((months, evening))
    }

    /// Start and deciding evening of the month containing `day`: the day after the first
    /// evening, on or after the local date of the month's geocentric conjunction (in the first
    /// site's zone), at which the criteria hold at some site.
    pub fn first_month(&self, day: Date) -> Result<(Date, Evening), ChainError> {
        let zone = self
            .sites
            .first()
            .ok_or_else(|| inconsistent("no observation sites"))?
            .tz;
        let (y, m, d) = day.ymd();
        let mut probe = Utc
            .with_ymd_and_hms(y, m, d, 0, 0, 0)
            .single()
            .ok_or_else(|| inconsistent(format!("{day} has no midnight UTC")))?;
        for _ in 0..3 {
            let conjunction = self.astro.nearest_conjunction(probe)?;
            let local = Date::from(conjunction.with_timezone(&zone).date_naive());
            let mut evening_day = local;
            let evening = loop {
                let evening = self.evening(evening_day)?;
                if evening.visible {
                    break evening;
                }
                if evening_day.0 - local.0 >= 3 {
                    return Err(ChainError::Inconsistent(format!(
                        "no visible evening within 3 days of the conjunction of {conjunction}"
                    )));
                }
                evening_day = evening_day.add_days(1);
            };
            let start = evening_day.add_days(1);
            if start <= day {
                return Ok((start, evening));
            }
            probe = conjunction - chrono::Duration::seconds((SYNODIC_DAYS * 86_400.0) as i64);
        }
        Err(ChainError::Inconsistent(format!(
            "no month start found before {day}"
        )))
    }
}

/// Builds every month from the one containing `first` to the one containing `last`;
/// `progress` is called once per month.
pub fn build(
    inputs: &ChainInputs,
    first: Date,
    last: Date,
    progress: &mut dyn FnMut(),
) -> Result<Vec<Month>, ChainError> {
    let table = &inputs.table.months;
    let (Some(head), Some(tail_row)) = (table.first(), table.last()) else {
        return Err(inconsistent("the official table is empty"));
    };
    let table_start = head.start;
    if first >= table_start {
        return Err(ChainError::Inconsistent(format!(
            "the span must start before the table ({table_start})"
        )));
    }

    // Retro: the forward rule from the month containing `first`; the last retro month ends
    // the day before the table starts.
    let (start, evening) = inputs.first_month(first)?;
    let (mut retro, mut evening) =
        inputs.run_rule(start, evening, table_start.add_days(-1), progress)?;
    let last_retro = retro
        .last_mut()
        .ok_or_else(|| inconsistent(format!("no retro month before {table_start}")))?;
    let to_table = table_start.0 - last_retro.start.0;
    last_retro.length = u8::try_from(to_table)
        .ok()
        .filter(|l| *l == 29 || *l == 30)
        .ok_or_else(|| {
            ChainError::Inconsistent(format!(
                "the last retro month starts {} and would be {to_table} days long to reach the table start {table_start}",
                last_retro.start
            ))
        })?;
    let first_retro = retro
        .first()
        .ok_or_else(|| inconsistent(format!("no retro month before {table_start}")))?;
    if first.0 >= first_retro.start.0 + i32::from(first_retro.length) {
        return Err(ChainError::Inconsistent(format!(
            "the first month starts {}, it does not contain {first}",
            first_retro.start
        )));
    }
    let mut months = numbered(retro, head.month.previous(), Tier::Retro, false);

    // The official table as given; the end of its last month is computed.
    for row in table {
        let (mut ruled, next) = inputs.run_rule(row.start, evening, row.start, progress)?;
        let ruled = ruled
            .pop()
            .ok_or_else(|| inconsistent(format!("no month ruled from {}", row.start)))?;
        months.push(Month {
            hijri: row.month,
            start: row.start.0,
            length: row.length.unwrap_or(ruled.length),
            tier: Tier::Published,
            record: Record::Sites(ruled.evening),
        });
        evening = next;
    }

    // Computed months up to the one containing `last`.
    let tail = months
        .last()
        .ok_or_else(|| inconsistent("no month before the computed ones"))?;
    let start = Date(tail.start).add_days(i32::from(tail.length));
    let (computed, _) = inputs.run_rule(start, evening, last, progress)?;
    let after_table = tail_row.month.next();
    months.extend(numbered(computed, after_table, Tier::Computed, true));
    Ok(months)
}

/// Numbers rule months: forward from `anchor` (the first month's number) when `forward`,
/// else backward so that the last month gets `anchor`.
fn numbered(months: Vec<RuleMonth>, anchor: HijriMonth, tier: Tier, forward: bool) -> Vec<Month> {
    let mut number = anchor;
    if !forward {
        for _ in 1..months.len() {
            number = number.previous();
        }
    }
    months
        .into_iter()
        .map(|m| {
            let month = Month {
                hijri: number,
                start: m.start.0,
                length: m.length,
                tier,
                record: Record::Sites(m.evening),
            };
            number = number.next();
            month
        })
        .collect()
}
