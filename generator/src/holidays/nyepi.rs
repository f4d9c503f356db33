//! Nyepi, the day after Tilem Kesanga (the new moon ending the 9th month) in the Balinese Saka
//! calendar, by that calendar's own arithmetic rather than the sky:
//! - *pengalantaka*: 64 lunar days (tithi) in every 63 solar days, one day in 63 counting two
//!   (*ngunaratri*); 2000-01-01 was pangelong 10 (the 25th tithi of its month);
//! - a tilem is the day on which a month's 30th tithi ends;
//! - a Saka year runs from Nyepi to Nyepi, 12 months, or 13 when it has a leap month (*nampih
//!   sasih*): after Desta in the years whose Saka number leaves 0, 6 or 11 after division by
//!   19, after Sada for 3, 8, 14 or 16 (the cycle in force outside the 1993–2003 *Saka Kala*).
//!
//! Counted from Tilem Kesanga 2005 (10 March), this reproduces every Nyepi of the published
//! table 2005–2050 (`data/reference/holidays/nyepi.csv`); the ngunaratri's day within the 63
//! is the one the table fixes (one day earlier gives the same dates through 2100). Before
//! 2005 the calendar ran other rules, so those years are `None`, as are years after the served
//! span.

use hijri::date::Date;
use hijri::span;

/// The pengalantaka's epoch.
const EPOCH: Date = Date::fixed(2000, 1, 1);
/// Tithis completed by the end of the epoch day (pangelong 10: 15 + 10).
const EPOCH_TITHIS: i64 = 25;
/// The pengalantaka's cycle: 63 days of 64 tithis.
const CYCLE_DAYS: i64 = 63;
/// Where the ngunaratri falls in the cycle: the days `n` after the epoch with
/// `(n + NGUNARATRI_PHASE) % 63 == 0` count two tithis (2000-01-19 and every 63 days on).
const NGUNARATRI_PHASE: i64 = 45;
/// Tithis in a month (15 of penanggal, 15 of pangelong).
const TITHIS_PER_MONTH: i64 = 30;
/// The first year the rule answers for.
const FIRST_YEAR: i32 = 2005;
/// Tilem Kesanga of [`FIRST_YEAR`] counted in months from the epoch: 2005-03-10 ends the
/// epoch's tithi 65 × 30.
const FIRST_TILEM_KESANGA: i64 = 65;
/// The Gregorian year minus the Saka year that begins at its Nyepi (the Saka era's 78 CE).
const SAKA_ERA: i32 = 78;
/// The nampih sasih cycle's length, years.
const NAMPIH_CYCLE: i32 = 19;
/// Saka years (remainder after division by 19) with a leap month: Desta 0, 6, 11; Sada 3, 8,
/// 14, 16.
const NAMPIH_YEARS: [i32; 7] = [0, 3, 6, 8, 11, 14, 16];

/// Nyepi of the Gregorian `year`, or `None` for a year before 2005 or after the served span.
pub fn nyepi(year: i32) -> Option<Date> {
    if !(FIRST_YEAR..=span::LAST.ymd().0).contains(&year) {
        return None;
    }
    let months: i64 = (FIRST_YEAR..year).map(saka_year_months).sum();
    let tilem = tilem_day(FIRST_TILEM_KESANGA + months)?;
    Some(tilem.add_days(1))
}

/// Months in the Saka year that begins at Nyepi of the Gregorian `year`.
fn saka_year_months(year: i32) -> i64 {
    let saka = year - SAKA_ERA;
    if NAMPIH_YEARS.contains(&saka.rem_euclid(NAMPIH_CYCLE)) {
        13
    } else {
        12
    }
}

/// Tithis completed by the end of the day `days` after the epoch.
fn tithis(days: i64) -> i64 {
    EPOCH_TITHIS + days + (days + NGUNARATRI_PHASE).div_euclid(CYCLE_DAYS)
}

/// The day on which the `month`th month after the epoch ends (its tilem): the first day by
/// whose end `month × 30` tithis are completed.
fn tilem_day(month: i64) -> Option<Date> {
    let target = month * TITHIS_PER_MONTH;
    // A tithi is 63/64 of a day; start just below the estimate and step up.
    let mut days = (target - EPOCH_TITHIS) * CYCLE_DAYS / (CYCLE_DAYS + 1) - 2;
    while tithis(days) < target {
        days += 1;
    }
    Some(EPOCH.add_days(i32::try_from(days).ok()?))
}
