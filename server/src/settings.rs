//! Typed settings, each with a working default: the command line ([`Cli`], every flag falling
//! back to its environment variable) is the front, [`Settings::from_lookup`] the one place that
//! parses and checks the values.

use std::fmt;
use std::net::SocketAddr;
use std::path::PathBuf;

use crate::http::cors::Origins;
use crate::http::rate_limit::{RateLimit, TrustedProxies};

/// The path of the docs page: `docs_url` of `/meta` links to it.
pub const DOCS_PATH: &str = "/docs";

/// The rate-limited endpoint families.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// `/api/v1/hilal/info`.
    HilalInfo,
    /// `/api/v1/hilal/viz`.
    HilalViz,
    /// `/api/v1/hilal/map`.
    HilalMap,
    /// Every other endpoint.
    Default,
}

impl Limit {
    /// Every family, in the order of [`Settings::limits`].
    pub const ALL: [Limit; 4] = [
        Limit::HilalInfo,
        Limit::HilalViz,
        Limit::HilalMap,
        Limit::Default,
    ];

    /// Its position in [`Limit::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The environment variable that sets it.
    pub fn variable(self) -> &'static str {
        match self {
            Limit::HilalInfo => "HIJRI_LIMIT_HILAL_INFO",
            Limit::HilalViz => "HIJRI_LIMIT_HILAL_VIZ",
            Limit::HilalMap => "HIJRI_LIMIT_HILAL_MAP",
            Limit::Default => "HIJRI_LIMIT_DEFAULT",
        }
    }

    /// Its policy name in the `RateLimit-Policy` and `RateLimit` fields.
    pub fn policy_name(self) -> &'static str {
        match self {
            Limit::HilalInfo => "hilal-info",
            Limit::HilalViz => "hilal-viz",
            Limit::HilalMap => "hilal-map",
            Limit::Default => "default",
        }
    }

    /// The limit when the variable is unset, as `<count>/<seconds>`.
    pub fn default_text(self) -> &'static str {
        match self {
            Limit::HilalInfo => "60/3600",
            Limit::HilalViz | Limit::HilalMap => "30/3600",
            Limit::Default => "240/60",
        }
    }

    /// The limit when the variable is unset.
    #[allow(
        clippy::expect_used,
        reason = "the default texts are constants that parse; a test parses each"
    )]
    pub fn default_limit(self) -> RateLimit {
        RateLimit::parse(self.default_text()).expect("the defaults are valid limits")
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
    /// `HIJRI_LIMIT_*`, in the order of [`Limit::ALL`].
    pub limits: [RateLimit; 4],
    /// The documentation link reported by `/meta`: [`DOCS_PATH`], after `HIJRI_PUBLIC_URL`
    /// when that is set.
    pub docs_url: String,
    /// `HIJRI_LOG`: the log filter (env-filter syntax), checked by [`crate::logging::init`].
    pub log: String,
    /// `HIJRI_MAX_CONNECTIONS` and the connection timeouts.
    pub connections: Connections,
    /// `HIJRI_METRICS_BIND`: the metrics listener's address; `None` (empty): no listener.
    pub metrics_bind: Option<SocketAddr>,
}

/// How many connections a worker holds and how long a client may keep one busy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Connections {
    /// `HIJRI_MAX_CONNECTIONS`: open connections per worker; more wait in the listen queue.
    pub max: u32,
    /// `HIJRI_KEEP_ALIVE`: seconds an idle connection stays open, also after an answer that
    /// is still being sent.
    pub keep_alive: u32,
    /// `HIJRI_REQUEST_TIMEOUT`: seconds a client has to send a request head (then 408).
    pub request_timeout: u32,
    /// `HIJRI_DISCONNECT_TIMEOUT`: seconds a closing connection has to take its last bytes;
    /// after keep-alive and this, a client that does not read is dropped.
    pub disconnect_timeout: u32,
    /// `HIJRI_SEND_TIMEOUT`: seconds sent data may stay unacknowledged (a client that stopped
    /// reading) before the connection is dropped.
    pub send_timeout: u32,
}

