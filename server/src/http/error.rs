//! The error envelope `{error: {code, message}}`: every error code of the interface, its HTTP
//! status, and the fallback handlers for unknown paths and methods.

use std::borrow::Cow;
use std::fmt;

use actix_web::http::header::{self, HeaderValue};
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, ResponseError};
use serde::Serialize;

macro_rules! error_codes {
    ($($variant:ident = $code:literal, $status:ident;)*) => {
        /// Every error code the service answers with.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum ErrorCode {
            $(
                #[doc = concat!("`", $code, "`")]
                $variant,
            )*
        }

        impl ErrorCode {
            /// Every code, in declaration order.
            pub const ALL: &'static [ErrorCode] = &[$(ErrorCode::$variant),*];

            /// The machine-readable code.
            pub fn as_str(self) -> &'static str {
                match self {
                    $(ErrorCode::$variant => $code,)*
                }
            }

            /// The HTTP status that goes with the code.
            pub fn status(self) -> StatusCode {
                match self {
                    $(ErrorCode::$variant => StatusCode::$status,)*
                }
            }
        }
    };
}

error_codes! {
    InvalidDate = "invalid_date", BAD_REQUEST;
    InvalidCalendar = "invalid_calendar", BAD_REQUEST;
    MissingParameter = "missing_parameter", BAD_REQUEST;
    OutOfCoverage = "out_of_coverage", BAD_REQUEST;
    InvalidRetro = "invalid_retro", BAD_REQUEST;
    InvalidBare = "invalid_bare", BAD_REQUEST;
    InvalidDownload = "invalid_download", BAD_REQUEST;
    InvalidNext = "invalid_next", BAD_REQUEST;
    InvalidTimezone = "invalid_timezone", BAD_REQUEST;
    InvalidStep = "invalid_step", BAD_REQUEST;
    RangeTooLarge = "range_too_large", BAD_REQUEST;
    InvalidRange = "invalid_range", BAD_REQUEST;
    InvalidMonth = "invalid_month", BAD_REQUEST;
    InvalidYear = "invalid_year", BAD_REQUEST;
    InvalidInclude = "invalid_include", BAD_REQUEST;
    InvalidFormat = "invalid_format", BAD_REQUEST;
    DateOutOfSupportedRange = "date_out_of_supported_range", BAD_REQUEST;
    DateNotFound = "date_not_found", NOT_FOUND;
    NotFound = "not_found", NOT_FOUND;
    MethodNotAllowed = "method_not_allowed", METHOD_NOT_ALLOWED;
    ForbiddenOrigin = "forbidden_origin", FORBIDDEN;
    RateLimitExceeded = "rate_limit_exceeded", TOO_MANY_REQUESTS;
    ComputationUnavailable = "computation_unavailable", SERVICE_UNAVAILABLE;
}

/// An error answer: a code and a human-readable message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// The code (and through it the status).
    pub code: ErrorCode,
    /// What went wrong, for people.
    pub message: Cow<'static, str>,
}

impl ApiError {
    /// An error with a message.
    pub fn new(code: ErrorCode, message: impl Into<Cow<'static, str>>) -> ApiError {
        ApiError {
            code,
            message: message.into(),
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
        self.code.status()
    }

    /// The envelope, as JSON, never stored by caches; the code is kept in the response's
    /// extensions for the request log.
    fn error_response(&self) -> HttpResponse {
        #[derive(Serialize)]
        struct Envelope<'a> {
            error: Body<'a>,
        }
        #[derive(Serialize)]
        struct Body<'a> {
            code: &'static str,
            message: &'a str,
        }
        #[allow(
            clippy::expect_used,
            reason = "two strings, written into memory: serde_json refuses nothing there"
        )]
        let body = serde_json::to_vec(&Envelope {
            error: Body {
                code: self.code.as_str(),
                message: &self.message,
            },
        })
        .expect("serialising strings into memory cannot fail");
        let mut response = HttpResponse::build(self.code.status())
            .insert_header((
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/json"),
            ))
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

/// At most 100 bytes of client text, cut on a character boundary, for echoing in messages.
pub fn truncated(text: &str) -> &str {
    let mut end = text.len().min(100);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique_and_snake_case() {
        let mut seen = std::collections::BTreeSet::new();
        for code in ErrorCode::ALL {
            assert!(seen.insert(code.as_str()), "{code:?} twice");
            assert!(code
                .as_str()
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b == b'_'));
        }
        assert_eq!(ErrorCode::RateLimitExceeded.status().as_u16(), 429);
        assert_eq!(ErrorCode::DateNotFound.status().as_u16(), 404);
    }

    #[test]
    fn truncation_respects_characters() {
        let long = "é".repeat(80);
        assert_eq!(truncated(&long).len(), 100);
        assert_eq!(truncated("abc"), "abc");
    }
}
