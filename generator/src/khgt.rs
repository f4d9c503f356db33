//! The KHGT evaluation of a month: from the conjunction, the evaluation day D (its UTC
//! day), the best place of PKG 1 (a land sunset after the conjunction, before 24:00 UTC of
//! D) and, when that fails and the conjunction came before fajr in New Zealand, of PKG 2 (a
//! later sunset that evening on the mainland of the Americas). The month starts on D + 1
//! when either holds, else the next day is evaluated the same way.
//!
//! The search is not a grid over the Earth. Along a parallel, a later sunset means an older
//! Moon, higher and farther from the Sun, so the best land place on each parallel is the one
//! with the latest sunset in the window: for PKG 1 the land nearest east of where the Sun
//! sets at the deadline (or that very place, if it is land), for PKG 2 the westernmost
//! mainland. The parallels are taken every [`COARSE_STEP_DEG`] of latitude, then every
//! [`FINE_STEP_DEG`] around the best; along each the longitude is the land's own edge.

use chrono::{DateTime, Duration, NaiveDate, TimeZone, Utc};
use hijri::fixed::to_fixed;
use hijri::schema::{Applied, Khgt, KhgtEvening, KhgtPlace};
use hijri_astro::global::{GeoSky, Place};
use hijri_astro::place::Body;
use hijri_astro::time::{datetime_from_ut, ut_seconds};
use hijri_astro::{Astro, AstroError};

use std::borrow::Cow;

use crate::land::Outline;
use crate::places::Places;

/// Spacing of the parallels of the first pass, degrees of latitude.
pub const COARSE_STEP_DEG: f64 = 0.1;
/// Spacing of the parallels around the best of the first pass, degrees of latitude.
pub const FINE_STEP_DEG: f64 = 0.01;
/// The search's resolution: [`COARSE_STEP_DEG`], then [`FINE_STEP_DEG`].
pub const RESOLUTION: Resolution = Resolution {
    coarse_deg: COARSE_STEP_DEG,
    fine_deg: FINE_STEP_DEG,
};

/// How densely the parallels are taken: every `coarse_deg` of latitude, then every
/// `fine_deg` within `coarse_deg` of the best.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Resolution {
    /// Spacing of the first pass, degrees.
    pub coarse_deg: f64,
    /// Spacing around the best, degrees.
    pub fine_deg: f64,
}
/// Sun's centre altitude at sunset, degrees (upper limb on the airless horizon with 34′ of
/// refraction), for the geocentric Sun, as Muhammadiyah's published figures are reproduced.
pub const SUNSET_ALTITUDE_DEG: f64 = -50.0 / 60.0;
/// The Earth's rotation relative to the Sun, degrees of longitude per second.
const SOLAR_DEG_PER_S: f64 = 360.0 / 86_400.0;
/// Days evaluated after D before giving up (a month starts on D + 1 or D + 2 in practice).
const MAX_DAYS: i64 = 3;

/// The land a KHGT search looks at, with its parallels of the first pass worked out once,
/// and the names of its places.
pub struct Lands {
    /// Every land polygon (PKG 1).
    pub world: Parallels,
    /// The mainland of the Americas (PKG 2).
    pub americas: Parallels,
    /// The regions that name a best place.
    pub names: Places,
}

/// An outline's land along parallels: those of the first pass kept, the others worked out
/// when asked.
pub struct Parallels {
    outline: Outline,
    tolerance_km: f64,
    coarse: Vec<Vec<(f64, f64)>>,
}

impl Parallels {
    /// The land of `outline` within `tolerance_km`, along every parallel of the first pass.
    pub fn new(outline: Outline, tolerance_km: f64) -> Parallels {
        let coarse = (0..=coarse_steps())
            .map(|k| outline.parallel(coarse_lat(k), tolerance_km))
            .collect();
        Parallels {
            outline,
            tolerance_km,
            coarse,
        }
    }

    /// The land intervals along the parallel `lat` (see [`Outline::parallel`]).
    pub fn at(&self, lat: f64) -> Cow<'_, [(f64, f64)]> {
        let k = ((lat + 90.0) / COARSE_STEP_DEG).round();
        match self.coarse.get(k as usize) {
            Some(rows) if k >= 0.0 && (coarse_lat(k as i64) - lat).abs() < 1e-9 => {
                Cow::Borrowed(rows)
            }
            _ => Cow::Owned(self.outline.parallel(lat, self.tolerance_km)),
        }
    }
}

/// The number of steps of the first pass from pole to pole.
fn coarse_steps() -> i64 {
    (180.0 / COARSE_STEP_DEG).round() as i64
}

/// The latitude of the first pass's parallel `k` (0 at the south pole).
fn coarse_lat(k: i64) -> f64 {
    -90.0 + k as f64 * COARSE_STEP_DEG
}

/// A KHGT evaluation: the record of day D and the month's first day.
#[derive(Debug, Clone, PartialEq)]
pub struct Evaluated {
    /// The record of the evaluation day D.
    pub record: KhgtEvening,
    /// The month's first civil day.
    pub start: NaiveDate,
}

