//! Every evening of `data/reference/evenings.csv` (Skyfield + full DE440) is reproduced
//! within the house tolerances.

use chrono::{DateTime, FixedOffset, NaiveDate, Utc};
use hijri::fixed::to_fixed;
use hijri::schema::Criterion;
use hijri::zone::Zone;
use hijri_astro::{Astro, Observer};
use std::path::Path;

mod common;

use common::csv_fields;

/// Largest absolute error seen for one field, with the row where it occurred.
#[derive(Default)]
struct MaxErr {
    value: f64,
    row: usize,
}

impl MaxErr {
    fn see(&mut self, err: f64, row: usize) {
        if err.abs() > self.value || err.is_nan() {
            self.value = err.abs();
            self.row = row;
        }
    }
}

/// Rows whose oracle lies within 0.0001° of a threshold and whose flag may legitimately
/// differ: (evening_date, site). Empty: every flag currently agrees with the reference.
const BORDERLINE: &[(&str, &str)] = &[];

/// The reference's columns whose values are ours less theirs, the first seven errors (and
/// columns 8 to 14 of the row).
const COMPARED: [&str; 7] = [
    "moon_alt_deg",
    "moon_alt_airless_deg",
    "moon_az_deg",
    "sun_alt_deg",
    "sun_az_deg",
    "elongation_deg",
    "illumination_pct",
];

