//! The stored answers: every question of `hijri_view::Question::stored` answered over the
//! archived calendar with the server's own builders (`hijri-view`), so the bodies are the
//! bytes the server would build per request; each compressed once, hard (gzip level 9,
//! brotli quality [`BROTLI_QUALITY`]), kept where smaller, tagged by the one fingerprint rule,
//! with the months it serves from computed data. Identical answers (a year without retro
//! months asked with and without `retro`) are stored once under both keys.

use std::cell::{Cell, RefCell};
use std::collections::{BTreeSet, HashMap};
use std::io::Write;

use hijri::fingerprint;
use hijri::lang::Lang;
use hijri::schema::{
    ArchivedChain, ArchivedDataset, ArchivedRepresentation, BodyKey, Representation, StoredAnswer,
    Tier,
};
use hijri_view::{Question, Record, Scope, MIN_COMPRESSED};
use rayon::prelude::*;

/// gzip level of stored bodies: the smallest, as they are compressed once.
const GZIP_LEVEL: u32 = 9;

/// brotli quality of stored bodies. Quality 11 made the answers 2.3 MB (gzip 9: 3.3 MB) but
/// took 330 s of the generation on the shared two-core machine; 9 is a few percent larger in
/// a fraction of the time.
const BROTLI_QUALITY: u32 = 9;

/// brotli window (log2 of its size in bytes): covers the largest body.
const BROTLI_WINDOW: u32 = 22;

/// The months of the default calendar a built answer served from computed data (an answer
/// over every calendar, such as `/days.csv`, serves the others' too: their months are not
/// the default's, as the server's recorder has it), and the tiers of its days.
struct Collected<'a> {
    default: &'a ArchivedChain,
    computed: RefCell<BTreeSet<usize>>,
    tiers: Cell<u8>,
}

impl Record for Collected<'_> {
    fn served(&self, chain: &ArchivedChain, index: usize, tier: Tier) {
        if tier != Tier::Published && std::ptr::eq(chain, self.default) {
            self.computed.borrow_mut().insert(index);
        }
        self.tiers.set(self.tiers.get() | tier.bit());
    }
}

/// What makes two built answers one stored answer: body, cache rule and computed months.
type Sameness<'b> = (&'b [u8], bool, &'b [[u32; 2]], u8);

/// One answer as built, before compression.
struct Built {
    key: String,
    family: &'static str,
    body: Vec<u8>,
    immutable: bool,
    computed: Vec<[u32; 2]>,
    /// The tiers of its days ([`Tier::bit`]s).
    tiers: u8,
}

/// The bytes one family of answers adds, by representation.
#[derive(Debug, Default, Clone, Copy)]
pub struct FamilyBytes {
    /// Stored answers (after sharing identical ones).
    pub answers: usize,
    /// Keys.
    pub keys: usize,
    /// Identity bytes.
    pub identity: usize,
    /// gzip bytes.
    pub gzip: usize,
    /// brotli bytes.
    pub brotli: usize,
}

/// The stored answers of an archive: the sorted keys, the answers, and the bytes per family
/// (the key's path), in key order.
pub struct Stored {
    /// Sorted keys.
    pub bodies: Vec<BodyKey>,
    /// The answers.
    pub answers: Vec<StoredAnswer>,
    /// Bytes per family.
    pub families: Vec<(&'static str, FamilyBytes)>,
    /// Answers whose compressed representations came from [`Codings`] of an earlier archive.
    pub reused: usize,
}

/// The gzip and brotli representations of a body, each kept where smaller.
type Compressed = (Option<Representation>, Option<Representation>);

/// An earlier archive's compressed representations, by the body they encode. A
/// representation is a function of its body alone (it decompresses to it, and its ETag is
/// the body's fingerprint with the coding's suffix), so an unchanged body takes them as they
/// are: after an announcement only the answers it changed are compressed again. (A new
/// [`GZIP_LEVEL`] or [`BROTLI_QUALITY`] reaches the stored answers with `--full`.)
#[derive(Default)]
pub struct Codings(HashMap<Vec<u8>, Compressed>);

impl Codings {
    /// The representations of every stored answer of `dataset`.
    pub fn of(dataset: &ArchivedDataset) -> Codings {
        let representation = |archived: &rkyv::option::ArchivedOption<_>| {
            archived
                .as_ref()
                .map(|r: &ArchivedRepresentation| Representation {
                    etag: r.etag.to_string(),
                    bytes: r.bytes.to_vec(),
                })
        };
        Codings(
            dataset
                .answers
                .iter()
                .map(|answer| {
                    (
                        answer.identity.to_vec(),
                        (representation(&answer.gzip), representation(&answer.brotli)),
                    )
                })
                .collect(),
        )
    }

