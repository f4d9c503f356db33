//! HTTP pieces every endpoint shares: query parameters, the error envelope, replies with
//! caching, ETags and content codings, CORS, rate limits, request logs (sampled where a client could flood them), request metrics, and
//! the connections themselves (per-client limits, minimum send rate, socket options, actix's
//! own refusals as JSON).

pub mod access_log;
pub mod body;
pub mod bounds;
pub mod connection;
pub mod cors;
pub mod edge;
pub mod encoding;
pub mod error;
pub mod metrics;
pub mod protocol;
pub mod query;
pub mod rate_limit;
pub mod reply;
pub mod representations;
pub mod sampler;
pub mod socket;
pub mod zero_copy;
