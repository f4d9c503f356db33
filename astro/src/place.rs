//! Apparent places: light-time iteration and relativistic stellar aberration, for an observer
//! given by its barycentric position and velocity (geocentre, or a site on the Earth), and
//! the geocentric apparent ecliptic longitudes of date built on them.

use super::ephemeris::Ephemeris;
use super::error::AstroError;
use super::frames::ecliptic_of_date;
use super::spk::State;
use super::time::{tdb_minus_tt, Instant};
use super::vector::{dot, mxv, norm, scale, sub, Mat3, Vec3};

/// Speed of light, km/s.
pub const C_KM_S: f64 = 299_792.458;

/// A body whose place is computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Body {
    /// The Sun.
    Sun,
    /// The Moon.
    Moon,
}

/// Barycentric position of `body` at TDB `et` (km).
#[inline]
pub fn barycentric(eph: &Ephemeris, body: Body, et: f64) -> Result<Vec3, AstroError> {
    Ok(match body {
        Body::Sun => eph.sun(et)?.pos,
        Body::Moon => eph.moon(et)?.pos,
    })
}

/// Astrometric vector (km, ICRF axes) from an observer at barycentric `obs` at TDB `et` to
/// `body` as it was when the light left it, and the light time in seconds.
#[inline]
pub fn astrometric(
    eph: &Ephemeris,
    body: Body,
    obs: &Vec3,
    et: f64,
) -> Result<(Vec3, f64), AstroError> {
    let mut p = sub(&barycentric(eph, body, et)?, obs);
    let mut lt = norm(&p) / C_KM_S;
    for _ in 0..10 {
        p = sub(&barycentric(eph, body, et - lt)?, obs);
        let next = norm(&p) / C_KM_S;
        let done = (next - lt).abs() < 1e-9;
        lt = next;
        if done {
            break;
        }
    }
    Ok((p, lt))
}

/// Astrometric vector and light time as [`astrometric`], but with the target's retarded
/// position extrapolated linearly from its state at `et`: over the light time (1.3 s for the
/// Moon, 8.3 min for the Sun) the neglected acceleration moves it by under 0.1 m.
#[inline]
pub fn astrometric_linear(target: &State, obs: &Vec3) -> (Vec3, f64) {
    let mut lt = 0.0;
    let mut p = sub(&target.pos, obs);
    for _ in 0..10 {
        let next = norm(&p) / C_KM_S;
        let done = (next - lt).abs() < 1e-9;
        lt = next;
        p = sub(&sub(&target.pos, &scale(lt, &target.vel)), obs);
        if done {
            break;
        }
    }
    (p, lt)
}

/// Applies relativistic aberration for an observer moving with barycentric velocity `v`
/// (km/s) to the astrometric vector `p`; the result keeps the length of `p`.
#[inline]
pub fn aberrate(p: &Vec3, v: &Vec3) -> Vec3 {
    let d = norm(p);
    let u = scale(1.0 / d, p);
    let b = scale(1.0 / C_KM_S, v);
    let ub = dot(&u, &b);
    let inv_gamma = (1.0 - dot(&b, &b)).sqrt();
    let k = 1.0 + ub / (1.0 + inv_gamma);
    let w = [
        inv_gamma * u[0] + k * b[0],
        inv_gamma * u[1] + k * b[1],
        inv_gamma * u[2] + k * b[2],
    ];
    scale(d / norm(&w), &w)
}

/// Apparent vector (km) of `body` for an observer with barycentric position `obs` and
/// velocity `vel` at TDB `et` (light time and aberration; gravitational deflection, below
/// 0.01″ for the Sun's and the Moon's centres, is left out).
#[inline]
pub fn apparent(
    eph: &Ephemeris,
    body: Body,
    obs: &Vec3,
    vel: &Vec3,
    et: f64,
) -> Result<Vec3, AstroError> {
    let (p, _) = astrometric(eph, body, obs, et)?;
    Ok(aberrate(&p, vel))
}

/// The geocentre at one TT instant, ready to give apparent ecliptic longitudes of date: the
/// Earth's barycentric state and the rotation onto the mean ecliptic and equinox of date,
/// computed once for every body asked about at that instant.
#[derive(Debug, Clone, Copy)]
pub struct GeocentricEcliptic {
    tdb: f64,
    earth: State,
    ecliptic: Mat3,
}

impl GeocentricEcliptic {
    /// The geocentre at TT `tt` (seconds past J2000).
    pub fn at(eph: &Ephemeris, tt: f64) -> Result<GeocentricEcliptic, AstroError> {
        let at = Instant {
            ut: tt,
            tt,
            tdb: tt + tdb_minus_tt(tt),
        };
        Ok(GeocentricEcliptic {
            tdb: at.tdb,
            earth: eph.earth(at.tdb)?,
            ecliptic: ecliptic_of_date(at),
        })
    }

    /// The apparent geocentric ecliptic longitude of `body` (radians, in −π … π) on the mean
    /// ecliptic and equinox of date; the true equinox's longitude adds the nutation in
    /// longitude, the same for every body.
    pub fn longitude(&self, eph: &Ephemeris, body: Body) -> Result<f64, AstroError> {
        let v = mxv(
            &self.ecliptic,
            &apparent(eph, body, &self.earth.pos, &self.earth.vel, self.tdb)?,
        );
        Ok(v[1].atan2(v[0]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aberration_of_a_perpendicular_source_is_v_over_c() {
        let p = [1.0e8, 0.0, 0.0];
        let a = aberrate(&p, &[0.0, 30.0, 0.0]);
        let angle = (a[1] / a[0]).atan();
        // tan(angle) = γβ for a source at right angles to the motion.
        let beta: f64 = 30.0 / C_KM_S;
        assert!((angle - (beta / (1.0 - beta * beta).sqrt()).atan()).abs() < 1e-15);
        assert!((norm(&a) - 1.0e8).abs() < 1e-6);
    }
}
