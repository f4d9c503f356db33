//! The decreed holidays under `data/holidays/` against the final decrees: every libur
//! nasional and cuti bersama of 2023-2027 as the amended SKBs and the Keppres give them
//! (written out here by hand from the decrees, not read back from the file), the 2022,
//! 2023 and 2025 amendments, and the files' own rules: every day names a decree of its
//! year, an amendment's `replaces` date lies in its year, the closed slug vocabulary, the
//! sort order of both files.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    reason = "test helpers may panic: a panic fails the test"
)]

use std::collections::BTreeSet;
use std::path::Path;

use chrono::{Datelike, NaiveDate};

mod common;

use common::csv_fields;

const LN: &str = "libur_nasional";
const CB: &str = "cuti_bersama";

/// The closed slug vocabulary of `data/holidays/README.md`.
const SLUGS: [&str; 18] = [
    "tahun_baru",
    "imlek",
    "isra_miraj",
    "nyepi",
    "wafat_yesus_kristus",
    "paskah",
    "hari_buruh",
    "kenaikan_yesus_kristus",
    "waisak",
    "hari_lahir_pancasila",
    "idul_fitri",
    "idul_adha",
    "tahun_baru_islam",
    "hari_kemerdekaan",
    "maulid_nabi",
    "natal",
    "pemilu",
    "pilkada",
];

/// One row of `days.csv`.
#[derive(Debug)]
struct Day {
    date: NaiveDate,
    kind: String,
    slug: String,
    decree: String,
    replaces: Option<NaiveDate>,
}

/// One row of `decrees.csv`.
#[derive(Debug)]
struct Decree {
    id: String,
    year: i32,
    kind: String,
    number: String,
    date: NaiveDate,
    title: String,
    source: String,
    change: String,
    /// `partial` for a decree taken as partial, else empty.
    partial: String,
}

/// The rows of a CSV file under `data/holidays/`, after checking its header.
fn rows(name: &str, header: &str) -> Vec<Vec<String>> {
    let path = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../data/holidays")).join(name);
    let text = std::fs::read_to_string(&path).unwrap();
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some(header), "{name}: header");
    lines
        .enumerate()
        .map(|(i, line)| {
            let row = csv_fields(line);
            assert_eq!(
                row.len(),
                header.split(',').count(),
                "{name}:{}: {line}",
                i + 2
            );
            row
        })
        .collect()
}

fn date(text: &str) -> NaiveDate {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap_or_else(|e| panic!("{text:?}: {e}"))
}

fn days() -> Vec<Day> {
    rows("days.csv", "date,kind,slug,decree,replaces")
        .into_iter()
        .map(|r| Day {
            date: date(&r[0]),
            kind: r[1].clone(),
            slug: r[2].clone(),
            decree: r[3].clone(),
            replaces: (!r[4].is_empty()).then(|| date(&r[4])),
        })
        .collect()
}

fn decrees() -> Vec<Decree> {
    rows(
        "decrees.csv",
        "id,year,kind,number,date,title,source,change,partial",
    )
    .into_iter()
    .map(|r| Decree {
        id: r[0].clone(),
        year: r[1].parse().unwrap(),
        kind: r[2].clone(),
        number: r[3].clone(),
        date: date(&r[4]),
        title: r[5].clone(),
        source: r[6].clone(),
        change: r[7].clone(),
        partial: r[8].clone(),
    })
    .collect()
}

/// The (date, kind, slug) records of one year in the file.
fn records_of(year: i32) -> BTreeSet<(String, String, String)> {
    days()
        .into_iter()
        .filter(|d| d.date.year() == year)
        .map(|d| (d.date.to_string(), d.kind, d.slug))
        .collect()
}

