//! The feeds (`/events.ics`, `/calendar.ics`, `/days.ics`, and `/holidays.ics` where it
//! shares their rules): parsed with an independent
//! iCalendar parser (`icalendar`) and compared event by event with `/events` and `/convert`;
//! the RFC 5545 line rules, the stable bytes, 304, `SEQUENCE` over a ledger, UIDs per
//! calendar (the default calendar's unchanged), `DTSTAMP` never ahead of the clock, the
//! feeds' names, the evening reminder, the one window of years and the one `lang`.

use icalendar::{Component, DatePerhapsTime};
use serde_json::Value;

use crate::common::{
    assert_contains_all, divergence, each_str, get, get_json, state, state_with, test_app,
    test_app_with, vevents, with_ledger, Answer, TestApp,
};
use crate::snapshots::{cases, statuses};

/// An answer's calendar, parsed.
fn parsed(answer: &Answer) -> icalendar::Calendar {
    let text = std::str::from_utf8(&answer.body).expect("UTF-8");
    text.parse().expect("valid iCalendar")
}

/// An all-day date (`YYYY-MM-DD`); anything else fails the test.
pub fn date(value: Option<DatePerhapsTime>) -> String {
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
        let source = event["source"].as_str().unwrap();
        // An estimate says so in its summary (and its status).
        let summary = vevent.get_summary().unwrap();
        let (summary, status) = match summary.strip_suffix(" (perkiraan)") {
            Some(estimate) => (estimate, "TENTATIVE"),
            None => (summary, "CONFIRMED"),
        };
        assert_eq!(status == "TENTATIVE", source != "regional", "{summary}");
        assert_eq!(vevent.property_value("STATUS"), Some(status));
        let year = &event["hijri"].as_str().unwrap()[..4];
        assert!(
            summary.starts_with(event["name"].as_str().unwrap())
                && summary.ends_with(&format!(" {year} H")),
            "{summary} for {event}"
        );
        // Never in the future: the test clock's day (2025-03-01) comes before the table's
        // last day.
        assert_eq!(vevent.property_value("DTSTAMP"), Some("20250301T000000Z"));
        let description = vevent.get_description().unwrap();
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
    assert_eq!(statuses(&answers), [200, 200, 200, 200, 400, 400, 200, 400]);
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
    let app = test_app().await;
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
    let retro = get_json(&app, "/api/v1/events?year=1444").await;
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

/// The Gregorian dates of `/api/v1/events` over 2024 to 2027 (the feed's four years around
/// the test clock), in order, `query` added to each request.
async fn event_dates_2024_to_2027<S, B>(app: &S, query: &str) -> Vec<String>
where
    S: TestApp<B>,
    B: actix_web::body::MessageBody,
{
    let mut dates = Vec::new();
    for year in 2024..=2027 {
        let uri = format!("/api/v1/events?year={year}&calendar=gregorian{query}");
        let json = get_json(app, &uri).await;
        dates.extend(
            each_str(&json["events"], "gregorian")
                .into_iter()
                .map(str::to_owned),
        );
    }
    dates
}

#[actix_web::test]
async fn calendar_ics_covers_four_years() {
    // The clock of the tests is in 2025: 2024 to 2027.
    let app = test_app().await;
    let feed = get(&app, "/api/v1/calendar.ics?include=extra").await;
    let text = std::str::from_utf8(&feed.body).unwrap();
    assert!(text.contains("\r\nREFRESH-INTERVAL;VALUE=DURATION:P1D\r\n"));
    assert!(text.contains("\r\nX-PUBLISHED-TTL:P1D\r\n"));
    let expected = event_dates_2024_to_2027(&app, "&include=extra").await;
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
            divergence((1448, 8), -1, [(1448, 7), (1448, 10)]),
            divergence((1447, 10), 1, [(1447, 9), (1447, 10)]),
            divergence((1447, 9), -1, [(1447, 8), (1447, 9)]),
        ],
        "3-0123456789ab",
    );
    let app = test_app_with(state_with(archive, &[])).await;
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

