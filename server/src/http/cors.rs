//! CORS: every origin by default, or only those listed in `ALLOWED_ORIGINS`. A request from a
//! forbidden origin gets 403 `forbidden_origin`; preflight `OPTIONS` requests are answered
//! here with 204 and the allowed methods and headers.

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderMap, HeaderValue};
use actix_web::http::Method;
use actix_web::middleware::Next;
use actix_web::{web, Error, HttpResponse, ResponseError};

use super::error::{truncated, ApiError, ErrorCode};

/// Which origins may call the service.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origins {
    /// Every origin (`*`).
    Any,
    /// Only these origins (scheme, host and port, without a trailing slash).
    Listed(Vec<String>),
}

impl Origins {
    /// Reads the `ALLOWED_ORIGINS` comma list; `*` anywhere in it allows every origin.
    pub fn parse(setting: &str) -> Origins {
        let items: Vec<&str> = setting
            .split(',')
            .map(|item| item.trim().trim_end_matches('/'))
            .filter(|item| !item.is_empty())
            .collect();
        if items.is_empty() || items.contains(&"*") {
            Origins::Any
        } else {
            Origins::Listed(items.into_iter().map(str::to_ascii_lowercase).collect())
        }
    }

    /// True if `origin` may call the service.
    pub fn allows(&self, origin: &str) -> bool {
        match self {
            Origins::Any => true,
            Origins::Listed(list) => list.iter().any(|o| o.eq_ignore_ascii_case(origin)),
        }
    }
}

impl std::fmt::Display for Origins {
    /// As `ALLOWED_ORIGINS` spells it: `*`, or the comma list.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Origins::Any => f.write_str("*"),
            Origins::Listed(list) => f.write_str(&list.join(",")),
        }
    }
}

/// The answer's fields a browser script may read: validators, the rate-limit budget, the
/// request id (to quote in a report) and the card's file name.
const EXPOSED: HeaderValue = HeaderValue::from_static(
    "ETag, Retry-After, RateLimit, RateLimit-Policy, X-Request-Id, Content-Disposition",
);
/// The request fields a preflight allows: a validator and the caller's own request id.
const ALLOWED_HEADERS: HeaderValue = HeaderValue::from_static("If-None-Match, X-Request-Id");

/// CORS around the rest of the app: answers a forbidden origin (403) or a preflight itself,
/// else calls `next` and adds the CORS headers. Run by the edge middleware ([`super::edge`]).
pub async fn cors(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, Error> {
    #[allow(
        clippy::expect_used,
        reason = "the app factory registers the origins wherever it adds this middleware"
    )]
    let origins = req
        .app_data::<web::Data<Origins>>()
        .expect("the app factory registers the origins")
        .clone();
    let origins = origins.as_ref();
    let origin = req.headers().get(header::ORIGIN).cloned();
    if let Some(origin) = &origin {
        if !origin.to_str().is_ok_and(|o| origins.allows(o)) {
            let error = ApiError::new(
                ErrorCode::ForbiddenOrigin,
                format!(
                    "origin {} may not call this service",
                    truncated(&String::from_utf8_lossy(origin.as_bytes()))
                ),
            );
            let mut response = error.error_response();
            vary(response.headers_mut(), origins);
            return Ok(req.into_response(response).map_into_right_body());
        }
    }
    let preflight = req.method() == Method::OPTIONS
        && origin.is_some()
        && req
            .headers()
            .contains_key(header::ACCESS_CONTROL_REQUEST_METHOD);
    if preflight {
        let mut response = HttpResponse::NoContent().finish();
        let headers = response.headers_mut();
        allow(headers, origins, origin.as_ref());
        headers.insert(
            header::ACCESS_CONTROL_ALLOW_METHODS,
            HeaderValue::from_static("GET, HEAD"),
        );
        headers.insert(header::ACCESS_CONTROL_ALLOW_HEADERS, ALLOWED_HEADERS);
        headers.insert(
            header::ACCESS_CONTROL_MAX_AGE,
            HeaderValue::from_static("86400"),
        );
        return Ok(req.into_response(response).map_into_right_body());
    }
    let mut response = next.call(req).await?;
    let headers = response.headers_mut();
    allow(headers, origins, origin.as_ref());
    if origin.is_some() {
        headers.insert(header::ACCESS_CONTROL_EXPOSE_HEADERS, EXPOSED);
    }
    Ok(response.map_into_left_body())
}

/// `Access-Control-Allow-Origin` for an allowed origin (`*`, or the origin itself).
fn allow(headers: &mut HeaderMap, origins: &Origins, origin: Option<&HeaderValue>) {
    match (origins, origin) {
        (Origins::Any, _) => {
            headers.insert(
                header::ACCESS_CONTROL_ALLOW_ORIGIN,
                HeaderValue::from_static("*"),
            );
        }
        (Origins::Listed(_), Some(origin)) => {
            headers.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, origin.clone());
        }
        (Origins::Listed(_), None) => {}
    }
    vary(headers, origins);
}

/// `Vary: Origin` when the answer depends on the origin.
fn vary(headers: &mut HeaderMap, origins: &Origins) {
    if matches!(origins, Origins::Listed(_)) {
        headers.append(header::VARY, HeaderValue::from_static("Origin"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origin_lists() {
        assert_eq!(Origins::parse("*"), Origins::Any);
        assert_eq!(Origins::parse(""), Origins::Any);
        assert_eq!(Origins::parse("https://a.id, *"), Origins::Any);
        let listed = Origins::parse("https://A.id/, http://b.id:8080");
        assert!(listed.allows("https://a.id"));
        assert!(listed.allows("http://b.id:8080"));
        assert!(!listed.allows("http://b.id"));
        assert!(!listed.allows("null"));
        assert!(Origins::Any.allows("null"));
    }
}
