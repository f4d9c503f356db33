//! Prayer times (the precise path `hijri_astro::prayer` and the bulk path
//! `hijri_astro::sun_table` the archive's table is computed with, by the methods of
//! `hijri::prayer`) against two independent references:
//! - `data/reference/prayer_skyfield.csv`: the unrounded instants by Skyfield 1.55 with the same
//!   DE440 excerpt (an independent implementation of the Sun's apparent place and of the root
//!   search), for the first ten places of `prayer_places.csv` on days of 2000, 2013, 2026 and 2031 and for
//!   London, where the −18° and −20° twilights do not occur at midsummer;
//! - `data/reference/prayer_times.csv`: minutes published by Kemenag (Bimas Islam) and
//!   Muhammadiyah, as the press and myQuran restate them (sources in `prayer_times.md`),
//!   computed at the places catalogue's points (`data/places/kabkota.csv`, by id).

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    reason = "test helpers may panic: a panic fails the test"
)]

use chrono::{DateTime, FixedOffset, NaiveDate, Timelike, Utc};
use hijri::prayer::{Horizon, Method, Prayer};
use hijri_astro::prayer::PrayerDay;
use hijri_astro::{Astro, Observer};
use hijri_generator::prayer_table::{ashar_rule, targets};
use std::collections::HashMap;
use std::path::Path;

/// Largest difference allowed from Skyfield's instant, seconds.
const SKYFIELD_TOLERANCE_S: f64 = 2.0;

/// The exact times of `observer` (the place called `place`, if any) on `date` by `method`
/// (the precise path).
fn day<Z: chrono::TimeZone>(
    astro: &Astro,
    (place, observer): (Option<&str>, &Observer<Z>),
    date: NaiveDate,
    method: &Method,
) -> PrayerDay {
    let ashar = ashar_rule(*method);
    let targets = targets(method, place, observer.elev_m, &ashar);
    astro.prayer_times(observer, date, &targets).unwrap()
}

/// The published local time of `prayer` on `day` by `method`.
fn local(
    day: &PrayerDay,
    method: &Method,
    prayer: Prayer,
    tz: FixedOffset,
) -> DateTime<FixedOffset> {
    let of = if prayer == Prayer::Imsak {
        Prayer::Subuh
    } else {
        prayer
    };
    let exact = day.times[of.index()].unwrap().utc;
    let second = method
        .rounding_of(of)
        .stored_second(exact.timestamp_micros() as f64 * 1e-6) as i64;
    DateTime::from_timestamp(method.published(prayer, second), 0)
        .unwrap()
        .with_timezone(&tz)
}

/// Our published minute of `prayer` on `day` by `method` less the `published` one ("HH:MM"),
/// in minutes; `None` where nothing was published.
fn minutes_off(
    day: &PrayerDay,
    method: &Method,
    prayer: Prayer,
    tz: FixedOffset,
    published: &str,
) -> Option<i64> {
    let (h, m) = published.split_once(':')?;
    let theirs = h.parse::<i64>().unwrap() * 60 + m.parse::<i64>().unwrap();
    let ours = local(day, method, prayer, tz);
    Some(i64::from(ours.hour() * 60 + ours.minute()) - theirs)
}

fn data_dir() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../data"))
}

fn astro() -> Astro {
    Astro::load(data_dir()).unwrap()
}

/// The rows of `data/reference/<name>`, header skipped, fields split on commas.
fn rows(name: &str) -> Vec<Vec<String>> {
    std::fs::read_to_string(data_dir().join("reference").join(name))
        .unwrap()
        .lines()
        .skip(1)
        .map(|line| line.split(',').map(str::to_owned).collect())
        .collect()
}

/// The UTC offset of the IANA zones the reference places use (none has summer time).
fn offset(zone: &str) -> FixedOffset {
    let hours = match zone {
        "Asia/Jakarta" => 7,
        "Asia/Makassar" => 8,
        "Asia/Jayapura" => 9,
        other => panic!("unexpected zone {other}"),
    };
    FixedOffset::east_opt(hours * 3_600).unwrap()
}

