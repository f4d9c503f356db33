//! Prayer-time methods (waktu sholat) as data: the eight times of a day ([`Prayer`]), each
//! method's numbers stated once ([`Method::KEMENAG`], [`Method::MUHAMMADIYAH`]), the Sun's
//! event that defines each time ([`Target`]), and the pure arithmetic that turns an exact
//! instant into the published minute (ihtiyat, then rounding; imsak a fixed offset before
//! the published subuh).
//!
//! The generator computes with these numbers (through `hijri-astro`, which is handed the
//! altitudes) and writes the instants into the archive's prayer table
//! ([`crate::prayer_table`]); the server reads the numbers and the published minutes back
//! from here, knowing no astronomy. The distinct targets of all methods ([`series`]) are the
//! table's columns, each recorded by its [`Series::key`]: a method finds its times by the
//! keys of its targets, so a new method that needs no new column reads an older archive, and
//! an archive without a column some method needs is refused at open, naming it.

/// The eight times of a day, in their order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Rounding {
    /// Any seconds give the next minute.
    Up,
    /// Seconds are dropped.
    Down,
    /// 30 seconds or more give the next minute.
    Nearest,
}

impl Rounding {
    /// Its name as the API writes it (`up`, `down`, `nearest`).
    pub fn name(self) -> &'static str {
        match self {
            Rounding::Up => "up",
            Rounding::Down => "down",
            Rounding::Nearest => "nearest",
        }
    }

    /// The whole second stored for an exact instant `unix_s` (Unix seconds, fractional) that
    /// this rule rounds: up to the second for [`Rounding::Up`], down otherwise. Rounding the
    /// stored second to the minute by this rule gives the minute the exact instant gives: a
    /// multiple of 60 is at or after `x` exactly when it is at or after `ceil(x)`, and the
    /// 30-second threshold of [`Rounding::Nearest`] is passed by `x` exactly when it is by
    /// `floor(x)`.
    pub fn stored_second(self, unix_s: f64) -> f64 {
        match self {
            Rounding::Up => unix_s.ceil(),
            Rounding::Down | Rounding::Nearest => unix_s.floor(),
        }
    }
}

/// What the Sun does at a time: the event whose instant the generator finds and the archive
/// stores. Altitudes are of the Sun's centre, airless and topocentric, in degrees.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Target {
    /// Rising through an altitude in the morning (before the transit).
    Morning(f64),
    /// Setting through an altitude in the evening (after the transit).
    Evening(f64),
    /// The upper limb on the horizon of the place's elevation, rising.
    Sunrise(Horizon),
    /// The upper limb on the horizon of the place's elevation, setting.
    Sunset(Horizon),
    /// The upper transit of the meridian.
    Transit,
    /// The afternoon altitude where a shadow is this factor times the object plus the noon
    /// shadow ([`ashar_altitude_deg`]).
    Ashar(f64),
}

/// The horizon of terbit and maghrib: the Sun's centre below it by the semidiameter, the
/// refraction and a dip, fixed or that of the place's elevation; or a horizon of the
/// method's own at highland places and at places it names.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Horizon {
    /// The Sun's semidiameter, arcminutes.
    pub semidiameter_arcmin: f64,
    /// Refraction at the horizon, arcminutes.
    pub refraction_arcmin: f64,
    /// A dip taken at every place whatever its elevation, arcminutes.
    pub fixed_dip_arcmin: f64,
    /// Dip per square-root metre of the place's elevation, arcminutes (1.76′·√h); 0 where
    /// the elevation is not counted.
    pub dip_arcmin_per_sqrt_m: f64,
    /// The method's horizon at places at least so high, instead of the formula.
    pub highland: Option<Highland>,
    /// Places (by id) whose published terbit and maghrib sit on a horizon of their own: the
    /// Sun's centre altitude there, degrees, instead of the formula or the highland's.
    pub places: &'static [(&'static str, f64)],
}