impl Connections {
    /// The settings of each field: variable and default, in field order.
    const VARIABLES: [(&'static str, &'static str); 5] = [
        ("HIJRI_MAX_CONNECTIONS", defaults::MAX_CONNECTIONS),
        ("HIJRI_KEEP_ALIVE", defaults::KEEP_ALIVE),
        ("HIJRI_REQUEST_TIMEOUT", defaults::REQUEST_TIMEOUT),
        ("HIJRI_DISCONNECT_TIMEOUT", defaults::DISCONNECT_TIMEOUT),
        ("HIJRI_SEND_TIMEOUT", defaults::SEND_TIMEOUT),
    ];

    fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Connections, SettingsError> {
        let mut values = [0u32; 5];
        for (slot, (variable, default)) in values.iter_mut().zip(Connections::VARIABLES) {
            let value = lookup(variable).unwrap_or_else(|| default.to_owned());
            *slot = value
                .trim()
                .parse()
                .ok()
                .filter(|n| *n > 0)
                .ok_or(SettingsError {
                    variable,
                    value,
                    expected: "a whole number above zero",
                })?;
        }
        let [max, keep_alive, request_timeout, disconnect_timeout, send_timeout] = values;
        Ok(Connections {
            max,
            keep_alive,
            request_timeout,
            disconnect_timeout,
            send_timeout,
        })
    }
}

/// A setting with a value that cannot be read.
#[derive(Debug, PartialEq, Eq)]
pub struct SettingsError {
    /// The variable.
    pub variable: &'static str,
    /// Its value.
    pub value: String,
    /// What was expected.
    pub expected: &'static str,
}

impl fmt::Display for SettingsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}={:?} is not valid: expected {}",
            self.variable, self.value, self.expected
        )
    }
}

impl std::error::Error for SettingsError {}

/// The default of each text setting (the limits' are [`Limit::default_text`]).
pub mod defaults {
    /// `HIJRI_ARCHIVE`.
    pub const ARCHIVE: &str = "data/hijri.archive";
    /// `HIJRI_BIND`.
    pub const BIND: &str = "127.0.0.1:8080";
    /// `ALLOWED_ORIGINS`.
    pub const ORIGINS: &str = "*";
    /// `HIJRI_TRUSTED_PROXIES`.
    pub const TRUSTED_PROXIES: &str = "";
    /// `HIJRI_LOG`.
    pub const LOG: &str = "info";
    /// `HIJRI_MAX_CONNECTIONS` (per worker: four workers stay under a 1,024 file limit).
    pub const MAX_CONNECTIONS: &str = "256";
    /// `HIJRI_KEEP_ALIVE`, seconds.
    pub const KEEP_ALIVE: &str = "5";
    /// `HIJRI_REQUEST_TIMEOUT`, seconds.
    pub const REQUEST_TIMEOUT: &str = "5";
    /// `HIJRI_DISCONNECT_TIMEOUT`, seconds.
    pub const DISCONNECT_TIMEOUT: &str = "5";
    /// `HIJRI_SEND_TIMEOUT`, seconds.
    pub const SEND_TIMEOUT: &str = "30";
    /// `HIJRI_METRICS_BIND`: empty, no metrics listener.
    pub const METRICS_BIND: &str = "";
}

