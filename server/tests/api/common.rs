//! Shared test helpers: the real archive, app state on a fixed clock, calling the app, a
//! synthetic archive for cases the real one cannot show, and snapshots under `snapshots/`.

use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

use actix_web::body::MessageBody;
use actix_web::dev::{Service, ServiceResponse};
use actix_web::http::header::HeaderMap;
use actix_web::web::Bytes;
use chrono::{DateTime, Utc};
use hijri::hijri::HijriMonth;
use hijri::schema::{
    CardKind, Dataset, DayKind, Decree, DecreeKind, HolidayDay, HolidayYear, Holidays, Tier,
};
use hijri_server::archive::Archive;
use hijri_server::routes::ROUTES;
use hijri_server::settings::{Cli, Settings};
use hijri_server::state::Clock;
use hijri_server::SharedState;
use hijri_testing::{site_evening, sites_record, ChainBuilder, DatasetBuilder};
use serde_json::{json, Value};

/// The fixed "now" of the tests: 2025-03-01 12:00 in Jakarta.
pub const NOW: &str = "2025-03-01T05:00:00Z";

/// The archive written by `make generate`.
pub fn archive_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../data/hijri.archive")
}

/// The real archive, opened once.
pub fn real() -> Arc<Archive> {
    static ARCHIVE: OnceLock<Arc<Archive>> = OnceLock::new();
    ARCHIVE
        .get_or_init(|| {
            Arc::new(
                hijri_server::archive::open(&archive_path())
                    .unwrap_or_else(|e| panic!("{e}; run `make generate` first")),
            )
        })
        .clone()
}

/// Settings from a list of variables (defaults for the rest), given as the flags they
/// stand for (the environment of a threaded test cannot be changed safely).
pub fn settings(vars: &[(&str, &str)]) -> Settings {
    let command = Cli::command();
    let flags = vars.iter().map(|&(variable, value)| {
        let arg = command
            .get_arguments()
            .find(|arg| arg.get_env() == Some(std::ffi::OsStr::new(variable)))
            .unwrap_or_else(|| panic!("{variable} is no setting"));
        format!("--{}={value}", arg.get_long().unwrap())
    });
    let args = std::iter::once("hijri-serve".to_owned()).chain(flags);
    Settings::from(Cli::try_parse_from(args).unwrap())
}

/// An instant from RFC 3339 text.
pub fn instant(text: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(text).unwrap().to_utc()
}

/// State over `archive` with `vars`, on the fixed clock.
pub fn state_with(archive: Arc<Archive>, vars: &[(&str, &str)]) -> SharedState {
    let routes = ROUTES.iter().map(|route| route.path);
    let mut state = SharedState::new(archive, &settings(vars), routes);
    state.clock = Clock::Fixed(instant(NOW));
    state
}

/// Limits high enough for tests that send thousands of requests.
pub const UNLIMITED: &[(&str, &str)] = &[
    ("HIJRI_LIMIT_DEFAULT", "1000000/1"),
    ("HIJRI_LIMIT_HILAL_INFO", "1000000/1"),
    ("HIJRI_LIMIT_HILAL_VIZ", "1000000/1"),
    ("HIJRI_LIMIT_HILAL_MAP", "1000000/1"),
];

/// State over the real archive with default settings, on the fixed clock.
pub fn state() -> SharedState {
    state_with(real(), &[])
}

/// A response, read whole, with the request that produced it.
pub struct Answer {
    /// `METHOD /path?query` of the request.
    pub request: String,
    pub status: u16,
    pub headers: HeaderMap,
    pub body: Bytes,
}

