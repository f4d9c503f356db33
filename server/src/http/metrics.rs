//! Request metrics in the Prometheus text exposition format (version 0.0.4), without a
//! metrics crate: relaxed atomic counters indexed by route template and status class, filled
//! by the edge middleware ([`super::edge`]), and the text written when scraped. The route
//! templates are a fixed set given at start (the route table); a request that matched no
//! route counts under [`UNMATCHED`]. Counters the registry does not own (rate-limit refusals,
//! the archive's versions) reach [`Metrics::render`] as plain values.

use std::fmt::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// The `Content-Type` of the exposition.
pub const CONTENT_TYPE: &str = "text/plain; version=0.0.4; charset=utf-8";

/// The route label of a request that matched no route (404 before any handler).
pub const UNMATCHED: &str = "unmatched";

/// Upper bounds of the latency histogram's buckets, in seconds (`+Inf` follows): the
/// look-ups take tens of microseconds, a slow client or a loaded machine milliseconds.
pub const BUCKETS: [f64; 12] = [
    0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0,
];

/// The status classes counted: `1xx` to `5xx`.
const CLASSES: [&str; 5] = ["1xx", "2xx", "3xx", "4xx", "5xx"];

/// One route template's counters.
#[derive(Default)]
struct RouteCounters {
    /// Requests per status class, in the order of [`CLASSES`].
    statuses: [AtomicU64; CLASSES.len()],
    /// Requests per latency bucket (not cumulative), [`BUCKETS`] then `+Inf`.
    buckets: [AtomicU64; BUCKETS.len() + 1],
    /// Sum of the latencies, nanoseconds.
    nanos: AtomicU64,
}

/// The request metrics of the whole server (shared by every worker).
pub struct Metrics {
    /// The route templates, sorted (for a binary search), then [`UNMATCHED`] last.
    routes: Box<[&'static str]>,
    /// Counters per entry of `routes`.
    counters: Box<[RouteCounters]>,
    /// Archive swaps that succeeded.
    swaps_ok: AtomicU64,
    /// Archive swaps that were refused (the old archive stayed).
    swaps_refused: AtomicU64,
}

/// What the registry does not count itself, given when the metrics are written.
pub struct Extra<'a> {
    /// Refused requests per rate-limit policy name.
    pub rate_limited: &'a [(&'a str, u64)],
    /// Labels of the archive info gauge (name, value).
    pub archive: &'a [(&'a str, &'a str)],
}

impl Metrics {
    /// Counters for the route templates `routes` (duplicates are counted once).
    pub fn new(routes: impl IntoIterator<Item = &'static str>) -> Metrics {
        let mut routes: Vec<&'static str> = routes.into_iter().collect();
        routes.sort_unstable();
        routes.dedup();
        routes.push(UNMATCHED);
        Metrics {
            counters: routes.iter().map(|_| RouteCounters::default()).collect(),
            routes: routes.into_boxed_slice(),
            swaps_ok: AtomicU64::new(0),
            swaps_refused: AtomicU64::new(0),
        }
    }

    /// Counts one answered request: its route template (`None` or an unknown one counts as
    /// [`UNMATCHED`]), status code and latency.
    pub fn record(&self, route: Option<&str>, status: u16, elapsed: Duration) {
        let known = self.routes.len() - 1;
        let index = route
            .and_then(|route| self.routes.get(..known)?.binary_search(&route).ok())
            .unwrap_or(known);
        let Some(counters) = self.counters.get(index) else {
            return;
        };
        let class = usize::from(status / 100).clamp(1, CLASSES.len()) - 1;
        let seconds = elapsed.as_secs_f64();
        let bucket = BUCKETS
            .iter()
            .position(|bound| seconds <= *bound)
            .unwrap_or(BUCKETS.len());
        for counter in [counters.statuses.get(class), counters.buckets.get(bucket)]
            .into_iter()
            .flatten()
        {
            counter.fetch_add(1, Ordering::Relaxed);
        }
        let nanos = u64::try_from(elapsed.as_nanos()).unwrap_or(u64::MAX);
        counters.nanos.fetch_add(nanos, Ordering::Relaxed);
    }

    /// Counts one archive swap: `true` if the new archive went live, `false` if refused.
    pub fn record_swap(&self, ok: bool) {
        let counter = if ok {
            &self.swaps_ok
        } else {
            &self.swaps_refused
        };
        counter.fetch_add(1, Ordering::Relaxed);
    }

