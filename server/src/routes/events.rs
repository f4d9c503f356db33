//! `/api/v1/events`: observance dates of a Hijri year, or of the Hijri years that overlap a
//! Gregorian year. Events whose dates need `retro=true` are left out without it, and a
//! `retro_required` warning says how many: the endpoint never answers `out_of_coverage`.

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

/// `GET /api/v1/events?year=&calendar=&include=&retro=`.
pub fn events(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    let query = Query(req.query_string());
    let year = query.integer("year", ErrorCode::InvalidYear)?;
    let calendar = query.calendar(Calendar::Hijri)?;
    let include = query.optional("include", ErrorCode::InvalidInclude)?;
    let retro = query.flag("retro", ErrorCode::InvalidRetro)?;
    let year = coverage::year(state, calendar, year)?;
    let (selection, included) = match &include {
        None => (Selection::DEFAULT, None),
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
            (selection, Some(items))
        }
    };
    let mut found = occurrences(state, calendar, year, selection)?;
    found.sort_by_key(|(_, first, _)| *first);
    let mut warnings = Warnings::default();
    let mut regional = true;
    let mut left_out = 0_u16;
    let mut events = Vec::with_capacity(found.len());
    for (occurrence, first, index) in found {
        if !retro && coverage::needs_retro(state, index) {
            left_out = left_out.saturating_add(1);
            continue;
        }
        let last = first.add_days(i32::from(occurrence.last_day - occurrence.first_day));
        let served = coverage::span(state, index..index + 1, last, retro)?;
        warnings.merge(served.warnings);
        regional &= served.all_regional;
        events.push(event(state, occurrence, first, index));
    }
    if left_out > 0 {
        warnings.add(Warning::RetroRequired(left_out));
    }
    let body = Events {
        input: Input {
            year,
            calendar: calendar.name(),
            include: included,
        },
        count: events.len(),
        events,
        warnings: WarningList(warnings),
    };
    // Immutable only when the answer lists events and all of them come from the official
    // table; an empty answer (a year wholly before the table) is not inside it.
    let cache = if regional && body.count > 0 {
        reply::IMMUTABLE
    } else {
        reply::COMPUTED_EVENTS
    };
    Ok(reply::json(req, cache, 320 * body.count + 256, &body))
}

/// The selected occurrences in the year, each with its first Gregorian day and the index of
/// its month.
fn occurrences(
    state: &AppState,
    calendar: Calendar,
    year: i32,
    selection: Selection,
) -> Result<Vec<(Occurrence, Date, usize)>, ApiError> {
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
                found.push((o, first_day(&o, index), index));
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
                    found.push((o, day, index));
                }
            }
        }
    }
    Ok(found)
}

fn event(state: &AppState, o: Occurrence, first: Date, index: usize) -> Event {
    let hijri = |day| HijriDate {
        year: o.month.year,
        month: o.month.month,
        day,
    };
    Event {
        event: o.observance.slug,
        name: o.observance.name,
        hijri: Text(hijri(o.first_day)),
        gregorian: Text(first),
        source: state
            .calendar
            .tier_of_day(&state.calendar.months[index], first)
            .source(),
        date_range: o.observance.is_multi_day().then(|| DateRange {
            hijri_start: Text(hijri(o.first_day)),
            hijri_end: Text(hijri(o.last_day)),
            gregorian_start: Text(first),
            gregorian_end: Text(first.add_days(i32::from(o.last_day - o.first_day))),
        }),
    }
}