impl Answer {
    /// The body as JSON.
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("body is not JSON ({e}): {:?}", self.body))
    }

    /// A header as text.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).map(|v| v.to_str().unwrap())
    }

    /// The error code of an error envelope.
    pub fn code(&self) -> String {
        self.json()["error"]["code"].as_str().unwrap().to_owned()
    }

    /// The message of an error envelope.
    pub fn message(&self) -> String {
        self.json()["error"]["message"].as_str().unwrap().to_owned()
    }

    /// The error code of an error envelope, `ok` for a 200.
    pub fn outcome(&self) -> String {
        if self.status == 200 {
            "ok".to_owned()
        } else {
            self.code()
        }
    }

    /// Status, the contract's headers and the body, for a snapshot.
    pub fn summary(&self) -> Value {
        let mut headers = serde_json::Map::new();
        for name in [
            "content-type",
            "cache-control",
            "etag",
            "content-disposition",
            "retry-after",
            "allow",
            "location",
            "content-security-policy",
            "access-control-allow-origin",
        ] {
            if let Some(value) = self.header(name) {
                headers.insert(name.into(), value.into());
            }
        }
        let body = match self.header("content-type") {
            Some("image/png") => json!(format!("<{} bytes of PNG>", self.body.len())),
            // A vendored bundle: its ETag (a digest of the body) stands for the megabyte.
            Some(text) if text.starts_with("text/javascript") => {
                json!(format!("<{} bytes of JavaScript>", self.body.len()))
            }
            Some(text) if text.starts_with("text/") => {
                json!(String::from_utf8_lossy(&self.body)
                    .split_inclusive("\r\n")
                    .collect::<Vec<_>>())
            }
            _ if self.body.is_empty() => Value::Null,
            _ => self.json(),
        };
        json!({"status": self.status, "headers": headers, "body": body})
    }
}

/// An initialised app, as `actix_web::test::init_service` returns it, answering bodies `B`.
pub trait TestApp<B>:
    Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>
{
}

impl<S, B> TestApp<B> for S where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>
{
}

/// The app over `state`, initialised.
pub async fn test_app_with(
    state: SharedState,
) -> impl Service<
    actix_http::Request,
    Response = ServiceResponse<impl MessageBody>,
    Error = actix_web::Error,
> {
    actix_web::test::init_service(hijri_server::app(state)).await
}

/// The app over the real archive with default settings, on the fixed clock, initialised.
pub async fn test_app() -> impl Service<
    actix_http::Request,
    Response = ServiceResponse<impl MessageBody>,
    Error = actix_web::Error,
> {
    test_app_with(state()).await
}

/// Sends a request to an initialised app.
pub async fn send<S, B>(app: &S, req: actix_http::Request) -> Answer
where
    S: TestApp<B>,
    B: MessageBody,
{
    let request = format!("{} {}", req.method(), req.uri());
    let response = actix_web::test::call_service(app, req).await;
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    let body = actix_web::test::read_body(response).await;
    Answer {
        request,
        status,
        headers,
        body,
    }
}

/// GET `uri` from a peer address.
pub async fn get<S, B>(app: &S, uri: &str) -> Answer
where
    S: TestApp<B>,
    B: MessageBody,
{
    let req = actix_web::test::TestRequest::get()
        .uri(uri)
        .peer_addr("192.0.2.1:40000".parse().unwrap())
        .to_request();
    send(app, req).await
}

/// The JSON body of GET `uri` from a peer address.
pub async fn get_json<S, B>(app: &S, uri: &str) -> Value
where
    S: TestApp<B>,
    B: MessageBody,
{
    get(app, uri).await.json()
}

/// Asserts that `answer` is a refusal with `status` and the error `code` (a failure names
/// its request).
pub fn assert_refused(answer: &Answer, status: u16, code: &str) {
    assert_eq!(
        (answer.status, answer.code().as_str()),
        (status, code),
        "{}",
        answer.request
    );
}

/// Asserts that `text` contains each of `parts` (a failure shows the whole text).
pub fn assert_contains_all(text: &str, parts: &[&str]) {
    for part in parts {
        assert!(text.contains(part), "{part:?} is not in {text}");
    }
}

/// The URI of `/api/v1/prayer-times/next` for `place` at the instant `at` (RFC 3339, its
/// `+` sent as `%2B`).
pub fn next_prayer_uri(place: &str, at: &str) -> String {
    format!(
        "/api/v1/prayer-times/next?place={place}&at={}",
        at.replace('+', "%2B")
    )
}

/// Field `key` of each item of the JSON array `items`, as text.
pub fn each_str<'a>(items: &'a Value, key: &str) -> Vec<&'a str> {
    items
        .as_array()
        .unwrap()
        .iter()
        .map(|item| item[key].as_str().unwrap())
        .collect()
}

