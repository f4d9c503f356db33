//! The national holidays of a year without a decree, predicted by each holiday's rule
//! ([`hijri::holiday::Prediction`]): fixed days, the Islamic days from the government's
//! calendar (its month chain, so they are its observance dates), Easter's days from the
//! computus, Imlek and Waisak from the ephemeris, Nyepi from the Saka calendar. Cuti bersama
//! and one-off holidays are policy and are never predicted; a holiday no rule dates in the
//! year is left out and named.

use hijri::date::Date;
use hijri::holiday::{Prediction, HOLIDAYS};
use hijri::schema::{Chain, DayKind, HolidayDay};
use hijri_astro::{Astro, AstroError};

use super::{easter, imlek, nyepi, waisak};

/// A predicted year: its days (by date, then slug) and the slugs no rule dates.
pub struct Predicted {
    /// The days, all national holidays.
    pub days: Vec<HolidayDay>,
    /// The holidays of the year left undated.
    pub undated: Vec<String>,
}

/// The predicted national holidays of Gregorian `year`, the Islamic ones from `chain` (the
/// government's calendar).
pub fn year(astro: &Astro, chain: &Chain, year: i32) -> Result<Predicted, AstroError> {
    let mut days = Vec::new();
    let mut undated = Vec::new();
    for holiday in HOLIDAYS.iter().filter(|h| i32::from(h.since) <= year) {
        let dates = match holiday.prediction {
            Prediction::Fixed(month, day) => Date::from_ymd(year, u32::from(month), u32::from(day))
                .into_iter()
                .collect(),
            Prediction::Hijri(month, first, last) => hijri_days(chain, year, month, (first, last)),
            Prediction::Easter(offset) => easter::easter_sunday(year)
                .map(|sunday| sunday.add_days(i32::from(offset)))
                .into_iter()
                .collect(),
            Prediction::Imlek => imlek::imlek(astro, year)?
                .map(|found| found.date)
                .into_iter()
                .collect(),
            Prediction::Waisak => waisak::waisak(astro, year)?.into_iter().collect(),
            Prediction::Nyepi => nyepi::nyepi(year).into_iter().collect(),
            Prediction::Decreed => continue,
        };
        let dates: Vec<Date> = dates.into_iter().filter(|d| d.ymd().0 == year).collect();
        if dates.is_empty() {
            undated.push(holiday.slug.to_owned());
        }
        days.extend(dates.into_iter().map(|date| HolidayDay {
            date: date.0,
            kind: DayKind::LiburNasional,
            slug: holiday.slug.to_owned(),
            decree: 0,
            first_date: date.0,
        }));
    }
    days.sort_by(|a, b| (a.date, &a.slug).cmp(&(b.date, &b.slug)));
    Ok(Predicted { days, undated })
}

/// The days of Hijri `month` from `first` to `last` in `chain` that fall in Gregorian
/// `year` (a Hijri date can fall twice in one Gregorian year, or not at all).
fn hijri_days(chain: &Chain, year: i32, month: u8, (first, last): (u8, u8)) -> Vec<Date> {
    chain
        .months
        .iter()
        .filter(|m| m.hijri.month == month)
        .flat_map(|m| {
            (first..=last.min(m.length)).map(move |day| Date(m.start).add_days(i32::from(day) - 1))
        })
        .filter(|date| date.ymd().0 == year)
        .collect()
}
