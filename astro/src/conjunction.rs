//! Lunar phases in longitude: the instants when the apparent geocentric ecliptic longitudes
//! of date of the Moon and the Sun differ by a given angle. Conjunctions (new moons, 0°) are
//! all found once at load, so their look-ups are a binary search; oppositions (full moons,
//! 180°) are found on request over a span.

use super::ephemeris::Ephemeris;
use super::error::AstroError;
use super::place::{Body, GeocentricEcliptic};
use super::rootfind::solve;
use super::time::{DAY, JD_J2000};
use super::vector::wrap_to_pi;
use std::f64::consts::TAU;

/// Mean synodic month, days.
const SYNODIC_MONTH: f64 = 29.530_588_861;
/// A mean new moon (Meeus), TT Julian date.
const MEAN_NEW_MOON_EPOCH: f64 = 2_451_550.097_66;
/// Half the width of the bracket searched around a mean phase, days (the true phase is
/// within about 15 hours of the mean one).
const BRACKET_DAYS: f64 = 2.0;

/// Moon − Sun apparent geocentric ecliptic longitude (radians, in −π … π) at TT `tt`.
pub fn longitude_difference(eph: &Ephemeris, tt: f64) -> Result<f64, AstroError> {
    Ok(wrap_to_pi(unwrapped_difference(eph, tt)?))
}

/// Moon − Sun apparent geocentric ecliptic longitude at TT `tt`, radians in −2π … 2π.
fn unwrapped_difference(eph: &Ephemeris, tt: f64) -> Result<f64, AstroError> {
    let geocentre = GeocentricEcliptic::at(eph, tt)?;
    Ok(geocentre.longitude(eph, Body::Moon)? - geocentre.longitude(eph, Body::Sun)?)
}

/// The TT instants (seconds past J2000), ascending, when Moon − Sun equals `phase` radians
/// (0 for new moons, π for full moons), for every lunation whose search bracket (±2 days
/// around the mean phase) lies inside `[start, end]` (TT seconds past J2000).
pub fn phases(eph: &Ephemeris, phase: f64, start: f64, end: f64) -> Result<Vec<f64>, AstroError> {
    let jd = |secs: f64| JD_J2000 + secs / DAY;
    let epoch = MEAN_NEW_MOON_EPOCH + SYNODIC_MONTH * phase / TAU;
    let k0 = ((jd(start) - epoch) / SYNODIC_MONTH).floor() as i64;
    let k1 = ((jd(end) - epoch) / SYNODIC_MONTH).ceil() as i64;
    let offset = |t: f64| Ok(wrap_to_pi(unwrapped_difference(eph, t)? - phase));
    let mut tt = Vec::with_capacity((k1 - k0 + 1).max(0) as usize);
    for k in k0..=k1 {
        let mean = (epoch + SYNODIC_MONTH * k as f64 - JD_J2000) * DAY;
        let (a, b) = (mean - BRACKET_DAYS * DAY, mean + BRACKET_DAYS * DAY);
        if a < start || b > end {
            continue;
        }
        let fa = offset(a)?;
        let fb = offset(b)?;
        if !(fa < 0.0 && fb > 0.0) {
            return Err(AstroError::NoEvent(format!(
                "no lunar phase {phase:.3} rad bracketed near JD {:.3}",
                jd(mean)
            )));
        }
        tt.push(solve(offset, a, fa, b, fb, 1e-4)?);
    }
    Ok(tt)
}

/// The TT instants (seconds past J2000) of all conjunctions inside the ephemeris, ascending.
#[derive(Debug, Clone)]
pub struct Conjunctions {
    tt: Vec<f64>,
}

impl Conjunctions {
    /// Finds every conjunction whose search bracket (±2 days around the mean new moon) lies
    /// inside the ephemeris.
    pub fn find_all(eph: &Ephemeris) -> Result<Conjunctions, AstroError> {
        let (start, end) = eph.span();
        // Work in TT; TDB differs by under 2 ms, keep a margin of a minute.
        Ok(Conjunctions {
            tt: phases(eph, 0.0, start + 60.0, end - 60.0)?,
        })
    }

    /// The conjunction nearest to TT `tt` (seconds past J2000), or an error if `tt` is not
    /// within half a month of the covered span.
    pub fn nearest(&self, tt: f64) -> Result<f64, AstroError> {
        let out = || AstroError::OutOfRange {
            what: "conjunction table (ephemeris)",
            jd: JD_J2000 + tt / DAY,
        };
        let (first, last) = match (self.tt.first(), self.tt.last()) {
            (Some(&f), Some(&l)) => (f, l),
            _ => return Err(out()),
        };
        let half = 0.5 * SYNODIC_MONTH * DAY;
        if !(tt >= first - half && tt <= last + half) {
            return Err(out());
        }
        let i = self.tt.partition_point(|&c| c < tt);
        let after = self.tt.get(i).copied();
        let before = i.checked_sub(1).and_then(|j| self.tt.get(j)).copied();
        match (before, after) {
            (Some(b), Some(a)) => Ok(if tt - b <= a - tt { b } else { a }),
            (Some(b), None) => Ok(b),
            (None, Some(a)) => Ok(a),
            (None, None) => Err(out()),
        }
    }

    /// All conjunctions, TT seconds past J2000, ascending.
    pub fn all(&self) -> &[f64] {
        &self.tt
    }
}
