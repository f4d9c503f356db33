//! Request logs: one JSON line per request on stderr (time, request id, peer, client as the
//! rate limiter sees it, method, route template, path, query, status, error code, duration),
//! recorded by the edge middleware ([`super::edge`]), which also gives every answer its
//! `X-Request-Id` ([`request_id`]). Each worker thread gathers
//! its lines in a buffer that is written out when it holds 32 KiB, every
//! [`FLUSH_PERIOD`] (see [`flush_every`]) and when the thread ends, so a request costs no
//! write system call of its own.

use std::cell::{Cell, RefCell};
use std::hash::{BuildHasher, RandomState};
use std::io::Write;
use std::net::IpAddr;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use actix_web::dev::ServiceResponse;
use actix_web::http::header::HeaderValue;
use actix_web::HttpRequest;
use serde::Serialize;

use super::error::{truncated, ErrorCode};
use super::rate_limit::ClientIp;

/// The longest request id taken from a client.
pub const MAX_REQUEST_ID: usize = 64;

/// The request's id: the client's `X-Request-Id` reduced to letters, digits, `.`, `_` and
/// `-` and cut to [`MAX_REQUEST_ID`], or when nothing is left a new one: a random prefix per
/// worker thread and the thread's request count.
#[allow(
    clippy::expect_used,
    reason = "the id is cut to visible ASCII characters, which a header value always takes"
)]
pub fn request_id(req: &HttpRequest) -> HeaderValue {
    let given: String = req
        .headers()
        .get("x-request-id")
        .map(|v| v.as_bytes())
        .unwrap_or_default()
        .iter()
        .filter(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'))
        .take(MAX_REQUEST_ID)
        .map(|&b| char::from(b))
        .collect();
    let id = if given.is_empty() {
        NEXT_ID.with(|(prefix, count)| {
            count.set(count.get() + 1);
            format!("{prefix:016x}-{:x}", count.get())
        })
    } else {
        given
    };
    HeaderValue::try_from(id).expect("the id holds visible ASCII only")
}

thread_local! {
    /// A worker's random id prefix and its request count.
    static NEXT_ID: (u64, Cell<u64>) = (RandomState::new().hash_one(std::thread::current().id()), Cell::new(0));
}

#[derive(Serialize)]
struct Line<'a> {
    ts: f64,
    id: &'a str,
    peer: Option<IpAddr>,
    client: Option<IpAddr>,
    method: &'a str,
    route: Option<&'a str>,
    path: &'a str,
    query: &'a str,
    status: u16,
    code: Option<&'static str>,
    ms: f64,
}

/// Logs one answered request with its id and the time since it arrived.
#[allow(
    clippy::expect_used,
    reason = "a log line is strings and numbers, written into memory: nothing can fail"
)]
pub fn record<B>(response: &ServiceResponse<B>, id: &HeaderValue, elapsed: Duration) {
    let request = response.request();
    let line = Line {
        ts: SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0.0, |d| (d.as_millis() as f64) / 1000.0),
        id: id.to_str().unwrap_or_default(),
        peer: request.peer_addr().map(|a| a.ip()),
        client: request
            .app_data::<ClientIp>()
            .map(|clients| clients.of(request)),
        method: request.method().as_str(),
        route: request.match_name(),
        path: truncated(request.path()),
        query: truncated(request.query_string()),
        status: response.status().as_u16(),
        code: response
            .response()
            .extensions()
            .get::<ErrorCode>()
            .map(|code| code.as_str()),
        ms: (elapsed.as_micros() as f64) / 1000.0,
    };
    BUFFER.with(|buffer| {
        let mut buffer = buffer.borrow_mut();
        serde_json::to_writer(&mut buffer.0, &line).expect("serialising into memory cannot fail");
        buffer.0.push(b'\n');
        if buffer.0.len() >= FLUSH_BYTES {
            buffer.flush();
        }
    });
}

/// How often a worker writes out its waiting lines.
pub const FLUSH_PERIOD: Duration = Duration::from_millis(200);
/// A worker writes out its lines as soon as they fill this many bytes.
const FLUSH_BYTES: usize = 32 * 1024;

/// A worker thread's waiting lines; written out when dropped (the thread ends).
struct Lines(Vec<u8>);

impl Lines {
    fn flush(&mut self) {
        if !self.0.is_empty() {
            let _ = std::io::stderr().write_all(&self.0);
            self.0.clear();
        }
    }
}

impl Drop for Lines {
    fn drop(&mut self) {
        self.flush();
    }
}

thread_local! {
    static BUFFER: RefCell<Lines> = RefCell::new(Lines(Vec::with_capacity(FLUSH_BYTES + 1024)));
}

/// Writes out this worker's waiting lines every `period`, forever (spawn it once per worker).
pub async fn flush_every(period: Duration) {
    let mut ticks = actix_web::rt::time::interval(period);
    loop {
        ticks.tick().await;
        BUFFER.with(|buffer| buffer.borrow_mut().flush());
    }
}