/// The expected records of a year: its libur nasional and its cuti bersama, as
/// (month-day, slug).
fn expected(
    year: i32,
    libur: &[(&str, &str)],
    cuti: &[(&str, &str)],
) -> BTreeSet<(String, String, String)> {
    let with = |kind: &str, list: &[(&str, &str)]| -> Vec<(String, String, String)> {
        list.iter()
            .map(|(md, slug)| (format!("{year}-{md}"), kind.to_owned(), (*slug).to_owned()))
            .collect()
    };
    with(LN, libur).into_iter().chain(with(CB, cuti)).collect()
}

fn assert_year(year: i32, libur: &[(&str, &str)], cuti: &[(&str, &str)]) {
    let want = expected(year, libur, cuti);
    assert_eq!(
        want.len(),
        libur.len() + cuti.len(),
        "{year}: a record twice"
    );
    let have = records_of(year);
    let missing: Vec<_> = want.difference(&have).collect();
    let extra: Vec<_> = have.difference(&want).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "{year}: missing {missing:?}, not decreed {extra:?}"
    );
}

#[test]
fn every_decreed_day_of_2023_is_the_twice_amended_skb() {
    // SKB 1066/2022 (16 libur nasional), amended by SKB 327/2023 (Idul Fitri cuti bersama
    // 19-21 and 24-25 April instead of 21 and 24-26) and SKB 624/2023 (28 and 30 June).
    assert_year(
        2023,
        &[
            ("01-01", "tahun_baru"),
            ("01-22", "imlek"),
            ("02-18", "isra_miraj"),
            ("03-22", "nyepi"),
            ("04-07", "wafat_yesus_kristus"),
            ("04-22", "idul_fitri"),
            ("04-23", "idul_fitri"),
            ("05-01", "hari_buruh"),
            ("05-18", "kenaikan_yesus_kristus"),
            ("06-01", "hari_lahir_pancasila"),
            ("06-04", "waisak"),
            ("06-29", "idul_adha"),
            ("07-19", "tahun_baru_islam"),
            ("08-17", "hari_kemerdekaan"),
            ("09-28", "maulid_nabi"),
            ("12-25", "natal"),
        ],
        &[
            ("01-23", "imlek"),
            ("03-23", "nyepi"),
            ("04-19", "idul_fitri"),
            ("04-20", "idul_fitri"),
            ("04-21", "idul_fitri"),
            ("04-24", "idul_fitri"),
            ("04-25", "idul_fitri"),
            ("06-02", "waisak"),
            ("06-28", "idul_adha"),
            ("06-30", "idul_adha"),
            ("12-26", "natal"),
        ],
    );
}

#[test]
fn every_decreed_day_of_2024_is_the_skb_and_the_two_election_keppres() {
    // SKB 855/2023 (17 libur nasional, 10 cuti bersama), Keppres 10/2024 (general
    // election) and Keppres 33/2024 (regional elections).
    assert_year(
        2024,
        &[
            ("01-01", "tahun_baru"),
            ("02-08", "isra_miraj"),
            ("02-10", "imlek"),
            ("02-14", "pemilu"),
            ("03-11", "nyepi"),
            ("03-29", "wafat_yesus_kristus"),
            ("03-31", "paskah"),
            ("04-10", "idul_fitri"),
            ("04-11", "idul_fitri"),
            ("05-01", "hari_buruh"),
            ("05-09", "kenaikan_yesus_kristus"),
            ("05-23", "waisak"),
            ("06-01", "hari_lahir_pancasila"),
            ("06-17", "idul_adha"),
            ("07-07", "tahun_baru_islam"),
            ("08-17", "hari_kemerdekaan"),
            ("09-16", "maulid_nabi"),
            ("11-27", "pilkada"),
            ("12-25", "natal"),
        ],
        &[
            ("02-09", "imlek"),
            ("03-12", "nyepi"),
            ("04-08", "idul_fitri"),
            ("04-09", "idul_fitri"),
            ("04-12", "idul_fitri"),
            ("04-15", "idul_fitri"),
            ("05-10", "kenaikan_yesus_kristus"),
            ("05-24", "waisak"),
            ("06-18", "idul_adha"),
            ("12-26", "natal"),
        ],
    );
}

