//! CORS as a browser script meets it: every field it needs is exposed (validators, the
//! rate-limit budget, the request id, `Retry-After` on a 429), and a preflight allows the
//! request headers a script sends (`If-None-Match`, its own `X-Request-Id`).

use actix_web::http::{header, Method};
use actix_web::test::{init_service, TestRequest};

use crate::common::{send, state_with};

/// The fields of a comma list, lower-cased.
fn fields(list: Option<&str>) -> Vec<String> {
    list.unwrap_or_default()
        .split(',')
        .map(|field| field.trim().to_ascii_lowercase())
        .collect()
}

#[actix_web::test]
async fn a_script_may_read_the_budget_the_id_and_the_validators() {
    let state = state_with(crate::common::real(), &[("HIJRI_LIMIT_DEFAULT", "1/3600")]);
    let app = init_service(hijri_server::app(state)).await;
    let request = || {
        TestRequest::get()
            .uri("/api/v1/convert?date=2025-03-01")
            .peer_addr("192.0.2.9:40000".parse().unwrap())
            .insert_header((header::ORIGIN, "https://app.example"))
            .to_request()
    };
    let answered = send(&app, request()).await;
    let refused = send(&app, request()).await;
    assert_eq!((answered.status, refused.status), (200, 429));
    for answer in [&answered, &refused] {
        let exposed = fields(answer.header("access-control-expose-headers"));
        for name in [
            "ratelimit",
            "ratelimit-policy",
            "x-request-id",
            "retry-after",
            "etag",
        ] {
            assert!(
                exposed.contains(&name.to_owned()),
                "{name} not in {exposed:?}"
            );
        }
        // Each exposed field the answer carries is really there.
        for name in ["ratelimit", "ratelimit-policy", "x-request-id"] {
            assert!(answer.header(name).is_some(), "{name} missing");
        }
    }
    assert!(answered.header("etag").is_some());
    assert!(refused.header("retry-after").is_some());
}

#[actix_web::test]
async fn a_preflight_allows_the_request_id() {
    let app = init_service(hijri_server::app(crate::common::state())).await;
    let preflight = TestRequest::default()
        .method(Method::OPTIONS)
        .uri("/api/v1/convert?date=2025-03-01")
        .insert_header((header::ORIGIN, "https://app.example"))
        .insert_header((header::ACCESS_CONTROL_REQUEST_METHOD, "GET"))
        .insert_header((
            header::ACCESS_CONTROL_REQUEST_HEADERS,
            "x-request-id, if-none-match",
        ))
        .to_request();
    let answer = send(&app, preflight).await;
    assert_eq!(answer.status, 204);
    let allowed = fields(answer.header("access-control-allow-headers"));
    assert!(allowed.contains(&"x-request-id".to_owned()), "{allowed:?}");
    assert!(allowed.contains(&"if-none-match".to_owned()), "{allowed:?}");
    assert_eq!(answer.header("access-control-allow-origin"), Some("*"));
}