    /// The exposition text: every counter of the registry and `extra`.
    pub fn render(&self, extra: &Extra<'_>) -> String {
        let mut out = String::with_capacity(16 * 1024);
        // Writing into a String cannot fail: the results are ignored below.
        header(
            &mut out,
            "hijri_http_requests_total",
            "counter",
            "Answered requests by route template and status class.",
        );
        for (route, counters) in self.routes.iter().zip(&*self.counters) {
            for (class, counter) in CLASSES.iter().zip(&counters.statuses) {
                let _ = writeln!(
                    out,
                    "hijri_http_requests_total{{route=\"{}\",status=\"{class}\"}} {}",
                    escaped(route),
                    counter.load(Ordering::Relaxed)
                );
            }
        }
        header(
            &mut out,
            "hijri_http_request_duration_seconds",
            "histogram",
            "Time from a request's arrival to its answer's head, by route template.",
        );
        for (route, counters) in self.routes.iter().zip(&*self.counters) {
            let route = escaped(route);
            let mut cumulative = 0;
            let bounds = BUCKETS.iter().map(|b| b.to_string()).chain(["+Inf".into()]);
            for (bound, counter) in bounds.zip(&counters.buckets) {
                cumulative += counter.load(Ordering::Relaxed);
                let _ = writeln!(
                    out,
                    "hijri_http_request_duration_seconds_bucket{{route=\"{route}\",le=\"{bound}\"}} {cumulative}"
                );
            }
            let seconds = counters.nanos.load(Ordering::Relaxed) as f64 / 1e9;
            let _ = writeln!(
                out,
                "hijri_http_request_duration_seconds_sum{{route=\"{route}\"}} {seconds}\n\
                 hijri_http_request_duration_seconds_count{{route=\"{route}\"}} {cumulative}"
            );
        }
        header(
            &mut out,
            "hijri_rate_limited_total",
            "counter",
            "Requests refused with 429 by rate-limit policy.",
        );
        for (policy, count) in extra.rate_limited {
            let _ = writeln!(
                out,
                "hijri_rate_limited_total{{policy=\"{}\"}} {count}",
                escaped(policy)
            );
        }
        header(
            &mut out,
            "hijri_archive_swaps_total",
            "counter",
            "Archive replacements on SIGHUP: ok went live, refused left the old archive.",
        );
        for (result, counter) in [("ok", &self.swaps_ok), ("refused", &self.swaps_refused)] {
            let _ = writeln!(
                out,
                "hijri_archive_swaps_total{{result=\"{result}\"}} {}",
                counter.load(Ordering::Relaxed)
            );
        }
        header(
            &mut out,
            "hijri_archive_info",
            "gauge",
            "The archive served now (always 1; its versions are the labels).",
        );
        let labels: Vec<String> = extra
            .archive
            .iter()
            .map(|(name, value)| format!("{name}=\"{}\"", escaped(value)))
            .collect();
        let _ = writeln!(out, "hijri_archive_info{{{}}} 1", labels.join(","));
        out
    }
}

/// The `# HELP` and `# TYPE` lines of a metric.
fn header(out: &mut String, name: &str, kind: &str, help: &str) {
    let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} {kind}");
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
    };

    #[test]
    fn counts_by_route_class_and_bucket() {
        let metrics = Metrics::new(["/b", "/a", "/b"]);
        metrics.record(Some("/a"), 200, Duration::from_micros(50));
        metrics.record(Some("/a"), 404, Duration::from_millis(3));
        metrics.record(Some("/elsewhere"), 404, Duration::from_secs(2));
        metrics.record(None, 599, Duration::ZERO);
        metrics.record(Some("/b"), 42, Duration::ZERO);
        let text = metrics.render(&NONE);
        for line in [
            r#"hijri_http_requests_total{route="/a",status="2xx"} 1"#,
            r#"hijri_http_requests_total{route="/a",status="4xx"} 1"#,
            r#"hijri_http_requests_total{route="unmatched",status="4xx"} 1"#,
            r#"hijri_http_requests_total{route="unmatched",status="5xx"} 1"#,
            r#"hijri_http_requests_total{route="/b",status="1xx"} 1"#,
            r#"hijri_http_request_duration_seconds_bucket{route="/a",le="0.0001"} 1"#,
            r#"hijri_http_request_duration_seconds_bucket{route="/a",le="0.0025"} 1"#,
            r#"hijri_http_request_duration_seconds_bucket{route="/a",le="0.005"} 2"#,
            r#"hijri_http_request_duration_seconds_bucket{route="/a",le="+Inf"} 2"#,
            r#"hijri_http_request_duration_seconds_sum{route="/a"} 0.00305"#,
            r#"hijri_http_request_duration_seconds_count{route="/a"} 2"#,
            r#"hijri_http_request_duration_seconds_bucket{route="unmatched",le="1"} 1"#,
            r#"hijri_http_request_duration_seconds_bucket{route="unmatched",le="+Inf"} 2"#,
        ] {
            assert!(text.lines().any(|l| l == line), "{line} missing:\n{text}");
        }
        assert_eq!(text.matches(r#"route="/b",status="#).count(), 5);
    }

    #[test]
    fn swaps_extra_values_and_escaping() {
        let metrics = Metrics::new([]);
        metrics.record_swap(true);
        metrics.record_swap(false);
        metrics.record_swap(false);
        let text = metrics.render(&Extra {
            rate_limited: &[("default", 3)],
            archive: &[("data_version", "a\"b\\c\nd"), ("format", "2")],
        });
        for line in [
            r#"hijri_archive_swaps_total{result="ok"} 1"#,
            r#"hijri_archive_swaps_total{result="refused"} 2"#,
            r#"hijri_rate_limited_total{policy="default"} 3"#,
            r#"hijri_archive_info{data_version="a\"b\\c\nd",format="2"} 1"#,
            "# TYPE hijri_http_request_duration_seconds histogram",
        ] {
            assert!(text.lines().any(|l| l == line), "{line} missing:\n{text}");
        }
    }
}
