//! The observances of `/events` (and of the iCalendar feeds): the events of a Hijri year, or
//! of the Hijri years that overlap a Gregorian year. Events whose dates need `retro=true` are
//! left out without it, and a `retro_required` warning says how many: the endpoint never
//! answers `out_of_coverage`.

use hijri::date::Date;
use hijri::hijri::HijriDate;
use hijri::lang::Lang;
use hijri::observance::{Occurrence, Selection};
use hijri::schema::{ArchivedChain, ArchivedMonth, Tier};
use hijri::span;
use hijri::warnings::{Items, Warning, Warnings};
use serde::Serialize;

use crate::coverage;
use crate::{truncated, Calendar, ErrorCode, Refusal, Scope, Text, WarningList};

#[derive(Serialize)]
struct Input<'a> {
    year: i32,
    calendar: &'static str,
    /// The parsed include items, each once in the order given; `null` when unset.
    include: Option<Vec<&'static str>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    authority: Option<&'a str>,
}

#[derive(Serialize)]
struct DateRange {
    hijri_start: Text<HijriDate>,
    hijri_end: Text<HijriDate>,
    gregorian_start: Text<Date>,
    gregorian_end: Text<Date>,
}

#[derive(Serialize)]
struct Event<'a> {
    event: &'static str,
    name: &'static str,
    hijri: Text<HijriDate>,
    gregorian: Text<Date>,
    source: &'a str,
    date_range: Option<DateRange>,
}

/// The body of `/events`.
#[derive(Serialize)]
pub struct Events<'a> {
    input: Input<'a>,
    count: usize,
    events: Vec<Event<'a>>,
    warnings: WarningList<'a>,
    /// See [`immutable`]; not part of the body.
    #[serde(skip)]
    immutable: bool,
}

impl Events<'_> {
    /// Number of events.
    pub fn count(&self) -> usize {
        self.count
    }

    /// See [`immutable`].
    pub fn immutable(&self) -> bool {
        self.immutable
    }
}

/// The events one request selects, as `/events` serves them (and `/events.ics`).
pub struct Selected<'a> {
    /// The year asked for, inside the supported bounds.
    pub year: i32,
    /// The calendar of `year`.
    pub calendar: Calendar,
    /// The parsed include items; `None` when unset.
    pub include: Option<Vec<&'static str>>,
    /// The events served, sorted by first Gregorian day.
    pub events: Vec<Found<'a>>,
    /// Their warnings (and `retro_required` for those left out).
    pub warnings: Warnings<'a>,
    /// True if every event served comes from the published table.
    pub published: bool,
    /// The calendar's identifier to echo in `input` (see [`Scope::echo`]).
    pub authority: Option<&'a str>,
    /// The language of the observances' names (see [`Scope::lang`]).
    pub lang: Lang,
}

/// One served occurrence: the observance in its month, its first Gregorian day, the index
/// of its month in the chain and the tier of its first day.
#[derive(Clone, Copy)]
pub struct Found<'a> {
    /// The observance in its Hijri month.
    pub occurrence: Occurrence,
    /// Its first Gregorian day.
    pub first: Date,
    /// The index of its month in the archive.
    pub index: usize,
    /// The tier of its first day.
    pub tier: Tier,
    /// The `source` of its first day.
    pub source: &'a str,
}

impl Found<'_> {
    /// Its last Gregorian day.
    pub fn last(&self) -> Date {
        self.first.add_days(i32::from(
            self.occurrence.last_day - self.occurrence.first_day,
        ))
    }
}

/// Parses the include list of `/events`: the selection and its items by canonical name.
/// Empty items are skipped, and a list of none (`include=`) is no include.
pub fn include(text: Option<&str>) -> Result<(Selection, Option<Vec<&'static str>>), Refusal> {
    match text {
        None => Ok((Selection::DEFAULT, None)),
        Some(text) => {
            let (selection, items) = Selection::parse_listed(text).map_err(|item| {
                Refusal::new(
                    ErrorCode::InvalidInclude,
                    format!(
                        "unknown include item \"{}\"; use extra, all, ayyamul_bidh or an event slug",
                        truncated(item)
                    ),
                )
            })?;
            Ok((selection, (!items.is_empty()).then_some(items)))
        }
    }
}

/// Selects the events of `/events` for a checked `year` (see [`coverage::year`]) and a parsed
/// include list (see [`include`]).
pub fn select<'a>(
    state: &Scope<'a>,
    calendar: Calendar,
    year: i32,
    (selection, include): (Selection, Option<Vec<&'static str>>),
    retro: bool,
) -> Result<Selected<'a>, Refusal> {
    let mut selected = Selected {
        year,
        calendar,
        include,
        events: Vec::new(),
        warnings: Warnings::default(),
        published: true,
        authority: state.echo(),
        lang: state.lang,
    };
    serve(state, &mut selected, selection, retro)?;
    Ok(selected)
}

