//! The Ministry of Religious Affairs' announcements taken into the committed facts (the
//! command line is `cli/announce.rs`). A month after the table's last one is appended (the
//! yearly calendar, or the next month's sidang isbat); a month already in the table moves to
//! its announced start (an isbat that corrects the table). Each start that differs from the
//! one the service was serving is recorded in the correction ledger. Nothing is written
//! unless every announced month is acceptable.

use hijri::calendar::day_tier;
use hijri::date::Date;
use hijri::hijri::HijriMonth;
use hijri::schema::Chain;
use serde::Serialize;

use crate::inputs::{self, OfficialMonth};

/// What one announced month changed, as printed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Outcome {
    /// The month, `YYYY-MM`.
    pub month: String,
    /// Its announced first day.
    pub start: String,
    /// The first day the service served for it before.
    pub previous_start: String,
    /// `start` minus `previous_start`, days.
    pub delta_days: i32,
    /// The tier of `previous_start` as served before (`regional`, `regional-computed`).
    pub tier_before: String,
}

/// The facts after the announcements.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Applied {
    /// The official table.
    pub table: Vec<OfficialMonth>,
    /// The last day of the official coverage.
    pub coverage_last: Date,
    /// One outcome per announced month, in month order.
    pub outcomes: Vec<Outcome>,
    /// The months whose start moved against what was served, with the move in days.
    pub corrections: Vec<(HijriMonth, i8)>,
}

