//! Request metrics through the `metrics` facade and its Prometheus exporter
//! (`metrics-exporter-prometheus`, recorder only: the server's own listener serves the text).
//! The recorder is not installed globally: each [`Metrics`] owns one, so two apps in one
//! process (the tests) count apart. A route's handles are registered on its first request
//! with that status (so the exposition holds only series that happened) and then kept, so
//! counting a request is an atomic add and one histogram sample, with no look-up by name; a
//! status outside the usual set is looked up in the registry each time. Counts the registry does not see happen (rate-limit refusals,
//! swaps, the archive's versions, the answer cache's figures) are set when scraped
//! ([`Metrics::render`]).

use std::sync::OnceLock;
use std::time::Duration;

use hijri::schema::Tier;

use metrics::{Counter, Histogram, Key, KeyName, Label, Level, Metadata, Recorder, SharedString};
use metrics_exporter_prometheus::{
    Matcher, PrometheusBuilder, PrometheusHandle, PrometheusRecorder,
};

/// The `Content-Type` of the exposition.
pub const CONTENT_TYPE: &str = "text/plain; version=0.0.4; charset=utf-8";

/// The route label of a request that matched no route (404 before any handler).
pub const UNMATCHED: &str = "unmatched";

/// How often the recorder folds its latency samples into the histogram buckets (the
/// exporter keeps samples until then; a scrape also folds them).
pub const UPKEEP_PERIOD: Duration = Duration::from_secs(5);

/// Upper bounds of the latency histogram's buckets, in seconds (`+Inf` follows): the
/// look-ups take tens of microseconds, a slow client or a loaded machine milliseconds.
pub const BUCKETS: [f64; 12] = [
    0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0,
];

/// The status codes the service answers with, whose handles each route keeps.
const STATUSES: [u16; 10] = [200, 304, 400, 404, 405, 408, 413, 429, 500, 503];

const REQUESTS: &str = "hijri_http_requests_total";
const DURATION: &str = "hijri_http_request_duration_seconds";
const TIERS: &str = "hijri_responses_by_tier_total";
const RATE_LIMITED: &str = "hijri_rate_limited_total";
const SWAPS: &str = "hijri_archive_swaps_total";
const PROTOCOL_ERRORS: &str = "hijri_http_protocol_errors_total";
const CONNECTIONS_REFUSED: &str = "hijri_connections_refused_total";
const CACHE_HITS: &str = "hijri_cache_hits_total";
const CACHE_MISSES: &str = "hijri_cache_misses_total";
const CACHE_EVICTIONS: &str = "hijri_cache_evictions_total";
const CACHE_BYTES: &str = "hijri_cache_bytes";
const CACHE_BYTES_HELP: &str =
    "Bytes the live archive's answer cache holds, as counted against HIJRI_CACHE_BYTES.";
const INFO: &str = "hijri_archive_info";
const INFO_HELP: &str = "The archive served now (always 1; its versions are the labels).";

/// One route template's handles.
struct RouteHandles {
    route: &'static str,
    /// Requests per status code of [`STATUSES`], registered on first use.
    statuses: [OnceLock<Counter>; STATUSES.len()],
    latency: OnceLock<Histogram>,
}

/// The request metrics of the whole server (shared by every worker).
pub struct Metrics {
    recorder: PrometheusRecorder,
    handle: PrometheusHandle,
    /// Per route template, sorted by template (for a binary search), then [`UNMATCHED`].
    routes: Box<[RouteHandles]>,
    tiers: [Counter; 3],
    swaps: [Counter; 2],
}

/// What the registry does not count itself, given when the metrics are written.
pub struct Extra<'a> {
    /// Refused requests per rate-limit policy name.
    pub rate_limited: &'a [(&'a str, u64)],
    /// Labels of the archive info gauge (name, value).
    pub archive: &'a [(&'a str, &'a str)],
    /// Connections closed at accept because their client held its limit.
    pub connections_refused: u64,
    /// The answer cache's counts and the live cache's bytes.
    pub cache: CacheFigures,
}

