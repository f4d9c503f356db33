//! KHGT's world map against the record it is drawn for, for every KHGT month of the card
//! years: the 24:00 UTC line passes through PKG 1's best place when that place's sunset is
//! the deadline itself (and has it on its PKG 1 side otherwise), the region drawn where the
//! limits hold contains the deciding place of every month that met them (on the PKG 1 side
//! for PKG 1, on the mainland of the Americas beyond the line for PKG 2; to one grid cell
//! where the region ends at polar day or night), and Ramadhan 1447
//! (PKG 2, Alaska) and Syawal 1447 (PKG 1) in particular.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    reason = "test helpers may panic: a panic fails the test"
)]

use hijri::fixed::from_fixed;
use hijri::schema::{Applied, KhgtPlace, Record};
use hijri_cards::world::{WORLD_SOUTH, WORLD_WEST};
use hijri_cards::{display_points, WorldInputs};
use hijri_generator::card_set::{month_inputs, MapData};
use hijri_generator::generate::{build_calendar, CARD_YEARS};
use hijri_generator::land::Outline;
use rayon::prelude::*;

mod common;

/// A month's record and its world map's inputs.
struct Drawn {
    name: String,
    applied: Applied,
    deadline: i64,
    pkg1: Option<KhgtPlace>,
    pkg2: Option<KhgtPlace>,
    world: WorldInputs,
}

fn khgt_months() -> Vec<Drawn> {
    let built = build_calendar(common::data_dir(), false).unwrap();
    let drawn = built.drawn("muhammadiyah").unwrap();
    let points = display_points().unwrap();
    let months: Vec<_> = drawn
        .chain
        .months
        .iter()
        .filter(|m| (CARD_YEARS[0]..=CARD_YEARS[1]).contains(&m.hijri.year))
        .filter(|m| matches!(m.record, Record::Khgt(_)))
        .collect();
    months
        .par_iter()
        .map(|month| {
            let Record::Khgt(evening) = &month.record else {
                unreachable!()
            };
            let inputs = month_inputs(&built.astro, drawn, points, month).unwrap();
            let MapData::World(world) = inputs.map else {
                panic!(
                    "{}-{}: a KHGT month's map is the world's",
                    month.hijri.year, month.hijri.month
                )
            };
            Drawn {
                name: format!("{}-{:02}", month.hijri.year, month.hijri.month),
                applied: evening.applied,
                deadline: i64::from(evening.day) * 86_400 + 24 * 3_600,
                pkg1: evening.pkg1.clone(),
                pkg2: evening.pkg2.clone(),
                world,
            }
        })
        .collect()
}

/// KHGT's limits, degrees.
const LIMITS: (f64, f64) = (5.0, 8.0);

fn at(place: &KhgtPlace) -> (f64, f64) {
    (from_fixed(place.lat), from_fixed(place.lon))
}

#[test]
fn the_line_the_region_and_the_deciding_place_agree_with_the_record() {
    let months = khgt_months();
    assert_eq!(months.len(), 348, "KHGT's months of 1447-1475");
    let americas = Outline::load(
        &common::data_dir().join("land/americas_mainland_50m.json"),
        5.0,
    )
    .unwrap();
    let (mut on_line, mut met, mut beside_edge) = (0, 0, 0);
    for m in &months {
        // PKG 1's best place has its sunset before the deadline: on the line's PKG 1 side,
        // on the line itself when its sunset is the deadline.
        if let Some(p) = &m.pkg1 {
            let (lat, lon) = at(p);
            assert!(p.sunset <= m.deadline, "{}: PKG 1 after 24:00", m.name);
            if let Some(line) = m.world.deadline_lon(lat) {
                // East-west distances in degrees of a great circle (near the poles a degree of
                // longitude is short, and the line's longitude runs fast with latitude).
                let east = (lon - line) * lat.to_radians().cos();
                assert!(
                    east >= -0.05,
                    "{}: PKG 1's place {lat} {lon} west of the line at {line}",
                    m.name
                );
                if m.deadline - p.sunset < 60 {
                    // On the line, a whole turn aside where the line runs past the date line.
                    let off =
                        ((lon - line + 180.0).rem_euclid(360.0) - 180.0) * lat.to_radians().cos();
                    assert!(
                        off.abs() < 0.3,
                        "{}: {lon} not on the line at {line}",
                        m.name
                    );
                    on_line += 1;
                }
            }
        }
        // The deciding place of a month that met the limits lies inside the region drawn.
        let deciding = match m.applied {
            Applied::Pkg1 => m.pkg1.as_ref(),
            Applied::Pkg2 => m.pkg2.as_ref(),
            Applied::Neither => None,
        };
        if let Some(p) = deciding {
            let (lat, lon) = at(p);
            let margin = m.world.margin_at(LIMITS, lat, lon).unwrap();
            assert!(
                margin >= 0.0 || beside_sunless(&m.world, lat, lon),
                "{}: the deciding place {lat} {lon} lies outside the region ({margin})",
                m.name
            );
            if margin < 0.0 {
                beside_edge += 1;
            }
            let line = m.world.deadline_lon(lat);
            match m.applied {
                Applied::Pkg1 => assert!(
                    line.is_none_or(|l| (lon - l) * lat.to_radians().cos() >= -0.05),
                    "{}",
                    m.name
                ),
                _ => {
                    assert!(
                        line.is_none_or(|l| lon < l),
                        "{}: PKG 2 east of the line",
                        m.name
                    );
                    let on_mainland = americas
                        .parallel(lat, 5.0)
                        .iter()
                        // The record's place is the mainland's edge (within the search's
                        // coast tolerance), rounded to 1e-4°.
                        .any(|&(w, e)| (w - 1e-3..=e + 1e-3).contains(&lon));
                    assert!(on_mainland, "{}: PKG 2 off the mainland", m.name);
                }
            }
            met += 1;
        }
    }
    eprintln!(
        "{on_line} PKG 1 places on the 24:00 UTC line, {met} deciding places in the region \
         ({beside_edge} of them in a cell beside the sunless region)"
    );
    assert!(
        on_line > 100 && met > 150 && beside_edge <= 3,
        "{on_line} on the line, {met} met, {beside_edge} beside the sunless region"
    );
}

