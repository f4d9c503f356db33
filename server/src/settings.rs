//! Typed settings, each with a working default: the command line ([`Cli`]: one typed flag per
//! setting, each falling back to its environment variable and then to its one default) is
//! where values are parsed and checked; [`Settings`] is what the rest of the server reads.
//! A bad value is reported under the name the user gave it: the flag, or the variable.

use std::ffi::OsString;
use std::net::SocketAddr;
use std::path::PathBuf;

use clap::error::{ContextKind, ContextValue, ErrorKind};

use crate::http::cors::Origins;
use crate::http::rate_limit::{RateLimit, TrustedProxies};

/// The path of the docs page: `docs_url` of `/meta` links to it (and the page for people).
pub use hijri_page::DOCS_PATH;

/// The rate-limited endpoint families.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RateFamily {
    /// `/api/v1/hilal/info`.
    HilalInfo,
    /// `/api/v1/hilal/viz`.
    HilalViz,
    /// `/api/v1/hilal/map`.
    HilalMap,
    /// Every other endpoint.
    Default,
}

impl RateFamily {
    /// Every family, in the order of [`Settings::limits`].
    pub const ALL: [RateFamily; 4] = [
        RateFamily::HilalInfo,
        RateFamily::HilalViz,
        RateFamily::HilalMap,
        RateFamily::Default,
    ];

    /// Its position in [`RateFamily::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// Its policy name in the `RateLimit-Policy` and `RateLimit` fields.
    pub fn policy_name(self) -> &'static str {
        match self {
            RateFamily::HilalInfo => "hilal-info",
            RateFamily::HilalViz => "hilal-viz",
            RateFamily::HilalMap => "hilal-map",
            RateFamily::Default => "default",
        }
    }
}

/// Everything the server can be told from outside.
#[derive(Clone, Debug)]
pub struct Settings {
    /// `HIJRI_ARCHIVE`: the archive file.
    pub archive: PathBuf,
    /// `HIJRI_BIND`: the listen address.
    pub bind: String,
    /// `ALLOWED_ORIGINS`: CORS origins.
    pub origins: Origins,
    /// `HIJRI_TRUSTED_PROXIES`: peers whose `X-Forwarded-For` is believed.
    pub trusted_proxies: TrustedProxies,
    /// `HIJRI_LIMIT_*`, in the order of [`RateFamily::ALL`].
    pub limits: [RateLimit; RateFamily::ALL.len()],
    /// The documentation link reported by `/meta`: [`DOCS_PATH`], after `HIJRI_PUBLIC_URL`
    /// when that is set.
    pub docs_url: String,
    /// Where the service's own links point ([`PublicAddress`]).
    pub public: PublicAddress,
    /// `HIJRI_LOG`: the log filter (env-filter syntax, checked).
    pub log: String,
    /// The connection limits and timeouts.
    pub connections: Connections,
    /// `HIJRI_METRICS_BIND`: the metrics listener's address; `None` (empty): no listener.
    pub metrics_bind: Option<SocketAddr>,
    /// `HIJRI_CACHE_BYTES`: the most the answer cache holds, in bytes (every coding's body
    /// and the keys).
    pub cache_bytes: u64,
}

/// How many connections the server holds and how long a client may keep one busy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Connections {
    /// `HIJRI_MAX_CONNECTIONS`: open connections per worker (more wait in the listen queue);
    /// `None`: as many as the open-file limit allows ([`crate::open_files`]).
    pub max: Option<u32>,
    /// `HIJRI_MAX_CONNECTIONS_PER_CLIENT`: open connections of one client (an IPv4 address
    /// or an IPv6 /64, by its peer address; trusted proxies are exempt); more are closed at
    /// accept.
    pub per_client: u32,
    /// `HIJRI_KEEP_ALIVE`: seconds an idle connection stays open, also after an answer that
    /// is still being sent.
    pub keep_alive: u32,
    /// `HIJRI_REQUEST_TIMEOUT`: seconds a client has to send a request head (then 408).
    pub request_timeout: u32,
    /// `HIJRI_DISCONNECT_TIMEOUT`: seconds a closing connection has to take its last bytes;
    /// after keep-alive and this, a client that does not read is dropped.
    pub disconnect_timeout: u32,
    /// `HIJRI_SEND_TIMEOUT`: seconds an answer waiting for its client may go without the
    /// client acknowledging a byte (a client that stopped reading) before the connection is
    /// reset.
    pub send_timeout: u32,
    /// `HIJRI_MIN_SEND_RATE`: bytes per window (`count` bytes per `seconds`) an answer that
    /// waits for its client must be acknowledged at, or its connection is reset.
    pub min_send_rate: RateLimit,
}

