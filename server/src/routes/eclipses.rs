//! `/api/v1/eclipses` and `/api/v1/eclipses/{id}`: the eclipses of up to ten Gregorian
//! years, and one eclipse's local circumstances at a place or point with the window of its
//! prayer; `/api/v1/eclipses.ics`, a place's eclipses as a feed of their prayers' windows, read from the archive's eclipses (their stored polynomials evaluated, no
//! ephemeris). A list and a place's circumstances are built once per archive and kept by
//! their parsed parameters; a point's are built per request.

use actix_web::{HttpRequest, HttpResponse};
use chrono::{DateTime, Datelike};
use chrono_tz::Tz;
use hijri::date::Date;
use hijri_page::falak::eclipse_name;
use hijri_view::answers::eclipses::{self, Kind, Seen, MOST_YEARS, YEARS};
use hijri_view::answers::{places, rashdul};

use super::params::{self, Lang};
use super::stored::{self, Built, Key};
use crate::http::error::{ApiError, ErrorCode};
use crate::http::query::{missing, Query};
use crate::http::reply;
use crate::ical::{self, Ical, CALENDAR, FEED, UID_DOMAIN};
use crate::state::AppState;

/// A Gregorian year parameter of the list, inside the years served.
fn year(query: &Query, name: &str) -> Result<i32, ApiError> {
    let value = query.integer(name, ErrorCode::InvalidYear)?;
    i32::try_from(value)
        .ok()
        .filter(|y| YEARS.contains(y))
        .ok_or_else(|| {
            ApiError::new(
                ErrorCode::InvalidYear,
                format!(
                    "`{name}` must be a Gregorian year from {} to {}, got {value}",
                    YEARS.start(),
                    YEARS.end()
                ),
            )
        })
}

/// The Gregorian years a request names: `year`, or `from` and `to` (at most
/// [`MOST_YEARS`]); `None` when it names none.
fn years(query: &Query) -> Result<Option<(i32, i32)>, ApiError> {
    let (from, to) = match (query.given("year"), query.given("from"), query.given("to")) {
        (false, false, false) => return Ok(None),
        (true, false, false) => {
            let y = year(query, "year")?;
            (y, y)
        }
        (false, true, true) => (year(query, "from")?, year(query, "to")?),
        (true, _, _) => {
            return Err(ApiError::new(
                ErrorCode::InvalidRange,
                "give `year`, or `from` and `to`, not both",
            ))
        }
        (false, true, false) => return Err(missing("to")),
        (false, false, true) => return Err(missing("from")),
    };
    if to < from || to - from >= MOST_YEARS {
        return Err(ApiError::new(
            ErrorCode::InvalidRange,
            format!(
                "`to` must be from `from` to {} years after it",
                MOST_YEARS - 1
            ),
        ));
    }
    Ok(Some((from, to)))
}

/// The `kind` a request names (either when none).
fn kind(query: &Query) -> Result<Kind, ApiError> {
    match query.optional("kind", ErrorCode::InvalidKind)? {
        None => Ok(Kind::Any),
        Some(text) => Kind::parse(&text).ok_or_else(|| {
            ApiError::new(ErrorCode::InvalidKind, "`kind` must be `solar` or `lunar`")
        }),
    }
}

/// `GET /api/v1/eclipses?year=|from=&to=&kind=`.
pub fn list(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    let query = Query(req.query_string());
    let (from, to) = years(&query)?.ok_or_else(|| {
        ApiError::new(
            ErrorCode::MissingParameter,
            "give `year` (a Gregorian year), or `from` and `to` (up to ten years)",
        )
    })?;
    let kind = kind(&query)?;
    let scope = params::scope(state, &query)?;
    let key = Key::new("/api/v1/eclipses")
        .param("from", from)
        .param("to", to)
        .param("kind", format!("{kind:?}"));
    stored::history(req, state, &scope, key, || {
        let body = eclipses::list(state.dataset, from, to, kind);
        Ok(Built::json(256 + 320 * body.count(), &body))
    })
}

