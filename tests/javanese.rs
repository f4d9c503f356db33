//! The Javanese dates of `hijri::javanese` against dates the Kraton and the press published
//! (`data/reference/javanese.csv`, sources in its README), and the change of kurup in 2052.

#![allow(
    clippy::unwrap_used,
    clippy::indexing_slicing,
    reason = "test helpers may panic: a panic fails the test"
)]

use hijri::date::Date;
use hijri::javanese::{JavaneseDate, JavaneseMonth, Kurup, WinduYear};
use hijri::lang::Lang;
use hijri::pasaran::weton;

#[test]
fn published_javanese_dates() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/reference/javanese.csv");
    let text = std::fs::read_to_string(path).unwrap();
    let mut rows = 0;
    for line in text.lines().skip(1) {
        let fields: Vec<&str> = line.split(',').collect();
        let date: Date = fields[0].parse().unwrap();
        let javanese = JavaneseDate::of(date).unwrap();
        let found = (
            javanese.day().to_string(),
            javanese.month().name(),
            javanese.year().to_string(),
            javanese.windu_year().name(),
        );
        assert_eq!(
            found,
            (
                fields[1].to_owned(),
                fields[2],
                fields[3].to_owned(),
                fields[4]
            ),
            "{line}"
        );
        if !fields[5].is_empty() {
            assert_eq!(weton(date, Lang::Id), fields[5], "{line}");
        }
        rows += 1;
    }
    assert!(rows >= 10, "{rows} published dates");
}

/// Asapon's last day and Anenhing's first: Jimakir 1986 is one day short, so 1 Sura Alip
/// 1987 falls on Senen (Senin) Pahing, 26 August 2052, a day earlier in both cycles.
#[test]
fn the_kurup_changes_in_2052() {
    for (day, date, windu_year, kurup) in [
        (
            25,
            (29, JavaneseMonth::Besar, 1986),
            WinduYear::Jimakir,
            Kurup::Asapon,
        ),
        (
            26,
            (1, JavaneseMonth::Sura, 1987),
            WinduYear::Alip,
            Kurup::Anenhing,
        ),
    ] {
        let found = JavaneseDate::of(Date::fixed(2052, 8, day)).unwrap();
        let found = (
            (found.day(), found.month(), found.year()),
            found.windu_year(),
            found.kurup(),
        );
        assert_eq!(found, (date, windu_year, kurup), "2052-08-{day}");
    }
    assert_eq!(Kurup::Anenhing.name(), "Anenhing");
    assert_eq!(weton(Date::fixed(2052, 8, 26), Lang::Id), "Senin Pahing");
    // A Jimakir inside Asapon is long: 30 Besar 1978 exists.
    let long = JavaneseDate::of(Date::fixed(2044, 11, 21)).unwrap();
    assert_eq!(
        (long.day(), long.month(), long.year()),
        (30, JavaneseMonth::Besar, 1978)
    );
    // The served span's last day.
    let end = JavaneseDate::of(Date::fixed(2100, 12, 31)).unwrap();
    assert_eq!(end.kurup(), Kurup::Anenhing);
}
