//! The API reference for people: `/docs` (Redoc rendering `/api/v1/openapi.json`) and
//! `/docs/redoc.standalone.js` (the vendored Redoc bundle, see
//! `server/assets/redoc/PROVENANCE.md`). Both are compiled into the binary, so nothing is
//! fetched from outside the server at run time (the page at `/` is `home`).

use std::sync::OnceLock;

use actix_web::http::header::{self, HeaderValue};
use actix_web::{web, HttpRequest, HttpResponse};

use crate::http::error::ApiError;
use crate::http::reply;
use crate::state::AppState;

/// The path of the docs page (`docs_url` of `/meta` is this path, or the public URL joined
/// with it).
pub const DOCS_PATH: &str = "/docs";

/// A file compiled into the binary; its `ETag` is computed on first use.
struct Asset {
    body: &'static [u8],
    content_type: &'static str,
    cache: HeaderValue,
    etag: OnceLock<HeaderValue>,
}

impl Asset {
    const fn new(body: &'static [u8], content_type: &'static str, cache: HeaderValue) -> Asset {
        Asset {
            body,
            content_type,
            cache,
            etag: OnceLock::new(),
        }
    }

    /// The answer for `req` (200, or 304 on a matching `If-None-Match`); HTML pages carry
    /// [`PAGE_POLICY`].
    fn reply(&self, req: &HttpRequest) -> Result<HttpResponse, ApiError> {
        let mut response = reply::respond(
            req,
            self.cache.clone(),
            self.etag.get_or_init(|| reply::etag(self.body)).clone(),
            HeaderValue::from_static(self.content_type),
            web::Bytes::from_static(self.body),
        );
        if self.content_type == HTML {
            response
                .headers_mut()
                .insert(header::CONTENT_SECURITY_POLICY, PAGE_POLICY);
        }
        Ok(response)
    }
}

const HTML: &str = "text/html; charset=utf-8";

/// `Content-Security-Policy` of the pages: only this server's scripts, data and images (the
/// browser then refuses what the bundle would fetch from elsewhere: Redoc's footer loads its
/// logo from a CDN); inline styles (Redoc injects its CSS) and a `blob:` worker (its search).
const PAGE_POLICY: HeaderValue = HeaderValue::from_static(
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
     img-src 'self' data:; font-src 'self' data:; connect-src 'self'; worker-src blob:; \
     base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
);

static DOCS: Asset = Asset::new(
    include_bytes!("../../assets/docs.html"),
    HTML,
    reply::DOCUMENT,
);
static REDOC: Asset = Asset::new(
    include_bytes!("../../assets/redoc/redoc.standalone.js"),
    "text/javascript; charset=utf-8",
    reply::IMMUTABLE,
);

/// `GET /docs`: the API reference page.
pub fn page(req: &HttpRequest, _: &AppState) -> Result<HttpResponse, ApiError> {
    DOCS.reply(req)
}

/// `GET /docs/redoc.standalone.js`: the Redoc bundle the reference page runs.
pub fn redoc(req: &HttpRequest, _: &AppState) -> Result<HttpResponse, ApiError> {
    REDOC.reply(req)
}
