//! The archive file: a 16-byte header (magic, format version, schema hash) followed by the
//! rkyv body. Encoding is deterministic; opening validates everything once (bytecheck).

use std::fmt;

use crate::schema::{ArchivedCalendar, Calendar};

/// The first 8 bytes of every archive.
pub const MAGIC: [u8; 8] = *b"HIJRIARC";
/// Version of the file layout; bump it when the header or the encoding changes.
pub const FORMAT_VERSION: u32 = 1;
/// Fingerprint of `src/schema.rs`, embedded at build time.
pub const SCHEMA_HASH: u32 = parse_u32(env!("HIJRI_SCHEMA_HASH"));
/// Length of the header; the rkyv body starts 16-byte aligned after it.
pub const HEADER_LEN: usize = 16;

/// Why an archive could not be opened.
#[derive(Debug, PartialEq, Eq)]
pub enum ArchiveError {
    /// Shorter than a header.
    Truncated(usize),
    /// The first bytes are not [`MAGIC`].
    BadMagic,
    /// Written with another file layout.
    WrongFormat(u32),
    /// Written with another schema.
    WrongSchema(u32),
    /// The body is not 16-byte aligned in memory.
    Misaligned,
    /// The body failed validation.
    Corrupt(String),
}

impl fmt::Display for ArchiveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArchiveError::Truncated(len) => {
                write!(
                    f,
                    "truncated: {len} bytes, shorter than the {HEADER_LEN}-byte header"
                )
            }
            ArchiveError::BadMagic => write!(f, "not a Hijri archive (bad magic bytes)"),
            ArchiveError::WrongFormat(v) => {
                write!(
                    f,
                    "format version {v}, this build reads version {FORMAT_VERSION}; regenerate it"
                )
            }
            ArchiveError::WrongSchema(h) => write!(
                f,
                "schema {h:08x}, this build reads schema {SCHEMA_HASH:08x}; regenerate it"
            ),
            ArchiveError::Misaligned => write!(f, "body is not 16-byte aligned in memory"),
            ArchiveError::Corrupt(why) => write!(f, "corrupt body: {why}"),
        }
    }
}

impl std::error::Error for ArchiveError {}

/// Encodes a calendar as archive bytes (header + rkyv body). Same calendar, same bytes.
pub fn encode(calendar: &Calendar) -> Vec<u8> {
    let body = rkyv::to_bytes::<rkyv::rancor::BoxedError>(calendar)
        .expect("serialising plain owned data into memory cannot fail");
    let mut bytes = Vec::with_capacity(HEADER_LEN + body.len());
    bytes.extend_from_slice(&MAGIC);
    bytes.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    bytes.extend_from_slice(&SCHEMA_HASH.to_le_bytes());
    bytes.extend_from_slice(&body);
    bytes
}

/// Checks the header and validates the body; the bytes must start 16-byte aligned
/// (a memory map or [`rkyv::util::AlignedVec`]).
pub fn open(bytes: &[u8]) -> Result<&ArchivedCalendar, ArchiveError> {
    if bytes.len() < HEADER_LEN {
        return Err(ArchiveError::Truncated(bytes.len()));
    }
    if bytes[..8] != MAGIC {
        return Err(ArchiveError::BadMagic);
    }
    let word =
        |at: usize| u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
    if word(8) != FORMAT_VERSION {
        return Err(ArchiveError::WrongFormat(word(8)));
    }
    if word(12) != SCHEMA_HASH {
        return Err(ArchiveError::WrongSchema(word(12)));
    }
    let body = &bytes[HEADER_LEN..];
    if !(body.as_ptr() as usize).is_multiple_of(16) {
        return Err(ArchiveError::Misaligned);
    }
    rkyv::access::<ArchivedCalendar, rkyv::rancor::BoxedError>(body)
        .map_err(|e| ArchiveError::Corrupt(e.to_string()))
}

/// Parses a decimal `u32` at compile time (the schema hash from `build.rs`).
const fn parse_u32(text: &str) -> u32 {
    let bytes = text.as_bytes();
    let mut value = 0u32;
    let mut i = 0;
    while i < bytes.len() {
        value = value * 10 + (bytes[i] - b'0') as u32;
        i += 1;
    }
    value
}
