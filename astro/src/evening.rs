//! One site's evening: sunset, the nearest moonset, and the Moon's and Sun's places at
//! sunset (altitude, azimuth, elongation, illumination, age).

use super::ephemeris::Ephemeris;
use super::error::AstroError;
use super::frames::{EarthFrame, Site};
use super::place::{aberrate, apparent, astrometric, astrometric_linear, Body};
use super::refraction::{refracted_altitude, PRESSURE_MBAR, TEMPERATURE_C};
use super::time::{datetime_from_ut, ut_seconds, Instant, DAY, JD_J2000, UNIX_J2000};
use super::vector::{add, angle_between, norm, scale, Vec3};
use super::{Astro, EveningObservation, Observer};
use chrono::{DateTime, NaiveDate, TimeZone, Timelike, Utc};
use std::fmt::Display;

/// Sun's centre altitude at sunset, degrees (upper limb with 34′ refraction).
pub const SUNSET_ALTITUDE_DEG: f64 = -50.0 / 60.0;
/// Standard horizontal refraction used for the limb horizon, degrees.
pub const HORIZON_REFRACTION_DEG: f64 = 34.0 / 60.0;
/// Mean radius of the Moon, km.
pub const MOON_RADIUS_KM: f64 = 1_737.4;
/// Root precision, seconds.
const TOLERANCE_S: f64 = 1e-3;
/// Sampling step when bracketing a rising or setting, seconds.
const STEP_S: f64 = 3_600.0;
/// How far (steps) from the sunset a moonset is sought on each side.
const MOONSET_STEPS: usize = 14;
/// Below this |latitude| (degrees) the hourly search cannot skip an event, and it is kept.
/// There the Sun's lower and upper culminations are at least 90 − 55 − 23.44 = 11.5° from
/// the horizon, and the Moon's (declination ≤ 28.8°, parallax ≤ 1.03°) at least 5.1°: the
/// altitude crosses the horizon only on its monotone stretch between culminations, once
/// each way per day, and within one hour of an extremum it moves by under 0.6°, so an
/// hourly cell never holds two crossings.
pub const HOURLY_SEARCH_MAX_LAT_DEG: f64 = 55.0;
/// The Earth's rotation rate with margin (sidereal: 15.0411°/h), degrees per hour.
const ROTATION_DEG_PER_H: f64 = 15.05;
/// Bound on the Sun's altitude rate not due to the rotation, degrees per hour: declination
/// (≤ 0.4°/day), parallax (8.8″), with margin.
const SUN_DRIFT_DEG_PER_H: f64 = 0.05;
/// Bound on the Moon's upper-limb altitude rate not due to the rotation, degrees per hour:
/// declination (≤ 0.28°/h), the topocentric parallax (≤ 1.03°) turning with the sky
/// (≤ 0.27°/h), semidiameter (≤ 0.001°/h), with margin.
const MOON_DRIFT_DEG_PER_H: f64 = 0.6;
/// Bound on the second derivative of either altitude, degrees per hour², at latitude φ:
/// `CURVATURE_DEG_PER_H2 · cos φ + CURVATURE_DRIFT_DEG_PER_H2` (the rotation gives
/// 15.05°/h × 0.263 rad/h = 3.95°/h² at most; parallax and declination add under 0.1).
const CURVATURE_DEG_PER_H2: f64 = 4.0;
/// See [`CURVATURE_DEG_PER_H2`].
const CURVATURE_DRIFT_DEG_PER_H2: f64 = 0.1;
/// Smallest step of the safe scan, seconds.
const MIN_STEP_S: f64 = 60.0;
/// Golden-section iterations when locating an extremum within one smallest step (60 s
/// × 0.618²⁵ < 1 ms).
const EXTREMUM_ITERATIONS: usize = 25;

/// A bracket `(a, f(a), b, f(b))` holding one setting: `f(a) > 0 >= f(b)`.
type Bracket = (f64, f64, f64, f64);

