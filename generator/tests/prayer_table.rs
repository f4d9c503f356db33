//! The archive's prayer table as the server reads it (`hijri::prayer_table`), built for three
//! places of `data/places/kabkota.csv` (a lowland WIB city, a highland one and a WIT one) by
//! the generator's bulk path: every look-up (exact instants, published minutes, defining
//! altitudes) against the precise path (`hijri_astro::prayer`, itself checked against
//! Skyfield in `prayer.rs`) on days spread over the span, the published minutes identical;
//! the table's shape checked at open.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    reason = "test helpers may panic: a panic fails the test"
)]

use std::path::Path;

use chrono::{Datelike, NaiveDate};
use hijri::date::Date;
use hijri::prayer::{Method, Prayer};
use hijri::prayer_table::{
    check, check_for, defining_altitude, exact_day, exact_days, place_index, published_day, Unfit,
};
use hijri::schema::{ArchivedDataset, Dataset};
use hijri_astro::{Astro, Observer};
use hijri_generator::prayer_table::{ashar_rule, build, read_places, targets};
use hijri_testing::DatasetBuilder;

mod common;

use common::data_dir;

/// The three places' dataset (no calendar: the table is read without `archive::open`'s
/// calendar rules, by rkyv's checked access).
fn dataset(astro: &Astro) -> Dataset {
    let (_, all) = read_places(data_dir()).unwrap();
    let chosen: Vec<_> = all
        .into_iter()
        .filter(|p| ["35.71", "32.73", "91.71"].contains(&p.id.as_str()))
        .collect();
    assert_eq!(chosen.len(), 3);
    let (table, _) = build(astro, &chosen, 1).unwrap();
    let mut dataset = DatasetBuilder::new().build();
    dataset.places = chosen;
    dataset.prayer = table;
    dataset
}

fn access(bytes: &[u8]) -> &ArchivedDataset {
    rkyv::access::<ArchivedDataset, rkyv::rancor::Error>(bytes).unwrap()
}

/// Runs `check` on the committed ephemeris, the three places' dataset and its archived form.
fn with_table(check: impl FnOnce(&Astro, &Dataset, &ArchivedDataset)) {
    let astro = Astro::load(data_dir()).unwrap();
    let dataset = dataset(&astro);
    let bytes = rkyv::to_bytes::<rkyv::rancor::Error>(&dataset).unwrap();
    check(&astro, &dataset, access(&bytes));
}

#[test]
fn look_ups_agree_with_the_precise_path() {
    with_table(|astro, dataset, archived| {
        assert_eq!(check(archived), Ok(()));
        // The places in the file's order: Kota Bandung (32.73), Kota Kediri (35.71), Kota
        // Jayapura (91.71).
        assert_eq!(place_index(archived, "32.73"), Some(0));
        assert_eq!(place_index(archived, "35.71"), Some(1));
        assert_eq!(place_index(archived, "99.99"), None);

        let (compared, worst_alt) = agree(astro, dataset, archived, &Method::ALL, 997);
        println!("{compared} times compared; defining altitudes within {worst_alt:.4}°");
        assert!(compared > 2_700);
    });
}

/// Every look-up of `methods` (exact instants, published minutes, defining altitudes) on
/// every `step`-th day of the span at each place of `dataset` against the precise path:
/// the number of times compared and the largest difference of defining altitude.
fn agree(
    astro: &Astro,
    dataset: &Dataset,
    archived: &ArchivedDataset,
    methods: &[Method],
    step: usize,
) -> (usize, f64) {
    let (mut compared, mut worst_alt) = (0, 0.0_f64);
    for (index, place) in dataset.places.iter().enumerate() {
        let tz = hijri::zone::Zone::civil(place.tz.parse().unwrap());
        let observer = Observer {
            lat_deg: place.lat,
            lon_deg: place.lon,
            elev_m: place.elev_m,
            tz,
        };
        for k in (0..57_000).step_by(step) {
            let date = hijri::span::FIRST.add_days(k);
            let naive = NaiveDate::try_from(date).unwrap();
            for &method in methods {
                let ashar = ashar_rule(method);
                let precise = astro
                    .prayer_times(
                        &observer,
                        naive,
                        &targets(&method, Some(&place.id), place.elev_m, &ashar),
                    )
                    .unwrap();
                let exact = exact_day(archived, index, &method, date).unwrap();
                let published = published_day(archived, index, &method, date).unwrap();
                let altitudes = defining_altitude(archived, index, &method, date).unwrap();
                for prayer in Prayer::ALL {
                    let i = prayer.index();
                    let of = if prayer == Prayer::Imsak {
                        Prayer::Subuh
                    } else {
                        prayer
                    };
                    let theirs = precise.times[i].unwrap();
                    let theirs_s = theirs.utc.timestamp_micros() as f64 * 1e-6;
                    let ours = exact[i].unwrap();
                    assert!(
                        (ours as f64 - theirs_s).abs() <= 1.05,
                        "{} {date} {} {}: {ours} vs {theirs_s}",
                        place.id,
                        method.id,
                        prayer.name()
                    );
                    // The minute from the exact instant (precise path) is the table's.
                    let subuh = precise.times[Prayer::Subuh.index()].unwrap();
                    let second = method
                        .rounding_of(of)
                        .stored_second(subuh.utc.timestamp_micros() as f64 * 1e-6);
                    let base = if prayer == Prayer::Imsak {
                        second
                    } else {
                        method.rounding_of(of).stored_second(theirs_s)
                    };
                    let minute = method.published(prayer, base as i64);
                    assert_eq!(published[i], Some(minute), "{} {date} {prayer:?}", place.id);
                    // The defining altitude, where the precise path has one to compare.
                    match prayer {
                        Prayer::Imsak => assert_eq!(altitudes[i], None),
                        _ => {
                            let diff = (altitudes[i].unwrap() - theirs.sun_alt_deg).abs();
                            assert!(diff < 0.01, "{} {date} {prayer:?}: {diff}", place.id);
                            worst_alt = worst_alt.max(diff);
                        }
                    }
                    compared += 1;
                }
            }
        }
    }
    (compared, worst_alt)
}

