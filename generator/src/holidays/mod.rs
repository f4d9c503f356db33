//! The dates of Indonesia's movable national holidays that are not Islamic, computed at build
//! time: [`imlek`] (Chinese New Year, from the ephemeris), [`easter`] (the Gregorian computus:
//! Good Friday, Easter Sunday, Ascension), [`waisak`] (a full moon, from the ephemeris) and
//! [`nyepi`] (the Balinese Saka calendar's arithmetic). Each answers for a Gregorian year and
//! returns `None` for a year its rule does not cover.

pub mod easter;
pub mod imlek;
pub mod nyepi;
pub mod waisak;

use chrono::{DateTime, TimeDelta, TimeZone, Utc};
use hijri::span;
use hijri_astro::AstroError;

/// True if `year` is a Gregorian year of the served span (1945 … 2100), the years the rules
/// computed from the ephemeris answer for.
fn in_span(year: i32) -> bool {
    (span::FIRST.ymd().0..=span::LAST.ymd().0).contains(&year)
}

/// 00:00 UTC on `year`-`month`-`day`.
fn midnight_utc(year: i32, month: u32, day: u32) -> Result<DateTime<Utc>, AstroError> {
    Utc.with_ymd_and_hms(year, month, day, 0, 0, 0)
        .single()
        .ok_or_else(|| AstroError::NoEvent(format!("{year}-{month:02}-{day:02} is not a date")))
}

/// The instant `days` days after `at` (before it when negative).
fn days_after(at: DateTime<Utc>, days: i64) -> Result<DateTime<Utc>, AstroError> {
    at.checked_add_signed(TimeDelta::days(days))
        .ok_or_else(|| AstroError::NoEvent(format!("{at} {days:+} days is not representable")))
}
