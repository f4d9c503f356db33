//! Snapshots of every endpoint's answers (status, the contract's headers, body) over the real
//! archive: the happy paths and every error code each endpoint can return, with values
//! spot-checked against the official table (`data/official/months.csv`).

use serde_json::Value;

use crate::common::{
    each_pair, get, get_json, real, snapshot, state, state_with, test_app, test_app_with, Answer,
};
use crate::openapi::assert_documented;

/// Calls each `(name, uri)` on a fresh app, snapshots it, checks its error code against the
/// OpenAPI document, and returns the answers by name.
pub async fn cases(state: hijri_server::SharedState, cases: &[(&str, &str)]) -> Vec<Answer> {
    let app = test_app_with(state).await;
    let mut answers = Vec::new();
    for (name, uri) in cases {
        let answer = get(&app, uri).await;
        assert!(
            answer.status < 500 || answer.status == 503,
            "{uri}: {}",
            answer.status
        );
        assert_documented(uri, &answer);
        snapshot(name, &answer);
        answers.push(answer);
    }
    answers
}

/// Each answer's error code, `ok` for a 200.
pub fn codes(answers: &[Answer]) -> Vec<String> {
    answers.iter().map(Answer::outcome).collect()
}

/// Each answer's status.
pub fn statuses(answers: &[Answer]) -> Vec<u16> {
    answers.iter().map(|a| a.status).collect()
}

fn output(answer: &Answer) -> Value {
    answer.json()["output"].clone()
}

#[actix_web::test]
async fn today() {
    let answers = cases(
        state(),
        &[
            ("today", "/api/v1/today"),
            ("today_next_utc_offset", "/api/v1/today?tz=UTC+7&next=TRUE"),
            ("today_negative_offset", "/api/v1/today?tz=UTC-03:30"),
            ("today_bare_offset", "/api/v1/today?tz=%2B08:00&next=0"),
            (
                "today_iana_any_case",
                "/api/v1/today?tz=america/los_angeles",
            ),
            ("today_invalid_timezone", "/api/v1/today?tz=Mars/Olympus"),
            ("today_invalid_next", "/api/v1/today?next=maybe"),
        ],
    )
    .await;
    assert_eq!(
        codes(&answers),
        [
            "ok",
            "ok",
            "ok",
            "ok",
            "ok",
            "invalid_timezone",
            "invalid_next"
        ]
    );
    // 2025-03-01 12:00 in Jakarta is 1 Ramadhan 1446 (official table), a Saturday.
    let today = output(&answers[0]);
    assert_eq!(today["date"], "1446-09-01");
    assert_eq!(today["month_name"], "Ramadhan");
    assert_eq!(today["weekday"], "Sabtu");
    assert_eq!(
        answers[0].header("cache-control"),
        Some("public, max-age=60, s-maxage=43200")
    );
    assert_eq!(answers[1].json()["next"]["date"], "1446-09-02");
    assert_eq!(answers[1].json()["input"]["tz"], "UTC+07:00");
    // 01:30 on 2025-03-01 at UTC-03:30 is still the first of Ramadhan.
    assert_eq!(answers[2].json()["input"]["date"], "2025-03-01");
    assert_eq!(
        answers[2].header("cache-control"),
        Some("public, max-age=60, s-maxage=81000")
    );
    // Los Angeles is still on 2025-02-28: the last day of Sya'ban (29 days).
    assert_eq!(output(&answers[4])["date"], "1446-08-29");
    assert_eq!(answers[4].json()["input"]["tz"], "America/Los_Angeles");
}

#[actix_web::test]
async fn today_indonesian_zones() {
    let answers = cases(
        state(),
        &[
            ("today_wib", "/api/v1/today?tz=WIB"),
            ("today_wita", "/api/v1/today?tz=wita&next=true"),
            ("today_wit", "/api/v1/today?tz=Wit"),
        ],
    )
    .await;
    let zones: Vec<Value> = answers
        .iter()
        .map(|a| a.json()["input"]["tz"].clone())
        .collect();
    assert_eq!(zones, ["Asia/Jakarta", "Asia/Makassar", "Asia/Jayapura"]);
    // 12:00 WIB is 13:00 WITA and 14:00 WIT: 11 and 10 hours to local midnight.
    let max_age = |a: &Answer| a.header("cache-control").unwrap().to_owned();
    assert_eq!(max_age(&answers[0]), "public, max-age=60, s-maxage=43200");
    assert_eq!(max_age(&answers[1]), "public, max-age=60, s-maxage=39600");
    assert_eq!(max_age(&answers[2]), "public, max-age=60, s-maxage=36000");
}

#[actix_web::test]
async fn today_at_the_table_edge() {
    // The table covers 2026-12-31 (22 Rajab 1448); the day after it is computed.
    let mut state = state();
    state.clock = hijri_server::state::Clock::Fixed(crate::common::instant("2026-12-31T05:00:00Z"));
    let answers = cases(state, &[("today_table_edge", "/api/v1/today?next=1")]).await;
    let body = answers[0].json();
    assert_eq!(body["source"], "regional");
    assert_eq!(body["next"]["date"], "1448-07-23");
    assert_eq!(body["next"]["source"], "regional-computed");
    assert_eq!(body["warnings"][0]["code"], "computed");
}

