//! Astronomy for the hilal evening record: DE440 ephemeris, ΔT and time scales, IAU
//! 2006/2000A frames, apparent topocentric places, refraction, sunset and moonset,
//! conjunctions, elongation and illumination. Checked against `data/reference/evenings.csv`
//! (`generator/tests/reference_evenings.rs`).
//!
//! [`Astro::load`] reads the committed ephemeris excerpt and ΔT table once; [`Astro::evening`]
//! then gives what an [`Observer`] sees at the sunset of a civil date, and
//! [`Astro::nearest_conjunction`] the geocentric new moon nearest to an instant;
//! [`Astro::new_moons`], [`Astro::full_moons`] and [`Astro::next_solar_longitude`] give the
//! lunar phases and solar terms that lunisolar calendars are built from;
//! [`Astro::prayer_times`] the day's exact prayer times for a method's [`prayer::Targets`]
//! ([`Astro::sun_table`] in bulk). Dates and
//! instants are chrono's; an observer's civil time zone is any chrono [`TimeZone`]. This crate
//! knows no Hijri calendar, archive, card or command line.

#![forbid(unsafe_code)]

pub mod conjunction;
pub mod delta_t;
pub mod eclipse;
pub mod ephemeris;
pub mod error;
pub mod evening;
pub mod frames;
pub mod global;
pub mod place;
pub mod prayer;
pub mod refraction;
pub mod rootfind;
pub mod solar_terms;
pub mod spk;
pub mod sun_table;
pub mod time;
pub mod vector;

pub use error::AstroError;

use chrono::{DateTime, FixedOffset, NaiveDate, TimeZone, Utc};
use std::f64::consts::PI;
use std::fmt::Display;
use std::path::{Path, PathBuf};

/// Everything needed for the evening computations: the ephemeris, the ΔT table and the
/// conjunctions found in the ephemeris. Immutable, `Send + Sync`.
#[derive(Debug, Clone)]
pub struct Astro {
    inputs: [Vec<u8>; 2],
    ephemeris: ephemeris::Ephemeris,
    delta_t: delta_t::DeltaT,
    conjunctions: conjunction::Conjunctions,
}

/// An observing site, with the civil time zone `Z` its dates and local times are read in.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Observer<Z> {
    /// Geodetic (WGS84) latitude, degrees north.
    pub lat_deg: f64,
    /// Longitude, degrees east.
    pub lon_deg: f64,
    /// Height above the ellipsoid, metres.
    pub elev_m: f64,
    /// The civil time zone (an IANA zone with its history, a fixed UTC offset, ...).
    pub tz: Z,
}

/// What one site sees on one evening (all angles in degrees).
#[derive(Debug, Clone, serde::Serialize)]
pub struct EveningObservation {
    /// Sunset (Sun's centre at −50′ airless topocentric altitude).
    pub sunset_utc: DateTime<Utc>,
    /// Sunset in the site's civil time.
    pub sunset_local: DateTime<FixedOffset>,
    /// Moonset (upper limb on the same horizon) nearest to sunset, if any within ±14 h.
    pub moonset_utc: Option<DateTime<Utc>>,
    /// Moonset in the site's civil time.
    pub moonset_local: Option<DateTime<FixedOffset>>,
    /// Topocentric Moon altitude at sunset with refraction (10 °C, 1010 hPa).
    pub moon_alt_deg: f64,
    /// Topocentric Moon altitude at sunset without refraction.
    pub moon_alt_airless_deg: f64,
    /// The Moon's upper limb above the moonset horizon at sunset (the airless altitude plus
    /// the topocentric semidiameter and 34′ of refraction): 0 at moonset, above 0 while the
    /// Moon has not set.
    pub moon_upper_limb_deg: f64,
    /// Moon azimuth at sunset, from North through East.
    pub moon_az_deg: f64,
    /// Airless topocentric Sun altitude at sunset (−0.8333).
    pub sun_alt_deg: f64,
    /// Sun azimuth at sunset, from North through East.
    pub sun_az_deg: f64,
    /// Geocentric angle between the apparent Sun and Moon at sunset.
    pub elongation_deg: f64,
    /// Geocentric illuminated fraction of the Moon at sunset, percent.
    pub illumination_pct: f64,
    /// The geocentric conjunction nearest to sunset.
    pub conjunction_utc: DateTime<Utc>,
    /// Sunset minus that conjunction, hours (negative if the conjunction is later).
    pub age_hours: f64,
}

