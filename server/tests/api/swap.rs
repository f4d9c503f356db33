//! Replacing the archive under the running binary: while threads load it over loopback
//! (keep-alive HTTP/1.1, bounded in count and time), the file at `HIJRI_ARCHIVE` is replaced
//! by rename + SIGHUP, alternating the real archive and a variant with other versions, once
//! with a truncated file. Every answer is 2xx and whole (each PNG hashes to its ETag), no
//! socket fails, `/meta` shows the new versions within 2 s of each signal, the bad file
//! changes nothing, each signal logs one line on stderr (beside the request logs), and the
//! replaced archives are unmapped.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::Arc;
use std::time::{Duration, Instant};

use hijri::schema::Dataset;

use crate::common::archive_path;

/// The paths the load threads cycle through (JSON and a PNG card).
const PATHS: &[&str] = &[
    "/api/v1/meta",
    "/api/v1/convert?date=2025-03-01",
    "/api/v1/hilal/viz?month=9&year=1446",
    "/api/v1/hilal/info?month=9&year=1446",
    "/api/v1/month?year=1446&month=9",
];

/// Most requests one load thread sends.
const MAX_REQUESTS_PER_THREAD: usize = 100_000;

/// One HTTP/1.1 answer.
struct Answer {
    status: u16,
    content_type: String,
    etag: String,
    body: Vec<u8>,
}

/// Sends `GET path` on a keep-alive connection and reads the whole answer.
fn get(stream: &mut BufReader<TcpStream>, path: &str) -> std::io::Result<Answer> {
    // One write: pieces written apart would wait on Nagle and delayed ACKs.
    let request = format!("GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    stream.get_mut().write_all(request.as_bytes())?;
    let mut line = String::new();
    stream.read_line(&mut line)?;
    let status = line
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| std::io::Error::other(format!("bad status line {line:?}")))?;
    let (mut length, mut content_type, mut etag) = (0, String::new(), String::new());
    loop {
        line.clear();
        stream.read_line(&mut line)?;
        let header = line.trim_end();
        if header.is_empty() {
            break;
        }
        let (name, value) = header.split_once(':').unwrap_or((header, ""));
        let value = value.trim().to_owned();
        match name.to_ascii_lowercase().as_str() {
            "content-length" => length = value.parse().map_err(std::io::Error::other)?,
            "content-type" => content_type = value,
            "etag" => etag = value,
            _ => {}
        }
    }
    let mut body = vec![0; length];
    stream.read_exact(&mut body)?;
    Ok(Answer {
        status,
        content_type,
        etag,
        body,
    })
}

fn connect(port: u16) -> std::io::Result<BufReader<TcpStream>> {
    let stream = TcpStream::connect(("127.0.0.1", port))?;
    stream.set_read_timeout(Some(Duration::from_secs(10)))?;
    stream.set_nodelay(true)?;
    Ok(BufReader::new(stream))
}

/// `data_version` and `table_version` of `/meta`.
pub(crate) fn versions(port: u16) -> std::io::Result<(String, String)> {
    let answer = get(&mut connect(port)?, "/api/v1/meta")?;
    let meta: serde_json::Value = serde_json::from_slice(&answer.body)?;
    let text = |name: &str| meta[name].as_str().unwrap_or_default().to_owned();
    Ok((text("data_version"), text("table_version")))
}

/// Counts of the load threads.
#[derive(Default)]
struct Load {
    ok: AtomicUsize,
    not_2xx: AtomicUsize,
    errors: AtomicUsize,
    bad_png: AtomicUsize,
    stop: AtomicBool,
}

/// One load thread: requests on one keep-alive connection until told to stop.
fn load(port: u16, load: &Load, first: usize) {
    let mut stream = match connect(port) {
        Ok(stream) => stream,
        Err(_) => {
            load.errors.fetch_add(1, Ordering::Relaxed);
            return;
        }
    };
    for n in 0..MAX_REQUESTS_PER_THREAD {
        if load.stop.load(Ordering::Relaxed) {
            return;
        }
        match get(&mut stream, PATHS[(first + n) % PATHS.len()]) {
            Ok(answer) if !(200..300).contains(&answer.status) => {
                load.not_2xx.fetch_add(1, Ordering::Relaxed);
            }
            Ok(answer) => {
                let png = answer.content_type == "image/png";
                if png && answer.etag != hijri::fingerprint::etag(&answer.body) {
                    load.bad_png.fetch_add(1, Ordering::Relaxed);
                }
                load.ok.fetch_add(1, Ordering::Relaxed);
            }
            Err(_) => {
                load.errors.fetch_add(1, Ordering::Relaxed);
                return;
            }
        }
    }
}

/// Makes `source` the file at `live` the way an operator must: a new directory entry renamed
/// over the old one (here a hard link, so the 187 MB are never copied).
pub(crate) fn install(source: &Path, live: &Path) {
    let next = live.with_extension("next");
    let _ = std::fs::remove_file(&next);
    if std::fs::hard_link(source, &next).is_err() {
        std::fs::copy(source, &next).unwrap();
    }
    std::fs::rename(&next, live).unwrap();
}

/// The real archive with other versions in its header.
fn variant(real: &[u8], data_version: &str, table_version: &str) -> Vec<u8> {
    let mut aligned = rkyv::util::AlignedVec::<16>::new();
    aligned.extend_from_slice(real);
    let archived = hijri::archive::open(&aligned).unwrap();
    let mut dataset: Dataset = rkyv::deserialize::<_, rkyv::rancor::BoxedError>(archived).unwrap();
    dataset.chains[0].table.as_mut().unwrap().data_version = data_version.into();
    dataset.chains[0].table.as_mut().unwrap().table_version = table_version.into();
    hijri::archive::encode(&dataset).unwrap()
}

