//! `/api/v1/places`, `/api/v1/prayer-times`, `/api/v1/prayer-times/next`,
//! `/api/v1/imsakiyah` and `/api/v1/imsakiyah.ics`: the places prayer times are served for,
//! and their times by a method, looked up in the archive's prayer table. The whole place
//! list is stored; a search is built per request (a pass over a few hundred places); the
//! times and the imsakiyah are built once per archive and kept by their canonical key.
//! Every one of them takes a place as `place` or as a point, `lat` and `lon`
//! ([`params::located`]): a point's answer is its nearest place's, keyed by that place and
//! the distance (whole metres) it names, so the keys are at most the distinct answers and
//! the feed, which names no distance, is the place's own (one key, one body).
//! `/prayer-times/next` is small and built per request.

use actix_web::{HttpRequest, HttpResponse};
use hijri::date::Date;
use hijri::hijri::HijriMonth;
use hijri::prayer::{Method, Prayer};
use hijri::warnings::PRESENT_OFFSETS_FROM;
use hijri_view::answers::places;
use hijri_view::answers::prayer::{self as answers, Imsakiyah};
use hijri_view::{coverage, Question, Scope};

use super::params::{self, Lang, Located};
use super::stored::{self, Built, Key};
use crate::http::error::{ApiError, ErrorCode};
use crate::http::query::Query;
use crate::http::reply;
use crate::ical::{self, Ical, CALENDAR, UID_DOMAIN};
use crate::state::AppState;

/// How long the buka puasa event of the imsakiyah feed lasts, minutes.
const BUKA_MINUTES: i64 = 15;

/// `GET /api/v1/places[?q=|?lat=&lon=]`.
pub fn places(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    let query = Query(req.query_string());
    let q = query.optional("q", ErrorCode::InvalidQ)?;
    if q.is_some() && (query.given("lat") || query.given("lon")) {
        return Err(ApiError::new(
            ErrorCode::InvalidQ,
            "give either `q` (a name) or `lat` and `lon` (a point), not both",
        ));
    }
    let dataset = state.dataset;
    match (q, params::point(&query)?) {
        (None, None) => stored::question(req, state, state, Question::Places, |_| reply::HISTORY),
        (Some(q), _) => {
            let body = places::search(dataset, &q)?;
            Ok(reply::json(req, reply::HISTORY, 4096, &body))
        }
        (None, Some((lat, lon))) => {
            let body = places::nearest(dataset, lat, lon);
            Ok(reply::json(req, reply::HISTORY, 2048, &body))
        }
    }
}

/// The key of a kept answer about `at`: its place, and the distance it names when the
/// request gave a point.
fn place_key(key: Key, at: Located) -> Key {
    let key = key.param("place", at.place);
    match at.distance_m {
        Some(metres) => key.param("distance_m", metres),
        None => key,
    }
}

/// The `method` parameter, if given.
fn method(query: &Query) -> Result<Option<Method>, ApiError> {
    match query.optional("method", ErrorCode::InvalidMethod)? {
        None => Ok(None),
        Some(text) => Ok(Some(answers::method(&text)?)),
    }
}

/// The days a `/prayer-times` request asks for (`date`, `month` or `from` and `to`), inside
/// the served span, else `out_of_coverage` naming the parameter.
fn days(query: &Query, scope: &Scope) -> Result<(Date, Date), ApiError> {
    let (from, to) = asked_days(query, scope)?;
    let named = if query.given("date") {
        "`date`"
    } else if query.given("month") {
        "`month`"
    } else {
        "`from` and `to`"
    };
    params::served_days(from, to, named)
}

