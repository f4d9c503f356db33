//! Big bodies sent past actix-http's write buffer: a stored body straight from the archive's
//! file to the socket (`sendfile(2)`), as nginx sends a static file, and a kept one from its
//! shared memory (`send(2)`: the kernel's copy only). actix-http copies every chunk a body
//! yields into its write buffer, and the write copies it again into the kernel; a body of at
//! least [`FROM`] bytes is instead yielded as a [`MARKER_LEN`]-byte marker ([`ZeroCopy`]) after
//! its [`Source`] is queued in the connection's [`Outbox`]. The connection
//! ([`super::connection::Connection`]) that finds the marker in what actix writes sends the
//! source in its place, at the pace of any other write. The answer carries its own
//! `Content-Length` (actix's no-chunking mode writes what the body yields as it is). A range
//! holds its file open, so a body in flight finishes from the archive it started on when
//! another is swapped in; kept bytes are shared, never copied per connection.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::convert::Infallible;
use std::fs::File;
use std::io;
use std::os::fd::AsFd;
use std::pin::Pin;
use std::rc::Rc;
use std::sync::{Arc, LazyLock};
use std::task::{Context, Poll};

use actix_web::body::{BodySize, MessageBody};
use actix_web::web::Bytes;

/// Bytes of an open file: `len` from `offset`.
#[derive(Clone, Debug)]
pub struct FileRange {
    /// The file, open for as long as the range is used.
    pub file: Arc<File>,
    /// Where the bytes start.
    pub offset: u64,
    /// How many.
    pub len: u64,
}

/// What a marker stands for: a range of a file, or bytes in memory.
#[derive(Debug)]
pub enum Source {
    /// Sent with `sendfile`.
    File(FileRange),
    /// Sent with `send` from the shared bytes.
    Memory(Bytes),
}

impl Source {
    fn len(&self) -> u64 {
        match self {
            Source::File(range) => range.len,
            Source::Memory(bytes) => bytes.len() as u64,
        }
    }
}

/// The smallest body sent past actix's buffer, from the file or from memory (BENCHMARKS.md,
/// "Side by side with nginx", the threshold): below it, one copy costs less than the second
/// system call.
pub const FROM: u64 = 16 * 1024;

/// Bytes of a marker: this process's [`NONCE`] and the range's number on its connection.
pub const MARKER_LEN: usize = 24;

/// Random to each process, so that no answer's bytes can pass for a marker.
static NONCE: LazyLock<[u8; 16]> = LazyLock::new(rand::random);

/// The ranges a connection's bodies have handed over, in the order their markers are written.
#[derive(Clone, Default)]
pub struct Outbox(Rc<RefCell<Queue>>);

#[derive(Default)]
struct Queue {
    next: u64,
    waiting: VecDeque<(u64, Source)>,
}

impl Outbox {
    /// Queues `source`: the marker that stands for it in the written stream.
    fn push(&self, source: Source) -> Bytes {
        let mut queue = self.0.borrow_mut();
        let number = queue.next;
        queue.next += 1;
        queue.waiting.push_back((number, source));
        let mut marker = Vec::with_capacity(MARKER_LEN);
        marker.extend_from_slice(&*NONCE);
        marker.extend_from_slice(&number.to_le_bytes());
        Bytes::from(marker)
    }

    /// Where the first marker in `written` starts, if a range waits (no search otherwise).
    pub fn find(&self, written: &[u8]) -> Option<usize> {
        if self.0.borrow().waiting.is_empty() {
            return None;
        }
        memchr::memmem::find(written, &*NONCE)
    }

    /// The source whose marker begins `written`, to be sent in its place; sources queued
    /// before it whose markers were never written (none are expected) are dropped.
    pub fn take(&self, written: &[u8]) -> Option<Sending> {
        let number = written
            .get(NONCE.len()..MARKER_LEN)
            .and_then(|n| n.try_into().ok())
            .map(u64::from_le_bytes)?;
        let mut queue = self.0.borrow_mut();
        while let Some((queued, source)) = queue.waiting.pop_front() {
            if queued == number {
                return Some(Sending { source, sent: 0 });
            }
        }
        None
    }
}

/// A source being sent in place of its marker.
pub struct Sending {
    source: Source,
    sent: u64,
}

impl Sending {
    /// Whether every byte has been handed to the kernel.
    pub fn done(&self) -> bool {
        self.sent >= self.source.len()
    }

