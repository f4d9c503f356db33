//! The geocentric sky over a window of hours, for criteria evaluated anywhere on Earth
//! (KHGT): the apparent geocentric Sun and Moon sampled every hour and interpolated (cubic
//! Lagrange; the error is far below 0.01″ for either body), the Earth's orientation frozen per
//! 6-hour bucket, and from them, at any place: the airless geocentric altitude of either body,
//! the elongation, and the instants the Sun's centre crosses an altitude (sunset, dawn).
//!
//! Geocentric means seen from the Earth's centre: the direction to the body is referred to
//! the local horizon (the plane normal to the place's geodetic vertical) without parallax or
//! refraction. Times are UT seconds past J2000, as in [`crate::time`].

use super::error::AstroError;
use super::frames::EarthFrame;
use super::place::{apparent, Body};
use super::time::{Instant, DAY, JD_J2000};
use super::vector::{angle_between, dot, norm, Vec3};
use super::Astro;

/// Spacing of the sampled positions, seconds.
const NODE_S: f64 = 3_600.0;
/// Length of the buckets that share one frozen Earth frame, seconds.
const FRAME_S: f64 = 6.0 * 3_600.0;
/// A crossing is located to this precision, seconds.
const CROSSING_TOLERANCE_S: f64 = 1e-3;
/// Newton steps before a crossing search falls back to bisection.
const NEWTON_STEPS: usize = 12;

/// A place on the Earth: its geodetic vertical in the terrestrial frame.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Place {
    /// Geodetic latitude, degrees north.
    pub lat_deg: f64,
    /// Longitude, degrees east.
    pub lon_deg: f64,
    up: Vec3,
}

impl Place {
    /// The place at geodetic latitude and longitude (degrees).
    pub fn new(lat_deg: f64, lon_deg: f64) -> Place {
        let (sp, cp) = lat_deg.to_radians().sin_cos();
        let (sl, cl) = lon_deg.to_radians().sin_cos();
        Place {
            lat_deg,
            lon_deg,
            up: [cp * cl, cp * sl, sp],
        }
    }
}

/// The apparent geocentric Sun and Moon and the Earth's orientation over a window.
#[derive(Debug, Clone)]
pub struct GeoSky {
    /// UT of the first node.
    first: f64,
    /// Apparent geocentric vectors (km, GCRS axes) of the Sun at each node.
    sun: Vec<Vec3>,
    /// The same for the Moon.
    moon: Vec<Vec3>,
    /// The frame frozen at the middle of each 6-hour bucket from `first`.
    frames: Vec<EarthFrame>,
}

impl GeoSky {
    /// The sky from UT `from` (seconds past J2000) for `hours` hours (with a node of margin
    /// on each side for the interpolation).
    pub fn new(astro: &Astro, from: f64, hours: usize) -> Result<GeoSky, AstroError> {
        let first = from - NODE_S;
        let count = hours + 3;
        let mut sun = Vec::with_capacity(count);
        let mut moon = Vec::with_capacity(count);
        for k in 0..count {
            let at = instant(astro, first + k as f64 * NODE_S)?;
            let earth = astro.ephemeris.earth(at.tdb)?;
            let eph = &astro.ephemeris;
            sun.push(apparent(eph, Body::Sun, &earth.pos, &earth.vel, at.tdb)?);
            moon.push(apparent(eph, Body::Moon, &earth.pos, &earth.vel, at.tdb)?);
        }
        let span = count as f64 * NODE_S;
        let frames = (0..=(span / FRAME_S).ceil() as usize)
            .map(|k| instant(astro, first + (k as f64 + 0.5) * FRAME_S).map(EarthFrame::at))
            .collect::<Result<_, _>>()?;
        Ok(GeoSky {
            first,
            sun,
            moon,
            frames,
        })
    }

    /// The window covered, UT seconds `[start, end]`.
    pub fn window(&self) -> (f64, f64) {
        let nodes = self.sun.len().saturating_sub(3) as f64;
        (self.first + NODE_S, self.first + NODE_S + nodes * NODE_S)
    }

    /// The apparent geocentric vector of `body` at UT `ut` (km, GCRS axes).
    pub fn position(&self, body: Body, ut: f64) -> Result<Vec3, AstroError> {
        let nodes = match body {
            Body::Sun => &self.sun,
            Body::Moon => &self.moon,
        };
        interpolate(nodes, (ut - self.first) / NODE_S)
            .ok_or_else(|| AstroError::NoEvent(format!("UT {ut} s is outside the sky's window")))
    }

