//! Incremental card generation: cards taken from a previous archive are exactly the cards a
//! full run renders, only the months whose inputs changed are rendered again, and the card
//! bytes are pinned to `CARD_FORMAT_VERSION` so a drawing change cannot go unnoticed (and
//! stale cards cannot be reused).

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    reason = "test helpers may panic: a panic fails the test"
)]

use hijri::schema::{Record, Rule, Tier};
use hijri_cards::{display_points, month_cards, Renderer, CARD_FORMAT_VERSION};
use hijri_generator::card_set::{card_key, month_inputs, render_all};

mod common;

use common::built_calendar;

#[test]
fn reused_cards_equal_a_full_run_and_only_changed_months_render() {
    let mut built = built_calendar();
    let years = [1446, 1446];
    let drawn = built.drawn("kemenag").unwrap();
    let full = render_all(&built.astro, drawn, years, &[], &|| {}).unwrap();
    assert_eq!((full.rendered, full.reused, full.cards.len()), (12, 0, 48));

    let again = render_all(&built.astro, drawn, years, &full.cards, &|| {}).unwrap();
    assert_eq!((again.rendered, again.reused), (0, 12));
    assert_eq!(again.cards, full.cards);

    // An announcement changes what one month is drawn from (here its tier): that month alone
    // is rendered again, and the whole set equals a full run over the changed calendar.
    let ramadhan = built.dataset.chains[0]
        .months
        .iter_mut()
        .find(|m| (m.hijri.year, m.hijri.month) == (1446, 9))
        .unwrap();
    ramadhan.tier = Tier::Computed;
    let drawn = built.drawn("kemenag").unwrap();
    let partial = render_all(&built.astro, drawn, years, &full.cards, &|| {}).unwrap();
    assert_eq!((partial.rendered, partial.reused), (1, 11));
    let fresh = render_all(&built.astro, drawn, years, &[], &|| {}).unwrap();
    assert_eq!(partial.cards, fresh.cards);
}

#[test]
fn muhammadiyahs_cards_are_reused_beside_the_governments() {
    let built = built_calendar();
    let years = [1447, 1447];
    let kemenag = built.drawn("kemenag").unwrap();
    let muhammadiyah = built.drawn("muhammadiyah").unwrap();
    assert_eq!((kemenag.index, muhammadiyah.index), (0, 1));
    let theirs = render_all(&built.astro, muhammadiyah, years, &[], &|| {}).unwrap();
    assert_eq!(theirs.cards.len(), 48);
    assert!(theirs
        .cards
        .iter()
        .all(|c| c.chain == 1 && c.month.year == 1447));
    // Both calendars' cards in one sorted list, as the archive holds them: each calendar's
    // are found again and only its own.
    let ours = render_all(&built.astro, kemenag, years, &[], &|| {}).unwrap();
    let previous: Vec<_> = ours.cards.iter().chain(&theirs.cards).cloned().collect();
    let again = render_all(&built.astro, muhammadiyah, years, &previous, &|| {}).unwrap();
    assert_eq!((again.rendered, again.reused), (0, 12));
    assert_eq!(again.cards, theirs.cards);
    // The government's cards are never taken for Muhammadiyah's: their keys differ.
    let swapped: Vec<_> = ours
        .cards
        .iter()
        .map(|c| hijri::schema::Card {
            chain: 1,
            ..c.clone()
        })
        .collect();
    let none = render_all(&built.astro, muhammadiyah, years, &swapped, &|| {}).unwrap();
    assert_eq!((none.rendered, none.reused), (12, 0));
}

#[test]
fn a_card_is_not_reused_under_another_key() {
    let built = built_calendar();
    let drawn = built.drawn("kemenag").unwrap();
    let month = drawn
        .chain
        .months
        .iter()
        .find(|m| (m.hijri.year, m.hijri.month) == (1447, 3))
        .unwrap();
    let key = |month| card_key(&built.astro, drawn, month).unwrap();
    let evening = |month: &mut hijri::schema::Month| match &mut month.record {
        Record::Sites(evening) => evening.clone(),
        _ => panic!("no site evening"),
    };
    let mut moved = month.clone();
    let mut shifted = evening(&mut moved);
    shifted.date += 1;
    moved.record = Record::Sites(shifted);
    assert_ne!(key(&moved), key(month));
    let mut other_site = month.clone();
    let mut elsewhere = evening(&mut other_site);
    elsewhere.deciding = (elsewhere.deciding + 1) % 25;
    other_site.record = Record::Sites(elsewhere);
    assert_ne!(key(&other_site), key(month));
    let mut other_criterion = drawn.chain.clone();
    match &mut other_criterion.rules[0].rule {
        Rule::Sites(criterion) => criterion.limits.min_moon_alt += 1,
        _ => panic!("the government's rule is a site criterion"),
    }
    let other = hijri_generator::card_set::Drawn {
        chain: &other_criterion,
        ..drawn
    };
    assert_ne!(card_key(&built.astro, other, month).unwrap(), key(month));
    assert_eq!(card_key(&built.astro, drawn, month).unwrap(), key(month));
}

