//! `/api/v1/fasting` and `/api/v1/fasting.ics`: the puasa sunnah days of a Hijri year (or of
//! a Gregorian year with `calendar=gregorian`, as on `/events`) in one calendar, and the days
//! fasting is forbidden, one entry per day (the selection and the body are `hijri-view`'s,
//! the rules the core's `hijri::fasting`). Both are built once per archive and kept by their
//! parsed parameters. The feed has one all-day event per day, named by its calendar and year
//! as `/holidays.ics` names its feed, over one year or the window of years every feed serves;
//! each sunnah day carries a reminder at the maghrib of the evening before at `place` (Kota
//! Jakarta, `31.71`, without it), the published minute of the calendar's own prayer-time
//! method (the default method for a calendar without one); `UID` from the calendar and the
//! day.

use actix_web::{HttpRequest, HttpResponse};
use chrono::Datelike;
use hijri::date::Date;
use hijri::prayer::{Method, Prayer};
use hijri::prayer_table;
use hijri::schema::Tier;
use hijri_view::answers::fasting::{self as answers, FastDay, Selected};
use hijri_view::answers::{places, prayer};
use hijri_view::{Calendar, Scope};

use super::params::{self, Lang};
use super::stored::{self, Built, Key};
use crate::http::error::{truncated, ApiError, ErrorCode};
use crate::http::query::Query;
use crate::http::reply;
use crate::ical::{self, Ical, CALENDAR, FEED, UID_DOMAIN};
use crate::state::AppState;

/// The place whose maghrib the feed's reminders ring at without `place`: Kota Jakarta.
pub const DEFAULT_PLACE: &str = "31.71";

/// `GET /api/v1/fasting?year=&calendar=&authority=&retro=&lang=`: kept.
pub fn fasting(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    let query = Query(req.query_string());
    let asked = params::asked_year(&query)?;
    let served = params::served_year(state, &query, asked)?;
    let scope = params::names(served.scope, &query)?;
    let (year, calendar, retro) = (served.year, served.calendar, served.retro);
    let key = Key::new("/api/v1/fasting")
        .param("year", year)
        .param("calendar", calendar.name())
        .param("retro", retro);
    stored::answer(req, state, &scope, key, reply::events_cache, || {
        let selected = answers::select(&scope, calendar, year, retro)?;
        let body = answers::body(&scope, &selected);
        Ok(Built {
            immutable: selected.immutable(),
            ..Built::json(400 * body.count() + 4096, &body)
        })
    })
}

/// The feed's `reminder`: on unless `none` (any case); `evening` (as on every feed) is the
/// default said aloud; anything else is 400 `invalid_reminder`.
fn reminder(query: &Query) -> Result<bool, ApiError> {
    match query.optional("reminder", ErrorCode::InvalidReminder)? {
        None => Ok(true),
        Some(text) if text.eq_ignore_ascii_case("evening") => Ok(true),
        Some(text) if text.eq_ignore_ascii_case("none") => Ok(false),
        Some(text) => Err(ApiError::new(
            ErrorCode::InvalidReminder,
            format!(
                "`reminder` must be evening (the default: a reminder at maghrib the evening \
                 before each fasting day) or none, got \"{}\"",
                truncated(&text)
            ),
        )),
    }
}

