//! Stored and kept answers: every body the archive stores is the answer the server builds per
//! request (byte for byte, with the same headers), its gzip and brotli forms decompress to it,
//! the months it serves from computed data are recorded as the dynamic path records them, and
//! the stored representations are negotiated like any other (q-values, 304 per `ETag`, HEAD).
//! Every calendar's answers kept in the answer cache are the answers built per request too,
//! in every coding, before and after they are kept.

use actix_web::http::{header, Method};
use actix_web::test::init_service;

use crate::common::{
    decoded, fetch, get, get_brotli, gunzip, real, state_with, unbrotli, Answer, UNLIMITED,
};

/// The headers of a negotiated representation.
const NEGOTIATED: [&str; 5] = [
    "etag",
    "cache-control",
    "content-type",
    "content-encoding",
    "vary",
];

/// The app over the real archive, with or without its stored answers.
fn app_state(stored: bool) -> hijri_server::SharedState {
    let mut state = state_with(real(), UNLIMITED);
    state.kept_answers = stored;
    state
}

#[actix_web::test]
async fn every_stored_answer_is_the_dynamic_answer() {
    let archive = real();
    let calendar = archive.dataset();
    assert!(calendar.bodies.len() > 4_000, "{}", calendar.bodies.len());
    let stored_app = init_service(hijri_server::app(app_state(true))).await;
    let dynamic_app = init_service(hijri_server::app(app_state(false))).await;
    for body in calendar.bodies.iter() {
        let key = body.key.as_str();
        let answer = calendar.stored_answer(key).unwrap();
        let dynamic = get(&dynamic_app, key).await;
        assert_eq!(dynamic.status, 200, "{key}");
        let identity = &dynamic.body[..];
        assert!(
            answer.identity.as_slice() == identity,
            "{key}: stored body differs"
        );
        let stored = get(&stored_app, key).await;
        assert_eq!(stored.body, dynamic.body, "{key}");
        for name in ["etag", "cache-control", "content-type", "vary"] {
            assert_eq!(stored.header(name), dynamic.header(name), "{key} {name}");
        }
        assert_eq!(stored.header("etag"), Some(answer.etag.as_str()));
        if let Some(gzip) = answer.gzip.as_ref() {
            assert!(gunzip(&gzip.bytes) == identity, "{key} gzip");
            assert!(gzip.bytes.len() < identity.len());
        }
        if let Some(brotli) = answer.brotli.as_ref() {
            assert!(unbrotli(&brotli.bytes) == identity, "{key} brotli");
            assert!(brotli.bytes.len() < identity.len());
        }
        assert_eq!(
            answer.gzip.is_some(),
            identity.len() >= hijri_view::MIN_COMPRESSED,
            "{key}"
        );
    }
    // Both apps saw the same requests: the same months were recorded as served computed.
    let computed = |meta: Answer| meta.json()["computed_months"].clone();
    let stored_months = computed(get(&stored_app, "/api/v1/meta").await);
    let dynamic_months = computed(get(&dynamic_app, "/api/v1/meta").await);
    assert!(stored_months.as_array().unwrap().len() > 100);
    assert_eq!(stored_months, dynamic_months);
}

