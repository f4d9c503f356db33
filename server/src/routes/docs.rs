//! The API reference for people (the page at `/` is `home`): `/docs` (Redoc rendering
//! `/api/v1/openapi.json`), its two scripts `/docs/page.js` (ours) and
//! `/docs/redoc.standalone.js` (the vendored Redoc bundle, see
//! `server/assets/redoc/PROVENANCE.md`), and `/docs/` sending browsers to `/docs`. All are
//! compiled into the binary, so nothing is fetched from outside the server at run time.
//!
//! Like every text answer they are sent compressed when the client asks: the pages and our
//! script per request, the megabyte of Redoc from its gzip and brotli copies stored beside it
//! (compressed once, at the highest levels, and checked against it by the tests).

use std::sync::OnceLock;

use actix_web::http::header::{self, HeaderValue};
use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};

use crate::http::encoding::{self, Coding};
use crate::http::error::ApiError;
use crate::http::reply;
use crate::state::AppState;

const HTML: HeaderValue = HeaderValue::from_static("text/html; charset=utf-8");
const JAVASCRIPT: HeaderValue = HeaderValue::from_static("text/javascript; charset=utf-8");

/// `Content-Security-Policy` of the pages: only this server's scripts, data and images (the
/// browser then refuses what the bundle would fetch from elsewhere; `page.js` keeps Redoc's
/// footer logo, on a CDN, from being asked for at all); inline styles (Redoc injects its CSS)
/// and a `blob:` worker (its search).
const PAGE_POLICY: HeaderValue = HeaderValue::from_static(
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
     img-src 'self' data:; font-src 'self' data:; connect-src 'self'; worker-src blob:; \
     base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
);

/// An HTML page, negotiated like every text answer, with [`PAGE_POLICY`].
fn page(req: &HttpRequest, body: &'static [u8]) -> Result<HttpResponse, ApiError> {
    let mut response = reply::negotiated(req, reply::DOCUMENT, HTML, web::Bytes::from_static(body));
    response
        .headers_mut()
        .insert(header::CONTENT_SECURITY_POLICY, PAGE_POLICY);
    Ok(response)
}

/// `GET /docs`: the API reference page.
pub fn reference(req: &HttpRequest, _: &AppState) -> Result<HttpResponse, ApiError> {
    page(req, include_bytes!("../../assets/docs.html"))
}

/// `GET /docs/`: a permanent redirect to `/docs`, relative (`../docs`) so that it also works
/// under a proxy's sub-path.
pub fn slash(_: &HttpRequest, _: &AppState) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::build(StatusCode::MOVED_PERMANENTLY)
        .insert_header((header::LOCATION, HeaderValue::from_static("../docs")))
        .insert_header((header::CACHE_CONTROL, reply::DOCUMENT))
        .finish())
}

/// `GET /docs/page.js`: the reference page's own script, run before Redoc.
pub fn script(req: &HttpRequest, _: &AppState) -> Result<HttpResponse, ApiError> {
    Ok(reply::negotiated(
        req,
        reply::DOCUMENT,
        JAVASCRIPT,
        web::Bytes::from_static(include_bytes!("../../assets/page.js")),
    ))
}

/// The Redoc bundle as it is and in each coding, stored precompressed.
pub const REDOC: Precompressed = Precompressed {
    identity: include_bytes!("../../assets/redoc/redoc.standalone.js"),
    gzip: include_bytes!("../../assets/redoc/redoc.standalone.js.gz"),
    brotli: include_bytes!("../../assets/redoc/redoc.standalone.js.br"),
};

/// A body compiled into the binary with its gzip and brotli forms.
pub struct Precompressed {
    /// The bytes.
    pub identity: &'static [u8],
    /// gzip of them.
    pub gzip: &'static [u8],
    /// brotli of them.
    pub brotli: &'static [u8],
}

impl Precompressed {
    /// The form sent in `coding`.
    pub fn bytes(&self, coding: Coding) -> &'static [u8] {
        match coding {
            Coding::Brotli => self.brotli,
            Coding::Gzip => self.gzip,
            Coding::Identity => self.identity,
        }
    }
}

/// `GET /docs/redoc.standalone.js`: the Redoc bundle the reference page runs, in the coding
/// the request negotiates, under that representation's `ETag` (hashed once per process).
pub fn redoc(req: &HttpRequest, _: &AppState) -> Result<HttpResponse, ApiError> {
    static TAGS: OnceLock<[HeaderValue; 3]> = OnceLock::new();
    let tags = TAGS.get_or_init(|| {
        Coding::PREFERENCE.map(|coding| reply::representation_etag(REDOC.identity, coding))
    });
    let [brotli, gzip, identity] = tags;
    let coding = encoding::negotiate(req.headers());
    let tag = match coding {
        Coding::Brotli => brotli,
        Coding::Gzip => gzip,
        Coding::Identity => identity,
    };
    Ok(reply::varied(
        req,
        reply::IMMUTABLE,
        tag.clone(),
        JAVASCRIPT,
        coding,
        || web::Bytes::from_static(REDOC.bytes(coding)),
    ))
}
