//! The days off: the body of `/holidays` (a Gregorian year's national holidays and cuti
//! bersama, decreed or predicted, with the decree and its amendments), and the records of
//! one day that `/today` and `/convert` carry ([`Item`], [`on_day`]), with the observances of
//! a Hijri day ([`observances_of`]). Every item names its holiday from the vocabulary
//! (`hijri::holiday`), gives the government's Hijri date of the day and, for an Islamic
//! holiday, the other calendars' dates of the same Hijri day where they differ. The year's
//! long weekends and harpitnas days come from [`workdays::long_weekends`].

use hijri::date::Date;
use hijri::hijri::HijriDate;
use hijri::holiday::{self, Holiday, Standing, Workweek};
use hijri::lang::Lang;
use hijri::observance::{Observance, OBSERVANCES};
use hijri::schema::{
    ArchivedChain, ArchivedDataset, ArchivedDecree, ArchivedHolidayDay, ArchivedHolidayYear,
    DayKind, Tier,
};
use hijri::span;
use hijri::warnings::{self, PartialYear, Warning, Warnings};
use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};

use super::workdays::{self, LongWeekends};
use crate::{ErrorCode, Refusal, Text, WarningList};

/// Which days `/holidays` lists (`kind`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kinds {
    /// National holidays only.
    Holidays,
    /// Cuti bersama only.
    Leave,
    /// Both.
    All,
}

impl Kinds {
    /// Every value, as `kind` names them.
    pub const ALL: [Kinds; 3] = [Kinds::Holidays, Kinds::Leave, Kinds::All];

    /// The value of `kind`.
    pub fn name(self) -> &'static str {
        match self {
            Kinds::Holidays => DayKind::LiburNasional.name(),
            Kinds::Leave => DayKind::CutiBersama.name(),
            Kinds::All => "all",
        }
    }

    /// The kinds a `kind` value names (any letter case), or `invalid_kind`.
    pub fn parse(text: &str) -> Result<Kinds, Refusal> {
        Kinds::ALL
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(text))
            .ok_or_else(|| {
                Refusal::new(
                    ErrorCode::InvalidKind,
                    format!(
                        "`kind` must be libur_nasional, cuti_bersama or all, got \"{}\"",
                        crate::truncated(text)
                    ),
                )
            })
    }

    /// True if these kinds list a day of `kind`.
    pub fn admits(self, kind: DayKind) -> bool {
        match self {
            Kinds::Holidays => kind == DayKind::LiburNasional,
            Kinds::Leave => kind == DayKind::CutiBersama,
            Kinds::All => true,
        }
    }
}

/// The other calendars' dates of an item's Hijri day, where they differ: an object keyed by
/// each calendar's identifier.
struct OtherCalendars<'a>(Vec<(&'a str, Date)>);

impl Serialize for OtherCalendars<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (id, date) in &self.0 {
            map.serialize_entry(id, &Text(*date))?;
        }
        map.end()
    }
}

/// One day off.
#[derive(Serialize)]
pub struct Item<'a> {
    date: Text<Date>,
    kind: &'static str,
    slug: &'a str,
    name: String,
    name_en: String,
    status: &'static str,
    observance: Option<&'static str>,
    hijri: Option<Text<HijriDate>>,
    source: Option<&'a str>,
    other_calendars: OtherCalendars<'a>,
}

impl<'a> Item<'a> {
    /// The record `day`, `predicted` or decreed, its `name` in `lang`; `warnings` gathers
    /// its Islamic day's month's warnings.
    fn of(
        dataset: &'a ArchivedDataset,
        day: &'a ArchivedHolidayDay,
        (predicted, lang): (bool, Lang),
        warnings: &mut Warnings<'a>,
    ) -> Item<'a> {
        let date = Date(day.date.to_native());
        let kind = day.kind.get();
        let found = holiday::by_slug(&day.slug);
        let (name, name_en) = (name(found, kind, lang), name(found, kind, Lang::En));
        let default = dataset.default_chain();
        let observance = found
            .and_then(|h| h.observance)
            .filter(|_| kind == DayKind::LiburNasional);
        // An Islamic holiday's Hijri date is its own (the decree's); another day's is the
        // government's calendar's, as served without retro=true.
        let hijri = default.and_then(|chain| match found.filter(|_| observance.is_some()) {
            Some(holiday) => holiday_date(dataset, chain, holiday, date),
            None => chain
                .to_hijri(date)
                .filter(|(_, month)| chain.tier_of_day(month, date) != Tier::Retro)
                .map(|(hijri, _)| hijri),
        });
        let source = default.and_then(|chain| {
            let (_, month) = chain.to_hijri(date)?;
            let tier = chain.tier_of_day(month, date);
            if observance.is_some() && tier != Tier::Retro {
                warnings.merge(warnings::for_month(chain, month));
                if tier != month.tier() {
                    warnings.add(warnings::computed(chain, month)?);
                }
            }
            (tier != Tier::Retro).then(|| chain.source(tier))
        });
        let others = match (observance, hijri) {
            (Some(_), Some(hijri)) => other_dates(dataset, hijri, date, warnings),
            _ => Vec::new(),
        };
        Item {
            date: Text(date),
            kind: kind.name(),
            slug: &day.slug,
            name,
            name_en,
            status: Standing::of_day(predicted),
            observance,
            hijri: hijri.map(Text),
            source,
            other_calendars: OtherCalendars(others),
        }
    }
}

