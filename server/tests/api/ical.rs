//! `/events.ics` and `/calendar.ics`: parsed with an independent iCalendar parser
//! (`icalendar`) and compared event by event with `/events`; the RFC 5545 line rules, the
//! stable bytes, 304, and `SEQUENCE` over a ledger.

use hijri::schema::{Divergence, HijriMonth};
use icalendar::{Component, DatePerhapsTime};
use serde_json::Value;

use crate::common::{get, state, state_with, vevents, with_ledger, Answer};
use crate::snapshots::cases;

fn date(value: Option<DatePerhapsTime>) -> String {
    match value {
        Some(DatePerhapsTime::Date(d)) => d.to_string(),
        other => panic!("not an all-day date: {other:?}"),
    }
}

/// Asserts that the calendar lists exactly the events of the JSON answer, in order.
fn assert_same(ics: &Answer, json: &Answer) {
    let events = vevents(ics);
    let json = json.json();
    let listed = json["events"].as_array().unwrap();
    assert_eq!(events.len(), listed.len());
    assert!(!events.is_empty());
    for (vevent, event) in events.iter().zip(listed) {
        let first = event["gregorian"].as_str().unwrap();
        assert_eq!(date(vevent.get_start()), first);
        let last = match &event["date_range"] {
            Value::Null => first,
            range => range["gregorian_end"].as_str().unwrap(),
        };
        let exclusive = chrono::NaiveDate::parse_from_str(last, "%Y-%m-%d")
            .unwrap()
            .succ_opt()
            .unwrap();
        assert_eq!(date(vevent.get_end()), exclusive.to_string());
        let summary = vevent.get_summary().unwrap();
        let year = &event["hijri"].as_str().unwrap()[..4];
        assert!(
            summary.starts_with(event["name"].as_str().unwrap())
                && summary.ends_with(&format!(" {year} H")),
            "{summary} for {event}"
        );
        let description = vevent.get_description().unwrap();
        let source = event["source"].as_str().unwrap();
        assert!(
            description.contains(&format!("Sumber: {source}")),
            "{description}"
        );
        assert_eq!(
            description.contains("perkiraan hisab"),
            source != "regional",
            "{description}"
        );
        let uid = vevent.get_uid().unwrap();
        assert!(uid.starts_with(event["event"].as_str().unwrap()), "{uid}");
        assert!(uid.ends_with("@kalender-hijriah.invalid"), "{uid}");
        assert_eq!(vevent.get_sequence(), Some(0));
    }
}

/// Every line ends in CRLF and has at most 75 octets.
fn assert_lines(answer: &Answer) {
    let text = std::str::from_utf8(&answer.body).unwrap();
    assert!(text.ends_with("END:VCALENDAR\r\n"));
    for line in text.split_terminator("\r\n") {
        assert!(!line.contains('\n') && !line.contains('\r'), "{line:?}");
        assert!(line.len() <= 75, "{} octets: {line:?}", line.len());
    }
}

#[actix_web::test]
async fn events_ics() {
    let answers = cases(
        state(),
        &[
            ("events_ics", "/api/v1/events.ics?year=1447"),
            (
                "events_ics_gregorian_all",
                "/api/v1/events.ics?year=2026&calendar=gregorian&include=all",
            ),
            ("events_ics_computed", "/api/v1/events.ics?year=1460"),
            ("events_ics_retro_required", "/api/v1/events.ics?year=1444"),
            ("events_ics_invalid_year", "/api/v1/events.ics?year=1999"),
            (
                "events_ics_invalid_include",
                "/api/v1/events.ics?year=1447&include=lebaran",
            ),
            ("calendar_ics", "/api/v1/calendar.ics?include=extra"),
            (
                "calendar_ics_invalid_include",
                "/api/v1/calendar.ics?include=sites",
            ),
        ],
    )
    .await;
    let statuses: Vec<u16> = answers.iter().map(|a| a.status).collect();
    assert_eq!(statuses, [200, 200, 200, 200, 400, 400, 200, 400]);
    assert_eq!(answers[4].code(), "invalid_year");
    assert_eq!(answers[5].code(), "invalid_include");
    assert_eq!(answers[7].code(), "invalid_include");
    for answer in [
        &answers[0],
        &answers[1],
        &answers[2],
        &answers[3],
        &answers[6],
    ] {
        assert_eq!(
            answer.header("content-type"),
            Some("text/calendar; charset=utf-8")
        );
        assert_lines(answer);
    }
    let app = actix_web::test::init_service(hijri_server::app(state())).await;
    for (ics, json) in [
        (&answers[0], "/api/v1/events?year=1447"),
        (
            &answers[1],
            "/api/v1/events?year=2026&calendar=gregorian&include=all",
        ),
        (&answers[2], "/api/v1/events?year=1460"),
        (&answers[3], "/api/v1/events?year=1444"),
    ] {
        let json = get(&app, json).await;
        assert_same(ics, &json);
        // The same cache rule as /events.
        assert_eq!(ics.header("cache-control"), json.header("cache-control"));
    }
    // Idul Fitri 1447 H: 2026-03-21 in the official table (data/official/months.csv).
    let fitri = vevents(&answers[0])
        .into_iter()
        .find(|e| e.get_uid() == Some("idul_fitri-1447@kalender-hijriah.invalid"))
        .unwrap();
    assert_eq!(fitri.get_summary(), Some("Idul Fitri 1447 H"));
    assert_eq!(date(fitri.get_start()), "2026-03-21");
    assert_eq!(date(fitri.get_end()), "2026-03-22");
    // Tasyrik is one VEVENT over three days, DTEND exclusive.
    let tasyrik = vevents(&answers[1])
        .into_iter()
        .find(|e| e.get_uid() == Some("tasyrik-1447@kalender-hijriah.invalid"))
        .unwrap();
    assert_eq!(date(tasyrik.get_end()), "2026-05-31");
    // A computed year says it is a hisab estimate.
    let computed = vevents(&answers[2]);
    assert!(computed[0]
        .get_description()
        .unwrap()
        .contains("dapat bergeser satu hari"));
    // The table starts inside 1444: what needs retro is left out, as in /events.
    let retro = get(&app, "/api/v1/events?year=1444").await.json();
    assert_eq!(retro["warnings"][0]["code"], "retro_required");
    // Same archive, same bytes; the ETag answers 304.
    let again = get(&app, "/api/v1/events.ics?year=1447").await;
    assert_eq!(again.body, answers[0].body);
    let etag = answers[0].header("etag").unwrap();
    let req = actix_web::test::TestRequest::get()
        .uri("/api/v1/events.ics?year=1447")
        .insert_header(("if-none-match", etag))
        .peer_addr("192.0.2.1:40000".parse().unwrap())
        .to_request();
    let not_modified = crate::common::send(&app, req).await;
    assert_eq!(not_modified.status, 304);
    assert_eq!(not_modified.header("etag"), Some(etag));
}

