//! The one middleware at the edge of the app: CORS (which may answer by itself), then the
//! request id on whatever answered, its request log line and its metrics (when the app holds
//! an `Arc<Metrics>`); a 429 closes its connection when the client holds more than
//! [`KEEP_ALIVE_ON_429`]. One `from_fn` layer instead of several: each layer costs a boxed call
//! per request, measurable on the small answers.

use std::sync::Arc;
use std::time::Instant;

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::HeaderName;
use actix_web::http::{ConnectionType, StatusCode};
use actix_web::middleware::Next;
use actix_web::Error;

use super::connection::ClientLoad;
use super::metrics::Metrics;
use super::{access_log, cors};

/// A 429 keeps its connection open only while its client holds at most this many.
pub const KEEP_ALIVE_ON_429: u32 = 4;

/// The header that carries the request id both ways.
const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// The edge middleware (use with `actix_web::middleware::from_fn`).
pub async fn edge(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, Error> {
    let started = Instant::now();
    let id = access_log::request_id(req.request());
    let mut response = cors::cors(req, next).await?;
    let elapsed = started.elapsed();
    access_log::record(&response, &id, elapsed);
    let request = response.request();
    if let Some(metrics) = request.app_data::<Arc<Metrics>>() {
        metrics.record(request.match_name(), response.status().as_u16(), elapsed);
    }
    if response.status() == StatusCode::TOO_MANY_REQUESTS
        && request
            .conn_data::<ClientLoad>()
            .is_some_and(|load| load.open() > KEEP_ALIVE_ON_429)
    {
        // A client refused while it holds many connections gives one of them back.
        response
            .response_mut()
            .head_mut()
            .set_connection_type(ConnectionType::Close);
    }
    response.headers_mut().insert(REQUEST_ID, id);
    Ok(response)
}