    /// The representations of `body`: the earlier ones where it was stored before, else
    /// compressed now; and whether they were reused.
    fn of_body(&self, body: &[u8]) -> (Compressed, bool) {
        match self.0.get(body) {
            Some(earlier) => (earlier.clone(), true),
            None => (
                (
                    compressed(body, fingerprint::GZIP_SUFFIX, gzip),
                    compressed(body, fingerprint::BROTLI_SUFFIX, brotli),
                ),
                false,
            ),
        }
    }
}

/// Answers every stored question over the default calendar of `dataset` (questions it
/// refuses, such as a retro year without `retro`, are left out), taking the compressed
/// representations of unchanged bodies from `earlier`.
pub fn build(dataset: &ArchivedDataset, default: &ArchivedChain, earlier: &Codings) -> Stored {
    let questions = Question::stored(default, dataset.holiday_years());
    let built: Vec<Built> = questions
        .par_iter()
        .filter_map(|question| {
            let collected = Collected {
                default,
                computed: RefCell::default(),
                tiers: Cell::default(),
            };
            let scope = Scope {
                dataset,
                chain: default,
                named: false,
                record: &collected,
                lang: Lang::Id,
            };
            let answer = question.answer(&scope).ok()?;
            Some(Built {
                key: question.to_string(),
                family: family(question),
                body: answer.body,
                immutable: answer.immutable,
                tiers: collected.tiers.get(),
                computed: ranges(&collected.computed.into_inner()),
            })
        })
        .collect();
    // One answer per distinct (body, immutable, computed), in question order.
    let mut index_of: HashMap<Sameness, u32> = HashMap::new();
    let mut unique: Vec<&Built> = Vec::new();
    let mut bodies = Vec::with_capacity(built.len());
    for b in &built {
        let next = unique.len() as u32;
        let index = *index_of
            .entry((&b.body, b.immutable, &b.computed, b.tiers))
            .or_insert(next);
        if index == next {
            unique.push(b);
        }
        bodies.push(BodyKey {
            key: b.key.clone(),
            answer: index,
        });
    }
    let (answers, reused): (Vec<StoredAnswer>, Vec<bool>) = unique
        .par_iter()
        .map(|b| {
            let ((gzip, brotli), reused) = earlier.of_body(&b.body);
            let answer = StoredAnswer {
                immutable: b.immutable,
                computed: b.computed.clone(),
                tiers: b.tiers,
                etag: fingerprint::etag(&b.body),
                identity: b.body.clone(),
                gzip,
                brotli,
            };
            (answer, reused)
        })
        .unzip();
    let mut families: Vec<(&'static str, FamilyBytes)> = Vec::new();
    for b in &built {
        family_bytes(&mut families, b.family).keys += 1;
    }
    for (b, answer) in unique.iter().zip(&answers) {
        let f = family_bytes(&mut families, b.family);
        f.answers += 1;
        f.identity += answer.identity.len();
        f.gzip += answer.gzip.as_ref().map_or(0, |r| r.bytes.len());
        f.brotli += answer.brotli.as_ref().map_or(0, |r| r.bytes.len());
    }
    bodies.sort_by(|a, b| a.key.cmp(&b.key));
    Stored {
        bodies,
        answers,
        families,
        reused: reused.into_iter().filter(|&r| r).count(),
    }
}

/// The counts of `family` in `families`, added (at the end) if new.
fn family_bytes<'f>(
    families: &'f mut Vec<(&'static str, FamilyBytes)>,
    family: &'static str,
) -> &'f mut FamilyBytes {
    let index = match families.iter().position(|(name, _)| *name == family) {
        Some(index) => index,
        None => {
            families.push((family, FamilyBytes::default()));
            families.len() - 1
        }
    };
    #[allow(
        clippy::indexing_slicing,
        reason = "index is a position found in families or its last, just pushed"
    )]
    &mut families[index].1
}

/// The family of a question: the path of its key.
fn family(question: &Question) -> &'static str {
    match question {
        Question::Year { .. } => "/year",
        Question::Month { .. } => "/month",
        Question::History { .. } => "/hilal/history",
        Question::Months => "/months",
        Question::Places => "/places",
        Question::Events { .. } => "/events",
        Question::Holidays { .. } => "/holidays",
        Question::DaysCsv { .. } => "/days.csv",
    }
}

/// Sorted indices as ranges `[start, end)`, touching ones merged.
fn ranges(indices: &BTreeSet<usize>) -> Vec<[u32; 2]> {
    let mut out: Vec<[u32; 2]> = Vec::new();
    for &index in indices {
        let index = index as u32;
        match out.last_mut() {
            Some(last) if last[1] == index => last[1] = index + 1,
            _ => out.push([index, index + 1]),
        }
    }
    out
}

/// The representation of `body` made by `encode`, if the body is long enough to be
/// compressed and the result is smaller.
fn compressed(body: &[u8], suffix: &str, encode: fn(&[u8]) -> Vec<u8>) -> Option<Representation> {
    if body.len() < MIN_COMPRESSED {
        return None;
    }
    let bytes = encode(body);
    (bytes.len() < body.len()).then(|| Representation {
        etag: fingerprint::representation_etag(body, suffix).to_string(),
        bytes,
    })
}

/// gzip at [`GZIP_LEVEL`].
#[allow(
    clippy::expect_used,
    reason = "writing into a Vec cannot fail, so neither can the encoder over it"
)]
fn gzip(body: &[u8]) -> Vec<u8> {
    let mut writer = flate2::write::GzEncoder::new(
        Vec::with_capacity(body.len() / 8),
        flate2::Compression::new(GZIP_LEVEL),
    );
    writer
        .write_all(body)
        .expect("compressing into memory cannot fail");
    writer
        .finish()
        .expect("compressing into memory cannot fail")
}

/// brotli at [`BROTLI_QUALITY`].
#[allow(
    clippy::expect_used,
    reason = "writing into a Vec cannot fail, so neither can the encoder over it"
)]
fn brotli(body: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(body.len() / 8);
    let mut writer = brotli::CompressorWriter::new(&mut out, 4096, BROTLI_QUALITY, BROTLI_WINDOW);
    writer
        .write_all(body)
        .expect("compressing into memory cannot fail");
    drop(writer);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indices_become_ranges() {
        let set: BTreeSet<usize> = [1, 2, 3, 7, 9, 10].into_iter().collect();
        assert_eq!(ranges(&set), vec![[1, 4], [7, 8], [9, 11]]);
        assert!(ranges(&BTreeSet::new()).is_empty());
    }
}
