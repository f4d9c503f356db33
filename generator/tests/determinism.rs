//! Same inputs, same archive bytes: the calendar built twice (rayon in between) encodes to
//! identical bytes, and matches the archive written by `make generate`.

use std::path::Path;

use hijri_generator::generate::build_calendar;

#[test]
fn two_builds_give_identical_bytes() {
    let data = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../data"));
    let first = build_calendar(data, false).unwrap().dataset;
    let second = build_calendar(data, false).unwrap().dataset;
    let bytes = hijri::archive::encode(&first).unwrap();
    assert_eq!(bytes, hijri::archive::encode(&second).unwrap());

    let written = std::fs::read(data.join("hijri.archive")).expect("run `make generate` first");
    let mut aligned = rkyv::util::AlignedVec::<16>::new();
    aligned.extend_from_slice(&written);
    let archived = hijri::archive::open(&aligned).unwrap();
    let on_disk: hijri::schema::Dataset =
        rkyv::deserialize::<_, rkyv::rancor::BoxedError>(archived).unwrap();
    assert_eq!(on_disk.chains, first.chains);
    assert_eq!(on_disk.sites, first.sites);
    assert_eq!(on_disk.card_years, first.card_years);
}