/// The UIDs of a feed, in order.
fn uids(answer: &Answer) -> Vec<String> {
    vevents(answer)
        .iter()
        .map(|e| e.get_uid().unwrap().to_owned())
        .collect()
}

/// The default calendar's feed over 2024-2027 with the extra events, as main served it
/// before the calendars were told apart (snapshots/calendar_ics.snap at 054e547).
const UIDS_BEFORE: &str = "isra_miraj-1445 awal_ramadan-1445 nuzulul_quran-1445 \
    idul_fitri-1445 arafah-1445 idul_adha-1445 tasyrik-1445 1_muharram-1446 tasua-1446 \
    asyura-1446 maulid_nabi-1446 isra_miraj-1446 awal_ramadan-1446 nuzulul_quran-1446 \
    idul_fitri-1446 arafah-1446 idul_adha-1446 tasyrik-1446 1_muharram-1447 tasua-1447 \
    asyura-1447 maulid_nabi-1447 isra_miraj-1447 awal_ramadan-1447 nuzulul_quran-1447 \
    idul_fitri-1447 arafah-1447 idul_adha-1447 tasyrik-1447 1_muharram-1448 tasua-1448 \
    asyura-1448 maulid_nabi-1448 isra_miraj-1448 awal_ramadan-1448 nuzulul_quran-1448 \
    idul_fitri-1448 arafah-1448 idul_adha-1448 tasyrik-1448 1_muharram-1449 tasua-1449 \
    asyura-1449 maulid_nabi-1449 isra_miraj-1449";

#[actix_web::test]
async fn each_calendar_has_its_own_uids_and_the_default_keeps_its_own() {
    let app = test_app().await;
    let default = get(&app, "/api/v1/calendar.ics?include=extra").await;
    let before: Vec<String> = UIDS_BEFORE
        .split_whitespace()
        .map(|uid| format!("{uid}@kalender-hijriah.invalid"))
        .collect();
    assert_eq!(uids(&default), before);
    let mut seen: std::collections::BTreeSet<String> = before.into_iter().collect();
    // Every calendar of the registry but the default.
    for authority in hijri::registry::all(0).into_iter().skip(1).map(|c| c.id) {
        let feed = get(
            &app,
            &format!("/api/v1/calendar.ics?include=extra&authority={authority}"),
        )
        .await;
        let theirs = uids(&feed);
        assert!(theirs.len() >= 40, "{authority}: {}", theirs.len());
        for uid in theirs {
            assert!(
                uid.ends_with(&format!(".{authority}@kalender-hijriah.invalid")),
                "{uid}"
            );
            assert!(seen.insert(uid.clone()), "{uid} twice");
        }
    }
    // Idul Fitri 1448 by Muhammadiyah, as the issue names it.
    let muhammadiyah = get(&app, "/api/v1/calendar.ics?authority=muhammadiyah").await;
    assert!(uids(&muhammadiyah)
        .contains(&"idul_fitri-1448.muhammadiyah@kalender-hijriah.invalid".to_owned()));
}

