//! The months served from computed data so far (`computed_active`, `computed_months` of
//! `/meta`): an in-memory bitset over the archive's months, set without locks; and what one
//! request served ([`Recorder`]), which feeds it once the request is answered.

use std::cell::{Cell, RefCell};
use std::ops::Range;
use std::sync::atomic::{AtomicU64, Ordering};

use hijri::schema::{ArchivedChain, Tier};
use hijri_view::Record;

/// One bit per archived month, set once the month has been served from computed data.
#[derive(Debug)]
pub struct ComputedMonths {
    words: Box<[AtomicU64]>,
}

impl ComputedMonths {
    /// An empty set for an archive of `months` months.
    pub fn new(months: usize) -> ComputedMonths {
        ComputedMonths {
            words: (0..months.div_ceil(64))
                .map(|_| AtomicU64::new(0))
                .collect(),
        }
    }

    /// Records that the month at `index` was served from computed (or retro) data: the one
    /// place where served months are recorded, by dynamic and stored answers alike (through
    /// a [`Recorder`]).
    pub fn mark(&self, index: usize) {
        let Some(word) = self.words.get(index / 64) else {
            return;
        };
        let bit = 1u64 << (index % 64);
        if word.load(Ordering::Relaxed) & bit == 0 {
            word.fetch_or(bit, Ordering::Relaxed);
        }
    }

    /// The indices of the months served from computed data, in archive order.
    pub fn indices(&self) -> impl Iterator<Item = usize> + '_ {
        self.words.iter().enumerate().flat_map(|(w, word)| {
            let bits = word.load(Ordering::Relaxed);
            (0..64)
                .filter(move |b| bits & (1 << b) != 0)
                .map(move |b| w * 64 + b)
        })
    }
}

/// What one request served, recorded as it serves: the months served from computed data and
/// the tiers of the days served (for `hijri_responses_by_tier_total`). The dynamic path
/// records through [`Record`], a stored answer through [`Recorder::stored`]. The months go
/// into the archive's [`ComputedMonths`] only when the request is answered
/// ([`Recorder::commit`]): a request refused after serving its span (a card the archive lacks,
/// 503) serves no month.
pub struct Recorder<'a> {
    computed: &'a ComputedMonths,
    default: &'a ArchivedChain,
    /// The computed months served, as ranges of indices (contiguous ones merged).
    months: RefCell<Vec<Range<usize>>>,
    tiers: Cell<u8>,
}

impl<'a> Recorder<'a> {
    /// Nothing served yet, for the computed months of `default` in `computed` (the set is
    /// the default calendar's, as `/meta` reports it).
    pub fn new(computed: &'a ComputedMonths, default: &'a ArchivedChain) -> Recorder<'a> {
        Recorder {
            computed,
            default,
            months: RefCell::new(Vec::new()),
            tiers: Cell::new(0),
        }
    }

    /// Records a stored answer: its months served from computed data and its tiers (a set of
    /// [`Tier::bit`]s), as building it would have recorded them.
    pub fn stored(&self, computed: impl IntoIterator<Item = usize>, tiers: u8) {
        computed.into_iter().for_each(|index| self.month(index));
        self.tiers.set(self.tiers.get() | tiers);
    }

    /// The tiers of the days served so far, as a set of [`Tier::bit`]s.
    pub fn tiers(&self) -> u8 {
        self.tiers.get()
    }

    /// The request is answered: the computed months it served go into the archive's set.
    pub fn commit(&self) {
        for range in self.months.borrow().iter() {
            range.clone().for_each(|index| self.computed.mark(index));
        }
    }

    /// Keeps the month at `index` (of the default calendar) as served from computed data.
    fn month(&self, index: usize) {
        let mut months = self.months.borrow_mut();
        match months.last_mut() {
            Some(last) if last.contains(&index) => {}
            Some(last) if last.end == index => last.end += 1,
            _ => months.push(index..index + 1),
        }
    }
}

impl Record for Recorder<'_> {
    fn served(&self, chain: &ArchivedChain, index: usize, tier: Tier) {
        if tier != Tier::Published && std::ptr::eq(chain, self.default) {
            self.month(index);
        }
        self.tiers.set(self.tiers.get() | tier.bit());
    }
}