/// A value parser for clap from a parsing function: `None` becomes the error `expected`.
fn expecting<T: Clone + Send + Sync + 'static>(
    parse: fn(&str) -> Option<T>,
    expected: &'static str,
) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static {
    move |text| parse(text).ok_or_else(|| format!("expected {expected}"))
}

/// A whole number above zero.
fn positive(text: &str) -> Option<u32> {
    text.trim().parse().ok().filter(|n| *n > 0)
}

/// A number of bytes above zero, with an optional binary suffix (`64M`: 64 MiB).
fn bytes(text: &str) -> Option<u64> {
    let text = text.trim();
    let (digits, shift) = match text.strip_suffix(['K', 'M', 'G']) {
        Some(digits) => (digits, 10 * (1 + "KMG".find(text.chars().last()?)?)),
        None => (text, 0),
    };
    let n: u64 = digits.parse().ok().filter(|n| *n > 0)?;
    n.checked_mul(1 << shift)
}

/// A number of bytes.
const BYTES: &str = "a number of bytes above zero, with K, M or G for KiB, MiB, GiB (e.g. 64M)";

/// `<count>/<seconds>`, both above zero.
const RATE: &str = "<count>/<seconds> with both above zero, e.g. 60/3600";
/// A whole number above zero.
const POSITIVE: &str = "a whole number above zero";

/// An optional listen address: empty is none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Listen(pub Option<SocketAddr>);

impl Listen {
    fn parse(text: &str) -> Option<Listen> {
        match text.trim() {
            "" => Some(Listen(None)),
            address => address.parse().ok().map(|a| Listen(Some(a))),
        }
    }
}

