//! Prayer times (waktu sholat): the exact instants of the eight times of one place and local
//! date, imsak, subuh, terbit, dhuha, dzuhur, ashar, maghrib and isya, for the altitudes a
//! method asks ([`Targets`]; the methods and their ihtiyat and rounding are the core's
//! `hijri::prayer`), each with the Sun's altitude there, by root search on the ephemeris.
//! [`crate::sun_table`] finds the same instants in bulk. A time the Sun does not
//! reach on that day (high latitudes: no −18° twilight in summer, no sunrise in winter) is
//! `None`.

use super::error::AstroError;
use super::evening::{midnight_ut, sky_at, to_datetime, Sky};
use super::frames::Site;
use super::place::Body;
use super::rootfind::solve;
use super::time::DAY;
use super::{Astro, Observer};
use chrono::{DateTime, NaiveDate, TimeZone, Utc};

/// Root precision, seconds.
const TOLERANCE_S: f64 = 1e-3;
/// How far from local mean noon the Sun's transit is sought, seconds (the equation of time
/// stays under 17 minutes).
const TRANSIT_WINDOW_S: f64 = 2.0 * 3_600.0;
/// Half a day, seconds: the span between the transit and either lower culmination, over
/// which the Sun's altitude only rises (before the transit) or only falls (after it).
const HALF_DAY_S: f64 = DAY / 2.0;

/// What a method asks of the Sun on one day at one place: the altitudes (the Sun's centre,
/// airless and topocentric, degrees) and rules of its times. The numbers are the method's
/// (the core's `hijri::prayer::Method`); this crate only finds the instants.
#[derive(Clone, Copy)]
pub struct Targets<'a> {
    /// Subuh: rising through this altitude before the transit.
    pub subuh_deg: f64,
    /// Terbit and maghrib: the horizon of the place's elevation.
    pub horizon_deg: f64,
    /// Dhuha: rising through this altitude after terbit.
    pub dhuha_deg: f64,
    /// Isya: setting through this altitude after maghrib.
    pub isya_deg: f64,
    /// Ashar: the afternoon altitude the rule gives for the day's noon altitude, `None` if
    /// there is none.
    pub ashar_deg: &'a (dyn Fn(f64) -> Option<f64> + Sync),
    /// Imsak: this many seconds before the exact subuh.
    pub imsak_before_s: f64,
}

/// One time of the day, before any ihtiyat or rounding.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Exact {
    /// The instant the method defines, to the millisecond.
    pub utc: DateTime<Utc>,
    /// The Sun's centre airless topocentric altitude then, degrees.
    pub sun_alt_deg: f64,
}

/// The exact times of one place and local date.
#[derive(Debug, Clone, PartialEq)]
pub struct PrayerDay {
    /// The local civil date.
    pub date: NaiveDate,
    /// Imsak, subuh, terbit, dhuha, dzuhur, ashar, maghrib and isya, in this order; `None`
    /// where the Sun does not reach the altitude that defines it that day.
    pub times: [Option<Exact>; 8],
}

/// The Sun's airless topocentric altitude (degrees) at UT `ut`.
fn sun_alt(sky: &Sky, ut: f64) -> Result<f64, AstroError> {
    Ok(sky.altaz(Body::Sun, ut)?.0)
}

/// The instant in `[a, b]` where the Sun's altitude crosses `target`, rising if `rising`,
/// or `None` if it does not cross it there (the altitude being monotone on the span).
fn crossing(
    sky: &Sky,
    a: f64,
    b: f64,
    target: f64,
    rising: bool,
) -> Result<Option<f64>, AstroError> {
    let sign = if rising { 1.0 } else { -1.0 };
    let f = |t: f64| sun_alt(sky, t).map(|h| sign * (h - target));
    let (fa, fb) = (f(a)?, f(b)?);
    if fa < 0.0 && fb >= 0.0 {
        Ok(Some(solve(f, a, fa, b, fb, TOLERANCE_S)?))
    } else {
        Ok(None)
    }
}

