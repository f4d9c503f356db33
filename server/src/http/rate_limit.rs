//! Per-client-IP rate limits (actix-governor): the client is the peer address, or the
//! `X-Forwarded-For` client when the peer is a trusted proxy; a refused request gets 429
//! `rate_limit_exceeded` with the error envelope and `Retry-After` of at least one second.

use std::fmt;
use std::net::{IpAddr, Ipv4Addr};
use std::sync::Arc;
use std::time::Duration;

use actix_governor::governor::clock::{Clock, DefaultClock, QuantaInstant};
use actix_governor::governor::middleware::NoOpMiddleware;
use actix_governor::governor::NotUntil;
use actix_governor::{
    GovernorConfig, GovernorConfigBuilder, KeyExtractor, SimpleKeyExtractionError,
};
use actix_web::dev::ServiceRequest;
use actix_web::http::header;
use actix_web::{HttpResponse, HttpResponseBuilder, ResponseError};

use super::error::{ApiError, ErrorCode};

/// A rate limit: `count` requests per `seconds` per client IP.
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
}

/// A limiter configuration; clones share the same counters.
pub type Limiter = GovernorConfig<ClientIp, NoOpMiddleware>;

/// Builds a limiter allowing `limit.count` requests per `limit.seconds`, as a burst that
/// refills evenly over the window.
#[allow(
    clippy::expect_used,
    reason = "the builder refuses only a zero period or burst: the period is at least 1 ns and \
              the settings refuse a zero count"
)]
pub fn limiter(limit: RateLimit, key: ClientIp) -> Limiter {
    let period = Duration::from_secs(u64::from(limit.seconds)) / limit.count;
    GovernorConfigBuilder::default()
        .period(period.max(Duration::from_nanos(1)))
        .burst_size(limit.count)
        .key_extractor(key)
        .finish()
        .expect("settings refuse zero counts and windows")
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

    fn trusts(&self, ip: IpAddr) -> bool {
        self.0.iter().any(|block| block.contains(ip))
    }
}

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
    /// `X-Forwarded-For` entry that is not itself a trusted proxy.
    pub fn client(&self, peer: Option<IpAddr>, forwarded: Option<&str>) -> IpAddr {
        let peer = peer.map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |ip| ip.to_canonical());
        let Some(forwarded) = forwarded.filter(|_| self.trusted.trusts(peer)) else {
            return peer;
        };
        let mut hops = forwarded
            .rsplit(',')
            .map(|hop| hop.trim().parse::<IpAddr>());
        hops.find(|hop| hop.as_ref().map_or(true, |ip| !self.trusted.trusts(*ip)))
            .map_or(peer, |hop| hop.map_or(peer, |ip| ip.to_canonical()))
    }
}

impl KeyExtractor for ClientIp {
    type Key = IpAddr;
    type KeyExtractionError = SimpleKeyExtractionError<&'static str>;

    fn extract(&self, req: &ServiceRequest) -> Result<IpAddr, Self::KeyExtractionError> {
        let forwarded = req
            .headers()
            .get("x-forwarded-for")
            .and_then(|v| v.to_str().ok());
        Ok(self.client(req.peer_addr().map(|a| a.ip()), forwarded))
    }

    fn exceed_rate_limit_response(
        &self,
        negative: &NotUntil<QuantaInstant>,
        _response: HttpResponseBuilder,
    ) -> HttpResponse {
        let wait = negative.wait_time_from(DefaultClock::default().now());
        let seconds = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
        let seconds = seconds.max(1);
        let mut response = ApiError::new(
            ErrorCode::RateLimitExceeded,
            format!("too many requests from this address; retry in {seconds} s"),
        )
        .error_response();
        response
            .headers_mut()
            .insert(header::RETRY_AFTER, seconds.into());
        response
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(nobody.client(peer, Some("1.2.3.4")), ip("10.0.0.1"));
        assert_eq!(nobody.client(None, None), ip("0.0.0.0"));
        let proxies = ClientIp::new(TrustedProxies::parse("10.0.0.0/8").unwrap());
        assert_eq!(proxies.client(peer, Some("1.2.3.4")), ip("1.2.3.4"));
        assert_eq!(
            proxies.client(peer, Some("6.6.6.6, 1.2.3.4, 10.0.0.7")),
            ip("1.2.3.4")
        );
        assert_eq!(proxies.client(peer, Some("garbage")), ip("10.0.0.1"));
        assert_eq!(proxies.client(peer, Some("10.0.0.9")), ip("10.0.0.1"));
        assert_eq!(proxies.client(peer, None), ip("10.0.0.1"));
        assert_eq!(
            proxies.client(Some(ip("5.5.5.5")), Some("1.2.3.4")),
            ip("5.5.5.5")
        );
    }
}
