//! The Chinese calendar's months, and Indonesia's national holidays and cuti bersama.

use rkyv::{Archive, Deserialize, Serialize};

/// One month of the Chinese calendar.
#[derive(Archive, Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq)]
#[rkyv(derive(Debug))]
pub struct ChineseMonth {
    /// Its first day.
    pub start: i32,
    /// The Chinese year it belongs to, as the Gregorian year its New Year falls in (the year
    /// that begins on 17 February 2026 is 2026).
    pub year: i32,
    /// Its number, 1–12 (a leap month has the number of the month before it).
    pub number: u8,
    /// Whether it is a leap month.
    pub leap: bool,
}

/// The days off of every Gregorian year from the first decreed one to the span's last: the
/// decreed days (the final, amended decrees) and, after the last decreed year, the
/// predicted ones.
#[derive(Archive, Serialize, Deserialize, Debug, Clone, PartialEq, Default)]
#[rkyv(derive(Debug))]
pub struct Holidays {
    /// Every decree, by year, then by the date signed.
    pub decrees: Vec<Decree>,
    /// The years, consecutive, in order.
    pub years: Vec<HolidayYear>,
}

/// A decree that set days off.
#[derive(Archive, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[rkyv(derive(Debug))]
pub struct Decree {
    /// Its key in `data/holidays/decrees.csv`, e.g. `skb-2023-a1`.
    pub id: String,
    /// What kind of decree.
    pub kind: DecreeKind,
    /// Its number as written.
    pub number: String,
    /// Gregorian day number of the date signed.
    pub date: i32,
    /// Its short title (Indonesian).
    pub title: String,
    /// Where it is published or quoted.
    pub source: String,
    /// What an amendment or a presidential decree changed (empty for a year's first decree).
    pub change: String,
}

/// The kinds of decree that set days off.
#[derive(Archive, Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq)]
#[rkyv(compare(PartialEq), derive(Debug, Clone, Copy, PartialEq, Eq))]
pub enum DecreeKind {
    /// The year's joint decree of three ministers (SKB 3 Menteri).
    Skb,
    /// An amendment of it.
    Amendment,
    /// A presidential decree (Keppres), e.g. an election day.
    Keppres,
}

/// One Gregorian year's days off.
#[derive(Archive, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[rkyv(derive(Debug))]
pub struct HolidayYear {
    /// The Gregorian year.
    pub year: u16,
    /// Decreed (the final decree's days), or predicted (no decree yet).
    pub decreed: bool,
    /// Indices into [`Holidays::decrees`] of the year's decrees, by date signed: its SKB
    /// first, then its amendments and presidential decrees.
    pub decrees: Vec<u32>,
    /// The days, sorted by date, then kind, then slug.
    pub days: Vec<HolidayDay>,
    /// Slugs of holidays of the year that no rule or table could date (left out).
    pub undated: Vec<String>,
}

/// One day off.
#[derive(Archive, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[rkyv(derive(Debug))]
pub struct HolidayDay {
    /// Gregorian day number.
    pub date: i32,
    /// National holiday or cuti bersama.
    pub kind: DayKind,
    /// The holiday (for a cuti bersama, the holiday it accompanies), by slug
    /// ([`crate::holiday::HOLIDAYS`]).
    pub slug: String,
    /// Index of its year's decree that set it (among [`HolidayYear::decrees`]): 0 for the
    /// SKB, more for a later amendment or presidential decree; 0 in a year without a decree,
    /// [`crate::holiday::PREDICTED`] for a day a partial decree left predicted.
    pub decree: u8,
    /// The date it had first (before an amendment moved it), the day it is known by.
    pub first_date: i32,
}

/// A day off's kind.
#[derive(Archive, Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
#[rkyv(compare(PartialEq), derive(Debug, Clone, Copy, PartialEq, Eq))]
pub enum DayKind {
    /// A national holiday (libur nasional).
    LiburNasional,
    /// Collective leave (cuti bersama).
    CutiBersama,
}
