//! Prayer times (waktu sholat): the eight times of one place and local date, imsak, subuh,
//! terbit, dhuha, dzuhur, ashar, maghrib and isya, by a [`Method`] that states its numbers
//! once: the Sun's altitudes, the horizon of terbit and maghrib, the ashar shadow, imsak's
//! offset, and the minutes of ihtiyat and rounding each time gets.
//!
//! Each time is first found to the second (the unrounded instant, with the Sun's altitude
//! there), then moved by its ihtiyat and rounded to the minute. A time the Sun does not
//! reach on that day (high latitudes: no −18° twilight in summer, no sunrise in winter) is
//! `None`.

use super::error::AstroError;
use super::evening::{midnight_ut, sky_at, to_datetime, Sky};
use super::frames::Site;
use super::place::Body;
use super::rootfind::solve;
use super::time::DAY;
use super::{Astro, Observer};
use chrono::{DateTime, Duration, FixedOffset, NaiveDate, TimeZone, Timelike, Utc};

/// Root precision, seconds.
const TOLERANCE_S: f64 = 1e-3;
/// How far from local mean noon the Sun's transit is sought, seconds (the equation of time
/// stays under 17 minutes).
const TRANSIT_WINDOW_S: f64 = 2.0 * 3_600.0;
/// Half a day, seconds: the span between the transit and either lower culmination, over
/// which the Sun's altitude only rises (before the transit) or only falls (after it).
const HALF_DAY_S: f64 = DAY / 2.0;

/// The eight times of a day, in their order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Prayer {
    /// The end of sahur: a fixed number of minutes before subuh.
    Imsak,
    /// Fajr: the Sun at the method's dawn altitude.
    Subuh,
    /// Sunrise: the Sun's upper limb on the horizon of the place's elevation.
    Terbit,
    /// Duha: the Sun at the method's duha altitude after sunrise.
    Dhuha,
    /// Zuhr: the Sun's transit of the meridian.
    Dzuhur,
    /// Asr: an object's shadow its length plus its noon shadow (times the method's factor).
    Ashar,
    /// Sunset: the Sun's upper limb on the horizon of the place's elevation.
    Maghrib,
    /// Isha: the Sun at the method's dusk altitude.
    Isya,
}

impl Prayer {
    /// All eight, in the order of the day.
    pub const ALL: [Prayer; 8] = [
        Prayer::Imsak,
        Prayer::Subuh,
        Prayer::Terbit,
        Prayer::Dhuha,
        Prayer::Dzuhur,
        Prayer::Ashar,
        Prayer::Maghrib,
        Prayer::Isya,
    ];

    /// Its lowercase Indonesian name, as the tables and the API write it.
    pub fn name(self) -> &'static str {
        match self {
            Prayer::Imsak => "imsak",
            Prayer::Subuh => "subuh",
            Prayer::Terbit => "terbit",
            Prayer::Dhuha => "dhuha",
            Prayer::Dzuhur => "dzuhur",
            Prayer::Ashar => "ashar",
            Prayer::Maghrib => "maghrib",
            Prayer::Isya => "isya",
        }
    }

    /// Its index in [`Prayer::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }
}

/// How a time is brought to the whole minute after its ihtiyat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Rounding {
    /// Any seconds give the next minute.
    Up,
    /// Seconds are dropped.
    Down,
    /// 30 seconds or more give the next minute.
    Nearest,
}

/// A prayer-time method: every number and rule in one place.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct Method {
    /// Its identifier (`kemenag`, `muhammadiyah`).
    pub id: &'static str,
    /// Who publishes tables by it, and on what authority.
    pub name: &'static str,
    /// The Sun's centre altitude at subuh (airless, degrees; negative below the horizon).
    pub subuh_altitude_deg: f64,
    /// The Sun's centre altitude at isya.
    pub isya_altitude_deg: f64,
    /// The Sun's centre altitude at dhuha, after sunrise.
    pub dhuha_altitude_deg: f64,
    /// Ashar: the shadow is this many times the object's length plus the noon shadow
    /// (1 in the Shafi'i reckoning).
    pub ashar_shadow_factor: f64,
    /// The Sun's semidiameter taken for terbit and maghrib, arcminutes.
    pub semidiameter_arcmin: f64,
    /// Refraction at the horizon taken for terbit and maghrib, arcminutes.
    pub refraction_arcmin: f64,
    /// Dip of the horizon per square-root metre of elevation, arcminutes (1.76′·√h); 0 for
    /// a sea-level horizon everywhere.
    pub dip_arcmin_per_sqrt_m: f64,
    /// Imsak is this many minutes before the published subuh.
    pub imsak_minutes_before_subuh: i64,
    /// Minutes of ihtiyat (precaution) added to each time before rounding, in the order of
    /// [`Prayer::ALL`] (imsak's is unused: it follows subuh).
    pub ihtiyat_minutes: [i64; 8],
    /// How each time is rounded to the minute, in the order of [`Prayer::ALL`] (imsak's is
    /// unused).
    pub rounding: [Rounding; 8],
}

