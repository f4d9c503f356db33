//! Indonesia's days off in the archive ([`build`]): the decreed years from the committed
//! facts ([`facts`]), then every year to the span's last predicted ([`predict`]). The dates
//! of the movable holidays that are not Islamic are computed here at build time: [`imlek`]
//! (Chinese New Year, from the ephemeris), [`easter`] (the Gregorian computus: Good Friday,
//! Easter Sunday, Ascension), [`waisak`] (a full moon, from the ephemeris) and [`nyepi`]
//! (the Balinese Saka calendar's arithmetic). Each answers for a Gregorian year and returns
//! `None` for a year its rule does not cover.

pub mod announce;
pub mod check;
pub mod chinese;
pub mod easter;
pub mod facts;
pub mod imlek;
pub mod nyepi;
pub mod predict;
pub mod waisak;

use chrono::{DateTime, TimeDelta, TimeZone, Utc};
use hijri::schema::{Chain, Decree, HolidayDay, HolidayYear, Holidays};
use hijri::span;
use hijri_astro::{Astro, AstroError};
use rayon::prelude::*;

use facts::Facts;

use crate::error::GenerateError;
use crate::inputs::InputError;
use std::path::PathBuf;

/// The archive's days off: every decreed year of `facts` (each checked, [`check::year`]: a
/// partial one with the holidays it leaves out predicted), then every year to the span's
/// last, predicted with the government's calendar `chain`.
pub fn build(astro: &Astro, chain: &Chain, facts: &Facts) -> Result<Holidays, GenerateError> {
    let decrees: Vec<Decree> = facts
        .decrees
        .iter()
        .map(|d| Decree {
            id: d.id.clone(),
            kind: d.kind,
            number: d.number.clone(),
            date: d.date.0,
            title: d.title.clone(),
            source: d.source.clone(),
            change: d.change.clone(),
        })
        .collect();
    let mut years = Vec::new();
    let Some((first, last)) = facts.years() else {
        return Ok(Holidays { decrees, years });
    };
    let decreed_years: Vec<HolidayYear> = (first..=last)
        .into_par_iter()
        .map(|year| {
            let predicted = predict::year(astro, chain, i32::from(year))?;
            check::year(facts, year, (chain, &predicted)).map_err(|message| InputError {
                path: PathBuf::from(facts::DIR).join("days.csv"),
                line: None,
                message,
            })?;
            Ok(decreed(facts, year, &predicted))
        })
        .collect::<Result<_, GenerateError>>()?;
    years.extend(decreed_years);
    let span_last = span::LAST.ymd().0;
    let predicted: Vec<HolidayYear> = (i32::from(last) + 1..=span_last)
        .into_par_iter()
        .map(|year| {
            let predicted = predict::year(astro, chain, year)?;
            Ok(HolidayYear {
                year: u16::try_from(year).unwrap_or(u16::MAX),
                decreed: false,
                decrees: Vec::new(),
                days: predicted.days,
                undated: predicted.undated,
            })
        })
        .collect::<Result<_, AstroError>>()?;
    years.extend(predicted);
    Ok(Holidays { decrees, years })
}

/// The decreed `year` of `facts`: its decrees (the SKB first) and its days, each known by
/// the date it had first and set by the decree at its index; for a partial year, with the
/// days of the holidays it leaves out from `predicted`, set by no decree.
fn decreed(facts: &Facts, year: u16, predicted: &predict::Predicted) -> HolidayYear {
    let ids: Vec<&str> = facts
        .decrees_of(year)
        .iter()
        .map(|d| d.id.as_str())
        .collect();
    let indices = ids
        .iter()
        .filter_map(|id| facts.decrees.iter().position(|d| d.id == *id))
        .filter_map(|i| u32::try_from(i).ok())
        .collect();
    let mut days: Vec<HolidayDay> = facts
        .days
        .iter()
        .filter(|d| d.date.ymd().0 == i32::from(year))
        .map(|d| HolidayDay {
            date: d.date.0,
            kind: d.kind,
            slug: d.slug.clone(),
            decree: ids
                .iter()
                .position(|id| *id == d.decree)
                .and_then(|i| u8::try_from(i).ok())
                .unwrap_or(0),
            first_date: d.replaces.unwrap_or(d.date).0,
        })
        .collect();
    let mut undated = Vec::new();
    if facts.partial(year) {
        days.extend(check::fill(facts, year, predicted));
        days.sort_by(|a, b| (a.date, a.kind, &a.slug).cmp(&(b.date, b.kind, &b.slug)));
        undated = predicted
            .undated
            .iter()
            .filter(|slug| {
                !facts
                    .days
                    .iter()
                    .any(|d| d.slug == **slug && d.date.ymd().0 == i32::from(year))
            })
            .cloned()
            .collect();
    }
    HolidayYear {
        year,
        decreed: true,
        decrees: indices,
        days,
        undated,
    }
}

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