/// The best place of a condition, unrounded: margin, place, sunset (UT seconds), the
/// Moon's altitude and the elongation there.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Best {
    /// min(alt − least alt, elongation − least elongation), degrees.
    pub margin: f64,
    /// Latitude, degrees.
    pub lat: f64,
    /// Longitude, degrees.
    pub lon: f64,
    /// Sunset, UT seconds past J2000.
    pub sunset: f64,
    /// Geocentric airless Moon altitude at sunset, degrees.
    pub moon_alt: f64,
    /// Geocentric elongation at sunset, degrees.
    pub elongation: f64,
}

/// The search for one rule over the given land.
pub struct Search<'a> {
    /// Ephemeris and ΔT.
    pub astro: &'a Astro,
    /// The rule's numbers.
    pub rule: &'a Khgt,
    /// The land outlines.
    pub lands: &'a Lands,
    /// How densely the parallels are taken ([`RESOLUTION`] for the archive).
    pub resolution: Resolution,
}

impl Search<'_> {
    /// The margin of the Moon's altitude and the elongation against the rule's limits.
    fn margin(&self, moon_alt: f64, elongation: f64) -> f64 {
        self.rule.limits.margin_deg(moon_alt, elongation)
    }

    /// Evaluates the month whose conjunction is `conjunction`.
    pub fn evaluate(&self, conjunction: DateTime<Utc>) -> Result<Evaluated, AstroError> {
        let day = conjunction.date_naive();
        let mut evening = None;
        for offset in 0..MAX_DAYS {
            let d = day + Duration::days(offset);
            let (record, met) = self.day(d, conjunction)?;
            let first = evening.get_or_insert(record);
            if met {
                return Ok(Evaluated {
                    record: first.clone(),
                    start: d + Duration::days(1),
                });
            }
        }
        Err(AstroError::NoEvent(format!(
            "KHGT: neither condition holds within {MAX_DAYS} days of the conjunction of \
             {conjunction}"
        )))
    }

    /// The record of evaluation day `d` and whether the month starts on `d + 1`.
    pub fn day(
        &self,
        d: NaiveDate,
        conjunction: DateTime<Utc>,
    ) -> Result<(KhgtEvening, bool), AstroError> {
        let midnight = ut_seconds(&midnight_utc(d)?);
        let hours = usize::from(self.rule.americas_until_min.div_ceil(60)) + 1;
        let sky = GeoSky::new(self.astro, midnight, hours)?;
        let conj = ut_seconds(&conjunction);
        let deadline = midnight + f64::from(self.rule.deadline_min) * 60.0;
        let pkg1 = self.pkg1(&sky, conj.max(midnight), deadline)?;
        let nz_fajr = self.nz_fajr(&sky, d)?;
        let meets = |best: &Option<Best>| best.is_some_and(|b| b.margin >= 0.0);
        let (applied, pkg2) = if meets(&pkg1) {
            (Applied::Pkg1, None)
        } else {
            let until = midnight + f64::from(self.rule.americas_until_min) * 60.0;
            let pkg2 = if conj < nz_fajr {
                self.pkg2(&sky, deadline, until)?
            } else {
                None
            };
            let applied = if meets(&pkg2) {
                Applied::Pkg2
            } else {
                Applied::Neither
            };
            (applied, pkg2)
        };
        let record = KhgtEvening {
            day: hijri::date::Date::from(d).0,
            conjunction_ms: conjunction.timestamp_millis(),
            nz_fajr: unix(nz_fajr)?,
            applied,
            pkg1: pkg1.map(|b| self.archived(b)).transpose()?,
            pkg2: pkg2.map(|b| self.archived(b)).transpose()?,
        };
        Ok((record, applied != Applied::Neither))
    }

    /// PKG 1's best: among land sunsets in `[from, deadline]`, the largest margin.
    pub fn pkg1(&self, sky: &GeoSky, from: f64, deadline: f64) -> Result<Option<Best>, AstroError> {
        self.search(|lat| {
            let Some(terminator) = sky.setting_longitude(lat, SUNSET_ALTITUDE_DEG, deadline)?
            else {
                return Ok(None);
            };
            let rows = self.lands.world.at(lat);
            // The land reached first going east from where the Sun sets at the deadline.
            let Some(east) = rows
                .iter()
                .map(|&(west, east)| {
                    if (west..=east).contains(&terminator) {
                        0.0
                    } else {
                        (west - terminator).rem_euclid(360.0)
                    }
                })
                .min_by(f64::total_cmp)
            else {
                return Ok(None);
            };
            let guess = deadline - east / SOLAR_DEG_PER_S;
            let place = Place::new(lat, terminator + east);
            self.at_sunset(sky, &place, guess, (from, deadline))
        })
    }

    /// PKG 2's best: the westernmost mainland of the Americas on each parallel, its sunset in
    /// `[after, until]`.
    pub fn pkg2(&self, sky: &GeoSky, after: f64, until: f64) -> Result<Option<Best>, AstroError> {
        self.search(|lat| {
            let rows = self.lands.americas.at(lat);
            let (Some(&(west, _)), Some(terminator)) = (
                rows.first(),
                sky.setting_longitude(lat, SUNSET_ALTITUDE_DEG, after)?,
            ) else {
                return Ok(None);
            };
            let behind = (terminator - west).rem_euclid(360.0);
            let guess = after + behind / SOLAR_DEG_PER_S;
            self.at_sunset(sky, &Place::new(lat, west), guess, (after, until))
        })
    }

    /// The best of `on_parallel` over every parallel, then over finer parallels around it.
    fn search(
        &self,
        on_parallel: impl Fn(f64) -> Result<Option<Best>, AstroError>,
    ) -> Result<Option<Best>, AstroError> {
        let mut best: Option<Best> = None;
        let keep = |candidate: Option<Best>, best: &mut Option<Best>| {
            if let Some(c) = candidate {
                if best.is_none_or(|b| c.margin > b.margin) {
                    *best = Some(c);
                }
            }
        };
        let Resolution {
            coarse_deg,
            fine_deg,
        } = self.resolution;
        let steps = (180.0 / coarse_deg).round() as i64;
        for k in 1..steps {
            keep(on_parallel(-90.0 + k as f64 * coarse_deg)?, &mut best);
        }
        let Some(coarse) = best else {
            return Ok(None);
        };
        let fine = (coarse_deg / fine_deg).round() as i64;
        for k in -fine..=fine {
            let lat = coarse.lat + k as f64 * fine_deg;
            if k != 0 && lat.abs() < 90.0 {
                keep(on_parallel(lat)?, &mut best);
            }
        }
        Ok(best)
    }

    /// The values at `place`'s sunset near `guess`, if that sunset falls in `window`.
    fn at_sunset(
        &self,
        sky: &GeoSky,
        place: &Place,
        guess: f64,
        (from, until): (f64, f64),
    ) -> Result<Option<Best>, AstroError> {
        let Some(sunset) =
            sky.sun_crossing(place, SUNSET_ALTITUDE_DEG, true, guess, 2.0 * 3_600.0)?
        else {
            return Ok(None);
        };
        // A sunset found a hair past the window's end is the place at its very end.
        if sunset < from || sunset > until + 1.0 {
            return Ok(None);
        }
        let moon_alt = sky.altitude_deg(Body::Moon, place, sunset)?;
        let elongation = sky.elongation_deg(sunset)?;
        Ok(Some(Best {
            margin: self.margin(moon_alt, elongation),
            lat: place.lat_deg,
            lon: (place.lon_deg + 180.0).rem_euclid(360.0) - 180.0,
            sunset,
            moon_alt,
            elongation,
        }))
    }

    /// A best place in archive form (fixed point, Unix seconds, named).
    fn archived(&self, best: Best) -> Result<KhgtPlace, AstroError> {
        Ok(KhgtPlace {
            lat: to_fixed(best.lat),
            lon: to_fixed(best.lon),
            sunset: unix(best.sunset)?,
            moon_alt: to_fixed(best.moon_alt),
            elongation: to_fixed(best.elongation),
            name: self
                .lands
                .names
                .name(best.lat, best.lon)
                .unwrap_or_default()
                .to_owned(),
        })
    }

    /// Fajr (the Sun's centre at the rule's depression, rising) at the rule's New Zealand
    /// place on the morning of its civil day `d + 1`, UT seconds.
    pub fn nz_fajr(&self, sky: &GeoSky, d: NaiveDate) -> Result<f64, AstroError> {
        let site = &self.rule.fajr_place;
        let zone: chrono_tz::Tz = site
            .tz
            .parse()
            .map_err(|_| AstroError::InvalidObserver(format!("time zone {}", site.tz)))?;
        let next = d + Duration::days(1);
        let local_midnight = next
            .and_hms_opt(0, 0, 0)
            .and_then(|t| zone.from_local_datetime(&t).earliest())
            .ok_or_else(|| AstroError::NoEvent(format!("{next} has no midnight in {zone}")))?;
        let start = ut_seconds(&local_midnight.with_timezone(&Utc));
        let depression = -hijri::fixed::from_fixed(self.rule.fajr_depression);
        let place = Place::new(site.lat, site.lon);
        // The one rising through the depression in the morning: within 6 hours of 05:00.
        let five = start + 5.0 * 3_600.0;
        sky.sun_crossing(&place, depression, false, five, 6.0 * 3_600.0)?
            .ok_or_else(|| AstroError::NoEvent(format!("no fajr at {} on {next}", site.name)))
    }
}

/// 00:00 UTC of `d`.
fn midnight_utc(d: NaiveDate) -> Result<DateTime<Utc>, AstroError> {
    d.and_hms_opt(0, 0, 0)
        .map(|t| t.and_utc())
        .ok_or_else(|| AstroError::NoEvent(format!("{d} has no midnight")))
}

/// Unix seconds of UT `ut`.
fn unix(ut: f64) -> Result<i64, AstroError> {
    datetime_from_ut(ut)
        .map(|t| t.timestamp())
        .ok_or_else(|| AstroError::NoEvent(format!("UT {ut} s is not representable")))
}
