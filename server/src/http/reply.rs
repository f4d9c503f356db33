//! Successful answers: JSON bodies written into one buffer, `Cache-Control`, the strong
//! `ETag` (quoted hex of a 64-bit hash of the body) and 304 Not Modified on a matching
//! `If-None-Match` (weak comparison, `*` matches), with the same `Cache-Control` and `ETag`.
//! Text answers of at least [`MIN_COMPRESSED`] bytes are negotiated (see [`encoding`]): each
//! coding is its own representation with its own strong `ETag` (suffix `-gz` or `-br` inside
//! the quotes), `If-None-Match` is compared with the `ETag` of the representation this request
//! gets, and both the 200 and the 304 carry `Vary: accept-encoding`. Bodies go out through
//! [`body::send`] (in slices sharing their memory, or from the archive's file).

use actix_web::http::header::{self, HeaderValue};
use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};
use hijri::zone::Zone;
use serde::Serialize;

use super::body::{self, Part};
use super::encoding::{self, Coding, MIN_COMPRESSED};

/// `Content-Type` of JSON answers.
pub const JSON: HeaderValue = HeaderValue::from_static("application/json");

/// `Content-Type` of CSV answers (RFC 4180, UTF-8).
pub const CSV: HeaderValue = HeaderValue::from_static("text/csv; charset=utf-8");

/// `Cache-Control` for answers that never change for the same input (conversions, months,
/// years, events from the official table, hilal answers and cards): shared caches too.
pub const IMMUTABLE: HeaderValue =
    HeaderValue::from_static("public, max-age=86400, s-maxage=86400");
/// `Cache-Control` for the hilal history.
pub const HISTORY: HeaderValue = HeaderValue::from_static("public, max-age=86400");
/// `Cache-Control` for events that involve computed data (they may be corrected).
pub const COMPUTED_EVENTS: HeaderValue = HeaderValue::from_static("public, max-age=3600");

/// The `Cache-Control` of an observance answer: [`IMMUTABLE`] when every event in it is from
/// the official table, else [`COMPUTED_EVENTS`] (computed events may be corrected).
pub fn events_cache(immutable: bool) -> HeaderValue {
    if immutable {
        IMMUTABLE
    } else {
        COMPUTED_EVENTS
    }
}
/// `Cache-Control` for `/meta` (five minutes).
pub const META: HeaderValue = HeaderValue::from_static("public, max-age=300");
/// `Cache-Control` for `/healthz`.
pub const HEALTH: HeaderValue = HeaderValue::from_static("public, max-age=10");
/// `Cache-Control` for the OpenAPI document.
pub const DOCUMENT: HeaderValue = HeaderValue::from_static("public, max-age=3600");

/// A 200 JSON answer (or 304) for `value`; `capacity` is a guess of the body size.
#[allow(
    clippy::expect_used,
    reason = "the views are plain data with string keys, written into memory: serde_json \
              refuses nothing there"
)]
pub fn json(
    req: &HttpRequest,
    cache: HeaderValue,
    capacity: usize,
    value: &impl Serialize,
) -> HttpResponse {
    let mut body = Vec::with_capacity(capacity);
    serde_json::to_writer(&mut body, value).expect("serialising into memory cannot fail");
    negotiated(req, cache, JSON, body.into())
}

/// A 200 answer (or 304) with a text body in the coding the client prefers: bodies of at
/// least [`MIN_COMPRESSED`] bytes are compressed unless the client refuses it, smaller ones
/// are sent as they are (and do not vary).
pub fn negotiated(
    req: &HttpRequest,
    cache: HeaderValue,
    content_type: HeaderValue,
    body: web::Bytes,
) -> HttpResponse {
    if body.len() < MIN_COMPRESSED {
        return respond(req, cache, etag(&body), content_type, body);
    }
    let coding = encoding::negotiate(req.headers());
    let tag = representation_etag(&body, coding);
    varied(req, cache, tag, content_type, coding, || match coding {
        Coding::Identity => body,
        _ => coding.encode(&body).into(),
    })
}

/// A 200 answer (or 304) of a negotiated representation: the body in `coding` (made only
/// for a 200) under its `ETag`, with `Vary: accept-encoding` on both.
pub fn varied<B: Into<Part>>(
    req: &HttpRequest,
    cache: HeaderValue,
    tag: HeaderValue,
    content_type: HeaderValue,
    coding: Coding,
    body: impl FnOnce() -> B,
) -> HttpResponse {
    let mut response = if not_modified(req, &tag) {
        head(StatusCode::NOT_MODIFIED, cache, tag).finish()
    } else {
        let mut response = head(StatusCode::OK, cache, tag);
        response.insert_header((header::CONTENT_TYPE, content_type));
        if let Some(name) = coding.content_encoding() {
            response.insert_header((header::CONTENT_ENCODING, name));
        }
        body::send(req, response, body().into())
    };
    response.headers_mut().insert(header::VARY, encoding::VARY);
    response
}

