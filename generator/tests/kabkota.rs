//! The places catalogue (`data/places/kabkota.csv`) against the facts it is derived from:
//! Kemenag's list of places (`data/places/kemenag_lokasi.csv`, 517 as myQuran lists them),
//! Kepmendagri's kode and provinces, Indonesia's extent and time zones, and seat points
//! published independently (`data/reference/seat_points.csv`, SimpleMaps' world cities).

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    reason = "test helpers may panic: a panic fails the test"
)]

use hijri::schema::PrayerPlace;
use hijri_generator::kabkota;
use std::collections::{BTreeMap, BTreeSet};

mod common;

use common::data_dir;

fn places() -> Vec<PrayerPlace> {
    kabkota::load(&data_dir().join(kabkota::FILE)).unwrap()
}

/// The rows of a committed CSV without quoted fields, header skipped.
fn rows(path: &str) -> Vec<Vec<String>> {
    std::fs::read_to_string(data_dir().join(path))
        .unwrap()
        .lines()
        .skip(1)
        .map(|line| line.split(',').map(str::to_owned).collect())
        .collect()
}

/// Kepmendagri's provinces (2025: 38), by the kode's first two digits.
const PROVINCES: [(&str, &str); 38] = [
    ("11", "Aceh"),
    ("12", "Sumatera Utara"),
    ("13", "Sumatera Barat"),
    ("14", "Riau"),
    ("15", "Jambi"),
    ("16", "Sumatera Selatan"),
    ("17", "Bengkulu"),
    ("18", "Lampung"),
    ("19", "Kepulauan Bangka Belitung"),
    ("21", "Kepulauan Riau"),
    ("31", "DKI Jakarta"),
    ("32", "Jawa Barat"),
    ("33", "Jawa Tengah"),
    ("34", "DI Yogyakarta"),
    ("35", "Jawa Timur"),
    ("36", "Banten"),
    ("51", "Bali"),
    ("52", "Nusa Tenggara Barat"),
    ("53", "Nusa Tenggara Timur"),
    ("61", "Kalimantan Barat"),
    ("62", "Kalimantan Tengah"),
    ("63", "Kalimantan Selatan"),
    ("64", "Kalimantan Timur"),
    ("65", "Kalimantan Utara"),
    ("71", "Sulawesi Utara"),
    ("72", "Sulawesi Tengah"),
    ("73", "Sulawesi Selatan"),
    ("74", "Sulawesi Tenggara"),
    ("75", "Gorontalo"),
    ("76", "Sulawesi Barat"),
    ("81", "Maluku"),
    ("82", "Maluku Utara"),
    ("91", "Papua"),
    ("92", "Papua Barat"),
    ("93", "Papua Selatan"),
    ("94", "Papua Tengah"),
    ("95", "Papua Pegunungan"),
    ("96", "Papua Barat Daya"),
];

/// WIB: Sumatra, Java, West and Central Kalimantan; WITA: Bali, Nusa Tenggara, South, East and
/// North Kalimantan, Sulawesi; WIT: Maluku, Maluku Utara and the Papua provinces.
fn zone_of(province_code: &str) -> &'static str {
    match province_code {
        "11" | "12" | "13" | "14" | "15" | "16" | "17" | "18" | "19" | "21" | "31" | "32"
        | "33" | "34" | "35" | "36" | "61" | "62" => "Asia/Jakarta",
        "51" | "52" | "53" | "63" | "64" | "65" | "71" | "72" | "73" | "74" | "75" | "76" => {
            "Asia/Makassar"
        }
        _ => "Asia/Jayapura",
    }
}

#[test]
fn one_row_per_kemenag_place() {
    let places = places();
    let kemenag = rows("places/kemenag_lokasi.csv");
    assert_eq!(kemenag.len(), 517, "Kemenag's list");
    assert_eq!(places.len(), kemenag.len());
    // Every Kemenag place once, by its myQuran id (the 8th column).
    let text = std::fs::read_to_string(data_dir().join(kabkota::FILE)).unwrap();
    let ids: BTreeSet<String> = text
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(7).unwrap().to_owned())
        .collect();
    let listed: BTreeSet<String> = kemenag.iter().map(|r| r[0].clone()).collect();
    assert_eq!(ids, listed);
}

