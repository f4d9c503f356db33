//! Build-time generator of the Hijri calendar archive.
//!
//! The generator is the only writer of `data/hijri.archive`; it knows no HTTP.

pub mod astro;
pub mod cards;
pub mod evening_cmd;
