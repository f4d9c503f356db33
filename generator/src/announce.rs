//! The Ministry of Religious Affairs' announcements taken into the committed facts (the
//! command line is `cli/announce.rs`). A month after the table's last one is appended (the
//! yearly calendar, or the next month's sidang isbat); a month already in the table moves to
//! its announced start (an isbat that corrects the table). Each start that differs from the
//! one the service was serving is recorded in the correction ledger. Nothing is written
//! unless every announced month is acceptable.

use hijri::calendar::day_tier;
use hijri::date::Date;
use hijri::hijri::HijriMonth;
use hijri::schema::{Chain, Month};
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
    let announced = sorted_once(announced)?;
    let mut table = table.to_vec();
    let (Some(head), Some(_)) = (table.first().copied(), table.last()) else {
        return Err("the official table is empty".into());
    };
    let mut outcomes = Vec::new();
    let mut corrections = Vec::new();
    for &(month, start) in &announced {
        let (_, before, delta) = served_month(served, month, start)?;
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
        let length =
            |from: Date, to: Date, of: HijriMonth| month_length(month, start, from, to, of);
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
        outcomes.push(outcome(served, before, start, delta, coverage_last));
    }
    let coverage_last = coverage_after(&table, &announced, coverage_last, coverage_end)?;
    Ok(Applied {
        table,
        coverage_last,
        outcomes,
        corrections,
    })
}

/// Applies announced starts to a published table with gaps (Muhammadiyah's maklumat: the
/// months it announces, not every month), given the chain served before and the current
/// coverage end. A month already in the table moves; any other month of the chain from the
/// table's first on is added in order. Each month is computed on its own in such a chain,
/// so an announced start changes its own start and the length of the month before it, and
/// nothing else: the returned months are the served chain with those changes (the chain
/// the new facts give). Refused with a one-line message naming the month, as for
/// [`apply`]: a start that moves by more than a day, a month before the table's first, or a
/// month of the chain that would not be 29 or 30 days long.
pub fn apply_published(
    table: &[OfficialMonth],
    coverage_last: Date,
    served: &Chain,
    announced: &[(HijriMonth, Date)],
    coverage_end: Option<Date>,
) -> Result<(Applied, Vec<Month>), String> {
    let announced = sorted_once(announced)?;
    let Some(head) = table.first().copied() else {
        return Err("the published table is empty".into());
    };
    let mut after = served.months.clone();
    // Where each announced month sits in the chain, with its new start.
    let mut moved_at = Vec::new();
    let mut rows = table.to_vec();
    let mut outcomes = Vec::new();
    let mut corrections = Vec::new();
    for &(month, start) in &announced {
        if month < head.month {
            return Err(format!(
                "{month}: before the published table, which starts with {} (the months are \
                 numbered from it)",
                head.month
            ));
        }
        let (index, before, delta) = served_month(served, month, start)?;
        outcomes.push(outcome(served, before, start, delta, coverage_last));
        if delta != 0 {
            corrections.push((month, delta as i8));
        }
        if let Some(moved) = after.get_mut(index) {
            moved.start = start.0;
        }
        moved_at.push((index, month, start));
        match rows.binary_search_by_key(&month, |row| row.month) {
            Ok(at) => {
                if let Some(row) = rows.get_mut(at) {
                    row.start = start;
                }
            }
            Err(at) => rows.insert(
                at,
                OfficialMonth {
                    month,
                    start,
                    length: None,
                },
            ),
        }
    }
    // The lengths follow from the starts: every month of the chain, and each row whose next
    // month is the next row.
    for &(index, month, start) in &moved_at {
        for i in [index.checked_sub(1), Some(index)].into_iter().flatten() {
            let (Some(this), Some(next)) = (after.get(i), after.get(i + 1)) else {
                continue;
            };
            let length =
                month_length(month, start, Date(this.start), Date(next.start), this.hijri)?;
            if let Some(this) = after.get_mut(i) {
                this.length = length;
            }
        }
    }
    let starts: Vec<(HijriMonth, Date)> = rows.iter().map(|row| (row.month, row.start)).collect();
    for (row, next) in rows.iter_mut().zip(starts.iter().skip(1)) {
        row.length = (next.0 == row.month.next())
            .then(|| u8::try_from(next.1 .0 - row.start.0).ok())
            .flatten();
    }
    let coverage_last = coverage_after(&rows, &announced, coverage_last, coverage_end)?;
    let applied = Applied {
        table: rows,
        coverage_last,
        outcomes,
        corrections,
    };
    Ok((applied, after))
}

