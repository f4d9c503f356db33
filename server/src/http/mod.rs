//! HTTP pieces every endpoint shares: query parameters, the error envelope, replies with
//! caching, ETags and content codings, CORS, rate limits, request logs, request metrics and socket options.

pub mod access_log;
pub mod cors;
pub mod edge;
pub mod encoding;
pub mod error;
pub mod metrics;
pub mod query;
pub mod rate_limit;
pub mod reply;
pub mod socket;
