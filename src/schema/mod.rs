//! The rkyv schema of the archive: everything the server looks up, written by the generator.
//!
//! Any change to this file changes the schema hash embedded by `build.rs`, so an archive
//! written with another schema is refused at start instead of being misread.
//!
//! Conventions: dates are day numbers (see [`crate::date::Date`]); instants are Unix seconds
//! (UTC); angles, percentages and hours are fixed-point integers in units of 1e-4
//! ([`FIXED_SCALE`]), so the bytes are exact and deterministic.

use rkyv::{Archive, Deserialize, Serialize};

mod answers;
mod chain;
mod days;
mod eclipse;
mod prayer;

pub use answers::*;
pub use chain::*;
pub use days::*;
pub use eclipse::*;
pub use prayer::*;

/// Scale of the fixed-point numbers in the archive (4 decimals).
pub const FIXED_SCALE: f64 = 10_000.0;

/// The root of the archive: the calendars side by side and what they share.
#[derive(Archive, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[rkyv(derive(Debug))]
pub struct Dataset {
    /// The calendars (one chain of months per authority), the default one first.
    pub chains: Vec<Chain>,
    /// The observation sites of the site criteria ([`Rule::Sites`]), in checking order.
    pub sites: Vec<Site>,
    /// Hijri years `[min, max]` of the pre-rendered cards (of every chain that has them).
    pub card_years: [u16; 2],
    /// Pre-rendered PNG cards of the chains whose rules decide months on an evening, sorted
    /// by (chain, year, month, kind, bare).
    pub cards: Vec<Card>,
    /// The keys of the stored answers, sorted by key, each once (a binary search finds one).
    /// Every stored answer is one of the default chain's.
    pub bodies: Vec<BodyKey>,
    /// The stored answers the keys point at (one answer may have several keys).
    pub answers: Vec<StoredAnswer>,
    /// Indonesia's national holidays and cuti bersama, decreed and predicted.
    pub holidays: Holidays,
    /// The Chinese calendar's months (civil days at UTC+8) over the served span, in order:
    /// the first holds the span's first day, the last is the first month after the span and
    /// only ends the one before it. Empty in an archive without the Chinese calendar.
    pub chinese_months: Vec<ChineseMonth>,
    /// The places prayer times are served for (Kemenag's kabupaten/kota), in the order of
    /// `data/places/kabkota.csv`. Empty in an archive without prayer times.
    pub places: Vec<PrayerPlace>,
    /// The exact prayer times of every place and day of the span ([`crate::prayer_table`]).
    pub prayer: PrayerTable,
    /// Every solar and lunar eclipse of the span, in order of greatest eclipse, with what
    /// their local circumstances are evaluated from ([`crate::eclipse`]).
    pub eclipses: Vec<Eclipse>,
}
