//! Connections as the server holds them, so that no client can take the service from the
//! others:
//! - [`ClientConnections`]: each client (keyed as the rate limiter keys it: the IPv4
//!   address or the IPv6 /64 of the peer) holds at most so many connections; one over is
//!   closed at accept. Trusted proxies are exempt (their own per-client limits do this job).
//! - [`Connection`]: the socket as actix-http sees it. An answer that waits for its client
//!   must be taken at a minimum rate ([`MinSendRate`]: so many bytes in every window while
//!   a write waits, counted as the client acknowledges them, and never nothing for the send
//!   timeout), or the connection is reset. actix-http's own answers to requests it
//!   cannot read are sent as the JSON envelope ([`super::protocol`]), counted and logged.
//!   A stored body's marker is replaced by its range of the archive's file, sent with
//!   `sendfile` at the same pace ([`super::zero_copy`]).

use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;
use tokio::time::{Instant, Sleep};

use super::access_log;
use super::metrics::Metrics;
use super::protocol::{self, Refusal};
use super::rate_limit::{key, RateLimit, TrustedProxies};
use super::socket;
use super::zero_copy::{Outbox, Sending, MARKER_LEN};

/// The per-client connection table, shared by every worker.
#[derive(Clone)]
pub struct ClientConnections {
    table: Arc<Table>,
}

struct Table {
    limit: u32,
    trusted: TrustedProxies,
    open: Mutex<HashMap<IpAddr, Arc<AtomicU32>>>,
    refused: AtomicU64,
}

impl ClientConnections {
    /// At most `limit` connections per client; `trusted` proxies are exempt.
    pub fn new(limit: u32, trusted: TrustedProxies) -> ClientConnections {
        ClientConnections {
            table: Arc::new(Table {
                limit,
                trusted,
                open: Mutex::default(),
                refused: AtomicU64::new(0),
            }),
        }
    }

    /// Counts a new connection from `peer`: its [`Share`], released when the connection
    /// ends, or `None` if the client already holds its limit (close the connection).
    pub fn admit(&self, peer: Option<IpAddr>) -> Option<Share> {
        let Some(peer) = peer.map(|ip| ip.to_canonical()) else {
            return Some(Share::exempt());
        };
        if self.table.trusted.trusts(peer) {
            return Some(Share::exempt());
        }
        let client = key(peer);
        let mut open = self
            .table
            .open
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        let count = open.entry(client).or_default();
        if count.load(Ordering::Relaxed) >= self.table.limit {
            self.table.refused.fetch_add(1, Ordering::Relaxed);
            return None;
        }
        count.fetch_add(1, Ordering::Relaxed);
        Some(Share {
            held: Some((client, count.clone(), self.table.clone())),
        })
    }

    /// Connections closed at accept so far (for the metrics).
    pub fn refusals(&self) -> u64 {
        self.table.refused.load(Ordering::Relaxed)
    }
}

/// One connection's place in its client's count (none for an exempt peer).
pub struct Share {
    held: Option<(IpAddr, Arc<AtomicU32>, Arc<Table>)>,
}

impl Share {
    fn exempt() -> Share {
        Share { held: None }
    }

    /// What the request handlers may read of it ([`ClientLoad`]).
    pub fn load(&self) -> ClientLoad {
        ClientLoad(self.held.as_ref().map(|(_, count, _)| count.clone()))
    }
}

impl Drop for Share {
    fn drop(&mut self) {
        if let Some((client, count, table)) = self.held.take() {
            let mut open = table.open.lock().unwrap_or_else(PoisonError::into_inner);
            if count.fetch_sub(1, Ordering::Relaxed) <= 1 {
                open.remove(&client);
            }
        }
    }
}

/// How many connections the client of a connection holds now, kept in the connection's
/// data for the request handlers (`HttpRequest::conn_data`).
#[derive(Clone, Debug)]
pub struct ClientLoad(Option<Arc<AtomicU32>>);

impl ClientLoad {
    /// The client's open connections (0 for an exempt peer: a trusted proxy).
    pub fn open(&self) -> u32 {
        self.0
            .as_ref()
            .map_or(0, |count| count.load(Ordering::Relaxed))
    }
}