/// `GET /api/v1/eclipses.ics?place=&year=|from=&to=&kind=&lang=`: one event per eclipse
/// whose prayer falls at the place, spanning the prayer's window there (UTC), its contacts
/// in the description in the place's zone; without years the feed's window
/// ([`params::feed_window`]). Kept per place, years, kind, language and `DTSTAMP`.
pub fn ics(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    let query = Query(req.query_string());
    let place_id = query.required("place", ErrorCode::InvalidPlace)?;
    let place = places::place(state.archive.places(), &place_id, "place")?;
    let now = state.clock.now();
    let (from, to) = years(&query)?.unwrap_or_else(|| {
        let window = params::feed_window(now.year());
        (*window.start(), *window.end())
    });
    let kind = kind(&query)?;
    let lang = params::lang(&query)?;
    let scope = params::scope(state, &query)?;
    let stamp = ical::stamp(None, now);
    let key = Key::new("/api/v1/eclipses.ics")
        .param("place", place)
        .param("from", from)
        .param("to", to)
        .param("kind", format!("{kind:?}"))
        .param("lang", lang.tag())
        .param("stamp", stamp);
    stored::answer(
        req,
        state,
        &scope,
        key,
        |_| FEED,
        || {
            let seen = eclipses::with_prayer_at(state.dataset, (from, to, kind), place)?;
            let body = feed(state, place, &seen, (from, to, lang), stamp);
            Ok(Built::text(CALENDAR, body))
        },
    )
}

/// The VCALENDAR of the eclipses `seen` at `place` in the years `from` … `to`, in `lang`.
fn feed(
    state: &AppState,
    place: usize,
    seen: &[Seen],
    (from, to, lang): (i32, i32, Lang),
    stamp: Date,
) -> String {
    let archived = state.dataset.places.get(place);
    let at = archived.map_or("", |p| p.name.as_str());
    let place_id = archived.map_or("", |p| p.id.as_str());
    let zone: Tz = archived
        .and_then(|p| p.tz.parse().ok())
        .unwrap_or(chrono_tz::UTC);
    let years = if from == to {
        from.to_string()
    } else {
        format!("{from}–{to}")
    };
    let (name, description) = match lang {
        Lang::Id => (
            format!("Gerhana di {at} {years}"),
            format!(
                "Gerhana Matahari dan Bulan yang terlihat di {at} ({years}), masing-masing \
                 selama waktu salat gerhananya di sana: salat kusuf dari kontak pertama \
                 sampai terakhir selama Matahari di atas ufuk, salat khusuf dari awal sampai \
                 akhir fase sebagian (U1–U4) selama Bulan di atas ufuk. Gerhana Bulan \
                 penumbra tidak berfase sebagian dan tidak dicantumkan. Waktu kontak dalam \
                 zona setempat."
            ),
        ),
        Lang::En => (
            format!("Eclipses at {at} {years}"),
            format!(
                "The solar and lunar eclipses seen at {at} ({years}), each over the window \
                 of its prayer there: salat kusuf from the first contact to the last while \
                 the Sun is above the horizon, salat khusuf from the start to the end of the \
                 partial phase (U1–U4) while the Moon is above the horizon. Penumbral lunar \
                 eclipses have no partial phase and are not listed. Contact times are in the \
                 local zone."
            ),
        ),
    };
    let mut ical = Ical::feed(&name, &description, 900 * seen.len());
    let clock = |t: f64| {
        #[allow(clippy::cast_possible_truncation, reason = "an instant of the span")]
        let seconds = t.round() as i64;
        DateTime::from_timestamp(seconds, 0).map(|utc| utc.with_timezone(&zone))
    };
    for one in seen {
        let prayer = eclipses::prayer_name(one.eclipse);
        let title = eclipse_name(one, lang);
        ical.raw("BEGIN", "VEVENT");
        ical.raw(
            "UID",
            format_args!("gerhana-{}-{place_id}@{UID_DOMAIN}", one.id),
        );
        ical.midnight_utc("DTSTAMP", stamp);
        for (field, t) in [("DTSTART", one.window.0), ("DTEND", one.window.1)] {
            if let Some(local) = clock(t) {
                ical.raw(field, local.to_utc().format("%Y%m%dT%H%M%SZ"));
            }
        }
        ical.text("SUMMARY", &format!("{title} ({prayer})"));
        let contacts: Vec<String> = one
            .local
            .contacts
            .iter()
            .filter_map(|c| {
                let time = clock(c.at)?.format("%H:%M:%S");
                let below = match (c.below_horizon, lang) {
                    (false, _) => "",
                    (true, Lang::Id) => " (di bawah ufuk)",
                    (true, Lang::En) => " (below the horizon)",
                };
                let contact = match (c.id, lang) {
                    ("greatest", Lang::Id) => "puncak".to_owned(),
                    ("greatest", Lang::En) => "greatest".to_owned(),
                    (id, _) => id.to_uppercase(),
                };
                Some(format!("{contact} {time}{below}"))
            })
            .collect();
        let window = |t: f64| clock(t).map(|c| c.format("%H:%M:%S %Z").to_string());
        let (start, end) = (window(one.window.0), window(one.window.1));
        let (start, end) = (start.unwrap_or_default(), end.unwrap_or_default());
        let contacts = contacts.join(", ");
        let (mut text, magnitude) = match lang {
            Lang::Id => (
                format!("{title} di {at}: {prayer} dari {start} sampai {end}. Kontak: {contacts}."),
                "Magnitudo puncak",
            ),
            Lang::En => (
                format!("{title} at {at}: {prayer} from {start} to {end}. Contacts: {contacts}."),
                "Magnitude at maximum",
            ),
        };
        if let Some(m) = one.local.magnitude {
            text.push_str(&format!(" {magnitude} {m:.3}."));
        }
        ical.text("DESCRIPTION", &text);
        ical.raw("TRANSP", "TRANSPARENT");
        ical.raw("END", "VEVENT");
    }
    ical.end()
}

