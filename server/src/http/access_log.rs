//! Request logs: one JSON line per request on stderr (time, client, method, path, status,
//! duration), recorded by the edge middleware ([`super::edge`]). Each worker thread gathers
//! its lines in a buffer that is written out when it holds 32 KiB, every
//! [`FLUSH_PERIOD`] (see [`flush_every`]) and when the thread ends, so a request costs no
//! write system call of its own.

use std::cell::RefCell;
use std::io::Write;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use actix_web::dev::ServiceResponse;
use serde::Serialize;

use super::error::truncated;

#[derive(Serialize)]
struct Line<'a> {
    ts: f64,
    peer: Option<std::net::IpAddr>,
    method: &'a str,
    path: &'a str,
    query: &'a str,
    status: u16,
    ms: f64,
}

/// Logs one answered request, `started` being when it arrived.
#[allow(
    clippy::expect_used,
    reason = "a log line is strings and numbers, written into memory: nothing can fail"
)]
pub fn record<B>(response: &ServiceResponse<B>, started: Instant) {
    let request = response.request();
    let line = Line {
        ts: SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0.0, |d| (d.as_millis() as f64) / 1000.0),
        peer: request.peer_addr().map(|a| a.ip()),
        method: request.method().as_str(),
        path: truncated(request.path()),
        query: truncated(request.query_string()),
        status: response.status().as_u16(),
        ms: (started.elapsed().as_micros() as f64) / 1000.0,
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