/// The slowest a client may take an answer that waits for it: `bytes` in every `window`,
/// and never nothing for `stall`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MinSendRate {
    /// Bytes the client must take in each window.
    pub bytes: u64,
    /// The window.
    pub window: Duration,
    /// The longest a waiting answer may go without its client acknowledging a byte.
    pub stall: Duration,
}

impl MinSendRate {
    /// `rate` bytes per its seconds, and `stall` (`HIJRI_SEND_TIMEOUT`).
    pub fn new(rate: RateLimit, stall: Duration) -> MinSendRate {
        MinSendRate {
            bytes: u64::from(rate.count),
            window: Duration::from_secs(u64::from(rate.seconds)),
            stall,
        }
    }
}

/// The pace of one connection's writes, judged over the time the server waits for its
/// client: while a write waits (the socket's buffers are full), that time adds up, and each
/// time it reaches [`MinSendRate::window`] the bytes the client acknowledged since the last
/// judgement must be at least [`MinSendRate::bytes`]; and a waiting write whose client
/// acknowledges nothing for [`MinSendRate::stall`] is judged too. Judged slow, the write
/// fails (and the connection is reset). The bytes acknowledged are those the kernel
/// accepted less those still in the socket's queue ([`socket::unacknowledged`]): the kernel
/// accepts a slow reader's bytes in bursts, when a third of its buffer is free, so counting
/// what it accepts would judge a steady reader by the bursts. (The kernel's own
/// `TCP_USER_TIMEOUT` is not used: it aborts a steady reader with a small receive window,
/// whose window never opens to a whole queued segment.) Time when nothing waits to be sent
/// does not count, so an idle keep-alive connection or a client that takes everything at
/// once is never judged. The clock and the queue are read only when a write has to wait.
struct Pace {
    rate: MinSendRate,
    /// Bytes the kernel accepted so far.
    accepted: u64,
    /// Bytes the client had acknowledged at the last judgement.
    judged: u64,
    /// The most the client had acknowledged when last seen, and since when.
    progress: (u64, Instant),
    /// Waiting time since the last judgement, not counting the wait going on now.
    waited: Duration,
    /// Since when the current write waits.
    blocked: Option<Instant>,
    /// Wakes the waiting write when the window would be full.
    judgement: Option<Pin<Box<Sleep>>>,
}

impl Pace {
    fn new(rate: MinSendRate) -> Pace {
        Pace {
            rate,
            accepted: 0,
            judged: 0,
            progress: (0, Instant::now()),
            waited: Duration::ZERO,
            blocked: None,
            judgement: None,
        }
    }

    fn wrote(&mut self, n: usize) {
        self.accepted += n as u64;
        if let Some(since) = self.blocked.take() {
            self.waited += since.elapsed();
        }
    }

    /// A write has to wait: `Pending` (woken when it is next to be judged at the latest), or
    /// an error if the client took too little. `queued` tells how many accepted bytes the
    /// client has not acknowledged yet (`None`: unknown, all count as taken).
    fn waits(
        &mut self,
        cx: &mut Context<'_>,
        queued: impl FnOnce() -> Option<u64>,
    ) -> Poll<io::Result<usize>> {
        let now = Instant::now();
        let acknowledged = self.accepted - queued().unwrap_or(0).min(self.accepted);
        if self.blocked.is_none() || acknowledged > self.progress.0 {
            // A write that starts waiting has just seen the kernel take bytes.
            self.progress = (acknowledged, now);
        }
        let since = *self.blocked.get_or_insert(now);
        let mut waited = self.waited + now.duration_since(since);
        let slow = |why: &str| {
            Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                format!("the client {why}"),
            )))
        };
        if now.duration_since(self.progress.1) >= self.rate.stall {
            return slow("acknowledged nothing for the send timeout");
        }
        if waited >= self.rate.window {
            if acknowledged.saturating_sub(self.judged) < self.rate.bytes {
                return slow("takes the answer slower than the minimum send rate");
            }
            // Judged fast enough: the next window starts now.
            self.judged = acknowledged;
            self.waited = Duration::ZERO;
            self.blocked = Some(now);
            waited = Duration::ZERO;
        }
        let due = (now + (self.rate.window - waited)).min(self.progress.1 + self.rate.stall);
        let judgement = self
            .judgement
            .get_or_insert_with(|| Box::pin(tokio::time::sleep_until(due)));
        judgement.as_mut().reset(due);
        // Registers the wake-up; the write is polled again then.
        let _ = judgement.as_mut().poll(cx);
        Poll::Pending
    }
}

