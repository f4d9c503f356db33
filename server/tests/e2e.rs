//! End to end, over the built binaries (`make e2e`; ignored by `cargo test`, each fails loudly
//! when what it needs is missing):
//!
//! - the docs page in Debian's headless Chromium: `hijri-serve` on a free port over the real
//!   archive, `/docs` loaded; Redoc rendered every operation of the OpenAPI document and the
//!   three calls to start, the page requested nothing outside the server, every request it
//!   made was answered 200, the console stayed clean; a screenshot in `target/e2e/docs/` (the
//!   one in `docs/` is a copy);
//! - the page at `/`, checked by `server/e2e/page.mjs` (puppeteer-core and Lighthouse on the
//!   same Chromium, installed by `npm ci`): today equal to `/today`'s, Ramadhan 1447's first
//!   day in Kemenag's and Muhammadiyah's calendars, each marking the other's, the calendar
//!   and English switches remembered, English observance names, the days off of March 2027
//!   (red days, cuti bersama in their own style, in words, the legend, the month's list) and
//!   a predicted year's, 40 loads with every card 200, an HTML error page, no console error
//!   or outside request, the page without JavaScript, the Lighthouse scores in both colour
//!   schemes of today and of March 2027; screenshots light and dark in `target/e2e/page/`
//!   (`docs/page/` holds copies);
//! - the mosque screen at `/display`, checked by `server/e2e/display.mjs` at 1920x1080 and
//!   1080x1920 in both languages: the clock, the dates, the mark and the countdown against a
//!   fixed browser clock, tomorrow's times after isya, fetched again after midnight, running
//!   on with the network cut; the snapshot tests' screens as recorded; nothing overflowing,
//!   no console error or outside request; Lighthouse (desktop) at both sizes; screenshots in
//!   `target/e2e/display/` (`docs/page/display-*.png` are copies);
//! - a Python client generated from the served OpenAPI document (`openapi-python-client`
//!   from PyPI, in a venv the test creates) calling the service (`e2e/python_client.py`),
//!   with one method per API operation and none for the pages, their assets or the docs;
//! - the feeds after a correction: `hijri-generate announce` on a copy of the facts, the
//!   archive generated before and after it, and the two `/events.ics` bodies compared: every
//!   event whose date moved has a higher `SEQUENCE`; and after `hijri-generate
//!   announce-holidays` moves a day off, that day's event alone.

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

