//! Hostile clients against the built binary on loopback (issue 23): one address holding
//! hundreds of keep-alive connections, clients that never read or read a trickle, a burst of
//! 2,000 connections, a forged `X-Forwarded-For` line, SIGHUP from 1 ms after exec, a FIFO
//! renamed over the archive, requests actix cannot read, a 429 flood in the logs, and a
//! replaced archive's mapping. Each test starts its own server, runs bounded loops for a few
//! seconds and stops; they run one at a time (a lock), so each has the machine's loopback to
//! itself. The second, well-behaved client connects from another loopback address
//! (127.0.0.2), as a second machine would.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    reason = "test helpers may panic: a panic fails the test"
)]

use std::io::{ErrorKind, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::Receiver;
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

use serde_json::Value;

#[path = "support/launch.rs"]
mod launch;
use launch::{json_lines, with_piped_logs};

/// One attack at a time.
fn serial() -> MutexGuard<'static, ()> {
    static LOCK: Mutex<()> = Mutex::new(());
    LOCK.lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The archive written by `make generate`.
fn archive() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../data/hijri.archive")
}

/// A fresh directory of this test under the target's temporary directory.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("attacks-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A fresh scratch directory `name` (see [`scratch`]) holding a small archive
/// (`small_archive("2025-01-01", version)`) as `hijri.archive`: the directory and the file.
fn scratch_with_small_archive(name: &str, version: &str) -> (PathBuf, PathBuf) {
    let dir = scratch(name);
    let small = dir.join("hijri.archive");
    std::fs::write(&small, small_archive("2025-01-01", version)).unwrap();
    (dir, small)
}

/// `to` becomes a copy of the real archive (a hard link where the file system allows).
fn place_archive(to: &Path) {
    if std::fs::hard_link(archive(), to).is_err() {
        std::fs::copy(archive(), to).unwrap();
    }
}

/// The built server, its stderr lines (JSON) on a channel; killed when dropped.
struct Server {
    child: Child,
    lines: Receiver<Value>,
    port: u16,
    /// When `spawn` returned: the process had been through `exec`.
    spawned: Instant,
}

/// The server under attack: the shipped, static build when `HIJRI_SERVE_BINARY` names it
/// (`make test` does, by an absolute path: tests run in their package's folder), else the
/// workspace's own.
fn shipped() -> PathBuf {
    std::env::var_os("HIJRI_SERVE_BINARY")
        .map_or_else(|| env!("CARGO_BIN_EXE_hijri-serve").into(), PathBuf::from)
}

/// Whether the kernel starts the executable with nothing before its own code: an ELF of type
/// `ET_EXEC` (position-dependent: nothing to relocate) without a `PT_INTERP` header (no
/// dynamic loader).
fn starts_without_a_loader(binary: &Path) -> bool {
    let elf = std::fs::read(binary).unwrap();
    let u16_at = |at: usize| usize::from(u16::from_le_bytes([elf[at], elf[at + 1]]));
    let program_headers = u64::from_le_bytes(elf[0x20..0x28].try_into().unwrap());
    let program_headers = usize::try_from(program_headers).unwrap();
    let (size, count) = (u16_at(0x36), u16_at(0x38));
    let interpreter = (0..count).any(|i| {
        let at = program_headers + i * size;
        u32::from_le_bytes(elf[at..at + 4].try_into().unwrap()) == 3
    });
    u16_at(0x10) == 2 && !interpreter
}

impl Server {
    fn start(archive: &Path, vars: &[(&str, &str)]) -> Server {
        let mut server = Server::spawn(archive, vars);
        let start = server.next(|line| line["target"] == "hijri_server::start");
        let bind = start["bind"].as_str().unwrap();
        server.port = bind.rsplit(':').next().unwrap().parse().unwrap();
        server
    }

    fn spawn(archive: &Path, vars: &[(&str, &str)]) -> Server {
        Server::spawn_from(Command::new(shipped()), archive, vars)
    }

