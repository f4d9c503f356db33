//! Prayer times: the bodies of `/api/v1/prayer-times` (the eight times of a place over up to
//! a year of days, by a method, each day with its Hijri date in the method's own calendar,
//! and with `detail` each time to the second with the Sun's altitude that defines it) and
//! `/api/v1/imsakiyah` (the Ramadan of a Hijri year in a calendar, day by day, and 1
//! Syawal). The times are the archive's (`hijri::prayer_table`); nothing here computes the
//! Sun. A method is a calendar's own when they share an identifier (`kemenag`,
//! `muhammadiyah`); a calendar without its own method is answered by the default one, and
//! the answer says so.

use chrono::{DateTime, Utc};
use hijri::date::Date;
use hijri::lang::Lang;
use hijri::prayer::{Method, Prayer, Rounding};
use hijri::prayer_table;
use hijri::schema::{ArchivedChain, ArchivedDataset, ArchivedPrayerPlace};
use hijri::warnings;
use hijri::zone::Zone;
use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};

use super::places::PlaceView;
use crate::coverage;
use crate::dates::AnyDate;
use crate::{truncated, ErrorCode, Refusal, Scope, WarningList};

mod imsakiyah;
mod next;

pub use imsakiyah::{imsakiyah, imsakiyah_body, FastDay, Imsakiyah, ImsakiyahBody};
pub use next::{around, next_prayer, Moment, NextBody, PrayerAt, PRAYERS};

/// The longest `/prayer-times` range, days (a leap year).
pub const MAX_DAYS: i32 = 366;
/// The longest `/prayer-times` range with `detail`, days (a month: 366 days of detail were
/// 316 KB and 10 ms to build).
pub const MAX_DETAIL_DAYS: i32 = 31;
/// The method answered when none is asked for, and for a calendar without its own.
pub const DEFAULT_METHOD: Method = Method::KEMENAG;
/// The Hijri month of the fast.
const RAMADAN: u8 = 9;
/// The times an imsakiyah lists, in its columns' order (dhuha is not among them).
pub const IMSAKIYAH_TIMES: [Prayer; 7] = [
    Prayer::Imsak,
    Prayer::Subuh,
    Prayer::Terbit,
    Prayer::Dzuhur,
    Prayer::Ashar,
    Prayer::Maghrib,
    Prayer::Isya,
];

/// Reads `method` (any letter case), or `invalid_method` listing the methods.
pub fn method(text: &str) -> Result<Method, Refusal> {
    Method::ALL
        .into_iter()
        .find(|m| m.id.eq_ignore_ascii_case(text.trim()))
        .ok_or_else(|| {
            let ids: Vec<&str> = Method::ALL.iter().map(|m| m.id).collect();
            Refusal::new(
                ErrorCode::InvalidMethod,
                format!(
                    "`method` must be one of {}, got \"{}\"",
                    ids.join(", "),
                    truncated(text)
                ),
            )
        })
}

/// The method of a calendar: its own (sharing its identifier) and `true`, else the default
/// and `false`.
pub fn method_of(chain: &ArchivedChain) -> (Method, bool) {
    match Method::by_id(&chain.id) {
        Some(own) => (own, true),
        None => (DEFAULT_METHOD, false),
    }
}

/// The calendar a method's days are dated in: its own, else the archive's default.
pub fn calendar_of<'a>(dataset: &'a ArchivedDataset, method: &Method) -> Option<&'a ArchivedChain> {
    dataset.chain(method.id).or_else(|| dataset.default_chain())
}

/// A place's civil time zone (WIB, WITA, WIT as fixed offsets, like every local time the
/// service gives).
pub fn zone(place: &ArchivedPrayerPlace) -> Zone {
    Zone::civil_named(&place.tz)
}

/// An instant (UTC seconds) as local text by `format` (`%H:%M`, `%H:%M:%S`).
fn local(zone: Zone, seconds: i64, format: &str) -> Option<String> {
    let utc: DateTime<Utc> = DateTime::from_timestamp(seconds, 0)?;
    Some(
        utc.with_timezone(&zone)
            .fixed_offset()
            .format(format)
            .to_string(),
    )
}

/// The eight times of a day, `"HH:MM"` (or `null` where the Sun does not reach the altitude
/// that day), in the order of the day.
struct Times {
    zone: Zone,
    published: [Option<i64>; 8],
    which: &'static [Prayer],
}

impl Serialize for Times {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.which.len()))?;
        for prayer in self.which {
            let at = self.published.get(prayer.index()).copied().flatten();
            map.serialize_entry(
                prayer.name(),
                &at.and_then(|s| local(self.zone, s, "%H:%M")),
            )?;
        }
        map.end()
    }
}

/// `detail`: each time to the second before ihtiyat and rounding, in local time and UTC,
/// with the Sun's altitude that defines it.
struct Detail {
    zone: Zone,
    exact: [Option<i64>; 8],
    altitude: [Option<f64>; 8],
}