/// The command line of `hijri-serve`: one flag per setting, each falling back to its
/// environment variable and then to its default. Values stay text here; [`Cli::settings`]
/// hands them to [`Settings::from_lookup`], which parses and checks them.
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
    #[arg(long, value_name = "FILE", env = "HIJRI_ARCHIVE", default_value = defaults::ARCHIVE)]
    pub archive: String,
    /// Listen address.
    #[arg(long, value_name = "ADDR", env = "HIJRI_BIND", default_value = defaults::BIND)]
    pub bind: String,
    /// CORS origins, comma list (* allows all).
    #[arg(long, value_name = "LIST", env = "ALLOWED_ORIGINS", default_value = defaults::ORIGINS)]
    pub allowed_origins: String,
    /// Proxies (IPs or CIDRs, comma list) whose X-Forwarded-For names the client; empty: none.
    #[arg(
        long,
        value_name = "LIST",
        env = "HIJRI_TRUSTED_PROXIES",
        default_value = defaults::TRUSTED_PROXIES,
        hide_default_value = true
    )]
    pub trusted_proxies: String,
    /// Rate limit per client (IPv4 address or IPv6 /64) of /api/v1/hilal/info,
    /// <count>/<seconds>.
    #[arg(long, value_name = "N/SECS", env = "HIJRI_LIMIT_HILAL_INFO",
          default_value = Limit::HilalInfo.default_text())]
    pub limit_hilal_info: String,
    /// Rate limit per client (IPv4 address or IPv6 /64) of /api/v1/hilal/viz.
    #[arg(long, value_name = "N/SECS", env = "HIJRI_LIMIT_HILAL_VIZ",
          default_value = Limit::HilalViz.default_text())]
    pub limit_hilal_viz: String,
    /// Rate limit per client (IPv4 address or IPv6 /64) of /api/v1/hilal/map.
    #[arg(long, value_name = "N/SECS", env = "HIJRI_LIMIT_HILAL_MAP",
          default_value = Limit::HilalMap.default_text())]
    pub limit_hilal_map: String,
    /// Rate limit per client (IPv4 address or IPv6 /64) of every other endpoint.
    #[arg(long, value_name = "N/SECS", env = "HIJRI_LIMIT_DEFAULT",
          default_value = Limit::Default.default_text())]
    pub limit_default: String,
    /// The service's public address, e.g. https://kalender.example.id; makes docs_url absolute.
    #[arg(long, value_name = "URL", env = "HIJRI_PUBLIC_URL")]
    pub public_url: Option<String>,
    /// Log filter of the start-up, swap and actix lines, env-filter syntax (e.g. warn).
    #[arg(long, value_name = "FILTER", env = "HIJRI_LOG", default_value = defaults::LOG)]
    pub log: String,
    /// Open connections per worker; more wait in the listen queue.
    #[arg(long, value_name = "N", env = "HIJRI_MAX_CONNECTIONS",
          default_value = defaults::MAX_CONNECTIONS)]
    pub max_connections: String,
    /// Seconds an idle connection stays open (also while its last answer is still sent).
    #[arg(long, value_name = "SECS", env = "HIJRI_KEEP_ALIVE", default_value = defaults::KEEP_ALIVE)]
    pub keep_alive: String,
    /// Seconds a client has to send its request head; then 408 and the connection closes.
    #[arg(long, value_name = "SECS", env = "HIJRI_REQUEST_TIMEOUT",
          default_value = defaults::REQUEST_TIMEOUT)]
    pub request_timeout: String,
    /// Seconds a closing connection has to take its last bytes; then it is dropped.
    #[arg(long, value_name = "SECS", env = "HIJRI_DISCONNECT_TIMEOUT",
          default_value = defaults::DISCONNECT_TIMEOUT)]
    pub disconnect_timeout: String,
    /// Seconds sent data may stay unread by the client; then the connection is dropped.
    #[arg(long, value_name = "SECS", env = "HIJRI_SEND_TIMEOUT",
          default_value = defaults::SEND_TIMEOUT)]
    pub send_timeout: String,
    /// Address of a separate listener serving Prometheus metrics at /metrics; empty: none.
    #[arg(
        long,
        value_name = "ADDR",
        env = "HIJRI_METRICS_BIND",
        default_value = defaults::METRICS_BIND,
        hide_default_value = true
    )]
    pub metrics_bind: String,
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

    /// Parses `args` (the program name first); clap's errors, `--help` and `--version`
    /// come back as [`clap::Error`].
    pub fn try_parse_from<I, T>(args: I) -> Result<Cli, clap::Error>
    where
        I: IntoIterator<Item = T>,
        T: Into<std::ffi::OsString> + Clone,
    {
        let matches = Cli::command().try_get_matches_from(args)?;
        <Cli as clap::FromArgMatches>::from_arg_matches(&matches)
    }

    /// The value given for a setting's environment variable name (by flag, variable or default).
    fn value(&self, variable: &str) -> Option<&str> {
        Some(match variable {
            "HIJRI_ARCHIVE" => &self.archive,
            "HIJRI_BIND" => &self.bind,
            "ALLOWED_ORIGINS" => &self.allowed_origins,
            "HIJRI_TRUSTED_PROXIES" => &self.trusted_proxies,
            "HIJRI_LIMIT_HILAL_INFO" => &self.limit_hilal_info,
            "HIJRI_LIMIT_HILAL_VIZ" => &self.limit_hilal_viz,
            "HIJRI_LIMIT_HILAL_MAP" => &self.limit_hilal_map,
            "HIJRI_LIMIT_DEFAULT" => &self.limit_default,
            "HIJRI_PUBLIC_URL" => return self.public_url.as_deref(),
            "HIJRI_LOG" => &self.log,
            "HIJRI_MAX_CONNECTIONS" => &self.max_connections,
            "HIJRI_KEEP_ALIVE" => &self.keep_alive,
            "HIJRI_REQUEST_TIMEOUT" => &self.request_timeout,
            "HIJRI_DISCONNECT_TIMEOUT" => &self.disconnect_timeout,
            "HIJRI_SEND_TIMEOUT" => &self.send_timeout,
            "HIJRI_METRICS_BIND" => &self.metrics_bind,
            _ => return None,
        })
    }

    /// The typed settings; an unreadable value names its variable.
    pub fn settings(&self) -> Result<Settings, SettingsError> {
        Settings::from_lookup(|name| self.value(name).map(str::to_owned))
    }
}

