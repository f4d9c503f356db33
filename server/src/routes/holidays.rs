//! `/api/v1/holidays` and `/api/v1/holidays.ics`: Indonesia's days off of a Gregorian year
//! (national holidays and cuti bersama, decreed or predicted), as JSON (stored for every
//! year and kind) and as an iCalendar feed with one all-day event per day off (kept), named
//! by its kind and year, over one year or the window of years every feed serves,
//! byte-identical for the same archive and day (`UID` from the day's holiday, kind and first
//! date; `SEQUENCE` from the decree that set it; `DTSTAMP` from the last decree, never after
//! today).

use actix_web::http::header::HeaderValue;
use actix_web::{HttpRequest, HttpResponse};
use chrono::Datelike;
use hijri::date::Date;
use hijri::holiday::{self, Standing};
use hijri::schema::{ArchivedHolidayDay, ArchivedHolidayYear, DayKind};
use hijri_view::answers::holidays::{self as answers, Kinds};
use hijri_view::Question;

use super::params::{self, Lang};
use super::stored::{self, Built, Key};
use crate::http::error::{ApiError, ErrorCode};
use crate::http::query::Query;
use crate::http::reply;
use crate::ical::{self, Ical, CALENDAR, FEED, UID_DOMAIN};
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
    let settled = year.standing() == Standing::Decreed
        && i32::from(year.year.to_native()) < state.clock.now().year();
    reply::events_cache(settled)
}

/// `GET /api/v1/holidays?year=&kind=`: the stored answer (kept if the archive lacks it).
pub fn holidays(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    let query = Query(req.query_string());
    let year = query.integer("year", ErrorCode::InvalidYear)?;
    let kinds = kinds(&query)?;
    let scope = params::names(state.scope, &query)?;
    let found = answers::year_of(state.dataset, year)?;
    let cache = cache(state, found);
    let question = Question::Holidays {
        year: i32::from(found.year.to_native()),
        kinds,
    };
    stored::question(req, state, &scope, question, |_| cache.clone())
}

/// `GET /api/v1/holidays.ics?year=&kind=&lang=`: one year, or without `year` the window of
/// years every feed serves ([`params::feed_window`]; those with days off), named by its kind
/// and year in `lang`; `DTSTAMP` is the date of the last decree, or today if that is earlier.
pub fn holidays_ics(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    let query = Query(req.query_string());
    let kinds = kinds(&query)?;
    let lang = params::lang(&query)?;
    let evening = params::reminder(&query)?;
    let now = state.clock.now();
    let key = Key::new("/api/v1/holidays.ics");
    let (key, years, year): (Key, Vec<&ArchivedHolidayYear>, _) = if query.given("year") {
        let year = query.integer("year", ErrorCode::InvalidYear)?;
        let found = answers::year_of(state.dataset, year)?;
        let year = found.year.to_native();
        (key.param("year", year), vec![found], Some(year))
    } else {
        let window = params::feed_window(now.year());
        let key = key.param("window", window.start());
        let years = window
            .filter_map(|year| state.dataset.holiday_year(year))
            .collect();
        (key, years, None)
    };
    let last_decree = state
        .dataset
        .holidays
        .decrees
        .iter()
        .map(|d| d.date.to_native())
        .max()
        .map(Date);
    let stamp = ical::stamp(last_decree, now);
    let key = key
        .param("kind", kinds.name())
        .param("lang", lang.tag())
        .param("reminder", evening)
        .param("stamp", stamp);
    stored::answer(
        req,
        state,
        state,
        key,
        |_| FEED,
        || {
            Ok(Built::text(
                CALENDAR,
                vcalendar(state, (&years, year), (kinds, lang, evening), stamp),
            ))
        },
    )
}

