//! The months served from computed data so far (`computed_active`, `computed_months` of
//! `/meta`): an in-memory bitset over the archive's months, set without locks; what one
//! request served ([`Recorder`]), which feeds it once the request is answered; and what
//! building one kept answer served ([`Served`]), recorded again by each request it answers.

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

    /// Runs `build`, recording as usual, and returns with its result what it served alone
    /// (what was recorded before it is not part of that).
    pub fn capture<T>(&self, build: impl FnOnce() -> T) -> (T, Served) {
        let before = (self.months.take(), self.tiers.replace(0));
        let result = build();
        let during = self.months.replace(before.0);
        let served = Served {
            months: during.into_boxed_slice(),
            tiers: self.tiers.replace(before.1),
        };
        self.replay(&served);
        (result, served)
    }

    /// Records what a kept answer served when it was built.
    pub fn replay(&self, served: &Served) {
        self.stored(served.months.iter().cloned().flatten(), served.tiers);
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

/// What building an answer served (see [`Recorder::capture`]): its months served from
/// computed data, as ranges of the default calendar's month indices, and its tiers.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Served {
    months: Box<[Range<usize>]>,
    tiers: u8,
}

impl Record for Recorder<'_> {
    fn served(&self, chain: &ArchivedChain, index: usize, tier: Tier) {
        if tier != Tier::Published && std::ptr::eq(chain, self.default) {
            self.month(index);
        }
        self.tiers.set(self.tiers.get() | tier.bit());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hijri_testing::ChainBuilder;

    #[test]
    fn a_capture_keeps_what_its_build_served_apart_and_records_it_too() {
        let chain = ChainBuilder::kemenag(1).build();
        let archived = rkyv::to_bytes::<rkyv::rancor::Error>(&chain).unwrap();
        let chain =
            rkyv::access::<hijri::schema::ArchivedChain, rkyv::rancor::Error>(&archived).unwrap();
        let computed = ComputedMonths::new(64);
        let recorder = Recorder::new(&computed, chain);
        recorder.served(chain, 3, Tier::Computed);
        let ((), served) = recorder.capture(|| {
            recorder.served(chain, 4, Tier::Computed);
            recorder.served(chain, 5, Tier::Published);
            recorder.served(chain, 9, Tier::Retro);
        });
        assert_eq!(served.months[..], [4..5, 9..10]);
        assert_eq!(
            served.tiers,
            Tier::Computed.bit() | Tier::Published.bit() | Tier::Retro.bit()
        );
        assert_eq!(recorder.months.borrow()[..], [3..5, 9..10]);
        // Another request answered by the kept answer records the same.
        let other = Recorder::new(&computed, chain);
        other.replay(&served);
        other.commit();
        assert_eq!(computed.indices().collect::<Vec<_>>(), [4, 9]);
        assert_eq!(other.tiers(), served.tiers);
    }
}
