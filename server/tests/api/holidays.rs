//! The days off through the API: `/holidays` (snapshots, every decreed day of 2023–2027 as
//! the committed final decrees give them, the predicted Islamic holidays of 2028–2100 on the
//! government's calendar's observance dates, the predicted year's warning, bad input),
//! `/holidays.ics` read by an independent iCalendar parser, and the `holidays` and
//! `observances` members of `/today` and `/convert`.

use std::collections::BTreeMap;

use icalendar::Component;
use serde_json::Value;

use crate::common::{
    each_str, find_by, get, get_json, state, state_with, test_app, test_app_with, vevents,
    UNLIMITED,
};
use crate::snapshots::{cases, codes};

#[actix_web::test]
async fn holidays_answers_are_recorded() {
    let answers = cases(
        state(),
        &[
            ("holidays_2023", "/api/v1/holidays?year=2023"),
            (
                "holidays_2027_leave",
                "/api/v1/holidays?year=2027&kind=CUTI_BERSAMA",
            ),
            (
                "holidays_2030",
                "/api/v1/holidays?year=2030&kind=libur_nasional",
            ),
            ("holidays_missing_year", "/api/v1/holidays"),
            ("holidays_invalid_year_text", "/api/v1/holidays?year=abc"),
            ("holidays_invalid_year", "/api/v1/holidays?year=1800"),
            ("holidays_out_of_coverage", "/api/v1/holidays?year=2014"),
            (
                "holidays_invalid_kind",
                "/api/v1/holidays?year=2025&kind=foo",
            ),
            (
                "holidays_repeated_year",
                "/api/v1/holidays?year=2025&year=2026",
            ),
            (
                "holidays_repeated_kind",
                "/api/v1/holidays?year=2025&kind=all&kind=all",
            ),
            ("holidays_ics_2022", "/api/v1/holidays.ics?year=2022"),
            (
                "holidays_ics_invalid_kind",
                "/api/v1/holidays.ics?kind=libur",
            ),
        ],
    )
    .await;
    assert_eq!(
        codes(&answers),
        [
            "ok",
            "ok",
            "ok",
            "missing_parameter",
            "invalid_year",
            "invalid_year",
            "out_of_coverage",
            "invalid_kind",
            "invalid_year",
            "invalid_kind",
            "ok",
            "invalid_kind"
        ]
    );
    // Each refusal names its parameter; 2014 is refused naming the years served.
    for answer in &answers[3..10] {
        let message = answer.message();
        assert!(
            message.contains("year") || message.contains("kind"),
            "{}: {message}",
            answer.request
        );
    }
    let message = answers[6].json()["error"]["message"].clone();
    assert!(
        message.as_str().unwrap().contains("2015 to 2100"),
        "{message}"
    );
    let predicted = answers[2].json();
    assert_eq!(predicted["status"], "predicted");
    assert_eq!(predicted["decree"], Value::Null);
    assert_eq!(predicted["warnings"][0]["code"], "predicted");
    assert!(predicted["items"]
        .as_array()
        .unwrap()
        .iter()
        .all(|i| i["status"] == "predicted" && i["kind"] == "libur_nasional"));
}

/// The committed final decrees' days of `year`: `(date, kind, slug)` in file order.
pub fn decreed_days(year: i32) -> Vec<(String, String, String)> {
    let path = crate::common::archive_path().with_file_name("holidays/days.csv");
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .skip(1)
        .map(|line| line.split(',').map(str::to_owned).collect::<Vec<_>>())
        .filter(|f| f[0].starts_with(&year.to_string()))
        .map(|f| (f[0].clone(), f[1].clone(), f[2].clone()))
        .collect()
}

fn items(body: &Value) -> Vec<(String, String, String)> {
    body["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| {
            let text = |k: &str| i[k].as_str().unwrap().to_owned();
            (text("date"), text("kind"), text("slug"))
        })
        .collect()
}