/// The places by id, from the catalogue (`data/places/kabkota.csv`, whose leading columns are
/// `id,name,province,lat,lon,elev_m,tz`): the observer (elevation and zone included). The
/// published minutes are computed at these points.
fn catalogue() -> HashMap<String, Observer<FixedOffset>> {
    std::fs::read_to_string(data_dir().join("places/kabkota.csv"))
        .unwrap()
        .lines()
        .skip(1)
        .map(|line| {
            let r: Vec<&str> = line.splitn(8, ',').collect();
            let observer = Observer {
                lat_deg: r[3].parse().unwrap(),
                lon_deg: r[4].parse().unwrap(),
                elev_m: r[5].parse().unwrap(),
                tz: offset(r[6]),
            };
            (r[0].to_owned(), observer)
        })
        .collect()
}

/// The method and time a row of `prayer_skyfield.csv` names: Kemenag's altitudes, subuh at
/// −18° for `subuh_muhammadiyah`; its terbit and maghrib are on the horizon of the place's
/// elevation (16′ + 34′ + 1.76′·√h), which is Muhammadiyah's.
fn reference_time(time: &str) -> (Method, Prayer) {
    match time {
        "subuh_muhammadiyah" => (Method::MUHAMMADIYAH, Prayer::Subuh),
        "terbit" => (Method::MUHAMMADIYAH, Prayer::Terbit),
        "maghrib" => (Method::MUHAMMADIYAH, Prayer::Maghrib),
        name => (
            Method::KEMENAG,
            *Prayer::ALL.iter().find(|p| p.name() == name).unwrap(),
        ),
    }
}

/// Kemenag's method with one flat horizon at `altitude` degrees for every place (no
/// height band, no named place): what the horizon fits compare.
fn flat_kemenag(altitude: f64) -> Method {
    Method {
        horizon: Horizon {
            fixed_dip_arcmin: -60.0 * altitude - 50.0,
            highland: None,
            places: &[],
            ..Method::KEMENAG.horizon
        },
        ..Method::KEMENAG
    }
}

#[test]
fn unrounded_instants_agree_with_skyfield() {
    let astro = astro();
    let (mut compared, mut absent, mut worst) = (0, 0, 0.0_f64);
    for r in rows("prayer_skyfield.csv") {
        let [_, lat, lon, elev, date, time, ut1] = &r[..] else {
            panic!("bad row {r:?}")
        };
        let date: NaiveDate = date.parse().unwrap();
        // Local dates: WIB/WITA/WIT put the transit near local noon of the same date; so does
        // London (a fixed offset is enough to name the day).
        let tz =
            FixedOffset::east_opt(((lon.parse::<f64>().unwrap() / 15.0).round() as i32) * 3_600)
                .unwrap();
        let observer = Observer {
            lat_deg: lat.parse().unwrap(),
            lon_deg: lon.parse().unwrap(),
            elev_m: elev.parse().unwrap(),
            tz,
        };
        let (method, prayer) = reference_time(time);
        let day = day(&astro, (None, &observer), date, &method);
        let ours = day.times[prayer.index()];
        if ut1 == "none" {
            assert!(ours.is_none(), "{r:?}: Skyfield has none, we have {ours:?}");
            absent += 1;
            continue;
        }
        let theirs: DateTime<Utc> = DateTime::parse_from_rfc3339(ut1).unwrap().to_utc();
        let ours = ours.unwrap_or_else(|| panic!("{r:?}: Skyfield has it, we have none"));
        let diff = (ours.utc - theirs).as_seconds_f64().abs();
        assert!(
            diff <= SKYFIELD_TOLERANCE_S,
            "{r:?}: ours {}, {diff:.3} s off",
            ours.utc
        );
        compared += 1;
        worst = worst.max(diff);
    }
    println!("{compared} instants, largest difference {worst:.3} s");
    assert_eq!((compared, absent), (333, 3));
}

