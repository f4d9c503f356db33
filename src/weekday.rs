//! Weekdays and their names (Indonesian, English, Arabic).

use crate::lang::Lang;

/// A day of the week, named in Indonesian.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Weekday {
    /// Sunday.
    Ahad,
    /// Monday.
    Senin,
    /// Tuesday.
    Selasa,
    /// Wednesday.
    Rabu,
    /// Thursday.
    Kamis,
    /// Friday.
    Jumat,
    /// Saturday.
    Sabtu,
}

/// The seven, Sunday first.
pub const ALL: [Weekday; 7] = [
    Weekday::Ahad,
    Weekday::Senin,
    Weekday::Selasa,
    Weekday::Rabu,
    Weekday::Kamis,
    Weekday::Jumat,
    Weekday::Sabtu,
];

impl Weekday {
    /// The weekday `n` days after Sunday (`n` taken modulo 7).
    #[allow(clippy::indexing_slicing, reason = "ALL has 7 entries and n % 7 < 7")]
    pub fn from_days_since_sunday(n: u8) -> Weekday {
        ALL[usize::from(n % 7)]
    }

    /// The Indonesian name, as the contract spells it.
    pub fn name(self) -> &'static str {
        match self {
            Weekday::Ahad => "Ahad",
            Weekday::Senin => "Senin",
            Weekday::Selasa => "Selasa",
            Weekday::Rabu => "Rabu",
            Weekday::Kamis => "Kamis",
            Weekday::Jumat => "Jumat",
            Weekday::Sabtu => "Sabtu",
        }
    }

    /// The name in `lang`: the contract's in Indonesian, CLDR's in English and Arabic
    /// (`data/reference/names/`).
    pub fn name_in(self, lang: Lang) -> &'static str {
        let (en, ar) = match self {
            Weekday::Ahad => ("Sunday", "الأحد"),
            Weekday::Senin => ("Monday", "الاثنين"),
            Weekday::Selasa => ("Tuesday", "الثلاثاء"),
            Weekday::Rabu => ("Wednesday", "الأربعاء"),
            Weekday::Kamis => ("Thursday", "الخميس"),
            Weekday::Jumat => ("Friday", "الجمعة"),
            Weekday::Sabtu => ("Saturday", "السبت"),
        };
        lang.pick((self.name(), en, Some(ar)))
    }
}
