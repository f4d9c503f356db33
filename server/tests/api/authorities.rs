//! The calendars side by side through the API: `authority` on every endpoint that takes it
//! (tiers per calendar, retro gating, the echo, `invalid_authority` everywhere), the
//! records of Muhammadiyah's rules on `/hilal/info`, `/compare` over the five splits of
//! 1444–1447 between Muhammadiyah and the government, and Muhammadiyah's feed read by an
//! independent iCalendar parser. Dates are checked against the published starts of
//! `data/reference/authorities/published.csv`.

use serde_json::Value;

use crate::common::{assert_refused, find_by, get, state, test_app};
use crate::snapshots::statuses;

async fn answers(uris: &[&str]) -> Vec<crate::common::Answer> {
    let app = test_app().await;
    let mut out = Vec::new();
    for uri in uris {
        out.push(get(&app, uri).await);
    }
    out
}

fn codes(answer: &crate::common::Answer) -> Vec<String> {
    answer.json()["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["code"].as_str().unwrap().to_owned())
        .collect()
}

#[actix_web::test]
async fn each_calendar_names_its_tiers_and_gates_its_retro_months() {
    let a = answers(&[
        // Published by Muhammadiyah (maklumat): 1 Ramadhan 1447.
        "/api/v1/convert?date=2026-02-18&authority=muhammadiyah",
        // Not published: computed with KHGT.
        "/api/v1/convert?date=2027-06-01&authority=Muhammadiyah",
        // Before its first published month: retro, only with retro=true.
        "/api/v1/convert?date=2000-01-01&authority=muhammadiyah",
        "/api/v1/convert?date=2000-01-01&authority=muhammadiyah&retro=true",
        // Umm al-Qura: a table on every day, no retro gate.
        "/api/v1/convert?date=1950-01-01&authority=ummalqura",
        // The government's, named: the same answer as the default, with the echo.
        "/api/v1/convert?date=2026-02-18&authority=KEMENAG",
        "/api/v1/convert?date=2026-02-18",
    ])
    .await;
    let muhammadiyah = a[0].json();
    assert_eq!(muhammadiyah["output"]["date"], "1447-09-01");
    assert_eq!(muhammadiyah["source"], "muhammadiyah");
    assert_eq!(muhammadiyah["input"]["authority"], "muhammadiyah");
    assert!(codes(&a[0]).is_empty());

    assert_eq!(a[1].json()["source"], "muhammadiyah-computed");
    assert_eq!(codes(&a[1]), ["computed"]);
    let text = a[1].json()["warnings"][0]["message"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(
        text.contains("Muhammadiyah") && text.contains("KHGT"),
        "{text}"
    );

    assert_refused(&a[2], 400, "out_of_coverage");
    assert_eq!(a[3].json()["source"], "muhammadiyah-retro");
    assert_eq!(codes(&a[3]), ["retro"]);
    let text = a[3].json()["warnings"][0]["message"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(text.contains("Wujudul hilal at Yogyakarta"), "{text}");

    assert_eq!(a[4].status, 200);
    assert_eq!(a[4].json()["source"], "ummalqura");

    let (named, default) = (a[5].json(), a[6].json());
    assert_eq!(named["input"]["authority"], "kemenag");
    assert!(default["input"].get("authority").is_none());
    assert_eq!(named["output"], default["output"]);
    // The government began Ramadhan 1447 a day later.
    assert_eq!(default["output"]["date"], "1447-08-30");
    assert_eq!(named["source"], "regional");
}

#[actix_web::test]
async fn an_unknown_calendar_is_invalid_authority_everywhere() {
    let uris = [
        "/api/v1/today?authority=diyanet",
        "/api/v1/today/2025-03-01?authority=diyanet",
        "/api/v1/convert?date=2025-03-01&authority=diyanet",
        "/api/v1/range?start=2025-03-01&end=2025-03-02&authority=diyanet",
        "/api/v1/month?year=1446&month=9&authority=diyanet",
        "/api/v1/year?year=1446&authority=diyanet",
        "/api/v1/events?year=1446&authority=diyanet",
        "/api/v1/events.ics?year=1446&authority=diyanet",
        "/api/v1/calendar.ics?authority=diyanet",
        "/api/v1/table?authority=diyanet",
        "/api/v1/table.csv?authority=diyanet",
        "/api/v1/hilal/info?month=9&year=1446&authority=diyanet",
        "/api/v1/hilal/history?authority=diyanet",
        "/api/v1/hilal/viz?month=9&year=1446&authority=diyanet",
        "/api/v1/hilal/map?month=9&year=1446&authority=diyanet",
        "/api/v1/compare?year=1446&authorities=kemenag,diyanet",
        "/api/v1/compare?year=1446&authorities=,",
        // A calendar without evenings has no hilal record.
        "/api/v1/hilal/info?month=9&year=1446&authority=ummalqura",
        "/api/v1/hilal/history?authority=ummalqura",
        // A table calendar has no cards.
        "/api/v1/hilal/viz?month=9&year=1446&authority=ummalqura",
        "/api/v1/hilal/map?month=9&year=1446&authority=ummalqura",
    ];
    for (uri, answer) in uris.iter().zip(answers(&uris).await) {
        if uri.contains("table.csv") && answer.status == 404 {
            // The CSV table lands with the integrators' change.
            continue;
        }
        assert_eq!(answer.status, 400, "{uri}");
        assert_eq!(answer.code(), "invalid_authority", "{uri}");
    }
    let [unknown, table] = answers(&[
        "/api/v1/convert?date=2025-03-01&authority=diyanet",
        "/api/v1/hilal/info?month=9&year=1446&authority=ummalqura",
    ])
    .await
    .try_into()
    .ok()
    .unwrap();
    let message = unknown.message();
    assert!(
        message.contains("kemenag, muhammadiyah, ummalqura, tabular"),
        "{message}"
    );
    let message = table.message();
    assert!(
        message.contains("has no hilal record") && message.contains("no evening decides a month"),
        "{message}"
    );
}

#[actix_web::test]
async fn muhammadiyahs_records_follow_its_rule_of_the_month() {
    let a = answers(&[
        "/api/v1/hilal/info?month=9&year=1446&authority=muhammadiyah",
        "/api/v1/hilal/info?month=9&year=1447&authority=muhammadiyah",
        "/api/v1/hilal/info?month=12&year=1447&authority=muhammadiyah",
    ])
    .await;
    // Wujudul hilal, Ramadhan 1446: the maklumat gives the conjunction at 2025-02-28
    // 07:46:49 WIB (00:46:49 UTC), before sunset at Yogyakarta, and the Moon setting after
    // the Sun. (Our geocentric conjunction, equal apparent ecliptic longitudes, is 00:45:12;
    // conjunction conventions differ by a minute or two.)
    let wujud = a[0].json();
    let evening = &wujud["evening"];
    assert_eq!(evening["rule"], "Wujudul hilal");
    assert_eq!(evening["place"]["name"], "Yogyakarta");
    assert_eq!(evening["gregorian_date"], "2025-02-28");
    assert_eq!(evening["conjunction_before_sunset"], true);
    assert_eq!(evening["moonset_after_sunset"], true);
    assert_eq!(evening["met"], true);
    let conjunction: chrono::DateTime<chrono::Utc> = evening["conjunction_utc"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    let published: chrono::DateTime<chrono::Utc> = "2025-02-28T00:46:49Z".parse().unwrap();
    assert!(
        (conjunction - published).num_seconds().abs() < 180,
        "{conjunction}"
    );
    assert_eq!(wujud["month"]["start"], "2025-03-01");
    assert_eq!(wujud["source"], "muhammadiyah");
    // KHGT, Ramadhan 1447: PKG 1 failed, PKG 2 met in Alaska; conjunction before New
    // Zealand's fajr (16:06:13 UTC as published).
    let khgt = a[1].json();
    let evening = &khgt["evening"];
    assert_eq!(evening["rule"], "KHGT");
    assert_eq!(evening["evaluation_day"], "2026-02-17");
    assert_eq!(evening["rule_applied"], "PKG2");
    assert_eq!(evening["nz_fajr_utc"], "2026-02-17T16:06:13Z");
    assert!(evening["conjunction_utc"]
        .as_str()
        .unwrap()
        .starts_with("2026-02-17T12:01"));
    assert_eq!(evening["deciding_place"]["tz"], "UTC");
    let lat = evening["deciding_place"]["lat"].as_f64().unwrap();
    assert!((54.0..59.0).contains(&lat), "{lat}");
    let pkg1 = &evening["pkg1"];
    assert!(!(pkg1["alt_ok"].as_bool().unwrap() && pkg1["elong_ok"].as_bool().unwrap()));
    assert_eq!(khgt["month"]["start"], "2026-02-18");
    // Dzulhijjah 1447: neither condition on 2026-05-16, so the month starts on 2026-05-18.
    let neither = a[2].json();
    assert_eq!(neither["evening"]["rule_applied"], Value::Null);
    assert_eq!(neither["evening"]["evaluation_day"], "2026-05-16");
    assert_eq!(neither["month"]["start"], "2026-05-18");
}

/// The first day of `month` under `authority` in a `/compare` answer.
fn start<'a>(body: &'a Value, month: &str, authority: &str) -> &'a str {
    body["months"]
        .as_array()
        .unwrap()
        .iter()
        .find(|row| row["hijri_month"] == month)
        .unwrap_or_else(|| panic!("{month} missing"))["starts"][authority]["start"]
        .as_str()
        .unwrap()
}

#[actix_web::test]
async fn compare_shows_the_five_splits_of_1444_to_1447() {
    let a = answers(&[
        "/api/v1/compare?year=1444&retro=true",
        "/api/v1/compare?year=1445",
        "/api/v1/compare?year=1447&authorities=muhammadiyah,kemenag",
        "/api/v1/compare?year=2026&calendar=gregorian",
    ])
    .await;
    for answer in &a {
        assert_eq!(answer.status, 200, "{}", answer.request);
    }
    let (y1444, y1445, y1447) = (a[0].json(), a[1].json(), a[2].json());
    // The five month starts on which Muhammadiyah and the government differed.
    for (body, month, muhammadiyah, kemenag) in [
        (&y1444, "1444-10", "2023-04-21", "2023-04-22"),
        (&y1444, "1444-12", "2023-06-19", "2023-06-20"),
        (&y1445, "1445-09", "2024-03-11", "2024-03-12"),
        (&y1447, "1447-09", "2026-02-18", "2026-02-19"),
        (&y1447, "1447-10", "2026-03-20", "2026-03-21"),
    ] {
        assert_eq!(start(body, month, "muhammadiyah"), muhammadiyah, "{month}");
        assert_eq!(start(body, month, "kemenag"), kemenag, "{month}");
        let row = find_by(&body["months"], "hijri_month", month);
        assert_eq!(row["agree"], false, "{month}");
        assert_eq!(row["spread_days"], 1, "{month}");
    }
    // Ramadhan 1445 began the same day for Muhammadiyah and Umm al-Qura.
    assert_eq!(start(&y1445, "1445-09", "ummalqura"), "2024-03-11");
    // The authorities asked, in the order asked.
    assert_eq!(
        y1447["input"]["authorities"],
        serde_json::json!(["muhammadiyah", "kemenag"])
    );
    // Observances: Idul Fitri 1447 on Friday 20 March for Muhammadiyah, Saturday 21 March for
    // the government.
    let fitri = find_by(&y1447["observances"], "event", "idul_fitri");
    assert_eq!(fitri["dates"]["muhammadiyah"]["gregorian"], "2026-03-20");
    assert_eq!(fitri["dates"]["kemenag"]["gregorian"], "2026-03-21");
    assert_eq!(fitri["agree"], false);
    // A Gregorian year lists every Hijri month touching it.
    let months: Vec<String> = a[3].json()["months"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row["hijri_month"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(months.first().map(String::as_str), Some("1447-07"));
    assert_eq!(months.last().map(String::as_str), Some("1448-07"));
}

#[actix_web::test]
async fn muhammadiyahs_feed_parses_as_icalendar() {
    use icalendar::Component;
    let a = answers(&["/api/v1/events.ics?year=1447&authority=muhammadiyah"]).await;
    assert_eq!(a[0].status, 200);
    let text = String::from_utf8(a[0].body.to_vec()).unwrap();
    let events = crate::common::vevents(&a[0]);
    assert_eq!(events.len(), 5);
    let day = |summary: &str| {
        let event = events
            .iter()
            .find(|e| e.get_summary().is_some_and(|s| s.starts_with(summary)))
            .unwrap();
        crate::ical::date(event.get_start())
    };
    assert_eq!(day("Awal Ramadan"), "2026-02-18");
    assert_eq!(day("Idul Fitri"), "2026-03-20");
    assert_eq!(day("1 Muharram"), "2025-06-26");
    assert!(text.contains("X-WR-CALNAME:Hari Besar Islam 1447 H (Muhammadiyah)"));
}

/// Every new answer, recorded: the listing, `/compare` both ways and its errors, the records
/// of both Muhammadiyah rules, a day of each calendar, and `invalid_authority`.
#[actix_web::test]
async fn the_calendars_answers_are_recorded() {
    let answers = crate::snapshots::cases(
        state(),
        &[
            ("authorities", "/api/v1/authorities"),
            ("compare_1447", "/api/v1/compare?year=1447"),
            (
                "compare_gregorian_2023_two",
                "/api/v1/compare?year=2023&calendar=gregorian&authorities=Muhammadiyah,kemenag",
            ),
            ("compare_1364", "/api/v1/compare?year=1364&retro=true"),
            ("compare_missing_year", "/api/v1/compare"),
            (
                "compare_invalid_authority",
                "/api/v1/compare?year=1447&authorities=kemenag,diyanet",
            ),
            (
                "hilal_info_muhammadiyah_wujud",
                "/api/v1/hilal/info?year=1446&month=9&authority=muhammadiyah",
            ),
            (
                "hilal_info_muhammadiyah_khgt",
                "/api/v1/hilal/info?year=1447&month=9&authority=muhammadiyah",
            ),
            (
                "hilal_info_ummalqura",
                "/api/v1/hilal/info?year=1447&month=9&authority=ummalqura",
            ),
            (
                "convert_muhammadiyah",
                "/api/v1/convert?date=2026-02-18&authority=muhammadiyah",
            ),
            (
                "convert_ummalqura",
                "/api/v1/convert?date=2026-02-18&authority=UmmAlQura",
            ),
            (
                "convert_invalid_authority",
                "/api/v1/convert?date=2026-02-18&authority=nu",
            ),
        ],
    )
    .await;
    assert_eq!(
        statuses(&answers),
        [200, 200, 200, 400, 400, 400, 200, 200, 400, 200, 200, 400]
    );
    let split = &answers[1].json()["months"][8]["starts"];
    assert_eq!(split["kemenag"]["start"], "2026-02-19");
    assert_eq!(split["muhammadiyah"]["start"], "2026-02-18");
    assert_eq!(answers[3].code(), "date_out_of_supported_range");
    assert_eq!(answers[4].code(), "missing_parameter");
    assert_eq!(answers[5].code(), "invalid_authority");
    assert_eq!(answers[8].code(), "invalid_authority");
}

#[actix_web::test]
async fn the_tabular_calendar_is_served_where_umm_al_qura_is() {
    let a = answers(&[
        "/api/v1/convert?date=1400-01-01&calendar=hijri&authority=tabular",
        "/api/v1/convert?date=2026-02-18&authority=tabular",
        "/api/v1/hilal/info?year=1447&month=9&authority=tabular",
        "/api/v1/compare?year=1447",
        "/api/v1/year?year=1447&authority=tabular",
        "/api/v1/events?year=2030&calendar=gregorian&authority=tabular",
    ])
    .await;
    let muharram = a[0].json();
    assert_eq!(muharram["output"]["date"], "1979-11-21");
    assert_eq!(muharram["source"], "tabular");
    assert_eq!(codes(&a[0]), ["computed"]);
    assert_eq!(a[1].json()["output"]["date"], "1447-09-01");
    // No evening decides its months: refused in its rule's words.
    assert_eq!(a[2].status, 400);
    assert_eq!(a[2].code(), "invalid_authority");
    let message = a[2].message();
    assert!(
        message
            .starts_with("tabular (Tabular Islamic calendar (arithmetical)) has no hilal record")
            && message.contains("no evening decides a month"),
        "{message}"
    );
    let compare = a[3].json();
    // Without `authorities`, every calendar of the registry, in its order.
    let every: Vec<String> = hijri::registry::all(0).into_iter().map(|c| c.id).collect();
    assert_eq!(compare["input"]["authorities"], serde_json::json!(every));
    let ramadan = &compare["months"][8];
    assert_eq!(ramadan["hijri_month"], "1447-09");
    assert_eq!(ramadan["starts"]["tabular"]["start"], "2026-02-18");
    assert_eq!(ramadan["starts"]["kemenag"]["start"], "2026-02-19");
    // 1447 is the 7th year of its 30-year cycle, a leap year: 355 days.
    assert_eq!(a[4].json()["count"], 355);
    assert_eq!(a[5].status, 200);
}

#[actix_web::test]
async fn lists_take_a_plus_as_a_space() {
    // Python's urlencode, URLSearchParams and HTML forms send a space as `+`.
    let a = answers(&[
        "/api/v1/events?year=1446&include=extra,+asyura",
        "/api/v1/events?year=1446&include=extra%2C+asyura",
        "/api/v1/compare?year=1446&authorities=kemenag,+ummalqura",
        "/api/v1/hilal/info?year=1446&month=9&include=+sites+",
        "/api/v1/events?year=1446&include=extra,%2Basyura",
    ])
    .await;
    for answer in &a[..4] {
        assert_eq!(answer.status, 200, "{}: {:?}", answer.request, answer.body);
    }
    assert_eq!(
        a[0].json()["input"]["include"],
        serde_json::json!(["extra", "asyura"])
    );
    assert_eq!(
        a[2].json()["input"]["authorities"],
        serde_json::json!(["kemenag", "ummalqura"])
    );
    // An escaped plus is a plus.
    assert_eq!(a[4].status, 400);
    assert_eq!(a[4].code(), "invalid_include");
}

#[actix_web::test]
async fn no_answer_names_a_start_outside_the_span() {
    let a = answers(&[
        "/api/v1/compare?year=1945&calendar=gregorian",
        "/api/v1/compare?year=1945&calendar=gregorian&retro=true",
        "/api/v1/compare?year=2022&calendar=gregorian",
        "/api/v1/authorities",
        "/api/v1/compare?year=2022&calendar=gregorian&retro=true",
    ])
    .await;
    for answer in &a[..2] {
        let body = answer.json();
        let first = &body["months"][0];
        assert_eq!(first["hijri_month"], "1364-01", "{}", answer.request);
        for (id, entry) in first["starts"].as_object().unwrap() {
            if let Some(start) = entry["start"].as_str() {
                assert!(start >= "1945-01-01", "{id}: {start} in {}", answer.request);
            }
        }
        assert_eq!(
            first["starts"]["ummalqura"],
            Value::Null,
            "{}",
            answer.request
        );
    }
    // The warning counts the starts retro=true would add, and says so.
    let message = |answer: &crate::common::Answer| {
        answer.json()["warnings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|w| w["code"] == "retro_required")
            .map(|w| w["message"].as_str().unwrap().to_owned())
            .unwrap()
    };
    let added = |without: &crate::common::Answer, with: &crate::common::Answer| {
        let starts = |answer: &crate::common::Answer| {
            answer.json()["months"]
                .as_array()
                .unwrap()
                .iter()
                .flat_map(|row| row["starts"].as_object().unwrap().values().cloned())
                .filter(|entry| !entry.is_null())
                .count()
        };
        starts(with) - starts(without)
    };
    // 1945: 24 (the starts of 1364-01, 1944-12-17, are outside the span, retro or not).
    assert_eq!(added(&a[0], &a[1]), 24);
    assert!(
        message(&a[0]).starts_with("24 starts fall before"),
        "{}",
        message(&a[0])
    );
    assert_eq!(added(&a[2], &a[4]), 14);
    assert!(
        message(&a[2]).starts_with("14 starts fall before"),
        "{}",
        message(&a[2])
    );
    // Umm al-Qura's table begins before the span: its own first day stays as provenance,
    // with the first day served beside it.
    let authorities = a[3].json();
    let ummalqura = find_by(&authorities["authorities"], "id", "ummalqura");
    assert_eq!(ummalqura["table"]["first"], "1944-12-17");
    assert_eq!(ummalqura["table"]["first_served"], "1945-01-01");
    assert_eq!(ummalqura["months"]["first"], "1945-01-01");
    let tabular = find_by(&authorities["authorities"], "id", "tabular");
    assert_eq!(tabular["table"], Value::Null);
    assert_eq!(tabular["table_version"], Value::Null);
    assert_eq!(tabular["divergences"], Value::Null);
}

#[actix_web::test]
async fn muhammadiyah_s_records_say_what_the_rule_tests() {
    let a = answers(&[
        // Before 1964: Yogyakarta in WIB, not Jakarta's historical UTC+9 (sunset 20:03).
        "/api/v1/hilal/info?year=1364&month=2&authority=muhammadiyah&retro=true",
        // Tie evenings: the upper limb at or just above the horizon, met.
        "/api/v1/hilal/info?year=1444&month=6&authority=muhammadiyah",
        "/api/v1/hilal/info?year=1421&month=6&authority=muhammadiyah&retro=true",
        "/api/v1/hilal/info?year=1380&month=9&authority=muhammadiyah&retro=true",
        // PKG 2 with the conjunction 2.9 min before New Zealand's fajr.
        "/api/v1/hilal/info?year=1484&month=2&authority=muhammadiyah",
        "/api/v1/hilal/history?from=1447-01&to=1475-12&authority=muhammadiyah",
    ])
    .await;
    let evening = a[0].json()["evening"].clone();
    assert_eq!(evening["place"]["tz"], "Asia/Jakarta");
    assert_eq!(evening["sunset"], "18:03", "{evening}");
    for answer in &a[1..4] {
        let evening = answer.json()["evening"].clone();
        let altitude = evening["upper_limb_alt_deg"].as_f64().unwrap();
        assert_eq!(
            evening["met"].as_bool().unwrap(),
            evening["conjunction_before_sunset"].as_bool().unwrap() && altitude > 0.0,
            "{}: {evening}",
            answer.request
        );
        assert!(altitude >= 0.0, "{}: {altitude}", answer.request);
    }
    let fajr = a[4].json();
    let borderline = fajr["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|w| w["code"] == "borderline")
        .unwrap_or_else(|| panic!("no borderline: {fajr}"));
    assert!(
        borderline["message"]
            .as_str()
            .unwrap()
            .starts_with("The conjunction came 2.9 min before fajr at Wellington"),
        "{borderline}"
    );
    // No PKG 1 place shows a sunset at or after 24:00 UTC without saying it is the cut-off.
    let mut at_cutoff = 0;
    for entry in a[5].json()["months"].as_array().unwrap() {
        let Some(pkg1) = entry["evening"]["pkg1"].as_object() else {
            continue;
        };
        let day = entry["evening"]["evaluation_day"].as_str().unwrap();
        let after_day = pkg1["sunset_utc"].as_str().unwrap() > &format!("{day}T23:59:59Z")[..];
        assert_eq!(pkg1["sunset_at_cutoff"], after_day, "{entry}");
        if after_day {
            assert_eq!(pkg1["sunset"], "24:00", "{entry}");
            at_cutoff += 1;
        }
    }
    assert!(
        at_cutoff > 0,
        "some month's best PKG 1 place lies on the cut-off"
    );
}
