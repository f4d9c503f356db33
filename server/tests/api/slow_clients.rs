//! Slow clients against the built binary with one-second connection timeouts: a client that
//! asks for megabytes (pipelined) and never reads them, and one that never finishes its
//! request head, are both dropped by the server, while other clients are answered meanwhile.

use std::io::{ErrorKind, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use crate::common::{archive_path, Logging, UNLIMITED};

/// The whole table, asked this many times on one connection: megabytes, more than loopback
/// buffers hold while nobody reads.
const TABLES: usize = 40;

fn connect(port: u16) -> TcpStream {
    let stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    stream
}

/// Reads until the server closes the connection; the bytes read (a reset counts as a close).
fn read_to_close(stream: &mut TcpStream) -> usize {
    let mut total = 0;
    let mut buffer = [0u8; 64 * 1024];
    loop {
        match stream.read(&mut buffer) {
            Ok(0) => return total,
            Ok(n) => total += n,
            Err(e) if e.kind() == ErrorKind::ConnectionReset => return total,
            Err(e) => panic!("the server neither answered nor closed: {e}"),
        }
    }
}

/// One `GET /healthz` on a new connection: its status line.
fn healthz(port: u16) -> String {
    let mut stream = connect(port);
    stream
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    answer.lines().next().unwrap_or_default().to_owned()
}

#[test]
fn stalled_clients_are_dropped_while_others_are_served() {
    let timeouts = [
        ("HIJRI_KEEP_ALIVE", "1"),
        ("HIJRI_REQUEST_TIMEOUT", "1"),
        ("HIJRI_DISCONNECT_TIMEOUT", "1"),
        ("HIJRI_SEND_TIMEOUT", "1"),
    ];
    let vars: Vec<_> = UNLIMITED.iter().copied().chain(timeouts).collect();
    let server = Logging::start(&archive_path(), &vars);
    let port = server.port();

    let mut table = connect(port);
    let one = read_to_close_after(
        &mut table,
        b"GET /api/v1/table HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    );
    let asked = one * TABLES;

    let mut stalled = connect(port);
    let request = "GET /api/v1/table HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".repeat(TABLES);
    stalled.write_all(request.as_bytes()).unwrap();
    let mut partial = connect(port);
    partial
        .write_all(b"GET /api/v1/meta HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        .unwrap();

    // While both hold their connections, other clients are answered at once.
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(4) {
        assert_eq!(healthz(port), "HTTP/1.1 200 OK");
        std::thread::sleep(Duration::from_millis(100));
    }

    // The unfinished head got 408 after the request timeout, and its connection closed.
    let mut answer = String::new();
    partial.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer:?}");

    // The reader that stalled for 4 s (send timeout: 1 s) was dropped: reading now ends
    // well before all it asked for.
    let read = read_to_close(&mut stalled);
    assert!(
        read < asked / 2,
        "read {read} of {asked} bytes: not dropped"
    );
    assert_eq!(healthz(port), "HTTP/1.1 200 OK");
}

/// Sends `request` and reads the answer until the server closes; its length in bytes.
fn read_to_close_after(stream: &mut TcpStream, request: &[u8]) -> usize {
    stream.write_all(request).unwrap();
    read_to_close(stream)
}
