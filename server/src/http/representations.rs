//! A text answer made once and kept in every coding it is sent in ([`Representations`]): the
//! body as it is and, from [`MIN_COMPRESSED`] bytes on, its gzip and brotli forms, each with
//! its strong `ETag`. Every request for it gets a view of the same bytes (no copy), in the
//! coding it negotiates, as [`reply`] sends a body compressed per request.

use actix_web::http::header::HeaderValue;
use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse};

use super::encoding::{Coding, MIN_COMPRESSED};
use super::reply;

/// One coding of the body and its `ETag`.
#[derive(Debug)]
struct Representation {
    etag: HeaderValue,
    bytes: Bytes,
}

impl Representation {
    fn of(body: &[u8], coding: Coding) -> Representation {
        Representation {
            etag: reply::representation_etag(body, coding),
            bytes: coding.encode(body).into(),
        }
    }
}

/// A body in each coding it is sent in, with its content type.
#[derive(Debug)]
pub struct Representations {
    content_type: HeaderValue,
    identity: Representation,
    /// gzip and brotli, for bodies of at least [`MIN_COMPRESSED`] bytes.
    coded: Option<[Representation; 2]>,
}

impl Representations {
    /// `body` of `content_type`, compressed now into the codings it may be sent in.
    pub fn new(content_type: HeaderValue, body: Vec<u8>) -> Representations {
        let coded = (body.len() >= MIN_COMPRESSED).then(|| {
            [
                Representation::of(&body, Coding::Gzip),
                Representation::of(&body, Coding::Brotli),
            ]
        });
        Representations {
            content_type,
            identity: Representation {
                etag: reply::etag(&body),
                bytes: body.into(),
            },
            coded,
        }
    }

    /// The bytes held, every coding together.
    pub fn bytes_held(&self) -> usize {
        let coded = self.coded.iter().flatten().map(|r| r.bytes.len());
        self.identity.bytes.len() + coded.sum::<usize>()
    }

    /// The 200 (or 304) of the representation the request negotiates, with `cache` as its
    /// `Cache-Control`.
    pub fn respond(&self, req: &HttpRequest, cache: HeaderValue) -> HttpResponse {
        let content_type = self.content_type.clone();
        let Some(coding) = reply::kept_coding(req, self.identity.bytes.len(), |_| true) else {
            let Representation { etag, bytes } = &self.identity;
            return reply::respond(req, cache, etag.clone(), content_type, bytes.clone());
        };
        let chosen = match (coding, &self.coded) {
            (Coding::Gzip, Some([gzip, _])) => gzip,
            (Coding::Brotli, Some([_, brotli])) => brotli,
            _ => &self.identity,
        };
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::test::TestRequest;

    #[test]
    fn each_coding_is_kept_once_and_shared() {
        let body = br#"{"days":[1,2,3,4,5,6,7,8,9,10]}"#.repeat(100);
        let kept = Representations::new(reply::JSON, body.clone());
        let ask = |accept: &str| {
            let req = TestRequest::default()
                .insert_header(("accept-encoding", accept))
                .to_http_request();
            kept.respond(&req, reply::IMMUTABLE)
        };
        let gzip = ask("gzip");
        assert_eq!(
            gzip.headers().get("etag"),
            Some(&reply::representation_etag(&body, Coding::Gzip))
        );
        assert_eq!(gzip.headers().get("content-encoding").unwrap(), "gzip");
        let identity = ask("identity");
        assert_eq!(identity.headers().get("etag"), Some(&reply::etag(&body)));
        let body_of = |response: HttpResponse| {
            use actix_web::body::MessageBody;
            response.into_body().try_into_bytes().ok()
        };
        // 3,100 bytes: one slice, the kept bytes themselves.
        let sent = body_of(identity).unwrap();
        assert_eq!(sent.as_ptr(), kept.identity.bytes.as_ptr());
        assert!(kept.bytes_held() > body.len());
        // A small body is kept as it is only, and not varied.
        let small = Representations::new(reply::JSON, b"{}".to_vec());
        assert_eq!(small.bytes_held(), 2);
        let req = TestRequest::default()
            .insert_header(("accept-encoding", "br"))
            .to_http_request();
        let response = small.respond(&req, reply::IMMUTABLE);
        assert!(response.headers().get("vary").is_none());
    }
}