/// Highland places: from an elevation of `from_m` metres up, the Sun's centre at
/// `altitude_deg` at terbit and maghrib, whatever the elevation above that.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Highland {
    /// The lowest elevation (metres, as the places catalogue gives it) that is highland.
    pub from_m: f64,
    /// The Sun's centre altitude there, degrees.
    pub altitude_deg: f64,
}

impl Horizon {
    /// The altitude (degrees) of the method's own horizon at the place called `place`,
    /// `elev_m` metres high, if it has one there: the place's own (one of
    /// [`Horizon::places`]), or else the highland's.
    pub fn own(&self, place: Option<&str>, elev_m: f64) -> Option<f64> {
        if let Some((_, own)) = self.places.iter().find(|(id, _)| Some(*id) == place) {
            return Some(*own);
        }
        let highland = self.highland?;
        (elev_m >= highland.from_m).then_some(highland.altitude_deg)
    }

    /// The Sun's centre altitude (degrees) on this horizon at the place called `place` (if
    /// any) `elev_m` metres high: the method's own there ([`Horizon::own`]), or else the
    /// formula's.
    pub fn altitude_deg(&self, place: Option<&str>, elev_m: f64) -> f64 {
        if let Some(own) = self.own(place, elev_m) {
            return own;
        }
        let dip = self.fixed_dip_arcmin + self.dip_arcmin_per_sqrt_m * elev_m.max(0.0).sqrt();
        -(self.semidiameter_arcmin + self.refraction_arcmin + dip) / 60.0
    }
}

/// The Sun's altitude at ashar (degrees) by shadow `factor` on a day whose noon altitude is
/// `noon_alt_deg`: cot h = factor + tan(zenith distance at noon). `None` if the Sun does not
/// rise.
pub fn ashar_altitude_deg(factor: f64, noon_alt_deg: f64) -> Option<f64> {
    if noon_alt_deg <= 0.0 {
        return None;
    }
    let noon_shadow = (90.0 - noon_alt_deg).to_radians().tan();
    Some((1.0 / (factor + noon_shadow)).atan().to_degrees())
}

/// The Sun's altitude at its upper transit (degrees) at geodetic latitude `lat_deg` for
/// declination `dec_deg`: 90° less their difference (the noon altitude the ashar rule
/// starts from, as the archive's look-ups give it; parallax, under 9″, left out).
pub fn noon_altitude_deg(lat_deg: f64, dec_deg: f64) -> f64 {
    90.0 - (lat_deg - dec_deg).abs()
}

