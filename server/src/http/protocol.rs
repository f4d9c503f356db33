//! The answers actix-http gives by itself, before any handler runs, to a request it cannot
//! read: 400 (not HTTP/1.1), 408 (no request head in time) and 431 (a head over its 128 KiB
//! buffer). actix writes them with an empty body and offers no hook to change them, so the
//! connection layer ([`super::connection`]) recognises one when it is written and sends the
//! JSON envelope in its place. actix writes such an answer last on its connection (it closes
//! after it), so only the end of a write is looked at: a few comparisons per write. One that
//! is split by a partial write of the socket before it starts is left as actix wrote it.

use std::io::Write;

use hijri::ascii::Ascii;

/// How far from the end of a write the start of actix's own answer can be (its head with a
/// date is about 115 bytes).
const TAIL: usize = 160;

/// One kind of answer that actix gives by itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// The status.
    pub status: u16,
    /// The status line and the empty body's length, as actix writes them.
    head: &'static [u8],
    /// The error code of the envelope.
    pub code: &'static str,
    /// The envelope's message.
    message: &'static str,
}

/// The answers actix gives by itself. (It sends no 413 on its own: the service reads no
/// request body, and a handler answers a request that has one.)
const REFUSALS: [Refusal; 3] = [
    Refusal {
        status: 400,
        head: b"HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n",
        code: "bad_request",
        message: "the request could not be read as HTTP/1.1",
    },
    Refusal {
        status: 408,
        head: b"HTTP/1.1 408 Request Timeout\r\ncontent-length: 0\r\n",
        code: "request_timeout",
        message: "no complete request head arrived in time",
    },
    Refusal {
        status: 431,
        head: b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-length: 0\r\n",
        code: "request_header_fields_too_large",
        message: "the request head is larger than the server reads (128 KiB)",
    },
];

/// Where in `written` (one write of the connection) actix's own answer starts, and which it
/// is; `None` for anything else.
pub fn find(written: &[u8]) -> Option<(usize, Refusal)> {
    if !written.ends_with(b"\r\n\r\n") {
        return None;
    }
    let from = written.len().saturating_sub(TAIL);
    let tail = written.get(from..)?;
    let start = tail.windows(9).rposition(|w| w == b"HTTP/1.1 ")?;
    let head = tail.get(start..)?;
    REFUSALS
        .into_iter()
        .find(|refusal| head.starts_with(refusal.head))
        .map(|refusal| (from + start, refusal))
}

impl Refusal {
    /// The answer sent instead of actix's `head`: the same status with the error envelope,
    /// `no-store`, the connection closing, the request id `id` and actix's `Date` line.
    pub fn envelope(&self, head: &[u8], id: &str) -> Vec<u8> {
        let body =
            serde_json::json!({"error": {"code": self.code, "message": self.message}}).to_string();
        let status_line = head.split(|&b| b == b'\n').next().unwrap_or_default();
        let date = head
            .split_inclusive(|&b| b == b'\n')
            .find(|line| line.starts_with(b"date: "));
        let mut out = Vec::with_capacity(256 + body.len());
        out.extend_from_slice(status_line);
        out.push(b'\n');
        let mut length = Ascii::<24>::new();
        length.decimal(body.len() as u64, 0);
        let _ = write!(
            out,
            "content-type: application/json\r\ncache-control: no-store\r\nconnection: close\r\n\
             x-request-id: {id}\r\ncontent-length: {length}\r\n"
        );
        out.extend_from_slice(date.unwrap_or_default());
        out.extend_from_slice(b"\r\n");
        out.extend_from_slice(body.as_bytes());
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DATE: &str = "date: Wed, 25 Nov 2026 18:54:45 GMT\r\n";

    #[test]
    fn actix_own_answers_are_found_at_the_end_of_a_write() {
        let own = format!("HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-length: 0\r\nconnection: close\r\n{DATE}\r\n");
        let (at, refusal) = find(own.as_bytes()).unwrap();
        assert_eq!((at, refusal.status), (0, 431));
        // After a pipelined answer in the same write.
        let pipelined = format!(
            "HTTP/1.1 200 OK\r\ncontent-length: 2\r\n{DATE}\r\n{{}}HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n{DATE}\r\n"
        );
        let (at, refusal) = find(pipelined.as_bytes()).unwrap();
        assert_eq!(refusal.status, 400);
        assert!(pipelined[at..].starts_with("HTTP/1.1 400"));
        // The service's own answers are never taken for them: they have a body (a HEAD
        // answer tells the body's length), and 304 is no refusal.
        for ours in [
            format!("HTTP/1.1 400 Bad Request\r\ncontent-length: 91\r\n{DATE}\r\n"),
            format!("HTTP/1.1 304 Not Modified\r\n{DATE}\r\n"),
            "HTTP/1.1 200 OK\r\ncontent-length: 4\r\n\r\n\r\n\r\n".to_owned(),
            String::new(),
        ] {
            assert_eq!(find(ours.as_bytes()), None, "{ours}");
        }
    }

    #[test]
    fn the_envelope_keeps_the_status_and_the_date() {
        let head = format!(
            "HTTP/1.1 408 Request Timeout\r\ncontent-length: 0\r\nconnection: close\r\n{DATE}\r\n"
        );
        let (_, refusal) = find(head.as_bytes()).unwrap();
        let answer = String::from_utf8(refusal.envelope(head.as_bytes(), "abc")).unwrap();
        let (head, body) = answer.split_once("\r\n\r\n").unwrap();
        assert!(
            head.starts_with("HTTP/1.1 408 Request Timeout\r\n"),
            "{head}"
        );
        assert!(
            head.contains("\r\ncontent-type: application/json\r\n"),
            "{head}"
        );
        assert!(head.contains("\r\nx-request-id: abc\r\n"), "{head}");
        assert!(head.contains(DATE.trim_end()), "{head}");
        assert!(
            head.contains(&format!("\r\ncontent-length: {}", body.len())),
            "{head}"
        );
        let json: serde_json::Value = serde_json::from_str(body).unwrap();
        assert_eq!(json["error"]["code"], "request_timeout");
    }
}
