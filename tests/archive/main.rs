//! Opening damaged and nonsensical archives: crafted ones that break one rule each
//! ([`meaning`]) and random mutations that must never make opening or a look-up panic
//! ([`fuzz`], `make fuzz` for a long run). Both start from the small valid calendar of
//! [`fixture`].

mod fixture;
mod fuzz;
mod meaning;
