//! Answers stored in the archive: a request whose parsed parameters name a stored
//! [`Question`] is answered with the stored body in the coding it negotiates, borrowed from
//! the mapping (no copy), under the stored `ETag`, after recording the answer's computed
//! months where the dynamic path records them. The bytes are those the dynamic path builds
//! (the generator builds them with the same code), so nothing but speed tells the two apart.
//! A PNG card, stored too, is answered the same way ([`card`]).

use actix_web::http::header::HeaderValue;
use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse};
use hijri::schema::{ArchivedCard, ArchivedStoredAnswer};
use hijri_view::{Question, Scope, MIN_COMPRESSED};

use crate::http::encoding::{self, Coding};
use crate::http::reply;
use crate::state::AppState;

/// The stored answer to `question` in `scope`, if the archive holds one (and stored answers
/// are on): its computed months recorded, then a 200 or 304 with `Cache-Control` from
/// `cache` (given the answer's `/events` cache rule) and the representation the request
/// negotiates. Only the default calendar's answers to requests that do not name it are
/// stored.
pub fn answer(
    req: &HttpRequest,
    state: &AppState,
    scope: &Scope,
    question: Question,
    cache: impl FnOnce(bool) -> HeaderValue,
) -> Option<HttpResponse> {
    if !state.stored_answers || scope.named {
        return None;
    }
    let stored = state.dataset.stored_answer(question.key().as_str())?;
    let response = respond(req, state, stored, cache(stored.immutable))?;
    let computed = stored.computed.iter().flat_map(|range| {
        let [start, end] = range.map(|i| i.to_native() as usize);
        start..end
    });
    state.recorder.stored(computed, stored.tiers);
    Some(response)
}

/// The response of a stored answer, as [`reply::negotiated`] gives it for its body (`None`
/// only if the mapping cannot share the bytes).
fn respond(
    req: &HttpRequest,
    state: &AppState,
    stored: &ArchivedStoredAnswer,
    cache: HeaderValue,
) -> Option<HttpResponse> {
    let etag = &stored.etag;
    let identity = &stored.identity;
    if identity.len() < MIN_COMPRESSED {
        let (tag, body) = shared(state, etag, identity)?;
        return Some(reply::respond(req, cache, tag, reply::JSON, body));
    }
    let coding = encoding::negotiate(req.headers());
    let chosen = match coding {
        Coding::Brotli => stored.brotli.as_ref(),
        Coding::Gzip => stored.gzip.as_ref(),
        Coding::Identity => None,
    };
    // A coding not stored (it would not have been smaller) sends the body as it is.
    let (tag, body, coding) = match chosen {
        Some(representation) => (&representation.etag, &representation.bytes, coding),
        None => (etag, identity, Coding::Identity),
    };
    let (tag, body) = shared(state, tag, body)?;
    Some(reply::varied(req, cache, tag, reply::JSON, coding, || body))
}

/// An `ETag` (copied) and bytes of the archive (sharing the mapping). The tag is copied:
/// actix keeps a sent answer's headers in its per-worker pool until the worker answers
/// again, and a shared tag would keep a replaced archive mapped until then; the body is
/// dropped when sent.
fn shared(state: &AppState, etag: &str, bytes: &[u8]) -> Option<(HeaderValue, Bytes)> {
    let tag = HeaderValue::from_str(etag).ok()?;
    Some((tag, state.archive.share(bytes)?))
}

/// A stored PNG card, as the API's card endpoints and the page's thumbnails answer it: its
/// stored `ETag`, immutable, the body sharing the mapped bytes (no copy; it keeps this
/// archive mapped until it is sent, even if another archive is swapped in meanwhile).
pub fn card(req: &HttpRequest, state: &AppState, card: &ArchivedCard) -> HttpResponse {
    let png = card.png.as_slice();
    let etag = HeaderValue::from_str(&card.etag).unwrap_or_else(|_| reply::etag(png));
    let body = state
        .archive
        .share(png)
        .unwrap_or_else(|| Bytes::copy_from_slice(png));
    reply::respond(
        req,
        reply::IMMUTABLE,
        etag,
        HeaderValue::from_static("image/png"),
        body,
    )
}