#[actix_web::test]
async fn every_decreed_day_of_2023_to_2027_is_served() {
    let app = test_app().await;
    for year in 2023..=2027 {
        let body = get_json(&app, &format!("/api/v1/holidays?year={year}")).await;
        assert_eq!(body["status"], "decreed", "{year}");
        assert_eq!(items(&body), decreed_days(year), "{year}");
        assert!(body["decree"]["number"].as_str().is_some(), "{year}");
    }
    // The amendments of the year, with what they changed.
    let body = get_json(&app, "/api/v1/holidays?year=2023").await;
    let amendments = body["amendments"].as_array().unwrap();
    assert_eq!(amendments.len(), 2);
    let days = items(&body);
    for day in [
        "2023-04-19",
        "2023-04-20",
        "2023-04-21",
        "2023-04-24",
        "2023-04-25",
    ] {
        assert!(
            days.contains(&(day.into(), "cuti_bersama".into(), "idul_fitri".into())),
            "{day}"
        );
    }
    for day in ["2023-06-28", "2023-06-30"] {
        assert!(
            days.contains(&(day.into(), "cuti_bersama".into(), "idul_adha".into())),
            "{day}"
        );
    }
    let body = get_json(&app, "/api/v1/holidays?year=2025&kind=cuti_bersama").await;
    assert!(items(&body).contains(&(
        "2025-08-18".into(),
        "cuti_bersama".into(),
        "hari_kemerdekaan".into()
    )));
    // From 2023 every Islamic holiday of the decree falls on the government's religious date;
    // Idul Fitri 1448 is split with Muhammadiyah.
    let body = get_json(&app, "/api/v1/holidays?year=2027&kind=libur_nasional").await;
    let fitri = find_by(&body["items"], "slug", "idul_fitri").clone();
    assert_eq!(fitri["date"], "2027-03-10");
    assert_eq!(fitri["hijri"], "1448-10-01");
    assert_eq!(fitri["observance"], "idul_fitri");
    assert_eq!(fitri["other_calendars"]["muhammadiyah"], "2027-03-09");
}

#[actix_web::test]
async fn predicted_islamic_holidays_are_the_calendar_s_observances() {
    let archive = crate::common::real();
    // The predicted years: the archive's after its last decreed one, to its last.
    let predicted: Vec<u16> = archive
        .dataset()
        .holidays
        .years
        .iter()
        .filter(|y| !y.decreed)
        .map(|y| y.year.to_native())
        .collect();
    assert!(predicted.len() > 70, "{predicted:?}");
    let app = test_app_with(state_with(archive, UNLIMITED)).await;
    let slugs = "isra_miraj,idul_fitri,idul_adha,1_muharram,maulid_nabi";
    for year in predicted {
        let holidays = get_json(&app, &format!("/api/v1/holidays?year={year}")).await;
        assert_eq!(holidays["status"], "predicted", "{year}");
        assert_eq!(holidays["warnings"][0]["code"], "predicted", "{year}");
        let mut found: BTreeMap<(String, String), ()> = BTreeMap::new();
        for item in holidays["items"].as_array().unwrap() {
            if let Some(observance) = item["observance"].as_str() {
                // Idul Fitri's second day is the day after the observance.
                if item["hijri"].as_str().unwrap().ends_with("-10-02") {
                    continue;
                }
                found.insert(
                    (observance.into(), item["date"].as_str().unwrap().into()),
                    (),
                );
            }
        }
        let events = get_json(
            &app,
            &format!("/api/v1/events?year={year}&calendar=gregorian&include={slugs}"),
        )
        .await;
        let expected: BTreeMap<(String, String), ()> = events["events"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|e| e["event"] != "awal_ramadan")
            .map(|e| {
                let text = |k: &str| e[k].as_str().unwrap().to_owned();
                ((text("event"), text("gregorian")), ())
            })
            .collect();
        assert_eq!(found, expected, "{year}");
    }
}

#[actix_web::test]
async fn the_feed_has_one_event_per_day_off() {
    let app = test_app().await;
    let feed = get(&app, "/api/v1/holidays.ics?year=2023").await;
    assert_eq!(
        feed.header("content-type"),
        Some("text/calendar; charset=utf-8")
    );
    let events = vevents(&feed);
    assert_eq!(events.len(), decreed_days(2023).len());
    let uid = |e: &icalendar::Event| e.get_uid().unwrap().to_owned();
    let mut uids: Vec<String> = events.iter().map(uid).collect();
    uids.sort();
    uids.dedup();
    assert_eq!(uids.len(), events.len(), "unique UIDs");
    // The day an amendment moved keeps its first date's UID and has a higher SEQUENCE.
    let moved = events
        .iter()
        .find(|e| uid(e) == "idul_fitri-cuti_bersama-20230426@kalender-hijriah.invalid")
        .unwrap();
    assert_eq!(crate::ical::date(moved.get_start()), "2023-04-20");
    assert!(moved.get_sequence().unwrap() > 0);
    assert!(moved.get_summary().unwrap().ends_with("(cuti bersama)"));
    // Its description is words, not the API's `kind` value.
    let description = moved.get_description().unwrap();
    assert!(description.starts_with("Cuti bersama: "), "{description}");
    for event in &events {
        let description = event.get_description().unwrap();
        assert!(!description.contains('_'), "{description}");
    }
    let kept = events
        .iter()
        .find(|e| uid(e) == "idul_fitri-libur_nasional-20230422@kalender-hijriah.invalid")
        .unwrap();
    assert_eq!(kept.get_sequence(), Some(0));
    // A predicted year's days say so.
    let feed = get(&app, "/api/v1/holidays.ics?year=2030&kind=libur_nasional").await;
    let text = String::from_utf8(crate::common::decoded(&feed)).unwrap();
    assert!(
        text.contains("SUMMARY:Hari Raya Natal (perkiraan)"),
        "{text}"
    );
}

