//! Rashdul kiblat: the bodies of `/api/v1/qibla/rashdul` (the yearly days when the Sun
//! culminates at the Kaaba's zenith, and at its antipode) and `/api/v1/qibla/shadow` (each
//! day's instants when the Sun stands at a place's qibla bearing or opposite it).
//!
//! No ephemeris is read at run time: both answers are arithmetic over the archive's prayer
//! table, which holds the Sun's apparent geocentric declination at 0h UT of every day
//! (read here by four-point Lagrange interpolation, within a few 1e-6° between the days)
//! and every place's transit to the second. A place's consecutive transits give the Sun's
//! hour angle there at any instant (linear between them: the equation of time drifts by
//! under half a minute a day); another longitude's transits follow from a reference place's
//! by the longitude difference, a fraction of the same interval. Altitudes are the Sun's
//! centre, airless, from the geocentric declination (the parallax, under 9″, is left out).

use chrono::{DateTime, FixedOffset, NaiveTime, TimeZone, Utc};
use hijri::date::Date;
use hijri::prayer::{Method, Prayer};
use hijri::prayer_table;
use hijri::schema::ArchivedDataset;
use hijri::span;
use hijri::zone::Zone;
use serde::Serialize;

use super::places::PlaceView;
use super::qibla::{self, rounded, Kaaba, KAABA};
use crate::{ErrorCode, Refusal};

/// The margin of the yearly days: the Sun's noon declination within its mean apparent
/// radius (16′) of the Kaaba's latitude, so the Kaaba is under the Sun's disc at noon. With
/// the declination moving 0.16° a day then, the window is the nearest noon ±1 day.
pub const MARGIN_DEG: f64 = 16.0 / 60.0;
/// The lowest altitude of the Sun (its centre, airless) at which a daily rashdul kiblat is
/// given: below it a stick's shadow is over 11 times its length and too faint to align.
pub const MIN_ALTITUDE_DEG: f64 = 5.0;
/// The years served, the span's.
pub const YEARS: std::ops::RangeInclusive<i32> = 1945..=2100;
/// Seconds per day.
const DAY_S: f64 = 86_400.0;

/// The rule of the margin, in words.
const MARGIN_RULE: &str = "the days whose noon at the Kaaba (at its antipode) has the Sun's \
                           declination within the Sun's mean apparent radius, 16′, of the \
                           Kaaba's latitude (its negative)";

/// The Sun's apparent declination (degrees) at Unix second `t`, interpolated through the
/// table's four daily values around it (two where the table ends); `None` outside it.
pub fn declination_deg(dataset: &ArchivedDataset, t: f64) -> Option<f64> {
    let table = &dataset.prayer.declination;
    let first = f64::from(span::FIRST.0 - 1) * DAY_S;
    let at = (t - first) / DAY_S;
    if !at.is_finite() || at < 0.0 {
        return None;
    }
    let day = at.floor();
    let x = at - day;
    #[allow(
        clippy::cast_possible_truncation,
        reason = "a non-negative whole number of days, checked against the table by get"
    )]
    let i = day as usize;
    let value = |k: usize| Some(f64::from(table.get(k)?.to_native()) * 1e-6);
    let (a, b) = (value(i)?, value(i + 1)?);
    match (i.checked_sub(1).and_then(value), value(i + 2)) {
        (Some(p), Some(n)) => Some(
            -p * x * (x - 1.0) * (x - 2.0) / 6.0 + a * (x + 1.0) * (x - 1.0) * (x - 2.0) / 2.0
                - b * (x + 1.0) * x * (x - 2.0) / 2.0
                + n * (x + 1.0) * x * (x - 1.0) / 6.0,
        ),
        _ => Some(a + (b - a) * x),
    }
}

