//! Response bodies handed to actix-http in slices ([`shared`]). actix-http copies each chunk
//! a body yields into its connection's write buffer and writes from there; a body given as
//! one piece is copied whole, so a client that does not read would make every connection
//! hold a private copy of its answer (2.5 MB for `/hilal/history?include=sites`). Yielded in
//! slices of [`SLICE`] bytes (which share the body's memory), a connection holds at most its
//! write buffer (64 KiB, `crate::serve`) and one slice of its own, and every connection
//! sending the same answer shares one body. On the service's own connections a body of
//! 16 KiB or more skips actix's buffer: the connection sends a stored one from the archive's
//! file and a kept one from its shared bytes ([`send`], [`super::zero_copy`]); the slices are
//! for the in-process service.

use std::convert::Infallible;
use std::pin::Pin;
use std::task::{Context, Poll};

use actix_web::body::{BodySize, BoxBody, MessageBody};
use actix_web::http::Method;
use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse, HttpResponseBuilder};

use super::zero_copy::{self, FileRange, Outbox, ZeroCopy};

/// A response body: its bytes and, for a part of the archive opened from a file, where they
/// lie in it (so that it can be sent from the file).
pub struct Part {
    /// The bytes.
    pub bytes: Bytes,
    /// The same bytes in the archive's file.
    pub in_file: Option<FileRange>,
}

impl From<Bytes> for Part {
    fn from(bytes: Bytes) -> Part {
        Part {
            bytes,
            in_file: None,
        }
    }
}

/// `response` with `part` as its body: a body of at least [`zero_copy::FROM`] bytes asked by
/// `GET` on a connection that sends past actix's buffer (its [`Outbox`] is in the
/// connection's data: not in the tests' in-process service) goes out from the archive's file
/// when it is stored there, else from its shared memory; any other as [`shared`] bytes.
pub fn send(req: &HttpRequest, mut response: HttpResponseBuilder, part: Part) -> HttpResponse {
    let range = part.in_file.filter(|range| range.len >= zero_copy::FROM);
    let outbox = req
        .conn_data::<Outbox>()
        .filter(|_| req.method() == Method::GET);
    match (range, outbox) {
        (Some(range), Some(outbox)) => {
            response
                .no_chunking(range.len)
                .body(ZeroCopy::new(outbox.clone(), &part.bytes, range))
        }
        (None, Some(outbox)) if part.bytes.len() as u64 >= zero_copy::FROM => response
            .no_chunking(part.bytes.len() as u64)
            .body(ZeroCopy::memory(outbox.clone(), part.bytes)),
        _ => response.body(shared(part.bytes)),
    }
}

/// The largest piece of a body actix-http is given at a time.
pub const SLICE: usize = 32 * 1024;

/// `bytes` as a response body: in one piece when it fits in a [`SLICE`], else in slices.
pub fn shared(bytes: Bytes) -> BoxBody {
    if bytes.len() <= SLICE {
        BoxBody::new(bytes)
    } else {
        BoxBody::new(Sliced(bytes))
    }
}

/// A body that yields its bytes [`SLICE`] at a time (each a view of the same memory).
struct Sliced(Bytes);

impl MessageBody for Sliced {
    type Error = Infallible;

    fn size(&self) -> BodySize {
        BodySize::Sized(self.0.len() as u64)
    }

    fn poll_next(
        self: Pin<&mut Self>,
        _: &mut Context<'_>,
    ) -> Poll<Option<Result<Bytes, Infallible>>> {
        let rest = &mut self.get_mut().0;
        if rest.is_empty() {
            return Poll::Ready(None);
        }
        let slice = rest.split_to(rest.len().min(SLICE));
        Poll::Ready(Some(Ok(slice)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[actix_web::test]
    async fn slices_share_the_body_and_add_up_to_it() {
        let bytes = Bytes::from((0..80_000u32).map(|i| i as u8).collect::<Vec<u8>>());
        let mut body = Sliced(bytes.clone());
        assert_eq!(body.size(), BodySize::Sized(80_000));
        let mut joined = Vec::new();
        let mut sizes = Vec::new();
        while let Some(slice) = std::future::poll_fn(|cx| Pin::new(&mut body).poll_next(cx)).await {
            let slice = slice.unwrap();
            // A view of the same memory, not a copy.
            let offset = slice.as_ptr() as usize - bytes.as_ptr() as usize;
            assert_eq!(offset, joined.len());
            sizes.push(slice.len());
            joined.extend_from_slice(&slice);
        }
        assert_eq!(sizes, [SLICE, SLICE, 80_000 - 2 * SLICE]);
        assert_eq!(joined, bytes);
        // A small body stays one piece.
        let small = shared(Bytes::from_static(b"{}"));
        assert_eq!(small.try_into_bytes().unwrap(), Bytes::from_static(b"{}"));
    }
}
