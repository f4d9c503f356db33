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
use super::frames::{earth_rotation_angle, EarthFrame, Site, ERA_RATE};
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
/// Newton's method stops when a step is below this, seconds (its next step would be
/// far under a millisecond: the error squares).
const TOLERANCE_S: f64 = 0.02;
/// A Newton step under this far from the culminations ends the search, seconds.
const ONE_STEP_S: f64 = 1.0;
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
    /// The Earth rotation angle at the sample (radians), which grows linearly from it.
    era: f64,
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
                era: earth_rotation_angle(ut),
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
        let mut v = [0.0; 3];
        let mut gast_minus_era = 0.0;
        for (weight, sample) in w.iter().zip([a, b, c, d]) {
            for (to, from) in v.iter_mut().zip(sample.v) {
                *to += weight * from;
            }
            gast_minus_era += weight * sample.gast_minus_era;
        }
        // The rotation angle is linear in UT: from the sample before, no reduction.
        let era = b.era + ERA_RATE * (u * STEP_S);
        let gast = era + gast_minus_era;
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
            last: [[None; MAX_CROSSINGS + 1]; 2],
        })
    }
}

/// The most crossings [`PlaceSolver::day`] takes.
pub const MAX_CROSSINGS: usize = 16;

/// One place's times from a [`SunTable`], day after day (each day starts from the two days
/// before, extrapolated).
pub struct PlaceSolver<'a, Z: TimeZone> {
    table: &'a SunTable,
    site: Site,
    up: Vec3,
    east: Vec3,
    meridian: Vec3,
    cos_lat: f64,
    obs: Observer<Z>,
    /// The instants of the two days before (the transit first, then the crossings), UT
    /// seconds, for the next day's start: `[day before, the day before that]`.
    last: [[Option<f64>; MAX_CROSSINGS + 1]; 2],
}

/// The Sun seen from a place at one instant.
struct Seen {
    /// Sine of the airless topocentric altitude.
    sin_alt: f64,
    /// East component of the geocentric unit vector (−cos δ sin H).
    east: f64,
    /// Geocentric vector in the terrestrial frame (km).
    g: Vec3,
}