#[actix_web::test]
async fn calendar_ics_covers_four_years() {
    // The clock of the tests is in 2025: 2024 to 2027.
    let app = actix_web::test::init_service(hijri_server::app(state())).await;
    let feed = get(&app, "/api/v1/calendar.ics?include=extra").await;
    let text = std::str::from_utf8(&feed.body).unwrap();
    assert!(text.contains("\r\nREFRESH-INTERVAL;VALUE=DURATION:P1D\r\n"));
    assert!(text.contains("\r\nX-PUBLISHED-TTL:P1D\r\n"));
    let mut expected = Vec::new();
    for year in 2024..=2027 {
        let json = get(
            &app,
            &format!("/api/v1/events?year={year}&calendar=gregorian&include=extra"),
        )
        .await
        .json();
        for event in json["events"].as_array().unwrap() {
            expected.push(event["gregorian"].as_str().unwrap().to_owned());
        }
    }
    let got: Vec<String> = vevents(&feed)
        .into_iter()
        .map(|e| date(e.get_start()))
        .collect();
    assert_eq!(got, expected);
    assert!(got.first().unwrap().starts_with("2024-"));
    assert!(got.last().unwrap().starts_with("2027-"));
}

#[actix_web::test]
async fn sequence_counts_the_corrections_that_moved_each_month() {
    // The real archive without cards, with three corrections, newest first: 1448-08 a day
    // earlier, which moved the computed months through 1448-10 (Idul Fitri 1448); Syawal
    // 1447 by a day (Ramadhan 1447 one day longer); Ramadhan 1447 before it (Sya'ban
    // shorter).
    let archive = with_ledger(
        vec![
            Divergence {
                month: HijriMonth {
                    year: 1448,
                    month: 8,
                },
                delta_days: -1,
                moved: [
                    HijriMonth {
                        year: 1448,
                        month: 7,
                    },
                    HijriMonth {
                        year: 1448,
                        month: 10,
                    },
                ],
            },
            Divergence {
                month: HijriMonth {
                    year: 1447,
                    month: 10,
                },
                delta_days: 1,
                moved: [
                    HijriMonth {
                        year: 1447,
                        month: 9,
                    },
                    HijriMonth {
                        year: 1447,
                        month: 10,
                    },
                ],
            },
            Divergence {
                month: HijriMonth {
                    year: 1447,
                    month: 9,
                },
                delta_days: -1,
                moved: [
                    HijriMonth {
                        year: 1447,
                        month: 8,
                    },
                    HijriMonth {
                        year: 1447,
                        month: 9,
                    },
                ],
            },
        ],
        "3-0123456789ab",
    );
    let app = actix_web::test::init_service(hijri_server::app(state_with(archive, &[]))).await;
    let mut sequences = Vec::new();
    for year in [1447, 1448] {
        let ics = get(
            &app,
            &format!("/api/v1/events.ics?year={year}&include=extra"),
        )
        .await;
        for event in vevents(&ics) {
            sequences.push((event.get_uid().unwrap().to_owned(), event.get_sequence()));
        }
    }
    let sequence = |slug: &str, year: u16| {
        let uid = format!("{slug}-{year}@kalender-hijriah.invalid");
        sequences.iter().find(|(u, _)| *u == uid).unwrap().1
    };
    // Ramadhan 1447: its own start and its length moved; Syawal 1447: its own start.
    assert_eq!(sequence("awal_ramadan", 1447), Some(2));
    assert_eq!(sequence("nuzulul_quran", 1447), Some(2));
    assert_eq!(sequence("idul_fitri", 1447), Some(1));
    assert_eq!(sequence("idul_adha", 1447), Some(0));
    // 1448: every month from Rajab (its length) to Syawal moved.
    assert_eq!(sequence("isra_miraj", 1448), Some(1));
    assert_eq!(sequence("awal_ramadan", 1448), Some(1));
    assert_eq!(sequence("idul_fitri", 1448), Some(1));
    assert_eq!(sequence("1_muharram", 1448), Some(0));
    assert_eq!(sequence("idul_adha", 1448), Some(0));
}