/// The days a `/prayer-times` request asks for: `date`, `month` (`YYYY-MM`) or `from` and
/// `to`, exactly one of them.
fn asked_days(query: &Query, scope: &Scope) -> Result<(Date, Date), ApiError> {
    let forms = [
        query.given("date"),
        query.given("month"),
        query.given("from") || query.given("to"),
    ];
    match forms.iter().filter(|given| **given).count() {
        0 => {
            return Err(ApiError::new(
                ErrorCode::MissingParameter,
                "give the days: `date` (YYYY-MM-DD), `month` (YYYY-MM) or `from` and `to`",
            ))
        }
        1 => {}
        _ => {
            return Err(ApiError::new(
                ErrorCode::InvalidRange,
                "give only one of `date`, `month` or `from` and `to`",
            ))
        }
    }
    if let Some(date) = query.optional("date", ErrorCode::InvalidDate)? {
        let date = params::gregorian_date(&date, "date")?;
        return Ok((date, date));
    }
    if let Some(month) = query.optional("month", ErrorCode::InvalidMonth)? {
        let (year, number) = params::gregorian_month(&month)?;
        return Ok(coverage::gregorian_month(
            scope,
            year,
            number,
            ErrorCode::OutOfCoverage,
        )?);
    }
    let from = query.required("from", ErrorCode::InvalidDate)?;
    let to = query.required("to", ErrorCode::InvalidDate)?;
    let (from, to) = (
        params::gregorian_date(&from, "from")?,
        params::gregorian_date(&to, "to")?,
    );
    answers::check_range(from, to)?;
    Ok((from, to))
}

/// `GET /api/v1/prayer-times?place=&date=|month=|from=&to=&method=&detail=&lang=`: kept by
/// its parsed parameters.
pub fn prayer_times(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    let query = Query(req.query_string());
    let at = params::located(state, &query)?;
    let place = at.place;
    let method = method(&query)?.unwrap_or(answers::DEFAULT_METHOD);
    let detail = query.flag("detail", ErrorCode::InvalidDetail)?;
    let chain = answers::calendar_of(state.dataset, &method)
        .ok_or_else(|| ApiError::new(ErrorCode::OutOfCoverage, "the archive has no calendar"))?;
    let scope = params::names(
        Scope {
            named: false,
            ..state.scope_of(chain)
        },
        &query,
    )?;
    let (from, to) = days(&query, &scope)?;
    let key = place_key(Key::new("/api/v1/prayer-times"), at)
        .param("method", method.id)
        .param("from", from)
        .param("to", to)
        .param("detail", detail);
    stored::answer(
        req,
        state,
        &scope,
        key,
        |_| reply::COMPUTED_EVENTS,
        || {
            let body = answers::prayer_times(&scope, place, &method, (from, to), detail)?
                .at_distance(at.distance_m);
            let per_day = if detail { 1400 } else { 300 };
            Ok(Built::json(1024 + per_day * body.count(), &body))
        },
    )
}

/// The longest `Cache-Control` of `/prayer-times/next` about now, seconds (it ends at the
/// next prayer when that comes sooner).
const NEXT_MAX_AGE: i64 = 900;

/// `GET /api/v1/prayer-times/next?place=|lat=&lon=&at=&method=`: the prayer under way at
/// `at` (default now) and the next, built per request from the archive's table. About now,
/// cached until the next prayer (at most [`NEXT_MAX_AGE`]); about a given `at`, like
/// `/prayer-times`.
pub fn next(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    let query = Query(req.query_string());
    let located = params::located(state, &query)?;
    let method = method(&query)?.unwrap_or(answers::DEFAULT_METHOD);
    let asked = query.optional("at", ErrorCode::InvalidAt)?;
    let at = match &asked {
        None => state.clock.now().timestamp(),
        Some(text) => chrono::DateTime::parse_from_rfc3339(text.trim())
            .map_err(|_| {
                ApiError::new(
                    ErrorCode::InvalidAt,
                    format!(
                        "`at` must be an RFC 3339 instant such as 2026-02-19T18:05:00+07:00, \
                         got \"{}\"",
                        hijri_view::truncated(text)
                    ),
                )
            })?
            .timestamp(),
    };
    let body = answers::next_prayer(
        state.dataset,
        located.place,
        located.distance_m,
        &method,
        at,
    )?;
    let cache = match asked {
        None => reply::max_age(body.seconds_until().min(NEXT_MAX_AGE)),
        Some(_) => reply::COMPUTED_EVENTS,
    };
    Ok(reply::json(req, cache, 1024, &body))
}