/// The Moon's age the grid holds where the Sun does not set.
const SUNLESS_AGE_H: f64 = -99.0;

/// Whether the deciding place `(lat, lon)`, outside the drawn region, lies in a grid cell
/// where the region meets the region without sunset (polar day or night), and the node of
/// that cell nearest to it with a sunset meets the limits. The drawn edge runs between a met
/// node and a sunless one, near the met one (the sunless node's value is far below the
/// limits), where the true edge lies anywhere in the cell: the place is inside the region to
/// the grid's resolution, one cell.
fn beside_sunless(world: &WorldInputs, lat: f64, lon: f64) -> bool {
    let (gi, gj) = (
        (lon - WORLD_WEST) / world.step_deg,
        (lat - WORLD_SOUTH) / world.step_deg,
    );
    let corners = [
        (gi.floor(), gj.floor()),
        (gi.ceil(), gj.floor()),
        (gi.floor(), gj.ceil()),
        (gi.ceil(), gj.ceil()),
    ]
    .map(|(i, j)| {
        let k = j as usize * world.nx + i as usize;
        let margin = (world.alt_deg[k] - LIMITS.0)
            .min(world.elong_deg[k] - LIMITS.1)
            .min(world.age_h[k]);
        (
            (i - gi).hypot(j - gj),
            world.age_h[k] == SUNLESS_AGE_H,
            margin,
        )
    });
    let nearest_with_sunset = corners
        .iter()
        .filter(|c| !c.1)
        .min_by(|a, b| a.0.total_cmp(&b.0));
    corners.iter().any(|c| c.1) && nearest_with_sunset.is_some_and(|c| c.2 >= 0.0)
}

#[test]
fn ramadhan_and_syawal_1447() {
    let months = khgt_months();
    let find = |name: &str| months.iter().find(|m| m.name == name).unwrap();
    // Ramadhan 1447: PKG 1 missed at the line in Central America (its sunset at 24:00 UTC),
    // PKG 2 met on the Alaska Peninsula, west of the line, inside the region.
    let ramadhan = find("1447-09");
    assert_eq!(ramadhan.applied, Applied::Pkg2);
    let (lat, lon) = at(ramadhan.pkg1.as_ref().unwrap());
    assert_eq!((lat, lon), (13.2, -88.4329));
    let line = ramadhan.world.deadline_lon(lat).unwrap();
    assert!((line - lon).abs() < 0.05, "the line at {line}");
    assert!(ramadhan.world.margin_at(LIMITS, lat, lon).unwrap() < 0.0);
    let alaska = ramadhan.pkg2.as_ref().unwrap();
    assert_eq!(alaska.name, "Alaska, Amerika Serikat");
    let (lat, lon) = at(alaska);
    assert!(lon < ramadhan.world.deadline_lon(lat).unwrap());
    assert!(ramadhan.world.margin_at(LIMITS, lat, lon).unwrap() >= 0.0);
    // The 24:00 UTC instant that closed 17 February 2026 set the Sun along a tilted curve
    // (reference figures recomputed independently: 55° S 67.8° W, 0° 85.7° W, 30° N
    // 92.4° W, 57° N 103.5° W).
    for (lat, lon) in [(-55.0, -67.8), (0.0, -85.7), (30.0, -92.4), (57.0, -103.5)] {
        let drawn = ramadhan.world.deadline_lon(lat).unwrap();
        assert!((drawn - lon).abs() < 0.15, "{lat}: {drawn} against {lon}");
    }
    // Syawal 1447: PKG 1 met at its best place on the line, inside the region.
    let syawal = find("1447-10");
    assert_eq!(syawal.applied, Applied::Pkg1);
    let place = syawal.pkg1.as_ref().unwrap();
    let (lat, lon) = at(place);
    assert!(syawal.world.margin_at(LIMITS, lat, lon).unwrap() > 0.0);
    assert!(lon >= syawal.world.deadline_lon(lat).unwrap() - 0.05);
    assert!(syawal.pkg2.is_none());
}