/// One time of `detail`.
#[derive(Serialize)]
struct ExactTime {
    local: Option<String>,
    utc: Option<String>,
    sun_altitude_deg: Option<f64>,
}

impl Serialize for Detail {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(Prayer::ALL.len()))?;
        for prayer in Prayer::ALL {
            let i = prayer.index();
            let exact = self.exact.get(i).copied().flatten();
            map.serialize_entry(
                prayer.name(),
                &ExactTime {
                    local: exact.and_then(|s| local(self.zone, s, "%H:%M:%S")),
                    utc: exact.and_then(|s| local(Zone::civil(chrono_tz::UTC), s, "%H:%M:%SZ")),
                    sun_altitude_deg: self
                        .altitude
                        .get(i)
                        .copied()
                        .flatten()
                        .map(|h| (h * 1e4).round() / 1e4),
                },
            )?;
        }
        map.end()
    }
}

/// A method with its numbers, as every prayer answer states it.
#[derive(Serialize)]
pub struct MethodView {
    id: &'static str,
    name: &'static str,
    subuh_altitude_deg: f64,
    isya_altitude_deg: f64,
    dhuha_altitude_deg: f64,
    ashar_shadow_factor: f64,
    horizon: Horizon,
    imsak_minutes_before_subuh: i64,
    ihtiyat_minutes: PerTime<i64>,
    rounding: PerTime<&'static str>,
}

/// The horizon of terbit and maghrib, and the altitude it gives at the answer's place.
#[derive(Serialize)]
struct Horizon {
    semidiameter_arcmin: f64,
    refraction_arcmin: f64,
    fixed_dip_arcmin: f64,
    dip_arcmin_per_sqrt_m: f64,
    altitude_deg: f64,
    /// The method's own horizon at this place (a highland place's, or the place's own),
    /// where its published times sit on one (then `altitude_deg` is this, not the formula's).
    #[serde(skip_serializing_if = "Option::is_none")]
    place_altitude_deg: Option<f64>,
}

/// A value per time from subuh to isya (imsak follows subuh).
struct PerTime<T>([T; 8]);

impl<T: Serialize> Serialize for PerTime<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(Prayer::ALL.len() - 1))?;
        for (prayer, value) in Prayer::ALL.iter().zip(&self.0).skip(1) {
            map.serialize_entry(prayer.name(), value)?;
        }
        map.end()
    }
}

impl MethodView {
    /// `method`'s numbers, its horizon at `place`.
    pub fn of(method: &Method, place: &ArchivedPrayerPlace) -> MethodView {
        MethodView {
            id: method.id,
            name: method.name,
            subuh_altitude_deg: method.subuh_altitude_deg,
            isya_altitude_deg: method.isya_altitude_deg,
            dhuha_altitude_deg: method.dhuha_altitude_deg,
            ashar_shadow_factor: method.ashar_shadow_factor,
            horizon: Horizon {
                semidiameter_arcmin: method.horizon.semidiameter_arcmin,
                refraction_arcmin: method.horizon.refraction_arcmin,
                fixed_dip_arcmin: method.horizon.fixed_dip_arcmin,
                dip_arcmin_per_sqrt_m: method.horizon.dip_arcmin_per_sqrt_m,
                altitude_deg: (method
                    .horizon_altitude_deg(Some(place.id.as_str()), place.elev_m.to_native())
                    * 1e4)
                    .round()
                    / 1e4,
                place_altitude_deg: method
                    .horizon
                    .own(Some(place.id.as_str()), place.elev_m.to_native()),
            },
            imsak_minutes_before_subuh: method.imsak_minutes_before_subuh,
            ihtiyat_minutes: PerTime(method.ihtiyat_minutes),
            rounding: PerTime(method.rounding.map(|r| match r {
                Rounding::Up => "up",
                Rounding::Down => "down",
                Rounding::Nearest => "nearest",
            })),
        }
    }
}

/// A day's Hijri date in a calendar, with the `source` of its tier.
#[derive(Serialize)]
struct HijriView<'a> {
    date: AnyDate,
    day: u8,
    month: u8,
    month_name: &'static str,
    year: u16,
    source: &'a str,
}

impl<'a> HijriView<'a> {
    fn of(chain: &'a ArchivedChain, day: Date, lang: Lang) -> Option<HijriView<'a>> {
        let (hijri, month) = chain.to_hijri(day)?;
        Some(HijriView {
            date: AnyDate::Hijri(hijri),
            day: hijri.day,
            month: hijri.month,
            month_name: hijri.month_of_year().name_in(lang),
            year: hijri.year,
            source: chain.source(chain.tier_of_day(month, day)),
        })
    }
}

/// One day of `/prayer-times`.
#[derive(Serialize)]
struct PrayerDay<'a> {
    date: AnyDate,
    weekday: &'static str,
    hijri: Option<HijriView<'a>>,
    times: Times,
    #[serde(skip_serializing_if = "Option::is_none")]
    detail: Option<Detail>,
}