/// The Sun's consecutive upper transits (Unix seconds) at longitude `lon` around the days
/// `from` … `to` (the span's days only), from place `reference`'s transits: each shifted
/// by the longitude difference as a fraction of the interval to the next. `None` if the
/// table has not the place or its days.
fn noons(
    dataset: &ArchivedDataset,
    reference: usize,
    lon: f64,
    from: Date,
    to: Date,
) -> Option<Vec<f64>> {
    let from = from.add_days(-2).max(span::FIRST);
    let to = to.add_days(2).min(span::LAST);
    let place = dataset.places.get(reference)?;
    let days = prayer_table::exact_days(dataset, reference, &Method::KEMENAG, from, to)?;
    let transits: Vec<f64> = days
        .iter()
        .filter_map(|day| day.get(Prayer::Dzuhur.index()).copied().flatten())
        .map(|s| s as f64)
        .collect();
    let shift = ((place.lon.to_native() - lon) / 360.0).rem_euclid(1.0);
    Some(
        transits
            .windows(2)
            .filter_map(|w| match w {
                [a, b] => Some(a + shift * (b - a)),
                _ => None,
            })
            .collect(),
    )
}

/// An instant as RFC 3339 text in UTC (`…Z`) and in WIB, WITA and WIT.
#[derive(Serialize, Debug)]
pub struct Instant {
    utc: String,
    wib: String,
    wita: String,
    wit: String,
}

/// `t` (Unix seconds) to the nearest second at `offset` hours, RFC 3339.
pub(crate) fn at_offset(t: f64, hours: i32) -> Option<String> {
    #[allow(
        clippy::cast_possible_truncation,
        reason = "an instant of the span, rounded: far inside i64"
    )]
    let seconds = t.round() as i64;
    let utc: DateTime<Utc> = DateTime::from_timestamp(seconds, 0)?;
    if hours == 0 {
        return Some(utc.format("%Y-%m-%dT%H:%M:%SZ").to_string());
    }
    let zone = FixedOffset::east_opt(hours * 3600)?;
    Some(
        utc.with_timezone(&zone)
            .format("%Y-%m-%dT%H:%M:%S%:z")
            .to_string(),
    )
}

impl Instant {
    fn of(t: f64) -> Option<Instant> {
        Some(Instant {
            utc: at_offset(t, 0)?,
            wib: at_offset(t, 7)?,
            wita: at_offset(t, 8)?,
            wit: at_offset(t, 9)?,
        })
    }
}

/// The UTC date of `t`.
fn utc_date(t: f64) -> Option<String> {
    #[allow(clippy::cast_possible_truncation, reason = "an instant of the span")]
    let seconds = t.round() as i64;
    let utc: DateTime<Utc> = DateTime::from_timestamp(seconds, 0)?;
    Some(utc.format("%Y-%m-%d").to_string())
}

/// One noon of a yearly event.
#[derive(Serialize, Debug)]
pub struct Noon {
    date: String,
    instant: Instant,
    declination_deg: f64,
    off_deg: f64,
}

/// The days within the margin.
#[derive(Serialize, Debug)]
pub struct Window {
    from: String,
    to: String,
    days: usize,
}

/// One yearly event: the Sun over the Kaaba (or its antipode).
#[derive(Serialize, Debug)]
pub struct Event {
    kind: &'static str,
    date: String,
    instant: Instant,
    declination_deg: f64,
    crossing: Instant,
    days: [Noon; 2],
    window: Window,
}

/// The antipode's point.
#[derive(Serialize, Debug)]
struct Point {
    lat: f64,
    lon: f64,
}

/// The margin, stated.
#[derive(Serialize, Debug)]
struct Margin {
    deg: f64,
    rule: &'static str,
}

/// `input` of `/qibla/rashdul`.
#[derive(Serialize, Debug)]
struct YearInput {
    year: i32,
}

/// The body of `/api/v1/qibla/rashdul`.
#[derive(Serialize, Debug)]
pub struct RashdulBody {
    input: YearInput,
    kaaba: Kaaba,
    antipode: Point,
    margin: Margin,
    source: &'static str,
    events: Vec<Event>,
}

/// The instants in `[from, to)` when the declination crosses `target` (bisection to 0.3 s
/// between the table's days).
fn crossings(dataset: &ArchivedDataset, from: f64, to: f64, target: f64) -> Vec<f64> {
    let mut out = Vec::new();
    let mut t = from;
    while t < to {
        let next = t + DAY_S;
        if let (Some(a), Some(b)) = (declination_deg(dataset, t), declination_deg(dataset, next)) {
            if (a - target <= 0.0) != (b - target <= 0.0) {
                let rising = b > a;
                let (mut lo, mut hi) = (t, next);
                for _ in 0..20 {
                    let mid = 0.5 * (lo + hi);
                    match declination_deg(dataset, mid) {
                        Some(d) if (d > target) == rising => hi = mid,
                        Some(_) => lo = mid,
                        None => break,
                    }
                }
                out.push(0.5 * (lo + hi));
            }
        }
        t = next;
    }
    out
}