/// The imsakiyah a request asks for (`place` or `lat`/`lon`, `year`, `authority`,
/// `method`), and its key (without the distance: the caller adds it where its answer names
/// it).
fn fast<'a>(
    state: &AppState<'a>,
    query: &Query,
    path: &str,
) -> Result<(Scope<'a>, Located, u16, Option<Method>, Key), ApiError> {
    let at = params::located(state, query)?;
    let place = at.place;
    let scope = params::scope(state, query)?;
    let year = query.integer("year", ErrorCode::InvalidYear)?;
    let (first, last) = scope.chain.hijri_years_with_days();
    let year = u16::try_from(year)
        .ok()
        .filter(|y| (first..=last).contains(y))
        .ok_or_else(|| {
            ApiError::new(
                ErrorCode::InvalidYear,
                format!("`year` must be a Hijri year from {first} to {last}, got {year}"),
            )
        })?;
    let method = method(query)?;
    let key = Key::new(path)
        .param("place", place)
        .param("year", year)
        .param("method", method.map_or("", |m| m.id));
    Ok((scope, at, year, method, key))
}

/// `GET /api/v1/imsakiyah?place=&year=&authority=&method=&lang=`: kept.
pub fn imsakiyah(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    let query = Query(req.query_string());
    let (scope, at, year, method, key) = fast(state, &query, "/api/v1/imsakiyah")?;
    let scope = params::names(scope, &query)?;
    let key = match at.distance_m {
        Some(metres) => key.param("distance_m", metres),
        None => key,
    };
    stored::answer(
        req,
        state,
        &scope,
        key,
        |_| reply::COMPUTED_EVENTS,
        || {
            let fast = answers::imsakiyah(&scope, at.place, year, method)?;
            Ok(Built::json(
                4096 + 200 * fast.days.len(),
                &answers::imsakiyah_body(&fast, scope.lang).at_distance(at.distance_m),
            ))
        },
    )
}

/// `GET /api/v1/imsakiyah.ics?place=&year=&authority=&method=&lang=`: one event at imsak and
/// one at maghrib (buka puasa) per day of Ramadan, in the place's time zone (UTC instants
/// before 1964, [`PRESENT_OFFSETS_FROM`]), in `lang`; kept.
pub fn imsakiyah_ics(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    let query = Query(req.query_string());
    // The feed names its place, not the distance: a point's feed is its place's (one key).
    let (scope, at, year, method, key) = fast(state, &query, "/api/v1/imsakiyah.ics")?;
    let lang = params::lang(&query)?;
    let stamp = ical::stamp(None, state.clock.now());
    stored::answer(
        req,
        state,
        &scope,
        key.param("lang", lang.tag()).param("stamp", stamp),
        |_| ical::FEED,
        || {
            let fast = answers::imsakiyah(&scope, at.place, year, method)?;
            Ok(Built::text(CALENDAR, feed(&fast, lang, stamp)))
        },
    )
}