impl Settings {
    /// Reads settings through `lookup` (the environment, or a map in tests).
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Settings, SettingsError> {
        let text = |name: &str, default: &str| lookup(name).unwrap_or_else(|| default.to_owned());
        let mut limits = Limit::ALL.map(Limit::default_limit);
        for (slot, limit) in limits.iter_mut().zip(Limit::ALL) {
            if let Some(value) = lookup(limit.variable()) {
                *slot = RateLimit::parse(&value).ok_or(SettingsError {
                    variable: limit.variable(),
                    value,
                    expected: "<count>/<seconds> with both above zero, e.g. 60/3600",
                })?;
            }
        }
        let proxies = text("HIJRI_TRUSTED_PROXIES", defaults::TRUSTED_PROXIES);
        let trusted_proxies = TrustedProxies::parse(&proxies).ok_or(SettingsError {
            variable: "HIJRI_TRUSTED_PROXIES",
            value: proxies,
            expected: "a comma list of IP addresses or CIDR blocks",
        })?;
        let connections = Connections::from_lookup(&lookup)?;
        let docs_url = match lookup("HIJRI_PUBLIC_URL") {
            Some(value) => match public_base(&value) {
                Some(base) => format!("{base}{DOCS_PATH}"),
                None => Err(SettingsError {
                    variable: "HIJRI_PUBLIC_URL",
                    value,
                    expected: "an absolute http or https URL without query or fragment",
                })?,
            },
            None => DOCS_PATH.to_owned(),
        };
        let metrics = text("HIJRI_METRICS_BIND", defaults::METRICS_BIND);
        let metrics_bind =
            match metrics.trim() {
                "" => None,
                address => {
                    Some(address.parse().map_err(|_| {
                        SettingsError {
                variable: "HIJRI_METRICS_BIND",
                value: metrics.clone(),
                expected:
                    "empty (no metrics listener) or an IP address and port, e.g. 127.0.0.1:9090",
            }
                    })?)
                }
            };
        Ok(Settings {
            archive: PathBuf::from(text("HIJRI_ARCHIVE", defaults::ARCHIVE)),
            bind: text("HIJRI_BIND", defaults::BIND),
            origins: Origins::parse(&text("ALLOWED_ORIGINS", defaults::ORIGINS)),
            trusted_proxies,
            limits,
            docs_url,
            log: text("HIJRI_LOG", defaults::LOG),
            connections,
            metrics_bind,
        })
    }