/// A 200 answer (or 304) with a ready body of one representation and its `ETag`.
pub fn respond(
    req: &HttpRequest,
    cache: HeaderValue,
    etag: HeaderValue,
    content_type: HeaderValue,
    body: impl Into<Part>,
) -> HttpResponse {
    if not_modified(req, &etag) {
        return head(StatusCode::NOT_MODIFIED, cache, etag).finish();
    }
    let mut response = head(StatusCode::OK, cache, etag);
    response.insert_header((header::CONTENT_TYPE, content_type));
    body::send(req, response, body.into())
}

/// The coding a body of `length` bytes kept in several codings goes out in: `None` when it
/// is under [`MIN_COMPRESSED`] (sent as it is, not varied), else the coding the request
/// negotiates if `kept` says it is kept, identity otherwise.
pub fn kept_coding(
    req: &HttpRequest,
    length: usize,
    kept: impl FnOnce(Coding) -> bool,
) -> Option<Coding> {
    if length < MIN_COMPRESSED {
        return None;
    }
    let coding = encoding::negotiate(req.headers());
    Some(if kept(coding) {
        coding
    } else {
        Coding::Identity
    })
}

/// The headers every 200 and 304 carry.
fn head(
    status: StatusCode,
    cache: HeaderValue,
    etag: HeaderValue,
) -> actix_web::HttpResponseBuilder {
    let mut response = HttpResponse::build(status);
    response
        .insert_header((header::CACHE_CONTROL, cache))
        .insert_header((header::ETAG, etag));
    response
}

/// The strong `ETag` of a body (the project's one fingerprint rule).
pub fn etag(body: &[u8]) -> HeaderValue {
    representation_etag(body, Coding::Identity)
}

/// The strong `ETag` of a body sent in `coding`.
#[allow(
    clippy::expect_used,
    reason = "the tag is hex digits and a suffix in quotes, always a valid header value"
)]
pub fn representation_etag(body: &[u8], coding: Coding) -> HeaderValue {
    HeaderValue::from_bytes(
        hijri::fingerprint::representation_etag(body, coding.etag_suffix()).as_bytes(),
    )
    .expect("hex and a suffix in quotes is a valid header value")
}

/// True if an `If-None-Match` header of the request matches `etag` (weak comparison).
fn not_modified(req: &HttpRequest, etag: &HeaderValue) -> bool {
    let ours = opaque(etag.as_bytes());
    req.headers()
        .get_all(header::IF_NONE_MATCH)
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .map(str::trim)
        .any(|tag| tag == "*" || opaque(tag.as_bytes()) == ours)
}

/// The opaque part of an entity tag, without a weak prefix.
fn opaque(tag: &[u8]) -> &[u8] {
    tag.strip_prefix(b"W/").unwrap_or(tag)
}

/// `Cache-Control: public, max-age=` `seconds` (at least 1).
pub fn max_age(seconds: i64) -> HeaderValue {
    let cache = format!("public, max-age={}", seconds.max(1));
    #[allow(
        clippy::expect_used,
        reason = "the value is ASCII letters, digits and punctuation by construction"
    )]
    HeaderValue::from_str(&cache).expect("digits and ASCII make a header value")
}

/// `Cache-Control` of an answer about the current day in `zone`: a minute in the browser,
/// in shared caches until the next local midnight.
pub fn until_midnight(zone: Zone, now: chrono::DateTime<chrono::Utc>) -> HeaderValue {
    until(zone.seconds_to_midnight(now))
}

/// `Cache-Control` of an answer that changes in `seconds` (at least 1): at most a minute in
/// the browser, in shared caches until then.
pub fn until(seconds: i64) -> HeaderValue {
    let seconds = seconds.max(1);
    let cache = format!("public, max-age={}, s-maxage={seconds}", seconds.min(60));
    #[allow(
        clippy::expect_used,
        reason = "the value is ASCII letters, digits and punctuation by construction"
    )]
    HeaderValue::from_str(&cache).expect("digits and ASCII make a header value")
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::test::TestRequest;

    #[test]
    fn etags_are_stable_quoted_hex() {
        let tag = etag(b"{}");
        assert_eq!(tag, etag(b"{}"));
        assert_ne!(tag, etag(b"[]"));
        let text = tag.to_str().unwrap();
        assert_eq!(text.len(), 18);
        assert!(text.starts_with('"') && text.ends_with('"'));
    }

    #[test]
    fn weak_comparison_and_star() {
        let tag = HeaderValue::from_static("\"abc\"");
        let matches = |value: &str| {
            let req = TestRequest::default()
                .insert_header((header::IF_NONE_MATCH, value))
                .to_http_request();
            not_modified(&req, &tag)
        };
        assert!(matches("\"abc\""));
        assert!(matches("W/\"abc\""));
        assert!(matches("\"x\", W/\"abc\""));
        assert!(matches("*"));
        assert!(!matches("\"abcd\""));
        assert!(!matches("abc"));
        assert!(!not_modified(
            &TestRequest::default().to_http_request(),
            &tag
        ));
    }
}
