//! Puasa sunnah (`/fasting`, `/fasting.ics`): the year 1448 in `kemenag` and `muhammadiyah`
//! counted by hand from their month starts (the government's published in
//! `data/official/months.csv` up to Rajab, the rest the archive's chain; Muhammadiyah's
//! published table ends with 1447, so all its 1448 months are the archive's KHGT chain), with
//! the forbidden days removing the kinds they fall on and merged kinds in one entry; the feed
//! parsed with `icalendar`, its reminders at the previous evening's maghrib; `calendar`,
//! `retro`, `lang` and bad input.

use std::collections::BTreeMap;

use chrono::{Datelike, NaiveDate, Weekday};
use icalendar::Component;
use serde_json::Value;

use crate::common::{get, get_json, real, test_app, vevents};

/// The starts of the months 1448-01 … 1448-12 and of 1449-01 in a calendar.
type Starts = [&'static str; 13];

/// The government's: 1448-01 … 1448-07 as `data/official/months.csv` publishes them (checked
/// below); 1448-08 … 1449-01 computed (Neo-MABIMS), as the archive's chain has them.
const KEMENAG: Starts = [
    "2026-06-16",
    "2026-07-16",
    "2026-08-14",
    "2026-09-13",
    "2026-10-12",
    "2026-11-11",
    "2026-12-10",
    "2027-01-09",
    "2027-02-08",
    "2027-03-10",
    "2027-04-08",
    "2027-05-08",
    "2027-06-06",
];

/// Muhammadiyah's: all computed by KHGT, as the archive's chain has them.
const MUHAMMADIYAH: Starts = [
    "2026-06-16",
    "2026-07-15",
    "2026-08-14",
    "2026-09-12",
    "2026-10-12",
    "2026-11-10",
    "2026-12-10",
    "2027-01-09",
    "2027-02-08",
    "2027-03-09",
    "2027-04-08",
    "2027-05-07",
    "2027-06-06",
];

/// What a calendar's 1448 is, written out by hand from its starts: the days of each kind
/// but `senin_kamis` (every Monday and Thursday outside Ramadan and the forbidden days:
/// counted), the forbidden days with what each removes, and the days with two kinds.
struct Expected {
    starts: Starts,
    kinds: &'static [(&'static str, &'static [&'static str])],
    senin_kamis: usize,
    forbidden: &'static [(&'static str, &'static str, &'static [&'static str])],
    merged: &'static [(&'static str, [&'static str; 2])],
    count: usize,
}

const KEMENAG_1448: Expected = Expected {
    starts: KEMENAG,
    kinds: &[
        (
            "ayyamul_bidh",
            &[
                // 13–15 of Muharram … Sya'ban, Syawal, Dzulqa'dah; none in Ramadan.
                "2026-06-28",
                "2026-06-29",
                "2026-06-30",
                "2026-07-28",
                "2026-07-29",
                "2026-07-30",
                "2026-08-26",
                "2026-08-27",
                "2026-08-28",
                "2026-09-25",
                "2026-09-26",
                "2026-09-27",
                "2026-10-24",
                "2026-10-25",
                "2026-10-26",
                "2026-11-23",
                "2026-11-24",
                "2026-11-25",
                "2026-12-22",
                "2026-12-23",
                "2026-12-24",
                "2027-01-21",
                "2027-01-22",
                "2027-01-23",
                "2027-03-22",
                "2027-03-23",
                "2027-03-24",
                "2027-04-20",
                "2027-04-21",
                "2027-04-22",
                // 14–16 Dzulhijjah (13 Dzulhijjah, 2027-05-20, is Tasyrik).
                "2027-05-21",
                "2027-05-22",
                "2027-05-23",
            ],
        ),
        // 2–7 Syawal (1 Syawal 2027-03-10).
        (
            "syawal",
            &[
                "2027-03-11",
                "2027-03-12",
                "2027-03-13",
                "2027-03-14",
                "2027-03-15",
                "2027-03-16",
            ],
        ),
        ("tarwiyah", &["2027-05-15"]),
        ("arafah", &["2027-05-16"]),
        ("tasua", &["2026-06-24"]),
        ("asyura", &["2026-06-25"]),
    ],
    senin_kamis: 90,
    forbidden: &[
        ("2027-03-10", "idul_fitri", &[]),
        // 10 Dzulhijjah is a Monday, 13 Dzulhijjah a Thursday.
        ("2027-05-17", "idul_adha", &["senin_kamis"]),
        ("2027-05-18", "tasyrik", &[]),
        ("2027-05-19", "tasyrik", &[]),
        ("2027-05-20", "tasyrik", &["senin_kamis"]),
    ],
    merged: &[
        ("2026-06-25", ["senin_kamis", "asyura"]),
        ("2026-06-29", ["senin_kamis", "ayyamul_bidh"]),
        ("2026-07-30", ["senin_kamis", "ayyamul_bidh"]),
        ("2026-08-27", ["senin_kamis", "ayyamul_bidh"]),
        ("2026-10-26", ["senin_kamis", "ayyamul_bidh"]),
        ("2026-11-23", ["senin_kamis", "ayyamul_bidh"]),
        ("2026-12-24", ["senin_kamis", "ayyamul_bidh"]),
        ("2027-01-21", ["senin_kamis", "ayyamul_bidh"]),
        ("2027-03-11", ["senin_kamis", "syawal"]),
        ("2027-03-15", ["senin_kamis", "syawal"]),
        ("2027-03-22", ["senin_kamis", "ayyamul_bidh"]),
        ("2027-04-22", ["senin_kamis", "ayyamul_bidh"]),
    ],
    // 90 + 33 + 6 + 4 single days + 5 forbidden, less the 12 merged days.
    count: 126,
};

const MUHAMMADIYAH_1448: Expected = Expected {
    starts: MUHAMMADIYAH,
    kinds: &[
        (
            "ayyamul_bidh",
            &[
                "2026-06-28",
                "2026-06-29",
                "2026-06-30",
                "2026-07-27",
                "2026-07-28",
                "2026-07-29",
                "2026-08-26",
                "2026-08-27",
                "2026-08-28",
                "2026-09-24",
                "2026-09-25",
                "2026-09-26",
                "2026-10-24",
                "2026-10-25",
                "2026-10-26",
                "2026-11-22",
                "2026-11-23",
                "2026-11-24",
                "2026-12-22",
                "2026-12-23",
                "2026-12-24",
                "2027-01-21",
                "2027-01-22",
                "2027-01-23",
                "2027-03-21",
                "2027-03-22",
                "2027-03-23",
                "2027-04-20",
                "2027-04-21",
                "2027-04-22",
                "2027-05-20",
                "2027-05-21",
                "2027-05-22",
            ],
        ),
        // 2–7 Syawal (1 Syawal 2027-03-09, a day before the government's).
        (
            "syawal",
            &[
                "2027-03-10",
                "2027-03-11",
                "2027-03-12",
                "2027-03-13",
                "2027-03-14",
                "2027-03-15",
            ],
        ),
        ("tarwiyah", &["2027-05-14"]),
        ("arafah", &["2027-05-15"]),
        ("tasua", &["2026-06-24"]),
        ("asyura", &["2026-06-25"]),
    ],
    senin_kamis: 91,
    forbidden: &[
        ("2027-03-09", "idul_fitri", &[]),
        ("2027-05-16", "idul_adha", &[]),
        // 11 Dzulhijjah is a Monday.
        ("2027-05-17", "tasyrik", &["senin_kamis"]),
        ("2027-05-18", "tasyrik", &[]),
        ("2027-05-19", "tasyrik", &[]),
    ],
    merged: &[
        ("2026-06-25", ["senin_kamis", "asyura"]),
        ("2026-06-29", ["senin_kamis", "ayyamul_bidh"]),
        ("2026-07-27", ["senin_kamis", "ayyamul_bidh"]),
        ("2026-08-27", ["senin_kamis", "ayyamul_bidh"]),
        ("2026-09-24", ["senin_kamis", "ayyamul_bidh"]),
        ("2026-10-26", ["senin_kamis", "ayyamul_bidh"]),
        ("2026-11-23", ["senin_kamis", "ayyamul_bidh"]),
        ("2026-12-24", ["senin_kamis", "ayyamul_bidh"]),
        ("2027-01-21", ["senin_kamis", "ayyamul_bidh"]),
        ("2027-03-11", ["senin_kamis", "syawal"]),
        ("2027-03-15", ["senin_kamis", "syawal"]),
        ("2027-03-22", ["senin_kamis", "ayyamul_bidh"]),
        ("2027-04-22", ["senin_kamis", "ayyamul_bidh"]),
        ("2027-05-20", ["senin_kamis", "ayyamul_bidh"]),
    ],
    // 91 + 33 + 6 + 4 + 5 − 14.
    count: 125,
};

fn date(text: &str) -> NaiveDate {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
}

/// The starts written above are the archive's chain (and, for the government's first
/// seven months, the published table's).
#[test]
fn the_month_starts_are_the_published_table_and_the_archive() {
    let table = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../data/official/months.csv"),
    )
    .unwrap();
    let published: BTreeMap<u8, &str> = table
        .lines()
        .filter_map(|line| {
            let fields: Vec<&str> = line.split(',').collect();
            (fields.first() == Some(&"1448")).then(|| (fields[1].parse().unwrap(), fields[2]))
        })
        .collect();
    assert_eq!(published.len(), 7, "the table publishes 1448-01 … 1448-07");
    for (month, start) in &published {
        assert_eq!(KEMENAG[usize::from(*month) - 1], *start, "1448-{month:02}");
    }
    let archive = real();
    for (id, starts) in [("kemenag", KEMENAG), ("muhammadiyah", MUHAMMADIYAH)] {
        let chain = archive.dataset().chain(id).unwrap();
        for (i, start) in starts.iter().enumerate() {
            let month = hijri::hijri::HijriMonth {
                year: 1448 + (i / 12) as u16,
                month: (i % 12) as u8 + 1,
            };
            let archived = chain.month(month).unwrap();
            assert_eq!(archived.start().to_string(), *start, "{id} {month:?}");
        }
    }
}

