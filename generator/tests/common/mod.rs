//! Shared by the generator's black-box tests: a private copy of the committed facts, and an
//! archive generated from one without cards.

// Each test crate uses its own part of this module.
#![allow(dead_code)]

pub mod layout;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use rkyv::util::AlignedVec;

/// The committed facts the generator reads (no generated archive).
pub const DATA_FILES: [&str; 19] = [
    "sites.json",
    "delta_t.csv",
    "map_points.json",
    "official/months.csv",
    "official/coverage.csv",
    "official/corrections.csv",
    "official/muhammadiyah/months.csv",
    "official/muhammadiyah/coverage.csv",
    "official/muhammadiyah/corrections.csv",
    "official/ummalqura/months.csv",
    "official/ummalqura/corrections.csv",
    "holidays/decrees.csv",
    "holidays/days.csv",
    "land/world_50m.json",
    "land/americas_mainland_50m.json",
    hijri_generator::places::FILE,
    hijri_generator::kabkota::FILE,
    "ephemeris/de440_1945_2100.bsp",
    "ephemeris/de440_1945_2100.bsp.md5",
];

/// The project's `data/`.
pub fn data_dir() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../data"))
}

/// A fresh private copy of the committed facts in a temporary directory named after `name`.
pub fn data_copy(name: &str) -> PathBuf {
    let target = std::env::temp_dir().join(format!("hijri-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&target);
    for file in DATA_FILES {
        let to = target.join(file);
        fs::create_dir_all(to.parent().unwrap()).unwrap();
        fs::copy(data_dir().join(file), to).unwrap();
    }
    target
}

/// The bytes of an archive generated without cards from the facts in `data` (written to
/// `data/test.archive`), aligned for `hijri::archive::open`.
pub fn archive_without_cards(data: &Path) -> AlignedVec<16> {
    let out = data.join("test.archive");
    let status = Command::new(env!("CARGO_BIN_EXE_hijri-generate"))
        .args(["--quiet", "--no-cards", "--data"])
        .arg(data)
        .arg("--out")
        .arg(&out)
        .status()
        .unwrap();
    assert!(status.success());
    let bytes = fs::read(&out).unwrap();
    let mut aligned = AlignedVec::<16>::with_capacity(bytes.len());
    aligned.extend_from_slice(&bytes);
    aligned
}
