//! The answers of the service as JSON values, written straight from archived values (no
//! intermediate strings): dates, range items, warnings, hilal evening records, what may be
//! served ([`coverage`]) and the bodies of the big answers ([`answers`]), with the canonical
//! key of each stored answer ([`Question`]). Every answer is about one calendar (a chain of
//! the archive, [`Scope::chain`]). Shared by the server, which builds them per request, and
//! the generator, which stores the default calendar's big ones in the archive; this crate
//! knows no HTTP.

pub mod answers;
pub mod coverage;
pub mod csv;
pub mod dates;
pub mod error;
pub mod evening;
mod question;
pub mod records;

use std::fmt::Display;

use hijri::lang::Lang;
use hijri::schema::{ArchivedChain, ArchivedDataset, Tier};
use hijri::warnings::Warnings;
use serde::ser::{SerializeSeq, SerializeStruct};
use serde::{Serialize, Serializer};

pub use error::{truncated, ErrorCode, NearestPlace, Refusal};
pub use question::{Include, Media, Question, KEY_CAPACITY};

/// Bodies shorter than this are never compressed, neither per request nor in the archive:
/// below about one kilobyte the saving is a few hundred bytes at most and the headers and the
/// CPU cost outweigh it.
pub const MIN_COMPRESSED: usize = 1024;

/// Where serving a span reports each archived month it serves, with the tier of its days
/// (computed also for the days of a table month after the table's coverage): the server's
/// request (computed-months set, tiers for the metrics), or the generator collecting a stored
/// answer's months and tiers.
pub trait Record {
    /// The month at `index` of `chain` was served, its days from `tier`.
    fn served(&self, chain: &ArchivedChain, index: usize, tier: Tier);
}

/// What an answer is built from: the archive, the calendar asked for, and where its computed
/// months go.
#[derive(Clone, Copy)]
pub struct Scope<'a> {
    /// The validated archive (sites, cards).
    pub dataset: &'a ArchivedDataset,
    /// The calendar asked for.
    pub chain: &'a ArchivedChain,
    /// True if the request named its calendar (`authority`): the answer's `input` then
    /// echoes it.
    pub named: bool,
    /// Where the months served from computed data are recorded.
    pub record: &'a dyn Record,
    /// The language of the answer's names (`lang`): Hijri months, weekdays, observances and
    /// holidays. Stored answers are Indonesian, the default.
    pub lang: Lang,
}

impl<'a> Scope<'a> {
    /// The `authority` to echo in `input`: the chain's identifier when the request named
    /// it, else nothing (so default answers keep their bytes).
    pub fn echo(&self) -> Option<&'a str> {
        self.named.then_some(self.chain.id.as_str())
    }
}

/// The calendar of input dates or years.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Calendar {
    /// Gregorian dates.
    Gregorian,
    /// Hijri dates.
    Hijri,
}

impl Calendar {
    /// Both, Gregorian first.
    pub const ALL: [Calendar; 2] = [Calendar::Gregorian, Calendar::Hijri];

    /// The name echoed in responses.
    pub fn name(self) -> &'static str {
        match self {
            Calendar::Gregorian => "gregorian",
            Calendar::Hijri => "hijri",
        }
    }
}

/// Serialises any `Display` value as a JSON string without building a `String`.
#[derive(Clone, Copy, Debug)]
pub struct Text<T>(pub T);

impl<T: Display> Serialize for Text<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&self.0)
    }
}

/// The `warnings` array: `[{code, message}]`.
#[derive(Clone, Copy, Debug)]
pub struct WarningList<'a>(pub Warnings<'a>);

impl Serialize for WarningList<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(None)?;
        for warning in self.0.iter() {
            seq.serialize_element(&WarningEntry(warning))?;
        }
        seq.end()
    }
}

/// A `warnings` array of any length (answers about several calendars can gather more
/// distinct warnings than [`Warnings`] keeps).
#[derive(Clone, Debug)]
pub struct WarningSet<'a>(pub Vec<hijri::warnings::Warning<'a>>);

impl Serialize for WarningSet<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.0.len()))?;
        for &warning in &self.0 {
            seq.serialize_element(&WarningEntry(warning))?;
        }
        seq.end()
    }
}

struct WarningEntry<'a>(hijri::warnings::Warning<'a>);

impl Serialize for WarningEntry<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut entry = serializer.serialize_struct("Warning", 2)?;
        entry.serialize_field("code", self.0.code())?;
        entry.serialize_field("message", &Text(self.0.message()))?;
        entry.end()
    }
}

/// A Hijri month shown as `YYYY-MM`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MonthText(pub hijri::hijri::HijriMonth);

impl Display for MonthText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl Serialize for MonthText {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.0.iso().as_str())
    }
}