/// An entry: its kinds, the forbidden day it is, the kinds that removes.
type Entry = (Vec<String>, Option<String>, Vec<String>);

/// The entries of an answer by Gregorian date.
fn entries(body: &Value) -> BTreeMap<String, Entry> {
    let strings = |v: &Value| -> Vec<String> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_str().unwrap().to_owned())
            .collect()
    };
    let days = body["days"].as_array().unwrap();
    let map: BTreeMap<_, _> = days
        .iter()
        .map(|d| {
            let kinds = d["kinds"]
                .as_array()
                .unwrap()
                .iter()
                .map(|k| k["id"].as_str().unwrap().to_owned())
                .collect();
            (
                d["gregorian"].as_str().unwrap().to_owned(),
                (
                    kinds,
                    d["forbidden"].as_str().map(str::to_owned),
                    strings(&d["removed"]),
                ),
            )
        })
        .collect();
    assert_eq!(map.len(), days.len(), "one entry per day");
    map
}

fn check(body: &Value, expected: &Expected) {
    let got = entries(body);
    assert_eq!(body["count"], expected.count);
    assert_eq!(got.len(), expected.count);
    // Every kind on exactly its days.
    for (kind, days) in expected.kinds {
        let on: Vec<&str> = got
            .iter()
            .filter(|(_, (kinds, _, _))| kinds.iter().any(|k| k == kind))
            .map(|(d, _)| d.as_str())
            .collect();
        assert_eq!(on, *days, "{kind}");
        assert_eq!(body["counts"][kind], days.len(), "{kind}");
    }
    // Monday and Thursday: every one from 1 Muharram to the last of Dzulhijjah, outside
    // Ramadan and the forbidden days.
    let (first, end) = (date(expected.starts[0]), date(expected.starts[12]));
    let ramadan = date(expected.starts[8])..date(expected.starts[9]);
    let forbidden: Vec<NaiveDate> = expected.forbidden.iter().map(|f| date(f.0)).collect();
    let weekly: Vec<String> = first
        .iter_days()
        .take_while(|d| *d < end)
        .filter(|d| matches!(d.weekday(), Weekday::Mon | Weekday::Thu))
        .filter(|d| !ramadan.contains(d) && !forbidden.contains(d))
        .map(|d| d.to_string())
        .collect();
    assert_eq!(weekly.len(), expected.senin_kamis);
    let on: Vec<String> = got
        .iter()
        .filter(|(_, (kinds, _, _))| kinds.iter().any(|k| k == "senin_kamis"))
        .map(|(d, _)| d.clone())
        .collect();
    assert_eq!(on, weekly);
    assert_eq!(body["counts"]["senin_kamis"], expected.senin_kamis);
    // The forbidden days: no kind left, the removed ones named.
    for (day, id, removed) in expected.forbidden {
        let (kinds, forbidden, gone) = &got[*day];
        assert!(kinds.is_empty(), "{day}");
        assert_eq!(forbidden.as_deref(), Some(*id), "{day}");
        assert_eq!(gone, removed, "{day}");
    }
    let listed_forbidden = got.values().filter(|e| e.1.is_some()).count();
    assert_eq!(listed_forbidden, expected.forbidden.len());
    // Two kinds in one entry.
    let merged: Vec<(&str, Vec<String>)> = got
        .iter()
        .filter(|(_, (kinds, _, _))| kinds.len() > 1)
        .map(|(d, (kinds, _, _))| (d.as_str(), kinds.clone()))
        .collect();
    let written: Vec<(&str, Vec<String>)> = expected
        .merged
        .iter()
        .map(|(d, k)| (*d, k.iter().map(|s| (*s).to_owned()).collect()))
        .collect();
    assert_eq!(merged, written);
    // No day of Ramadan.
    assert!(got.keys().all(|d| !ramadan.contains(&date(d))));
}

