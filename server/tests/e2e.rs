//! The pages in a real browser (`make e2e`): the built `hijri-serve` on a free port over the
//! real archive, Debian's headless Chromium loading `/docs`, and the page at `/` checked by
//! `server/e2e/page.mjs` (puppeteer-core and Lighthouse on the same Chromium). It checks that Redoc rendered
//! every operation of the OpenAPI document, that the page requested nothing outside the
//! server and that every request it made was answered 200, and it leaves a screenshot in
//! `target/e2e/` (the one in `docs/` is a copy). Ignored by `cargo test`: it needs Chromium,
//! and a missing Chromium fails it loudly.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    reason = "test helpers may panic: a panic fails the test"
)]

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

/// The browser, `HIJRI_CHROMIUM` or `chromium` on the `PATH`.
fn chromium() -> String {
    std::env::var("HIJRI_CHROMIUM").unwrap_or_else(|_| "chromium".to_owned())
}

/// `target/e2e/docs/`, made empty.
fn workdir() -> PathBuf {
    workdir_named("docs")
}

/// `target/e2e/<name>/`, made empty, one per test; without `..` in it (Chromium writes no
/// net log to such a path).
fn workdir_named(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../target/e2e")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir.canonicalize().unwrap()
}

/// The server under test; stopped with SIGTERM (which flushes its request log) when dropped.
struct Server {
    child: Child,
    origin: String,
    log: PathBuf,
}