#[actix_web::test]
async fn feeds_are_named_by_calendar_and_selection() {
    let app = test_app().await;
    let mut names = Vec::new();
    for uri in [
        "/api/v1/calendar.ics",
        "/api/v1/calendar.ics?include=extra",
        "/api/v1/calendar.ics?authority=muhammadiyah&include=ayyamul_bidh",
        "/api/v1/events.ics?year=2026&calendar=gregorian&authority=ummalqura",
        "/api/v1/days.ics?year=2027",
        "/api/v1/days.ics?year=2027&authority=muhammadiyah&lang=en",
        "/api/v1/holidays.ics",
        "/api/v1/holidays.ics?year=2027&kind=cuti_bersama",
        "/api/v1/holidays.ics?kind=libur_nasional",
    ] {
        let calendar = parsed(&get(&app, uri).await);
        let name = calendar.property_value("NAME").unwrap().to_owned();
        assert_eq!(
            calendar.property_value("X-WR-CALNAME"),
            Some(name.as_str()),
            "{uri}"
        );
        assert!(
            calendar.property_value("DESCRIPTION").unwrap().len() > 40,
            "{uri}"
        );
        assert_eq!(
            calendar.property_value("REFRESH-INTERVAL"),
            Some("P1D"),
            "{uri}"
        );
        names.push(name);
    }
    assert_eq!(
        names,
        [
            "Hari Besar Islam (Kemenag)",
            "Hari Besar Islam (Kemenag) + tambahan",
            "Hari Besar Islam (Muhammadiyah) + Ayyamul Bidh",
            "Hari Besar Islam 2026 M (Umm al-Qura)",
            "Tanggal Hijriah (Kemenag)",
            "Hijri dates (Muhammadiyah)",
            "Hari Libur Nasional dan Cuti Bersama",
            "Cuti Bersama 2027",
            "Hari Libur Nasional",
        ]
    );
    // The subscription's default is every national-holiday observance: Isra Mi'raj too.
    let feed = get(&app, "/api/v1/calendar.ics").await;
    let slugs: Vec<String> = uids(&feed)
        .iter()
        .map(|uid| uid.split('-').next().unwrap().to_owned())
        .collect();
    for slug in [
        "1_muharram",
        "maulid_nabi",
        "isra_miraj",
        "idul_fitri",
        "idul_adha",
    ] {
        assert!(slugs.iter().any(|s| s == slug), "{slug}");
    }
    assert!(!slugs.iter().any(|s| s == "arafah" || s == "nuzulul_quran"));
}

#[actix_web::test]
async fn the_evening_reminder_is_one_valarm_per_event() {
    use icalendar::Component;
    let app = test_app().await;
    for uri in [
        "/api/v1/calendar.ics?reminder=evening&include=extra",
        "/api/v1/events.ics?year=1447&include=extra&reminder=EVENING&authority=muhammadiyah",
        "/api/v1/holidays.ics?year=2027&reminder=evening",
        "/api/v1/days.ics?year=2027&reminder=evening&lang=en",
    ] {
        let answer = get(&app, uri).await;
        let events = vevents(&answer);
        assert!(events.len() > 5, "{uri}");
        for event in &events {
            let alarms: Vec<_> = event
                .components()
                .iter()
                .filter(|c| c.component_kind() == "VALARM")
                .collect();
            assert_eq!(alarms.len(), 1, "{uri}");
            // 19:00 the evening before the all-day event's midnight.
            assert_eq!(alarms[0].property_value("TRIGGER"), Some("-PT5H"));
            assert_eq!(alarms[0].property_value("ACTION"), Some("DISPLAY"));
            assert_eq!(
                alarms[0].property_value("DESCRIPTION"),
                event.get_summary(),
                "{uri}"
            );
        }
    }
    let without = get(&app, "/api/v1/calendar.ics").await;
    assert!(!std::str::from_utf8(&without.body)
        .unwrap()
        .contains("VALARM"));
    // Every feed of all-day events reads `reminder` the same way.
    for feed in [
        "/api/v1/calendar.ics?",
        "/api/v1/events.ics?year=1447&",
        "/api/v1/holidays.ics?",
        "/api/v1/days.ics?",
    ] {
        let bad = get(&app, &format!("{feed}reminder=bogus")).await;
        assert_eq!(bad.status, 400, "{feed}");
        assert_eq!(bad.code(), "invalid_reminder", "{feed}");
    }
}

