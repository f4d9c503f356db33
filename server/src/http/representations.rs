//! A text answer made once and kept in the codings it is asked in ([`Representations`]): the
//! body as it is and, from [`MIN_COMPRESSED`] bytes on, its gzip and brotli forms, each made
//! on its first request, with its strong `ETag`. Every request for it gets a view of the same
//! bytes (no copy), in the coding it negotiates, as [`reply`] sends a body compressed per
//! request. What it holds is counted as the allocator holds it ([`Representations::bytes_held`]).

use std::sync::OnceLock;

use actix_web::http::header::HeaderValue;
use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse};

use super::encoding::{Coding, MIN_COMPRESSED};
use super::reply;

/// What `Bytes` allocates for itself once it is shared (its reference count and buffer,
/// 24 bytes, in the allocator's 32-byte class): a kept body or tag is shared by its first
/// response.
const SHARED: usize = 32;

/// The bytes the allocator (jemalloc) hands out for a request of `len` bytes: 8 and 16, then
/// four size classes between powers of two (multiples of 16 up to 128, of 32 up to 256, …, of
/// 4 KiB from 16 KiB to 32 KiB, …), which is at most 25 % above `len`.
pub fn allocated(len: usize) -> usize {
    if len <= 16 {
        return len.next_multiple_of(8);
    }
    // len - 1 >= 16, so its highest bit is at least 4.
    let highest = usize::BITS - 1 - (len - 1).leading_zeros();
    let step = (1_usize << (highest - 2)).max(16);
    len.checked_next_multiple_of(step).unwrap_or(usize::MAX)
}

/// One coding of the body and its `ETag`.
#[derive(Debug)]
struct Representation {
    etag: HeaderValue,
    bytes: Bytes,
}

impl Representation {
    /// `body` as it is under `etag`, its buffer cut to its length.
    fn kept(etag: HeaderValue, mut body: Vec<u8>) -> Representation {
        body.shrink_to_fit();
        Representation {
            etag,
            bytes: body.into(),
        }
    }

    /// `body` in `coding`.
    fn of(body: &[u8], coding: Coding) -> Representation {
        Representation::kept(
            reply::representation_etag(body, coding),
            coding.encode(body),
        )
    }

    /// The bytes it holds: its body and its tag, each with what sharing it allocates.
    fn bytes_held(&self) -> usize {
        allocated(self.bytes.len()) + SHARED + allocated(self.etag.len()) + SHARED
    }
}

/// A body in each coding it has been asked in, with its content type.
#[derive(Debug)]
pub struct Representations {
    content_type: HeaderValue,
    identity: Representation,
    /// gzip, made on its first request (bodies of at least [`MIN_COMPRESSED`] bytes).
    gzip: OnceLock<Representation>,
    /// brotli, the same way.
    brotli: OnceLock<Representation>,
}

impl Representations {
    /// `body` of `content_type`, kept as it is; its compressed forms are made when asked.
    pub fn new(content_type: HeaderValue, body: Vec<u8>) -> Representations {
        Representations {
            content_type,
            identity: Representation::kept(reply::etag(&body), body),
            gzip: OnceLock::new(),
            brotli: OnceLock::new(),
        }
    }

    /// The representation sent in `coding`, made now if it is not yet (identity for a body
    /// under [`MIN_COMPRESSED`] bytes); and whether this call made it.
    fn coded(&self, coding: Coding) -> (&Representation, bool) {
        let slot = match coding {
            Coding::Gzip => &self.gzip,
            Coding::Brotli => &self.brotli,
            Coding::Identity => return (&self.identity, false),
        };
        if self.identity.bytes.len() < MIN_COMPRESSED {
            return (&self.identity, false);
        }
        let mut made = false;
        let chosen = slot.get_or_init(|| {
            made = true;
            Representation::of(&self.identity.bytes, coding)
        });
        (chosen, made)
    }

    /// Makes the representation in `coding` if it is not made yet; true if this call made
    /// it (then [`Representations::bytes_held`] grew).
    pub fn prepare(&self, coding: Coding) -> bool {
        self.coded(coding).1
    }

    /// The bytes held, every coding made so far together, as the allocator holds them.
    pub fn bytes_held(&self) -> usize {
        let coded = [&self.gzip, &self.brotli]
            .into_iter()
            .filter_map(OnceLock::get)
            .map(Representation::bytes_held);
        allocated(self.content_type.len()) + self.identity.bytes_held() + coded.sum::<usize>()
    }

