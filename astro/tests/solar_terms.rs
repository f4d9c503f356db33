//! Solar terms and full moons against Skyfield 1.55 with JPL DE421 (skyfield-data), an
//! independent implementation and ephemeris: `data/reference/holidays/solar_terms.csv` (all 24
//! terms of six years; its equinoxes and solstices are also the USNO's published minutes) and
//! `full_moons.csv`, both in UT1 (the project reads UTC as UT1; Skyfield's UTC before 1972 is
//! not UT, 13 s off in 1950).

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    reason = "test helpers may panic: a panic fails the test"
)]

use chrono::{DateTime, TimeDelta, Utc};

mod common;

use common::{astro, data_dir};

/// The largest difference allowed from the reference, seconds ("to the minute").
const TOLERANCE_S: f64 = 60.0;

fn reference(name: &str) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(data_dir().join("reference/holidays").join(name)).unwrap();
    text.lines()
        .skip(1)
        .map(|line| line.split(',').map(str::to_owned).collect())
        .collect()
}

fn instant(text: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(text).unwrap().to_utc()
}

fn seconds_between(a: DateTime<Utc>, b: DateTime<Utc>) -> f64 {
    (a - b).as_seconds_f64().abs()
}

#[test]
fn solar_terms_match_skyfield_to_the_minute() {
    let astro = astro();
    let rows = reference("solar_terms.csv");
    assert_eq!(rows.len(), 144);
    let mut worst: f64 = 0.0;
    for row in &rows {
        let [longitude, utc] = row.as_slice() else {
            panic!("{row:?}")
        };
        let expected = instant(utc);
        // Search from two days before: the term found is the next one at that longitude.
        let found = astro
            .next_solar_longitude(longitude.parse().unwrap(), expected - TimeDelta::days(2))
            .unwrap();
        let error = seconds_between(found, expected);
        assert!(error < TOLERANCE_S, "{longitude}° {utc}: found {found}");
        worst = worst.max(error);
    }
    // The two ephemerides, ΔT and nutation agree far better than the tolerance.
    assert!(worst < 2.0, "worst {worst} s");
}

#[test]
fn a_term_just_passed_is_found_a_year_later() {
    let astro = astro();
    let solstice = instant("2000-12-21T13:37:25Z");
    let next = astro
        .next_solar_longitude(270.0, solstice + TimeDelta::hours(1))
        .unwrap();
    assert_eq!(next.format("%Y-%m-%d").to_string(), "2001-12-21");
    let same = astro
        .next_solar_longitude(270.0, solstice - TimeDelta::hours(1))
        .unwrap();
    assert!(seconds_between(same, solstice) < TOLERANCE_S, "{same}");
}

#[test]
fn full_moons_match_skyfield_to_the_minute() {
    let astro = astro();
    let rows = reference("full_moons.csv");
    assert_eq!(rows.len(), 15);
    for row in &rows {
        let [utc] = row.as_slice() else {
            panic!("{row:?}")
        };
        let expected = instant(utc);
        let found = astro
            .full_moons(expected - TimeDelta::days(3), expected + TimeDelta::days(3))
            .unwrap();
        assert_eq!(found.len(), 1, "{utc}: {found:?}");
        let error = seconds_between(found[0], expected);
        assert!(error < TOLERANCE_S, "{utc}: found {}", found[0]);
    }
}

#[test]
fn new_moons_lie_between_their_bounds_in_order() {
    let astro = astro();
    let (from, to) = (
        instant("2023-01-01T00:00:00Z"),
        instant("2024-01-01T00:00:00Z"),
    );
    let moons = astro.new_moons(from, to).unwrap();
    // 2023 had 12 new moons, the first on 21 January 20:53 UTC.
    assert_eq!(moons.len(), 12);
    assert_eq!(
        moons[0].format("%Y-%m-%d %H:%M").to_string(),
        "2023-01-21 20:53"
    );
    assert!(moons.windows(2).all(|pair| pair[0] < pair[1]));
    assert!(moons.iter().all(|moon| (from..=to).contains(moon)));
    assert!(astro.new_moons(to, from).unwrap().is_empty());
}
