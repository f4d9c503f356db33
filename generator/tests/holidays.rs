//! The non-Islamic movable holidays against published tables, never against our own output:
//! Imlek 1945–2100 against the Hong Kong Observatory's table as kept libraries encode it,
//! Easter against two other implementations' table, Waisak against Indonesia's decreed dates
//! and Nyepi against the published table (`data/reference/holidays/`, README there).

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    reason = "test helpers may panic: a panic fails the test"
)]

mod common;

use common::data_dir;
use hijri::date::Date;
use hijri::schema::DayKind;
use hijri_astro::Astro;
use hijri_generator::holidays::{easter, facts, imlek, nyepi, waisak};
use std::sync::OnceLock;

fn astro() -> &'static Astro {
    static ASTRO: OnceLock<Astro> = OnceLock::new();
    ASTRO.get_or_init(|| Astro::load(data_dir()).unwrap())
}

/// `(year, date)` rows of a reference table.
fn reference(name: &str) -> Vec<(i32, Date)> {
    let path = data_dir().join("reference/holidays").join(name);
    let text = std::fs::read_to_string(&path).unwrap();
    text.lines()
        .skip(1)
        .map(|line| {
            let (year, date) = line.split_once(',').unwrap();
            (year.parse().unwrap(), date.parse().unwrap())
        })
        .collect()
}

/// The decreed years (data/holidays/decrees.csv).
fn decreed_years() -> std::ops::RangeInclusive<u16> {
    let (first, last) = facts::load(data_dir()).unwrap().years().unwrap();
    first..=last
}

/// The decreed national holidays of `slug`, each with its year (data/holidays/days.csv).
fn decreed_days(slug: &str) -> Vec<(i32, Date)> {
    facts::load(data_dir())
        .unwrap()
        .days
        .iter()
        .filter(|d| d.slug == slug && d.kind == DayKind::LiburNasional)
        .map(|d| (d.date.ymd().0, d.date))
        .collect()
}

/// Asserts that `slug` is decreed once in every decreed year, on the day `rule` gives.
fn assert_every_decreed_year(slug: &str, rule: impl Fn(i32) -> Option<Date>) {
    let decreed = decreed_days(slug);
    assert_eq!(decreed.len(), decreed_years().count(), "{slug}");
    for (year, date) in decreed {
        assert_eq!(rule(year), Some(date), "{slug} {year}");
    }
}

/// Asserts that `rule` gives nothing in any of `years`.
fn assert_none_in<T: std::fmt::Debug>(years: [i32; 2], rule: impl Fn(i32) -> Option<T>) {
    for year in years {
        let found = rule(year);
        assert!(found.is_none(), "{year}: {found:?}");
    }
}

fn day(text: &str) -> Date {
    text.parse().unwrap()
}

