//! The one error type of the astronomy layer.

use std::fmt;
use std::path::PathBuf;

/// Why an astronomical computation or a data load failed.
#[derive(Debug)]
pub enum AstroError {
    /// A data file could not be read.
    Io {
        /// The file concerned.
        path: PathBuf,
        /// The underlying I/O error.
        source: std::io::Error,
    },
    /// A file's MD5 digest differs from the one recorded beside it.
    Checksum {
        /// The file whose content does not match.
        path: PathBuf,
        /// The digest recorded in the `.md5` file.
        expected: String,
        /// The digest of the file as read.
        actual: String,
    },
    /// A data file is structurally invalid.
    Format {
        /// The file concerned.
        path: PathBuf,
        /// What is wrong with it.
        message: String,
    },
    /// One line of a text data file is malformed.
    Line {
        /// The file concerned.
        path: PathBuf,
        /// One-based line number.
        line: usize,
        /// What is wrong with the line.
        message: String,
    },
    /// An instant lies outside the span covered by the ephemeris or the ΔT table.
    OutOfRange {
        /// Which data set does not cover the instant.
        what: &'static str,
        /// The instant, as a Julian date (TDB or TT).
        jd: f64,
    },
    /// The observer's coordinates or time zone are unusable.
    InvalidObserver(String),
    /// An event (sunset, conjunction) could not be found.
    NoEvent(String),
}

impl fmt::Display for AstroError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AstroError::Io { path, source } => {
                write!(f, "cannot read {}: {source}", path.display())
            }
            AstroError::Checksum {
                path,
                expected,
                actual,
            } => write!(
                f,
                "checksum mismatch for {}: expected md5 {expected}, got {actual}",
                path.display()
            ),
            AstroError::Format { path, message } => {
                write!(f, "invalid data in {}: {message}", path.display())
            }
            AstroError::Line {
                path,
                line,
                message,
            } => write!(f, "{}:{line}: {message}", path.display()),
            AstroError::OutOfRange { what, jd } => {
                write!(f, "JD {jd:.5} is outside the span covered by the {what}")
            }
            AstroError::InvalidObserver(m) => write!(f, "invalid observer: {m}"),
            AstroError::NoEvent(m) => write!(f, "{m}"),
        }
    }
}

impl std::error::Error for AstroError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            AstroError::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}
