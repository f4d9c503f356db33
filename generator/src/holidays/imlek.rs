//! Imlek (Chinese New Year): the first day of month 1 of the Chinese calendar computed from
//! the project's own ephemeris ([`super::chinese`]): the second month after the 11th, or the
//! third when the 11th or the 12th month is followed by a leap month (2033's leap 11th month
//! puts New Year 2034 on 19 February). Indonesia numbers the year it begins in Kongzili
//! years.

use super::chinese::Sui;
use super::in_span;
use hijri::chinese::KONGZILI_OFFSET;
use hijri::date::Date;
use hijri_astro::{Astro, AstroError};

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
