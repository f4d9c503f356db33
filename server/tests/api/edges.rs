//! The edges of the data: days after the official coverage are computed even inside the
//! table's last month, the archive's first and last days and whole years are the same on
//! every endpoint, the hilal history never leaves its window, and the correction ledger
//! reaches `/meta` and the `divergence` warnings.

use serde_json::{json, Value};

use crate::common::{divergence, each_pair, each_str, state, state_with, with_ledger};
use crate::snapshots::cases;

/// The `(gregorian, source)` of each day of `items`.
fn sources(items: &Value) -> Vec<(String, String)> {
    each_pair(items, "gregorian", "source")
}

fn codes(body: &Value) -> Vec<&str> {
    each_str(&body["warnings"], "code")
}

#[actix_web::test]
async fn days_after_the_coverage_end_are_computed() {
    // The table covers 2026-12-31 = 22 Rajab 1448; Rajab's length is not official.
    let answers = cases(
        state(),
        &[
            (
                "edge_convert_last_covered_day",
                "/api/v1/convert?date=2026-12-31",
            ),
            (
                "edge_convert_day_after_coverage",
                "/api/v1/convert?date=2027-01-01",
            ),
            (
                "edge_convert_hijri_after_coverage",
                "/api/v1/convert?date=1448-07-29&calendar=hijri",
            ),
            (
                "edge_range_across_coverage_end",
                "/api/v1/range?start=2026-12-30&end=2027-01-02",
            ),
            ("edge_month_rajab_1448", "/api/v1/month?year=1448&month=7"),
            (
                "edge_hilal_info_rajab_1448",
                "/api/v1/hilal/info?year=1448&month=7",
            ),
        ],
    )
    .await;
    let last = answers[0].json();
    assert_eq!(last["output"]["date"], "1448-07-22");
    assert_eq!(last["source"], "regional");
    assert_eq!(codes(&last), Vec::<&str>::new());

    let after = answers[1].json();
    assert_eq!(after["output"]["date"], "1448-07-23");
    assert_eq!(after["source"], "regional-computed");
    assert_eq!(codes(&after), ["computed"]);

    let hijri = answers[2].json();
    assert_eq!(hijri["output"]["date"], "2027-01-07");
    assert_eq!(hijri["source"], "regional-computed");

    let range = answers[3].json();
    assert_eq!(
        sources(&range["items"]),
        [
            ("2026-12-30".into(), "regional".into()),
            ("2026-12-31".into(), "regional".into()),
            ("2027-01-01".into(), "regional-computed".into()),
            ("2027-01-02".into(), "regional-computed".into()),
        ]
    );
    assert_eq!(codes(&range), ["computed"]);

    let rajab = answers[4].json();
    let items = sources(&rajab["items"]);
    assert_eq!(items.len(), 30);
    assert_eq!(items[21], ("2026-12-31".into(), "regional".into()));
    assert_eq!(items[22], ("2027-01-01".into(), "regional-computed".into()));
    assert_eq!(codes(&rajab), ["computed"]);

    // The hilal record is about the month's start, which is official.
    let info = answers[5].json();
    assert_eq!(info["source"], "regional");
    assert_eq!(codes(&info), Vec::<&str>::new());
}

