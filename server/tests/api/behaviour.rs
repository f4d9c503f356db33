//! Cross-endpoint behaviour: HEAD, conditional requests, CORS, rate limits and trusted
//! proxies, and the card path (over a synthetic archive that holds cards).

use actix_web::http::header;
use actix_web::test::TestRequest;
use hijri_server::routes::ROUTES;

use crate::common::{
    assert_refused, get, get_json, on_the_wire, real, send, snapshot, state_with, synthetic,
    test_app, test_app_with, TestApp, FAKE_PNG,
};
use crate::openapi::assert_documented;

const PEER: &str = "192.0.2.1:40000";

/// A sample URI for every route, answered 200 over the real archive.
fn sample(path: &str) -> String {
    let query = match path {
        "/api/v1/today/{target_date}" => return "/api/v1/today/2025-03-01".into(),
        "/api/v1/eclipses/{id}" => return "/api/v1/eclipses/2023-04-20-solar?place=91.06".into(),
        "/api/v1/eclipses/{id}/map" => return "/api/v1/eclipses/2023-04-20-solar/map".into(),
        "/api/v1/eclipses" => "year=2023",
        "/api/v1/convert" => "date=2025-03-01",
        "/api/v1/range" => "start=2025-03-01&end=2025-03-03",
        "/api/v1/month" => "year=1446&month=9",
        "/api/v1/year" | "/api/v1/events" => "year=1446",
        "/api/v1/hilal/info" | "/api/v1/hilal/viz" | "/api/v1/hilal/map" => "month=9&year=1446",
        _ => "",
    };
    format!("{path}?{query}")
}

#[actix_web::test]
async fn head_answers_like_get_on_every_route() {
    let app = test_app().await;
    for route in ROUTES {
        let uri = sample(route.path);
        let get = get(&app, &uri).await;
        let req = TestRequest::default()
            .method(actix_web::http::Method::HEAD)
            .uri(&uri)
            .peer_addr(PEER.parse().unwrap())
            .to_request();
        let head = send(&app, req).await;
        assert_eq!(head.status, get.status, "{uri}");
        for name in ["content-type", "cache-control", "etag"] {
            assert_eq!(head.header(name), get.header(name), "{uri} {name}");
        }
    }
}

#[actix_web::test]
async fn head_sends_no_body_on_the_wire() {
    let answers = on_the_wire(
        ["GET", "HEAD"]
            .map(|method| {
                format!(
                    "{method} /api/v1/convert?date=2025-03-01 HTTP/1.1\r\nHost: test\r\n\
                     Connection: close\r\n\r\n"
                )
            })
            .to_vec(),
    )
    .await;
    let [get, head] = [&answers[0], &answers[1]].map(|bytes| String::from_utf8_lossy(bytes));
    let (get_head, get_body) = get.split_once("\r\n\r\n").unwrap();
    let (head_head, head_body) = head.split_once("\r\n\r\n").unwrap();
    assert!(head_head.starts_with("HTTP/1.1 200"));
    assert!(!get_body.is_empty());
    assert_eq!(head_body, "");
    let length = |h: &str| {
        h.lines()
            .find(|l| l.to_ascii_lowercase().starts_with("content-length"))
            .map(str::to_owned)
    };
    assert_eq!(length(head_head), length(get_head));
}

#[actix_web::test]
async fn conditional_requests() {
    let app = test_app().await;
    let uri = "/api/v1/convert?date=2025-03-01";
    let first = get(&app, uri).await;
    let etag = first.header("etag").unwrap().to_owned();
    assert!(
        etag.starts_with('"') && etag.ends_with('"') && etag.len() == 18,
        "{etag}"
    );
    for (case, value) in [
        ("strong", etag.clone()),
        ("weak", format!("W/{etag}")),
        ("star", "*".to_owned()),
        ("list", format!("\"0000000000000000\", {etag}")),
    ] {
        let req = TestRequest::get()
            .uri(uri)
            .insert_header((header::IF_NONE_MATCH, value))
            .to_request();
        let answer = send(&app, req).await;
        assert_eq!(answer.status, 304, "{case}");
        assert!(answer.body.is_empty(), "{case}");
        assert_eq!(answer.header("etag"), Some(etag.as_str()), "{case}");
        assert_eq!(
            answer.header("cache-control"),
            first.header("cache-control"),
            "{case}"
        );
        if case == "strong" {
            snapshot("not_modified", &answer);
        }
    }
    let req = TestRequest::get()
        .uri(uri)
        .insert_header((header::IF_NONE_MATCH, "\"0000000000000000\""))
        .to_request();
    assert_eq!(send(&app, req).await.status, 200);
    // /today carries its computed Cache-Control on the 304 too.
    let today = get(&app, "/api/v1/today").await;
    let req = TestRequest::get()
        .uri("/api/v1/today")
        .insert_header((header::IF_NONE_MATCH, today.header("etag").unwrap()))
        .to_request();
    let again = send(&app, req).await;
    assert_eq!(again.status, 304);
    assert_eq!(again.header("cache-control"), today.header("cache-control"));
}