/// The Sun's upper transit near UT `guess`: where its azimuth passes the meridian from east
/// to west (the east component of its direction changes sign).
fn transit(sky: &Sky, guess: f64) -> Result<f64, AstroError> {
    let east = |t: f64| {
        sky.altaz(Body::Sun, t)
            .map(|(_, az, _)| az.to_radians().sin())
    };
    let (a, b) = (guess - TRANSIT_WINDOW_S, guess + TRANSIT_WINDOW_S);
    let (fa, fb) = (east(a)?, east(b)?);
    let root = solve(east, a, fa, b, fb, TOLERANCE_S)?;
    Ok(root)
}

/// UT seconds of local mean noon on the day of `obs` whose civil date is `date`: where the
/// Sun's transit is sought (within two hours; the equation of time stays under 17 minutes).
pub(crate) fn noon_guess<Z: TimeZone>(
    obs: &Observer<Z>,
    date: NaiveDate,
) -> Result<f64, AstroError> {
    let lon = (obs.lon_deg + 180.0).rem_euclid(360.0) - 180.0;
    let mut guess = midnight_ut(date) + (12.0 - lon / 15.0) * 3_600.0;
    for _ in 0..2 {
        let local = to_datetime(guess)?.with_timezone(&obs.tz).date_naive();
        match local.cmp(&date) {
            std::cmp::Ordering::Less => guess += DAY,
            std::cmp::Ordering::Greater => guess -= DAY,
            std::cmp::Ordering::Equal => break,
        }
    }
    Ok(guess)
}

/// Computes the exact times of `obs` on local civil date `date` for `targets`.
///
/// The day is the one of the Sun's upper transit nearest to local mean noon whose civil
/// date is `date`; the morning times are sought in the half day before it, the afternoon
/// and evening times in the half day after it. Each instant is found by root search on the
/// Sun's apparent topocentric place from the ephemeris (to a millisecond).
pub fn prayer_times<Z: TimeZone>(
    astro: &Astro,
    obs: &Observer<Z>,
    date: NaiveDate,
    targets: &Targets<'_>,
) -> Result<PrayerDay, AstroError> {
    let site = Site::new(obs.lat_deg, obs.lon_deg, obs.elev_m)?;
    let guess = noon_guess(obs, date)?;
    let noon_sky = sky_at(astro, site, guess)?;
    let noon = transit(&noon_sky, guess)?;
    let noon_alt = sun_alt(&noon_sky, noon)?;
    let morning = sky_at(astro, site, noon - HALF_DAY_S / 2.0)?;
    let evening = sky_at(astro, site, noon + HALF_DAY_S / 2.0)?;
    let before = |target: f64| crossing(&morning, noon - HALF_DAY_S, noon, target, true);
    let after = |target: f64| crossing(&evening, noon, noon + HALF_DAY_S, target, false);
    let ashar = match (targets.ashar_deg)(noon_alt) {
        Some(h) => after(h)?,
        None => None,
    };
    let subuh = before(targets.subuh_deg)?;
    // (instant, sky it is read in) for imsak … isya.
    let found: [(Option<f64>, &Sky); 8] = [
        (subuh.map(|t| t - targets.imsak_before_s), &morning),
        (subuh, &morning),
        (before(targets.horizon_deg)?, &morning),
        (before(targets.dhuha_deg)?, &morning),
        (Some(noon), &noon_sky),
        (ashar, &evening),
        (after(targets.horizon_deg)?, &evening),
        (after(targets.isya_deg)?, &evening),
    ];
    let mut times: [Option<Exact>; 8] = [None; 8];
    for (slot, (exact, sky)) in times.iter_mut().zip(found) {
        if let Some(t) = exact {
            *slot = Some(Exact {
                utc: to_datetime(t)?,
                sun_alt_deg: sun_alt(sky, t)?,
            });
        }
    }
    Ok(PrayerDay { date, times })
}
