//! `/api/v1/events`: observance dates of a Hijri year, or of the Hijri years that overlap a
//! Gregorian year. Events whose dates need `retro=true` are left out without it, and a
//! `retro_required` warning says how many: the endpoint never answers `out_of_coverage`.

use actix_web::http::header::HeaderValue;
use actix_web::{HttpRequest, HttpResponse};
use hijri::date::Date;
use hijri::hijri::HijriDate;
use hijri::observance::{Occurrence, Selection};
use hijri::warnings::{Warning, Warnings};
use serde::Serialize;

use crate::coverage;
use crate::http::error::{truncated, ApiError, ErrorCode};
use crate::http::query::{Calendar, Query};
use crate::http::reply;
use crate::state::AppState;
use crate::view::{Text, WarningList};

#[derive(Serialize)]
struct Input {
    year: i32,
    calendar: &'static str,
    /// The parsed include items, each once in the order given; `null` when unset.
    include: Option<Vec<&'static str>>,
}

#[derive(Serialize)]
struct DateRange {
    hijri_start: Text<HijriDate>,
    hijri_end: Text<HijriDate>,
    gregorian_start: Text<Date>,
    gregorian_end: Text<Date>,
}

#[derive(Serialize)]
struct Event {
    event: &'static str,
    name: &'static str,
    hijri: Text<HijriDate>,
    gregorian: Text<Date>,
    source: &'static str,
    date_range: Option<DateRange>,
}

#[derive(Serialize)]
struct Events {
    input: Input,
    count: usize,
    events: Vec<Event>,
    warnings: WarningList,
}

/// The events one request selects, as `/events` serves them (and `/events.ics`).
pub struct Selected {
    /// The year asked for, inside the supported bounds.
    pub year: i32,
    /// The calendar of `year`.
    pub calendar: Calendar,
    /// The parsed include items; `None` when unset.
    pub include: Option<Vec<&'static str>>,
    /// The events served, sorted by first Gregorian day.
    pub events: Vec<Found>,
    /// Their warnings (and `retro_required` for those left out).
    pub warnings: Warnings,
    /// True if every event served comes from the official table.
    pub regional: bool,
}

/// One served occurrence: the observance in its month, its first Gregorian day and the index
/// of its archived month.
#[derive(Clone, Copy)]
pub struct Found {
    /// The observance in its Hijri month.
    pub occurrence: Occurrence,
    /// Its first Gregorian day.
    pub first: Date,
    /// The index of its month in the archive.
    pub index: usize,
}

impl Found {
    /// Its last Gregorian day.
    pub fn last(&self) -> Date {
        self.first.add_days(i32::from(
            self.occurrence.last_day - self.occurrence.first_day,
        ))
    }

    /// The `source` of its first day.
    pub fn source(&self, state: &AppState) -> &'static str {
        state
            .calendar
            .tier_of_day(&state.calendar.months[self.index], self.first)
            .source()
    }
}

/// Parses the include list of `/events`: the selection and its items by canonical name.
pub fn include(text: Option<&str>) -> Result<(Selection, Option<Vec<&'static str>>), ApiError> {
    match text {
        None => Ok((Selection::DEFAULT, None)),
        Some(text) => {
            let (selection, items) = Selection::parse_listed(text).map_err(|item| {
                ApiError::new(
                    ErrorCode::InvalidInclude,
                    format!(
                        "unknown include item \"{}\"; use extra, all, ayyamul_bidh or an event slug",
                        truncated(item)
                    ),
                )
            })?;
            Ok((selection, Some(items)))
        }
    }
}

/// Reads `year`, `calendar`, `include` and `retro` and selects the events of `/events`.
pub fn select(state: &AppState, query: Query<'_>) -> Result<Selected, ApiError> {
    let year = query.integer("year", ErrorCode::InvalidYear)?;
    let calendar = query.calendar(Calendar::Hijri)?;
    let text = query.optional("include", ErrorCode::InvalidInclude)?;
    let retro = query.flag("retro", ErrorCode::InvalidRetro)?;
    let year = coverage::year(state, calendar, year)?;
    let (selection, include) = include(text.as_deref())?;
    let mut selected = Selected {
        year,
        calendar,
        include,
        events: Vec::new(),
        warnings: Warnings::default(),
        regional: true,
    };
    serve(state, &mut selected, selection, retro)?;
    Ok(selected)
}

