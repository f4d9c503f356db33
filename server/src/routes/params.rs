//! Parameters that several endpoints read the same way: the calendar asked for
//! (`authority`), dates, the target month of the hilal endpoints, the parameters of the
//! observance lists (`/events`, `/events.ics`) and of `/fasting` (a year of a calendar), the language of texts (`lang`: the page and
//! `/days.ics`) and of names (`lang` of the JSON answers that name months, weekdays,
//! observances or holidays), the years of a feed without `year`, and the service's address as the
//! request sees it (the page, the document's samples). The handlers share them from here,
//! not from each other; so is the `SEQUENCE` of a feed's event (the corrections that moved
//! its month).

use std::ops::RangeInclusive;

use hijri::date::Date;
use hijri::hijri::{HijriDate, HijriMonth};
use hijri::lang::Lang as Names;
use hijri::observance::Selection;
use hijri::schema::{ArchivedChain, ArchivedMonth};
use hijri::span;
use hijri::zone::Zone;
use hijri_view::answers::events::include;
use hijri_view::answers::{places, rashdul};
use hijri_view::{coverage, Calendar, Scope};

use actix_web::HttpRequest;

use crate::http::error::{truncated, ApiError, ErrorCode};
use crate::http::query::{missing, Query};
use crate::state::AppState;

/// The scope of a request's answer: the calendar its `authority` names (any letter case),
/// or the default calendar without it. An unknown calendar is 400 `invalid_authority`
/// naming the calendars served.
pub fn scope<'a>(state: &AppState<'a>, query: &Query) -> Result<Scope<'a>, ApiError> {
    let Some(id) = query.optional("authority", ErrorCode::InvalidAuthority)? else {
        return Ok(state.scope);
    };
    let dataset = state.dataset;
    let chain = dataset.chain(&id).ok_or_else(|| {
        let known: Vec<&str> = dataset.chains.iter().map(|c| c.id.as_str()).collect();
        ApiError::new(
            ErrorCode::InvalidAuthority,
            format!(
                "unknown authority \"{}\"; the calendars served are {}",
                truncated(&id),
                known.join(", ")
            ),
        )
    })?;
    Ok(state.scope_of(chain))
}

/// The scope of a request for a calendar that has an evening record: `/hilal/*` of a
/// calendar no evening decides (a table, arithmetic) is 400 `invalid_authority`, saying why
/// in its rule's own words: it has no `what` (`hilal record`, `hilal cards`).
pub fn evening_scope<'a>(
    state: &AppState<'a>,
    query: &Query,
    what: &str,
) -> Result<Scope<'a>, ApiError> {
    let scope = scope(state, query)?;
    match without_evenings(scope.chain) {
        None => Ok(scope),
        Some(why) => Err(ApiError::new(
            ErrorCode::InvalidAuthority,
            format!(
                "{} ({}) has no {what}: {why}",
                scope.chain.id.as_str(),
                scope.chain.names.english.as_str()
            ),
        )),
    }
}

/// Why no rule of `chain` decides its months on an evening, in its rules' words; `None` if
/// some rule does.
fn without_evenings(chain: &ArchivedChain) -> Option<&str> {
    let mut reasons = chain.rules.iter().map(|span| span.rule.without_evening());
    reasons.try_fold("", |_, why| why)
}

/// Parses a Gregorian `YYYY-MM-DD` parameter.
pub fn gregorian_date(text: &str, name: &str) -> Result<Date, ApiError> {
    Date::parse_iso(text).ok_or_else(|| invalid_date(text, name, "Gregorian"))
}

/// Parses a Gregorian `month` parameter, `YYYY-MM`: its year and month number.
pub fn gregorian_month(text: &str) -> Result<(i32, u8), ApiError> {
    text.split_once('-')
        .filter(|(y, m)| y.len() == 4 && m.len() == 2)
        .and_then(|(y, m)| Some((y.parse::<i32>().ok()?, m.parse::<u8>().ok()?)))
        .filter(|(_, m)| (1..=12).contains(m))
        .ok_or_else(|| {
            ApiError::new(
                ErrorCode::InvalidMonth,
                format!(
                    "`month` must be a Gregorian month YYYY-MM, e.g. 2026-02, got \"{}\"",
                    truncated(text)
                ),
            )
        })
}