/// Applies announced starts to the official table, given the calendar the service served
/// before (`served`, the chain built from the current facts) and the current coverage end.
/// Refuses with a one-line message naming the month when the result would not be a
/// contiguous table of 29- and 30-day months, or a start would move by more than a day.
pub fn apply(
    table: &[OfficialMonth],
    coverage_last: Date,
    served: &Chain,
    announced: &[(HijriMonth, Date)],
    coverage_end: Option<Date>,
) -> Result<Applied, String> {
    let mut announced = announced.to_vec();
    announced.sort();
    let mut pairs = announced.iter().zip(announced.iter().skip(1));
    if let Some((twice, _)) = pairs.find(|(a, b)| a.0 == b.0) {
        return Err(format!("{}: announced twice", twice.0));
    }
    let mut table = table.to_vec();
    let (Some(head), Some(_)) = (table.first().copied(), table.last()) else {
        return Err("the official table is empty".into());
    };
    let mut outcomes = Vec::new();
    let mut corrections = Vec::new();
    for &(month, start) in &announced {
        let before = served
            .months
            .iter()
            .find(|m| (m.year, m.month) == (month.year, month.month))
            .ok_or_else(|| format!("{month}: not a month of the archive"))?;
        let previous_start = Date(before.start);
        let delta = start.0 - previous_start.0;
        if delta.abs() > 1 {
            return Err(format!(
                "{month}: the announced start {start} is {delta} days from the served start \
                 {previous_start}; a start moves by one day at most (check the month and the date)"
            ));
        }
        let Some(&last) = table.last() else {
            return Err("the official table is empty".into());
        };
        let index = match table.iter().position(|row| row.month == month) {
            Some(0) => {
                return Err(format!(
                    "{month}: the table's first month cannot move (the retro chain ends the day before it)"
                ))
            }
            Some(index) => index,
            None if month == last.month.next() => {
                table.push(OfficialMonth {
                    month,
                    start,
                    length: None,
                });
                table.len() - 1
            }
            None if month < head.month => {
                return Err(format!(
                    "{month}: before the official table, which starts with {}",
                    head.month
                ))
            }
            None => {
                return Err(format!(
                    "{month}: a gap after the table's last month {}; announce {} first",
                    last.month,
                    last.month.next()
                ))
            }
        };
        let length = |from: Date, to: Date, of: HijriMonth| {
            u8::try_from(to.0 - from.0)
                .ok()
                .filter(|l| *l == 29 || *l == 30)
                .ok_or_else(|| {
                    format!(
                        "{month}: starting {start} would make {of} {} days long; a month has 29 or 30",
                        to.0 - from.0
                    )
                })
        };
        let next_start = table.get(index + 1).map(|next| next.start);
        let before_row = index
            .checked_sub(1)
            .and_then(|before| table.get_mut(before))
            .ok_or_else(|| format!("{month}: no month before it in the table"))?;
        before_row.length = Some(length(before_row.start, start, before_row.month)?);
        let row = table
            .get_mut(index)
            .ok_or_else(|| format!("{month}: not in the table"))?;
        row.start = start;
        if let Some(next_start) = next_start {
            row.length = Some(length(start, next_start, month)?);
        }
        if delta != 0 {
            corrections.push((month, delta as i8));
        }
        outcomes.push(Outcome {
            month: month.to_string(),
            start: start.to_string(),
            previous_start: previous_start.to_string(),
            delta_days: delta,
            tier_before: served
                .sources
                .of(day_tier(before.tier, previous_start, coverage_last))
                .to_owned(),
        });
    }

    let Some(&last_month) = table.last() else {
        return Err("the official table is empty".into());
    };
    let last_certain = inputs::last_certain_day(&table).unwrap_or(last_month.start);
    let coverage_last = match coverage_end {
        Some(end) if end < last_month.start || end > last_certain => {
            return Err(format!(
                "--coverage-end {end} must fall within days 1 to 29 of the last month {} ({} to {last_certain})",
                last_month.month, last_month.start
            ))
        }
        Some(end) => end,
        None => {
            let latest = announced.iter().map(|&(_, start)| start).max();
            let wanted = latest.map_or(coverage_last, |s| s.add_days(28).max(coverage_last));
            wanted.clamp(last_month.start, last_certain)
        }
    };
    Ok(Applied {
        table,
        coverage_last,
        outcomes,
        corrections,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use hijri::schema::{Record, Tier};
    use hijri_testing::ChainBuilder;

    fn month(text: &str) -> HijriMonth {
        HijriMonth::parse_iso(text).unwrap()
    }

    fn date(text: &str) -> Date {
        Date::parse_iso(text).unwrap()
    }

    /// A table 1448-05 (30), 1448-06 (29), 1448-07 (open), and the chain the service served:
    /// those three, then 1448-08 and 1448-09 computed.
    fn facts() -> (Vec<OfficialMonth>, Chain) {
        let rows = [
            ("1448-05", "2026-10-12", Some(30)),
            ("1448-06", "2026-11-11", Some(29)),
            ("1448-07", "2026-12-10", None),
        ];
        let table: Vec<OfficialMonth> = rows
            .iter()
            .map(|&(m, s, length)| OfficialMonth {
                month: month(m),
                start: date(s),
                length,
            })
            .collect();
        let served = [
            ("1448-05", "2026-10-12", 30, Tier::Published),
            ("1448-06", "2026-11-11", 29, Tier::Published),
            ("1448-07", "2026-12-10", 30, Tier::Published),
            ("1448-08", "2027-01-09", 29, Tier::Computed),
            ("1448-09", "2027-02-07", 30, Tier::Computed),
        ]
        .iter()
        .fold(ChainBuilder::kemenag(0), |chain, &(m, s, length, tier)| {
            let m = month(m);
            chain.month((m.year, m.month), date(s).0, length, tier, Record::None)
        })
        .build();
        (table, served)
    }

    fn announce(pairs: &[(&str, &str)], end: Option<&str>) -> Result<Applied, String> {
        let (table, served) = facts();
        let pairs: Vec<_> = pairs.iter().map(|&(m, s)| (month(m), date(s))).collect();
        apply(&table, date("2026-12-31"), &served, &pairs, end.map(date))
    }

    #[test]
    fn a_new_month_as_computed_is_appended_without_a_correction() {
        let applied = announce(&[("1448-08", "2027-01-09")], None).unwrap();
        assert_eq!(applied.table.len(), 4);
        assert_eq!(applied.table[2].length, Some(30));
        assert_eq!(applied.table[3].start, date("2027-01-09"));
        assert_eq!(applied.table[3].length, None);
        assert_eq!(applied.coverage_last, date("2027-02-06"));
        assert!(applied.corrections.is_empty());
        assert_eq!(
            applied.outcomes,
            [Outcome {
                month: "1448-08".into(),
                start: "2027-01-09".into(),
                previous_start: "2027-01-09".into(),
                delta_days: 0,
                tier_before: "regional-computed".into(),
            }]
        );
    }

    #[test]
    fn a_new_month_a_day_early_is_a_correction_of_the_computed_start() {
        let applied = announce(&[("1448-08", "2027-01-08")], None).unwrap();
        assert_eq!(applied.table[2].length, Some(29));
        assert_eq!(applied.corrections, [(month("1448-08"), -1)]);
        assert_eq!(applied.outcomes[0].delta_days, -1);
    }

    #[test]
    fn an_isbat_moves_a_table_month_and_both_lengths_follow() {
        let applied = announce(&[("1448-06", "2026-11-10")], None).unwrap();
        assert_eq!(applied.table[0].start, date("2026-10-12"));
        assert_eq!(applied.table[0].length, Some(29));
        assert_eq!(applied.table[1].start, date("2026-11-10"));
        assert_eq!(applied.table[1].length, Some(30));
        assert_eq!(applied.table[2].start, date("2026-12-10"));
        assert_eq!(applied.corrections, [(month("1448-06"), -1)]);
        assert_eq!(applied.outcomes[0].tier_before, "regional");
        assert_eq!(applied.outcomes[0].previous_start, "2026-11-11");
        assert_eq!(applied.coverage_last, date("2026-12-31"));
    }

    #[test]
    fn a_whole_year_with_an_explicit_coverage_end() {
        let applied = announce(
            &[("1448-08", "2027-01-09"), ("1448-09", "2027-02-07")],
            Some("2027-03-01"),
        )
        .unwrap();
        assert_eq!(applied.table.len(), 5);
        assert_eq!(applied.table[3].length, Some(29));
        assert_eq!(applied.coverage_last, date("2027-03-01"));
    }

    #[test]
    fn refusals_name_the_month() {
        for (pairs, end, expected) in [
            (
                &[("1448-08", "2027-01-11")][..],
                None,
                "1448-08: the announced start 2027-01-11 is 2 days",
            ),
            (
                &[("1448-09", "2027-02-07")][..],
                None,
                "1448-09: a gap after the table's last month 1448-07",
            ),
            (
                &[("1448-05", "2026-10-13")][..],
                None,
                "1448-05: the table's first month cannot move",
            ),
            (
                &[("1448-06", "2026-11-12")][..],
                None,
                "1448-06: starting 2026-11-12 would make 1448-05 31 days",
            ),
            (
                &[("1448-06", "2026-11-10"), ("1448-07", "2026-12-11")][..],
                None,
                "1448-07: starting 2026-12-11 would make 1448-06 31 days",
            ),
            (
                &[("1448-08", "2027-01-09"), ("1448-08", "2027-01-09")][..],
                None,
                "1448-08: announced twice",
            ),
            (
                &[("1448-08", "2027-01-09")][..],
                Some("2027-02-08"),
                "--coverage-end 2027-02-08 must fall within",
            ),
            (
                &[("1449-08", "2028-01-09")][..],
                None,
                "1449-08: not a month of the archive",
            ),
        ] {
            let error = announce(pairs, end).unwrap_err();
            assert!(error.starts_with(expected), "{pairs:?}: {error}");
        }
    }
}
