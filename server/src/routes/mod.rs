//! The route table (one entry per endpoint, the single list the app and the OpenAPI test
//! read) and its registration: GET and HEAD on every path, 405 otherwise, each path behind
//! its rate limiter.

pub mod authorities;
pub mod cards;
pub mod convert;
pub mod days;
pub mod docs;
pub mod events;
pub mod hilal;
pub mod home;
pub mod ical;
pub mod meta;
pub mod params;
pub mod stored;
pub mod table;
pub mod today;

use std::net::IpAddr;

use actix_web::{guard, web, HttpMessage, HttpRequest, HttpResponse};

use crate::http::error::{method_not_allowed, ApiError};
use crate::http::rate_limit::{Client, Limiter};
use crate::settings::{Limit, DOCS_PATH};
use crate::state::{AppState, SharedState};

/// An endpoint handler: synchronous, from the request and the state as the request sees it.
pub type Handler = fn(&HttpRequest, &AppState) -> Result<HttpResponse, ApiError>;

/// One endpoint.
pub struct Route {
    /// Path pattern (actix and OpenAPI share the `{name}` syntax).
    pub path: &'static str,
    /// Its rate-limit family.
    pub limit: Limit,
    /// Its handler.
    pub handler: Handler,
}

const fn route(path: &'static str, limit: Limit, handler: Handler) -> Route {
    Route {
        path,
        limit,
        handler,
    }
}

/// Every endpoint of the interface, static paths first.
pub const ROUTES: &[Route] = &[
    route("/api/v1/today", Limit::Default, today::today),
    route("/api/v1/convert", Limit::Default, convert::convert),
    route("/api/v1/range", Limit::Default, days::range),
    route("/api/v1/month", Limit::Default, days::month),
    route("/api/v1/months", Limit::Default, meta::months),
    route("/api/v1/year", Limit::Default, days::year),
    route("/api/v1/table", Limit::Default, table::table),
    route("/api/v1/table.csv", Limit::Default, table::table_csv),
    route("/api/v1/events", Limit::Default, events::events),
    route("/api/v1/events.ics", Limit::Default, ical::events_ics),
    route("/api/v1/calendar.ics", Limit::Default, ical::subscription),
    route("/api/v1/hilal/info", Limit::HilalInfo, hilal::info),
    route("/api/v1/hilal/history", Limit::Default, hilal::history),
    route("/api/v1/hilal/viz", Limit::HilalViz, cards::viz),
    route("/api/v1/hilal/map", Limit::HilalMap, cards::map),
    route("/api/v1/meta", Limit::Default, meta::meta),
    route(
        "/api/v1/authorities",
        Limit::Default,
        authorities::authorities,
    ),
    route("/api/v1/compare", Limit::Default, authorities::compare),
    route("/api/v1/openapi.json", Limit::Default, meta::openapi),
    // The same document where tooling built for the reference looks for it.
    route("/openapi.json", Limit::Default, meta::openapi),
    route("/healthz", Limit::Default, meta::healthz),
    route("/", Limit::Default, home::page),
    route("/page.css", Limit::Default, home::style),
    route("/page.js", Limit::Default, home::script),
    route(DOCS_PATH, Limit::Default, docs::reference),
    route("/docs/", Limit::Default, docs::slash),
    route("/docs/page.js", Limit::Default, docs::script),
    route("/docs/redoc.standalone.js", Limit::Default, docs::redoc),
    // The one dynamic path comes last: actix tries routes in order, and a pattern match
    // costs a regex run that the static paths above should not pay.
    route(
        "/api/v1/today/{target_date}",
        Limit::Default,
        convert::today_date,
    ),
];

/// Registers every route of [`ROUTES`].
pub fn configure(config: &mut web::ServiceConfig) {
    for route in ROUTES {
        let (handler, limit) = (route.handler, route.limit);
        config.service(
            web::resource(route.path)
                // The name is the route template the request log reads (no allocation).
                .name(route.path)
                .route(
                    web::route()
                        .guard(guard::Any(guard::Get()).or(guard::Head()))
                        .to(move |req: HttpRequest, state: web::Data<SharedState>| {
                            let limiter = state.limiter(limit);
                            let response = limiter.admit(client(&req, limiter), || {
                                state.with_view(|view| {
                                    let answer = handler(&req, view);
                                    if let (Ok(_), Some(metrics)) = (&answer, &state.metrics) {
                                        metrics.record_tiers(view.served.tiers());
                                    }
                                    answer
                                })
                            });
                            async move { response }
                        }),
                )
                .default_service(web::to(
                    move |req: HttpRequest, state: web::Data<SharedState>| {
                        let limiter = state.limiter(limit);
                        let response =
                            limiter.admit(client(&req, limiter), || Ok(method_not_allowed(&req)));
                        async move { response }
                    },
                )),
        );
    }
}

/// The client of a request as `limiter` sees it, kept in the request's extensions for the
/// request log (so the address is worked out once).
fn client(req: &HttpRequest, limiter: &Limiter) -> IpAddr {
    let client = limiter.client(req);
    req.extensions_mut().insert(Client(client));
    client
}
