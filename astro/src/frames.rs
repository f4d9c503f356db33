//! Reference frames: IAU 2006/2000A bias-precession-nutation and Greenwich apparent sidereal
//! time (via `sofars`), the mean ecliptic of date, and the WGS84 observing site with its
//! diurnal velocity. Polar motion is ignored.

use super::error::AstroError;
use super::time::{jd_parts, Instant};
use super::vector::{mtxv, mxv, Mat3, Vec3};
use std::f64::consts::TAU;

/// Earth's rotation rate in rad/s (as used for the site's diurnal velocity).
pub const EARTH_ANGULAR_VELOCITY: f64 = 7.292_115e-5;
/// WGS84 equatorial radius, km.
const WGS84_A: f64 = 6_378.137;
/// WGS84 flattening.
const WGS84_F: f64 = 1.0 / 298.257_223_563;

/// Celestial-to-terrestrial rotation frozen at one instant and reused for nearby instants
/// (within hours the matrix drifts by well under 0.1″): GCRS → true equator and equinox of
/// date (`npb`), then Greenwich apparent sidereal time advanced with the Earth rotation angle.
#[derive(Debug, Clone, Copy)]
pub struct EarthFrame {
    npb: Mat3,
    /// GAST − ERA (radians) at the reference instant.
    gast_minus_era: f64,
}

/// The Earth rotation angle's turns per UT day beyond one (IAU 2000).
const ERA_EXCESS_TURNS_PER_DAY: f64 = 0.002_737_811_911_354_48;
/// The Earth rotation angle's rate, radians per UT second.
pub const ERA_RATE: f64 = TAU * (1.0 + ERA_EXCESS_TURNS_PER_DAY) / 86_400.0;

/// Earth rotation angle (IAU 2000) in radians at UT1 `ut` seconds past J2000.
#[inline]
pub fn earth_rotation_angle(ut: f64) -> f64 {
    let d = ut / 86_400.0;
    // Split the day count to keep the fractional rotation precise.
    let f = d.rem_euclid(1.0);
    (TAU * (f + 0.779_057_273_264_0 + ERA_EXCESS_TURNS_PER_DAY * d)).rem_euclid(TAU)
}

impl EarthFrame {
    /// The frame at instant `at`.
    pub fn at(at: Instant) -> EarthFrame {
        let (t1, t2) = jd_parts(at.tt);
        let (u1, u2) = jd_parts(at.ut);
        let npb = sofars::pnp::pnm06a(t1, t2);
        let gast = sofars::erst::gst06(u1, u2, t1, t2, &npb);
        EarthFrame {
            npb,
            gast_minus_era: gast - earth_rotation_angle(at.ut),
        }
    }

    /// Greenwich apparent sidereal time (radians) at UT `ut`.
    #[inline]
    pub fn gast(&self, ut: f64) -> f64 {
        earth_rotation_angle(ut) + self.gast_minus_era
    }

    /// A GCRS vector expressed in the terrestrial (ITRS, no polar motion) frame at UT `ut`.
    #[inline]
    pub fn to_terrestrial(&self, ut: f64, v: &Vec3) -> Vec3 {
        let e = mxv(&self.npb, v);
        let (s, c) = self.gast(ut).sin_cos();
        [c * e[0] + s * e[1], -s * e[0] + c * e[1], e[2]]
    }

    /// A terrestrial vector expressed in the GCRS at UT `ut`.
    #[inline]
    pub fn to_celestial(&self, ut: f64, v: &Vec3) -> Vec3 {
        let (s, c) = self.gast(ut).sin_cos();
        let e = [c * v[0] - s * v[1], s * v[0] + c * v[1], v[2]];
        mtxv(&self.npb, &e)
    }
}

/// GCRS → mean ecliptic and equinox of date (IAU 2006 precession with frame bias). Ecliptic
/// longitudes of date differ from these by the nutation in longitude, the same for every
/// body, so longitude differences (conjunctions) need no nutation.
#[allow(
    clippy::indexing_slicing,
    reason = "3×3 matrices indexed by i, j, k in 0..3"
)]
pub fn ecliptic_of_date(at: Instant) -> Mat3 {
    let (t1, t2) = jd_parts(at.tt);
    let (gamb, phib, psib, epsa) = sofars::pnp::pfw06(t1, t2);
    let m = sofars::pnp::fw2m(gamb, phib, psib, epsa);
    // fw2m ends with R1(-epsa) onto the mean equator; undo it to stay on the ecliptic.
    let (s, c) = epsa.sin_cos();
    let r1 = [[1.0, 0.0, 0.0], [0.0, c, s], [0.0, -s, c]];
    let mut out = [[0.0; 3]; 3];
    for (i, row) in out.iter_mut().enumerate() {
        for (j, cell) in row.iter_mut().enumerate() {
            *cell = (0..3).map(|k| r1[i][k] * m[k][j]).sum();
        }
    }
    out
}

