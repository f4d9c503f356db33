//! The answer cache: answers built once per archive and kept under the canonical key of their
//! question (the path and the parsed parameters in a fixed order and spelling,
//! `routes::stored::Key`), so that every request after the first costs a look-up, whatever
//! the calendar or the endpoint. A miss builds the body and the one coding its request asks
//! for; another coding is made on its first request and the entry weighed again.
//!
//! It holds at most `HIJRI_CACHE_BYTES`, counted as the allocator holds it: each body and tag
//! in its size class, the key, the entry and the cache's own slots (`ENTRY_OVERHEAD`); the
//! bound is enforced at each insertion, not later. The policy is quick_cache's CLOCK-Pro: a new
//! answer enters a small cold part and is dropped from it unless it is asked again (or was
//! asked shortly before it was dropped), so a flood of one-off questions passes through
//! without evicting the answers asked often. Concurrent misses of one key build it once: the
//! others wait for that build and share its bytes. A build that is refused (an error answer)
//! is not kept, and its waiters build in turn. The cache belongs to the archive it was built
//! from and is replaced with it; its hit, miss and eviction counts go on across replacements
//! ([`AnswerCache::successor`]).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use quick_cache::sync::{Cache, GuardResult};
use quick_cache::{DefaultHashBuilder, Lifecycle, OptionsBuilder, Weighter};

use crate::computed::Served;
use crate::http::encoding::Coding;
use crate::http::error::ApiError;
use crate::http::metrics::CacheFigures;
use crate::http::representations::{allocated, Representations};

/// What each kept answer costs beyond its bytes, key and `Arc`: its slot in the cache's slab
/// and hash table (both grown by doubling), its share of the remembered keys of dropped
/// answers, and the ranges of computed months it served. Measured by the test
/// `memory_held_is_the_setting`.
const ENTRY_OVERHEAD: usize = 192;

/// The answer size the cache is planned for (a month, a year, a feed of a few years): it sets
/// how many keys of dropped answers are remembered.
const TYPICAL_ANSWER: u64 = 16 << 10;

/// The least bytes each shard holds: an answer above 97 % of a shard (its hot part) is not
/// kept, and a kept answer can be 10 MB (`/days.csv` of the whole span, 9.3 MB as it is,
/// in another language or calendar).
const MIN_SHARD: u64 = 32 << 20;

/// At most this many shards (each has its own lock).
const MAX_SHARDS: u64 = 16;

/// An answer as kept: its representations, whether it may be cached as immutable (the
/// `/events` rule), and what building it served.
#[derive(Debug)]
pub struct Kept {
    /// The body in each coding asked so far.
    pub representations: Representations,
    /// See [`crate::http::reply::events_cache`].
    pub immutable: bool,
    /// Recorded again by every request it answers.
    pub served: Served,
}

/// An answer in the cache with the bytes it is counted at (fixed until it is weighed again by
/// replacing the slot, so the cache's sum stays exact).
#[derive(Clone)]
struct Slot {
    kept: Arc<Kept>,
    weight: u64,
}

impl Slot {
    fn new(key: &str, kept: Arc<Kept>) -> Slot {
        let weight = weight(key, &kept);
        Slot { kept, weight }
    }
}

/// The bytes an entry holds: its key, its `Arc` with the answer, every coding made so far
/// and [`ENTRY_OVERHEAD`].
fn weight(key: &str, kept: &Kept) -> u64 {
    let arc = allocated(2 * size_of::<usize>() + size_of::<Kept>());
    let bytes = allocated(key.len()) + arc + kept.representations.bytes_held() + ENTRY_OVERHEAD;
    u64::try_from(bytes).unwrap_or(u64::MAX)
}

/// Weighs a slot by the weight it carries.
#[derive(Clone)]
struct ByWeight;

impl Weighter<String, Slot> for ByWeight {
    fn weight(&self, _key: &String, slot: &Slot) -> u64 {
        slot.weight
    }
}

/// The process's counts, shared by an archive's cache and the ones that replace it.
#[derive(Debug, Default)]
struct Counts {
    hits: AtomicU64,
    misses: AtomicU64,
    evictions: AtomicU64,
}

/// Counts the answers the cache drops (evicted, or too large to be kept), not the slots
/// replaced to weigh an answer again.
#[derive(Clone)]
struct Counting(Arc<Counts>);

/// The answer a replacement weighs again (its old slot leaving is no eviction).
#[derive(Default)]
struct Replacing(Option<Arc<Kept>>);

impl Lifecycle<String, Slot> for Counting {
    type RequestState = Replacing;

