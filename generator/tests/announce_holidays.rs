//! `hijri-generate announce-holidays` on a private copy of the facts: every refusal (of the
//! facts, exit 1; of the command line, clap's usage error, exit 2) leaves both files
//! byte-identical; an amendment that moves Idul Adha 2027 a day lands in the files and, after
//! a regeneration, in the archive, where the moved day keeps the date it is known by and only
//! it takes the amendment (its feed SEQUENCE).

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    reason = "test helpers may panic: a panic fails the test"
)]

use std::fs;
use std::path::Path;
use std::process::Output;

use hijri::date::Date;
use hijri::schema::DayKind;

mod common;

use common::{Untouched, HOLIDAY_FILES};

/// The amendment's flags and values; a case may give its own instead.
const AMENDMENT: [&str; 12] = [
    "--year",
    "2027",
    "--kind",
    "skb_amendment",
    "--signed",
    "2027-05-10",
    "--number",
    "700 Tahun 2027; 1 Tahun 2027; 1 Tahun 2027",
    "--title",
    "Perubahan atas Keputusan Bersama Tahun 2027",
    "--source",
    "https://example.invalid/skb-2027-a1",
];

/// Runs the subcommand with `args` and the amendment's flags that `args` does not give.
fn announce(data: &Path, args: &[&str]) -> Output {
    let defaults: Vec<&str> = AMENDMENT
        .chunks(2)
        .filter(|pair| !args.contains(&pair[0]))
        .flatten()
        .copied()
        .collect();
    common::generate_with(data, "announce-holidays", &[&defaults[..], args].concat())
}

#[test]
fn refusals_change_no_file() {
    let data = common::data_copy("announce-holidays-refusals");
    let files = Untouched::new(&data, &HOLIDAY_FILES);
    let change = ["--change", "x"];
    for (args, code, expected) in [
        (
            &[
                &change[..],
                &["--day", "2028-01-02=cuti_bersama:tahun_baru"],
            ]
            .concat(),
            1,
            "2028-01-02 is outside 2027, the year decree skb-2027-a1 sets",
        ),
        (
            &[
                &change[..],
                &["--day", "2027-01-01=libur_nasional:tahun_baru"],
            ]
            .concat(),
            1,
            "2027-01-01 libur_nasional tahun_baru would be listed twice",
        ),
        (
            &[
                &change[..],
                &[
                    "--id",
                    "skb-2027",
                    "--day",
                    "2027-01-02=cuti_bersama:tahun_baru",
                ],
            ]
            .concat(),
            1,
            "decree skb-2027 is already in decrees.csv",
        ),
        (
            &[
                &change[..],
                &["--signed", "2026-09-01", "--move", "2027-05-17=2027-05-18"],
            ]
            .concat(),
            1,
            "decree skb-2027-a1 signed 2026-09-01 is older than 2027's last decree, skb-2027 \
             signed 2026-09-15",
        ),
        (
            &[&change[..], &["--move", "2027-05-21=2027-05-22"]].concat(),
            1,
            "2027-05-21 holds no such days",
        ),
        (
            &["--day", "2027-01-02=cuti_bersama:tahun_baru"].to_vec(),
            1,
            "an amendment or a Keppres says what it changed: --change",
        ),
        (
            &[&change[..], &["--day", "2027-01-02=libur:tahun_baru"]].concat(),
            2,
            "unknown kind \"libur\"; the kinds are libur_nasional, cuti_bersama",
        ),
        (
            &[&change[..], &["--day", "2027-01-02=cuti_bersama:lebaran"]].concat(),
            2,
            "unknown holiday \"lebaran\"",
        ),
        (
            &[
                &change[..],
                &[
                    "--kind",
                    "perpres",
                    "--day",
                    "2027-01-02=cuti_bersama:natal",
                ],
            ]
            .concat(),
            2,
            "unknown decree kind \"perpres\"",
        ),
    ] {
        let stderr = files.refused(&announce(&data, args), code, &format!("{args:?}"));
        assert!(stderr.contains(expected), "{args:?}: {stderr}");
    }
}

#[test]
fn an_amendment_moves_one_day_and_only_it_takes_the_amendment() {
    let data = common::data_copy("announce-holidays-move");
    let output = announce(
        &data,
        &[
            "--change",
            "Idul Adha moved to 18 May (isbat)",
            "--move",
            "2027-05-17=2027-05-18:libur_nasional:idul_adha",
        ],
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        "{\"change\":\"moved\",\"date\":\"2027-05-18\",\"kind\":\"libur_nasional\",\
         \"slug\":\"idul_adha\",\"decree\":\"skb-2027-a1\",\"replaces\":\"2027-05-17\"}\n"
    );
    let days = fs::read_to_string(data.join(HOLIDAY_FILES[1])).unwrap();
    assert!(days.contains("2027-05-18,libur_nasional,idul_adha,skb-2027-a1,2027-05-17\n"));
    assert!(!days.contains("2027-05-17,libur_nasional,idul_adha"));

    let aligned = common::archive_without_cards(&data);
    let dataset = hijri::archive::open(&aligned).unwrap();
    let year = dataset.holiday_year(2027).unwrap();
    assert_eq!(year.decrees.len(), 2);
    let date = |text: &str| text.parse::<Date>().unwrap().0;
    for day in year.days.iter() {
        let moved = day.slug == "idul_adha" && day.kind.get() == DayKind::LiburNasional;
        assert_eq!(day.decree, u8::from(moved), "{}", day.slug);
        if moved {
            assert_eq!(
                (day.date.to_native(), day.first_date.to_native()),
                (date("2027-05-18"), date("2027-05-17"))
            );
        } else {
            assert_eq!(day.first_date, day.date, "{}", day.slug);
        }
    }
}