/// Every endpoint at both ends of the served span, the contract's 1945-01-01 (its earliest
/// retro date) to 2100-12-31 (its computed tier "up to the year 2100"): a day outside is
/// `out_of_coverage`, a month or year of a valid year not wholly inside is
/// `date_out_of_supported_range`, a year wholly outside is `invalid_year`. 1945-01-01 is 16
/// Muharram 1364 (the month starts 1944-12-17) and 2100-12-31 is 29 Syawal 1524, the last day
/// of its month.
#[actix_web::test]
async fn the_served_span_is_the_same_on_every_endpoint() {
    const OUT: &str = "out_of_coverage";
    const PARTLY: &str = "date_out_of_supported_range";
    const YEAR: &str = "invalid_year";
    let expected: &[(&str, &str, &str)] = &[
        (
            "span_convert_first",
            "/api/v1/convert?date=1945-01-01&retro=true",
            "ok",
        ),
        (
            "span_convert_before",
            "/api/v1/convert?date=1944-12-31&retro=true",
            OUT,
        ),
        ("span_convert_last", "/api/v1/convert?date=2100-12-31", "ok"),
        ("span_convert_after", "/api/v1/convert?date=2101-01-01", OUT),
        (
            "span_convert_hijri_first",
            "/api/v1/convert?date=1364-01-16&calendar=hijri&retro=true",
            "ok",
        ),
        (
            "span_convert_hijri_before",
            "/api/v1/convert?date=1364-01-15&calendar=hijri&retro=true",
            OUT,
        ),
        (
            "span_convert_hijri_last",
            "/api/v1/convert?date=1524-10-29&calendar=hijri",
            "ok",
        ),
        (
            "span_convert_hijri_after",
            "/api/v1/convert?date=1524-11-01&calendar=hijri",
            OUT,
        ),
        (
            "span_today_date_first",
            "/api/v1/today/1945-01-01?retro=1",
            "ok",
        ),
        (
            "span_today_date_before",
            "/api/v1/today/1944-12-31?retro=1",
            OUT,
        ),
        ("span_today_date_last", "/api/v1/today/2100-12-31", "ok"),
        ("span_today_date_after", "/api/v1/today/2101-01-01", OUT),
        (
            "span_range_first",
            "/api/v1/range?start=1945-01-01&end=1945-01-02&retro=true",
            "ok",
        ),
        (
            "span_range_across_first",
            "/api/v1/range?start=1944-12-31&end=1945-01-02&retro=true",
            OUT,
        ),
        (
            "span_range_last",
            "/api/v1/range?start=2100-12-30&end=2100-12-31",
            "ok",
        ),
        (
            "span_range_across_last",
            "/api/v1/range?start=2100-12-30&end=2101-01-01",
            OUT,
        ),
        (
            "span_month_hijri_partly_first",
            "/api/v1/month?year=1364&month=1&retro=true",
            PARTLY,
        ),
        (
            "span_month_hijri_first",
            "/api/v1/month?year=1364&month=2&retro=true",
            "ok",
        ),
        (
            "span_month_hijri_last",
            "/api/v1/month?year=1524&month=10",
            "ok",
        ),
        (
            "span_month_hijri_after",
            "/api/v1/month?year=1524&month=11",
            PARTLY,
        ),
        (
            "span_month_hijri_1524_12",
            "/api/v1/month?year=1524&month=12",
            PARTLY,
        ),
        (
            "span_month_gregorian_first",
            "/api/v1/month?year=1945&month=1&calendar=gregorian&retro=true",
            "ok",
        ),
        (
            "span_month_gregorian_last",
            "/api/v1/month?year=2100&month=12&calendar=gregorian",
            "ok",
        ),
        (
            "span_month_gregorian_before",
            "/api/v1/month?year=1944&month=12&calendar=gregorian&retro=true",
            YEAR,
        ),
        (
            "span_year_hijri_1363",
            "/api/v1/year?year=1363&retro=true",
            YEAR,
        ),
        (
            "span_year_hijri_1364",
            "/api/v1/year?year=1364&retro=true",
            PARTLY,
        ),
        (
            "span_year_hijri_1365",
            "/api/v1/year?year=1365&retro=true",
            "ok",
        ),
        ("span_year_hijri_1523", "/api/v1/year?year=1523", "ok"),
        ("span_year_hijri_1524", "/api/v1/year?year=1524", PARTLY),
        ("span_year_hijri_1525", "/api/v1/year?year=1525", YEAR),
        (
            "span_year_gregorian_1944",
            "/api/v1/year?year=1944&calendar=gregorian&retro=true",
            YEAR,
        ),
        (
            "span_year_gregorian_1945",
            "/api/v1/year?year=1945&calendar=gregorian&retro=true",
            "ok",
        ),
        (
            "span_year_gregorian_2100",
            "/api/v1/year?year=2100&calendar=gregorian",
            "ok",
        ),
        (
            "span_year_gregorian_2101",
            "/api/v1/year?year=2101&calendar=gregorian",
            YEAR,
        ),
        (
            "span_events_hijri_1363",
            "/api/v1/events?year=1363&retro=true",
            YEAR,
        ),
        (
            "span_events_hijri_1364",
            "/api/v1/events?year=1364&retro=true",
            "ok",
        ),
        ("span_events_hijri_1524", "/api/v1/events?year=1524", "ok"),
        ("span_events_hijri_1525", "/api/v1/events?year=1525", YEAR),
        (
            "span_events_gregorian_1945",
            "/api/v1/events?year=1945&calendar=gregorian&retro=true",
            "ok",
        ),
        (
            "span_events_gregorian_2100",
            "/api/v1/events?year=2100&calendar=gregorian",
            "ok",
        ),
        (
            "span_events_ics_hijri_1364",
            "/api/v1/events.ics?year=1364&retro=true",
            "ok",
        ),
        (
            "span_events_ics_hijri_1525",
            "/api/v1/events.ics?year=1525",
            YEAR,
        ),
        (
            "span_hilal_info_1364_01",
            "/api/v1/hilal/info?year=1364&month=1&retro=true",
            OUT,
        ),
        (
            "span_hilal_info_1364_02",
            "/api/v1/hilal/info?year=1364&month=2&retro=true",
            "ok",
        ),
        (
            "span_hilal_info_1524_10",
            "/api/v1/hilal/info?year=1524&month=10",
            "ok",
        ),
        (
            "span_hilal_info_1524_11",
            "/api/v1/hilal/info?year=1524&month=11",
            OUT,
        ),
    ];
    let uris: Vec<(&str, &str)> = expected.iter().map(|&(n, u, _)| (n, u)).collect();
    let answers = cases(state(), &uris).await;
    for (answer, (name, _, code)) in answers.iter().zip(expected) {
        assert_eq!(answer.outcome(), *code, "{name}");
        if answer.status != 200 {
            let message = answer.message();
            if *code != YEAR {
                assert_eq!(
                    message, "dates are served from 1945-01-01 to 2100-12-31",
                    "{name}"
                );
            }
        }
    }
    let json = |name: &str| {
        let at = expected.iter().position(|e| e.0 == name).unwrap();
        answers[at].json()
    };
    assert_eq!(json("span_convert_first")["output"]["date"], "1364-01-16");
    assert_eq!(json("span_convert_last")["output"]["date"], "1524-10-29");
    assert_eq!(
        json("span_convert_hijri_first")["output"]["date"],
        "1945-01-01"
    );
    assert_eq!(
        json("span_convert_hijri_last")["output"]["date"],
        "2100-12-31"
    );
    let first_month = json("span_month_hijri_first");
    assert_eq!(first_month["items"][0]["gregorian"], "1945-01-16");
    let last_month = json("span_month_hijri_last");
    let days = last_month["items"].as_array().unwrap();
    assert_eq!(days.last().unwrap()["gregorian"], "2100-12-31");
    let year_2100 = json("span_year_gregorian_2100");
    assert_eq!(year_2100["count"], 365, "2100 is not a leap year");
    assert_eq!(year_2100["months"]["12"][30]["gregorian"], "2100-12-31");
    let year_1523 = json("span_year_hijri_1523")["count"].as_u64().unwrap();
    assert!(year_1523 == 354 || year_1523 == 355, "{year_1523}");
    // Years of the other calendar get a hint; years wholly outside name the bounds.
    assert_eq!(
        answers[expected
            .iter()
            .position(|e| e.0 == "span_year_hijri_1525")
            .unwrap()]
        .json()["error"]["message"],
        "hijri years are supported from 1364 to 1524"
    );
    // The events of a Hijri year at an end of the span are those inside it: 1 Muharram 1364
    // (1944-12-17) and Idul Adha 1524 (after 2100-12-31) are left out, with a warning.
    for (name, missing) in [
        ("span_events_hijri_1364", "1_muharram"),
        ("span_events_hijri_1524", "idul_adha"),
    ] {
        let body = json(name);
        let events: Vec<&str> = each_str(&body["events"], "event");
        assert_eq!(events.len(), 4, "{name}: {events:?}");
        assert!(!events.contains(&missing), "{name}");
        assert!(codes(&body).contains(&"outside_span"), "{name}");
    }
    assert_eq!(json("span_events_gregorian_2100")["count"], 5);
    assert_eq!(
        json("span_hilal_info_1364_02")["month"]["start"],
        "1945-01-16"
    );
    assert_eq!(
        json("span_hilal_info_1524_10")["month"]["start"],
        "2100-12-03"
    );
}