    fn on_evict(&self, replacing: &mut Replacing, _key: String, slot: Slot) {
        match replacing.0.take() {
            Some(kept) if Arc::ptr_eq(&kept, &slot.kept) => {}
            other => {
                replacing.0 = other;
                self.0.evictions.fetch_add(1, Ordering::Relaxed);
            }
        }
    }
}

/// The cache of one archive's built answers.
#[derive(Clone)]
pub struct AnswerCache {
    cache: Arc<Cache<String, Slot, ByWeight, DefaultHashBuilder, Counting>>,
    counts: Arc<Counts>,
    bytes: u64,
}

impl std::fmt::Debug for AnswerCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AnswerCache")
            .field("entries", &self.cache.len())
            .field("bytes", &self.cache.weight())
            .field("bound", &self.bytes)
            .finish()
    }
}

impl AnswerCache {
    /// An empty cache holding at most `bytes` bytes, its counts at zero.
    pub fn new(bytes: u64) -> AnswerCache {
        AnswerCache::counting(bytes, Arc::default())
    }

    /// An empty cache of the same bound whose counts go on from this one's (for the archive
    /// that replaces this one's).
    pub fn successor(&self) -> AnswerCache {
        AnswerCache::counting(self.bytes, Arc::clone(&self.counts))
    }

    fn counting(bytes: u64, counts: Arc<Counts>) -> AnswerCache {
        let shards = (bytes / MIN_SHARD).clamp(1, MAX_SHARDS);
        // A power of two (quick_cache's shard count), at most `shards`.
        let shards = 1_usize << (u64::BITS - 1 - shards.leading_zeros());
        let items = usize::try_from(bytes / TYPICAL_ANSWER)
            .unwrap_or(usize::MAX)
            .max(1);
        let lifecycle = Counting(Arc::clone(&counts));
        let cache = match OptionsBuilder::new()
            .estimated_items_capacity(items)
            .weight_capacity(bytes)
            .shards(shards)
            .build()
        {
            Ok(options) => {
                Cache::with_options(options, ByWeight, DefaultHashBuilder::default(), lifecycle)
            }
            // Only an option left unset is refused, and both are set: quick_cache's defaults.
            Err(_) => Cache::with(
                items,
                bytes,
                ByWeight,
                DefaultHashBuilder::default(),
                lifecycle,
            ),
        };
        AnswerCache {
            cache: Arc::new(cache),
            counts,
            bytes,
        }
    }

    /// The answer kept under `key` with its representation in `coding` made, or the one
    /// `build` makes (then kept, unless it is refused); while it is built, other requests
    /// for `key` wait for it.
    pub fn get_or_build(
        &self,
        key: &str,
        coding: Coding,
        build: impl FnOnce() -> Result<Kept, ApiError>,
    ) -> Result<Arc<Kept>, ApiError> {
        let kept = match self.cache.get_value_or_guard(key, None) {
            GuardResult::Value(slot) => slot.kept,
            GuardResult::Guard(guard) => {
                self.counts.misses.fetch_add(1, Ordering::Relaxed);
                // A refusal drops the guard: nothing is kept, a waiter builds.
                let kept = Arc::new(build()?);
                kept.representations.prepare(coding);
                // Err only if the key was removed meanwhile: then it is not kept.
                let _ = guard.insert(Slot::new(key, Arc::clone(&kept)));
                return Ok(kept);
            }
            // Without a timeout there is none; answered without keeping it.
            GuardResult::Timeout => return build().map(Arc::new),
        };
        self.counts.hits.fetch_add(1, Ordering::Relaxed);
        if kept.representations.prepare(coding) {
            self.weigh_again(key, &kept);
        }
        Ok(kept)
    }

    /// Counts `kept`'s new coding: its slot is replaced by one of its present weight (the
    /// bound is enforced, the answer's standing kept). Another request may add a coding
    /// meanwhile: the weight is read again after the replacement, until it has not moved
    /// (at most once per coding).
    fn weigh_again(&self, key: &str, kept: &Arc<Kept>) {
        for _ in Coding::PREFERENCE {
            let slot = Slot::new(key, Arc::clone(kept));
            let counted = slot.weight;
            let mut replacing = Replacing(Some(Arc::clone(kept)));
            let replaced =
                self.cache
                    .replace_with_lifecycle(key.to_owned(), slot, true, &mut replacing);
            if replaced.is_err() {
                // Removed if it no longer fit (its old slot left, taking the marker).
                if replacing.0.is_none() {
                    self.counts.evictions.fetch_add(1, Ordering::Relaxed);
                }
                return;
            }
            if weight(key, kept) == counted {
                return;
            }
        }
    }

