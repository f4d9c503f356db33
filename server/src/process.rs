//! The process's own `process_*` metrics, as Prometheus's client libraries name them, read
//! from `/proc/self` when the metrics are scraped (never on a request): CPU seconds, resident
//! and virtual memory, open and allowed descriptors, threads and the start time; and the
//! build-info series (version, build hash, archive format and schema hash).

use std::fmt::Write;

/// One reading of the process.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Reading {
    /// User and system CPU time, seconds.
    pub cpu_seconds: f64,
    /// Resident memory, bytes.
    pub resident_bytes: u64,
    /// Virtual memory, bytes.
    pub virtual_bytes: u64,
    /// Threads.
    pub threads: u64,
    /// Start time, seconds since the Unix epoch (`None` where the boot time cannot be read:
    /// systemd's `ProcSubset=pid` hides `/proc/stat`).
    pub start_time_seconds: Option<f64>,
}

impl Reading {
    /// Reads `/proc/self/stat` (and the boot time from `/proc/stat`); `None` where there is
    /// no such file or it does not read as expected.
    pub fn now() -> Option<Reading> {
        let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
        let boot_time = std::fs::read_to_string("/proc/stat").ok().and_then(|boot| {
            boot.lines()
                .find_map(|line| line.strip_prefix("btime "))?
                .trim()
                .parse()
                .ok()
        });
        Reading::parse(
            &stat,
            boot_time,
            rustix::param::clock_ticks_per_second(),
            rustix::param::page_size() as u64,
        )
    }

    /// A reading from the text of `/proc/<pid>/stat`, the boot time (seconds since the
    /// epoch, if known), the clock ticks per second and the page size.
    pub fn parse(stat: &str, boot_time: Option<u64>, ticks: u64, page: u64) -> Option<Reading> {
        // The command name (field 2) is in parentheses and may hold spaces: count after it.
        let (_, after) = stat.rsplit_once(')')?;
        let fields: Vec<u64> = after
            .split_whitespace()
            .skip(1)
            .map(|field| field.parse().unwrap_or(0))
            .collect();
        // Field n of proc(5) is at n - 4 here (state, field 3, is skipped).
        let field = |n: usize| fields.get(n - 4).copied();
        let ticks = ticks.max(1) as f64;
        let started = field(22)?;
        Some(Reading {
            cpu_seconds: (field(14)? + field(15)?) as f64 / ticks,
            threads: field(20)?,
            start_time_seconds: boot_time.map(|boot| boot as f64 + started as f64 / ticks),
            virtual_bytes: field(23)?,
            resident_bytes: field(24)? * page,
        })
    }
}

/// Open descriptors (entries of `/proc/self/fd`, less the one reading it).
fn open_fds() -> Option<u64> {
    let entries = std::fs::read_dir("/proc/self/fd").ok()?.count() as u64;
    Some(entries.saturating_sub(1))
}

/// Appends the `process_*` series to a Prometheus exposition text (nothing where `/proc`
/// cannot be read).
pub fn render(text: &mut String) {
    let mut series = |name: &str, kind: &str, help: &str, value: &dyn std::fmt::Display| {
        let _ = write!(
            text,
            "# HELP {name} {help}\n# TYPE {name} {kind}\n{name} {value}\n"
        );
    };
    if let Some(reading) = Reading::now() {
        series(
            "process_cpu_seconds_total",
            "counter",
            "Total user and system CPU time spent in seconds.",
            &reading.cpu_seconds,
        );
        series(
            "process_resident_memory_bytes",
            "gauge",
            "Resident memory size in bytes.",
            &reading.resident_bytes,
        );
        series(
            "process_virtual_memory_bytes",
            "gauge",
            "Virtual memory size in bytes.",
            &reading.virtual_bytes,
        );
        series(
            "process_threads",
            "gauge",
            "Number of OS threads in the process.",
            &reading.threads,
        );
        if let Some(start) = reading.start_time_seconds {
            series(
                "process_start_time_seconds",
                "gauge",
                "Start time of the process since unix epoch in seconds.",
                &start,
            );
        }
    }
    if let Some(open) = open_fds() {
        series(
            "process_open_fds",
            "gauge",
            "Number of open file descriptors.",
            &open,
        );
    }
    if let Some(max) = rustix::process::getrlimit(rustix::process::Resource::Nofile).current {
        series(
            "process_max_fds",
            "gauge",
            "Maximum number of open file descriptors.",
            &max,
        );
    }
}

/// Appends the build-info series: always 1, the build's facts as labels.
pub fn render_build_info(text: &mut String) {
    let _ = write!(
        text,
        "# HELP hijri_build_info The running build (always 1; its facts are the labels).\n\
         # TYPE hijri_build_info gauge\n\
         hijri_build_info{{version=\"{}\",build=\"{}\",archive_format=\"{}\",schema=\"{:08x}\"}} 1\n",
        hijri::VERSION,
        hijri::BUILD_HASH,
        hijri::archive::FORMAT_VERSION,
        hijri::archive::SCHEMA_HASH,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stat_line_reads_by_field_number() {
        // proc(5)'s fields 1..=24 of a made-up process whose name holds a space and a ')'.
        let stat = "4242 (hijri serve)) S 1 4242 4242 0 -1 4194560 900 0 0 0 \
                    250 50 0 0 20 0 3 0 1000 123456789 300 18446744073709551615";
        let reading = Reading::parse(stat, Some(1_700_000_000), 100, 4096).unwrap();
        assert_eq!(reading.cpu_seconds, 3.0);
        assert_eq!(reading.threads, 3);
        assert_eq!(reading.start_time_seconds, Some(1_700_000_010.0));
        assert_eq!(reading.virtual_bytes, 123_456_789);
        assert_eq!(reading.resident_bytes, 300 * 4096);
        assert_eq!(Reading::parse("no parenthesis", None, 100, 4096), None);
        let hidden = Reading::parse(stat, None, 100, 4096).unwrap();
        assert_eq!(hidden.start_time_seconds, None);
    }

    #[test]
    fn this_process_reads() {
        let reading = Reading::now().unwrap();
        assert!(reading.resident_bytes > 0);
        assert!(reading.threads >= 1);
        let mut text = String::new();
        render(&mut text);
        for name in [
            "process_cpu_seconds_total ",
            "process_resident_memory_bytes ",
            "process_open_fds ",
            "process_max_fds ",
            "process_start_time_seconds ",
        ] {
            assert!(text.lines().any(|l| l.starts_with(name)), "{name}: {text}");
        }
    }
}
