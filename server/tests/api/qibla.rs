//! `/qibla`, `/qibla/rashdul` and `/qibla/shadow` over the real archive: snapshots and bad
//! input, and the values against independent references made in Python
//! (`data/reference/qibla/`, its README): Karney's `geographiclib` for every place's
//! bearing and distance, Skyfield with DE440 for the yearly and daily rashdul kiblat, and
//! Kemenag's announced 2025 days and minutes.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use serde_json::Value;

use crate::common::{get, get_json, real, state, state_with, test_app, test_app_with};
use crate::snapshots::{assert_named, cases, codes};

/// The reference file `name` of `data/reference/qibla/`, as rows of named fields.
fn reference(name: &str) -> Vec<BTreeMap<String, String>> {
    let path = format!(
        "{}/../data/reference/qibla/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap();
    let mut lines = text.lines();
    let head: Vec<&str> = lines.next().unwrap().split(',').collect();
    lines
        .map(|line| {
            head.iter()
                .zip(line.split(','))
                .map(|(k, v)| ((*k).to_owned(), v.to_owned()))
                .collect()
        })
        .collect()
}

fn seconds(text: &str) -> i64 {
    DateTime::parse_from_rfc3339(text)
        .unwrap()
        .with_timezone(&Utc)
        .timestamp()
}

fn number(row: &BTreeMap<String, String>, key: &str) -> f64 {
    row[key].parse().unwrap()
}

#[actix_web::test]
async fn qibla_answers_are_recorded() {
    let answers = cases(
        state(),
        &[
            ("qibla_place", "/api/v1/qibla?place=34.71"),
            ("qibla_point", "/api/v1/qibla?lat=51.5074&lon=-0.1278"),
            ("qibla_missing_lon", "/api/v1/qibla?lat=-7.8"),
            ("qibla_missing_lat", "/api/v1/qibla?lon=110"),
            ("qibla_invalid_lat", "/api/v1/qibla?lat=91&lon=110"),
            ("qibla_invalid_lon", "/api/v1/qibla?lat=-7.8&lon=east"),
            (
                "qibla_place_and_point",
                "/api/v1/qibla?place=34.71&lat=-7.8&lon=110.4",
            ),
            ("qibla_unknown_place", "/api/v1/qibla?place=jogja"),
            ("qibla_missing_site", "/api/v1/qibla"),
            ("qibla_rashdul_2025", "/api/v1/qibla/rashdul?year=2025"),
            ("qibla_rashdul_1945", "/api/v1/qibla/rashdul?year=1945"),
            ("qibla_rashdul_2100", "/api/v1/qibla/rashdul?year=2100"),
            ("qibla_rashdul_2101", "/api/v1/qibla/rashdul?year=2101"),
            ("qibla_rashdul_1944", "/api/v1/qibla/rashdul?year=1944"),
            (
                "qibla_rashdul_not_a_year",
                "/api/v1/qibla/rashdul?year=soon",
            ),
            ("qibla_rashdul_missing_year", "/api/v1/qibla/rashdul"),
            (
                "qibla_shadow_day",
                "/api/v1/qibla/shadow?place=34.71&date=2025-05-28",
            ),
            (
                "qibla_shadow_month",
                "/api/v1/qibla/shadow?place=91.71&month=2025-12",
            ),
            (
                "qibla_shadow_point",
                "/api/v1/qibla/shadow?lat=-6.2&lon=106.8&date=2025-12-21&tz=WIB",
            ),
            (
                "qibla_shadow_missing_days",
                "/api/v1/qibla/shadow?place=34.71",
            ),
            (
                "qibla_shadow_date_and_month",
                "/api/v1/qibla/shadow?place=34.71&date=2025-05-28&month=2025-05",
            ),
            (
                "qibla_shadow_invalid_month",
                "/api/v1/qibla/shadow?place=34.71&month=2025-13",
            ),
            (
                "qibla_shadow_out_of_coverage",
                "/api/v1/qibla/shadow?place=34.71&date=2101-01-01",
            ),
            (
                "qibla_shadow_invalid_tz",
                "/api/v1/qibla/shadow?place=34.71&date=2025-05-28&tz=Mars",
            ),
            (
                "qibla_shadow_place_and_point",
                "/api/v1/qibla/shadow?place=34.71&lat=-7.8&lon=110.4&date=2025-05-28",
            ),
        ],
    )
    .await;
    assert_eq!(
        codes(&answers),
        [
            "ok",
            "ok",
            "missing_parameter",
            "missing_parameter",
            "invalid_coordinates",
            "invalid_coordinates",
            "invalid_place",
            "unknown_place",
            "missing_parameter",
            "ok",
            "ok",
            "ok",
            "invalid_year",
            "invalid_year",
            "invalid_year",
            "missing_parameter",
            "ok",
            "ok",
            "ok",
            "missing_parameter",
            "invalid_range",
            "invalid_month",
            "out_of_coverage",
            "invalid_timezone",
            "invalid_place",
        ]
    );
    // Every error names its parameter.
    assert_named(
        &answers,
        &[
            "", "", "lon", "lat", "lat", "lon", "place", "place", "place", "", "", "", "year",
            "year", "year", "year", "", "", "", "date", "month", "month", "date", "tz", "place",
        ],
    );
}

#[actix_web::test]
async fn every_place_has_geographiclibs_bearing_and_distance() {
    let unlimited = state_with(real(), &[("HIJRI_LIMIT_DEFAULT", "100000/60")]);
    let app = test_app_with(unlimited).await;
    let rows = reference("qibla.csv");
    assert_eq!(rows.len(), 517);
    let (mut worst_az, mut worst_sph, mut worst_m) = (0.0_f64, 0.0_f64, 0.0_f64);
    for row in &rows {
        let answer = get(&app, &format!("/api/v1/qibla?place={}", row["id"])).await;
        assert_eq!(answer.status, 200, "{}", row["id"]);
        let body = answer.json();
        // The place's point as /places gives it is the one the reference was computed at.
        assert_eq!(body["place"]["lat"].as_f64().unwrap(), number(row, "lat"));
        assert_eq!(body["place"]["lon"].as_f64().unwrap(), number(row, "lon"));
        let off = |key: &str, reference: f64| {
            let d = body[key].as_f64().unwrap() - reference;
            ((d + 180.0).rem_euclid(360.0) - 180.0).abs() * 3600.0
        };
        worst_az = worst_az.max(off("azimuth_deg", number(row, "azimuth_deg")));
        worst_sph = worst_sph.max(off(
            "spherical_azimuth_deg",
            number(row, "spherical_azimuth_deg"),
        ));
        let km = body["distance_km"].as_f64().unwrap();
        worst_m = worst_m.max((km * 1000.0 - number(row, "distance_m")).abs());
    }
    // Six decimals of a degree are 0.0036″ at most off by rounding.
    assert!(worst_az < 0.1, "worst azimuth {worst_az}″");
    assert!(worst_sph < 0.1, "worst spherical bearing {worst_sph}″");
    // Three decimals of a kilometre are 0.5 m at most off by rounding.
    assert!(worst_m < 1.0, "worst distance {worst_m} m");
}

#[actix_web::test]
async fn the_yearly_days_are_skyfields_2020_to_2030() {
    let app = test_app().await;
    let rows = reference("rashdul_skyfield.csv");
    assert_eq!(rows.len(), 44);
    let mut worst = 0_i64;
    for year in 2020..=2030 {
        let body = get_json(&app, &format!("/api/v1/qibla/rashdul?year={year}")).await;
        let events = body["events"].as_array().unwrap();
        let expected: Vec<_> = rows
            .iter()
            .filter(|r| r["year"] == year.to_string())
            .collect();
        assert_eq!(events.len(), 4, "{year}");
        assert_eq!(expected.len(), 4, "{year}");
        for (event, row) in events.iter().zip(expected) {
            assert_eq!(event["kind"], row["kind"].as_str(), "{year}");
            let pairs = [
                (&event["crossing"]["utc"], &row["crossing_utc"]),
                (&event["days"][0]["instant"]["utc"], &row["noon_before_utc"]),
                (&event["days"][1]["instant"]["utc"], &row["noon_after_utc"]),
            ];
            for (ours, theirs) in pairs {
                let d = (seconds(ours.as_str().unwrap()) - seconds(theirs)).abs();
                assert!(d <= 30, "{year} {}: {ours} vs {theirs}", row["kind"]);
                worst = worst.max(d);
            }
            for (i, key) in [(0, "declination_before_deg"), (1, "declination_after_deg")] {
                let ours = event["days"][i]["declination_deg"].as_f64().unwrap();
                assert!((ours - number(row, key)).abs() < 2e-4, "{year} {key}");
            }
        }
    }
    assert!(worst <= 30, "worst {worst} s");
}

#[actix_web::test]
async fn kemenags_2025_days_and_minutes() {
    let app = test_app().await;
    let body = get_json(&app, "/api/v1/qibla/rashdul?year=2025").await;
    let minute = |v: &Value| v.as_str().unwrap().get(..16).unwrap().to_owned();
    let events = body["events"].as_array().unwrap();
    // Kemenag: 27 and 28 May 2025 at 16:18 WIB; 15 and 16 July 2025 at 16:27 WIB.
    for (event, days) in events.iter().take(2).zip([
        ["2025-05-27T16:18", "2025-05-28T16:18"],
        ["2025-07-15T16:27", "2025-07-16T16:27"],
    ]) {
        assert_eq!(event["kind"], "kaaba");
        for (noon, day) in event["days"].as_array().unwrap().iter().zip(days) {
            // The announced minute is the transit's, rounded to the nearest.
            let at = seconds(noon["instant"]["wib"].as_str().unwrap());
            let rounded = DateTime::from_timestamp((at + 30).div_euclid(60) * 60, 0)
                .unwrap()
                .with_timezone(&chrono::FixedOffset::east_opt(7 * 3600).unwrap())
                .format("%Y-%m-%dT%H:%M")
                .to_string();
            assert_eq!(rounded, day, "{}", minute(&noon["instant"]["wib"]));
        }
    }
}

#[actix_web::test]
async fn daily_shadow_times_are_skyfields() {
    let app = test_app().await;
    let rows = reference("shadow_skyfield.csv");
    let mut by_day: BTreeMap<(String, String), Vec<&BTreeMap<String, String>>> = BTreeMap::new();
    for row in &rows {
        by_day
            .entry((row["place"].clone(), row["date"].clone()))
            .or_default()
            .push(row);
    }
    let (mut worst, mut compared, mut never, mut below) = (0_i64, 0, 0, 0);
    for ((place, date), rows) in &by_day {
        let body = get_json(
            &app,
            &format!("/api/v1/qibla/shadow?place={place}&date={date}"),
        )
        .await;
        let day = &body["days"][0];
        for kind in ["sun_at_qibla", "sun_opposite_qibla"] {
            let theirs: Vec<_> = rows.iter().filter(|r| r["kind"] == kind).collect();
            let usable: Vec<_> = theirs
                .iter()
                .filter(|r| number(r, "altitude_deg") >= 5.0)
                .collect();
            let ours = day[kind]["times"].as_array().unwrap();
            assert_eq!(
                ours.len(),
                usable.len(),
                "{place} {date} {kind}: {ours:?} vs {usable:?}"
            );
            assert_eq!(day[kind]["occurs"], !usable.is_empty());
            if usable.is_empty() {
                let reason = if theirs.is_empty() {
                    never += 1;
                    "sun_never_at_bearing"
                } else {
                    below += 1;
                    "sun_below_limit"
                };
                assert_eq!(day[kind]["reason"], reason, "{place} {date} {kind}");
            }
            for (o, t) in ours.iter().zip(usable) {
                let d = (seconds(o["utc"].as_str().unwrap()) - seconds(&t["utc"])).abs();
                assert!(d <= 30, "{place} {date} {kind}: {o} vs {t:?}");
                let alt = o["altitude_deg"].as_f64().unwrap();
                assert!((alt - number(t, "altitude_deg")).abs() < 0.02);
                worst = worst.max(d);
                compared += 1;
            }
        }
    }
    assert!(compared >= 20, "{compared} instants compared");
    assert!(never >= 10 && below >= 3, "never {never}, below {below}");
    assert!(worst <= 30, "worst {worst} s");
}
