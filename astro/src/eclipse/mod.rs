//! Solar and lunar eclipses from the ephemeris: every new and full moon of a span is tried,
//! the instant of greatest eclipse found, the eclipse classified and measured, and what the
//! run time needs to evaluate it anywhere stored as short polynomials ([`fit`]): the
//! Besselian elements of a solar eclipse ([`solar`]), the contacts and the Moon's track of a
//! lunar one ([`lunar`]). Instants are TT seconds past J2000 with the ΔT read there.

pub mod fit;
pub mod lunar;
pub mod solar;

use super::error::AstroError;
use super::frames::EarthFrame;
use super::place::{apparent, Body};
use super::time::{tdb_minus_tt, Instant, DAY, JD_J2000};
use super::vector::Vec3;
use super::Astro;
use chrono::{DateTime, Utc};

/// WGS84 equatorial radius, km: the unit of lengths in the elements.
pub const EARTH_RADIUS_KM: f64 = 6_378.137;
/// WGS84 flattening.
pub const EARTH_FLATTENING: f64 = 1.0 / 298.257_223_563;
/// The Sun's radius, km (959.63″ at 1 au, as in the Besselian elements of NASA's canon).
pub const SUN_RADIUS_KM: f64 = 696_000.0;
/// The Moon's radius over the Earth's for the penumbra and the lunar limb (IAU).
pub const MOON_K_PENUMBRA: f64 = 0.272_507_6;
/// The Moon's radius over the Earth's for the umbra (its mean radius within the limb's
/// valleys, which totality depends on).
pub const MOON_K_UMBRA: f64 = 0.272_281;
/// Half the span the polynomials are fitted over, hours.
pub const HALF_SPAN_H: f64 = 4.0;

/// An eclipse of either body.
#[derive(Debug, Clone, PartialEq)]
pub enum Eclipse {
    /// An eclipse of the Sun, at a new moon.
    Solar(solar::SolarEclipse),
    /// An eclipse of the Moon, at a full moon.
    Lunar(lunar::LunarEclipse),
}

impl Eclipse {
    /// The TT instant (seconds past J2000) of greatest eclipse.
    pub fn greatest_tt(&self) -> f64 {
        match self {
            Eclipse::Solar(e) => e.greatest_tt,
            Eclipse::Lunar(e) => e.greatest_tt,
        }
    }
}

/// The apparent geocentric Sun and Moon in the terrestrial frame (km) at one instant.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Sky {
    pub sun: Vec3,
    pub moon: Vec3,
}

impl Astro {
    /// Every eclipse whose new or full moon falls from `from` to `to`, in order of greatest
    /// eclipse.
    pub fn eclipses(
        &self,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
    ) -> Result<Vec<Eclipse>, AstroError> {
        let mut out = Vec::new();
        for new_moon in self.new_moons(from, to)? {
            if let Some(e) = solar::at_new_moon(self, self.tt_of(new_moon)?)? {
                out.push(Eclipse::Solar(e));
            }
        }
        for full_moon in self.full_moons(from, to)? {
            if let Some(e) = lunar::at_full_moon(self, self.tt_of(full_moon)?)? {
                out.push(Eclipse::Lunar(e));
            }
        }
        out.sort_by(|a, b| a.greatest_tt().total_cmp(&b.greatest_tt()));
        Ok(out)
    }

    /// ΔT (seconds) at TT `tt` (seconds past J2000).
    pub(crate) fn delta_t_of_tt(&self, tt: f64) -> Result<f64, AstroError> {
        self.delta_t.at_jd_tt(JD_J2000 + tt / DAY)
    }

    /// The apparent geocentric Sun and Moon, terrestrial axes, at TT `tt`.
    pub(crate) fn sky(&self, tt: f64) -> Result<Sky, AstroError> {
        let ut = tt - self.delta_t_of_tt(tt)?;
        let at = Instant {
            ut,
            tt,
            tdb: tt + tdb_minus_tt(tt),
        };
        let frame = EarthFrame::at(at);
        let earth = self.ephemeris.earth(at.tdb)?;
        let eph = &self.ephemeris;
        let sun = apparent(eph, Body::Sun, &earth.pos, &earth.vel, at.tdb)?;
        let moon = apparent(eph, Body::Moon, &earth.pos, &earth.vel, at.tdb)?;
        Ok(Sky {
            sun: frame.to_terrestrial(ut, &sun),
            moon: frame.to_terrestrial(ut, &moon),
        })
    }
}

/// The instant in `[a, b]` where `f` is least (golden-section search to 0.05 s); `f` is
/// unimodal there.
pub(crate) fn minimum<F>(mut f: F, mut a: f64, mut b: f64) -> Result<f64, AstroError>
where
    F: FnMut(f64) -> Result<f64, AstroError>,
{
    let r = 0.5 * (5f64.sqrt() - 1.0);
    let mut c = b - r * (b - a);
    let mut d = a + r * (b - a);
    let (mut fc, mut fd) = (f(c)?, f(d)?);
    while b - a > 0.05 {
        if fc < fd {
            b = d;
            d = c;
            fd = fc;
            c = b - r * (b - a);
            fc = f(c)?;
        } else {
            a = c;
            c = d;
            fc = fd;
            d = a + r * (b - a);
            fd = f(d)?;
        }
    }
    Ok(0.5 * (a + b))
}

/// The saros series of an eclipse at lunation `k` (new moons counted from that of
/// 2000-01-06; a full moon's `k` is that of the new moon before it), given one eclipse of
/// the same kind at lunation `k_ref` in series `saros_ref`: eclipses 223 lunations apart
/// share a series, and one inex (358 lunations) later is the next series. Of the solutions
/// the one within 111 series of the reference is taken (every series active 1945–2100 is).
pub fn saros(k: i64, k_ref: i64, saros_ref: i64) -> i64 {
    // 358 · 1 ≡ 135 (mod 223), and 135 · 38 ≡ 1 (mod 223): 38 is 358's inverse.
    let step = (k - k_ref).rem_euclid(223) * 38 % 223;
    saros_ref + if step > 111 { step - 223 } else { step }
}

/// The lunation number (new moons from that of 2000-01-06) nearest to TT `tt` less
/// `phase` lunations (0 for a new moon, 0.5 for a full moon).
pub(crate) fn lunation(tt: f64, phase: f64) -> i64 {
    const SYNODIC_MONTH: f64 = 29.530_588_861;
    const NEW_MOON_2000: f64 = 2_451_550.097_66;
    ((JD_J2000 + tt / DAY - NEW_MOON_2000) / SYNODIC_MONTH - phase).round() as i64
}
