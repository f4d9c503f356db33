//! Decrees checked on entry (`announce-holidays`, on a private copy of the facts): a decree
//! that leaves out a holiday in force is refused with the list of what it leaves out, and
//! taken with `--partial` it keeps them predicted (the year `partial`, `/workdays` counting
//! the predicted days off, with a warning); an Islamic holiday more than a day from the
//! government calendar's date is refused, naming it, its date and the calendar's. Every
//! committed decreed year passes the same checks.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    reason = "test helpers may panic: a panic fails the test"
)]

use std::fs;
use std::path::Path;
use std::process::{Command, Output};
use std::sync::OnceLock;

use hijri::date::Date;
use hijri::holiday::{Standing, Workweek, HOLIDAYS};
use hijri::lang::Lang;
use hijri::schema::Chain;
use hijri_astro::Astro;
use hijri_generator::holidays::{self, check, facts, predict};
use serde_json::Value;

mod common;

use common::{Untouched, HOLIDAY_FILES};

/// The year after the last decreed one: the next SKB's.
fn next_year() -> u16 {
    facts::load(common::data_dir()).unwrap().years().unwrap().1 + 1
}

/// A three-entry SKB for the next year ("SKB 2028" when 2027 is the last decreed), with the
/// days `days` and the flags `extra`.
fn skb(data: &Path, days: &[String], extra: &[&str]) -> Output {
    let year = next_year();
    let mut command = Command::new(env!("CARGO_BIN_EXE_hijri-generate"));
    command
        .arg("announce-holidays")
        .arg("--data")
        .arg(data)
        .args(["--year", &year.to_string(), "--kind", "skb"])
        .args(["--signed", &format!("{}-09-15", year - 1)])
        .args(["--number", "1 Tahun 2027; 1 Tahun 2027; 1 Tahun 2027"])
        .args(["--title", "Hari Libur Nasional dan Cuti Bersama (uji)"])
        .args(["--source", "https://example.invalid/skb"]);
    for day in days {
        command.args(["--day", day]);
    }
    command.args(extra).output().unwrap()
}

/// The government's chain and the astronomy, built once from the committed facts.
fn government() -> &'static (Chain, Astro) {
    static BUILT: OnceLock<(Chain, Astro)> = OnceLock::new();
    BUILT.get_or_init(|| check::government_chain(common::data_dir()).unwrap())
}

/// The days the three-entry decree sets: New Year, Imlek and Nyepi of `year`, on
/// their predicted dates.
fn three_entries(year: u16) -> Vec<String> {
    let (chain, astro) = government();
    let predicted = predict::year(astro, chain, i32::from(year)).unwrap();
    ["tahun_baru", "imlek", "nyepi"]
        .iter()
        .map(|slug| {
            let day = predicted.days.iter().find(|d| d.slug == *slug).unwrap();
            format!("{}=libur_nasional:{slug}", Date(day.date))
        })
        .collect()
}

#[test]
fn every_decreed_year_passes_the_checks() {
    let facts = facts::load(common::data_dir()).unwrap();
    let (chain, astro) = government();
    let (first, last) = facts.years().unwrap();
    let failed: Vec<String> = (first..=last)
        .filter_map(|year| {
            let predicted = predict::year(astro, chain, i32::from(year)).unwrap();
            check::year(&facts, year, (chain, &predicted))
                .err()
                .map(|e| format!("{year}: {e}"))
        })
        .collect();
    assert!(failed.is_empty(), "{failed:#?}");
    // And none needs --partial: every committed year is decreed in full.
    assert!((first..=last).all(|year| !facts.partial(year)));
}

