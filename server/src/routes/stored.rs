//! Answers made once and kept, whatever the calendar or the endpoint. A handler reads its
//! parameters, names its question by a canonical [`Key`] (the path and the parsed values in a
//! fixed order and spelling, so every spelling of one question is one key; the calendar a
//! request names and the language of its names other than Indonesian are added here) and
//! hands over how to build its body:
//! - a [`Question`] the archive stores (the default calendar's big answers, in Indonesian) is
//!   answered with the stored body in the coding it negotiates, borrowed from the mapping,
//!   under the stored `ETag` ([`question`]);
//! - any other answer is built once per archive and kept in the answer cache
//!   ([`crate::cache`]), each coding made on its first request ([`answer`]).
//!
//! Either way the request records the computed months and tiers that building the answer
//! records, and gets the bytes the builder gives (the generator stores them with the same
//! code), so nothing but speed tells a kept answer from one built per request. A PNG card,
//! stored too, is answered from the mapping the same way ([`card`]).

use std::fmt::{Display, Write as _};

use actix_web::http::header::HeaderValue;
use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse};
use hijri::lang::Lang;
use hijri::schema::ArchivedStoredAnswer;
use hijri_view::{Media, Question, Scope};
use serde::Serialize;

use crate::cache::Kept;
use crate::http::body::Part;
use crate::http::encoding::Coding;
use crate::http::error::ApiError;
use crate::http::reply;
use crate::http::representations::Representations;
use crate::state::AppState;

/// The room a key makes for its parameters beyond the path (most keys fit: one allocation).
const KEY_PARAMETERS: usize = 96;

/// The canonical key of a question: `path?name=value&…` in the order the handler gives,
/// values escaped so that no value can pass for another parameter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Key(String);

impl Key {
    /// The key of a path, before its parameters.
    pub fn new(path: &str) -> Key {
        let mut key = String::with_capacity(path.len() + KEY_PARAMETERS);
        key.push_str(path);
        Key(key)
    }

    /// Appends one parameter (`%`, `&` and `=` in its value escaped).
    pub fn param(mut self, name: &str, value: impl Display) -> Key {
        self.0.push(if self.0.contains('?') { '&' } else { '?' });
        self.0.push_str(name);
        self.0.push('=');
        let start = self.0.len();
        // Writing into a String cannot fail.
        let _ = write!(self.0, "{value}");
        if self
            .0
            .get(start..)
            .is_some_and(|v| v.contains(['%', '&', '=']))
        {
            let value = self.0.split_off(start);
            for c in value.chars() {
                match c {
                    '%' => self.0.push_str("%25"),
                    '&' => self.0.push_str("%26"),
                    '=' => self.0.push_str("%3D"),
                    c => self.0.push(c),
                }
            }
        }
        self
    }

    /// The key text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl From<Question> for Key {
    fn from(question: Question) -> Key {
        Key(question.key().as_str().to_owned())
    }
}

/// An answer as its handler builds it.
pub struct Built {
    /// The body.
    pub body: Vec<u8>,
    /// Its `Content-Type`.
    pub content_type: HeaderValue,
    /// Whether it may be cached as immutable (the `/events` rule; true for the rest).
    pub immutable: bool,
}

impl Built {
    /// A JSON body (`capacity`: a guess of its size) that may be cached as immutable.
    #[allow(
        clippy::expect_used,
        reason = "the views are plain data with string keys, written into memory: serde_json \
                  refuses nothing there"
    )]
    pub fn json(capacity: usize, value: &impl Serialize) -> Built {
        let mut body = Vec::with_capacity(capacity);
        serde_json::to_writer(&mut body, value).expect("serialising into memory cannot fail");
        Built::text(reply::JSON, body)
    }

    /// A text body of `content_type` that may be cached as immutable.
    pub fn text(content_type: HeaderValue, body: impl Into<Vec<u8>>) -> Built {
        Built {
            body: body.into(),
            content_type,
            immutable: true,
        }
    }
}

/// The answer to `question` in `scope`: the archive's stored answer when it holds one (the
/// default calendar's, to requests that do not name it), else the kept answer built by
/// [`Question::answer`]. `cache` gives the `Cache-Control` from the answer's `/events`
/// cache rule.
pub fn question(
    req: &HttpRequest,
    state: &AppState,
    scope: &Scope,
    question: Question,
    cache: impl Fn(bool) -> HeaderValue,
) -> Result<HttpResponse, ApiError> {
    let content_type = match question.media() {
        Media::Json => reply::JSON,
        Media::Csv => reply::CSV,
    };
    // Stored answers are the default calendar's, in Indonesian.
    let stored = (state.kept_answers && !scope.named && scope.lang == Lang::Id)
        .then(|| state.dataset.stored_answer(question.key().as_str()))
        .flatten();
    // `None` also if the mapping could not share the bytes: then it is built.
    let response = stored.and_then(|stored| {
        let response = stored_response(
            req,
            state,
            stored,
            content_type.clone(),
            cache(stored.immutable),
        )?;
        Some((stored, response))
    });
    if let Some((stored, response)) = response {
        let computed = stored.computed.iter().flat_map(|range| {
            let [start, end] = range.map(|i| i.to_native() as usize);
            start..end
        });
        state.recorder.stored(computed, stored.tiers);
        return Ok(response);
    }
    answer(req, state, scope, question.into(), cache, || {
        let built = question.answer(scope)?;
        Ok(Built {
            immutable: built.immutable,
            ..Built::text(content_type, built.body)
        })
    })
}