impl Method {
    /// Kemenag (Bimas Islam): subuh −20°, isya −18°, dhuha 4°30′, Shafi'i ashar, terbit and
    /// maghrib on the horizon of the place's elevation, imsak 10 minutes before subuh; two
    /// minutes of ihtiyat on each time (taken off terbit) and three on dzuhur, then rounded up
    /// (terbit down). The published tables put dzuhur 3 minutes after the transit: 65 of 73
    /// published dzuhur minutes in `data/reference/prayer_times.csv` agree with 3, 4 with 2
    /// (see `prayer_times.md` beside it).
    pub const KEMENAG: Method = Method {
        id: "kemenag",
        name: "Kementerian Agama RI (Bimas Islam)",
        subuh_altitude_deg: -20.0,
        isya_altitude_deg: -18.0,
        dhuha_altitude_deg: 4.5,
        ashar_shadow_factor: 1.0,
        semidiameter_arcmin: 16.0,
        refraction_arcmin: 34.0,
        dip_arcmin_per_sqrt_m: 1.76,
        imsak_minutes_before_subuh: 10,
        ihtiyat_minutes: [0, 2, -2, 2, 3, 2, 2, 2],
        rounding: [
            Rounding::Up,
            Rounding::Up,
            Rounding::Down,
            Rounding::Up,
            Rounding::Up,
            Rounding::Up,
            Rounding::Up,
            Rounding::Up,
        ],
    };

    /// Muhammadiyah (Majelis Tarjih dan Tajdid): subuh −18° (Tanfidz 734/KEP/I.0/B/2021),
    /// isya −18°, one minute of ihtiyat on each time (taken off terbit), rounded up (terbit
    /// down), as its published imsakiyah shows: 9 of the 11 published minutes in
    /// `data/reference/prayer_times.csv` exact with one minute, all within a minute (2 exact
    /// with Kemenag's two). The rest as Kemenag's.
    pub const MUHAMMADIYAH: Method = Method {
        id: "muhammadiyah",
        name: "Muhammadiyah (Majelis Tarjih dan Tajdid PP Muhammadiyah)",
        subuh_altitude_deg: -18.0,
        ihtiyat_minutes: [0, 1, -1, 1, 1, 1, 1, 1],
        ..Method::KEMENAG
    };

    /// Every method, by identifier.
    pub const ALL: [Method; 2] = [Method::KEMENAG, Method::MUHAMMADIYAH];

    /// The method called `id`, if there is one.
    pub fn by_id(id: &str) -> Option<Method> {
        Method::ALL.into_iter().find(|m| m.id == id)
    }

    /// The Sun's centre altitude at terbit and maghrib for a place at `elev_m` metres
    /// (degrees): below the horizon by the semidiameter, the refraction and the dip.
    pub fn horizon_altitude_deg(&self, elev_m: f64) -> f64 {
        let dip = self.dip_arcmin_per_sqrt_m * elev_m.max(0.0).sqrt();
        -(self.semidiameter_arcmin + self.refraction_arcmin + dip) / 60.0
    }

    /// The Sun's altitude at ashar (degrees) on a day whose noon altitude is `noon_alt_deg`:
    /// cot h = factor + tan(zenith distance at noon). `None` if the Sun does not rise.
    pub fn ashar_altitude_deg(&self, noon_alt_deg: f64) -> Option<f64> {
        if noon_alt_deg <= 0.0 {
            return None;
        }
        let noon_shadow = (90.0 - noon_alt_deg).to_radians().tan();
        Some(
            (1.0 / (self.ashar_shadow_factor + noon_shadow))
                .atan()
                .to_degrees(),
        )
    }
}

/// One time of the day.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct PrayerTime {
    /// The instant the method defines, to the millisecond, before ihtiyat and rounding.
    pub exact_utc: DateTime<Utc>,
    /// The Sun's centre airless topocentric altitude then, degrees.
    pub sun_alt_deg: f64,
    /// The published time: the instant plus ihtiyat, rounded to the minute, in the place's
    /// civil time.
    pub local: DateTime<FixedOffset>,
}

