//! Times the KHGT evaluation of every month from 1 Muharram 1447 to the end of 1523 H (the
//! budget is 15 s on the 2-core machine): the land's parallels once, then each month's
//! global search, on all cores as the generator runs it and on one.
//! `cargo run --release -p hijri-generator --example khgt_timing`

use std::path::Path;
use std::time::Instant;

use chrono::{Duration, NaiveDate};
use hijri::registry;
use hijri_astro::Astro;
use hijri_generator::calendars::{conjunction, Context};
use hijri_generator::khgt::{Search, RESOLUTION};
use rayon::prelude::*;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../data");
    let astro = Astro::load(&data)?;
    let sites = hijri_generator::inputs::load_sites(&data.join("sites.json"))?;
    let ctx = Context {
        data_dir: &data,
        astro: &astro,
        sites: &sites,
        span: (hijri::span::FIRST, hijri::span::LAST),
    };
    let started = Instant::now();
    let lands = conjunction::lands(&ctx, &registry::muhammadiyah().rules)?;
    let land_s = started.elapsed().as_secs_f64();
    let rule = registry::khgt();
    let search = Search {
        astro: &astro,
        rule: &rule,
        lands: &lands,
        resolution: RESOLUTION,
    };
    // The conjunctions of the months 1447-01 (2025-06-25) to 1523-12 (2100-10).
    let mut conjunctions = Vec::new();
    let from = NaiveDate::from_ymd_opt(2025, 6, 10).ok_or("date")?;
    let mut probe = from.and_hms_opt(0, 0, 0).ok_or("time")?.and_utc();
    let last = NaiveDate::from_ymd_opt(2100, 10, 25).ok_or("date")?;
    while probe.date_naive() < last {
        let c = astro.nearest_conjunction(probe)?;
        if conjunctions.last() != Some(&c) {
            conjunctions.push(c);
        }
        probe = c + Duration::days(29);
    }
    let started = Instant::now();
    let parallel: Vec<_> = conjunctions
        .par_iter()
        .map(|&c| search.evaluate(c).map(|e| e.start))
        .collect::<Result<_, _>>()?;
    let all_cores = started.elapsed().as_secs_f64();
    let started = Instant::now();
    let serial: Vec<_> = conjunctions
        .iter()
        .map(|&c| search.evaluate(c).map(|e| e.start))
        .collect::<Result<_, _>>()?;
    let one_core = started.elapsed().as_secs_f64();
    assert_eq!(parallel, serial);
    println!(
        "{} months (1447-01 .. 1523-12): land parallels {land_s:.2} s; search {all_cores:.2} s \
         on {} threads, {one_core:.2} s on one ({:.1} ms a month)",
        conjunctions.len(),
        rayon::current_num_threads(),
        1e3 * one_core / conjunctions.len() as f64
    );
    Ok(())
}
