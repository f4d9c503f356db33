//! Core of the Indonesian Hijri calendar service, shared by the generator and the server.
//!
//! It knows dates (Gregorian day numbers, Hijri dates, Indonesian weekdays, time zones), the
//! calendars served ([`registry`]), the rkyv schema of the one archive file, and look-ups over
//! the archived calendars. It knows no HTTP and no astronomy.

#![forbid(unsafe_code)]

pub mod archive;
pub mod ascii;
pub mod calendar;
pub mod chinese;
pub mod criterion;
pub mod date;
pub mod eclipse;
pub mod fasting;
pub mod fingerprint;
pub mod fixed;
pub mod hijri;
pub mod holiday;
pub mod javanese;
pub mod lang;
pub mod observance;
pub mod pasaran;
pub mod prayer;
pub mod prayer_table;
pub mod registry;
pub mod rules;
pub mod schema;
pub mod span;
pub mod validate;
pub mod warnings;
pub mod weekday;
pub mod zone;

/// Version of this build (the workspace version).
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
/// Git revision of this build, or `unknown` outside git.
pub const BUILD_HASH: &str = env!("HIJRI_BUILD_HASH");
