//! Start-up failures of the built binary: a missing, empty, truncated, corrupt (checksum or
//! structure), foreign, wrong-version or wrong-schema archive (made from the small synthetic
//! one), or a bad setting, stops it with one clear line on stderr and a non-zero exit;
//! `--help` lists every setting, `--version` prints one line and exits, and an unknown argument
//! stops it.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::{synthetic_bytes, Logging, FAKE_PNG};

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

/// The one line on stderr of the binary refusing to start with `vars`.
fn refused_line(vars: &[(&str, &str)]) -> String {
    let (ok, _, stderr) = run(&[], vars);
    assert!(!ok);
    assert_eq!(stderr.lines().count(), 1, "{stderr:?}");
    stderr
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
    let stderr = refused_line(&[("HIJRI_LIMIT_DEFAULT", "lots")]);
    assert!(stderr.contains("HIJRI_LIMIT_DEFAULT"), "{stderr}");
}

#[test]
fn a_bad_value_is_told_under_the_name_it_was_given() {
    // A flag: clap's usage error under the flag's name (even with its variable also set).
    let (ok, _, stderr) = run(
        &["--limit-hilal-viz", "many"],
        &[("HIJRI_LIMIT_HILAL_VIZ", "30/3600")],
    );
    assert!(!ok);
    assert!(
        stderr.starts_with("error: invalid value 'many' for '--limit-hilal-viz"),
        "{stderr}"
    );
    assert!(!stderr.contains("HIJRI_LIMIT_HILAL_VIZ"), "{stderr}");
    // A variable: one line under the variable's name.
    let stderr = refused_line(&[("HIJRI_MAX_CONNECTIONS_PER_CLIENT", "0")]);
    assert!(
        stderr.contains("invalid value '0' for HIJRI_MAX_CONNECTIONS_PER_CLIENT: expected a whole number above zero"),
        "{stderr}"
    );
    assert!(!stderr.contains("--max-connections-per-client"), "{stderr}");
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
    // The contract's interface version, stated apart from the service's own.
    assert!(
        stdout.ends_with(&format!(
            "), interface {}\n",
            hijri_server::interface::version()
        )),
        "{stdout:?}"
    );
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
fn the_start_up_line() {
    let dir = temp_dir().join("logs");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("synthetic.archive");
    std::fs::write(&path, synthetic_bytes()).unwrap();
    let server = Logging::start(&path, &[]);

    let start = server.next("hijri_server::start");
    assert_eq!(start["target"], "hijri_server::start", "{start}");
    assert_eq!(start["level"], "INFO");
    assert_eq!(start["message"], "hijri-serve started");
    assert_eq!(start["version"], hijri::VERSION);
    assert_eq!(start["build"], hijri::BUILD_HASH);
    assert_eq!(start["archive"], path.to_str().unwrap());
    let archive = hijri_server::archive::open(&path).unwrap();
    let header = archive.default_chain().table.as_ref().unwrap();
    assert_eq!(start["data_version"], header.data_version.as_str());
    assert_eq!(start["table_version"], header.table_version.as_str());
    assert_eq!(start["metrics_bind"], "off");
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

/// Sends one HTTP/1.1 request on a new connection and reads the answer to the end.
fn exchange(port: u16, request: &str) -> String {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    stream.write_all(request.as_bytes()).unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    answer
}

#[test]
fn request_lines_carry_the_request_id_and_route() {
    let server = Logging::start(
        &crate::common::archive_path(),
        &[
            ("HIJRI_TRUSTED_PROXIES", "127.0.0.1"),
            ("HIJRI_LIMIT_DEFAULT", "1/3600"),
        ],
    );
    let port = server.port();
    let get = |path: &str, id: &str| {
        exchange(
            port,
            &format!(
                "GET {path} HTTP/1.1\r\nHost: x\r\nX-Request-Id: {id}\r\n\
                 User-Agent: kalender-app/2.1 (Android 14)\r\n\
                 X-Forwarded-For: 2001:db8::7\r\nConnection: close\r\n\r\n"
            ),
        )
    };
    let line_of = |id: &str| server.next_where(|line| line["id"] == id);

    let answer = get("/api/v1/today/2025-03-01?tz=UTC", "trace-1");
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains("x-request-id: trace-1\r\n"), "{answer}");
    let line = line_of("trace-1");
    assert_eq!(line["method"], "GET");
    assert_eq!(line["route"], "/api/v1/today/{target_date}");
    assert_eq!(line["path"], "/api/v1/today/2025-03-01");
    assert_eq!(line["query"], "tz=UTC");
    assert_eq!(line["status"], 200);
    assert_eq!(line["code"], serde_json::Value::Null);
    assert_eq!(line["peer"], "127.0.0.1");
    assert_eq!(line["client"], "2001:db8::7");
    assert_eq!(line["user_agent"], "kalender-app/2.1 (Android 14)");
    assert!(line["ms"].as_f64().unwrap() >= 0.0, "{line}");

    // Refused by the limiter: the error code, the same client, the id echoed.
    let answer = get("/api/v1/months", "trace-2");
    assert!(answer.starts_with("HTTP/1.1 429"), "{answer}");
    assert!(answer.contains("x-request-id: trace-2\r\n"), "{answer}");
    let line = line_of("trace-2");
    assert_eq!(line["route"], "/api/v1/months");
    assert_eq!(line["status"], 429);
    assert_eq!(line["code"], "rate_limit_exceeded");
    assert_eq!(line["client"], "2001:db8::7");

    // No route: 404 with no template; an id with foreign characters is cleaned.
    let answer = get("/nowhere", "a<b>c d");
    assert!(answer.contains("x-request-id: abcd\r\n"), "{answer}");
    let line = line_of("abcd");
    assert_eq!(line["route"], serde_json::Value::Null);
    assert_eq!(line["code"], "not_found");
}

#[test]
fn a_bad_log_filter_stops_the_server_with_one_line() {
    let stderr = refused_line(&[("HIJRI_LOG", "hijri_server=loud")]);
    assert!(
        stderr.contains("invalid value 'hijri_server=loud' for HIJRI_LOG: expected"),
        "{stderr}"
    );
}