/// One published minute against the computation: the place's id, the date, the time, our
/// minute less the published one, and both minutes as text.
struct Difference {
    place: String,
    date: String,
    prayer: Prayer,
    off: i64,
    published: String,
    ours: String,
}

/// Every minute published by method `m.id` against the computation by `m` at the
/// catalogue's points.
fn differences(m: Method) -> Vec<Difference> {
    let astro = astro();
    let places = catalogue();
    let mut out = Vec::new();
    for r in rows("prayer_times.csv")
        .into_iter()
        .filter(|r| r[0] == m.id)
    {
        let observer = &places[&r[1]];
        let date: NaiveDate = r[2].parse().unwrap();
        let day = day(&astro, (Some(&r[1]), observer), date, &m);
        for (prayer, published) in Prayer::ALL.iter().zip(&r[3..11]) {
            let Some(off) = minutes_off(&day, &m, *prayer, observer.tz, published) else {
                continue;
            };
            out.push(Difference {
                place: r[1].clone(),
                date: r[2].clone(),
                prayer: *prayer,
                off,
                published: published.clone(),
                ours: local(&day, &m, *prayer, observer.tz)
                    .format("%H:%M")
                    .to_string(),
            });
        }
    }
    out
}

/// (values, exact, within one minute) of `d`.
fn counts<'a>(d: impl IntoIterator<Item = &'a Difference>) -> (usize, usize, usize) {
    d.into_iter().fold((0, 0, 0), |(n, e, w), d| {
        (
            n + 1,
            e + usize::from(d.off == 0),
            w + usize::from(d.off.abs() <= 1),
        )
    })
}

/// How many of the minutes published by method `m.id` the computation by `m` reproduces at
/// the catalogue's points: (values, exact, within one minute, the misses by more than a
/// minute as text).
fn published(m: Method) -> (usize, usize, usize, Vec<String>) {
    let d = differences(m);
    let (total, exact, within) = counts(&d);
    let far = d
        .iter()
        .filter(|d| d.off.abs() > 1)
        .map(|d| {
            format!(
                "{} {} {}: {} vs {}",
                d.place,
                d.date,
                d.prayer.name(),
                d.published,
                d.ours
            )
        })
        .collect();
    (total, exact, within, far)
}

/// The height band of a place the catalogue puts `elev_m` metres high: below 300 m, 300 to
/// 529 m, from 530 m (Kemenag's highland).
fn height_band(elev_m: f64) -> usize {
    usize::from(elev_m >= 300.0) + usize::from(elev_m >= 530.0)
}

/// The sources of the Kemenag minutes added after the method was fitted (prayer_times.md,
/// "Held out"): the rule is reported on them alone too.
const HELD_OUT_SOURCES: [&str; 21] = [
    "tirto-2024-03-samarinda",
    "tirto-2023-06-samarinda",
    "tribun-2021-04-30-banjarmasin",
    "tribun-2021-05-01-balikpapan",
    "tribun-2021-05-08-balikpapan",
    "tribun-2021-04-27-samarinda",
    "tribun-2021-04-13-pekanbaru",
    "bloktuban-2024-03-31",
    "tribun-2023-04-21-pekanbaru",
    "inews-2023-04-02-kupang",
    "kbt-2025-03-15-kupang",
    "suarakalbar-2021-04-21-pontianak",
    "tribun-2021-05-02-mataram",
    "tribun-2022-04-26-mataram",
    "tribun-2020-05-09-mataram",
    "tribun-2020-05-20-mataram",
    "inews-2024-03-18-balikpapan",
    "tribun-2023-03-27-pontianak",
    "inews-2023-03-24-pontianak",
    "inews-2023-04-01-pontianak",
    "suarakalbar-2022-04-23-pontianak",
];

