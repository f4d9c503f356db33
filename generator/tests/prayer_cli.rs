//! `hijri-generate prayer` as a user runs it: Kemenag's published minutes for Kota Kediri
//! (myQuran's example), the unrounded times of `--detail` against Skyfield
//! (`data/reference/prayer_skyfield.csv`), times that do not occur at high latitudes, and
//! strict inputs.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    reason = "test helpers may panic: a panic fails the test"
)]

use chrono::{DateTime, NaiveDateTime, TimeDelta, Utc};
use std::process::Output;

mod common;

/// Runs `hijri-generate --data <data> prayer <args>`.
fn prayer(args: &[&str]) -> Output {
    common::generate_with(common::data_dir(), "prayer", args)
}

/// The lines printed for `args`, which must succeed: (name, the rest of the line).
fn lines(args: &[&str]) -> Vec<(String, String)> {
    let out = prayer(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{args:?}: {stderr}");
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .skip(1)
        .map(|l| {
            let (name, rest) = l.split_once(' ').unwrap();
            (name.to_owned(), rest.trim().to_owned())
        })
        .collect()
}

/// Minutes since midnight of "HH:MM".
fn minutes(time: &str) -> i64 {
    let (h, m) = time.split_once(':').unwrap();
    h.parse::<i64>().unwrap() * 60 + m.parse::<i64>().unwrap()
}

/// Kota Kediri's point in `data/reference/prayer_places.csv`.
const KEDIRI: [&str; 8] = [
    "--lat",
    "-7.81219",
    "--lon",
    "112.01428",
    "--elev",
    "67",
    "--tz",
    "WIB",
];

#[test]
fn kemenag_minutes_for_kota_kediri() {
    // myQuran's example, 2026-06-23: 04:13, 04:23, 05:41, 06:10, 11:38, 14:57, 17:27, 18:42.
    let mut args = vec!["--date", "2026-06-23"];
    args.extend(KEDIRI);
    let printed = lines(&args);
    let names: Vec<&str> = printed.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        ["imsak", "subuh", "terbit", "dhuha", "dzuhur", "ashar", "maghrib", "isya"]
    );
    let published = [
        "04:13", "04:23", "05:41", "06:10", "11:38", "14:57", "17:27", "18:42",
    ];
    for ((name, shown), published) in printed.iter().zip(published) {
        let diff = minutes(shown) - minutes(published);
        // Terbit and maghrib are a minute off at this point (see prayer_times.md).
        let allowed = if ["terbit", "maghrib"].contains(&name.as_str()) {
            1
        } else {
            0
        };
        assert!(
            diff.abs() <= allowed,
            "{name}: {shown} vs published {published}"
        );
    }
}

#[test]
fn detail_agrees_with_skyfield_to_two_seconds() {
    let reference =
        std::fs::read_to_string(common::data_dir().join("reference/prayer_skyfield.csv")).unwrap();
    let mut args = vec!["--date", "2026-02-18", "--detail"];
    args.extend(KEDIRI);
    let kemenag = lines(&args);
    args.extend(["--method", "muhammadiyah"]);
    let muhammadiyah = lines(&args);
    let mut checked = 0;
    for row in reference
        .lines()
        .filter(|l| l.starts_with("35.71,") && l.contains(",2026-02-18,"))
    {
        let f: Vec<&str> = row.split(',').collect();
        // The reference's terbit and maghrib are on the elevation's horizon, Muhammadiyah's
        // (Kemenag's is a fixed −1°); its `subuh_muhammadiyah` is Muhammadiyah's subuh.
        let (printed, name) = match f[5] {
            "terbit" | "maghrib" => (&muhammadiyah, f[5]),
            "subuh_muhammadiyah" => (&muhammadiyah, "subuh"),
            other => (&kemenag, other),
        };
        let (_, rest) = printed.iter().find(|(n, _)| n == name).unwrap();
        // "HH:MM  HH:MM:SS  +A.AAA°": the unrounded local time (WIB) and the altitude.
        let parts: Vec<&str> = rest.split_whitespace().collect();
        let local =
            NaiveDateTime::parse_from_str(&format!("2026-02-18 {}", parts[1]), "%Y-%m-%d %H:%M:%S")
                .unwrap();
        let ours = local.and_utc() - TimeDelta::hours(7);
        let theirs: DateTime<Utc> = DateTime::parse_from_rfc3339(f[6]).unwrap().to_utc();
        // The printed second is truncated: within 2 s of Skyfield's instant.
        let diff = (ours - theirs).as_seconds_f64();
        assert!(
            (-2.0..=2.0).contains(&diff),
            "{}: {} vs {}",
            f[5],
            parts[1],
            f[6]
        );
        checked += 1;
    }
    assert_eq!(checked, 8);
    let altitude = |name: &str| kemenag.iter().find(|(n, _)| n == name).unwrap().1.clone();
    assert!(
        altitude("subuh").ends_with("-20.000°"),
        "{}",
        altitude("subuh")
    );
    assert!(
        altitude("isya").ends_with("-18.000°"),
        "{}",
        altitude("isya")
    );
    assert!(
        altitude("dhuha").ends_with("+4.500°"),
        "{}",
        altitude("dhuha")
    );
}

