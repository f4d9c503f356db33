//! What is served as it is stored: the PNG cards and the compressed answers with their keys.

use rkyv::{Archive, Deserialize, Serialize};

use super::HijriMonth;

/// Which card.
#[derive(Archive, Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
#[rkyv(compare(PartialEq), derive(Debug, Clone, Copy, PartialEq, Eq))]
pub enum CardKind {
    /// The sky chart (`/hilal/viz`).
    Viz,
    /// The visibility map (`/hilal/map`).
    Map,
}

/// One pre-rendered PNG card.
#[derive(Archive, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[rkyv(derive(Debug))]
pub struct Card {
    /// Index into [`Dataset::chains`] of the calendar it is drawn for.
    pub chain: u8,
    /// Target Hijri month.
    pub month: HijriMonth,
    /// Sky chart or map.
    pub kind: CardKind,
    /// The bare (1440x1520, no criteria panel) variant.
    pub bare: bool,
    /// Quoted strong ETag of the PNG bytes.
    pub etag: String,
    /// Fingerprint of everything the card is drawn from (the generator's reuse key).
    pub key: u64,
    /// The PNG file.
    pub png: Vec<u8>,
}

/// The key of a stored answer: the canonical request that asks its question (see the
/// `hijri-view` crate's `Question`), e.g. `/api/v1/year?year=1446&calendar=hijri&retro=false`.
/// Every stored answer is one of the default chain's.
#[derive(Archive, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[rkyv(derive(Debug))]
pub struct BodyKey {
    /// The key.
    pub key: String,
    /// Index into [`Dataset::answers`].
    pub answer: u32,
}

/// A complete response body written at build time, in every coding where it is smaller.
#[derive(Archive, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[rkyv(derive(Debug))]
pub struct StoredAnswer {
    /// The `/events` cache rule: every event listed comes from the official table (always
    /// true for the other families).
    pub immutable: bool,
    /// The months this answer serves from computed (or retro) data, as ranges `[start, end)`
    /// of month indices, sorted and apart: served, they are recorded as a request building
    /// the answer would record them.
    pub computed: Vec<[u32; 2]>,
    /// The tiers of the days it serves, as a set of [`Tier::bit`]s (0 for an answer that
    /// serves no day, such as `/months`).
    pub tiers: u8,
    /// Quoted strong ETag of the JSON body (the identity representation).
    pub etag: String,
    /// The JSON body (the identity representation).
    pub identity: Vec<u8>,
    /// gzip of it (level 9), if smaller.
    pub gzip: Option<Representation>,
    /// brotli of it, if smaller.
    pub brotli: Option<Representation>,
}

/// One representation of a stored answer: its bytes and its strong entity tag (quoted, the
/// coding's suffix inside the quotes, as the server's fingerprint rule makes it).
#[derive(Archive, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[rkyv(derive(Debug))]
pub struct Representation {
    /// Quoted strong ETag.
    pub etag: String,
    /// The bytes sent.
    pub bytes: Vec<u8>,
}