#[test]
fn kemenag_reproduces_its_published_minutes() {
    let d = differences(Method::KEMENAG);
    let places = &catalogue();
    let (total, exact, within) = counts(&d);
    let (_, _, _, far) = published(Method::KEMENAG);
    println!(
        "kemenag: {total} values, {exact} exact, {within} within one minute; further: {far:#?}"
    );
    assert_eq!(total, 2144);
    // 91.0 % to the minute, 99.6 % within one (prayer_times.md): the rest at minute
    // boundaries both ways (the point); the further ones are the sources' (below).
    assert!(exact >= 1950, "{exact} exact");
    assert!(within >= 2136, "{within} within one minute");
    // The rule's goal: at least 90 % exact and 99.5 % within a minute.
    assert!(exact * 10 >= total * 9 && within * 1000 >= total * 995);
    // Held out: the 891 values added after the rule was fitted (Kalimantan, Nusa
    // Tenggara, Riau and Jawa Timur, 2020–2024): 823 exact (92.4 %), all within a minute.
    let held_out: std::collections::HashSet<(String, String, usize)> = rows("prayer_times.csv")
        .into_iter()
        .filter(|r| r[0] == "kemenag" && HELD_OUT_SOURCES.contains(&r[11].as_str()))
        .flat_map(|r| {
            (0..8)
                .filter(|i| !r[3 + i].is_empty())
                .map(|i| (r[1].clone(), r[2].clone(), i))
                .collect::<Vec<_>>()
        })
        .collect();
    let held = counts(
        d.iter()
            .filter(|d| held_out.contains(&(d.place.clone(), d.date.clone(), d.prayer.index()))),
    );
    println!("held out (the values added last): {held:?}");
    assert_eq!(held, (891, 823, 891));
    assert_eq!(
        far,
        [
            // Sleman's source repeats a day.
            "34.04 2026-02-23 imsak: 04:15 vs 04:17",
            "34.04 2026-02-23 subuh: 04:25 vs 04:27",
            // suarasumsel's 2022-04-17 pages: another day's terbit, dzuhur and ashar.
            "16.72 2022-04-17 ashar: 15:21 vs 15:28",
            "16.71 2022-04-17 terbit: 06:00 vs 05:56",
            "16.71 2022-04-17 dzuhur: 12:06 vs 12:04",
            "16.71 2022-04-17 ashar: 15:18 vs 15:21",
            // One CNN line for Kabupaten Sumenep: Kemenag's point further west.
            "35.29 2023-03-27 maghrib: 17:37 vs 17:35",
            // suaralampung's isya, the next year's list's (bisnis 2023-04-01) to the minute.
            "18.71 2022-04-05 isya: 19:16 vs 19:14",
        ]
    );
    // By zone (WIB, WITA, WIT) and by height band (below 300 m, 300–529 m, from 530 m):
    // (values, exact, within one).
    let by_zone = [7, 8, 9].map(|h| {
        counts(
            d.iter()
                .filter(|d| places[&d.place].tz.local_minus_utc() == h * 3_600),
        )
    });
    let by_band = [0, 1, 2].map(|b| {
        counts(
            d.iter()
                .filter(|d| height_band(places[&d.place].elev_m) == b),
        )
    });
    println!("by zone {by_zone:?}, by height band {by_band:?}");
    assert_eq!(by_zone, [(899, 787, 891), (1197, 1117, 1197), (48, 46, 48)]);
    // From 530 m up, 165 of 193 exact and all but Pagar Alam's ashar of 2022-04-17 (above)
    // within a minute; at −1° there (the method before the highland horizon) 38 of its
    // maghrib were 3–5 minutes early.
    assert_eq!(by_band, [(1873, 1719, 1866), (78, 66, 78), (193, 165, 192)]);
    let maghrib_early = d
        .iter()
        .filter(|d| d.prayer == Prayer::Maghrib && d.off <= -2)
        .count();
    assert_eq!(
        maghrib_early, 1,
        "only Sumenep's line breaks the fast early"
    );
}