/// The command line of `hijri-serve`: one typed flag per setting, each falling back to its
/// environment variable and then to its default.
#[derive(Debug, clap::Parser)]
#[command(
    name = "hijri-serve",
    about = "hijri-serve: the Indonesian Hijri calendar HTTP service",
    after_help = "Each flag may be given instead as its environment variable (shown in brackets); \
a flag wins over its variable.\n\
Request logs go to stderr, one JSON line per request. The start-up line and archive swaps \
go through HIJRI_LOG: JSON lines when stderr is not a terminal, readable lines on one. SIGHUP \
replaces the archive, SIGINT or SIGTERM stops the server gracefully."
)]
pub struct Cli {
    /// Archive written by hijri-generate.
    #[arg(
        long,
        value_name = "FILE",
        env = "HIJRI_ARCHIVE",
        default_value = "data/hijri.archive"
    )]
    pub archive: PathBuf,
    /// Listen address.
    #[arg(
        long,
        value_name = "ADDR",
        env = "HIJRI_BIND",
        default_value = "127.0.0.1:8080"
    )]
    pub bind: String,
    /// CORS origins, comma list (* allows all).
    #[arg(long, value_name = "LIST", env = "ALLOWED_ORIGINS", default_value = "*",
          value_parser = expecting(|t| Some(Origins::parse(t)), "a comma list of origins"))]
    pub allowed_origins: Origins,
    /// Proxies (IPs or CIDRs, comma list) whose X-Forwarded-For names the client; empty: none.
    #[arg(long, value_name = "LIST", env = "HIJRI_TRUSTED_PROXIES", default_value = "",
          hide_default_value = true,
          value_parser = expecting(TrustedProxies::parse, "a comma list of IP addresses or CIDR blocks"))]
    pub trusted_proxies: TrustedProxies,
    /// Rate limit per client (IPv4 address or IPv6 /64) of /api/v1/hilal/info,
    /// <count>/<seconds>.
    #[arg(long, value_name = "N/SECS", env = "HIJRI_LIMIT_HILAL_INFO", default_value = "60/3600",
          value_parser = expecting(RateLimit::parse, RATE))]
    pub limit_hilal_info: RateLimit,
    /// Rate limit per client (IPv4 address or IPv6 /64) of /api/v1/hilal/viz.
    #[arg(long, value_name = "N/SECS", env = "HIJRI_LIMIT_HILAL_VIZ", default_value = "30/3600",
          value_parser = expecting(RateLimit::parse, RATE))]
    pub limit_hilal_viz: RateLimit,
    /// Rate limit per client (IPv4 address or IPv6 /64) of /api/v1/hilal/map.
    #[arg(long, value_name = "N/SECS", env = "HIJRI_LIMIT_HILAL_MAP", default_value = "30/3600",
          value_parser = expecting(RateLimit::parse, RATE))]
    pub limit_hilal_map: RateLimit,
    /// Rate limit per client (IPv4 address or IPv6 /64) of every other endpoint.
    #[arg(long, value_name = "N/SECS", env = "HIJRI_LIMIT_DEFAULT", default_value = "240/60",
          value_parser = expecting(RateLimit::parse, RATE))]
    pub limit_default: RateLimit,
    /// The service's public address, e.g. https://kalender.example.id; makes docs_url absolute.
    #[arg(long, value_name = "URL", env = "HIJRI_PUBLIC_URL",
          value_parser = expecting(public_base,
              "an absolute http or https URL without query or fragment"))]
    pub public_url: Option<String>,
    /// Without a public URL: the addresses the service answers at (comma list of absolute
    /// URLs, e.g. https://kalender.example.id), one chosen by an exact match of the request's
    /// Host; links are relative for any other host.
    #[arg(long, value_name = "URLS", env = "HIJRI_PUBLIC_HOSTS", value_delimiter = ',',
          value_parser = expecting(public_base,
              "a comma list of absolute http or https URLs without query or fragment"))]
    pub public_hosts: Vec<String>,
    /// Log filter of the start-up, swap and actix lines, env-filter syntax (e.g. warn).
    #[arg(long, value_name = "FILTER", env = "HIJRI_LOG", default_value = "info",
          value_parser = expecting(|t| crate::logging::filter(t).ok().map(|_| t.to_owned()),
              "an env-filter directive list, e.g. info or warn,hijri_server=debug"))]
    pub log: String,
    /// Open connections per worker (more wait in the listen queue); default: what the
    /// open-file limit holds, after raising its soft limit to the hard one.
    #[arg(long, value_name = "N", env = "HIJRI_MAX_CONNECTIONS",
          value_parser = expecting(positive, POSITIVE))]
    pub max_connections: Option<u32>,
    /// Open connections of one client (IPv4 address or IPv6 /64, by peer address; trusted
    /// proxies exempt); more are closed at accept.
    #[arg(long, value_name = "N", env = "HIJRI_MAX_CONNECTIONS_PER_CLIENT", default_value = "64",
          value_parser = expecting(positive, POSITIVE))]
    pub max_connections_per_client: u32,
    /// Seconds an idle connection stays open (also while its last answer is still sent).
    #[arg(long, value_name = "SECS", env = "HIJRI_KEEP_ALIVE", default_value = "5",
          value_parser = expecting(positive, POSITIVE))]
    pub keep_alive: u32,
    /// Seconds a client has to send its request head; then 408 and the connection closes.
    #[arg(long, value_name = "SECS", env = "HIJRI_REQUEST_TIMEOUT", default_value = "5",
          value_parser = expecting(positive, POSITIVE))]
    pub request_timeout: u32,
    /// Seconds a closing connection has to take its last bytes; then it is dropped.
    #[arg(long, value_name = "SECS", env = "HIJRI_DISCONNECT_TIMEOUT", default_value = "5",
          value_parser = expecting(positive, POSITIVE))]
    pub disconnect_timeout: u32,
    /// Seconds an answer waiting for its client may go without it acknowledging a byte; then
    /// the connection is reset.
    #[arg(long, value_name = "SECS", env = "HIJRI_SEND_TIMEOUT", default_value = "30",
          value_parser = expecting(positive, POSITIVE))]
    pub send_timeout: u32,
    /// Slowest a client may take an answer that waits for it, <bytes>/<seconds> of waiting:
    /// less resets the connection.
    #[arg(long, value_name = "BYTES/SECS", env = "HIJRI_MIN_SEND_RATE", default_value = "10240/10",
          value_parser = expecting(RateLimit::parse, RATE))]
    pub min_send_rate: RateLimit,
    /// Address of a separate listener serving Prometheus metrics at /metrics; empty: none.
    #[arg(long, value_name = "ADDR", env = "HIJRI_METRICS_BIND", default_value = "",
          hide_default_value = true,
          value_parser = expecting(Listen::parse,
              "empty (no metrics listener) or an IP address and port, e.g. 127.0.0.1:9090"))]
    pub metrics_bind: Listen,
    /// The most the answer cache holds (answers built once, each coding on its first
    /// request, with their keys, as the allocator holds them), in bytes; K, M or G for KiB,
    /// MiB, GiB.
    #[arg(long, value_name = "BYTES", env = "HIJRI_CACHE_BYTES", default_value = "64M",
          value_parser = expecting(bytes, BYTES))]
    pub cache_bytes: u64,
}

