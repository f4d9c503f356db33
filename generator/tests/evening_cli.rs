//! `hijri-generate evening` as a user runs it: offsets with seconds, batch rows that fail
//! without stopping the run (and `--strict`), and strict inputs.

use chrono::{Duration, NaiveDate};
use hijri_generator::astro::{Astro, Observer};
use serde_json::Value;
use std::path::PathBuf;
use std::process::{Command, Output};

mod common;

/// Runs `hijri-generate --data <data> evening <args>`.
fn evening(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hijri-generate"))
        .arg("--data")
        .arg(common::data_dir())
        .arg("evening")
        .args(args)
        .output()
        .unwrap()
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

fn observer(lat: f64, lon: f64, tz: &str) -> Observer {
    Observer {
        lat_deg: lat,
        lon_deg: lon,
        elev_m: 0.0,
        tz: tz.parse().unwrap(),
    }
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

/// `--strict` stops at the first bad row, as batches did before.
#[test]
fn strict_batch_stops_at_the_first_error() {
    let rows = [
        "2024-03-10,-6.1,106.8,10,Asia/Jakarta",
        "2024-03-10,x,106.8,10,Asia/Jakarta",
        "2024-03-10,-8.6,116.1,5,Asia/Makassar",
    ]
    .map(String::from);
    let (objects, stderr, ok) = run_batch("strict", &rows, &["--strict"]);
    assert!(!ok);
    assert!(objects.is_empty(), "{objects:?}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains(".csv:3: lat"), "{stderr}");
    // A row that parses but has no sunset stops the run after the rows before it.
    let rows = [
        "2024-03-10,-6.1,106.8,10,Asia/Jakarta",
        "2025-12-21,80,20,0,Europe/Oslo",
        "2024-03-10,-8.6,116.1,5,Asia/Makassar",
    ]
    .map(String::from);
    let (objects, stderr, ok) = run_batch("strict-sunset", &rows, &["--strict"]);
    assert!(!ok);
    assert_eq!(objects.len(), 1, "{objects:?}");
    assert!(stderr.contains(".csv:3: no sunset"), "{stderr}");
}

/// Inputs are as strict as the API's: zero-padded dates, longitudes in −180..180, plain
/// decimal numbers, exact IANA names.
#[test]
fn inputs_are_strict() {
    let cases = [
        ("2025-2-3", "-6.1", "106.8", "Asia/Jakarta", "invalid date"),
        (
            "2025-02-30",
            "-6.1",
            "106.8",
            "Asia/Jakarta",
            "invalid date",
        ),
        ("2025-02-03", "-6.1", "181", "Asia/Jakarta", "longitude 181"),
        (
            "2025-02-03",
            "-6.1",
            "190",
            "Asia/Jakarta",
            "outside -180..180",
        ),
        ("2025-02-03", "91", "106.8", "Asia/Jakarta", "latitude 91"),
        (
            "2025-02-03",
            "1e1",
            "106.8",
            "Asia/Jakarta",
            "plain decimal",
        ),
        ("2025-02-03", "+6", "106.8", "Asia/Jakarta", "plain decimal"),
        (
            "2025-02-03",
            "NaN",
            "106.8",
            "Asia/Jakarta",
            "plain decimal",
        ),
        ("2025-02-03", "-6.1", "106.8", "Mars/Base", "unknown IANA"),
    ];
    let fails = |out: Output, wanted: &str| {
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        assert!(
            !out.status.success() && stderr.contains(wanted),
            "{wanted}: {stderr}"
        );
    };
    for (date, lat, lon, tz, wanted) in cases {
        fails(evening_at(date, lat, lon, tz, &[]), wanted);
    }
    let strict = evening_at("2025-02-03", "-6.1", "106.8", "Asia/Jakarta", &["--strict"]);
    fails(strict, "--strict applies only to --batch");
    // The edges of the ranges are accepted.
    let record = record_at("2025-02-03", "-6.1", "180", "Asia/Jakarta");
    assert_eq!(record["site"]["lon"], 180.0);
}