#[test]
fn kemenags_horizon_is_not_the_terrains() {
    // The evidence for the −1° horizon: with the dip of each place's terrain elevation instead
    // (GeoNames' dem at the catalogue's points), fewer published minutes are reproduced.
    let terrain = Method {
        horizon: Horizon {
            fixed_dip_arcmin: 0.0,
            dip_arcmin_per_sqrt_m: 1.76,
            highland: None,
            places: &[],
            ..Method::KEMENAG.horizon
        },
        ..Method::KEMENAG
    };
    let (total, exact, within, _) = published(terrain);
    println!("kemenag on the terrain's horizon: {total} values, {exact} exact, {within} within");
    // 1766 exact and 2076 within a minute of the 2144, against the method's 1950 and 2136.
    assert_eq!((total, exact, within), (2144, 1766, 2076));
}

#[test]
fn kota_bandungs_own_horizon_is_fitted_on_2024_and_holds_in_2022_and_2026() {
    // Kota Bandung's published terbit and maghrib (jurnalgaya 2022, detik and tvone 2024, Media
    // Indonesia 2026: four publishers, three years) sit on a horizon
    // of their own: the differences (ours − published, minutes) with the Sun's centre at
    // `altitude` degrees there, with the date of each.
    let astro = astro();
    let bandung = catalogue()["32.73"];
    let published: Vec<Vec<String>> = rows("prayer_times.csv")
        .into_iter()
        .filter(|r| r[0] == "kemenag" && r[1] == "32.73")
        .collect();
    let differences = |altitude: f64| -> Vec<(String, i64)> {
        let method = flat_kemenag(altitude);
        let mut out = Vec::new();
        for r in &published {
            let date: NaiveDate = r[2].parse().unwrap();
            let day = day(&astro, (None, &bandung), date, &method);
            for prayer in [Prayer::Terbit, Prayer::Maghrib] {
                let published = &r[3 + prayer.index()];
                if let Some(d) = minutes_off(&day, &method, prayer, bandung.tz, published) {
                    out.push((r[2].clone(), d));
                }
            }
        }
        out
    };
    // At −1°, every one of the 17 is 4–5 minutes off: terbit later, maghrib earlier.
    let at_one = differences(-1.0);
    assert_eq!(at_one.len(), 17);
    assert!(
        at_one.iter().all(|(_, d)| (4..=5).contains(&d.abs())),
        "{at_one:?}"
    );
    // Fitted on 2024's six (detik and tvone, August 2024): the horizons in
    // steps of 0.05° that make all six exact.
    let fits: Vec<f64> = (0..=40)
        .map(|k| -1.0 - 0.05 * f64::from(k))
        .filter(|a| {
            let d = differences(*a);
            let in_2024 = d.iter().filter(|(date, _)| date.starts_with("2024"));
            in_2024.clone().count() == 6 && in_2024.into_iter().all(|(_, d)| *d == 0)
        })
        .collect();
    println!("horizons that make 2024 exact: {fits:?}");
    assert!(fits.iter().any(|a| (a + 2.0).abs() < 1e-9), "{fits:?}");
    assert!(fits.iter().all(|a| (-2.1..=-1.9).contains(a)), "{fits:?}");
    // Held out, 2021, 2022, 2023 and 2026 at −2°: all within a minute (they were 4–5 off).
    let held: Vec<(String, i64)> = differences(-2.0)
        .into_iter()
        .filter(|(date, _)| !date.starts_with("2024"))
        .collect();
    assert_eq!(held.len(), 11);
    assert!(held.iter().all(|(_, d)| d.abs() <= 1), "{held:?}");
    // Which is the method's highland horizon, the place's (714 m) among them.
    assert_eq!(
        Method::KEMENAG.horizon_altitude_deg(Some("32.73"), bandung.elev_m),
        -2.0
    );
}

