//! `hijri-generate announce` on a private copy of the facts: a month appended as computed, an
//! isbat that moves it and lands in the ledger (and from there in the archive's divergences
//! and table version), and every refusal (of the facts, exit 1; of the command line, clap's
//! usage error, exit 2), each leaving the files byte-identical.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    reason = "test helpers may panic: a panic fails the test"
)]

use std::fs;
use std::path::Path;
use std::process::Output;

use hijri::schema::ArchivedChain;

mod common;

use common::{Untouched, OFFICIAL_FILES};

/// Runs `hijri-generate --data <data> announce <args>`.
fn announce(data: &Path, args: &[&str]) -> Output {
    common::generate_with(data, "announce", args)
}

fn read(data: &Path, file: &str) -> String {
    fs::read_to_string(data.join(file)).unwrap()
}

fn stdout(output: &Output) -> String {
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout.clone()).unwrap()
}

/// Asserts that `out` succeeded printing `json` and that `official/months.csv` now ends with
/// `months_tail`.
fn assert_announced(data: &Path, out: &Output, json: &str, months_tail: &str) {
    assert_eq!(stdout(out), json);
    let months = read(data, "official/months.csv");
    assert!(months.ends_with(months_tail), "{months}");
}

/// Generates an archive without cards from `data` and hands its default calendar to `check`.
fn with_archive(data: &Path, check: impl FnOnce(&ArchivedChain)) {
    let aligned = common::archive_without_cards(data);
    check(
        hijri::archive::open(&aligned)
            .unwrap()
            .default_chain()
            .unwrap(),
    );
}

#[test]
fn a_month_appended_as_computed_then_moved_by_an_isbat() {
    let data = common::data_copy("announce-flow");

    // 1448-07 starts 2026-12-10; on 2027-01-07 (its day 29) the Moon is not yet new, so the
    // service computes 30 days and 1 Sya'ban 1448 on 2027-01-09. The Ministry's calendar agrees.
    let out = announce(
        &data,
        &["1448-08=2027-01-09", "--recorded-on", "2026-12-20"],
    );
    assert_announced(
        &data,
        &out,
        "{\"month\":\"1448-08\",\"start\":\"2027-01-09\",\"previous_start\":\"2027-01-09\",\
         \"delta_days\":0,\"tier_before\":\"regional-computed\"}\n",
        "1448,6,2026-11-11,29\n1448,7,2026-12-10,30\n1448,8,2027-01-09,\n",
    );
    assert_eq!(
        read(&data, "official/coverage.csv"),
        "first,last\n2023-01-23,2027-02-06\n"
    );
    assert_eq!(
        read(&data, "official/corrections.csv"),
        "hijri_month,delta_days,recorded_on,moved,note\n"
    );
    let mut before = Vec::new();
    with_archive(&data, |cal| {
        assert_eq!(cal.table.as_ref().unwrap().table_version.as_str(), "none");
        assert!(cal.divergences.is_empty());
        let (_, last) = cal.coverage().unwrap();
        assert_eq!(last.to_string(), "2027-02-06");
        before = starts_and_lengths(cal);
    });

    // The sidang isbat then sees the hilal a day early: 1448-07 had 29 days.
    let out = announce(
        &data,
        &[
            "1448-08=2027-01-08",
            "--note",
            "Sidang isbat, Kemenag, Jakarta",
            "--recorded-on",
            "2027-01-07",
        ],
    );
    assert_announced(
        &data,
        &out,
        "{\"month\":\"1448-08\",\"start\":\"2027-01-08\",\"previous_start\":\"2027-01-09\",\
         \"delta_days\":-1,\"tier_before\":\"regional\"}\n",
        "1448,7,2026-12-10,29\n1448,8,2027-01-08,\n",
    );
    let ledger = read(&data, "official/corrections.csv");
    assert_eq!(
        ledger,
        "hijri_month,delta_days,recorded_on,moved,note\n\
         1448-08,-1,2027-01-07,1448-07..1448-10,\"Sidang isbat, Kemenag, Jakarta\"\n"
    );
    let expected_version = format!("1-{}", hijri::fingerprint::short_id(ledger.as_bytes()));
    with_archive(&data, |cal| {
        assert_eq!(
            cal.table.as_ref().unwrap().table_version.as_str(),
            expected_version
        );
        let divergences: Vec<_> = cal
            .divergences
            .iter()
            .map(|d| {
                let [from, to] = d.moved.each_ref().map(|m| m.get().to_string());
                (d.month.get().to_string(), d.delta_days, from, to)
            })
            .collect();
        assert_eq!(
            divergences,
            [(
                "1448-08".to_string(),
                -1,
                "1448-07".to_string(),
                "1448-10".to_string()
            )]
        );
        // The moved range is exactly where the two chains differ (both start with 1364-01,
        // so their months pair by index): 1448-07 one day shorter, 1448-08 to 1448-10 a day
        // earlier, and 1448-11 back in step.
        let after = starts_and_lengths(cal);
        let moved: Vec<&str> = before
            .iter()
            .zip(&after)
            .filter(|(b, a)| b != a)
            .map(|(b, _)| b.0.as_str())
            .collect();
        assert_eq!(moved, ["1448-07", "1448-08", "1448-09", "1448-10"]);
        let month = cal
            .month(hijri::hijri::HijriMonth {
                year: 1448,
                month: 8,
            })
            .unwrap();
        assert_eq!(month.start().to_string(), "2027-01-08");
        assert_eq!(month.tier(), hijri::schema::Tier::Published);
    });
    fs::remove_dir_all(&data).unwrap();
}

