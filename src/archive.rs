//! The archive file: a 32-byte header (magic, format version, schema hash, body length and
//! the body's xxh3-64 checksum) followed by the rkyv body. Encoding is deterministic; opening
//! checks everything once: the header, the checksum of the body, its structure (bytecheck)
//! and its meaning ([`crate::validate`]).

use std::fmt;

use crate::schema::{ArchivedDataset, Dataset};
use crate::validate::{self, Problem};

/// The first 8 bytes of every archive.
pub const MAGIC: [u8; 8] = *b"HIJRIARC";
/// Version of the file layout; bump it when the header or the encoding changes.
pub const FORMAT_VERSION: u32 = 13;
/// Fingerprint of the files of `src/schema/`, embedded at build time.
pub const SCHEMA_HASH: u32 = parse_u32(env!("HIJRI_SCHEMA_HASH"));
/// Length of the header; the rkyv body starts 16-byte aligned after it.
pub const HEADER_LEN: usize = 32;
const _: () = assert!(
    HEADER_LEN.is_multiple_of(16),
    "the body must stay 16-byte aligned"
);

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
    /// The body is not as long as the header says (a cut or padded file).
    BodyLength {
        /// Bytes after the header.
        actual: u64,
        /// Bytes the header announces.
        expected: u64,
    },
    /// The body does not hash to the checksum in the header (damaged bytes).
    Checksum {
        /// xxh3-64 of the body as read.
        actual: u64,
        /// The checksum stored in the header.
        expected: u64,
    },
    /// The body is not 16-byte aligned in memory.
    Misaligned,
    /// The body failed validation.
    Corrupt(String),
    /// The body is well formed but its content makes no sense (see [`crate::validate`]).
    Invalid(Problem),
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
            ArchiveError::BodyLength { actual, expected } => write!(
                f,
                "truncated or padded: the body is {actual} bytes, the header says {expected}; \
                 the file is damaged, regenerate it"
            ),
            ArchiveError::Checksum { actual, expected } => write!(
                f,
                "checksum mismatch: body hashes to {actual:016x}, header says {expected:016x}; \
                 the file is damaged, regenerate it"
            ),
            ArchiveError::Misaligned => write!(f, "body is not 16-byte aligned in memory"),
            ArchiveError::Corrupt(why) => write!(f, "corrupt body: {why}"),
            ArchiveError::Invalid(problem) => write!(f, "inconsistent content: {problem}"),
        }
    }
}

impl std::error::Error for ArchiveError {}

/// Encodes a dataset as archive bytes (header + rkyv body). Same dataset, same bytes.
/// Fails only if the body outgrows what rkyv's 32-bit relative pointers can reach.
pub fn encode(dataset: &Dataset) -> Result<Vec<u8>, rkyv::rancor::BoxedError> {
    let body = rkyv::to_bytes::<rkyv::rancor::BoxedError>(dataset)?;
    let mut bytes = Vec::with_capacity(HEADER_LEN + body.len());
    bytes.extend_from_slice(&header_for(&body));
    bytes.extend_from_slice(&body);
    Ok(bytes)
}

/// The header of a file whose body is `body`: magic, format version, schema hash, body
/// length and checksum. [`encode`] writes it; tests use it to re-seal a body they changed.
pub fn header_for(body: &[u8]) -> [u8; HEADER_LEN] {
    let mut header = [0u8; HEADER_LEN];
    header[..8].copy_from_slice(&MAGIC);
    header[8..12].copy_from_slice(&FORMAT_VERSION.to_le_bytes());
    header[12..16].copy_from_slice(&SCHEMA_HASH.to_le_bytes());
    header[16..24].copy_from_slice(&(body.len() as u64).to_le_bytes());
    header[24..32].copy_from_slice(&checksum(body).to_le_bytes());
    header
}

/// The checksum of a body: xxh3, 64 bits (tens of milliseconds for the whole archive).
pub fn checksum(body: &[u8]) -> u64 {
    xxhash_rust::xxh3::xxh3_64(body)
}

/// Checks the header, the body's length and checksum, then validates the body's structure
/// (bytecheck) and meaning ([`validate::dataset`]); the bytes must start 16-byte aligned
/// (a memory map or [`rkyv::util::AlignedVec`]).
pub fn open(bytes: &[u8]) -> Result<&ArchivedDataset, ArchiveError> {
    let dataset = access(bytes)?;
    validate::dataset(dataset).map_err(ArchiveError::Invalid)?;
    Ok(dataset)
}

/// [`open`] without the check of meaning: the header, length, checksum and structure only.
/// For a reader that takes nothing on trust but what its own keys vouch for (the generator
/// reusing a previous archive's cards and tables by the fingerprints of their inputs).
pub fn access(bytes: &[u8]) -> Result<&ArchivedDataset, ArchiveError> {
    let (header, body) = bytes
        .split_first_chunk::<HEADER_LEN>()
        .ok_or(ArchiveError::Truncated(bytes.len()))?;
    if header[..8] != MAGIC {
        return Err(ArchiveError::BadMagic);
    }
    let format = u32::from_le_bytes(field::<8, 4>(header));
    if format != FORMAT_VERSION {
        return Err(ArchiveError::WrongFormat(format));
    }
    let schema = u32::from_le_bytes(field::<12, 4>(header));
    if schema != SCHEMA_HASH {
        return Err(ArchiveError::WrongSchema(schema));
    }
    let (actual, expected) = (
        body.len() as u64,
        u64::from_le_bytes(field::<16, 8>(header)),
    );
    if actual != expected {
        return Err(ArchiveError::BodyLength { actual, expected });
    }
    let (actual, expected) = (checksum(body), u64::from_le_bytes(field::<24, 8>(header)));
    if actual != expected {
        return Err(ArchiveError::Checksum { actual, expected });
    }
    if !(body.as_ptr() as usize).is_multiple_of(16) {
        return Err(ArchiveError::Misaligned);
    }
    rkyv::access::<ArchivedDataset, rkyv::rancor::BoxedError>(body)
        .map_err(|e| ArchiveError::Corrupt(e.to_string()))
}

/// The `N` header bytes at offset `AT`; the compiler refuses a field outside the header.
fn field<const AT: usize, const N: usize>(header: &[u8; HEADER_LEN]) -> [u8; N] {
    const { assert!(AT + N <= HEADER_LEN, "header field outside the header") };
    let mut out = [0u8; N];
    for (to, from) in out.iter_mut().zip(header.iter().skip(AT)) {
        *to = *from;
    }
    out
}

/// Parses a decimal `u32` at compile time (the schema hash from `build.rs`).
#[allow(clippy::indexing_slicing, reason = "the loop keeps i < bytes.len()")]
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