#[test]
fn muhammadiyah_subuh_is_later() {
    let mut args = vec!["--date", "2026-02-18"];
    args.extend(KEDIRI);
    let kemenag = lines(&args);
    args.extend(["--method", "muhammadiyah"]);
    let muhammadiyah = lines(&args);
    let at = |l: &[(String, String)], i: usize| minutes(&l[i].1);
    // −18° against −20°: about 8 minutes (Tanfidz 734/KEP/I.0/B/2021), less Muhammadiyah's
    // one minute of ihtiyat against Kemenag's two.
    assert!((6..=8).contains(&(at(&muhammadiyah, 1) - at(&kemenag, 1))));
    // Isya is at −18° in both: a minute apart by the ihtiyat alone.
    assert_eq!(at(&kemenag, 7) - at(&muhammadiyah, 7), 1);
}

#[test]
fn times_that_do_not_occur_say_so() {
    // London at midsummer: the Sun stays above -18°, so no subuh, imsak or isya.
    let london = lines(&[
        "--date",
        "2026-06-21",
        "--lat",
        "51.5074",
        "--lon",
        "-0.1278",
        "--elev",
        "20",
        "--tz",
        "Europe/London",
    ]);
    for (name, rest) in &london {
        let absent = ["imsak", "subuh", "isya"].contains(&name.as_str());
        assert_eq!(rest.starts_with("does not occur"), absent, "{name}: {rest}");
    }
    assert!(london[1].1.contains("-20°"), "{}", london[1].1);
    // Tromsø in polar night: no sunrise, dhuha, ashar or sunset; the twilights occur.
    let tromso = lines(&[
        "--date",
        "2026-12-21",
        "--lat",
        "69.65",
        "--lon",
        "18.96",
        "--elev",
        "0",
        "--tz",
        "Europe/Oslo",
    ]);
    for (name, rest) in &tromso {
        let absent = ["terbit", "dhuha", "ashar", "maghrib"].contains(&name.as_str());
        assert_eq!(rest.starts_with("does not occur"), absent, "{name}: {rest}");
    }
}

#[test]
fn inputs_are_strict() {
    let base = [
        "--date",
        "2026-02-18",
        "--lat",
        "-7.8",
        "--lon",
        "110.4",
        "--elev",
        "100",
        "--tz",
        "WIB",
    ];
    for (change, flag) in [
        (("--method", "nu"), "--method"),
        (("--lat", "95"), "--lat"),
        (("--lat", "1e1"), "--lat"),
        (("--tz", "Mars/Olympus"), "--tz"),
        (("--date", "2026-2-18"), "--date"),
        (("--elev", "20000"), "--elev"),
    ] {
        let mut args: Vec<&str> = base.to_vec();
        let at = args
            .iter()
            .position(|a| *a == change.0)
            .unwrap_or(args.len());
        if at == args.len() {
            args.extend([change.0, change.1]);
        } else {
            args[at + 1] = change.1;
        }
        let out = prayer(&args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(flag), "{args:?}: {stderr}");
    }
    // A date outside the ephemeris is a run error (exit 1) naming the date.
    let mut args = base.to_vec();
    args[1] = "1900-01-01";
    let out = prayer(&args);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("1900-01-01"));
}

#[test]
fn a_place_by_its_id() {
    // Kota Kediri by its kode wilayah: the same minutes as its numbers give.
    let by_place = lines(&["--place", "35.71", "--date", "2026-06-23"]);
    let mut args = vec!["--date", "2026-06-23"];
    args.extend(KEDIRI);
    assert_eq!(by_place, lines(&args));
    let out = prayer(&["--place", "35.71", "--date", "2026-06-23"]);
    let title = String::from_utf8(out.stdout).unwrap();
    assert!(
        title.starts_with("2026-06-23 at Kota Kediri (35.71"),
        "{title}"
    );
    // Kota Yogyakarta by Muhammadiyah's method: subuh later than Kemenag's.
    let kemenag = lines(&["--place", "34.71", "--date", "2026-02-18"]);
    let muhammadiyah = lines(&[
        "--place",
        "34.71",
        "--date",
        "2026-02-18",
        "--method",
        "muhammadiyah",
    ]);
    assert!(minutes(&muhammadiyah[1].1) - minutes(&kemenag[1].1) >= 6);
    // Kota Bandung (714 m) by its id takes Kemenag's highland horizon (detik's terbit and maghrib
    // of 2 August 2024), which the help's method line names.
    let bandung = lines(&["--place", "32.73", "--date", "2024-08-02", "--detail"]);
    assert_eq!(bandung[2].0, "terbit");
    assert!(bandung[2].1.starts_with("05:54") && bandung[2].1.ends_with("-2.000°"));
    assert_eq!(bandung[6].0, "maghrib");
    assert!(bandung[6].1.starts_with("17:58") && bandung[6].1.ends_with("-2.000°"));
    let help = String::from_utf8(prayer(&["--help"]).stdout).unwrap();
    assert!(help.contains("(-2° from 530 m)"), "{help}");
    // An unknown place names the flag; a place with site numbers is refused.
    let out = prayer(&["--place", "99.99", "--date", "2026-02-18"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--place"));
    let out = prayer(&["--place", "35.71", "--lat", "1", "--date", "2026-02-18"]);
    assert_eq!(out.status.code(), Some(2));
    let out = prayer(&["--date", "2026-02-18", "--lat", "1"]);
    assert_eq!(out.status.code(), Some(2));
}
