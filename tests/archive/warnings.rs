//! The warning rules over a chain: tiers, borderline, divergences, the aggregate's order and
//! the texts the chain carries.

use hijri::archive;
use hijri::hijri::HijriMonth;
use hijri::schema::Tier;
use hijri::warnings::{for_month, Items, Warning, Warnings};
use hijri_testing::{site_evening, sites_record, ChainBuilder, DatasetBuilder};

/// Months 1446-07.. with the given tiers and deciding-site values, and corrections.
fn chain(months: &[(Tier, i32, i32)], corrected: &[(u16, u8)]) -> Vec<u8> {
    let months = months
        .iter()
        .map(|&(tier, alt, elong)| (30, tier, sites_record(0, 0, vec![site_evening(alt, elong)])));
    let mut chain = ChainBuilder::kemenag(1)
        .months(
            HijriMonth {
                year: 1446,
                month: 7,
            },
            20_000,
            months,
        )
        .coverage(20_000, 20_000);
    for &month in corrected {
        chain = chain.divergence(month, 1);
    }
    DatasetBuilder::new()
        .sites(&["Pantai Test"])
        .chain(chain)
        .bytes()
        .to_vec()
}

fn codes(bytes: &[u8], index: usize) -> Vec<&'static str> {
    let aligned = hijri_testing::aligned(bytes);
    let chain = archive::open(&aligned).unwrap().default_chain().unwrap();
    for_month(chain, &chain.months[index])
        .iter()
        .map(Warning::code)
        .collect()
}

/// One month of [`chain`] (tier, deciding-site altitude and elongation) and the warning
/// codes it must carry.
type Expected = (Tier, i32, i32, &'static [&'static str]);

/// Asserts the codes of every month of the chain of `months` with `corrected`.
fn assert_codes(months: &[Expected], corrected: &[(u16, u8)]) {
    let values: Vec<(Tier, i32, i32)> = months.iter().map(|&(t, a, e, _)| (t, a, e)).collect();
    let bytes = chain(&values, corrected);
    for (index, &(.., expected)) in months.iter().enumerate() {
        assert_eq!(codes(&bytes, index), expected, "month {index}");
    }
}

#[test]
fn tiers_and_borderline() {
    assert_codes(
        &[
            (Tier::Retro, 50_000, 90_000, &["retro"]),
            (Tier::Retro, 31_000, 90_000, &["retro", "borderline"]),
            (Tier::Published, 31_000, 65_000, &[]),
            (Tier::Computed, 32_499, 70_000, &["computed", "borderline"]),
            (Tier::Computed, 32_500, 70_000, &["computed"]),
            // A margin of -1 (1e-4 deg) fails the criterion, as near the limit as a pass by
            // 1e-4: borderline on the missing side too (the cards' MENDEKATI BATAS stays a
            // pass only).
            (Tier::Computed, 29_999, 70_000, &["computed", "borderline"]),
        ],
        &[],
    );
}

#[test]
fn a_margin_of_exactly_zero_is_borderline() {
    let bytes = chain(
        &[
            (Tier::Computed, 30_000, 64_000),
            (Tier::Computed, 30_000, 120_000),
            (Tier::Computed, 90_000, 64_000),
            (Tier::Computed, 30_001, 64_001),
        ],
        &[],
    );
    for index in 0..4 {
        assert_eq!(codes(&bytes, index), ["computed", "borderline"], "{index}");
    }
}

#[test]
fn divergence_marks_the_month_and_the_one_before() {
    assert_codes(
        &[
            (Tier::Published, 50_000, 90_000, &[]),
            (Tier::Published, 50_000, 90_000, &["divergence"]),
            (Tier::Published, 50_000, 90_000, &["divergence"]),
            (Tier::Computed, 31_000, 90_000, &["computed", "borderline"]),
        ],
        &[(1446, 9)],
    );
}

#[test]
fn the_texts_are_the_chains() {
    let bytes = chain(&[(Tier::Computed, 31_000, 90_000)], &[(1446, 7)]);
    let aligned = hijri_testing::aligned(&bytes);
    let chain = archive::open(&aligned).unwrap().default_chain().unwrap();
    let warnings = for_month(chain, &chain.months[0]);
    let texts: Vec<String> = warnings.iter().map(|w| w.message().to_string()).collect();
    let span = &chain.rules[0].texts;
    assert_eq!(
        texts,
        [
            span.computed.as_str(),
            span.borderline.as_str(),
            chain.texts.divergence.as_str()
        ]
    );
    assert!(texts[0].contains("(altitude >= 3.0 deg, elongation >= 6.4 deg at one of 1 sites)"));
}

#[test]
fn aggregate_keeps_first_seen_order_once() {
    let mut all = Warnings::default();
    assert!(all.is_empty());
    let mut a = Warnings::default();
    a.add(Warning::Divergence("d"));
    a.add(Warning::Divergence("d"));
    let mut b = Warnings::default();
    b.add(Warning::Computed("c"));
    b.add(Warning::Borderline("b"));
    all.merge(a);
    all.merge(b);
    all.merge(a);
    let codes: Vec<_> = all.iter().map(Warning::code).collect();
    assert_eq!(codes, ["divergence", "computed", "borderline"]);
    assert!(!all.is_empty());
}

#[test]
fn retro_required_names_the_count_and_the_table() {
    let one = Warning::RetroRequired(1, Items::Events, "the official table");
    assert_eq!(one.code(), "retro_required");
    assert_eq!(
        one.message().to_string(),
        "1 event falls before the official table and was left out; add retro=true to \
         include it (retro-computed, not official)."
    );
    let two = Warning::RetroRequired(2, Items::Events, "the official table")
        .message()
        .to_string();
    assert!(two.starts_with("2 events fall before the official table"));
    assert!(two.contains("add retro=true"));
}