#[actix_web::test]
async fn cors_default_allows_every_origin() {
    let app = test_app().await;
    let req = TestRequest::get()
        .uri("/api/v1/months")
        .insert_header((header::ORIGIN, "https://anywhere.example"))
        .to_request();
    let answer = send(&app, req).await;
    assert_eq!(answer.status, 200);
    assert_eq!(answer.header("access-control-allow-origin"), Some("*"));
    assert!(answer
        .header("access-control-expose-headers")
        .unwrap()
        .contains("ETag"));
}

#[actix_web::test]
async fn cors_restricted_origins() {
    let state = state_with(real(), &[("ALLOWED_ORIGINS", "https://kalender.example")]);
    let app = test_app_with(state).await;
    let with_origin = |origin: &'static str| {
        TestRequest::get()
            .uri("/api/v1/months")
            .insert_header((header::ORIGIN, origin))
            .to_request()
    };
    let allowed = send(&app, with_origin("https://kalender.example")).await;
    assert_eq!(allowed.status, 200);
    assert_eq!(
        allowed.header("access-control-allow-origin"),
        Some("https://kalender.example")
    );
    assert_eq!(allowed.header("vary"), Some("Origin"));
    let forbidden = send(&app, with_origin("https://evil.example")).await;
    assert_eq!(forbidden.code(), "forbidden_origin");
    assert_eq!(forbidden.status, 403);
    assert_documented("/api/v1/months", &forbidden);
    snapshot("forbidden_origin", &forbidden);
    let no_origin = get(&app, "/api/v1/months").await;
    assert_eq!(no_origin.status, 200);
    assert_eq!(no_origin.header("access-control-allow-origin"), None);

    let preflight = |origin: &'static str| {
        TestRequest::default()
            .method(actix_web::http::Method::OPTIONS)
            .uri("/api/v1/convert")
            .insert_header((header::ORIGIN, origin))
            .insert_header((header::ACCESS_CONTROL_REQUEST_METHOD, "GET"))
            .to_request()
    };
    let ok = send(&app, preflight("https://kalender.example")).await;
    assert_eq!(ok.status, 204);
    assert_eq!(ok.header("access-control-allow-methods"), Some("GET, HEAD"));
    assert_eq!(
        ok.header("access-control-allow-origin"),
        Some("https://kalender.example")
    );
    assert_eq!(
        send(&app, preflight("https://evil.example")).await.status,
        403
    );
    // OPTIONS that is not a preflight is just another method.
    let req = TestRequest::default()
        .method(actix_web::http::Method::OPTIONS)
        .uri("/api/v1/convert")
        .to_request();
    let options = send(&app, req).await;
    assert_refused(&options, 405, "method_not_allowed");
}