    /// One `sendfile` or `send` of what is left to `socket` (non-blocking): the bytes the
    /// kernel took.
    pub fn send(&mut self, socket: impl AsFd) -> io::Result<usize> {
        let n = match &self.source {
            Source::File(range) => {
                let mut offset = range.offset + self.sent;
                let left = usize::try_from(range.len - self.sent).unwrap_or(usize::MAX);
                rustix::fs::sendfile(socket, &*range.file, Some(&mut offset), left)?
            }
            Source::Memory(bytes) => {
                let left = bytes.get(self.sent as usize..).unwrap_or_default();
                rustix::net::send(socket, left, rustix::net::SendFlags::NOSIGNAL)?
            }
        };
        if n == 0 {
            return Err(io::Error::new(
                io::ErrorKind::UnexpectedEof,
                "the archive's file ends before the body",
            ));
        }
        self.sent += n as u64;
        Ok(n)
    }
}

/// A body sent past actix's buffer: it yields, once, the marker of its source after queueing
/// it; a body from the file yields its bytes up to the file's next page boundary first, and
/// its range starts there.
///
/// The lead goes out copied, with the head before it (`MSG_MORE`), so that the range starts
/// on a page: a body of up to 64 KiB then fills 16 pages, and with the head's one fragment
/// fits in one socket buffer (17 fragments at most) and leaves in one segment on loopback,
/// as nginx sends a file that starts on a page. Unaligned, it spans 17 pages and the answer
/// leaves in two segments, each waking the client (BENCHMARKS.md, "Side by side with nginx").
pub struct ZeroCopy {
    outbox: Outbox,
    lead: Bytes,
    source: Option<Source>,
}

impl ZeroCopy {
    /// The body `bytes`, which lie in the file at `range`, to be sent by the connection of
    /// `outbox`.
    pub fn new(outbox: Outbox, bytes: &Bytes, range: FileRange) -> ZeroCopy {
        let page = rustix::param::page_size() as u64;
        let lead = ((page - range.offset % page) % page).min(range.len);
        ZeroCopy {
            outbox,
            lead: bytes.slice(..(lead as usize).min(bytes.len())),
            source: Some(Source::File(FileRange {
                offset: range.offset + lead,
                len: range.len - lead,
                ..range
            })),
        }
    }

    /// The body `bytes` (kept in memory), to be sent by the connection of `outbox`.
    pub fn memory(outbox: Outbox, bytes: Bytes) -> ZeroCopy {
        ZeroCopy {
            outbox,
            lead: Bytes::new(),
            source: Some(Source::Memory(bytes)),
        }
    }
}

impl MessageBody for ZeroCopy {
    type Error = Infallible;

    fn size(&self) -> BodySize {
        // The length is the answer's own header: actix writes the marker as it is.
        BodySize::Stream
    }