/// A noon with its declination and distance from `target`.
fn noon(dataset: &ArchivedDataset, t: f64, target: f64) -> Option<Noon> {
    let d = declination_deg(dataset, t)?;
    Some(Noon {
        date: utc_date(t)?,
        instant: Instant::of(t)?,
        declination_deg: rounded(d, 4),
        off_deg: rounded(d - target, 4),
    })
}

/// The event of the crossing `c` of `target` at longitude `lon`.
fn event(
    dataset: &ArchivedDataset,
    kind: &'static str,
    c: f64,
    target: f64,
    lon: f64,
) -> Option<Event> {
    #[allow(clippy::cast_possible_truncation, reason = "a day of the span")]
    let day = Date((c / DAY_S).floor() as i32);
    let noons = noons(dataset, 0, lon, day.add_days(-6), day.add_days(6))?;
    let after = noons.iter().position(|n| *n > c)?;
    let (before_t, after_t) = (*noons.get(after.checked_sub(1)?)?, *noons.get(after)?);
    let off = |t: f64| declination_deg(dataset, t).map(|d| (d - target).abs());
    let nearest = if off(before_t)? <= off(after_t)? {
        after - 1
    } else {
        after
    };
    let within = |i: usize| {
        noons
            .get(i)
            .and_then(|t| off(*t))
            .is_some_and(|o| o <= MARGIN_DEG)
    };
    let (mut first, mut last) = (nearest, nearest);
    while first > 0 && within(first - 1) {
        first -= 1;
    }
    while within(last + 1) {
        last += 1;
    }
    let at = *noons.get(nearest)?;
    Some(Event {
        kind,
        date: utc_date(at)?,
        instant: Instant::of(at)?,
        declination_deg: rounded(declination_deg(dataset, at)?, 4),
        crossing: Instant::of(c)?,
        days: [
            noon(dataset, before_t, target)?,
            noon(dataset, after_t, target)?,
        ],
        window: Window {
            from: utc_date(*noons.get(first)?)?,
            to: utc_date(*noons.get(last)?)?,
            days: last - first + 1,
        },
    })
}

/// The refusal of a year outside [`YEARS`].
fn year_refusal(year: i32) -> Refusal {
    Refusal::new(
        ErrorCode::InvalidYear,
        format!(
            "`year` must be a Gregorian year from {} to {}, got {year}",
            YEARS.start(),
            YEARS.end()
        ),
    )
}

/// The refusal of an archive without a prayer table.
fn no_table() -> Refusal {
    Refusal::new(
        ErrorCode::ComputationUnavailable,
        "the archive holds no prayer table to read the Sun from",
    )
}

/// The yearly rashdul kiblat of Gregorian `year`: the Sun over the Kaaba (May, July) and
/// over its antipode (November, January), each with the noon nearest the zenith passage,
/// the two noons around it (the days Kemenag announces), the instant the declination equals
/// the latitude and the days within [`MARGIN_DEG`].
pub fn yearly(dataset: &ArchivedDataset, year: i32) -> Result<RashdulBody, Refusal> {
    if !YEARS.contains(&year) {
        return Err(year_refusal(year));
    }
    let (Some(jan1), Some(next)) = (
        Date::from_ymd(year, 1, 1),
        Date::from_ymd(year.saturating_add(1), 1, 1),
    ) else {
        return Err(year_refusal(year));
    };
    let (from, to) = (f64::from(jan1.0) * DAY_S, f64::from(next.0) * DAY_S);
    let antipode_lon = KAABA.lon - 180.0;
    let mut events = Vec::new();
    for (kind, target, lon) in [
        ("kaaba", KAABA.lat, KAABA.lon),
        ("antipode", -KAABA.lat, antipode_lon),
    ] {
        for c in crossings(dataset, from, to, target) {
            events.push(event(dataset, kind, c, target, lon).ok_or_else(no_table)?);
        }
    }
    Ok(RashdulBody {
        input: YearInput { year },
        kaaba: KAABA,
        antipode: Point {
            lat: -KAABA.lat,
            lon: antipode_lon,
        },
        margin: Margin {
            deg: rounded(MARGIN_DEG, 6),
            rule: MARGIN_RULE,
        },
        source: "the archive's prayer table: the Sun's apparent declination (DE440) at 0h UT \
                 of every day, and transits",
        events,
    })
}

