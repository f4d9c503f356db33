//! Prayer times through the API: `/places` (the list, a name search, the nearest places),
//! `/prayer-times` and `/imsakiyah` (JSON and iCalendar), snapshots and bad input; Ramadan
//! 1447 at Kota Yogyakarta by both calendars against their published dates and minutes:
//! the government's 1 Ramadan on Thursday 19 February 2026 (sidang isbat of 17 February)
//! with Bimas Islam's times of that day as Tribunnews printed them (imsak 04:16 … isya
//! 19:16), Muhammadiyah's on Wednesday 18 February (its maklumat) with the imsak of its
//! Majelis Tarjih's imsakiyah (04:23 on 1–4 Ramadan); and myQuran's example of Bimas
//! Islam's table for Kota Kediri on 23 June 2026 and detik's for Kota Bandung on 2 August
//! 2024, on Kemenag's own horizon of that place (`data/reference/prayer_times.csv`).

use serde_json::Value;

use crate::common::{assert_messages_contain, get, get_json, state, test_app, vevents};
use crate::snapshots::{cases, codes};

/// Minutes of a day of `"HH:MM"`.
fn minutes(text: &str) -> i64 {
    let (h, m) = text.split_once(':').unwrap();
    h.parse::<i64>().unwrap() * 60 + m.parse::<i64>().unwrap()
}

/// Asserts each time of `times` is within a minute of the published `expected`, and
/// returns how many are exact.
fn within_a_minute(times: &Value, expected: &[(&str, &str)]) -> usize {
    let mut exact = 0;
    for (name, published) in expected {
        let served = times[name].as_str().unwrap();
        let off = minutes(served) - minutes(published);
        assert!(
            off.abs() <= 1,
            "{name}: served {served}, published {published}"
        );
        exact += usize::from(off == 0);
    }
    exact
}

