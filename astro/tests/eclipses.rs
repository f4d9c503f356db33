//! Every eclipse 1945–2100 against the astronomy-engine package's global solar and lunar
//! eclipse searches (`data/reference/eclipses/global.csv`, its own ephemeris and ΔT): the
//! same eclipses, the same types, greatest eclipse within 60 s (in UT to 2050, in TT beyond,
//! where the two ΔT models part), the lunar contacts within 60 s.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    reason = "test helpers may panic: a panic fails the test"
)]

use chrono::{DateTime, Utc};
use hijri_astro::eclipse::lunar::LunarType;
use hijri_astro::eclipse::solar::SolarType;
use hijri_astro::eclipse::Eclipse;
use hijri_astro::Astro;

mod common;

use common::{astro, data_dir};

fn at(text: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(text).unwrap().to_utc()
}

/// Seconds past J2000 (2000-01-01T12:00) of a UTC instant, as the crate counts UT.
fn ut_seconds(t: DateTime<Utc>) -> f64 {
    (t - at("2000-01-01T12:00:00Z")).as_seconds_f64()
}

/// One reference row: kind, type, peak UT and TT (seconds past J2000), lunar semi-durations.
struct Row {
    kind: String,
    kind_type: String,
    ut: f64,
    tt: f64,
    semi_minutes: [f64; 3],
}

fn reference() -> Vec<Row> {
    let text = std::fs::read_to_string(data_dir().join("reference/eclipses/global.csv")).unwrap();
    text.lines()
        .skip(1)
        .map(|line| {
            let f: Vec<&str> = line.split(',').collect();
            let minutes = |s: &str| s.parse::<f64>().unwrap_or(0.0);
            Row {
                kind: f[0].to_owned(),
                kind_type: f[1].to_owned(),
                ut: ut_seconds(at(f[2])),
                tt: (f[3].parse::<f64>().unwrap() - 2_451_545.0) * 86_400.0,
                semi_minutes: [minutes(f[4]), minutes(f[5]), minutes(f[6])],
            }
        })
        .collect()
}

/// Our type of an eclipse, as the reference names it.
fn name(e: &Eclipse) -> (&'static str, String) {
    match e {
        Eclipse::Solar(s) => ("solar", format!("{:?}", s.kind).to_lowercase()),
        Eclipse::Lunar(l) => ("lunar", format!("{:?}", l.kind).to_lowercase()),
    }
}

fn all(astro: &Astro) -> Vec<Eclipse> {
    astro
        .eclipses(at("1945-01-01T00:00:00Z"), at("2101-01-01T00:00:00Z"))
        .unwrap()
}

/// The list, the types, greatest eclipse and the umbral phases' lengths. Two conventions
/// part and are allowed for: astronomy-engine calls partial the eclipses whose umbra or
/// antumbra touches the Earth with the axis missing it (NASA's non-central total and
/// annular ones, which we call total or annular), and its penumbra is smaller than the 2 %
/// enlargement we (and BMKG) give it, so three penumbral eclipses that graze our penumbra
/// (magnitude under 0.02) are ours only and our penumbral phases are 1–13 minutes longer
/// (held to BMKG's instead, below).
#[test]
fn every_eclipse_1945_2100_matches_astronomy_engine() {
    let astro = astro();
    let ours = all(&astro);
    let theirs = reference();
    let ut_2050 = ut_seconds(at("2050-01-01T00:00:00Z"));
    let mut paired = vec![false; theirs.len()];
    let (mut worst, mut worst_umbral) = (0.0f64, 0.0f64);
    for o in &ours {
        let tt = o.greatest_tt();
        let (kind, kind_type) = name(o);
        let Some(j) = theirs
            .iter()
            .position(|r| r.kind == kind && (r.tt - tt).abs() < 86_400.0)
        else {
            let Eclipse::Lunar(e) = o else {
                panic!("solar eclipse at TT {tt} not in the reference")
            };
            assert!(
                e.kind == LunarType::Penumbral && e.penumbral_magnitude < 0.02,
                "{e:?}"
            );
            continue;
        };
        paired[j] = true;
        let r = &theirs[j];
        let (off, same_type) = match o {
            Eclipse::Solar(e) => (
                e.greatest_tt
                    - if r.ut < ut_2050 {
                        e.delta_t + r.ut
                    } else {
                        r.tt
                    },
                kind_type == r.kind_type
                    || (e.kind == SolarType::Hybrid
                        && ["total", "annular"].contains(&r.kind_type.as_str()))
                    || (!e.central && r.kind_type == "partial"),
            ),
            Eclipse::Lunar(e) => {
                let c = e.contacts;
                for (semi, (begin, end)) in
                    r.semi_minutes[1..].iter().zip([(c.u1, c.u4), (c.u2, c.u3)])
                {
                    if let (Some(b), Some(e)) = (begin, end) {
                        let d = ((e - b) / 2.0 - semi * 60.0).abs();
                        assert!(
                            d < if *semi >= 20.0 { 30.0 } else { 90.0 },
                            "{d} s at {}",
                            r.ut
                        );
                        worst_umbral = worst_umbral.max(d);
                    }
                }
                (
                    e.greatest_tt
                        - if r.ut < ut_2050 {
                            e.delta_t + r.ut
                        } else {
                            r.tt
                        },
                    kind_type == r.kind_type,
                )
            }
        };
        assert!(
            off.abs() < 60.0,
            "{kind} {kind_type} at UT {}: {off} s",
            r.ut
        );
        assert!(
            same_type,
            "{kind} {kind_type} at UT {}: theirs {}",
            r.ut, r.kind_type
        );
        worst = worst.max(off.abs());
    }
    assert!(
        paired.iter().all(|&p| p),
        "reference eclipses we do not find"
    );
    println!(
        "{} ours, {} theirs; greatest within {worst:.1} s, umbral semi-durations within {worst_umbral:.1} s",
        ours.len(),
        theirs.len()
    );
}