/// `GET /api/v1/fasting.ics?year=&calendar=&authority=&retro=&place=&reminder=&lang=`: one
/// year, or without `year` the window of Gregorian years every feed serves
/// ([`params::feed_window`]); kept per day (`DTSTAMP` in the key).
pub fn fasting_ics(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    let query = Query(req.query_string());
    let lang = params::lang(&query)?;
    let evening = reminder(&query)?;
    let place_id = query.optional("place", ErrorCode::InvalidPlace)?;
    let place = places::place(
        state.archive.places(),
        place_id.as_deref().unwrap_or(DEFAULT_PLACE),
        "place",
    )?;
    let key = Key::new("/api/v1/fasting.ics");
    let (scope, key, asked, window_retro) = if query.given("year") {
        let asked = params::asked_year(&query)?;
        let served = params::served_year(state, &query, asked)?;
        let key = key
            .param("year", served.year)
            .param("calendar", served.calendar.name())
            .param("retro", served.retro);
        (served.scope, key, Some(served), false)
    } else {
        // Checked as every endpoint checks what it is given, though the window's years are
        // Gregorian.
        query.calendar(Calendar::Gregorian)?;
        let retro = query.flag("retro", ErrorCode::InvalidRetro)?;
        let scope = params::scope(state, &query)?;
        let window = params::feed_window(state.clock.now().year());
        let key = key.param("window", window.start()).param("retro", retro);
        (scope, key, None, retro)
    };
    let coverage = scope
        .chain
        .coverage()
        .or_else(|| scope.dataset.default_chain()?.coverage());
    let stamp = ical::stamp(coverage.map(|(_, last)| last), state.clock.now());
    let key = key
        .param("place", place)
        .param("reminder", evening)
        .param("lang", lang.tag())
        .param("stamp", stamp);
    let cache = |immutable| {
        if asked.is_some() {
            reply::events_cache(immutable)
        } else {
            FEED
        }
    };
    stored::answer(req, state, &scope, key, cache, || {
        let selected = match &asked {
            Some(served) => answers::select(&scope, served.calendar, served.year, served.retro)?,
            None => answers::select_years(
                &scope,
                params::feed_window(state.clock.now().year()),
                window_retro,
            )?,
        };
        let immutable = asked.is_some() && selected.immutable();
        let body = feed(&scope, &selected, (place, evening, lang), stamp);
        Ok(Built {
            immutable,
            ..Built::text(CALENDAR, body)
        })
    })
}

/// The maghrib of the evening before each of `days` at `place` by `method` (published
/// minutes, Unix seconds), in the order of `days`; `None` where the table has none.
fn maghribs(scope: &Scope, place: usize, method: &Method, days: &[FastDay]) -> Vec<Option<i64>> {
    let (Some(first), Some(last)) = (days.first(), days.last()) else {
        return Vec::new();
    };
    let (from, to) = (first.date.add_days(-1), last.date.add_days(-1));
    let exact =
        prayer_table::exact_times(scope.dataset, place, (method, Prayer::Maghrib), from, to);
    days.iter()
        .map(|day| {
            let offset = usize::try_from(day.date.0 - 1 - from.0).ok()?;
            let exact = exact.as_ref()?.get(offset).copied().flatten()?;
            Some(method.published(Prayer::Maghrib, exact))
        })
        .collect()
}