/// `from` to `to` when both are days served, else `out_of_coverage` naming the parameters
/// that asked for them (`named`, in backquotes).
pub fn served_days(from: Date, to: Date, named: &str) -> Result<(Date, Date), ApiError> {
    if span::contains(from) && span::contains(to) {
        return Ok((from, to));
    }
    Err(ApiError::new(
        ErrorCode::OutOfCoverage,
        format!(
            "{named} must fall within the days served, {} to {}",
            span::FIRST,
            span::LAST
        ),
    ))
}

/// Parses a Hijri `YYYY-MM-DD` parameter (the day is checked against the archive later).
pub fn hijri_date(text: &str, name: &str) -> Result<HijriDate, ApiError> {
    HijriDate::parse_iso(text).ok_or_else(|| invalid_date(text, name, "Hijri"))
}

fn invalid_date(text: &str, name: &str, calendar: &str) -> ApiError {
    ApiError::new(
        ErrorCode::InvalidDate,
        format!(
            "`{name}` must be a {calendar} date YYYY-MM-DD, got \"{}\"",
            truncated(text)
        ),
    )
}

/// Reads the target `month` and `year` of the hilal endpoints in `scope`'s calendar; a
/// month number outside 1–12, a month outside the calendar or one starting outside the
/// served span (the calendar's first month, which also has no examined evening) is
/// `out_of_coverage`, the only coverage code the interface lists for these endpoints.
pub fn target<'a>(
    scope: &Scope<'a>,
    query: Query<'_>,
) -> Result<(HijriMonth, usize, &'a ArchivedMonth), ApiError> {
    let month = query.integer("month", ErrorCode::InvalidMonth)?;
    let year = query.integer("year", ErrorCode::InvalidYear)?;
    let month = u8::try_from(month)
        .ok()
        .filter(|m| (1..=12).contains(m))
        .ok_or_else(|| {
            ApiError::new(
                ErrorCode::OutOfCoverage,
                format!("hilal records exist for months 1 to 12; there is no month {month}"),
            )
        })?;
    let target = HijriMonth {
        year: u16::try_from(year).unwrap_or(0),
        month,
    };
    // A month is served from its start: the first archived month, which starts before the
    // served span (and has no evening before it in the chain), is not.
    match coverage::month(scope, target, ErrorCode::OutOfCoverage)? {
        (index, archived) if index > 0 && span::contains(archived.start()) => {
            Ok((target, index, archived))
        }
        _ => Err(coverage::outside_archive(scope, ErrorCode::OutOfCoverage).into()),
    }
}

/// The parameters of `/events` and `/events.ics`.
pub struct Events<'a> {
    /// The calendar asked for (`authority`).
    pub scope: Scope<'a>,
    /// `year`, checked against the calendar's years.
    pub year: i32,
    /// `calendar`: of `year` (Hijri by default).
    pub calendar: Calendar,
    /// `include`: the observances selected and the list echoed.
    pub include: (Selection, Option<Vec<&'static str>>),
    /// `retro`.
    pub retro: bool,
}

/// Reads `year`, `calendar`, `include`, `retro` and `authority`.
pub fn events<'a>(state: &AppState<'a>, query: Query<'_>) -> Result<Events<'a>, ApiError> {
    let asked = asked_year(&query)?;
    let text = query.list("include", ErrorCode::InvalidInclude)?;
    let served = served_year(state, &query, asked)?;
    let include = include(text.map(|items| items.join(",")).as_deref())?;
    Ok(Events {
        scope: served.scope,
        year: served.year,
        calendar: served.calendar,
        include,
        retro: served.retro,
    })
}

/// A year of one calendar as `/events` and `/fasting` read it (`year`, `calendar`, `retro`,
/// `authority`), checked against the calendar's years.
pub struct ServedYear<'a> {
    /// The calendar asked for (`authority`).
    pub scope: Scope<'a>,
    /// `year`, checked against the calendar's years.
    pub year: i32,
    /// `calendar`: of `year` (Hijri by default).
    pub calendar: Calendar,
    /// `retro`.
    pub retro: bool,
}