#[actix_web::test]
async fn every_feed_has_the_same_window_of_years() {
    // The test clock is in 2025: 2024 to 2027, for every feed without `year`.
    let app = test_app().await;
    let events = vevents(&get(&app, "/api/v1/events.ics").await);
    let feed = vevents(&get(&app, "/api/v1/calendar.ics").await);
    let days = vevents(&get(&app, "/api/v1/days.ics").await);
    let off = vevents(&get(&app, "/api/v1/holidays.ics").await);
    for list in [&events, &feed, &off] {
        assert!(date(list.first().unwrap().get_start()).starts_with("2024-"));
        assert!(date(list.last().unwrap().get_start()).starts_with("2027-"));
    }
    assert_eq!(date(days.first().unwrap().get_start()), "2024-01-01");
    assert_eq!(date(days.last().unwrap().get_start()), "2027-12-31");
    assert_eq!(days.len(), 366 + 365 + 365 + 365);
    // The days off of those years, every one; DTSTAMP never ahead of the clock's day
    // (2025-03-01), though the last decree (2027's) is signed later.
    let mut listed = 0;
    for year in 2024..=2027 {
        let json = get_json(&app, &format!("/api/v1/holidays?year={year}")).await;
        listed += json["items"].as_array().unwrap().len();
    }
    assert_eq!(off.len(), listed);
    for list in [&events, &feed, &days, &off] {
        assert!(list
            .iter()
            .all(|e| e.property_value("DTSTAMP") == Some("20250301T000000Z")));
    }
    // The default events of /events over those years, in order.
    let expected = event_dates_2024_to_2027(&app, "").await;
    let got: Vec<String> = events.iter().map(|e| date(e.get_start())).collect();
    assert_eq!(got, expected);
}

#[actix_web::test]
async fn the_hijri_date_of_every_day() {
    let answers = cases(
        state(),
        &[
            ("days_ics_2027", "/api/v1/days.ics?year=2027"),
            (
                "days_ics_invalid_lang",
                "/api/v1/days.ics?year=2027&lang=ar",
            ),
            ("days_ics_invalid_year", "/api/v1/days.ics?year=1800"),
            ("days_ics_retro_needed", "/api/v1/days.ics?year=1960"),
        ],
    )
    .await;
    assert_eq!(statuses(&answers), [200, 400, 400, 400]);
    assert_eq!(answers[1].code(), "invalid_lang");
    assert_eq!(answers[2].code(), "invalid_year");
    assert_eq!(answers[3].code(), "out_of_coverage");
    assert_lines(&answers[0]);
    let days = vevents(&answers[0]);
    assert_eq!(days.len(), 365);
    let day = |events: &[icalendar::Event], on: &str| {
        events
            .iter()
            .find(|e| date(e.get_start()) == on)
            .unwrap()
            .clone()
    };
    // 1 Ramadhan 1448 H is Monday 8 February 2027 in the government's calendar (Neo-MABIMS
    // beyond the table), a hisab estimate; 1 Muharram 1448 is 16 June 2026, in the table.
    let ramadhan = day(&days, "2027-02-08");
    assert_eq!(ramadhan.get_summary(), Some("1 Ramadhan 1448 H"));
    assert_eq!(ramadhan.property_value("STATUS"), Some("TENTATIVE"));
    assert_eq!(
        ramadhan.get_uid(),
        Some("day-20270208@kalender-hijriah.invalid")
    );
    assert_eq!(date(ramadhan.get_end()), "2027-02-09");
    let app = test_app().await;
    let table = vevents(&get(&app, "/api/v1/days.ics?year=2026").await);
    let muharram = day(&table, "2026-06-16");
    assert_eq!(muharram.get_summary(), Some("1 Muharram 1448 H"));
    assert_eq!(muharram.property_value("STATUS"), Some("CONFIRMED"));
    // Every day as /convert gives it, in English too (CLDR's months), in another calendar.
    let english = vevents(
        &get(
            &app,
            "/api/v1/days.ics?year=2027&authority=muhammadiyah&lang=en",
        )
        .await,
    );
    assert_eq!(english.len(), 365);
    for (i, event) in english.iter().enumerate().step_by(29) {
        let on = date(event.get_start());
        let convert = get_json(
            &app,
            &format!("/api/v1/convert?date={on}&authority=muhammadiyah&lang=en"),
        )
        .await;
        let output = &convert["output"];
        assert_eq!(
            event.get_summary().unwrap(),
            format!(
                "{} {} {} AH",
                output["day"],
                output["month_name"].as_str().unwrap(),
                output["year"]
            ),
            "day {i}"
        );
        assert_eq!(
            event.get_uid().unwrap(),
            format!(
                "day-{}.muhammadiyah.en@kalender-hijriah.invalid",
                on.replace('-', "")
            )
        );
    }
}

