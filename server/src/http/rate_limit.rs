//! Per-client rate limits over `governor`'s keyed GCRA. The client is the peer address, or
//! the `X-Forwarded-For` client when the peer is a trusted proxy; IPv4 clients are counted
//! by address, IPv6 clients by their /64 (one host holds a whole /64 and could otherwise rotate
//! through it). Every limited answer tells its budget with the IETF draft's fields
//! (draft-ietf-httpapi-ratelimit-headers): `RateLimit-Policy: "<name>";q=<count>;w=<seconds>`
//! and `RateLimit: "<name>";r=<remaining>;t=<seconds until the budget is whole again>`; a
//! refused request gets 429 `rate_limit_exceeded` with the error envelope, `r=0` and
//! `Retry-After` of at least one second. Clients idle long enough to have their whole budget
//! back are forgotten every [`FORGET_PERIOD`] ([`forget_idle_every`]), so the counters' memory
//! follows the clients active in the last window, not every client ever seen.

use std::fmt;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use std::num::NonZeroU32;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use actix_web::http::header::{self, HeaderMap, HeaderName, HeaderValue};
use actix_web::{HttpRequest, HttpResponse, ResponseError};
use governor::clock::{Clock, DefaultClock};
use governor::middleware::StateInformationMiddleware;
use governor::state::keyed::DefaultKeyedStateStore;
use governor::{Quota, RateLimiter};
use hijri::ascii::Ascii;

use super::error::{ApiError, ErrorCode};

/// A rate limit: `count` requests per `seconds` per client (an IPv4 address, or the /64 of an IPv6 address).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RateLimit {
    /// Requests allowed in the window (also the burst size).
    pub count: u32,
    /// Length of the window, seconds.
    pub seconds: u32,
}

impl fmt::Display for RateLimit {
    /// `<count>/<seconds>`, as the settings spell it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.count, self.seconds)
    }
}

impl RateLimit {
    /// Parses `<count>/<seconds>`, both positive.
    pub fn parse(text: &str) -> Option<RateLimit> {
        let (count, seconds) = text.trim().split_once('/')?;
        let limit = RateLimit {
            count: count.trim().parse().ok()?,
            seconds: seconds.trim().parse().ok()?,
        };
        (limit.count > 0 && limit.seconds > 0).then_some(limit)
    }

    /// The time one request takes to refill: the window over the count (at least 1 ns).
    pub fn period(self) -> Duration {
        (Duration::from_secs(u64::from(self.seconds)) / self.count).max(Duration::from_nanos(1))
    }
}

/// How often [`forget_idle_every`] forgets the clients whose budget is whole again.
pub const FORGET_PERIOD: Duration = Duration::from_secs(60);

/// The draft's `RateLimit-Policy` field.
const POLICY: HeaderName = HeaderName::from_static("ratelimit-policy");
/// The draft's `RateLimit` field.
const STATE: HeaderName = HeaderName::from_static("ratelimit");

type Counters<C> =
    RateLimiter<IpAddr, DefaultKeyedStateStore<IpAddr>, C, StateInformationMiddleware>;

/// The limiter of one endpoint family: a budget per client key. Clones share the counters.
#[derive(Clone)]
pub struct Limiter<C: Clock = DefaultClock> {
    counters: Arc<Counters<C>>,
    /// Requests refused so far (for the metrics).
    refused: Arc<AtomicU64>,
    clients: ClientIp,
    name: &'static str,
    limit: RateLimit,
    policy: HeaderValue,
}

impl Limiter {
    /// A limiter named `name` (its policy name in the headers) allowing `limit.count`
    /// requests per `limit.seconds` to each client, as a burst that refills evenly over the
    /// window.
    pub fn new(name: &'static str, limit: RateLimit, clients: ClientIp) -> Limiter {
        Limiter::with_clock(name, limit, clients, DefaultClock::default())
    }
}

