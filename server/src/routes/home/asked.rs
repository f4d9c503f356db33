//! The page's parameters: the month or year shown (`view`, `calendar`, `year`, `month`) and
//! the place chosen (`place`).

use hijri::date::Date;
use hijri::hijri::HijriMonth;
use hijri_page::{Chosen, View};
use hijri_view::answers::places::{self, PlaceIndex};
use hijri_view::{coverage, Calendar, Scope};

use crate::http::error::{truncated, ApiError, ErrorCode};
use crate::http::query::Query;

/// The first year a `year` without `calendar` is read as Gregorian (every Hijri year served
/// is far below it, every Gregorian one above).
const GREGORIAN_FROM: i64 = 1900;

/// The month or year a request asks for: `view=year` (any case) is the Gregorian `year`
/// whole (today's without `year`; a `calendar` other than Gregorian is `invalid_calendar`);
/// else (`view=month` or no `view`) the month of `calendar`, `year` and `month`, `None`
/// without `year` and `month`. The years are those `/api/v1/month` serves; without
/// `calendar`, a year from 1900 on is Gregorian and one before it Hijri; an unknown
/// `calendar` is `invalid_calendar` even alone, any other `view` `invalid_kind`.
pub fn view(scope: &Scope, query: &Query, today: Date) -> Result<Option<View>, ApiError> {
    // A `calendar` is checked even alone, as every endpoint checks what it is given.
    let chosen = query.given("calendar");
    let calendar = query.calendar(Calendar::Hijri)?;
    let view = query.optional("view", ErrorCode::InvalidKind)?;
    match view.as_deref() {
        None => {}
        Some(v) if v.eq_ignore_ascii_case("month") => {}
        Some(v) if v.eq_ignore_ascii_case("year") => {
            if chosen && calendar != Calendar::Gregorian {
                return Err(ApiError::new(
                    ErrorCode::InvalidCalendar,
                    "the year view is of a Gregorian year: `calendar` must be gregorian or absent",
                ));
            }
            let year = if query.given("year") {
                query.integer("year", ErrorCode::InvalidYear)?
            } else {
                i64::from(today.ymd().0)
            };
            return Ok(Some(View::Year(coverage::year(
                scope,
                Calendar::Gregorian,
                year,
            )?)));
        }
        Some(v) => {
            return Err(ApiError::new(
                ErrorCode::InvalidKind,
                format!("`view` must be month or year, got \"{}\"", truncated(v)),
            ))
        }
    }
    if !query.given("year") && !query.given("month") {
        return Ok(None);
    }
    let year = query.integer("year", ErrorCode::InvalidYear)?;
    let month = query.integer("month", ErrorCode::InvalidMonth)?;
    let calendar = if !chosen && year >= GREGORIAN_FROM {
        Calendar::Gregorian
    } else {
        calendar
    };
    let year = coverage::year(scope, calendar, year)?;
    let month = u8::try_from(month)
        .ok()
        .filter(|m| (1..=12).contains(m))
        .ok_or_else(|| ApiError::new(ErrorCode::InvalidMonth, "`month` must be 1 to 12"))?;
    Ok(Some(match calendar {
        Calendar::Gregorian => View::Gregorian {
            year,
            month: u32::from(month),
        },
        Calendar::Hijri => View::Hijri(HijriMonth {
            year: u16::try_from(year).unwrap_or(0),
            month,
        }),
    }))
}

/// The place `place` names (`None` when it is absent or empty, as a form's blank choice
/// sends it); an unknown one is `unknown_place` (404) with the closest names.
pub fn place<'r>(places: &PlaceIndex<'r>, query: &Query) -> Result<Option<Chosen<'r>>, ApiError> {
    let Some(id) = query.optional("place", ErrorCode::InvalidPlace)? else {
        return Ok(None);
    };
    if id.trim().is_empty() {
        return Ok(None);
    }
    let index = places::place(places, &id, "place")?;
    let place = (places.dataset().places)
        .get(index)
        .ok_or_else(|| ApiError::new(ErrorCode::UnknownPlace, "`place` is not in the archive"))?;
    Ok(Some(Chosen { index, place }))
}