/// The VCALENDAR of the days off of `years` (one `year` asked, or the window) of `kinds`, in
/// `lang`; with `evening`, each with its reminder.
fn vcalendar(
    state: &AppState,
    (years, year): (&[&ArchivedHolidayYear], Option<u16>),
    (kinds, lang, evening): (Kinds, Lang, bool),
    stamp: Date,
) -> String {
    let (name, description) = match (kinds, lang) {
        (Kinds::All, Lang::Id) => (
            "Hari Libur Nasional dan Cuti Bersama",
            "Hari libur nasional dan cuti bersama Indonesia",
        ),
        (Kinds::Holidays, Lang::Id) => ("Hari Libur Nasional", "Hari libur nasional Indonesia"),
        (Kinds::Leave, Lang::Id) => ("Cuti Bersama", "Cuti bersama Indonesia"),
        (Kinds::All, Lang::En) => (
            "National Holidays and Collective Leave",
            "Indonesia's national holidays and collective leave (cuti bersama)",
        ),
        (Kinds::Holidays, Lang::En) => ("National Holidays", "Indonesia's national holidays"),
        (Kinds::Leave, Lang::En) => (
            "Collective Leave",
            "Indonesia's collective leave (cuti bersama)",
        ),
    };
    let name = match year {
        Some(year) => format!("{name} {year}"),
        None => name.to_owned(),
    };
    let description = match lang {
        Lang::Id => format!(
            "{description}: yang ditetapkan SKB 3 Menteri (dengan perubahannya) dan perkiraan \
             untuk tahun yang belum ditetapkan (ditandai perkiraan)."
        ),
        Lang::En => format!(
            "{description}: as the joint decree of three ministers (SKB 3 Menteri, with its \
             amendments) sets them, and estimates for the years not yet decreed (marked \
             estimate)."
        ),
    };
    let mut ical = Ical::feed(&name, &description, 400 * 30 * years.len());
    for year in years {
        for day in year.days.iter().filter(|d| kinds.admits(d.kind.get())) {
            vevent(&mut ical, state, (year, day), (lang, evening), stamp);
        }
    }
    ical.end()
}

/// One all-day VEVENT in `lang`: its `UID` names the holiday, the kind and the date the day
/// had first (an amendment that moves it keeps the event; the language does not change it),
/// its `SEQUENCE` the decree that set it; its `DESCRIPTION` says in words what kind of day it
/// is and which decree set it; with `evening`, a reminder at 19:00 the evening before.
fn vevent(
    ical: &mut Ical,
    state: &AppState,
    (year, day): (&ArchivedHolidayYear, &ArchivedHolidayDay),
    (lang, evening): (Lang, bool),
    stamp: Date,
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
    ical.midnight_utc("DTSTAMP", stamp);
    // A predicted day has no decree yet: its sequence is the first.
    ical.raw("SEQUENCE", if year.predicts(day) { 0 } else { day.decree });
    ical.date("DTSTART", date);
    ical.date("DTEND", date.add_days(1));
    let mut summary = match (found, lang) {
        (None, _) => day.slug.to_string(),
        (Some(holiday), Lang::Id) => holiday.name.to_owned(),
        (Some(holiday), Lang::En) => answers::name(Some(holiday), kind, lang.names()),
    };
    if kind == DayKind::CutiBersama && lang == Lang::Id {
        summary.push_str(" (cuti bersama)");
    }
    if year.predicts(day) {
        summary.push_str(match lang {
            Lang::Id => " (perkiraan)",
            Lang::En => " (estimate)",
        });
    }
    ical.text("SUMMARY", &summary);
    let decree = year
        .decrees
        .get(usize::from(day.decree))
        .and_then(|i| usize::try_from(i.to_native()).ok())
        .and_then(|i| state.dataset.holidays.decrees.get(i));
    let what = match (kind, lang) {
        (DayKind::LiburNasional, Lang::Id) => "Hari libur nasional",
        (DayKind::CutiBersama, Lang::Id) => "Cuti bersama",
        (DayKind::LiburNasional, Lang::En) => "National holiday",
        (DayKind::CutiBersama, Lang::En) => "Collective leave (cuti bersama)",
    };
    let description = match (decree, lang) {
        (Some(decree), _) => format!(
            "{what}: {}. {}",
            decree.title.as_str(),
            decree.number.as_str()
        ),
        (None, Lang::Id) => format!("{what}: perkiraan; belum ditetapkan SKB 3 Menteri."),
        (None, Lang::En) => format!("{what}: an estimate; no joint decree (SKB) has set it yet."),
    };
    ical.text("DESCRIPTION", &description);
    ical.raw("TRANSP", "TRANSPARENT");
    if evening {
        ical.evening_alarm(&summary);
    }
    ical.raw("END", "VEVENT");
}
