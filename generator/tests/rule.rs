//! The month rule run from 1945 alone, without the official table, against independent
//! facts: it must reproduce the government's dates for the months DESIGN.md lists.

use std::path::Path;

use hijri::date::Date;
use hijri_astro::Astro;
use hijri_generator::chain::ChainInputs;
use hijri_generator::inputs::{load_official, load_sites};

#[test]
fn the_rule_from_1945_reproduces_official_dates() {
    let data = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../data"));
    let astro = Astro::load(data).unwrap();
    let sites = load_sites(&data.join("sites.json")).unwrap();
    let table = load_official(&data.join("official/months.csv")).unwrap();
    let inputs = ChainInputs {
        astro: &astro,
        sites: &sites,
        table: &table,
        limits: hijri::schema::Criterion::neo_mabims().limits,
    };

    let first = Date::parse_iso("1945-01-01").unwrap();
    let (start, evening) = inputs.first_month(first).unwrap();
    // 1 Muharram 1364 H is commonly given as 1944-12-17; the month containing 1945-01-01
    // starts within a day of it.
    assert!(
        (start.0 - Date::parse_iso("1944-12-17").unwrap().0).abs() <= 1,
        "{start}"
    );
    let until = Date::parse_iso("2024-08-01").unwrap();
    let (months, _) = inputs.run_rule(start, evening, until, &mut || {}).unwrap();
    let starts: Vec<String> = months.iter().map(|m| m.start.to_string()).collect();

    for (year, month) in [
        (1444, 9),
        (1444, 10),
        (1444, 12),
        (1445, 1),
        (1445, 9),
        (1445, 10),
        (1445, 12),
        (1446, 1),
    ] {
        let official = table
            .months
            .iter()
            .find(|m| m.month.year == year && m.month.month == month)
            .unwrap();
        assert!(
            starts.contains(&official.start.to_string()),
            "{year}-{month:02}: official start {} not produced by the rule",
            official.start
        );
    }
}