/// A WGS84 observing site: geocentric terrestrial position and local horizon axes.
#[derive(Debug, Clone, Copy)]
pub struct Site {
    /// Terrestrial position, km.
    pub itrs: Vec3,
    up: Vec3,
    north: Vec3,
    east: Vec3,
}

impl Site {
    /// The site at geodetic latitude and longitude (degrees) and ellipsoidal height (m).
    pub fn new(lat_deg: f64, lon_deg: f64, elev_m: f64) -> Result<Site, AstroError> {
        if !(lat_deg.is_finite() && (-90.0..=90.0).contains(&lat_deg)) {
            return Err(AstroError::InvalidObserver(format!(
                "latitude {lat_deg} out of range"
            )));
        }
        if !(lon_deg.is_finite() && (-360.0..=360.0).contains(&lon_deg)) {
            return Err(AstroError::InvalidObserver(format!(
                "longitude {lon_deg} out of range"
            )));
        }
        if !(elev_m.is_finite() && (-500.0..=10_000.0).contains(&elev_m)) {
            return Err(AstroError::InvalidObserver(format!(
                "elevation {elev_m} m out of range"
            )));
        }
        let (sp, cp) = lat_deg.to_radians().sin_cos();
        let (sl, cl) = lon_deg.to_radians().sin_cos();
        let e2 = WGS84_F * (2.0 - WGS84_F);
        let n = WGS84_A / (1.0 - e2 * sp * sp).sqrt();
        let h = elev_m / 1000.0;
        Ok(Site {
            itrs: [
                (n + h) * cp * cl,
                (n + h) * cp * sl,
                (n * (1.0 - e2) + h) * sp,
            ],
            up: [cp * cl, cp * sl, sp],
            north: [-sp * cl, -sp * sl, cp],
            east: [-sl, cl, 0.0],
        })
    }

    /// Geocentric GCRS position (km) and velocity (km/s) of the site at UT `ut`.
    #[inline]
    pub fn gcrs_state(&self, frame: &EarthFrame, ut: f64) -> (Vec3, Vec3) {
        let w = EARTH_ANGULAR_VELOCITY;
        let v_t = [-w * self.itrs[1], w * self.itrs[0], 0.0];
        (
            frame.to_celestial(ut, &self.itrs),
            frame.to_celestial(ut, &v_t),
        )
    }

    /// Altitude and azimuth (degrees; azimuth from North through East) of a GCRS direction.
    #[inline]
    pub fn altaz(&self, frame: &EarthFrame, ut: f64, v: &Vec3) -> (f64, f64) {
        let t = frame.to_terrestrial(ut, v);
        let u = super::vector::dot(&t, &self.up);
        let n = super::vector::dot(&t, &self.north);
        let e = super::vector::dot(&t, &self.east);
        let alt = u.atan2(n.hypot(e)).to_degrees();
        let az = e.atan2(n).to_degrees().rem_euclid(360.0);
        (alt, az)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn era_matches_sofa() {
        for ut in [-1.7e9, -3.3e8, 0.0, 1.2345e8, 3.1e9] {
            let (a, b) = jd_parts(ut);
            let d = earth_rotation_angle(ut) - sofars::erst::era00(a, b);
            assert!(
                d.abs() < 1e-10 || (d.abs() - TAU).abs() < 1e-10,
                "{ut}: {d}"
            );
        }
    }

    #[test]
    fn site_rejects_bad_latitude() {
        assert!(Site::new(95.0, 0.0, 0.0).is_err());
        assert!(Site::new(f64::NAN, 0.0, 0.0).is_err());
        let s = Site::new(0.0, 0.0, 0.0).unwrap();
        assert!((s.itrs[0] - WGS84_A).abs() < 1e-9);
    }
}