/// Where a shadow answer is asked for: a place of the archive or a point.
#[derive(Clone, Copy, Debug)]
pub enum Site {
    /// The archive's place of this index.
    Place(usize),
    /// A point, degrees north and east.
    Point(f64, f64),
}

/// One instant of a day's rashdul kiblat.
#[derive(Serialize, Debug)]
struct Moment {
    time: String,
    utc: String,
    altitude_deg: f64,
}

/// Whether and when the Sun stands at one bearing on one day.
#[derive(Serialize, Debug, Default)]
struct Bearing {
    occurs: bool,
    times: Vec<Moment>,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<&'static str>,
}

/// One day of `/qibla/shadow`.
#[derive(Serialize, Debug)]
struct ShadowDay {
    date: String,
    sun_at_qibla: Bearing,
    sun_opposite_qibla: Bearing,
}

/// `input` of `/qibla/shadow`.
#[derive(Serialize, Debug)]
struct ShadowInput<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    place: Option<&'a str>,
    lat: f64,
    lon: f64,
    from: String,
    to: String,
}

/// The body of `/api/v1/qibla/shadow`.
#[derive(Serialize)]
pub struct ShadowBody<'a> {
    input: ShadowInput<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    place: Option<PlaceView<'a>>,
    qibla_azimuth_deg: f64,
    opposite_azimuth_deg: f64,
    altitude_limit_deg: f64,
    rule: &'static str,
    count: usize,
    days: Vec<ShadowDay>,
}

impl ShadowBody<'_> {
    /// The number of days.
    pub fn count(&self) -> usize {
        self.count
    }
}

/// The hour angles (degrees, 0 ≤ H < 360) at which the Sun (declination `dec`) stands at
/// azimuth `q` or `q + 180°` from latitude `lat`: the roots of
/// `sin φ sin q cos H − cos q sin H = tan δ cos φ sin q` (none, one or two).
fn hour_angles(lat: f64, dec: f64, q: f64) -> [Option<f64>; 2] {
    let (phi, delta, q) = (lat.to_radians(), dec.to_radians(), q.to_radians());
    let a = phi.sin() * q.sin();
    let b = -q.cos();
    let c = delta.tan() * phi.cos() * q.sin();
    let r = a.hypot(b);
    if r < 1e-12 || c.abs() > r {
        return [None, None];
    }
    let theta = b.atan2(a);
    let spread = (c / r).clamp(-1.0, 1.0).acos();
    [theta + spread, theta - spread].map(|h| Some(h.to_degrees().rem_euclid(360.0)))
}

/// The Sun's azimuth (degrees from north, east positive) and altitude at hour angle `h`.
fn azimuth_altitude(lat: f64, dec: f64, h: f64) -> (f64, f64) {
    let (phi, delta, h) = (lat.to_radians(), dec.to_radians(), h.to_radians());
    let y = -delta.cos() * h.sin();
    let x = delta.sin() * phi.cos() - delta.cos() * h.cos() * phi.sin();
    let alt = (phi.sin() * delta.sin() + phi.cos() * delta.cos() * h.cos())
        .clamp(-1.0, 1.0)
        .asin();
    (y.atan2(x).to_degrees().rem_euclid(360.0), alt.to_degrees())
}

/// One instant the Sun is at `q` or its opposite: (is it at `q`, Unix seconds, altitude).
type Crossing = (bool, f64, f64);

