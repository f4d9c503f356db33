//! The bodies of the answers a [`crate::Question`] names (and their neighbours that share
//! shapes with them): built from parsed, checked parameters and the archived calendar,
//! refusing with the interface's codes what cannot be served. The server serialises them per
//! request; the generator stores them.

pub mod authorities;
pub mod compare;
pub mod days;
pub mod events;
pub mod hilal;
pub mod holidays;
pub mod workdays;

use hijri::hijri::MONTH_NAMES;
use serde::Serialize;

#[derive(Serialize)]
struct MonthEntry {
    number: usize,
    name: &'static str,
}

/// The body of `/api/v1/months`.
#[derive(Serialize)]
pub struct Months {
    calendar: &'static str,
    months: [MonthEntry; 12],
}

/// The twelve Hijri month names, numbered.
pub fn months() -> Months {
    Months {
        calendar: "hijri",
        months: {
            let mut number = 0;
            MONTH_NAMES.map(|name| {
                number += 1;
                MonthEntry { number, name }
            })
        },
    }
}
