//! JSON shapes of the interface, serialised straight from archived values (no intermediate
//! strings): dates, range items, warnings and hilal evening records; and iCalendar text.

pub mod dates;
pub mod evening;
pub mod ical;

use std::fmt::Display;

use hijri::warnings::Warnings;
use serde::ser::{SerializeSeq, SerializeStruct};
use serde::{Serialize, Serializer};

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
pub struct WarningList(pub Warnings);

impl Serialize for WarningList {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(None)?;
        for warning in self.0.iter() {
            seq.serialize_element(&WarningEntry(warning))?;
        }
        seq.end()
    }
}

struct WarningEntry(hijri::warnings::Warning);

impl Serialize for WarningEntry {
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
        serializer.collect_str(self)
    }
}