impl Cli {
    /// The clap command, with the version line `<version> (<build hash>), interface
    /// <interface version>`: the service's own release and the contract it implements.
    pub fn command() -> clap::Command {
        let version = format!(
            "{} ({}), interface {}",
            hijri::VERSION,
            hijri::BUILD_HASH,
            crate::interface::version()
        );
        // Built once per process: leaking the line is what makes it `'static` for clap.
        <Cli as clap::CommandFactory>::command().version(&*Box::leak(version.into_boxed_str()))
    }

    /// Parses `args` (the program name first) and the environment; clap's errors, `--help`
    /// and `--version` come back as [`clap::Error`]. A bad value names its flag when it was
    /// given as a flag, its variable when it came from the environment.
    pub fn try_parse_from<I, T>(args: I) -> Result<Cli, clap::Error>
    where
        I: IntoIterator<Item = T>,
        T: Into<OsString> + Clone,
    {
        let args: Vec<OsString> = args.into_iter().map(Into::into).collect();
        let command = Cli::command();
        let matches = command
            .clone()
            .try_get_matches_from(&args)
            .map_err(|error| from_variable(error, &command, &args))?;
        <Cli as clap::FromArgMatches>::from_arg_matches(&matches)
    }
}

/// `error` about a bad value, told under the environment variable when the value came from
/// there (clap names the flag either way); any other error unchanged.
fn from_variable(error: clap::Error, command: &clap::Command, args: &[OsString]) -> clap::Error {
    if error.kind() != ErrorKind::ValueValidation {
        return error;
    }
    let text = |kind| match error.get(kind) {
        Some(ContextValue::String(text)) => Some(text.as_str()),
        _ => None,
    };
    let (Some(shown), Some(value)) = (
        text(ContextKind::InvalidArg),
        text(ContextKind::InvalidValue),
    ) else {
        return error;
    };
    let flag = shown.split_whitespace().next().unwrap_or_default();
    let given_as_flag = args.iter().any(|arg| {
        let arg = arg.to_string_lossy();
        arg == flag
            || arg
                .strip_prefix(flag)
                .is_some_and(|rest| rest.starts_with('='))
    });
    let variable = command
        .get_arguments()
        .find(|arg| {
            arg.get_long()
                .is_some_and(|long| flag.strip_prefix("--") == Some(long))
        })
        .and_then(clap::Arg::get_env);
    match (given_as_flag, variable) {
        (false, Some(variable)) => {
            let reason = std::error::Error::source(&error)
                .map(ToString::to_string)
                .unwrap_or_default();
            clap::Error::raw(
                ErrorKind::ValueValidation,
                format!(
                    "invalid value '{value}' for {}: {reason}\n",
                    variable.to_string_lossy()
                ),
            )
        }
        _ => error,
    }
}

