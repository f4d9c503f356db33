//! The app factory: state, routes, the 404 fallback, and the edge middleware (CORS, request
//! logs, metrics). Tests use it
//! without a socket; `main` hands it to the HTTP server.

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceFactory, ServiceRequest, ServiceResponse};
use actix_web::middleware::from_fn;
use actix_web::{web, App, Error};

use crate::http::edge::edge;
use crate::http::error::not_found;
use crate::routes;
use crate::state::SharedState;

/// The whole service as an actix `App`.
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
    app_with(state, routes::ROUTES)
}

/// The service with the route table `routes` (tests add routes of their own).
pub fn app_with(
    state: SharedState,
    table: &'static [routes::Route],
) -> App<
    impl ServiceFactory<
        ServiceRequest,
        Config = (),
        Response = ServiceResponse<impl MessageBody>,
        Error = Error,
        InitError = (),
    >,
> {
    let app = App::new()
        .app_data(web::Data::new(state.clone()))
        .app_data(web::Data::new(state.origins.clone()))
        .app_data(state.clients.clone());
    let app = match &state.metrics {
        Some(metrics) => app.app_data(metrics.clone()),
        None => app,
    };
    app.configure(|config| routes::register(config, table))
        .default_service(web::to(not_found))
        .wrap(from_fn(edge))
}