    fn poll_next(
        self: Pin<&mut Self>,
        _: &mut Context<'_>,
    ) -> Poll<Option<Result<Bytes, Infallible>>> {
        let this = self.get_mut();
        Poll::Ready(this.source.take().map(|source| {
            let marker = this.outbox.push(source);
            if this.lead.is_empty() {
                return Ok(marker);
            }
            let mut chunk = Vec::with_capacity(this.lead.len() + marker.len());
            chunk.extend_from_slice(&this.lead);
            chunk.extend_from_slice(&marker);
            Ok(Bytes::from(chunk))
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    /// Where the file range being sent starts and how long it is.
    fn placed(sending: &Sending) -> (u64, u64) {
        match &sending.source {
            Source::File(range) => (range.offset, range.len),
            Source::Memory(_) => panic!("bytes in memory"),
        }
    }

    fn range(offset: u64, len: u64) -> FileRange {
        let mut file = unnamed_file();
        file.write_all(&(0..=255u8).cycle().take(4096).collect::<Vec<_>>())
            .unwrap();
        FileRange {
            file: Arc::new(file),
            offset,
            len,
        }
    }

    /// A temporary file, unlinked at once.
    fn unnamed_file() -> std::fs::File {
        let path = std::env::temp_dir().join(format!("zero-copy-{}", rand::random::<u64>()));
        let file = std::fs::File::options()
            .read(true)
            .write(true)
            .create_new(true)
            .open(&path)
            .unwrap();
        std::fs::remove_file(&path).unwrap();
        file
    }

    #[test]
    fn markers_are_found_in_the_written_stream_and_name_their_range() {
        let outbox = Outbox::default();
        assert_eq!(
            outbox.find(b"anything"),
            None,
            "no search when nothing waits"
        );
        let first = outbox.push(Source::File(range(0, 10)));
        let second = outbox.push(Source::File(range(100, 20)));
        assert_eq!(first.len(), MARKER_LEN);
        let mut written = b"HTTP/1.1 200 OK\r\n\r\n".to_vec();
        let head = written.len();
        written.extend_from_slice(&first);
        written.extend_from_slice(b"HTTP/1.1 200 OK\r\n\r\n");
        written.extend_from_slice(&second);
        assert_eq!(outbox.find(&written), Some(head));
        let sending = outbox.take(&written[head..]).unwrap();
        assert_eq!(placed(&sending), (0, 10));
        let at = head + MARKER_LEN + outbox.find(&written[head + MARKER_LEN..]).unwrap();
        assert_eq!(&written[at..], &second[..]);
        let sending = outbox.take(&written[at..]).unwrap();
        assert_eq!(placed(&sending), (100, 20));
        assert_eq!(outbox.find(&written), None);
    }

    #[test]
    fn a_marker_never_written_is_dropped_with_the_next() {
        let outbox = Outbox::default();
        let _lost = outbox.push(Source::File(range(0, 10)));
        let next = outbox.push(Source::File(range(50, 5)));
        let sending = outbox.take(&next).unwrap();
        assert_eq!(placed(&sending).0, 50);
        assert!(outbox.0.borrow().waiting.is_empty());
    }

    #[actix_web::test]
    async fn the_body_up_to_a_page_is_yielded_with_the_marker_and_the_rest_starts_on_a_page() {
        let page = rustix::param::page_size() as u64;
        let bytes = Bytes::from(
            (0..=255u8)
                .cycle()
                .take(3 * page as usize)
                .collect::<Vec<_>>(),
        );
        for (offset, lead) in [(0, 0), (page - 10, 10), (2 * page + 1, page - 1)] {
            let outbox = Outbox::default();
            let mut body = ZeroCopy::new(outbox.clone(), &bytes, range(offset, 20_000));
            let chunk = std::future::poll_fn(|cx| Pin::new(&mut body).poll_next(cx))
                .await
                .unwrap()
                .unwrap();
            assert_eq!(chunk.len(), lead as usize + MARKER_LEN, "{offset}");
            assert_eq!(&chunk[..lead as usize], &bytes[..lead as usize]);
            assert_eq!(outbox.find(&chunk), Some(lead as usize));
            let sending = outbox.take(&chunk[lead as usize..]).unwrap();
            let (start, len) = placed(&sending);
            assert_eq!(start % page, 0);
            assert_eq!(start + len, offset + 20_000);
            let end = std::future::poll_fn(|cx| Pin::new(&mut body).poll_next(cx)).await;
            assert!(end.is_none());
        }
    }

    #[test]
    fn a_range_goes_out_whole_through_sendfile() {
        let (mut reader, writer) = std::os::unix::net::UnixStream::pair().unwrap();
        let mut sending = Sending {
            source: Source::File(range(1000, 3000)),
            sent: 0,
        };
        while !sending.done() {
            sending.send(&writer).unwrap();
        }
        drop(writer);
        let mut got = Vec::new();
        std::io::Read::read_to_end(&mut reader, &mut got).unwrap();
        let expected: Vec<u8> = (0..=255u8).cycle().skip(1000).take(3000).collect();
        assert_eq!(got, expected);
        // Past the file's end: an error, not a loop.
        let mut beyond = Sending {
            source: Source::File(range(4000, 500)),
            sent: 0,
        };
        let (_r, w) = std::os::unix::net::UnixStream::pair().unwrap();
        let first = beyond.send(&w).unwrap();
        assert_eq!(first, 96);
        assert_eq!(
            beyond.send(&w).unwrap_err().kind(),
            io::ErrorKind::UnexpectedEof
        );
    }

    #[test]
    fn bytes_in_memory_go_out_whole_through_send() {
        let (mut reader, writer) = std::os::unix::net::UnixStream::pair().unwrap();
        let bytes = Bytes::from((0..50_000u32).map(|i| (i % 251) as u8).collect::<Vec<_>>());
        let mut sending = Sending {
            source: Source::Memory(bytes.clone()),
            sent: 0,
        };
        let reading = std::thread::spawn(move || {
            let mut got = Vec::new();
            std::io::Read::read_to_end(&mut reader, &mut got).unwrap();
            got
        });
        while !sending.done() {
            sending.send(&writer).unwrap();
        }
        drop(writer);
        assert_eq!(reading.join().unwrap(), bytes);
    }
}