#[test]
fn a_khgt_or_wujud_card_is_not_reused_under_another_key() {
    let built = built_calendar();
    let drawn = built.drawn("muhammadiyah").unwrap();
    let find = |year, month| {
        drawn
            .chain
            .months
            .iter()
            .find(|m| (m.hijri.year, m.hijri.month) == (year, month))
            .unwrap()
    };
    let key = |chain: &hijri::schema::Chain, month| {
        let drawn = hijri_generator::card_set::Drawn { chain, ..drawn };
        card_key(&built.astro, drawn, month).unwrap()
    };
    let ramadhan = find(1447, 9);
    let base = key(drawn.chain, ramadhan);
    // Another name of the deciding place, another condition, another first day.
    let mut renamed = ramadhan.clone();
    let Record::Khgt(evening) = &mut renamed.record else {
        panic!("1447-09 is a KHGT month")
    };
    evening.pkg2.as_mut().unwrap().name = "Somewhere".into();
    assert_ne!(key(drawn.chain, &renamed), base);
    let mut moved = ramadhan.clone();
    moved.start += 1;
    assert_ne!(key(drawn.chain, &moved), base);
    // The month before moves (the evening's Hijri day on the card changes with it).
    let mut chain = drawn.chain.clone();
    chain
        .months
        .iter_mut()
        .find(|m| (m.hijri.year, m.hijri.month) == (1447, 8))
        .unwrap()
        .start -= 1;
    assert_ne!(key(&chain, ramadhan), base);
    // Another limit of KHGT's.
    let mut chain = drawn.chain.clone();
    for span in &mut chain.rules {
        if let Rule::Khgt(khgt) = &mut span.rule {
            khgt.limits.min_elongation += 1;
        }
    }
    assert_ne!(key(&chain, ramadhan), base);
    // Wujudul hilal: another moonset.
    let wujud = find(1445, 9);
    let mut later = wujud.clone();
    let Record::Wujud(evening) = &mut later.record else {
        panic!("1445-09 is a wujudul hilal month")
    };
    evening.moonset = evening.moonset.map(|m| m + 60);
    assert_ne!(key(drawn.chain, &later), key(drawn.chain, wujud));
    assert_eq!(key(drawn.chain, ramadhan), base);
}

/// The card bytes each `CARD_FORMAT_VERSION` draws, as the hash of the four cards of eight
/// months: the government's one per verdict (near the limits, visible, not visible, Moon
/// below the horizon), and Muhammadiyah's under wujudul hilal, under KHGT by PKG 2 and by
/// PKG 1, and under KHGT with neither. When a drawing change moves these, bump the version
/// and pin the new hashes.
const PINNED: (u32, [(&str, u16, u8, u64); 8]) = (
    9,
    [
        ("kemenag", 1446, 9, 0xfa0c0ade421e3eff),
        ("kemenag", 1447, 2, 0xc9ed2c09fd4ae803),
        ("kemenag", 1447, 3, 0x8f67c5f83a57d689),
        ("kemenag", 1446, 10, 0xa3a9a2092f24a6ef),
        ("muhammadiyah", 1445, 9, 0x4f608b411993d466),
        ("muhammadiyah", 1447, 9, 0x82b927406399dd04),
        ("muhammadiyah", 1447, 10, 0x458572afe965c071),
        ("muhammadiyah", 1447, 12, 0x5167cba18fc699e0),
    ],
);

#[test]
fn card_bytes_are_pinned_to_the_format_version() {
    let built = built_calendar();
    let renderer = Renderer::new().unwrap();
    let points = display_points().unwrap();
    let rendered: Vec<(&str, u16, u8, u64)> = PINNED
        .1
        .iter()
        .map(|&(id, year, month, _)| {
            let drawn = built.drawn(id).unwrap();
            let archived = drawn
                .chain
                .months
                .iter()
                .find(|m| (m.hijri.year, m.hijri.month) == (year, month))
                .unwrap();
            let inputs = month_inputs(&built.astro, drawn, points, archived).unwrap();
            let cards =
                month_cards(&renderer, &inputs.ctx(), inputs.map(), drawn.index, 0).unwrap();
            let etags: String = cards.iter().map(|c| c.etag.as_str()).collect();
            (
                id,
                year,
                month,
                hijri::fingerprint::hash64(etags.as_bytes()),
            )
        })
        .collect();
    assert!(
        CARD_FORMAT_VERSION == PINNED.0 && rendered == PINNED.1,
        "the cards drawn now differ from those pinned for CARD_FORMAT_VERSION {}: \
         bump CARD_FORMAT_VERSION (cards/src/lib.rs) and pin ({}, {rendered:x?}) here",
        PINNED.0,
        CARD_FORMAT_VERSION.max(PINNED.0 + 1),
    );
}