/// `target/e2e/<name>/`, made empty; without `..` in it (Chromium writes no net log to such a
/// path).
fn workdir(name: &str) -> PathBuf {
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
    /// The real archive (`make e2e` generates it first).
    fn start(dir: &Path) -> Server {
        let archive = Path::new(env!("CARGO_MANIFEST_DIR")).join("../data/hijri.archive");
        Server::over(dir, &archive)
    }

    /// The server over `archive`, its log in `dir`.
    fn over(dir: &Path, archive: &Path) -> Server {
        // A free port: bound by the OS, released, then handed to the server.
        let port = TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let log = dir.join("server.log");
        let child = Command::new(env!("CARGO_BIN_EXE_hijri-serve"))
            .env("HIJRI_BIND", format!("127.0.0.1:{port}"))
            .env("HIJRI_ARCHIVE", archive)
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

/// What a Chromium run printed: stdout, and the messages the page logged to its console.
struct Browsed {
    stdout: String,
    console: Vec<String>,
}

/// Runs headless Chromium on `url` with `extra` arguments, in a fresh profile, with every host
/// but the local one unresolvable; returns its stdout and the page's console messages
/// (through files: a pipe would fill up with the dumped DOM while we wait for the exit).
fn browse(dir: &Path, url: &str, extra: &[String]) -> Browsed {
    // A fresh profile and output file per run, named after the run's first argument.
    let run = extra[0]
        .trim_start_matches('-')
        .split('=')
        .next()
        .unwrap_or("run");
    let profile = dir.join(format!("profile-{run}"));
    std::fs::create_dir_all(&profile).unwrap();
    let stdout = dir.join(format!("chromium-{run}.out"));
    let stderr = dir.join(format!("chromium-{run}.err"));
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
            // The page's console messages (errors, CSP refusals) go to stderr.
            "--enable-logging=stderr",
            "--v=0",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(extra)
        .arg(url)
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&stdout).unwrap())
        .stderr(std::fs::File::create(&stderr).unwrap());
    let child = command.spawn().unwrap_or_else(|e| {
        panic!(
            "cannot run {:?} ({e}): install Debian's chromium (apt-get install -y chromium) \
             or set HIJRI_CHROMIUM",
            chromium()
        )
    });
    let status = wait(child, Duration::from_secs(120));
    assert!(status.success(), "chromium failed: {status}");
    let console = std::fs::read_to_string(stderr)
        .unwrap()
        .lines()
        .filter(|line| line.contains(":CONSOLE"))
        .map(str::to_owned)
        .collect();
    Browsed {
        stdout: std::fs::read_to_string(stdout).unwrap(),
        console,
    }
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

/// The text of serialised HTML: tags dropped, the serialiser's entities read back.
fn text_of(html: &str) -> String {
    let mut text = String::with_capacity(html.len());
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            _ if !in_tag => text.push(c),
            _ => {}
        }
    }
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&amp;", "&")
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
    let dir = workdir("docs");
    let server = Server::start(&dir);
    let url = format!("{}/docs", server.origin);
    let net_log = dir.join("net-log.json");
    let browsed = browse(
        &dir,
        &url,
        &[
            "--dump-dom".to_owned(),
            format!("--log-net-log={}", net_log.display()),
        ],
    );
    let dom = browsed.stdout;
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
    let document: Value = serde_json::from_str(hijri_server::interface::OPENAPI).unwrap();
    let mut operations = 0;
    for item in document["paths"].as_object().unwrap().values() {
        for op in item.as_object().unwrap().values() {
            let summary = op["summary"].as_str().unwrap();
            assert!(dom.contains(&escaped(summary)), "{summary:?} not rendered");
            operations += 1;
        }
    }
    assert!(operations >= 20, "only {operations} operations");
    // The first section is the three calls to start, in curl and fetch, before the rules.
    let start = dom.find("Three calls to start").expect("the three calls");
    let rules = dom.find("Cross-endpoint rules").expect("the rules");
    assert!(start < rules);
    let shown = text_of(&dom);
    for sample in [
        "curl -s \"$BASE/api/v1/today?tz=Asia/Jakarta\"",
        "await fetch(`${BASE}/api/v1/today?tz=Asia/Jakarta`)",
        "curl -s \"$BASE/api/v1/convert?date=2025-03-31\"",
        "`${BASE}/api/v1/convert?date=2025-03-31`",
        "curl -s \"$BASE/api/v1/events?year=2025&calendar=gregorian\"",
        "await fetch(`${BASE}/api/v1/events?${q}`)",
    ] {
        assert!(shown.contains(sample), "{sample} not shown");
    }

    // Nothing in the console: no script error, no refusal by the Content-Security-Policy
    // (Redoc's footer logo is on a CDN; page.js keeps it from being asked for).
    assert!(browsed.console.is_empty(), "{:#?}", browsed.console);
    assert!(!dom.contains("cdn.redoc.ly"), "the logo's address was set");

    // The page asked only its own server, and got 200 for everything it asked.
    let requests = page_requests(&net_log, &origin);
    for path in [
        "/docs",
        "/docs/page.js",
        "/docs/redoc.standalone.js",
        "/api/v1/openapi.json",
    ] {
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
        "{operations} operations rendered; {} requests, all to {origin}; console clean; \
         screenshot {}",
        requests.len(),
        screenshot.display()
    );
}

