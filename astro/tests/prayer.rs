//! Prayer times (`hijri_astro::prayer`) against two independent references:
//! - `data/reference/prayer_skyfield.csv`: the unrounded instants by Skyfield 1.55 with the same
//!   DE440 excerpt (an independent implementation of the Sun's apparent place and of the root
//!   search), at the boundary centres of ten places (`prayer_places.csv`) on days of 2000, 2013,
//!   2026 and 2031 and at London, where the −18° and −20° twilights do not occur at midsummer;
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
use hijri_astro::prayer::{Method, Prayer};
use hijri_astro::{Astro, Observer};
use std::collections::HashMap;
use std::path::Path;

/// Largest difference allowed from Skyfield's instant, seconds.
const SKYFIELD_TOLERANCE_S: f64 = 2.0;

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
/// `id,name,province,lat,lon,elev_m,tz`): the observer (elevation and zone included).
fn places() -> HashMap<String, Observer<FixedOffset>> {
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
        let (method, prayer) = match time.as_str() {
            "subuh_muhammadiyah" => (Method::MUHAMMADIYAH, Prayer::Subuh),
            name => (
                Method::KEMENAG,
                *Prayer::ALL.iter().find(|p| p.name() == name).unwrap(),
            ),
        };
        let day = astro.prayer_times(&observer, date, &method).unwrap();
        let ours = day.get(prayer);
        if ut1 == "none" {
            assert!(ours.is_none(), "{r:?}: Skyfield has none, we have {ours:?}");
            absent += 1;
            continue;
        }
        let theirs: DateTime<Utc> = DateTime::parse_from_rfc3339(ut1).unwrap().to_utc();
        let ours = ours.unwrap_or_else(|| panic!("{r:?}: Skyfield has it, we have none"));
        let diff = (ours.exact_utc - theirs).as_seconds_f64().abs();
        assert!(
            diff <= SKYFIELD_TOLERANCE_S,
            "{r:?}: ours {}, {diff:.3} s off",
            ours.exact_utc
        );
        compared += 1;
        worst = worst.max(diff);
    }
    println!("{compared} instants, largest difference {worst:.3} s");
    assert_eq!((compared, absent), (333, 3));
}

/// How many published minutes the computation reproduces, each place at the elevation
/// `elevation(id, catalogue's elevation)`: (values, exact, within one minute, the misses by more
/// than a minute as text).
fn published(
    method: &str,
    elevation: &dyn Fn(&str, f64) -> f64,
) -> (usize, usize, usize, Vec<String>) {
    let astro = astro();
    let places = places();
    let (mut total, mut exact, mut within) = (0, 0, 0);
    let mut far = Vec::new();
    for r in rows("prayer_times.csv")
        .into_iter()
        .filter(|r| r[0] == method)
    {
        let m = Method::by_id(&r[0]).unwrap();
        let place = &places[&r[1]];
        let observer = Observer {
            elev_m: elevation(&r[1], place.elev_m),
            ..*place
        };
        let date: NaiveDate = r[2].parse().unwrap();
        let day = astro.prayer_times(&observer, date, &m).unwrap();
        for (prayer, published) in Prayer::ALL.iter().zip(&r[3..11]) {
            if published.is_empty() {
                continue;
            }
            let (h, min) = published.split_once(':').unwrap();
            let minutes = h.parse::<i64>().unwrap() * 60 + min.parse::<i64>().unwrap();
            let local = day.get(*prayer).unwrap().local;
            let ours = i64::from(local.hour() * 60 + local.minute());
            let diff = ours - minutes;
            total += 1;
            exact += usize::from(diff == 0);
            within += usize::from(diff.abs() <= 1);
            if diff.abs() > 1 {
                far.push(format!(
                    "{} {} {}: {published} vs {}",
                    r[1],
                    r[2],
                    prayer.name(),
                    local.format("%H:%M")
                ));
            }
        }
    }
    (total, exact, within, far)
}