#[test]
fn every_decreed_day_of_2025_is_the_amended_skb() {
    // SKB 1017/2024 (17 libur nasional, 10 cuti bersama), amended by SKB 933/2025
    // (cuti bersama 18 August).
    assert_year(
        2025,
        &[
            ("01-01", "tahun_baru"),
            ("01-27", "isra_miraj"),
            ("01-29", "imlek"),
            ("03-29", "nyepi"),
            ("03-31", "idul_fitri"),
            ("04-01", "idul_fitri"),
            ("04-18", "wafat_yesus_kristus"),
            ("04-20", "paskah"),
            ("05-01", "hari_buruh"),
            ("05-12", "waisak"),
            ("05-29", "kenaikan_yesus_kristus"),
            ("06-01", "hari_lahir_pancasila"),
            ("06-06", "idul_adha"),
            ("06-27", "tahun_baru_islam"),
            ("08-17", "hari_kemerdekaan"),
            ("09-05", "maulid_nabi"),
            ("12-25", "natal"),
        ],
        &[
            ("01-28", "imlek"),
            ("03-28", "nyepi"),
            ("04-02", "idul_fitri"),
            ("04-03", "idul_fitri"),
            ("04-04", "idul_fitri"),
            ("04-07", "idul_fitri"),
            ("05-13", "waisak"),
            ("05-30", "kenaikan_yesus_kristus"),
            ("06-09", "idul_adha"),
            ("08-18", "hari_kemerdekaan"),
            ("12-26", "natal"),
        ],
    );
}

#[test]
fn every_decreed_day_of_2026_is_the_skb() {
    // SKB 1497/2025 (17 libur nasional, 8 cuti bersama).
    assert_year(
        2026,
        &[
            ("01-01", "tahun_baru"),
            ("01-16", "isra_miraj"),
            ("02-17", "imlek"),
            ("03-19", "nyepi"),
            ("03-21", "idul_fitri"),
            ("03-22", "idul_fitri"),
            ("04-03", "wafat_yesus_kristus"),
            ("04-05", "paskah"),
            ("05-01", "hari_buruh"),
            ("05-14", "kenaikan_yesus_kristus"),
            ("05-27", "idul_adha"),
            ("05-31", "waisak"),
            ("06-01", "hari_lahir_pancasila"),
            ("06-16", "tahun_baru_islam"),
            ("08-17", "hari_kemerdekaan"),
            ("08-25", "maulid_nabi"),
            ("12-25", "natal"),
        ],
        &[
            ("02-16", "imlek"),
            ("03-18", "nyepi"),
            ("03-20", "idul_fitri"),
            ("03-23", "idul_fitri"),
            ("03-24", "idul_fitri"),
            ("05-15", "kenaikan_yesus_kristus"),
            ("05-28", "idul_adha"),
            ("12-24", "natal"),
        ],
    );
}

#[test]
fn every_decreed_day_of_2027_is_the_skb_with_two_isra_miraj() {
    // SKB 1205/2026 (18 libur nasional: 27 Rajab falls twice, 1448 and 1449 H; 8 cuti
    // bersama).
    assert_year(
        2027,
        &[
            ("01-01", "tahun_baru"),
            ("01-05", "isra_miraj"),
            ("02-06", "imlek"),
            ("03-08", "nyepi"),
            ("03-10", "idul_fitri"),
            ("03-11", "idul_fitri"),
            ("03-26", "wafat_yesus_kristus"),
            ("03-28", "paskah"),
            ("05-01", "hari_buruh"),
            ("05-06", "kenaikan_yesus_kristus"),
            ("05-17", "idul_adha"),
            ("05-20", "waisak"),
            ("06-01", "hari_lahir_pancasila"),
            ("06-06", "tahun_baru_islam"),
            ("08-15", "maulid_nabi"),
            ("08-17", "hari_kemerdekaan"),
            ("12-25", "natal"),
            ("12-26", "isra_miraj"),
        ],
        &[
            ("02-05", "imlek"),
            ("03-09", "idul_fitri"),
            ("03-12", "idul_fitri"),
            ("03-15", "idul_fitri"),
            ("03-25", "wafat_yesus_kristus"),
            ("05-18", "idul_adha"),
            ("05-19", "waisak"),
            ("12-24", "natal"),
        ],
    );
}