#[test]
fn kemenags_highland_horizon_is_fitted_on_half_the_highland_places_and_holds_on_the_rest() {
    // Kemenag's published terbit and maghrib at the places the catalogue puts at 530 m or
    // more (27 of them, 2020–2026, many publishers) but Kota Salatiga, which publishes on
    // −1° (its own in `Horizon::places`): the differences (ours − published,
    // minutes) with the Sun's centre at `altitude` there, over every other such place by id
    // (`half` 0) or the rest (`half` 1).
    let astro = astro();
    let places = catalogue();
    let highland: Vec<Vec<String>> = rows("prayer_times.csv")
        .into_iter()
        .filter(|r| r[0] == "kemenag" && places[&r[1]].elev_m >= 530.0 && r[1] != "33.73")
        .collect();
    let mut ids: Vec<&str> = highland.iter().map(|r| r[1].as_str()).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), 26);
    let differences = |altitude: f64, half: usize| -> Vec<i64> {
        let method = flat_kemenag(altitude);
        let mut out = Vec::new();
        for r in &highland {
            let index = ids.iter().position(|id| *id == r[1]).unwrap();
            if index % 2 != half {
                continue;
            }
            let observer = &places[&r[1]];
            let day = day(&astro, (None, observer), r[2].parse().unwrap(), &method);
            for prayer in [Prayer::Terbit, Prayer::Maghrib] {
                let published = &r[3 + prayer.index()];
                out.extend(minutes_off(&day, &method, prayer, observer.tz, published));
            }
        }
        out
    };
    // At −1° every one is 3–5 minutes off (maghrib early, terbit late).
    for half in [0, 1] {
        let at_one = differences(-1.0, half);
        assert!(
            at_one.iter().all(|d| (3..=5).contains(&d.abs())),
            "{at_one:?}"
        );
    }
    // Fitted on half 0 in steps of 0.05°: the horizons that make the most exact.
    let scored: Vec<(usize, f64)> = (0..=40)
        .map(|k| -1.0 - 0.05 * f64::from(k))
        .map(|a| (differences(a, 0).iter().filter(|d| **d == 0).count(), a))
        .collect();
    let most = scored.iter().map(|(n, _)| *n).max().unwrap();
    let fits: Vec<f64> = scored
        .iter()
        .filter(|(n, _)| *n == most)
        .map(|(_, a)| *a)
        .collect();
    println!(
        "fitted on {} values: {most} exact at {fits:?}",
        differences(-2.0, 0).len()
    );
    assert!(fits.iter().any(|a| (a + 2.0).abs() < 1e-9), "{fits:?}");
    assert!(fits.iter().all(|a| (-2.1..=-1.9).contains(a)), "{fits:?}");
    // Held out, the other half at −2°: every one within a minute, nearly all exact.
    let held = differences(-2.0, 1);
    let exact = held.iter().filter(|d| **d == 0).count();
    println!("held out: {} values, {exact} exact", held.len());
    assert!(held.iter().all(|d| d.abs() <= 1), "{held:?}");
    assert!(exact * 100 >= held.len() * 80, "{exact} of {}", held.len());
    // Which is the method's highland horizon at each of them.
    for id in &ids {
        assert_eq!(
            Method::KEMENAG.horizon_altitude_deg(Some(id), places[*id].elev_m),
            -2.0
        );
    }
}

#[test]
fn muhammadiyah_reproduces_its_published_minutes() {
    let (total, exact, within, far) = published(Method::MUHAMMADIYAH);
    println!("muhammadiyah: {total} values, {exact} exact, {within} within one minute");
    // 253 published minutes at Kota Yogyakarta, Kota Makassar, DKI Jakarta, Kota Bandar
    // Lampung, Kota Semarang (2021–2026, 71: the Ramadan tables) and Kota Padang (182: its
    // Majelis Tarjih calendar of 2026, 26 dates from March to December): all within a minute,
    // 199 exact (prayer_times.md). Of the first 71, 61 exact: 3 maghrib a minute later (the
    // horizon), the rest a few seconds at minute boundaries (the point). Of Padang's 182, 138:
    // its subuh a minute earlier on 21 of 26 dates and terbit on 11 (never later), the
    // calendar's morning times about 48 s and 30 s before the rule's all year; its dzuhur,
    // ashar, maghrib and isya agree.
    assert_eq!((total, within), (253, 253), "{far:?}");
    assert!(exact >= 199, "{exact} exact");
    // By zone (WIB, WITA, WIT): (values, exact, within one); no Muhammadiyah minute east of
    // Makassar was found.
    let d = differences(Method::MUHAMMADIYAH);
    let places = &catalogue();
    let by_zone = [7, 8, 9].map(|h| {
        counts(
            d.iter()
                .filter(|d| places[&d.place].tz.local_minus_utc() == h * 3_600),
        )
    });
    println!("muhammadiyah by zone {by_zone:?}");
    assert_eq!(by_zone, [(216, 166, 216), (37, 33, 37), (0, 0, 0)]);
}