/// Bounds on an altitude function's first and second derivatives at one latitude.
#[derive(Debug, Clone, Copy)]
struct Bounds {
    /// Largest |df/dt|, degrees per second.
    rate: f64,
    /// Largest |d²f/dt²|, degrees per second².
    curvature: f64,
}

impl Bounds {
    /// The bounds at geodetic latitude `lat_deg` for a body with the given drift bound.
    ///
    /// With hour angle H and declination δ, sin a = sin φ sin δ + cos φ cos δ cos H gives
    /// ∂a/∂H = −cos φ sin A and |∂a/∂δ| ≤ 1, so |da/dt| ≤ cos φ |dH/dt| + |dδ/dt|.
    fn at(lat_deg: f64, drift_deg_per_h: f64) -> Bounds {
        let cos_lat = lat_deg.to_radians().cos().abs();
        Bounds {
            rate: (ROTATION_DEG_PER_H * cos_lat + drift_deg_per_h) / 3_600.0,
            curvature: (CURVATURE_DEG_PER_H2 * cos_lat + CURVATURE_DRIFT_DEG_PER_H2)
                / (3_600.0 * 3_600.0),
        }
    }
}

/// Every setting (downward crossing of zero) of `f` in `[t0, t1]`, as brackets in time
/// order; only the first when `first_only`.
///
/// No step can skip a crossing. Since |df/dt| ≤ `rate`, f keeps its sign for |f(t)|/rate
/// after t, and the next sample is taken there (at least [`MIN_STEP_S`] later). Within a
/// smallest step f may cross twice (a dip of under a minute); since |f''| ≤ `curvature`,
/// that needs the smaller end within curvature × step² / 8 of zero, and then the
/// extremum between the ends is located (golden section: an altitude has one extremum
/// within a minute, its culminations being hours apart away from the poles) and its sign
/// read.
fn settings<F>(
    f: &F,
    t0: f64,
    t1: f64,
    bounds: Bounds,
    first_only: bool,
) -> Result<Vec<Bracket>, AstroError>
where
    F: Fn(f64) -> Result<f64, AstroError>,
{
    let mut found = Vec::new();
    let (mut a, mut fa) = (t0, f(t0)?);
    while a < t1 {
        let b = (a + (fa.abs() / bounds.rate).max(MIN_STEP_S)).min(t1);
        let fb = f(b)?;
        let same_side = (fa > 0.0) == (fb > 0.0);
        let sag = bounds.curvature * (b - a) * (b - a) / 8.0;
        if fa > 0.0 && fb <= 0.0 {
            found.push((a, fa, b, fb));
        } else if same_side && fa.abs().min(fb.abs()) <= sag {
            let (tm, fm) = extremum(f, a, b, fa > 0.0)?;
            if fa > 0.0 && fm <= 0.0 {
                found.push((a, fa, tm, fm));
            } else if fa <= 0.0 && fm > 0.0 {
                found.push((tm, fm, b, fb));
            }
        }
        if first_only && !found.is_empty() {
            break;
        }
        a = b;
        fa = fb;
    }
    Ok(found)
}

/// The minimum (`lowest`) or maximum of `f` on `[a, b]`, by golden section.
fn extremum<F>(f: &F, a: f64, b: f64, lowest: bool) -> Result<(f64, f64), AstroError>
where
    F: Fn(f64) -> Result<f64, AstroError>,
{
    let sign = if lowest { 1.0 } else { -1.0 };
    let g = |t: f64| f(t).map(|v| sign * v);
    let r = 0.5 * (5f64.sqrt() - 1.0);
    let (mut lo, mut hi) = (a, b);
    let (mut x1, mut x2) = (hi - r * (hi - lo), lo + r * (hi - lo));
    let (mut g1, mut g2) = (g(x1)?, g(x2)?);
    for _ in 0..EXTREMUM_ITERATIONS {
        if g1 <= g2 {
            hi = x2;
            (x2, g2) = (x1, g1);
            x1 = hi - r * (hi - lo);
            g1 = g(x1)?;
        } else {
            lo = x1;
            (x1, g1) = (x2, g2);
            x2 = lo + r * (hi - lo);
            g2 = g(x2)?;
        }
    }
    Ok(if g1 <= g2 {
        (x1, sign * g1)
    } else {
        (x2, sign * g2)
    })
}