impl<C: Clock> Limiter<C> {
    /// [`Limiter::new`] on another clock (tests use governor's fake one).
    #[allow(
        clippy::expect_used,
        reason = "the settings refuse a zero count, a period is at least 1 ns, and the policy \
                  is a name and numbers: visible ASCII"
    )]
    pub fn with_clock(name: &'static str, limit: RateLimit, clients: ClientIp, clock: C) -> Self {
        let count = NonZeroU32::new(limit.count).expect("settings refuse zero counts");
        let quota = Quota::with_period(limit.period())
            .expect("a period is at least one nanosecond")
            .allow_burst(count);
        let policy = format!("\"{name}\";q={};w={}", limit.count, limit.seconds);
        Limiter {
            counters: Arc::new(RateLimiter::dashmap_with_clock(quota, clock).with_middleware()),
            refused: Arc::default(),
            clients,
            name,
            limit,
            policy: HeaderValue::try_from(policy).expect("names and numbers are visible ASCII"),
        }
    }

    /// Counts a request of `client` and answers it: `answer`'s response with the budget
    /// fields, or 429 without calling `answer`.
    pub fn admit(
        &self,
        client: IpAddr,
        answer: impl FnOnce() -> Result<HttpResponse, ApiError>,
    ) -> HttpResponse {
        match self.count(client) {
            Ok(remaining) => {
                let mut response = answer().unwrap_or_else(|error| error.error_response());
                self.tell(response.headers_mut(), remaining);
                response
            }
            Err(wait) => {
                self.refused.fetch_add(1, Ordering::Relaxed);
                let seconds = whole_seconds(wait).max(1);
                let mut response = ApiError::new(
                    ErrorCode::RateLimitExceeded,
                    format!("too many requests from this address; retry in {seconds} s"),
                )
                .error_response();
                self.tell(response.headers_mut(), 0);
                response
                    .headers_mut()
                    .insert(header::RETRY_AFTER, seconds.into());
                response
            }
        }
    }

    /// Takes one request from `client`'s budget: the requests left, or the wait until one
    /// more is allowed.
    pub fn count(&self, client: IpAddr) -> Result<u32, Duration> {
        let clock = self.counters.clock();
        match self.counters.check_key(&key(client)) {
            Ok(snapshot) => Ok(snapshot.remaining_burst_capacity()),
            Err(refused) => Err(refused.wait_time_from(clock.now())),
        }
    }

    /// Writes the budget fields: the policy, and `remaining` requests with the seconds until
    /// the whole budget is back (an upper bound: each spent request refills in one period).
    #[allow(
        clippy::expect_used,
        reason = "the field is a name and numbers: visible ASCII"
    )]
    fn tell(&self, headers: &mut HeaderMap, remaining: u32) {
        let spent = self.limit.count.saturating_sub(remaining);
        let refill = whole_seconds(self.limit.period() * spent);
        let mut state = Ascii::<64>::new();
        state
            .push(b'"')
            .push_str(self.name)
            .push_str("\";r=")
            .decimal(u64::from(remaining), 0)
            .push_str(";t=")
            .decimal(refill, 0);
        headers.insert(POLICY, self.policy.clone());
        headers.insert(
            STATE,
            HeaderValue::from_bytes(state.as_bytes()).expect("names and numbers are visible ASCII"),
        );
    }

    /// Forgets the clients whose budget is whole again (they are indistinguishable from new
    /// ones) and gives the freed memory back.
    pub fn forget_idle(&self) {
        self.counters.retain_recent();
        self.counters.shrink_to_fit();
    }

    /// Its policy name and how many requests it has refused so far.
    pub fn refusals(&self) -> (&'static str, u64) {
        (self.name, self.refused.load(Ordering::Relaxed))
    }

    /// How many client keys the limiter holds now.
    pub fn clients_held(&self) -> usize {
        self.counters.len()
    }

    /// The client of a request, as this limiter sees it before grouping.
    pub fn client(&self, req: &HttpRequest) -> IpAddr {
        self.clients.of(req)
    }
}

/// Forgets the idle clients of `limiters` every [`FORGET_PERIOD`], forever (spawn it once).
pub async fn forget_idle_every(limiters: Vec<Limiter>) {
    let mut ticks = actix_web::rt::time::interval(FORGET_PERIOD);
    loop {
        ticks.tick().await;
        limiters.iter().for_each(Limiter::forget_idle);
    }
}