/// `/today` at the ends of the span: on 2100-12-31 `next` is left out with a warning rather
/// than failing; before the table it is refused without suggesting `retro`, which it does
/// not take; after the span it is `out_of_coverage`.
#[actix_web::test]
async fn today_at_the_ends_of_the_span() {
    let at = |now: &str| {
        let mut state = state();
        state.clock = hijri_server::state::Clock::Fixed(crate::common::instant(now));
        state
    };
    let last = cases(
        at("2100-12-31T05:00:00Z"),
        &[
            ("span_today_last_day_next", "/api/v1/today?next=true"),
            ("span_today_last_day", "/api/v1/today"),
        ],
    )
    .await;
    let body = last[0].json();
    assert_eq!(last[0].status, 200);
    assert_eq!(body["output"]["date"], "1524-10-29");
    assert!(body.get("next").is_none(), "{body}");
    // Its Javanese date is in kurup Anenhing, whose rules are projected.
    assert_eq!(
        codes(&body),
        ["computed", "javanese_projected", "outside_span"]
    );
    assert_eq!(
        body["warnings"][2]["message"],
        "1 of the dates asked for falls outside the days served (1945-01-01 to 2100-12-31) \
         and was left out."
    );
    assert_eq!(codes(&last[1].json()), ["computed", "javanese_projected"]);
    let before = cases(
        at("2000-06-01T05:00:00Z"),
        &[("span_today_before_table", "/api/v1/today")],
    )
    .await;
    assert_eq!(before[0].code(), "out_of_coverage");
    let message = before[0].message();
    assert!(!message.contains("retro"), "{message}");
    let after = cases(
        at("2101-01-01T05:00:00Z"),
        &[("span_today_after", "/api/v1/today")],
    )
    .await;
    assert_eq!(after[0].code(), "out_of_coverage");
}