#[actix_web::test]
async fn a_day_a_correction_moved_has_a_higher_sequence() {
    // 1448-08 a day earlier, which moved the computed months 1448-07 to 1448-10.
    let archive = with_ledger(
        vec![divergence((1448, 8), -1, [(1448, 7), (1448, 10)])],
        "1-0123456789ab",
    );
    let app = test_app_with(state_with(archive, &[])).await;
    let days = vevents(&get(&app, "/api/v1/days.ics?year=2027").await);
    let sequence = |on: &str| {
        days.iter()
            .find(|e| date(e.get_start()) == on)
            .unwrap()
            .get_sequence()
    };
    // Sya'ban to Syawal 1448 (January to March 2027) moved; Muharram 1448 and Dzulhijjah
    // 1448 did not.
    assert_eq!(sequence("2027-02-08"), Some(1));
    assert_eq!(sequence("2027-03-10"), Some(1));
    assert_eq!(sequence("2027-06-01"), Some(0));
    assert_eq!(sequence("2027-12-31"), Some(0));
}

#[actix_web::test]
async fn every_feed_reads_lang_the_same_way() {
    let app = test_app().await;
    let text = |answer: &Answer| String::from_utf8(crate::common::decoded(answer)).unwrap();
    for feed in [
        "/api/v1/events.ics?year=1448",
        "/api/v1/calendar.ics?include=extra",
        "/api/v1/days.ics?year=2027",
        "/api/v1/holidays.ics?year=2027",
        "/api/v1/imsakiyah.ics?place=34.71&year=1447&authority=muhammadiyah",
    ] {
        // id, en in any case; nothing else (the feeds have no Arabic texts).
        for bad in ["xx", "ar"] {
            let answer = get(&app, &format!("{feed}&lang={bad}")).await;
            assert_eq!(answer.status, 400, "{feed} {bad}");
            assert_eq!(answer.code(), "invalid_lang", "{feed} {bad}");
        }
        let plain = get(&app, feed).await;
        assert_eq!(plain.body, get(&app, &format!("{feed}&lang=ID")).await.body);
        let english = get(&app, &format!("{feed}&lang=En")).await;
        assert_eq!(english.status, 200, "{feed}");
        assert_ne!(english.body, plain.body, "{feed}");
    }
    let events = text(&get(&app, "/api/v1/events.ics?year=1448&lang=en").await);
    assert_contains_all(
        &events,
        &[
            "SUMMARY:Eid al-Fitr 1448 AH (estimate)",
            "NAME:Islamic Observances 1448 AH (Kemenag)",
        ],
    );
    let off = text(&get(&app, "/api/v1/holidays.ics?year=2027&lang=en").await);
    assert_contains_all(
        &off,
        &[
            "NAME:National Holidays and Collective Leave 2027",
            "SUMMARY:Collective leave: Eid al-Fitr",
        ],
    );
    let fast = "/api/v1/imsakiyah.ics?place=34.71&year=1447&authority=muhammadiyah&lang=en";
    let fast = text(&get(&app, fast).await);
    assert_contains_all(
        &fast,
        &["SUMMARY:Breaking the fast (maghrib)", " Ramadan 1447 AH"],
    );
}

#[actix_web::test]
async fn a_hijri_year_on_days_ics_is_named_as_one() {
    let app = test_app().await;
    // days.ics has no `calendar`: the hint gives the Gregorian years of Hijri 1448.
    let answer = get(&app, "/api/v1/days.ics?year=1448").await;
    assert_eq!(answer.status, 400);
    assert_eq!(answer.code(), "invalid_year");
    let message = answer.message();
    assert!(!message.contains("calendar="), "{message}");
    assert!(
        message
            .ends_with("1448 is a hijri year, whose days fall in the gregorian years 2026 to 2027"),
        "{message}"
    );
}
