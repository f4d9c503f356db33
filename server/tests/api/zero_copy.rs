//! Big bodies the built binary sends past actix's buffer, stored ones from the archive's file
//! (`sendfile`) and kept ones from memory: the bytes are the answers' own under the same
//! headers, pipelined answers on one connection come whole and in order; a body in flight when another archive is swapped in finishes from the file it
//! started on (held open until then, closed after); a client that stops reading is dropped
//! after the send timeout while one that reads steadily above the minimum rate gets it all.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, ErrorKind, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use crate::common::{archive_path, gunzip, spawn_server, UNLIMITED};
use crate::swap::{archives, install, mappings, versions, Server};

/// A stored body well over the zero-copy threshold: a bare hilal card.
const BIG: &str = "/api/v1/hilal/viz?month=9&year=1446&bare=true";

/// Answers asked at once on one connection: more than loopback's socket buffers hold (4 MiB
/// of send queue at most).
const PIPELINED: usize = 40;

/// The send timeout the server runs with.
const SEND_TIMEOUT: Duration = Duration::from_secs(3);

/// One answer read off the wire: its status, headers (lower-case names) and body.
struct Answer {
    status: u16,
    headers: HashMap<String, String>,
    body: Vec<u8>,
}

/// Reads one whole answer (by its `Content-Length`) from `stream`.
fn read_answer(stream: &mut BufReader<TcpStream>) -> Answer {
    let mut line = String::new();
    stream.read_line(&mut line).unwrap();
    let status = line.split(' ').nth(1).unwrap().parse().unwrap();
    let mut headers = HashMap::new();
    loop {
        line.clear();
        stream.read_line(&mut line).unwrap();
        let Some((name, value)) = line.trim_end().split_once(':') else {
            break;
        };
        headers.insert(name.to_ascii_lowercase(), value.trim().to_owned());
    }
    let mut body = vec![0; headers["content-length"].parse().unwrap()];
    stream.read_exact(&mut body).unwrap();
    Answer {
        status,
        headers,
        body,
    }
}

fn connect(port: u16, receive_buffer: Option<usize>) -> BufReader<TcpStream> {
    let socket = socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None).unwrap();
    if let Some(size) = receive_buffer {
        socket.set_recv_buffer_size(size).unwrap();
    }
    let address: std::net::SocketAddr = ([127, 0, 0, 1], port).into();
    socket.connect(&address.into()).unwrap();
    let stream = TcpStream::from(socket);
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    BufReader::with_capacity(16 * 1024, stream)
}

fn request(path: &str, extra: &str) -> String {
    format!("GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{extra}\r\n")
}

/// Starts the binary on `archive` at a free port; waits until it answers.
fn start(archive: &Path, vars: &[(&str, &str)]) -> (Server, u16) {
    let port = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let vars: Vec<_> = UNLIMITED
        .iter()
        .copied()
        .chain(vars.iter().copied())
        .collect();
    let server = Server(spawn_server(archive, &format!("127.0.0.1:{port}"), &vars));
    let started = Instant::now();
    while versions(port).is_err() {
        assert!(started.elapsed() < Duration::from_secs(20), "no start");
        std::thread::sleep(Duration::from_millis(20));
    }
    (server, port)
}

/// The server's open descriptors that name a file under `dir`.
fn open_files(pid: u32, dir: &Path) -> Vec<String> {
    std::fs::read_dir(format!("/proc/{pid}/fd"))
        .unwrap()
        .filter_map(|entry| std::fs::read_link(entry.ok()?.path()).ok())
        .map(|target| target.to_string_lossy().into_owned())
        .filter(|target| target.starts_with(dir.to_str().unwrap()))
        .collect()
}

