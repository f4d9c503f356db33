//! Bad inputs stop `hijri-generate` with a clear message naming the file (and line), and leave
//! no archive or temporary file behind.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A private copy of `data/` (without any generated archive) to damage.
fn data_copy(name: &str) -> PathBuf {
    let source = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../data"));
    let target = std::env::temp_dir().join(format!("hijri-bad-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&target);
    for file in [
        "sites.json",
        "delta_t.csv",
        "map_points.json",
        "official/months.csv",
        "official/coverage.csv",
        "ephemeris/de440_1945_2100.bsp",
        "ephemeris/de440_1945_2100.bsp.md5",
    ] {
        let to = target.join(file);
        fs::create_dir_all(to.parent().unwrap()).unwrap();
        fs::copy(source.join(file), to).unwrap();
    }
    target
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