#[actix_web::test]
async fn prayer_answers_are_recorded() {
    let answers = cases(
        state(),
        &[
            ("places_search", "/api/v1/places?q=yogya"),
            ("places_search_kind", "/api/v1/places?q=KAB.%20Sleman"),
            ("places_nearest", "/api/v1/places?lat=-7.80&lon=110.37"),
            ("places_invalid_lat", "/api/v1/places?lat=95&lon=110"),
            ("places_missing_lon", "/api/v1/places?lat=-7.8"),
            ("places_invalid_q", "/api/v1/places?q=%20.%20"),
            (
                "prayer_times_day",
                "/api/v1/prayer-times?place=34.71&date=2026-02-19",
            ),
            (
                "prayer_times_detail",
                "/api/v1/prayer-times?place=35.71&date=2026-06-23&detail=true",
            ),
            (
                "prayer_times_range_muhammadiyah",
                "/api/v1/prayer-times?place=34.71&from=2026-02-17&to=2026-02-20&method=Muhammadiyah",
            ),
            (
                "prayer_times_unknown_place",
                "/api/v1/prayer-times?place=jogja&date=2026-02-19",
            ),
            (
                "prayer_times_invalid_method",
                "/api/v1/prayer-times?place=34.71&date=2026-02-19&method=mwl",
            ),
            (
                "prayer_times_out_of_coverage",
                "/api/v1/prayer-times?place=34.71&date=2101-01-01",
            ),
            (
                "prayer_times_range_too_large",
                "/api/v1/prayer-times?place=34.71&from=2026-01-01&to=2027-01-02",
            ),
            ("prayer_times_missing_days", "/api/v1/prayer-times?place=34.71"),
            (
                "prayer_times_invalid_detail",
                "/api/v1/prayer-times?place=34.71&date=2026-02-19&detail=maybe",
            ),
            (
                "prayer_times_invalid_month",
                "/api/v1/prayer-times?place=34.71&month=2026-13",
            ),
            (
                "prayer_times_missing_place",
                "/api/v1/prayer-times?date=2026-02-19",
            ),
            (
                "imsakiyah_muhammadiyah",
                "/api/v1/imsakiyah?place=34.71&year=1447&authority=muhammadiyah",
            ),
            (
                "imsakiyah_ummalqura",
                "/api/v1/imsakiyah?place=34.71&year=1447&authority=ummalqura",
            ),
            (
                "imsakiyah_ics",
                "/api/v1/imsakiyah.ics?place=34.71&year=1447&authority=muhammadiyah",
            ),
            (
                "imsakiyah_out_of_coverage",
                "/api/v1/imsakiyah?place=34.71&year=1600",
            ),
            ("imsakiyah_missing_year", "/api/v1/imsakiyah?place=34.71"),
            (
                "imsakiyah_invalid_method",
                "/api/v1/imsakiyah?place=34.71&year=1447&method=isna",
            ),
            (
                "prayer_times_own_horizon",
                "/api/v1/prayer-times?place=32.73&date=2024-08-02",
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
            "invalid_coordinates",
            "missing_parameter",
            "invalid_q",
            "ok",
            "ok",
            "ok",
            "unknown_place",
            "invalid_method",
            "out_of_coverage",
            "range_too_large",
            "missing_parameter",
            "invalid_detail",
            "invalid_month",
            "missing_parameter",
            "ok",
            "ok",
            "ok",
            "invalid_year",
            "missing_parameter",
            "invalid_method",
            "ok",
        ]
    );
    // Each refusal names its parameter.
    assert_messages_contain(
        answers.iter().filter(|a| a.status >= 400),
        &[
            "`lat`",
            "`lon`",
            "`q`",
            "`place`",
            "`method`",
            "2100-12-31",
            "`from`",
            "`date`",
            "`detail`",
            "`month`",
            "`place`",
            "`year`",
            "`year`",
            "`method`",
        ],
    );
    // An unknown place is a 404 with the closest names.
    let unknown = &answers[9];
    assert_eq!(unknown.status, 404);
    let message = unknown.message();
    assert!(message.contains("Kota Yogyakarta (34.71)"), "{message}");
}

#[actix_web::test]
async fn places_are_found_by_name_and_by_point() {
    let app = test_app().await;
    let all = get_json(&app, "/api/v1/places").await;
    let places = all["places"].as_array().unwrap();
    assert_eq!(all["count"], places.len());
    let yogya = places.iter().find(|p| p["id"] == "34.71").unwrap();
    assert_eq!(yogya["name"], "Kota Yogyakarta");
    assert_eq!(yogya["tz"], "Asia/Jakarta");
    for q in [
        "yogya",
        "YOGYAKARTA",
        "Kota+Yogyakarta",
        "kota%20yogyakarta",
        "Yogyakart%C3%A0",
    ] {
        let found = get_json(&app, &format!("/api/v1/places?q={q}")).await;
        assert_eq!(found["places"][0]["id"], "34.71", "{q}");
    }
    // "kab." keeps only kabupaten.
    let found = get_json(&app, "/api/v1/places?q=kab.%20yogyakarta").await;
    assert!(found["places"]
        .as_array()
        .unwrap()
        .iter()
        .all(|p| p["name"].as_str().unwrap().starts_with("Kabupaten")));
    // The Tugu of Yogyakarta is in the city, a few km from its point.
    let near = get_json(&app, "/api/v1/places?lat=-7.7829&lon=110.3671").await;
    assert_eq!(near["places"][0]["id"], "34.71");
    assert!(near["places"][0]["distance_km"].as_f64().unwrap() < 5.0);
    let distances: Vec<f64> = near["places"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["distance_km"].as_f64().unwrap())
        .collect();
    assert!(distances.windows(2).all(|w| w[0] <= w[1]), "{distances:?}");
}

#[test]
fn the_place_index_finds_every_place_by_its_exact_id() {
    let archive = crate::common::real();
    let index = archive.places();
    let places = &archive.dataset().places;
    assert_eq!(places.len(), 517);
    for (at, place) in places.iter().enumerate() {
        assert_eq!(index.get(place.id.as_str()), Some(at), "{}", place.id);
    }
    for near_miss in ["34.7", "34.710", " 34.71", "", "99.99"] {
        assert_eq!(index.get(near_miss), None, "{near_miss:?}");
    }
}

#[actix_web::test]
async fn ramadan_1447_at_yogyakarta_splits_between_the_two_calendars() {
    let app = test_app().await;
    let kemenag = get_json(&app, "/api/v1/imsakiyah?place=34.71&year=1447").await;
    let muhammadiyah = get_json(
        &app,
        "/api/v1/imsakiyah?place=34.71&year=1447&authority=muhammadiyah",
    )
    .await;
    assert_eq!(kemenag["method"]["id"], "kemenag");
    assert_eq!(kemenag["method"]["subuh_altitude_deg"], -20.0);
    assert_eq!(muhammadiyah["method"]["id"], "muhammadiyah");
    assert_eq!(muhammadiyah["method"]["subuh_altitude_deg"], -18.0);
    // Different first days.
    assert_eq!(kemenag["ramadan"]["start"], "2026-02-19");
    assert_eq!(muhammadiyah["ramadan"]["start"], "2026-02-18");
    assert_eq!(kemenag["days"][0]["date"], "2026-02-19");
    assert_eq!(kemenag["days"][0]["day"], 1);
    assert_eq!(muhammadiyah["days"][0]["date"], "2026-02-18");
    // Bimas Islam's times of 1 Ramadan (Tribunnews, 19 February 2026).
    let exact = within_a_minute(
        &kemenag["days"][0],
        &[
            ("imsak", "04:16"),
            ("subuh", "04:26"),
            ("terbit", "05:39"),
            ("dzuhur", "11:56"),
            ("ashar", "15:04"),
            ("maghrib", "18:05"),
            ("isya", "19:16"),
        ],
    );
    assert!(exact >= 6, "{exact} of 7 exact");
    // Muhammadiyah's imsak of 1–4 Ramadan (18–21 February).
    for day in 0..4 {
        within_a_minute(&muhammadiyah["days"][day], &[("imsak", "04:23")]);
    }
    // On the same day (19 February: 1 Ramadan for the government, 2 for Muhammadiyah),
    // Muhammadiyah's imsak is about 8 minutes later.
    let later = minutes(muhammadiyah["days"][1]["imsak"].as_str().unwrap())
        - minutes(kemenag["days"][0]["imsak"].as_str().unwrap());
    assert!((6..=9).contains(&later), "{later}");
    // Each ends on the eve of its own 1 Syawal.
    for body in [&kemenag, &muhammadiyah] {
        let days = body["days"].as_array().unwrap();
        assert!(matches!(days.len(), 29 | 30));
        assert_eq!(body["ramadan"]["days"], days.len());
        assert_eq!(body["ramadan"]["end"], days.last().unwrap()["date"]);
        assert_eq!(body["syawal_1"]["hijri"], "1447-10-01");
    }
    // A calendar without its own method uses Kemenag's and says so.
    let ummalqura = get_json(
        &app,
        "/api/v1/imsakiyah?place=34.71&year=1447&authority=ummalqura",
    )
    .await;
    assert_eq!(ummalqura["method"]["id"], "kemenag");
    assert!(ummalqura["method_note"]
        .as_str()
        .unwrap()
        .contains("kemenag"));
    // `method=` overrides the calendar's.
    let overridden = get_json(
        &app,
        "/api/v1/imsakiyah?place=34.71&year=1447&authority=muhammadiyah&method=kemenag",
    )
    .await;
    assert_eq!(overridden["ramadan"]["start"], "2026-02-18");
    assert_eq!(overridden["days"][1]["imsak"], kemenag["days"][0]["imsak"]);
}

#[actix_web::test]
async fn kediri_on_23_june_2026_is_myqurans_example() {
    let app = test_app().await;
    let body = get_json(
        &app,
        "/api/v1/prayer-times?place=35.71&date=2026-06-23&detail=true",
    )
    .await;
    assert_eq!(body["count"], 1);
    let day = &body["days"][0];
    assert_eq!(day["date"], "2026-06-23");
    assert_eq!(day["hijri"]["month"], 1);
    let exact = within_a_minute(
        &day["times"],
        &[
            ("imsak", "04:13"),
            ("subuh", "04:23"),
            ("terbit", "05:41"),
            ("dhuha", "06:10"),
            ("dzuhur", "11:38"),
            ("ashar", "14:57"),
            ("maghrib", "17:27"),
            ("isya", "18:42"),
        ],
    );
    assert!(exact >= 7, "{exact} of 8 exact");
    // The detail gives each time to the second, with the altitude that defines it.
    assert_eq!(day["detail"]["subuh"]["sun_altitude_deg"], -20.0);
    assert_eq!(day["detail"]["isya"]["sun_altitude_deg"], -18.0);
    let subuh = day["detail"]["subuh"]["local"].as_str().unwrap();
    assert_eq!(subuh.len(), 8, "{subuh}");
    assert!(subuh < day["times"]["subuh"].as_str().unwrap());
}

#[actix_web::test]
async fn kota_bandung_takes_kemenags_own_horizon_of_the_place() {
    let app = test_app().await;
    let body = get_json(
        &app,
        "/api/v1/prayer-times?place=32.73&date=2024-08-02&detail=true",
    )
    .await;
    let horizon = &body["method"]["horizon"];
    assert_eq!(horizon["altitude_deg"], -2.0);
    assert_eq!(horizon["place_altitude_deg"], -2.0);
    let day = &body["days"][0];
    assert_eq!(day["detail"]["maghrib"]["sun_altitude_deg"], -2.0);
    // detik's Bimas Islam table for Kota Bandung, Friday 2 August 2024: terbit and maghrib
    // exact (at −1° they would be 05:58 and 17:54).
    let exact = within_a_minute(
        &day["times"],
        &[
            ("imsak", "04:33"),
            ("subuh", "04:43"),
            ("terbit", "05:54"),
            ("dhuha", "06:27"),
            ("dzuhur", "12:00"),
            ("ashar", "15:21"),
            ("maghrib", "17:58"),
            ("isya", "19:05"),
        ],
    );
    assert!(exact >= 5, "{exact} of 8 exact");
    assert_eq!(day["times"]["terbit"], "05:54");
    assert_eq!(day["times"]["maghrib"], "17:58");
    // Muhammadiyah's horizon is the elevation's there too; other places take Kemenag's −1°.
    let muhammadiyah = get_json(
        &app,
        "/api/v1/prayer-times?place=32.73&date=2024-08-02&method=muhammadiyah",
    )
    .await;
    assert!(muhammadiyah["method"]["horizon"]
        .get("place_altitude_deg")
        .is_none());
    let yogyakarta = get_json(&app, "/api/v1/prayer-times?place=34.71&date=2024-08-02").await;
    assert_eq!(yogyakarta["method"]["horizon"]["altitude_deg"], -1.0);
    assert!(yogyakarta["method"]["horizon"]
        .get("place_altitude_deg")
        .is_none());
}

#[actix_web::test]
async fn the_imsakiyah_feed_has_imsak_and_buka_puasa_in_local_time() {
    let app = test_app().await;
    let answer = get(
        &app,
        "/api/v1/imsakiyah.ics?place=34.71&year=1447&authority=muhammadiyah",
    )
    .await;
    assert_eq!(answer.status, 200);
    let text = String::from_utf8(answer.body.to_vec()).unwrap();
    assert!(text.contains("TZID:Asia/Jakarta"));
    assert!(text.contains("TZOFFSETTO:+0700"));
    let events = vevents(&answer);
    let json = get_json(
        &app,
        "/api/v1/imsakiyah?place=34.71&year=1447&authority=muhammadiyah",
    )
    .await;
    assert_eq!(events.len(), 2 * json["days"].as_array().unwrap().len());
    assert!(text.contains("DTSTART;TZID=Asia/Jakarta:20260218T0423"));
    assert!(text.contains("UID:imsak-20260218-34.71-muhammadiyah-muhammadiyah@"));
    assert!(text.contains("UID:maghrib-20260218-34.71-muhammadiyah-muhammadiyah@"));
}

/// The `warnings` codes of a JSON answer.
fn warning_codes(json: &Value) -> Vec<String> {
    json["warnings"]
        .as_array()
        .map(|list| {
            list.iter()
                .filter_map(|w| w["code"].as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

#[actix_web::test]
async fn ramadan_1370_keeps_the_present_offset_and_the_feed_gives_utc_instants() {
    use icalendar::{CalendarDateTime, Component, DatePerhapsTime};
    let app = test_app().await;
    let query = "place=31.71&year=1370";
    let json = get(&app, &format!("/api/v1/imsakiyah?{query}")).await;
    assert_eq!(json.status, 200);
    let json = json.json();
    assert!(warning_codes(&json).contains(&"present_offset".to_owned()));
    let answer = get(&app, &format!("/api/v1/imsakiyah.ics?{query}")).await;
    assert_eq!(answer.status, 200);
    // Unfolded (RFC 5545 folds lines at 75 octets).
    let text = String::from_utf8(answer.body.to_vec())
        .unwrap()
        .replace("\r\n ", "");
    // No TZID an app would read with Jakarta's offset of 1951 (+07:30).
    assert!(!text.contains("TZID"), "{text}");
    assert!(text.contains("present offset") || text.contains("selisih zona sekarang"));
    let events = vevents(&answer);
    let days = json["days"].as_array().unwrap();
    assert!(!days.is_empty());
    assert_eq!(events.len(), 2 * days.len());
    // WIB as the JSON's local times state it: +07:00, whatever the legal offset of 1951.
    let wib = chrono::FixedOffset::east_opt(7 * 3600).unwrap();
    let instant = |date: &str, time: &str| {
        let local =
            chrono::NaiveDateTime::parse_from_str(&format!("{date} {time}"), "%Y-%m-%d %H:%M")
                .unwrap();
        local
            .and_local_timezone(wib)
            .single()
            .unwrap()
            .with_timezone(&chrono::Utc)
    };
    for (day, pair) in days.iter().zip(events.chunks(2)) {
        let date = day["date"].as_str().unwrap();
        assert!(date.starts_with("1951-"), "{date}");
        for (event, time) in pair.iter().zip(["imsak", "maghrib"]) {
            let expected = instant(date, day[time].as_str().unwrap());
            match event.get_start() {
                Some(DatePerhapsTime::DateTime(CalendarDateTime::Utc(at))) => {
                    assert_eq!(at, expected, "{date} {time}");
                }
                other => panic!("not a UTC instant: {other:?}"),
            }
        }
    }
    // The days of the answer before 1964 carry the warning; those from 1964 do not.
    let before = get_json(&app, "/api/v1/prayer-times?place=31.71&date=1963-12-31").await;
    assert!(warning_codes(&before).contains(&"present_offset".to_owned()));
    let after = get_json(&app, "/api/v1/prayer-times?place=31.71&date=1964-01-01").await;
    assert!(!warning_codes(&after).contains(&"present_offset".to_owned()));
    // A feed from 1964 on keeps its local times with the zone's TZID.
    let modern = get(&app, "/api/v1/imsakiyah.ics?place=31.71&year=1447").await;
    let modern = String::from_utf8(modern.body.to_vec())
        .unwrap()
        .replace("\r\n ", "");
    assert!(modern.contains("DTSTART;TZID=Asia/Jakarta:"));
    assert!(!modern.contains("present offset") && !modern.contains("selisih zona sekarang"));
}
