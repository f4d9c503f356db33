//! The metrics listener (`HIJRI_METRICS_BIND`, never the public port): `/metrics`, writing
//! [`crate::http::metrics`]'s counters with the rate-limit refusals, the live archive's
//! versions, the build info and the process's own series ([`crate::process`]) in the
//! Prometheus text format; and `/healthz` for probes, which client traffic on the public port
//! can neither rate-limit nor queue behind (its own worker, no limits).

use actix_web::http::header::{HeaderValue, CACHE_CONTROL, CONTENT_TYPE};
use actix_web::{web, HttpResponse};

use crate::http::metrics::{self, Extra};
use crate::process;
use crate::state::SharedState;

/// The path the metrics are served at.
pub const PATH: &str = "/metrics";

/// The path of the probes' health answer on the metrics listener.
pub const HEALTH_PATH: &str = "/healthz";

/// The metrics listener's routes, for `App::configure`: `GET /metrics` and `GET /healthz`
/// (404 elsewhere).
pub fn routes(state: SharedState) -> impl FnOnce(&mut web::ServiceConfig) {
    move |config| {
        config
            .app_data(web::Data::new(state))
            .route(PATH, web::get().to(scrape))
            .route(HEALTH_PATH, web::get().to(health));
    }
}

/// The health answer: the process serves, and from which archive.
#[derive(serde::Serialize)]
struct Health<'a> {
    status: &'static str,
    data_version: &'a str,
    table_version: &'a str,
}

/// `{"status":"ok","data_version":…,"table_version":…}` of the live archive, never cached;
/// answered whether or not metrics are counted.
async fn health(state: web::Data<SharedState>) -> HttpResponse {
    let loaded = state.live.load();
    let header = loaded.archive.default_table();
    HttpResponse::Ok()
        .insert_header((CACHE_CONTROL, HeaderValue::from_static("no-store")))
        .json(Health {
            status: "ok",
            data_version: header.data_version.as_str(),
            table_version: header.table_version.as_str(),
        })
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
