//! What a decreed year must be, checked when a decree is taken (`announce-holidays`) and
//! at every generation: every national holiday in force that year is among its days (unless
//! its last decree was taken as partial: then the ones left out are predicted, [`fill`]), and
//! every Islamic holiday falls at most one day from the date the chosen calendar's chain
//! gives for it (the sidang isbat moves a date by a day, never more). Each refusal names the
//! holiday, its date and the expected one.

use std::path::Path;

use hijri::date::Date;
use hijri::hijri::HijriDate;
use hijri::holiday::{self, Holiday, Prediction, HOLIDAYS, PREDICTED};
use hijri::registry;
use hijri::schema::{Chain, DayKind, HolidayDay};
use hijri::span;
use hijri_astro::Astro;

use crate::calendars::{self, Context};
use crate::inputs;

use super::facts::{DayRow, Facts};
use super::predict::Predicted;

/// Most days an Islamic holiday may be decreed from its calendar's date.
pub const MAX_DAYS_FROM_CHAIN: i32 = 1;

/// The holidays in force in `year` (see [`Holiday::in_force`]) that `predicted` (the year's
/// prediction) dates and the year's days in `facts` leave out: no national holiday of
/// theirs. Each with its predicted dates, in the year's order.
pub fn missing(
    facts: &Facts,
    year: u16,
    predicted: &Predicted,
) -> Vec<(&'static Holiday, Vec<Date>)> {
    let days = year_days(facts, year);
    HOLIDAYS
        .iter()
        .filter(|h| h.in_force(i32::from(year)))
        .filter(|h| {
            !days
                .iter()
                .any(|d| d.slug == h.slug && d.kind == DayKind::LiburNasional)
        })
        .map(|h| {
            let dates = predicted
                .days
                .iter()
                .filter(|d| d.slug == h.slug)
                .map(|d| Date(d.date))
                .collect::<Vec<_>>();
            (h, dates)
        })
        .filter(|(_, dates)| !dates.is_empty())
        .collect()
}

/// Checks the decreed `year` of `facts` against `chain` (the calendar the Islamic holidays
/// are checked with) and `predicted` (the year predicted with it): complete unless partial,
/// and no Islamic holiday more than [`MAX_DAYS_FROM_CHAIN`] from the chain's date.
pub fn year(
    facts: &Facts,
    year: u16,
    (chain, predicted): (&Chain, &Predicted),
) -> Result<(), String> {
    let missing = missing(facts, year, predicted);
    if !missing.is_empty() && !facts.partial(year) {
        let list: Vec<String> = missing
            .iter()
            .map(|(h, dates)| {
                let dates: Vec<String> = dates.iter().map(Date::to_string).collect();
                format!(
                    "{} ({}, predicted {})",
                    h.slug,
                    h.name_en,
                    dates.join(" and ")
                )
            })
            .collect();
        return Err(format!(
            "the decrees of {year} leave out {} national holiday{} in force that year: {}; \
             list {} (--day DATE=libur_nasional:SLUG), or take the decree with --partial to \
             keep {} predicted",
            missing.len(),
            if missing.len() == 1 { "" } else { "s" },
            list.join("; "),
            if missing.len() == 1 { "it" } else { "them" },
            if missing.len() == 1 { "it" } else { "them" },
        ));
    }
    let days = year_days(facts, year);
    for day in &days {
        misdated(chain, day, &days)?;
    }
    Ok(())
}

/// Refuses a national holiday `day` of an Islamic holiday (among its year's `days`) more than
/// [`MAX_DAYS_FROM_CHAIN`] from the nearest date `chain` gives its Hijri day: the holiday's
/// first Hijri day, or for a later day of its run (the second day of Idul Fitri) the next
/// one.
fn misdated(chain: &Chain, day: &DayRow, days: &[&DayRow]) -> Result<(), String> {
    let Some(found) = holiday::by_slug(&day.slug) else {
        return Ok(());
    };
    let Prediction::Hijri(month, first, last) = found.prediction else {
        return Ok(());
    };
    if day.kind != DayKind::LiburNasional {
        return Ok(());
    }
    let before = (1..=i32::from(last.saturating_sub(first)))
        .take_while(|&back| {
            days.iter().any(|d| {
                d.date == day.date.add_days(-back)
                    && d.slug == day.slug
                    && d.kind == DayKind::LiburNasional
            })
        })
        .count();
    let hijri_day = first.saturating_add(u8::try_from(before).unwrap_or(u8::MAX));
    let Some((expected, hijri)) = nearest(chain, (month, hijri_day), day.date) else {
        return Ok(());
    };
    let off = (day.date.0 - expected.0).abs();
    if off <= MAX_DAYS_FROM_CHAIN {
        return Ok(());
    }
    Err(format!(
        "{} ({}) on {} is {off} days from {expected}, the date {}'s calendar gives {} {} {} \
         ({hijri}); \
         an Islamic holiday is decreed at most {MAX_DAYS_FROM_CHAIN} day from its calendar's \
         date (check the date, or the calendar's table: hijri-generate announce)",
        day.slug,
        found.name_en,
        day.date,
        chain.id,
        hijri.day,
        hijri::hijri::month_name(hijri.month).unwrap_or_default(),
        hijri.year
    ))
}

/// The date of `chain` nearest `date` that is Hijri day `day` of `month`, and that Hijri
/// date.
fn nearest(chain: &Chain, (month, day): (u8, u8), date: Date) -> Option<(Date, HijriDate)> {
    chain
        .months
        .iter()
        .filter(|m| m.hijri.month == month && day <= m.length)
        .map(|m| {
            let on = Date(m.start).add_days(i32::from(day) - 1);
            let hijri = HijriDate {
                year: m.hijri.year,
                month,
                day,
            };
            (on, hijri)
        })
        .min_by_key(|(on, _)| (on.0 - date.0).abs())
}

/// The days of a partial `year` its decrees leave out, from `predicted`: the predicted days
/// of the holidays [`missing`] names, each marked [`PREDICTED`].
pub fn fill(facts: &Facts, year: u16, predicted: &Predicted) -> Vec<HolidayDay> {
    let missing = missing(facts, year, predicted);
    predicted
        .days
        .iter()
        .filter(|d| missing.iter().any(|(h, _)| h.slug == d.slug))
        .map(|d| HolidayDay {
            decree: PREDICTED,
            ..d.clone()
        })
        .collect()
}

/// The government's calendar (the registry's first, the one the holidays are predicted with)
/// built from the facts in `data_dir`, with the astronomy that built it.
pub fn government_chain(data_dir: &Path) -> Result<(Chain, Astro), String> {
    let sites = inputs::load_sites(&data_dir.join("sites.json")).map_err(|e| e.to_string())?;
    let authority = registry::all(sites.len())
        .into_iter()
        .next()
        .ok_or("the registry has no calendar")?;
    let astro = Astro::load(data_dir).map_err(|e| e.to_string())?;
    let ctx = Context {
        data_dir,
        astro: &astro,
        sites: &sites,
        span: (span::FIRST, span::LAST),
    };
    let chain = calendars::build(&ctx, authority, &mut || {}).map_err(|e| e.to_string())?;
    Ok((chain, astro))
}

fn year_days(facts: &Facts, year: u16) -> Vec<&DayRow> {
    facts
        .days
        .iter()
        .filter(|d| d.date.ymd().0 == i32::from(year))
        .collect()
}