/// The bytes of `path`.
fn read(path: PathBuf) -> Result<Vec<u8>, AstroError> {
    std::fs::read(&path).map_err(|source| AstroError::Io { path, source })
}

impl Astro {
    /// Loads `data_dir/ephemeris/de440_1945_2100.bsp` (checked against its `.md5`) and
    /// `data_dir/delta_t.csv`, and finds the conjunctions in the ephemeris.
    pub fn load(data_dir: &Path) -> Result<Astro, AstroError> {
        let ephemeris =
            ephemeris::Ephemeris::load(&data_dir.join("ephemeris").join("de440_1945_2100.bsp"))?;
        let delta_t = delta_t::DeltaT::load(&data_dir.join("delta_t.csv"))?;
        let conjunctions = conjunction::Conjunctions::find_all(&ephemeris)?;
        let inputs = [
            read(data_dir.join("ephemeris").join("de440_1945_2100.bsp.md5"))?,
            read(data_dir.join("delta_t.csv"))?,
        ];
        Ok(Astro {
            inputs,
            ephemeris,
            delta_t,
            conjunctions,
        })
    }

    /// The bytes of the astronomy's inputs, in order: the ephemeris's recorded MD5 (the
    /// ephemeris is checked against it at load) and the ΔT table. Equal inputs give equal
    /// results, so a fingerprint of these stands for the results.
    pub fn inputs(&self) -> [&[u8]; 2] {
        let [checksum, delta_t] = &self.inputs;
        [checksum, delta_t]
    }

    /// The evening record of `site` on local civil date `date`; its sunset is the first after
    /// 12:00 civil time on `date` and before 12:00 the next day (see [`evening::evening`]).
    pub fn evening<Z: TimeZone + Display>(
        &self,
        site: &Observer<Z>,
        date: NaiveDate,
    ) -> Result<EveningObservation, AstroError> {
        evening::evening(self, site, date)
    }

    /// Heights (degrees, positive above) of the Sun's centre above the sunset horizon and of
    /// the Moon's upper limb above the moonset horizon at `utc`, as the rise/set search sees
    /// them: for checking that search independently.
    pub fn horizon_heights<Z>(
        &self,
        site: &Observer<Z>,
        utc: DateTime<Utc>,
    ) -> Result<(f64, f64), AstroError> {
        evening::horizon_heights(self, site, utc)
    }

    /// The eight exact prayer times of `site` on local civil date `date` for `targets` (see
    /// [`prayer::prayer_times`]).
    pub fn prayer_times<Z: TimeZone>(
        &self,
        site: &Observer<Z>,
        date: NaiveDate,
        targets: &prayer::Targets<'_>,
    ) -> Result<prayer::PrayerDay, AstroError> {
        prayer::prayer_times(self, site, date, targets)
    }

    /// The Sun tabulated for the prayer times of every place on the civil days `first` …
    /// `last` (see [`sun_table`]).
    pub fn sun_table(
        &self,
        first: NaiveDate,
        last: NaiveDate,
    ) -> Result<sun_table::SunTable, AstroError> {
        sun_table::SunTable::new(self, first, last)
    }

    /// The geocentric conjunction nearest to `utc`.
    pub fn nearest_conjunction(&self, utc: DateTime<Utc>) -> Result<DateTime<Utc>, AstroError> {
        self.utc_of_tt(self.conjunctions.nearest(self.tt_of(utc)?)?)
    }