/// The announced pairs in month order; a month announced twice is refused.
fn sorted_once(announced: &[(HijriMonth, Date)]) -> Result<Vec<(HijriMonth, Date)>, String> {
    let mut announced = announced.to_vec();
    announced.sort();
    let mut pairs = announced.iter().zip(announced.iter().skip(1));
    if let Some((twice, _)) = pairs.find(|(a, b)| a.0 == b.0) {
        return Err(format!("{}: announced twice", twice.0));
    }
    Ok(announced)
}

/// The served month `month` (its index in `served` and itself) and how far the announced
/// `start` moves it, in days; a month outside the archive, or a move of more than a day, is
/// refused.
fn served_month(
    served: &Chain,
    month: HijriMonth,
    start: Date,
) -> Result<(usize, &Month, i32), String> {
    let (index, before) = served
        .months
        .iter()
        .enumerate()
        .find(|(_, m)| m.hijri == month)
        .ok_or_else(|| format!("{month}: not a month of the archive"))?;
    let previous_start = Date(before.start);
    let delta = start.0 - previous_start.0;
    if delta.abs() > 1 {
        return Err(format!(
            "{month}: the announced start {start} is {delta} days from the served start \
             {previous_start}; a start moves by one day at most (check the month and the date)"
        ));
    }
    Ok((index, before, delta))
}

/// The length of month `of` from its start `from` to the next month's start `to`, once
/// `month` starts on `start`; refused unless 29 or 30 days.
fn month_length(
    month: HijriMonth,
    start: Date,
    from: Date,
    to: Date,
    of: HijriMonth,
) -> Result<u8, String> {
    u8::try_from(to.0 - from.0)
        .ok()
        .filter(|l| *l == 29 || *l == 30)
        .ok_or_else(|| {
            format!(
                "{month}: starting {start} would make {of} {} days long; a month has 29 or 30",
                to.0 - from.0
            )
        })
}

/// What one announced month changes, as printed.
fn outcome(
    served: &Chain,
    before: &Month,
    start: Date,
    delta: i32,
    coverage_last: Date,
) -> Outcome {
    let previous_start = Date(before.start);
    Outcome {
        month: before.hijri.to_string(),
        start: start.to_string(),
        previous_start: previous_start.to_string(),
        delta_days: delta,
        tier_before: served
            .sources
            .of(day_tier(before.tier, previous_start, coverage_last))
            .to_owned(),
    }
}

/// The coverage end after the announcements: `coverage_end` if given (it must fall within
/// the table's last month, no later than its last certain day), else the latest announced
/// start + 28 days (every month has at least 29), kept within that month.
fn coverage_after(
    table: &[OfficialMonth],
    announced: &[(HijriMonth, Date)],
    coverage_last: Date,
    coverage_end: Option<Date>,
) -> Result<Date, String> {
    let Some(&last_month) = table.last() else {
        return Err("the official table is empty".into());
    };
    let last_certain = inputs::last_certain_day(table).unwrap_or(last_month.start);
    match coverage_end {
        Some(end) if end < last_month.start || end > last_certain => Err(format!(
            "--coverage-end {end} must fall within days 1 to 29 of the last month {} ({} to {last_certain})",
            last_month.month, last_month.start
        )),
        Some(end) => Ok(end),
        None => {
            let latest = announced.iter().map(|&(_, start)| start).max();
            let wanted = latest.map_or(coverage_last, |s| s.add_days(28).max(coverage_last));
            Ok(wanted.clamp(last_month.start, last_certain))
        }
    }
}

