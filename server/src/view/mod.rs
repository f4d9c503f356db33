//! JSON shapes of the interface: those shared with the generator live in `hijri-view` and are
//! re-exported here (dates, range items, warnings, hilal evening records); iCalendar text is
//! the server's own.

pub mod ical;

pub use hijri_view::{dates, evening, MonthText, Text, WarningList};
