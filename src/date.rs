//! Gregorian dates as day numbers (days since 1970-01-01), with strict ISO parsing, and
//! their conversions to and from chrono's dates.

use std::fmt;
use std::ops::RangeInclusive;

use chrono::{Datelike, NaiveDate};

use crate::ascii::{iso_date, Ascii};
use crate::weekday::Weekday;

/// Day numbers accepted anywhere in the archive: Gregorian years 1 to 9999.
pub const DAY_NUMBERS: RangeInclusive<i32> = -719_162..=2_932_896;

/// A proleptic Gregorian date, stored as its day number (1970-01-01 is day 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date(pub i32);

impl Date {
    /// The date for a year, month (1–12) and day, or `None` if it does not exist.
    pub fn from_ymd(year: i32, month: u32, day: u32) -> Option<Date> {
        if !(1..=12).contains(&month) || day == 0 || day > days_in_month(year, month) {
            return None;
        }
        Some(Date(days_from_civil(year, month, day)))
    }

    /// A date fixed in the code, `year`-`month`-`day` (a constant: nothing checks it at run
    /// time, so each one has a test).
    pub const fn fixed(year: i32, month: u32, day: u32) -> Date {
        Date(days_from_civil(year, month, day))
    }

    /// Parses exactly `YYYY-MM-DD` (four-digit year, two-digit month and day).
    pub fn parse_iso(text: &str) -> Option<Date> {
        let (year, month, day) = split_iso(text, 4)?;
        Date::from_ymd(year as i32, month, day)
    }

    /// Year, month and day of this date.
    pub fn ymd(self) -> (i32, u32, u32) {
        civil_from_days(self.0)
    }

    /// The Indonesian weekday of this date.
    pub fn weekday(self) -> Weekday {
        // 1970-01-01 was a Thursday (Kamis).
        Weekday::from_days_since_sunday((self.0 + 4).rem_euclid(7) as u8)
    }

    /// This date written `YYYY-MM-DD` (its `Display`), without allocating.
    pub fn iso(self) -> Ascii<24> {
        let (year, month, day) = self.ymd();
        iso_date(i64::from(year), month, day)
    }

    /// The date `days` later (earlier when negative).
    pub fn add_days(self, days: i32) -> Date {
        Date(self.0 + days)
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.iso().as_str())
    }
}

/// A text that is not a date written exactly `YYYY-MM-DD`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InvalidDate(pub String);

impl fmt::Display for InvalidDate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid date {:?}: expected a day written YYYY-MM-DD (zero-padded)",
            self.0
        )
    }
}

impl std::error::Error for InvalidDate {}

impl std::str::FromStr for Date {
    type Err = InvalidDate;

    /// [`Date::parse_iso`], with an error that names the text.
    fn from_str(text: &str) -> Result<Date, InvalidDate> {
        Date::parse_iso(text).ok_or_else(|| InvalidDate(text.to_owned()))
    }
}

/// chrono's day count (days from 0001-01-01, which is day 1) of 1970-01-01, day 0.
const CHRONO_DAYS_AT_EPOCH: i32 = 719_163;

impl From<NaiveDate> for Date {
    /// The same day (every chrono date has a day number).
    fn from(date: NaiveDate) -> Date {
        Date(date.num_days_from_ce() - CHRONO_DAYS_AT_EPOCH)
    }
}

/// A day number beyond the years chrono's dates reach (about ±262,000).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BeyondChrono(pub Date);

impl fmt::Display for BeyondChrono {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "day number {} lies beyond the years of chrono's calendar",
            self.0 .0
        )
    }
}

impl std::error::Error for BeyondChrono {}

impl TryFrom<Date> for NaiveDate {
    type Error = BeyondChrono;

    /// The same day as a chrono date, if chrono reaches its year.
    fn try_from(date: Date) -> Result<NaiveDate, BeyondChrono> {
        date.0
            .checked_add(CHRONO_DAYS_AT_EPOCH)
            .and_then(NaiveDate::from_num_days_from_ce_opt)
            .ok_or(BeyondChrono(date))
    }
}

/// Splits `Y…Y-MM-DD` with exactly `year_digits` year digits into numbers; digits only.
pub(crate) fn split_iso(text: &str, year_digits: usize) -> Option<(u32, u32, u32)> {
    let bytes = text.as_bytes();
    if bytes.len() != year_digits + 6
        || bytes.get(year_digits) != Some(&b'-')
        || bytes.get(year_digits + 3) != Some(&b'-')
    {
        return None;
    }
    let number = |range: std::ops::Range<usize>| -> Option<u32> {
        let part = bytes.get(range)?;
        if !part.iter().all(u8::is_ascii_digit) {
            return None;
        }
        Some(part.iter().fold(0, |n, &b| n * 10 + u32::from(b - b'0')))
    };
    Some((
        number(0..year_digits)?,
        number(year_digits + 1..year_digits + 3)?,
        number(year_digits + 4..year_digits + 6)?,
    ))
}

/// The wall-clock hour and minute (truncated to the minute) of a Unix instant at a UTC offset.
pub fn local_clock(unix_s: i64, utc_offset_s: i32) -> (u32, u32) {
    let minutes = (unix_s + i64::from(utc_offset_s)).rem_euclid(86_400) / 60;
    ((minutes / 60) as u32, (minutes % 60) as u32)
}