#[test]
fn myquran_example_for_kota_kediri() {
    // myQuran's API example, Kota Kediri on 2026-06-23: every time exact.
    let astro = astro();
    let kediri = catalogue()["35.71"];
    let day = day(
        &astro,
        (Some("35.71"), &kediri),
        NaiveDate::from_ymd_opt(2026, 6, 23).unwrap(),
        &Method::KEMENAG,
    );
    let got: Vec<String> = Prayer::ALL
        .iter()
        .map(|p| {
            local(&day, &Method::KEMENAG, *p, kediri.tz)
                .format("%H:%M")
                .to_string()
        })
        .collect();
    assert_eq!(
        got,
        ["04:13", "04:23", "05:41", "06:10", "11:38", "14:57", "17:27", "18:42"]
    );
}

#[test]
fn polar_night_has_no_sunrise_and_midsummer_no_twilight() {
    let astro = astro();
    // Tromsø at the winter solstice: the Sun stays below the horizon; the twilights occur.
    let tromso = Observer {
        lat_deg: 69.65,
        lon_deg: 18.96,
        elev_m: 0.0,
        tz: FixedOffset::east_opt(3_600).unwrap(),
    };
    let day = day(
        &astro,
        (None, &tromso),
        NaiveDate::from_ymd_opt(2026, 12, 21).unwrap(),
        &Method::KEMENAG,
    );
    for absent in [
        Prayer::Terbit,
        Prayer::Dhuha,
        Prayer::Ashar,
        Prayer::Maghrib,
    ] {
        assert!(day.times[absent.index()].is_none(), "{absent:?}");
    }
    for present in [Prayer::Imsak, Prayer::Subuh, Prayer::Dzuhur, Prayer::Isya] {
        assert!(day.times[present.index()].is_some(), "{present:?}");
    }
    let noon = day.times[Prayer::Dzuhur.index()].unwrap();
    let hour = noon.utc.with_timezone(&tromso.tz).hour();
    assert!(noon.sun_alt_deg < 0.0 && hour == 11, "{noon:?}");
}

/// The series of the archive's table, as a list.
fn series_list() -> Vec<hijri::prayer::Series> {
    let (all, len) = hijri::prayer::series();
    all.iter().take(len).flatten().copied().collect()
}

/// The bulk path's instant (Unix seconds, stored second) of `prayer` by `method` at `place`
/// on `date`, with a Sun table of a few days around it.
fn bulk_one(
    astro: &Astro,
    place: &hijri::schema::PrayerPlace,
    date: NaiveDate,
    method: &Method,
    prayer: Prayer,
) -> Option<i64> {
    use hijri_generator::prayer_table::place_series;
    let sun = astro
        .sun_table(date - chrono::Days::new(3), date + chrono::Days::new(3))
        .unwrap();
    let list = series_list();
    let day = hijri::date::Date::from(date);
    let columns = place_series(&sun, place, &list, day, 1).unwrap();
    let index = hijri::prayer::series_index(method, prayer).unwrap();
    columns[index][0]
}