/// The sky of one site around one evening: frame frozen near sunset, ΔT fixed.
pub(crate) struct Sky<'a> {
    eph: &'a Ephemeris,
    site: Site,
    frame: EarthFrame,
    delta_t: f64,
}

impl Sky<'_> {
    /// The instant at UT `ut`.
    #[inline]
    fn at(&self, ut: f64) -> Instant {
        Instant::from_ut(ut, self.delta_t)
    }

    /// Apparent topocentric vector (km, GCRS axes) of `body` at UT `ut`.
    #[inline]
    fn topocentric(&self, body: Body, ut: f64) -> Result<Vec3, AstroError> {
        let at = self.at(ut);
        let (earth, moon) = self.eph.earth_moon(at.tdb)?;
        let target = match body {
            Body::Moon => moon,
            Body::Sun => self.eph.sun(at.tdb)?,
        };
        let (sp, sv) = self.site.gcrs_state(&self.frame, ut);
        let (p, _) = astrometric_linear(&target, &add(&earth.pos, &sp));
        Ok(aberrate(&p, &add(&earth.vel, &sv)))
    }

    /// Airless topocentric altitude and azimuth (degrees) and distance (km) of `body`.
    #[inline]
    pub(crate) fn altaz(&self, body: Body, ut: f64) -> Result<(f64, f64, f64), AstroError> {
        let v = self.topocentric(body, ut)?;
        let (alt, az) = self.site.altaz(&self.frame, ut, &v);
        Ok((alt, az, norm(&v)))
    }

    /// Sun's centre altitude above the sunset horizon, degrees.
    #[inline]
    fn sun_above_horizon(&self, ut: f64) -> Result<f64, AstroError> {
        Ok(self.altaz(Body::Sun, ut)?.0 - SUNSET_ALTITUDE_DEG)
    }

    /// Moon's upper limb above the same horizon, degrees.
    #[inline]
    fn moon_limb_above_horizon(&self, ut: f64) -> Result<f64, AstroError> {
        let (alt, _, dist) = self.altaz(Body::Moon, ut)?;
        let semidiameter = (MOON_RADIUS_KM / dist).asin().to_degrees();
        Ok(alt + HORIZON_REFRACTION_DEG + semidiameter)
    }

    /// The setting (downward crossing) of `f` in `[a, b]`, if the samples show one.
    fn setting_in<F>(
        &self,
        f: &F,
        a: f64,
        fa: f64,
        b: f64,
        fb: f64,
    ) -> Result<Option<f64>, AstroError>
    where
        F: Fn(f64) -> Result<f64, AstroError>,
    {
        if fa > 0.0 && fb <= 0.0 {
            Ok(Some(super::rootfind::solve(f, a, fa, b, fb, TOLERANCE_S)?))
        } else {
            Ok(None)
        }
    }

    /// Sunset in the hours around `guess` (UT seconds), or `None` if the Sun does not set:
    /// the hourly search, sure only below [`HOURLY_SEARCH_MAX_LAT_DEG`] (above it, its root
    /// is kept only where the safe scan finds the same crossing).
    fn sunset_near(&self, guess: f64) -> Result<Option<f64>, AstroError> {
        let f = |t| self.sun_above_horizon(t);
        // Search outward from the guess, one hour at a time, up to ±12 h.
        let mut lo = guess - STEP_S;
        let mut flo = f(lo)?;
        let mut hi = guess + STEP_S;
        let mut fhi = f(hi)?;
        for _ in 0..11 {
            if flo > 0.0 && fhi <= 0.0 {
                // A two-hour window holds a single crossing; a wider one is sampled hourly.
                if hi - lo <= 2.0 * STEP_S {
                    return self.setting_in(&f, lo, flo, hi, fhi);
                }
                let mut a = lo;
                let mut fa = flo;
                while a < hi {
                    let b = (a + STEP_S).min(hi);
                    let fb = if b == hi { fhi } else { f(b)? };
                    if let Some(t) = self.setting_in(&f, a, fa, b, fb)? {
                        return Ok(Some(t));
                    }
                    a = b;
                    fa = fb;
                }
                return Ok(None);
            }
            if flo <= 0.0 {
                lo -= STEP_S;
                flo = f(lo)?;
            }
            if fhi > 0.0 {
                hi += STEP_S;
                fhi = f(hi)?;
            }
        }
        Ok(None)
    }

    /// The moonset nearest to `sunset` (UT seconds) within ±14 h, sampled hourly: sure only
    /// below [`HOURLY_SEARCH_MAX_LAT_DEG`], as [`Sky::sunset_near`].
    #[allow(
        clippy::indexing_slicing,
        reason = "k < MOONSET_STEPS and both arrays hold MOONSET_STEPS + 1 values"
    )]
    fn moonset_nearest(&self, sunset: f64) -> Result<Option<f64>, AstroError> {
        let f = |t| self.moon_limb_above_horizon(t);
        let mut after = [f64::NAN; MOONSET_STEPS + 1];
        let mut before = [f64::NAN; MOONSET_STEPS + 1];
        after[0] = f(sunset)?;
        before[0] = after[0];
        for k in 0..MOONSET_STEPS {
            let (t0, t1) = (sunset + k as f64 * STEP_S, sunset + (k + 1) as f64 * STEP_S);
            after[k + 1] = f(t1)?;
            let late = self.setting_in(&f, t0, after[k], t1, after[k + 1])?;
            let (e0, e1) = (sunset - (k + 1) as f64 * STEP_S, sunset - k as f64 * STEP_S);
            before[k + 1] = f(e0)?;
            let early = self.setting_in(&f, e0, before[k + 1], e1, before[k])?;
            match (early, late) {
                (Some(e), Some(l)) => {
                    return Ok(Some(if sunset - e <= l - sunset { e } else { l }))
                }
                (Some(e), None) => return Ok(Some(e)),
                (None, Some(l)) => return Ok(Some(l)),
                (None, None) => {}
            }
        }
        Ok(None)
    }
}

