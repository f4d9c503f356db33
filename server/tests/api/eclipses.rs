//! `/eclipses` and `/eclipses/{id}` over the real archive: snapshots and bad input, the
//! list's span (every eclipse 1945–2100, in order), and the local answers against BMKG's
//! published contacts in the zone BMKG gives them (the astronomy and the evaluation are
//! held to astronomy-engine in `astro/tests/eclipses.rs` and `generator/tests/eclipses.rs`).

use serde_json::Value;

use crate::common::{get, state};
use crate::snapshots::{cases, codes};

#[actix_web::test]
async fn eclipse_answers_are_recorded() {
    let answers = cases(
        state(),
        &[
            ("eclipses_2023", "/api/v1/eclipses?year=2023"),
            (
                "eclipses_lunar_2025_2026",
                "/api/v1/eclipses?from=2025&to=2026&kind=lunar",
            ),
            ("eclipses_2101", "/api/v1/eclipses?year=2101"),
            ("eclipses_missing_year", "/api/v1/eclipses"),
            (
                "eclipses_eleven_years",
                "/api/v1/eclipses?from=2020&to=2030",
            ),
            ("eclipses_from_without_to", "/api/v1/eclipses?from=2020"),
            (
                "eclipses_year_and_span",
                "/api/v1/eclipses?year=2020&from=2020&to=2021",
            ),
            (
                "eclipses_invalid_kind",
                "/api/v1/eclipses?year=2023&kind=moon",
            ),
            (
                "eclipse_biak",
                "/api/v1/eclipses/2023-04-20-solar?place=91.06",
            ),
            (
                "eclipse_lunar_jayapura",
                "/api/v1/eclipses/2025-09-07-lunar?place=91.71",
            ),
            (
                "eclipse_point",
                "/api/v1/eclipses/2019-12-26-solar?lat=0.8&lon=102.1",
            ),
            (
                "eclipse_not_seen",
                "/api/v1/eclipses/2024-04-08-solar?place=31.71",
            ),
            (
                "eclipse_unknown",
                "/api/v1/eclipses/2023-04-21-solar?place=91.06",
            ),
            (
                "eclipse_missing_lon",
                "/api/v1/eclipses/2023-04-20-solar?lat=-1.2",
            ),
            (
                "eclipse_place_and_point",
                "/api/v1/eclipses/2023-04-20-solar?place=91.06&lat=-1.2&lon=136.1",
            ),
        ],
    )
    .await;
    assert_eq!(
        codes(&answers),
        [
            "ok",
            "ok",
            "invalid_year",
            "missing_parameter",
            "invalid_range",
            "missing_parameter",
            "invalid_range",
            "invalid_kind",
            "ok",
            "ok",
            "ok",
            "ok",
            "unknown_eclipse",
            "missing_parameter",
            "invalid_place",
        ]
    );
    for (answer, name) in answers[2..8]
        .iter()
        .zip(["year", "year", "to", "to", "year", "kind"])
    {
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
    assert_eq!(answers[12].status, 404);
}

/// Every eclipse of the span, ten years at a time: 1945–2100 hold 703 or more (the
/// reference's 703 and three grazing penumbral ones), in order, ids unique, each one
/// answering its own `/eclipses/{id}`.
#[actix_web::test]
async fn the_list_covers_the_span() {
    let app = actix_web::test::init_service(hijri_server::app(state())).await;
    let mut all: Vec<Value> = Vec::new();
    for from in (1945..=2100).step_by(10) {
        let to = (from + 9).min(2100);
        let answer = get(&app, &format!("/api/v1/eclipses?from={from}&to={to}")).await;
        assert_eq!(answer.status, 200);
        all.extend(
            answer.json()["eclipses"]
                .as_array()
                .unwrap()
                .iter()
                .cloned(),
        );
    }
    assert_eq!(all.len(), 706);
    let greatest: Vec<&str> = all
        .iter()
        .map(|e| e["greatest"].as_str().unwrap())
        .collect();
    assert!(greatest.windows(2).all(|w| w[0] < w[1]));
    let mut ids: Vec<&str> = all.iter().map(|e| e["id"].as_str().unwrap()).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), all.len());
    for id in ["1945-01-14-solar", "2100-09-04-solar"] {
        let answer = get(&app, &format!("/api/v1/eclipses/{id}?place=31.71")).await;
        assert_eq!(answer.status, 200, "{id}");
    }
}

/// BMKG's contacts through the API, in the zone they were published in: the hybrid eclipse
/// of 2023-04-20 at Biak (WIT: 12:20:46, 13:56:42, 13:57:13, 13:57:44, 15:26:14; the place's
/// point, 10 m up) and the total lunar eclipse of 2025-09-07 (WIB, at Jakarta: 22:26:56,
/// 23:26:44, 00:30:17, 01:11:45, 01:53:13, 02:56:46, 03:56:34), each within a minute; the
/// khusuf window at Jakarta is U1 to U4 (the Moon up all night).
#[actix_web::test]
async fn bmkg_contacts_through_the_api() {
    let app = actix_web::test::init_service(hijri_server::app(state())).await;
    let seconds = |text: &str| {
        chrono::DateTime::parse_from_rfc3339(text)
            .unwrap()
            .timestamp()
    };
    for (uri, published) in [
        (
            "/api/v1/eclipses/2023-04-20-solar?place=91.06",
            vec![
                "2023-04-20T12:20:46+09:00",
                "2023-04-20T13:56:42+09:00",
                "2023-04-20T13:57:13+09:00",
                "2023-04-20T13:57:44+09:00",
                "2023-04-20T15:26:14+09:00",
            ],
        ),
        (
            "/api/v1/eclipses/2025-09-07-lunar?place=31.71",
            vec![
                "2025-09-07T22:26:56+07:00",
                "2025-09-07T23:26:44+07:00",
                "2025-09-08T00:30:17+07:00",
                "2025-09-08T01:11:45+07:00",
                "2025-09-08T01:53:13+07:00",
                "2025-09-08T02:56:46+07:00",
                "2025-09-08T03:56:34+07:00",
            ],
        ),
    ] {
        let body = get(&app, uri).await.json();
        let contacts = body["contacts"].as_array().unwrap();
        assert_eq!(contacts.len(), published.len(), "{uri}");
        for (c, p) in contacts.iter().zip(&published) {
            let ours = c["time"].as_str().unwrap();
            assert_eq!(&ours[19..], &p[19..], "{uri}: the zone");
            assert!(
                (seconds(ours) - seconds(p)).abs() <= 60,
                "{uri}: {ours} vs {p}"
            );
        }
    }
    let jakarta = get(&app, "/api/v1/eclipses/2025-09-07-lunar?place=31.71")
        .await
        .json();
    assert_eq!(
        jakarta["prayer"]["from"]["time"],
        jakarta["contacts"][1]["time"]
    );
    assert_eq!(
        jakarta["prayer"]["to"]["time"],
        jakarta["contacts"][5]["time"]
    );
}