#[actix_web::test]
async fn every_calendars_kept_answers_are_the_built_answers() {
    let kept_state = app_state(true);
    let kept_app = init_service(hijri_server::app(kept_state.clone())).await;
    let built_app = init_service(hijri_server::app(app_state(false))).await;
    let archive = real();
    let ids: Vec<&str> = archive
        .dataset()
        .chains
        .iter()
        .map(|chain| chain.id.as_str())
        .collect();
    assert!(ids.len() >= 3, "{ids:?}");
    let mut uris = vec![
        "/api/v1/compare?year=1447".to_owned(),
        "/api/v1/compare?year=2024&calendar=gregorian&authorities=UMMALQURA,kemenag".to_owned(),
        "/api/v1/authorities".to_owned(),
        "/?lang=en&tz=WITA".to_owned(),
        "/?year=1447&month=9".to_owned(),
        "/api/v1/calendar.ics?include=all".to_owned(),
        "/api/v1/hilal/history?include=sites&from=1446-01&to=1446-12".to_owned(),
        "/api/v1/hilal/info?month=9&year=1446&include=sites".to_owned(),
        "/api/v1/events?year=1446&include=extra".to_owned(),
        "/api/v1/holidays.ics?year=2026".to_owned(),
        "/api/v1/holidays.ics?kind=cuti_bersama".to_owned(),
        "/api/v1/months?lang=ar".to_owned(),
        "/api/v1/holidays?year=2027&lang=ar".to_owned(),
        "/api/v1/holidays?year=2040&kind=cuti_bersama&lang=EN".to_owned(),
        "/api/v1/compare?year=1447&lang=ar".to_owned(),
        "/api/v1/workdays?from=2026-01-01&to=2035-12-31&cuti_bersama=on".to_owned(),
    ];
    for id in &ids {
        for uri in [
            "/api/v1/year?year=1447",
            "/api/v1/year?year=2025&calendar=gregorian&retro=true",
            "/api/v1/month?year=1446&month=9",
            "/api/v1/events?year=1447&include=all",
            "/api/v1/events?year=2026&calendar=gregorian&include=ayyamul_bidh",
            "/api/v1/events.ics?year=1447",
            "/api/v1/table?retro=true",
            "/api/v1/table.csv",
            "/api/v1/hilal/history",
            "/api/v1/hilal/history?from=1447-01&to=1447-06&include=sites",
            "/api/v1/hilal/info?month=10&year=1447",
            "/api/v1/month?year=1446&month=9&lang=ar",
            "/api/v1/year?year=2025&calendar=gregorian&lang=en",
            "/api/v1/events?year=1447&include=all&lang=ar",
            "/api/v1/hilal/history?lang=en",
            "/api/v1/convert?date=2025-03-01",
            "/api/v1/convert?date=1446-09-01&calendar=hijri&lang=en",
            "/api/v1/convert?date=1960-01-01&retro=true",
            "/api/v1/convert?date=1960-01-01",
            "/api/v1/today/2026-03-20?lang=ar",
        ] {
            uris.push(format!(
                "{uri}{}authority={id}",
                if uri.contains('?') { '&' } else { '?' }
            ));
        }
    }
    let mut built_statuses = Vec::new();
    for uri in &uris {
        for accept in [None, Some("gzip"), Some("br")] {
            let headers: Vec<(&str, &str)> =
                accept.map(|a| ("accept-encoding", a)).into_iter().collect();
            let built = fetch(&built_app, Method::GET, uri, &headers).await;
            built_statuses.push(built.status);
            // The first ask builds and keeps it; the second is answered from the cache.
            for round in ["first", "kept"] {
                let kept = fetch(&kept_app, Method::GET, uri, &headers).await;
                assert_eq!(kept.status, built.status, "{uri} {accept:?} {round}");
                assert!(
                    decoded(&kept) == decoded(&built),
                    "{uri} {accept:?} {round}"
                );
                for name in NEGOTIATED.iter().chain(&["content-security-policy"]) {
                    assert_eq!(
                        kept.header(name),
                        built.header(name),
                        "{uri} {accept:?} {round} {name}"
                    );
                }
            }
        }
    }
    // Table calendars have no hilal record: those are refused, and the refusal is not kept.
    assert!(built_statuses.iter().filter(|s| **s == 200).count() > 100);
    let held = kept_state.live.load().answers.bytes_held();
    assert!(held > 1_000_000, "{held} bytes kept");
    let computed = |meta: Answer| meta.json()["computed_months"].clone();
    assert_eq!(
        computed(get(&kept_app, "/api/v1/meta").await),
        computed(get(&built_app, "/api/v1/meta").await)
    );
}

#[actix_web::test]
async fn stored_answers_record_their_computed_months() {
    let archive = real();
    let calendar = archive.dataset();
    for uri in [
        "/api/v1/year?year=1500&calendar=hijri&retro=false",
        "/api/v1/month?year=2090&month=5&calendar=gregorian&retro=false",
        "/api/v1/events?year=1380&calendar=hijri&include=all&retro=true",
        "/api/v1/hilal/history?from=1444-08&to=1475-12",
    ] {
        assert!(calendar.stored_answer(uri).is_some(), "{uri} is not stored");
        let stored_app = init_service(hijri_server::app(app_state(true))).await;
        let dynamic_app = init_service(hijri_server::app(app_state(false))).await;
        assert_eq!(get(&stored_app, uri).await.status, 200, "{uri}");
        assert_eq!(get(&dynamic_app, uri).await.status, 200, "{uri}");
        let stored = get(&stored_app, "/api/v1/meta").await.json();
        let dynamic = get(&dynamic_app, "/api/v1/meta").await.json();
        assert!(
            !stored["computed_months"].as_array().unwrap().is_empty(),
            "{uri}"
        );
        assert_eq!(
            stored["computed_months"], dynamic["computed_months"],
            "{uri}"
        );
        assert_eq!(stored["computed_active"], true);
    }
}

