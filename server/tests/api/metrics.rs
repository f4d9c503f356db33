//! The metrics: exact counters in the exposition after a few requests through the app
//! factory (200, 404, 429, answers by tier, a refused archive swap, the answer cache's hits,
//! misses, evictions and bytes across a swap), nothing counted without a metrics address, the
//! probes' `/healthz` on the metrics listener (never rate-limited), and the built binary
//! serving `/metrics` and that `/healthz` on its metrics address only (404 for `/metrics` on
//! the public one).

use std::io::{Read, Write};
use std::net::TcpStream;

use actix_web::test::init_service;
use actix_web::App;
use hijri_server::{app, metrics, swap};

use crate::common::{archive_path, get, real, state_with, Logging};

#[actix_web::test]
async fn counters_follow_the_requests() {
    let state = state_with(
        real(),
        &[
            ("HIJRI_LIMIT_DEFAULT", "2/3600"),
            ("HIJRI_METRICS_BIND", "127.0.0.1:0"),
        ],
    );
    let service = init_service(app(state.clone())).await;
    assert_eq!(get(&service, "/api/v1/months").await.status, 200);
    assert_eq!(
        get(&service, "/api/v1/convert?date=2025-03-01")
            .await
            .status,
        200
    );
    assert_eq!(
        get(&service, "/api/v1/convert?date=2025-03-01")
            .await
            .status,
        429
    );
    assert_eq!(get(&service, "/no/such/path").await.status, 404);
    swap::reload(&state, std::path::Path::new("/nonexistent/hijri.archive"));

    let scraper = init_service(App::new().configure(metrics::routes(state.clone()))).await;
    let scraped = get(&scraper, metrics::PATH).await;
    assert_eq!(scraped.status, 200);
    assert_eq!(
        scraped.header("content-type"),
        Some("text/plain; version=0.0.4; charset=utf-8")
    );
    let text = std::str::from_utf8(&scraped.body).unwrap();
    let archive = real();
    let header = archive.default_chain().table.as_ref().unwrap();
    let info = format!(
        r#"hijri_archive_info{{data_version="{}",table_version="{}",format="{}"}} 1"#,
        header.data_version.as_str(),
        header.table_version.as_str(),
        hijri::archive::FORMAT_VERSION
    );
    let build = build_info();
    for line in [
        r#"hijri_http_requests_total{route="/api/v1/months",status="200"} 1"#,
        r#"hijri_http_requests_total{route="/api/v1/convert",status="200"} 1"#,
        r#"hijri_http_requests_total{route="/api/v1/convert",status="429"} 1"#,
        r#"hijri_http_requests_total{route="unmatched",status="404"} 1"#,
        // /months serves no days; /convert served one regional day (the 429 is no answer).
        r#"hijri_responses_by_tier_total{tier="published"} 1"#,
        r#"hijri_responses_by_tier_total{tier="computed"} 0"#,
        r#"hijri_http_request_duration_seconds_count{route="/api/v1/convert"} 2"#,
        r#"hijri_http_request_duration_seconds_bucket{route="/api/v1/convert",le="+Inf"} 2"#,
        r#"hijri_rate_limited_total{policy="default"} 1"#,
        r#"hijri_rate_limited_total{policy="hilal-info"} 0"#,
        r#"hijri_archive_swaps_total{result="ok"} 0"#,
        r#"hijri_archive_swaps_total{result="refused"} 1"#,
        &info,
        &build,
    ] {
        assert!(text.lines().any(|l| l == line), "{line} missing:\n{text}");
    }
    // The process's own series, as Prometheus's client libraries name them.
    for series in [
        "process_cpu_seconds_total",
        "process_resident_memory_bytes",
        "process_virtual_memory_bytes",
        "process_open_fds",
        "process_max_fds",
        "process_start_time_seconds",
        "process_threads",
    ] {
        let value = text
            .lines()
            .find_map(|l| l.strip_prefix(series)?.strip_prefix(' '))
            .unwrap_or_else(|| panic!("{series} missing:\n{text}"));
        assert!(value.parse::<f64>().unwrap() > 0.0, "{series} {value}");
        assert!(text.contains(&format!("# TYPE {series} ")), "{series}");
    }
    // Only series that happened are shown.
    for absent in [
        r#"status="500""#,
        "/api/v1/today/",
        r#"route="/api/v1/meta""#,
    ] {
        assert!(!text.contains(absent), "{absent} shown:\n{text}");
    }
    // Scraping is not a request of the public app: nothing above changed (the exporter
    // writes the series in no fixed order; the process's own series move by themselves).
    let sorted = |body: &[u8]| {
        let mut lines: Vec<String> = std::str::from_utf8(body)
            .unwrap()
            .lines()
            .filter(|line| !line.starts_with("process_"))
            .map(str::to_owned)
            .collect();
        lines.sort();
        lines
    };
    let again = get(&scraper, metrics::PATH).await;
    assert_eq!(sorted(&again.body), sorted(&scraped.body));
    assert_eq!(get(&scraper, "/api/v1/months").await.status, 404);
}

