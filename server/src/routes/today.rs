//! `/api/v1/today`: the Hijri date for now in a time zone, and optionally the date that
//! becomes current after sunset.

use actix_web::{HttpRequest, HttpResponse};
use chrono::Datelike;
use hijri::date::Date;
use hijri::span;
use hijri::warnings::{self, Warning};
use hijri::zone::Zone;
use hijri_view::answers::holidays::{observances_of, on_day, Item, ObservanceName};
use hijri_view::coverage;
use hijri_view::dates::DateObject;
use hijri_view::{Text, WarningList};
use serde::Serialize;

use super::params;
use crate::http::error::{ApiError, ErrorCode};
use crate::http::query::Query;
use crate::http::reply;
use crate::state::AppState;

#[derive(Serialize)]
struct Input<'a> {
    date: Text<Date>,
    calendar: &'static str,
    tz: Text<Zone>,
    #[serde(skip_serializing_if = "Option::is_none")]
    authority: Option<&'a str>,
}

#[derive(Serialize)]
struct Today<'a> {
    input: Input<'a>,
    output: DateObject<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    next: Option<DateObject<'a>>,
    source: &'a str,
    holidays: Vec<Item<'a>>,
    observances: Vec<ObservanceName>,
    warnings: WarningList<'a>,
}

/// `GET /api/v1/today?tz=&next=`.
pub fn today(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    let query = Query(req.query_string());
    let zone = params::zone(&query)?;
    let asked_next = query.flag("next", ErrorCode::InvalidNext)?;
    let scope = params::names(params::scope(state, &query)?, &query)?;
    let chain = scope.chain;
    let now = state.clock.now();
    let local = zone.local_date(now);
    let outside = || coverage::outside_archive(&scope, ErrorCode::OutOfCoverage);
    let day = Date::from_ymd(local.year(), local.month(), local.day()).ok_or_else(outside)?;
    // /today takes no `retro`: a date before the table is refused without suggesting it.
    if chain
        .month_index_of(day)
        .is_some_and(|index| coverage::needs_retro(&scope, index))
    {
        let first = chain.coverage().map_or(span::FIRST, |(first, _)| first);
        return Err(ApiError::new(
            ErrorCode::OutOfCoverage,
            format!("today's date {day} falls before {first}, the first date /today serves"),
        ));
    }
    // `next` after the last served day is left out, with a warning, rather than failing.
    let with_next = asked_next && span::contains(day.add_days(1));
    let last = if with_next { day.add_days(1) } else { day };
    let mut served = coverage::days(&scope, day, last, false, ErrorCode::OutOfCoverage)?;
    served.warnings.merge(warnings::for_day_dates(day, last));
    if asked_next && !with_next {
        served.warnings.add(Warning::OutsideSpan(1));
    }
    let hijri = |date: Date| {
        let (hijri, month) = chain.to_hijri(date).ok_or_else(outside)?;
        let source = chain.source(chain.tier_of_day(month, date));
        Ok::<_, ApiError>((
            DateObject::hijri(scope.dataset, hijri, date, scope.lang),
            source,
        ))
    };
    let (output, source) = hijri(day)?;
    let observances = chain
        .to_hijri(day)
        .map(|(hijri, _)| observances_of(hijri, scope.lang))
        .unwrap_or_default();
    let next = with_next
        .then(|| {
            let (next, source) = hijri(day.add_days(1))?;
            Ok::<_, ApiError>(next.with_source(source))
        })
        .transpose()?;
    let body = Today {
        input: Input {
            date: Text(day),
            calendar: "gregorian",
            tz: Text(zone),
            authority: scope.echo(),
        },
        output,
        next,
        source,
        holidays: on_day(state.dataset, day, scope.lang),
        observances,
        warnings: WarningList(served.warnings),
    };
    Ok(reply::json(
        req,
        reply::until_midnight(zone, now),
        512,
        &body,
    ))
}
