//! The one middleware at the edge of the app: CORS (which may answer by itself), then the
//! request log of whatever answered. One `from_fn` layer instead of two: each layer costs a
//! boxed call per request, measurable on the small answers.

use std::time::Instant;

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::Error;

use super::{access_log, cors};

/// The edge middleware (use with `actix_web::middleware::from_fn`).
pub async fn edge(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, Error> {
    let started = Instant::now();
    let response = cors::cors(req, next).await?;
    access_log::record(&response, started);
    Ok(response)
}
