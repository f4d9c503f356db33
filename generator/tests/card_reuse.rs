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
use hijri_generator::generate::{build_calendar, Built};

mod common;

fn built() -> Built {
    build_calendar(common::data_dir(), false).unwrap()
}

#[test]
fn reused_cards_equal_a_full_run_and_only_changed_months_render() {
    let mut built = built();
    let years = [1446, 1446];
    let drawn = built.drawn().unwrap();
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
    let drawn = built.drawn().unwrap();
    let partial = render_all(&built.astro, drawn, years, &full.cards, &|| {}).unwrap();
    assert_eq!((partial.rendered, partial.reused), (1, 11));
    let fresh = render_all(&built.astro, drawn, years, &[], &|| {}).unwrap();
    assert_eq!(partial.cards, fresh.cards);
}

#[test]
fn a_card_is_not_reused_under_another_key() {
    let built = built();
    let drawn = built.drawn().unwrap();
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
        sites: drawn.sites,
        chain: &other_criterion,
    };
    assert_ne!(card_key(&built.astro, other, month).unwrap(), key(month));
    assert_eq!(card_key(&built.astro, drawn, month).unwrap(), key(month));
}

/// The card bytes each `CARD_FORMAT_VERSION` draws, as the hash of the four cards of four
/// months (one per verdict: near the limits, visible, not visible, Moon below the horizon).
/// When a drawing change moves these, bump the version and pin the new hashes.
const PINNED: (u32, [(u16, u8, u64); 4]) = (
    8,
    [
        (1446, 9, 0x0b736e2fb012368e),
        (1447, 2, 0x638beba269bacaf2),
        (1447, 3, 0xd76cd6c949cd89dc),
        (1446, 10, 0xc6a347b4ca1adcb3),
    ],
);

#[test]
fn card_bytes_are_pinned_to_the_format_version() {
    let built = built();
    let renderer = Renderer::new().unwrap();
    let points = display_points().unwrap();
    let rendered: Vec<(u16, u8, u64)> = PINNED
        .1
        .iter()
        .map(|&(year, month, _)| {
            let drawn = built.drawn().unwrap();
            let archived = drawn
                .chain
                .months
                .iter()
                .find(|m| (m.hijri.year, m.hijri.month) == (year, month))
                .unwrap();
            let inputs = month_inputs(&built.astro, drawn, points, archived).unwrap();
            let cards =
                month_cards(&renderer, &inputs.ctx, &inputs.grid, &inputs.points, 0).unwrap();
            let etags: String = cards.iter().map(|c| c.etag.as_str()).collect();
            (year, month, hijri::fingerprint::hash64(etags.as_bytes()))
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