/// A duration in whole seconds, rounded up.
fn whole_seconds(duration: Duration) -> u64 {
    duration.as_secs() + u64::from(duration.subsec_nanos() > 0)
}

/// The key a client is counted under: an IPv4 address, or the /64 of an IPv6 address.
pub fn key(client: IpAddr) -> IpAddr {
    match client {
        IpAddr::V4(_) => client,
        IpAddr::V6(v6) => IpAddr::V6(Ipv6Addr::from_bits(v6.to_bits() & !u128::from(u64::MAX))),
    }
}
/// An IP block: an address and a prefix length.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Block {
    addr: IpAddr,
    prefix: u32,
}

impl Block {
    fn parse(text: &str) -> Option<Block> {
        let (addr, prefix) = match text.split_once('/') {
            Some((addr, prefix)) => (addr.parse().ok()?, Some(prefix.parse().ok()?)),
            None => (text.parse().ok()?, None),
        };
        let bits = if matches!(addr, IpAddr::V4(_)) {
            32
        } else {
            128
        };
        let prefix = prefix.unwrap_or(bits);
        (prefix <= bits).then_some(Block { addr, prefix })
    }

    fn contains(&self, ip: IpAddr) -> bool {
        let bits = |ip: IpAddr| match ip {
            IpAddr::V4(v4) => u128::from(v4.to_bits()) << 96,
            IpAddr::V6(v6) => v6.to_bits(),
        };
        let ip = ip.to_canonical();
        if self.addr.is_ipv4() != ip.is_ipv4() {
            return false;
        }
        let mask = u128::MAX.checked_shl(128 - self.prefix).unwrap_or(0);
        bits(self.addr) & mask == bits(ip) & mask
    }
}

impl fmt::Display for Block {
    /// `address/prefix`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.addr, self.prefix)
    }
}

/// The proxies whose `X-Forwarded-For` header is believed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TrustedProxies(Arc<[Block]>);

impl TrustedProxies {
    /// Parses a comma list of addresses and CIDR blocks; empty trusts nobody.
    pub fn parse(setting: &str) -> Option<TrustedProxies> {
        setting
            .split(',')
            .map(str::trim)
            .filter(|item| !item.is_empty())
            .map(Block::parse)
            .collect::<Option<Vec<Block>>>()
            .map(|blocks| TrustedProxies(blocks.into()))
    }

    /// True if `ip` is one of the trusted proxies.
    pub fn trusts(&self, ip: IpAddr) -> bool {
        self.0.iter().any(|block| block.contains(ip))
    }
}

impl fmt::Display for TrustedProxies {
    /// As `HIJRI_TRUSTED_PROXIES` spells it: a comma list of blocks (empty: none).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, block) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{block}")?;
        }
        Ok(())
    }
}

/// The client of a request as its limiter saw it, kept in the request's extensions so the
/// request log does not work it out again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Client(pub IpAddr);

/// The rate-limit key: the client's IP address.
#[derive(Clone, Debug)]
pub struct ClientIp {
    trusted: TrustedProxies,
}

impl ClientIp {
    /// A key extractor believing `X-Forwarded-For` only from `trusted` peers.
    pub fn new(trusted: TrustedProxies) -> ClientIp {
        ClientIp { trusted }
    }