/// A day's names in Indonesian and English: the holiday's, or "cuti bersama" of it.
pub fn names(holiday: Option<&Holiday>, kind: DayKind) -> (String, String) {
    (name(holiday, kind, Lang::Id), name(holiday, kind, Lang::En))
}

/// A day's name in `lang`: the holiday's, or "cuti bersama" of it (`إجازة جماعية` in
/// Arabic, also before the Indonesian name of a holiday without an Arabic one).
pub fn name(holiday: Option<&Holiday>, kind: DayKind, lang: Lang) -> String {
    let name = holiday.map_or("", |h| h.name_in(lang));
    match (kind, lang) {
        (DayKind::LiburNasional, _) => name.to_owned(),
        (DayKind::CutiBersama, Lang::Id) => format!("Cuti bersama {name}"),
        (DayKind::CutiBersama, Lang::En) => format!("Collective leave: {name}"),
        (DayKind::CutiBersama, Lang::Ar) => format!("إجازة جماعية: {name}"),
    }
}

/// The Hijri date of an Islamic `holiday` on `date`: the holiday's first day is the one
/// `chain` puts nearest to the decree's first day of it (they may differ by a day before the
/// official table), and each later day of the decree's run is the next day of the range (the
/// second day of Idul Fitri is 10-02 even when the calendar's 1 Syawal is a day later).
fn holiday_date(
    dataset: &ArchivedDataset,
    chain: &ArchivedChain,
    holiday: &Holiday,
    date: Date,
) -> Option<HijriDate> {
    let hijri::holiday::Prediction::Hijri(month, first, last) = holiday.prediction else {
        return None;
    };
    // How many days of this holiday the decree has just before `date` (at most the range's).
    let before = (1..=i32::from(last.saturating_sub(first)))
        .take_while(|&back| {
            dataset
                .holidays_on(date.add_days(-back))
                .iter()
                .any(|d| d.slug.as_str() == holiday.slug && d.kind.get() == DayKind::LiburNasional)
        })
        .count();
    let offset = u8::try_from(before).ok()?;
    let start = date.add_days(-i32::from(offset));
    let (near, _) = chain.to_hijri(start)?;
    let candidates = [
        near.year.saturating_sub(1),
        near.year,
        near.year.saturating_add(1),
    ];
    candidates
        .into_iter()
        .map(|year| HijriDate {
            year,
            month,
            day: first,
        })
        .filter_map(|hijri| Some((hijri, chain.to_gregorian(hijri)?.0)))
        .min_by_key(|(_, on)| (on.0 - start.0).abs())
        .map(|(hijri, _)| HijriDate {
            day: first.saturating_add(offset),
            ..hijri
        })
}

/// The other calendars' Gregorian dates of `hijri` that differ from `date` and are served
/// without retro=true; a calendar whose differing date is retro-computed is left out, and
/// `warnings` says so.
fn other_dates<'a>(
    dataset: &'a ArchivedDataset,
    hijri: HijriDate,
    date: Date,
    warnings: &mut Warnings<'a>,
) -> Vec<(&'a str, Date)> {
    let mut dates = Vec::new();
    for chain in dataset.chains.iter().skip(1) {
        let Some((theirs, month)) = chain.to_gregorian(hijri) else {
            continue;
        };
        if theirs == date || !span::contains(theirs) {
            continue;
        }
        if chain.tier_of_day(month, theirs) == Tier::Retro {
            warnings.add(Warning::OtherRetro(&chain.id, &chain.texts.before_table));
        } else {
            dates.push((chain.id.as_str(), theirs));
        }
    }
    dates
}

/// The records on `date`, for `/today` and `/convert` (`[]` when there are none), named in
/// `lang`.
pub fn on_day(dataset: &ArchivedDataset, date: Date, lang: Lang) -> Vec<Item<'_>> {
    let year = dataset.holiday_year(date.ymd().0);
    let mut ignored = Warnings::default();
    dataset
        .holidays_on(date)
        .iter()
        .map(|day| {
            let predicted = year.is_none_or(|y| y.predicts(day));
            Item::of(dataset, day, (predicted, lang), &mut ignored)
        })
        .collect()
}

/// An observance of a Hijri day: its slug and names.
#[derive(Serialize)]
pub struct ObservanceName {
    slug: &'static str,
    name: &'static str,
    name_en: &'static str,
}