#[actix_web::test]
async fn rate_limit_answers_429_with_retry_after() {
    let state = state_with(
        real(),
        &[
            ("HIJRI_LIMIT_DEFAULT", "2/60"),
            ("HIJRI_LIMIT_HILAL_INFO", "1/3600"),
        ],
    );
    let app = test_app_with(state).await;
    // The default family shares one budget across its endpoints, counted down.
    let first = get(&app, "/api/v1/convert?date=2025-03-01").await;
    assert_eq!(first.status, 200);
    assert_eq!(first.header("ratelimit"), Some(r#""default";r=1;t=30"#));
    let second = get(&app, "/api/v1/months").await;
    assert_eq!(second.status, 200);
    assert_eq!(second.header("ratelimit"), Some(r#""default";r=0;t=60"#));
    let refused = get(&app, "/api/v1/convert?date=2025-03-01").await;
    assert_refused(&refused, 429, "rate_limit_exceeded");
    let wait: u64 = refused.header("retry-after").unwrap().parse().unwrap();
    assert!((1..=30).contains(&wait), "{wait}");
    // The budget is told on every answer of the family, the refusal included.
    assert_eq!(
        refused.header("ratelimit-policy"),
        Some(r#""default";q=2;w=60"#)
    );
    assert_eq!(refused.header("ratelimit"), Some(r#""default";r=0;t=60"#));
    assert_eq!(refused.header("content-type"), Some("application/json"));
    assert_eq!(refused.header("access-control-allow-origin"), Some("*"));
    assert_documented("/api/v1/convert", &refused);
    let mut redacted = refused;
    redacted.headers.remove("retry-after");
    redacted.body = serde_json::to_vec(&serde_json::json!({"error": {
        "code": redacted.code(), "message": "[wait]"}}))
    .unwrap()
    .into();
    snapshot("rate_limit_exceeded", &redacted);
    // The hilal info family has its own budget.
    assert_eq!(
        get(&app, "/api/v1/hilal/info?month=9&year=1446")
            .await
            .status,
        200
    );
    let info = get(&app, "/api/v1/hilal/info?month=9&year=1446").await;
    assert_eq!(info.status, 429);
    assert_eq!(
        info.header("ratelimit-policy"),
        Some(r#""hilal-info";q=1;w=3600"#)
    );
    assert!(info.header("retry-after").unwrap().parse::<u64>().unwrap() >= 1);
}

#[actix_web::test]
async fn every_route_is_rate_limited() {
    let limits = [
        ("HIJRI_LIMIT_DEFAULT", "1/3600"),
        ("HIJRI_LIMIT_HILAL_INFO", "1/3600"),
        ("HIJRI_LIMIT_HILAL_VIZ", "1/3600"),
        ("HIJRI_LIMIT_HILAL_MAP", "1/3600"),
    ];
    for route in ROUTES {
        let app = test_app_with(state_with(real(), &limits)).await;
        let uri = sample(route.path);
        let first = get(&app, &uri).await;
        assert_ne!(first.status, 429, "{uri}");
        let name = route.family.policy_name();
        let told = format!(r#""{name}";r=0;t=3600"#);
        assert_eq!(first.header("ratelimit"), Some(told.as_str()), "{uri}");
        let second = get(&app, &uri).await;
        assert_eq!(second.status, 429, "{uri}");
        assert_eq!(second.header("ratelimit"), Some(told.as_str()), "{uri}");
        assert_documented(&uri, &second);
    }
}

/// The status of `/api/v1/months` asked through the proxy at `PEER` for `client`.
async fn months_status_for<S, B>(app: &S, client: &str) -> u16
where
    S: TestApp<B>,
    B: actix_web::body::MessageBody,
{
    let request = TestRequest::get()
        .uri("/api/v1/months")
        .peer_addr(PEER.parse().unwrap())
        .insert_header(("x-forwarded-for", client))
        .to_request();
    send(app, request).await.status
}

#[actix_web::test]
async fn forwarded_for_is_ignored_without_trusted_proxies() {
    let app = test_app_with(state_with(real(), &[("HIJRI_LIMIT_DEFAULT", "1/3600")])).await;
    assert_eq!(months_status_for(&app, "203.0.113.1").await, 200);
    assert_eq!(months_status_for(&app, "203.0.113.2").await, 429);
}

#[actix_web::test]
async fn forwarded_for_names_the_client_behind_a_trusted_proxy() {
    let vars = [
        ("HIJRI_LIMIT_DEFAULT", "1/3600"),
        ("HIJRI_TRUSTED_PROXIES", "192.0.2.0/24"),
    ];
    let app = test_app_with(state_with(real(), &vars)).await;
    assert_eq!(months_status_for(&app, "203.0.113.1").await, 200);
    assert_eq!(months_status_for(&app, "203.0.113.2").await, 200);
    assert_eq!(months_status_for(&app, "203.0.113.1").await, 429);
    // An IPv6 client is its /64: another address of the same /64 shares the budget.
    assert_eq!(months_status_for(&app, "2001:db8:5:6::1").await, 200);
    assert_eq!(months_status_for(&app, "2001:db8:5:6:ffff::2").await, 429);
    assert_eq!(months_status_for(&app, "2001:db8:5:7::1").await, 200);
}

#[actix_web::test]
async fn cards_are_served_from_the_archive() {
    let app = test_app_with(state_with(synthetic(), &[])).await;
    let viz = get(&app, "/api/v1/hilal/viz?month=9&year=1446").await;
    assert_eq!(viz.status, 200);
    assert_eq!(viz.body, FAKE_PNG);
    assert_eq!(viz.header("etag"), Some("\"cafe0001\""));
    assert_eq!(viz.header("content-disposition"), None);
    snapshot("synthetic_hilal_viz", &viz);
    let download = get(
        &app,
        "/api/v1/hilal/viz?month=9&year=1446&bare=TRUE&download=1",
    )
    .await;
    assert_eq!(
        download.header("content-disposition"),
        Some("attachment; filename=\"hilal-viz-1446-9.png\"")
    );
    snapshot("synthetic_hilal_viz_bare_download", &download);
    let req = TestRequest::get()
        .uri("/api/v1/hilal/viz?month=9&year=1446")
        .insert_header((header::IF_NONE_MATCH, "W/\"cafe0001\""))
        .to_request();
    let cached = send(&app, req).await;
    assert_eq!(cached.status, 304);
    assert!(cached.body.is_empty());
    // No map card in this archive: 503, never a made-up image.
    let map = get(&app, "/api/v1/hilal/map?month=9&year=1446").await;
    assert_refused(&map, 503, "computation_unavailable");
}

#[actix_web::test]
async fn missing_evening_records_are_503() {
    let app = test_app_with(state_with(synthetic(), &[])).await;
    let info = get(&app, "/api/v1/hilal/info?month=1&year=1447").await;
    assert_refused(&info, 503, "computation_unavailable");
    assert_documented("/api/v1/hilal/info", &info);
    snapshot("synthetic_hilal_info_computation_unavailable", &info);
    let history = get(&app, "/api/v1/hilal/history").await;
    assert_refused(&history, 503, "computation_unavailable");
    assert_documented("/api/v1/hilal/history", &history);
    // The synthetic computed month's evening passed by 0.1 deg: borderline.
    let computed = get_json(&app, "/api/v1/convert?date=2025-05-28").await;
    assert_eq!(computed["warnings"][1]["code"], "borderline");
}

/// A request refused after its month was found serves no month: `/meta` lists a computed
/// month only once an answer has served it.
#[actix_web::test]
async fn refused_requests_record_no_computed_month() {
    let app = test_app_with(state_with(synthetic(), &[])).await;
    let computed = || async { get_json(&app, "/api/v1/meta").await["computed_months"].clone() };
    // 1446-12 is computed and has no card; 1447-01 is computed and its evening has no values.
    for uri in [
        "/api/v1/hilal/viz?month=12&year=1446",
        "/api/v1/hilal/map?month=12&year=1446",
        "/api/v1/hilal/info?month=1&year=1447",
    ] {
        let refused = get(&app, uri).await;
        assert_refused(&refused, 503, "computation_unavailable");
    }
    assert_eq!(computed().await, serde_json::json!([]));
    assert_eq!(
        get(&app, "/api/v1/hilal/info?month=12&year=1446")
            .await
            .status,
        200
    );
    assert_eq!(computed().await, serde_json::json!(["1446-12"]));
}

#[actix_web::test]
async fn every_answer_carries_a_request_id() {
    let app = test_app_with(state_with(real(), &[("HIJRI_LIMIT_DEFAULT", "1/3600")])).await;
    let with_id = |uri: &str, id: &str| {
        TestRequest::get()
            .uri(uri)
            .insert_header(("x-request-id", id))
            .to_request()
    };
    // Echoed on an answer, a 404 and a 429 alike.
    let first = send(&app, with_id("/api/v1/months", "req-1.a_b")).await;
    assert_eq!(
        (first.status, first.header("x-request-id")),
        (200, Some("req-1.a_b"))
    );
    let refused = send(&app, with_id("/api/v1/months", "req-2")).await;
    assert_eq!(
        (refused.status, refused.header("x-request-id")),
        (429, Some("req-2"))
    );
    let missing = send(&app, with_id("/nowhere", "req-3")).await;
    assert_eq!(
        (missing.status, missing.header("x-request-id")),
        (404, Some("req-3"))
    );
    // Cleaned to [A-Za-z0-9._-] and cut to 64 characters.
    let long = format!("x y{}", "z".repeat(100));
    let cleaned = send(&app, with_id("/nowhere", &long)).await;
    assert_eq!(
        cleaned.header("x-request-id"),
        Some(format!("xy{}", "z".repeat(62)).as_str())
    );
    // Made up when absent or empty after cleaning: 128 random bits in hex, distinct.
    let made = |answer: &crate::common::Answer| answer.header("x-request-id").unwrap().to_owned();
    let one = made(&get(&app, "/nowhere").await);
    let two = made(&send(&app, with_id("/nowhere", "<>")).await);
    assert_ne!(one[..8], two[..8]);
    for id in [&one, &two] {
        assert_eq!(id.len(), 32, "{id}");
        assert!(u128::from_str_radix(id, 16).is_ok(), "{id}");
    }
}