/// Kills the server when the test ends, passed or not.
pub(crate) struct Server(pub(crate) Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A test's directory of archives: the real one linked in, a variant of it with other
/// versions, and the live path a server is started on (the real one at first).
pub(crate) struct Archives {
    pub(crate) dir: PathBuf,
    pub(crate) real: PathBuf,
    pub(crate) variant: PathBuf,
    pub(crate) live: PathBuf,
}

/// [`Archives`] in a directory named `name` and the process id, the variant with
/// `data_version` and `table_version`; and the real archive's bytes.
pub(crate) fn archives(name: &str, data_version: &str, table_version: &str) -> (Archives, Vec<u8>) {
    let dir =
        PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let real = dir.join("real.archive");
    let _ = std::fs::remove_file(&real);
    install(&archive_path(), &real);
    let bytes = std::fs::read(&real).unwrap();
    let variant_path = dir.join("variant.archive");
    std::fs::write(&variant_path, variant(&bytes, data_version, table_version)).unwrap();
    let live = dir.join("live.archive");
    install(&real, &live);
    let archives = Archives {
        dir,
        real,
        variant: variant_path,
        live,
    };
    (archives, bytes)
}

/// How many of the process `pid`'s mappings are of files under `dir`, and the whole map.
pub(crate) fn mappings(pid: u32, dir: &Path) -> (usize, String) {
    let maps = std::fs::read_to_string(format!("/proc/{pid}/maps")).unwrap();
    let mapped = maps
        .lines()
        .filter(|l| l.contains(dir.to_str().unwrap()))
        .count();
    (mapped, maps)
}

#[test]
fn sighup_swaps_the_archive_under_load() {
    let (archives, bytes) = archives("swap", "swapvariant0", "swap-test");
    let Archives {
        dir,
        real,
        variant: variant_path,
        live,
    } = archives;
    let bad = dir.join("bad.archive");
    std::fs::write(&bad, &bytes[..1 << 20]).unwrap();
    drop(bytes);

    let port = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let mut child = crate::common::spawn_server(
        &live,
        &format!("127.0.0.1:{port}"),
        crate::common::UNLIMITED,
    );
    let stderr = child.stderr.take().unwrap();
    let server = Server(child);
    let (lines, logged) = mpsc::channel();
    std::thread::spawn(move || {
        // Every log line is JSON (stderr is a pipe); the swap lines have their own target.
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            if line.contains(r#""target":"hijri_server::swap""#) {
                let _ = lines.send(line);
            }
        }
    });
    let started = Instant::now();
    let original = loop {
        if let Ok(versions) = versions(port) {
            break versions;
        }
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "server did not start"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    assert_eq!(original.1, "none");

    let counts = Arc::new(Load::default());
    let threads: Vec<_> = (0..4)
        .map(|t| {
            let counts = Arc::clone(&counts);
            std::thread::spawn(move || load(port, &counts, t))
        })
        .collect();
    std::thread::sleep(Duration::from_millis(300));

    let swapped = (String::from("swapvariant0"), String::from("swap-test"));
    let steps = [
        (&variant_path, &swapped),
        (&real, &original),
        (&variant_path, &swapped),
        (&bad, &swapped),
        (&real, &original),
    ];
    let mut swap_ms = Vec::new();
    for (source, expected) in steps {
        install(source, &live);
        let signalled = Instant::now();
        let status = Command::new("kill")
            .args(["-HUP", &server.0.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success());
        let line = logged
            .recv_timeout(Duration::from_secs(5))
            .expect("a log line per signal");
        assert!(
            line.contains("data_version") && line.contains("table_version"),
            "{line}"
        );
        if source == &bad {
            assert!(line.contains("not replaced"), "{line}");
            assert_eq!(
                &versions(port).unwrap(),
                expected,
                "the bad file changed the data"
            );
            continue;
        }
        assert!(
            line.contains("replaced from") && line.contains(&expected.1),
            "{line}"
        );
        loop {
            if &versions(port).unwrap() == expected {
                swap_ms.push(signalled.elapsed().as_millis());
                break;
            }
            assert!(
                signalled.elapsed() < Duration::from_secs(2),
                "/meta did not show {expected:?} within 2 s"
            );
            std::thread::sleep(Duration::from_millis(5));
        }
        std::thread::sleep(Duration::from_millis(300));
    }
    counts.stop.store(true, Ordering::Relaxed);
    for thread in threads {
        thread.join().unwrap();
    }
    let ok = counts.ok.load(Ordering::Relaxed);
    eprintln!(
        "swap: {ok} answers under load, swaps (signal to new /meta) {swap_ms:?} ms, total {:.1} s",
        started.elapsed().as_secs_f64()
    );
    assert_eq!(counts.not_2xx.load(Ordering::Relaxed), 0, "non-2xx answers");
    assert_eq!(counts.errors.load(Ordering::Relaxed), 0, "socket errors");
    assert_eq!(
        counts.bad_png.load(Ordering::Relaxed),
        0,
        "PNG bodies not matching their ETag"
    );
    assert!(ok > 100, "only {ok} answers");
    // Replaced archives are unmapped once their last request is done: one mapping is left.
    let (mapped, maps) = mappings(server.0.id(), &dir);
    assert_eq!(mapped, 1, "archive mappings left: {maps}");
    drop(server);
    std::fs::remove_dir_all(&dir).unwrap();
}