    /// The counts so far (of this cache and those it succeeds) and the bytes held now.
    pub fn figures(&self) -> CacheFigures {
        CacheFigures {
            hits: self.counts.hits.load(Ordering::Relaxed),
            misses: self.counts.misses.load(Ordering::Relaxed),
            evictions: self.counts.evictions.load(Ordering::Relaxed),
            bytes: self.bytes_held(),
        }
    }

    /// Bytes held now, as counted against the bound (never above it).
    pub fn bytes_held(&self) -> u64 {
        self.cache.weight()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;
    use std::sync::Barrier;
    use std::time::Duration;

    use crate::http::error::ErrorCode;
    use crate::http::reply::JSON;

    /// The allocator of these tests is the server's, so that what it holds can be measured.
    #[global_allocator]
    static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

    /// Bytes this thread holds now: jemalloc's count of what it allocated less what it freed.
    fn held_by_this_thread() -> i64 {
        let allocated = tikv_jemalloc_ctl::thread::allocatedp::read().unwrap().get();
        let freed = tikv_jemalloc_ctl::thread::deallocatedp::read()
            .unwrap()
            .get();
        i64::try_from(allocated).unwrap() - i64::try_from(freed).unwrap()
    }

    /// A JSON-like body of `size` bytes, written the way answers are: into a buffer of a
    /// guessed capacity that grows by doubling.
    fn body(size: usize, seed: usize) -> Vec<u8> {
        let mut body = Vec::with_capacity(1024);
        let mut day = seed;
        while body.len() < size {
            body.extend_from_slice(
                format!(r#"{{"day":{day},"hijri":"1447-09-{}"}},"#, day % 30).as_bytes(),
            );
            day += 7;
        }
        body.truncate(size);
        body
    }

    fn kept(size: usize) -> Kept {
        Kept {
            representations: Representations::new(JSON, body(size, size)),
            immutable: true,
            served: Served::default(),
        }
    }

    #[test]
    fn concurrent_misses_build_once_and_share_the_bytes() {
        let cache = AnswerCache::new(64 << 20);
        let builds = AtomicUsize::new(0);
        let barrier = Barrier::new(8);
        let answers: Vec<Arc<Kept>> = std::thread::scope(|scope| {
            let threads: Vec<_> = (0..8)
                .map(|_| {
                    scope.spawn(|| {
                        barrier.wait();
                        cache
                            .get_or_build("/api/v1/year?year=1447", Coding::Identity, || {
                                builds.fetch_add(1, Ordering::SeqCst);
                                std::thread::sleep(Duration::from_millis(50));
                                Ok(kept(500))
                            })
                            .unwrap()
                    })
                })
                .collect();
            threads.into_iter().map(|t| t.join().unwrap()).collect()
        });
        assert_eq!(builds.load(Ordering::SeqCst), 1);
        assert!(answers.iter().all(|a| Arc::ptr_eq(a, &answers[0])));
        let figures = cache.figures();
        assert_eq!((figures.misses, figures.hits, figures.evictions), (1, 7, 0));
    }

    #[test]
    fn refusals_are_not_kept_and_the_bound_holds() {
        let cache = AnswerCache::new(100_000);
        let refused = cache.get_or_build("/x", Coding::Identity, || {
            Err(ApiError::new(ErrorCode::OutOfCoverage, "not served"))
        });
        assert_eq!(refused.unwrap_err().code, ErrorCode::OutOfCoverage);
        let built = cache
            .get_or_build("/x", Coding::Identity, || Ok(kept(10)))
            .unwrap();
        // 10 bytes in 16, the tag 18 in 32, a shared header for each, the content type's 16.
        assert_eq!(built.representations.bytes_held(), 16 + 32 + 32 + 32 + 16);
        assert_eq!(cache.bytes_held(), weight("/x", &built));
        assert_eq!(cache.figures().misses, 2);
        // 50 answers of 10 KB in every coding into 100 KB.
        for i in 0..50 {
            let key = format!("/y?{i}");
            for coding in Coding::PREFERENCE {
                cache
                    .get_or_build(&key, coding, || Ok(kept(10_000)))
                    .unwrap();
            }
        }
        assert!(cache.bytes_held() <= 100_000, "{}", cache.bytes_held());
        // Every ask is a hit or a miss (an answer of a cache this small may leave before
        // its next coding is asked).
        let figures = cache.figures();
        assert_eq!(figures.misses + figures.hits, 152, "{figures:?}");
        assert!(
            figures.misses >= 52 && figures.evictions >= 40,
            "{figures:?}"
        );
        // A cache of another archive goes on counting; it holds nothing yet.
        let next = cache.successor();
        assert_eq!(
            next.figures(),
            CacheFigures {
                bytes: 0,
                ..figures
            }
        );
    }

    #[test]
    fn a_miss_makes_only_the_coding_asked_and_the_others_are_counted_when_made() {
        let cache = AnswerCache::new(1 << 20);
        let key = "/api/v1/year?year=1447&authority=muhammadiyah";
        let answer = cache
            .get_or_build(key, Coding::Brotli, || Ok(kept(30_000)))
            .unwrap();
        assert_eq!(
            answer.representations.made(),
            [Coding::Identity, Coding::Brotli]
        );
        let with_brotli = cache.bytes_held();
        assert_eq!(with_brotli, weight(key, &answer));
        // Asked as it is: nothing more is made.
        cache
            .get_or_build(key, Coding::Identity, || unreachable!())
            .unwrap();
        assert_eq!(cache.bytes_held(), with_brotli);
        // Asked in gzip: made then, and counted against the bound.
        cache
            .get_or_build(key, Coding::Gzip, || unreachable!())
            .unwrap();
        let all = [Coding::Identity, Coding::Gzip, Coding::Brotli];
        assert_eq!(answer.representations.made(), all);
        assert_eq!(cache.bytes_held(), weight(key, &answer));
        assert!(cache.bytes_held() > with_brotli);
        // Weighing again is no eviction.
        assert_eq!(cache.figures().evictions, 0);
    }

    #[test]
    fn memory_held_is_the_setting() {
        const BOUND: u64 = 16 << 20;
        let before = held_by_this_thread();
        let cache = AnswerCache::new(BOUND);
        // Answers of 300 B to 300 KB, each asked in one coding, a third of them again in
        // another: about 3,000 answers, several times the bound.
        for i in 0..3_000_usize {
            let size = 300 + (i * 7_919) % 30_000 * if i % 50 == 0 { 10 } else { 1 };
            let key = format!(
                "/api/v1/days.ics?from={}&to={}&authority=tabular",
                1945 + i,
                i % 7
            );
            let first = Coding::PREFERENCE[i % 3];
            let answer = cache.get_or_build(&key, first, || Ok(kept(size))).unwrap();
            drop(answer);
            if i % 3 == 0 {
                let second = Coding::PREFERENCE[(i + 1) % 3];
                cache.get_or_build(&key, second, || Ok(kept(size))).unwrap();
            }
        }
        let held = u64::try_from(held_by_this_thread() - before).unwrap();
        let counted = cache.bytes_held();
        assert!(counted <= BOUND, "{counted}");
        let ratio = held as f64 / BOUND as f64;
        println!("held {held} bytes, {ratio:.3} of the bound; counted {counted}");
        assert!(
            (0.9..=1.1).contains(&ratio),
            "held {held} bytes, {ratio:.3} of the bound"
        );
        assert!(cache.figures().evictions > 1_000, "{:?}", cache.figures());
        drop(cache);
        // Everything the cache held is given back.
        assert!(held_by_this_thread() - before < 64 << 10);
    }

    #[test]
    fn a_flood_of_one_off_answers_keeps_the_hot_ones() {
        const BOUND: u64 = 16 << 20;
        let cache = AnswerCache::new(BOUND);
        let hot: Vec<String> = (0..12)
            .map(|i| format!("/api/v1/year?year={}&authority=muhammadiyah", 1440 + i))
            .collect();
        let builds = AtomicUsize::new(0);
        let ask = |key: &str, size: usize| {
            cache
                .get_or_build(key, Coding::Identity, || {
                    builds.fetch_add(1, Ordering::Relaxed);
                    Ok(kept(size))
                })
                .unwrap();
        };
        for _ in 0..3 {
            for key in &hot {
                ask(key, 30_000);
            }
        }
        assert_eq!(builds.load(Ordering::Relaxed), 12);
        // Ten times the bound of one-off feeds (5 KB to 60 KB), a hot answer asked after each.
        let mut flooded = 0;
        let mut i = 0;
        while flooded < 10 * BOUND as usize {
            let size = 5_000 + (i * 7_919) % 55_000;
            ask(
                &format!("/api/v1/days.ics?from={i}&authority=tabular"),
                size,
            );
            ask(&hot[i % hot.len()], 30_000);
            flooded += size;
            i += 1;
        }
        let floods = i;
        assert_eq!(
            builds.load(Ordering::Relaxed),
            12 + floods,
            "a hot answer was built again"
        );
        let before = builds.load(Ordering::Relaxed);
        for key in &hot {
            ask(key, 30_000);
        }
        assert_eq!(builds.load(Ordering::Relaxed), before, "hot answers left");
        assert!(cache.bytes_held() <= BOUND);
    }
}
