//! `hijri-generate evening` as a user runs it: polar-circle sunsets and a grazing moonset
//! checked against a minute-by-minute scan of the altitude done here, offsets with seconds,
//! batch rows that fail without stopping the run (and `--strict`), and strict inputs.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    reason = "test helpers may panic: a panic fails the test"
)]

use chrono::{DateTime, Duration, NaiveDate, TimeZone, Utc};
use hijri::zone::Zone;
use hijri_astro::{Astro, Observer};
use serde_json::Value;
use std::path::PathBuf;
use std::process::Output;

mod common;

/// Runs `hijri-generate --data <data> evening <args>`.
fn evening(args: &[&str]) -> Output {
    common::generate_with(common::data_dir(), "evening", args)
}

/// Runs the evening of `date` at a site given directly (elevation 0 m), with `extra`
/// arguments.
fn evening_at(date: &str, lat: &str, lon: &str, tz: &str, extra: &[&str]) -> Output {
    let mut args = vec!["--date", date, "--lat", lat, "--lon", lon, "--elev", "0"];
    args.extend(["--tz", tz]);
    args.extend_from_slice(extra);
    evening(&args)
}

/// The record printed for the evening of `date` at a site given directly, which must be
/// found.
fn record_at(date: &str, lat: &str, lon: &str, tz: &str) -> Value {
    let out = evening_at(date, lat, lon, tz, &[]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{date} {lat} {lon}: {stderr}");
    serde_json::from_slice(&out.stdout).unwrap()
}

/// Writes a batch file named after `name` with the given rows under the header.
fn batch_file(name: &str, rows: &[String]) -> PathBuf {
    let path = std::env::temp_dir().join(format!("evening-{name}-{}.csv", std::process::id()));
    let text = format!("date,lat,lon,elev_m,tz\n{}\n", rows.join("\n"));
    std::fs::write(&path, text).unwrap();
    path
}

/// Runs a batch; returns the JSON objects printed, stderr and whether the run succeeded.
fn run_batch(name: &str, rows: &[String], extra: &[&str]) -> (Vec<Value>, String, bool) {
    let path = batch_file(name, rows);
    let mut args = vec!["--batch", path.to_str().unwrap()];
    args.extend_from_slice(extra);
    let out = evening(&args);
    std::fs::remove_file(&path).ok();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let objects = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let stderr = String::from_utf8(out.stderr).unwrap();
    (objects, stderr, out.status.success())
}

fn astro() -> Astro {
    Astro::load(common::data_dir()).unwrap()
}

fn observer(lat: f64, lon: f64, tz: &str) -> Observer<Zone> {
    Observer {
        lat_deg: lat,
        lon_deg: lon,
        elev_m: 0.0,
        tz: tz.parse().unwrap(),
    }
}

fn instant(unix_ms: i64) -> DateTime<Utc> {
    Utc.timestamp_millis_opt(unix_ms).unwrap()
}

/// Every setting (downward crossing of the horizon) of the Sun (`moon` false) or the
/// Moon's upper limb in `[t0, t1]`, found by sampling every minute and bisecting to 1 ms.
fn settings_by_minute(
    astro: &Astro,
    obs: &Observer<Zone>,
    t0: DateTime<Utc>,
    t1: DateTime<Utc>,
    moon: bool,
) -> Vec<DateTime<Utc>> {
    let height = |ms: i64| {
        let (sun, limb) = astro.horizon_heights(obs, instant(ms)).unwrap();
        if moon {
            limb
        } else {
            sun
        }
    };
    let mut found = Vec::new();
    let (mut a, end) = (t0.timestamp_millis(), t1.timestamp_millis());
    let mut ha = height(a);
    while a < end {
        let b = (a + 60_000).min(end);
        let hb = height(b);
        if ha > 0.0 && hb <= 0.0 {
            let (mut lo, mut hi) = (a, b);
            while hi - lo > 1 {
                let mid = (lo + hi) / 2;
                if height(mid) > 0.0 {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            found.push(instant(hi));
        }
        (a, ha) = (b, hb);
    }
    found
}

/// 12:00 civil time on `date` at `obs`.
fn civil_noon(obs: &Observer<Zone>, date: NaiveDate) -> DateTime<Utc> {
    obs.tz
        .from_local_datetime(&date.and_hms_opt(12, 0, 0).unwrap())
        .earliest()
        .unwrap()
        .with_timezone(&Utc)
}

/// A printed local time (ISO, truncated to the second) as an instant.
fn printed(v: &Value) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(v.as_str().unwrap())
        .unwrap()
        .with_timezone(&Utc)
}

/// True when `true_time` lies in the printed second `[shown, shown + 1 s)`, give or take
/// a second for the minute scan's own precision.
fn same_second(shown: DateTime<Utc>, true_time: DateTime<Utc>) -> bool {
    let d = (true_time - shown).num_milliseconds();
    (-1_000..2_000).contains(&d)
}

/// The evening's sunset is the first setting after civil noon and before the next civil
/// noon: the CLI reports one exactly when the minute scan finds one there, and the same.
#[test]
fn polar_circle_sunsets_match_a_minute_scan() {
    let astro = astro();
    let (lon, tz) = (27.0, "Europe/Helsinki");
    let dates = [
        "2025-03-20",
        "2025-06-01",
        "2025-06-05",
        "2025-06-10",
        "2025-06-21",
        "2025-07-05",
        "2025-07-12",
        "2025-07-20",
        "2025-09-22",
        "2025-12-01",
        "2025-12-21",
    ];
    let lats = [66.5, 67.0, 67.3406, 68.0, 70.0];
    let mut cases = Vec::new();
    for date in dates {
        for lat in lats {
            cases.push((date, lat));
        }
    }
    let rows: Vec<String> = cases
        .iter()
        .map(|(d, lat)| format!("{d},{lat},{lon},0,{tz}"))
        .collect();
    let (objects, _, _) = run_batch("polar", &rows, &[]);
    assert_eq!(objects.len(), cases.len());
    let (mut with, mut without) = (0, 0);
    for ((date, lat), object) in cases.iter().zip(&objects) {
        let obs = observer(*lat, lon, tz);
        let day = NaiveDate::parse_from_str(date, "%Y-%m-%d").unwrap();
        let window = (
            civil_noon(&obs, day),
            civil_noon(&obs, day.succ_opt().unwrap()),
        );
        let scanned = settings_by_minute(&astro, &obs, window.0, window.1, false);
        match (scanned.first(), object.get("sunset_local")) {
            (Some(&t), Some(shown)) => {
                with += 1;
                assert!(
                    same_second(printed(shown), t),
                    "{date} lat {lat}: printed {shown}, scan {t}"
                );
            }
            (None, None) => {
                without += 1;
                let error = object["error"].as_str().unwrap();
                assert!(error.contains("no sunset"), "{date} lat {lat}: {error}");
            }
            (scan, _) => panic!("{date} lat {lat}: scan {scan:?}, CLI {object}"),
        }
    }
    // Both kinds occur: the cases straddle polar day and night.
    assert!(
        with >= 20 && without >= 20,
        "{with} with, {without} without"
    );
}

/// At 67.3406° N, 27° E on 2025-07-12 the Sun dips below the sunset horizon for about
/// four minutes, just after local midnight: that is the evening's only sunset.
#[test]
fn a_four_minute_dip_after_midnight_is_the_sunset() {
    let astro = astro();
    let obs = observer(67.3406, 27.0, "Europe/Helsinki");
    let day = NaiveDate::from_ymd_opt(2025, 7, 12).unwrap();
    let from = civil_noon(&obs, day);
    let to = civil_noon(&obs, day.succ_opt().unwrap());
    let sets = settings_by_minute(&astro, &obs, from, to, false);
    assert_eq!(sets.len(), 1, "{sets:?}");
    // The Sun is back above within ten minutes (the dip is short).
    let back = (1..=10).find(|m| {
        let t = sets[0] + Duration::minutes(*m);
        astro.horizon_heights(&obs, t).unwrap().0 > 0.0
    });
    assert!(back.is_some(), "the dip lasts over ten minutes");
    let record = record_at("2025-07-12", "67.3406", "27", "Europe/Helsinki");
    let shown = printed(&record["sunset_local"]);
    assert!(same_second(shown, sets[0]), "{shown} vs {}", sets[0]);
    assert!(
        record["sunset_local"]
            .as_str()
            .unwrap()
            .starts_with("2025-07-13T01:"),
        "{record}"
    );
}

/// Near the start of the midnight sun the sunset falls after local midnight: the evening
/// of 2025-06-05 at 66° N, 25.7° E sets at 00:25 on the 6th, not at 00:15 on the 5th (the
/// evening before).
#[test]
fn a_sunset_just_after_midnight_belongs_to_the_evening_before() {
    let (objects, _, ok) = run_batch(
        "midnight",
        &[
            "2025-06-03,66,25.7,0,Europe/Helsinki".to_string(),
            "2025-06-05,66,25.7,0,Europe/Helsinki".to_string(),
        ],
        &[],
    );
    assert!(ok);
    let sunsets: Vec<&str> = objects
        .iter()
        .map(|o| o["sunset_local"].as_str().unwrap())
        .collect();
    assert!(sunsets[0].starts_with("2025-06-04T00:15"), "{sunsets:?}");
    assert!(sunsets[1].starts_with("2025-06-06T00:25"), "{sunsets:?}");
    assert_eq!(objects[1]["sunset"], "00:25");
}

/// On 2025-01-11 at 62.3333° N, 27° E the Moon's upper limb grazes the horizon for a few
/// minutes in the morning: that moonset, the nearest to sunset, is found.
#[test]
fn a_grazing_moonset_is_found() {
    let astro = astro();
    let obs = observer(62.3333, 27.0, "Europe/Helsinki");
    let day = NaiveDate::from_ymd_opt(2025, 1, 11).unwrap();
    let record = record_at("2025-01-11", "62.3333", "27", "Europe/Helsinki");
    let sunset = printed(&record["sunset_local"]);
    assert_eq!(sunset.date_naive(), day);
    let span = Duration::hours(14);
    let sets = settings_by_minute(&astro, &obs, sunset - span, sunset + span, true);
    let nearest = sets
        .iter()
        .min_by_key(|t| (**t - sunset).num_milliseconds().abs())
        .copied()
        .expect("the scan finds a moonset");
    // It is the grazing one: the limb is back above within ten minutes.
    let back = (1..=10).any(|m| {
        let t = nearest + Duration::minutes(m);
        astro.horizon_heights(&obs, t).unwrap().1 > 0.0
    });
    assert!(back, "not a grazing moonset: {nearest}");
    let shown = printed(&record["moonset_local"]);
    assert!(same_second(shown, nearest), "{shown} vs {nearest}");
}

/// Monrovia kept −00:44:30 until 1972: the printed time carries the offset's seconds, so
/// it names the right instant.
#[test]
fn offsets_with_seconds_are_printed_in_full() {
    let record = record_at("1960-06-01", "6.3", "-10.8", "Africa/Monrovia");
    let shown = record["sunset_local"].as_str().unwrap();
    assert!(shown.ends_with("-00:44:30"), "{shown}");
    let astro = astro();
    let obs = observer(6.3, -10.8, "Africa/Monrovia");
    let ev = astro
        .evening(&obs, NaiveDate::from_ymd_opt(1960, 6, 1).unwrap())
        .unwrap();
    let local = ev.sunset_utc - Duration::seconds(44 * 60 + 30);
    assert_eq!(
        shown,
        format!("{}-00:44:30", local.format("%Y-%m-%dT%H:%M:%S"))
    );
    assert_eq!(record["sunset"], local.format("%H:%M").to_string());
}

/// A bad row prints an error object with its line number in its place and a line on
/// stderr; the good rows are kept and the exit status is non-zero at the end.
#[test]
fn batch_keeps_good_rows_and_reports_bad_ones() {
    let rows = [
        "2024-03-10,-6.1,106.8,10,Asia/Jakarta",
        "2024-03-10,x,106.8,10,Asia/Jakarta",
        "2024-03-10,-8.6,116.1,5,Asia/Makassar",
        "2025-2-3,-6.1,106.8,10,Asia/Jakarta",
        "2025-12-21,80,20,0,Europe/Oslo",
        "2024-03-11,-6.1,181,10,Asia/Jakarta",
    ]
    .map(String::from);
    let (objects, stderr, ok) = run_batch("keep", &rows, &[]);
    assert!(!ok);
    assert_eq!(objects.len(), rows.len(), "{objects:?}");
    let lines: Vec<Option<u64>> = objects.iter().map(|o| o["line"].as_u64()).collect();
    assert_eq!(lines, [None, Some(3), None, Some(5), Some(6), Some(7)]);
    assert_eq!(objects[0]["gregorian_date"], "2024-03-10");
    assert_eq!(objects[2]["site"]["tz"], "Asia/Makassar");
    assert!(objects[1]["error"].as_str().unwrap().contains("lat"));
    assert!(objects[3]["error"].as_str().unwrap().contains("2025-2-3"));
    assert!(objects[4]["error"].as_str().unwrap().contains("no sunset"));
    assert!(objects[5]["error"]
        .as_str()
        .unwrap()
        .contains("longitude 181"));
    for line in [3, 5, 6, 7] {
        assert!(
            stderr.contains(&format!(".csv:{line}: ")),
            "line {line}: {stderr}"
        );
    }
    assert!(stderr.contains("4 of 6 rows failed"), "{stderr}");
}

/// `--strict` stops at the first bad row, as batches did before: a row that does not parse
/// before anything is printed, a row that parses but has no sunset after the rows before it;
/// each with one line on stderr.
#[test]
fn strict_batch_stops_at_the_first_error() {
    for (name, bad, printed, error) in [
        (
            "strict",
            "2024-03-10,x,106.8,10,Asia/Jakarta",
            0,
            ".csv:3: lat",
        ),
        (
            "strict-sunset",
            "2025-12-21,80,20,0,Europe/Oslo",
            1,
            ".csv:3: no sunset",
        ),
    ] {
        let rows = [
            "2024-03-10,-6.1,106.8,10,Asia/Jakarta",
            bad,
            "2024-03-10,-8.6,116.1,5,Asia/Makassar",
        ]
        .map(String::from);
        let (objects, stderr, ok) = run_batch(name, &rows, &["--strict"]);
        assert!(!ok, "{name}");
        assert_eq!(objects.len(), printed, "{name}: {objects:?}");
        assert_eq!(stderr.lines().count(), 1, "{name}: {stderr}");
        assert!(stderr.contains(error), "{name}: {stderr}");
    }
}

/// Inputs are as strict as the API's: zero-padded dates, longitudes in −180..180, plain
/// decimal numbers, the zones the API's `tz` takes. A refused value is a usage error: clap's
/// message naming the flag, exit status 2.
#[test]
fn inputs_are_strict() {
    // Each case: the flag that differs from a good evening (2025-02-03 at -6.1, 106.8,
    // Asia/Jakarta), its value, and what clap's message must contain.
    let cases = [
        ("--date", "2025-2-3", "invalid date \"2025-2-3\""),
        ("--date", "2025-02-30", "invalid date"),
        ("--lon", "181", "longitude 181"),
        ("--lon", "190", "outside -180..180"),
        ("--lat", "91", "latitude 91"),
        ("--lat", "1e1", "plain decimal"),
        ("--lat", "+6", "plain decimal"),
        ("--lat", "NaN", "plain decimal"),
        ("--tz", "Mars/Base", "unknown time zone"),
        ("--tz", "UTC+15", "unknown time zone"),
    ];
    for (flag, value, wanted) in cases {
        let given = |f: &str, good| if f == flag { value } else { good };
        let out = evening_at(
            given("--date", "2025-02-03"),
            given("--lat", "-6.1"),
            given("--lon", "106.8"),
            given("--tz", "Asia/Jakarta"),
            &[],
        );
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        assert_eq!(out.status.code(), Some(2), "{flag} {value}: {stderr}");
        assert!(
            stderr.starts_with("error: invalid value") && stderr.contains(wanted),
            "{flag} {value}: {wanted}: {stderr}"
        );
    }
    let strict = evening_at("2025-02-03", "-6.1", "106.8", "Asia/Jakarta", &["--strict"]);
    let stderr = String::from_utf8_lossy(&strict.stderr);
    assert_eq!(strict.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("cannot be used with '--strict'"),
        "{stderr}"
    );
    // The edges of the ranges are accepted.
    let record = record_at("2025-02-03", "-6.1", "180", "Asia/Jakarta");
    assert_eq!(record["site"]["lon"], 180.0);
}

/// `--tz` takes every form the API takes: a name in any letter case, WIB/WITA/WIT and UTC
/// offsets; the record names the zone as the API echoes it, and an offset gives the same
/// evening as an IANA zone with that offset.
#[test]
fn every_zone_form_of_the_api() {
    let jakarta = record_at("2025-02-28", "-6.2", "106.8", "Asia/Jakarta");
    for (tz, echoed) in [
        ("asia/jakarta", "Asia/Jakarta"),
        ("WIB", "Asia/Jakarta"),
        ("UTC+7", "UTC+07:00"),
        ("+07:00", "UTC+07:00"),
    ] {
        let record = record_at("2025-02-28", "-6.2", "106.8", tz);
        assert_eq!(record["site"]["tz"], echoed, "{tz}");
        for field in [
            "sunset_local",
            "moonset_local",
            "moon_alt_deg",
            "elongation_deg",
        ] {
            assert_eq!(record[field], jakarta[field], "{tz}: {field}");
        }
    }
}

/// The sweep behind issue 9 §6 (slow, run with `--ignored`): every day of 2025 at 60°–70° N
/// in steps of 0.25° (27° E, Helsinki time), sunset and nearest moonset against the
/// minute scan. The hourly search got 41 sunsets, 294 other-night sunsets and 39 grazing
/// moonsets wrong here.
#[test]
#[ignore]
fn sweep_of_60_to_70_degrees_matches_a_minute_scan() {
    use rayon::prelude::*;
    let astro = astro();
    let start = NaiveDate::from_ymd_opt(2025, 1, 1).unwrap();
    let cases: Vec<(NaiveDate, f64)> = (0..365)
        .flat_map(|d| (0..=40).map(move |k| (start + Duration::days(d), 60.0 + 0.25 * k as f64)))
        .collect();
    let wrong: Vec<String> = cases
        .par_iter()
        .filter_map(|&(day, lat)| {
            let obs = observer(lat, 27.0, "Europe/Helsinki");
            let window = (
                civil_noon(&obs, day),
                civil_noon(&obs, day.succ_opt().unwrap()),
            );
            let scanned = settings_by_minute(&astro, &obs, window.0, window.1, false);
            let found = astro.evening(&obs, day).ok();
            let close =
                |a: DateTime<Utc>, b: DateTime<Utc>| (a - b).num_milliseconds().abs() < 1_000;
            let ok = match (scanned.first(), &found) {
                (None, None) => true,
                (Some(&t), Some(ev)) if close(t, ev.sunset_utc) => {
                    let span = Duration::hours(14);
                    let s = ev.sunset_utc;
                    let moonsets = settings_by_minute(&astro, &obs, s - span, s + span, true);
                    let nearest = moonsets
                        .iter()
                        .min_by_key(|m| (**m - s).num_milliseconds().abs());
                    match (nearest, ev.moonset_utc) {
                        (None, None) => true,
                        (Some(&m), Some(ours)) => close(m, ours),
                        _ => false,
                    }
                }
                _ => false,
            };
            (!ok).then(|| format!("{day} {lat}"))
        })
        .collect();
    println!(
        "{} site-days, {} differ from the minute scan",
        cases.len(),
        wrong.len()
    );
    assert!(wrong.is_empty(), "{wrong:?}");
}

/// The members only the API's evening record has (the month's deciding evening), and those
/// only the command prints (any site, any date).
const API_ONLY: [&str; 5] = [
    "hijri_date",
    "hijri_day",
    "deciding_site",
    "sites_checked",
    "visible",
];
const COMMAND_ONLY: [&str; 6] = [
    "site",
    "sunset_local",
    "moonset_local",
    "moon_alt_airless_deg",
    "moon_alt_geocentric_deg",
    "sun_az_deg",
];

/// The command and the API print one evening shape (`hijri_view::evening::SunsetMeasures`):
/// for the evenings that decided three months in the generated archive, the command run at
/// the deciding site prints every member of the API's record but the month's own, with the
/// same value (numbers to the API's two decimals), and nothing else but its own extras.
#[test]
fn the_command_prints_the_api_evening_record() {
    let path = common::data_dir().join("hijri.archive");
    let bytes = std::fs::read(&path)
        .unwrap_or_else(|e| panic!("{}: {e}; run `make generate` first", path.display()));
    let mut aligned = rkyv::util::AlignedVec::<16>::with_capacity(bytes.len());
    aligned.extend_from_slice(&bytes);
    let dataset = hijri::archive::open(&aligned).expect("the generated archive validates");
    let chain = dataset.default_chain().expect("a default calendar");
    for (year, month) in [(1446, 9), (1447, 10), (1480, 1)] {
        let target = chain
            .month(hijri::hijri::HijriMonth { year, month })
            .unwrap();
        let api = serde_json::to_value(
            hijri_view::evening::EveningView::of(dataset, chain, target, false).unwrap(),
        )
        .unwrap();
        let site = api["deciding_site"]["name"].as_str().unwrap();
        let date = api["gregorian_date"].as_str().unwrap();
        let out = evening(&["--date", date, "--site", site]);
        assert!(out.status.success(), "{site} {date}");
        let command: Value = serde_json::from_slice(&out.stdout).unwrap();
        let (api, command) = (api.as_object().unwrap(), command.as_object().unwrap());
        for (key, value) in api.iter().filter(|(k, _)| !API_ONLY.contains(&k.as_str())) {
            let printed = command
                .get(key)
                .unwrap_or_else(|| panic!("{year}-{month}: the command has no {key}"));
            match (value.as_f64(), printed.as_f64()) {
                (Some(a), Some(c)) if value.is_f64() => {
                    assert!((a - c).abs() <= 0.006, "{year}-{month} {key}: {a} vs {c}");
                }
                _ => assert_eq!(value, printed, "{year}-{month} {key}"),
            }
        }
        for key in command.keys() {
            assert!(
                api.contains_key(key) || COMMAND_ONLY.contains(&key.as_str()),
                "{year}-{month}: the command's {key} is not in the API's shape"
            );
        }
    }
}

/// Seconds of arc of a `D°MM′SS″` string as `--dms` prints it.
fn arcseconds(text: &str) -> i64 {
    let (sign, text) = match text.strip_prefix('-') {
        Some(rest) => (-1, rest),
        None => (1, text),
    };
    let (d, rest) = text.split_once('°').unwrap();
    let (m, rest) = rest.split_once('′').unwrap();
    let s = rest.strip_suffix('″').unwrap();
    let [d, m, s]: [i64; 3] = [d, m, s].map(|x| x.parse().unwrap());
    assert!(m < 60 && s < 60 && m.to_string().len() <= 2, "{text}");
    sign * (d * 3_600 + m * 60 + s)
}

/// Muhammadiyah's own test point for 1447-09 (its maklumat, data/official/muhammadiyah/
/// SOURCES.md): 56°48′49″N 158°51′44″W on the evening of 17 February 2026, the Moon's
/// geocentric airless altitude 5°23′35″ and the elongation 8°00′11″ at sunset. The command
/// gives both within 10″, in the tables' own notation with `--dms`.
#[test]
fn muhammadiyahs_alaska_test_point_within_ten_arcseconds() {
    let out = evening(&[
        "--date",
        "2026-02-17",
        "--lat",
        "56.813611",
        "--lon",
        "-158.862222",
        "--elev",
        "0",
        "--tz",
        "America/Anchorage",
        "--dms",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let published = [
        ("moon_alt_geocentric_deg", 5 * 3_600 + 23 * 60 + 35),
        ("elongation_deg", 8 * 3_600 + 11),
    ];
    for (member, seconds) in published {
        let shown = v[member].as_str().unwrap();
        let off = (arcseconds(shown) - seconds).abs();
        assert!(
            off <= 10,
            "{member} {shown}: {off}″ from the published value"
        );
    }
    assert_eq!(v["site"]["lat"], "56°48′49″");
    assert_eq!(v["site"]["lon"], "-158°51′44″");
    // Sunset at 03:42 UTC (Muhammadiyah: about 03:43), the conjunction as published.
    assert_eq!(v["sunset_local"], "2026-02-17T18:42:20-09:00");
    assert_eq!(v["conjunction_utc"], "2026-02-17T12:01:09Z");
    // Every angle is a D°MM′SS″ string; the other numbers stay numbers.
    for (key, value) in v.as_object().unwrap() {
        if key.ends_with("_deg") {
            arcseconds(value.as_str().unwrap());
        }
    }
    assert!(v["age_hours"].is_f64() && v["illumination_pct"].is_f64());
}

/// Wujudul hilal's place is a known site: Yogyakarta as the rule has it (7°48′ S, 110°21′ E,
/// 0 m, WIB), on the evening of the conjunction before Ramadhan 1445, when the Moon set 4
/// minutes after the Sun there (the month started the next day, as Muhammadiyah announced).
#[test]
fn yogyakarta_is_a_known_site() {
    let out = evening(&["--date", "2024-03-10", "--site", "yogyakarta"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["site"]["name"], "Yogyakarta");
    assert_eq!(
        (v["site"]["lat"].as_f64(), v["site"]["lon"].as_f64()),
        (Some(-7.8), Some(110.35))
    );
    assert_eq!(v["site"]["tz"], "Asia/Jakarta");
    assert_eq!(v["sunset"], "17:54");
    assert_eq!(v["moonset"], "17:58");
    assert_eq!(v["lag_minutes"], 4);
    let unknown = evening(&["--date", "2024-03-10", "--site", "Atlantis"]);
    let message = String::from_utf8_lossy(&unknown.stderr);
    assert!(
        message.contains("Yogyakarta") && message.contains("Wellington"),
        "{message}"
    );
}
