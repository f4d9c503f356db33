//! `hijri-generate evening` as a user runs it: offsets with seconds, and strict inputs.

use chrono::{Duration, NaiveDate};
use hijri_generator::astro::{Astro, Observer};
use serde_json::Value;
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
    // The edges of the ranges are accepted.
    let record = record_at("2025-02-03", "-6.1", "180", "Asia/Jakarta");
    assert_eq!(record["site"]["lon"], 180.0);
}