    /// The 200 (or 304) of the representation the request negotiates, with `cache` as its
    /// `Cache-Control` (made now if it is the first request in that coding).
    pub fn respond(&self, req: &HttpRequest, cache: HeaderValue) -> HttpResponse {
        let content_type = self.content_type.clone();
        let Some(coding) = reply::kept_coding(req, self.identity.bytes.len(), |_| true) else {
            let Representation { etag, bytes } = &self.identity;
            return reply::respond(req, cache, etag.clone(), content_type, bytes.clone());
        };
        let (chosen, _) = self.coded(coding);
        let bytes = chosen.bytes.clone();
        reply::varied(
            req,
            cache,
            chosen.etag.clone(),
            content_type,
            coding,
            || bytes,
        )
    }

    /// The codings made so far, identity first.
    #[cfg(test)]
    pub(crate) fn made(&self) -> Vec<Coding> {
        let coded = [(Coding::Gzip, &self.gzip), (Coding::Brotli, &self.brotli)];
        std::iter::once(Coding::Identity)
            .chain(
                coded
                    .into_iter()
                    .filter(|(_, slot)| slot.get().is_some())
                    .map(|(coding, _)| coding),
            )
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::test::TestRequest;

    fn ask(kept: &Representations, accept: &str) -> HttpResponse {
        let req = TestRequest::default()
            .insert_header(("accept-encoding", accept))
            .to_http_request();
        kept.respond(&req, reply::IMMUTABLE)
    }

    #[test]
    fn the_allocators_size_classes() {
        let classes = [
            (0, 0),
            (1, 8),
            (8, 8),
            (9, 16),
            (17, 32),
            (33, 48),
            (100, 112),
            (129, 160),
            (1025, 1280),
            (14_337, 16_384),
            (16_385, 20_480),
            (3_000_000, 3_145_728),
        ];
        for (len, class) in classes {
            assert_eq!(allocated(len), class, "{len}");
        }
        assert_eq!(allocated(usize::MAX), usize::MAX);
    }

    #[test]
    fn each_coding_is_made_on_its_first_request_kept_once_and_shared() {
        let body = br#"{"days":[1,2,3,4,5,6,7,8,9,10]}"#.repeat(100);
        let kept = Representations::new(reply::JSON, body.clone());
        // Nothing is compressed before it is asked for.
        assert_eq!(kept.made(), [Coding::Identity]);
        let identity_only = kept.bytes_held();
        // 3,100 bytes (class 3,584), its tag (18, class 32), each with its shared header;
        // the content type's 16.
        assert_eq!(identity_only, 3_584 + 32 + 32 + 32 + 16);
        let gzip = ask(&kept, "gzip");
        assert_eq!(kept.made(), [Coding::Identity, Coding::Gzip]);
        assert_eq!(
            gzip.headers().get("etag"),
            Some(&reply::representation_etag(&body, Coding::Gzip))
        );
        assert_eq!(gzip.headers().get("content-encoding").unwrap(), "gzip");
        let gzip_bytes = Coding::Gzip.encode(&body);
        assert_eq!(
            kept.bytes_held(),
            identity_only + allocated(gzip_bytes.len()) + 32 + allocated(21) + 32
        );
        // Asked again, it is not made again.
        assert!(!kept.prepare(Coding::Gzip));
        assert!(kept.prepare(Coding::Brotli));
        assert_eq!(
            kept.made(),
            [Coding::Identity, Coding::Gzip, Coding::Brotli]
        );
        let identity = ask(&kept, "identity");
        assert_eq!(identity.headers().get("etag"), Some(&reply::etag(&body)));
        let body_of = |response: HttpResponse| {
            use actix_web::body::MessageBody;
            response.into_body().try_into_bytes().ok()
        };
        // One slice, the kept bytes themselves; the same coded bytes as compressed per request.
        let sent = body_of(identity).unwrap();
        assert_eq!(sent.as_ptr(), kept.identity.bytes.as_ptr());
        assert_eq!(body_of(ask(&kept, "gzip")).unwrap(), gzip_bytes);
        assert_eq!(
            body_of(ask(&kept, "br")).unwrap(),
            Coding::Brotli.encode(&body)
        );
        // A small body is kept as it is only, and not varied.
        let small = Representations::new(reply::JSON, b"{}".to_vec());
        assert!(!small.prepare(Coding::Brotli));
        assert_eq!(small.made(), [Coding::Identity]);
        assert_eq!(small.bytes_held(), 8 + 32 + 32 + 32 + 16);
        assert!(ask(&small, "br").headers().get("vary").is_none());
    }
}