/// The `nu` method of ARCHITECTURE.md's recipe (subuh −20°, isya −18°, the horizon of the
/// place's elevation, two minutes of ihtiyat on every time): it needs no new column.
const NU: Method = Method {
    id: "nu",
    name: "Nahdlatul Ulama (a test's method)",
    horizon: Method::MUHAMMADIYAH.horizon,
    ihtiyat_minutes: [0, 2, -2, 2, 2, 2, 2, 2],
    ..Method::KEMENAG
};

#[test]
fn a_method_that_reuses_columns_reads_a_table_made_before_it() {
    with_table(|astro, dataset, archived| {
        let with_nu = [Method::KEMENAG, Method::MUHAMMADIYAH, NU];
        assert_eq!(check_for(archived, &with_nu), Ok(()));
        let (compared, _) = agree(astro, dataset, archived, &[NU], 4_999);
        assert_eq!(compared, 3 * 12 * 8);
        // Its maghrib is Muhammadiyah's instant with two minutes of ihtiyat, not one.
        let date = Date::from_ymd(2026, 2, 18).unwrap();
        // Its instants are Kemenag's subuh (and imsak) and Muhammadiyah's horizon.
        let exact = exact_day(archived, 0, &NU, date).unwrap();
        let kemenag = exact_day(archived, 0, &Method::KEMENAG, date).unwrap();
        let muhammadiyah = exact_day(archived, 0, &Method::MUHAMMADIYAH, date).unwrap();
        assert_eq!(exact[..2], kemenag[..2]);
        assert_eq!(exact[2..], muhammadiyah[2..]);
        assert_ne!(exact[..2], muhammadiyah[..2]);
        let maghrib = Prayer::Maghrib.index();
        let (nu, muhammadiyah) = (
            published_day(archived, 0, &NU, date).unwrap()[maghrib].unwrap(),
            published_day(archived, 0, &Method::MUHAMMADIYAH, date).unwrap()[maghrib].unwrap(),
        );
        assert_eq!(nu - muhammadiyah, 60);

        // A method that needs a column the table lacks is refused, named, and reads nothing.
        let new = Method {
            id: "new",
            subuh_altitude_deg: -19.5,
            ..NU
        };
        let refused = check_for(archived, &[Method::KEMENAG, new]).unwrap_err();
        assert_eq!(
            refused,
            Unfit::NoColumn {
                method: "new",
                prayer: Prayer::Subuh
            }
        );
        assert!(refused
            .to_string()
            .starts_with("no column for subuh by `new`"));
        assert_eq!(exact_day(archived, 0, &new, date), None);
    });
}