/// Runs a command to its end; a failure shows its output. `what` names it for people.
fn run(command: &mut Command, what: &str) -> String {
    let output = command
        .output()
        .unwrap_or_else(|e| panic!("cannot run {what} ({e})"));
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        output.status.success(),
        "{what} failed ({}):\n{stdout}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    stdout
}

/// The Python interpreter, `HIJRI_PYTHON` or `python3` on the `PATH`.
fn python() -> String {
    std::env::var("HIJRI_PYTHON").unwrap_or_else(|_| "python3".to_owned())
}

/// The generator of the Python client, pinned (PyPI).
const PYTHON_CLIENT_GENERATOR: &str = "openapi-python-client==0.29.1";

#[test]
#[ignore = "installs a Python client generator from PyPI: run by `make e2e`"]
fn a_generated_python_client_calls_the_service() {
    let dir = workdir("python-client");
    let venv = dir.join("venv");
    run(
        Command::new(python()).args(["-m", "venv"]).arg(&venv),
        "python3 -m venv (Debian: apt-get install -y python3-venv)",
    );
    let bin = venv.join("bin");
    run(
        Command::new(bin.join("pip"))
            .args(["install", "--quiet", "--disable-pip-version-check"])
            .arg(PYTHON_CLIENT_GENERATOR),
        "pip install",
    );
    // The document as the server serves it; PNG answers as bytes (the generator parses no
    // image/png), no formatter hooks.
    let server = Server::start(&dir);
    let document = dir.join("openapi.json");
    std::fs::write(&document, fetch(&server, "/api/v1/openapi.json")).unwrap();
    let config = dir.join("generator.yml");
    std::fs::write(
        &config,
        "content_type_overrides:\n  image/png: application/octet-stream\npost_hooks: []\n",
    )
    .unwrap();
    let package = dir.join("packages").join("hijri_client");
    let generated = run(
        Command::new(bin.join("openapi-python-client"))
            .arg("generate")
            .arg("--path")
            .arg(&document)
            .arg("--output-path")
            .arg(&package)
            .args(["--meta", "none", "--config"])
            .arg(&config),
        "openapi-python-client generate",
    );
    assert!(!generated.contains("Warning"), "{generated}");
    // The client's methods are the API's operations only: no page, asset, docs or alias.
    let mut methods = Vec::new();
    for tag in std::fs::read_dir(package.join("api")).unwrap() {
        let tag = tag.unwrap().path();
        if !tag.is_dir() {
            continue;
        }
        for module in std::fs::read_dir(&tag).unwrap() {
            let name = module.unwrap().file_name().to_string_lossy().into_owned();
            if let Some(method) = name.strip_suffix(".py").filter(|m| *m != "__init__") {
                methods.push(method.to_owned());
            }
        }
    }
    methods.sort();
    let document: Value = serde_json::from_str(hijri_server::interface::OPENAPI).unwrap();
    // One GET operation per path.
    let operations = document["paths"].as_object().unwrap().len();
    assert_eq!(methods.len(), operations, "{methods:?}");
    for method in &methods {
        assert!(
            !["page", "docs", "redoc", "openapi_root"]
                .iter()
                .any(|asset| method.contains(asset)),
            "{method} is a page or an asset"
        );
    }
    println!("the client's methods: {}", methods.join(", "));
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/e2e/python_client.py");
    let printed = run(
        Command::new(bin.join("python"))
            .arg(&script)
            .arg(&server.origin)
            .env("PYTHONPATH", dir.join("packages")),
        "the generated client",
    );
    println!("{}", printed.trim());
    let served = server.stop();
    let answered: Vec<&str> = served.iter().filter_map(|l| l["route"].as_str()).collect();
    for route in [
        "/api/v1/convert",
        "/api/v1/year",
        "/api/v1/events",
        "/api/v1/table",
        "/api/v1/hilal/info",
    ] {
        assert!(
            answered.contains(&route),
            "{route} not called: {answered:?}"
        );
    }
    for line in &served {
        assert_eq!(line["status"], 200, "{line}");
    }
}

