//! `hijri-generate`: thin command-line entry point of the generator.

fn main() {}
