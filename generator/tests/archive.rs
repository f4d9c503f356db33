//! The generated archive (`make generate` writes `data/hijri.archive` before the tests run):
//! the official table reproduced exactly, a contiguous chain of 29/30-day months over the
//! months containing the served span's ends, 1945-01-01 and 2100-12-31 (every day of the
//! Gregorian years 1945–2100), and complete evening records.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    reason = "test helpers may panic: a panic fails the test"
)]

use std::path::Path;

use hijri::date::Date;
use hijri::hijri::{HijriDate, HijriMonth};
use hijri::schema::{
    ArchivedChain, ArchivedDataset, ArchivedRecord, ArchivedRule, Criterion, Tier,
};
use hijri_generator::inputs::load_official;
use rkyv::util::AlignedVec;

fn data_dir() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../data"))
}

fn archive_bytes() -> AlignedVec<16> {
    let path = data_dir().join("hijri.archive");
    let bytes = std::fs::read(&path)
        .unwrap_or_else(|e| panic!("{}: {e}; run `make generate` first", path.display()));
    let mut aligned = AlignedVec::<16>::with_capacity(bytes.len());
    aligned.extend_from_slice(&bytes);
    aligned
}

/// Hands the generated archive's default calendar to `check`.
fn with_calendar(check: impl FnOnce(&ArchivedChain)) {
    with_dataset(|_, chain| check(chain));
}

/// Hands the generated archive and its default calendar to `check`.
fn with_dataset(check: impl FnOnce(&ArchivedDataset, &ArchivedChain)) {
    let bytes = archive_bytes();
    let dataset = hijri::archive::open(&bytes).expect("the generated archive validates");
    check(
        dataset,
        dataset.default_chain().expect("a default calendar"),
    );
}

/// Hands the generated archive's calendar `id` to `check`.
fn with_calendar_of(id: &str, check: impl FnOnce(&ArchivedChain)) {
    with_dataset(|dataset, _| check(dataset.chain(id).expect("the calendar is archived")));
}

fn date(iso: &str) -> Date {
    Date::parse_iso(iso).unwrap()
}

#[test]
fn official_table_is_reproduced_exactly() {
    let table = load_official(&data_dir().join("official/months.csv")).unwrap();
    with_calendar(|cal| {
        assert_eq!(cal.id.as_str(), "kemenag");
        assert_eq!(
            cal.table.as_ref().unwrap().data_version.as_str(),
            table.data_version
        );
        let (first, last) = cal.coverage().unwrap();
        assert_eq!(
            (first.to_string(), last.to_string()),
            ("2023-01-23".into(), "2026-12-31".into())
        );
        for row in &table.months {
            let month = cal.month(row.month).expect("official month archived");
            assert_eq!(month.start(), row.start, "{:?}", row.month);
            if let Some(length) = row.length {
                assert_eq!(month.length, length, "{:?}", row.month);
            }
            assert_eq!(month.tier(), Tier::Published);
        }
        let regional = cal
            .months
            .iter()
            .filter(|m| m.tier() == Tier::Published)
            .count();
        assert_eq!(regional, table.months.len());
    });
}

#[test]
fn months_are_contiguous_29_or_30_days_over_the_whole_span() {
    with_calendar(|cal| {
        let months = &cal.months;
        assert!(months.len() > 1900, "{} months", months.len());
        assert!(months[0].start() <= date("1945-01-01") && date("1945-01-01") <= months[0].last());
        let tail = &months[months.len() - 1];
        assert!(tail.start() <= date("2100-12-31") && date("2100-12-31") <= tail.last());
        // No month wholly after the span: the chain ends with the one containing its end.
        assert_eq!(tail.hijri_month().to_string(), "1524-10");
        // Hijri 1523 is whole: its Dzulhijjah ends before the archive does.
        let index = cal
            .month_index(HijriMonth {
                year: 1524,
                month: 1,
            })
            .expect("1524-01 is archived");
        assert!(index < months.len() - 1);
        let mut tiers = Vec::new();
        for pair in months.windows(2) {
            assert!(pair[0].length == 29 || pair[0].length == 30);
            assert_eq!(
                pair[1].start(),
                pair[0].last().add_days(1),
                "gap after {:?}",
                pair[0].hijri_month()
            );
            assert_eq!(pair[1].hijri_month(), pair[0].hijri_month().next());
            if tiers.last() != Some(&pair[0].tier()) {
                tiers.push(pair[0].tier());
            }
        }
        assert!(tail.length == 29 || tail.length == 30);
        assert_eq!(tiers, [Tier::Retro, Tier::Published, Tier::Computed]);
    });
}

#[test]
fn every_month_carries_the_evening_that_decided_it() {
    with_dataset(|dataset, cal| {
        assert_eq!(dataset.sites.len(), 25);
        let written = Criterion::neo_mabims();
        assert_eq!(cal.rules.len(), 1);
        let ArchivedRule::Sites(criterion) = &cal.rules[0].rule else {
            panic!("the government's rule is a site criterion")
        };
        assert_eq!(criterion.name, written.name);
        assert_eq!(criterion.limits.get(), written.limits);
        for (i, month) in cal.months.iter().enumerate() {
            let ArchivedRecord::Sites(evening) = &month.record else {
                panic!("{:?} has no evening", month.hijri_month())
            };
            assert_eq!(evening.sites.len(), 25);
            if i > 0 {
                let previous = &cal.months[i - 1];
                assert_eq!(evening.date.to_native(), previous.start.to_native() + 28);
                assert_eq!(evening.hijri_day, 29);
                if month.tier() != Tier::Published && previous.tier() == month.tier() {
                    // The rule: visible on day 29 means a 29-day previous month.
                    assert_eq!(
                        previous.length == 29,
                        evening.visible,
                        "{:?}",
                        month.hijri_month()
                    );
                }
            } else {
                assert_eq!(evening.date.to_native(), month.start.to_native() - 1);
                assert!(evening.visible);
            }
            let limits = criterion.limits.get();
            let margins: Vec<i32> = evening
                .sites
                .iter()
                .map(|s| limits.site_margin(s))
                .collect();
            let deciding = usize::from(evening.deciding);
            // Sites are ranked on unrounded margins: rounding may reorder them by 1e-4.
            assert!(margins.iter().all(|m| *m <= margins[deciding] + 1));
            let any = evening.sites.iter().any(|s| s.alt_ok && s.elong_ok);
            assert_eq!(evening.visible, any);
            let site = &evening.sites[deciding];
            assert_eq!(evening.visible, site.alt_ok && site.elong_ok);
        }
    });
}