/// Reads `year` (required) and `calendar` (Hijri by default), unchecked.
pub fn asked_year(query: &Query) -> Result<(i64, Calendar), ApiError> {
    let year = query.integer("year", ErrorCode::InvalidYear)?;
    let calendar = query.calendar(Calendar::Hijri)?;
    Ok((year, calendar))
}

/// Reads `retro` and `authority` and checks the `asked` year ([`asked_year`]) against the
/// calendar's years ([`coverage::year`]: `invalid_year` outside them).
pub fn served_year<'a>(
    state: &AppState<'a>,
    query: &Query,
    (year, calendar): (i64, Calendar),
) -> Result<ServedYear<'a>, ApiError> {
    let retro = query.flag("retro", ErrorCode::InvalidRetro)?;
    let scope = scope(state, query)?;
    let year = coverage::year(&scope, calendar, year)?;
    Ok(ServedYear {
        scope,
        year,
        calendar,
        retro,
    })
}

/// How many corrections of the ledger moved `month` (its start or its length, as the
/// announcement found by comparing the month chain before and after it): it rises with
/// each one, so subscribers update the events and days whose dates changed.
pub fn sequence(scope: &Scope, month: HijriMonth) -> usize {
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

/// Reads `tz`: an IANA zone name, WIB/WITA/WIT or a UTC offset; Asia/Jakarta when absent.
pub fn zone(query: &Query) -> Result<Zone, ApiError> {
    match query.optional("tz", ErrorCode::InvalidTimezone)? {
        None => Ok(Zone::Iana(chrono_tz::Asia::Jakarta)),
        Some(text) => Zone::parse(&text).ok_or_else(|| {
            ApiError::new(
                ErrorCode::InvalidTimezone,
                "`tz` must be an IANA zone name (Asia/Jakarta) or a UTC offset (UTC+7, +08:00)",
            )
        }),
    }
}

/// `scope` with its names in the language `lang` asks for: `id`, `en` or `ar` (any case),
/// Indonesian when absent; anything else is 400 `invalid_lang`.
pub fn names<'a>(scope: Scope<'a>, query: &Query) -> Result<Scope<'a>, ApiError> {
    let lang = match query.optional("lang", ErrorCode::InvalidLang)? {
        None => Names::Id,
        Some(text) => Names::parse(&text).ok_or_else(|| {
            ApiError::new(
                ErrorCode::InvalidLang,
                format!("`lang` must be id, en or ar, got \"{}\"", truncated(&text)),
            )
        })?,
    };
    Ok(Scope { lang, ..scope })
}

/// The language of texts for people: Indonesian (the default) or English (the page's).
pub use hijri_page::Lang;

/// The `lang` of the page, `/embed` and the feeds: `id` or `en` (any case), Indonesian
/// when absent; anything else is 400 `invalid_lang`.
pub fn lang(query: &Query) -> Result<Lang, ApiError> {
    match query.optional("lang", ErrorCode::InvalidLang)? {
        None => Ok(Lang::Id),
        Some(text) => Lang::parse(&text).ok_or_else(|| {
            ApiError::new(
                ErrorCode::InvalidLang,
                format!("`lang` must be id or en, got \"{}\"", truncated(&text)),
            )
        }),
    }
}

/// A feed's `reminder`: `evening` (any case) adds a reminder at 19:00 the evening before each
/// event; anything else is 400 `invalid_reminder`.
pub fn reminder(query: &Query) -> Result<bool, ApiError> {
    match query.optional("reminder", ErrorCode::InvalidReminder)? {
        None => Ok(false),
        Some(text) if text.eq_ignore_ascii_case("evening") => Ok(true),
        Some(_) => Err(ApiError::new(
            ErrorCode::InvalidReminder,
            "`reminder` must be evening (a reminder at 19:00 the evening before each event)",
        )),
    }
}

/// The Gregorian years a feed serves without `year`: one back, the current one (of `now`)
/// and two ahead.
pub fn feed_window(now: i32) -> RangeInclusive<i32> {
    now - 1..=now + 2
}

