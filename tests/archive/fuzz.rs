//! Random damage to the fixture archive: byte flips and cuts, with the checksum left as it
//! was (the checksum refuses nearly all of them) and re-sealed (so that bytecheck and the
//! checks of meaning get the damage). Opening, and every look-up of an archive that opens,
//! must never panic. `PROPTEST_CASES` sets the number of cases (`make fuzz` runs 1,000,000).

use hijri::archive;
use proptest::prelude::*;

use crate::fixture::{self, aligned};

/// One way of damaging archive bytes.
#[derive(Clone, Debug)]
struct Damage {
    /// `(position, xor mask)` pairs; positions are taken modulo the length.
    flips: Vec<(usize, u8)>,
    /// Keep only this many bytes (modulo the length + 1), if set.
    cut: Option<usize>,
    /// Recompute the header's length and checksum after the damage.
    reseal: bool,
    /// Damage only the body (the header stays readable).
    body_only: bool,
}

fn damage() -> impl Strategy<Value = Damage> {
    (
        prop::collection::vec((any::<usize>(), 1..=255u8), 1..8),
        prop::option::weighted(0.2, any::<usize>()),
        prop::bool::weighted(0.8),
        prop::bool::weighted(0.9),
    )
        .prop_map(|(flips, cut, reseal, body_only)| Damage {
            flips,
            cut,
            reseal,
            body_only,
        })
}

/// The fixture archive with `damage` done to it.
fn damaged(original: &[u8], damage: &Damage) -> Vec<u8> {
    let mut bytes = original.to_vec();
    let skip = if damage.body_only {
        archive::HEADER_LEN
    } else {
        0
    };
    let span = bytes.len() - skip;
    for &(at, mask) in &damage.flips {
        bytes[skip + at % span] ^= mask;
    }
    if let Some(cut) = damage.cut {
        bytes.truncate(cut % (bytes.len() + 1));
    }
    if damage.reseal && bytes.len() >= archive::HEADER_LEN {
        let header = archive::header_for(&bytes[archive::HEADER_LEN..]);
        bytes[..archive::HEADER_LEN].copy_from_slice(&header);
    }
    bytes
}

/// How the damaged archives fared.
#[derive(Debug, Default)]
struct Outcomes {
    opened: usize,
    header: usize,
    checksum: usize,
    structure: usize,
    meaning: usize,
}

#[test]
fn damaged_archives_never_panic() {
    use hijri::archive::ArchiveError;
    use std::cell::RefCell;
    use std::time::Instant;

    let original = archive::encode(&fixture::calendar()).unwrap();
    let outcomes = RefCell::new(Outcomes::default());
    let mut runner = proptest::test_runner::TestRunner::new(ProptestConfig {
        failure_persistence: None,
        ..ProptestConfig::default()
    });
    let started = Instant::now();
    let result = runner.run(&damage(), |damage| {
        let bytes = aligned(&damaged(&original, &damage));
        let opened = archive::open(&bytes);
        let mut outcomes = outcomes.borrow_mut();
        match &opened {
            Ok(calendar) => {
                fixture::look_up_everything(calendar);
                outcomes.opened += 1;
            }
            Err(ArchiveError::Checksum { .. }) => outcomes.checksum += 1,
            Err(ArchiveError::Corrupt(_)) => outcomes.structure += 1,
            Err(ArchiveError::Invalid(_)) => outcomes.meaning += 1,
            Err(_) => outcomes.header += 1,
        }
        if !damage.reseal && damage.cut.is_none() {
            prop_assert!(
                opened.is_err() || bytes[..] == original[..],
                "unsealed damage opened"
            );
        }
        Ok(())
    });
    let outcomes = outcomes.into_inner();
    let tried = outcomes.opened
        + outcomes.header
        + outcomes.checksum
        + outcomes.structure
        + outcomes.meaning;
    eprintln!(
        "{tried} damaged archives in {:.1} s: {outcomes:?}",
        started.elapsed().as_secs_f64()
    );
    if let Err(failure) = result {
        panic!("{failure}");
    }
}

#[test]
fn the_fixture_opens_and_every_look_up_runs() {
    let bytes = aligned(&archive::encode(&fixture::calendar()).unwrap());
    fixture::look_up_everything(archive::open(&bytes).unwrap());
}
