//! The process's logs through `tracing`: JSON lines on stderr when it is not a terminal,
//! readable lines on a terminal, filtered by `HIJRI_LOG` (env-filter syntax, e.g. `info`,
//! `warn,hijri_server::request=off`): the start-up line, archive swaps, request lines and
//! actix's own lines. Request lines go into each worker's buffer, as JSON through
//! [`access_log::JsonLines`] (cheaper than the general formatter) or readable through
//! [`access_log::Buffered`]; everything else goes straight to stderr.

use std::io::IsTerminal;

use tracing_subscriber::filter::{filter_fn, ParseError};
use tracing_subscriber::fmt;
use tracing_subscriber::fmt::writer::MakeWriterExt;
use tracing_subscriber::layer::{Layer, SubscriberExt};
use tracing_subscriber::util::SubscriberInitExt;
use tracing_subscriber::EnvFilter;

use crate::http::access_log;

/// The target of actix-http's connection errors, never written.
const DISPATCHER: &str = "actix_http::h1::dispatcher";

/// The `HIJRI_LOG` filter (env-filter syntax); the settings check it with this too.
pub fn filter(text: &str) -> Result<EnvFilter, ParseError> {
    EnvFilter::builder().parse(text)
}

/// Installs the global subscriber with the `HIJRI_LOG` filter.
pub fn init(text: &str) -> Result<(), ParseError> {
    let filter = filter(text)?;
    // actix-http's line per connection that ended in an error is the client's doing and
    // as many as it likes: the protocol errors among them have their own sampled line.
    let quiet = filter_fn(|line: &tracing::Metadata<'_>| line.target() != DISPATCHER);
    let registry = tracing_subscriber::registry().with(filter).with(quiet);
    let result = if std::io::stderr().is_terminal() {
        let writer = (|| access_log::Buffered)
            .with_filter(|line: &tracing::Metadata<'_>| line.target() == access_log::TARGET)
            .or_else(std::io::stderr);
        registry
            .with(fmt::layer().with_writer(writer).with_ansi(true))
            .try_init()
    } else {
        let others = filter_fn(|line: &tracing::Metadata<'_>| line.target() != access_log::TARGET);
        registry
            .with(access_log::JsonLines)
            .with(
                fmt::layer()
                    .with_writer(std::io::stderr)
                    .json()
                    .flatten_event(true)
                    .with_current_span(false)
                    .with_span_list(false)
                    .with_filter(others),
            )
            .try_init()
    };
    // Only a second call in the same process fails, and the first subscriber then stays.
    let _ = result;
    Ok(())
}