    /// As a launcher that starts it with SIGHUP ignored (`nohup`, or a supervisor's own
    /// `signal(SIGHUP, SIG_IGN)` in its child): set between `fork` and `exec`, so no instant
    /// of the child has SIGHUP's default action.
    #[allow(unsafe_code)]
    fn spawn_ignoring_hangups(archive: &Path) -> Server {
        use std::os::unix::process::CommandExt;
        let mut command = Command::new(shipped());
        // SAFETY: the closure runs in the forked child before `exec` and calls only
        // `signal(2)`, which is async-signal-safe; it touches no memory of the parent.
        unsafe {
            command.pre_exec(|| {
                if libc::signal(libc::SIGHUP, libc::SIG_IGN) == libc::SIG_ERR {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
        Server::spawn_from(command, archive, &[])
    }

    fn spawn_from(mut command: Command, archive: &Path, vars: &[(&str, &str)]) -> Server {
        let mut child = with_piped_logs(&mut command, archive, "127.0.0.1:0", vars)
            .spawn()
            .unwrap();
        let spawned = Instant::now();
        let lines = json_lines(child.stderr.take().unwrap());
        Server {
            child,
            lines,
            port: 0,
            spawned,
        }
    }

    /// The next log line that `wanted` accepts (within 10 s).
    fn next(&self, wanted: impl Fn(&Value) -> bool) -> Value {
        self.next_within(wanted, Duration::from_secs(10))
            .expect("a log line within 10 s")
    }

    /// The next log line that `wanted` accepts within `wait`, or `None` (also once the
    /// process has closed its stderr: it ended).
    fn next_within(&self, wanted: impl Fn(&Value) -> bool, wait: Duration) -> Option<Value> {
        let deadline = Instant::now() + wait;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self.lines.recv_timeout(left).ok()?;
            if wanted(&line) {
                return Some(line);
            }
        }
    }

    /// Every log line written within `wait` from now.
    fn lines_for(&self, wait: Duration) -> Vec<Value> {
        let deadline = Instant::now() + wait;
        let mut lines = Vec::new();
        while let Ok(line) = self
            .lines
            .recv_timeout(deadline.saturating_duration_since(Instant::now()))
        {
            lines.push(line);
        }
        lines
    }

    fn address(&self) -> SocketAddr {
        SocketAddr::from(([127, 0, 0, 1], self.port))
    }

    fn hangup(&self) {
        signal(&self.child, rustix::process::Signal::HUP);
    }

    /// Waits (at most 5 s) until the kernel shows SIGHUP caught by the process.
    fn wait_until_sighup_is_caught(&self) {
        let deadline = Instant::now() + Duration::from_secs(5);
        while self.hangup_state() != Hangup::Caught {
            assert!(Instant::now() < deadline, "SIGHUP never caught");
            std::thread::sleep(Duration::from_micros(200));
        }
    }

    /// What the kernel shows of SIGHUP in the process (its main thread): caught (a handler),
    /// else blocked (the ELF constructor ran, `main` has not released it yet), else neither
    /// (the loader still runs, or the process is gone).
    fn hangup_state(&self) -> Hangup {
        let text = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .unwrap_or_default();
        // Signal n is bit n - 1; SIGHUP is 1.
        let has_sighup = |field: &str| {
            text.lines()
                .find_map(|l| l.strip_prefix(field))
                .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
                .is_some_and(|mask| mask & 1 == 1)
        };
        if has_sighup("SigCgt:") {
            Hangup::Caught
        } else if has_sighup("SigBlk:") {
            Hangup::Blocked
        } else {
            Hangup::Default
        }
    }

    /// Whether the next swap line, within `wait`, says the archive was replaced (false once
    /// the process ended or `wait` passed without one).
    fn replaced_within(&self, wait: Duration) -> bool {
        self.next_within(|line| line["target"] == "hijri_server::swap", wait)
            .is_some_and(|line| {
                line["message"]
                    .as_str()
                    .is_some_and(|m| m.starts_with("archive replaced"))
            })
    }

    /// Sends SIGHUP once `after` has passed since the spawn (at once if it has already);
    /// returns what the kernel showed of SIGHUP in the process just before.
    fn hangup_after(&self, after: Duration) -> Hangup {
        std::thread::sleep(after.saturating_sub(self.spawned.elapsed()));
        let state = self.hangup_state();
        self.hangup();
        state
    }

    fn alive(&mut self) -> bool {
        self.child.try_wait().unwrap().is_none()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// SIGHUP in a process as `/proc/PID/status` shows it ([`Server::hangup_state`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Hangup {
    /// Neither blocked nor caught: its default action (the end) would apply.
    Default,
    /// Blocked: one sent now stays pending.
    Blocked,
    /// A handler is in place.
    Caught,
}

/// Waits for the server's next swap line and checks that it replaced the archive.
fn assert_replaced(server: &Server) {
    let swap = server.next(|line| line["target"] == "hijri_server::swap");
    let message = swap["message"].as_str().unwrap();
    assert!(message.starts_with("archive replaced"), "{swap}");
}

fn signal(child: &Child, signal: rustix::process::Signal) {
    let pid = rustix::process::Pid::from_raw(child.id() as i32).unwrap();
    rustix::process::kill_process(pid, signal).unwrap();
}

/// A connection to `server` from the loopback address `from`.
fn connect_from(from: [u8; 4], server: SocketAddr) -> std::io::Result<TcpStream> {
    connect_with(from, server, None)
}

/// A connection from `from`, with a receive buffer of `buffer` bytes if given.
fn connect_with(
    from: [u8; 4],
    server: SocketAddr,
    buffer: Option<usize>,
) -> std::io::Result<TcpStream> {
    use socket2::{Domain, Socket, Type};
    let socket = Socket::new(Domain::IPV4, Type::STREAM, None)?;
    if let Some(size) = buffer {
        socket.set_recv_buffer_size(size)?;
    }
    socket.bind(&SocketAddr::from((from, 0)).into())?;
    socket.connect_timeout(&server.into(), Duration::from_secs(2))?;
    let stream = TcpStream::from(socket);
    stream.set_read_timeout(Some(Duration::from_secs(5)))?;
    Ok(stream)
}

/// One whole answer (head and `content-length` body) from a keep-alive connection; `None`
/// if the connection closed or timed out first.
fn read_answer(stream: &mut TcpStream) -> Option<String> {
    let mut bytes = Vec::new();
    let mut buffer = [0u8; 16 * 1024];
    loop {
        if let Some(end) = bytes.windows(4).position(|w| w == b"\r\n\r\n") {
            let head = String::from_utf8_lossy(&bytes[..end]).to_ascii_lowercase();
            let length: usize = head
                .lines()
                .find_map(|l| l.strip_prefix("content-length: "))
                .map_or(0, |n| n.trim().parse().unwrap());
            if bytes.len() >= end + 4 + length {
                return Some(String::from_utf8_lossy(&bytes[..end + 4 + length]).into_owned());
            }
        }
        match stream.read(&mut buffer) {
            Ok(0) | Err(_) => return None,
            Ok(n) => bytes.extend_from_slice(&buffer[..n]),
        }
    }
}

/// `GET path` from the loopback address `from` on a new connection: the answer and how long
/// it took from connecting to its last byte.
fn probe(from: [u8; 4], server: SocketAddr, path: &str) -> (Option<String>, Duration) {
    let started = Instant::now();
    let answer = connect_from(from, server).ok().and_then(|mut stream| {
        let request = format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        stream.write_all(request.as_bytes()).ok()?;
        read_answer(&mut stream)
    });
    (answer, started.elapsed())
}

/// Probes from 127.0.0.2 every 100 ms for `span`: every probe is answered 200, and at least
/// 90 % of them (a loaded machine may deschedule the server now and then) within 100 ms.
fn second_client_is_served(server: SocketAddr, span: Duration) {
    let started = Instant::now();
    let mut times = Vec::new();
    while started.elapsed() < span {
        let (answer, took) = probe([127, 0, 0, 2], server, "/api/v1/convert?date=2025-03-01");
        let answer = answer.unwrap_or_else(|| panic!("no answer after {took:?}"));
        assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
        times.push(took);
        std::thread::sleep(Duration::from_millis(100));
    }
    times.sort();
    let fast = times
        .iter()
        .filter(|t| **t <= Duration::from_millis(100))
        .count();
    eprintln!(
        "second client: {} probes, median {:?}, slowest {:?}",
        times.len(),
        times[times.len() / 2],
        times.last().unwrap()
    );
    assert!(
        fast * 10 >= times.len() * 9,
        "only {fast} of {} probes within 100 ms: {times:?}",
        times.len()
    );
    assert!(*times.last().unwrap() < Duration::from_secs(1), "{times:?}");
}

/// For an attack with thousands of sockets: the attacks' lock, this process's open-file
/// limit raised, and the server started on the real archive with default settings.
fn flooding_the_real_archive() -> (MutexGuard<'static, ()>, Server) {
    let one = serial();
    more_files();
    (one, Server::start(&archive(), &[]))
}

/// Raises this process's open-file limit (the attacks hold thousands of sockets).
fn more_files() {
    let _ = hijri_server::open_files::raise();
}

/// The streams the server has not closed, once at least `closed` of them are closed (or
/// `wait` has passed) and a further 200 ms have shown no more closing.
fn still_open(streams: Vec<TcpStream>, closed: usize, wait: Duration) -> Vec<TcpStream> {
    let is_open = |stream: &TcpStream| {
        stream.set_nonblocking(true).unwrap();
        let open =
            matches!(stream.peek(&mut [0u8; 1]), Err(e) if e.kind() == ErrorKind::WouldBlock);
        stream.set_nonblocking(false).unwrap();
        open
    };
    let deadline = Instant::now() + wait;
    while streams.iter().filter(|s| !is_open(s)).count() < closed && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(200));
    streams.into_iter().filter(is_open).collect()
}

#[test]
fn one_address_with_600_keep_alive_connections_leaves_room_for_another() {
    let (_one, server) = flooding_the_real_archive();
    let address = server.address();
    // 600 connections from 127.0.0.1 before any request: the server keeps 64 (the default
    // per client) and closes the other 536 as it accepts them.
    let streams: Vec<TcpStream> = (0..600)
        .map(|_| connect_from([127, 0, 0, 1], address).unwrap())
        .collect();
    let kept = still_open(streams, 600 - 64, Duration::from_secs(5));
    assert_eq!(
        kept.len(),
        64,
        "connections kept open of 600 from one address"
    );
    // The 64 kept ask as fast as answers come, 16 to a thread, for 5 s (nearly all 429 once
    // the budget of 240 is spent).
    let stop = Instant::now() + Duration::from_secs(5);
    let mut kept = kept.into_iter();
    let attackers: Vec<_> = (0..4)
        .map(|_| {
            let mut streams: Vec<Option<TcpStream>> = kept.by_ref().take(16).map(Some).collect();
            std::thread::spawn(move || {
                for stream in streams.iter_mut().flatten() {
                    stream
                        .set_read_timeout(Some(Duration::from_millis(200)))
                        .unwrap();
                }
                let (mut unanswered, mut closes, mut limited) = (0, 0, 0);
                while Instant::now() < stop {
                    for slot in &mut streams {
                        let Some(stream) = slot else { continue };
                        let asked = stream.write_all(
                            b"GET /api/v1/convert?date=2025-03-01 HTTP/1.1\r\nHost: x\r\n\r\n",
                        );
                        match asked.ok().and_then(|()| read_answer(stream)) {
                            Some(answer) => {
                                limited += usize::from(answer.starts_with("HTTP/1.1 429"));
                                if answer.contains("connection: close") {
                                    closes += 1;
                                    *slot = None;
                                }
                            }
                            None => {
                                unanswered += 1;
                                *slot = None;
                            }
                        }
                    }
                }
                (unanswered, closes, limited)
            })
        })
        .collect();
    std::thread::sleep(Duration::from_millis(300));
    second_client_is_served(address, Duration::from_secs(4));
    let (mut unanswered, mut closes, mut limited) = (0, 0, 0);
    for attacker in attackers {
        let (u, c, l) = attacker.join().unwrap();
        (unanswered, closes, limited) = (unanswered + u, closes + c, limited + l);
    }
    eprintln!("attacker: 536 closed at accept; of the 64 kept, {closes} closed by a 429, {unanswered} unanswered; {limited} answers 429");
    assert!(limited > 0 && closes > 0, "{limited} {closes}");
}

#[test]
fn never_reading_and_slow_reading_clients_leave_room_for_another() {
    let (_one, server) = flooding_the_real_archive();
    let address = server.address();
    // 1,000 clients that ask for the whole table three times and never read.
    let mut silent = Vec::new();
    for _ in 0..1000 {
        if let Ok(mut stream) = connect_from([127, 0, 0, 1], address) {
            let _ = stream.write_all(&b"GET /api/v1/table HTTP/1.1\r\nHost: x\r\n\r\n".repeat(3));
            silent.push(stream);
        }
    }
    // 500 that read 1 KB every half second.
    let stop = Instant::now() + Duration::from_secs(5);
    let slow = std::thread::spawn(move || {
        let mut streams: Vec<TcpStream> = (0..500)
            .filter_map(|_| connect_from([127, 0, 0, 1], address).ok())
            .filter_map(|mut stream| {
                stream
                    .write_all(b"GET /api/v1/table HTTP/1.1\r\nHost: x\r\n\r\n")
                    .ok()?;
                stream.set_nonblocking(true).ok()?;
                Some(stream)
            })
            .collect();
        while Instant::now() < stop {
            let mut buffer = [0u8; 1024];
            streams.retain_mut(|stream| match stream.read(&mut buffer) {
                Ok(0) => false,
                Ok(_) => true,
                Err(e) => e.kind() == ErrorKind::WouldBlock,
            });
            std::thread::sleep(Duration::from_millis(500));
        }
        streams.len()
    });
    second_client_is_served(address, Duration::from_secs(4));
    let still_slow = slow.join().unwrap();
    eprintln!(
        "{} silent connections made, {still_slow} slow readers still connected",
        silent.len()
    );
    assert!(still_slow <= 64, "{still_slow} slow readers held");
    drop(silent);
}

#[test]
fn a_trickle_reader_is_dropped_at_the_minimum_send_rate() {
    let _one = serial();
    let server = Server::start(
        &archive(),
        &[
            ("HIJRI_MIN_SEND_RATE", "65536/1"),
            ("HIJRI_LIMIT_DEFAULT", "1000/1"),
        ],
    );
    let address = server.address();
    let tables = b"GET /api/v1/table HTTP/1.1\r\nHost: x\r\n\r\n".repeat(40);
    // A small receive buffer, so that what the kernel holds for the client is read soon.
    let mut trickle = connect_with([127, 0, 0, 1], address, Some(16 * 1024)).unwrap();
    trickle.write_all(&tables).unwrap();
    // A reader at full speed meanwhile takes all 40 tables.
    let (one, _) = probe([127, 0, 0, 3], address, "/api/v1/table");
    let whole = 40 * one.unwrap().len();
    let mut reader = connect_from([127, 0, 0, 3], address).unwrap();
    reader.write_all(&tables).unwrap();
    let full = std::thread::spawn(move || {
        let (mut read, mut buffer) = (0, vec![0u8; 64 * 1024]);
        while read < whole {
            match reader.read(&mut buffer) {
                Ok(0) | Err(_) => break,
                Ok(n) => read += n,
            }
        }
        read
    });
    // The trickle takes 1 KB every 100 ms (10 KB/s, under the 64 KB/s asked): reset.
    let started = Instant::now();
    let mut taken = 0;
    let mut buffer = [0u8; 1024];
    let dropped = loop {
        match trickle.read(&mut buffer) {
            Ok(0) => break started.elapsed(),
            Ok(n) => taken += n,
            Err(e) if e.kind() == ErrorKind::ConnectionReset => break started.elapsed(),
            Err(e) => panic!("neither data nor a close: {e}"),
        }
        assert!(started.elapsed() < Duration::from_secs(15), "not dropped");
        std::thread::sleep(Duration::from_millis(100));
    };
    // "Connection: close" in the probe's answer, absent from the pipelined ones: about equal.
    let full = full.join().unwrap();
    assert!(
        full + 40 * 32 >= whole,
        "the full-speed reader got {full} of {whole}"
    );
    eprintln!("trickle reader dropped after {dropped:?}, {taken} of {whole} bytes taken");
    assert!(taken < whole / 10, "{taken} of {whole}");
}

#[test]
fn two_thousand_connections_are_all_answered() {
    let (_one, server) = flooding_the_real_archive();
    let address = server.address();
    // 40 clients (127.0.1.1 … 127.0.1.40) × 50 connections: each within its share.
    let mut streams = Vec::new();
    for client in 1..=40u8 {
        for _ in 0..50 {
            let mut stream = connect_from([127, 0, 1, client], address).unwrap();
            stream
                .write_all(b"GET /api/v1/convert?date=2025-03-01 HTTP/1.1\r\nHost: x\r\n\r\n")
                .unwrap();
            streams.push(stream);
        }
    }
    let answered = streams
        .iter_mut()
        .map(read_answer)
        .filter(|answer| {
            answer
                .as_ref()
                .is_some_and(|a| a.starts_with("HTTP/1.1 200"))
        })
        .count();
    assert_eq!(answered, 2000);
}

#[test]
fn every_x_forwarded_for_line_is_read() {
    let _one = serial();
    let server = Server::start(
        &archive(),
        &[
            ("HIJRI_TRUSTED_PROXIES", "127.0.0.1"),
            ("HIJRI_LIMIT_DEFAULT", "1/3600"),
        ],
    );
    // A proxy that appends its own line (HAProxy): the client's line comes first and says
    // whatever the client likes; the proxy's last line names the client.
    let ask = |forged: &str, id: &str| {
        let mut stream = connect_from([127, 0, 0, 1], server.address()).unwrap();
        let request = format!(
            "GET /api/v1/convert?date=2025-03-01 HTTP/1.1\r\nHost: x\r\nX-Request-Id: {id}\r\n\
             X-Forwarded-For: {forged}\r\nX-Forwarded-For: 203.0.113.9\r\nConnection: close\r\n\r\n"
        );
        stream.write_all(request.as_bytes()).unwrap();
        read_answer(&mut stream).unwrap()
    };
    assert!(ask("6.6.6.6", "xff-1").starts_with("HTTP/1.1 200"));
    // Another forged first line: the same client, whose one request is spent.
    assert!(ask("7.7.7.7", "xff-2").starts_with("HTTP/1.1 429"));
    // Each worker writes its own lines: they may come in either order.
    for _ in 0..2 {
        let line = server.next(|line| line["id"] == "xff-1" || line["id"] == "xff-2");
        assert_eq!(line["client"], "203.0.113.9", "{line}");
    }
}

#[test]
fn sighup_in_the_first_100_ms_is_never_fatal() {
    let _one = serial();
    for delay in (0..=100).step_by(10) {
        let mut server = Server::spawn(&archive(), &[]);
        // From `main`'s first line, which holds SIGHUP, whenever the machine lets the new
        // process get there (the signal before `main`, from the loader on, is
        // `sighup_from_1_ms_after_exec_is_never_fatal`'s).
        server.wait_until_sighup_is_caught();
        std::thread::sleep(Duration::from_millis(delay));
        server.hangup();
        // It starts, and takes the signal as a swap (held until it listens, or at once).
        server.next(|line| line["target"] == "hijri_server::start");
        assert_replaced(&server);
        assert!(server.alive(), "SIGHUP {delay} ms after exec ended it");
    }
}

/// SIGHUP 1, 2, 3, 5 and 8 ms after `exec` (from the moment `spawn` returns, which is once
/// the exec succeeded), ten processes each, on a small archive so each starts in
/// milliseconds, one process at a time. The signal is blocked from the executable's ELF
/// constructor on (`hangup_mask` in `main.rs`) and handed to the swap listener once `main`
/// has its handler: no process signalled after its constructor ran may die of it, and every
/// process alive must swap (an early hangup is never lost). A process signalled before its
/// constructor ran (its SIGHUP still at the default action, read from `/proc` just before the
/// signal) can die: the shipped build (`make test` names it), which the kernel starts with no
/// loader and nothing to relocate, gets there within a millisecond on a quiet machine but not
/// always on a loaded one (2 of 10 at 1 ms, CI of 2026-12-04), and a dynamic PIE build (plain
/// `cargo test`) spends 2–3 ms in the loader first. Those deaths are the window
/// `docs/deploy.md` states, closed only by a launcher that leaves SIGHUP ignored (the next
/// test): counted and printed, not failed.
#[test]
fn sighup_from_1_ms_after_exec_is_never_fatal() {
    use std::os::unix::process::ExitStatusExt;
    let static_build = starts_without_a_loader(&shipped());
    let _one = serial();
    let (dir, small) = scratch_with_small_archive("early-sighup", "early");
    let mut failures = Vec::new();
    for delay in [1, 2, 3, 5, 8] {
        let wanted = Duration::from_millis(delay);
        let (mut alive, mut swapped, mut sent) = (0, 0, Vec::new());
        let mut states = [0; 3];
        for _ in 0..10 {
            let mut server = Server::spawn(&small, &[]);
            let state = server.hangup_after(wanted);
            sent.push(server.spawned.elapsed());
            states[state as usize] += 1;
            // The swap line, or none once the process closed its stderr (it ended).
            let replaced = server.replaced_within(Duration::from_secs(10));
            // A process that ended may not be reaped yet: give it a moment to be.
            let deadline = Instant::now() + Duration::from_secs(2);
            let ended = loop {
                match server.child.try_wait().unwrap() {
                    Some(status) => break Some(status),
                    None if replaced || Instant::now() > deadline => break None,
                    None => std::thread::sleep(Duration::from_millis(1)),
                }
            };
            match ended {
                Some(status) if state != Hangup::Default => failures.push(format!(
                    "{delay} ms, SIGHUP {state:?}: ended by signal {:?}",
                    status.signal()
                )),
                Some(_) => {}
                None if replaced => {
                    alive += 1;
                    swapped += 1;
                }
                None => {
                    alive += 1;
                    failures.push(format!("{delay} ms, SIGHUP {state:?}: alive, no swap"));
                }
            }
        }
        sent.sort();
        eprintln!(
            "SIGHUP {delay} ms after exec ({}): {alive}/10 alive, {swapped}/10 swapped; sent \
             before the constructor ran {}, blocked {}, caught {} (at {:?} after spawn at \
             the median, {:?} at most)",
            if static_build { "static" } else { "dynamic" },
            states[Hangup::Default as usize],
            states[Hangup::Blocked as usize],
            states[Hangup::Caught as usize],
            sent[sent.len() / 2],
            sent[sent.len() - 1]
        );
    }
    assert!(failures.is_empty(), "{failures:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The launcher's way out of the window the test above leaves: started with SIGHUP ignored,
/// no process dies of one, however early it comes. One that comes before the ELF
/// constructor blocks it is dropped (ignored); it asked for nothing, since the server has
/// not yet opened `HIJRI_ARCHIVE` and will map the file found there then. One that comes
/// after stays pending (Linux keeps a blocked signal even while it is ignored) and is a swap.
#[test]
fn started_with_sighup_ignored_no_early_sighup_is_fatal() {
    let _one = serial();
    let (dir, small) = scratch_with_small_archive("ignored-sighup", "ignored");
    let mut failures = Vec::new();
    for delay in [0, 1, 2, 3, 5, 8] {
        let wanted = Duration::from_millis(delay);
        let (mut alive, mut swapped) = (0, 0);
        for _ in 0..10 {
            let mut server = Server::spawn_ignoring_hangups(&small);
            // Ignored reads as `Default`: the constructor has not blocked it yet.
            let state = server.hangup_after(wanted);
            let start = server.next_within(
                |line| line["target"] == "hijri_server::start",
                Duration::from_secs(10),
            );
            // Blocked or caught, the signal must be a swap; ignored, it may be dropped.
            let wait = if state == Hangup::Default {
                Duration::from_millis(500)
            } else {
                Duration::from_secs(10)
            };
            let replaced = server.replaced_within(wait);
            if start.is_none() || !server.alive() {
                failures.push(format!("{delay} ms: ended ({:?})", server.child.try_wait()));
            } else if state != Hangup::Default && !replaced {
                failures.push(format!("{delay} ms, SIGHUP {state:?}: alive, no swap"));
            } else {
                alive += 1;
                swapped += usize::from(replaced);
            }
        }
        eprintln!(
            "SIGHUP ignored by the launcher, sent {delay} ms after exec: {alive}/10 alive, \
             {swapped}/10 swapped (the rest came before the constructor and were dropped)"
        );
    }
    assert!(failures.is_empty(), "{failures:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_fifo_over_the_archive_is_refused_at_once() {
    let _one = serial();
    let dir = scratch("fifo");
    let path = dir.join("hijri.archive");
    place_archive(&path);
    let mut server = Server::start(&path, &[]);
    let fifo = dir.join("new.archive");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    std::fs::rename(&fifo, &path).unwrap();
    let asked = Instant::now();
    server.hangup();
    let refused = server.next(|line| line["target"] == "hijri_server::swap");
    let message = refused["message"].as_str().unwrap();
    assert!(
        message.contains("it is a FIFO, not a regular file"),
        "{message}"
    );
    assert!(asked.elapsed() < Duration::from_secs(2));
    let (answer, _) = probe([127, 0, 0, 1], server.address(), "/healthz");
    assert!(answer.unwrap().starts_with("HTTP/1.1 200"));
    // The next swap is not blocked behind it.
    let good = dir.join("good.archive");
    place_archive(&good);
    std::fs::rename(&good, &path).unwrap();
    server.hangup();
    assert_replaced(&server);
    assert!(server.alive());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn requests_actix_cannot_read_get_the_envelope_are_counted_and_logged() {
    let _one = serial();
    let metrics_port = {
        let probe = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        probe.local_addr().unwrap().port()
    };
    let metrics_bind = format!("127.0.0.1:{metrics_port}");
    let server = Server::start(
        &archive(),
        &[
            ("HIJRI_REQUEST_TIMEOUT", "1"),
            ("HIJRI_METRICS_BIND", &metrics_bind),
        ],
    );
    let send = |from: [u8; 4], bytes: &[u8]| {
        let mut stream = connect_from(from, server.address()).unwrap();
        stream.write_all(bytes).unwrap();
        let mut answer = Vec::new();
        let _ = stream.read_to_end(&mut answer);
        String::from_utf8_lossy(&answer).into_owned()
    };
    let big_head = [
        &b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: "[..],
        &vec![b'a'; 140_000],
        b"\r\n\r\n",
    ]
    .concat();
    let cases: [(&[u8], [u8; 4], u16, &str); 4] = [
        (b"GARBAGE\r\n\r\n", [127, 0, 0, 1], 400, "bad_request"),
        (
            &big_head,
            [127, 0, 0, 2],
            431,
            "request_header_fields_too_large",
        ),
        (
            b"GET /healthz HTTP/1.1\r\n",
            [127, 0, 0, 3],
            408,
            "request_timeout",
        ),
        // After a good answer on the same connection (pipelined).
        (
            b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\nGET / HTTP/1.1\r\nContent-Length: x\r\n\r\n",
            [127, 0, 0, 4],
            400,
            "bad_request",
        ),
    ];
    for (request, from, status, code) in cases {
        let answer = send(from, request);
        let last = answer.rfind("HTTP/1.1 ").unwrap();
        let (head, body) = answer[last..].split_once("\r\n\r\n").unwrap();
        assert!(head.starts_with(&format!("HTTP/1.1 {status} ")), "{answer}");
        assert!(head.contains("content-type: application/json"), "{head}");
        let json: Value = serde_json::from_str(body).unwrap();
        assert_eq!(json["error"]["code"], code, "{body}");
        let id = head
            .lines()
            .find_map(|l| l.strip_prefix("x-request-id: "))
            .unwrap();
        let line = server.next(|line| line["id"] == id);
        assert_eq!(line["status"], status);
        assert_eq!(line["code"], code);
    }
    let (scraped, _) = probe(
        [127, 0, 0, 1],
        SocketAddr::from(([127, 0, 0, 1], metrics_port)),
        "/metrics",
    );
    let scraped = scraped.unwrap();
    for line in [
        r#"hijri_http_protocol_errors_total{status="400"} 2"#,
        r#"hijri_http_protocol_errors_total{status="408"} 1"#,
        r#"hijri_http_protocol_errors_total{status="431"} 1"#,
    ] {
        assert!(scraped.lines().any(|l| l == line), "{line}:\n{scraped}");
    }
}

#[test]
fn a_429_flood_writes_one_line_and_random_ids() {
    let _one = serial();
    let server = Server::start(&archive(), &[("HIJRI_LIMIT_DEFAULT", "1/3600")]);
    let mut ids = Vec::new();
    for _ in 0..5 {
        let mut stream = connect_from([127, 0, 0, 1], server.address()).unwrap();
        for _ in 0..60 {
            stream
                .write_all(b"GET /api/v1/convert?date=2025-03-01 HTTP/1.1\r\nHost: x\r\n\r\n")
                .unwrap();
            let answer = read_answer(&mut stream).unwrap();
            let id = answer
                .lines()
                .find_map(|l| l.strip_prefix("x-request-id: "))
                .unwrap()
                .to_owned();
            ids.push(id);
        }
    }
    let lines = server.lines_for(Duration::from_secs(1));
    let refused: Vec<&Value> = lines.iter().filter(|line| line["status"] == 429).collect();
    // One line per client (and period) on each worker that refused it.
    let workers = std::thread::available_parallelism().unwrap().get();
    assert!((1..=workers).contains(&refused.len()), "{refused:?}");
    assert!(refused.iter().all(|line| line["repeated"] == 0));
    // Ids: 128 random bits in hex, sharing nothing (no per-worker prefix, no counter).
    assert_eq!(ids.len(), 300);
    for id in &ids {
        assert!(
            id.len() == 32 && id.bytes().all(|b| b.is_ascii_hexdigit()),
            "{id}"
        );
    }
    let mut prefixes: Vec<&str> = ids.iter().map(|id| &id[..8]).collect();
    prefixes.sort_unstable();
    prefixes.dedup();
    assert_eq!(prefixes.len(), ids.len());
}

#[test]
fn a_replaced_archive_is_unmapped_once_its_last_answer_is_sent() {
    let _one = serial();
    let dir = scratch("unmap");
    let path = dir.join("hijri.archive");
    place_archive(&path);
    let server = Server::start(&path, &[("HIJRI_LIMIT_HILAL_VIZ", "100/1")]);
    // Stored answers (bodies and ETags from the map) and a card.
    for path in [
        "/api/v1/year?year=1446",
        "/api/v1/year?year=1445",
        "/api/v1/months",
        "/api/v1/hilal/viz?month=9&year=1446",
    ] {
        let (answer, _) = probe([127, 0, 0, 1], server.address(), path);
        assert!(answer.unwrap().starts_with("HTTP/1.1 200"), "{path}");
    }
    let new = dir.join("new.archive");
    place_archive(&new);
    std::fs::rename(&new, &path).unwrap();
    server.hangup();
    server.next(|line| line["target"] == "hijri_server::swap");
    // No request since: the old mapping is gone all the same.
    let maps = format!("/proc/{}/maps", server.child.id());
    let deadline = Instant::now() + Duration::from_secs(2);
    loop {
        let mapped = std::fs::read_to_string(&maps).unwrap();
        if !mapped.lines().any(|l| l.ends_with("(deleted)")) {
            break;
        }
        assert!(Instant::now() < deadline, "still mapped:\n{mapped}");
        std::thread::sleep(Duration::from_millis(50));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The resident memory of a process, in bytes (`VmRSS`).
fn resident(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let kb: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap();
    kb * 1024
}

/// The review's R1: 4 addresses × 64 connections × 20 pipelined whole-span `/days.csv`
/// (9.35 MB each), never read, on the default settings. Every connection sends the one kept answer
/// in slices, so memory grows by the connections' write buffers only, and gives them back
/// when the clients go.
#[test]
fn pipelined_big_answers_never_read_keep_memory_bounded() {
    const MB: u64 = 1 << 20;
    let (_one, server) = flooding_the_real_archive();
    let address = server.address();
    let path = "/api/v1/days.csv";
    // Stored in the archive; read once before the attack, as any first reader would.
    let (answer, _) = probe([127, 0, 0, 9], address, path);
    let answer = answer.unwrap();
    assert!(answer.starts_with("HTTP/1.1 200") && answer.len() > 2_000_000);
    std::thread::sleep(Duration::from_millis(500));
    let before = resident(server.child.id());
    let request = format!("GET {path} HTTP/1.1\r\nHost: x\r\n\r\n").repeat(20);
    let mut attackers = Vec::new();
    for client in 11..=14u8 {
        for _ in 0..64 {
            if let Ok(mut stream) = connect_from([127, 0, 0, client], address) {
                let _ = stream.write_all(request.as_bytes());
                attackers.push(stream);
            }
        }
    }
    assert_eq!(attackers.len(), 256);
    let mut peak = before;
    let held = Instant::now();
    while held.elapsed() < Duration::from_secs(8) {
        peak = peak.max(resident(server.child.id()));
        std::thread::sleep(Duration::from_millis(100));
    }
    drop(attackers);
    // The allocator gives freed pages back within seconds (jemalloc's decay, 10 s).
    let gone = Instant::now();
    let mut after = resident(server.child.id());
    while after > before + 8 * MB && gone.elapsed() < Duration::from_secs(30) {
        std::thread::sleep(Duration::from_millis(250));
        after = resident(server.child.id());
    }
    eprintln!(
        "resident memory: {} MB before, {} MB at most under attack, {} MB after",
        before / MB,
        peak / MB,
        after / MB
    );
    assert!(
        peak <= before + 100 * MB,
        "{} MB more",
        (peak - before) / MB
    );
    assert!(
        after <= before + 16 * MB,
        "{} MB kept",
        after.saturating_sub(before) / MB
    );
    // And it still answers.
    let (answer, _) = probe([127, 0, 0, 10], address, "/healthz");
    assert!(answer.unwrap().starts_with("HTTP/1.1 200"));
}

/// Reads pipelined answers from `stream` at `rate` bytes a second (in pieces every
/// `every`) for `span`; returns the bytes read and when the server reset or closed it.
fn read_at(
    mut stream: TcpStream,
    rate: usize,
    every: Duration,
    span: Duration,
) -> (usize, Option<Duration>) {
    stream
        .set_read_timeout(Some(Duration::from_secs(5)))
        .unwrap();
    let piece = (rate as f64 * every.as_secs_f64()) as usize;
    let mut buffer = vec![0u8; piece];
    let (started, mut read) = (Instant::now(), 0);
    while started.elapsed() < span {
        let mut got = 0;
        while got < piece {
            match stream.read(&mut buffer[got..]) {
                Ok(0) | Err(_) => return (read + got, Some(started.elapsed())),
                Ok(n) => got += n,
            }
        }
        read += got;
        // Keep to the pace: the next piece is due `every` after the last one was due.
        let due = every * u32::try_from(read / piece).unwrap();
        std::thread::sleep(due.saturating_sub(started.elapsed()));
    }
    (read, None)
}

/// The review's R2: readers that take an answer at twice the documented minimum (1 KB/s)
/// or faster are never reset, however the kernel batches their bytes; one below it is reset
/// within a few windows. Default settings; each reader has a small receive buffer, so what
/// it has not read waits in the server's queue.
#[test]
fn readers_above_the_minimum_send_rate_are_kept_and_below_it_reset() {
    let _one = serial();
    let server = Server::start(&archive(), &[]);
    let address = server.address();
    let (minimum, window) = (10_240usize, 10);
    let per_second = minimum / window;
    // 20 pipelined histories (327 KB each): far more than the kernel's buffers hold.
    let request = b"GET /api/v1/hilal/history HTTP/1.1\r\nHost: x\r\n\r\n".repeat(20);
    let reader = |from: u8, rate: usize, every: Duration| {
        let mut stream = connect_with([127, 0, 0, from], address, Some(4096)).unwrap();
        stream.write_all(&request).unwrap();
        std::thread::spawn(move || read_at(stream, rate, every, Duration::from_secs(42)))
    };
    let readers = [
        (
            "2× the minimum",
            reader(21, 2 * per_second, Duration::from_millis(500)),
        ),
        (
            "2× in 1 s pieces",
            reader(22, 2 * per_second, Duration::from_secs(1)),
        ),
        ("5.6 KB/s", reader(23, 5_734, Duration::from_millis(250))),
        ("13 KB/s", reader(24, 13_312, Duration::from_millis(250))),
    ];
    let slow = reader(25, per_second / 2, Duration::from_secs(1));
    for (name, reader) in readers {
        let (read, reset) = reader.join().unwrap();
        eprintln!("{name}: {read} bytes read in 42 s, reset: {reset:?}");
        assert_eq!(reset, None, "{name} was reset after {read} bytes");
    }
    let (read, reset) = slow.join().unwrap();
    eprintln!("0.5 KB/s: {read} bytes read, reset after {reset:?}");
    let reset = reset.expect("the reader below the minimum was never reset");
    // Judged once its wait reached a window, and at most a few windows later.
    assert!(reset < Duration::from_secs(35), "{reset:?}");
}

/// systemd's `Type=notify`: `READY=1` comes once SIGHUP is handled and the listener is open,
/// so a reload sent the moment it arrives (as `systemctl start` then `reload` would) is a
/// swap, never fatal, and the port answers.
#[test]
fn ready_comes_only_once_sighup_is_safe() {
    use std::os::unix::net::UnixDatagram;
    let _one = serial();
    let dir = scratch("notify");
    let socket_path = dir.join("notify.sock");
    let systemd = UnixDatagram::bind(&socket_path).unwrap();
    systemd
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let notify = socket_path.to_str().unwrap();
    for _ in 0..5 {
        let mut server = Server::spawn(&archive(), &[("NOTIFY_SOCKET", notify)]);
        let mut message = [0u8; 256];
        let n = systemd.recv(&mut message).expect("READY=1 within 10 s");
        let text = std::str::from_utf8(&message[..n]).unwrap();
        assert!(text.starts_with("READY=1\n"), "{text:?}");
        server.hangup();
        let start = server.next(|line| line["target"] == "hijri_server::start");
        let port: u16 = start["bind"]
            .as_str()
            .unwrap()
            .rsplit(':')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert!(text.contains(&format!(":{port}")), "{text:?}");
        assert_replaced(&server);
        assert!(server.alive());
        let (answer, _) = probe(
            [127, 0, 0, 1],
            SocketAddr::from(([127, 0, 0, 1], port)),
            "/healthz",
        );
        assert!(answer.unwrap().starts_with("HTTP/1.1 200"));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A small archive of one calendar: Hijri 1446-07 to 1446-12, all official, the first month
/// starting on `first` (ISO); `version` is its `data_version`.
fn small_archive(first: &str, version: &str) -> Vec<u8> {
    use hijri::hijri::HijriMonth;
    use hijri::schema::Tier;
    use hijri_testing::{day, site_evening, sites_record, ChainBuilder, DatasetBuilder};
    let mut start = day(first);
    let months = [30, 29, 30, 29, 30, 29].map(|length| {
        let record = sites_record(start - 1, 0, vec![site_evening(31_000, 70_000)]);
        start += i32::from(length);
        (length, Tier::Published, record)
    });
    let first_month = HijriMonth {
        year: 1446,
        month: 7,
    };
    let mut chain = ChainBuilder::kemenag(1)
        .months(first_month, day(first), months)
        .coverage(day(first), start - 1)
        .build();
    chain.table.as_mut().unwrap().data_version = version.into();
    let mut dataset = DatasetBuilder::new().sites(&["Pantai Test"]).build();
    dataset.chains.push(chain);
    hijri_testing::encoded(&dataset).to_vec()
}

/// A port free on 127.0.0.1 now.
fn free_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap().port()
}

/// `GET path` on a keep-alive connection: status, `ETag` and body (`None` if the connection
/// failed).
fn ask(stream: &mut TcpStream, path: &str) -> Option<(u16, String, Vec<u8>)> {
    let request = format!("GET {path} HTTP/1.1\r\nHost: x\r\n\r\n");
    stream.write_all(request.as_bytes()).ok()?;
    let answer = read_answer(stream)?;
    let (head, body) = answer.split_once("\r\n\r\n")?;
    let status = head.get(9..12)?.parse().ok()?;
    let etag = head
        .lines()
        .find_map(|l| {
            l.to_ascii_lowercase()
                .strip_prefix("etag: ")
                .map(str::to_owned)
        })
        .unwrap_or_default();
    Some((status, etag, body.as_bytes().to_vec()))
}

/// The rehearsal of many machines: three servers behind nginx as the load balancer (Debian's
/// package: `.ci/run` installs it), their archive replaced one server at a time under load,
/// first as a new image rolls out (each server stopped by SIGTERM and started again on the
/// new archive), then back by renaming the old archive over the file and SIGHUP. Every
/// answer through nginx is a 200 equal to one of the two archives' answers (its `ETag` says
/// which), and both are seen.
#[test]
fn a_rolling_replacement_behind_nginx_loses_no_request() {
    let _one = serial();
    let nginx = ["/usr/sbin/nginx", "/usr/bin/nginx"]
        .into_iter()
        .find(|p| Path::new(p).exists())
        .expect("nginx is needed: apt-get install nginx-light (as .ci/run does)");
    let dir = scratch("rolling");
    let (old, new) = (dir.join("a.archive"), dir.join("b.archive"));
    std::fs::write(&old, small_archive("2025-01-01", "rehearsal-a")).unwrap();
    std::fs::write(&new, small_archive("2025-01-02", "rehearsal-b")).unwrap();
    let paths = [
        "/api/v1/month?year=1446&month=9",
        "/api/v1/convert?date=2025-03-15",
        "/api/v1/meta",
        "/api/v1/table",
    ];
    let vars = [
        ("HIJRI_TRUSTED_PROXIES", "127.0.0.1"),
        ("HIJRI_LIMIT_DEFAULT", "1000000/1"),
    ];
    // Each archive's answers, from a server of its own: ETag -> body, per path.
    let answers_of = |archive: &Path| {
        let server = Server::start(archive, &vars);
        let mut stream = connect_from([127, 0, 0, 1], server.address()).unwrap();
        paths.map(|path| {
            let (status, etag, body) = ask(&mut stream, path).unwrap();
            assert_eq!(status, 200, "{path}");
            (etag, body)
        })
    };
    let expected = [answers_of(&old), answers_of(&new)];
    for (i, path) in paths.iter().enumerate() {
        if *path != "/api/v1/convert?date=2025-03-15" {
            assert_ne!(
                expected[0][i].0, expected[1][i].0,
                "{path}: the archives agree"
            );
        }
    }
    // Three servers on the old archive, each from a file of its own.
    let ports = [free_port(), free_port(), free_port()];
    let live: Vec<PathBuf> = (0..3)
        .map(|i| dir.join(format!("live-{i}.archive")))
        .collect();
    let start = |i: usize| {
        let bind = format!("127.0.0.1:{}", ports[i]);
        let mut vars = vars.to_vec();
        vars.push(("HIJRI_BIND", &bind));
        Server::start(&live[i], &vars)
    };
    let mut servers: Vec<Server> = (0..3)
        .map(|i| {
            std::fs::copy(&old, &live[i]).unwrap();
            start(i)
        })
        .collect();
    let front = free_port();
    let upstreams: String = ports
        .iter()
        .map(|p| format!("server 127.0.0.1:{p} max_fails=0;\n"))
        .collect();
    let conf = format!(
        "daemon off;\nmaster_process off;\npid {dir}/nginx.pid;\nerror_log {dir}/error.log;\n\
         events {{ worker_connections 1024; }}\n\
         http {{\n access_log off;\n keepalive_requests 1000000;\n client_body_temp_path {dir}/body;\n\
         proxy_temp_path {dir}/proxy;\n fastcgi_temp_path {dir}/fastcgi;\n\
         uwsgi_temp_path {dir}/uwsgi;\n scgi_temp_path {dir}/scgi;\n\
         upstream hijri {{\n{upstreams} keepalive 16;\n}}\n\
         server {{\n listen 127.0.0.1:{front};\n location / {{\n proxy_pass http://hijri;\n\
         proxy_http_version 1.1;\n proxy_set_header Connection \"\";\n\
         proxy_set_header X-Forwarded-For $remote_addr;\n proxy_connect_timeout 2s;\n\
         proxy_read_timeout 10s;\n proxy_next_upstream error timeout;\n }}\n }}\n}}\n",
        dir = dir.display()
    );
    std::fs::write(dir.join("nginx.conf"), conf).unwrap();
    let mut balancer = Command::new(nginx)
        .arg("-p")
        .arg(&dir)
        .arg("-c")
        .arg(dir.join("nginx.conf"))
        .arg("-e")
        .arg(dir.join("error.log"))
        .stdin(Stdio::null())
        .spawn()
        .unwrap();
    let front = SocketAddr::from(([127, 0, 0, 1], front));
    let deadline = Instant::now() + Duration::from_secs(10);
    while probe([127, 0, 0, 1], front, "/healthz").0.is_none() {
        assert!(Instant::now() < deadline, "nginx did not start");
        std::thread::sleep(Duration::from_millis(50));
    }
    // Load: 6 clients asking round the paths on keep-alive connections through nginx.
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let expected = std::sync::Arc::new(expected);
    let clients: Vec<_> = (0..6u8)
        .map(|c| {
            let (stop, expected) = (stop.clone(), expected.clone());
            std::thread::spawn(move || {
                let (mut seen, mut errors) = ([0usize; 2], Vec::new());
                let mut stream = connect_from([127, 0, 0, 1], front).unwrap();
                let mut n = usize::from(c);
                while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                    let i = n % paths.len();
                    n += 1;
                    let Some((status, etag, body)) = ask(&mut stream, paths[i]) else {
                        errors.push(format!("{}: no answer", paths[i]));
                        stream = connect_from([127, 0, 0, 1], front).unwrap();
                        continue;
                    };
                    match (0..2).find(|&a| expected[a][i].0 == etag) {
                        Some(a) if status == 200 && expected[a][i].1 == body => seen[a] += 1,
                        _ => errors.push(format!("{}: {status} {etag}", paths[i])),
                    }
                }
                (seen, errors)
            })
        })
        .collect();
    std::thread::sleep(Duration::from_millis(500));
    // The new image, one server at a time: stopped (finishing what it runs), started again.
    for i in 0..3 {
        signal(&servers[i].child, rustix::process::Signal::TERM);
        let deadline = Instant::now() + Duration::from_secs(10);
        while servers[i].alive() {
            assert!(Instant::now() < deadline, "server {i} did not stop");
            std::thread::sleep(Duration::from_millis(10));
        }
        std::fs::copy(&new, &live[i]).unwrap();
        servers[i] = start(i);
        std::thread::sleep(Duration::from_millis(700));
    }
    // And back, one server at a time: the old archive renamed over the file, SIGHUP.
    for i in 0..3 {
        let next = dir.join(format!("next-{i}.archive"));
        std::fs::copy(&old, &next).unwrap();
        std::fs::rename(&next, &live[i]).unwrap();
        servers[i].hangup();
        let swap = servers[i].next(|line| line["target"] == "hijri_server::swap");
        assert!(
            swap["message"].as_str().unwrap().contains("rehearsal-a"),
            "{swap}"
        );
        std::thread::sleep(Duration::from_millis(700));
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let (mut seen, mut errors) = ([0usize; 2], Vec::new());
    for client in clients {
        let (s, e) = client.join().unwrap();
        seen = [seen[0] + s[0], seen[1] + s[1]];
        errors.extend(e);
    }
    let _ = balancer.kill();
    let _ = balancer.wait();
    eprintln!(
        "rolling rehearsal: {} answers of the old archive, {} of the new, {} errors",
        seen[0],
        seen[1],
        errors.len()
    );
    assert!(errors.is_empty(), "{errors:?}");
    assert!(seen[0] > 100 && seen[1] > 100, "{seen:?}");
    drop(servers);
    std::fs::remove_dir_all(&dir).unwrap();
}
