//! `hijri-serve`: the read-only HTTP/JSON service of the Indonesian Hijri calendar over the
//! memory-mapped archive. It computes no astronomy and renders nothing: every answer is a
//! look-up in the archive, written as JSON (or served as stored PNG bytes).
//!
//! Module map: [`settings`] (command line and environment), [`interface`] (the OpenAPI
//! document and its version), [`logging`] (tracing), [`archive`] (map and validate),
//! [`swap`] (replace the archive on SIGHUP), [`ready`] (systemd's readiness), [`state`], [`cache`] (answers built once and
//! kept), [`serve`] (the public listener and
//! its connections), [`open_files`] (the descriptor limit), [`process`] (the process's own
//! metrics),
//! [`app`] (the factory), [`routes`] (one module per endpoint family), [`http`] (parameters,
//! errors, caching and ETags, CORS, rate limits, logs, request metrics), [`metrics`] (the
//! metrics listener), [`ical`] (iCalendar text), [`computed`] (computed months served so
//! far). The JSON shapes and what may be served are `hijri-view`'s; time zones are the
//! core's [`hijri::zone`].

pub mod app;
pub mod archive;
pub mod cache;
pub mod computed;
pub mod http;
pub mod ical;
pub mod interface;
pub mod logging;
pub mod metrics;
pub mod open_files;
pub mod process;
pub mod ready;
pub mod routes;
pub mod serve;
pub mod settings;
pub mod state;
pub mod swap;

pub use app::app;
pub use state::{AppState, SharedState};
