//! Request logs: one `tracing` event per request on [`TARGET`] (request id, peer, client as
//! the rate limiter saw it, method, route template, path, query, status, error code,
//! duration), recorded by the edge middleware ([`super::edge`]), which also gives every
//! answer its `X-Request-Id` ([`request_id`]). The subscriber (`crate::logging`) formats them
//! like every other line and writes them through [`Buffered`]: each worker thread gathers its
//! lines in a buffer that is written out when it holds 32 KiB, every [`FLUSH_PERIOD`] (see
//! [`flush_every`]) and when the thread ends, so a request costs no write system call of its
//! own.

use std::cell::{Cell, RefCell};
use std::hash::{BuildHasher, RandomState};
use std::io::Write;
use std::time::Duration;

use actix_web::dev::ServiceResponse;
use actix_web::http::header::HeaderValue;
use actix_web::{HttpMessage, HttpRequest};

use super::error::{truncated, ErrorCode};
use super::rate_limit::{Client, ClientIp};

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

/// The `tracing` target of request lines (the subscriber sends them to [`Buffered`]).
pub const TARGET: &str = "hijri_server::request";

/// Logs one answered request (a `tracing` event at info level on [`TARGET`]) with its id and
/// the time since it arrived; the client is the one the rate limiter saw (see [`Client`]).
pub fn record<B>(response: &ServiceResponse<B>, id: &HeaderValue, elapsed: Duration) {
    let request = response.request();
    let client = request
        .extensions()
        .get::<Client>()
        .map(|client| client.0)
        .or_else(|| {
            request
                .app_data::<ClientIp>()
                .map(|clients| clients.of(request))
        });
    let code = response
        .response()
        .extensions()
        .get::<ErrorCode>()
        .map(|code| code.as_str());
    tracing::info!(
        target: TARGET,
        id = id.to_str().unwrap_or_default(),
        peer = request.peer_addr().map(|a| display(a.ip())),
        client = client.map(display),
        method = request.method().as_str(),
        route = request.match_name(),
        path = truncated(request.path()),
        query = truncated(request.query_string()),
        status = response.status().as_u16(),
        code,
        ms = (elapsed.as_micros() as f64) / 1000.0,
    );
}

/// The writer of request lines: this worker thread's buffer, written out to stderr when it
/// holds 32 KiB, every [`FLUSH_PERIOD`] and when the thread ends.
pub struct Buffered;

impl Write for Buffered {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        BUFFER.with(|buffer| {
            let mut buffer = buffer.borrow_mut();
            buffer.0.extend_from_slice(bytes);
            if buffer.0.len() >= FLUSH_BYTES {
                buffer.flush();
            }
        });
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
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
