//! Start-up failures of the built binary: a missing, empty, truncated, corrupt (checksum or
//! structure), foreign, wrong-version or wrong-schema archive (made from the small synthetic
//! one), or a bad setting, stops it with one clear line on stderr and a non-zero exit;
//! `--help` lists every setting, `--version` prints one line and exits, and an unknown argument
//! stops it.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::{synthetic_bytes, FAKE_PNG};

fn temp_dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hijri-serve-startup-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs the binary with `vars`; returns (success, stdout, stderr). Kills it after 20 s.
fn run(args: &[&str], vars: &[(&str, &str)]) -> (bool, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hijri-serve"))
        .args(args)
        .env("HIJRI_BIND", "127.0.0.1:0")
        .envs(vars.iter().copied())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > Duration::from_secs(20) {
            child.kill().unwrap();
            panic!("hijri-serve did not stop with {vars:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let output = child.wait_with_output().unwrap();
    (
        output.status.success(),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

fn refuses(path: &Path, expected: &str) {
    let (ok, stdout, stderr) = run(&[], &[("HIJRI_ARCHIVE", path.to_str().unwrap())]);
    assert!(!ok, "{path:?} was accepted");
    assert_eq!(stdout, "");
    assert_eq!(stderr.lines().count(), 1, "not one line: {stderr:?}");
    assert!(stderr.starts_with("hijri-serve: "), "{stderr}");
    assert!(stderr.contains(expected), "{stderr:?} lacks {expected:?}");
}

#[test]
fn bad_archives_stop_the_server_with_one_line() {
    let dir = temp_dir();
    let good = synthetic_bytes();
    let write = |name: &str, bytes: &[u8]| {
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        path
    };
    refuses(&dir.join("absent.archive"), "cannot read archive");
    refuses(&write("empty.archive", b""), "truncated");
    refuses(&write("short.archive", &good[..10]), "truncated");
    refuses(&write("cut.archive", &good[..good.len() / 2]), "truncated");
    let mut corrupt = good.clone();
    let len = corrupt.len();
    corrupt[len - 64..].fill(0xff);
    refuses(&write("corrupt.archive", &corrupt), "checksum mismatch");
    // Damage the checksum cannot see (it is re-sealed): bytecheck refuses it.
    let header = hijri::archive::header_for(&corrupt[hijri::archive::HEADER_LEN..]);
    corrupt[..hijri::archive::HEADER_LEN].copy_from_slice(&header);
    refuses(&write("resealed.archive", &corrupt), "corrupt");
    let mut foreign = good.clone();
    foreign[..8].copy_from_slice(b"NOTHIJRI");
    refuses(&write("foreign.archive", &foreign), "bad magic");
    let mut version = good.clone();
    version[8..12].copy_from_slice(&99u32.to_le_bytes());
    refuses(&write("version.archive", &version), "format version 99");
    let mut schema = good;
    schema[12] ^= 0xff;
    refuses(&write("schema.archive", &schema), "schema");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_flipped_byte_inside_a_card_stops_the_server_with_one_line() {
    let dir = temp_dir().join("flipped");
    std::fs::create_dir_all(&dir).unwrap();
    let mut bytes = synthetic_bytes();
    let png = bytes
        .windows(FAKE_PNG.len())
        .position(|w| w == FAKE_PNG)
        .expect("the synthetic archive holds a card");
    bytes[png + FAKE_PNG.len() / 2] ^= 0x20;
    let path = dir.join("flipped.archive");
    std::fs::write(&path, &bytes).unwrap();
    refuses(&path, "checksum mismatch: body hashes to ");
    refuses(&path, "the file is damaged, regenerate it");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_settings_stop_the_server_with_one_line() {
    let (ok, _, stderr) = run(&[], &[("HIJRI_LIMIT_DEFAULT", "lots")]);
    assert!(!ok);
    assert_eq!(stderr.lines().count(), 1, "{stderr:?}");
    assert!(stderr.contains("HIJRI_LIMIT_DEFAULT"), "{stderr}");
}

#[test]
fn help_lists_the_settings() {
    let (ok, stdout, _) = run(&["--help"], &[]);
    assert!(ok);
    for name in [
        "HIJRI_ARCHIVE",
        "HIJRI_BIND",
        "ALLOWED_ORIGINS",
        "HIJRI_TRUSTED_PROXIES",
        "HIJRI_LIMIT_HILAL_INFO",
        "HIJRI_LIMIT_HILAL_VIZ",
        "HIJRI_LIMIT_HILAL_MAP",
        "HIJRI_LIMIT_DEFAULT",
        "HIJRI_PUBLIC_URL",
        "--archive",
        "--bind",
        "--allowed-origins",
        "--trusted-proxies",
        "--limit-hilal-info",
        "--limit-default",
        "--public-url",
    ] {
        assert!(stdout.contains(name), "{name}");
    }
}

#[test]
fn version_prints_and_exits() {
    let (ok, stdout, stderr) = run(&["--version"], &[]);
    assert!(ok, "{stderr}");
    assert_eq!(stdout.lines().count(), 1, "{stdout:?}");
    assert!(
        stdout.starts_with(&format!("hijri-serve {} (", hijri::VERSION)),
        "{stdout:?}"
    );
    assert!(stdout.contains(hijri::BUILD_HASH), "{stdout:?}");
}

#[test]
fn unknown_arguments_stop_the_server() {
    for args in [&["--no-such-flag"][..], &["serve"], &["--bind"]] {
        let (ok, stdout, stderr) = run(args, &[]);
        assert!(!ok, "{args:?} was accepted");
        assert_eq!(stdout, "");
        assert!(stderr.starts_with("error: "), "{args:?}: {stderr}");
    }
}

#[test]
fn a_bad_flag_value_names_its_variable() {
    let (ok, _, stderr) = run(&["--limit-hilal-viz", "many"], &[]);
    assert!(!ok);
    assert_eq!(stderr.lines().count(), 1, "{stderr:?}");
    assert!(stderr.starts_with("hijri-serve: "), "{stderr}");
    assert!(stderr.contains("HIJRI_LIMIT_HILAL_VIZ"), "{stderr}");
}

/// A server started on the synthetic archive with stderr piped (so JSON logs); its stderr
/// lines arrive on the channel. Killed when dropped.
struct Logging {
    child: std::process::Child,
    lines: std::sync::mpsc::Receiver<serde_json::Value>,
}

impl Drop for Logging {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Logging {
    fn start(archive: &Path) -> Logging {
        use std::io::BufRead;
        let mut child = crate::common::spawn_server(archive, "127.0.0.1:0", &[]);
        let stderr = child.stderr.take().unwrap();
        let (send, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in std::io::BufReader::new(stderr)
                .lines()
                .map_while(Result::ok)
            {
                let json = serde_json::from_str(&line)
                    .unwrap_or_else(|e| panic!("not a JSON line ({e}): {line:?}"));
                if send.send(json).is_err() {
                    break;
                }
            }
        });
        Logging { child, lines }
    }

    /// The next line of a target (actix logs its own lines too).
    fn next(&self, target: &str) -> serde_json::Value {
        loop {
            let line = self
                .lines
                .recv_timeout(Duration::from_secs(10))
                .expect("a log line within 10 s");
            if line["target"] == target {
                return line;
            }
        }
    }
}

#[test]
fn the_start_up_line() {
    let dir = temp_dir().join("logs");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("synthetic.archive");
    std::fs::write(&path, synthetic_bytes()).unwrap();
    let server = Logging::start(&path);

    let start = server.next("hijri_server::start");
    assert_eq!(start["target"], "hijri_server::start", "{start}");
    assert_eq!(start["level"], "INFO");
    assert_eq!(start["message"], "hijri-serve started");
    assert_eq!(start["version"], hijri::VERSION);
    assert_eq!(start["build"], hijri::BUILD_HASH);
    assert_eq!(start["archive"], path.to_str().unwrap());
    let archive = hijri_server::archive::open(&path).unwrap();
    let header = &archive.calendar().header;
    assert_eq!(start["data_version"], header.data_version.as_str());
    assert_eq!(start["table_version"], header.table_version.as_str());
    assert_eq!(start["limit_hilal_info"], "60/3600");
    assert_eq!(start["limit_hilal_viz"], "30/3600");
    assert_eq!(start["limit_hilal_map"], "30/3600");
    assert_eq!(start["limit_default"], "240/60");
    assert!(start["timestamp"].is_string(), "{start}");
    let bind = start["bind"].as_str().unwrap();
    let port: u16 = bind.strip_prefix("127.0.0.1:").unwrap().parse().unwrap();
    assert_ne!(port, 0, "the bound port, not the asked one");

    drop(server);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_bad_log_filter_stops_the_server_with_one_line() {
    let (ok, _, stderr) = run(&[], &[("HIJRI_LOG", "hijri_server=loud")]);
    assert!(!ok);
    assert_eq!(stderr.lines().count(), 1, "{stderr:?}");
    assert!(stderr.starts_with("hijri-serve: HIJRI_LOG="), "{stderr}");
}
