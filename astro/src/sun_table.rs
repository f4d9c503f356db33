//! Prayer times in bulk: the Sun tabulated once for a span of days, then every place's
//! instants found from the table by hour angles.
//!
//! The table holds, every six hours of UT, the Sun's geocentric apparent place on the true
//! equator and equinox of date (light time and annual aberration as [`crate::place`] gives
//! them, the frame as [`crate::frames::EarthFrame`] gives it) and Greenwich apparent
//! sidereal time less the Earth rotation angle; between samples both are interpolated by a
//! cubic through four samples (the Sun moves under 0.3° in six hours: the interpolation is
//! good to far under 0.01″). A place's altitude at an instant is then the table's vector
//! turned by the sidereal time into the terrestrial frame, less the site's position
//! (topocentric: the parallax), read against the site's WGS84 vertical, airless: the
//! conventions of [`crate::prayer`]. Each instant is found by Newton's method on the hour
//! angle, started from the same time the day before, to a millisecond; what is left out
//! against [`crate::prayer::prayer_times`] (the diurnal aberration, under 0.32″; the frame
//! frozen for hours there) moves an instant by well under 0.1 s.

use chrono::{NaiveDate, TimeZone};

use super::error::AstroError;
use super::evening::midnight_ut;
use super::frames::{earth_rotation_angle, EarthFrame, Site};
use super::place::{aberrate, astrometric_linear};
use super::prayer::noon_guess;
use super::time::{Instant, DAY, JD_J2000};
use super::vector::{dot, norm, Vec3};
use super::{Astro, Observer};

/// Seconds between the table's samples.
const STEP_S: f64 = 6.0 * 3_600.0;
/// Days of margin sampled before the first day and after the last.
const MARGIN_DAYS: f64 = 3.0;
/// The Sun's mean rate in hour angle, radians per second.
const SOLAR_RATE: f64 = std::f64::consts::TAU / DAY;
/// Newton's method stops when a step is below this, seconds.
const TOLERANCE_S: f64 = 1e-3;
/// Newton steps at most per instant.
const MAX_STEPS: usize = 12;
/// Half a day, seconds.
const HALF_DAY_S: f64 = DAY / 2.0;

/// What a time asks of the Sun, for [`PlaceSolver::day`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Crossing {
    /// Rising through this altitude (degrees) in the half day before the transit.
    Rising(f64),
    /// Setting through this altitude in the half day after the transit.
    Setting(f64),
    /// The upper transit.
    Transit,
    /// Setting through the altitude the ashar rule (handed to [`PlaceSolver::day`]) gives for
    /// the day's noon altitude.
    Ashar,
}

/// One sample: the Sun's apparent geocentric vector on the true equator and equinox of
/// date (km) and GAST − ERA (radians).
#[derive(Debug, Clone, Copy)]
struct Sample {
    v: Vec3,
    gast_minus_era: f64,
}

/// The Sun tabulated over a span of days (see the module's documentation).
#[derive(Debug, Clone)]
pub struct SunTable {
    /// UT seconds past J2000 of the first sample.
    start: f64,
    samples: Vec<Sample>,
}

impl SunTable {
    /// The table covering the civil days `first` … `last` anywhere on Earth.
    pub fn new(astro: &Astro, first: NaiveDate, last: NaiveDate) -> Result<SunTable, AstroError> {
        let start = midnight_ut(first) - MARGIN_DAYS * DAY;
        let end = midnight_ut(last) + (1.0 + MARGIN_DAYS) * DAY;
        let count = ((end - start) / STEP_S).ceil() as usize + 1;
        let mut samples = Vec::with_capacity(count);
        let mut frame: Option<(f64, EarthFrame)> = None;
        for k in 0..count {
            let ut = start + k as f64 * STEP_S;
            let delta_t = astro.delta_t.at_jd_ut(JD_J2000 + ut / DAY)?;
            let at = Instant::from_ut(ut, delta_t);
            // The frame once a day (precession and nutation move it by under 0.2″ a day).
            let earth_frame = match frame {
                Some((t, f)) if ut - t < DAY => f,
                _ => {
                    let f = EarthFrame::at(at);
                    frame = Some((ut, f));
                    f
                }
            };
            let earth = astro.ephemeris.earth(at.tdb)?;
            let sun = astro.ephemeris.sun(at.tdb)?;
            let (p, _) = astrometric_linear(&sun, &earth.pos);
            let apparent = aberrate(&p, &earth.vel);
            // GCRS → true equator of date, without the rotation about the pole.
            let tod = earth_frame.to_terrestrial(ut, &apparent);
            let gast = earth_frame.gast(ut);
            let (s, c) = gast.sin_cos();
            let v = [c * tod[0] - s * tod[1], s * tod[0] + c * tod[1], tod[2]];
            samples.push(Sample {
                v,
                // Small (the precession in right ascension since J2000): kept in −π … π so
                // the samples interpolate across either angle's wrap.
                gast_minus_era: super::vector::wrap_to_pi(gast - earth_rotation_angle(ut)),
            });
        }
        Ok(SunTable { start, samples })
    }

