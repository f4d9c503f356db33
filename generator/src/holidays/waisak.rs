//! Waisak (Vesak) as Indonesia's decrees date it: the first full moon at or after the Sun
//! reaches apparent longitude 45° (the solar term lixia, 5–6 May), on its civil day in WIB.
//!
//! The rule was found from the decreed dates, not from a published definition. It reproduces
//! 44 of the 45 national Waisak days of 1983–2027 (every one of 2015–2027), including the
//! years when the full moon of early May is passed over for that of early June (2023: the
//! full moon of 6 May at 00:34 WIB came 44 minutes before lixia, so Waisak was 4 June; 1993:
//! the full moon of 6 May came 15 hours after it and was Waisak). It misses 1984, decreed on
//! 14 May, the day before that year's full moon (15 May, 11:28 WIB).

use super::{days_after, in_span, midnight_utc};
use chrono_tz::Tz;
use hijri::date::Date;
use hijri::zone::Zone;
use hijri_astro::{Astro, AstroError};

/// The apparent solar longitude (degrees) at or after which the Waisak full moon falls.
const LIXIA: f64 = 45.0;
/// Days after lixia within which a full moon always falls (a synodic month and a margin).
const SEARCH_DAYS: i64 = 31;

/// Waisak of the Gregorian `year` (its WIB date), or `None` for a year outside the served
/// span (1945 … 2100); an error only if the ephemeris fails.
pub fn waisak(astro: &Astro, year: i32) -> Result<Option<Date>, AstroError> {
    if !in_span(year) {
        return Ok(None);
    }
    let lixia = astro.next_solar_longitude(LIXIA, midnight_utc(year, 1, 1)?)?;
    let full_moon = astro
        .full_moons(lixia, days_after(lixia, SEARCH_DAYS)?)?
        .into_iter()
        .next()
        .ok_or_else(|| AstroError::NoEvent(format!("no full moon after lixia {year}")))?;
    let wib = Zone::civil(Tz::Asia__Jakarta);
    Ok(Some(Date::from(wib.local_date(full_moon))))
}
