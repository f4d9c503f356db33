//! Refusals: every error code of the interface with its status number, and the refusal an
//! answer's builder returns (the server turns it into the error envelope).

use std::borrow::Cow;
use std::fmt;

macro_rules! error_codes {
    ($($variant:ident = $code:literal, $status:literal;)*) => {
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

            /// The HTTP status number that goes with the code.
            pub fn status(self) -> u16 {
                match self {
                    $(ErrorCode::$variant => $status,)*
                }
            }
        }
    };
}

error_codes! {
    InvalidDate = "invalid_date", 400;
    InvalidCalendar = "invalid_calendar", 400;
    MissingParameter = "missing_parameter", 400;
    OutOfCoverage = "out_of_coverage", 400;
    InvalidRetro = "invalid_retro", 400;
    InvalidBare = "invalid_bare", 400;
    InvalidDownload = "invalid_download", 400;
    InvalidNext = "invalid_next", 400;
    InvalidTimezone = "invalid_timezone", 400;
    InvalidStep = "invalid_step", 400;
    RangeTooLarge = "range_too_large", 400;
    InvalidRange = "invalid_range", 400;
    InvalidMonth = "invalid_month", 400;
    InvalidYear = "invalid_year", 400;
    InvalidInclude = "invalid_include", 400;
    InvalidAuthority = "invalid_authority", 400;
    InvalidLang = "invalid_lang", 400;
    InvalidReminder = "invalid_reminder", 400;
    InvalidKind = "invalid_kind", 400;
    InvalidWeek = "invalid_week", 400;
    InvalidCutiBersama = "invalid_cuti_bersama", 400;
    InvalidN = "invalid_n", 400;
    InvalidMethod = "invalid_method", 400;
    InvalidDetail = "invalid_detail", 400;
    InvalidQ = "invalid_q", 400;
    InvalidCoordinates = "invalid_coordinates", 400;
    InvalidPlace = "invalid_place", 400;
    InvalidParameter = "invalid_parameter", 400;
    InvalidAt = "invalid_at", 400;
    DateOutOfSupportedRange = "date_out_of_supported_range", 400;
    DateNotFound = "date_not_found", 404;
    UnknownPlace = "unknown_place", 404;
    UnknownEclipse = "unknown_eclipse", 404;
    NoCard = "no_card", 404;
    NoPlaceNear = "no_place_near", 404;
    NotFound = "not_found", 404;
    MethodNotAllowed = "method_not_allowed", 405;
    ForbiddenOrigin = "forbidden_origin", 403;
    RateLimitExceeded = "rate_limit_exceeded", 429;
    ComputationUnavailable = "computation_unavailable", 503;
}

/// Why an answer cannot be given: a code and a human-readable message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// The code (and through it the status).
    pub code: ErrorCode,
    /// What went wrong, for people.
    pub message: Cow<'static, str>,
    /// The nearest place, where the refusal is that no place is near (`no_place_near`): the
    /// error object's `nearest` field.
    pub nearest: Option<Box<NearestPlace>>,
}

/// A place named beside a refusal's message: its id, its name and its distance from the
/// point asked, in metres (served as km to three decimals).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NearestPlace {
    /// The place's id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Its distance from the point asked, metres.
    pub distance_m: u64,
}

impl NearestPlace {
    /// The distance in km, to three decimals.
    pub fn distance_km(&self) -> f64 {
        km(self.distance_m)
    }
}

/// Whole metres as km (three decimals: the nearest f64 to the decimal, printed as it).
pub fn km(metres: u64) -> f64 {
    #[allow(
        clippy::cast_precision_loss,
        reason = "a distance on the Earth, at most 4e7 metres: exact in an f64"
    )]
    let metres = metres as f64;
    metres / 1000.0
}

impl Refusal {
    /// A refusal with a message.
    pub fn new(code: ErrorCode, message: impl Into<Cow<'static, str>>) -> Refusal {
        Refusal {
            code,
            message: message.into(),
            nearest: None,
        }
    }

    /// The same refusal, naming the nearest place in its own field.
    pub fn with_nearest(self, nearest: NearestPlace) -> Refusal {
        Refusal {
            nearest: Some(Box::new(nearest)),
            ..self
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code.as_str(), self.message)
    }
}

/// At most 100 bytes of client text, cut on a character boundary, for echoing in messages.
pub fn truncated(text: &str) -> &str {
    let mut end = text.len().min(100);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text.get(..end).unwrap_or_default()
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
        assert_eq!(ErrorCode::RateLimitExceeded.status(), 429);
        assert_eq!(ErrorCode::DateNotFound.status(), 404);
    }

    #[test]
    fn truncation_respects_characters() {
        let long = "é".repeat(80);
        assert_eq!(truncated(&long).len(), 100);
        assert_eq!(truncated("abc"), "abc");
    }
}