/// A prayer-time method: every number and rule in one place.
#[derive(Debug, Clone, Copy, PartialEq)]
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
    /// The horizon of terbit and maghrib.
    pub horizon: Horizon,
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
    /// maghrib with the Sun's centre at −1° (16′ + 34′ and a fixed dip of 10′: its published
    /// terbit and maghrib follow no place's elevation) below 530 m and at −2° from 530 m up
    /// (the places catalogue's elevation; its highland), at −2° at three places below 530 m
    /// whose published times sit on the highland's horizon (Kabupaten Solok Selatan 13.11,
    /// Kabupaten Bandung Barat 32.17, whose catalogue point is not its seat, and Kota Bogor
    /// 32.71) and at −1° at Kota Salatiga (33.73, 571 m), imsak 10 minutes before subuh; two
    /// minutes of ihtiyat on each time (taken off terbit) and three on dzuhur, then rounded
    /// up (terbit down). So the 2144 published minutes of `data/reference/prayer_times.csv`
    /// (145 kab/kota, 27 of them from 530 m up) are reproduced best (see `prayer_times.md`
    /// beside it): 1950 exact, 2136 within a minute (the 891 added after the rule was fixed,
    /// held out: 823 and 891), against 1766 and 2076 with the dip of the terrain's
    /// elevation. The highland's
    /// horizon is fitted on every other highland place (−2.0°, in steps of 0.05°) and holds
    /// on the rest (26 terbit and maghrib held out, all within a minute, 24 exact).
    pub const KEMENAG: Method = Method {
        id: "kemenag",
        name: "Kementerian Agama RI (Bimas Islam)",
        subuh_altitude_deg: -20.0,
        isya_altitude_deg: -18.0,
        dhuha_altitude_deg: 4.5,
        ashar_shadow_factor: 1.0,
        horizon: Horizon {
            semidiameter_arcmin: 16.0,
            refraction_arcmin: 34.0,
            fixed_dip_arcmin: 10.0,
            dip_arcmin_per_sqrt_m: 0.0,
            highland: Some(Highland {
                from_m: 530.0,
                altitude_deg: -2.0,
            }),
            places: &[
                ("13.11", -2.0),
                ("32.17", -2.0),
                ("32.71", -2.0),
                ("33.73", -1.0),
            ],
        },
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
    /// isya −18°, terbit and maghrib on the horizon of the place's elevation (1.76′·√h of
    /// dip: Muhammadiyah says its tables count it), one minute of ihtiyat rounded up on
    /// subuh, dzuhur, ashar, maghrib and isya, two on dhuha and two off terbit (rounded down)
    /// as Kemenag's, as its published tables show: 199 of the 253 published minutes in
    /// `data/reference/prayer_times.csv` (6 places) exact, all within a minute. The rest as
    /// Kemenag's.
    pub const MUHAMMADIYAH: Method = Method {
        id: "muhammadiyah",
        name: "Muhammadiyah (Majelis Tarjih dan Tajdid PP Muhammadiyah)",
        subuh_altitude_deg: -18.0,
        horizon: Horizon {
            semidiameter_arcmin: 16.0,
            refraction_arcmin: 34.0,
            fixed_dip_arcmin: 0.0,
            dip_arcmin_per_sqrt_m: 1.76,
            highland: None,
            places: &[],
        },
        ihtiyat_minutes: [0, 1, -2, 2, 1, 1, 1, 1],
        ..Method::KEMENAG
    };

    /// Every method, by identifier.
    pub const ALL: [Method; 2] = [Method::KEMENAG, Method::MUHAMMADIYAH];

    /// The method called `id`, if there is one.
    pub fn by_id(id: &str) -> Option<Method> {
        Method::ALL.into_iter().find(|m| m.id == id)
    }

    /// The Sun's centre altitude at terbit and maghrib (degrees) at the place called `place`
    /// `elev_m` metres high: below the horizon by the semidiameter, the refraction and the
    /// dip, or the method's own horizon of that place.
    pub fn horizon_altitude_deg(&self, place: Option<&str>, elev_m: f64) -> f64 {
        self.horizon.altitude_deg(place, elev_m)
    }

    /// The Sun's altitude at ashar (degrees) on a day whose noon altitude is `noon_alt_deg`
    /// ([`ashar_altitude_deg`] with this method's factor).
    pub fn ashar_altitude_deg(&self, noon_alt_deg: f64) -> Option<f64> {
        ashar_altitude_deg(self.ashar_shadow_factor, noon_alt_deg)
    }

    /// The Sun's event that defines `prayer`; `None` for imsak, which follows subuh.
    pub fn target(&self, prayer: Prayer) -> Option<Target> {
        Some(match prayer {
            Prayer::Imsak => return None,
            Prayer::Subuh => Target::Morning(self.subuh_altitude_deg),
            Prayer::Terbit => Target::Sunrise(self.horizon),
            Prayer::Dhuha => Target::Morning(self.dhuha_altitude_deg),
            Prayer::Dzuhur => Target::Transit,
            Prayer::Ashar => Target::Ashar(self.ashar_shadow_factor),
            Prayer::Maghrib => Target::Sunset(self.horizon),
            Prayer::Isya => Target::Evening(self.isya_altitude_deg),
        })
    }

    /// Minutes of ihtiyat on `prayer`.
    pub fn ihtiyat(&self, prayer: Prayer) -> i64 {
        self.ihtiyat_minutes
            .get(prayer.index())
            .copied()
            .unwrap_or(0)
    }

    /// How `prayer` is rounded.
    pub fn rounding_of(&self, prayer: Prayer) -> Rounding {
        self.rounding
            .get(prayer.index())
            .copied()
            .unwrap_or(Rounding::Up)
    }

    /// The published minute (Unix seconds, a whole minute) of `prayer` whose exact instant,
    /// as stored ([`Rounding::stored_second`]), is `exact_s`: plus its ihtiyat, rounded by
    /// its rule. Imsak is given the subuh instant and returns the published subuh less the
    /// offset. Civil offsets are whole minutes, so the minute is the same in every zone.
    pub fn published(&self, prayer: Prayer, exact_s: i64) -> i64 {
        let of = if prayer == Prayer::Imsak {
            Prayer::Subuh
        } else {
            prayer
        };
        let moved = exact_s + 60 * self.ihtiyat(of);
        let past = moved.rem_euclid(60);
        let whole = moved - past;
        let up = match self.rounding_of(of) {
            Rounding::Up => past > 0,
            Rounding::Down => false,
            Rounding::Nearest => past >= 30,
        };
        let minute = if up { whole + 60 } else { whole };
        if prayer == Prayer::Imsak {
            minute - 60 * self.imsak_minutes_before_subuh
        } else {
            minute
        }
    }
}