/// The decree of the day (date, kind, slug), and its `replaces` date.
fn decree_of(day: &str, kind: &str, slug: &str) -> (String, Option<NaiveDate>) {
    let found = days()
        .into_iter()
        .find(|d| d.date == date(day) && d.kind == kind && d.slug == slug)
        .unwrap_or_else(|| panic!("{day} {kind} {slug} is not in days.csv"));
    (found.decree, found.replaces)
}

#[test]
fn the_amendments_name_the_days_they_made() {
    let amendments = decrees();
    let decree = |id: &str| amendments.iter().find(|d| d.id == id).unwrap();
    // 2023: the Idul Fitri cuti bersama moved earlier (26 April became 20 April) and grew by
    // 19 April; 21, 24 and 25 April stayed as the original SKB set them.
    assert_eq!(
        decree_of("2023-04-20", CB, "idul_fitri"),
        ("skb-2023-a1".into(), Some(date("2023-04-26")))
    );
    // 2022: KMA 668/2022 put Idul Adha on Sunday 10 July; SKB 678/2022 moved the holiday
    // from Saturday 9 July.
    assert_eq!(
        decree_of("2022-07-10", LN, "idul_adha"),
        ("skb-2022-a2".into(), Some(date("2022-07-09")))
    );
    // Days that replace none: (date, kind, slug) and the decree that made it.
    for (day, kind, slug, by) in [
        ("2023-04-19", CB, "idul_fitri", "skb-2023-a1"),
        ("2023-04-21", CB, "idul_fitri", "skb-2023"),
        ("2023-04-24", CB, "idul_fitri", "skb-2023"),
        ("2023-04-25", CB, "idul_fitri", "skb-2023"),
        ("2023-06-28", CB, "idul_adha", "skb-2023-a2"),
        ("2023-06-30", CB, "idul_adha", "skb-2023-a2"),
        // 2025: 18 August, the 80th anniversary's cuti bersama, by SKB 933/2025 of 7 August.
        ("2025-08-18", CB, "hari_kemerdekaan", "skb-2025-a1"),
        // The election days are the Keppres'.
        ("2024-02-14", LN, "pemilu", "keppres-2024-pemilu"),
        ("2024-11-27", LN, "pilkada", "keppres-2024-pilkada"),
    ] {
        assert_eq!(
            decree_of(day, kind, slug),
            (by.into(), None),
            "{day} {kind} {slug}"
        );
    }
    assert!(!records_of(2023).contains(&("2023-04-26".into(), CB.into(), "idul_fitri".into())));
    for (id, number) in [
        ("skb-2023-a1", "327 Tahun 2023; 1 Tahun 2023; 1 Tahun 2023"),
        ("skb-2023-a2", "624 Tahun 2023; 2 Tahun 2023; 2 Tahun 2023"),
        ("skb-2022-a2", "678 Tahun 2022; 2 Tahun 2022; 2 Tahun 2022"),
        ("keppres-2024-pemilu", "Keppres 10 Tahun 2024"),
    ] {
        assert_eq!(decree(id).number, number, "{id}");
    }
    for (id, signed) in [("skb-2025-a1", "2025-08-07"), ("skb-2022-a2", "2022-07-07")] {
        assert_eq!(decree(id).date, date(signed), "{id}");
    }
}

