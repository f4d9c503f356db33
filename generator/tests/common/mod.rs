//! Shared by the generator's black-box tests: the committed facts and private copies of them,
//! the places and eclipses they give, runs of `hijri-generate` and the refusals that must
//! leave files untouched, and an archive generated from a copy without cards.

// Each test crate uses its own part of this module, and a crate that includes it need not
// allow its helpers' panics itself.
#![allow(
    dead_code,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    reason = "a crate uses only part of its helpers, which may panic: a panic fails the test"
)]

pub mod layout;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use chrono::{DateTime, Utc};
use hijri::schema::{Eclipse, PrayerPlace};
use hijri_astro::Astro;
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

/// The government calendar's facts `announce` writes.
pub const OFFICIAL_FILES: [&str; 3] = [
    "official/months.csv",
    "official/coverage.csv",
    "official/corrections.csv",
];

/// The holiday facts `announce-holidays` writes.
pub const HOLIDAY_FILES: [&str; 2] = ["holidays/decrees.csv", "holidays/days.csv"];

/// The bytes of each of `files` under `data`, to compare before and after a command.
pub fn contents(data: &Path, files: &[&str]) -> Vec<Vec<u8>> {
    files
        .iter()
        .map(|f| fs::read(data.join(f)).unwrap())
        .collect()
}

/// The fields of one RFC 4180 line, read by the generator's own reader (a badly quoted line
/// fails the test, naming it).
pub fn csv_fields(line: &str) -> Vec<String> {
    hijri_generator::csv::fields(line).unwrap_or_else(|| panic!("badly quoted: {line:?}"))
}

/// The files of a private data copy as they were before commands that must refuse and
/// change none of them.
pub struct Untouched<'a> {
    data: &'a Path,
    files: &'a [&'a str],
    before: Vec<Vec<u8>>,
}

impl<'a> Untouched<'a> {
    /// Takes the bytes of `files` under `data` as they are now.
    pub fn new(data: &'a Path, files: &'a [&'a str]) -> Self {
        let before = contents(data, files);
        Untouched {
            data,
            files,
            before,
        }
    }

    /// The stderr of `output`, after checking that it exited with `code`, printed nothing on
    /// stdout and changed none of the files; a failed check names `case`.
    pub fn refused(&self, output: &Output, code: i32, case: &str) -> String {
        let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
        assert_eq!(output.status.code(), Some(code), "{case}: {stderr}");
        assert!(output.stdout.is_empty(), "{case}");
        assert_eq!(
            contents(self.data, self.files),
            self.before,
            "{case} changed a file"
        );
        stderr
    }
}

/// The project's `data/`.
pub fn data_dir() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../data"))
}

/// The UTC instant of an RFC 3339 `text`.
pub fn at(text: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(text).unwrap().to_utc()
}

/// The places of the prayer table (`data/places/`), in its order.
pub fn places() -> Vec<PrayerPlace> {
    hijri_generator::prayer_table::read_places(data_dir())
        .unwrap()
        .1
}

/// The eclipses from `from` to `to` with the committed ephemeris, marked seen from `places`.
pub fn eclipses(places: &[PrayerPlace], from: DateTime<Utc>, to: DateTime<Utc>) -> Vec<Eclipse> {
    let astro = Astro::load(data_dir()).unwrap();
    hijri_generator::eclipses::build(&astro, places, from, to).unwrap()
}

/// The calendars built from the committed facts (no cards), without progress output.
pub fn built_calendar() -> hijri_generator::generate::Built {
    hijri_generator::generate::build_calendar(data_dir(), false).unwrap()
}

/// The eclipses from 1 January of the first of `years` to 1 January of its end (UTC), marked
/// seen from `places`.
pub fn eclipses_in_years(places: &[PrayerPlace], years: std::ops::Range<i32>) -> Vec<Eclipse> {
    let new_year = |year| at(&format!("{year}-01-01T00:00:00Z"));
    eclipses(places, new_year(years.start), new_year(years.end))
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

/// Runs `hijri-generate <args>`.
pub fn generate(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hijri-generate"))
        .args(args)
        .output()
        .unwrap()
}

/// Runs `hijri-generate --data <data> <subcommand> <args>`.
pub fn generate_with(data: &Path, subcommand: &str, args: &[&str]) -> Output {
    let data = data.to_str().unwrap();
    generate(&[&["--data", data, subcommand], args].concat())
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