/// The VCALENDAR of the `selected` days in `scope`'s calendar, in `lang`; with `evening`,
/// each sunnah day with its reminder at the maghrib before it at `place`.
fn feed(
    scope: &Scope,
    selected: &Selected,
    (place, evening, lang): (usize, bool, Lang),
    stamp: Date,
) -> String {
    let chain = scope.chain;
    let short = chain.names.short.as_str();
    let year = match (selected.year, selected.calendar, lang) {
        (0, _, _) => String::new(),
        (year, Calendar::Hijri, _) => format!(" {year} {}", lang.era()),
        (year, Calendar::Gregorian, Lang::Id) => format!(" {year} M"),
        (year, Calendar::Gregorian, Lang::En) => format!(" {year} CE"),
    };
    let (method, _) = prayer::method_of(chain);
    let archived = scope.dataset.places.get(place);
    let at = archived.map_or("", |p| p.name.as_str());
    let (name, description) = match lang {
        Lang::Id => (
            format!("Puasa Sunnah{year} ({short})"),
            format!(
                "Hari puasa sunnah (Senin Kamis, Ayyamul Bidh, Syawal, Tarwiyah, Arafah, \
                 Tasu'a, Asyura) dan hari haram berpuasa menurut {}. Ramadhan (puasa wajib) \
                 tidak dicantumkan; puasa Syawal dicantumkan 2–7 Syawal. Pengingat pada waktu \
                 maghrib malam sebelumnya di {at} (metode {}). Tanggal di luar tabel resmi \
                 adalah perkiraan hisab dan ditandai (perkiraan).",
                chain.names.indonesian.as_str(),
                method.id
            ),
        ),
        Lang::En => (
            format!("Sunnah Fasts{year} ({short})"),
            format!(
                "The days of sunnah fasting (Monday and Thursday, the white days, Shawwal, \
                 Tarwiyah, Arafah, Tasu'a, Ashura) and the days fasting is forbidden by {}. \
                 Ramadan (the obligatory fast) is not listed; the six days of Shawwal are \
                 listed as 2–7 Shawwal. Reminders at maghrib the evening before in {at} \
                 (method {}). Dates outside the official table are hisab estimates, marked \
                 (estimate).",
                chain.names.english.as_str(),
                method.id
            ),
        ),
    };
    let mut ical = Ical::feed(&name, &description, 600 * selected.days.len());
    let maghribs = if evening {
        maghribs(scope, place, &method, &selected.days)
    } else {
        Vec::new()
    };
    let names = lang.names();
    let (era, estimate_mark) = match lang {
        Lang::Id => ("H", " (perkiraan)"),
        Lang::En => ("AH", " (estimate)"),
    };
    for (i, day) in selected.days.iter().enumerate() {
        let (y, m, d) = day.date.ymd();
        let estimate = day.tier != Tier::Published;
        ical.raw("BEGIN", "VEVENT");
        ical.raw(
            "UID",
            format_args!(
                "puasa-{y:04}{m:02}{d:02}-{}@{UID_DOMAIN}",
                chain.id.as_str()
            ),
        );
        ical.midnight_utc("DTSTAMP", stamp);
        ical.raw(
            "SEQUENCE",
            params::sequence(scope, day.hijri.month_of_year()),
        );
        ical.date("DTSTART", day.date);
        ical.date("DTEND", day.date.add_days(1));
        let kinds: Vec<&str> = day.day.kinds.iter().map(|k| k.name_in(names)).collect();
        let mut summary = match (day.day.forbidden, lang) {
            (Some(f), Lang::Id) => format!("{}: haram berpuasa", f.name_in(names)),
            (Some(f), Lang::En) => format!("{}: no fasting (forbidden)", f.name_in(names)),
            (None, _) => kinds.join(", "),
        };
        if estimate {
            summary.push_str(estimate_mark);
        }
        ical.text("SUMMARY", &summary);
        let date = format!(
            "{} {} {} {era}",
            day.hijri.day,
            day.hijri.month_of_year().name_in(names),
            day.hijri.year
        );
        let removed: Vec<&str> = day.day.removed.iter().map(|k| k.name_in(names)).collect();
        let mut text = match lang {
            Lang::Id => format!("{date} menurut {}.", chain.names.indonesian.as_str()),
            Lang::En => format!("{date} by {}.", chain.names.english.as_str()),
        };
        if !removed.is_empty() {
            text.push_str(&match lang {
                Lang::Id => format!(" Tidak berlaku hari ini: {}.", removed.join(", ")),
                Lang::En => format!(" Not kept on this day: {}.", removed.join(", ")),
            });
        }
        if estimate {
            text.push_str(match lang {
                Lang::Id => " Tanggal ini perkiraan hisab dan dapat bergeser satu hari.",
                Lang::En => " This date is a hisab estimate and may move by one day.",
            });
        }
        ical.text("DESCRIPTION", &text);
        ical.raw("STATUS", if estimate { "TENTATIVE" } else { "CONFIRMED" });
        ical.raw("TRANSP", "TRANSPARENT");
        let sunnah = day.day.forbidden.is_none();
        if let Some(at) = maghribs.get(i).copied().flatten().filter(|_| sunnah) {
            let alarm = match lang {
                Lang::Id => format!("Besok: {summary}"),
                Lang::En => format!("Tomorrow: {summary}"),
            };
            ical.alarm_at(&alarm, at);
        }
        ical.raw("END", "VEVENT");
    }
    ical.end()
}