#[actix_web::test]
async fn puasa_sunnah_1448_counted_by_hand() {
    let app = test_app().await;
    for (authority, expected) in [
        ("kemenag", &KEMENAG_1448),
        ("muhammadiyah", &MUHAMMADIYAH_1448),
    ] {
        let answer = get(
            &app,
            &format!("/api/v1/fasting?year=1448&authority={authority}"),
        )
        .await;
        assert_eq!(answer.status, 200, "{authority}");
        let body = answer.json();
        assert_eq!(body["input"]["authority"], authority);
        check(&body, expected);
        // Each entry's Hijri date is its calendar's.
        for day in body["days"].as_array().unwrap() {
            let gregorian = date(day["gregorian"].as_str().unwrap());
            let month = expected
                .starts
                .iter()
                .rposition(|s| date(s) <= gregorian)
                .unwrap();
            let n = (gregorian - date(expected.starts[month])).num_days() + 1;
            assert_eq!(
                day["hijri"]["date"],
                format!("1448-{:02}-{n:02}", month + 1),
                "{authority} {gregorian}"
            );
        }
    }
    // The default calendar is the government's.
    let plain = get(&app, "/api/v1/fasting?year=1448").await;
    check(&plain.json(), &KEMENAG_1448);
}

#[actix_web::test]
async fn a_gregorian_year_and_names_in_lang() {
    let app = test_app().await;
    let body = get_json(&app, "/api/v1/fasting?year=2027&calendar=gregorian").await;
    let days = body["days"].as_array().unwrap();
    assert!(days
        .iter()
        .all(|d| d["gregorian"].as_str().unwrap().starts_with("2027-")));
    // The days of 1448 that fall in 2027 are those of the Hijri year's answer.
    let hijri = get_json(&app, "/api/v1/fasting?year=1448").await;
    let of_2027: Vec<&Value> = hijri["days"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["gregorian"].as_str().unwrap().starts_with("2027-"))
        .collect();
    let from_1448: Vec<&Value> = days.iter().filter(|d| d["hijri"]["year"] == 1448).collect();
    assert_eq!(from_1448, of_2027);
    // Asyura 1449 falls in 2027 too (1 Muharram 1449 is 2027-06-06).
    assert!(days
        .iter()
        .any(|d| d["gregorian"] == "2027-06-15" && d["kinds"][0]["id"] == "asyura"));
    let english = get_json(&app, "/api/v1/fasting?year=1448&lang=en").await;
    let arabic = get_json(&app, "/api/v1/fasting?year=1448&lang=AR").await;
    let tasyrik = |body: &Value| {
        body["days"]
            .as_array()
            .unwrap()
            .iter()
            .find(|d| d["gregorian"] == "2027-05-20")
            .cloned()
            .unwrap()
    };
    assert_eq!(tasyrik(&english)["forbidden_name"], "Days of Tashriq");
    assert_eq!(tasyrik(&english)["weekday"], "Thursday");
    assert_eq!(tasyrik(&arabic)["forbidden_name"], "أيام التشريق");
    assert_eq!(
        english["days"][0]["kinds"][0]["name"],
        "Monday and Thursday fast"
    );
    assert_eq!(arabic["days"][0]["kinds"][0]["name"], "صيام الاثنين والخميس");
    assert_eq!(english["kinds"].as_array().unwrap().len(), 10);
    assert_eq!(english["notes"]["syawal_window"]["first_day"], 2);
    assert_eq!(english["notes"]["syawal_window"]["last_day"], 7);
}

