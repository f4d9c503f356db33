//! The route table (one entry per endpoint, the single list the app and the OpenAPI test
//! read) and its registration: GET and HEAD on every path, 405 otherwise, each path behind
//! its rate limiter.

pub mod authorities;
pub mod cards;
pub mod convert;
pub mod days;
pub mod days_csv;
pub mod docs;
pub mod eclipses;
pub mod events;
pub mod fasting;
pub mod hilal;
pub mod holidays;
pub mod home;
pub mod ical;
pub mod meta;
pub mod parameters;
pub mod params;
pub mod prayer;
pub mod qibla;
pub mod stored;
pub mod table;
pub mod today;
pub mod workdays;

use std::net::IpAddr;

use actix_web::{guard, web, HttpMessage, HttpRequest, HttpResponse};

use crate::http::bounds::{self, Bound};
use crate::http::error::{method_not_allowed, ApiError};
use crate::http::rate_limit::{Client, Limiter};
use crate::settings::{RateFamily, DOCS_PATH};
use crate::state::{AppState, SharedState};
use parameters as P;
use RateFamily as F;

/// An endpoint handler: synchronous, from the request and the state as the request sees it.
pub type Handler = fn(&HttpRequest, &AppState) -> Result<HttpResponse, ApiError>;

/// How a route answers a refusal of its parameters: the error as it is (JSON), or turned
/// into the route's HTML error page.
pub type Refused = fn(&HttpRequest, &AppState, ApiError) -> ApiError;

/// One endpoint.
pub struct Route {
    /// Path pattern (actix and OpenAPI share the `{name}` syntax).
    pub path: &'static str,
    /// Its rate-limit family.
    pub family: RateFamily,
    /// Its handler.
    pub handler: Handler,
    /// The query parameters it reads, each bounded before the handler runs.
    pub params: &'static [Bound],
    /// How a refusal is answered (the pages answer theirs as HTML pages).
    pub refused: Refused,
    /// True for an operation of the API, in the OpenAPI document; false for the pages for
    /// people, their assets and the document's alias, which answer but are no API method
    /// (a client generated from the document gets none of them).
    pub documented: bool,
}

/// An operation of the API, in the default rate-limit family.
const fn route(path: &'static str, handler: Handler, params: &'static [Bound]) -> Route {
    Route {
        path,
        family: RateFamily::Default,
        handler,
        params,
        refused: |_, _, error| error,
        documented: true,
    }
}

impl Route {
    /// The same route behind the rate limiter of `family`.
    const fn family(self, family: RateFamily) -> Route {
        Route { family, ..self }
    }

    /// The same route, its refusals answered by `refused` (an HTML page).
    const fn html(self, refused: Refused) -> Route {
        Route { refused, ..self }
    }
}

/// A page, an asset or an alias: answered, not in the OpenAPI document.
const fn unlisted(path: &'static str, handler: Handler, params: &'static [Bound]) -> Route {
    Route {
        documented: false,
        ..route(path, handler, params)
    }
}