#[test]
fn kemenag_reproduces_its_published_minutes() {
    let (total, exact, within, far) = published("kemenag", &|_, elev| elev);
    println!(
        "kemenag: {total} values, {exact} exact, {within} within one minute; further: {far:#?}"
    );
    assert_eq!(total, 550);
    // At the catalogue's seats and GeoNames dem elevations: 82.5 % to the minute, 97.3 % within
    // one (prayer_times.md: Kemenag's horizon elevation is its own per place, not the terrain's
    // at Kota Bandung, Kota Malang and Kota Makassar; Sleman's source repeats one day; the rest
    // fall at minute boundaries both ways).
    assert!(exact >= 454, "{exact} exact");
    assert!(within >= 535, "{within} within one minute");
}

#[test]
fn kemenag_terbit_and_maghrib_fit_a_one_degree_horizon() {
    // Evidence for the horizon rule (prayer_times.md): with the Sun's centre at −1° for terbit
    // and maghrib everywhere, whatever the elevation (16′ + 34′ and a dip of 10′, the dip of
    // (10 / 1.76)² m), 89 % of the published minutes are exact; only Kota Bandung's terbit and
    // maghrib (a horizon near −2°) and Sleman's repeated day stay further than a minute.
    let one_degree = (10.0_f64 / 1.76).powi(2);
    let (total, exact, within, far) = published("kemenag", &|_, _| one_degree);
    println!("kemenag at −1°: {total} values, {exact} exact, {within} within one minute; {far:#?}");
    assert!(exact >= 490, "{exact} exact");
    assert!(within >= 539, "{within} within one minute");
    assert!(
        far.iter()
            .all(|f| f.starts_with("32.73") || f.starts_with("34.04")),
        "{far:#?}"
    );
}

#[test]
fn muhammadiyah_reproduces_its_published_minutes() {
    let (total, exact, within, far) = published("muhammadiyah", &|_, elev| elev);
    println!("muhammadiyah: {total} values, {exact} exact, {within} within one minute");
    // 71 published minutes at Kota Yogyakarta, Kota Makassar, DKI Jakarta, Kota Bandar Lampung and
    // Kota Semarang (2021–2026): all within a minute, 51 exact. Of the 20 misses, 10 are
    // Makassar's terbit (published a minute earlier) and dhuha (a minute later): those two take
    // Kemenag's two minutes of ihtiyat, which would give 61 exact; 3 are maghrib a minute later
    // (the horizon), 7 a few seconds at minute boundaries (the point); see prayer_times.md.
    assert_eq!((total, within), (71, 71), "{far:?}");
    assert!(exact >= 51, "{exact} exact");
}

#[test]
fn myquran_example_for_kota_kediri() {
    // myQuran's API example, Kota Kediri on 2026-06-23: every time within a minute, and the
    // imsak-subuh gap, dhuha, ashar and isya exact.
    let astro = astro();
    let day = astro
        .prayer_times(
            &places()["35.71"],
            NaiveDate::from_ymd_opt(2026, 6, 23).unwrap(),
            &Method::KEMENAG,
        )
        .unwrap();
    let got: Vec<String> = Prayer::ALL
        .iter()
        .map(|p| day.get(*p).unwrap().local.format("%H:%M").to_string())
        .collect();
    assert_eq!(
        got,
        ["04:13", "04:23", "05:40", "06:10", "11:38", "14:57", "17:28", "18:42"]
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
    let day = astro
        .prayer_times(
            &tromso,
            NaiveDate::from_ymd_opt(2026, 12, 21).unwrap(),
            &Method::KEMENAG,
        )
        .unwrap();
    for absent in [
        Prayer::Terbit,
        Prayer::Dhuha,
        Prayer::Ashar,
        Prayer::Maghrib,
    ] {
        assert!(day.get(absent).is_none(), "{absent:?}");
    }
    for present in [Prayer::Imsak, Prayer::Subuh, Prayer::Dzuhur, Prayer::Isya] {
        assert!(day.get(present).is_some(), "{present:?}");
    }
    let noon = day.get(Prayer::Dzuhur).unwrap();
    assert!(
        noon.sun_alt_deg < 0.0 && noon.local.hour() == 11,
        "{noon:?}"
    );
}