#[actix_web::test]
async fn today_date() {
    let answers = cases(
        state(),
        &[
            ("today_date", "/api/v1/today/2025-03-31"),
            ("today_date_retro", "/api/v1/today/1990-01-01?retro=1"),
            ("today_date_invalid_date", "/api/v1/today/2025-02-30"),
            (
                "today_date_invalid_retro",
                "/api/v1/today/2025-03-01?retro=yes",
            ),
            (
                "today_date_out_of_coverage_retro",
                "/api/v1/today/1990-01-01",
            ),
            (
                "today_date_out_of_coverage_future",
                "/api/v1/today/2150-01-01",
            ),
            ("today_date_not_found", "/api/v1/today/2025-03-01/more"),
        ],
    )
    .await;
    assert_eq!(
        codes(&answers),
        [
            "ok",
            "ok",
            "invalid_date",
            "invalid_retro",
            "out_of_coverage",
            "out_of_coverage",
            "not_found"
        ]
    );
    assert_eq!(output(&answers[0])["date"], "1446-10-01");
    assert_eq!(output(&answers[0])["month_name"], "Syawal");
    assert_eq!(
        answers[0].header("cache-control"),
        Some("public, max-age=86400, s-maxage=86400")
    );
    assert_eq!(answers[1].json()["source"], "regional-retro");
}

