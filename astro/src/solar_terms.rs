//! Solar terms: the instants when the Sun's apparent geocentric ecliptic longitude, referred
//! to the true equinox and ecliptic of date, reaches a given value. The Chinese calendar's 24
//! terms are the multiples of 15° (its major terms, zhongqi, the multiples of 30°); 0°, 90°,
//! 180° and 270° are the equinoxes and solstices.

use super::ephemeris::Ephemeris;
use super::error::AstroError;
use super::place::{Body, GeocentricEcliptic};
use super::rootfind::solve;
use super::time::{jd_parts, DAY};
use super::vector::wrap_to_pi;
use std::f64::consts::TAU;

/// Mean tropical year, days: the Sun's mean motion in longitude.
const TROPICAL_YEAR: f64 = 365.242_19;
/// Half the width of the bracket searched around the mean-motion estimate, days (the Sun
/// runs up to about 2° (2 days) ahead of or behind its mean motion, so the estimate over any
/// arc is off by under 4 days).
const BRACKET_DAYS: f64 = 6.0;

/// The Sun's apparent geocentric ecliptic longitude (radians, 0 … 2π) at TT `tt` (seconds
/// past J2000), on the true equinox and ecliptic of date: the mean-of-date longitude plus the
/// IAU 2000A nutation in longitude (with the IAU 2006 adjustments).
pub fn sun_longitude(eph: &Ephemeris, tt: f64) -> Result<f64, AstroError> {
    let mean_equinox = GeocentricEcliptic::at(eph, tt)?.longitude(eph, Body::Sun)?;
    let (t1, t2) = jd_parts(tt);
    let (nutation_in_longitude, _) = sofars::pnp::nut06a(t1, t2);
    Ok((mean_equinox + nutation_in_longitude).rem_euclid(TAU))
}

/// The first TT instant (seconds past J2000) at or after TT `after` when the Sun's apparent
/// longitude ([`sun_longitude`]) equals `longitude` radians, to 0.01 s.
pub fn next_crossing(eph: &Ephemeris, longitude: f64, after: f64) -> Result<f64, AstroError> {
    let ahead = (longitude - sun_longitude(eph, after)?).rem_euclid(TAU);
    let estimate = after + ahead / TAU * TROPICAL_YEAR * DAY;
    let offset = |t: f64| Ok(wrap_to_pi(sun_longitude(eph, t)? - longitude));
    let (a, b) = (
        (estimate - BRACKET_DAYS * DAY).max(after),
        estimate + BRACKET_DAYS * DAY,
    );
    solve(offset, a, offset(a)?, b, offset(b)?, 1e-2)
}