impl Server {
    fn start(dir: &Path) -> Server {
        // A free port: bound by the OS, released, then handed to the server.
        let port = TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let log = dir.join("server.log");
        let archive = Path::new(env!("CARGO_MANIFEST_DIR")).join("../data/hijri.archive");
        let child = Command::new(env!("CARGO_BIN_EXE_hijri-serve"))
            .env("HIJRI_BIND", format!("127.0.0.1:{port}"))
            .env("HIJRI_ARCHIVE", &archive)
            // Quiet but for the request lines, which the test reads.
            .env("HIJRI_LOG", "warn,hijri_server::request=info")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(&log).unwrap())
            .spawn()
            .unwrap();
        let server = Server {
            child,
            origin: format!("http://127.0.0.1:{port}"),
            log,
        };
        let started = Instant::now();
        while !server.healthy(port) {
            assert!(
                started.elapsed() < Duration::from_secs(30),
                "hijri-serve did not answer /healthz: {}",
                std::fs::read_to_string(&server.log).unwrap_or_default()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        server
    }

    fn healthy(&self, port: u16) -> bool {
        let Ok(mut stream) = TcpStream::connect(("127.0.0.1", port)) else {
            return false;
        };
        let request = "GET /healthz HTTP/1.1\r\nHost: e2e\r\nConnection: close\r\n\r\n";
        let mut answer = String::new();
        stream.write_all(request.as_bytes()).is_ok()
            && stream.read_to_string(&mut answer).is_ok()
            && answer.starts_with("HTTP/1.1 200")
    }

    /// Stops the server and returns its request lines (JSON lines with a `status`).
    fn stop(mut self) -> Vec<Value> {
        let pid = self.child.id().to_string();
        let stopped = Command::new("kill").args(["-TERM", &pid]).status().unwrap();
        assert!(stopped.success());
        self.child.wait().unwrap();
        std::fs::read_to_string(&self.log)
            .unwrap()
            .lines()
            .filter_map(|line| serde_json::from_str::<Value>(line).ok())
            .filter(|line| line["status"].is_u64())
            .collect()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Runs headless Chromium on `url` with `extra` arguments, in a fresh profile, with every host
/// but the local one unresolvable; returns its stdout (through a file: a pipe would fill up
/// with the dumped DOM while we wait for the exit).
fn browse(dir: &Path, url: &str, extra: &[String]) -> String {
    // A fresh profile and output file per run, named after the run's first argument.
    let run = extra[0]
        .trim_start_matches('-')
        .split('=')
        .next()
        .unwrap_or("run");
    let profile = dir.join(format!("profile-{run}"));
    std::fs::create_dir_all(&profile).unwrap();
    let stdout = dir.join(format!("chromium-{run}.out"));
    let mut command = Command::new(chromium());
    command
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
            "--virtual-time-budget=30000",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(extra)
        .arg(url)
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&stdout).unwrap())
        .stderr(Stdio::null());
    let child = command.spawn().unwrap_or_else(|e| {
        panic!(
            "cannot run {:?} ({e}): install Debian's chromium (apt-get install -y chromium) \
             or set HIJRI_CHROMIUM",
            chromium()
        )
    });
    let status = wait(child, Duration::from_secs(120));
    assert!(status.success(), "chromium failed: {status}");
    std::fs::read_to_string(stdout).unwrap()
}

/// A child's exit status, or a panic if it runs longer than `limit`.
fn wait(mut child: Child, limit: Duration) -> std::process::ExitStatus {
    let started = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            panic!("chromium took longer than {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// The URLs the page itself requested (the browser's own background traffic, which has no
/// initiator, left out), read from Chromium's net log.
fn page_requests(net_log: &Path, origin: &str) -> Vec<String> {
    let log: Value = serde_json::from_str(&std::fs::read_to_string(net_log).unwrap()).unwrap();
    let start_job = &log["constants"]["logEventTypes"]["URL_REQUEST_START_JOB"];
    log["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|event| &event["type"] == start_job)
        .map(|event| &event["params"])
        .filter(|params| params["initiator"] == origin || params["url"] == format!("{origin}/docs"))
        .filter_map(|params| params["url"].as_str().map(str::to_owned))
        .collect()
}

/// Text as the DOM serialiser writes it inside an element.
fn escaped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[test]
#[ignore = "drives headless Chromium: run by `make e2e`"]
fn the_docs_page_renders_every_operation_in_chromium() {
    let dir = workdir();
    let server = Server::start(&dir);
    let url = format!("{}/docs", server.origin);
    let net_log = dir.join("net-log.json");
    let dom = browse(
        &dir,
        &url,
        &[
            "--dump-dom".to_owned(),
            format!("--log-net-log={}", net_log.display()),
        ],
    );
    // The top of the page; a blank capture (Chromium shoots an unpainted page of a URL with
    // a fragment) is refused by the size check below.
    let screenshot = dir.join("docs-page.png");
    browse(
        &dir,
        &url,
        &[
            format!("--screenshot={}", screenshot.display()),
            "--window-size=1280,1000".to_owned(),
        ],
    );
    let origin = server.origin.clone();
    let served = server.stop();

    // Every operation of the document, by its summary, is in the rendered page.
    let document: Value = serde_json::from_str(hijri_server::routes::meta::OPENAPI).unwrap();
    let mut operations = 0;
    for item in document["paths"].as_object().unwrap().values() {
        for op in item.as_object().unwrap().values() {
            let summary = op["summary"].as_str().unwrap();
            assert!(dom.contains(&escaped(summary)), "{summary:?} not rendered");
            operations += 1;
        }
    }
    assert!(operations >= 40, "only {operations} operations");

    // The page asked only its own server, and got 200 for everything it asked.
    let requests = page_requests(&net_log, &origin);
    for path in ["/docs", "/docs/redoc.standalone.js", "/api/v1/openapi.json"] {
        assert!(
            requests.contains(&format!("{origin}{path}")),
            "{path} not requested: {requests:?}"
        );
    }
    let outside: Vec<&String> = requests
        .iter()
        .filter(|url| !url.starts_with(&format!("{origin}/")))
        .collect();
    assert!(
        outside.is_empty(),
        "requests outside the server: {outside:?}"
    );
    assert!(!served.is_empty(), "no request lines in the server's log");
    for line in &served {
        assert_eq!(line["status"], 200, "{line}");
    }

    let png = std::fs::read(&screenshot).unwrap();
    assert!(
        png.starts_with(b"\x89PNG") && png.len() > 20_000,
        "screenshot"
    );
    println!(
        "{operations} operations rendered; {} requests, all to {origin}; screenshot {}",
        requests.len(),
        screenshot.display()
    );
}

/// `server/e2e/`, where `make e2e` installs puppeteer-core and Lighthouse (`npm ci`).
fn page_driver() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("e2e")
}

#[test]
#[ignore = "drives headless Chromium and Lighthouse: run by `make e2e`"]
fn the_page_in_chromium_and_lighthouse() {
    let dir = workdir_named("page");
    let server = Server::start(&dir);
    let driver = page_driver();
    assert!(
        driver.join("node_modules/puppeteer-core").is_dir(),
        "run `npm ci --prefix server/e2e` first (make e2e does)"
    );
    // `server/e2e/page.mjs` makes every check and prints one line per check.
    let status = Command::new("node")
        .arg(driver.join("page.mjs"))
        .arg(&server.origin)
        .arg(&dir)
        .env("HIJRI_CHROMIUM", chromium())
        .stdin(Stdio::null())
        .status()
        .unwrap_or_else(|e| panic!("cannot run node ({e}): apt-get install -y nodejs npm"));
    let served = server.stop();
    assert!(status.success(), "the page's checks failed: {status}");
    assert!(!served.is_empty(), "no request lines in the server's log");
    for name in ["today", "ramadhan-1447"] {
        for width in [390, 1280] {
            let png = std::fs::read(dir.join(format!("{name}-{width}.png"))).unwrap();
            assert!(png.starts_with(b"\x89PNG"), "{name}-{width}");
        }
    }
    println!(
        "screenshots and Lighthouse reports in {} (docs/page/ holds copies of the screenshots)",
        dir.display()
    );
}