/// Whole minutes from the instant `from_s` to `to_s` (Unix seconds), rounded to the nearest
/// minute, halves away from zero; negative when `to_s` comes first. The rule of the Moon's
/// lag (moonset − sunset) wherever it is shown: the API's `lag_minutes` and the cards.
pub fn minutes_between(from_s: i64, to_s: i64) -> i64 {
    let seconds = to_s - from_s;
    let rounded = (seconds.abs() + 30) / 60;
    if seconds < 0 {
        -rounded
    } else {
        rounded
    }
}

/// True for Gregorian leap years.
pub fn is_leap_year(year: i32) -> bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
}

/// The Indonesian names of the Gregorian months, January first (the cards and the page print
/// them).
pub const MONTH_NAMES: [&str; 12] = [
    "Januari",
    "Februari",
    "Maret",
    "April",
    "Mei",
    "Juni",
    "Juli",
    "Agustus",
    "September",
    "Oktober",
    "November",
    "Desember",
];

/// Number of days in a Gregorian month (1–12).
pub fn days_in_month(year: i32, month: u32) -> u32 {
    match month {
        2 if is_leap_year(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Day number of a civil date (Howard Hinnant's algorithm, proleptic Gregorian).
const fn days_from_civil(year: i32, month: u32, day: u32) -> i32 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let m = month as i32;
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + day as i32 - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// Civil date of a day number (inverse of [`days_from_civil`]).
fn civil_from_days(days: i32) -> (i32, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i32::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chrono_dates_are_the_same_days() {
        for day in (-9200..47600).chain([-719_162, 1_000_000, -1_000_000]) {
            let (y, m, d) = Date(day).ymd();
            let naive = NaiveDate::from_ymd_opt(y, m, d).unwrap();
            assert_eq!(NaiveDate::try_from(Date(day)), Ok(naive), "{day}");
            assert_eq!(Date::from(naive), Date(day), "{naive}");
            assert_eq!((naive.year(), naive.month(), naive.day()), (y, m, d));
        }
        for edge in [NaiveDate::MIN, NaiveDate::MAX] {
            assert_eq!(NaiveDate::try_from(Date::from(edge)), Ok(edge));
        }
        for beyond in [
            Date::from(NaiveDate::MAX).add_days(1),
            Date::from(NaiveDate::MIN).add_days(-1),
            Date(i32::MAX),
            Date(i32::MIN),
        ] {
            assert_eq!(NaiveDate::try_from(beyond), Err(BeyondChrono(beyond)));
        }
    }

    #[test]
    fn epoch_and_edges_round_trip() {
        assert_eq!(Date::from_ymd(1970, 1, 1), Some(Date(0)));
        assert_eq!(Date::from_ymd(1945, 1, 1), Some(Date(-9131)));
        assert_eq!(Date::from_ymd(2100, 1, 1), Some(Date(47482)));
        for day in -9200..47600 {
            let (y, m, d) = Date(day).ymd();
            assert_eq!(Date::from_ymd(y, m, d), Some(Date(day)));
        }
    }

    #[test]
    fn local_clock_truncates_to_the_minute() {
        // 2025-03-01T11:51:59Z is 18:51:59 WIB.
        assert_eq!(local_clock(1_740_829_919, 25_200), (18, 51));
        assert_eq!(local_clock(-1, 0), (23, 59));
        assert_eq!(local_clock(0, 32_400), (9, 0));
    }

    #[test]
    fn minutes_round_to_the_nearest_halves_away_from_zero() {
        assert_eq!(minutes_between(100, 100), 0);
        assert_eq!(minutes_between(0, 29), 0);
        assert_eq!(minutes_between(0, 30), 1);
        assert_eq!(minutes_between(0, 1_980), 33);
        assert_eq!(minutes_between(0, -29), 0);
        assert_eq!(minutes_between(0, -30), -1);
        assert_eq!(minutes_between(1_000, 1_000 - 1_410), -24);
    }

    #[test]
    fn leap_rules() {
        assert!(Date::from_ymd(2000, 2, 29).is_some());
        assert!(Date::from_ymd(2100, 2, 29).is_none());
        assert!(Date::from_ymd(2024, 2, 29).is_some());
        assert!(Date::from_ymd(2025, 2, 29).is_none());
    }

    #[test]
    fn weekdays_in_indonesian() {
        for (iso, name) in [
            ("1945-01-01", "Senin"),
            ("1945-08-17", "Jumat"),
            ("2025-03-01", "Sabtu"),
            ("2100-01-01", "Jumat"),
            ("2026-11-22", "Ahad"),
        ] {
            let found = Date::parse_iso(iso).unwrap().weekday();
            assert_eq!(found.name(), name, "{iso}");
        }
    }

    #[test]
    fn strict_iso_parsing() {
        assert_eq!(
            Date::parse_iso("2025-03-01").unwrap().to_string(),
            "2025-03-01"
        );
        for bad in [
            "2025-3-01",
            "2025-02-30",
            "20250301",
            "2025-03-01 ",
            "+025-03-01",
            "2025-13-01",
            "",
            "2025-00-10",
        ] {
            assert_eq!(Date::parse_iso(bad), None, "{bad:?}");
        }
    }
}