#[test]
fn reproduces_every_reference_evening() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../data");
    let loading = std::time::Instant::now();
    let astro = Astro::load(&data).expect("load astronomy data");
    println!("Astro::load took {:.3} s", loading.elapsed().as_secs_f64());
    let text =
        std::fs::read_to_string(data.join("reference/evenings.csv")).expect("read reference");
    let mut lines = text.lines();
    let header = csv_fields(lines.next().expect("header"));
    let col = |name: &str| header.iter().position(|h| h == name).expect(name);
    let c: Vec<usize> = [
        &[
            "evening_date",
            "site",
            "lat",
            "lon",
            "elev_m",
            "tz",
            "delta_t_s",
            "sunset_local",
        ][..],
        &COMPARED,
        &[
            "conjunction_utc",
            "age_hours",
            "moonset_local",
            "alt_ok",
            "elong_ok",
        ],
    ]
    .concat()
    .into_iter()
    .map(col)
    .collect();
    let names = [
        &COMPARED[..],
        &[
            "age_hours",
            "sunset_s (vs [ref, ref+1))",
            "moonset_s (vs [ref, ref+1))",
            "conjunction_s",
            "delta_t_s",
        ],
    ]
    .concat();
    let tolerance = [
        3e-4,
        f64::INFINITY,
        1e-3,
        f64::INFINITY,
        f64::INFINITY,
        3e-4,
        1e-3,
        0.01,
        2.0,
        2.0,
        f64::INFINITY,
        f64::INFINITY,
    ];
    let mut max: Vec<MaxErr> = names.iter().map(|_| MaxErr::default()).collect();
    let mut failures = Vec::new();
    // Signed range of the raw sunset and moonset differences (ours − reference), seconds.
    let mut raw_range = [[f64::INFINITY, f64::NEG_INFINITY]; 2];
    let mut rows = 0usize;
    let mut near_threshold = 0usize;
    let started = std::time::Instant::now();
    let limits = Criterion::neo_mabims().limits;
    let (min_alt, min_elong) = (limits.min_moon_alt_deg(), limits.min_elongation_deg());
    for (i, line) in lines.enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        rows += 1;
        let row = i + 2;
        let f = csv_fields(line);
        let num = |k: usize| -> f64 {
            f[c[k]]
                .parse()
                .unwrap_or_else(|_| panic!("row {row}: {}", f[c[k]]))
        };
        let date = NaiveDate::parse_from_str(&f[c[0]], "%Y-%m-%d").expect("date");
        let site = Observer {
            lat_deg: num(2),
            lon_deg: num(3),
            elev_m: num(4),
            tz: f[c[5]].parse::<Zone>().expect("tz"),
        };
        let ev = astro
            .evening(&site, date)
            .unwrap_or_else(|e| panic!("row {row} ({} {}): {e}", f[c[0]], f[c[1]]));
        let local = |s: &str| DateTime::<FixedOffset>::parse_from_rfc3339(s).expect("time");
        let secs = |a: DateTime<Utc>, b: DateTime<FixedOffset>| {
            (a - b.with_timezone(&Utc))
                .num_microseconds()
                .unwrap_or(i64::MAX) as f64
                * 1e-6
        };
        let ref_moonset = (!f[c[17]].is_empty()).then(|| local(&f[c[17]]));
        let moonset_err = match (ev.moonset_utc, ref_moonset) {
            (Some(m), Some(r)) => secs(m, r),
            (None, None) => 0.0,
            _ => f64::NAN,
        };
        let conj_ref = DateTime::parse_from_rfc3339(&f[c[15]]).expect("conjunction");
        let dt = astro.delta_t_at(ev.sunset_utc).expect("delta t");
        // Reference times are truncated to the second, so the true instant lies in
        // [ref, ref + 1 s): measure how far ours falls outside that interval.
        let to_second = |e: f64| {
            if e.is_nan() {
                e
            } else if e < 0.0 {
                -e
            } else {
                (e - 1.0).max(0.0)
            }
        };
        let raw = [secs(ev.sunset_utc, local(&f[c[7]])), moonset_err];
        for (range, r) in raw_range.iter_mut().zip(raw) {
            range[0] = range[0].min(r);
            range[1] = range[1].max(r);
        }
        let errs = [
            ev.moon_alt_deg - num(8),
            ev.moon_alt_airless_deg - num(9),
            (ev.moon_az_deg - num(10) + 180.0).rem_euclid(360.0) - 180.0,
            ev.sun_alt_deg - num(11),
            (ev.sun_az_deg - num(12) + 180.0).rem_euclid(360.0) - 180.0,
            ev.elongation_deg - num(13),
            ev.illumination_pct - num(14),
            ev.age_hours - num(16),
            to_second(secs(ev.sunset_utc, local(&f[c[7]]))),
            to_second(moonset_err),
            secs(ev.conjunction_utc, conj_ref),
            dt - num(6),
        ];
        for (k, e) in errs.iter().enumerate() {
            max[k].see(*e, row);
            if e.is_nan() || e.abs() > tolerance[k] {
                failures.push(format!(
                    "row {row} {} {}: {} off by {e}",
                    f[c[0]], f[c[1]], names[k]
                ));
            }
        }
        if (num(8) - min_alt).abs() < 1e-4 || (num(13) - min_elong).abs() < 1e-4 {
            near_threshold += 1;
        }
        let flags = [
            (
                limits.alt_ok(to_fixed(ev.moon_alt_deg)),
                18,
                num(8),
                min_alt,
            ),
            (
                limits.elong_ok(to_fixed(ev.elongation_deg)),
                19,
                num(13),
                min_elong,
            ),
        ];
        for (mine, k, oracle, threshold) in flags {
            let theirs = f[c[k]] == "True";
            let listed = BORDERLINE
                .iter()
                .any(|&(d, s)| d == f[c[0]] && s == f[c[1]]);
            if mine != theirs && !((oracle - threshold).abs() < 1e-4 && listed) {
                failures.push(format!(
                    "row {row} {} {}: flag {} differs",
                    f[c[0]], f[c[1]], header[c[k]]
                ));
            }
        }
    }
    let elapsed = started.elapsed().as_secs_f64();
    println!(
        "{rows} reference evenings in {elapsed:.2} s ({:.0} evenings/s)",
        rows as f64 / elapsed
    );
    for (k, m) in max.iter().enumerate() {
        println!(
            "max |error| {:<28} {:>12.7}  (row {})",
            names[k], m.value, m.row
        );
    }
    println!(
        "raw sunset difference in [{:.3}, {:.3}] s, moonset in [{:.3}, {:.3}] s",
        raw_range[0][0], raw_range[0][1], raw_range[1][0], raw_range[1][1]
    );
    println!(
        "{near_threshold} rows lie within 0.0001° of a criterion threshold; all flags compared"
    );
    assert_eq!(rows, 13_700, "reference row count");
    assert!(
        failures.is_empty(),
        "{} failures, first: {:#?}",
        failures.len(),
        &failures[..failures.len()]
    );
}