/// Published values of NASA's Five Millennium Canon (Espenak and Meeus): the type, the
/// magnitude and gamma at greatest eclipse (to 0.0005) and the saros series.
#[test]
fn solar_eclipses_have_the_canons_numbers() {
    let astro = astro();
    let ours = all(&astro);
    let solar = |date: &str| {
        ours.iter()
            .find_map(|e| match e {
                Eclipse::Solar(s) if utc(s.greatest_tt - s.delta_t).starts_with(date) => Some(s),
                _ => None,
            })
            .unwrap()
    };
    for (date, kind, magnitude, gamma, saros) in [
        ("2016-03-09", SolarType::Total, 1.0450, 0.2609, 130),
        ("2019-12-26", SolarType::Annular, 0.9703, 0.4135, 132),
        ("2023-04-20", SolarType::Hybrid, 1.0132, -0.3952, 129),
        ("2024-04-08", SolarType::Total, 1.0566, 0.3431, 139),
    ] {
        let e = solar(date);
        assert_eq!((e.kind, e.saros), (kind, saros), "{date}");
        assert!(
            (e.magnitude - magnitude).abs() < 0.0005,
            "{date}: {}",
            e.magnitude
        );
        assert!((e.gamma - gamma).abs() < 0.0005, "{date}: {}", e.gamma);
    }
    let lunar_saros = |date: &str| {
        ours.iter()
            .find_map(|e| match e {
                Eclipse::Lunar(l) if utc(l.greatest_tt - l.delta_t).starts_with(date) => {
                    Some(l.saros)
                }
                _ => None,
            })
            .unwrap()
    };
    for (date, saros) in [
        ("2018-07-27", 129),
        ("2021-05-26", 121),
        ("2022-11-08", 136),
        ("2025-09-07", 128),
    ] {
        assert_eq!(lunar_saros(date), saros, "{date}");
    }
}

/// The total lunar eclipse of 7–8 September 2025 as BMKG published it (WIB, UTC+7: P1
/// 22:26:56, U1 23:26:44, U2 00:30:17, greatest 01:11:45, U3 01:53:13, U4 02:56:46, P4
/// 03:56:34), every contact within a minute.
#[test]
fn lunar_eclipse_of_2025_09_07_has_bmkgs_contacts() {
    let astro = astro();
    let e = astro
        .eclipses(at("2025-09-01T00:00:00Z"), at("2025-09-15T00:00:00Z"))
        .unwrap()
        .into_iter()
        .find_map(|e| match e {
            Eclipse::Lunar(l) => Some(l),
            Eclipse::Solar(_) => None,
        })
        .unwrap();
    assert_eq!(e.kind, LunarType::Total);
    let c = e.contacts;
    let ours = [
        Some(c.p1),
        c.u1,
        c.u2,
        Some(e.greatest_tt),
        c.u3,
        c.u4,
        Some(c.p4),
    ];
    let bmkg = [
        "2025-09-07T22:26:56+07:00",
        "2025-09-07T23:26:44+07:00",
        "2025-09-08T00:30:17+07:00",
        "2025-09-08T01:11:45+07:00",
        "2025-09-08T01:53:13+07:00",
        "2025-09-08T02:56:46+07:00",
        "2025-09-08T03:56:34+07:00",
    ];
    for (tt, published) in ours.iter().zip(bmkg) {
        let d = tt.unwrap() - e.delta_t - ut_seconds(at(published));
        assert!(d.abs() < 60.0, "{published}: {d} s");
    }
}

/// The UTC text of UT `ut` seconds past J2000.
fn utc(ut: f64) -> String {
    hijri_astro::time::datetime_from_ut(ut)
        .unwrap()
        .to_rfc3339()
}
