//! Opening the archive at start: map the file, validate it once, and keep the mapping for the
//! life of the process so every look-up borrows from it.

use std::fmt;
use std::fs::File;
use std::path::{Path, PathBuf};

use hijri::archive::{self, ArchiveError};
use hijri::schema::ArchivedCalendar;
use memmap2::{Mmap, MmapOptions};

/// Why the archive could not be opened.
#[derive(Debug)]
pub enum OpenError {
    /// The file could not be opened or mapped.
    Io(PathBuf, std::io::Error),
    /// The file is not a valid archive for this build.
    Invalid(PathBuf, ArchiveError),
}

impl fmt::Display for OpenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpenError::Io(path, e) => write!(f, "cannot read archive {}: {e}", path.display()),
            OpenError::Invalid(path, e) => write!(f, "invalid archive {}: {e}", path.display()),
        }
    }
}

impl std::error::Error for OpenError {}

/// Maps and validates the archive at `path`; the mapping lives until the process ends.
pub fn open(path: &Path) -> Result<&'static ArchivedCalendar, OpenError> {
    let io = |e| OpenError::Io(path.to_owned(), e);
    let file = File::open(path).map_err(io)?;
    // SAFETY: the generator replaces the archive by renaming a new file over it, never by
    // writing into it, so the mapped bytes do not change while the process runs. `populate`
    // maps every page at once: the checksum reads them all anyway.
    let map = unsafe { MmapOptions::new().populate().map(&file) }.map_err(io)?;
    let map: &'static Mmap = Box::leak(Box::new(map));
    archive::open(map).map_err(|e| OpenError::Invalid(path.to_owned(), e))
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
        let short = dir.join("short.archive");
        std::fs::write(&short, b"HIJRI").unwrap();
        let error = open(&short).unwrap_err();
        assert!(error.to_string().contains("truncated"), "{error}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
