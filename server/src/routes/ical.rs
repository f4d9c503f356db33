//! The iCalendar (RFC 5545) feeds: `/api/v1/events.ics` and `/api/v1/calendar.ics`, the
//! observances of `/events` as all-day events, and `/api/v1/days.ics`, the Hijri date of
//! every Gregorian day as an all-day event. Each names its calendar and selection
//! (`X-WR-CALNAME`, and RFC 7986 `NAME`, `DESCRIPTION`, `REFRESH-INTERVAL`); without `year`
//! each serves the same window of years ([`params::feed_window`]). Same archive and day, same
//! bytes: `DTSTAMP` is the table's last day or today, whichever is earlier, `SEQUENCE`
//! counts the corrections that moved the month, and `UID` comes from the event, the
//! calendar (the default calendar's UIDs name none) and, for the days, the language.

use std::ops::RangeInclusive;

use actix_web::http::header::HeaderValue;
use actix_web::{HttpRequest, HttpResponse};
use chrono::Datelike;
use hijri::date::Date;
use hijri::observance::{Selection, OBSERVANCES};
use hijri::schema::Tier;
use hijri::span;
use hijri_view::answers::events::{self as answers, include, serve, Found, Selected};
use hijri_view::{coverage, Calendar, Scope};

use super::params::{self, Lang};
use super::stored::{self, Built, Key};
use crate::http::error::{ApiError, ErrorCode};
use crate::http::query::Query;
use crate::http::reply;
use crate::ical::{self, Ical, CALENDAR, FEED, UID_DOMAIN};
use crate::state::AppState;

/// `GET /api/v1/events.ics?year=&calendar=&include=&retro=&authority=&reminder=`: the
/// answer of `/events` (the window of years without `year`).
pub fn events_ics(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    observances(req, state, ("/api/v1/events.ics", Selection::DEFAULT))
}

/// `GET /api/v1/calendar.ics?include=&authority=&reminder=&year=&calendar=&retro=`: a
/// subscription to the window of years (one `year` with it), refreshed daily; without
/// `include` every observance that is a national holiday.
pub fn subscription(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    observances(req, state, ("/api/v1/calendar.ics", Selection::HOLIDAYS))
}

/// The observance feed at `path` whose selection always holds `base`, kept ([`kept`]).
fn observances(
    req: &HttpRequest,
    state: &AppState,
    (path, base): (&str, Selection),
) -> Result<HttpResponse, ApiError> {
    let query = Query(req.query_string());
    let evening = params::reminder(&query)?;
    let lang = params::lang(&query)?;
    let key = Key::new(path)
        .param("reminder", evening)
        .param("lang", lang.tag());
    if query.given("year") {
        let asked = params::events(state, query)?;
        let scope = asked.scope;
        let (selection, items) = asked.include;
        let selection = selection.or(base);
        let key = key
            .param("year", asked.year)
            .param("calendar", asked.calendar.name())
            .param("include", listed(&items))
            .param("retro", asked.retro);
        return kept(req, state, &scope, (key, reply::events_cache), |stamp| {
            let selected = answers::select(
                &scope,
                asked.calendar,
                asked.year,
                (selection, items),
                asked.retro,
            )?;
            let immutable = answers::immutable(selected.published, selected.events.len());
            let body = feed(&scope, &selected, (selection, lang), stamp, evening);
            Ok((body, immutable))
        });
    }
    // Checked as every endpoint checks what it is given, though the window's years are
    // Gregorian.
    query.calendar(Calendar::Gregorian)?;
    let retro = query.flag("retro", ErrorCode::InvalidRetro)?;
    let text = query.list("include", ErrorCode::InvalidInclude)?;
    let (selection, items) = include(text.map(|items| items.join(",")).as_deref())?;
    let selection = selection.or(base);
    let scope = params::scope(state, &query)?;
    let years = window(state);
    let key = key
        .param("window", years.start())
        .param("include", listed(&items))
        .param("retro", retro);
    kept(req, state, &scope, (key, |_| FEED), |stamp| {
        let mut selected = Selected {
            year: 0,
            calendar: Calendar::Gregorian,
            include: items,
            events: Vec::new(),
            warnings: Default::default(),
            published: true,
            authority: scope.echo(),
            lang: scope.lang,
        };
        // Years outside the calendar's whole years are left out, not refused: the feed is
        // the same URL for every day of the service's life.
        for year in years {
            if let Ok(year) = coverage::year(&scope, Calendar::Gregorian, i64::from(year)) {
                selected.year = year;
                serve(&scope, &mut selected, selection, retro)?;
            }
        }
        selected.year = 0;
        let body = feed(&scope, &selected, (selection, lang), stamp, evening);
        Ok((body, true))
    })
}

