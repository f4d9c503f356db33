//! Opening damaged and nonsensical archives: crafted ones that break one rule each
//! ([`meaning`]) and random mutations that must never make opening or a look-up panic
//! ([`fuzz`], `make fuzz` for a long run). Both start from the small valid calendar of
//! [`fixture`].

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    reason = "test helpers may panic: a panic fails the test"
)]

mod fixture;
mod fuzz;
mod meaning;