/// The answer cache's figures ([`crate::cache::AnswerCache::figures`]): counts since the
/// process started (across archive swaps) and the bytes the live archive's cache holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CacheFigures {
    /// Answers given from the cache without a build.
    pub hits: u64,
    /// Answers built (and kept, unless refused or too large).
    pub misses: u64,
    /// Answers dropped to keep the bound, or not kept for being too large.
    pub evictions: u64,
    /// Bytes held now.
    pub bytes: u64,
}

/// The metadata handles are registered with (the exporter ignores it).
static METADATA: Metadata<'static> = Metadata::new(module_path!(), Level::INFO, None);

impl Metrics {
    /// Counters for the route templates `routes` (duplicates are counted once).
    #[allow(
        clippy::expect_used,
        reason = "the bucket list is a non-empty constant, the only thing the builder checks"
    )]
    pub fn new(routes: impl IntoIterator<Item = &'static str>) -> Metrics {
        let recorder = PrometheusBuilder::new()
            .set_buckets_for_metric(Matcher::Full(DURATION.into()), &BUCKETS)
            .expect("the buckets are not empty")
            .build_recorder();
        for (name, help) in [
            (
                REQUESTS,
                "Answered requests by route template and status code.",
            ),
            (
                DURATION,
                "Time from a request's arrival to its answer's head, by route template.",
            ),
            (
                TIERS,
                "Answers by the source tier of the days they serve (an answer mixing tiers \
                 counts once for each).",
            ),
            (
                RATE_LIMITED,
                "Requests refused with 429 by rate-limit policy.",
            ),
            (
                SWAPS,
                "Archive replacements on SIGHUP: ok went live, refused left the old archive.",
            ),
            (
                PROTOCOL_ERRORS,
                "Requests the HTTP layer could not read, answered before any handler (400, \
                 408, 431), by status.",
            ),
            (
                CONNECTIONS_REFUSED,
                "Connections closed at accept because their client held its connection limit.",
            ),
            (
                CACHE_HITS,
                "Kept answers given from the answer cache without building them.",
            ),
            (
                CACHE_MISSES,
                "Answers built for the answer cache (kept unless refused or too large).",
            ),
            (
                CACHE_EVICTIONS,
                "Answers dropped from the answer cache to keep its bound, or too large to keep.",
            ),
        ] {
            recorder.describe_counter(KeyName::from_const_str(name), None, help.into());
        }
        let mut names: Vec<&'static str> = routes.into_iter().collect();
        names.sort_unstable();
        names.dedup();
        names.push(UNMATCHED);
        let routes = names
            .into_iter()
            .map(|route| RouteHandles {
                route,
                statuses: Default::default(),
                latency: OnceLock::new(),
            })
            .collect();
        let counter = |name: &'static str, label: &'static str, value: &'static str| {
            recorder.register_counter(
                &Key::from_parts(name, vec![Label::new(label, value)]),
                &METADATA,
            )
        };
        Metrics {
            tiers: Tier::ALL.map(|tier| counter(TIERS, "tier", tier.name())),
            swaps: ["ok", "refused"].map(|result| counter(SWAPS, "result", result)),
            handle: recorder.handle(),
            recorder,
            routes,
        }
    }

    /// Counts one answered request: its route template (`None` or an unknown one counts as
    /// [`UNMATCHED`]), status code and latency.
    pub fn record(&self, route: Option<&str>, status: u16, elapsed: Duration) {
        let (known, unmatched) = match &*self.routes {
            [known @ .., unmatched] => (known, unmatched),
            [] => return,
        };
        let handles = route
            .and_then(|route| known.binary_search_by(|h| h.route.cmp(route)).ok())
            .and_then(|index| known.get(index))
            .unwrap_or(unmatched);
        let route = handles.route;
        match STATUSES
            .iter()
            .position(|&s| s == status)
            .and_then(|index| handles.statuses.get(index))
        {
            Some(counter) => counter
                .get_or_init(|| request_counter(&self.recorder, route, status))
                .increment(1),
            None => request_counter(&self.recorder, route, status).increment(1),
        }
        let latency = handles.latency.get_or_init(|| {
            let key = Key::from_parts(DURATION, vec![Label::new("route", route)]);
            self.recorder.register_histogram(&key, &METADATA)
        });
        latency.record(elapsed.as_secs_f64());
    }

    /// Counts one answer that served days of the tiers in `tiers` (a set of [`Tier::bit`]s).
    pub fn record_tiers(&self, tiers: u8) {
        for (tier, counter) in Tier::ALL.iter().zip(&self.tiers) {
            if tiers & tier.bit() != 0 {
                counter.increment(1);
            }
        }
    }

    /// Counts one archive swap: `true` if the new archive went live, `false` if refused.
    pub fn record_swap(&self, ok: bool) {
        let [went_live, refused] = &self.swaps;
        if ok { went_live } else { refused }.increment(1);
    }

    /// Counts one request the HTTP layer could not read, answered with `status`.
    pub fn record_protocol_error(&self, status: u16) {
        let labels = vec![Label::new("status", SharedString::from(status.to_string()))];
        self.recorder
            .register_counter(&Key::from_parts(PROTOCOL_ERRORS, labels), &METADATA)
            .increment(1);
    }

    /// Folds the latency samples into the histogram (run every [`UPKEEP_PERIOD`]).
    pub fn upkeep(&self) {
        self.handle.run_upkeep();
    }

    /// The exposition text: everything counted so far and `extra`.
    pub fn render(&self, extra: &Extra<'_>) -> String {
        for (policy, count) in extra.rate_limited {
            let key = Key::from_parts(RATE_LIMITED, vec![Label::new("policy", policy.to_string())]);
            self.recorder
                .register_counter(&key, &METADATA)
                .absolute(*count);
        }
        self.recorder
            .register_counter(&Key::from_name(CONNECTIONS_REFUSED), &METADATA)
            .absolute(extra.connections_refused);
        let cache = &extra.cache;
        for (name, count) in [
            (CACHE_HITS, cache.hits),
            (CACHE_MISSES, cache.misses),
            (CACHE_EVICTIONS, cache.evictions),
        ] {
            self.recorder
                .register_counter(&Key::from_name(name), &METADATA)
                .absolute(count);
        }
        let mut text = self.handle.render();
        // The live cache's size, as it is now (a new archive's cache starts empty).
        text.push_str(&format!(
            "# HELP {CACHE_BYTES} {CACHE_BYTES_HELP}\n# TYPE {CACHE_BYTES} gauge\n{CACHE_BYTES} {}\n",
            cache.bytes
        ));
        // The info gauge is a fact of the live archive, not a count: written as it is now,
        // so the old versions disappear after a swap.
        let labels: Vec<String> = extra
            .archive
            .iter()
            .map(|(name, value)| format!("{name}=\"{}\"", escaped(value)))
            .collect();
        text.push_str(&format!(
            "# HELP {INFO} {INFO_HELP}\n# TYPE {INFO} gauge\n{INFO}{{{}}} 1\n",
            labels.join(",")
        ));
        text
    }
}