/// The instants between the transits `a` and `b` when the Sun is at `q` or `q + 180°` from
/// latitude `lat`: each root followed with the declination at its own instant.
fn crossings_between(dataset: &ArchivedDataset, lat: f64, q: f64, a: f64, b: f64) -> Vec<Crossing> {
    let mut out = Vec::new();
    for branch in 0..2 {
        let mut t = 0.5 * (a + b);
        let mut found = None;
        for _ in 0..4 {
            let Some(dec) = declination_deg(dataset, t) else {
                break;
            };
            let Some(h) = hour_angles(lat, dec, q).get(branch).copied().flatten() else {
                found = None;
                break;
            };
            t = a + h / 360.0 * (b - a);
            found = Some((h, dec));
        }
        if let Some((h, dec)) = found {
            let (az, alt) = azimuth_altitude(lat, dec, h);
            let off = (az - q + 180.0).rem_euclid(360.0) - 180.0;
            out.push((off.abs() < 90.0, t, alt));
        }
    }
    out
}

/// Local midnight of `date` in `zone`, Unix seconds.
fn midnight(zone: Zone, date: Date) -> Option<f64> {
    let (y, m, d) = date.ymd();
    let naive = chrono::NaiveDate::from_ymd_opt(y, m, d)?.and_time(NaiveTime::MIN);
    let local = zone.from_local_datetime(&naive).earliest()?;
    Some(local.timestamp() as f64)
}

/// `t` as local RFC 3339 text in `zone`.
pub(crate) fn local_text(zone: Zone, t: f64) -> Option<String> {
    #[allow(clippy::cast_possible_truncation, reason = "an instant of the span")]
    let seconds = t.round() as i64;
    let utc: DateTime<Utc> = DateTime::from_timestamp(seconds, 0)?;
    Some(
        utc.with_timezone(&zone)
            .fixed_offset()
            .format("%Y-%m-%dT%H:%M:%S%:z")
            .to_string(),
    )
}

/// The day's record of one bearing from its crossings.
fn bearing_of(zone: Zone, found: &[(f64, f64)]) -> Option<Bearing> {
    let mut times = Vec::new();
    for (t, alt) in found.iter().filter(|(_, alt)| *alt >= MIN_ALTITUDE_DEG) {
        times.push(Moment {
            time: local_text(zone, *t)?,
            utc: at_offset(*t, 0)?,
            altitude_deg: rounded(*alt, 2),
        });
    }
    let reason = if !times.is_empty() {
        None
    } else if found.is_empty() {
        Some("sun_never_at_bearing")
    } else {
        Some("sun_below_limit")
    };
    Some(Bearing {
        occurs: !times.is_empty(),
        times,
        reason,
    })
}

/// A day's crossings, each (Unix seconds, altitude) in order: the Sun at the bearing, and at
/// its opposite.
type DayCrossings = (Vec<(f64, f64)>, Vec<(f64, f64)>);

/// The crossings of the local day `date` in `zone` from latitude `lat` of bearing `q`;
/// `noons` are the transits around the day at the point's longitude.
fn day_crossings(
    dataset: &ArchivedDataset,
    noons: &[f64],
    (lat, q): (f64, f64),
    zone: Zone,
    date: Date,
) -> Option<DayCrossings> {
    let (start, end) = (midnight(zone, date)?, midnight(zone, date.add_days(1))?);
    let mut at = Vec::new();
    let mut opposite = Vec::new();
    for w in noons.windows(2) {
        let [a, b] = w else { continue };
        if *b <= start || *a >= end {
            continue;
        }
        for (is_at, t, alt) in crossings_between(dataset, lat, q, *a, *b) {
            if (start..end).contains(&t) {
                if is_at {
                    at.push((t, alt));
                } else {
                    opposite.push((t, alt));
                }
            }
        }
    }
    at.sort_by(|x, y| x.0.total_cmp(&y.0));
    opposite.sort_by(|x, y| x.0.total_cmp(&y.0));
    Some((at, opposite))
}

/// One local day's rashdul kiblat at a place, for the page: its qibla bearing and the
/// instants (Unix seconds) the Sun, at least [`MIN_ALTITUDE_DEG`] up, stands at it and at
/// its opposite.
#[derive(Debug, Clone, PartialEq)]
pub struct PlaceDay {
    /// The qibla bearing, degrees from true north.
    pub qibla_deg: f64,
    /// The Sun at the qibla bearing (face the Sun to face the qibla).
    pub at_qibla: Vec<f64>,
    /// The Sun at the opposite bearing (the shadow points toward the qibla).
    pub opposite: Vec<f64>,
}

