//! The metrics listener (`HIJRI_METRICS_BIND`, never the public port): one endpoint,
//! `/metrics`, writing [`crate::http::metrics`]'s counters with the rate-limit refusals, the
//! live archive's versions, the build info and the process's own series ([`crate::process`])
//! in the Prometheus text format.

use actix_web::http::header::{HeaderValue, CONTENT_TYPE};
use actix_web::{web, HttpResponse};

use crate::http::metrics::{self, Extra};
use crate::process;
use crate::state::SharedState;

/// The path the metrics are served at.
pub const PATH: &str = "/metrics";

/// The metrics listener's routes, for `App::configure`: `GET /metrics` (404 elsewhere).
pub fn routes(state: SharedState) -> impl FnOnce(&mut web::ServiceConfig) {
    move |config| {
        config
            .app_data(web::Data::new(state))
            .route(PATH, web::get().to(scrape));
    }
}

/// The exposition text of everything counted so far.
async fn scrape(state: web::Data<SharedState>) -> HttpResponse {
    let Some(metrics) = &state.metrics else {
        // A state built without HIJRI_METRICS_BIND counts nothing: there is nothing to show.
        return HttpResponse::NotFound().finish();
    };
    let rate_limited = state.limiters.each_ref().map(|limiter| limiter.refusals());
    let loaded = state.live.load();
    let header = loaded.archive.default_table();
    let format = hijri::archive::FORMAT_VERSION.to_string();
    let mut text = metrics.render(&Extra {
        rate_limited: &rate_limited,
        archive: &[
            ("data_version", header.data_version.as_str()),
            ("table_version", header.table_version.as_str()),
            ("format", &format),
        ],
        connections_refused: state.connections.refusals(),
        cache: loaded.answers.figures(),
    });
    process::render_build_info(&mut text);
    process::render(&mut text);
    HttpResponse::Ok()
        .insert_header((
            CONTENT_TYPE,
            HeaderValue::from_static(metrics::CONTENT_TYPE),
        ))
        .body(text)
}
