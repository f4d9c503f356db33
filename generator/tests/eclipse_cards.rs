//! The eclipse map cards: the central path crosses the kab/kota the published maps put it
//! over (BMKG's and LAPAN's maps of 2016, 2019 and 2023), a lunar eclipse's regions fall
//! on the side of the archipelago where the Moon is up, and the cards are well-formed PNGs
//! of the card sizes; on the cards of every eclipse of 2016–2030 seen in Indonesia, every
//! text as usvg lays it out lies inside the canvas and overlaps no other. The rendered cards
//! are left in `target/eclipse-cards/` to be looked at.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    reason = "test helpers may panic: a panic fails the test"
)]

use std::path::Path;

use hijri::schema::{Eclipse, EclipseType, PrayerPlace};
use hijri_cards::{card_size, eclipse_svg, EclipseInputs, Renderer};
use hijri_generator::eclipse_cards::{self, TABLE_PLACES};

mod common;

use common::layout::{overlap, texts};
use common::{at, eclipses, eclipses_in_years, places};

/// The eclipse of `kind` on the UTC `day` (`2016-03-09`), marked seen from `places`.
fn eclipse(places: &[PrayerPlace], day: &str, kind: EclipseType) -> Eclipse {
    let from = at(&format!("{day}T00:00:00Z"));
    eclipses(places, from, from + chrono::Duration::days(1))
        .into_iter()
        .find(|e| e.kind == kind)
        .unwrap()
}

fn table(places: &[PrayerPlace]) -> Vec<&PrayerPlace> {
    TABLE_PLACES
        .iter()
        .map(|id| places.iter().find(|p| p.id == *id).unwrap())
        .collect()
}

/// Renders both cards of `e`, checks their shape and leaves them in `target/eclipse-cards`.
fn render(e: &mut Eclipse, places: &[PrayerPlace], name: &str) {
    assert!(eclipse_cards::has_cards(e), "{name}");
    let (rendered, reused) =
        eclipse_cards::add(std::slice::from_mut(e), places, Vec::new()).unwrap();
    assert_eq!((rendered, reused), (1, 0));
    // A regeneration takes them from the previous archive's, unchanged.
    let previous = e.cards.clone();
    assert_eq!(
        eclipse_cards::add(std::slice::from_mut(e), places, previous.clone()).unwrap(),
        (0, 1)
    );
    assert_eq!(e.cards, previous);
    let out = Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../target/eclipse-cards"
    ));
    std::fs::create_dir_all(out).unwrap();
    for (card, (w, h)) in e.cards.iter().zip([(720u32, 1280u32), (1440, 1520)]) {
        let png = &card.png;
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
        let size = |at: usize| u32::from_be_bytes(png[at..at + 4].try_into().unwrap());
        assert_eq!((size(16), size(20)), (w, h), "{name}");
        let file = format!("{name}{}.png", if card.bare { "-bare" } else { "" });
        std::fs::write(out.join(file), png).unwrap();
    }
}

/// Runs `check` on the card inputs of the eclipse of `kind` on the UTC `day`, then renders
/// its cards as `{day}-solar` or `{day}-lunar`.
fn with_cards(day: &str, kind: EclipseType, check: impl FnOnce(&EclipseInputs)) {
    let places = places();
    let mut e = eclipse(&places, day, kind);
    check(&eclipse_cards::inputs(&e, &places, &table(&places)).unwrap());
    let side = if hijri::eclipse::is_solar_type(kind) {
        "solar"
    } else {
        "lunar"
    };
    render(&mut e, &places, &format!("{day}-{side}"));
}

/// Asserts that the central path crosses the seat of every kab/kota of `crossed`, and none
/// of `missed`.
fn assert_path(inputs: &EclipseInputs, crossed: &[&str], missed: &[&str]) {
    for seat in crossed {
        assert!(
            inputs.crossed.iter().any(|c| c == seat),
            "{seat}: {:?}",
            inputs.crossed
        );
    }
    for seat in missed {
        assert!(!inputs.crossed.iter().any(|c| c == seat), "{seat}");
    }
}

