//! One hostile-input test over the route table: every parameter of every route
//! (`Route::params`) given a 64 KB value, twice, with a bad escape, with unicode no grammar
//! holds and with CRLF, each answered 4xx naming the parameter, within 10 ms of CPU per
//! request (the thread's own CPU time, not wall time); and every route asked with hostile
//! `Host` and forwarding headers answers the bytes of a plain request. A route added to the
//! table is covered with no test written for it: the test's own route shows it.

use actix_web::{HttpRequest, HttpResponse};
use hijri_server::http::bounds::Bound;
use hijri_server::http::error::{ApiError, ErrorCode};
use hijri_server::routes::{Route, ROUTES};
use hijri_server::settings::RateFamily;
use hijri_server::AppState;

use crate::common::{fetch, get, real, state_with, test_app_with, Answer, UNLIMITED};

/// The most CPU one hostile request may cost.
const CPU_PER_REQUEST_NS: u64 = 10_000_000;

/// The hostile values of one parameter `name`, as query strings.
fn hostile(name: &str) -> [(&'static str, String); 5] {
    [
        ("64 KB", format!("{name}={}", "a".repeat(64_000))),
        ("repeated", format!("{name}=1&{name}=1")),
        ("bad escape", format!("{name}=%ZZ")),
        // A bomb and a right-to-left override: no grammar holds either.
        ("unicode", format!("{name}=%F0%9F%92%A3%E2%80%AE")),
        ("CRLF", format!("{name}=a%0D%0ASet-Cookie:%20x=1")),
    ]
}

/// This thread's CPU time so far, in nanoseconds (the scheduler's own account).
fn thread_cpu_ns() -> u64 {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").unwrap();
    text.split_whitespace().next().unwrap().parse().unwrap()
}

/// A route path with its path parameter filled.
fn concrete(path: &str) -> String {
    path.replace("{target_date}", "2025-03-01")
        .replace("{id}", "2023-04-20-solar")
}

/// Whether `answer` is a refusal naming `name`: JSON with the error envelope, or (the
/// pages) an HTML error page quoting the API's message.
fn names(answer: &Answer, name: &str) -> bool {
    let quoted = format!("`{name}`");
    match answer.header("content-type") {
        Some(t) if t.starts_with("application/json") => answer.json()["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains(&quoted)),
        Some(t) if t.starts_with("text/html") => {
            String::from_utf8_lossy(&answer.body).contains(&quoted)
        }
        _ => false,
    }
}

/// Drives every parameter of every route in `table` with the hostile values; returns how
/// many requests were checked.
async fn every_parameter_is_refused(table: &'static [Route]) -> usize {
    let state = state_with(real(), UNLIMITED);
    let app = actix_web::test::init_service(hijri_server::app::app_with(state, table)).await;
    let mut checked = 0;
    for route in table {
        let path = concrete(route.path);
        for bound in route.params {
            for (what, query) in hostile(bound.name) {
                let uri = format!("{path}?{query}");
                let before = thread_cpu_ns();
                let answer = get(&app, &uri).await;
                let cpu = thread_cpu_ns() - before;
                let shown = format!("{path} {} ({what})", bound.name);
                assert!(
                    (400..500).contains(&answer.status),
                    "{shown}: {}",
                    answer.status
                );
                assert!(names(&answer, bound.name), "{shown}: {:?}", answer.body);
                assert!(cpu < CPU_PER_REQUEST_NS, "{shown}: {cpu} ns of CPU");
                checked += 1;
            }
        }
    }
    checked
}

#[actix_web::test]
async fn every_parameter_of_every_route_is_refused_cheaply_by_name() {
    let checked = every_parameter_is_refused(ROUTES).await;
    let params: usize = ROUTES.iter().map(|r| r.params.len()).sum();
    assert_eq!(checked, params * 5);
    assert!(checked > 500, "{checked}");
}

/// A route the test adds: its handler must never run for hostile input.
fn never(_: &HttpRequest, _: &AppState) -> Result<HttpResponse, ApiError> {
    Err(ApiError::new(ErrorCode::NotFound, "the handler ran"))
}

#[actix_web::test]
async fn a_route_added_to_the_table_is_covered_without_a_test_of_its_own() {
    const ADDED: &[Bound] = &[Bound::token("colour", 8, ErrorCode::InvalidKind)];
    let table: Vec<Route> = ROUTES
        .iter()
        .map(|r| Route { ..*r })
        .chain([Route {
            path: "/api/v1/test-only",
            family: RateFamily::Default,
            handler: never,
            params: ADDED,
            refused: |_, _, error| error,
            documented: true,
        }])
        .collect();
    let table: &'static [Route] = Vec::leak(table);
    let added = &table[table.len() - 1..];
    assert_eq!(every_parameter_is_refused(added).await, 5);
    // The refusal is the parameter's own code.
    let state = state_with(real(), UNLIMITED);
    let app = actix_web::test::init_service(hijri_server::app::app_with(state, table)).await;
    let answer = get(&app, "/api/v1/test-only?colour=%ZZ").await;
    assert_eq!(answer.code(), "invalid_kind");
}

/// Requests whose hosts, forwarded or not, would poison a shared cache if any reached the
/// bytes.
const HOSTILE_HEADERS: &[(&str, &str)] = &[
    (
        "host",
        "evil.example\"><meta http-equiv=\"refresh\" content=\"0;url=//evil.example\">",
    ),
    (
        "x-forwarded-host",
        "evil.example\"><script>alert(1)</script>",
    ),
    ("x-forwarded-proto", "javascript"),
    ("forwarded", "host=\"evil.example\\\"}\";proto=gopher"),
];

#[actix_web::test]
async fn no_host_or_forwarding_header_changes_the_bytes_of_any_route() {
    let state = state_with(real(), UNLIMITED);
    let app = test_app_with(state).await;
    let long = "h".repeat(120 * 1024);
    // Every route as it is, and the pages that write the service's address.
    let pages = [
        "/?place=34.71",
        "/?view=year",
        "/imsakiyah?place=34.71",
        "/embed",
    ];
    let paths = ROUTES.iter().map(|r| concrete(r.path));
    for path in paths.chain(pages.map(str::to_owned)) {
        let plain = get(&app, &path).await;
        for headers in [
            HOSTILE_HEADERS,
            &[
                ("host", "evil.example"),
                ("x-forwarded-host", long.as_str()),
            ],
        ] {
            let poisoned = fetch(&app, actix_web::http::Method::GET, &path, headers).await;
            assert_eq!(poisoned.status, plain.status, "{path}");
            assert!(
                poisoned.body == plain.body,
                "{path}: the body changed with {headers:?}"
            );
            assert_eq!(poisoned.header("etag"), plain.header("etag"), "{path}");
        }
    }
}

#[actix_web::test]
async fn a_configured_address_is_the_only_one_written() {
    let vars = [
        UNLIMITED,
        &[("HIJRI_PUBLIC_HOSTS", "https://kalender.example.id")],
    ]
    .concat();
    let app = test_app_with(state_with(real(), &vars)).await;
    let host = [("host", "kalender.example.id")];
    let named = fetch(&app, actix_web::http::Method::GET, "/", &host).await;
    let page = String::from_utf8_lossy(&named.body);
    assert!(
        page.contains("content=\"https://kalender.example.id/\""),
        "og:url"
    );
    let document = fetch(&app, actix_web::http::Method::GET, "/openapi.json", &host).await;
    assert!(String::from_utf8_lossy(&document.body).contains("https://kalender.example.id/api"));
    // Any other host gets relative links: no address at all.
    let other = [("host", "kalender.example.id.evil.example")];
    let unnamed = fetch(&app, actix_web::http::Method::GET, "/", &other).await;
    let page = String::from_utf8_lossy(&unnamed.body);
    assert!(!page.contains("og:url") && !page.contains("evil"), "{page}");
}

#[actix_web::test]
async fn an_unknown_place_is_suggested_by_id_or_name_at_a_bounded_cost() {
    let app = test_app_with(state_with(real(), UNLIMITED)).await;
    let answer = get(&app, "/api/v1/prayer-times?place=34.7&date=2026-03-01").await;
    assert_eq!(answer.code(), "unknown_place");
    let message = answer.message();
    let closest = message.split("closest: ").nth(1).unwrap();
    assert!(closest.starts_with("Kota Yogyakarta (34.71)"), "{message}");
    // The longest name a place may be given, made of nothing like a name: the suggestion
    // compares a bounded part of it.
    let long = "z".repeat(64);
    let before = thread_cpu_ns();
    let answer = get(
        &app,
        &format!("/api/v1/prayer-times?place={long}&date=2026-03-01"),
    )
    .await;
    let cpu = thread_cpu_ns() - before;
    assert_eq!(answer.code(), "unknown_place");
    assert!(cpu < 5_000_000, "{cpu} ns of CPU for a 64-character place");
    // Too long, repeated or badly encoded: 400, never a 404.
    for query in [
        "place=34.71&place=34.71",
        "place=%FF",
        &format!("place={long}z"),
    ] {
        let uri = format!("/api/v1/prayer-times?{query}&date=2026-03-01");
        assert_eq!(get(&app, &uri).await.code(), "invalid_place", "{query}");
    }
}

#[actix_web::test]
async fn every_spelling_of_one_window_is_one_answer() {
    let app = test_app_with(state_with(real(), UNLIMITED)).await;
    let asked = [
        "from=1444-08&to=1445-02&include=sites",
        "from=0001-01&to=1445-02&include=sites",
        "from=0001-02&to=1445-02&include=sites",
        "include=sites&to=1445-02",
    ];
    let mut answers = Vec::new();
    for query in asked {
        answers.push(get(&app, &format!("/api/v1/hilal/history?{query}")).await);
    }
    let first = &answers[0];
    assert_eq!(first.status, 200);
    // The input echoes the window answered, not the spelling asked.
    assert_eq!(first.json()["input"]["from"], "1444-08");
    assert_eq!(first.json()["input"]["to"], "1445-02");
    for (query, answer) in asked.iter().zip(&answers) {
        assert!(answer.body == first.body, "{query}: other bytes");
        assert_eq!(answer.header("etag"), first.header("etag"), "{query}");
    }
}