/// The VCALENDAR of an imsakiyah in `lang`.
fn feed(fast: &Imsakiyah, lang: Lang, stamp: Date) -> String {
    let place = fast.place;
    let (calendar, era, by, method) = match lang {
        Lang::Id => (
            fast.chain.names.indonesian.as_str(),
            "H",
            "menurut",
            "metode",
        ),
        Lang::En => (fast.chain.names.english.as_str(), "AH", "by", "method"),
    };
    let ramadan = HijriMonth {
        year: fast.year,
        month: 9,
    }
    .name_in(lang.names());
    let name = format!(
        "Imsakiyah {} {} {era} ({})",
        place.name.as_str(),
        fast.year,
        fast.chain.names.short.as_str()
    );
    let description = match lang {
        Lang::Id => format!(
            "Imsak dan buka puasa (maghrib) setiap hari {ramadan} {} {era} di {} menurut {}; \
             waktu sholat menurut {}.",
            fast.year,
            place.name.as_str(),
            calendar,
            fast.method.name
        ),
        Lang::En => format!(
            "Imsak and the breaking of the fast (maghrib) every day of {ramadan} {} {era} in {} \
             by {}; prayer times by {}.",
            fast.year,
            place.name.as_str(),
            calendar,
            fast.method.name
        ),
    };
    // Before 1964 the zone's legal offset was not its present one (Jakarta +07:30, +09:00 in
    // 1942–45), which a calendar app applies to a TZID of the IANA name: those days' events
    // are UTC instants, and the feed says so.
    let present = |date: Date| date >= PRESENT_OFFSETS_FROM;
    let description = if fast.days.iter().all(|day| present(day.date)) {
        description
    } else {
        match lang {
            Lang::Id => format!(
                "{description} Waktu sebelum 1964 memakai selisih zona sekarang (WIB +07:00, \
                 WITA +08:00, WIT +09:00), diberikan dalam UTC."
            ),
            Lang::En => format!(
                "{description} Times before 1964 keep the zone's present offset (WIB +07:00, \
                 WITA +08:00, WIT +09:00), given in UTC."
            ),
        }
    };
    let mut ical = Ical::feed(&name, &description, 700 * fast.days.len());
    let tz = place.tz.as_str();
    if fast.days.iter().any(|day| present(day.date)) {
        timezone(&mut ical, fast);
    }
    let zone = fast.zone();
    for day in &fast.days {
        let at = |prayer: Prayer| day.published.get(prayer.index()).copied().flatten();
        let (y, m, d) = day.date.ymd();
        let events = [
            ("imsak", "Imsak", at(Prayer::Imsak), at(Prayer::Subuh)),
            (
                "maghrib",
                match lang {
                    Lang::Id => "Buka puasa (maghrib)",
                    Lang::En => "Breaking the fast (maghrib)",
                },
                at(Prayer::Maghrib),
                at(Prayer::Maghrib).map(|s| s + 60 * BUKA_MINUTES),
            ),
        ];
        for (what, title, start, end) in events {
            let (Some(start), Some(end)) = (start, end) else {
                continue;
            };
            ical.raw("BEGIN", "VEVENT");
            ical.raw(
                "UID",
                format_args!(
                    "{what}-{y:04}{m:02}{d:02}-{}-{}-{}@{UID_DOMAIN}",
                    place.id.as_str(),
                    fast.method.id,
                    fast.chain.id.as_str()
                ),
            );
            ical.midnight_utc("DTSTAMP", stamp);
            if present(day.date) {
                ical.raw(&format!("DTSTART;TZID={tz}"), local_stamp(zone, start));
                ical.raw(&format!("DTEND;TZID={tz}"), local_stamp(zone, end));
            } else {
                ical.raw("DTSTART", utc_stamp(start));
                ical.raw("DTEND", utc_stamp(end));
            }
            ical.text(
                "SUMMARY",
                &format!(
                    "{title} {} · {} {ramadan} {} {era}",
                    answers::hh_mm(zone, start).unwrap_or_default(),
                    day.day,
                    fast.year
                ),
            );
            ical.text(
                "DESCRIPTION",
                &format!(
                    "{}, {} {ramadan} {} {era} {by} {calendar}; {method} {}.",
                    place.name.as_str(),
                    day.day,
                    fast.year,
                    fast.method.id
                ),
            );
            ical.raw("TRANSP", "TRANSPARENT");
            ical.raw("END", "VEVENT");
        }
    }
    ical.end()
}

/// `YYYYMMDDTHHMMSS` in `zone` (a local DATE-TIME with its TZID).
fn local_stamp(zone: hijri::zone::Zone, seconds: i64) -> String {
    chrono::DateTime::from_timestamp(seconds, 0)
        .map(|utc| {
            utc.with_timezone(&zone)
                .fixed_offset()
                .format("%Y%m%dT%H%M%S")
                .to_string()
        })
        .unwrap_or_default()
}

/// `YYYYMMDDTHHMMSSZ`: a UTC DATE-TIME.
fn utc_stamp(seconds: i64) -> String {
    chrono::DateTime::from_timestamp(seconds, 0)
        .map(|utc| utc.format("%Y%m%dT%H%M%SZ").to_string())
        .unwrap_or_default()
}

/// The VTIMEZONE of the place's zone: its civil offset, fixed (WIB, WITA, WIT).
fn timezone(ical: &mut Ical, fast: &Imsakiyah) {
    let zone = fast.zone();
    let offset = fast
        .days
        .first()
        .and_then(|day| day.published.iter().flatten().next().copied())
        .and_then(|s| chrono::DateTime::from_timestamp(s, 0))
        .map(|utc| {
            utc.with_timezone(&zone)
                .fixed_offset()
                .format("%z")
                .to_string()
        })
        .unwrap_or_else(|| "+0000".into());
    ical.raw("BEGIN", "VTIMEZONE");
    ical.raw("TZID", fast.place.tz.as_str());
    ical.raw("BEGIN", "STANDARD");
    ical.raw("DTSTART", "19700101T000000");
    ical.raw("TZOFFSETFROM", &offset);
    ical.raw("TZOFFSETTO", &offset);
    ical.raw("END", "STANDARD");
    ical.raw("END", "VTIMEZONE");
}
