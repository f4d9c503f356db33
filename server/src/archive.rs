//! The mapped archive: map the file, check it once (header, checksum, structure, meaning) and
//! own the mapping together with the validated root. An [`Archive`] lives behind an `Arc`
//! for as long as a request or a response body still uses it, so a replaced archive is
//! unmapped only after its last reader is done.

use std::fmt;
use std::fs::{File, FileType, OpenOptions};
use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use actix_web::web::Bytes;
use hijri::archive::{self, ArchiveError};
use hijri::schema::{ArchivedChain, ArchivedDataset, ArchivedTable};
use hijri::validate::{Place, Problem, Violation};
use hijri_view::answers::places::PlaceIndex;
use memmap2::MmapOptions;
use self_cell::self_cell;

use crate::http::body::Part;
use crate::http::zero_copy::FileRange;

/// Why the archive could not be opened.
#[derive(Debug)]
pub enum OpenError {
    /// The file could not be opened or mapped.
    Io(PathBuf, std::io::Error),
    /// The file is not a valid archive for this build.
    Invalid(PathBuf, ArchiveError),
    /// The path names something other than a regular file (what it is).
    NotAFile(PathBuf, &'static str),
}

/// What a file that is not a regular one is, for the refusal.
fn kind_name(kind: FileType) -> &'static str {
    if kind.is_dir() {
        "a directory"
    } else if kind.is_fifo() {
        "a FIFO"
    } else if kind.is_char_device() || kind.is_block_device() {
        "a device"
    } else if kind.is_socket() {
        "a socket"
    } else {
        "not a regular file"
    }
}

impl fmt::Display for OpenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpenError::Io(path, e) => write!(f, "cannot read archive {}: {e}", path.display()),
            OpenError::Invalid(path, e) => write!(f, "invalid archive {}: {e}", path.display()),
            OpenError::NotAFile(path, kind) => write!(
                f,
                "cannot read archive {}: it is {kind}, not a regular file",
                path.display()
            ),
        }
    }
}

impl std::error::Error for OpenError {}

/// The validated root, its default calendar, that calendar's published table and the places
/// by id, borrowed from the mapped bytes that own them.
struct Root<'a> {
    dataset: &'a ArchivedDataset,
    default: &'a ArchivedChain,
    table: &'a ArchivedTable,
    places: PlaceIndex<'a>,
}

self_cell!(
    /// The mapped bytes (shared, so response bodies can hold on to them) and the validated
    /// root borrowed from them.
    struct Mapped {
        owner: Bytes,
        #[covariant]
        dependent: Root,
    }
);

/// One opened archive: the mapping and its validated root, and the file it maps (kept open,
/// so that a body sent from it with `sendfile` reads this file even after a newer one is
/// renamed over its path).
pub struct Archive {
    mapped: Mapped,
    file: Option<Arc<File>>,
}

impl Archive {
    /// Checks `bytes` (a whole archive file, 16-byte aligned) and keeps them with their root.
    pub fn from_bytes(bytes: Bytes) -> Result<Archive, ArchiveError> {
        Ok(Archive {
            mapped: Mapped::try_new(bytes, |bytes| {
                let dataset = archive::open(bytes)?;
                // `validate` refuses an archive without chains, or whose default chain has no
                // published table; these never fail.
                let refused = |violation| {
                    ArchiveError::Invalid(Problem {
                        place: Place::Archive,
                        violation,
                    })
                };
                let default = dataset
                    .default_chain()
                    .ok_or_else(|| refused(Violation::NoChains))?;
                let table = default
                    .table
                    .as_ref()
                    .ok_or_else(|| refused(Violation::DefaultWithoutTable))?;
                Ok::<_, ArchiveError>(Root {
                    dataset,
                    default,
                    table,
                    places: PlaceIndex::new(dataset),
                })
            })?,
            file: None,
        })
    }

    /// The validated root: every calendar, the sites, the cards and the stored answers.
    pub fn dataset(&self) -> &ArchivedDataset {
        self.mapped.borrow_dependent().dataset
    }