#[test]
fn ranges_read_across_years_and_refuse_outside_the_span() {
    with_table(|_, _, archived| {
        let k = &Method::KEMENAG;
        let from = Date::from_ymd(2025, 12, 20).unwrap();
        let to = Date::from_ymd(2026, 1, 10).unwrap();
        let days = exact_days(archived, 0, k, from, to).unwrap();
        assert_eq!(days.len(), 22);
        for (offset, day) in days.iter().enumerate() {
            let one = exact_day(archived, 0, k, from.add_days(offset as i32)).unwrap();
            assert_eq!(*day, one);
        }
        // Each maghrib about a day after the one before.
        for pair in days.windows(2) {
            let step = pair[1][6].unwrap() - pair[0][6].unwrap();
            assert!((86_400 - 60..=86_400 + 60).contains(&step), "{step}");
        }
        let first = hijri::span::FIRST;
        let last = hijri::span::LAST;
        assert!(exact_day(archived, 0, k, first).is_some());
        assert!(exact_day(archived, 0, k, last).is_some());
        assert!(exact_day(archived, 0, k, first.add_days(-1)).is_none());
        assert!(exact_day(archived, 0, k, last.add_days(1)).is_none());
        assert!(exact_day(archived, 3, k, first).is_none());
        assert!(exact_days(archived, 0, k, to, from).is_none());
        // A method the table was not computed for has no times.
        let other = Method {
            subuh_altitude_deg: -19.0,
            ..Method::KEMENAG
        };
        assert!(exact_day(archived, 0, &other, from).is_none());
        // Kota Kediri, 2026-06-23 (myQuran's example: 04:13 … 18:42 WIB; see prayer.rs).
        let date = Date::from_ymd(2026, 6, 23).unwrap();
        let kediri = place_index(archived, "35.71").unwrap();
        let shown: Vec<String> = published_day(archived, kediri, k, date)
            .unwrap()
            .iter()
            .map(|t| {
                let (h, m) = hijri::date::local_clock(t.unwrap(), 7 * 3_600);
                format!("{h:02}:{m:02}")
            })
            .collect();
        assert_eq!(
            shown,
            ["04:13", "04:23", "05:41", "06:10", "11:38", "14:57", "17:27", "18:42"]
        );
        assert_eq!(NaiveDate::try_from(date).unwrap().day(), 23);
    });
}

#[test]
fn a_table_of_another_shape_is_refused() {
    let astro = Astro::load(data_dir()).unwrap();
    let good = dataset(&astro);
    let refused = |change: &dyn Fn(&mut Dataset)| {
        let mut dataset = good.clone();
        change(&mut dataset);
        let bytes = rkyv::to_bytes::<rkyv::rancor::Error>(&dataset).unwrap();
        check(access(&bytes)).unwrap_err()
    };
    refused(&|d| {
        d.prayer.lengths.pop();
    });
    refused(&|d| d.prayer.lengths[3] += 1);
    refused(&|d| d.prayer.runs[1] -= 1);
    refused(&|d| {
        d.prayer.bases.pop();
    });
    refused(&|d| d.prayer.columns[0] ^= 1);
    refused(&|d| {
        d.prayer.codes.pop();
    });
    refused(&|d| d.prayer.bits.truncate(10));
    refused(&|d| d.prayer.codes[0] = vec![1; hijri::prayer_table::SYMBOLS]);
    refused(&|d| d.prayer.declination.pop().map(|_| ()).unwrap());
    refused(&|d| d.places[0].tz = "Mars/Olympus".into());
    refused(&|d| {
        d.places.pop();
    });
    // Cut or garbled bits are read as no times, never a panic.
    let mut garbled = good.clone();
    for byte in garbled.prayer.bits.iter_mut().step_by(7) {
        *byte ^= 0x5a;
    }
    let bytes = rkyv::to_bytes::<rkyv::rancor::Error>(&garbled).unwrap();
    let archived = access(&bytes);
    for k in (0..57_000).step_by(1_009) {
        let date = hijri::span::FIRST.add_days(k);
        let _ = published_day(archived, 1, &Method::MUHAMMADIYAH, date);
        let _ = defining_altitude(archived, 2, &Method::KEMENAG, date);
    }
}

#[test]
fn a_previous_archive_under_other_method_numbers_still_lends_its_table() {
    // A method's numbers changed since the previous archive: the server refuses that archive
    // (its table no longer matches), but the generator still takes from it what its keys
    // vouch for, so its cards are not rendered again; the table itself is then recomputed
    // because its inputs key differs.
    let astro = Astro::load(data_dir()).unwrap();
    let mut dataset = dataset(&astro);
    dataset.prayer.columns[0] ^= 1;
    let bytes = hijri::archive::encode(&dataset).unwrap();
    let mut aligned = rkyv::util::AlignedVec::<16>::new();
    aligned.extend_from_slice(&bytes);
    assert!(matches!(
        hijri::archive::open(&aligned),
        Err(hijri::archive::ArchiveError::Invalid(_))
    ));
    let archived = hijri::archive::access(&aligned).unwrap();
    assert_eq!(
        check(archived),
        Err(Unfit::NoColumn {
            method: "kemenag",
            prayer: Prayer::Subuh
        })
    );
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join("previous-other-methods.archive");
    std::fs::write(&path, &bytes).unwrap();
    let previous = hijri_generator::generate::Previous::read(&path, true, false);
    assert_eq!(previous.prayer, dataset.prayer);
}