/// [`answer`] with the cache rule of a settled answer ([`reply::HISTORY`]).
pub fn history(
    req: &HttpRequest,
    state: &AppState,
    scope: &Scope,
    key: Key,
    build: impl FnOnce() -> Result<Built, ApiError>,
) -> Result<HttpResponse, ApiError> {
    answer(req, state, scope, key, |_| reply::HISTORY, build)
}

/// The answer `build` makes for the question `key` names in `scope` (its calendar is added
/// to the key when the request named it, the language of its names when it is not
/// Indonesian), built once per archive and kept; `cache` gives
/// its `Cache-Control` from its `/events` cache rule.
pub fn answer(
    req: &HttpRequest,
    state: &AppState,
    scope: &Scope,
    key: Key,
    cache: impl FnOnce(bool) -> HeaderValue,
    build: impl FnOnce() -> Result<Built, ApiError>,
) -> Result<HttpResponse, ApiError> {
    if !state.kept_answers {
        let built = build()?;
        let cache = cache(built.immutable);
        return Ok(reply::negotiated(
            req,
            cache,
            built.content_type,
            built.body.into(),
        ));
    }
    let key = match scope.echo() {
        Some(id) => key.param("authority", id),
        None => key,
    };
    let key = match scope.lang {
        Lang::Id => key,
        lang => key.param("lang", lang.tag()),
    };
    let coding = crate::http::encoding::negotiate(req.headers());
    let kept = state.answers.get_or_build(key.as_str(), coding, || {
        let (built, served) = state.recorder.capture(build);
        let built = built?;
        Ok(Kept {
            representations: Representations::new(built.content_type, built.body),
            immutable: built.immutable,
            served,
        })
    })?;
    state.recorder.replay(&kept.served);
    Ok(kept.representations.respond(req, cache(kept.immutable)))
}

/// The response of a stored answer in the coding the request negotiates (`None` only if
/// the mapping cannot share the bytes).
fn stored_response(
    req: &HttpRequest,
    state: &AppState,
    stored: &ArchivedStoredAnswer,
    content_type: HeaderValue,
    cache: HeaderValue,
) -> Option<HttpResponse> {
    let coded = |coding| match coding {
        Coding::Brotli => stored.brotli.as_ref(),
        Coding::Gzip => stored.gzip.as_ref(),
        Coding::Identity => None,
    };
    let identity = (&stored.etag, &stored.identity);
    let Some(coding) = reply::kept_coding(req, stored.identity.len(), |c| coded(c).is_some())
    else {
        let (tag, body) = shared(state, identity.0, identity.1)?;
        return Some(reply::respond(req, cache, tag, content_type, body));
    };
    // A coding not stored (it would not have been smaller) sends the body as it is.
    let (tag, body) = coded(coding).map_or(identity, |r| (&r.etag, &r.bytes));
    let (tag, body) = shared(state, tag, body)?;
    Some(reply::varied(req, cache, tag, content_type, coding, || {
        body
    }))
}

/// An `ETag` (copied) and a part of the archive (sharing the mapping, and where it lies in
/// the file). The tag is copied: actix keeps a sent answer's headers in its per-worker pool
/// until the worker answers again, and a shared tag would keep a replaced archive mapped
/// until then; the body is dropped when sent.
fn shared(state: &AppState, etag: &str, bytes: &[u8]) -> Option<(HeaderValue, Part)> {
    let tag = HeaderValue::from_str(etag).ok()?;
    Some((tag, state.archive.share(bytes)?))
}

/// A stored PNG card (its bytes and `ETag`), as the API's card endpoints and the page's
/// thumbnails answer it: its stored `ETag`, immutable, the body a part of the archive (no
/// copy; it keeps this archive mapped, or its file open, until it is sent, even if another
/// archive is swapped in meanwhile).
pub fn card(req: &HttpRequest, state: &AppState, (png, etag): (&[u8], &str)) -> HttpResponse {
    let etag = HeaderValue::from_str(etag).unwrap_or_else(|_| reply::etag(png));
    let body = state
        .archive
        .share(png)
        .unwrap_or_else(|| Bytes::copy_from_slice(png).into());
    reply::respond(
        req,
        reply::IMMUTABLE,
        etag,
        HeaderValue::from_static("image/png"),
        body,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_canonical_text_no_value_can_forge() {
        let key = Key::new("/api/v1/compare")
            .param("year", 1447)
            .param("authorities", "kemenag,muhammadiyah");
        assert_eq!(
            key.as_str(),
            "/api/v1/compare?year=1447&authorities=kemenag,muhammadiyah"
        );
        let forged = Key::new("/")
            .param("origin", "x&lang=en")
            .param("lang", "id");
        assert_eq!(forged.as_str(), "/?origin=x%26lang%3Den&lang=id");
        assert_ne!(
            forged,
            Key::new("/").param("origin", "x").param("lang", "en")
        );
        assert_eq!(Key::new("/").param("a", "100%").as_str(), "/?a=100%25");
    }
}