/// Length of the time buckets within which one frozen Earth frame is shared, seconds.
const FRAME_BUCKET_S: f64 = 6.0 * 3_600.0;

thread_local! {
    /// The last frame computed on this thread, keyed by its bucket.
    static FRAME_CACHE: std::cell::Cell<Option<(i64, EarthFrame)>> = const { std::cell::Cell::new(None) };
}

/// The Earth frame at the centre of the 6-hour UT bucket holding `ut`. It depends only on the
/// bucket, so results do not depend on call order; consecutive evenings of one date (sites,
/// map grid points) share it through a per-thread cache. Within 9 hours of its instant the
/// frozen frame is good to about 0.05″.
fn frame_near(astro: &Astro, ut: f64) -> Result<EarthFrame, AstroError> {
    let key = (ut / FRAME_BUCKET_S).floor() as i64;
    if let Some((k, frame)) = FRAME_CACHE.with(|c| c.get()) {
        if k == key {
            return Ok(frame);
        }
    }
    let centre = (key as f64 + 0.5) * FRAME_BUCKET_S;
    let delta_t = astro.delta_t.at_jd_ut(JD_J2000 + centre / DAY)?;
    let frame = EarthFrame::at(Instant::from_ut(centre, delta_t));
    FRAME_CACHE.with(|c| c.set(Some((key, frame))));
    Ok(frame)
}

/// The day after `date`.
fn next_day(date: NaiveDate) -> Result<NaiveDate, AstroError> {
    date.succ_opt()
        .ok_or_else(|| AstroError::NoEvent(format!("{date} has no next day")))
}

/// UT seconds past J2000 of 00:00 UT on `date`.
pub(crate) fn midnight_ut(date: NaiveDate) -> f64 {
    let unix = date
        .and_hms_opt(0, 0, 0)
        .map_or(0, |d| d.and_utc().timestamp());
    (unix - UNIX_J2000) as f64
}