#[test]
fn every_day_names_a_decree_of_its_year_and_a_known_slug() {
    let decrees = decrees();
    let slugs: BTreeSet<&str> = SLUGS.into_iter().collect();
    for day in days() {
        let decree = decrees
            .iter()
            .find(|d| d.id == day.decree)
            .unwrap_or_else(|| panic!("{day:?}: no decree {}", day.decree));
        assert_eq!(
            decree.year,
            day.date.year(),
            "{day:?}: decree of another year"
        );
        assert!(day.kind == LN || day.kind == CB, "{day:?}: kind");
        assert!(slugs.contains(day.slug.as_str()), "{day:?}: slug");
    }
    // Every decreed year (the years of decrees.csv, consecutive) has its one original SKB,
    // and every decree sets some day.
    let years: Vec<i32> = decrees
        .iter()
        .filter(|d| d.kind == "skb")
        .map(|d| d.year)
        .collect();
    let (first, last) = (decrees[0].year, decrees[decrees.len() - 1].year);
    assert_eq!(years, (first..=last).collect::<Vec<_>>());
    // The amendments that only took days away: 22 May 2020; 28-30 December 2020; five
    // cuti bersama of 2021.
    let removals_only = ["skb-2020-a3", "skb-2020-a4", "skb-2021-a1"];
    let used: BTreeSet<String> = days().into_iter().map(|d| d.decree).collect();
    for decree in &decrees {
        assert_eq!(
            used.contains(&decree.id),
            !removals_only.contains(&decree.id.as_str()),
            "{}: sets a day or only removes",
            decree.id
        );
    }
}

#[test]
fn an_amendment_s_replaced_date_lies_in_its_year() {
    let decrees = decrees();
    for day in days() {
        let kind = &decrees.iter().find(|d| d.id == day.decree).unwrap().kind;
        if let Some(from) = day.replaces {
            assert_eq!(
                kind, "skb_amendment",
                "{day:?}: only an amendment moves a day"
            );
            assert_eq!(from.year(), day.date.year(), "{day:?}");
            assert_ne!(from, day.date, "{day:?}");
        }
    }
}

#[test]
fn the_decrees_are_well_formed() {
    let decrees = decrees();
    let ids: BTreeSet<&str> = decrees.iter().map(|d| d.id.as_str()).collect();
    assert_eq!(ids.len(), decrees.len(), "an id twice");
    for d in &decrees {
        assert!(
            ["skb", "skb_amendment", "keppres"].contains(&d.kind.as_str()),
            "{}: kind {}",
            d.id,
            d.kind
        );
        assert!(
            d.id.contains(&d.year.to_string()),
            "{}: id names its year",
            d.id
        );
        assert_eq!(d.change.is_empty(), d.kind == "skb", "{}: change", d.id);
        assert!(
            ["", "partial"].contains(&d.partial.as_str()),
            "{}: partial {}",
            d.id,
            d.partial
        );
        assert!(!d.number.is_empty() && !d.title.is_empty(), "{}", d.id);
        assert!(
            d.source.split(" ; ").all(|url| url.starts_with("http")),
            "{}: source {}",
            d.id,
            d.source
        );
        // Decrees are signed before or during the year they rule.
        assert!(d.date.year() <= d.year, "{}: signed after its year", d.id);
        if d.kind == "skb_amendment" {
            let original = decrees
                .iter()
                .find(|o| o.kind == "skb" && o.year == d.year)
                .unwrap();
            assert!(d.date > original.date, "{}: older than its SKB", d.id);
        }
    }
}

#[test]
fn both_files_are_sorted() {
    let kind_rank = |kind: &str| usize::from(kind != LN);
    let keys: Vec<_> = days()
        .into_iter()
        .map(|d| (d.date, kind_rank(&d.kind), d.slug))
        .collect();
    assert!(
        keys.windows(2).all(|w| w[0] < w[1]),
        "days.csv: not sorted by date, kind (libur_nasional first), slug, or a record twice"
    );
    let decrees: Vec<_> = decrees().into_iter().map(|d| (d.year, d.date)).collect();
    assert!(
        decrees.windows(2).all(|w| w[0] <= w[1]),
        "decrees.csv: not sorted by year, then date"
    );
}