/// The eight times of one place and local date.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct PrayerDay {
    /// The local civil date.
    pub date: NaiveDate,
    /// The times in the order of [`Prayer::ALL`]; `None` where the Sun does not reach the
    /// altitude that defines it that day.
    pub times: [Option<PrayerTime>; 8],
}

impl PrayerDay {
    /// The time of `prayer`, if it occurs.
    pub fn get(&self, prayer: Prayer) -> Option<&PrayerTime> {
        self.times.get(prayer.index()).and_then(Option::as_ref)
    }
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

/// The published minute of `exact` (UT seconds): plus `ihtiyat` minutes, rounded, in `tz`.
fn published<Z: TimeZone>(
    exact: f64,
    ihtiyat: i64,
    rounding: Rounding,
    tz: &Z,
) -> Result<DateTime<FixedOffset>, AstroError> {
    let moved = to_datetime(exact)? + Duration::minutes(ihtiyat);
    let local = moved.with_timezone(tz).fixed_offset();
    let whole = local
        .with_second(0)
        .and_then(|t| t.with_nanosecond(0))
        .ok_or_else(|| AstroError::NoEvent(format!("{local} has no whole minute")))?;
    let past = local - whole;
    let up = match rounding {
        Rounding::Up => past > Duration::zero(),
        Rounding::Down => false,
        Rounding::Nearest => past >= Duration::seconds(30),
    };
    Ok(if up {
        whole + Duration::minutes(1)
    } else {
        whole
    })
}

/// Computes the eight times of `obs` on local civil date `date` by `method`.
///
/// The day is the one of the Sun's upper transit nearest to local mean noon whose civil
/// date is `date`; the morning times are sought in the half day before it, the afternoon
/// and evening times in the half day after it.
pub fn prayer_times<Z: TimeZone>(
    astro: &Astro,
    obs: &Observer<Z>,
    date: NaiveDate,
    method: &Method,
) -> Result<PrayerDay, AstroError> {
    let site = Site::new(obs.lat_deg, obs.lon_deg, obs.elev_m)?;
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
    let noon_sky = sky_at(astro, site, guess)?;
    let noon = transit(&noon_sky, guess)?;
    let noon_alt = sun_alt(&noon_sky, noon)?;
    let morning = sky_at(astro, site, noon - HALF_DAY_S / 2.0)?;
    let evening = sky_at(astro, site, noon + HALF_DAY_S / 2.0)?;
    let before = |target: f64| crossing(&morning, noon - HALF_DAY_S, noon, target, true);
    let after = |target: f64| crossing(&evening, noon, noon + HALF_DAY_S, target, false);
    let horizon = method.horizon_altitude_deg(obs.elev_m);
    let ashar = match method.ashar_altitude_deg(noon_alt) {
        Some(h) => after(h)?,
        None => None,
    };
    // (instant, sky it is read in) for subuh … isya.
    let found: [(Option<f64>, &Sky); 7] = [
        (before(method.subuh_altitude_deg)?, &morning),
        (before(horizon)?, &morning),
        (before(method.dhuha_altitude_deg)?, &morning),
        (Some(noon), &noon_sky),
        (ashar, &evening),
        (after(horizon)?, &evening),
        (after(method.isya_altitude_deg)?, &evening),
    ];
    let mut times: [Option<PrayerTime>; 8] = [None; 8];
    for ((slot, (exact, sky)), prayer) in times
        .iter_mut()
        .skip(1)
        .zip(found)
        .zip(Prayer::ALL.into_iter().skip(1))
    {
        if let Some(t) = exact {
            let i = prayer.index();
            let ihtiyat = method.ihtiyat_minutes.get(i).copied().unwrap_or(0);
            let rounding = method.rounding.get(i).copied().unwrap_or(Rounding::Up);
            *slot = Some(PrayerTime {
                exact_utc: to_datetime(t)?,
                sun_alt_deg: sun_alt(sky, t)?,
                local: published(t, ihtiyat, rounding, &obs.tz)?,
            });
        }
    }
    if let [imsak, Some(subuh), ..] = &mut times {
        let before = Duration::minutes(method.imsak_minutes_before_subuh);
        let exact = subuh.exact_utc - before;
        *imsak = Some(PrayerTime {
            exact_utc: exact,
            sun_alt_deg: sun_alt(&morning, super::time::ut_seconds(&exact))?,
            local: subuh.local - before,
        });
    }
    Ok(PrayerDay { date, times })
}
