//! The state every worker shares ([`SharedState`]: the live archive with its computed-months
//! set and its answer cache, CORS origins, the rate limiters, the request metrics and the clock) and the state one request sees
//! ([`AppState`]: the archive that was live when it started, kept to its end).

use std::sync::Arc;

use arc_swap::ArcSwap;
use chrono::{DateTime, Utc};
use hijri::lang::Lang;
use hijri::schema::ArchivedChain;
use hijri_view::Scope;

use crate::archive::Archive;
use crate::cache::AnswerCache;
use crate::computed::{ComputedMonths, Recorder};
use crate::http::connection::ClientConnections;
use crate::http::cors::Origins;
use crate::http::metrics::Metrics;
use crate::http::rate_limit::{ClientIp, Limiter};
use crate::settings::{PublicAddress, RateFamily, Settings};

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

/// An archive as served: the mapping, the months served from its computed data so far and
/// the answers built from it (both belong to the archive and are replaced with it).
#[derive(Debug)]
pub struct Loaded {
    /// The validated archive.
    pub archive: Arc<Archive>,
    /// Months served from computed data so far.
    pub computed: ComputedMonths,
    /// Answers built from it, kept ([`crate::cache`]).
    pub answers: AnswerCache,
}

impl Loaded {
    /// A freshly loaded archive: no month served yet, no answer kept in `answers` (empty).
    pub fn new(archive: Arc<Archive>, answers: AnswerCache) -> Loaded {
        let months = archive.default_chain().months.len();
        Loaded {
            archive,
            computed: ComputedMonths::new(months),
            answers,
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
    /// Rate limiters, in the order of [`RateFamily::ALL`].
    pub limiters: [Limiter; RateFamily::ALL.len()],
    /// Who the client of a request is (for the limiters and the request log).
    pub clients: ClientIp,
    /// The open connections of each client (`HIJRI_MAX_CONNECTIONS_PER_CLIENT`).
    pub connections: ClientConnections,
    /// The request metrics (served by [`crate::metrics`]), kept only when
    /// `HIJRI_METRICS_BIND` is set: without a listener nothing is counted.
    pub metrics: Option<Arc<Metrics>>,
    /// The current time.
    pub clock: Clock,
    /// Documentation link reported by `/meta`.
    pub docs_url: Arc<str>,
    /// Where the service's own links point.
    pub public: Arc<PublicAddress>,
    /// Answer from the archive's stored answers and the answer cache (tests turn this off to
    /// compare them with the answers built per request).
    pub kept_answers: bool,
}

impl SharedState {
    /// The state for an archive and settings, on the system clock; `routes` are the route
    /// templates the request metrics are kept by (the route table's paths).
    pub fn new(
        archive: Arc<Archive>,
        settings: &Settings,
        routes: impl IntoIterator<Item = &'static str>,
    ) -> SharedState {
        let key = ClientIp::new(settings.trusted_proxies.clone());
        SharedState {
            live: Arc::new(ArcSwap::from_pointee(Loaded::new(
                archive,
                AnswerCache::new(settings.cache_bytes),
            ))),
            origins: settings.origins.clone(),
            limiters: RateFamily::ALL
                .map(|f| Limiter::new(f.policy_name(), settings.limit(f), key.clone())),
            connections: ClientConnections::new(
                settings.connections.per_client,
                settings.trusted_proxies.clone(),
            ),
            clients: key,
            metrics: settings
                .metrics_bind
                .map(|_| Arc::new(Metrics::new(routes))),
            clock: Clock::System,
            docs_url: settings.docs_url.as_str().into(),
            public: Arc::new(settings.public.clone()),
            kept_answers: true,
        }
    }

    /// The limiter of an endpoint family.
    #[allow(
        clippy::indexing_slicing,
        reason = "limiters has one entry per RateFamily variant, in the order of index()"
    )]
    pub fn limiter(&self, family: RateFamily) -> &Limiter {
        &self.limiters[family.index()]
    }

    /// Runs `f` on the state as one request sees it: the archive live when it starts, kept
    /// (with its computed-months set) until `f` returns, whatever is swapped in meanwhile.
    pub fn with_view<R>(&self, f: impl FnOnce(&AppState<'_>) -> R) -> R {
        let loaded = self.live.load();
        let default = loaded.archive.default_chain();
        let recorder = Recorder::new(&loaded.computed, default);
        f(&AppState {
            scope: Scope {
                dataset: loaded.archive.dataset(),
                chain: default,
                named: false,
                record: &recorder,
                lang: Lang::Id,
            },
            archive: &loaded.archive,
            computed: &loaded.computed,
            answers: &loaded.answers,
            recorder: &recorder,
            clock: self.clock,
            docs_url: &self.docs_url,
            public: &self.public,
            kept_answers: self.kept_answers,
        })
    }

    /// Makes `archive` the live one (with an empty computed-months set and answer cache, the
    /// cache's counts going on); returns the archive it replaces, which stays mapped while
    /// requests and bodies still use it.
    pub fn replace(&self, archive: Arc<Archive>) -> Arc<Loaded> {
        let answers = self.live.load().answers.successor();
        self.live.swap(Arc::new(Loaded::new(archive, answers)))
    }
}

/// The state as one request sees it (what handlers get): the live archive at the request's
/// start, its computed-months set, the clock and the documentation link. It derefs to its
/// [`Scope`] (`state.chain`, the default calendar, and what the answers of `hijri-view` are
/// built from).
pub struct AppState<'a> {
    /// The archive this request uses and its default calendar, with this request's
    /// [`Recorder`] as the place where the months it serves are recorded.
    pub scope: Scope<'a>,
    /// That archive, to share its bytes (PNG cards) with a response body.
    pub archive: &'a Archive,
    /// Months served from that archive's computed data so far.
    pub computed: &'a ComputedMonths,
    /// The answers built from that archive.
    pub answers: &'a AnswerCache,
    /// What this request has served (the scope's record): computed months, tiers.
    pub recorder: &'a Recorder<'a>,
    /// The current time.
    pub clock: Clock,
    /// Documentation link reported by `/meta`.
    pub docs_url: &'a str,
    /// Where the service's own links point.
    pub public: &'a PublicAddress,
    /// See [`SharedState::kept_answers`].
    pub kept_answers: bool,
}

impl<'a> AppState<'a> {
    /// The scope of an answer about `chain`, named by the request (`input` echoes it).
    pub fn scope_of(&self, chain: &'a ArchivedChain) -> Scope<'a> {
        Scope {
            chain,
            named: true,
            ..self.scope
        }
    }
}

impl<'a> std::ops::Deref for AppState<'a> {
    type Target = Scope<'a>;

    fn deref(&self) -> &Scope<'a> {
        &self.scope
    }
}