/// Fields `first` and `second` of each item of the JSON array `items`, as text.
pub fn each_pair(items: &Value, first: &str, second: &str) -> Vec<(String, String)> {
    let text = |item: &Value, key: &str| item[key].as_str().unwrap().to_owned();
    items
        .as_array()
        .unwrap()
        .iter()
        .map(|item| (text(item, first), text(item, second)))
        .collect()
}

/// Asserts that each answer's error message contains its text, in order (the shorter of
/// the two ends the check, as `zip` does).
pub fn assert_messages_contain<'a>(answers: impl IntoIterator<Item = &'a Answer>, texts: &[&str]) {
    for (answer, text) in answers.into_iter().zip(texts) {
        let message = answer.message();
        assert!(message.contains(text), "{message} names no {text}");
    }
}

/// The first item of the JSON array `items` whose `key` is `value`.
pub fn find_by<'a>(items: &'a Value, key: &str, value: &str) -> &'a Value {
    items
        .as_array()
        .unwrap()
        .iter()
        .find(|item| item[key] == value)
        .unwrap_or_else(|| panic!("no item with {key} = {value}"))
}

/// A request with `method` for `uri` from a peer address, with extra `headers`.
pub async fn fetch<S, B>(
    app: &S,
    method: actix_web::http::Method,
    uri: &str,
    headers: &[(&str, &str)],
) -> Answer
where
    S: TestApp<B>,
    B: MessageBody,
{
    let mut req = actix_web::test::TestRequest::default()
        .method(method)
        .uri(uri)
        .peer_addr("192.0.2.1:40000".parse().unwrap());
    for &(name, value) in headers {
        req = req.insert_header((name, value));
    }
    send(app, req.to_request()).await
}

/// GET `uri` from a peer address, accepting brotli alone.
pub async fn get_brotli<S, B>(app: &S, uri: &str) -> Answer
where
    S: TestApp<B>,
    B: MessageBody,
{
    fetch(
        app,
        actix_web::http::Method::GET,
        uri,
        &[("accept-encoding", "br")],
    )
    .await
}

/// The bytes gzip `bytes` decompress to.
pub fn gunzip(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(bytes), &mut out).unwrap();
    out
}

/// The bytes brotli `bytes` decompress to.
pub fn unbrotli(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    std::io::Read::read_to_end(&mut brotli::Decompressor::new(bytes, 4096), &mut out).unwrap();
    out
}

/// The body of an answer decoded from its `Content-Encoding`.
pub fn decoded(answer: &Answer) -> Vec<u8> {
    match answer.header("content-encoding") {
        None => answer.body.to_vec(),
        Some("gzip") => gunzip(&answer.body),
        Some("br") => unbrotli(&answer.body),
        Some(other) => panic!("unexpected coding {other}"),
    }
}

/// The VEVENTs of an iCalendar answer (in any coding), parsed with the independent
/// `icalendar` crate.
pub fn vevents(answer: &Answer) -> Vec<icalendar::Event> {
    let text = String::from_utf8(decoded(answer)).expect("UTF-8");
    let calendar: icalendar::Calendar = text.parse().expect("valid iCalendar");
    calendar
        .components
        .into_iter()
        .filter_map(|c| match c {
            icalendar::CalendarComponent::Event(e) => Some(e),
            _ => None,
        })
        .collect()
}

/// Serves the real archive on a loopback port (one worker), sends each raw HTTP/1.1 request
/// on a connection of its own and returns the raw answers, for what only the wire shows.
pub async fn on_the_wire(requests: Vec<String>) -> Vec<Vec<u8>> {
    use std::io::{Read, Write};
    let state = state();
    let server = actix_web::HttpServer::new(move || hijri_server::app(state.clone()))
        .workers(1)
        .bind("127.0.0.1:0")
        .unwrap();
    let address = server.addrs()[0];
    let server = server.run();
    let handle = server.handle();
    actix_web::rt::spawn(server);
    let answers = actix_web::rt::task::spawn_blocking(move || {
        requests
            .iter()
            .map(|request| {
                let mut stream = std::net::TcpStream::connect(address).unwrap();
                stream.write_all(request.as_bytes()).unwrap();
                let mut bytes = Vec::new();
                stream.read_to_end(&mut bytes).unwrap();
                bytes
            })
            .collect()
    })
    .await
    .unwrap();
    handle.stop(true).await;
    answers
}

