//! Bad inputs stop `hijri-generate` with a clear message naming the file (and line), and leave
//! no archive or temporary file behind.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    reason = "test helpers may panic: a panic fails the test"
)]

use std::fs;
use std::path::Path;
use std::process::Command;

mod common;

/// Runs the generator on `data`; returns its stderr after checking it failed and wrote nothing
/// (a failed check names `data`, whose name is the case's).
fn fails(data: &Path) -> String {
    let case = data.display();
    let out = data.join("out.archive");
    let output = Command::new(env!("CARGO_BIN_EXE_hijri-generate"))
        .args(["--quiet", "--data"])
        .arg(data)
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(
        !output.status.success(),
        "{case}: succeeded on bad data: {stderr}"
    );
    assert!(
        !out.exists() && !data.join("out.archive.tmp").exists(),
        "{case}: left a file behind"
    );
    assert_eq!(
        stderr.lines().count(),
        1,
        "{case}: one clear line: {stderr}"
    );
    fs::remove_dir_all(data).unwrap();
    stderr
}

fn edit(path: &Path, change: impl FnOnce(String) -> String) {
    let text = fs::read_to_string(path).unwrap();
    fs::write(path, change(text)).unwrap();
}

#[test]
fn missing_sites_file() {
    let data = common::data_copy("bad-missing");
    fs::remove_file(data.join("sites.json")).unwrap();
    let message = fails(&data);
    assert!(
        message.contains("sites.json") && message.contains("cannot read"),
        "{message}"
    );
}

/// One damaged file: the case's name, the file under `data/`, how it is damaged, and what
/// the one line of the generator's message must contain.
type Damage = (
    &'static str,
    &'static str,
    fn(String) -> String,
    &'static [&'static str],
);

/// Each damage stops the generator with a message naming the file (and line where there is
/// one): a gap in the table, a malformed ΔT line, an ephemeris checksum that does not match,
/// malformed `sites.json`, a malformed ledger row, a ledger month outside the archive, and a
/// place out of range (the first place's latitude, its fourth field).
#[test]
fn a_damaged_file_names_file_and_line() {
    let cases: [Damage; 7] = [
        (
            "gap",
            "official/months.csv",
            |t| t.replace("1446,9,2025-03-01,30", "1446,9,2025-03-02,30"),
            &["months.csv:28: gap or overlap"],
        ),
        (
            "deltat",
            "delta_t.csv",
            |t| {
                t.replacen(
                    "2431121.4375,1944.08333,26.5583",
                    "2431121.4375,1944.08333,abc",
                    1,
                )
            },
            &["delta_t.csv:3"],
        ),
        (
            "md5",
            "ephemeris/de440_1945_2100.bsp.md5",
            |_| "00000000000000000000000000000000  de440_1945_2100.bsp\n".into(),
            &["de440_1945_2100.bsp", "md5"],
        ),
        (
            "sitesjson",
            "sites.json",
            |t| t.replacen("\"lat\": 5.8897", "\"lat\": \"north\"", 1),
            &["sites.json:"],
        ),
        (
            "ledger",
            "official/corrections.csv",
            |text| text + "1448-08,5,2027-01-08,1448-07..1448-08,typo\n",
            &["corrections.csv:2:", "delta_days"],
        ),
        (
            "ledger-month",
            "official/corrections.csv",
            |text| text + "1300-01,1,2027-01-08,1299-12..1300-01,far\n",
            &["corrections.csv", "1300-01"],
        ),
        (
            "place",
            hijri_generator::kabkota::FILE,
            |text| {
                let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
                let mut fields: Vec<String> = lines[1].split(',').map(str::to_owned).collect();
                fields[3] = "-97.8".into();
                lines[1] = fields.join(",");
                lines.join("\n") + "\n"
            },
            &["kabkota.csv:2:", "lat"],
        ),
    ];
    for (name, file, change, expected) in cases {
        let data = common::data_copy(&format!("bad-{name}"));
        edit(&data.join(file), change);
        let message = fails(&data);
        for part in expected {
            assert!(message.contains(part), "{name}: {part:?} not in {message}");
        }
    }
}