#[test]
fn bulk_instants_agree_with_skyfield() {
    let astro = astro();
    let (mut compared, mut worst) = (0, 0.0_f64);
    for r in rows("prayer_skyfield.csv") {
        let [_, lat, lon, elev, date, time, ut1] = &r[..] else {
            panic!("bad row {r:?}")
        };
        let lon_deg: f64 = lon.parse().unwrap();
        let offset_h = (lon_deg / 15.0).round() as i32;
        let place = hijri::schema::PrayerPlace {
            id: "x".into(),
            name: "x".into(),
            province: "x".into(),
            lat: lat.parse().unwrap(),
            lon: lon_deg,
            elev_m: elev.parse().unwrap(),
            tz: match offset_h {
                7 => "Asia/Jakarta",
                8 => "Asia/Makassar",
                9 => "Asia/Jayapura",
                0 => "UTC",
                other => panic!("zone {other}"),
            }
            .into(),
        };
        let (method, prayer) = reference_time(time);
        if prayer == Prayer::Imsak {
            continue;
        }
        let ours = bulk_one(&astro, &place, date.parse().unwrap(), &method, prayer);
        if ut1 == "none" {
            assert!(ours.is_none(), "{r:?}: Skyfield has none, we have {ours:?}");
            continue;
        }
        let theirs = DateTime::parse_from_rfc3339(ut1).unwrap().to_utc();
        let theirs = theirs.timestamp_micros() as f64 * 1e-6;
        let ours = ours.unwrap_or_else(|| panic!("{r:?}: Skyfield has it, we have none")) as f64;
        // The stored second is the instant rounded up or down: within 1 s of it.
        let diff = (ours - theirs).abs();
        assert!(diff <= SKYFIELD_TOLERANCE_S, "{r:?}: {diff:.3} s off");
        compared += 1;
        worst = worst.max(diff);
    }
    println!("{compared} bulk instants, largest difference {worst:.3} s");
    assert!(compared >= 280, "{compared}");
}

#[test]
fn bulk_path_agrees_with_the_precise_path_for_every_place() {
    use hijri_generator::prayer_table::{place_series, read_places};
    let astro = astro();
    let (_, places) = read_places(data_dir()).unwrap();
    let list = series_list();
    let mut compared = 0;
    let mut worst = 0.0_f64;
    for year in [1945, 1983, 2026, 2061, 2100] {
        let first = NaiveDate::from_ymd_opt(year, 1, 1).unwrap();
        let last = NaiveDate::from_ymd_opt(year, 12, 31).unwrap();
        let sun = astro.sun_table(first, last).unwrap();
        for place in &places {
            let days = 365;
            let columns =
                place_series(&sun, place, &list, hijri::date::Date::from(first), days).unwrap();
            let observer = Observer {
                lat_deg: place.lat,
                lon_deg: place.lon,
                elev_m: place.elev_m,
                tz: hijri::zone::Zone::civil_named(&place.tz),
            };
            for k in (0..days).step_by(23) {
                let date = first + chrono::Days::new(k as u64);
                for method in Method::ALL {
                    let precise = day(&astro, (Some(&place.id), &observer), date, &method);
                    for prayer in Prayer::ALL.into_iter().skip(1) {
                        let index = hijri::prayer::series_index(&method, prayer).unwrap();
                        let bulk = columns[index][k];
                        let exact = precise.times[prayer.index()];
                        match (bulk, exact) {
                            (None, None) => {}
                            (Some(b), Some(e)) => {
                                let e = e.utc.timestamp_micros() as f64 * 1e-6;
                                let diff = (b as f64 - e).abs();
                                assert!(
                                    diff <= 1.0 + 0.1,
                                    "{} {date} {} {}: {diff:.3} s",
                                    place.id,
                                    method.id,
                                    prayer.name()
                                );
                                worst = worst.max((b as f64 - e).abs());
                                compared += 1;
                            }
                            other => panic!("{} {date} {prayer:?}: {other:?}", place.id),
                        }
                    }
                }
            }
        }
    }
    println!("{compared} instants, largest difference (stored second) {worst:.3} s");
    assert!(compared > 10_000, "{compared}");
}
