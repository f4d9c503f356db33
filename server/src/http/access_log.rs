//! Request logs: one `tracing` event per request on [`TARGET`] (request id, peer, client as
//! the rate limiter saw it, method, route template, path, query, user agent, status, error
//! code, duration), recorded by the edge middleware ([`super::edge`]), which also gives every
//! answer its `X-Request-Id` ([`request_id`]). The subscriber (`crate::logging`) writes them
//! as JSON through [`JsonLines`] or, on a terminal, as readable lines through [`Buffered`]:
//! each worker thread gathers its lines in a buffer that is written out when it holds 32 KiB, every [`FLUSH_PERIOD`] (see
//! [`flush_every`]) and when the thread ends, so a request costs no write system call of its
//! own.

use std::cell::RefCell;
use std::io::Write;
use std::net::IpAddr;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use actix_web::dev::ServiceResponse;
use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpMessage, HttpRequest};
use hijri::ascii::Ascii;
use hijri::date::Date;
use tracing::field::{Field, Visit};
use tracing::{Event, Subscriber};
use tracing_subscriber::layer::{Context, Layer};

use super::error::{truncated, ErrorCode};
use super::rate_limit::{key, Client, ClientIp};
use super::sampler;

/// The longest request id taken from a client.
pub const MAX_REQUEST_ID: usize = 64;