    /// The client of a request: the peer, or behind trusted proxies the right-most
    /// `X-Forwarded-For` entry that is not itself a trusted proxy. `forwarded` are the
    /// header's lines in order: read as one list joined by commas (RFC 9110, 5.3), so a
    /// proxy that appends a line of its own (HAProxy) is read as one that extends the list.
    /// An entry that is no address ends the search at the peer.
    pub fn client<'a, I>(&self, peer: Option<IpAddr>, forwarded: I) -> IpAddr
    where
        I: IntoIterator<Item = &'a str>,
        I::IntoIter: DoubleEndedIterator,
    {
        let peer = peer.map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |ip| ip.to_canonical());
        if !self.trusted.trusts(peer) {
            return peer;
        }
        let mut hops = forwarded
            .into_iter()
            .rev()
            .flat_map(|line| line.rsplit(','))
            .map(|hop| hop.trim().parse::<IpAddr>());
        hops.find(|hop| hop.as_ref().map_or(true, |ip| !self.trusted.trusts(*ip)))
            .map_or(peer, |hop| hop.map_or(peer, |ip| ip.to_canonical()))
    }

    /// The client of a request (see [`ClientIp::client`]); a line that is not text counts
    /// as an entry that is no address.
    pub fn of(&self, req: &HttpRequest) -> IpAddr {
        let forwarded = req
            .headers()
            .get_all("x-forwarded-for")
            .map(|line| line.to_str().unwrap_or("?"));
        self.client(req.peer_addr().map(|a| a.ip()), forwarded)
    }

    /// True if `peer` is a trusted proxy.
    pub fn trusts(&self, peer: IpAddr) -> bool {
        self.trusted.trusts(peer.to_canonical())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use governor::clock::FakeRelativeClock;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn blocks() {
        let block = Block::parse("10.1.0.0/16").unwrap();
        assert!(block.contains(ip("10.1.200.3")));
        assert!(!block.contains(ip("10.2.0.1")));
        assert!(block.contains(ip("::ffff:10.1.0.9")));
        assert!(Block::parse("::1").unwrap().contains(ip("::1")));
        assert!(Block::parse("0.0.0.0/0").unwrap().contains(ip("8.8.8.8")));
        assert!(Block::parse("10.0.0.0/33").is_none());
        assert!(Block::parse("proxy").is_none());
    }

    #[test]
    fn forwarded_for_only_from_trusted_peers() {
        let nobody = ClientIp::new(TrustedProxies::default());
        let peer = Some(ip("10.0.0.1"));
        assert_eq!(nobody.client(peer, ["1.2.3.4"]), ip("10.0.0.1"));
        assert_eq!(nobody.client(None, []), ip("0.0.0.0"));
        let proxies = ClientIp::new(TrustedProxies::parse("10.0.0.0/8").unwrap());
        assert_eq!(proxies.client(peer, ["1.2.3.4"]), ip("1.2.3.4"));
        assert_eq!(
            proxies.client(peer, ["6.6.6.6, 1.2.3.4, 10.0.0.7"]),
            ip("1.2.3.4")
        );
        assert_eq!(proxies.client(peer, ["garbage"]), ip("10.0.0.1"));
        assert_eq!(proxies.client(peer, ["10.0.0.9"]), ip("10.0.0.1"));
        assert_eq!(proxies.client(peer, []), ip("10.0.0.1"));
        assert_eq!(
            proxies.client(Some(ip("5.5.5.5")), ["1.2.3.4"]),
            ip("5.5.5.5")
        );
        // Lines are one list in order: the client's own line first, a proxy's appended one
        // last (HAProxy), whatever the client wrote.
        assert_eq!(
            proxies.client(peer, ["6.6.6.6", "203.0.113.9, 10.0.0.7"]),
            ip("203.0.113.9")
        );
        assert_eq!(
            proxies.client(peer, ["6.6.6.6, 7.7.7.7", "203.0.113.9"]),
            ip("203.0.113.9")
        );
        assert_eq!(proxies.client(peer, ["1.2.3.4", "10.0.0.8"]), ip("1.2.3.4"));
    }

    fn fake(limit: &str) -> (Limiter<FakeRelativeClock>, FakeRelativeClock) {
        let clock = FakeRelativeClock::default();
        let limit = RateLimit::parse(limit).unwrap();
        let limiter = Limiter::with_clock(
            "default",
            limit,
            ClientIp::new(TrustedProxies::default()),
            clock.clone(),
        );
        (limiter, clock)
    }

    fn fields(response: &HttpResponse) -> (String, String, Option<String>) {
        let text = |name: &str| {
            response
                .headers()
                .get(name)
                .map(|v| v.to_str().unwrap().to_owned())
        };
        (
            text("ratelimit-policy").unwrap(),
            text("ratelimit").unwrap(),
            text("retry-after"),
        )
    }

    #[test]
    fn the_budget_counts_down_and_refills() {
        let (limiter, clock) = fake("3/60");
        let client = ip("192.0.2.1");
        let ok = || Ok(HttpResponse::Ok().finish());
        let policy = r#""default";q=3;w=60"#.to_owned();
        // Each request refills in 20 s: the budget is whole again 20 s per spent request.
        for (remaining, reset) in [(2, 20), (1, 40), (0, 60)] {
            let response = limiter.admit(client, ok);
            assert_eq!(response.status(), 200);
            let state = format!(r#""default";r={remaining};t={reset}"#);
            assert_eq!(fields(&response), (policy.clone(), state, None));
        }
        let refused = limiter.admit(client, || panic!("a refused request is not answered"));
        assert_eq!(refused.status(), 429);
        let state = r#""default";r=0;t=60"#.to_owned();
        assert_eq!(fields(&refused), (policy.clone(), state, Some("20".into())));
        // Another client has its own budget; errors of the answer carry the fields too.
        let other = limiter.admit(ip("192.0.2.2"), || {
            Err(ApiError::new(ErrorCode::InvalidDate, "bad"))
        });
        assert_eq!(other.status(), 400);
        assert_eq!(fields(&other).1, r#""default";r=2;t=20"#);
        // 5 s before the next refill, Retry-After rounds up to whole seconds.
        clock.advance(Duration::from_millis(15_500));
        assert_eq!(fields(&limiter.admit(client, ok)).2, Some("5".into()));
        clock.advance(Duration::from_millis(4_500));
        assert_eq!(
            fields(&limiter.admit(client, ok)).1,
            r#""default";r=0;t=60"#
        );
    }

    #[test]
    fn ipv6_clients_are_counted_by_their_64() {
        assert_eq!(key(ip("2001:db8:1:2:aaaa::1")), ip("2001:db8:1:2::"));
        assert_eq!(
            key(ip("2001:db8:1:2:ffff:ffff:ffff:ffff")),
            ip("2001:db8:1:2::")
        );
        assert_ne!(key(ip("2001:db8:1:3::1")), ip("2001:db8:1:2::"));
        assert_eq!(key(ip("192.0.2.7")), ip("192.0.2.7"));
        let (limiter, _clock) = fake("1/60");
        assert!(limiter.count(ip("2001:db8:1:2::1")).is_ok());
        assert!(limiter.count(ip("2001:db8:1:2:9:9:9:9")).is_err());
        assert!(limiter.count(ip("2001:db8:1:3::1")).is_ok());
        assert!(limiter.count(ip("192.0.2.1")).is_ok());
        assert!(limiter.count(ip("192.0.2.2")).is_ok());
        assert_eq!(limiter.clients_held(), 4);
    }

    #[test]
    fn idle_clients_are_forgotten() {
        let (limiter, clock) = fake("10/10");
        for n in 0..1000u32 {
            assert!(limiter.count(IpAddr::V4(Ipv4Addr::from_bits(n))).is_ok());
        }
        let busy = ip("198.51.100.1");
        for _ in 0..10 {
            assert!(limiter.count(busy).is_ok());
        }
        assert_eq!(limiter.clients_held(), 1001);
        // One second later everyone still waits for a refill: nobody is forgotten.
        clock.advance(Duration::from_secs(1));
        limiter.forget_idle();
        assert_eq!(limiter.clients_held(), 1001);
        // After two more seconds the one-request clients have their budget back; the busy
        // one, which spent all ten, is still refilling and still counted.
        clock.advance(Duration::from_secs(2));
        limiter.forget_idle();
        assert_eq!(limiter.clients_held(), 1);
        assert_eq!(limiter.count(busy), Ok(2));
        clock.advance(Duration::from_secs(10));
        limiter.forget_idle();
        assert_eq!(limiter.clients_held(), 0);
    }
}