/// `input` of `/prayer-times`.
#[derive(Serialize)]
struct TimesInput<'a> {
    place: &'a str,
    method: &'static str,
    from: AnyDate,
    to: AnyDate,
    detail: bool,
}

/// The body of `/api/v1/prayer-times`.
#[derive(Serialize)]
pub struct PrayerTimesBody<'a> {
    input: TimesInput<'a>,
    place: PlaceView<'a>,
    method: MethodView,
    calendar: &'a str,
    count: usize,
    days: Vec<PrayerDay<'a>>,
    warnings: WarningList<'a>,
}

impl PrayerTimesBody<'_> {
    /// Number of days.
    pub fn count(&self) -> usize {
        self.count
    }

    /// The same body, its place at `distance_m` from the point asked about (`lat`/`lon`).
    pub fn at_distance(self, distance_m: Option<u64>) -> Self {
        PrayerTimesBody {
            place: self.place.at_distance(distance_m),
            ..self
        }
    }
}

/// Checks a `/prayer-times` range: `from` not after `to`, at most [`MAX_DAYS`] days.
pub fn check_range(from: Date, to: Date) -> Result<(), Refusal> {
    if from > to {
        return Err(Refusal::new(
            ErrorCode::InvalidRange,
            format!("`from` ({from}) is after `to` ({to})"),
        ));
    }
    if to.0 - from.0 + 1 > MAX_DAYS {
        return Err(Refusal::new(
            ErrorCode::RangeTooLarge,
            format!(
                "`from` to `to` spans {} days; at most {MAX_DAYS} are answered at once",
                to.0 - from.0 + 1
            ),
        ));
    }
    Ok(())
}

/// The times of `place` (an index of the archive's places) by `method` from `from` to `to`
/// (checked by [`check_range`]); `scope`'s calendar (the method's, [`calendar_of`]) dates
/// the days; days outside the served span are `out_of_coverage`.
pub fn prayer_times<'a>(
    scope: &Scope<'a>,
    place: usize,
    method: &Method,
    (from, to): (Date, Date),
    detail: bool,
) -> Result<PrayerTimesBody<'a>, Refusal> {
    if detail && to.0 - from.0 + 1 > MAX_DETAIL_DAYS {
        return Err(Refusal::new(
            ErrorCode::RangeTooLarge,
            format!(
                "with `detail`, at most {MAX_DETAIL_DAYS} days are answered at once; `from` to \
                 `to` spans {} days",
                to.0 - from.0 + 1
            ),
        ));
    }
    let dataset = scope.dataset;
    let mut served = coverage::days(scope, from, to, true, ErrorCode::OutOfCoverage)?;
    served.warnings.merge(warnings::for_local_times(from));
    let archived = dataset
        .places
        .get(place)
        .ok_or_else(|| outside(scope, ErrorCode::OutOfCoverage))?;
    let zone = zone(archived);
    let exact = prayer_table::exact_days(dataset, place, method, from, to)
        .ok_or_else(|| outside(scope, ErrorCode::OutOfCoverage))?;
    let mut days = Vec::with_capacity(exact.len());
    for (day, exact) in (from.0..).map(Date).zip(exact) {
        let detail = if detail {
            Some(Detail {
                zone,
                exact,
                altitude: prayer_table::defining_altitude(dataset, place, method, day)
                    .ok_or_else(|| outside(scope, ErrorCode::OutOfCoverage))?,
            })
        } else {
            None
        };
        days.push(PrayerDay {
            date: AnyDate::Gregorian(day),
            weekday: day.weekday().name_in(scope.lang),
            hijri: HijriView::of(scope.chain, day, scope.lang),
            times: Times {
                zone,
                published: prayer_table::published(method, &exact),
                which: &Prayer::ALL,
            },
            detail,
        });
    }
    Ok(PrayerTimesBody {
        input: TimesInput {
            place: &archived.id,
            method: method.id,
            from: AnyDate::Gregorian(from),
            to: AnyDate::Gregorian(to),
            detail,
        },
        place: PlaceView::of(archived),
        method: MethodView::of(method, archived),
        calendar: &scope.chain.id,
        count: days.len(),
        days,
        warnings: WarningList(served.warnings),
    })
}

/// The refusal for days the prayer table does not hold (the served span's).
fn outside(scope: &Scope, code: ErrorCode) -> Refusal {
    coverage::outside_archive(scope, code)
}

/// A published minute as local `"HH:MM"` in `zone` (for the feed and the page).
pub fn hh_mm(zone: Zone, seconds: i64) -> Option<String> {
    local(zone, seconds, "%H:%M")
}