#[test]
fn a_decree_that_leaves_out_holidays_is_refused_with_the_list() {
    let data = common::data_copy("decree-checks-missing");
    let files = Untouched::new(&data, &HOLIDAY_FILES);
    let year = next_year();
    let stderr = files.refused(&skb(&data, &three_entries(year), &[]), 1, "a refusal");
    // Every holiday in force that year but the three, from the vocabulary.
    let left_out: Vec<&str> = HOLIDAYS
        .iter()
        .filter(|h| h.in_force(i32::from(year)))
        .map(|h| h.slug)
        .filter(|slug| !["tahun_baru", "imlek", "nyepi"].contains(slug))
        .collect();
    assert!(
        stderr.contains(&format!(
            "hijri-generate: the decrees of {year} leave out {} national holidays in force that \
             year: ",
            left_out.len()
        )),
        "{stderr}"
    );
    for slug in &left_out {
        assert!(stderr.contains(&format!("{slug} (")), "{slug}: {stderr}");
    }
    assert!(
        stderr.contains(
            "list them (--day DATE=libur_nasional:SLUG), or take the decree with \
                         --partial to keep them predicted"
        ),
        "{stderr}"
    );
    if year == 2028 {
        // The figures: 13 left out, Idul Fitri named with its two predicted days.
        assert_eq!(left_out.len(), 13);
        assert!(
            stderr.contains("idul_fitri (Eid al-Fitr, predicted 2028-02-27 and 2028-02-28)"),
            "{stderr}"
        );
    }
}

