//! `/api/v1/holidays` and `/api/v1/holidays.ics`: Indonesia's days off of a Gregorian year
//! (national holidays and cuti bersama, decreed or predicted), as JSON (stored for every
//! year and kind) and as an iCalendar feed with one all-day event per day off (kept),
//! byte-identical for the same archive (`UID` from the day's holiday, kind and first date;
//! `SEQUENCE` from the decree that set it; `DTSTAMP` from the last decree).

use actix_web::http::header::HeaderValue;
use actix_web::{HttpRequest, HttpResponse};
use chrono::Datelike;
use hijri::date::Date;
use hijri::holiday;
use hijri::schema::{ArchivedHolidayDay, ArchivedHolidayYear, DayKind};
use hijri_view::answers::holidays::{self as answers, Kinds};
use hijri_view::Question;

use super::stored::{self, Built, Key};
use crate::http::error::{ApiError, ErrorCode};
use crate::http::query::{Param, Query};
use crate::http::reply;
use crate::ical::{Ical, CALENDAR, FEED, UID_DOMAIN};
use crate::state::AppState;

/// The `kind` parameter: all kinds when absent.
fn kinds(query: &Query) -> Result<Kinds, ApiError> {
    match query.optional("kind", ErrorCode::InvalidKind)? {
        None => Ok(Kinds::All),
        Some(text) => Ok(Kinds::parse(&text)?),
    }
}

/// The `Cache-Control` of a year: a decreed year before the clock's is settled; a later one
/// may be amended, and a predicted one is decreed some day.
fn cache(state: &AppState, year: &ArchivedHolidayYear) -> HeaderValue {
    let settled = year.decreed && i32::from(year.year.to_native()) < state.clock.now().year();
    reply::events_cache(settled)
}

/// `GET /api/v1/holidays?year=&kind=`: the stored answer (kept if the archive lacks it).
pub fn holidays(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    let query = Query(req.query_string());
    let year = query.integer("year", ErrorCode::InvalidYear)?;
    let kinds = kinds(&query)?;
    let found = answers::year_of(state.dataset, year)?;
    let cache = cache(state, found);
    let question = Question::Holidays {
        year: i32::from(found.year.to_native()),
        kinds,
    };
    stored::question(req, state, state, question, |_| cache.clone())
}

/// `GET /api/v1/holidays.ics?year=&kind=`: one year, or without `year` the years from the
/// one before the clock's to two after it (those with days off); kept.
pub fn holidays_ics(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    let query = Query(req.query_string());
    let kinds = kinds(&query)?;
    let key = Key::new("/api/v1/holidays.ics");
    let (key, years): (Key, Vec<&ArchivedHolidayYear>) = match query.get("year") {
        Param::Absent => {
            let now = state.clock.now().year();
            let years = (now - 1..=now + 2)
                .filter_map(|year| state.dataset.holiday_year(year))
                .collect();
            (key.param("from", now - 1).param("to", now + 2), years)
        }
        _ => {
            let year = query.integer("year", ErrorCode::InvalidYear)?;
            (
                key.param("year", year),
                vec![answers::year_of(state.dataset, year)?],
            )
        }
    };
    let key = key.param("kind", kinds.name());
    stored::answer(
        req,
        state,
        state,
        key,
        |_| FEED,
        || Ok(Built::text(CALENDAR, vcalendar(state, &years, kinds))),
    )
}

/// The VCALENDAR of the days off of `years` of `kinds`.
fn vcalendar(state: &AppState, years: &[&ArchivedHolidayYear], kinds: Kinds) -> String {
    let stamp = state
        .dataset
        .holidays
        .decrees
        .iter()
        .map(|d| d.date.to_native())
        .max()
        .map(Date);
    let mut ical = Ical::with_capacity(400 * 30 * years.len() + 512);
    ical.raw("BEGIN", "VCALENDAR");
    ical.raw("VERSION", "2.0");
    ical.raw("PRODID", "-//hijri-server//Kalender Hijriah Indonesia//ID");
    ical.raw("CALSCALE", "GREGORIAN");
    ical.raw("METHOD", "PUBLISH");
    ical.text("X-WR-CALNAME", "Hari Libur Nasional dan Cuti Bersama");
    ical.text("NAME", "Hari Libur Nasional dan Cuti Bersama");
    ical.text(
        "DESCRIPTION",
        "Hari libur nasional dan cuti bersama Indonesia: yang ditetapkan SKB 3 Menteri \
         (dengan perubahannya) dan perkiraan untuk tahun yang belum ditetapkan.",
    );
    ical.raw("REFRESH-INTERVAL;VALUE=DURATION", "P1D");
    ical.raw("X-PUBLISHED-TTL", "P1D");
    for year in years {
        for day in year.days.iter().filter(|d| kinds.admits(d.kind.get())) {
            vevent(&mut ical, state, year, day, stamp);
        }
    }
    ical.raw("END", "VCALENDAR");
    ical.finish()
}

/// One all-day VEVENT: its `UID` names the holiday, the kind and the date the day had first
/// (an amendment that moves it keeps the event), its `SEQUENCE` the decree that set it.
fn vevent(
    ical: &mut Ical,
    state: &AppState,
    year: &ArchivedHolidayYear,
    day: &ArchivedHolidayDay,
    stamp: Option<Date>,
) {
    let date = Date(day.date.to_native());
    let kind = day.kind.get();
    let first = Date(day.first_date.to_native());
    let found = holiday::by_slug(&day.slug);
    ical.raw("BEGIN", "VEVENT");
    ical.raw(
        "UID",
        format_args!(
            "{}-{}-{}@{UID_DOMAIN}",
            day.slug.as_str(),
            kind.name(),
            first.to_string().replace('-', "")
        ),
    );
    if let Some(stamp) = stamp {
        ical.midnight_utc("DTSTAMP", stamp);
    }
    ical.raw("SEQUENCE", day.decree);
    ical.date("DTSTART", date);
    ical.date("DTEND", date.add_days(1));
    let name = found.map_or(day.slug.as_str(), |h| h.name);
    let mut summary = name.to_owned();
    if kind == DayKind::CutiBersama {
        summary.push_str(" (cuti bersama)");
    }
    if !year.decreed {
        summary.push_str(" (perkiraan)");
    }
    ical.text("SUMMARY", &summary);
    let decree = year
        .decrees
        .get(usize::from(day.decree))
        .and_then(|i| usize::try_from(i.to_native()).ok())
        .and_then(|i| state.dataset.holidays.decrees.get(i));
    let description = match decree {
        Some(decree) => format!(
            "{}: {}. {}",
            kind.name(),
            decree.title.as_str(),
            decree.number.as_str()
        ),
        None => format!(
            "{}: perkiraan; belum ditetapkan SKB 3 Menteri.",
            kind.name()
        ),
    };
    ical.text("DESCRIPTION", &description);
    ical.raw("TRANSP", "TRANSPARENT");
    ical.raw("END", "VEVENT");
}
