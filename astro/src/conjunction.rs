//! Geocentric conjunctions (new moons): instants when the apparent ecliptic longitudes of
//! date of the Sun and the Moon are equal. All of them within the ephemeris are found once
//! at load; look-ups are then a binary search.

use super::ephemeris::Ephemeris;
use super::error::AstroError;
use super::frames::ecliptic_of_date;
use super::place::{apparent, Body};
use super::rootfind::solve;
use super::time::{tdb_minus_tt, Instant, DAY, JD_J2000};
use super::vector::mxv;
use std::f64::consts::{PI, TAU};

/// Mean synodic month, days.
const SYNODIC_MONTH: f64 = 29.530_588_861;
/// A mean new moon (Meeus), TT Julian date.
const MEAN_NEW_MOON_EPOCH: f64 = 2_451_550.097_66;

/// Moon − Sun apparent geocentric ecliptic longitude (radians, in −π … π) at TT `tt`.
pub fn longitude_difference(eph: &Ephemeris, tt: f64) -> Result<f64, AstroError> {
    let at = Instant {
        ut: tt,
        tt,
        tdb: tt + tdb_minus_tt(tt),
    };
    let earth = eph.earth(at.tdb)?;
    let ecl = ecliptic_of_date(at);
    let sun = mxv(
        &ecl,
        &apparent(eph, Body::Sun, &earth.pos, &earth.vel, at.tdb)?,
    );
    let moon = mxv(
        &ecl,
        &apparent(eph, Body::Moon, &earth.pos, &earth.vel, at.tdb)?,
    );
    let d = moon[1].atan2(moon[0]) - sun[1].atan2(sun[0]);
    Ok((d + PI).rem_euclid(TAU) - PI)
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
        let (start, end) = (start + 60.0, end - 60.0);
        let jd = |secs: f64| JD_J2000 + secs / DAY;
        let k0 = ((jd(start) - MEAN_NEW_MOON_EPOCH) / SYNODIC_MONTH).floor() as i64;
        let k1 = ((jd(end) - MEAN_NEW_MOON_EPOCH) / SYNODIC_MONTH).ceil() as i64;
        let mut tt = Vec::with_capacity((k1 - k0 + 1).max(0) as usize);
        for k in k0..=k1 {
            let mean = (MEAN_NEW_MOON_EPOCH + SYNODIC_MONTH * k as f64 - JD_J2000) * DAY;
            let (a, b) = (mean - 2.0 * DAY, mean + 2.0 * DAY);
            if a < start || b > end {
                continue;
            }
            let fa = longitude_difference(eph, a)?;
            let fb = longitude_difference(eph, b)?;
            if !(fa < 0.0 && fb > 0.0) {
                return Err(AstroError::NoEvent(format!(
                    "no conjunction bracketed near JD {:.3}",
                    jd(mean)
                )));
            }
            tt.push(solve(|t| longitude_difference(eph, t), a, fa, b, fb, 1e-4)?);
        }
        Ok(Conjunctions { tt })
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
