//! The state every worker shares: the archived calendar, the computed-months set, CORS
//! origins, the rate limiters and the clock.

use std::sync::Arc;

use chrono::{DateTime, Utc};
use hijri::schema::ArchivedCalendar;

use crate::computed::ComputedMonths;
use crate::http::cors::Origins;
use crate::http::rate_limit::{limiter, ClientIp, Limiter};
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

/// Shared, cheaply cloned state (one clone per worker; counters and limiters are shared).
#[derive(Clone)]
pub struct AppState {
    /// The validated archive, mapped for the life of the process.
    pub calendar: &'static ArchivedCalendar,
    /// Months served from computed data so far.
    pub computed: Arc<ComputedMonths>,
    /// CORS origins.
    pub origins: Origins,
    /// Rate limiters, in the order of [`Limit::ALL`].
    pub limiters: [Limiter; 4],
    /// The current time.
    pub clock: Clock,
    /// Documentation link reported by `/meta`.
    pub docs_url: Arc<str>,
}

impl AppState {
    /// The state for an archive and settings, on the system clock.
    pub fn new(calendar: &'static ArchivedCalendar, settings: &Settings) -> AppState {
        let key = ClientIp::new(settings.trusted_proxies.clone());
        AppState {
            calendar,
            computed: Arc::new(ComputedMonths::new(calendar.months.len())),
            origins: settings.origins.clone(),
            limiters: Limit::ALL.map(|l| limiter(settings.limit(l), key.clone())),
            clock: Clock::System,
            docs_url: settings.docs_url.as_str().into(),
        }
    }

    /// The limiter of an endpoint family.
    pub fn limiter(&self, limit: Limit) -> &Limiter {
        &self.limiters[limit.index()]
    }
}
