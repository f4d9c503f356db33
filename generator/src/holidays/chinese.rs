//! The Chinese calendar from the project's own ephemeris, by its rules at UTC+8, as the Hong
//! Kong Observatory's and the Purple Mountain Observatory's tables apply them:
//! - a month begins on the civil day (UTC+8) of the new moon;
//! - the month containing the day of the winter solstice (apparent solar longitude 270°) is
//!   the 11th;
//! - when 13 months begin from one 11th month to the next (a *sui*, solstice to solstice),
//!   the first of them without a major solar term (*zhongqi*, a multiple of 30°) on one of
//!   its days is a leap month, numbered as the month before it.
//!
//! [`months`] is the table of every month over the served span that the archive keeps (the
//! server looks a day up in it); [`Sui::new_year`] gives Imlek (`super::imlek`).

use super::{days_after, midnight_utc};
use chrono::{DateTime, FixedOffset, Utc};
use hijri::date::Date;
use hijri::schema::ChineseMonth;
use hijri::span;
use hijri::zone::Zone;
use hijri_astro::{Astro, AstroError};
use rayon::prelude::*;

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
/// The number of the month that holds the winter solstice.
const ELEVENTH: u8 = 11;

/// The months from the 11th month of one sui to the 11th month of the next, with the major
/// terms between the two winter solstices, as civil days at UTC+8.
pub struct Sui {
    /// The Gregorian year of the sui's second solstice: its New Year is in that year.
    year: i32,
    /// The first days of the months, in order: the 11th month is first, the next sui's 11th
    /// month last.
    starts: Vec<Date>,
    /// The days of the major terms after the first solstice, up to the second.
    major_terms: Vec<Date>,
}

impl Sui {
    /// The sui from the winter solstice of `year − 1` to that of `year`: it holds New Year
    /// of `year`.
    pub fn before(astro: &Astro, year: i32) -> Result<Sui, AstroError> {
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
            year,
            starts,
            major_terms,
        })
    }

    /// The sui's months, numbered, from its 11th month up to (not including) the next sui's.
    pub fn months(&self) -> Vec<ChineseMonth> {
        let leap = self.leap_month();
        let mut months: Vec<ChineseMonth> = Vec::with_capacity(LEAP_SUI_MONTHS);
        for (index, &start) in self.starts.iter().enumerate() {
            if index + 1 == self.starts.len() {
                break;
            }
            let month = match months.last() {
                None => ChineseMonth {
                    start: start.0,
                    year: self.year - 1,
                    number: ELEVENTH,
                    leap: false,
                },
                Some(before) if leap == Some(index) => ChineseMonth {
                    start: start.0,
                    leap: true,
                    ..*before
                },
                Some(before) => next_month(before, start),
            };
            months.push(month);
        }
        months
    }

    /// The first day of month 1.
    pub fn new_year(&self) -> Option<Date> {
        self.months()
            .iter()
            .find(|month| month.number == 1 && !month.leap)
            .map(|month| Date(month.start))
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

/// The month after `before`, not leap, beginning on `start`; a month 1 begins a new year.
fn next_month(before: &ChineseMonth, start: Date) -> ChineseMonth {
    let number = before.number % 12 + 1;
    ChineseMonth {
        start: start.0,
        year: before.year + i32::from(number == 1),
        number,
        leap: false,
    }
}

/// Every Chinese month with a day in the served span (1945–2100), in order, and the first
/// month after it (which only ends the span's last): the suis before 1945 … 2100, then the
/// months after the last 11th month up to the span's end. Those cannot be told leap or not
/// without the next solstice, beyond the ephemeris; each holds its major term, so none is
/// the leap month (2100's 12th month holds 300° on 20 January 2101).
pub fn months(astro: &Astro) -> Result<Vec<ChineseMonth>, AstroError> {
    let (first, last) = (span::FIRST.ymd().0, span::LAST.ymd().0);
    let suis = (first..=last)
        .into_par_iter()
        .map(|year| Sui::before(astro, year))
        .collect::<Result<Vec<Sui>, AstroError>>()?;
    let mut months: Vec<ChineseMonth> = suis.iter().flat_map(Sui::months).collect();
    let no_tail = || AstroError::NoEvent(format!("no 11th month in the sui before {last}"));
    let eleventh = *suis
        .last()
        .and_then(|s| s.starts.last())
        .ok_or_else(no_tail)?;
    let solstice = solstice(astro, last)?;
    let new_moons = astro.new_moons(days_after(solstice, -31)?, days_after(solstice, 70)?)?;
    let mut tail: Vec<Date> = new_moons
        .into_iter()
        .map(china_day)
        .filter(|&day| day >= eleventh)
        .collect();
    let after_span = tail
        .iter()
        .position(|&day| day > span::LAST)
        .ok_or_else(|| AstroError::NoEvent(format!("no new moon after {}", span::LAST)))?;
    tail.truncate(after_span + 1);
    let mut term = solstice;
    for (k, pair) in (1u32..).zip(tail.windows(2)) {
        let (&[start, next], Some(before)) = (pair, months.last()) else {
            break;
        };
        if k > 1 {
            // The month after the 11th: it must hold the next major term.
            let longitude = (WINTER_SOLSTICE + MAJOR_TERM * f64::from(k - 1)) % 360.0;
            term = astro.next_solar_longitude(longitude, term)?;
            if !(start..next).contains(&china_day(term)) {
                return Err(AstroError::NoEvent(format!(
                    "the month from {start} holds no major term: it may be a leap month"
                )));
            }
        }
        let month = if k == 1 {
            ChineseMonth {
                start: start.0,
                year: last,
                number: ELEVENTH,
                leap: false,
            }
        } else {
            next_month(before, start)
        };
        months.push(month);
    }
    if let (Some(before), Some(&end)) = (months.last(), tail.last()) {
        months.push(next_month(before, end));
    }
    Ok(months)
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