#[test]
fn hijri_and_gregorian_through_the_archive() {
    with_calendar(|cal| {
        let hijri = |iso: &str| cal.to_hijri(date(iso)).map(|(h, _)| h.to_string());
        // From the official table.
        assert_eq!(hijri("2025-03-01").as_deref(), Some("1446-09-01"));
        assert_eq!(hijri("2025-03-30").as_deref(), Some("1446-09-30"));
        assert_eq!(hijri("2025-03-31").as_deref(), Some("1446-10-01"));
        assert_eq!(hijri("2023-01-23").as_deref(), Some("1444-07-01"));
        let greg = |y: u16, m: u8, d: u8| {
            cal.to_gregorian(HijriDate {
                year: y,
                month: m,
                day: d,
            })
            .map(|(g, _)| g.to_string())
        };
        assert_eq!(greg(1446, 9, 1).as_deref(), Some("2025-03-01"));
        assert_eq!(greg(1447, 10, 1).as_deref(), Some("2026-03-21"));
        assert_eq!(greg(1446, 9, 31), None);
        // Edges of the span: 1 Muharram 1364 H is commonly given as 1944-12-17.
        assert_eq!(hijri("1945-01-01").as_deref(), Some("1364-01-16"));
        assert_eq!(hijri("2100-01-01").as_deref(), Some("1523-10-20"));
        assert!(cal.to_hijri(date("1945-01-01")).is_some());
        assert!(cal.to_hijri(date("2100-01-01")).is_some());
        assert!(cal.to_hijri(cal.first_day().add_days(-1)).is_none());
        assert!(cal.to_hijri(cal.last_day().add_days(1)).is_none());
        // Every day maps to a Hijri date and back.
        let mut day = cal.first_day();
        while day <= cal.last_day() {
            let (h, month) = cal.to_hijri(day).unwrap();
            assert!(h.day >= 1 && h.day <= month.length);
            assert_eq!(cal.to_gregorian(h).unwrap().0, day);
            day = day.add_days(1);
        }
        assert_eq!(
            cal.month(HijriMonth {
                year: 1446,
                month: 9
            })
            .unwrap()
            .length,
            30
        );
    });
}

/// Day number of a date of the arithmetical (tabular) Islamic calendar, an independent
/// approximation that follows the mean Moon (30-year cycle, epoch 622-07-16 Julian).
fn tabular_day(year: i32, month: i32, day: i32) -> i32 {
    let epoch = Date::from_ymd(622, 7, 19).unwrap().0;
    day + (59 * (month - 1) + 1) / 2 + (year - 1) * 354 + (3 + 11 * year) / 30 + epoch - 1
}

#[test]
fn the_tabular_calendar_is_the_arithmetic_month_by_month() {
    with_calendar_of("tabular", |chain| {
        assert!(chain.table.is_none(), "no published table, no ledger");
        assert!(chain.divergences.is_empty());
        for month in chain.months.iter() {
            let number = month.hijri_month();
            let (year, m) = (i32::from(number.year), i32::from(number.month));
            assert_eq!(month.start.to_native(), tabular_day(year, m, 1), "{number}");
            let next = if m == 12 {
                (year + 1, 1)
            } else {
                (year, m + 1)
            };
            assert_eq!(
                i32::from(month.length),
                tabular_day(next.0, next.1, 1) - tabular_day(year, m, 1),
                "{number}"
            );
            assert_eq!(month.tier(), hijri::schema::Tier::Computed);
        }
        // The whole served span: 1364-01 (from 1944-12) to 1524-10.
        let first = chain.months.first().unwrap().hijri_month();
        let last = chain.months.last().unwrap().hijri_month();
        assert!(chain.first_day() <= hijri::span::FIRST, "{first}");
        assert!(chain.last_day() >= hijri::span::LAST, "{last}");
        let muharram_1400 = chain.month("1400-01".parse().unwrap()).unwrap();
        assert_eq!(muharram_1400.start().to_string(), "1979-11-21");
    });
}

#[test]
fn every_day_stays_within_two_days_of_the_arithmetical_calendar() {
    assert_eq!(Date(tabular_day(1446, 9, 1)).to_string(), "2025-03-01");
    with_calendar(|cal| {
        let mut worst = 0;
        for month in cal.months.iter() {
            let number = month.hijri_month();
            let expected = tabular_day(i32::from(number.year), i32::from(number.month), 1);
            let offset = month.start.to_native() - expected;
            worst = worst.max(offset.abs());
            assert!(
                offset.abs() <= 2,
                "{:?} starts {} days from the arithmetical calendar",
                month.hijri_month(),
                offset
            );
        }
        println!("largest offset from the arithmetical calendar: {worst} days");
    });
}