/// The body of a GET of `path` (HTTP/1.1, one connection), which must be a 200.
fn fetch(server: &Server, path: &str) -> Vec<u8> {
    let address = server.origin.trim_start_matches("http://");
    let mut stream = TcpStream::connect(address).unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: e2e\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).unwrap();
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).unwrap();
    let end = answer.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
    let head = String::from_utf8_lossy(&answer[..end]).to_ascii_lowercase();
    assert!(head.starts_with("http/1.1 200"), "{path}: {head}");
    let body = answer[end + 4..].to_vec();
    if head.contains("transfer-encoding: chunked") {
        return unchunked(&body);
    }
    body
}

/// A chunked body, joined.
fn unchunked(mut bytes: &[u8]) -> Vec<u8> {
    let mut body = Vec::new();
    loop {
        let line = bytes.windows(2).position(|w| w == b"\r\n").unwrap();
        let size = std::str::from_utf8(&bytes[..line]).unwrap();
        let size = usize::from_str_radix(size.split(';').next().unwrap().trim(), 16).unwrap();
        if size == 0 {
            return body;
        }
        body.extend_from_slice(&bytes[line + 2..line + 2 + size]);
        bytes = &bytes[line + 2 + size + 2..];
    }
}

/// Copies the committed facts (`data/`, without the generated archive and the reference
/// values no generation reads) into `to`.
fn copy_facts(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let name = entry.file_name();
        if name == "hijri.archive" || name == "reference" {
            continue;
        }
        if entry.file_type().unwrap().is_dir() {
            copy_facts(&entry.path(), &to.join(&name));
        } else {
            std::fs::copy(entry.path(), to.join(&name)).unwrap();
        }
    }
}

/// The built `hijri-generate` (`make e2e` builds every binary of the workspace first).
fn generator() -> PathBuf {
    let generate = Path::new(env!("CARGO_BIN_EXE_hijri-serve")).with_file_name("hijri-generate");
    assert!(
        generate.exists(),
        "{} missing: run make e2e",
        generate.display()
    );
    generate
}

/// Generates an archive without cards from the facts in `data` into `out`, and returns `out`.
fn archive_without_cards(generate: &Path, data: &Path, out: &Path) -> PathBuf {
    run(
        Command::new(generate)
            .args(["--quiet", "--no-cards", "--data"])
            .arg(data)
            .arg("--out")
            .arg(out),
        "hijri-generate",
    );
    out.to_owned()
}

/// Every VEVENT of an iCalendar body, by UID: (DTSTART, SEQUENCE).
fn events_by_uid(ics: &[u8]) -> std::collections::BTreeMap<String, (String, u32)> {
    let text = std::str::from_utf8(ics).unwrap();
    let calendar: icalendar::Calendar = text.parse().unwrap();
    calendar
        .components
        .iter()
        .filter_map(|c| match c {
            icalendar::CalendarComponent::Event(e) => Some(e),
            _ => None,
        })
        .map(|e| {
            use icalendar::Component;
            let start = e.property_value("DTSTART").unwrap().to_owned();
            let uid = e.get_uid().unwrap().to_owned();
            (uid, (start, e.get_sequence().unwrap()))
        })
        .collect()
}

