//! One site's evening: sunset, the nearest moonset, and the Moon's and Sun's places at
//! sunset (altitude, azimuth, elongation, illumination, age).

use super::ephemeris::Ephemeris;
use super::error::AstroError;
use super::frames::{EarthFrame, Site};
use super::place::{aberrate, apparent, astrometric, astrometric_linear, Body};
use super::refraction::{refracted_altitude, PRESSURE_MBAR, TEMPERATURE_C};
use super::time::{datetime_from_ut, Instant, DAY, JD_J2000, UNIX_J2000};
use super::vector::{add, angle_between, norm, scale, Vec3};
use super::{Astro, EveningObservation, Observer};
use chrono::{DateTime, NaiveDate, Utc};

/// Sun's centre altitude at sunset, degrees (upper limb with 34′ refraction).
pub const SUNSET_ALTITUDE_DEG: f64 = -50.0 / 60.0;
/// Standard horizontal refraction used for the limb horizon, degrees.
pub const HORIZON_REFRACTION_DEG: f64 = 34.0 / 60.0;
/// Mean radius of the Moon, km.
pub const MOON_RADIUS_KM: f64 = 1_737.4;
/// Minimum refracted topocentric Moon altitude of the criteria, degrees.
pub const MIN_ALTITUDE_DEG: f64 = 3.0;
/// Minimum geocentric elongation of the criteria, degrees.
pub const MIN_ELONGATION_DEG: f64 = 6.4;
/// Root precision, seconds.
const TOLERANCE_S: f64 = 1e-3;
/// Sampling step when bracketing a rising or setting, seconds.
const STEP_S: f64 = 3_600.0;
/// How far (steps) from the sunset a moonset is sought on each side.
const MOONSET_STEPS: usize = 14;

/// The sky of one site around one evening: frame frozen near sunset, ΔT fixed.
struct Sky<'a> {
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
    fn altaz(&self, body: Body, ut: f64) -> Result<(f64, f64, f64), AstroError> {
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

    /// Sunset in the hours around `guess` (UT seconds), or `None` if the Sun does not set.
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

    /// The moonset nearest to `sunset` (UT seconds) within ±14 h.
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

/// UT seconds past J2000 of 00:00 UT on `date`.
fn midnight_ut(date: NaiveDate) -> f64 {
    let unix = date
        .and_hms_opt(0, 0, 0)
        .map_or(0, |d| d.and_utc().timestamp());
    (unix - UNIX_J2000) as f64
}

/// Converts UT seconds to a UTC date-time, or an error.
fn to_datetime(ut: f64) -> Result<DateTime<Utc>, AstroError> {
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

/// Computes the evening record of `obs` on local civil date `date`.
pub fn evening(
    astro: &Astro,
    obs: &Observer,
    date: NaiveDate,
) -> Result<EveningObservation, AstroError> {
    let site = Site::new(obs.lat_deg, obs.lon_deg, obs.elev_m)?;
    let eph = &astro.ephemeris;
    // Rough sunset: 18:00 local mean solar time.
    let lon = (obs.lon_deg + 180.0).rem_euclid(360.0) - 180.0;
    let mut guess = midnight_ut(date) + (18.0 - lon / 15.0) * 3_600.0;
    let mut found = None;
    for _ in 0..3 {
        let delta_t = astro.delta_t.at_jd_ut(JD_J2000 + guess / DAY)?;
        let sky = Sky {
            eph,
            site,
            frame: frame_near(astro, guess)?,
            delta_t,
        };
        let Some(sunset) = sky.sunset_near(guess)? else {
            break;
        };
        let local = to_datetime(sunset)?.with_timezone(&obs.tz).date_naive();
        match local.cmp(&date) {
            std::cmp::Ordering::Equal => {
                found = Some((sky, sunset));
                break;
            }
            std::cmp::Ordering::Less => guess += DAY,
            std::cmp::Ordering::Greater => guess -= DAY,
        }
    }
    let Some((sky, sunset)) = found else {
        return Err(AstroError::NoEvent(format!(
            "no sunset on {date} at latitude {}, longitude {}",
            obs.lat_deg, obs.lon_deg
        )));
    };
    let moonset = sky.moonset_nearest(sunset)?;
    let (moon_alt_airless, moon_az, _) = sky.altaz(Body::Moon, sunset)?;
    let (sun_alt, sun_az, _) = sky.altaz(Body::Sun, sunset)?;
    let moon_alt = refracted_altitude(moon_alt_airless, TEMPERATURE_C, PRESSURE_MBAR);

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
        moon_az_deg: moon_az,
        sun_alt_deg: sun_alt,
        sun_az_deg: sun_az,
        elongation_deg: elongation,
        illumination_pct: illumination,
        conjunction_utc: to_datetime(conj_ut)?,
        age_hours: (sunset - conj_ut) / 3_600.0,
        alt_ok: moon_alt >= MIN_ALTITUDE_DEG,
        elong_ok: elongation >= MIN_ELONGATION_DEG,
    })
}
