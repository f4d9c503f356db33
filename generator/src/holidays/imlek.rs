//! Imlek (Chinese New Year) from the project's own ephemeris, by the Chinese calendar's rules
//! at UTC+8, as the Hong Kong Observatory's and the Purple Mountain Observatory's tables apply
//! them:
//! - a month begins on the civil day (UTC+8) of the new moon;
//! - the month containing the day of the winter solstice (apparent solar longitude 270°) is
//!   the 11th;
//! - when 13 months begin from one 11th month to the next (a *sui*, solstice to solstice),
//!   the first of them without a major solar term (*zhongqi*, a multiple of 30°) on one of
//!   its days is a leap month, numbered as the month before it.
//!
//! New Year is the first day of month 1: the second month after the 11th, or the third when
//! the 11th or the 12th month is followed by a leap month (2033's leap 11th month puts New
//! Year 2034 on 19 February). Indonesia numbers the year it begins in Kongzili years.

use super::{days_after, in_span, midnight_utc};
use chrono::{DateTime, FixedOffset, Utc};
use hijri::date::Date;
use hijri::zone::Zone;
use hijri_astro::{Astro, AstroError};

/// China Standard Time (UTC+8), the calendar's civil day, with no daylight saving (the
/// published tables keep UTC+8 through China's 1986–1991 summer time).
const CHINA_STANDARD_TIME: FixedOffset = match FixedOffset::east_opt(8 * 3600) {
    Some(offset) => offset,
    None => panic!("UTC+8 is a valid offset"),
};
/// The winter solstice's apparent solar longitude, degrees.
const WINTER_SOLSTICE: f64 = 270.0;
/// The spacing of the major solar terms (zhongqi), degrees.
const MAJOR_TERM: f64 = 30.0;
/// Major terms in a sui after its winter solstice, up to the next solstice.
const MAJOR_TERMS_PER_SUI: u32 = 12;
/// Months from one 11th month to the next in a sui with a leap month.
const LEAP_SUI_MONTHS: usize = 13;
/// Kongzili year minus the Gregorian year of its New Year (New Year 2026 begins 2577).
const KONGZILI_OFFSET: i32 = 551;

/// One Chinese New Year: its Gregorian day and the Kongzili year it begins.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Imlek {
    /// The first day of month 1, a Gregorian date.
    pub date: Date,
    /// The Chinese year that begins, numbered as Indonesia does (Kongzili).
    pub kongzili: i32,
}

/// Chinese New Year in the Gregorian `year`, or `None` for a year outside the served span
/// (1945 … 2100); an error only if the ephemeris fails.
pub fn imlek(astro: &Astro, year: i32) -> Result<Option<Imlek>, AstroError> {
    if !in_span(year) {
        return Ok(None);
    }
    let sui = Sui::before(astro, year)?;
    let date = sui.new_year().ok_or_else(|| {
        AstroError::NoEvent(format!("no month 1 found for Chinese New Year {year}"))
    })?;
    Ok(Some(Imlek {
        date,
        kongzili: year + KONGZILI_OFFSET,
    }))
}

/// The months from the 11th month of one sui to the 11th month of the next, with the major
/// terms between the two winter solstices, as civil days at UTC+8.
struct Sui {
    /// The first days of the months, in order: the 11th month is first, the next sui's 11th
    /// month last.
    starts: Vec<Date>,
    /// The days of the major terms after the first solstice, up to the second.
    major_terms: Vec<Date>,
}

impl Sui {
    /// The sui from the winter solstice of `year − 1` to that of `year`: it holds New Year
    /// of `year`.
    fn before(astro: &Astro, year: i32) -> Result<Sui, AstroError> {
        let first = solstice(astro, year - 1)?;
        let second = solstice(astro, year)?;
        let mut major_terms = Vec::new();
        let mut term = first;
        for k in 1..=MAJOR_TERMS_PER_SUI {
            let longitude = (WINTER_SOLSTICE + MAJOR_TERM * f64::from(k)) % 360.0;
            term = astro.next_solar_longitude(longitude, term)?;
            major_terms.push(china_day(term));
        }
        // From a month before the first solstice to the end of the second solstice's day:
        // every month that can contain either solstice.
        let new_moons = astro.new_moons(days_after(first, -31)?, days_after(second, 1)?)?;
        let (first_day, second_day) = (china_day(first), china_day(second));
        let mut starts: Vec<Date> = new_moons
            .into_iter()
            .map(china_day)
            .filter(|&day| day <= second_day)
            .collect();
        let eleventh = starts
            .iter()
            .rposition(|&start| start <= first_day)
            .ok_or_else(|| {
                AstroError::NoEvent(format!(
                    "no new moon before the winter solstice of {}",
                    year - 1
                ))
            })?;
        starts.drain(..eleventh);
        Ok(Sui {
            starts,
            major_terms,
        })
    }

    /// The first day of month 1.
    fn new_year(&self) -> Option<Date> {
        let leap = self.leap_month();
        // The 11th month is index 0, the 12th index 1 and month 1 index 2, one later when a
        // leap month comes before it.
        let first_month = if leap.is_some_and(|index| index <= 2) {
            3
        } else {
            2
        };
        self.starts.get(first_month).copied()
    }

    /// The index (from the 11th month, 0) of the leap month, if the sui has 13 months.
    fn leap_month(&self) -> Option<usize> {
        if self.starts.len() != LEAP_SUI_MONTHS + 1 {
            return None;
        }
        self.starts
            .windows(2)
            .enumerate()
            .skip(1)
            .find(|(_, month)| match month {
                [start, next] => !self
                    .major_terms
                    .iter()
                    .any(|term| (start..next).contains(&term)),
                _ => false,
            })
            .map(|(index, _)| index)
    }
}

/// The instant of the winter solstice (20–23 December) of `year`, searched from 10 December
/// (the ephemeris starts on 1 December 1944).
fn solstice(astro: &Astro, year: i32) -> Result<DateTime<Utc>, AstroError> {
    astro.next_solar_longitude(WINTER_SOLSTICE, midnight_utc(year, 12, 10)?)
}

/// The civil day at UTC+8 of the instant `utc`.
fn china_day(utc: DateTime<Utc>) -> Date {
    Date::from(Zone::Fixed(CHINA_STANDARD_TIME).local_date(utc))
}