#[test]
#[ignore = "generates two archives with the built generator: run by `make e2e`"]
fn an_event_a_correction_moved_has_a_higher_sequence() {
    let dir = workdir("sequence");
    let data = dir.join("data");
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../data");
    copy_facts(&root, &data);
    let generate = generator();
    let archive = |name: &str| archive_without_cards(&generate, &data, &dir.join(name));
    let feed = |archive: &Path| {
        let server = Server::over(&dir, archive);
        let ics = fetch(&server, "/api/v1/events.ics?year=1448&include=all");
        server.stop();
        events_by_uid(&ics)
    };
    let before = feed(&archive("before.archive"));
    // The isbat sees the hilal a day early: 1 Sya'ban 1448 on 2027-01-08, not 2027-01-09
    // as computed. The computed months after it move with it through Syawal (the announce
    // test in the generator finds the same).
    run(
        Command::new(&generate).arg("--data").arg(&data).args([
            "announce",
            "1448-08=2027-01-08",
            "--recorded-on",
            "2027-01-07",
            "--note",
            "e2e",
        ]),
        "hijri-generate announce",
    );
    let after = feed(&archive("after.archive"));

    assert_eq!(
        before.keys().collect::<Vec<_>>(),
        after.keys().collect::<Vec<_>>()
    );
    let mut moved = Vec::new();
    for (uid, (start, sequence)) in &before {
        let (new_start, new_sequence) = &after[uid];
        if new_start != start {
            assert!(
                new_sequence > sequence,
                "{uid} moved {start} -> {new_start} but SEQUENCE {sequence} -> {new_sequence}"
            );
            moved.push(uid.as_str());
        }
    }
    // Idul Fitri 1448 is among them (the bug: it moved and kept SEQUENCE 0).
    let fitri = "idul_fitri-1448@kalender-hijriah.invalid";
    assert!(moved.contains(&fitri), "{moved:?}");
    assert_eq!((before[fitri].1, after[fitri].1), (0, 1));
    // Events of months the correction did not touch keep theirs.
    let adha = "idul_adha-1448@kalender-hijriah.invalid";
    assert_eq!(before[adha], after[adha]);
    println!(
        "{} events moved, each with a higher SEQUENCE: {moved:?}",
        moved.len()
    );
}

#[test]
#[ignore = "generates two archives with the built generator: run by `make e2e`"]
fn a_day_an_amendment_moved_has_a_higher_sequence_in_the_holidays_feed() {
    let dir = workdir("holiday-sequence");
    let data = dir.join("data");
    copy_facts(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("../data"),
        &data,
    );
    let generate = generator();
    let feed = |name: &str| {
        let out = archive_without_cards(&generate, &data, &dir.join(name));
        let server = Server::over(&dir, &out);
        let ics = fetch(&server, "/api/v1/holidays.ics?year=2027");
        server.stop();
        events_by_uid(&ics)
    };
    let before = feed("before.archive");
    // Suppose the isbat puts Idul Adha 1448 a day after the SKB's 17 May 2027.
    run(
        Command::new(&generate).arg("--data").arg(&data).args([
            "announce-holidays",
            "--year",
            "2027",
            "--kind",
            "skb_amendment",
            "--signed",
            "2027-05-10",
            "--number",
            "e2e",
            "--title",
            "e2e",
            "--source",
            "https://example.invalid/",
            "--change",
            "Idul Adha moved to 18 May",
            "--move",
            "2027-05-17=2027-05-18:libur_nasional:idul_adha",
        ]),
        "hijri-generate announce-holidays",
    );
    let after = feed("after.archive");

    assert_eq!(
        before.keys().collect::<Vec<_>>(),
        after.keys().collect::<Vec<_>>()
    );
    let moved = "idul_adha-libur_nasional-20270517@kalender-hijriah.invalid";
    assert_eq!(before[moved], ("20270517".to_owned(), 0));
    assert_eq!(after[moved], ("20270518".to_owned(), 1));
    for (uid, event) in &before {
        if uid != moved {
            assert_eq!(&after[uid], event, "{uid}");
        }
    }
    println!(
        "{} events: {moved} moved with SEQUENCE 0 -> 1, the others unchanged",
        before.len()
    );
}

/// `server/e2e/`, where `make e2e` installs puppeteer-core and Lighthouse (`npm ci`).
fn page_driver() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("e2e")
}