/// An accepted connection as actix-http reads and writes it.
pub struct Connection {
    io: TcpStream,
    peer: Option<IpAddr>,
    share: Share,
    pace: Pace,
    /// actix's own answer being replaced: the envelope, how much of it is written, and how
    /// many of actix's bytes it stands for.
    replacing: Option<(Vec<u8>, usize, usize)>,
    /// The ranges this connection's bodies queued, and the one being sent.
    outbox: Outbox,
    sending: Option<Sending>,
    metrics: Option<Arc<Metrics>>,
}

impl Connection {
    /// Wraps an accepted socket, with its client's `share` of the connections.
    pub fn new(
        io: TcpStream,
        share: Share,
        rate: MinSendRate,
        metrics: Option<Arc<Metrics>>,
    ) -> Connection {
        Connection {
            peer: io.peer_addr().ok().map(|a| a.ip()),
            io,
            share,
            pace: Pace::new(rate),
            replacing: None,
            outbox: Outbox::default(),
            sending: None,
            metrics,
        }
    }

    /// The client's connection count, for the request handlers.
    pub fn client_load(&self) -> ClientLoad {
        self.share.load()
    }

    /// Where the request handlers queue the ranges sent from the archive's file.
    pub fn outbox(&self) -> Outbox {
        self.outbox.clone()
    }

    /// Writes `bytes` to the socket at the minimum pace; `more` when a range follows them
    /// (`MSG_MORE`: the kernel holds a short head back to go out in one segment with the
    /// range's first bytes).
    fn write_paced(
        &mut self,
        cx: &mut Context<'_>,
        bytes: &[u8],
        more: bool,
    ) -> Poll<io::Result<usize>> {
        let written = if more {
            use rustix::net::SendFlags;
            let flags = SendFlags::MORE | SendFlags::NOSIGNAL;
            poll_syscall(&self.io, cx, || {
                Ok(rustix::net::send(&self.io, bytes, flags)?)
            })
        } else {
            Pin::new(&mut self.io).poll_write(cx, bytes)
        };
        self.paced(cx, written)
    }

    /// Sends the range in place of its marker at the minimum pace: the marker's length once
    /// the whole range is with the kernel.
    fn send_paced(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<usize>> {
        while let Some(sending) = self.sending.as_mut().filter(|s| !s.done()) {
            let written = poll_syscall(&self.io, cx, || sending.send(&self.io));
            if let done @ (Poll::Pending | Poll::Ready(Err(_))) = self.paced(cx, written) {
                return done;
            }
        }
        self.sending = None;
        Poll::Ready(Ok(MARKER_LEN))
    }

    /// Counts what a write gave the kernel, or judges the wait when it could give nothing.
    fn paced(
        &mut self,
        cx: &mut Context<'_>,
        written: Poll<io::Result<usize>>,
    ) -> Poll<io::Result<usize>> {
        match written {
            Poll::Ready(Ok(n)) => {
                self.pace.wrote(n);
                Poll::Ready(Ok(n))
            }
            Poll::Pending => self.waits(cx),
            failed => failed,
        }
    }

    /// A write has to wait: judged by the minimum pace.
    fn waits(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<usize>> {
        let io = &self.io;
        let judged = self.pace.waits(cx, || socket::unacknowledged(io));
        if let Poll::Ready(Err(_)) = judged {
            // Reset rather than close: a close would leave the kernel trickling the
            // queued megabytes to the same slow client.
            let _ = socket2::SockRef::from(&self.io).set_linger(Some(Duration::ZERO));
        }
        judged
    }

    /// Starts sending the envelope in place of actix's own answer `head`; counts and logs it.
    fn replace(&mut self, refusal: Refusal, head: &[u8]) {
        let id = access_log::new_id();
        if let Some(metrics) = &self.metrics {
            metrics.record_protocol_error(refusal.status);
        }
        access_log::record_protocol_error(self.peer, id.as_str(), refusal.status, refusal.code);
        self.replacing = Some((refusal.envelope(head, id.as_str()), 0, head.len()));
    }
}

impl AsyncRead for Connection {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().io).poll_read(cx, buf)
    }
}