    /// The geocentric conjunctions (new moons) from `from` to `to`, in order.
    pub fn new_moons(
        &self,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
    ) -> Result<Vec<DateTime<Utc>>, AstroError> {
        let (start, end) = (self.tt_of(from)?, self.tt_of(to)?);
        let all = self.conjunctions.all();
        let first = all.partition_point(|&c| c < start);
        let last = all.partition_point(|&c| c <= end);
        all.get(first..last)
            .unwrap_or_default()
            .iter()
            .map(|&c| self.utc_of_tt(c))
            .collect()
    }

    /// The geocentric oppositions (full moons: Moon − Sun apparent ecliptic longitude 180°)
    /// from `from` to `to`, in order.
    pub fn full_moons(
        &self,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
    ) -> Result<Vec<DateTime<Utc>>, AstroError> {
        // Search a few days wider: a phase is found only when its bracket fits the span.
        let margin = 3.0 * time::DAY;
        let (start, end) = (self.tt_of(from)?, self.tt_of(to)?);
        conjunction::phases(&self.ephemeris, PI, start - margin, end + margin)?
            .into_iter()
            .filter(|&t| (start..=end).contains(&t))
            .map(|t| self.utc_of_tt(t))
            .collect()
    }

    /// The first instant at or after `after` when the Sun's apparent geocentric ecliptic
    /// longitude (true equinox of date) is `longitude_deg` degrees: a solar term (see
    /// [`solar_terms`]).
    pub fn next_solar_longitude(
        &self,
        longitude_deg: f64,
        after: DateTime<Utc>,
    ) -> Result<DateTime<Utc>, AstroError> {
        let tt = solar_terms::next_crossing(
            &self.ephemeris,
            longitude_deg.to_radians(),
            self.tt_of(after)?,
        )?;
        self.utc_of_tt(tt)
    }

    /// ΔT (TT − UT, seconds) at `utc`, read as UT.
    pub fn delta_t_at(&self, utc: DateTime<Utc>) -> Result<f64, AstroError> {
        let ut = time::ut_seconds(&utc);
        self.delta_t.at_jd_ut(time::JD_J2000 + ut / time::DAY)
    }

    /// TT seconds past J2000 of `utc`, read as UT.
    fn tt_of(&self, utc: DateTime<Utc>) -> Result<f64, AstroError> {
        Ok(time::ut_seconds(&utc) + self.delta_t_at(utc)?)
    }

    /// The UTC date-time of TT `tt` (seconds past J2000).
    fn utc_of_tt(&self, tt: f64) -> Result<DateTime<Utc>, AstroError> {
        let ut = tt - self.delta_t.at_jd_tt(time::JD_J2000 + tt / time::DAY)?;
        time::datetime_from_ut(ut)
            .ok_or_else(|| AstroError::NoEvent("instant not representable".into()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The committed ephemeris and ΔT (the project's `data/`), for the crate's unit tests.
    pub(crate) fn astro() -> Astro {
        Astro::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../data")).unwrap()
    }

    #[test]
    fn astro_is_send_and_sync() {
        fn check<T: Send + Sync>() {}
        check::<Astro>();
    }

    #[test]
    fn nearest_conjunction_of_march_2024() {
        // New moon of 2024-03-10 at 09:00 UTC.
        let a = astro();
        let at = |s: &str| DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc);
        let c = a.nearest_conjunction(at("2024-03-01T00:00:00Z")).unwrap();
        assert_eq!(c.format("%Y-%m-%d %H:%M").to_string(), "2024-03-10 09:00");
        assert_eq!(
            a.nearest_conjunction(at("2024-03-20T00:00:00Z")).unwrap(),
            c
        );
        assert!(a.nearest_conjunction(at("1900-01-01T00:00:00Z")).is_err());
    }

    #[test]
    fn missing_data_dir_names_the_file() {
        let msg = Astro::load(Path::new("/nonexistent"))
            .unwrap_err()
            .to_string();
        assert!(
            msg.contains("/nonexistent/ephemeris/de440_1945_2100.bsp"),
            "{msg}"
        );
    }
}