/// Where the links of the page, the feeds and the document point (never the request's
/// `Host` or forwarding headers): [`PublicAddress::url`], else one of
/// [`PublicAddress::hosts`] matched exactly by the request's `Host`, else nowhere (links
/// are relative).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PublicAddress {
    /// `HIJRI_PUBLIC_URL`, without its trailing `/`.
    pub url: Option<String>,
    /// `HIJRI_PUBLIC_HOSTS`, each without its trailing `/`.
    pub hosts: Vec<String>,
}

impl PublicAddress {
    /// The address for a request that came with the `Host` header `host`.
    pub fn for_host(&self, host: Option<&str>) -> Option<&str> {
        if let Some(url) = &self.url {
            return Some(url);
        }
        let host = host?;
        self.hosts
            .iter()
            .find(|url| {
                let authority = url.split_once("://").map_or("", |(_, rest)| rest);
                let authority = authority.split_once('/').map_or(authority, |(a, _)| a);
                authority.eq_ignore_ascii_case(host)
            })
            .map(String::as_str)
    }
}

impl From<Cli> for Settings {
    fn from(cli: Cli) -> Settings {
        Settings {
            limits: RateFamily::ALL.map(|family| match family {
                RateFamily::HilalInfo => cli.limit_hilal_info,
                RateFamily::HilalViz => cli.limit_hilal_viz,
                RateFamily::HilalMap => cli.limit_hilal_map,
                RateFamily::Default => cli.limit_default,
            }),
            docs_url: match &cli.public_url {
                Some(base) => format!("{base}{DOCS_PATH}"),
                None => DOCS_PATH.to_owned(),
            },
            public: PublicAddress {
                url: cli.public_url,
                hosts: cli.public_hosts,
            },
            connections: Connections {
                max: cli.max_connections,
                per_client: cli.max_connections_per_client,
                keep_alive: cli.keep_alive,
                request_timeout: cli.request_timeout,
                disconnect_timeout: cli.disconnect_timeout,
                send_timeout: cli.send_timeout,
                min_send_rate: cli.min_send_rate,
            },
            metrics_bind: cli.metrics_bind.0,
            cache_bytes: cli.cache_bytes,
            archive: cli.archive,
            bind: cli.bind,
            origins: cli.allowed_origins,
            trusted_proxies: cli.trusted_proxies,
            log: cli.log,
        }
    }
}

impl Settings {
    /// The rate limit of a family.
    #[allow(
        clippy::indexing_slicing,
        reason = "limits has one entry per RateFamily variant, in the order of index()"
    )]
    pub fn limit(&self, family: RateFamily) -> RateLimit {
        self.limits[family.index()]
    }
}

