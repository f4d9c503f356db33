//! The metrics listener (`HIJRI_METRICS_BIND`, never the public port): one endpoint,
//! `/metrics`, writing [`crate::http::metrics`]'s counters with the rate-limit refusals and
//! the live archive's versions in the Prometheus text format.

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceFactory, ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderValue, CONTENT_TYPE};
use actix_web::{web, App, Error, HttpResponse};

use crate::http::metrics::{self, Extra};
use crate::state::SharedState;

/// The path the metrics are served at.
pub const PATH: &str = "/metrics";

/// The app of the metrics listener: `GET /metrics`, 404 elsewhere.
pub fn app(
    state: SharedState,
) -> App<
    impl ServiceFactory<
        ServiceRequest,
        Config = (),
        Response = ServiceResponse<impl MessageBody>,
        Error = Error,
        InitError = (),
    >,
> {
    App::new()
        .app_data(web::Data::new(state))
        .route(PATH, web::get().to(scrape))
}

/// The exposition text of everything counted so far.
async fn scrape(state: web::Data<SharedState>) -> HttpResponse {
    let rate_limited = state.limiters.each_ref().map(|limiter| limiter.refusals());
    let loaded = state.live.load();
    let header = &loaded.archive.calendar().header;
    let format = hijri::archive::FORMAT_VERSION.to_string();
    let text = state.metrics.render(&Extra {
        rate_limited: &rate_limited,
        archive: &[
            ("data_version", header.data_version.as_str()),
            ("table_version", header.table_version.as_str()),
            ("format", &format),
        ],
    });
    HttpResponse::Ok()
        .insert_header((
            CONTENT_TYPE,
            HeaderValue::from_static(metrics::CONTENT_TYPE),
        ))
        .body(text)
}