#[actix_web::test]
async fn other_spellings_find_the_stored_answer_only_when_the_bytes_are_the_same() {
    let stored_app = init_service(hijri_server::app(app_state(true))).await;
    let dynamic_app = init_service(hijri_server::app(app_state(false))).await;
    let archive = real();
    let calendar = archive.dataset();
    let brotli_of = |key: &str| {
        calendar
            .stored_answer(key)
            .unwrap()
            .brotli
            .as_ref()
            .unwrap()
            .bytes
            .to_vec()
    };
    for (uri, key) in [
        (
            "/api/v1/year?calendar=HIJRI&year=01446",
            Some("/api/v1/year?year=1446&calendar=hijri&retro=false"),
        ),
        (
            "/api/v1/year?year=1446&retro=true",
            Some("/api/v1/year?year=1446&calendar=hijri&retro=true"),
        ),
        (
            "/api/v1/events?year=2025&calendar=gregorian&include=ALL,all",
            Some("/api/v1/events?year=2025&calendar=gregorian&include=all&retro=false"),
        ),
        (
            "/api/v1/hilal/history?from=1444-08",
            Some("/api/v1/hilal/history?from=1444-08&to=1475-12"),
        ),
        (
            "/api/v1/holidays?kind=LIBUR_NASIONAL&year=02040",
            Some("/api/v1/holidays?year=2040&kind=libur_nasional"),
        ),
        (
            "/api/v1/month?lang=ID&year=1446&month=9",
            Some("/api/v1/month?year=1446&month=9&calendar=hijri&retro=false"),
        ),
        ("/api/v1/month?year=1446&month=9&lang=ar", None),
        ("/api/v1/events?year=1446&include=all,extra", None),
        ("/api/v1/events?year=1446&include=idul_fitri", None),
        (
            "/api/v1/hilal/history?include=sites&from=1446-01&to=1446-12",
            None,
        ),
    ] {
        let accept = [("accept-encoding", "br")];
        let stored = fetch(&stored_app, Method::GET, uri, &accept).await;
        let dynamic = fetch(&dynamic_app, Method::GET, uri, &accept).await;
        assert_eq!(stored.status, 200, "{uri}");
        assert_eq!(decoded(&stored), decoded(&dynamic), "{uri}");
        assert_eq!(stored.header("etag"), dynamic.header("etag"), "{uri}");
        // The stored brotli (quality 11) is not the per-request one (quality 1).
        assert_eq!(
            key.map(brotli_of),
            (stored.body != dynamic.body).then(|| stored.body.to_vec()),
            "{uri}"
        );
    }
}

#[actix_web::test]
async fn stored_representations_are_negotiated() {
    let app = init_service(hijri_server::app(app_state(true))).await;
    let uri = "/api/v1/year?year=1446";
    let archive = real();
    let stored = archive
        .dataset()
        .stored_answer("/api/v1/year?year=1446&calendar=hijri&retro=false")
        .unwrap();
    let gzip = stored.gzip.as_ref().unwrap();
    let brotli = stored.brotli.as_ref().unwrap();
    let gzip = (gzip.etag.as_str(), gzip.bytes.as_slice());
    let brotli = (brotli.etag.as_str(), brotli.bytes.as_slice());
    let identity = (stored.etag.as_str(), stored.identity.as_slice());
    for (accept, representation, coding) in [
        (None, identity, None),
        (Some("gzip, deflate, br"), brotli, Some("br")),
        (Some("gzip, br;q=0"), gzip, Some("gzip")),
        (Some("identity;q=0"), identity, None),
        (Some("identity;q=0, br"), brotli, Some("br")),
        (Some("*"), brotli, Some("br")),
        (Some("*, br;q=0"), gzip, Some("gzip")),
        (Some("identity, gzip;q=0.5"), identity, None),
        (Some("br;q=0, gzip;q=0"), identity, None),
    ] {
        let (etag, bytes) = representation;
        let headers: Vec<(&str, &str)> =
            accept.map(|a| ("accept-encoding", a)).into_iter().collect();
        let answer = fetch(&app, Method::GET, uri, &headers).await;
        assert_eq!(answer.status, 200, "{accept:?}");
        assert_eq!(answer.body, bytes, "{accept:?}");
        assert_eq!(answer.header("etag"), Some(etag));
        assert_eq!(answer.header("content-encoding"), coding, "{accept:?}");
        assert_eq!(answer.header("vary"), Some("accept-encoding"), "{accept:?}");
        // (The test service keeps HEAD bodies; the wire drops them, see encoding.rs.)
        let head = fetch(&app, Method::HEAD, uri, &headers).await;
        for name in NEGOTIATED {
            assert_eq!(head.header(name), answer.header(name), "{accept:?} {name}");
        }
        // A 304 for this representation's tag, and not for another's.
        let mut with_tag = headers.clone();
        with_tag.push(("if-none-match", etag));
        let again = fetch(&app, Method::GET, uri, &with_tag).await;
        assert_eq!(again.status, 304, "{accept:?}");
        assert!(again.body.is_empty());
        assert_eq!(again.header("etag"), Some(etag));
        assert_eq!(again.header("vary"), Some("accept-encoding"));
        let other = if etag == identity.0 {
            gzip.0
        } else {
            identity.0
        };
        let mut crossed = headers.clone();
        crossed.push(("if-none-match", other));
        assert_eq!(fetch(&app, Method::GET, uri, &crossed).await.status, 200);
    }
    // A small stored answer is never compressed and does not vary.
    let months = get_brotli(&app, "/api/v1/months").await;
    assert_eq!(months.status, 200);
    assert!(months.body.len() < 1024);
    assert_eq!(months.header("content-encoding"), None);
    assert_eq!(months.header(header::VARY.as_str()), None);
}