/// A feed in `scope` kept per archive and question ([`stored::answer`]): `key` gets the
/// feed's `DTSTAMP`, which follows the clock's day, so a kept feed is never stale; `build`
/// writes the VCALENDAR at that stamp and says whether it may be cached as immutable, from
/// which `cache` gives the `Cache-Control`.
fn kept(
    req: &HttpRequest,
    state: &AppState,
    scope: &Scope,
    (key, cache): (Key, fn(bool) -> HeaderValue),
    build: impl FnOnce(Date) -> Result<(String, bool), ApiError>,
) -> Result<HttpResponse, ApiError> {
    let stamp = stamp(scope, state);
    stored::answer(req, state, scope, key.param("stamp", stamp), cache, || {
        let (body, immutable) = build(stamp)?;
        Ok(Built {
            immutable,
            ..Built::text(CALENDAR, body)
        })
    })
}

/// An include list as its answer echoes it, for a key.
fn listed(include: &Option<Vec<&'static str>>) -> String {
    include.as_deref().unwrap_or_default().join(",")
}

/// The VCALENDAR of the `selected` observances (of the window of years when its year is 0),
/// named by calendar and `selection` in `lang`; with `evening`, each with its reminder.
fn feed(
    scope: &Scope,
    selected: &Selected,
    (selection, lang): (Selection, Lang),
    stamp: Date,
    evening: bool,
) -> String {
    let mut ical = Ical::feed(
        &observance_name(scope, selected, lang),
        &observance_description(scope, selection, lang),
        8 * 64 * selected.events.len(),
    );
    for found in &selected.events {
        vevent(&mut ical, scope, found, (stamp, lang), evening);
    }
    ical.end()
}

/// The window of Gregorian years of a feed without `year`, at the state's clock.
fn window(state: &AppState) -> RangeInclusive<i32> {
    params::feed_window(state.clock.now().year())
}

/// The feed's `DTSTAMP`: the last day of the calendar's table (the default calendar's for
/// one without a table), or today if that is earlier ([`ical::stamp`]).
fn stamp(scope: &Scope, state: &AppState) -> Date {
    let coverage = scope
        .chain
        .coverage()
        .or_else(|| scope.dataset.default_chain()?.coverage());
    ical::stamp(coverage.map(|(_, last)| last), state.clock.now())
}

/// The calendar's part of its UIDs: `.muhammadiyah` for a calendar other than the default
/// one, nothing for the default one, whose UIDs stay those it had before there were other
/// calendars.
fn uid_calendar(scope: &Scope) -> String {
    match scope.dataset.default_chain() {
        Some(default) if !std::ptr::eq(scope.chain, default) => {
            format!(".{}", scope.chain.id.as_str())
        }
        _ => String::new(),
    }
}

/// The name of an observance feed in `lang`: its calendar, its year if one was asked, and
/// what `include` added.
fn observance_name(scope: &Scope, selected: &Selected, lang: Lang) -> String {
    let mut name = match lang {
        Lang::Id => "Hari Besar Islam",
        Lang::En => "Islamic Observances",
    }
    .to_owned();
    if selected.year != 0 {
        let era = match (selected.calendar, lang) {
            (Calendar::Hijri, _) => lang.era(),
            (Calendar::Gregorian, Lang::Id) => "M",
            (Calendar::Gregorian, Lang::En) => "CE",
        };
        name.push_str(&format!(" {} {era}", selected.year));
    }
    name.push_str(&format!(" ({})", scope.chain.names.short.as_str()));
    if let Some(items) = &selected.include {
        let added: Vec<&str> = items
            .iter()
            .map(|item| match (*item, lang) {
                ("all", Lang::Id) => "semua",
                ("all", Lang::En) => "all",
                ("extra", Lang::Id) => "tambahan",
                ("extra", Lang::En) => "extra",
                (slug, _) => OBSERVANCES
                    .iter()
                    .find(|o| o.slug == slug)
                    .map_or(slug, |o| o.name_in(lang.names())),
            })
            .collect();
        name.push_str(" + ");
        name.push_str(&added.join(", "));
    }
    name
}

