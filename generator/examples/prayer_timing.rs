//! Times the prayer table (issue 35; budgets: generation grows by ≤ 40 s on the 2-core
//! machine, the table by ≤ 80 MB for ~517 places): the Sun table, then every place × day ×
//! series of a places file as the generator builds it (rayon), with the process's CPU time;
//! then the look-up of one month (`hijri::prayer_table::exact_days` and `published`) in an
//! archive, averaged over every place and the months of several years.
//!
//! `cargo run --release -p hijri-generator --example prayer_timing -- [PLACES.csv [ARCHIVE]]`
//! (defaults: `data/places/kabkota.csv`, `data/hijri.archive`).

use std::path::{Path, PathBuf};
use std::time::Instant;

use hijri::date::Date;
use hijri::prayer::Method;
use hijri::prayer_table;
use hijri_astro::Astro;
use hijri_generator::{kabkota, prayer_table as build};
use rkyv::util::AlignedVec;

/// The process's user + system CPU seconds (Linux `/proc/self/stat`).
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let after = stat.rsplit_once(')').map(|(_, r)| r).unwrap_or("");
    let fields: Vec<&str> = after.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    // Fields 14 and 15 of the whole line (utime, stime) are 11 and 12 after the name.
    (ticks(11) + ticks(12)) / 100.0
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../data");
    let mut args = std::env::args().skip(1);
    let places_file = args
        .next()
        .map_or_else(|| data.join(kabkota::FILE), PathBuf::from);
    let archive = args
        .next()
        .map_or_else(|| data.join("hijri.archive"), PathBuf::from);
    let astro = Astro::load(&data)?;
    let places = kabkota::load(&places_file)?;
    let bytes = std::fs::read(&places_file)?;

    let (wall, cpu) = (Instant::now(), cpu_seconds());
    let first = build::naive(hijri::span::FIRST)?;
    let last = build::naive(hijri::span::LAST)?;
    astro.sun_table(first, last)?;
    println!(
        "Sun table 1945-2100: {:.2} s wall, {:.2} s CPU",
        wall.elapsed().as_secs_f64(),
        cpu_seconds() - cpu
    );
    let (wall, cpu) = (Instant::now(), cpu_seconds());
    let (table, stats) = build::build(&astro, &places, build::inputs_key(&bytes, &astro))?;
    println!(
        "table of {} places: {:.1} s wall, {:.1} s CPU; {:.2} MB of bits, {:.2} MB of block lengths and run offsets",
        places.len(),
        wall.elapsed().as_secs_f64(),
        cpu_seconds() - cpu,
        table.bits.len() as f64 / 1e6,
        (table.runs.len() * 4 + table.lengths.len() * 2) as f64 / 1e6
    );
    for (series, (counts, lengths)) in stats.counts.iter().zip(&table.codes).enumerate() {
        let total: u64 = counts.iter().sum();
        let bits: f64 = counts
            .iter()
            .zip(lengths)
            .map(|(c, l)| *c as f64 * f64::from(*l))
            .sum();
        let raw = counts.get(1).copied().unwrap_or(0);
        println!(
            "  series {series}: {:.2} bits a day (+ {:.3} raw), {} raw of {total}",
            bits / total as f64,
            raw as f64 * 18.0 / total as f64,
            raw
        );
    }

    let mut aligned = AlignedVec::<16>::new();
    aligned.extend_from_slice(&std::fs::read(&archive)?);
    let dataset = hijri::archive::open(&aligned).map_err(|e| e.to_string())?;
    let count = dataset.places.len();
    let mut months = 0;
    let started = Instant::now();
    let mut sum = 0i64;
    for place in 0..count {
        for year in [1950, 2000, 2026, 2075, 2100] {
            for month in 1..=12 {
                let from = Date::from_ymd(year, month, 1).ok_or("date")?;
                let to = Date::from_ymd(year, month, hijri::date::days_in_month(year, month))
                    .ok_or("date")?;
                let days = prayer_table::exact_days(dataset, place, &Method::KEMENAG, from, to)
                    .ok_or("no days")?;
                for day in &days {
                    let published = prayer_table::published(&Method::KEMENAG, day);
                    sum += published.iter().flatten().sum::<i64>() & 1;
                }
                months += 1;
            }
        }
    }
    println!(
        "one month's exact and published times (Kemenag): {:.1} µs on average over {months} \
         place-months of {count} places ({sum})",
        started.elapsed().as_secs_f64() * 1e6 / f64::from(months)
    );
    Ok(())
}
