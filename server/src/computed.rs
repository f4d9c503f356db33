//! The months served from computed data so far (`computed_active`, `computed_months` of
//! `/meta`): an in-memory bitset over the archive's months, set without locks.

use std::sync::atomic::{AtomicU64, Ordering};

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
    /// [`Record`]).
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

impl Record for ComputedMonths {
    fn computed(&self, index: usize) {
        self.mark(index);
    }
}
