//! Black-box tests of the whole service through the app factory (no socket, except where a
//! test needs the wire or the built binary).

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    reason = "test helpers may panic: a panic fails the test"
)]

mod authorities;
mod bad_input;
mod behaviour;
mod common;
mod conformance;
mod cors;
mod damaged;
mod day_dates;
mod days_csv;
mod display;
mod eclipses;
mod edges;
mod encoding;
mod fasting;
mod holidays;
mod hostile;
mod ical;
mod lang;
#[path = "../support/launch.rs"]
mod launch;
mod metrics;
mod new_calendar;
mod openapi;
mod page;
mod page_prayer;
mod prayer;
mod qibla;
mod schemas;
mod slow_clients;
mod snapshots;
mod startup;
mod stored;
mod swap;
mod table;
mod where_you_stand;
mod workdays;
mod zero_copy;