/// The service's address without a trailing slash, from configuration only
/// ([`crate::settings::PublicAddress`]: `HIJRI_PUBLIC_URL`, else the one of
/// `HIJRI_PUBLIC_HOSTS` the request's `Host` names exactly); `None` where links must be
/// relative. No forwarding header is read, and no request text reaches an answer's bytes.
pub fn origin<'a>(state: &AppState<'a>, req: &HttpRequest) -> Option<&'a str> {
    let host = req
        .headers()
        .get(actix_web::http::header::HOST)
        .and_then(|host| host.to_str().ok());
    state.public.for_host(host)
}

/// The point a request gives, `lat` and `lon` in decimal degrees, if it gives one: the one
/// reader of coordinates of every endpoint that takes them. A value that is no number of
/// degrees in range is `invalid_coordinates` naming it; `lat` without `lon` (or the reverse)
/// is `missing_parameter` naming the one missing.
pub fn point(query: &Query) -> Result<Option<(f64, f64)>, ApiError> {
    let lat = query.optional("lat", ErrorCode::InvalidCoordinates)?;
    let lon = query.optional("lon", ErrorCode::InvalidCoordinates)?;
    match (lat, lon) {
        (None, None) => Ok(None),
        (Some(_), None) => Err(missing("lon")),
        (None, Some(_)) => Err(missing("lat")),
        (Some(lat), Some(lon)) => Ok(Some((
            places::coordinate(&lat, "lat", 90.0)?,
            places::coordinate(&lon, "lon", 180.0)?,
        ))),
    }
}

/// The site a request names (`/qibla`, `/qibla/shadow`, `/eclipses/{id}`): `place`, or
/// `lat` and `lon` (any point on Earth), exactly one of them.
pub fn site(query: &Query, state: &AppState) -> Result<rashdul::Site, ApiError> {
    let place = query.optional("place", ErrorCode::InvalidPlace)?;
    let point = point(query)?;
    match (place, point) {
        (Some(_), Some(_)) => Err(ApiError::new(
            ErrorCode::InvalidPlace,
            "give either `place` (a place id) or `lat` and `lon` (a point), not both",
        )),
        (Some(id), None) => Ok(rashdul::Site::Place(places::place(
            state.archive.places(),
            &id,
            "place",
        )?)),
        (None, Some((lat, lon))) => Ok(rashdul::Site::Point(lat, lon)),
        (None, None) => Err(ApiError::new(
            ErrorCode::MissingParameter,
            "give `place` (a place id from /api/v1/places) or `lat` and `lon`",
        )),
    }
}

/// The civil zone of a site's local times: its place's, or UTC for a point.
pub fn site_zone(state: &AppState, site: rashdul::Site) -> Zone {
    match site {
        rashdul::Site::Place(i) => state.dataset.places.get(i).map_or(
            Zone::Iana(chrono_tz::UTC),
            hijri_view::answers::prayer::zone,
        ),
        rashdul::Site::Point(..) => Zone::Iana(chrono_tz::UTC),
    }
}

/// The place a request asks about: the one `place` names, or the nearest to the point
/// `lat`, `lon` gives (within [`places::NEAR_KM`], else 404 `no_place_near` naming the
/// nearest and its distance), with its distance from the point in whole metres.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Located {
    /// The index of the place in the archive.
    pub place: usize,
    /// Its distance from the point asked about, metres (`None` when `place` was given).
    pub distance_m: Option<u64>,
}

/// Reads [`Located`]: `place`, or `lat` and `lon` ([`point`]), exactly one of them; both
/// is `invalid_place`, neither `missing_parameter` naming `place`.
pub fn located(state: &AppState, query: &Query) -> Result<Located, ApiError> {
    let point = point(query)?;
    let id = query.optional("place", ErrorCode::InvalidPlace)?;
    match (id, point) {
        (Some(_), Some(_)) => Err(ApiError::new(
            ErrorCode::InvalidPlace,
            "give either `place` (a place id) or `lat` and `lon` (a point), not both",
        )),
        (Some(id), None) => Ok(Located {
            place: places::place(state.archive.places(), &id, "place")?,
            distance_m: None,
        }),
        (None, Some((lat, lon))) => {
            let (place, distance) = places::locate(state.dataset, lat, lon)?;
            Ok(Located {
                place,
                distance_m: Some(distance),
            })
        }
        (None, None) => Err(ApiError::new(
            ErrorCode::MissingParameter,
            "required parameter `place` is missing (or give the point: `lat` and `lon`)",
        )),
    }
}
