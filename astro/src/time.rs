//! Time scales. Instants are kept as seconds past J2000.0 (2000-01-01 12:00) of their own
//! scale: UT (civil time read through IANA zone history, taken as UT1), TT = UT + ΔT, and
//! TDB = TT + a small periodic term.

use chrono::{DateTime, Utc};

/// Unix time of J2000.0, 2000-01-01T12:00:00.
pub const UNIX_J2000: i64 = 946_728_000;
/// Seconds per day.
pub const DAY: f64 = 86_400.0;
/// Julian date of J2000.0.
pub const JD_J2000: f64 = 2_451_545.0;

/// One instant on the three scales, each in seconds past J2000.0 of that scale.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Instant {
    /// Universal time (UT1).
    pub ut: f64,
    /// Terrestrial time.
    pub tt: f64,
    /// Barycentric dynamical time (the ephemeris argument).
    pub tdb: f64,
}

impl Instant {
    /// The instant at universal time `ut` given ΔT in seconds.
    #[inline]
    pub fn from_ut(ut: f64, delta_t: f64) -> Instant {
        let tt = ut + delta_t;
        Instant {
            ut,
            tt,
            tdb: tt + tdb_minus_tt(tt),
        }
    }
}

/// TDB − TT in seconds at TT `tt` (seconds past J2000): the leading periodic terms
/// (amplitude 1.7 ms), as in the USNO Circular 179 series.
pub fn tdb_minus_tt(tt: f64) -> f64 {
    let t = tt / (DAY * 36_525.0);
    0.001_657 * (628.307_6 * t + 6.240_1).sin()
        + 0.000_022 * (575.338_5 * t + 4.297_0).sin()
        + 0.000_014 * (1_256.615_2 * t + 6.196_9).sin()
        + 0.000_005 * (606.977_7 * t + 4.021_2).sin()
        + 0.000_005 * (52.969_1 * t + 0.444_4).sin()
        + 0.000_002 * (21.329_9 * t + 5.543_1).sin()
        + 0.000_010 * t * (628.307_6 * t + 4.249_0).sin()
}

/// Seconds past J2000.0 of a UTC date-time, read as UT.
pub fn ut_seconds(dt: &DateTime<Utc>) -> f64 {
    (dt.timestamp() - UNIX_J2000) as f64 + f64::from(dt.timestamp_subsec_nanos()) * 1e-9
}

/// The date-time of `ut` seconds past J2000.0, rounded to the microsecond; `None` if not
/// representable.
pub fn datetime_from_ut(ut: f64) -> Option<DateTime<Utc>> {
    if !ut.is_finite() {
        return None;
    }
    let micros = (ut * 1e6).round();
    if micros.abs() > 1e17 {
        return None;
    }
    let micros = micros as i64;
    let secs = micros.div_euclid(1_000_000) + UNIX_J2000;
    let nanos = (micros.rem_euclid(1_000_000) * 1_000) as u32;
    DateTime::from_timestamp(secs, nanos)
}

/// Julian date (in two parts for SOFA: J2000 and days since) of `secs` past J2000.0.
#[inline]
pub fn jd_parts(secs: f64) -> (f64, f64) {
    (JD_J2000, secs / DAY)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_utc() {
        let dt = DateTime::parse_from_rfc3339("1945-02-13T11:50:52.250Z")
            .unwrap()
            .with_timezone(&Utc);
        let ut = ut_seconds(&dt);
        assert_eq!(datetime_from_ut(ut).unwrap(), dt);
        assert_eq!(
            ut_seconds(&DateTime::from_timestamp(UNIX_J2000, 0).unwrap()),
            0.0
        );
    }

    #[test]
    fn tdb_offset_is_small() {
        for k in 0..100 {
            assert!(tdb_minus_tt(k as f64 * 1e7).abs() < 0.002);
        }
    }
}
