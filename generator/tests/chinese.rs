//! The Chinese calendar's months from the ephemeris (`holidays::chinese::months`, the table
//! the archive keeps) against the Hong Kong Observatory's conversion table as kept libraries
//! encode it (`data/reference/chinese_months.csv`, README there), on every day 1945–2100.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    reason = "test helpers may panic: a panic fails the test"
)]

mod common;

use common::data_dir;
use hijri::date::Date;
use hijri::schema::ChineseMonth;
use hijri::span;
use hijri_astro::Astro;
use hijri_generator::holidays::chinese;

/// The reference months (`start,year,month,leap,footnote_start` rows): the table as
/// published, and as its footnotes correct it (three months whose new moon is within minutes
/// of midnight at UTC+8 start a day earlier).
fn reference() -> (Vec<ChineseMonth>, Vec<ChineseMonth>) {
    let text = std::fs::read_to_string(data_dir().join("reference/chinese_months.csv")).unwrap();
    text.lines()
        .skip(1)
        .map(|line| {
            let fields: Vec<&str> = line.split(',').collect();
            let month = ChineseMonth {
                start: fields[0].parse::<Date>().unwrap().0,
                year: fields[1].parse().unwrap(),
                number: fields[2].parse().unwrap(),
                leap: fields[3] == "1",
            };
            let footnoted = match fields[4] {
                "" => month,
                start => ChineseMonth {
                    start: start.parse::<Date>().unwrap().0,
                    ..month
                },
            };
            (month, footnoted)
        })
        .unzip()
}

/// The (year, month, day, leap) of every day of the span in a month table.
fn days(months: &[ChineseMonth]) -> Vec<(Date, i32, u8, u8, bool)> {
    let mut days = Vec::new();
    for pair in months.windows(2) {
        let (month, next) = (pair[0], pair[1]);
        for day in month.start..next.start {
            if (span::FIRST.0..=span::LAST.0).contains(&day) {
                let number = u8::try_from(day - month.start + 1).unwrap();
                days.push((Date(day), month.year, month.number, number, month.leap));
            }
        }
    }
    days
}

/// Every day of the span has the published Chinese date: the table's, or on the three
/// footnoted months (2057-09, 2089-09, 2097-08) the table's or its footnote's, the new moon
/// being too near midnight to tell the day (ours follows the footnote in 2089 only).
#[test]
fn every_day_1945_2100_is_the_published_chinese_date() {
    let astro = Astro::load(data_dir()).unwrap();
    let computed = chinese::months(&astro).unwrap();
    let (table, footnoted) = reference();
    let (ours, published, corrected) = (days(&computed), days(&table), days(&footnoted));
    let span_days = usize::try_from(span::LAST.0 - span::FIRST.0 + 1).unwrap();
    assert_eq!(published.len(), span_days, "the reference covers the span");
    assert_eq!(ours.len(), span_days);
    let differing: Vec<_> = ours
        .iter()
        .zip(published.iter().zip(&corrected))
        .filter(|(a, (b, c))| a != b && a != c)
        .map(|(a, (b, _))| format!("{} ours {:?} published {:?}", a.0, a, b))
        .collect();
    assert!(
        differing.is_empty(),
        "{} days differ:\n{}",
        differing.len(),
        differing.join("\n")
    );
    let on_footnote = ours.iter().zip(&published).filter(|(a, b)| a != b).count();
    assert_eq!(on_footnote, 30, "only 2089's 7th month ends a day earlier");
    assert_eq!(computed.len(), table.len());
    // Spot checks: New Year 2026 (17 February, Bing-Wu), the leap 11th month of 2033.
    let starting = |y, m, d| {
        computed
            .iter()
            .find(|month| month.start == Date::fixed(y, m, d).0)
            .map(|month| (month.year, month.number, month.leap))
    };
    assert_eq!(starting(2026, 2, 17), Some((2026, 1, false)));
    assert_eq!(starting(2033, 12, 22), Some((2033, 11, true)));
}

/// The footnoted months are the ones whose new moon falls within minutes of midnight at
/// UTC+8 by our ephemeris too.
#[test]
fn the_footnoted_new_moons_are_at_midnight() {
    use chrono::{TimeZone, Timelike, Utc};
    let astro = Astro::load(data_dir()).unwrap();
    for (year, month, day) in [(2057, 9, 28), (2089, 9, 4), (2097, 8, 7)] {
        let noon = Utc.with_ymd_and_hms(year, month, day, 4, 0, 0).unwrap();
        let moon = astro.nearest_conjunction(noon).unwrap() + chrono::TimeDelta::hours(8);
        let minutes = i64::from(moon.hour()) * 60 + i64::from(moon.minute());
        let from_midnight = minutes.min(24 * 60 - minutes);
        assert!(from_midnight <= 10, "{moon} (UTC+8)");
    }
}
