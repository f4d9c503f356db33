//! Core of the Hijri calendar service.