/// The request's id: the client's `X-Request-Id` reduced to letters, digits, `.`, `_` and
/// `-` and cut to [`MAX_REQUEST_ID`], or when nothing is left a new one ([`new_id`]).
#[allow(
    clippy::expect_used,
    reason = "the id is cut to visible ASCII characters, which a header value always takes"
)]
pub fn request_id(req: &HttpRequest) -> HeaderValue {
    let mut id = Ascii::<MAX_REQUEST_ID>::new();
    let given = req
        .headers()
        .get("x-request-id")
        .map(|v| v.as_bytes())
        .unwrap_or_default();
    for &byte in given
        .iter()
        .filter(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'))
        .take(MAX_REQUEST_ID)
    {
        id.push(byte);
    }
    if id.as_bytes().is_empty() {
        id = new_id();
    }
    HeaderValue::from_bytes(id.as_bytes()).expect("the id holds visible ASCII only")
}

/// A new request id: 128 random bits (the thread's cryptographic generator, seeded by the
/// system) as 32 lower-case hex digits; it tells nothing about the process or its traffic.
pub fn new_id() -> Ascii<MAX_REQUEST_ID> {
    let bits: u128 = rand::random();
    let mut id = Ascii::new();
    id.hex((bits >> 64) as u64, 16).hex(bits as u64, 16);
    id
}

/// The `tracing` target of request lines (the subscriber sends them to [`Buffered`]).
pub const TARGET: &str = "hijri_server::request";

/// Logs one answered request (a `tracing` event at info level on [`TARGET`]) with its id and
/// the time since it arrived; the client is the one the rate limiter saw (see [`Client`]).
///
/// Lines a client could multiply without limit are sampled ([`sampler`]): 429 answers and
/// answers no route gave (404, preflights, forbidden origins), one line per client and
/// status per period with the count left out (`repeated`). Every other line is bounded by
/// the client's rate limit.
pub fn record<B>(response: &ServiceResponse<B>, id: &HeaderValue, elapsed: Duration) {
    let request = response.request();
    let status = response.status().as_u16();
    let client = request
        .extensions()
        .get::<Client>()
        .map(|client| client.0)
        .or_else(|| {
            request
                .app_data::<ClientIp>()
                .map(|clients| clients.of(request))
        });
    let route = request.match_name();
    let repeated = if status == 429 || route.is_none() {
        let key = client.map_or(IpAddr::V4(std::net::Ipv4Addr::UNSPECIFIED), key);
        match sampler::admit(key, status) {
            Some(repeated) => Some(repeated),
            None => return,
        }
    } else {
        None
    };
    let peer = request.peer_addr().map(|a| address(a.ip()));
    let client = client.map(address);
    let code = response
        .response()
        .extensions()
        .get::<ErrorCode>()
        .map(|code| code.as_str());
    tracing::info!(
        target: TARGET,
        id = id.to_str().unwrap_or_default(),
        peer = peer.as_ref().map(Ascii::as_str),
        client = client.as_ref().map(Ascii::as_str),
        method = request.method().as_str(),
        route,
        path = truncated(request.path()),
        query = truncated(request.query_string()),
        user_agent = request
            .headers()
            .get(header::USER_AGENT)
            .and_then(|agent| agent.to_str().ok())
            .map(truncated),
        status,
        code,
        ms = (elapsed.as_micros() as f64) / 1000.0,
        repeated,
    );
}

/// Logs one answer the HTTP layer gave before any handler ran (a request it could not read:
/// 400, 408, 431; see [`super::protocol`]), sampled per peer like a 429.
pub fn record_protocol_error(peer: Option<IpAddr>, id: &str, status: u16, code: &str) {
    let client = peer.map_or(IpAddr::V4(std::net::Ipv4Addr::UNSPECIFIED), |ip| {
        ip.to_canonical()
    });
    let Some(repeated) = sampler::admit(key(client), status) else {
        return;
    };
    let peer = address(client);
    tracing::info!(
        target: TARGET,
        id,
        peer = peer.as_str(),
        client = peer.as_str(),
        status,
        code,
        repeated,
    );
}

/// The writer of request lines on a terminal (readable lines from `tracing`'s formatter):
/// this worker thread's buffer, written out to stderr when it holds 32 KiB, every
/// [`FLUSH_PERIOD`] and when the thread ends.
pub struct Buffered;

impl Write for Buffered {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        with_buffer(|out| out.extend_from_slice(bytes));
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The layer that writes request events as JSON lines (when stderr is not a terminal) into
/// the worker's buffer: the same members as `tracing`'s JSON formatter (`timestamp`, `level`,
/// the fields, `target`), written straight from the event. The general formatter costs about
/// 20,000 instructions per line (callgrind, BENCHMARKS.md); this one about a fifth of that.
pub struct JsonLines;

impl<S: Subscriber> Layer<S> for JsonLines {
    fn on_event(&self, event: &Event<'_>, _: Context<'_, S>) {
        let metadata = event.metadata();
        if metadata.target() != TARGET {
            return;
        }
        with_buffer(|out| {
            out.extend_from_slice(br#"{"timestamp":""#);
            let now = SystemTime::now().duration_since(UNIX_EPOCH);
            timestamp(out, now.unwrap_or_default());
            out.extend_from_slice(br#"","level":""#);
            out.extend_from_slice(metadata.level().as_str().as_bytes());
            out.push(b'"');
            event.record(&mut JsonFields(out));
            out.extend_from_slice(br#","target":""#);
            out.extend_from_slice(TARGET.as_bytes());
            out.extend_from_slice(b"\"}\n");
        });
    }
}

/// Writes the instant `since_epoch` in RFC 3339 (UTC, microseconds), as `tracing`'s
/// formatter does: `2026-11-25T00:24:17.178636Z`. Digit by digit: the general formatting
/// machinery costs more than the rest of the line.
fn timestamp(out: &mut Vec<u8>, since_epoch: Duration) {
    let seconds = since_epoch.as_secs();
    let day = i32::try_from(seconds / 86_400).unwrap_or(i32::MAX);
    let time = seconds % 86_400;
    let mut text = Ascii::<40>::new();
    text.push_str(Date(day).iso().as_str())
        .push(b'T')
        .decimal(time / 3600, 2)
        .push(b':')
        .decimal(time / 60 % 60, 2)
        .push(b':')
        .decimal(time % 60, 2)
        .push(b'.')
        .decimal(u64::from(since_epoch.subsec_micros()), 6)
        .push(b'Z');
    out.extend_from_slice(text.as_bytes());
}

/// An IP address as text, written on the stack (digit by digit for IPv4).
fn address(ip: IpAddr) -> Ascii<48> {
    let mut text = Ascii::new();
    match ip {
        IpAddr::V4(v4) => {
            for (i, octet) in v4.octets().into_iter().enumerate() {
                if i > 0 {
                    text.push(b'.');
                }
                text.decimal(u64::from(octet), 0);
            }
        }
        // At most 45 characters: the text always fits.
        IpAddr::V6(v6) => {
            let _ = std::fmt::Write::write_fmt(&mut text, format_args!("{v6}"));
        }
    }
    text
}

/// Writes each field of an event as `,"name":value`.
struct JsonFields<'a>(&'a mut Vec<u8>);

impl JsonFields<'_> {
    fn member(&mut self, field: &Field, value: &impl serde::Serialize) {
        // Field names are Rust identifiers: nothing to escape.
        self.0.extend_from_slice(b",\"");
        self.0.extend_from_slice(field.name().as_bytes());
        self.0.extend_from_slice(b"\":");
        let _ = serde_json::to_writer(&mut *self.0, value);
    }
}

impl Visit for JsonFields<'_> {
    fn record_str(&mut self, field: &Field, value: &str) {
        self.member(field, &value);
    }

    fn record_u64(&mut self, field: &Field, value: u64) {
        self.member(field, &value);
    }

    fn record_i64(&mut self, field: &Field, value: i64) {
        self.member(field, &value);
    }

    fn record_f64(&mut self, field: &Field, value: f64) {
        self.member(field, &value);
    }

    fn record_bool(&mut self, field: &Field, value: bool) {
        self.member(field, &value);
    }

    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        self.member(field, &format_args!("{value:?}"));
    }
}

/// Runs `write` on this worker's buffer, then writes the buffer out if it is full.
fn with_buffer(write: impl FnOnce(&mut Vec<u8>)) {
    BUFFER.with(|buffer| {
        let mut buffer = buffer.borrow_mut();
        write(&mut buffer.0);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamps_are_rfc3339_utc_with_microseconds() {
        for (seconds, micros) in [
            (0, 0),
            (951_782_400, 5),           // 2000-02-29
            (1_795_567_457, 178_636),   // 2026-11-25T00:24:17
            (4_102_444_799, 999_999),   // 2099-12-31T23:59:59
            (253_402_300_799, 123_456), // 9999-12-31T23:59:59
        ] {
            let instant = Duration::new(seconds, micros * 1000);
            let mut ours = Vec::new();
            timestamp(&mut ours, instant);
            let chrono = chrono::DateTime::from_timestamp(seconds as i64, micros * 1000)
                .unwrap()
                .to_rfc3339_opts(chrono::SecondsFormat::Micros, true);
            assert_eq!(String::from_utf8(ours).unwrap(), chrono);
        }
    }
}