/// `GET /api/v1/eclipses/{id}?place=|lat=&lon=`: times in the place's civil zone, or UTC
/// for a point.
pub fn local(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    let query = Query(req.query_string());
    let id = req.match_info().get("id").unwrap_or_default();
    let eclipse = eclipses::find(state.dataset, id)?;
    let site = params::site(&query, state)?;
    let zone = params::site_zone(state, site);
    let build = || eclipses::local(state.dataset, eclipse, site, zone);
    match site {
        rashdul::Site::Place(place) => {
            let scope = params::scope(state, &query)?;
            let key = Key::new("/api/v1/eclipses/{id}")
                .param("id", eclipse.greatest.to_native())
                .param("place", place);
            stored::history(req, state, &scope, key, || Ok(Built::json(4096, &build()?)))
        }
        rashdul::Site::Point(..) => Ok(reply::json(req, reply::HISTORY, 4096, &build()?)),
    }
}

/// `GET /api/v1/eclipses/{id}/map?bare=&download=`: the stored map card of an eclipse of the
/// card years seen in Indonesia; any other eclipse is 404 `no_card`.
pub fn map(req: &HttpRequest, state: &AppState) -> Result<HttpResponse, ApiError> {
    let query = Query(req.query_string());
    let id = req.match_info().get("id").unwrap_or_default();
    let eclipse = eclipses::find(state.dataset, id)?;
    let bare = query.flag("bare", ErrorCode::InvalidBare)?;
    let download = query.flag("download", ErrorCode::InvalidDownload)?;
    let card = hijri::eclipse::map_card(eclipse, bare).ok_or_else(|| {
        ApiError::new(
            ErrorCode::NoCard,
            format!(
                "eclipse {id} has no map: maps are drawn for the eclipses of {} to {} that a \
                 kab/kota sees",
                hijri::eclipse::CARD_YEARS.start(),
                hijri::eclipse::CARD_YEARS.end()
            ),
        )
    })?;
    let mut response = stored::card(req, state, (card.png.as_slice(), card.etag.as_str()));
    if download && response.status() == actix_web::http::StatusCode::OK {
        // The id is digits, hyphens and letters (`find` matched it to a stored eclipse).
        let name = format!(
            "attachment; filename=\"gerhana-{}{}.png\"",
            hijri::eclipse::id(eclipse),
            if bare { "-bare" } else { "" }
        );
        if let Ok(value) = actix_web::http::header::HeaderValue::from_str(&name) {
            response
                .headers_mut()
                .insert(actix_web::http::header::CONTENT_DISPOSITION, value);
        }
    }
    Ok(response)
}