impl<Z: TimeZone> PlaceSolver<'_, Z> {
    /// The Sun seen from the place at UT `ut`.
    #[inline]
    fn seen(&self, ut: f64) -> Option<Seen> {
        let g = self.table.terrestrial(ut)?;
        let topo = [
            g[0] - self.site.itrs[0],
            g[1] - self.site.itrs[1],
            g[2] - self.site.itrs[2],
        ];
        let sin_alt = dot(&topo, &self.up) / norm(&topo);
        let east = dot(&g, &self.east) / norm(&g);
        Some(Seen { sin_alt, east, g })
    }

    /// The local hour angle (radians, −π … π, positive west) of the geocentric vector `g`.
    #[inline]
    fn hour_angle(&self, g: &Vec3) -> f64 {
        (-dot(g, &self.east)).atan2(dot(g, &self.meridian))
    }

    /// The transit nearest to `guess` (within a few hours) and the sine of the altitude
    /// there; `rate` is the hour angle's rate (radians per second) expected.
    fn transit(&self, guess: f64, rate: f64) -> Option<(f64, f64)> {
        let mut t = guess;
        for _ in 0..MAX_STEPS {
            let seen = self.seen(t)?;
            let step = self.hour_angle(&seen.g) / rate;
            t -= step;
            // With the rate of the two transits before, a step's error is under 1e-4 of it.
            let known = rate != SOLAR_RATE && step.abs() < ONE_STEP_S * 10.0;
            if step.abs() < TOLERANCE_S || known {
                return Some((t, seen.sin_alt));
            }
        }
        None
    }

    /// The instant in `[a, b]` where the sine of the altitude crosses `target`, rising if
    /// `rising`, starting from `start`; `fa` and `fb` are the (signed) differences at the
    /// ends. `None` unless `fa < 0 <= fb` (the bracket [`crate::prayer`] asks for).
    fn crossing(
        &self,
        (a, fa): (f64, f64),
        (b, fb): (f64, f64),
        target: f64,
        rising: bool,
        start: f64,
    ) -> Option<f64> {
        if !(fa < 0.0 && fb >= 0.0) {
            return None;
        }
        let sign = if rising { 1.0 } else { -1.0 };
        let mut t = start.clamp(a, b);
        let (mut lo, mut hi) = (a, b);
        for _ in 0..MAX_STEPS {
            let seen = self.seen(t)?;
            let f = sign * (seen.sin_alt - target);
            if f < 0.0 {
                lo = t;
            } else {
                hi = t;
            }
            // d(sin h)/dt = ω cos φ (−cos δ sin H).
            let rate = sign * SOLAR_RATE * self.cos_lat * seen.east;
            let newton = t - f / rate;
            let next = if rate > 0.0 && newton > lo && newton < hi {
                newton
            } else {
                0.5 * (lo + hi)
            };
            let step = next - t;
            t = next;
            // Far from the culminations (|cos δ sin H| ≥ 1/2) Newton's error after a step
            // of s seconds is under 1e-4·s² s: a step under a second leaves under 0.1 ms.
            let steep = seen.east.abs() >= 0.5 && next == newton;
            if step.abs() < TOLERANCE_S || (steep && step.abs() < ONE_STEP_S) {
                return Some(t);
            }
        }
        // Bisection alone: keep halving to the tolerance.
        while hi - lo > TOLERANCE_S {
            let mid = 0.5 * (lo + hi);
            if sign * (self.seen(mid)?.sin_alt - target) < 0.0 {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        Some(0.5 * (lo + hi))
    }

    /// Where to start the search of slot `k` today: the two days before extrapolated, or
    /// the day before plus a day, if they are near `fallback`; else `fallback`.
    fn start(&self, k: usize, fallback: f64) -> f64 {
        let [one, two] = &self.last;
        let guess = match (one.get(k).copied().flatten(), two.get(k).copied().flatten()) {
            (Some(a), Some(b)) => 2.0 * a - b,
            (Some(a), None) => a + DAY,
            _ => return fallback,
        };
        if (guess - fallback).abs() < HALF_DAY_S / 2.0 {
            guess
        } else {
            fallback
        }
    }

    /// The instants (UT seconds past J2000) of `crossings` (at most [`MAX_CROSSINGS`]) on
    /// local civil date `date` into `out` (one per crossing), with the noon altitude
    /// (degrees) returned; `ashar` gives the ashar altitude (degrees) from the noon
    /// altitude. The day's transit is the one [`crate::prayer::prayer_times`] takes.
    pub fn day(
        &mut self,
        date: NaiveDate,
        crossings: &[Crossing],
        ashar: &dyn Fn(f64) -> Option<f64>,
        out: &mut [Option<f64>],
    ) -> Result<f64, AstroError> {
        let outside = || AstroError::NoEvent(format!("{date} is outside the Sun table"));
        let guess = noon_guess(&self.obs, date)?;
        let [one, two] = &self.last;
        let rate = match (
            one.first().copied().flatten(),
            two.first().copied().flatten(),
        ) {
            (Some(a), Some(b)) if (a - b - DAY).abs() < 120.0 => std::f64::consts::TAU / (a - b),
            _ => SOLAR_RATE,
        };
        let (noon, noon_sin) = self
            .transit(self.start(0, guess), rate)
            .ok_or_else(outside)?;
        let noon_alt = noon_sin.clamp(-1.0, 1.0).asin().to_degrees();
        let ashar_deg = ashar(noon_alt);
        let (before, after) = (noon - HALF_DAY_S, noon + HALF_DAY_S);
        let before_sin = self.seen(before).ok_or_else(outside)?.sin_alt;
        let after_sin = self.seen(after).ok_or_else(outside)?.sin_alt;
        let mut today = [None; MAX_CROSSINGS + 1];
        if let Some(slot) = today.first_mut() {
            *slot = Some(noon);
        }
        for (k, (slot, crossing)) in out.iter_mut().zip(crossings).enumerate() {
            let altitude = match *crossing {
                Crossing::Transit => None,
                Crossing::Rising(h) | Crossing::Setting(h) => Some(h),
                Crossing::Ashar => ashar_deg,
            };
            let rising = matches!(crossing, Crossing::Rising(_));
            *slot = match (crossing, altitude) {
                (Crossing::Transit, _) => Some(noon),
                (_, None) => None,
                (_, Some(h)) => {
                    let target = h.to_radians().sin();
                    if rising {
                        let fallback = noon - HALF_DAY_S / 2.0;
                        self.crossing(
                            (before, before_sin - target),
                            (noon, noon_sin - target),
                            target,
                            true,
                            self.start(k + 1, fallback),
                        )
                    } else {
                        let fallback = noon + HALF_DAY_S / 3.0;
                        self.crossing(
                            (noon, target - noon_sin),
                            (after, target - after_sin),
                            target,
                            false,
                            self.start(k + 1, fallback),
                        )
                    }
                }
            };
            if let Some(kept) = today.get_mut(k + 1) {
                *kept = *slot;
            }
        }
        let [one, _] = self.last;
        self.last = [today, one];
        Ok(noon_alt)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prayer::{prayer_times, Targets};
    use chrono::FixedOffset;

    #[test]
    fn the_bulk_instants_are_the_precise_ones_to_a_twentieth_of_a_second() {
        let astro = crate::tests::astro();
        let first = NaiveDate::from_ymd_opt(2031, 1, 1).unwrap();
        let sun = SunTable::new(&astro, first, first + chrono::Days::new(400)).unwrap();
        // Any altitudes do: these are Kemenag's at sea level, and an ashar at half the noon
        // altitude.
        let ashar = |noon: f64| (noon > 0.0).then_some(noon / 2.0);
        let targets = Targets {
            subuh_deg: -20.0,
            horizon_deg: -50.0 / 60.0,
            dhuha_deg: 4.5,
            isya_deg: -18.0,
            ashar_deg: &ashar,
            imsak_before_s: 600.0,
        };
        let crossings = [
            Crossing::Rising(-20.0),
            Crossing::Rising(-50.0 / 60.0),
            Crossing::Rising(4.5),
            Crossing::Transit,
            Crossing::Ashar,
            Crossing::Setting(-50.0 / 60.0),
            Crossing::Setting(-18.0),
        ];
        let mut worst = 0.0_f64;
        for (lat, lon, hours) in [
            (-7.8, 110.4, 7),
            (3.6, 98.7, 7),
            (-2.5, 140.7, 9),
            (45.0, 10.0, 1),
        ] {
            let obs = Observer {
                lat_deg: lat,
                lon_deg: lon,
                elev_m: 0.0,
                tz: FixedOffset::east_opt(hours * 3_600).unwrap(),
            };
            let mut solver = sun.place(obs).unwrap();
            let mut out = [None; 7];
            for k in 0..365 {
                let date = first + chrono::Days::new(k);
                solver.day(date, &crossings, &ashar, &mut out).unwrap();
                if k % 29 != 0 {
                    continue;
                }
                let precise = prayer_times(&astro, &obs, date, &targets).unwrap();
                for (bulk, exact) in out.iter().zip(precise.times.iter().skip(1)) {
                    assert_eq!(bulk.is_some(), exact.is_some(), "{lat} {lon} {date}");
                    let (Some(bulk), Some(exact)) = (bulk, exact) else {
                        continue;
                    };
                    let diff = (bulk - crate::time::ut_seconds(&exact.utc)).abs();
                    assert!(diff < 0.05, "{lat} {lon} {date}: {diff}");
                    worst = worst.max(diff);
                }
            }
        }
        println!("largest difference {worst:.4} s");
    }
}
