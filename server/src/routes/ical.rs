//! `/api/v1/events.ics` and `/api/v1/calendar.ics`: the observances of `/events` as
//! iCalendar (RFC 5545) all-day events, byte-identical for the same archive (`DTSTAMP` and
//! `SEQUENCE` come from the data, `UID` from the event alone).

use actix_web::http::header::HeaderValue;
use actix_web::{HttpRequest, HttpResponse};
use chrono::Datelike;
use hijri::hijri::HijriDate;
use hijri::schema::Tier;
use hijri_view::answers::events::{self as answers, include, serve, Found, Selected};
use hijri_view::{coverage, Calendar, Scope};

use super::params;
use crate::http::error::{ApiError, ErrorCode};
use crate::http::query::Query;
use crate::http::reply;
use crate::ical::Ical;
use crate::state::AppState;

/// The fixed right-hand side of every `UID`: with the slug and the Hijri year it names an
/// event across archives.
pub const UID_DOMAIN: &str = "kalender-hijriah.invalid";

/// `Content-Type` of both feeds.
const CALENDAR: HeaderValue = HeaderValue::from_static("text/calendar; charset=utf-8");

/// `Cache-Control` of the subscription feed: it moves with the clock's year, and computed
/// months may be corrected.
const FEED: HeaderValue = HeaderValue::from_static("public, max-age=3600");

/// `GET /api/v1/events.ics?year=&calendar=&include=&retro=&authority=`: the answer of
/// `/events`.
pub fn events_ics(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    let asked = params::events(state, Query(req.query_string()))?;
    let scope = asked.scope;
    let (calendar, year) = (asked.calendar, asked.year);
    let selected = answers::select(&scope, calendar, year, asked.include, asked.retro)?;
    let cache = reply::events_cache(answers::immutable(
        selected.published,
        selected.events.len(),
    ));
    let body = vcalendar(&scope, &selected, false);
    Ok(respond(req, cache, body))
}

/// `GET /api/v1/calendar.ics?include=&authority=`: a subscription to the previous, current
/// and next two Gregorian years (of the state's clock), refreshed daily.
pub fn subscription(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    let query = Query(req.query_string());
    let text = query.list("include", ErrorCode::InvalidInclude)?;
    let (selection, include) = include(text.map(|items| items.join(",")).as_deref())?;
    let scope = params::scope(state, &query)?;
    let now = state.clock.now().year();
    let mut selected = Selected {
        year: now,
        calendar: Calendar::Gregorian,
        include,
        events: Vec::new(),
        warnings: Default::default(),
        published: true,
        authority: scope.echo(),
    };
    // Years outside the calendar's whole years are left out, not refused: the feed is the
    // same URL for every day of the service's life.
    for year in now - 1..=now + 2 {
        if let Ok(year) = coverage::year(&scope, Calendar::Gregorian, i64::from(year)) {
            selected.year = year;
            serve(&scope, &mut selected, selection, false)?;
        }
    }
    selected.year = now;
    let body = vcalendar(&scope, &selected, true);
    Ok(respond(req, FEED, body))
}

fn respond(req: &HttpRequest, cache: HeaderValue, body: String) -> HttpResponse {
    reply::negotiated(req, cache, CALENDAR, body.into())
}

/// The VCALENDAR of the selected events; a calendar named by the request is named in the
/// feed's name too.
fn vcalendar(scope: &Scope, selected: &Selected, feed: bool) -> String {
    let mut ical = Ical::with_capacity(512 * selected.events.len() + 512);
    ical.raw("BEGIN", "VCALENDAR");
    ical.raw("VERSION", "2.0");
    ical.raw("PRODID", "-//hijri-server//Kalender Hijriah Indonesia//ID");
    ical.raw("CALSCALE", "GREGORIAN");
    ical.raw("METHOD", "PUBLISH");
    match scope.echo() {
        None => ical.text("X-WR-CALNAME", "Hari Besar Islam"),
        Some(_) => ical.text(
            "X-WR-CALNAME",
            &format!(
                "Hari Besar Islam ({})",
                scope.chain.names.indonesian.as_str()
            ),
        ),
    }
    if feed {
        ical.raw("REFRESH-INTERVAL;VALUE=DURATION", "P1D");
        ical.raw("X-PUBLISHED-TTL", "P1D");
    }
    for found in &selected.events {
        vevent(&mut ical, scope, found);
    }
    ical.raw("END", "VCALENDAR");
    ical.finish()
}

/// One all-day VEVENT; a multi-day event is one VEVENT with an exclusive `DTEND`.
fn vevent(ical: &mut Ical, scope: &Scope, found: &Found) {
    let o = found.occurrence;
    let month = o.month;
    let every_month = o.observance.month.is_none();
    ical.raw("BEGIN", "VEVENT");
    // The white days recur every month, so their UID also names the month.
    if every_month {
        ical.raw(
            "UID",
            format_args!(
                "{}-{}-{:02}@{UID_DOMAIN}",
                o.observance.slug, month.year, month.month
            ),
        );
    } else {
        ical.raw(
            "UID",
            format_args!("{}-{}@{UID_DOMAIN}", o.observance.slug, month.year),
        );
    }
    // The data's own date: the last day of the table's coverage (the default calendar's for
    // a calendar without a table).
    let coverage = scope
        .chain
        .coverage()
        .or_else(|| scope.dataset.default_chain()?.coverage());
    if let Some((_, coverage_last)) = coverage {
        ical.midnight_utc("DTSTAMP", coverage_last);
    }
    ical.raw("SEQUENCE", sequence(scope, found));
    ical.date("DTSTART", found.first);
    ical.date("DTEND", found.last().add_days(1));
    let summary = if every_month {
        format!("{} {} {} H", o.observance.name, month.name(), month.year)
    } else {
        format!("{} {} H", o.observance.name, month.year)
    };
    ical.text("SUMMARY", &summary);
    ical.text("DESCRIPTION", &description(found));
    ical.raw("TRANSP", "TRANSPARENT");
    ical.raw("END", "VEVENT");
}

/// The Hijri date(s) and the source tier, with the caveat of a computed date.
fn description(found: &Found) -> String {
    let o = found.occurrence;
    let first = HijriDate {
        year: o.month.year,
        month: o.month.month,
        day: o.first_day,
    };
    let date = if o.first_day == o.last_day {
        first.long_text()
    } else {
        format!(
            "{}–{} {} {} H",
            o.first_day,
            o.last_day,
            o.month.name(),
            o.month.year
        )
    };
    let source = found.source;
    match found.tier {
        Tier::Published => format!("{date}. Sumber: {source} (tabel resmi)."),
        Tier::Computed | Tier::Retro => format!(
            "{date}. Sumber: {source}. Tanggal ini perkiraan hisab dan dapat bergeser satu hari."
        ),
    }
}

/// How many corrections of the ledger moved this event's month (its start or its length, as
/// the announcement found by comparing the month chain before and after it): it rises with
/// each one, so subscribers update the events whose dates changed.
fn sequence(scope: &Scope, found: &Found) -> usize {
    let month = found.occurrence.month;
    scope
        .chain
        .divergences
        .iter()
        .filter(|d| {
            let [first, last] = d.moved.each_ref().map(|m| m.get());
            (first..=last).contains(&month)
        })
        .count()
}
