//! Hijri dates and the fixed list of month names (Indonesian, English, Arabic).

use std::fmt;

use crate::ascii::{iso_date, iso_month, Ascii};
use crate::date::split_iso;
use crate::lang::Lang;
/// The Hijri month is an archived type, defined with the schema; its methods are here.
pub use crate::schema::HijriMonth;

/// The 12 Hijri month names, month 1 first, as the contract spells them.
pub const MONTH_NAMES: [&str; 12] = [
    "Muharram",
    "Safar",
    "Rabiul Awal",
    "Rabiul Akhir",
    "Jumadil Awal",
    "Jumadil Akhir",
    "Rajab",
    "Sya'ban",
    "Ramadhan",
    "Syawal",
    "Dzulqa'dah",
    "Dzulhijjah",
];

/// The 12 Hijri month names in English, month 1 first: CLDR's (`data/reference/names/`).
pub const MONTH_NAMES_EN: [&str; 12] = [
    "Muharram",
    "Safar",
    "Rabiʻ I",
    "Rabiʻ II",
    "Jumada I",
    "Jumada II",
    "Rajab",
    "Shaʻban",
    "Ramadan",
    "Shawwal",
    "Dhuʻl-Qiʻdah",
    "Dhuʻl-Hijjah",
];

/// The 12 Hijri month names in Arabic, month 1 first: CLDR's (`data/reference/names/`).
pub const MONTH_NAMES_AR: [&str; 12] = [
    "محرم",
    "صفر",
    "ربيع الأول",
    "ربيع الآخر",
    "جمادى الأولى",
    "جمادى الآخرة",
    "رجب",
    "شعبان",
    "رمضان",
    "شوال",
    "ذو القعدة",
    "ذو الحجة",
];

/// The name of Hijri month `month` (1–12), or `None` outside that range.
pub fn month_name(month: u8) -> Option<&'static str> {
    MONTH_NAMES.get(usize::from(month).checked_sub(1)?).copied()
}

impl HijriMonth {
    /// The month after this one.
    pub fn next(self) -> HijriMonth {
        if self.month == 12 {
            HijriMonth {
                year: self.year + 1,
                month: 1,
            }
        } else {
            HijriMonth {
                year: self.year,
                month: self.month + 1,
            }
        }
    }

    /// The month before this one.
    pub fn previous(self) -> HijriMonth {
        if self.month == 1 {
            HijriMonth {
                year: self.year - 1,
                month: 12,
            }
        } else {
            HijriMonth {
                year: self.year,
                month: self.month - 1,
            }
        }
    }

    /// The month's name.
    #[allow(
        clippy::indexing_slicing,
        reason = "month is 1–12 in every HijriMonth: parse_iso and the archive's validation \
                  refuse other months, next and previous stay inside 1–12"
    )]
    pub fn name(self) -> &'static str {
        MONTH_NAMES[usize::from(self.month - 1)]
    }

    /// The month's name in `lang`.
    #[allow(
        clippy::indexing_slicing,
        reason = "month is 1–12 in every HijriMonth (see `name`)"
    )]
    pub fn name_in(self, lang: Lang) -> &'static str {
        let index = usize::from(self.month - 1);
        match lang {
            Lang::Id => MONTH_NAMES[index],
            Lang::En => MONTH_NAMES_EN[index],
            Lang::Ar => MONTH_NAMES_AR[index],
        }
    }

    /// Parses exactly `YYYY-MM` with month 1–12 and a year from 1.
    pub fn parse_iso(text: &str) -> Option<HijriMonth> {
        let (year, month) = text.split_once('-')?;
        let digits = |part: &str, len: usize| {
            (part.len() == len && part.bytes().all(|b| b.is_ascii_digit()))
                .then(|| part.parse::<u16>().ok())
                .flatten()
        };
        let (year, month) = (digits(year, 4)?, digits(month, 2)?);
        (year > 0 && (1..=12).contains(&month)).then_some(HijriMonth {
            year,
            month: month as u8,
        })
    }
    /// This month written `YYYY-MM` (its `Display`), without allocating.
    pub fn iso(self) -> Ascii<24> {
        iso_month(i64::from(self.year), u32::from(self.month))
    }
}