    /// The places by id.
    pub fn places(&self) -> &PlaceIndex<'_> {
        &self.mapped.borrow_dependent().places
    }

    /// The default calendar.
    pub fn default_chain(&self) -> &ArchivedChain {
        self.mapped.borrow_dependent().default
    }

    /// The default calendar's published table (the contract's `/meta` describes it).
    pub fn default_table(&self) -> &ArchivedTable {
        self.mapped.borrow_dependent().table
    }

    /// `part` (a slice of this archive, such as a PNG card) as shared bytes that keep the
    /// mapping alive without copying, and where it lies in the file; `None` if `part` does
    /// not lie inside the archive.
    pub fn share(&self, part: &[u8]) -> Option<Part> {
        let whole = self.mapped.borrow_owner();
        let start = (part.as_ptr() as usize).checked_sub(whole.as_ptr() as usize)?;
        let end = start.checked_add(part.len())?;
        (end <= whole.len()).then(|| Part {
            bytes: whole.slice(start..end),
            // The mapping starts at the file's first byte.
            in_file: self.file.as_ref().map(|file| FileRange {
                file: Arc::clone(file),
                offset: start as u64,
                len: part.len() as u64,
            }),
        })
    }
}

impl fmt::Debug for Archive {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let table = self.default_table();
        f.debug_struct("Archive")
            .field("bytes", &self.mapped.borrow_owner().len())
            .field("data_version", &table.data_version.as_str())
            .field("table_version", &table.table_version.as_str())
            .finish()
    }
}

/// Maps and checks the archive at `path`. The mapping is released when the returned
/// archive and every response body sharing its bytes are dropped.
#[allow(
    unsafe_code,
    reason = "the workspace's first unsafe block (the others: http/socket.rs, main.rs): mapping a file (SAFETY below)"
)]
pub fn open(path: &Path) -> Result<Archive, OpenError> {
    let io = |e| OpenError::Io(path.to_owned(), e);
    // Non-blocking, so that a FIFO (or a device) opens at once instead of waiting for a
    // writer; it is then refused by its type. A regular file reads as ever.
    let file = OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
        .map_err(io)?;
    let kind = file.metadata().map_err(io)?.file_type();
    if !kind.is_file() {
        return Err(OpenError::NotAFile(path.to_owned(), kind_name(kind)));
    }
    // SAFETY: the mapped bytes must not change while mapped. The generator never writes into
    // an archive: it writes a new file and renames it over the old one, so this mapping keeps
    // the old file's bytes. Copying over the live file in place would break this (docs/deploy.md
    // says so): the server would then see changing bytes or die of SIGBUS. `populate` maps
    // every page at once: the checksum reads them all anyway.
    let map = unsafe { MmapOptions::new().populate().map(&file) }.map_err(io)?;
    let mut archive = Archive::from_bytes(Bytes::from_owner(map))
        .map_err(|e| OpenError::Invalid(path.to_owned(), e))?;
    archive.file = Some(Arc::new(file));
    Ok(archive)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_and_short_files_are_refused() {
        let dir = std::env::temp_dir().join(format!("hijri-open-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let missing = open(&dir.join("absent.archive")).unwrap_err();
        assert!(matches!(missing, OpenError::Io(..)), "{missing}");
        let empty = dir.join("empty.archive");
        std::fs::write(&empty, b"").unwrap();
        assert!(open(&empty).is_err());
        for (not_a_file, kind) in [
            (dir.clone(), "a directory"),
            ("/dev/null".into(), "a device"),
        ] {
            let error = open(&not_a_file).unwrap_err();
            assert!(
                matches!(error, OpenError::NotAFile(_, k) if k == kind),
                "{error}"
            );
        }
        let short = dir.join("short.archive");
        std::fs::write(&short, b"HIJRI").unwrap();
        let error = open(&short).unwrap_err();
        assert!(error.to_string().contains("truncated"), "{error}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
