//! Build-time generator of the Hijri calendar archive.
//!
//! The generator is the only writer of `data/hijri.archive`; it knows no HTTP. Facts come
//! from `data/` ([`inputs`]), the astronomy from `hijri-astro`, the month chain from
//! [`chain`] and [`visibility`], the PNG cards from `hijri-cards` through [`card_set`], the
//! stored answers from [`stored`] (built by `hijri-view`, the server's own code), and the
//! file from [`writer`]; [`generate`] runs them in order. [`announce`] edits the official
//! facts. [`holidays`] dates the movable holidays that are not Islamic; [`prayer_table`]
//! computes every place's prayer times. [`cli`] is the
//! command line of all of them.

#![forbid(unsafe_code)]

pub mod announce;
pub mod calendars;
pub mod card_set;
pub mod chain;
pub mod cli;
pub mod csv;
pub mod eclipse_cards;
pub mod eclipses;
pub mod error;
pub mod generate;
pub mod holidays;
pub mod inputs;
pub mod kabkota;
pub mod khgt;
pub mod land;
pub mod places;
pub mod prayer_table;
pub mod stored;
pub mod visibility;
pub mod writer;