/// The description of an observance feed in `lang`: its calendar's name and the observances
/// selected.
fn observance_description(scope: &Scope, selection: Selection, lang: Lang) -> String {
    let names: Vec<&str> = OBSERVANCES
        .iter()
        .enumerate()
        .filter(|(i, _)| selection.contains(*i))
        .map(|(_, o)| o.name_in(lang.names()))
        .collect();
    match lang {
        Lang::Id => format!(
            "Hari besar Islam menurut {}: {}. Tanggal di luar tabel resmi adalah perkiraan \
             hisab dan ditandai (perkiraan).",
            scope.chain.names.indonesian.as_str(),
            names.join(", ")
        ),
        Lang::En => format!(
            "Islamic observances by {}: {}. Dates outside the official table are hisab \
             estimates, marked (estimate).",
            scope.chain.names.english.as_str(),
            names.join(", ")
        ),
    }
}

/// One all-day VEVENT in `lang`; a multi-day event is one VEVENT with an exclusive `DTEND`;
/// with `evening`, a reminder at 19:00 the evening before.
fn vevent(
    ical: &mut Ical,
    scope: &Scope,
    found: &Found,
    (stamp, lang): (Date, Lang),
    evening: bool,
) {
    let o = found.occurrence;
    let month = o.month;
    let every_month = o.observance.month.is_none();
    let calendar = uid_calendar(scope);
    ical.raw("BEGIN", "VEVENT");
    // The white days recur every month, so their UID also names the month.
    if every_month {
        ical.raw(
            "UID",
            format_args!(
                "{}-{}-{:02}{calendar}@{UID_DOMAIN}",
                o.observance.slug, month.year, month.month
            ),
        );
    } else {
        ical.raw(
            "UID",
            format_args!(
                "{}-{}{calendar}@{UID_DOMAIN}",
                o.observance.slug, month.year
            ),
        );
    }
    ical.midnight_utc("DTSTAMP", stamp);
    ical.raw("SEQUENCE", params::sequence(scope, month));
    ical.date("DTSTART", found.first);
    ical.date("DTEND", found.last().add_days(1));
    let estimate = found.tier != Tier::Published;
    let (name, era) = (o.observance.name_in(lang.names()), lang.era());
    let mut summary = if every_month {
        let month_name = month.name_in(lang.names());
        format!("{name} {month_name} {} {era}", month.year)
    } else {
        format!("{name} {} {era}", month.year)
    };
    if estimate {
        summary.push_str(match lang {
            Lang::Id => " (perkiraan)",
            Lang::En => " (estimate)",
        });
    }
    ical.text("SUMMARY", &summary);
    ical.text("DESCRIPTION", &description(found, lang));
    ical.raw("STATUS", if estimate { "TENTATIVE" } else { "CONFIRMED" });
    ical.raw("TRANSP", "TRANSPARENT");
    if evening {
        ical.evening_alarm(&summary);
    }
    ical.raw("END", "VEVENT");
}

/// The Hijri date(s) and the source tier, with the caveat of a computed date, in `lang`.
fn description(found: &Found, lang: Lang) -> String {
    let o = found.occurrence;
    let days = if o.first_day == o.last_day {
        o.first_day.to_string()
    } else {
        format!("{}–{}", o.first_day, o.last_day)
    };
    let date = format!(
        "{days} {} {} {}",
        o.month.name_in(lang.names()),
        o.month.year,
        lang.era()
    );
    let source = found.source;
    match (found.tier, lang) {
        (Tier::Published, Lang::Id) => format!("{date}. Sumber: {source} (tabel resmi)."),
        (Tier::Published, Lang::En) => format!("{date}. Source: {source} (official table)."),
        (Tier::Computed | Tier::Retro, Lang::Id) => format!(
            "{date}. Sumber: {source}. Tanggal ini perkiraan hisab dan dapat bergeser satu hari."
        ),
        (Tier::Computed | Tier::Retro, Lang::En) => format!(
            "{date}. Source: {source}. This date is a hisab estimate and may move by one day."
        ),
    }
}

