//! The one middleware at the edge of the app: CORS (which may answer by itself), then the
//! request id on whatever answered, and its request log line. One `from_fn` layer instead of two: each layer costs a
//! boxed call per request, measurable on the small answers.

use std::time::Instant;

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::HeaderName;
use actix_web::middleware::Next;
use actix_web::Error;

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
    access_log::record(&response, &id, started);
    response.headers_mut().insert(REQUEST_ID, id);
    Ok(response)
}