/// The public address without its trailing `/`, if it is an absolute http(s) URL with a
/// host and neither query nor fragment, written in characters that need no escaping in
/// HTML, JSON or iCalendar.
fn public_base(value: &str) -> Option<String> {
    let uri: actix_web::http::Uri = value.parse().ok()?;
    let web = matches!(uri.scheme_str(), Some("http" | "https"));
    let plain = uri.query().is_none()
        && value
            .chars()
            .all(|c| c.is_ascii_graphic() && !"#\"'<>\\`{}|^;,".contains(c));
    (web && uri.host().is_some_and(|h| !h.is_empty()) && plain)
        .then(|| value.trim_end_matches('/').to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cli(args: &[&str]) -> Result<Cli, clap::Error> {
        Cli::try_parse_from(std::iter::once("hijri-serve").chain(args.iter().copied()))
    }

    /// Settings from flags (the test environment sets none of the variables).
    fn settings(args: &[&str]) -> Result<Settings, clap::Error> {
        cli(args).map(Settings::from)
    }

    fn rate(count: u32, seconds: u32) -> RateLimit {
        RateLimit { count, seconds }
    }

    #[test]
    fn defaults() {
        let s = settings(&[]).unwrap();
        assert_eq!(s.archive, PathBuf::from("data/hijri.archive"));
        assert_eq!(s.bind, "127.0.0.1:8080");
        assert_eq!(s.origins, Origins::Any);
        assert_eq!(s.trusted_proxies, TrustedProxies::default());
        assert_eq!(s.limit(RateFamily::HilalInfo), rate(60, 3600));
        assert_eq!(s.limit(RateFamily::HilalViz), rate(30, 3600));
        assert_eq!(s.limit(RateFamily::HilalMap), rate(30, 3600));
        assert_eq!(s.limit(RateFamily::Default), rate(240, 60));
        assert_eq!(s.docs_url, "/docs");
        assert_eq!(s.log, "info");
        assert_eq!(s.metrics_bind, None);
        assert_eq!(s.cache_bytes, 64 << 20);
        assert_eq!(
            s.connections,
            Connections {
                max: None,
                per_client: 64,
                keep_alive: 5,
                request_timeout: 5,
                disconnect_timeout: 5,
                send_timeout: 30,
                min_send_rate: rate(10240, 10),
            }
        );
    }

    #[test]
    fn cache_bytes_take_binary_suffixes() {
        assert_eq!(bytes("1000"), Some(1000));
        assert_eq!(bytes("8K"), Some(8192));
        assert_eq!(bytes(" 64M "), Some(64 << 20));
        assert_eq!(bytes("2G"), Some(2 << 30));
        for bad in [
            "",
            "0",
            "0M",
            "M",
            "-1",
            "1.5M",
            "64m",
            "64MB",
            "99999999999G",
        ] {
            assert_eq!(bytes(bad), None, "{bad}");
        }
        assert!(settings(&["--cache-bytes=1T"]).is_err());
    }

    #[test]
    fn flags_reach_the_settings() {
        let s = settings(&[
            "--bind",
            "0.0.0.0:9",
            "--limit-default=5/1",
            "--allowed-origins",
            "https://kalender.id",
            "--trusted-proxies",
            "10.0.0.1, 192.168.0.0/16",
            "--metrics-bind",
            "[::1]:0",
            "--max-connections",
            "64",
            "--max-connections-per-client",
            "8",
            "--keep-alive",
            "2",
            "--log",
            "warn,hijri_server=debug",
        ])
        .unwrap();
        assert_eq!(s.bind, "0.0.0.0:9");
        assert_eq!(s.limit(RateFamily::Default), rate(5, 1));
        assert!(s.origins.allows("https://kalender.id"));
        assert!(!s.origins.allows("https://other.id"));
        assert_eq!(
            s.trusted_proxies,
            TrustedProxies::parse("10.0.0.1,192.168.0.0/16").unwrap()
        );
        assert_eq!(
            s.metrics_bind,
            Some(SocketAddr::from(([0u16, 0, 0, 0, 0, 0, 0, 1], 0)))
        );
        assert_eq!(s.connections.max, Some(64));
        assert_eq!(s.connections.per_client, 8);
        assert_eq!(s.connections.keep_alive, 2);
        assert_eq!(s.log, "warn,hijri_server=debug");
        assert_eq!(
            settings(&["--metrics-bind", ""]).unwrap().metrics_bind,
            None
        );
    }

    #[test]
    fn a_bad_flag_is_told_under_the_flag() {
        for (flag, value) in [
            ("--limit-hilal-map", "0/60"),
            ("--limit-default", "ten"),
            ("--trusted-proxies", "proxy.local"),
            ("--max-connections", "0"),
            ("--max-connections-per-client", "many"),
            ("--request-timeout", "-1"),
            ("--disconnect-timeout", "1.5"),
            ("--metrics-bind", "localhost:9090"),
            ("--metrics-bind", "9090"),
            ("--min-send-rate", "1024"),
            ("--log", "warn,["),
        ] {
            let error = settings(&[&format!("{flag}={value}")]).unwrap_err();
            assert_eq!(error.kind(), ErrorKind::ValueValidation, "{flag} {value}");
            let text = error.to_string();
            assert!(text.contains(flag), "{text}");
            assert!(text.contains("expected"), "{text}");
            assert!(!text.contains("HIJRI_"), "{text}");
        }
        let error = settings(&["--limit-default", "ten"]).unwrap_err();
        assert!(error.to_string().contains("--limit-default"), "{error}");
    }

    #[test]
    fn a_bad_variable_is_told_under_the_variable() {
        // The environment cannot be changed safely in a threaded test: the variable's value
        // is as clap reports it when no flag was given (the binary's test sets a variable).
        let command = Cli::command();
        let error = command
            .clone()
            .try_get_matches_from(["hijri-serve", "--limit-default", "lots"])
            .unwrap_err();
        let told = from_variable(error, &command, &["hijri-serve".into()]).to_string();
        assert!(
            told.contains(
                "invalid value 'lots' for HIJRI_LIMIT_DEFAULT: expected <count>/<seconds>"
            ),
            "{told}"
        );
        assert!(!told.contains("--limit-default"), "{told}");
    }

    #[test]
    fn the_public_address_comes_from_configuration_only() {
        let public = |args: &[&str]| settings(args).unwrap().public;
        let hosts = public(&[
            "--public-hosts",
            "https://kalender.example.id,http://localhost:8080/",
        ]);
        assert_eq!(
            hosts.for_host(Some("KALENDER.example.id")),
            Some("https://kalender.example.id")
        );
        assert_eq!(
            hosts.for_host(Some("localhost:8080")),
            Some("http://localhost:8080")
        );
        assert_eq!(hosts.for_host(Some("kalender.example.id.evil")), None);
        assert_eq!(hosts.for_host(None), None);
        let url = public(&[
            "--public-url",
            "https://a.example",
            "--public-hosts",
            "https://b.example",
        ]);
        assert_eq!(url.for_host(Some("b.example")), Some("https://a.example"));
        assert_eq!(public(&[]).for_host(Some("localhost:8080")), None);
        // Nothing that would need escaping in HTML, JSON or iCalendar is an address.
        for bad in [
            "https://a.example/\"><x",
            "https://a.example/'",
            "https://a.example/<",
        ] {
            assert!(settings(&["--public-hosts", bad]).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_public_url_makes_docs_url_absolute() {
        let docs = |url: &str| settings(&["--public-url", url]).map(|s| s.docs_url);
        assert_eq!(
            docs("https://kalender.example.id").unwrap(),
            "https://kalender.example.id/docs"
        );
        assert_eq!(
            docs("http://10.0.0.5:8080/hijri/").unwrap(),
            "http://10.0.0.5:8080/hijri/docs"
        );
        for bad in [
            "kalender.example.id",
            "/hijri",
            "ftp://kalender.example.id",
            "https://kalender.example.id/?a=1",
            "https://kalender.example.id/#top",
            "https:///docs",
            "",
        ] {
            let error = docs(bad).unwrap_err();
            assert!(error.to_string().contains("--public-url"), "{bad}: {error}");
        }
    }

    #[test]
    fn limit_indices_follow_the_list() {
        for (i, limit) in RateFamily::ALL.into_iter().enumerate() {
            assert_eq!(limit.index(), i);
        }
    }

    #[test]
    fn every_flag_has_a_variable_in_the_help() {
        let command = Cli::command();
        let help = command.clone().render_long_help().to_string();
        let mut variables = 0;
        for arg in command.get_arguments() {
            let Some(long) = arg.get_long() else { continue };
            if matches!(long, "help" | "version") {
                continue;
            }
            let variable = arg
                .get_env()
                .unwrap_or_else(|| panic!("--{long} has no variable"));
            assert!(help.contains(&*variable.to_string_lossy()), "{variable:?}");
            variables += 1;
        }
        assert_eq!(variables, 20);
        assert!(cli(&["--no-such-flag"]).is_err());
        assert!(cli(&["stray"]).is_err());
    }
}