    /// The frame for UT `ut`.
    fn frame(&self, ut: f64) -> Result<&EarthFrame, AstroError> {
        let bucket = ((ut - self.first) / FRAME_S).floor();
        usize::try_from(bucket as i64)
            .ok()
            .and_then(|k| self.frames.get(k))
            .ok_or_else(|| AstroError::NoEvent(format!("UT {ut} s is outside the sky's window")))
    }

    /// Airless geocentric altitude (degrees) of `body` above the horizon of `place` at `ut`.
    pub fn altitude_deg(&self, body: Body, place: &Place, ut: f64) -> Result<f64, AstroError> {
        let v = self.position(body, ut)?;
        let t = self.frame(ut)?.to_terrestrial(ut, &v);
        Ok((dot(&t, &place.up) / norm(&t)).asin().to_degrees())
    }

    /// Airless geocentric altitude and azimuth (from North through East), degrees, of `body`
    /// seen from `place` at `ut`.
    pub fn altaz_deg(&self, body: Body, place: &Place, ut: f64) -> Result<(f64, f64), AstroError> {
        let v = self.position(body, ut)?;
        let t = self.frame(ut)?.to_terrestrial(ut, &v);
        let (sp, cp) = place.lat_deg.to_radians().sin_cos();
        let (sl, cl) = place.lon_deg.to_radians().sin_cos();
        let east = [-sl, cl, 0.0];
        let north = [-sp * cl, -sp * sl, cp];
        let alt = (dot(&t, &place.up) / norm(&t)).asin().to_degrees();
        let az = dot(&t, &east).atan2(dot(&t, &north)).to_degrees();
        Ok((alt, az.rem_euclid(360.0)))
    }

    /// The Moon's illuminated fraction seen from the Earth's centre at `ut` (0–1), from the
    /// phase angle at the Moon between the Earth and the Sun.
    pub fn illuminated_fraction(&self, ut: f64) -> Result<f64, AstroError> {
        let sun = self.position(Body::Sun, ut)?;
        let moon = self.position(Body::Moon, ut)?;
        let to_earth = [-moon[0], -moon[1], -moon[2]];
        let to_sun = [sun[0] - moon[0], sun[1] - moon[1], sun[2] - moon[2]];
        Ok((1.0 + angle_between(&to_earth, &to_sun).cos()) / 2.0)
    }

    /// Geocentric elongation of the Moon from the Sun (degrees) at `ut`.
    pub fn elongation_deg(&self, ut: f64) -> Result<f64, AstroError> {
        let sun = self.position(Body::Sun, ut)?;
        let moon = self.position(Body::Moon, ut)?;
        Ok(angle_between(&sun, &moon).to_degrees())
    }

    /// The instant near `guess` at which the Sun's centre crosses `altitude_deg` at `place`,
    /// going down (`setting`) or up: Newton's method from the guess, kept only if it lands
    /// within `reach` seconds of it on a crossing in the asked direction; else bisection of
    /// the first such crossing found by 10-minute steps through `guess ± reach`. `None` if
    /// the Sun does not cross that altitude there in that time.
    pub fn sun_crossing(
        &self,
        place: &Place,
        altitude_deg: f64,
        setting: bool,
        guess: f64,
        reach: f64,
    ) -> Result<Option<f64>, AstroError> {
        let (lo, hi) = self.window();
        let (a, b) = ((guess - reach).max(lo), (guess + reach).min(hi));
        if a >= b {
            return Ok(None);
        }
        let f = |t: f64| -> Result<f64, AstroError> {
            Ok(self.altitude_deg(Body::Sun, place, t)? - altitude_deg)
        };
        let right_way = |slope: f64| if setting { slope < 0.0 } else { slope > 0.0 };
        // Newton's method with a centred difference.
        let mut t = guess.clamp(a, b);
        for _ in 0..NEWTON_STEPS {
            let value = f(t)?;
            let slope = (f((t + 1.0).min(b))? - f((t - 1.0).max(a))?) / 2.0;
            if slope == 0.0 || !right_way(slope) {
                break;
            }
            let next = (t - value / slope).clamp(a, b);
            if (next - t).abs() < CROSSING_TOLERANCE_S {
                return Ok(Some(next));
            }
            t = next;
        }
        // Bisection of the first crossing in the asked direction.
        const STEP: f64 = 600.0;
        let (mut t0, mut f0) = (a, f(a)?);
        while t0 < b {
            let t1 = (t0 + STEP).min(b);
            let f1 = f(t1)?;
            let crosses = if setting {
                f0 > 0.0 && f1 <= 0.0
            } else {
                f0 < 0.0 && f1 >= 0.0
            };
            if crosses {
                let (mut x0, mut x1, mut g0) = (t0, t1, f0);
                while x1 - x0 > CROSSING_TOLERANCE_S {
                    let mid = 0.5 * (x0 + x1);
                    let g = f(mid)?;
                    if (g > 0.0) == (g0 > 0.0) {
                        (x0, g0) = (mid, g);
                    } else {
                        x1 = mid;
                    }
                }
                return Ok(Some(0.5 * (x0 + x1)));
            }
            (t0, f0) = (t1, f1);
        }
        Ok(None)
    }