/// One series of the prayer table: a target and the direction its instants are stored to
/// the second in (the rounding of the methods that use it).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Series {
    /// The Sun's event.
    pub target: Target,
    /// The rounding of every method's time that uses it.
    pub rounding: Rounding,
}

/// The most series there can be: seven times of each method.
pub const MAX_SERIES: usize = 7 * Method::ALL.len();

/// The distinct series of all methods, in order of [`Method::ALL`] then [`Prayer::ALL`]
/// (the first `len` entries of the array): the prayer table's series. With Kemenag and
/// Muhammadiyah: subuh −20°, terbit at −1°, dhuha, dzuhur, ashar, maghrib at −1°, isya,
/// subuh −18°, terbit and maghrib on the horizon of the place's elevation.
pub fn series() -> ([Option<Series>; MAX_SERIES], usize) {
    let mut out = [None; MAX_SERIES];
    let mut len = 0;
    for method in &Method::ALL {
        for prayer in Prayer::ALL {
            let Some(target) = method.target(prayer) else {
                continue;
            };
            let one = Series {
                target,
                rounding: method.rounding_of(prayer),
            };
            if !out.iter().flatten().any(|s| *s == one) {
                if let Some(slot) = out.get_mut(len) {
                    *slot = Some(one);
                    len += 1;
                }
            }
        }
    }
    (out, len)
}

/// The index in [`series`] of the series of `prayer` by `method` (imsak: subuh's): the
/// column of a table computed now; `None` for a series no method of [`Method::ALL`] has.
pub fn series_index(method: &Method, prayer: Prayer) -> Option<usize> {
    let one = Series::of(method, prayer)?;
    series().0.iter().position(|s| *s == Some(one))
}

impl Series {
    /// The series of `prayer` by `method` (imsak: subuh's).
    pub fn of(method: &Method, prayer: Prayer) -> Option<Series> {
        let of = if prayer == Prayer::Imsak {
            Prayer::Subuh
        } else {
            prayer
        };
        Some(Series {
            target: method.target(of)?,
            rounding: method.rounding_of(of),
        })
    }

    /// Its key in the prayer table: a fingerprint of every number of its target and its
    /// rounding, the same in every build that computes it the same way.
    pub fn key(&self) -> u64 {
        crate::fingerprint::hash64(format!("{self:?}").as_bytes())
    }
}

