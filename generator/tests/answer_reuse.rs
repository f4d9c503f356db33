//! Incremental stored answers: the gzip and brotli bodies taken from an earlier archive are
//! exactly those compressing anew gives, and only the bodies a change reached are compressed
//! again.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    reason = "test helpers may panic: a panic fails the test"
)]

use hijri::schema::{Dataset, Tier};
use hijri_generator::generate::stored_answers;
use hijri_generator::stored::{Codings, Stored};
use rkyv::util::AlignedVec;

mod common;

/// `dataset` as archived (its answers included), aligned for `hijri::archive::open`.
fn archived(dataset: &Dataset) -> AlignedVec<16> {
    let bytes = hijri::archive::encode(dataset).unwrap();
    let mut aligned = AlignedVec::<16>::with_capacity(bytes.len());
    aligned.extend_from_slice(&bytes);
    aligned
}

/// The stored answers over `dataset`, taking compressions from `earlier`.
fn answers(dataset: &mut Dataset, earlier: &Codings) -> Stored {
    stored_answers(dataset, earlier).unwrap()
}

#[test]
fn reused_compressions_equal_fresh_ones_and_only_changed_bodies_are_compressed() {
    let mut dataset = common::built_calendar().dataset;
    let first = answers(&mut dataset, &Codings::default());
    assert_eq!(first.reused, 0);
    let total = first.answers.len();
    assert!(total > 5_000, "{total} stored answers");

    dataset.bodies = first.bodies;
    dataset.answers = first.answers;
    let bytes = archived(&dataset);
    let earlier = Codings::of(hijri::archive::open(&bytes).unwrap());

    // Nothing changed: every compression is taken, and equals the one made before.
    let again = answers(&mut dataset, &earlier);
    assert_eq!(again.reused, total);
    assert_eq!(again.answers, dataset.answers);

    // An announcement moves Ramadhan 1447 out of the official table: the answers that show its days
    // (its year, its months, its events) are compressed anew, the rest are taken, and the
    // whole equals a run that compressed everything.
    let ramadhan = dataset.chains[0]
        .months
        .iter_mut()
        .find(|m| (m.hijri.year, m.hijri.month) == (1447, 9))
        .unwrap();
    assert_eq!(ramadhan.tier, Tier::Published);
    ramadhan.tier = Tier::Computed;
    let partial = answers(&mut dataset, &earlier);
    let fresh = answers(&mut dataset, &Codings::default());
    assert_eq!(partial.answers, fresh.answers);
    let compressed = total - partial.reused;
    assert!(
        (1..total / 10).contains(&compressed),
        "{compressed} of {total} answers compressed again"
    );
}