    /// The Sun's vector in the terrestrial frame (km) at UT `ut`, or `None` outside the
    /// table.
    #[inline]
    fn terrestrial(&self, ut: f64) -> Option<Vec3> {
        let x = (ut - self.start) / STEP_S;
        let i = x.floor();
        if i < 1.0 {
            return None;
        }
        let i = i as usize;
        let [a, b, c, d] = self.samples.get(i - 1..i + 3)? else {
            return None;
        };
        // Cubic Lagrange weights at u in [0, 1) between b (0) and c (1).
        let u = x - i as f64;
        let (um1, up1, um2) = (u - 1.0, u + 1.0, u - 2.0);
        let w = [
            -u * um1 * um2 / 6.0,
            up1 * um1 * um2 / 2.0,
            -up1 * u * um2 / 2.0,
            up1 * u * um1 / 6.0,
        ];
        let mix =
            |f: &dyn Fn(&Sample) -> f64| w[0] * f(a) + w[1] * f(b) + w[2] * f(c) + w[3] * f(d);
        let v = [mix(&|s| s.v[0]), mix(&|s| s.v[1]), mix(&|s| s.v[2])];
        let gast = earth_rotation_angle(ut) + mix(&|s| s.gast_minus_era);
        let (s, c) = gast.sin_cos();
        Some([c * v[0] + s * v[1], -s * v[0] + c * v[1], v[2]])
    }

    /// The Sun's apparent geocentric declination (degrees, true equator of date) at UT
    /// `ut` seconds past J2000, or `None` outside the table.
    pub fn declination_deg(&self, ut: f64) -> Option<f64> {
        let t = self.terrestrial(ut)?;
        Some((t[2] / norm(&t)).asin().to_degrees())
    }

    /// The solver of one place's times.
    pub fn place<Z: TimeZone>(&self, obs: Observer<Z>) -> Result<PlaceSolver<'_, Z>, AstroError> {
        let site = Site::new(obs.lat_deg, obs.lon_deg, obs.elev_m)?;
        let (sp, cp) = obs.lat_deg.to_radians().sin_cos();
        let (sl, cl) = obs.lon_deg.to_radians().sin_cos();
        Ok(PlaceSolver {
            table: self,
            site,
            up: [cp * cl, cp * sl, sp],
            east: [-sl, cl, 0.0],
            meridian: [cl, sl, 0.0],
            cos_lat: cp,
            obs,
            last: None,
        })
    }
}

/// One place's times from a [`SunTable`], day after day (each day starts from the day
/// before).
pub struct PlaceSolver<'a, Z: TimeZone> {
    table: &'a SunTable,
    site: Site,
    up: Vec3,
    east: Vec3,
    meridian: Vec3,
    cos_lat: f64,
    obs: Observer<Z>,
    /// The previous day's instants, UT seconds, for the next day's start.
    last: Option<Vec<Option<f64>>>,
}

/// The Sun seen from a place at one instant.
struct Seen {
    /// Airless topocentric altitude, radians.
    alt: f64,
    /// East component of the geocentric unit vector (−cos δ sin H).
    east: f64,
    /// Local hour angle of the geocentric Sun, radians (−π … π, positive west).
    hour_angle: f64,
}