/// Every archived month as (`YYYY-MM`, start, length).
fn starts_and_lengths(cal: &ArchivedChain) -> Vec<(String, i32, u8)> {
    cal.months
        .iter()
        .map(|m| (m.hijri_month().to_string(), m.start.to_native(), m.length))
        .collect()
}

#[test]
fn refusals_change_no_file() {
    let data = common::data_copy("announce-refusals");
    let files = Untouched::new(&data, &OFFICIAL_FILES);
    for (args, expected) in [
        (
            &["1448-07=2026-12-09"][..],
            "1448-07: starting 2026-12-09 would make 1448-06 28 days long",
        ),
        (
            &["1448-09=2027-02-07"][..],
            "1448-09: a gap after the table's last month 1448-07",
        ),
        (
            &["1448-08=2027-01-12"][..],
            "1448-08: the announced start 2027-01-12 is 3 days from the served start 2027-01-09",
        ),
        (
            &["1448-08=2027-01-09", "--coverage-end", "2027-03-01"][..],
            "--coverage-end 2027-03-01 must fall within",
        ),
    ] {
        let stderr = files.refused(&announce(&data, args), 1, &format!("{args:?}"));
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(
            stderr.starts_with(&format!("hijri-generate: {expected}")),
            "{args:?}: {stderr}"
        );
    }
    // Usage errors: clap's message (naming the argument and the rule) and exit status 2.
    for (args, expected) in [
        (
            &["1448-8=2027-01-09"][..],
            "invalid Hijri month \"1448-8\": expected YYYY-MM",
        ),
        (&["1448-08:2027-01-09"][..], "expected YYYY-MM=YYYY-MM-DD"),
        (&["1448-08=2027-02-30"][..], "invalid date \"2027-02-30\""),
        (
            &["1448-08=2027-01-09", "--recorded-on", "2027-1-7"][..],
            "invalid date \"2027-1-7\"",
        ),
        (
            &["1448-08=2027-01-09", "--note", "two\nlines"][..],
            "the note must be one line",
        ),
        (
            &["--coverage-end", "2027-01-05"][..],
            "required arguments were not provided",
        ),
        (
            &["1448-08=2027-01-09", "--bogus"][..],
            "unexpected argument '--bogus'",
        ),
    ] {
        let stderr = files.refused(&announce(&data, args), 2, &format!("{args:?}"));
        assert!(
            stderr.starts_with("error: ") && stderr.contains(expected),
            "{args:?}: {stderr}"
        );
    }
    fs::remove_dir_all(&data).unwrap();
}