#[test]
fn big_bodies_go_out_whole_from_the_file_or_memory_pipelined_and_in_order() {
    let (_server, port) = start(&archive_path(), &[]);
    let paths = [
        (BIG, ""),
        ("/api/v1/year?year=1446", "Accept-Encoding: identity\r\n"),
        ("/api/v1/year?year=1446", "Accept-Encoding: gzip\r\n"),
        ("/api/v1/convert?date=2025-03-01", ""),
        ("/api/v1/hilal/viz?month=9&year=1446", ""),
        // Kept in memory, over 16 KiB: sent from its shared bytes, twice (built, then kept).
        ("/api/v1/table.csv", ""),
        ("/api/v1/table.csv", ""),
    ];
    let mut stream = connect(port, None);
    let pipelined: String = paths.iter().map(|(p, e)| request(p, e)).collect();
    stream.get_mut().write_all(pipelined.as_bytes()).unwrap();
    let answers: Vec<Answer> = paths.iter().map(|_| read_answer(&mut stream)).collect();
    for ((path, extra), answer) in paths.iter().zip(&answers) {
        assert_eq!(answer.status, 200, "{path}");
        assert!(!answer.headers.contains_key("transfer-encoding"), "{path}");
        let tag = &answer.headers["etag"];
        let identity = match answer.headers.get("content-encoding").map(String::as_str) {
            Some("gzip") => {
                assert!(tag.ends_with("-gz\""), "{tag}");
                gunzip(&answer.body)
            }
            None => {
                assert_eq!(
                    tag,
                    &hijri::fingerprint::etag(&answer.body),
                    "{path} {extra}"
                );
                answer.body.clone()
            }
            Some(other) => panic!("{other}"),
        };
        assert!(!identity.is_empty());
    }
    // The same year in two codings is the same answer.
    assert_eq!(answers[1].body, gunzip(&answers[2].body));
    assert!(answers[0].body.len() as u64 > 100_000, "not a big body");
    assert_eq!(answers[0].headers["content-type"], "image/png");
    assert_eq!(answers[1].headers["vary"], "accept-encoding");
    assert!(answers[5].body.len() > 60_000, "not a big kept body");
    assert_eq!(answers[5].body, answers[6].body);
    // The connection stays open for more.
    stream
        .get_mut()
        .write_all(request("/api/v1/meta", "").as_bytes())
        .unwrap();
    assert_eq!(read_answer(&mut stream).status, 200);
}

#[test]
fn a_body_in_flight_finishes_from_its_archive_and_a_stalled_reader_is_dropped() {
    let (paths, _) = archives("zero-copy", "zerocopyvariant", "zero-copy-test");
    let timeout = SEND_TIMEOUT.as_secs().to_string();
    let (server, port) = start(
        &paths.live,
        &[
            ("HIJRI_MIN_SEND_RATE", "4096/1"),
            ("HIJRI_SEND_TIMEOUT", &timeout),
        ],
    );
    let pid = server.0.id();

    // A reader with a small window asks for more than the socket buffers hold, reads a
    // little and pauses: a body is in flight when the other archive replaces this one,
    // and the old file is open only for it.
    let mut slow = connect(port, Some(4096));
    let asked = request(BIG, "").repeat(PIPELINED);
    slow.get_mut().write_all(asked.as_bytes()).unwrap();
    let first = read_answer(&mut slow);
    install(&paths.variant, &paths.live);
    std::fs::remove_file(&paths.real).unwrap();
    assert!(Command::new("kill")
        .args(["-HUP", &pid.to_string()])
        .status()
        .unwrap()
        .success());
    let signalled = Instant::now();
    while versions(port).unwrap().1 != "zero-copy-test" {
        assert!(signalled.elapsed() < Duration::from_secs(3), "no swap");
        std::thread::sleep(Duration::from_millis(5));
    }
    let during = open_files(pid, &paths.dir);
    assert_eq!(
        during.len(),
        2,
        "the new archive and the old one in flight: {during:?}"
    );

    // Read on steadily, over the minimum rate: every answer whole, the one in flight from
    // the old file.
    let mut answers = vec![first];
    while answers.len() < PIPELINED {
        answers.push(read_answer(&mut slow));
        std::thread::sleep(Duration::from_millis(10));
    }
    for answer in &answers {
        assert_eq!(answer.status, 200);
        assert_eq!(
            answer.headers["etag"],
            hijri::fingerprint::etag(&answer.body)
        );
    }

    // A reader that never reads is reset after the send timeout, long before the end.
    let mut stalled = connect(port, Some(4096));
    stalled.get_mut().write_all(asked.as_bytes()).unwrap();
    std::thread::sleep(SEND_TIMEOUT + Duration::from_secs(1));
    let mut got = 0;
    let mut piece = [0u8; 64 * 1024];
    loop {
        match stalled.read(&mut piece) {
            Ok(0) => break,
            Ok(n) => got += n,
            Err(e) if e.kind() == ErrorKind::ConnectionReset => break,
            Err(e) => panic!("the stalled reader was not dropped: {e}"),
        }
    }
    let length = answers[0].body.len() * PIPELINED;
    assert!(got < length / 2, "the stalled reader got {got} of {length}");

    // Both sent, the old file is closed and unmapped.
    let started = Instant::now();
    while open_files(pid, &paths.dir).len() > 1 {
        assert!(
            started.elapsed() < Duration::from_secs(2),
            "{:?}",
            open_files(pid, &paths.dir)
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let (mapped, maps) = mappings(pid, &paths.dir);
    assert_eq!(mapped, 1, "{maps}");
    drop(server);
    std::fs::remove_dir_all(&paths.dir).unwrap();
}