#[actix_web::test]
async fn retro_years_and_the_span_edges() {
    let app = test_app().await;
    // 1400 H is wholly before the government's table: left out without retro.
    let before = get_json(&app, "/api/v1/fasting?year=1400").await;
    assert_eq!(before["count"], 0);
    assert_eq!(before["warnings"][0]["code"], "retro_required");
    let retro = get_json(&app, "/api/v1/fasting?year=1400&retro=true").await;
    assert!(retro["count"].as_u64().unwrap() > 100);
    assert!(retro["days"]
        .as_array()
        .unwrap()
        .iter()
        .all(|d| d["source"] == "regional-retro"));
    // 1945 and 2100 are served; 1944 and 2101 are not years of the calendar.
    for year in [1945, 2100] {
        let answer = get(
            &app,
            &format!("/api/v1/fasting?year={year}&calendar=gregorian&retro=1"),
        )
        .await;
        assert_eq!(answer.status, 200, "{year}");
        assert!(answer.json()["count"].as_u64().unwrap() > 100, "{year}");
    }
    for year in [1944, 2101] {
        let answer = get(
            &app,
            &format!("/api/v1/fasting?year={year}&calendar=gregorian"),
        )
        .await;
        assert_eq!((answer.status, answer.code()), (400, "invalid_year".into()));
    }
    let edge = get_json(&app, "/api/v1/fasting?year=1524&retro=true").await;
    assert!(edge["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .any(|w| w["code"] == "outside_span"));
}

#[actix_web::test]
async fn bad_input_names_its_parameter() {
    let app = test_app().await;
    for (uri, code, named) in [
        ("/api/v1/fasting", "missing_parameter", "year"),
        ("/api/v1/fasting?year=abc", "invalid_year", "year"),
        ("/api/v1/fasting?year=1600", "invalid_year", "year"),
        (
            "/api/v1/fasting?year=2101&calendar=gregorian",
            "invalid_year",
            "year",
        ),
        (
            "/api/v1/fasting?year=1448&calendar=julian",
            "invalid_calendar",
            "calendar",
        ),
        (
            "/api/v1/fasting?year=1448&authority=nu",
            "invalid_authority",
            "authority",
        ),
        ("/api/v1/fasting?year=1448&lang=fr", "invalid_lang", "lang"),
        (
            "/api/v1/fasting?year=1448&retro=maybe",
            "invalid_retro",
            "retro",
        ),
        (
            "/api/v1/fasting.ics?year=1448&reminder=soon",
            "invalid_reminder",
            "reminder",
        ),
        (
            "/api/v1/fasting.ics?year=1448&lang=ar",
            "invalid_lang",
            "lang",
        ),
        (
            "/api/v1/fasting.ics?year=2101&calendar=gregorian",
            "invalid_year",
            "year",
        ),
        (
            "/api/v1/fasting.ics?calendar=x",
            "invalid_calendar",
            "calendar",
        ),
    ] {
        let answer = get(&app, uri).await;
        assert_eq!(answer.status, 400, "{uri}");
        assert_eq!(answer.code(), code, "{uri}");
        let message = answer.message();
        assert!(message.contains(named), "{uri}: {message}");
    }
    let unknown = get(&app, "/api/v1/fasting.ics?place=99.99").await;
    assert_eq!(
        (unknown.status, unknown.code()),
        (404, "unknown_place".into())
    );
    assert!(unknown.json()["error"]["message"]
        .as_str()
        .unwrap()
        .contains("place"));
}

/// The Unix seconds of a `YYYYMMDDTHHMMSSZ` DATE-TIME.
fn utc(text: &str) -> i64 {
    chrono::NaiveDateTime::parse_from_str(text, "%Y%m%dT%H%M%SZ")
        .unwrap()
        .and_utc()
        .timestamp()
}

#[actix_web::test]
async fn the_feed_has_every_day_and_a_reminder_at_the_maghrib_before() {
    let app = test_app().await;
    for (uri, place, authority) in [
        ("/api/v1/fasting.ics?year=1448", "31.71", "kemenag"),
        (
            "/api/v1/fasting.ics?year=1448&authority=muhammadiyah&place=34.71",
            "34.71",
            "muhammadiyah",
        ),
    ] {
        let ics = get(&app, uri).await;
        assert_eq!(ics.status, 200, "{uri}");
        assert_eq!(
            ics.header("content-type"),
            Some("text/calendar; charset=utf-8")
        );
        let json = get_json(
            &app,
            &format!("/api/v1/fasting?year=1448&authority={authority}"),
        )
        .await;
        let days = json["days"].as_array().unwrap();
        let events = vevents(&ics);
        assert_eq!(events.len(), days.len(), "{uri}");
        // The maghrib of each day of the year at the place, by the calendar's own method.
        let times = get_json(&app, &format!(
                "/api/v1/prayer-times?place={place}&from=2026-06-14&to=2027-06-05&method={authority}"
            )).await;
        let zone = chrono::FixedOffset::east_opt(7 * 3600).unwrap();
        let maghrib: BTreeMap<String, i64> = times["days"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| {
                let day = date(d["date"].as_str().unwrap());
                let at = chrono::NaiveTime::parse_from_str(
                    d["times"]["maghrib"].as_str().unwrap(),
                    "%H:%M",
                )
                .unwrap();
                let local = day.and_time(at).and_local_timezone(zone).unwrap();
                (day.to_string(), local.timestamp())
            })
            .collect();
        for (event, day) in events.iter().zip(days) {
            let gregorian = day["gregorian"].as_str().unwrap();
            assert_eq!(crate::ical::date(event.get_start()), gregorian);
            assert_eq!(
                event.get_uid(),
                Some(
                    format!(
                        "puasa-{}-{authority}@kalender-hijriah.invalid",
                        gregorian.replace('-', "")
                    )
                    .as_str()
                )
            );
            let alarms: Vec<_> = event
                .components()
                .iter()
                .filter(|c| c.component_kind() == "VALARM")
                .collect();
            if day["forbidden"].is_string() {
                assert!(alarms.is_empty(), "{gregorian}");
                assert!(event.get_summary().unwrap().contains("haram berpuasa"));
                continue;
            }
            assert_eq!(alarms.len(), 1, "{gregorian}");
            let before = date(gregorian).pred_opt().unwrap().to_string();
            let trigger = alarms[0].property_value("TRIGGER").unwrap();
            assert_eq!(utc(trigger), maghrib[&before], "{uri} {gregorian}");
            assert_eq!(
                alarms[0].properties()["TRIGGER"].params()["VALUE"].value(),
                "DATE-TIME"
            );
            assert_eq!(alarms[0].property_value("ACTION"), Some("DISPLAY"));
        }
    }
    // Merged kinds are one event; `reminder=none` leaves the alarms out; the window.
    let ics = get(&app, "/api/v1/fasting.ics?year=1448").await;
    let text = std::str::from_utf8(&ics.body).unwrap();
    assert!(text.contains("SUMMARY:Puasa Senin Kamis\\, Puasa Ayyamul Bidh\r\n"));
    assert!(text.contains("SUMMARY:Hari Tasyrik: haram berpuasa (perkiraan)\r\n"));
    let quiet = get(&app, "/api/v1/fasting.ics?year=1448&reminder=NONE").await;
    assert!(!std::str::from_utf8(&quiet.body).unwrap().contains("VALARM"));
    assert_eq!(vevents(&quiet).len(), vevents(&ics).len());
    let english = get(&app, "/api/v1/fasting.ics?year=1448&lang=en").await;
    assert!(std::str::from_utf8(&english.body)
        .unwrap()
        .contains("NAME:Sunnah Fasts 1448 AH (Kemenag)"));
    // The UIDs do not depend on the language or the place.
    let uids = |answer| -> Vec<String> {
        vevents(answer)
            .iter()
            .map(|e| e.get_uid().unwrap().to_owned())
            .collect()
    };
    assert_eq!(uids(&english), uids(&ics));
    let window = get(&app, "/api/v1/fasting.ics").await;
    let years: std::collections::BTreeSet<String> = vevents(&window)
        .iter()
        .map(|e| crate::ical::date(e.get_start())[..4].to_owned())
        .collect();
    assert_eq!(
        years.into_iter().collect::<Vec<_>>(),
        ["2024", "2025", "2026", "2027"]
    );
}
