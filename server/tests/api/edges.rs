//! The edges of the data: days after the official coverage are computed even inside the
//! table's last month, the archive's first and last days and whole years are the same on
//! every endpoint, the hilal history never leaves its window, and the correction ledger
//! reaches `/meta` and the `divergence` warnings.

use hijri::schema::Divergence;
use serde_json::{json, Value};

use crate::common::{state, state_with, with_ledger};
use crate::snapshots::cases;

fn sources(items: &Value) -> Vec<(String, String)> {
    items
        .as_array()
        .unwrap()
        .iter()
        .map(|i| {
            (
                i["gregorian"].as_str().unwrap().to_owned(),
                i["source"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

fn codes(body: &Value) -> Vec<&str> {
    body["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["code"].as_str().unwrap())
        .collect()
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

#[actix_web::test]
async fn the_first_and_last_days_and_years_are_the_same_everywhere() {
    let answers = cases(
        state(),
        &[
            (
                "edge_convert_first_day",
                "/api/v1/convert?date=1944-12-17&retro=true",
            ),
            (
                "edge_convert_before_first_day",
                "/api/v1/convert?date=1944-12-16&retro=true",
            ),
            (
                "edge_month_first",
                "/api/v1/month?year=1364&month=1&retro=true",
            ),
            (
                "edge_year_gregorian_2100",
                "/api/v1/year?year=2100&calendar=gregorian",
            ),
            ("edge_year_hijri_1523", "/api/v1/year?year=1523"),
            ("edge_year_hijri_1524", "/api/v1/year?year=1524"),
            (
                "edge_year_gregorian_2101",
                "/api/v1/year?year=2101&calendar=gregorian",
            ),
            (
                "edge_events_2100",
                "/api/v1/events?year=2100&calendar=gregorian",
            ),
            (
                "edge_hilal_info_1523_11",
                "/api/v1/hilal/info?year=1523&month=11",
            ),
            ("edge_convert_last_day", "/api/v1/convert?date=2100-12-31"),
        ],
    )
    .await;
    let first = answers[0].json();
    assert_eq!(first["output"]["date"], "1364-01-01");
    assert_eq!(first["source"], "regional-retro");
    assert_eq!(answers[1].code(), "out_of_coverage");
    let muharram = answers[2].json();
    assert_eq!(muharram["items"][0]["gregorian"], "1944-12-17");

    let year_2100 = answers[3].json();
    assert_eq!(year_2100["count"], 365, "2100 is not a leap year");
    assert_eq!(year_2100["months"]["12"].as_array().unwrap().len(), 31);
    assert_eq!(year_2100["months"]["12"][30]["gregorian"], "2100-12-31");

    let year_1523 = answers[4].json();
    let count = year_1523["count"].as_u64().unwrap();
    assert!(count == 354 || count == 355, "{count}");
    for (answer, message) in [
        (&answers[5], "hijri years are supported from 1364 to 1523"),
        (
            &answers[6],
            "gregorian years are supported from 1945 to 2100",
        ),
    ] {
        assert_eq!(answer.code(), "invalid_year");
        assert_eq!(answer.json()["error"]["message"], message);
    }

    let events = answers[7].json();
    let names: Vec<&str> = events["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["event"].as_str().unwrap())
        .collect();
    assert_eq!(names.len(), 5, "{names:?}");
    assert_eq!(answers[8].status, 200);
    assert_eq!(answers[8].json()["month"]["year"], 1523);
    assert_eq!(answers[9].status, 200);
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
    assert_eq!(across["input"], json!({"from": "1444-01", "to": "1444-09"}));
    assert_eq!(answers[2].code(), "invalid_range");
}

#[actix_web::test]
async fn the_ledger_reaches_meta_and_the_divergence_warnings() {
    let answers = cases(
        state_with(
            with_ledger(
                vec![
                    Divergence {
                        year: 1448,
                        month: 8,
                        delta_days: -1,
                        moved: [[1448, 7], [1448, 8]],
                    },
                    Divergence {
                        year: 1447,
                        month: 9,
                        delta_days: 1,
                        moved: [[1447, 8], [1447, 9]],
                    },
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
