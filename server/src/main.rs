//! `hijri-serve` entry point.

fn main() {}