#[actix_web::test]
async fn convert() {
    let answers = cases(
        state(),
        &[
            ("convert_gregorian", "/api/v1/convert?date=2025-03-01"),
            (
                "convert_hijri",
                "/api/v1/convert?date=1446-10-01&calendar=HIJRI",
            ),
            ("convert_computed", "/api/v1/convert?date=2030-01-01"),
            (
                "convert_retro",
                "/api/v1/convert?date=1970-01-01&retro=true",
            ),
            (
                "convert_first_official_day",
                "/api/v1/convert?date=2023-01-23",
            ),
            ("convert_missing_parameter", "/api/v1/convert"),
            ("convert_invalid_date", "/api/v1/convert?date=2025-13-01"),
            (
                "convert_invalid_calendar",
                "/api/v1/convert?date=2025-03-01&calendar=julian",
            ),
            (
                "convert_invalid_retro",
                "/api/v1/convert?date=2025-03-01&retro=2",
            ),
            (
                "convert_out_of_coverage_retro",
                "/api/v1/convert?date=2023-01-22",
            ),
            (
                "convert_out_of_coverage_future",
                "/api/v1/convert?date=2200-01-01&retro=1",
            ),
            (
                "convert_out_of_coverage_hijri",
                "/api/v1/convert?date=1600-01-01&calendar=hijri",
            ),
            (
                "convert_date_not_found",
                "/api/v1/convert?date=1446-08-30&calendar=hijri",
            ),
            (
                "convert_earliest_retro_day",
                "/api/v1/convert?date=1945-01-01&retro=true",
            ),
            (
                "convert_first_archived_month_retro",
                "/api/v1/convert?date=1944-12-31&retro=true",
            ),
            (
                "convert_hijri_first_archived_day_retro",
                "/api/v1/convert?date=1364-01-01&calendar=hijri&retro=true",
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
            "ok",
            "ok",
            "missing_parameter",
            "invalid_date",
            "invalid_calendar",
            "invalid_retro",
            "out_of_coverage",
            "out_of_coverage",
            "out_of_coverage",
            "date_not_found",
            "ok",
            "out_of_coverage",
            "out_of_coverage"
        ]
    );
    // The contract's earliest retro date is 1945-01-01: 16 Muharram 1364 in the chain. The
    // days of that month before it are not served (the month starts on 1944-12-17).
    assert_eq!(output(&answers[13])["date"], "1364-01-16");
    let ramadhan = output(&answers[0]);
    assert_eq!(
        (
            &ramadhan["date"],
            &ramadhan["month_name"],
            &ramadhan["weekday"]
        ),
        (&"1446-09-01".into(), &"Ramadhan".into(), &"Sabtu".into())
    );
    assert_eq!(output(&answers[1])["date"], "2025-03-31");
    assert_eq!(output(&answers[1])["calendar"], "gregorian");
    assert_eq!(answers[2].json()["source"], "regional-computed");
    assert_eq!(answers[2].json()["warnings"][0]["code"], "computed");
    assert_eq!(answers[3].json()["warnings"][0]["code"], "retro");
    // The table's first row: 1444-07 starts on 2023-01-23.
    assert_eq!(output(&answers[4])["date"], "1444-07-01");
    assert_eq!(answers[4].json()["source"], "regional");
}

#[actix_web::test]
async fn range() {
    let answers = cases(
        state(),
        &[
            ("range", "/api/v1/range?start=2025-02-26&end=2025-03-03"),
            (
                "range_hijri",
                "/api/v1/range?start=1446-08-28&end=1446-09-02&calendar=hijri&step=DAY",
            ),
            (
                "range_across_table_end",
                "/api/v1/range?start=2026-12-26&end=2027-01-11",
            ),
            (
                "range_invalid_step",
                "/api/v1/range?start=2025-03-01&end=2025-03-02&step=week",
            ),
            (
                "range_too_large",
                "/api/v1/range?start=2025-01-01&end=2025-02-15",
            ),
            (
                "range_invalid_range",
                "/api/v1/range?start=2025-03-02&end=2025-03-01",
            ),
            (
                "range_out_of_coverage",
                "/api/v1/range?start=2023-01-20&end=2023-01-25",
            ),
            (
                "range_invalid_calendar",
                "/api/v1/range?start=2025-03-01&end=2025-03-02&calendar=x",
            ),
            (
                "range_invalid_retro",
                "/api/v1/range?start=2025-03-01&end=2025-03-02&retro=on",
            ),
            ("range_missing_parameter", "/api/v1/range?start=2025-03-01"),
            (
                "range_invalid_date",
                "/api/v1/range?start=2025-03-01&end=tomorrow",
            ),
            (
                "range_hijri_missing_day",
                "/api/v1/range?start=1446-08-25&end=1446-08-30&calendar=hijri",
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
            "invalid_step",
            "range_too_large",
            "invalid_range",
            "out_of_coverage",
            "invalid_calendar",
            "invalid_retro",
            "missing_parameter",
            "invalid_date",
            "invalid_date"
        ]
    );
    let items = answers[0].json()["items"].clone();
    assert_eq!(answers[0].json()["count"], 6);
    // Sya'ban 1446 has 29 days (2025-01-31 + 29 = 2025-03-01).
    assert_eq!(items[2]["gregorian"], "2025-02-28");
    assert_eq!(items[2]["hijri"], "1446-08-29");
    assert_eq!(items[3]["hijri"], "1446-09-01");
    let mixed = answers[2].json();
    let sources: Vec<_> = mixed["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["source"].clone())
        .collect();
    // The table covers 2026-12-31; the days after it are computed, in Rajab 1448 already.
    assert_eq!(sources[5], "regional");
    assert_eq!(sources[6], "regional-computed");
    assert_eq!(mixed["items"][6]["hijri"], "1448-07-23");
}

#[actix_web::test]
async fn month() {
    let answers = cases(
        state(),
        &[
            ("month_hijri", "/api/v1/month?year=1446&month=9"),
            (
                "month_gregorian",
                "/api/v1/month?year=2025&month=3&calendar=gregorian",
            ),
            ("month_computed", "/api/v1/month?year=1460&month=1"),
            ("month_retro", "/api/v1/month?year=1400&month=1&retro=1"),
            ("month_invalid_month", "/api/v1/month?year=1446&month=13"),
            ("month_invalid_year", "/api/v1/month?year=1200&month=1"),
            (
                "month_invalid_calendar",
                "/api/v1/month?year=1446&month=1&calendar=lunar",
            ),
            ("month_out_of_coverage", "/api/v1/month?year=1400&month=1"),
            (
                "month_invalid_retro",
                "/api/v1/month?year=1446&month=9&retro=x",
            ),
            ("month_missing_parameter", "/api/v1/month?year=1446"),
        ],
    )
    .await;
    assert_eq!(
        codes(&answers),
        [
            "ok",
            "ok",
            "ok",
            "ok",
            "invalid_month",
            "invalid_year",
            "invalid_calendar",
            "out_of_coverage",
            "invalid_retro",
            "missing_parameter"
        ]
    );
    let ramadhan = answers[0].json();
    assert_eq!(ramadhan["count"], 30);
    assert_eq!(ramadhan["items"][0]["gregorian"], "2025-03-01");
    assert_eq!(ramadhan["items"][29]["gregorian"], "2025-03-30");
    let march = answers[1].json();
    assert_eq!(march["count"], 31);
    assert_eq!(march["items"][30]["hijri"], "1446-10-01");
}

#[actix_web::test]
async fn months() {
    let answers = cases(state(), &[("months", "/api/v1/months")]).await;
    let body = answers[0].json();
    assert_eq!(body["months"][7]["name"], "Sya'ban");
    assert_eq!(body["months"].as_array().unwrap().len(), 12);
}

#[actix_web::test]
async fn year() {
    let answers = cases(
        state(),
        &[
            ("year_hijri", "/api/v1/year?year=1446"),
            (
                "year_gregorian",
                "/api/v1/year?year=2025&calendar=gregorian",
            ),
            ("year_invalid_year", "/api/v1/year?year=1446.5"),
            (
                "year_invalid_calendar",
                "/api/v1/year?year=1446&calendar=solar",
            ),
            ("year_out_of_coverage", "/api/v1/year?year=1444"),
            ("year_invalid_retro", "/api/v1/year?year=1446&retro=-1"),
            ("year_missing_parameter", "/api/v1/year"),
        ],
    )
    .await;
    assert_eq!(
        codes(&answers),
        [
            "ok",
            "ok",
            "invalid_year",
            "invalid_calendar",
            "out_of_coverage",
            "invalid_retro",
            "missing_parameter"
        ]
    );
    // 1446 in the table: 30+30+29+30+30+29+30+29+30+29+29+30 = 355 days.
    let hijri = answers[0].json();
    assert_eq!(hijri["count"], 355);
    assert_eq!(hijri["months"]["9"][0]["gregorian"], "2025-03-01");
    assert_eq!(hijri["months"]["12"].as_array().unwrap().len(), 30);
    let gregorian = answers[1].json();
    assert_eq!(gregorian["count"], 365);
    assert_eq!(gregorian["months"]["3"][30]["hijri"], "1446-10-01");
}

#[actix_web::test]
async fn events() {
    let answers = cases(
        state(),
        &[
            ("events_hijri", "/api/v1/events?year=1446"),
            (
                "events_gregorian_all",
                "/api/v1/events?year=2025&calendar=gregorian&include=all",
            ),
            ("events_extra", "/api/v1/events?year=1447&include=Extra"),
            (
                "events_white_days",
                "/api/v1/events?year=1446&include=ayyamul_bidh,tasua",
            ),
            ("events_computed", "/api/v1/events?year=1460"),
            (
                "events_include_repeated",
                "/api/v1/events?year=1446&include=Extra,%20asyura,EXTRA",
            ),
            (
                "events_invalid_include",
                "/api/v1/events?year=1446&include=extra,lebaran",
            ),
            ("events_invalid_year", "/api/v1/events?year=1999"),
            (
                "events_invalid_calendar",
                "/api/v1/events?year=1446&calendar=persian",
            ),
            (
                "events_invalid_retro",
                "/api/v1/events?year=1446&retro=nope",
            ),
            ("events_missing_parameter", "/api/v1/events"),
            ("events_table_start", "/api/v1/events?year=1444"),
            ("events_before_table", "/api/v1/events?year=1400"),
            (
                "events_table_start_retro",
                "/api/v1/events?year=1444&retro=1",
            ),
            (
                "events_gregorian_table_start",
                "/api/v1/events?year=2023&calendar=gregorian&include=all",
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
            "ok",
            "ok",
            "ok",
            "invalid_include",
            "invalid_year",
            "invalid_calendar",
            "invalid_retro",
            "missing_parameter",
            "ok",
            "ok",
            "ok",
            "ok"
        ]
    );
    let slug_dates = |answer: &Answer| each_pair(&answer.json()["events"], "event", "gregorian");
    let hijri = slug_dates(&answers[0]);
    assert_eq!(hijri.len(), 5);
    assert!(hijri.contains(&("awal_ramadan".into(), "2025-03-01".into())));
    assert!(hijri.contains(&("idul_fitri".into(), "2025-03-31".into())));
    assert!(hijri.contains(&("1_muharram".into(), "2024-07-07".into())));
    assert_eq!(
        answers[0].header("cache-control"),
        Some("public, max-age=86400, s-maxage=86400")
    );
    let all = slug_dates(&answers[1]);
    assert!(
        all.windows(2).all(|w| w[0].1 <= w[1].1),
        "sorted by Gregorian date"
    );
    assert!(all.iter().all(|(_, d)| d.starts_with("2025-")));
    // Dzulhijjah 1446 starts 2025-05-28: its white days are the 14th to 16th.
    let body = answers[1].json();
    let dzulhijjah_bidh = body["events"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| {
            e["event"] == "ayyamul_bidh" && e["hijri"].as_str().unwrap().starts_with("1446-12")
        })
        .unwrap();
    assert_eq!(dzulhijjah_bidh["date_range"]["hijri_start"], "1446-12-14");
    assert_eq!(dzulhijjah_bidh["date_range"]["gregorian_end"], "2025-06-12");
    assert_eq!(
        answers[4].header("cache-control"),
        Some("public, max-age=3600")
    );
    assert_eq!(
        answers[5].json()["input"]["include"],
        serde_json::json!(["extra", "asyura"])
    );
    assert_eq!(
        answers[1].json()["input"]["include"],
        serde_json::json!(["all"])
    );
    assert_eq!(answers[0].json()["input"]["include"], Value::Null);
}

#[actix_web::test]
async fn fasting() {
    let answers = cases(
        state(),
        &[
            ("fasting_hijri", "/api/v1/fasting?year=1448"),
            (
                "fasting_muhammadiyah",
                "/api/v1/fasting?year=1448&authority=muhammadiyah",
            ),
            (
                "fasting_gregorian_en",
                "/api/v1/fasting?year=2026&calendar=gregorian&lang=en",
            ),
            ("fasting_published_ar", "/api/v1/fasting?year=1446&lang=ar"),
            ("fasting_before_table", "/api/v1/fasting?year=1400"),
            ("fasting_missing_year", "/api/v1/fasting"),
            ("fasting_invalid_year", "/api/v1/fasting?year=1999"),
            (
                "fasting_invalid_calendar",
                "/api/v1/fasting?year=1448&calendar=saka",
            ),
            (
                "fasting_invalid_authority",
                "/api/v1/fasting?year=1448&authority=nu",
            ),
            ("fasting_invalid_lang", "/api/v1/fasting?year=1448&lang=jv"),
            ("fasting_invalid_retro", "/api/v1/fasting?year=1448&retro=2"),
            ("fasting_ics", "/api/v1/fasting.ics?year=1447"),
            (
                "fasting_ics_muhammadiyah_place",
                "/api/v1/fasting.ics?year=2027&calendar=gregorian&authority=muhammadiyah&place=34.71&lang=en",
            ),
            ("fasting_ics_window", "/api/v1/fasting.ics?reminder=none"),
            (
                "fasting_ics_unknown_place",
                "/api/v1/fasting.ics?year=1448&place=31.7",
            ),
            (
                "fasting_ics_invalid_reminder",
                "/api/v1/fasting.ics?year=1448&reminder=morning",
            ),
            ("fasting_ics_invalid_lang", "/api/v1/fasting.ics?lang=ar"),
            ("fasting_ics_invalid_year", "/api/v1/fasting.ics?year=1363"),
        ],
    )
    .await;
    assert_eq!(
        codes(&answers),
        [
            "ok",
            "ok",
            "ok",
            "ok",
            "ok",
            "missing_parameter",
            "invalid_year",
            "invalid_calendar",
            "invalid_authority",
            "invalid_lang",
            "invalid_retro",
            "ok",
            "ok",
            "ok",
            "unknown_place",
            "invalid_reminder",
            "invalid_lang",
            "invalid_year"
        ]
    );
    // 1446 is wholly in the published table: cached as immutable.
    assert_eq!(
        answers[3].header("cache-control"),
        Some("public, max-age=86400, s-maxage=86400")
    );
}

#[actix_web::test]
async fn hilal_info() {
    let answers = cases(
        state(),
        &[
            ("hilal_info", "/api/v1/hilal/info?month=9&year=1446"),
            (
                "hilal_info_computed",
                "/api/v1/hilal/info?month=9&year=1460",
            ),
            (
                "hilal_info_retro",
                "/api/v1/hilal/info?month=9&year=1400&retro=true",
            ),
            (
                "hilal_info_out_of_coverage_retro",
                "/api/v1/hilal/info?month=9&year=1400",
            ),
            (
                "hilal_info_out_of_coverage_future",
                "/api/v1/hilal/info?month=1&year=1600",
            ),
            (
                "hilal_info_invalid_retro",
                "/api/v1/hilal/info?month=9&year=1446&retro=T",
            ),
            (
                "hilal_info_out_of_coverage_month_0",
                "/api/v1/hilal/info?month=0&year=1446",
            ),
            (
                "hilal_info_out_of_coverage_month_13",
                "/api/v1/hilal/info?month=13&year=1446",
            ),
            (
                "hilal_info_invalid_month",
                "/api/v1/hilal/info?month=Ramadhan&year=1446",
            ),
            (
                "hilal_info_invalid_year",
                "/api/v1/hilal/info?month=9&year=soon",
            ),
            ("hilal_info_missing_parameter", "/api/v1/hilal/info?month=9"),
        ],
    )
    .await;
    assert_eq!(
        codes(&answers),
        [
            "ok",
            "ok",
            "ok",
            "out_of_coverage",
            "out_of_coverage",
            "invalid_retro",
            "out_of_coverage",
            "out_of_coverage",
            "invalid_month",
            "invalid_year",
            "missing_parameter"
        ]
    );
    let info = answers[0].json();
    assert_eq!(info["month"]["start"], "2025-03-01");
    assert_eq!(info["previous_month"]["length"], 29);
    assert_eq!(info["evening"]["hijri_date"], "29 Sya'ban 1446 H");
    assert_eq!(info["evening"]["gregorian_date"], "2025-02-28");
    assert_eq!(info["evening"]["sites_checked"], 25);
    assert_eq!(
        answers[0].header("cache-control"),
        Some("public, max-age=86400, s-maxage=86400")
    );
}

#[actix_web::test]
async fn hilal_falak() {
    let answers = cases(
        state(),
        &[
            (
                "hilal_info_sites",
                "/api/v1/hilal/info?month=9&year=1446&include=SITES",
            ),
            (
                "hilal_history_sites",
                "/api/v1/hilal/history?from=1446-09&to=1446-10&include=sites",
            ),
            (
                "hilal_info_invalid_include",
                "/api/v1/hilal/info?month=9&year=1446&include=extra",
            ),
            (
                "hilal_history_invalid_include",
                "/api/v1/hilal/history?include=sites,map",
            ),
        ],
    )
    .await;
    assert_eq!(
        codes(&answers),
        ["ok", "ok", "invalid_include", "invalid_include"]
    );
    let info = answers[0].json();
    let evening = &info["evening"];
    assert_eq!(info["input"]["include"], "sites");
    // The conjunction before 1 Ramadhan 1446, as archived: 2025-02-28 00:44:49 UTC.
    assert_eq!(evening["conjunction_utc"], "2025-02-28T00:44:49Z");
    // Lhoknga, Aceh: sunset 18:51, moonset 19:14 WIB on the truncated clock; from the
    // archived seconds the Moon sets 22 minutes (rounded) after the Sun.
    assert_eq!(evening["lag_minutes"], 22);
    let sites = evening["sites"].as_array().unwrap();
    assert_eq!(sites.len(), 25);
    let decider = sites.iter().find(|s| s["name"] == "Lhoknga, Aceh").unwrap();
    assert_eq!(decider["sunset"], evening["sunset"]);
    assert_eq!(decider["moon_alt_deg"], evening["moon_alt_deg"]);
    assert_eq!(decider["elongation_deg"], evening["elongation_deg"]);
    // margin = min(4.69 - 3.0, 6.41 - 6.4): the elongation decides.
    assert_eq!(decider["margin_deg"], 0.01);
    assert_eq!(decider["visible"], true);
    // The decider has the largest margin of all sites.
    assert!(sites
        .iter()
        .all(|s| s["margin_deg"].as_f64() <= decider["margin_deg"].as_f64()));
    // A site is visible exactly when both criteria hold there, and a margin >= 0 says so.
    for site in sites {
        let both = site["alt_ok"] == true && site["elong_ok"] == true;
        assert_eq!(site["visible"], both, "{site}");
        assert_eq!(site["margin_deg"].as_f64().unwrap() >= 0.0, both, "{site}");
    }
    let history = answers[1].json();
    assert_eq!(history["count"], 2);
    assert_eq!(history["months"][0]["evening"], *evening);
    // Without include the record is as before: no sites, no input.include.
    let app = test_app().await;
    let plain = get_json(&app, "/api/v1/hilal/info?month=9&year=1446").await;
    assert!(plain["evening"].get("sites").is_none());
    assert!(plain["input"].get("include").is_none());
    assert_eq!(
        plain["evening"]["conjunction_utc"],
        evening["conjunction_utc"]
    );
}

#[actix_web::test]
async fn hilal_history() {
    let answers = cases(
        state(),
        &[
            (
                "hilal_history",
                "/api/v1/hilal/history?from=1446-08&to=1446-10",
            ),
            (
                "hilal_history_clamped",
                "/api/v1/hilal/history?from=1440-01&to=1444-09",
            ),
            (
                "hilal_history_invalid_range_form",
                "/api/v1/hilal/history?from=1446-8",
            ),
            (
                "hilal_history_invalid_range_order",
                "/api/v1/hilal/history?from=1447-01&to=1446-01",
            ),
        ],
    )
    .await;
    assert_eq!(
        codes(&answers),
        ["ok", "ok", "invalid_range", "invalid_range"]
    );
    let history = answers[0].json();
    assert_eq!(history["count"], 3);
    assert_eq!(history["months"][1]["month"]["start"], "2025-03-01");
    let clamped = answers[1].json();
    assert_eq!(clamped["range"]["first"], "1444-08");
    // The input echoes the window answered, not the spelling asked.
    assert_eq!(clamped["input"]["from"], "1444-08");
    assert_eq!(clamped["count"], 2);
    // The default bounds, 1444-08 to 1475-12, are checked without a snapshot (377 months).
    let app = test_app().await;
    let all = get_json(&app, "/api/v1/hilal/history").await;
    assert_eq!(all["count"], 377);
    assert_eq!(all["range"]["last"], "1475-12");
    assert_eq!(all["warnings"][0]["code"], "computed");
}

#[actix_web::test]
async fn hilal_cards() {
    let mut list = Vec::new();
    for kind in ["viz", "map"] {
        for (case, query) in [
            ("png", "month=9&year=1446&download=1"),
            ("png_bare", "month=9&year=1446&bare=true"),
            ("png_retro", "month=1&year=1444&retro=TRUE"),
            ("out_of_coverage_before", "month=12&year=1443"),
            ("out_of_coverage_after", "month=1&year=1476"),
            ("out_of_coverage_retro", "month=1&year=1444"),
            ("out_of_coverage_month_0", "month=0&year=1446"),
            ("out_of_coverage_month_13", "month=13&year=1446"),
            ("invalid_bare", "month=9&year=1446&bare=both"),
            ("invalid_download", "month=9&year=1446&download=please"),
            ("invalid_retro", "month=9&year=1446&retro=maybe"),
            ("invalid_month", "month=Ramadhan&year=1446"),
            ("missing_parameter", "year=1446"),
        ] {
            list.push((
                format!("hilal_{kind}_{case}"),
                format!("/api/v1/hilal/{kind}?{query}"),
            ));
        }
    }
    let list: Vec<(&str, &str)> = list.iter().map(|(n, u)| (n.as_str(), u.as_str())).collect();
    let answers = cases(state(), &list).await;
    let expected = [
        "ok",
        "ok",
        "ok",
        "out_of_coverage",
        "out_of_coverage",
        "out_of_coverage",
        "out_of_coverage",
        "out_of_coverage",
        "invalid_bare",
        "invalid_download",
        "invalid_retro",
        "invalid_month",
        "missing_parameter",
    ];
    assert_eq!(codes(&answers), [expected, expected].concat());
    for (answer, kind) in [(&answers[0], "viz"), (&answers[13], "map")] {
        assert_eq!(answer.header("content-type"), Some("image/png"));
        // The ETag is the content hash of the PNG served.
        assert_eq!(
            answer.header("etag"),
            Some(hijri::fingerprint::etag(&answer.body).as_str())
        );
        assert!(answer.body.starts_with(b"\x89PNG\r\n\x1a\n"));
        let disposition = format!("attachment; filename=\"hilal-{kind}-1446-9.png\"");
        assert_eq!(
            answer.header("content-disposition"),
            Some(disposition.as_str())
        );
    }
    // The PNG header says 720x1280, or 1440x1520 for the bare variant.
    let app = test_app().await;
    for (uri, size) in [
        ("/api/v1/hilal/viz?month=9&year=1446", (720, 1280)),
        ("/api/v1/hilal/map?month=9&year=1446&bare=1", (1440, 1520)),
    ] {
        let png = get(&app, uri).await.body;
        let word = |at: usize| u32::from_be_bytes(png[at..at + 4].try_into().unwrap());
        assert_eq!((word(16), word(20)), size, "{uri}");
    }
}

/// Muhammadiyah's cards beside the government's, on the same endpoints with the same
/// parameters: wujudul hilal (Ramadhan 1445), KHGT by PKG 2 (Ramadhan 1447, Alaska) and by
/// PKG 1 (Syawal 1447), bare and full; a table calendar and months outside the card years
/// refused with the government's codes and messages.
#[actix_web::test]
async fn muhammadiyah_cards() {
    let mut list = Vec::new();
    for (year, month) in [(1445, 9), (1447, 9), (1447, 10)] {
        for kind in ["viz", "map"] {
            for (bare, flag) in [("", ""), ("_bare", "&bare=1")] {
                list.push((
                    format!("hilal_{kind}_muhammadiyah_{year}_{month:02}{bare}"),
                    format!(
                        "/api/v1/hilal/{kind}?year={year}&month={month}&authority=muhammadiyah{flag}"
                    ),
                ));
            }
        }
    }
    for (name, query) in [
        (
            "hilal_viz_ummalqura",
            "year=1447&month=9&authority=ummalqura",
        ),
        (
            "hilal_map_muhammadiyah_out_of_coverage_before",
            "month=12&year=1443&authority=muhammadiyah",
        ),
        (
            "hilal_map_muhammadiyah_out_of_coverage_after",
            "month=1&year=1476&authority=muhammadiyah",
        ),
    ] {
        let kind = if name.starts_with("hilal_viz") {
            "viz"
        } else {
            "map"
        };
        list.push((name.to_owned(), format!("/api/v1/hilal/{kind}?{query}")));
    }
    let list: Vec<(&str, &str)> = list.iter().map(|(n, u)| (n.as_str(), u.as_str())).collect();
    let answers = cases(state(), &list).await;
    let (cards, refused) = answers.split_at(12);
    for (answer, (name, _)) in cards.iter().zip(&list) {
        assert_eq!(answer.status, 200, "{name}");
        assert_eq!(answer.header("content-type"), Some("image/png"), "{name}");
        assert_eq!(
            answer.header("etag"),
            Some(hijri::fingerprint::etag(&answer.body).as_str())
        );
        let word = |at: usize| u32::from_be_bytes(answer.body[at..at + 4].try_into().unwrap());
        let size = if name.ends_with("_bare") {
            (1440, 1520)
        } else {
            (720, 1280)
        };
        assert_eq!((word(16), word(20)), size, "{name}");
    }
    assert_eq!(
        codes(refused),
        ["invalid_authority", "out_of_coverage", "out_of_coverage"]
    );
    assert!(refused[0].json()["error"]["message"]
        .as_str()
        .unwrap()
        .contains(") has no hilal cards: "));
    // The same errors as the government's cards, word for word.
    let app = test_app().await;
    for (theirs, ours) in [
        (&refused[1], "/api/v1/hilal/map?month=12&year=1443"),
        (&refused[2], "/api/v1/hilal/map?month=1&year=1476"),
    ] {
        assert_eq!(theirs.json()["error"], get_json(&app, ours).await["error"]);
    }
    // Not the government's cards: another image, its download named after the calendar.
    let government = get(&app, "/api/v1/hilal/viz?year=1447&month=9").await;
    assert_ne!(government.body, cards[4].body);
    let download = get(
        &app,
        "/api/v1/hilal/map?year=1447&month=9&authority=muhammadiyah&download=1",
    )
    .await;
    assert_eq!(
        download.header("content-disposition"),
        Some("attachment; filename=\"hilal-map-muhammadiyah-1447-9.png\"")
    );
    // Cached as the government's: a revalidation with the ETag gets 304.
    let etag = cards[6].header("etag").unwrap().to_owned();
    let request = actix_web::test::TestRequest::get()
        .uri("/api/v1/hilal/map?year=1447&month=9&authority=muhammadiyah")
        .insert_header(("if-none-match", etag))
        .to_request();
    let response = actix_web::test::call_service(&app, request).await;
    assert_eq!(response.status(), 304);
}

#[actix_web::test]
async fn meta_and_health() {
    let app = test_app().await;
    let before = get(&app, "/api/v1/meta").await;
    snapshot("meta", &before);
    assert_documented("/api/v1/meta", &before);
    let meta = before.json();
    assert_eq!(meta["coverage"]["first"], "2023-01-23");
    assert_eq!(meta["computed_active"], false);
    assert_eq!(meta["hilal_image_range"], serde_json::json!([1444, 1475]));
    get(&app, "/api/v1/convert?date=2030-01-01").await;
    get(&app, "/api/v1/convert?date=1990-01-01&retro=1").await;
    let after = get(&app, "/api/v1/meta").await;
    snapshot("meta_after_computed", &after);
    assert_eq!(after.json()["computed_active"], true);
    assert_eq!(
        after.json()["computed_months"],
        serde_json::json!(["1410-06", "1451-08"])
    );

    let health = get(&app, "/healthz").await;
    assert_documented("/healthz", &health);
    assert_eq!(health.json()["build_hash"], hijri::BUILD_HASH);
    let mut redacted = health;
    redacted.headers.remove("etag");
    snapshot("healthz", &redacted);

    let document = get(&app, "/api/v1/openapi.json").await;
    assert_eq!(document.body, hijri_server::interface::OPENAPI.as_bytes());
    let mut headers_only = document;
    headers_only.body = Default::default();
    snapshot("openapi_document", &headers_only);
    let mut at_root = get(&app, "/openapi.json").await;
    assert_eq!(at_root.body, hijri_server::interface::OPENAPI.as_bytes());
    at_root.body = Default::default();
    snapshot("openapi_document_at_root", &at_root);
}

#[actix_web::test]
async fn pages_for_people() {
    let app = test_app().await;
    let docs = get(&app, "/docs").await;
    assert_documented("/docs", &docs);
    snapshot("docs_page", &docs);
    let bundle = get(&app, "/docs/redoc.standalone.js").await;
    assert_documented("/docs/redoc.standalone.js", &bundle);
    assert!(bundle.body.starts_with(b"/*! For license information"));
    snapshot("docs_redoc_bundle", &bundle);
    let script = get(&app, "/docs/page.js").await;
    assert_documented("/docs/page.js", &script);
    snapshot("docs_page_script", &script);
    // With a trailing slash the page's relative links would miss: a permanent redirect,
    // relative so that it also works under a proxy's sub-path.
    let slash = get(&app, "/docs/").await;
    assert_documented("/docs/", &slash);
    assert_eq!(slash.status, 301);
    assert_eq!(slash.header("location"), Some("../docs"));
    assert!(slash.body.is_empty());
    snapshot("docs_slash_redirect", &slash);
    // The pages link relatively (they also work under a proxy's sub-path); every link from
    // the root resolves to a 200 of this service.
    let page = |answer: &Answer| String::from_utf8(answer.body.to_vec()).unwrap();
    for (text, links) in [(
        page(&docs),
        &[
            "docs/page.js",
            "docs/redoc.standalone.js",
            "api/v1/openapi.json",
        ],
    )] {
        for link in links {
            assert!(text.contains(&format!("\"{link}\"")), "{link}");
            assert_eq!(get(&app, &format!("/{link}")).await.status, 200, "{link}");
        }
    }
}

#[actix_web::test]
async fn docs_url_is_absolute_with_a_public_url() {
    let public = [("HIJRI_PUBLIC_URL", "https://kalender.example.id/")];
    let app = test_app_with(state_with(real(), &public)).await;
    let meta = get(&app, "/api/v1/meta").await;
    assert_eq!(meta.json()["docs_url"], "https://kalender.example.id/docs");
    let app = test_app().await;
    assert_eq!(get_json(&app, "/api/v1/meta").await["docs_url"], "/docs");
}

#[actix_web::test]
async fn unknown_paths_and_methods() {
    let app = test_app().await;
    let missing = get(&app, "/api/v2/convert?date=2025-03-01").await;
    snapshot("not_found", &missing);
    let req = actix_web::test::TestRequest::post()
        .uri("/api/v1/convert?date=2025-03-01")
        .to_request();
    let post = crate::common::send(&app, req).await;
    snapshot("method_not_allowed", &post);
    assert_eq!(post.header("allow"), Some("GET, HEAD"));
}

/// Asserts that each answer's error message names its parameter, `` `name` ``, in order
/// (an empty name: that answer is not checked).
pub fn assert_named(answers: &[Answer], names: &[&str]) {
    assert_eq!(answers.len(), names.len());
    for (answer, name) in answers.iter().zip(names) {
        if name.is_empty() {
            continue;
        }
        let message = answer.json()["error"]["message"]
            .as_str()
            .unwrap_or("")
            .to_owned();
        assert!(
            message.contains(&format!("`{name}`")),
            "{}: {message}",
            answer.request
        );
    }
}
