//! The route table (one entry per endpoint, the single list the app and the OpenAPI test
//! read) and its registration: GET and HEAD on every path, 405 otherwise, each path behind
//! its rate limiter.

pub mod authorities;
pub mod cards;
pub mod convert;
pub mod days;
pub mod days_csv;
pub mod docs;
pub mod events;
pub mod hilal;
pub mod holidays;
pub mod home;
pub mod ical;
pub mod meta;
pub mod params;
pub mod prayer;
pub mod stored;
pub mod table;
pub mod today;
pub mod workdays;

use std::net::IpAddr;

use actix_web::{guard, web, HttpMessage, HttpRequest, HttpResponse};

use crate::http::error::{method_not_allowed, ApiError};
use crate::http::rate_limit::{Client, Limiter};
use crate::settings::{RateFamily, DOCS_PATH};
use crate::state::{AppState, SharedState};

/// An endpoint handler: synchronous, from the request and the state as the request sees it.
pub type Handler = fn(&HttpRequest, &AppState) -> Result<HttpResponse, ApiError>;

/// One endpoint.
pub struct Route {
    /// Path pattern (actix and OpenAPI share the `{name}` syntax).
    pub path: &'static str,
    /// Its rate-limit family.
    pub family: RateFamily,
    /// Its handler.
    pub handler: Handler,
    /// True for an operation of the API, in the OpenAPI document; false for the pages for
    /// people, their assets and the document's alias, which answer but are no API method
    /// (a client generated from the document gets none of them).
    pub documented: bool,
}

/// An operation of the API.
const fn route(path: &'static str, family: RateFamily, handler: Handler) -> Route {
    Route {
        path,
        family,
        handler,
        documented: true,
    }
}

/// A page, an asset or an alias: answered, not in the OpenAPI document.
const fn unlisted(path: &'static str, family: RateFamily, handler: Handler) -> Route {
    Route {
        documented: false,
        ..route(path, family, handler)
    }
}

/// Every endpoint of the interface, static paths first.
pub const ROUTES: &[Route] = &[
    route("/api/v1/today", RateFamily::Default, today::today),
    route("/api/v1/convert", RateFamily::Default, convert::convert),
    route("/api/v1/range", RateFamily::Default, days::range),
    route("/api/v1/month", RateFamily::Default, days::month),
    route("/api/v1/months", RateFamily::Default, meta::months),
    route("/api/v1/year", RateFamily::Default, days::year),
    route("/api/v1/table", RateFamily::Default, table::table),
    route("/api/v1/table.csv", RateFamily::Default, table::table_csv),
    route("/api/v1/events", RateFamily::Default, events::events),
    route("/api/v1/events.ics", RateFamily::Default, ical::events_ics),
    route("/api/v1/holidays", RateFamily::Default, holidays::holidays),
    route(
        "/api/v1/holidays.ics",
        RateFamily::Default,
        holidays::holidays_ics,
    ),
    route(
        "/api/v1/calendar.ics",
        RateFamily::Default,
        ical::subscription,
    ),
    route("/api/v1/days.ics", RateFamily::Default, ical::days),
    route("/api/v1/days.csv", RateFamily::Default, days_csv::days),
    route("/api/v1/workdays", RateFamily::Default, workdays::workdays),
    route("/api/v1/workdays/next", RateFamily::Default, workdays::next),
    route("/api/v1/places", RateFamily::Default, prayer::places),
    route(
        "/api/v1/prayer-times",
        RateFamily::Default,
        prayer::prayer_times,
    ),
    route("/api/v1/imsakiyah", RateFamily::Default, prayer::imsakiyah),
    route(
        "/api/v1/imsakiyah.ics",
        RateFamily::Default,
        prayer::imsakiyah_ics,
    ),
    route("/api/v1/hilal/info", RateFamily::HilalInfo, hilal::info),
    route("/api/v1/hilal/history", RateFamily::Default, hilal::history),
    route("/api/v1/hilal/viz", RateFamily::HilalViz, cards::viz),
    route("/api/v1/hilal/map", RateFamily::HilalMap, cards::map),
    route("/api/v1/meta", RateFamily::Default, meta::meta),
    route(
        "/api/v1/authorities",
        RateFamily::Default,
        authorities::authorities,
    ),
    route("/api/v1/compare", RateFamily::Default, authorities::compare),
    route("/api/v1/openapi.json", RateFamily::Default, meta::openapi),
    // The same document where tooling built for the reference looks for it.
    unlisted("/openapi.json", RateFamily::Default, meta::openapi),
    route("/healthz", RateFamily::Default, meta::healthz),
    unlisted("/", RateFamily::Default, home::page),
    unlisted("/page.css", RateFamily::Default, home::style),
    unlisted("/page.js", RateFamily::Default, home::script),
    unlisted(home::SKY, RateFamily::Default, home::sky),
    unlisted(home::MAP, RateFamily::Default, home::map),
    unlisted(home::EMBED, RateFamily::Default, home::embed),
    unlisted("/imsakiyah", RateFamily::Default, home::imsakiyah),
    unlisted(DOCS_PATH, RateFamily::Default, docs::reference),
    unlisted("/docs/", RateFamily::Default, docs::slash),
    unlisted("/docs/page.js", RateFamily::Default, docs::script),
    unlisted(
        "/docs/redoc.standalone.js",
        RateFamily::Default,
        docs::redoc,
    ),
    // The one dynamic path comes last: actix tries routes in order, and a pattern match
    // costs a regex run that the static paths above should not pay.
    route(
        "/api/v1/today/{target_date}",
        RateFamily::Default,
        convert::today_date,
    ),
];

/// Registers every route of [`ROUTES`].
pub fn configure(config: &mut web::ServiceConfig) {
    for route in ROUTES {
        let (handler, family) = (route.handler, route.family);
        config.service(
            web::resource(route.path)
                // The name is the route template the request log reads (no allocation).
                .name(route.path)
                .route(
                    web::route()
                        .guard(guard::Any(guard::Get()).or(guard::Head()))
                        .to(move |req: HttpRequest, state: web::Data<SharedState>| {
                            let limiter = state.limiter(family);
                            let response = limiter.admit(client(&req, limiter), || {
                                state.with_view(|view| {
                                    let answer = handler(&req, view);
                                    if answer.is_ok() {
                                        view.recorder.commit();
                                        if let Some(metrics) = &state.metrics {
                                            metrics.record_tiers(view.recorder.tiers());
                                        }
                                    }
                                    answer
                                })
                            });
                            async move { response }
                        }),
                )
                .default_service(web::to(
                    move |req: HttpRequest, state: web::Data<SharedState>| {
                        let limiter = state.limiter(family);
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
