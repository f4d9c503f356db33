//! The state every worker shares ([`SharedState`]: the live archive with its computed-months
//! set, CORS origins, the rate limiters, the request metrics and the clock) and the state one request sees
//! ([`AppState`]: the archive that was live when it started, kept to its end).

use std::cell::Cell;
use std::sync::Arc;

use arc_swap::ArcSwap;
use chrono::{DateTime, Utc};
use hijri::schema::{ArchivedCalendar, Tier};

use crate::archive::Archive;
use crate::computed::ComputedMonths;
use crate::http::cors::Origins;
use crate::http::metrics::{Metrics, TierSet};
use crate::http::rate_limit::{ClientIp, Limiter};
use crate::routes::ROUTES;
use crate::settings::{Limit, Settings};

/// Where `/today` gets the current time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clock {
    /// The system clock.
    System,
    /// A fixed instant (tests).
    Fixed(DateTime<Utc>),
}

impl Clock {
    /// The current instant.
    pub fn now(self) -> DateTime<Utc> {
        match self {
            Clock::System => Utc::now(),
            Clock::Fixed(instant) => instant,
        }
    }
}

/// An archive as served: the mapping and the months served from its computed data so far
/// (the set belongs to the archive and is replaced with it).
#[derive(Debug)]
pub struct Loaded {
    /// The validated archive.
    pub archive: Arc<Archive>,
    /// Months served from computed data so far.
    pub computed: ComputedMonths,
}

impl Loaded {
    /// A freshly loaded archive: no month served yet.
    pub fn new(archive: Arc<Archive>) -> Loaded {
        let months = archive.calendar().months.len();
        Loaded {
            archive,
            computed: ComputedMonths::new(months),
        }
    }
}

/// Shared, cheaply cloned state (one clone per worker; the live archive, counters and
/// limiters are shared).
#[derive(Clone)]
pub struct SharedState {
    /// The archive served now; replaced whole on SIGHUP ([`crate::swap`]).
    pub live: Arc<ArcSwap<Loaded>>,
    /// CORS origins.
    pub origins: Origins,
    /// Rate limiters, in the order of [`Limit::ALL`].
    pub limiters: [Limiter; 4],
    /// Who the client of a request is (for the limiters and the request log).
    pub clients: ClientIp,
    /// The request metrics (served by [`crate::metrics`]), kept only when
    /// `HIJRI_METRICS_BIND` is set: without a listener nothing is counted.
    pub metrics: Option<Arc<Metrics>>,
    /// The current time.
    pub clock: Clock,
    /// Documentation link reported by `/meta`.
    pub docs_url: Arc<str>,
}

impl SharedState {
    /// The state for an archive and settings, on the system clock.
    pub fn new(archive: Arc<Archive>, settings: &Settings) -> SharedState {
        let key = ClientIp::new(settings.trusted_proxies.clone());
        SharedState {
            live: Arc::new(ArcSwap::from_pointee(Loaded::new(archive))),
            origins: settings.origins.clone(),
            limiters: Limit::ALL
                .map(|l| Limiter::new(l.policy_name(), settings.limit(l), key.clone())),
            clients: key,
            metrics: settings
                .metrics_bind
                .map(|_| Arc::new(Metrics::new(ROUTES.iter().map(|route| route.path)))),
            clock: Clock::System,
            docs_url: settings.docs_url.as_str().into(),
        }
    }

    /// The limiter of an endpoint family.
    #[allow(
        clippy::indexing_slicing,
        reason = "limiters has one entry per Limit variant, in the order of index()"
    )]
    pub fn limiter(&self, limit: Limit) -> &Limiter {
        &self.limiters[limit.index()]
    }

    /// Runs `f` on the state as one request sees it: the archive live when it starts, kept
    /// (with its computed-months set) until `f` returns, whatever is swapped in meanwhile.
    pub fn with_view<R>(&self, f: impl FnOnce(&AppState<'_>) -> R) -> R {
        let loaded = self.live.load();
        f(&AppState {
            calendar: loaded.archive.calendar(),
            archive: &loaded.archive,
            computed: &loaded.computed,
            clock: self.clock,
            docs_url: &self.docs_url,
            tiers: Cell::new(0),
        })
    }

    /// Makes `archive` the live one (with an empty computed-months set); returns the archive
    /// it replaces, which stays mapped while requests and bodies still use it.
    pub fn replace(&self, archive: Arc<Archive>) -> Arc<Loaded> {
        self.live.swap(Arc::new(Loaded::new(archive)))
    }
}

/// The state as one request sees it (what handlers get): the live archive at the request's
/// start, its computed-months set, the clock and the documentation link.
pub struct AppState<'a> {
    /// The validated calendar of the archive this request uses.
    pub calendar: &'a ArchivedCalendar,
    /// That archive, to share its bytes (PNG cards) with a response body.
    pub archive: &'a Archive,
    /// Months served from that archive's computed data so far.
    pub computed: &'a ComputedMonths,
    /// The current time.
    pub clock: Clock,
    /// Documentation link reported by `/meta`.
    pub docs_url: &'a str,
    /// The source tiers of the days served so far (for the metrics; see [`AppState::served`]).
    pub tiers: Cell<TierSet>,
}

impl AppState<'_> {
    /// Notes that the answer serves days of `tier` (bits in the order of
    /// [`crate::http::metrics::TIER_NAMES`]).
    pub fn served(&self, tier: Tier) {
        let bit = match tier {
            Tier::Regional => 0,
            Tier::Computed => 1,
            Tier::Retro => 2,
        };
        self.tiers.set(self.tiers.get() | 1 << bit);
    }
}
