//! Bad input never yields a 5xx or a panic: every parameter of every endpoint is driven with
//! malformed, huge, empty, repeated and non-UTF-8 values, and each answer must be the
//! parameter's own 4xx code.

use hijri_server::routes::ROUTES;

use crate::common::{get, real, state_with, test_app_with, UNLIMITED};
use crate::openapi::assert_documented;

/// Values no parameter accepts.
fn bad_values() -> Vec<String> {
    vec![
        String::new(),
        "%FF".into(),
        "%C3%28".into(),
        "%".into(),
        "%%zz".into(),
        "%00".into(),
        "x".repeat(20_000),
        "9".repeat(40),
        "-99".into(),
        "1e3".into(),
        "%F0%9F%98%80".into(),
        "1446-09-01%FF".into(),
        "%3Cscript%3E".into(),
    ]
}

/// A parameter and the codes it may fail with.
type Param = (&'static str, &'static [&'static str]);

/// The parameters most endpoints share, with their codes.
const DATE: Param = ("date", &["invalid_date"]);
const YEAR: Param = ("year", &["invalid_year"]);
const MONTH: Param = ("month", &["invalid_month"]);
const CALENDAR: Param = ("calendar", &["invalid_calendar"]);
const RETRO: Param = ("retro", &["invalid_retro"]);

/// The month and year of a hilal answer: past the cards' years, a number is out of coverage.
const HILAL_MONTH: Param = ("month", &["invalid_month", "out_of_coverage"]);
const HILAL_YEAR: Param = ("year", &["invalid_year", "out_of_coverage"]);

/// The parameters of both hilal cards, `/hilal/viz` and `/hilal/map`.
const HILAL_CARD: &[Param] = &[
    HILAL_MONTH,
    HILAL_YEAR,
    RETRO,
    ("bare", &["invalid_bare"]),
    ("download", &["invalid_download"]),
];

/// The valid base query of both hilal cards.
const HILAL_CARD_BASE: &str = "month=9&year=1446&retro=0&bare=0&download=0";

/// For each endpoint: a valid base query, and each parameter with the codes it may fail with.
const CASES: &[(&str, &str, &[Param])] = &[
    (
        "/api/v1/today",
        "",
        &[("tz", &["invalid_timezone"]), ("next", &["invalid_next"])],
    ),
    ("/api/v1/today/2025-03-01", "", &[RETRO]),
    (
        "/api/v1/convert",
        "date=2025-03-01&calendar=gregorian&retro=0",
        &[DATE, CALENDAR, RETRO],
    ),
    (
        "/api/v1/range",
        "start=2025-03-01&end=2025-03-02&calendar=gregorian&step=day&retro=0",
        &[
            ("start", &["invalid_date"]),
            ("end", &["invalid_date"]),
            CALENDAR,
            ("step", &["invalid_step"]),
            RETRO,
        ],
    ),
    (
        "/api/v1/month",
        "year=1446&month=9&calendar=hijri&retro=0",
        &[YEAR, MONTH, CALENDAR, RETRO],
    ),
    (
        "/api/v1/year",
        "year=1446&calendar=hijri&retro=0",
        &[YEAR, CALENDAR, RETRO],
    ),
    (
        "/api/v1/events",
        "year=1446&calendar=hijri&include=extra&retro=0",
        &[YEAR, CALENDAR, ("include", &["invalid_include"]), RETRO],
    ),
    (
        "/api/v1/hilal/info",
        "month=9&year=1446&retro=0",
        &[HILAL_MONTH, HILAL_YEAR, RETRO],
    ),
    (
        "/api/v1/hilal/history",
        "from=1446-01&to=1446-03",
        &[("from", &["invalid_range"]), ("to", &["invalid_range"])],
    ),
    ("/api/v1/hilal/viz", HILAL_CARD_BASE, HILAL_CARD),
    ("/api/v1/hilal/map", HILAL_CARD_BASE, HILAL_CARD),
];

/// The base query with `name` replaced by `value` (or given twice when `value` is `None`).
fn with(base: &str, name: &str, value: Option<&str>) -> String {
    let mut pairs: Vec<String> = base
        .split('&')
        .filter(|p| !p.is_empty() && p.split('=').next() != Some(name))
        .map(str::to_owned)
        .collect();
    match value {
        Some(value) => pairs.push(format!("{name}={value}")),
        None => {
            let original = base
                .split('&')
                .find(|p| p.split('=').next() == Some(name))
                .map_or_else(|| format!("{name}=1"), str::to_owned);
            pairs.push(original.clone());
            pairs.push(original);
        }
    }
    pairs.join("&")
}

#[actix_web::test]
async fn every_parameter_refuses_bad_values_with_its_own_code() {
    let app = test_app_with(state_with(real(), UNLIMITED)).await;
    let mut checked = 0;
    for (path, base, params) in CASES {
        for (name, allowed) in *params {
            let mut values: Vec<Option<String>> = bad_values().into_iter().map(Some).collect();
            values.push(None);
            // An empty `include` is no include, not a bad one (empty items are skipped).
            if *name == "include" {
                values.retain(|v| v.as_deref() != Some(""));
            }
            for value in values {
                let uri = format!("{path}?{}", with(base, name, value.as_deref()));
                let answer = get(&app, &uri).await;
                let shown = &uri[..uri.len().min(120)];
                assert!(
                    (400..500).contains(&answer.status),
                    "{shown}: {}",
                    answer.status
                );
                let code = answer.code();
                assert!(
                    allowed.contains(&code.as_str()),
                    "{shown}: {code}, expected {allowed:?}"
                );
                assert_documented(path, &answer);
                checked += 1;
            }
        }
    }
    assert!(checked > 400, "{checked}");
}

#[actix_web::test]
async fn path_dates_and_odd_query_strings() {
    let app = test_app_with(state_with(real(), UNLIMITED)).await;
    for date in ["%FF", "2025-03-01%00", "2025-02-29", "", "..", "0000-00-00"] {
        let uri = format!("/api/v1/today/{date}");
        let answer = get(&app, &uri).await;
        assert!(
            (400..500).contains(&answer.status),
            "{uri}: {}",
            answer.status
        );
        assert!(
            ["invalid_date", "not_found"].contains(&answer.code().as_str()),
            "{uri}"
        );
    }
    let long = format!("/api/v1/today/{}", "9".repeat(10_000));
    assert_eq!(get(&app, &long).await.code(), "invalid_date");
    // Unknown and empty pairs are ignored; a bare flag name is an empty (invalid) value.
    assert_eq!(
        get(&app, "/api/v1/convert?=&&date=2025-03-01&%FF=1&x")
            .await
            .status,
        200
    );
    assert_eq!(
        get(&app, "/api/v1/convert?date=2025-03-01&retro")
            .await
            .code(),
        "invalid_retro"
    );
    // Every route without its required parameters answers 4xx, never 5xx.
    for route in ROUTES {
        let uri = route
            .path
            .replace("{target_date}", "x")
            .replace("{id}", "x");
        let answer = get(&app, &format!("{uri}?%FF%FE=%FF")).await;
        assert!(
            answer.status < 500 || answer.status == 503,
            "{uri}: {}",
            answer.status
        );
    }
}
