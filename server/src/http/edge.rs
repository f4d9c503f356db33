//! The one middleware at the edge of the app: CORS (which may answer by itself), then the
//! request id on whatever answered, its request log line and its metrics (when the app holds
//! an `Arc<Metrics>`). One `from_fn` layer instead of several: each layer costs a boxed call
//! per request, measurable on the small answers.

use std::sync::Arc;
use std::time::Instant;

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::HeaderName;
use actix_web::middleware::Next;
use actix_web::Error;

use super::metrics::Metrics;
use super::{access_log, cors};

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
    response.headers_mut().insert(REQUEST_ID, id);
    Ok(response)
}