#[test]
fn the_2016_totality_crosses_palu_and_ternate() {
    with_cards("2016-03-09", EclipseType::SolarTotal, |inputs| {
        // BMKG's map: the path over Bengkulu, Palembang, Bangka Belitung, Kalimantan Tengah,
        // Kalimantan Timur, Sulawesi Tengah and Maluku Utara.
        assert_path(
            inputs,
            &[
                "Kota Palembang",
                "Kabupaten Belitung",
                "Kota Palangka Raya",
                "Kota Palu",
                "Kabupaten Poso",
                "Kota Ternate",
            ],
            &["Kota Jakarta", "Kota Makassar", "Kota Manado", "Kota Medan"],
        );
    });
}

#[test]
fn the_2019_annular_path_crosses_siak_and_singkawang() {
    with_cards("2019-12-26", EclipseType::SolarAnnular, |inputs| {
        assert_path(
            inputs,
            &[
                "Kabupaten S I A K",
                "Kota Singkawang",
                "Kabupaten Bengkalis",
            ],
            &["Kota Pontianak"],
        );
    });
}

#[test]
fn the_2023_hybrid_path_crosses_biak_only_in_papua() {
    with_cards("2023-04-20", EclipseType::SolarHybrid, |inputs| {
        assert_path(inputs, &["Kabupaten Biak Numfor"], &["Kota Jayapura"]);
    });
}

#[test]
fn the_2025_lunar_eclipse_is_seen_whole_across_the_archipelago() {
    with_cards("2025-09-07", EclipseType::LunarTotal, |inputs| {
        // BMKG: the Moon up over all of Indonesia from U1 (23:27 WIB) to U4 (02:56 WIB).
        let [start, end] = &inputs.grid.values;
        let seen = start
            .iter()
            .zip(end)
            .filter(|(a, b)| **a > 0.0 && **b > 0.0);
        assert!(seen.count() * 10 > start.len() * 9);
        assert!(inputs.rows.iter().all(|r| r.contacts.is_some()));
    });
}

#[test]
fn no_cards_outside_the_card_years() {
    let places = places();
    let list = eclipses_in_years(&places, 2061..2062);
    assert!(list.iter().any(|e| e.seen_in_indonesia));
    assert!(!list.iter().any(eclipse_cards::has_cards));
}

#[test]
fn the_2022_lunar_eclipse_rises_eclipsed_in_the_west() {
    with_cards("2022-11-08", EclipseType::LunarTotal, |inputs| {
        // BMKG: U1 at 16:09 WIB, before moonrise in the west; in Papua the Moon was up by then.
        let row = |name: &str| inputs.rows.iter().find(|r| r.name == name).unwrap();
        let [u1, _, u4] = row("Kota Jakarta").contacts.unwrap();
        assert!(!u1.1 && u4.1);
        assert!(row("Kota Jayapura").contacts.unwrap().iter().all(|c| c.1));
    });
}

#[test]
fn every_text_inside_the_canvas_and_clear_of_the_others() {
    let places = places();
    let list = eclipses_in_years(&places, 2016..2031);
    let renderer = Renderer::new().unwrap();
    let table = table(&places);
    let mut faults = Vec::new();
    let mut checked = 0;
    for e in list.iter().filter(|e| eclipse_cards::has_cards(e)) {
        let inputs = eclipse_cards::inputs(e, &places, &table).unwrap();
        for bare in [false, true] {
            let (w, h) = card_size(bare);
            let tree = renderer.tree(&eclipse_svg(&inputs, bare).unwrap()).unwrap();
            let mut found = Vec::new();
            texts(tree.root(), &mut found);
            let name = format!("{} {}", e.greatest, if bare { "bare" } else { "normal" });
            for (k, t) in found.iter().enumerate() {
                let (x0, y0, x1, y1) = t.bbox;
                if x0 < 0.0 || y0 < 0.0 || x1 > w as f32 || y1 > h as f32 {
                    faults.push(format!("{name}: {:?} leaves the canvas", t.text));
                }
                for other in &found[k + 1..] {
                    if let Some((dx, dy)) = overlap(t.bbox, other.bbox) {
                        faults.push(format!(
                            "{name}: {:?} and {:?} overlap by {dx:.1}x{dy:.1}",
                            t.text, other.text
                        ));
                    }
                }
            }
            checked += 1;
        }
    }
    assert!(checked >= 40, "{checked} cards");
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}