#[test]
fn ids_are_kode_wilayah_and_match_their_province() {
    let provinces: BTreeMap<&str, &str> = PROVINCES.into_iter().collect();
    let mut kode = BTreeSet::new();
    for p in places() {
        let (code, slug) = p.id.split_once('-').unwrap_or((&p.id, ""));
        let [a, b, c, d, e] = code.as_bytes() else {
            panic!("{}: not NN.NN", p.id)
        };
        assert!(
            a.is_ascii_digit() && b.is_ascii_digit() && *c == b'.',
            "{}",
            p.id
        );
        assert!(d.is_ascii_digit() && e.is_ascii_digit(), "{}", p.id);
        assert!(
            slug.bytes().all(|c| c.is_ascii_lowercase() || c == b'-'),
            "{}",
            p.id
        );
        assert_eq!(
            provinces.get(&code[..2]),
            Some(&p.province.as_str()),
            "{}",
            p.id
        );
        if slug.is_empty() {
            kode.insert(code.to_owned());
        }
        assert!(
            p.name.starts_with("Kabupaten ")
                || p.name.starts_with("Kota ")
                || p.name.contains("(Kabupaten "),
            "{}",
            p.name
        );
    }
    // Kepmendagri's 514 kab/kota, less the five kota of DKI Jakarta, plus Kemenag's one Kota
    // Jakarta (under Jakarta Pusat's kode, 31.71).
    assert_eq!(kode.len(), 514 - 5 + 1);
    assert_eq!(provinces.len(), 38);
    let used: BTreeSet<&str> = kode.iter().map(|k| &k[..2]).collect();
    assert_eq!(used.len(), 38, "every province has places");
}

#[test]
fn points_lie_in_indonesia_in_their_province_zone() {
    for p in places() {
        assert!(
            (-11.1..=6.1).contains(&p.lat) && (94.9..=141.1).contains(&p.lon),
            "{}: {} {}",
            p.id,
            p.lat,
            p.lon
        );
        assert!((0.0..=4_000.0).contains(&p.elev_m), "{}", p.id);
        assert_eq!(p.tz, zone_of(&p.id[..2]), "{}", p.id);
    }
}

#[test]
fn highland_seats_are_high() {
    // Elevations of highland seats against the commonly published ones (to within 200 m):
    // Kota Bandung ~768 m, Wonosobo ~772 m, Kabanjahe ~1,200 m, Makale ~770 m, Wamena
    // ~1,550 m, Kota Malang ~440 m.
    let by_id: BTreeMap<String, PrayerPlace> =
        places().into_iter().map(|p| (p.id.clone(), p)).collect();
    for (id, published) in [
        ("32.73", 768.0),
        ("33.07", 772.0),
        ("12.06", 1_200.0),
        ("73.18", 770.0),
        ("95.01", 1_550.0),
        ("35.73", 440.0),
    ] {
        let p = &by_id[id];
        assert!((p.elev_m - published).abs() <= 200.0, "{id}: {}", p.elev_m);
    }
}

#[test]
fn seats_agree_with_independently_published_points() {
    let by_id: BTreeMap<String, PrayerPlace> =
        places().into_iter().map(|p| (p.id.clone(), p)).collect();
    let reference = rows("reference/seat_points.csv");
    assert!(reference.len() >= 10);
    for r in reference {
        let p = &by_id[&r[0]];
        let (lat, lon): (f64, f64) = (r[2].parse().unwrap(), r[3].parse().unwrap());
        let km = ((p.lat - lat).powi(2) + ((p.lon - lon) * lat.to_radians().cos()).powi(2)).sqrt()
            * 111.2;
        assert!(km <= 5.0, "{} {}: {km:.1} km from {}", r[0], r[1], r[4]);
    }
}