#[actix_web::test]
async fn date_answers_carry_the_day_s_holidays_and_observances() {
    let app = test_app().await;
    let day = get_json(&app, "/api/v1/today/2027-03-10").await;
    let holidays = day["holidays"].as_array().unwrap();
    assert_eq!(holidays.len(), 1);
    assert_eq!(holidays[0]["slug"], "idul_fitri");
    assert_eq!(holidays[0]["kind"], "libur_nasional");
    assert_eq!(day["observances"][0]["slug"], "idul_fitri");
    let converted = get_json(&app, "/api/v1/convert?date=1448-10-01&calendar=hijri").await;
    assert_eq!(converted["output"]["date"], "2027-03-10");
    assert_eq!(converted["holidays"][0]["slug"], "idul_fitri");
    // Muhammadiyah's 1 Syawal is a day earlier: the day off is the government's, the
    // observance Muhammadiyah's.
    let theirs = get(
        &app,
        "/api/v1/convert?date=2027-03-09&authority=muhammadiyah",
    )
    .await;
    let theirs = theirs.json();
    assert_eq!(theirs["output"]["date"], "1448-10-01");
    assert_eq!(theirs["observances"][0]["slug"], "idul_fitri");
    let kinds: Vec<&str> = each_str(&theirs["holidays"], "kind");
    assert_eq!(
        kinds,
        ["cuti_bersama"],
        "the decree's collective leave before it"
    );
    // An ordinary day: none of either. A day of a range: the range's observance.
    let plain = get_json(&app, "/api/v1/convert?date=2025-02-04").await;
    assert_eq!(plain["holidays"], serde_json::json!([]));
    assert_eq!(plain["observances"], serde_json::json!([]));
    let tasyrik = get_json(&app, "/api/v1/convert?date=1446-12-12&calendar=hijri").await;
    let slugs: Vec<&str> = each_str(&tasyrik["observances"], "slug");
    assert_eq!(slugs, ["tasyrik"]);
}

#[actix_web::test]
async fn each_day_of_a_multi_day_holiday_has_its_own_hijri_date() {
    let app = test_app().await;
    // 2015's retro-computed 1 Syawal is a day after the decree's first day of Idul Fitri.
    let body = get_json(&app, "/api/v1/holidays?year=2015&kind=libur_nasional").await;
    let fitri: Vec<(&str, &str)> = body["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|i| i["slug"] == "idul_fitri")
        .map(|i| (i["date"].as_str().unwrap(), i["hijri"].as_str().unwrap()))
        .collect();
    assert_eq!(
        fitri,
        [("2015-07-17", "1436-10-01"), ("2015-07-18", "1436-10-02")]
    );
}

#[actix_web::test]
async fn other_calendars_say_why_a_retro_date_is_left_out() {
    let app = test_app().await;
    // 2019 is before Muhammadiyah's first published month: its differing dates are
    // retro-computed, left out of other_calendars with a warning naming the calendar.
    let body = get_json(&app, "/api/v1/holidays?year=2019").await;
    let items = body["items"].as_array().unwrap();
    assert!(items
        .iter()
        .all(|i| i["other_calendars"].get("muhammadiyah").is_none()));
    let warning = body["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|w| {
            w["message"]
                .as_str()
                .unwrap()
                .starts_with("muhammadiyah's dates")
        })
        .unwrap();
    assert_eq!(warning["code"], "retro_required");
    assert!(warning["message"]
        .as_str()
        .unwrap()
        .contains("authority=muhammadiyah and retro=true"));
}
