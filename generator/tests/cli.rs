//! `hijri-generate`'s command line as clap reads it: each subcommand's `--help` (with its
//! examples), the top-level `--help` listing them, usage errors (an unknown flag, a refused
//! value: clap's message, exit status 2), a run error (exit status 1, one line), and the
//! global `--data` after the subcommand.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    reason = "test helpers may panic: a panic fails the test"
)]

use std::process::Command;

mod common;

use common::generate;

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

#[test]
fn each_subcommand_has_its_help() {
    for (command, shown) in [
        (
            "evening",
            &[
                "Usage: hijri-generate evening --date YYYY-MM-DD --site NAME",
                "--lat <DEG>",
                "-90..90",
                "UTC+7",
                "--strict",
                "altitude >= 3.0",
                "Examples:",
            ][..],
        ),
        (
            "announce",
            &[
                "Usage: hijri-generate announce",
                "<YYYY-MM=YYYY-MM-DD>...",
                "--coverage-end <YYYY-MM-DD>",
                "[default: the latest announced start",
                "sidang isbat",
                "Examples:",
            ][..],
        ),
        (
            "cards",
            &[
                "Usage: hijri-generate cards --list [--archive FILE]",
                "--month <YYYY-MM>",
                "hilal-<kind>[-bare]-<year>-<month>.png",
                "Examples:",
            ][..],
        ),
    ] {
        let out = generate(&[command, "--help"]);
        assert!(out.status.success(), "{command}");
        let help = text(&out.stdout);
        for wanted in shown {
            assert!(
                help.contains(wanted),
                "{command} --help lacks {wanted:?}:\n{help}"
            );
        }
        // The global option is in every subcommand's help.
        assert!(help.contains("--data <DIR>"), "{command}:\n{help}");
    }
    let out = generate(&["--help"]);
    let help = text(&out.stdout);
    for command in ["announce", "evening", "cards"] {
        assert!(help.contains(command), "{help}");
    }
}

#[test]
fn usage_errors_exit_2_with_clap_messages() {
    for (args, wanted) in [
        (
            &["cards", "--list", "--frobnicate"][..],
            "unexpected argument '--frobnicate'",
        ),
        (
            &["evening", "--frobnicate"],
            "unexpected argument '--frobnicate'",
        ),
        (&["--frobnicate"], "unexpected argument '--frobnicate'"),
        (
            &["evening", "--date", "2025-2-3", "--site", "Sabang, Aceh"],
            "invalid value '2025-2-3' for '--date <YYYY-MM-DD>'",
        ),
        (
            &["cards", "--month", "1446-9", "--out", "x"],
            "invalid value '1446-9' for '--month <YYYY-MM>'",
        ),
        (&["cards", "--month", "1446-09"], "--out <DIR>"),
        (
            &["cards", "--list", "--month", "1446-09"],
            "cannot be used with",
        ),
    ] {
        let out = generate(args);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.starts_with("error: ") && stderr.contains(wanted),
            "{args:?}: {stderr}"
        );
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

/// `--data` after the subcommand is the one used: the archive looked for is under it (a run
/// error: one line, exit status 1), and the evening's site is read from it.
#[test]
fn data_after_the_subcommand() {
    let missing = std::env::temp_dir().join(format!("no-data-{}", std::process::id()));
    let missing = missing.to_str().unwrap();
    let out = generate(&["cards", "--list", "--data", missing]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.starts_with(&format!("hijri-generate: no facts directory {missing}: ")),
        "{stderr}"
    );
    let empty = std::env::temp_dir().join(format!("empty-data-{}", std::process::id()));
    std::fs::create_dir_all(&empty).unwrap();
    let out = generate(&["cards", "--list", "--data", empty.to_str().unwrap()]);
    let stderr = text(&out.stderr);
    assert!(
        stderr.starts_with(&format!(
            "hijri-generate: {}/hijri.archive: ",
            empty.display()
        )),
        "{stderr}"
    );
    let data = common::data_dir();
    let out = generate(&[
        "evening",
        "--date",
        "2025-02-28",
        "--site",
        "Pelabuhan Ratu, Jabar",
        "--data",
        data.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let record: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(record["site"]["name"], "Pelabuhan Ratu, Jabar");
}

/// Outside the repository (no `data/` in the working directory) every command says to pass
/// `--data`, instead of naming a file the user never mentioned.
#[test]
fn outside_the_repository_the_error_says_to_pass_data() {
    let elsewhere = std::env::temp_dir().join(format!("elsewhere-{}", std::process::id()));
    std::fs::create_dir_all(&elsewhere).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_hijri-generate"))
        .args([
            "evening",
            "--date",
            "2025-02-28",
            "--site",
            "Pelabuhan Ratu, Jabar",
        ])
        .current_dir(&elsewhere)
        .output()
        .unwrap();
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert_eq!(
        stderr,
        "hijri-generate: no facts directory data: run inside the repository, or pass --data \
         DIR (the repository's data/ directory)\n"
    );
}