/// `GET /api/v1/days.ics?authority=&lang=&year=&retro=&reminder=`: one all-day event per
/// Gregorian day with its Hijri date, over the Gregorian `year` or the window of years.
pub fn days(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    let query = Query(req.query_string());
    let scope = params::scope(state, &query)?;
    let lang = params::lang(&query)?;
    let evening = params::reminder(&query)?;
    let retro = query.flag("retro", ErrorCode::InvalidRetro)?;
    let chain = scope.chain;
    let (first, last) = if query.given("year") {
        let year = query.integer("year", ErrorCode::InvalidYear)?;
        let year = coverage::gregorian_year_only(&scope, year)?;
        coverage::year_days(&scope, Calendar::Gregorian, year)?
    } else {
        // The window's days that are served (without retro, from the table's first day).
        let years = window(state);
        let from = Date::from_ymd(*years.start(), 1, 1).unwrap_or(span::FIRST);
        let to = Date::from_ymd(*years.end(), 12, 31).unwrap_or(span::LAST);
        let served = chain
            .months
            .iter()
            .find(|month| retro || month.tier() != Tier::Retro)
            .map_or(span::FIRST, |month| month.start());
        (
            from.max(span::FIRST).max(chain.first_day()).max(served),
            to.min(span::LAST).min(chain.last_day()),
        )
    };
    coverage::days(&scope, first, last, retro, ErrorCode::OutOfCoverage)?;
    let key = Key::new("/api/v1/days.ics")
        .param("lang", lang.tag())
        .param("reminder", evening)
        .param("retro", retro)
        .param("first", first)
        .param("last", last);
    kept(req, state, &scope, (key, |_| FEED), |stamp| {
        Ok((
            day_feed(&scope, (lang, evening), (first, last), stamp),
            true,
        ))
    })
}

/// The VCALENDAR of the Hijri dates of the days `first..=last` in `scope`'s calendar, in
/// `lang`; with `evening`, each with its reminder.
fn day_feed(
    scope: &Scope,
    (lang, evening): (Lang, bool),
    (first, last): (Date, Date),
    stamp: Date,
) -> String {
    let chain = scope.chain;
    let (name, description) = match lang {
        Lang::Id => (
            format!("Tanggal Hijriah ({})", chain.names.short.as_str()),
            format!(
                "Tanggal Hijriah setiap hari menurut {}. Tanggal di luar tabel resmi adalah \
                 perkiraan hisab (STATUS:TENTATIVE).",
                chain.names.indonesian.as_str()
            ),
        ),
        Lang::En => (
            format!("Hijri dates ({})", chain.names.short.as_str()),
            format!(
                "The Hijri date of every day by {}. Dates outside the official table are \
                 hisab estimates (STATUS:TENTATIVE).",
                chain.names.english.as_str()
            ),
        ),
    };
    let count = usize::try_from(last.0 - first.0 + 1).unwrap_or(0);
    let mut ical = Ical::feed(&name, &description, 256 * count);
    let calendar = uid_calendar(scope);
    let language = match lang {
        Lang::Id => "",
        Lang::En => ".en",
    };
    let mut day = first;
    while day <= last {
        if let Some((hijri, month)) = chain.to_hijri(day) {
            let (y, m, d) = day.ymd();
            ical.raw("BEGIN", "VEVENT");
            ical.raw(
                "UID",
                format_args!("day-{y:04}{m:02}{d:02}{calendar}{language}@{UID_DOMAIN}"),
            );
            ical.midnight_utc("DTSTAMP", stamp);
            ical.raw("SEQUENCE", params::sequence(scope, month.hijri_month()));
            ical.date("DTSTART", day);
            ical.date("DTEND", day.add_days(1));
            let summary = format!(
                "{} {} {} {}",
                hijri.day,
                hijri.month_of_year().name_in(lang.names()),
                hijri.year,
                lang.era()
            );
            ical.text("SUMMARY", &summary);
            let estimate = chain.tier_of_day(month, day) != Tier::Published;
            if estimate {
                ical.text(
                    "DESCRIPTION",
                    match lang {
                        Lang::Id => "Perkiraan hisab: dapat bergeser satu hari.",
                        Lang::En => "A hisab estimate: it may move by one day.",
                    },
                );
            }
            ical.raw("STATUS", if estimate { "TENTATIVE" } else { "CONFIRMED" });
            ical.raw("TRANSP", "TRANSPARENT");
            if evening {
                ical.evening_alarm(&summary);
            }
            ical.raw("END", "VEVENT");
        }
        day = day.add_days(1);
    }
    ical.end()
}