    /// The rate limit of a family.
    #[allow(
        clippy::indexing_slicing,
        reason = "limits has one entry per Limit variant, in the order of index()"
    )]
    pub fn limit(&self, limit: Limit) -> RateLimit {
        self.limits[limit.index()]
    }
}

/// The public address without its trailing `/`, if it is an absolute http(s) URL with a
/// host and neither query nor fragment.
fn public_base(value: &str) -> Option<&str> {
    let uri: actix_web::http::Uri = value.parse().ok()?;
    let web = matches!(uri.scheme_str(), Some("http" | "https"));
    let plain = uri.query().is_none() && !value.contains('#');
    (web && uri.host().is_some_and(|h| !h.is_empty()) && plain).then(|| value.trim_end_matches('/'))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn settings(vars: &[(&str, &str)]) -> Result<Settings, SettingsError> {
        let map: HashMap<String, String> = vars
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        Settings::from_lookup(|name| map.get(name).cloned())
    }

    #[test]
    fn defaults() {
        let s = settings(&[]).unwrap();
        assert_eq!(s.archive, PathBuf::from("data/hijri.archive"));
        assert_eq!(s.bind, "127.0.0.1:8080");
        assert_eq!(s.origins, Origins::Any);
        assert_eq!(
            s.limit(Limit::HilalInfo),
            RateLimit {
                count: 60,
                seconds: 3600
            }
        );
        assert_eq!(
            s.limit(Limit::HilalViz),
            RateLimit {
                count: 30,
                seconds: 3600
            }
        );
        assert_eq!(
            s.limit(Limit::HilalMap),
            RateLimit {
                count: 30,
                seconds: 3600
            }
        );
        assert_eq!(
            s.limit(Limit::Default),
            RateLimit {
                count: 240,
                seconds: 60
            }
        );
        assert_eq!(s.docs_url, "/docs");
        assert_eq!(s.metrics_bind, None);
        assert_eq!(
            s.connections,
            Connections {
                max: 256,
                keep_alive: 5,
                request_timeout: 5,
                disconnect_timeout: 5,
                send_timeout: 30
            }
        );
    }

    #[test]
    fn overrides_and_errors() {
        let s = settings(&[
            ("HIJRI_LIMIT_DEFAULT", "5/1"),
            ("ALLOWED_ORIGINS", "https://kalender.id"),
            ("HIJRI_TRUSTED_PROXIES", "10.0.0.1, 192.168.0.0/16"),
        ])
        .unwrap();
        assert_eq!(
            s.limit(Limit::Default),
            RateLimit {
                count: 5,
                seconds: 1
            }
        );
        assert!(s.origins.allows("https://kalender.id"));
        assert!(!s.origins.allows("https://other.id"));
        let bad = settings(&[("HIJRI_LIMIT_HILAL_MAP", "0/60")]).unwrap_err();
        assert_eq!(bad.variable, "HIJRI_LIMIT_HILAL_MAP");
        assert!(settings(&[("HIJRI_LIMIT_DEFAULT", "ten")]).is_err());
        assert!(settings(&[("HIJRI_TRUSTED_PROXIES", "proxy.local")]).is_err());
        let s = settings(&[("HIJRI_METRICS_BIND", "127.0.0.1:9090")]).unwrap();
        assert_eq!(
            s.metrics_bind,
            Some(SocketAddr::from(([127, 0, 0, 1], 9090)))
        );
        let s = settings(&[("HIJRI_METRICS_BIND", "[::1]:0")]).unwrap();
        assert_eq!(
            s.metrics_bind,
            Some(SocketAddr::from(([0u16, 0, 0, 0, 0, 0, 0, 1], 0)))
        );
        let s = settings(&[("HIJRI_MAX_CONNECTIONS", "64"), ("HIJRI_KEEP_ALIVE", "2")]).unwrap();
        assert_eq!((s.connections.max, s.connections.keep_alive), (64, 2));
        for (variable, value) in [
            ("HIJRI_MAX_CONNECTIONS", "0"),
            ("HIJRI_MAX_CONNECTIONS", "many"),
            ("HIJRI_REQUEST_TIMEOUT", "-1"),
            ("HIJRI_DISCONNECT_TIMEOUT", "1.5"),
            ("HIJRI_METRICS_BIND", "localhost:9090"),
            ("HIJRI_METRICS_BIND", "9090"),
        ] {
            assert_eq!(
                settings(&[(variable, value)]).unwrap_err().variable,
                variable
            );
        }
    }

    #[test]
    fn the_public_url_makes_docs_url_absolute() {
        let docs = |url: &str| settings(&[("HIJRI_PUBLIC_URL", url)]).map(|s| s.docs_url);
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
            assert_eq!(error.variable, "HIJRI_PUBLIC_URL", "{bad}");
        }
    }

    #[test]
    fn limit_indices_follow_the_list() {
        for (i, limit) in Limit::ALL.into_iter().enumerate() {
            assert_eq!(limit.index(), i);
        }
    }

    fn cli(args: &[&str]) -> Result<Cli, clap::Error> {
        Cli::try_parse_from(std::iter::once("hijri-serve").chain(args.iter().copied()))
    }

    #[test]
    fn help_lists_every_setting() {
        let help = Cli::command().render_long_help().to_string();
        for name in [
            "HIJRI_ARCHIVE",
            "HIJRI_BIND",
            "ALLOWED_ORIGINS",
            "HIJRI_TRUSTED_PROXIES",
            "HIJRI_PUBLIC_URL",
            "HIJRI_LOG",
            "HIJRI_METRICS_BIND",
        ]
        .into_iter()
        .chain(Limit::ALL.map(Limit::variable))
        .chain(Connections::VARIABLES.map(|(variable, _)| variable))
        {
            assert!(help.contains(name), "{name} missing from --help");
        }
    }

    #[test]
    fn every_setting_has_a_flag() {
        let command = Cli::command();
        for limit in Limit::ALL {
            assert!(
                command
                    .get_arguments()
                    .any(|arg| arg.get_env() == Some(std::ffi::OsStr::new(limit.variable()))),
                "{} has no flag",
                limit.variable()
            );
        }
        // Flags (env-free when the variables are unset in the test environment) reach settings.
        let parsed = cli(&[
            "--bind",
            "0.0.0.0:9",
            "--limit-default",
            "5/1",
            "--metrics-bind",
            "127.0.0.1:9",
        ])
        .unwrap();
        let s = parsed.settings().unwrap();
        assert_eq!(s.bind, "0.0.0.0:9");
        assert_eq!(s.metrics_bind, Some(SocketAddr::from(([127, 0, 0, 1], 9))));
        assert_eq!(
            s.limit(Limit::Default),
            RateLimit {
                count: 5,
                seconds: 1
            }
        );
        let bad = cli(&["--limit-hilal-map", "0/60"])
            .unwrap()
            .settings()
            .unwrap_err();
        assert_eq!(bad.variable, "HIJRI_LIMIT_HILAL_MAP");
        assert!(cli(&["--no-such-flag"]).is_err());
        assert!(cli(&["stray"]).is_err());
    }

    #[test]
    fn clap_defaults_are_the_settings_defaults() {
        let from_cli = cli(&[]).unwrap().settings().unwrap();
        let from_nothing = settings(&[]).unwrap();
        assert_eq!(format!("{from_cli:?}"), format!("{from_nothing:?}"));
    }
}
