//! The bodies of the answers a [`crate::Question`] names (and their neighbours that share
//! shapes with them): built from parsed, checked parameters and the archived calendar,
//! refusing with the interface's codes what cannot be served. The server serialises them per
//! request; the generator stores them.

pub mod authorities;
pub mod compare;
pub mod days;
pub mod days_csv;
pub mod eclipses;
pub mod events;
pub mod fasting;
pub mod hilal;
pub mod holidays;
pub mod places;
pub mod prayer;
pub mod qibla;
pub mod rashdul;
pub mod workdays;

use hijri::hijri::HijriMonth;
use hijri::lang::Lang;
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

/// The twelve Hijri month names in `lang`, numbered.
pub fn months(lang: Lang) -> Months {
    let mut number = 0_u8;
    Months {
        calendar: "hijri",
        months: [(); 12].map(|()| {
            number += 1;
            MonthEntry {
                number: usize::from(number),
                name: HijriMonth {
                    year: 1,
                    month: number,
                }
                .name_in(lang),
            }
        }),
    }
}
