//! The answer cache: answers built once per archive and kept, in every coding, under the
//! canonical key of their question (the path and the parsed parameters in a fixed order and
//! spelling, `routes::stored::Key`), so that every request after the first costs a look-up,
//! whatever the calendar or the endpoint. It is bounded in bytes (`HIJRI_CACHE_BYTES`: the
//! bodies of every coding and the keys); the least valuable answers leave first (moka's
//! TinyLFU). Concurrent misses of one key build it once: the others wait for that build and
//! share its bytes. A build that is refused (an error answer) is not kept. The cache belongs
//! to the archive it was built from and is replaced with it.

use std::sync::Arc;

use moka::sync::Cache;

use crate::computed::Served;
use crate::http::error::ApiError;
use crate::http::representations::Representations;

/// What each kept answer costs beyond its bytes and key (the entry, its `Arc`s and the
/// cache's own bookkeeping), counted against the bound.
const ENTRY_OVERHEAD: usize = 256;

/// An answer as kept: its representations, whether it may be cached as immutable (the
/// `/events` rule), and what building it served.
#[derive(Debug)]
pub struct Kept {
    /// The body in each coding.
    pub representations: Representations,
    /// See [`crate::http::reply::events_cache`].
    pub immutable: bool,
    /// Recorded again by every request it answers.
    pub served: Served,
}

/// The cache of one archive's built answers.
#[derive(Clone)]
pub struct AnswerCache {
    cache: Cache<String, Arc<Kept>>,
}

impl std::fmt::Debug for AnswerCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AnswerCache")
            .field("entries", &self.cache.entry_count())
            .field("bytes", &self.cache.weighted_size())
            .finish()
    }
}

impl AnswerCache {
    /// An empty cache holding at most `bytes` bytes.
    pub fn new(bytes: u64) -> AnswerCache {
        AnswerCache {
            cache: Cache::builder()
                .max_capacity(bytes)
                .weigher(|key: &String, kept: &Arc<Kept>| {
                    let weight = key.len() + kept.representations.bytes_held() + ENTRY_OVERHEAD;
                    u32::try_from(weight).unwrap_or(u32::MAX)
                })
                .build(),
        }
    }

    /// The answer kept under `key`, or the one `build` makes (then kept, unless it is
    /// refused); while it is built, other requests for `key` wait for it.
    pub fn get_or_build(
        &self,
        key: &str,
        build: impl FnOnce() -> Result<Kept, ApiError>,
    ) -> Result<Arc<Kept>, ApiError> {
        self.cache
            .try_get_with_by_ref(key, || build().map(Arc::new))
            .map_err(Arc::unwrap_or_clone)
    }

    /// Bytes held now (the bound's measure; evictions are applied in batches, so it may
    /// briefly exceed the bound).
    pub fn bytes_held(&self) -> u64 {
        self.cache.run_pending_tasks();
        self.cache.weighted_size()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Barrier;
    use std::time::Duration;

    use crate::http::error::ErrorCode;
    use crate::http::reply::JSON;

    fn kept(size: usize) -> Kept {
        Kept {
            representations: Representations::new(JSON, vec![b' '; size]),
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
                            .get_or_build("/api/v1/year?year=1447", || {
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
    }

    #[test]
    fn refusals_are_not_kept_and_the_bound_holds() {
        let cache = AnswerCache::new(100_000);
        let refused = cache.get_or_build("/x", || {
            Err(ApiError::new(ErrorCode::OutOfCoverage, "not served"))
        });
        assert_eq!(refused.unwrap_err().code, ErrorCode::OutOfCoverage);
        let built = cache.get_or_build("/x", || Ok(kept(10))).unwrap();
        assert_eq!(built.representations.bytes_held(), 10);
        // 50 answers of about 10 KB (compressed forms are tiny) into 100 KB.
        for i in 0..50 {
            let key = format!("/y?{i}");
            for _ in 0..3 {
                cache.get_or_build(&key, || Ok(kept(10_000))).unwrap();
            }
        }
        assert!(cache.bytes_held() <= 100_000, "{}", cache.bytes_held());
    }
}