/// Every endpoint of the interface, static paths first.
pub const ROUTES: &[Route] = &[
    route("/api/v1/today", today::today, P::TODAY),
    route("/api/v1/convert", convert::convert, P::CONVERT),
    route("/api/v1/range", days::range, P::RANGE),
    route("/api/v1/month", days::month, P::MONTH_DAYS),
    route("/api/v1/months", meta::months, P::MONTHS),
    route("/api/v1/year", days::year, P::YEAR_DAYS),
    route("/api/v1/table", table::table, P::TABLE),
    route("/api/v1/table.csv", table::table_csv, P::TABLE),
    route("/api/v1/events", events::events, P::EVENTS),
    route("/api/v1/events.ics", ical::events_ics, P::EVENTS_ICS),
    route("/api/v1/fasting", fasting::fasting, P::FASTING),
    route("/api/v1/fasting.ics", fasting::fasting_ics, P::FASTING_ICS),
    route("/api/v1/holidays", holidays::holidays, P::HOLIDAYS),
    route(
        "/api/v1/holidays.ics",
        holidays::holidays_ics,
        P::HOLIDAYS_ICS,
    ),
    route("/api/v1/calendar.ics", ical::subscription, P::EVENTS_ICS),
    route("/api/v1/days.ics", ical::days, P::DAYS_ICS),
    route("/api/v1/days.csv", days_csv::days, P::DAYS_CSV),
    route("/api/v1/workdays", workdays::workdays, P::WORKDAYS),
    route("/api/v1/workdays/next", workdays::next, P::WORKDAYS_NEXT),
    route("/api/v1/places", prayer::places, P::PLACES),
    route(
        "/api/v1/prayer-times",
        prayer::prayer_times,
        P::PRAYER_TIMES,
    ),
    route("/api/v1/prayer-times/next", prayer::next, P::PRAYER_NEXT),
    route("/api/v1/imsakiyah", prayer::imsakiyah, P::IMSAKIYAH_API),
    route(
        "/api/v1/imsakiyah.ics",
        prayer::imsakiyah_ics,
        P::IMSAKIYAH_ICS,
    ),
    route("/api/v1/qibla", qibla::qibla, P::QIBLA),
    route("/api/v1/qibla/rashdul", qibla::rashdul, P::QIBLA_RASHDUL),
    route("/api/v1/qibla/shadow", qibla::shadow, P::QIBLA_SHADOW),
    route("/api/v1/eclipses", eclipses::list, P::ECLIPSES),
    route("/api/v1/eclipses.ics", eclipses::ics, P::ECLIPSES_ICS),
    route("/api/v1/hilal/info", hilal::info, P::HILAL_INFO).family(F::HilalInfo),
    route("/api/v1/hilal/history", hilal::history, P::HILAL_HISTORY),
    route("/api/v1/hilal/viz", cards::viz, P::CARD).family(F::HilalViz),
    route("/api/v1/hilal/map", cards::map, P::CARD).family(F::HilalMap),
    route("/api/v1/meta", meta::meta, P::NONE),
    route("/api/v1/authorities", authorities::authorities, P::NONE),
    route("/api/v1/compare", authorities::compare, P::COMPARE),
    route("/api/v1/openapi.json", meta::openapi, P::NONE),
    // The same document where tooling built for the reference looks for it.
    unlisted("/openapi.json", meta::openapi, P::NONE),
    route("/healthz", meta::healthz, P::NONE),
    unlisted("/", home::page, P::PAGE).html(home::refused),
    unlisted("/page.css", home::style, P::NONE),
    unlisted("/page.js", home::script, P::NONE),
    unlisted(home::SKY, home::sky, P::NONE),
    unlisted(home::MAP, home::map, P::NONE),
    unlisted(home::EMBED, home::embed, P::EMBED).html(home::refused),
    unlisted("/imsakiyah", home::imsakiyah, P::IMSAKIYAH).html(home::refused_elsewhere),
    unlisted(home::DISPLAY, home::display, P::DISPLAY).html(home::refused_display),
    unlisted("/display.css", home::display_style, P::NONE),
    unlisted("/display.js", home::display_script, P::NONE),
    unlisted(DOCS_PATH, docs::reference, P::NONE),
    unlisted("/docs/", docs::slash, P::NONE),
    unlisted("/docs/page.js", docs::script, P::NONE),
    unlisted("/docs/redoc.standalone.js", docs::redoc, P::NONE),
    // The dynamic paths come last: actix tries routes in order, and a pattern match costs
    // a regex run that the static paths above should not pay.
    route(
        "/api/v1/today/{target_date}",
        convert::today_date,
        P::TODAY_DATE,
    ),
    route("/api/v1/eclipses/{id}", eclipses::local, P::ECLIPSE),
    route("/api/v1/eclipses/{id}/map", eclipses::map, P::ECLIPSE_MAP),
];

/// Registers `routes`: each request's query held to its route's bounds, then its handler.
pub fn register(config: &mut web::ServiceConfig, routes: &'static [Route]) {
    for route in routes {
        let (handler, family) = (route.handler, route.family);
        let (params, refused) = (route.params, route.refused);
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
                                    let answer = bounds::check(req.query_string(), params)
                                        .map_err(|error| refused(&req, view, error))
                                        .and_then(|()| handler(&req, view));
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