/// Converts UT seconds to a UTC date-time, or an error.
pub(crate) fn to_datetime(ut: f64) -> Result<DateTime<Utc>, AstroError> {
    datetime_from_ut(ut)
        .ok_or_else(|| AstroError::NoEvent(format!("time {ut} s is not representable")))
}

/// Geocentric illuminated fraction of the Moon at TDB `et` (Skyfield's convention: phase
/// angle at the Moon between the Earth and the Sun seen at the retarded time, astrometric).
fn illuminated_fraction(eph: &Ephemeris, earth: &Vec3, et: f64) -> Result<f64, AstroError> {
    let (to_moon, lt) = astrometric(eph, Body::Moon, earth, et)?;
    let moon_then = eph.moon(et - lt)?.pos;
    let (to_sun, _) = astrometric(eph, Body::Sun, &moon_then, et - lt)?;
    let phase = angle_between(&scale(-1.0, &to_moon), &to_sun);
    Ok(0.5 * (1.0 + phase.cos()))
}

/// The sky frozen at the 6-hour bucket of `guess` (UT seconds), with ΔT at `guess`.
pub(crate) fn sky_at<'a>(astro: &'a Astro, site: Site, guess: f64) -> Result<Sky<'a>, AstroError> {
    Ok(Sky {
        eph: &astro.ephemeris,
        site,
        frame: frame_near(astro, guess)?,
        delta_t: astro.delta_t.at_jd_ut(JD_J2000 + guess / DAY)?,
    })
}

/// UT seconds of 12:00 civil time on `date` in `tz` (the first 12:00 if it repeats, the
/// first instant after it if it is skipped).
fn civil_noon<Z: TimeZone + Display>(tz: &Z, date: NaiveDate) -> Result<f64, AstroError> {
    let no_noon = || AstroError::NoEvent(format!("{date} has no 12:00 in {tz}"));
    let noon = date.and_hms_opt(12, 0, 0).ok_or_else(no_noon)?;
    let local = tz
        .from_local_datetime(&noon)
        .earliest()
        .or_else(|| {
            tz.from_local_datetime(&(noon + chrono::Duration::hours(1)))
                .earliest()
        })
        .ok_or_else(no_noon)?;
    Ok(ut_seconds(&local.with_timezone(&Utc)))
}

/// The hourly search kept below [`HOURLY_SEARCH_MAX_LAT_DEG`]: the sunset near 18:00 local
/// mean time whose civil date is `date`, with the sky it was found in, if it is found and
/// falls after civil noon (so that it is the evening's sunset as defined at [`evening`]).
fn hourly_sunset<'a, Z: TimeZone>(
    astro: &'a Astro,
    site: Site,
    obs: &Observer<Z>,
    date: NaiveDate,
    guess0: f64,
) -> Result<Option<(Sky<'a>, f64)>, AstroError> {
    let mut guess = guess0;
    for _ in 0..3 {
        let sky = sky_at(astro, site, guess)?;
        let Some(sunset) = sky.sunset_near(guess)? else {
            return Ok(None);
        };
        let local = to_datetime(sunset)?.with_timezone(&obs.tz).naive_local();
        match local.date().cmp(&date) {
            std::cmp::Ordering::Equal => {
                return Ok((local.hour() >= 12).then_some((sky, sunset)));
            }
            std::cmp::Ordering::Less => guess += DAY,
            std::cmp::Ordering::Greater => guess -= DAY,
        }
    }
    Ok(None)
}