/// The request counter of a route template and status code.
fn request_counter(recorder: &PrometheusRecorder, route: &'static str, status: u16) -> Counter {
    let labels = vec![
        Label::new("route", route),
        Label::new("status", SharedString::from(status.to_string())),
    ];
    recorder.register_counter(&Key::from_parts(REQUESTS, labels), &METADATA)
}

/// A label value with `\`, `"` and line feeds escaped as the format requires.
fn escaped(value: &str) -> String {
    value
        .replace('\\', r"\\")
        .replace('"', "\\\"")
        .replace('\n', r"\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    const NONE: Extra<'static> = Extra {
        rate_limited: &[],
        archive: &[],
        connections_refused: 0,
        cache: CacheFigures {
            hits: 0,
            misses: 0,
            evictions: 0,
            bytes: 0,
        },
    };

    fn has(text: &str, line: &str) {
        assert!(text.lines().any(|l| l == line), "{line} missing:\n{text}");
    }

    #[test]
    fn counts_by_route_status_and_bucket() {
        let metrics = Metrics::new(["/b", "/a", "/b"]);
        metrics.record(Some("/a"), 200, Duration::from_micros(50));
        metrics.record(Some("/a"), 404, Duration::from_millis(3));
        metrics.record(Some("/elsewhere"), 404, Duration::from_secs(2));
        metrics.record(None, 599, Duration::ZERO);
        metrics.record(Some("/b"), 42, Duration::ZERO);
        let text = metrics.render(&NONE);
        for line in [
            r#"hijri_http_requests_total{route="/a",status="200"} 1"#,
            r#"hijri_http_requests_total{route="/a",status="404"} 1"#,
            r#"hijri_http_requests_total{route="unmatched",status="404"} 1"#,
            r#"hijri_http_requests_total{route="unmatched",status="599"} 1"#,
            r#"hijri_http_requests_total{route="/b",status="42"} 1"#,
            r#"hijri_http_request_duration_seconds_bucket{route="/a",le="0.0001"} 1"#,
            r#"hijri_http_request_duration_seconds_bucket{route="/a",le="0.0025"} 1"#,
            r#"hijri_http_request_duration_seconds_bucket{route="/a",le="0.005"} 2"#,
            r#"hijri_http_request_duration_seconds_bucket{route="/a",le="+Inf"} 2"#,
            r#"hijri_http_request_duration_seconds_count{route="/a"} 2"#,
            r#"hijri_http_request_duration_seconds_bucket{route="unmatched",le="1"} 1"#,
            r#"hijri_http_request_duration_seconds_bucket{route="unmatched",le="+Inf"} 2"#,
            "# TYPE hijri_http_request_duration_seconds histogram",
        ] {
            has(&text, line);
        }
        let sum = text
            .lines()
            .find_map(|l| l.strip_prefix(r#"hijri_http_request_duration_seconds_sum{route="/a"} "#))
            .and_then(|v| v.parse::<f64>().ok())
            .unwrap();
        assert!((sum - 0.00305).abs() < 1e-12, "{sum}");
        // Only what happened is shown.
        assert_eq!(
            text.matches(r#"hijri_http_requests_total{route="/b","#)
                .count(),
            1
        );
        assert!(!text.contains(r#"status="429""#), "{text}");
    }

    #[test]
    fn tiers_swaps_extra_values_and_escaping() {
        let metrics = Metrics::new([]);
        metrics.record_swap(true);
        metrics.record_swap(false);
        metrics.record_swap(false);
        metrics.record_tiers(Tier::Published.bit() | Tier::Computed.bit());
        metrics.record_tiers(Tier::Computed.bit());
        metrics.record_protocol_error(431);
        let text = metrics.render(&Extra {
            rate_limited: &[("default", 3)],
            archive: &[("data_version", "a\"b\\c\nd"), ("format", "2")],
            connections_refused: 7,
            cache: CacheFigures {
                hits: 5,
                misses: 3,
                evictions: 1,
                bytes: 12_345,
            },
        });
        for line in [
            r#"hijri_archive_swaps_total{result="ok"} 1"#,
            r#"hijri_archive_swaps_total{result="refused"} 2"#,
            r#"hijri_responses_by_tier_total{tier="published"} 1"#,
            r#"hijri_responses_by_tier_total{tier="computed"} 2"#,
            r#"hijri_responses_by_tier_total{tier="retro"} 0"#,
            r#"hijri_rate_limited_total{policy="default"} 3"#,
            "hijri_connections_refused_total 7",
            "hijri_cache_hits_total 5",
            "hijri_cache_misses_total 3",
            "hijri_cache_evictions_total 1",
            "hijri_cache_bytes 12345",
            "# TYPE hijri_cache_bytes gauge",
            "# TYPE hijri_cache_hits_total counter",
            r#"hijri_http_protocol_errors_total{status="431"} 1"#,
            r#"hijri_archive_info{data_version="a\"b\\c\nd",format="2"} 1"#,
            "# TYPE hijri_archive_info gauge",
            "# TYPE hijri_responses_by_tier_total counter",
        ] {
            has(&text, line);
        }
    }
}
