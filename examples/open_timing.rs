//! Times each check of `archive::open` on an archive file read into memory (the file read is
//! not timed): the xxh3 checksum of the body, bytecheck, the checks of meaning, and the whole
//! `open`, best of 5. `cargo run --release --example open_timing -- data/hijri.archive`

use std::time::{Duration, Instant};

use hijri::archive::{self, HEADER_LEN};
use hijri::schema::ArchivedDataset;

/// The best of five runs of `f`.
fn best<T>(mut f: impl FnMut() -> T) -> Duration {
    (0..5)
        .map(|_| {
            let started = Instant::now();
            std::hint::black_box(f());
            started.elapsed()
        })
        .min()
        .unwrap_or_default()
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args()
        .nth(1)
        .unwrap_or("data/hijri.archive".into());
    let mut bytes = rkyv::util::AlignedVec::<16>::new();
    bytes.extend_from_slice(&std::fs::read(&path)?);
    let dataset = archive::open(&bytes)?;
    let body = bytes.get(HEADER_LEN..).ok_or("shorter than its header")?;
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!("{path}: {:.1} MB", bytes.len() as f64 / 1e6);
    println!(
        "checksum (xxh3-64) {:.1} ms",
        ms(best(|| archive::checksum(body)))
    );
    println!(
        "bytecheck          {:.1} ms",
        ms(best(|| rkyv::access::<
            ArchivedDataset,
            rkyv::rancor::BoxedError,
        >(body)
        .is_ok()))
    );
    println!(
        "meaning            {:.1} ms",
        ms(best(|| hijri::validate::dataset(dataset).is_ok()))
    );
    println!(
        "whole open         {:.1} ms",
        ms(best(|| archive::open(&bytes).is_ok()))
    );
    Ok(())
}