#[actix_web::test]
async fn the_hilal_history_stays_in_its_window() {
    let answers = cases(
        state(),
        &[
            (
                "edge_history_before_bounds",
                "/api/v1/hilal/history?from=1444-01&to=1444-07",
            ),
            (
                "edge_history_across_lower_bound",
                "/api/v1/hilal/history?from=1444-01&to=1444-09",
            ),
            (
                "edge_history_after_bounds",
                "/api/v1/hilal/history?from=1476-01&to=1476-03",
            ),
        ],
    )
    .await;
    assert_eq!(answers[0].code(), "invalid_range");
    let across = answers[1].json();
    assert_eq!(across["count"], 2);
    assert_eq!(
        across["range"],
        json!({"first": "1444-08", "last": "1444-09"})
    );
    assert_eq!(across["input"], json!({"from": "1444-08", "to": "1444-09"}));
    assert_eq!(answers[2].code(), "invalid_range");
}

#[actix_web::test]
async fn the_ledger_reaches_meta_and_the_divergence_warnings() {
    let answers = cases(
        state_with(
            with_ledger(
                vec![
                    divergence((1448, 8), -1, [(1448, 7), (1448, 8)]),
                    divergence((1447, 9), 1, [(1447, 8), (1447, 9)]),
                ],
                "2-0123456789ab",
            ),
            &[],
        ),
        &[
            ("ledger_meta", "/api/v1/meta"),
            (
                "ledger_month_before_correction",
                "/api/v1/convert?date=1447-08-10&calendar=hijri",
            ),
            (
                "ledger_corrected_month",
                "/api/v1/convert?date=1447-09-10&calendar=hijri",
            ),
            (
                "ledger_month_after_correction",
                "/api/v1/convert?date=1447-10-10&calendar=hijri",
            ),
            (
                "ledger_computed_corrected_month",
                "/api/v1/month?year=1448&month=8",
            ),
        ],
    )
    .await;
    let meta = answers[0].json();
    assert_eq!(meta["table_version"], "2-0123456789ab");
    assert_eq!(
        meta["divergences"],
        json!([
            {"hijri_month": "1448-08", "delta_days": -1},
            {"hijri_month": "1447-09", "delta_days": 1},
        ])
    );
    assert_eq!(codes(&answers[1].json()), ["divergence"]);
    assert_eq!(codes(&answers[2].json()), ["divergence"]);
    assert_eq!(codes(&answers[3].json()), Vec::<&str>::new());
    let month = answers[4].json();
    assert!(codes(&month).contains(&"divergence"), "{month}");
    assert!(codes(&month).contains(&"computed"), "{month}");
}