/// Records a snapshot under the top-level `snapshots/` directory; its description is the
/// request that produced it.
pub fn snapshot(name: &str, answer: &Answer) {
    let mut settings = insta::Settings::clone_current();
    settings.set_description(&answer.request);
    settings.set_snapshot_path("../../../snapshots");
    settings.set_prepend_module_to_snapshot(false);
    settings.set_omit_expression(true);
    settings.add_redaction(".body.build_hash", "[build_hash]");
    settings.bind(|| insta::assert_json_snapshot!(name, answer.summary()));
}

/// The real archive without its cards and with a correction ledger in its default
/// calendar, as the generator writes it from `data/official/corrections.csv` (divergences
/// newest first). Its stored answers, built for the real ledger, are left out: every answer
/// is built over the new one.
pub fn with_ledger(
    divergences: Vec<hijri::schema::Divergence>,
    table_version: &str,
) -> Arc<Archive> {
    let mut dataset: Dataset =
        rkyv::deserialize::<_, rkyv::rancor::BoxedError>(real().dataset()).unwrap();
    dataset.cards.clear();
    dataset.bodies.clear();
    dataset.answers.clear();
    dataset.chains[0].table.as_mut().unwrap().table_version = table_version.into();
    dataset.chains[0].divergences = divergences;
    let bytes = hijri_testing::encoded(&dataset);
    Arc::new(Archive::from_bytes(Bytes::from_owner(bytes)).unwrap())
}

/// A ledger entry: `month` moved by `delta_days`, which moved the months `moved`.
pub fn divergence(
    month: (u16, u8),
    delta_days: i8,
    moved: [(u16, u8); 2],
) -> hijri::schema::Divergence {
    let month_of = |(year, month)| HijriMonth { year, month };
    hijri::schema::Divergence {
        month: month_of(month),
        delta_days,
        moved: moved.map(month_of),
    }
}

/// Tiny stand-in PNG bytes for the synthetic cards.
pub const FAKE_PNG: &[u8] = b"\x89PNG\r\n\x1a\nsynthetic";

/// A small synthetic archive: 1446-07..1446-11 (official), 1446-12 (computed, decided by a
/// 0.1° margin: borderline), 1447-01 (computed, its evening lacks site values), and the two
/// sky-chart cards of 1446-09.
pub fn synthetic() -> Arc<Archive> {
    static ARCHIVE: OnceLock<Arc<Archive>> = OnceLock::new();
    ARCHIVE
        .get_or_init(|| {
            let bytes = hijri_testing::aligned(&synthetic_bytes());
            Arc::new(Archive::from_bytes(Bytes::from_owner(bytes)).unwrap())
        })
        .clone()
}

/// The bytes of the synthetic archive file.
pub fn synthetic_bytes() -> Vec<u8> {
    let day = hijri_testing::day;
    let record = |start: &str, sites: usize| {
        let values = vec![site_evening(31_000, 70_000); sites];
        sites_record(day(start) - 1, 0, values)
    };
    let months = [
        ("2025-01-01", 30, Tier::Published, 1),
        ("2025-01-31", 29, Tier::Published, 1),
        ("2025-03-01", 30, Tier::Published, 1),
        ("2025-03-31", 29, Tier::Published, 1),
        ("2025-04-29", 29, Tier::Published, 1),
        ("2025-05-28", 30, Tier::Computed, 1),
        ("2025-06-27", 29, Tier::Computed, 0),
    ]
    .map(|(start, length, tier, sites)| (length, tier, record(start, sites)));
    let first = HijriMonth {
        year: 1446,
        month: 7,
    };
    let mut kemenag = ChainBuilder::kemenag(1)
        .months(first, day("2025-01-01"), months)
        .coverage(day("2025-01-01"), day("2025-05-27"))
        .build();
    kemenag.table.as_mut().unwrap().data_version = "synthetic".into();
    let mut dataset = DatasetBuilder::new()
        .sites(&["Pantai Test"])
        .card((1446, 9), (CardKind::Viz, false), FAKE_PNG, "\"cafe0001\"")
        .card((1446, 9), (CardKind::Viz, true), FAKE_PNG, "\"cafe0001\"")
        .build();
    dataset.chains.push(kemenag);
    dataset.holidays = synthetic_holidays();
    hijri_testing::encoded(&dataset).to_vec()
}

