//! Content codings: every big text answer (also the pages and the Redoc bundle, whose gzip
//! and brotli copies are stored in the binary) in gzip and brotli decompresses to the identity
//! bytes, carries `Vary` and its own strong `ETag`, answers 304 to that `ETag`; q-values are
//! honoured; HEAD gives the GET's headers; small answers are never compressed.

use actix_web::http::header;

use crate::common::{decoded, on_the_wire, test_app, Answer};

/// Answers above the compression threshold, one per text family.
const BIG: &[&str] = &[
    "/api/v1/year?year=1446",
    "/api/v1/year?year=2025&calendar=gregorian",
    "/api/v1/month?year=1446&month=9",
    "/api/v1/hilal/history",
    "/api/v1/events?year=1446&include=all",
    "/api/v1/events.ics?year=1446",
    "/api/v1/table.csv",
    "/api/v1/range?start=2025-03-01&end=2025-03-31",
    "/api/v1/meta",
    "/api/v1/openapi.json",
    // The pages for people too; the Redoc bundle from its copies compressed at build time.
    "/",
    "/docs",
    "/docs/redoc.standalone.js",
];

/// A request for `uri` with the given `Accept-Encoding` and `If-None-Match` (none if `None`).
async fn fetch<S, B>(
    app: &S,
    method: actix_web::http::Method,
    uri: &str,
    accept: Option<&str>,
    if_none_match: Option<&str>,
) -> Answer
where
    S: crate::common::TestApp<B>,
    B: actix_web::body::MessageBody,
{
    let accept = accept.map(|value| (header::ACCEPT_ENCODING.as_str(), value));
    let tag = if_none_match.map(|value| (header::IF_NONE_MATCH.as_str(), value));
    let headers: Vec<(&str, &str)> = accept.into_iter().chain(tag).collect();
    crate::common::fetch(app, method, uri, &headers).await
}

/// The identity `ETag` with a representation suffix inside the quotes.
fn suffixed(identity: &str, suffix: &str) -> String {
    format!("{}{suffix}\"", identity.strip_suffix('"').unwrap())
}

#[actix_web::test]
async fn codings_decompress_to_the_identity_bytes() {
    let app = test_app().await;
    for uri in BIG {
        let identity = fetch(&app, actix_web::http::Method::GET, uri, None, None).await;
        assert_eq!(identity.status, 200, "{uri}");
        assert!(identity.body.len() >= 1024, "{uri} is small");
        assert_eq!(identity.header("content-encoding"), None, "{uri}");
        assert_eq!(identity.header("vary"), Some("accept-encoding"), "{uri}");
        let tag = identity.header("etag").unwrap();
        assert_eq!(tag, hijri::fingerprint::etag(&identity.body), "{uri}");
        for (accept, coding, suffix) in [("gzip", "gzip", "-gz"), ("br", "br", "-br")] {
            let coded = fetch(&app, actix_web::http::Method::GET, uri, Some(accept), None).await;
            assert_eq!(coded.status, 200, "{uri} {accept}");
            assert_eq!(coded.header("content-encoding"), Some(coding), "{uri}");
            assert_eq!(coded.header("vary"), Some("accept-encoding"), "{uri}");
            assert_eq!(coded.header("etag"), Some(suffixed(tag, suffix).as_str()));
            for name in ["content-type", "cache-control"] {
                assert_eq!(coded.header(name), identity.header(name), "{uri} {name}");
            }
            assert!(coded.body.len() < identity.body.len(), "{uri} {accept}");
            assert_eq!(decoded(&coded), identity.body, "{uri} {accept}");
        }
    }
}

#[actix_web::test]
async fn each_representation_answers_304_to_its_own_etag() {
    let app = test_app().await;
    let uri = "/api/v1/year?year=1446";
    for accept in [None, Some("gzip"), Some("br")] {
        let first = fetch(&app, actix_web::http::Method::GET, uri, accept, None).await;
        let tag = first.header("etag").unwrap().to_owned();
        for sent in [tag.clone(), format!("W/{tag}"), "*".into()] {
            let again = fetch(&app, actix_web::http::Method::GET, uri, accept, Some(&sent)).await;
            assert_eq!(again.status, 304, "{accept:?} {sent}");
            assert!(again.body.is_empty());
            assert_eq!(again.header("etag"), Some(tag.as_str()));
            assert_eq!(again.header("vary"), Some("accept-encoding"));
            assert_eq!(again.header("cache-control"), first.header("cache-control"));
            assert_eq!(again.header("content-encoding"), None);
        }
    }
    // Another representation's tag does not validate this one: the client gets the body.
    let identity = fetch(&app, actix_web::http::Method::GET, uri, None, None).await;
    let gzip = fetch(&app, actix_web::http::Method::GET, uri, Some("gzip"), None).await;
    let tag = identity.header("etag").unwrap();
    let crossed = fetch(
        &app,
        actix_web::http::Method::GET,
        uri,
        Some("gzip"),
        Some(tag),
    )
    .await;
    assert_eq!(crossed.status, 200);
    assert_eq!(crossed.body, gzip.body);
    let both = format!("{tag}, {}", gzip.header("etag").unwrap());
    let listed = fetch(
        &app,
        actix_web::http::Method::GET,
        uri,
        Some("gzip"),
        Some(&both),
    )
    .await;
    assert_eq!(listed.status, 304);
}