#[test]
fn with_partial_the_rest_stays_predicted_and_workdays_says_so() {
    let data = common::data_copy("decree-checks-partial");
    let year = next_year();
    let output = skb(&data, &three_entries(year), &["--partial"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    let decrees = fs::read_to_string(data.join(HOLIDAY_FILES[0])).unwrap();
    assert!(
        decrees.ends_with(",partial\n"),
        "{}",
        decrees.lines().last().unwrap()
    );

    // The days off as the generator builds them for the archive.
    let facts = facts::load(&data).unwrap();
    assert!(facts.partial(year));
    let (chain, astro) = government();
    let mut dataset = hijri_testing::DatasetBuilder::new().build();
    dataset.chains.push(chain.clone());
    dataset.holidays = holidays::build(astro, chain, &facts).unwrap();
    let bytes = hijri_testing::encoded(&dataset);
    let archived = hijri::archive::access(&bytes).unwrap();
    let days = archived.holiday_year(i32::from(year)).unwrap();
    assert_eq!(days.standing(), Standing::Partial);
    let decreed: Vec<&str> = days
        .days
        .iter()
        .filter(|d| !days.predicts(d))
        .map(|d| d.slug.as_str())
        .collect();
    assert_eq!(decreed, ["tahun_baru", "imlek", "nyepi"]);
    let predicted = predict::year(astro, chain, i32::from(year)).unwrap();
    assert_eq!(days.days.len(), predicted.days.len(), "the rest predicted");

    let answer = |from: Date, to: Date| -> Value {
        let answer = hijri_view::answers::workdays::workdays(
            archived,
            from,
            to,
            Workweek::DEFAULT,
            Lang::Id,
        )
        .unwrap();
        serde_json::to_value(answer).unwrap()
    };
    // The range: Idul Fitri 2028 (27 and 28 February, a Sunday and a Monday) is still
    // a day off, predicted.
    if year == 2028 {
        let body = answer("2028-02-20".parse().unwrap(), "2028-03-05".parse().unwrap());
        assert_eq!(body["working_days"], 9, "{body:#}");
        assert_eq!(body["predicted"], true);
        let warning = &body["warnings"][0];
        assert_eq!(warning["code"], "partial", "{body:#}");
        let message = warning["message"].as_str().unwrap();
        assert!(
            message.starts_with("The decree of 2028 is partial: it leaves out Eid al-Fitr, "),
            "{message}"
        );
        assert!(
            message.contains(" and Christmas Day, whose days are predicted"),
            "{message}"
        );
        let fitri = &body["items"]
            .as_array()
            .unwrap()
            .iter()
            .find(|i| i["date"] == "2028-02-28")
            .unwrap()["reasons"][0];
        assert_eq!(
            (&fitri["slug"], &fitri["status"]),
            (&"idul_fitri".into(), &"predicted".into())
        );
    }
    // The decreed New Year is decreed.
    let new_year = Date::from_ymd(i32::from(year), 1, 1).unwrap();
    let body = answer(new_year, new_year);
    assert_eq!(
        body["items"][0]["reasons"][0]["status"], "decreed",
        "{body:#}"
    );

    // /holidays: the year partial, each item with its own status.
    let body = serde_json::to_value(hijri_view::answers::holidays::holidays(
        archived,
        days,
        hijri_view::answers::holidays::Kinds::All,
        Lang::En,
    ))
    .unwrap();
    assert_eq!(body["status"], "partial");
    let statuses: Vec<(&str, &str)> = body["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| (i["slug"].as_str().unwrap(), i["status"].as_str().unwrap()))
        .collect();
    for (slug, status) in statuses {
        let expected = if decreed.contains(&slug) {
            "decreed"
        } else {
            "predicted"
        };
        assert_eq!(status, expected, "{slug}");
    }
    assert!(body["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .any(|w| w["code"] == "partial"));

    // --partial on a year that leaves nothing out is refused.
    let data = common::data_copy("decree-checks-needless-partial");
    let all: Vec<String> = predicted
        .days
        .iter()
        .map(|d| format!("{}=libur_nasional:{}", Date(d.date), d.slug))
        .collect();
    let output = skb(&data, &all, &["--partial"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr.contains(&format!(
            "--partial, but the decrees of {year} leave out no national holiday in force: take \
             it without --partial"
        )),
        "{stderr}"
    );
    // Without it, the whole predicted year is a complete decree.
    assert!(skb(&data, &all, &[]).status.success());
}

#[test]
fn an_idul_fitri_three_days_off_the_chain_is_refused() {
    let data = common::data_copy("decree-checks-misdated");
    let files = Untouched::new(&data, &HOLIDAY_FILES);
    let year = next_year();
    let (chain, astro) = government();
    let predicted = predict::year(astro, chain, i32::from(year)).unwrap();
    let fitri: Vec<Date> = predicted
        .days
        .iter()
        .filter(|d| d.slug == "idul_fitri")
        .map(|d| Date(d.date))
        .collect();
    // Every holiday on its predicted date, but Idul Fitri three days later.
    let days: Vec<String> = predicted
        .days
        .iter()
        .map(|d| {
            let shift = if d.slug == "idul_fitri" { 3 } else { 0 };
            format!("{}=libur_nasional:{}", Date(d.date).add_days(shift), d.slug)
        })
        .collect();
    let stderr = files.refused(&skb(&data, &days, &[]), 1, "a refusal");
    let expected = format!(
        "hijri-generate: idul_fitri (Eid al-Fitr) on {} is 3 days from {}, the date kemenag's \
         calendar gives 1 Syawal ",
        fitri[0].add_days(3),
        fitri[0]
    );
    assert!(stderr.contains(&expected), "{stderr}");
    assert!(
        stderr.contains("an Islamic holiday is decreed at most 1 day from its calendar's date"),
        "{stderr}"
    );
    if year == 2028 {
        assert!(
            stderr.contains(
                "idul_fitri (Eid al-Fitr) on 2028-03-01 is 3 days from 2028-02-27, the date \
                 kemenag's calendar gives 1 Syawal 1449 (1449-10-01)"
            ),
            "{stderr}"
        );
    }
    // A day off is the isbat's margin: accepted.
    let days: Vec<String> = predicted
        .days
        .iter()
        .map(|d| {
            let shift = i32::from(d.slug == "idul_fitri");
            format!("{}=libur_nasional:{}", Date(d.date).add_days(shift), d.slug)
        })
        .collect();
    let output = skb(&data, &days, &[]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}
