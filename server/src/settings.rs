//! Typed settings from the environment, each with a working default, and the `--help` text
//! that lists them.

use std::fmt;
use std::path::PathBuf;

use crate::http::cors::Origins;
use crate::http::rate_limit::{RateLimit, TrustedProxies};

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

    /// The limit when the variable is unset.
    pub fn default_limit(self) -> RateLimit {
        match self {
            Limit::HilalInfo => RateLimit {
                count: 60,
                seconds: 3600,
            },
            Limit::HilalViz | Limit::HilalMap => RateLimit {
                count: 30,
                seconds: 3600,
            },
            Limit::Default => RateLimit {
                count: 240,
                seconds: 60,
            },
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
    /// `HIJRI_LIMIT_*`, in the order of [`Limit::ALL`].
    pub limits: [RateLimit; 4],
    /// `HIJRI_DOCS_URL`: the documentation link reported by `/meta`.
    pub docs_url: String,
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

/// The `--help` text.
pub const HELP: &str = "\
hijri-serve: the Indonesian Hijri calendar HTTP service

Usage: hijri-serve [--help]

Settings (environment variables, with defaults):
  HIJRI_ARCHIVE=data/hijri.archive     archive written by hijri-generate
  HIJRI_BIND=127.0.0.1:8080            listen address
  ALLOWED_ORIGINS=*                    CORS origins, comma list (* allows all)
  HIJRI_TRUSTED_PROXIES=               proxies (IPs or CIDRs, comma list) whose
                                       X-Forwarded-For names the client; empty: none
  HIJRI_LIMIT_HILAL_INFO=60/3600       rate limits per client IP, <count>/<seconds>
  HIJRI_LIMIT_HILAL_VIZ=30/3600
  HIJRI_LIMIT_HILAL_MAP=30/3600
  HIJRI_LIMIT_DEFAULT=240/60           every other endpoint
  HIJRI_DOCS_URL=/api/v1/openapi.json  documentation link reported by /api/v1/meta

Request logs go to stderr, one JSON line per request. SIGINT or SIGTERM stops the server
gracefully.
";

impl Settings {
    /// Reads the process environment.
    pub fn from_env() -> Result<Settings, SettingsError> {
        Settings::from_lookup(|name| std::env::var(name).ok())
    }

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
        let proxies = text("HIJRI_TRUSTED_PROXIES", "");
        let trusted_proxies = TrustedProxies::parse(&proxies).ok_or(SettingsError {
            variable: "HIJRI_TRUSTED_PROXIES",
            value: proxies,
            expected: "a comma list of IP addresses or CIDR blocks",
        })?;
        Ok(Settings {
            archive: PathBuf::from(text("HIJRI_ARCHIVE", "data/hijri.archive")),
            bind: text("HIJRI_BIND", "127.0.0.1:8080"),
            origins: Origins::parse(&text("ALLOWED_ORIGINS", "*")),
            trusted_proxies,
            limits,
            docs_url: text("HIJRI_DOCS_URL", "/api/v1/openapi.json"),
        })
    }

    /// The rate limit of a family.
    pub fn limit(&self, limit: Limit) -> RateLimit {
        self.limits[limit.index()]
    }
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
        assert_eq!(s.docs_url, "/api/v1/openapi.json");
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
    }

    #[test]
    fn limit_indices_follow_the_list() {
        for (i, limit) in Limit::ALL.into_iter().enumerate() {
            assert_eq!(limit.index(), i);
        }
    }

    #[test]
    fn help_lists_every_setting() {
        for name in [
            "HIJRI_ARCHIVE",
            "HIJRI_BIND",
            "ALLOWED_ORIGINS",
            "HIJRI_TRUSTED_PROXIES",
            "HIJRI_DOCS_URL",
        ]
        .into_iter()
        .chain(Limit::ALL.map(Limit::variable))
        {
            assert!(HELP.contains(name), "{name} missing from --help");
        }
    }
}