/// The key of the series of `prayer` by `method` ([`Series::key`]); for the series of
/// [`series`], computed once.
pub fn key_of(method: &Method, prayer: Prayer) -> Option<u64> {
    static KEYS: std::sync::OnceLock<Vec<(Series, u64)>> = std::sync::OnceLock::new();
    let one = Series::of(method, prayer)?;
    let keys = KEYS.get_or_init(column_keys);
    Some(
        keys.iter()
            .find(|(s, _)| *s == one)
            .map_or_else(|| one.key(), |(_, key)| *key),
    )
}

/// Each series of [`series`] in order, with its key: the columns a table computed now has.
pub fn column_keys() -> Vec<(Series, u64)> {
    let (list, len) = series();
    list.into_iter()
        .take(len)
        .flatten()
        .map(|s| (s, s.key()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_two_methods_share_all_but_subuh_terbit_and_maghrib() {
        let (list, len) = series();
        assert_eq!(len, 10);
        assert_eq!(list[7].unwrap().target, Target::Morning(-18.0));
        for p in Prayer::ALL.into_iter().skip(1) {
            let shared = !matches!(p, Prayer::Subuh | Prayer::Terbit | Prayer::Maghrib);
            assert_eq!(
                series_index(&Method::KEMENAG, p) == series_index(&Method::MUHAMMADIYAH, p),
                shared,
                "{p:?}"
            );
        }
        // Kemenag: −1° below 530 m, −2° from 530 m up, its own at the places it names.
        let kemenag = |place, elev_m| Method::KEMENAG.horizon_altitude_deg(place, elev_m);
        assert_eq!(kemenag(None, 529.0), -1.0);
        assert_eq!(kemenag(None, 530.0), -2.0);
        assert_eq!(kemenag(Some("33.73"), 571.0), -1.0);
        assert_eq!(kemenag(None, 3185.0), -2.0);
        assert_eq!(kemenag(Some("34.71"), 114.0), -1.0);
        assert_eq!(kemenag(Some("32.73"), 714.0), -2.0);
        assert_eq!(kemenag(Some("32.71"), 245.0), -2.0);
        assert_eq!(Method::KEMENAG.horizon.own(Some("34.71"), 114.0), None);
        assert_eq!(Method::KEMENAG.horizon.own(None, 744.0), Some(-2.0));
        assert_eq!(Method::MUHAMMADIYAH.horizon.own(Some("32.71"), 744.0), None);
        let muhammadiyah = Method::MUHAMMADIYAH.horizon_altitude_deg(Some("32.73"), 768.0);
        assert!((muhammadiyah - -(50.0 + 1.76 * 768f64.sqrt()) / 60.0).abs() < 1e-12);
        assert_eq!(series_index(&Method::KEMENAG, Prayer::Imsak), Some(0));
    }

    #[test]
    fn published_minutes_follow_ihtiyat_and_rounding() {
        let k = Method::KEMENAG;
        // 04:11:00 exactly: +2 min, already whole.
        let t = 1_771_362_660;
        assert_eq!(k.published(Prayer::Subuh, t), t + 120);
        assert_eq!(k.published(Prayer::Subuh, t + 1), t + 180);
        assert_eq!(k.published(Prayer::Imsak, t + 1), t + 180 - 600);
        // Terbit: −2 min, rounded down.
        assert_eq!(k.published(Prayer::Terbit, t + 59), t - 120);
    }

    #[test]
    fn a_stored_second_rounds_as_the_exact_instant() {
        for rounding in [Rounding::Up, Rounding::Down, Rounding::Nearest] {
            for x in [0.0, 0.2, 29.5, 29.99, 30.0, 30.4, 59.9, 60.0, -0.5] {
                let minute = |v: f64| {
                    let whole = (v / 60.0).floor() * 60.0;
                    let past = v - whole;
                    let up = match rounding {
                        Rounding::Up => past > 0.0,
                        Rounding::Down => false,
                        Rounding::Nearest => past >= 30.0,
                    };
                    whole + if up { 60.0 } else { 0.0 }
                };
                assert_eq!(
                    minute(x),
                    minute(rounding.stored_second(x)),
                    "{rounding:?} {x}"
                );
            }
        }
    }
}