/// The evening's sunset found by the safe scan of the civil window `[w0, w1)`, and the
/// sky it is computed in (frozen at the 18:00 mean-time guess nearest to it, as the hourly
/// search freezes it). Where the hourly search, run from that guess, finds the same
/// crossing, its root is kept, so that results where it was right are unchanged.
fn scanned_sunset<'a>(
    astro: &'a Astro,
    site: Site,
    lat_deg: f64,
    (w0, w1): (f64, f64),
    guess0: f64,
) -> Result<Option<(Sky<'a>, f64)>, AstroError> {
    let nearest_guess = |t: f64| guess0 + ((t - guess0) / DAY).round() * DAY;
    let bounds = Bounds::at(lat_deg, SUN_DRIFT_DEG_PER_H);
    let first = |sky: &Sky, a: f64, b: f64| -> Result<Option<Bracket>, AstroError> {
        let f = |t| sky.sun_above_horizon(t);
        Ok(settings(&f, a, b, bounds, true)?.first().copied())
    };
    // Scan in the sky of the guess nearest to the window's 18:00.
    let mut guess = nearest_guess(0.5 * (w0 + w1) - 6.0 * 3_600.0);
    let mut sky = sky_at(astro, site, guess)?;
    let Some(mut bracket) = first(&sky, w0, w1)? else {
        return Ok(None);
    };
    let (a, fa, b, fb) = bracket;
    let approx = super::rootfind::solve(|t| sky.sun_above_horizon(t), a, fa, b, fb, TOLERANCE_S)?;
    if nearest_guess(approx) != guess {
        // Find the same crossing again in the sky of the guess nearest to it.
        let other = sky_at(astro, site, nearest_guess(approx))?;
        let near = (a - MIN_STEP_S).max(w0);
        if let Some(again) = first(&other, near, (b + MIN_STEP_S).min(w1))? {
            (guess, sky, bracket) = (nearest_guess(approx), other, again);
        }
    }
    let (a, fa, b, fb) = bracket;
    if let Some(t) = sky.sunset_near(guess)? {
        if t >= a - TOLERANCE_S && t <= b + TOLERANCE_S {
            return Ok(Some((sky, t)));
        }
    }
    let f = |t| sky.sun_above_horizon(t);
    let sunset = super::rootfind::solve(f, a, fa, b, fb, TOLERANCE_S)?;
    Ok(Some((sky, sunset)))
}

/// The moonset nearest to `sunset` within ±14 h by the safe scan (ties to the earlier);
/// the hourly search's root is kept where it finds the same crossing.
fn scanned_moonset(sky: &Sky, lat_deg: f64, sunset: f64) -> Result<Option<f64>, AstroError> {
    let f = |t| sky.moon_limb_above_horizon(t);
    let span = MOONSET_STEPS as f64 * STEP_S;
    let bounds = Bounds::at(lat_deg, MOON_DRIFT_DEG_PER_H);
    let mut best: Option<(f64, Bracket)> = None;
    for bracket in settings(&f, sunset - span, sunset + span, bounds, false)? {
        let (a, fa, b, fb) = bracket;
        let t = super::rootfind::solve(f, a, fa, b, fb, TOLERANCE_S)?;
        if best.is_none_or(|(m, _)| (t - sunset).abs() < (m - sunset).abs()) {
            best = Some((t, bracket));
        }
    }
    let Some((moonset, (a, _, b, _))) = best else {
        return Ok(None);
    };
    if let Some(t) = sky.moonset_nearest(sunset)? {
        if t >= a - TOLERANCE_S && t <= b + TOLERANCE_S {
            return Ok(Some(t));
        }
    }
    Ok(Some(moonset))
}

/// Heights (degrees, positive above) of the Sun's centre above the sunset horizon and of
/// the Moon's upper limb above the moonset horizon, seen from `obs` at `utc`.
pub fn horizon_heights<Z>(
    astro: &Astro,
    obs: &Observer<Z>,
    utc: DateTime<Utc>,
) -> Result<(f64, f64), AstroError> {
    let site = Site::new(obs.lat_deg, obs.lon_deg, obs.elev_m)?;
    let ut = ut_seconds(&utc);
    let sky = sky_at(astro, site, ut)?;
    Ok((sky.sun_above_horizon(ut)?, sky.moon_limb_above_horizon(ut)?))
}

