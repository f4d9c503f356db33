//! Why generation stops ([`GenerateError`]): a fact, the astronomy, the chain, a card, the
//! encoding or the writing of the archive. Every part of the generation returns it.

use std::fmt;
use std::path::PathBuf;

use hijri_astro::AstroError;
use hijri_cards::CardError;

use crate::chain::ChainError;
use crate::inputs::InputError;

/// Why generation stopped.
#[derive(Debug)]
pub enum GenerateError {
    /// A data file is missing or malformed.
    Input(InputError),
    /// The ephemeris or ΔT table is unusable, or a computation failed.
    Astro(AstroError),
    /// The month chain does not fit.
    Chain(ChainError),
    /// A card could not be rendered.
    Cards(CardError),
    /// The calendar could not be encoded as an archive body.
    Encode(rkyv::rancor::BoxedError),
    /// The calendar as encoded does not open (a bug: the generator broke a rule of meaning).
    Check(hijri::archive::ArchiveError),
    /// The archive could not be written.
    Write(PathBuf, std::io::Error),
}

impl fmt::Display for GenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenerateError::Input(e) => e.fmt(f),
            GenerateError::Astro(e) => e.fmt(f),
            GenerateError::Chain(e) => e.fmt(f),
            GenerateError::Cards(e) => e.fmt(f),
            GenerateError::Encode(e) => write!(f, "cannot encode the archive: {e}"),
            GenerateError::Check(e) => write!(f, "the archive built does not open: {e}"),
            GenerateError::Write(path, e) => write!(f, "cannot write {}: {e}", path.display()),
        }
    }
}

impl std::error::Error for GenerateError {}

impl From<InputError> for GenerateError {
    fn from(e: InputError) -> Self {
        GenerateError::Input(e)
    }
}

impl From<AstroError> for GenerateError {
    fn from(e: AstroError) -> Self {
        GenerateError::Astro(e)
    }
}

impl From<CardError> for GenerateError {
    fn from(e: CardError) -> Self {
        GenerateError::Cards(e)
    }
}

impl From<ChainError> for GenerateError {
    fn from(e: ChainError) -> Self {
        GenerateError::Chain(e)
    }
}