/// The synthetic archive's days off: 2025 decreed (an SKB and an amendment that moved a
/// cuti bersama), 2026 predicted.
fn synthetic_holidays() -> Holidays {
    let day = hijri_testing::day;
    let decree = |id: &str, kind, date: &str| Decree {
        id: id.into(),
        kind,
        number: "1 Tahun 2024".into(),
        date: day(date),
        title: "Test".into(),
        source: "https://example.invalid/".into(),
        change: String::new(),
    };
    let holiday = |date: &str, kind, slug: &str, decree: u8, first: &str| HolidayDay {
        date: day(date),
        kind,
        slug: slug.into(),
        decree,
        first_date: day(first),
    };
    let (libur, cuti) = (DayKind::LiburNasional, DayKind::CutiBersama);
    Holidays {
        decrees: vec![
            decree("skb-2025", DecreeKind::Skb, "2024-10-14"),
            decree("skb-2025-a1", DecreeKind::Amendment, "2025-02-01"),
        ],
        years: vec![
            HolidayYear {
                year: 2025,
                decreed: true,
                decrees: vec![0, 1],
                days: vec![
                    holiday("2025-01-01", libur, "tahun_baru", 0, "2025-01-01"),
                    holiday("2025-03-31", libur, "idul_fitri", 0, "2025-03-31"),
                    holiday("2025-04-01", libur, "idul_fitri", 0, "2025-04-01"),
                    holiday("2025-04-02", cuti, "idul_fitri", 1, "2025-04-03"),
                ],
                undated: Vec::new(),
            },
            HolidayYear {
                year: 2026,
                decreed: false,
                decrees: Vec::new(),
                days: vec![holiday("2026-01-01", libur, "tahun_baru", 0, "2026-01-01")],
                undated: vec!["nyepi".into()],
            },
        ],
    }
}

/// Starts the built server on `archive` at `bind` with `vars`, its stderr piped (so its logs
/// are JSON lines) and `HIJRI_LOG` unset (so the start-up and swap lines are written).
pub fn spawn_server(
    archive: &std::path::Path,
    bind: &str,
    vars: &[(&str, &str)],
) -> std::process::Child {
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_hijri-serve"));
    crate::launch::with_piped_logs(&mut command, archive, bind, vars)
        .spawn()
        .unwrap()
}

/// The built server started with stderr piped (so JSON logs); its stderr lines arrive on
/// the channel. Killed when dropped.
pub struct Logging {
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
    /// Starts the binary on `archive` with `vars`, on a free loopback port.
    pub fn start(archive: &std::path::Path, vars: &[(&str, &str)]) -> Logging {
        let mut child = spawn_server(archive, "127.0.0.1:0", vars);
        let lines = crate::launch::json_lines(child.stderr.take().unwrap());
        Logging { child, lines }
    }

    /// The next line of a target (actix logs its own lines too).
    pub fn next(&self, target: &str) -> serde_json::Value {
        self.next_where(|line| line["target"] == target)
    }

    /// The next line that `wanted` accepts (within 10 s).
    pub fn next_where(&self, wanted: impl Fn(&serde_json::Value) -> bool) -> serde_json::Value {
        loop {
            let line = self
                .lines
                .recv_timeout(std::time::Duration::from_secs(10))
                .expect("a log line within 10 s");
            if wanted(&line) {
                return line;
            }
        }
    }

    /// The port of the start-up line (read it first).
    pub fn port(&self) -> u16 {
        let start = self.next("hijri_server::start");
        let bind = start["bind"].as_str().unwrap();
        bind.rsplit(':').next().unwrap().parse().unwrap()
    }
}