/// The first and last months whose start or length differs between the chain served
/// `before` an announcement and the chain `after` it (a month in only one of them counts as
/// moved); `None` if nothing moved.
pub fn moved(before: &[Month], after: &[Month]) -> Option<(HijriMonth, HijriMonth)> {
    let differs = |m: &Month, other: &[Month]| {
        !other
            .iter()
            .any(|o| o.hijri == m.hijri && (o.start, o.length) == (m.start, m.length))
    };
    let mut months = before
        .iter()
        .filter(|m| differs(m, after))
        .chain(after.iter().filter(|m| differs(m, before)))
        .map(|m| m.hijri);
    let first = months.next()?;
    Some(months.fold((first, first), |(lo, hi), m| (lo.min(m), hi.max(m))))
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

    /// A served chain of `builder`'s calendar: (month, start, length, tier) per month.
    fn chain(builder: ChainBuilder, months: &[(&str, &str, u8, Tier)]) -> Chain {
        months
            .iter()
            .fold(builder, |chain, &(m, s, length, tier)| {
                let m = month(m);
                chain.month((m.year, m.month), date(s).0, length, tier, Record::None)
            })
            .build()
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
        ];
        (table, chain(ChainBuilder::kemenag(0), &served))
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
    fn the_months_moved_are_those_whose_start_or_length_changed() {
        let (_, served) = facts();
        let before = served.months;
        assert_eq!(moved(&before, &before), None);
        // 1448-08 a day earlier and 30 days long: 1448-07 shorter, 1448-09 where it was.
        let mut after = before.clone();
        after[2].length = 29;
        after[3].start -= 1;
        after[3].length = 30;
        assert_eq!(
            moved(&before, &after),
            Some((month("1448-07"), month("1448-08")))
        );
        // 1448-08 and 1448-09 a day earlier: the move reaches 1448-09.
        after[3].length = 29;
        after[4].start -= 1;
        assert_eq!(
            moved(&before, &after),
            Some((month("1448-07"), month("1448-09")))
        );
        // A month in one chain only has moved too.
        assert_eq!(
            moved(&before, &after[..4]),
            Some((month("1448-07"), month("1448-09")))
        );
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

    /// Muhammadiyah's table as published: 1448-05 and 1448-07 (a gap between them), and the
    /// chain served (its other months computed by the rule).
    fn published_facts() -> (Vec<OfficialMonth>, Chain) {
        let rows = [("1448-05", "2026-10-12"), ("1448-07", "2026-12-10")];
        let table = rows
            .iter()
            .map(|&(m, s)| OfficialMonth {
                month: month(m),
                start: date(s),
                length: None,
            })
            .collect();
        let served = [
            ("1448-05", "2026-10-12", 30, Tier::Published),
            ("1448-06", "2026-11-11", 29, Tier::Computed),
            ("1448-07", "2026-12-10", 30, Tier::Published),
            ("1448-08", "2027-01-09", 29, Tier::Computed),
            ("1448-09", "2027-02-07", 30, Tier::Computed),
        ];
        let muhammadiyah = ChainBuilder::of(hijri::registry::muhammadiyah());
        (table, chain(muhammadiyah, &served))
    }

    fn announce_published(pairs: &[(&str, &str)]) -> Result<(Applied, Vec<Month>), String> {
        let (table, served) = published_facts();
        let pairs: Vec<_> = pairs.iter().map(|&(m, s)| (month(m), date(s))).collect();
        apply_published(&table, date("2026-12-31"), &served, &pairs, None)
    }

    #[test]
    fn a_maklumat_fills_its_month_in_order_and_moves_only_its_neighbour() {
        // 1448-06 published a day earlier than computed: it joins the table between its
        // two rows, which now follow each other, so their lengths are known; only 1448-05
        // (shorter) and 1448-06 (longer) change in the chain.
        let (applied, after) = announce_published(&[("1448-06", "2026-11-10")]).unwrap();
        let rows: Vec<_> = applied
            .table
            .iter()
            .map(|r| (r.month.to_string(), r.start.to_string(), r.length))
            .collect();
        assert_eq!(
            rows,
            [
                ("1448-05".into(), "2026-10-12".into(), Some(29)),
                ("1448-06".into(), "2026-11-10".into(), Some(30)),
                ("1448-07".into(), "2026-12-10".into(), None),
            ]
        );
        assert_eq!(applied.corrections, [(month("1448-06"), -1)]);
        assert_eq!(applied.outcomes[0].tier_before, "muhammadiyah-computed");
        let lengths: Vec<u8> = after.iter().map(|m| m.length).collect();
        assert_eq!(lengths, [29, 30, 30, 29, 30]);
        let (_, served) = published_facts();
        assert_eq!(
            moved(&served.months, &after),
            Some((month("1448-05"), month("1448-06")))
        );
        // A month after the table's last one is added with no gap check (the table lists
        // only the months announced), and the coverage follows it.
        let (applied, _) = announce_published(&[("1448-09", "2027-02-07")]).unwrap();
        assert_eq!(applied.table.len(), 3);
        assert!(applied.corrections.is_empty());
        assert_eq!(applied.coverage_last, date("2027-03-07"));
    }

    #[test]
    fn a_maklumat_is_refused_as_an_isbat_is() {
        for (pairs, expected) in [
            (
                &[("1448-08", "2027-01-11")][..],
                "1448-08: the announced start 2027-01-11 is 2 days",
            ),
            (
                &[("1448-06", "2026-11-12")][..],
                "1448-06: starting 2026-11-12 would make 1448-05 31 days",
            ),
            (
                &[("1448-04", "2026-09-12")][..],
                "1448-04: before the published table, which starts with 1448-05",
            ),
            (
                &[("1448-08", "2027-01-09"), ("1448-08", "2027-01-10")][..],
                "1448-08: announced twice",
            ),
            (
                &[("1449-08", "2028-01-09")][..],
                "1449-08: not a month of the archive",
            ),
        ] {
            let error = announce_published(pairs).unwrap_err();
            assert!(error.starts_with(expected), "{pairs:?}: {error}");
        }
    }
}
