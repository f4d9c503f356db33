//! Bad inputs stop `hijri-generate` with a clear message naming the file (and line), and leave
//! no archive or temporary file behind.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    reason = "test helpers may panic: a panic fails the test"
)]

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

mod common;

/// A private copy of `data/` (without any generated archive) to damage.
fn data_copy(name: &str) -> PathBuf {
    common::data_copy(&format!("bad-{name}"))
}

/// Runs the generator on `data`; returns its stderr after checking it failed and wrote nothing.
fn fails(data: &Path) -> String {
    let out = data.join("out.archive");
    let output = Command::new(env!("CARGO_BIN_EXE_hijri-generate"))
        .args(["--quiet", "--data"])
        .arg(data)
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(!output.status.success(), "succeeded on bad data: {stderr}");
    assert!(
        !out.exists() && !data.join("out.archive.tmp").exists(),
        "left a file behind"
    );
    assert_eq!(stderr.lines().count(), 1, "one clear line: {stderr}");
    fs::remove_dir_all(data).unwrap();
    stderr
}

fn edit(path: &Path, change: impl FnOnce(String) -> String) {
    let text = fs::read_to_string(path).unwrap();
    fs::write(path, change(text)).unwrap();
}

#[test]
fn missing_sites_file() {
    let data = data_copy("missing");
    fs::remove_file(data.join("sites.json")).unwrap();
    let message = fails(&data);
    assert!(
        message.contains("sites.json") && message.contains("cannot read"),
        "{message}"
    );
}

#[test]
fn table_with_a_gap_names_file_and_line() {
    let data = data_copy("gap");
    edit(&data.join("official/months.csv"), |t| {
        t.replace("1446,9,2025-03-01,30", "1446,9,2025-03-02,30")
    });
    let message = fails(&data);
    assert!(
        message.contains("months.csv:28: gap or overlap"),
        "{message}"
    );
}

#[test]
fn malformed_delta_t_line_names_file_and_line() {
    let data = data_copy("deltat");
    edit(&data.join("delta_t.csv"), |t| {
        t.replacen(
            "2431121.4375,1944.08333,26.5583",
            "2431121.4375,1944.08333,abc",
            1,
        )
    });
    let message = fails(&data);
    assert!(message.contains("delta_t.csv:3"), "{message}");
}

#[test]
fn ephemeris_md5_mismatch() {
    let data = data_copy("md5");
    fs::write(
        data.join("ephemeris/de440_1945_2100.bsp.md5"),
        "00000000000000000000000000000000  de440_1945_2100.bsp\n",
    )
    .unwrap();
    let message = fails(&data);
    assert!(
        message.contains("de440_1945_2100.bsp") && message.contains("md5"),
        "{message}"
    );
}

#[test]
fn malformed_sites_json() {
    let data = data_copy("sitesjson");
    edit(&data.join("sites.json"), |t| {
        t.replacen("\"lat\": 5.8897", "\"lat\": \"north\"", 1)
    });
    let message = fails(&data);
    assert!(message.contains("sites.json:"), "{message}");
}

#[test]
fn malformed_ledger_row() {
    let data = data_copy("ledger");
    edit(&data.join("official/corrections.csv"), |text| {
        text + "1448-08,5,2027-01-08,1448-07..1448-08,typo\n"
    });
    let message = fails(&data);
    assert!(
        message.contains("corrections.csv:2:") && message.contains("delta_days"),
        "{message}"
    );
}

#[test]
fn ledger_month_outside_the_archive() {
    let data = data_copy("ledger-month");
    edit(&data.join("official/corrections.csv"), |text| {
        text + "1300-01,1,2027-01-08,1299-12..1300-01,far\n"
    });
    let message = fails(&data);
    assert!(
        message.contains("corrections.csv") && message.contains("1300-01"),
        "{message}"
    );
}

#[test]
fn a_bad_place_names_its_file_and_line() {
    let data = data_copy("place");
    // The first place's latitude (its fourth field) out of range.
    edit(&data.join(hijri_generator::kabkota::FILE), |text| {
        let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
        let mut fields: Vec<String> = lines[1].split(',').map(str::to_owned).collect();
        fields[3] = "-97.8".into();
        lines[1] = fields.join(",");
        lines.join("\n") + "\n"
    });
    let stderr = fails(&data);
    assert!(
        stderr.contains("kabkota.csv:2:") && stderr.contains("lat"),
        "{stderr}"
    );
}
