//! Black-box tests of the whole service through the app factory (no socket, except where a
//! test needs the wire or the built binary).

mod bad_input;
mod behaviour;
mod common;
mod conformance;
mod damaged;
mod edges;
mod ical;
mod openapi;
mod schemas;
mod snapshots;
mod startup;
mod swap;
mod table;