/// The observances of `hijri` (every set, ranges included), `name` in `lang`.
pub fn observances_of(hijri: HijriDate, lang: Lang) -> Vec<ObservanceName> {
    observances_on(hijri)
        .map(|o| ObservanceName {
            slug: o.slug,
            name: o.name_in(lang),
            name_en: o.name_en,
        })
        .collect()
}

/// The observances that fall on `hijri`, every set, ranges included.
pub fn observances_on(hijri: HijriDate) -> impl Iterator<Item = &'static Observance> {
    OBSERVANCES.iter().filter(move |o: &&Observance| {
        o.month.is_none_or(|m| m == hijri.month) && {
            let (first, last) = o.days_in(hijri.month);
            (first..=last).contains(&hijri.day)
        }
    })
}

#[derive(Serialize)]
struct Input {
    year: i32,
    kind: &'static str,
}

/// A decree as `/holidays` names it.
#[derive(Serialize)]
struct DecreeView<'a> {
    number: &'a str,
    date: Text<Date>,
    title: &'a str,
    source: &'a str,
}

impl<'a> DecreeView<'a> {
    fn of(decree: &'a ArchivedDecree) -> DecreeView<'a> {
        DecreeView {
            number: &decree.number,
            date: Text(Date(decree.date.to_native())),
            title: &decree.title,
            source: &decree.source,
        }
    }
}

/// An amendment of the year (or a presidential decree after its SKB).
#[derive(Serialize)]
struct Amendment<'a> {
    date: Text<Date>,
    decree: &'a str,
    change: &'a str,
    source: &'a str,
}

/// The body of `/holidays`.
#[derive(Serialize)]
pub struct HolidaysAnswer<'a> {
    input: Input,
    year: i32,
    status: &'static str,
    decree: Option<DecreeView<'a>>,
    count: usize,
    items: Vec<Item<'a>>,
    amendments: Vec<Amendment<'a>>,
    long_weekends: LongWeekends<'a>,
    warnings: WarningList<'a>,
}

/// The Gregorian years `/holidays` serves, as a refusal naming them for a year outside.
pub fn year_of(dataset: &ArchivedDataset, year: i64) -> Result<&ArchivedHolidayYear, Refusal> {
    let (first, last) = dataset.holiday_years().unwrap_or((1, 0));
    let (span_first, span_last) = (span::FIRST.ymd().0, span::LAST.ymd().0);
    let Ok(year) = i32::try_from(year) else {
        return Err(outside_span(span_first, span_last));
    };
    if !(span_first..=span_last).contains(&year) {
        return Err(outside_span(span_first, span_last));
    }
    dataset.holiday_year(year).ok_or_else(|| {
        Refusal::new(
            ErrorCode::OutOfCoverage,
            format!("days off are served for the years {first} to {last}; {year} is not one"),
        )
    })
}

fn outside_span(first: i32, last: i32) -> Refusal {
    Refusal::new(
        ErrorCode::InvalidYear,
        format!("`year` must be a Gregorian year from {first} to {last}"),
    )
}

/// The days off of a year (see [`year_of`]) of the kinds asked for, named in `lang`, with its
/// long weekends in a five-day week, cuti bersama counted as days off when the kinds list them.
pub fn holidays<'a>(
    dataset: &'a ArchivedDataset,
    year: &'a ArchivedHolidayYear,
    kinds: Kinds,
    lang: Lang,
) -> HolidaysAnswer<'a> {
    let number = i32::from(year.year.to_native());
    let decrees: Vec<&ArchivedDecree> = year
        .decrees
        .iter()
        .filter_map(|i| {
            dataset
                .holidays
                .decrees
                .get(usize::try_from(i.to_native()).ok()?)
        })
        .collect();
    let mut warnings = Warnings::default();
    match year.standing() {
        Standing::Predicted => warnings.add(Warning::Predicted(year.year.to_native())),
        Standing::Partial => warnings.add(Warning::Partial(PartialYear(year))),
        Standing::Decreed => {}
    }
    for slug in year.undated.iter() {
        if let Some(h) = holiday::by_slug(slug) {
            warnings.add(Warning::Undated(h.name_en, year.year.to_native()));
        }
    }
    let items: Vec<Item> = year
        .days
        .iter()
        .filter(|day| kinds.admits(day.kind.get()))
        .map(|day| Item::of(dataset, day, (year.predicts(day), lang), &mut warnings))
        .collect();
    HolidaysAnswer {
        input: Input {
            year: number,
            kind: kinds.name(),
        },
        year: number,
        status: year.standing().name(),
        decree: decrees.first().map(|d| DecreeView::of(d)),
        count: items.len(),
        items,
        amendments: decrees
            .iter()
            .skip(1)
            .map(|d| Amendment {
                date: Text(Date(d.date.to_native())),
                decree: &d.number,
                change: &d.change,
                source: &d.source,
            })
            .collect(),
        long_weekends: workdays::long_weekends(
            dataset,
            number,
            Workweek {
                days: 5,
                cuti_bersama: kinds != Kinds::Holidays,
            },
            lang,
        ),
        warnings: WarningList(warnings),
    }
}