/// The probes' `/healthz` on the metrics listener: 200 with the live archive's versions, not
/// cached, however often it is asked while the public `/healthz` is rate-limited; also when
/// nothing is counted.
#[actix_web::test]
async fn the_metrics_listener_answers_probes_without_a_rate_limit() {
    let archive = real();
    let header = archive.default_chain().table.as_ref().unwrap();
    let expected = serde_json::json!({
        "status": "ok",
        "data_version": header.data_version.as_str(),
        "table_version": header.table_version.as_str(),
    });
    let limited = [
        ("HIJRI_LIMIT_DEFAULT", "1/3600"),
        ("HIJRI_METRICS_BIND", "127.0.0.1:0"),
    ];
    for vars in [&limited[..], &[("HIJRI_LIMIT_DEFAULT", "1/3600")]] {
        let state = state_with(real(), vars);
        let service = init_service(app(state.clone())).await;
        assert_eq!(get(&service, "/healthz").await.status, 200);
        assert_eq!(get(&service, "/healthz").await.status, 429);
        let probes = init_service(App::new().configure(metrics::routes(state))).await;
        for _ in 0..20 {
            let health = get(&probes, metrics::HEALTH_PATH).await;
            assert_eq!(health.status, 200);
            assert_eq!(health.header("content-type"), Some("application/json"));
            assert_eq!(health.header("cache-control"), Some("no-store"));
            assert_eq!(health.json(), expected);
        }
    }
}

#[actix_web::test]
async fn without_a_metrics_address_nothing_is_counted() {
    let state = state_with(real(), &[]);
    assert!(state.metrics.is_none());
    let service = init_service(app(state.clone())).await;
    assert_eq!(get(&service, "/api/v1/months").await.status, 200);
    let scraper = init_service(App::new().configure(metrics::routes(state))).await;
    assert_eq!(get(&scraper, metrics::PATH).await.status, 404);
}

/// The value of an unlabelled series in the exposition text.
fn value(text: &str, series: &str) -> u64 {
    text.lines()
        .find_map(|line| line.strip_prefix(series)?.strip_prefix(' '))
        .unwrap_or_else(|| panic!("{series} missing:\n{text}"))
        .parse()
        .unwrap()
}

#[actix_web::test]
async fn the_answer_cache_is_counted_across_a_swap() {
    let state = state_with(real(), &[("HIJRI_METRICS_BIND", "127.0.0.1:0")]);
    let service = init_service(app(state.clone())).await;
    let scraper = init_service(App::new().configure(metrics::routes(state.clone()))).await;
    let scrape = || async {
        let scraped = get(&scraper, metrics::PATH).await;
        let text = String::from_utf8(scraped.body.to_vec()).unwrap();
        let [hits, misses, evictions, bytes] = [
            "hijri_cache_hits_total",
            "hijri_cache_misses_total",
            "hijri_cache_evictions_total",
            "hijri_cache_bytes",
        ]
        .map(|series| value(&text, series));
        assert!(text.contains("# TYPE hijri_cache_bytes gauge\n"), "{text}");
        assert!(
            text.contains("# TYPE hijri_cache_misses_total counter\n"),
            "{text}"
        );
        (hits, misses, evictions, bytes)
    };
    assert_eq!(scrape().await, (0, 0, 0, 0));
    // Another calendar's year is kept (built on the first ask, brotli made then); the
    // default calendar's is stored in the archive and does not reach the cache.
    let kept = "/api/v1/year?year=1447&authority=muhammadiyah";
    let mut size = 0;
    for accept in ["br", "br", "gzip", "identity"] {
        let answer = crate::common::fetch(
            &service,
            actix_web::http::Method::GET,
            kept,
            &[("accept-encoding", accept)],
        )
        .await;
        assert_eq!(answer.status, 200, "{accept}");
        size = answer.body.len() as u64;
    }
    assert_eq!(get(&service, "/api/v1/year?year=1447").await.status, 200);
    let (hits, misses, evictions, bytes) = scrape().await;
    assert_eq!((hits, misses, evictions), (3, 1, 0));
    assert_eq!(bytes, state.live.load().answers.bytes_held());
    // The body and its brotli and gzip forms (a tenth of it or less each).
    assert!(
        (size..size + size / 4).contains(&bytes),
        "{bytes} for {size}"
    );
    let all_codings = bytes;

    // A new archive gets an empty cache; the counts go on.
    swap::reload(&state, &archive_path());
    assert_eq!(scrape().await, (3, 1, 0, 0));
    assert_eq!(get(&service, kept).await.status, 200);
    let (hits, misses, _, bytes) = scrape().await;
    assert_eq!((hits, misses), (3, 2));
    // Asked as it is: only the body is kept.
    assert!((size..all_codings).contains(&bytes), "{bytes} for {size}");

    // A cache too small for the answer does not keep it: each ask builds it and drops it.
    let small = state_with(
        real(),
        &[
            ("HIJRI_METRICS_BIND", "127.0.0.1:0"),
            ("HIJRI_CACHE_BYTES", "1K"),
        ],
    );
    let service = init_service(app(small.clone())).await;
    for _ in 0..2 {
        assert_eq!(get(&service, kept).await.status, 200);
    }
    let scraper = init_service(App::new().configure(metrics::routes(small))).await;
    let text = String::from_utf8(get(&scraper, metrics::PATH).await.body.to_vec()).unwrap();
    for (series, expected) in [
        ("hijri_cache_hits_total", 0),
        ("hijri_cache_misses_total", 2),
        ("hijri_cache_evictions_total", 2),
        ("hijri_cache_bytes", 0),
    ] {
        assert_eq!(value(&text, series), expected, "{series}");
    }
}