/// Computes the evening record of `obs` on local civil date `date`.
///
/// The evening's sunset is the first sunset after 12:00 civil time on `date` and before
/// 12:00 on the next day: the one that ends the date's daylight, also when it falls just
/// after midnight (near the polar circles); none in that window is an error (polar day or
/// night). Below [`HOURLY_SEARCH_MAX_LAT_DEG`] the hourly search finds it (one sunset a
/// day, in the civil afternoon or evening); above, and wherever that search comes back
/// empty, the safe scan of [`settings`] does, and the moonset is sought the same way.
pub fn evening<Z: TimeZone + Display>(
    astro: &Astro,
    obs: &Observer<Z>,
    date: NaiveDate,
) -> Result<EveningObservation, AstroError> {
    let site = Site::new(obs.lat_deg, obs.lon_deg, obs.elev_m)?;
    let eph = &astro.ephemeris;
    // Rough sunset: 18:00 local mean solar time.
    let lon = (obs.lon_deg + 180.0).rem_euclid(360.0) - 180.0;
    let guess0 = midnight_ut(date) + (18.0 - lon / 15.0) * 3_600.0;
    let hourly = if obs.lat_deg.abs() < HOURLY_SEARCH_MAX_LAT_DEG {
        hourly_sunset(astro, site, obs, date, guess0)?
    } else {
        None
    };
    let (sky, sunset, moonset) = match hourly {
        Some((sky, sunset)) => {
            let moonset = sky.moonset_nearest(sunset)?;
            (sky, sunset, moonset)
        }
        None => {
            let window = (
                civil_noon(&obs.tz, date)?,
                civil_noon(&obs.tz, next_day(date)?)?,
            );
            let Some((sky, sunset)) = scanned_sunset(astro, site, obs.lat_deg, window, guess0)?
            else {
                return Err(AstroError::NoEvent(format!(
                    "no sunset between 12:00 on {date} and 12:00 the next day (local time) \
                     at latitude {}, longitude {}: the Sun stays up or stays down",
                    obs.lat_deg, obs.lon_deg
                )));
            };
            let moonset = scanned_moonset(&sky, obs.lat_deg, sunset)?;
            (sky, sunset, moonset)
        }
    };
    let (moon_alt_airless, moon_az, _) = sky.altaz(Body::Moon, sunset)?;
    let (sun_alt, sun_az, _) = sky.altaz(Body::Sun, sunset)?;
    let moon_alt = refracted_altitude(moon_alt_airless, TEMPERATURE_C, PRESSURE_MBAR);
    let moon_upper_limb = sky.moon_limb_above_horizon(sunset)?;

    let at = sky.at(sunset);
    let earth = eph.earth(at.tdb)?;
    let sun_geo = apparent(eph, Body::Sun, &earth.pos, &earth.vel, at.tdb)?;
    let moon_geo = apparent(eph, Body::Moon, &earth.pos, &earth.vel, at.tdb)?;
    let elongation = angle_between(&sun_geo, &moon_geo).to_degrees();
    let illumination = 100.0 * illuminated_fraction(eph, &earth.pos, at.tdb)?;

    let conj_tt = astro.conjunctions.nearest(at.tt)?;
    let conj_ut = conj_tt - astro.delta_t.at_jd_tt(JD_J2000 + conj_tt / DAY)?;
    let sunset_utc = to_datetime(sunset)?;
    let moonset_utc = moonset.map(to_datetime).transpose()?;
    Ok(EveningObservation {
        sunset_utc,
        sunset_local: sunset_utc.with_timezone(&obs.tz).fixed_offset(),
        moonset_utc,
        moonset_local: moonset_utc.map(|m| m.with_timezone(&obs.tz).fixed_offset()),
        moon_alt_deg: moon_alt,
        moon_alt_airless_deg: moon_alt_airless,
        moon_upper_limb_deg: moon_upper_limb,
        moon_az_deg: moon_az,
        sun_alt_deg: sun_alt,
        sun_az_deg: sun_az,
        elongation_deg: elongation,
        illumination_pct: illumination,
        conjunction_utc: to_datetime(conj_ut)?,
        age_hours: (sunset - conj_ut) / 3_600.0,
    })
}