/// Adds the events of `selected.year` in `selected.calendar` to `selected`: those needing
/// retro data are left out without `retro` (and counted in a `retro_required` warning).
pub fn serve(
    state: &AppState,
    selected: &mut Selected,
    selection: Selection,
    retro: bool,
) -> Result<(), ApiError> {
    let mut found = occurrences(state, selected.calendar, selected.year, selection)?;
    found.sort_by_key(|f| f.first);
    let mut left_out = 0_u16;
    selected.events.reserve(found.len());
    for f in found {
        if !retro && coverage::needs_retro(state, f.index) {
            left_out = left_out.saturating_add(1);
            continue;
        }
        let served = coverage::span(state, f.index..f.index + 1, f.last(), retro)?;
        selected.warnings.merge(served.warnings);
        selected.regional &= served.all_regional;
        selected.events.push(f);
    }
    if left_out > 0 {
        selected.warnings.add(Warning::RetroRequired(left_out));
    }
    Ok(())
}

/// `GET /api/v1/events?year=&calendar=&include=&retro=`.
pub fn events(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    let selected = select(state, Query(req.query_string()))?;
    let events: Vec<Event> = selected.events.iter().map(|f| event(state, f)).collect();
    let body = Events {
        input: Input {
            year: selected.year,
            calendar: selected.calendar.name(),
            include: selected.include,
        },
        count: events.len(),
        events,
        warnings: WarningList(selected.warnings),
    };
    Ok(reply::json(
        req,
        cache(selected.regional, body.count),
        320 * body.count + 256,
        &body,
    ))
}

/// Immutable only when the answer lists events and all of them come from the official
/// table; an empty answer (a year wholly before the table) is not inside it.
pub fn cache(regional: bool, count: usize) -> HeaderValue {
    if regional && count > 0 {
        reply::IMMUTABLE
    } else {
        reply::COMPUTED_EVENTS
    }
}

/// The selected occurrences in the year, each with its first Gregorian day and the index of
/// its month.
fn occurrences(
    state: &AppState,
    calendar: Calendar,
    year: i32,
    selection: Selection,
) -> Result<Vec<Found>, ApiError> {
    let archive = state.calendar;
    let first_day = |o: &Occurrence, index: usize| {
        archive.months[index]
            .start()
            .add_days(i32::from(o.first_day) - 1)
    };
    let mut found = Vec::with_capacity(48);
    match calendar {
        Calendar::Hijri => {
            for o in selection.occurrences(year as u16) {
                let index = coverage::month(state, o.month, ErrorCode::DateOutOfSupportedRange)?;
                found.push(Found {
                    occurrence: o,
                    first: first_day(&o, index),
                    index,
                });
            }
        }
        Calendar::Gregorian => {
            let first = Date::from_ymd(year, 1, 1).expect("January 1 exists");
            let last = Date::from_ymd(year, 12, 31).expect("December 31 exists");
            let (Some(a), Some(b)) = (archive.month_index_of(first), archive.month_index_of(last))
            else {
                return Err(coverage::outside_archive(
                    state,
                    ErrorCode::DateOutOfSupportedRange,
                ));
            };
            let years = archive.months[a].year.to_native()..=archive.months[b].year.to_native();
            for o in years.flat_map(|y| selection.occurrences(y)) {
                let Some(index) = archive.month_index(o.month) else {
                    continue;
                };
                let day = first_day(&o, index);
                if (first..=last).contains(&day) {
                    found.push(Found {
                        occurrence: o,
                        first: day,
                        index,
                    });
                }
            }
        }
    }
    Ok(found)
}

fn event(state: &AppState, f: &Found) -> Event {
    let o = f.occurrence;
    let hijri = |day| HijriDate {
        year: o.month.year,
        month: o.month.month,
        day,
    };
    Event {
        event: o.observance.slug,
        name: o.observance.name,
        hijri: Text(hijri(o.first_day)),
        gregorian: Text(f.first),
        source: f.source(state),
        date_range: o.observance.is_multi_day().then(|| DateRange {
            hijri_start: Text(hijri(o.first_day)),
            hijri_end: Text(hijri(o.last_day)),
            gregorian_start: Text(f.first),
            gregorian_end: Text(f.last()),
        }),
    }
}