impl fmt::Display for HijriMonth {
    /// `YYYY-MM`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.iso().as_str())
    }
}

/// A text that is not a Hijri month written exactly `YYYY-MM`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InvalidMonth(pub String);

impl fmt::Display for InvalidMonth {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid Hijri month {:?}: expected YYYY-MM (zero-padded, month 01-12)",
            self.0
        )
    }
}

impl std::error::Error for InvalidMonth {}

impl std::str::FromStr for HijriMonth {
    type Err = InvalidMonth;

    /// [`HijriMonth::parse_iso`], with an error that names the text.
    fn from_str(text: &str) -> Result<HijriMonth, InvalidMonth> {
        HijriMonth::parse_iso(text).ok_or_else(|| InvalidMonth(text.to_owned()))
    }
}

/// A Hijri date (day 1–30 of a month); whether the day exists depends on the archive.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct HijriDate {
    /// Hijri year.
    pub year: u16,
    /// Month 1–12.
    pub month: u8,
    /// Day 1–30.
    pub day: u8,
}

impl HijriDate {
    /// Parses exactly `YYYY-MM-DD` with month 1–12 and day 1–30 (month lengths are checked
    /// against the archive, not here).
    pub fn parse_iso(text: &str) -> Option<HijriDate> {
        let (year, month, day) = split_iso(text, 4)?;
        if !(1..=12).contains(&month) || !(1..=30).contains(&day) || year == 0 {
            return None;
        }
        Some(HijriDate {
            year: year as u16,
            month: month as u8,
            day: day as u8,
        })
    }

    /// The year and month of this date.
    pub fn month_of_year(self) -> HijriMonth {
        HijriMonth {
            year: self.year,
            month: self.month,
        }
    }

    /// This date written `YYYY-MM-DD` (its `Display`), without allocating.
    pub fn iso(self) -> Ascii<24> {
        iso_date(
            i64::from(self.year),
            u32::from(self.month),
            u32::from(self.day),
        )
    }

    /// Text of the form `<day> <month name> <year> H`, e.g. `29 Sya'ban 1446 H`.
    pub fn long_text(self) -> String {
        format!(
            "{} {} {} H",
            self.day,
            self.month_of_year().name(),
            self.year
        )
    }
}

impl fmt::Display for HijriDate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.iso().as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_neighbours() {
        assert_eq!(month_name(9), Some("Ramadhan"));
        assert_eq!(month_name(0), None);
        assert_eq!(month_name(13), None);
        let dzulhijjah = HijriMonth {
            year: 1446,
            month: 12,
        };
        assert_eq!(
            dzulhijjah.next(),
            HijriMonth {
                year: 1447,
                month: 1
            }
        );
        assert_eq!(dzulhijjah.next().previous(), dzulhijjah);
    }

    #[test]
    fn parse_and_print() {
        let date = HijriDate::parse_iso("1446-09-01").unwrap();
        assert_eq!(
            date,
            HijriDate {
                year: 1446,
                month: 9,
                day: 1
            }
        );
        assert_eq!(date.to_string(), "1446-09-01");
        assert_eq!(
            HijriDate {
                year: 1446,
                month: 8,
                day: 29
            }
            .long_text(),
            "29 Sya'ban 1446 H"
        );
        let month = HijriMonth::parse_iso("1448-08").unwrap();
        assert_eq!(
            month,
            HijriMonth {
                year: 1448,
                month: 8
            }
        );
        assert_eq!(month.to_string(), "1448-08");
        for bad in [
            "1448-8",
            "1448-00",
            "1448-13",
            "0000-01",
            "1448-08-01",
            "14x8-08",
            "",
            "146-09",
            "abcd-ef",
        ] {
            assert_eq!(HijriMonth::parse_iso(bad), None, "{bad:?}");
        }
        for bad in [
            "1446-13-01",
            "1446-09-31",
            "1446-09-00",
            "1446-9-01",
            "0000-01-01",
        ] {
            assert_eq!(HijriDate::parse_iso(bad), None, "{bad:?}");
        }
    }
}
