//! The core over small archives made with the one test builder (`hijri-testing`): look-ups
//! ([`lookups`]) and warnings ([`warnings`]) of a chain; opening damaged and nonsensical
//! archives: crafted ones that break one rule each ([`meaning`]) and random mutations that
//! must never make opening or a look-up panic ([`fuzz`], `make fuzz` for a long run), both
//! from the small valid archive of [`fixture`].

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    reason = "test helpers may panic: a panic fails the test"
)]

mod fixture;
mod fuzz;
mod lookups;
mod meaning;
mod warnings;