impl AsyncWrite for Connection {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        if this.sending.is_some() {
            return this.send_paced(cx);
        }
        // What goes before a stored body's marker is written first; the marker starts the
        // range's sending.
        let (buf, more) = match this.outbox.find(buf) {
            Some(0) => match this.outbox.take(buf) {
                Some(sending) => {
                    this.sending = Some(sending);
                    return this.send_paced(cx);
                }
                None => (buf, false),
            },
            Some(at) => (buf.get(..at).unwrap_or(buf), true),
            None => (buf, false),
        };
        if this.replacing.is_none() {
            if let Some((at, refusal)) = protocol::find(buf) {
                match buf.split_at_checked(at) {
                    // What comes before it goes out as it is first.
                    Some((before, _)) if !before.is_empty() => {
                        return this.write_paced(cx, before, false)
                    }
                    _ => this.replace(refusal, buf),
                }
            }
        }
        let Some((envelope, mut done, stands_for)) = this.replacing.take() else {
            return this.write_paced(cx, buf, more);
        };
        while let Some(rest) = envelope.get(done..).filter(|rest| !rest.is_empty()) {
            match this.write_paced(cx, rest, false) {
                Poll::Ready(Ok(n)) => done += n,
                Poll::Ready(Err(error)) => return Poll::Ready(Err(error)),
                Poll::Pending => {
                    this.replacing = Some((envelope, done, stands_for));
                    return Poll::Pending;
                }
            }
        }
        Poll::Ready(Ok(stands_for.min(buf.len())))
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().io).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().io).poll_shutdown(cx)
    }
}

/// One non-blocking system call `write` on `io` (`send`, `sendfile`), as tokio makes its own
/// writes: `Pending`, and woken when the socket can take more, while it would block.
fn poll_syscall(
    io: &TcpStream,
    cx: &mut Context<'_>,
    mut write: impl FnMut() -> io::Result<usize>,
) -> Poll<io::Result<usize>> {
    loop {
        match io.try_io(tokio::io::Interest::WRITABLE, &mut write) {
            Err(error) if error.kind() == io::ErrorKind::WouldBlock => {
                std::task::ready!(io.poll_write_ready(cx))?;
            }
            done => return Poll::Ready(done),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> Option<IpAddr> {
        Some(text.parse().unwrap())
    }

    #[test]
    fn each_client_holds_at_most_its_limit() {
        let table = ClientConnections::new(2, TrustedProxies::parse("10.0.0.1").unwrap());
        let a = table.admit(ip("192.0.2.1")).unwrap();
        let b = table.admit(ip("::ffff:192.0.2.1")).unwrap();
        assert_eq!(a.load().open(), 2);
        assert!(table.admit(ip("192.0.2.1")).is_none());
        assert_eq!(table.refusals(), 1);
        // Another client, and the same /64 of IPv6 as one client.
        assert!(table.admit(ip("192.0.2.2")).is_some());
        let v6 = [
            table.admit(ip("2001:db8::1")).unwrap(),
            table.admit(ip("2001:db8::ffff:2")).unwrap(),
        ];
        assert!(table.admit(ip("2001:db8::3")).is_none());
        assert!(table.admit(ip("2001:db8:0:1::3")).is_some());
        // The trusted proxy is never counted.
        let proxy: Vec<Share> = (0..10)
            .map(|_| table.admit(ip("10.0.0.1")).unwrap())
            .collect();
        assert_eq!(proxy[0].load().open(), 0);
        // A connection that ends gives its place back; the last one forgets the client.
        drop(b);
        assert_eq!(a.load().open(), 1);
        assert!(table.admit(ip("192.0.2.1")).is_some());
        drop(v6);
        let open = table.table.open.lock().unwrap();
        assert!(!open.contains_key(&"2001:db8::".parse::<IpAddr>().unwrap()));
    }
}