    /// The longitude (degrees east, in −180..180) on the parallel of geodetic latitude
    /// `lat_deg` where the Sun's centre is at `altitude_deg` and setting (west of the
    /// meridian) at `ut`; `None` if the Sun is above or below that altitude along the whole
    /// parallel then.
    pub fn setting_longitude(
        &self,
        lat_deg: f64,
        altitude_deg: f64,
        ut: f64,
    ) -> Result<Option<f64>, AstroError> {
        let v = self.position(Body::Sun, ut)?;
        let t = self.frame(ut)?.to_terrestrial(ut, &v);
        let r = norm(&t);
        let (sin_d, cos_d) = (t[2] / r, t[0].hypot(t[1]) / r);
        let sub_lon = t[1].atan2(t[0]);
        let (sp, cp) = lat_deg.to_radians().sin_cos();
        let cos_h = (altitude_deg.to_radians().sin() - sp * sin_d) / (cp * cos_d);
        if !(-1.0..=1.0).contains(&cos_h) {
            return Ok(None);
        }
        // East of the sub-solar meridian the Sun stands in the west: it is setting there.
        let lon = (sub_lon + cos_h.acos()).to_degrees();
        Ok(Some((lon + 180.0).rem_euclid(360.0) - 180.0))
    }
}

/// The instant at UT `ut`, with ΔT there.
fn instant(astro: &Astro, ut: f64) -> Result<Instant, AstroError> {
    Ok(Instant::from_ut(
        ut,
        astro.delta_t.at_jd_ut(JD_J2000 + ut / DAY)?,
    ))
}

/// Cubic Lagrange interpolation of `nodes` (equally spaced) at fractional index `x`, from
/// the four nodes around it; `None` outside `[1, len − 2]`.
fn interpolate(nodes: &[Vec3], x: f64) -> Option<Vec3> {
    if !x.is_finite() || x < 1.0 {
        return None;
    }
    let k = (x.floor() as usize).min(nodes.len().checked_sub(3)?);
    if x > (nodes.len() - 2) as f64 {
        return None;
    }
    let p = nodes.get(k - 1..k + 3)?;
    let u = x - k as f64;
    // Lagrange weights for nodes at −1, 0, 1, 2.
    let w = [
        -u * (u - 1.0) * (u - 2.0) / 6.0,
        (u + 1.0) * (u - 1.0) * (u - 2.0) / 2.0,
        -(u + 1.0) * u * (u - 2.0) / 2.0,
        (u + 1.0) * u * (u - 1.0) / 6.0,
    ];
    let mut out = [0.0; 3];
    for (node, weight) in p.iter().zip(w) {
        for (o, c) in out.iter_mut().zip(node) {
            *o += weight * c;
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cubic_interpolation_is_exact_for_cubics() {
        let f = |x: f64| [x * x * x - 2.0 * x, 3.0 * x * x, 1.0 - x];
        let nodes: Vec<Vec3> = (0..8).map(|k| f(k as f64)).collect();
        for x in [1.0, 1.5, 2.25, 4.9, 6.0] {
            let got = interpolate(&nodes, x).unwrap();
            let want = f(x);
            for (g, w) in got.iter().zip(want) {
                assert!((g - w).abs() < 1e-9, "{x}: {got:?} {want:?}");
            }
        }
        assert!(interpolate(&nodes, 0.5).is_none());
        assert!(interpolate(&nodes, 6.5).is_none());
    }
}
