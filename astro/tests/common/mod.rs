//! Shared by the astronomy crate's tests: the committed data and the ephemeris loaded from it.

#![allow(
    clippy::unwrap_used,
    reason = "test helpers may panic: a panic fails the test"
)]

use std::path::Path;

use hijri_astro::Astro;

/// The project's `data/`.
pub fn data_dir() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../data"))
}

/// The committed ephemeris and ΔT.
pub fn astro() -> Astro {
    Astro::load(data_dir()).unwrap()
}