/// The rashdul kiblat of the archive's place `place` on its local day `date` in `zone`.
pub fn place_day(
    dataset: &ArchivedDataset,
    place: usize,
    zone: Zone,
    date: Date,
) -> Option<PlaceDay> {
    let p = dataset.places.get(place)?;
    let (lat, lon) = (p.lat.to_native(), p.lon.to_native());
    let q = qibla::bearing(lat, lon).azimuth_deg;
    let noons = noons(dataset, place, lon, date, date)?;
    let (at, opposite) = day_crossings(dataset, &noons, (lat, q), zone, date)?;
    let up = |found: Vec<(f64, f64)>| {
        found
            .into_iter()
            .filter(|(_, alt)| *alt >= MIN_ALTITUDE_DEG)
            .map(|(t, _)| t)
            .collect()
    };
    Some(PlaceDay {
        qibla_deg: q,
        at_qibla: up(at),
        opposite: up(opposite),
    })
}

/// The daily rashdul kiblat of `site` on the local days `from` … `to` in `zone` (the span's
/// days; at most a month is asked by the server).
pub fn shadow(
    dataset: &ArchivedDataset,
    site: Site,
    zone: Zone,
    (from, to): (Date, Date),
) -> Result<ShadowBody<'_>, Refusal> {
    let (reference, id, view, lat, lon) = match site {
        Site::Place(i) => {
            let p = dataset.places.get(i).ok_or_else(no_table)?;
            let (lat, lon) = (p.lat.to_native(), p.lon.to_native());
            (i, Some(p.id.as_str()), Some(PlaceView::of(p)), lat, lon)
        }
        Site::Point(lat, lon) => (0, None, None, lat, lon),
    };
    let q = qibla::bearing(lat, lon).azimuth_deg;
    let noons = noons(dataset, reference, lon, from, to).ok_or_else(no_table)?;
    let mut days = Vec::new();
    let mut date = from;
    while date <= to {
        let (at, opposite) =
            day_crossings(dataset, &noons, (lat, q), zone, date).ok_or_else(no_table)?;
        days.push(ShadowDay {
            date: date.iso().to_string(),
            sun_at_qibla: bearing_of(zone, &at).ok_or_else(no_table)?,
            sun_opposite_qibla: bearing_of(zone, &opposite).ok_or_else(no_table)?,
        });
        date = date.add_days(1);
    }
    Ok(ShadowBody {
        input: ShadowInput {
            place: id,
            lat,
            lon,
            from: from.iso().to_string(),
            to: to.iso().to_string(),
        },
        place: view,
        qibla_azimuth_deg: rounded(q, 6),
        opposite_azimuth_deg: rounded((q + 180.0).rem_euclid(360.0), 6),
        altitude_limit_deg: MIN_ALTITUDE_DEG,
        rule: "sun_at_qibla: the Sun's azimuth equals the qibla bearing (a vertical stick's \
               shadow points away from the qibla; face the Sun to face the qibla); \
               sun_opposite_qibla: it equals the opposite bearing (the shadow points toward \
               the qibla). Given only with the Sun's centre at least altitude_limit_deg above \
               the horizon (airless); otherwise occurs is false, with the reason.",
        count: days.len(),
        days,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hour_angles_put_the_sun_at_the_bearing() {
        for (lat, dec, q) in [(-6.2, 21.0, 295.0), (5.5, -23.4, 112.0), (-7.8, 0.0, 294.6)] {
            for h in hour_angles(lat, dec, q).into_iter().flatten() {
                let (az, _) = azimuth_altitude(lat, dec, h);
                let off = (az - q + 180.0).rem_euclid(360.0) - 180.0;
                let off = if off.abs() > 90.0 {
                    off.abs() - 180.0
                } else {
                    off
                };
                assert!(off.abs() < 1e-9, "{lat} {dec} {q}: {az}");
            }
        }
        assert_eq!(hour_angles(-2.5, -23.4, 291.3), [None, None]);
    }
}
