//! The Javanese five-day week (pasaran) and the weton, a weekday with its pasaran.

use crate::date::Date;
use crate::lang::Lang;

/// A day of the five-day pasaran cycle, in its order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pasaran {
    /// Legi (also Manis).
    Legi,
    /// Pahing.
    Pahing,
    /// Pon.
    Pon,
    /// Wage.
    Wage,
    /// Kliwon.
    Kliwon,
}

/// The five, Legi first.
pub const ALL: [Pasaran; 5] = [
    Pasaran::Legi,
    Pasaran::Pahing,
    Pasaran::Pon,
    Pasaran::Wage,
    Pasaran::Kliwon,
];

/// Days from a Legi to 1970-01-01 (day 0), modulo 5: 1970-01-01 was a Wage.
const LEGI_OFFSET: i32 = 3;

impl Pasaran {
    /// The pasaran of a date: a fixed cycle of five days, with no break in the proleptic
    /// Gregorian calendar.
    #[allow(
        clippy::indexing_slicing,
        reason = "ALL has 5 entries and rem_euclid(5) < 5"
    )]
    pub fn of(date: Date) -> Pasaran {
        ALL[(date.0 + LEGI_OFFSET).rem_euclid(5) as usize]
    }

    /// Its name, as Javanese calendars print it.
    pub fn name(self) -> &'static str {
        match self {
            Pasaran::Legi => "Legi",
            Pasaran::Pahing => "Pahing",
            Pasaran::Pon => "Pon",
            Pasaran::Wage => "Wage",
            Pasaran::Kliwon => "Kliwon",
        }
    }
}

/// The weton of a date: its weekday named in `lang` and its pasaran, which has no other
/// name ("Rabu Legi", "Wednesday Legi").
pub fn weton(date: Date, lang: Lang) -> String {
    format!(
        "{} {}",
        date.weekday().name_in(lang),
        Pasaran::of(date).name()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Published wetons: Muhammadiyah's maklumat of 1 Ramadan 1447 ("Rabu Legi, 18 Februari
    /// 2026"); the Proclamation of Independence (Jumat Legi, 17 August 1945); the start of
    /// kurup Asapon (Selasa Pon, 24 March 1936).
    #[test]
    fn published_wetons() {
        assert_eq!(weton(Date::fixed(2026, 2, 18), Lang::Id), "Rabu Legi");
        assert_eq!(weton(Date::fixed(1945, 8, 17), Lang::Id), "Jumat Legi");
        assert_eq!(weton(Date::fixed(1936, 3, 24), Lang::Id), "Selasa Pon");
        assert_eq!(weton(Date::fixed(2026, 2, 18), Lang::En), "Wednesday Legi");
        assert_eq!(weton(Date::fixed(2026, 2, 18), Lang::Ar), "الأربعاء Legi");
    }

    #[test]
    fn the_cycle_has_five_days() {
        let start = Date::fixed(2026, 2, 18);
        assert_eq!(Pasaran::of(start.add_days(1)), Pasaran::Pahing);
        assert_eq!(Pasaran::of(start.add_days(4)), Pasaran::Kliwon);
        assert_eq!(Pasaran::of(start.add_days(5)), Pasaran::Legi);
        assert_eq!(Pasaran::of(start.add_days(-1)), Pasaran::Kliwon);
    }
}
