//! The error envelope `{error: {code, message}}`: every error code of the interface, its HTTP
//! status, and the fallback handlers for unknown paths and methods.

use std::borrow::Cow;
use std::fmt;

use actix_web::http::header::{self, HeaderValue};
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, ResponseError};
use serde::Serialize;

pub use hijri_view::error::{truncated, ErrorCode, NearestPlace};

/// An error answer: a code and a human-readable message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// The code (and through it the status).
    pub code: ErrorCode,
    /// What went wrong, for people.
    pub message: Cow<'static, str>,
    /// An HTML page sent instead of the JSON envelope (the page for people at `/` answers
    /// its errors in its own language).
    pub html: Option<String>,
    /// The nearest place, for `no_place_near`: the error object's `nearest` field.
    pub nearest: Option<Box<NearestPlace>>,
}

impl ApiError {
    /// An error with a message.
    pub fn new(code: ErrorCode, message: impl Into<Cow<'static, str>>) -> ApiError {
        ApiError {
            code,
            message: message.into(),
            html: None,
            nearest: None,
        }
    }

    /// The same error, answered with the HTML page `html` (same status and code).
    pub fn with_html(self, html: String) -> ApiError {
        ApiError {
            html: Some(html),
            ..self
        }
    }
}

impl From<hijri_view::Refusal> for ApiError {
    fn from(refusal: hijri_view::Refusal) -> ApiError {
        ApiError {
            code: refusal.code,
            message: refusal.message,
            html: None,
            nearest: refusal.nearest,
        }
    }
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code.as_str(), self.message)
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        status(self.code)
    }

    /// The envelope, as JSON (or the error's HTML page), never stored by caches; the code is
    /// kept in the response's extensions for the request log.
    fn error_response(&self) -> HttpResponse {
        #[derive(Serialize)]
        struct Envelope<'a> {
            error: Body<'a>,
        }
        #[derive(Serialize)]
        struct Body<'a> {
            code: &'static str,
            message: &'a str,
            #[serde(skip_serializing_if = "Option::is_none")]
            nearest: Option<Nearest<'a>>,
        }
        #[derive(Serialize)]
        struct Nearest<'a> {
            id: &'a str,
            name: &'a str,
            distance_km: f64,
        }
        let (content_type, body) = match &self.html {
            Some(html) => ("text/html; charset=utf-8", html.clone().into_bytes()),
            None => {
                #[allow(
                    clippy::expect_used,
                    reason = "two strings, written into memory: serde_json refuses nothing there"
                )]
                let json = serde_json::to_vec(&Envelope {
                    error: Body {
                        code: self.code.as_str(),
                        message: &self.message,
                        nearest: self.nearest.as_deref().map(|n| Nearest {
                            id: &n.id,
                            name: &n.name,
                            distance_km: n.distance_km(),
                        }),
                    },
                })
                .expect("serialising strings into memory cannot fail");
                ("application/json", json)
            }
        };
        let mut response = HttpResponse::build(status(self.code))
            .insert_header((header::CONTENT_TYPE, HeaderValue::from_static(content_type)))
            .insert_header((header::CACHE_CONTROL, HeaderValue::from_static("no-store")))
            .body(body);
        // The code rides along for the request log.
        response.extensions_mut().insert(self.code);
        response
    }
}

/// Fallback for paths that match no route: 404 `not_found`.
pub async fn not_found(req: HttpRequest) -> HttpResponse {
    ApiError::new(
        ErrorCode::NotFound,
        format!("no resource at {}", truncated(req.path())),
    )
    .error_response()
}

/// Fallback for a known path asked with a method other than GET or HEAD: 405 with
/// `Allow: GET, HEAD`.
pub fn method_not_allowed(req: &HttpRequest) -> HttpResponse {
    let mut response = ApiError::new(
        ErrorCode::MethodNotAllowed,
        format!(
            "{} is not allowed here; use GET or HEAD",
            truncated(req.method().as_str())
        ),
    )
    .error_response();
    response
        .headers_mut()
        .insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
    response
}

/// The HTTP status of a code (the code list keeps each status number).
fn status(code: ErrorCode) -> StatusCode {
    StatusCode::from_u16(code.status()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_are_http_statuses() {
        for &code in ErrorCode::ALL {
            assert_eq!(status(code).as_u16(), code.status(), "{code:?}");
        }
    }
}