impl<Z: TimeZone> PlaceSolver<'_, Z> {
    /// The Sun seen from the place at UT `ut`.
    #[inline]
    fn seen(&self, ut: f64) -> Option<Seen> {
        let g = self.table.terrestrial(ut)?;
        let r = norm(&g);
        let topo = [
            g[0] - self.site.itrs[0],
            g[1] - self.site.itrs[1],
            g[2] - self.site.itrs[2],
        ];
        let alt = (dot(&topo, &self.up) / norm(&topo)).clamp(-1.0, 1.0).asin();
        let east = dot(&g, &self.east) / r;
        let hour_angle = (-dot(&g, &self.east)).atan2(dot(&g, &self.meridian));
        Some(Seen {
            alt,
            east,
            hour_angle,
        })
    }

    /// The transit nearest to `guess` (within a few hours).
    fn transit(&self, guess: f64) -> Option<f64> {
        let mut t = guess;
        for _ in 0..MAX_STEPS {
            let step = self.seen(t)?.hour_angle / SOLAR_RATE;
            t -= step;
            if step.abs() < TOLERANCE_S {
                return Some(t);
            }
        }
        None
    }

    /// The instant in `[a, b]` where the altitude crosses `target` (radians), rising if
    /// `rising`, starting from `start`; `None` if the altitudes at `a` and `b` do not
    /// bracket it (as [`crate::prayer`] decides).
    fn crossing(&self, a: f64, b: f64, target: f64, rising: bool, start: f64) -> Option<f64> {
        let sign = if rising { 1.0 } else { -1.0 };
        let fa = sign * (self.seen(a)?.alt - target);
        let fb = sign * (self.seen(b)?.alt - target);
        if !(fa < 0.0 && fb >= 0.0) {
            return None;
        }
        let mut t = start.clamp(a, b);
        let (mut lo, mut hi) = (a, b);
        for _ in 0..MAX_STEPS {
            let seen = self.seen(t)?;
            let f = sign * (seen.alt - target);
            if f < 0.0 {
                lo = t;
            } else {
                hi = t;
            }
            // dh/dt = ω cos φ (−cos δ sin H) / cos h.
            let rate = sign * SOLAR_RATE * self.cos_lat * seen.east / seen.alt.cos();
            let next = if rate > 0.0 { t - f / rate } else { f64::NAN };
            let next = if next.is_finite() && next > lo && next < hi {
                next
            } else {
                0.5 * (lo + hi)
            };
            let step = next - t;
            t = next;
            if step.abs() < TOLERANCE_S {
                return Some(t);
            }
        }
        // Bisection alone: keep halving to the tolerance.
        while hi - lo > TOLERANCE_S {
            let mid = 0.5 * (lo + hi);
            if sign * (self.seen(mid)?.alt - target) < 0.0 {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        Some(0.5 * (lo + hi))
    }

    /// The instants (UT seconds past J2000) of `crossings` on local civil date `date` into
    /// `out` (one per crossing), with the noon altitude (degrees) returned; `ashar` gives the
    /// ashar altitude (degrees) from the noon altitude. The day's transit is the one
    /// [`crate::prayer::prayer_times`] takes.
    pub fn day(
        &mut self,
        date: NaiveDate,
        crossings: &[Crossing],
        ashar: &dyn Fn(f64) -> Option<f64>,
        out: &mut [Option<f64>],
    ) -> Result<f64, AstroError> {
        let outside = || AstroError::NoEvent(format!("{date} is outside the Sun table"));
        let guess = noon_guess(&self.obs, date)?;
        let noon = self.transit(guess).ok_or_else(outside)?;
        let noon_alt = self.seen(noon).ok_or_else(outside)?.alt.to_degrees();
        let ashar_deg = ashar(noon_alt);
        let previous = self.last.take();
        for (k, (slot, crossing)) in out.iter_mut().zip(crossings).enumerate() {
            let start = |fallback: f64| {
                previous
                    .as_ref()
                    .and_then(|p| p.get(k).copied().flatten())
                    .map(|t| t + DAY)
                    .filter(|t| (t - fallback).abs() < HALF_DAY_S)
                    .unwrap_or(fallback)
            };
            *slot = match *crossing {
                Crossing::Transit => Some(noon),
                Crossing::Rising(h) => {
                    let a = noon - HALF_DAY_S;
                    self.crossing(
                        a,
                        noon,
                        h.to_radians(),
                        true,
                        start(noon - HALF_DAY_S / 2.0),
                    )
                }
                Crossing::Setting(h) => {
                    let b = noon + HALF_DAY_S;
                    self.crossing(
                        noon,
                        b,
                        h.to_radians(),
                        false,
                        start(noon + HALF_DAY_S / 2.0),
                    )
                }
                Crossing::Ashar => match ashar_deg {
                    Some(h) => {
                        let b = noon + HALF_DAY_S;
                        self.crossing(
                            noon,
                            b,
                            h.to_radians(),
                            false,
                            start(noon + HALF_DAY_S / 4.0),
                        )
                    }
                    None => None,
                },
            };
        }
        self.last = Some(out.to_vec());
        Ok(noon_alt)
    }
}