/// Runs `server/e2e/<script>` (puppeteer-core and Lighthouse; it makes every check and prints
/// one line per check) against a server over the archive, writing into `dir`; the server's
/// request lines once the script has passed.
fn drive(script: &str, dir: &Path) -> Vec<Value> {
    let server = Server::start(dir);
    let driver = page_driver();
    assert!(
        driver.join("node_modules/puppeteer-core").is_dir(),
        "run `npm ci --prefix server/e2e` first (make e2e does)"
    );
    let status = Command::new("node")
        .arg(driver.join(script))
        .arg(&server.origin)
        .arg(dir)
        .env("HIJRI_CHROMIUM", chromium())
        .stdin(Stdio::null())
        .status()
        .unwrap_or_else(|e| panic!("cannot run node ({e}): apt-get install -y nodejs npm"));
    let served = server.stop();
    assert!(status.success(), "{script}'s checks failed: {status}");
    served
}

#[test]
#[ignore = "drives headless Chromium and Lighthouse: run by `make e2e`"]
fn the_page_in_chromium_and_lighthouse() {
    let dir = workdir("page");
    let served = drive("page.mjs", &dir);
    assert!(!served.is_empty(), "no request lines in the server's log");
    for name in [
        "today",
        "ramadhan-1447",
        "days-off-2027-03",
        "today-dark",
        "ramadhan-1447-dark",
        "days-off-2027-03-dark",
    ] {
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

#[test]
#[ignore = "drives headless Chromium and Lighthouse: run by `make e2e`"]
fn the_mosque_screen_in_chromium_and_lighthouse() {
    let dir = workdir("display");
    let served = drive("display.mjs", &dir);
    let screens: Vec<&Value> = served
        .iter()
        .filter(|line| line["route"] == "/display")
        .collect();
    // The screen's own fetches revalidate (`cache: 'no-cache'`): 304 while its answer stands.
    assert!(
        screens.iter().any(|line| line["status"] == 304),
        "no revalidated /display in the server's log"
    );
    // Every answer of the screen and its assets (Lighthouse's `/robots.txt` is a 404; a
    // line without a path is a connection Chromium opened ahead and never used, timed out).
    for line in served
        .iter()
        .filter(|line| line["path"].is_string() && line["path"] != "/robots.txt")
    {
        assert!(line["status"] == 200 || line["status"] == 304, "{line}");
    }
    for size in ["landscape", "portrait"] {
        let png = std::fs::read(dir.join(format!("display-{size}.png"))).unwrap();
        assert!(png.starts_with(b"\x89PNG"), "display-{size}");
    }
    println!(
        "screenshots and Lighthouse reports in {} (docs/page/display-*.png are copies)",
        dir.display()
    );
}

#[test]
#[ignore = "runs Python against the served archive: run by `make e2e`"]
fn days_csv_reads_back_with_pythons_csv_module() {
    let dir = workdir("days-csv");
    let server = Server::start(&dir);
    // Python's own csv module and urllib (no package), over the served files.
    let script = r#"
import csv, io, sys, urllib.request
def rows(url):
    with urllib.request.urlopen(url) as answer:
        return list(csv.DictReader(io.StringIO(answer.read().decode("utf-8"), newline="")))
year = rows(sys.argv[1] + "/api/v1/days.csv?year=2027")
whole = rows(sys.argv[1] + "/api/v1/days.csv")
eid = [r for r in year if r["date"] == "2027-03-10"][0]
print(len(year), len(whole), eid["weekday"], eid["pasaran"], eid["day_off"], eid["holidays"])
"#;
    let out = run(
        Command::new(python())
            .args(["-c", script])
            .arg(&server.origin),
        "python3",
    );
    // 365 days of 2027; 56,978 days of 1945–2100. Idul Fitri 1448 on Wednesday
    // 10 March 2027 is a libur nasional (data/holidays/days.csv), a Legi.
    assert_eq!(out.trim(), "365 56978 Rabu Legi libur_nasional idul_fitri");
}