#[test]
fn imlek_equals_the_hong_kong_table_in_every_year_1945_2100() {
    let table = reference("imlek.csv");
    assert_eq!(table.len(), 156);
    let wrong: Vec<String> = table
        .iter()
        .filter_map(|&(year, expected)| {
            let found = imlek::imlek(astro(), year).unwrap().unwrap().date;
            (found != expected).then(|| format!("{year}: {found}, table {expected}"))
        })
        .collect();
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn imlek_in_the_tricky_years() {
    let new_year = |year| imlek::imlek(astro(), year).unwrap().unwrap().date;
    // 2033's leap-month problem: the sui from the 2033 solstice has 13 months and its first
    // month without a major term is the one after the 11th (22 December 2033), so New Year
    // 2034 is the third month after the 11th, not the second (20 January 2034).
    assert_eq!(new_year(2034), day("2034-02-19"));
    // The sui before it has 12 months though a month of 2033 (from late August) has no major
    // term: no leap month there, New Year 2033 is the second month after the 11th.
    assert_eq!(new_year(2033), day("2033-01-31"));
    // 2023's leap month is the 2nd (from 22 March), far from New Year.
    assert_eq!(new_year(2023), day("2023-01-22"));
    // Month 1 begins with a new moon within 15 minutes of midnight at UTC+8 (the ephemeris's
    // instants, which Skyfield matches to the second): a cut at UTC, at UTC+9 or with another
    // ΔT would move New Year by a day.
    for (year, date) in [
        (1954, "1954-02-03"), // new moon 23:55:23
        (1966, "1966-01-21"), // 23:46:09
        (1988, "1988-02-17"), // 23:54:15
        (2007, "2007-02-18"), // 00:14:18
        (2027, "2027-02-06"), // 23:56:07
        (2030, "2030-02-03"), // 00:07:31
    ] {
        assert_eq!(new_year(year), day(date), "{year}");
    }
}

#[test]
fn imlek_numbers_the_year_in_kongzili_and_answers_only_the_span() {
    let imlek = imlek::imlek(astro(), 2026).unwrap().unwrap();
    assert_eq!(imlek.date, day("2026-02-17"));
    assert_eq!(imlek.kongzili, 2577);
    assert_none_in([1944, 2101], |year| imlek::imlek(astro(), year).unwrap());
}

#[test]
fn easter_equals_the_published_table_1945_2100() {
    let table = reference("easter.csv");
    assert_eq!(table.len(), 156);
    for (year, expected) in table {
        assert_eq!(easter::easter_sunday(year), Some(expected), "{year}");
    }
    assert_eq!(easter::easter_sunday(1582), None);
}

#[test]
fn good_friday_and_ascension_follow_easter() {
    // Decreed: Wafat Yesus Kristus 29 March 2024 and 18 April 2025; Kenaikan 9 May 2024 and
    // 29 May 2025.
    assert_eq!(easter::good_friday(2024), Some(day("2024-03-29")));
    assert_eq!(easter::ascension(2024), Some(day("2024-05-09")));
    assert_eq!(easter::good_friday(2025), Some(day("2025-04-18")));
    assert_eq!(easter::ascension(2025), Some(day("2025-05-29")));
    for year in 1945..=2100 {
        let friday = easter::good_friday(year).unwrap();
        let thursday = easter::ascension(year).unwrap();
        assert_eq!(friday.weekday(), day("2024-03-29").weekday(), "{year}");
        assert_eq!(thursday.weekday(), day("2024-05-09").weekday(), "{year}");
    }
}

#[test]
fn waisak_reproduces_every_decreed_date_but_1984() {
    let decreed = reference("waisak.csv");
    assert_eq!(decreed.len(), 45);
    let wrong: Vec<(i32, Option<Date>, Date)> = decreed
        .iter()
        .map(|&(year, date)| (year, waisak::waisak(astro(), year).unwrap(), date))
        .filter(|(_, found, date)| *found != Some(*date))
        .collect();
    // 1984 was decreed on 14 May, the day before the full moon (15 May, 11:28 WIB).
    assert_eq!(wrong, [(1984, Some(day("1984-05-15")), day("1984-05-14"))]);
}

#[test]
fn waisak_in_every_decreed_year() {
    // The SKB 3 Menteri's Waisak of each decreed year (data/holidays/days.csv), with the years
    // whose full moon of early May comes before lixia (45°) and is passed over for June's:
    // 2015, 2023 (adhikamasa) and 2026; and 2025, whose full moon is at 23:55 WIB on 12 May.
    assert_every_decreed_year("waisak", |year| waisak::waisak(astro(), year).unwrap());
    assert_none_in([1944, 2101], |year| waisak::waisak(astro(), year).unwrap());
}

#[test]
fn nyepi_reproduces_the_published_table_2005_2050() {
    let table = reference("nyepi.csv");
    assert_eq!(table.len(), 68);
    let covered: Vec<_> = table.iter().filter(|(year, _)| *year >= 2005).collect();
    assert_eq!(covered.len(), 46);
    for &&(year, expected) in &covered {
        assert_eq!(nyepi::nyepi(year), Some(expected), "{year}");
    }
}

#[test]
fn nyepi_in_the_decreed_years_and_beyond_the_table() {
    // The SKB 3 Menteri's Hari Suci Nyepi of each decreed year (data/holidays/days.csv).
    assert_every_decreed_year("nyepi", nyepi::nyepi);
    // Before 2005 the calendar ran other rules (the 1993–2003 Saka Kala cycle), after 2100
    // the span ends.
    assert_none_in([2004, 2101], nyepi::nyepi);
    // Every predicted Nyepi falls in March or early April, a day after a tilem, and the
    // years follow one another by 12 or 13 months.
    let mut previous = nyepi::nyepi(2050).unwrap();
    for year in 2051..=2100 {
        let date = nyepi::nyepi(year).unwrap();
        let (y, month, _) = date.ymd();
        assert!(y == year && (month == 3 || month == 4), "{year}: {date}");
        let months = f64::from(date.0 - previous.0) / 29.530_589;
        assert!((months - months.round()).abs() < 0.1, "{year}: {months}");
        previous = date;
    }
}