/// Adds the events of `selected.year` in `selected.calendar` to `selected`: those outside the
/// served span are left out (counted in an `outside_span` warning; only a Hijri year at the
/// span's ends has them), and those needing retro data without `retro` (counted in a
/// `retro_required` warning).
pub fn serve<'a>(
    state: &Scope<'a>,
    selected: &mut Selected<'a>,
    selection: Selection,
    retro: bool,
) -> Result<(), Refusal> {
    let (mut found, mut outside) = occurrences(state, selected.calendar, selected.year, selection)?;
    found.sort_by_key(|f| f.first);
    let mut left_out = 0_u16;
    selected.events.reserve(found.len());
    for f in found {
        if !(span::contains(f.first) && span::contains(f.last())) {
            outside = outside.saturating_add(1);
            continue;
        }
        if !retro && coverage::needs_retro(state, f.index) {
            left_out = left_out.saturating_add(1);
            continue;
        }
        let served = coverage::span(state, f.index..f.index + 1, f.last(), retro)?;
        selected.warnings.merge(served.warnings);
        selected.published &= served.all_published;
        selected.events.push(f);
    }
    if left_out > 0 {
        let before = state.chain.texts.before_table.as_str();
        selected
            .warnings
            .add(Warning::RetroRequired(left_out, Items::Events, before));
    }
    if outside > 0 {
        selected.warnings.add(Warning::OutsideSpan(outside));
    }
    Ok(())
}

/// The body of `/events` for the events selected.
pub fn events(selected: Selected<'_>) -> Events<'_> {
    let events: Vec<Event> = selected
        .events
        .iter()
        .map(|found| event(found, selected.lang))
        .collect();
    Events {
        input: Input {
            year: selected.year,
            calendar: selected.calendar.name(),
            include: selected.include,
            authority: selected.authority,
        },
        count: events.len(),
        immutable: immutable(selected.published, events.len()),
        events,
        warnings: WarningList(selected.warnings),
    }
}

/// True if an answer may be cached as immutable: only when it lists events and all of them
/// come from the published table (an empty answer, a year wholly before the table, is not
/// inside it).
pub fn immutable(published: bool, count: usize) -> bool {
    published && count > 0
}

/// The selected occurrences in the year, each with its first Gregorian day and the index of
/// its month, and how many fall in months the chain does not hold (a Hijri year at the
/// served span's ends).
fn occurrences<'a>(
    state: &Scope<'a>,
    calendar: Calendar,
    year: i32,
    selection: Selection,
) -> Result<(Vec<Found<'a>>, u16), Refusal> {
    let chain = state.chain;
    let mut found = Vec::with_capacity(48);
    let mut missing = 0_u16;
    match calendar {
        Calendar::Hijri => {
            for o in selection.occurrences(year as u16) {
                match chain.indexed_month(o.month) {
                    Some((index, month)) => found.push(found_in(chain, o, index, month)),
                    None => missing = missing.saturating_add(1),
                }
            }
        }
        Calendar::Gregorian => {
            let (first, last) =
                coverage::gregorian_year(state, year, ErrorCode::DateOutOfSupportedRange)?;
            found = between(chain, selection, first, last).ok_or_else(|| {
                coverage::outside_archive(state, ErrorCode::DateOutOfSupportedRange)
            })?;
        }
    }
    Ok((found, missing))
}

/// The selected occurrences of `chain` whose first day falls in `first..=last`, Hijri year
/// by Hijri year in table order; `None` if the chain does not hold both days.
pub fn between<'a>(
    chain: &'a ArchivedChain,
    selection: Selection,
    first: Date,
    last: Date,
) -> Option<Vec<Found<'a>>> {
    let ((a, _), (b, _)) = (chain.to_hijri(first)?, chain.to_hijri(last)?);
    let found = (a.year..=b.year)
        .flat_map(|y| selection.occurrences(y))
        .filter_map(|o| {
            let (index, month) = chain.indexed_month(o.month)?;
            let f = found_in(chain, o, index, month);
            (first..=last).contains(&f.first).then_some(f)
        })
        .collect();
    Some(found)
}

/// The occurrence `o` in `month`, the month at `index` of `chain`.
fn found_in<'a>(
    chain: &'a ArchivedChain,
    o: Occurrence,
    index: usize,
    month: &ArchivedMonth,
) -> Found<'a> {
    let first = month.start().add_days(i32::from(o.first_day) - 1);
    let tier = chain.tier_of_day(month, first);
    Found {
        occurrence: o,
        first,
        index,
        tier,
        source: chain.source(tier),
    }
}

fn event<'a>(f: &Found<'a>, lang: Lang) -> Event<'a> {
    let o = f.occurrence;
    let hijri = |day| HijriDate {
        year: o.month.year,
        month: o.month.month,
        day,
    };
    Event {
        event: o.observance.slug,
        name: o.observance.name_in(lang),
        hijri: Text(hijri(o.first_day)),
        gregorian: Text(f.first),
        source: f.source,
        date_range: o.observance.is_multi_day().then(|| DateRange {
            hijri_start: Text(hijri(o.first_day)),
            hijri_end: Text(hijri(o.last_day)),
            gregorian_start: Text(f.first),
            gregorian_end: Text(f.last()),
        }),
    }
}
