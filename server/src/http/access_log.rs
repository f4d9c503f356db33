//! Request logs: one JSON line per request on stderr (time, client, method, path, status,
//! duration).

use std::time::{Instant, SystemTime, UNIX_EPOCH};

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::Error;
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

/// The logging middleware (use with `actix_web::middleware::from_fn`).
pub async fn access_log(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    let started = Instant::now();
    let response = next.call(req).await?;
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
    let mut text = serde_json::to_string(&line).expect("serialising into memory cannot fail");
    text.push('\n');
    eprint!("{text}");
    Ok(response)
}