#[actix_web::test]
async fn q_values_choose_the_coding() {
    let app = test_app().await;
    let uri = "/api/v1/month?year=1446&month=9";
    for (accept, coding) in [
        ("gzip, deflate, br", Some("br")),
        ("gzip, br;q=0", Some("gzip")),
        ("br;q=0.5, gzip;q=0.9", Some("gzip")),
        ("identity;q=0", None),
        ("identity;q=0, gzip", Some("gzip")),
        ("*", Some("br")),
        ("*, br;q=0", Some("gzip")),
        ("*;q=0", None),
        ("identity, gzip;q=0.5", None),
        ("deflate", None),
        ("", None),
    ] {
        let answer = fetch(&app, actix_web::http::Method::GET, uri, Some(accept), None).await;
        assert_eq!(answer.status, 200, "{accept}");
        assert_eq!(answer.header("content-encoding"), coding, "{accept}");
        assert_eq!(answer.header("vary"), Some("accept-encoding"), "{accept}");
    }
}

#[actix_web::test]
async fn head_gives_the_headers_of_get_in_every_coding() {
    let app = test_app().await;
    for uri in BIG {
        for accept in [None, Some("gzip"), Some("br")] {
            let get = fetch(&app, actix_web::http::Method::GET, uri, accept, None).await;
            let head = fetch(&app, actix_web::http::Method::HEAD, uri, accept, None).await;
            assert_eq!(head.status, get.status, "{uri} {accept:?}");
            for name in [
                "content-type",
                "cache-control",
                "etag",
                "content-encoding",
                "vary",
            ] {
                assert_eq!(
                    head.header(name),
                    get.header(name),
                    "{uri} {accept:?} {name}"
                );
            }
        }
    }
}

#[actix_web::test]
async fn head_on_the_wire_announces_the_coded_length() {
    let answers = on_the_wire(
        ["GET", "HEAD"]
            .map(|method| {
                format!(
                    "{method} /api/v1/year?year=1446 HTTP/1.1\r\nHost: test\r\n\
                     Accept-Encoding: br\r\nConnection: close\r\n\r\n"
                )
            })
            .to_vec(),
    )
    .await;
    let (get, head) = (&answers[0], &answers[1]);
    let split = |bytes: &[u8]| {
        let end = bytes.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
        let head = String::from_utf8(bytes[..end].to_vec()).unwrap();
        (head.to_ascii_lowercase(), bytes[end + 4..].to_vec())
    };
    let (get_head, get_body) = split(get);
    let (head_head, head_body) = split(head);
    let line = |text: &str, name: &str| {
        text.lines()
            .find(|l| l.starts_with(name))
            .map(str::to_owned)
    };
    assert!(head_body.is_empty());
    assert!(line(&get_head, "content-encoding: br").is_some());
    for name in ["content-length", "content-encoding", "etag", "vary"] {
        assert_eq!(line(&head_head, name), line(&get_head, name), "{name}");
    }
    let length = line(&get_head, "content-length:").unwrap();
    assert_eq!(length, format!("content-length: {}", get_body.len()));
}

#[actix_web::test]
async fn small_answers_are_never_compressed() {
    let app = test_app().await;
    for uri in [
        "/api/v1/convert?date=2025-03-01",
        "/api/v1/months",
        "/healthz",
    ] {
        let plain = fetch(&app, actix_web::http::Method::GET, uri, None, None).await;
        let asked = fetch(
            &app,
            actix_web::http::Method::GET,
            uri,
            Some("br, gzip"),
            None,
        )
        .await;
        assert!(plain.body.len() < 1024, "{uri}");
        assert_eq!(asked.header("content-encoding"), None, "{uri}");
        assert_eq!(asked.header("vary"), None, "{uri}");
        assert_eq!(asked.header("etag"), plain.header("etag"), "{uri}");
        assert_eq!(asked.body, plain.body, "{uri}");
    }
}