/// The raw answer to `GET path` on a loopback port.
fn fetch(port: u16, path: &str) -> String {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    answer
}

#[test]
fn the_binary_serves_metrics_on_their_own_address_only() {
    let server = Logging::start(&archive_path(), &[("HIJRI_METRICS_BIND", "127.0.0.1:0")]);
    let start = server.next("hijri_server::start");
    let port = |field: &str| -> u16 {
        let address = start[field].as_str().unwrap();
        address.rsplit(':').next().unwrap().parse().unwrap()
    };
    let (public, metrics) = (port("bind"), port("metrics_bind"));
    assert_ne!(public, metrics);

    assert!(fetch(public, "/api/v1/months").starts_with("HTTP/1.1 200"));
    assert!(fetch(public, "/metrics").starts_with("HTTP/1.1 404"));
    let health = fetch(metrics, "/healthz");
    assert!(health.starts_with("HTTP/1.1 200"), "{health}");
    assert!(
        health.contains(r#""status":"ok","data_version":""#),
        "{health}"
    );
    let scraped = fetch(metrics, "/metrics");
    assert!(scraped.starts_with("HTTP/1.1 200"), "{scraped}");
    assert!(scraped
        .to_ascii_lowercase()
        .contains("content-type: text/plain; version=0.0.4"));
    let build = build_info();
    // The running binary's own build.
    for line in [
        r#"hijri_http_requests_total{route="/api/v1/months",status="200"} 1"#,
        r#"hijri_http_requests_total{route="unmatched",status="404"} 1"#,
        build.as_str(),
    ] {
        assert!(
            scraped.lines().any(|l| l == line),
            "{line} missing:\n{scraped}"
        );
    }
}

#[actix_web::test]
async fn answers_are_counted_by_the_tiers_of_the_days_they_serve() {
    let state = state_with(real(), &[("HIJRI_METRICS_BIND", "127.0.0.1:0")]);
    let service = init_service(app(state.clone())).await;
    for (path, status) in [
        ("/api/v1/convert?date=2025-03-01", 200), // regional
        ("/api/v1/convert?date=2030-03-01", 200), // computed
        ("/api/v1/convert?date=1950-03-01&retro=true", 200), // retro
        ("/api/v1/convert?date=1950-03-01", 400), // refused: no answer, no tier
        ("/api/v1/year?year=1448", 200),          // regional and computed months
    ] {
        assert_eq!(get(&service, path).await.status, status, "{path}");
    }
    let scraper = init_service(App::new().configure(metrics::routes(state))).await;
    let scraped = get(&scraper, metrics::PATH).await;
    let text = std::str::from_utf8(&scraped.body).unwrap();
    for line in [
        r#"hijri_responses_by_tier_total{tier="published"} 2"#,
        r#"hijri_responses_by_tier_total{tier="computed"} 2"#,
        r#"hijri_responses_by_tier_total{tier="retro"} 1"#,
        r#"hijri_http_requests_total{route="/api/v1/convert",status="400"} 1"#,
    ] {
        assert!(text.lines().any(|l| l == line), "{line} missing:\n{text}");
    }
}

/// The build-info line this build writes, from the core's constants.
fn build_info() -> String {
    format!(
        r#"hijri_build_info{{version="{}",build="{}",archive_format="{}",schema="{:08x}"}} 1"#,
        hijri::VERSION,
        hijri::BUILD_HASH,
        hijri::archive::FORMAT_VERSION,
        hijri::archive::SCHEMA_HASH
    )
}
