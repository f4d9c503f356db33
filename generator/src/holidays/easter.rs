//! Easter by the Gregorian computus (the anonymous algorithm of 1876, as Meeus gives it), and
//! the two holidays counted from it: Good Friday (Wafat Yesus Kristus, two days before) and
//! Ascension (Kenaikan Yesus Kristus, 39 days after).

use hijri::date::Date;

/// The first year of the Gregorian calendar, and so of its computus.
const FIRST_GREGORIAN_YEAR: i32 = 1583;
/// Good Friday's distance from Easter Sunday, days.
const GOOD_FRIDAY: i32 = -2;
/// Ascension Day's distance from Easter Sunday, days.
const ASCENSION: i32 = 39;

/// Easter Sunday of the Gregorian `year`; `None` before 1583.
pub fn easter_sunday(year: i32) -> Option<Date> {
    if year < FIRST_GREGORIAN_YEAR {
        return None;
    }
    let golden = year % 19;
    let (century, of_century) = (year / 100, year % 100);
    let leap_centuries = (century - (century + 8) / 25 + 1) / 3;
    // The epact-like age of the Paschal moon and the days from it to the next Sunday.
    let moon = (19 * golden + century - century / 4 - leap_centuries + 15) % 30;
    let sunday = (32 + 2 * (century % 4) + 2 * (of_century / 4) - moon - of_century % 4) % 7;
    let correction = (golden + 11 * moon + 22 * sunday) / 451;
    let days = moon + sunday - 7 * correction + 114;
    Date::from_ymd(year, (days / 31) as u32, (days % 31 + 1) as u32)
}

/// Good Friday of `year`, two days before Easter Sunday.
pub fn good_friday(year: i32) -> Option<Date> {
    easter_sunday(year).map(|easter| easter.add_days(GOOD_FRIDAY))
}

/// Ascension Day of `year`, the Thursday 39 days after Easter Sunday.
pub fn ascension(year: i32) -> Option<Date> {
    easter_sunday(year).map(|easter| easter.add_days(ASCENSION))
}
