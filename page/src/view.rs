//! The month or year the page shows ([`View`]): its days, its title, the months before and
//! after, and its parameters in a link.

use hijri::date::{days_in_month, Date};
use hijri::hijri::HijriMonth;
use hijri::schema::ArchivedChain;

use crate::words::Words;

/// The month the grid shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum View {
    /// A Gregorian month (1–12).
    Gregorian {
        /// The year.
        year: i32,
        /// The month, 1–12.
        month: u32,
    },
    /// A Hijri month.
    Hijri(HijriMonth),
    /// A Gregorian year whole, its twelve months on one printable page (`view=year`).
    Year(i32),
}

impl View {
    /// The Gregorian month of `day`.
    pub fn of_day(day: Date) -> View {
        let (year, month, _) = day.ymd();
        View::Gregorian { year, month }
    }

    /// The view's parameters in a link (`&` between them; escaped where written).
    pub fn query(self) -> String {
        match self {
            View::Gregorian { year, month } => {
                format!("calendar=gregorian&year={year}&month={month}")
            }
            View::Hijri(m) => format!("calendar=hijri&year={}&month={}", m.year, m.month),
            View::Year(year) => format!("view=year&year={year}"),
        }
    }

    /// The month before.
    pub fn previous(self) -> View {
        match self {
            View::Gregorian { year, month: 1 } => View::Gregorian {
                year: year - 1,
                month: 12,
            },
            View::Gregorian { year, month } => View::Gregorian {
                year,
                month: month - 1,
            },
            View::Hijri(m) => View::Hijri(m.previous()),
            View::Year(year) => View::Year(year - 1),
        }
    }

    /// The month after.
    pub fn next(self) -> View {
        match self {
            View::Gregorian { year, month: 12 } => View::Gregorian {
                year: year + 1,
                month: 1,
            },
            View::Gregorian { year, month } => View::Gregorian {
                year,
                month: month + 1,
            },
            View::Hijri(m) => View::Hijri(m.next()),
            View::Year(year) => View::Year(year + 1),
        }
    }

    /// True if the chain holds the view's year whole (what the jump accepts).
    pub fn served(self, chain: &ArchivedChain) -> bool {
        match self {
            View::Gregorian { year, .. } | View::Year(year) => {
                let (first, last) = chain.gregorian_years();
                (first..=last).contains(&year)
            }
            View::Hijri(m) => {
                let (first, last) = chain.hijri_years();
                (first..=last).contains(&m.year)
            }
        }
    }

    /// The first and last days of the month in `chain`.
    pub fn days(self, chain: &ArchivedChain) -> Option<(Date, Date)> {
        match self {
            View::Gregorian { year, month } => {
                let first = Date::from_ymd(year, month, 1)?;
                let length = i32::try_from(days_in_month(year, month)).ok()?;
                Some((first, first.add_days(length - 1)))
            }
            View::Hijri(m) => chain.month(m).map(|month| (month.start(), month.last())),
            View::Year(year) => Some((Date::from_ymd(year, 1, 1)?, Date::from_ymd(year, 12, 31)?)),
        }
    }

    /// `Maret 2025`, `Ramadhan 1447 H` or `2027`.
    pub fn title(self, words: &Words) -> String {
        match self {
            View::Gregorian { year, month } => format!("{} {year}", words.month_name(month)),
            View::Hijri(m) => format!("{} {} {}", words.hijri_month(m), m.year, words.lang.era()),
            View::Year(year) => year.to_string(),
        }
    }

    /// The Gregorian year the view is in (of its first day).
    pub fn year_of(self, chain: &ArchivedChain) -> Option<i32> {
        match self {
            View::Gregorian { year, .. } | View::Year(year) => Some(year),
            View::Hijri(_) => self.days(chain).map(|(first, _)| first.ymd().0),
        }
    }
}
