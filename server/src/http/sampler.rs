//! Log lines that an attacker could multiply are sampled per client: the first line of a
//! kind (a status) for a client, then at most one per [`PERIOD`] carrying how many were left
//! out meanwhile, and no more than [`LINES_PER_SECOND`] such lines a second per worker in
//! all. Each worker thread keeps its own table (no lock on the request path), at most
//! [`CLIENTS`] clients; the logs of these lines are bounded by workers × the per-second cap.

use std::cell::RefCell;
use std::collections::HashMap;
use std::net::IpAddr;
use std::time::{Duration, Instant};

/// At most one line per client and kind in this period.
pub const PERIOD: Duration = Duration::from_secs(10);
/// At most this many sampled lines a second per worker, over all clients.
pub const LINES_PER_SECOND: u32 = 50;
/// Clients a worker remembers; when full, those quiet for a period are forgotten (at most
/// once a second), and lines of clients that do not fit are left out.
const CLIENTS: usize = 4096;

/// A client's last line of a kind (`None`: none written yet, the cap left its first out)
/// and the lines left out since.
struct Seen {
    last: Option<Instant>,
    left_out: u64,
}

impl Seen {
    /// True if a line of this client and kind was written within the period before `now`.
    fn recent(&self, now: Instant) -> bool {
        self.last
            .is_some_and(|last| now.duration_since(last) < PERIOD)
    }
}

/// One worker's sampling table.
struct Sampler {
    seen: HashMap<(IpAddr, u16), Seen>,
    second: Option<Instant>,
    lines: u32,
    swept: Option<Instant>,
}

impl Sampler {
    fn admit(&mut self, client: IpAddr, kind: u16, now: Instant) -> Option<u64> {
        let key = (client, kind);
        if let Some(seen) = self.seen.get_mut(&key) {
            if seen.recent(now) {
                seen.left_out += 1;
                return None;
            }
        } else if self.seen.len() >= CLIENTS && !self.sweep(now) {
            return None;
        }
        if self
            .second
            .is_none_or(|start| now.duration_since(start) >= Duration::from_secs(1))
        {
            self.second = Some(now);
            self.lines = 0;
        }
        let seen = self.seen.entry(key).or_insert(Seen {
            last: None,
            left_out: 0,
        });
        if self.lines >= LINES_PER_SECOND {
            seen.left_out += 1;
            return None;
        }
        self.lines += 1;
        seen.last = Some(now);
        Some(std::mem::take(&mut seen.left_out))
    }

    /// Forgets the clients quiet for a period, at most once a second; true if there is room.
    fn sweep(&mut self, now: Instant) -> bool {
        if self
            .swept
            .is_none_or(|at| now.duration_since(at) >= Duration::from_secs(1))
        {
            self.swept = Some(now);
            self.seen.retain(|_, seen| seen.recent(now));
        }
        self.seen.len() < CLIENTS
    }
}

thread_local! {
    static SAMPLER: RefCell<Sampler> = RefCell::new(Sampler {
        seen: HashMap::new(),
        second: None,
        lines: 0,
        swept: None,
    });
}

/// Whether a line of `kind` (its status) about `client` is written now: `Some(n)` with the
/// `n` lines of that kind left out since the client's previous one, or `None` to leave this
/// one out (it is counted for the next).
pub fn admit(client: IpAddr, kind: u16) -> Option<u64> {
    SAMPLER.with(|sampler| sampler.borrow_mut().admit(client, kind, Instant::now()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sampler() -> Sampler {
        Sampler {
            seen: HashMap::new(),
            second: None,
            lines: 0,
            swept: None,
        }
    }

    #[test]
    fn one_line_per_client_and_period_with_the_count_left_out() {
        let mut sampler = sampler();
        let start = Instant::now();
        let client: IpAddr = "192.0.2.1".parse().unwrap();
        let at = |ms: u64| start + Duration::from_millis(ms);
        assert_eq!(sampler.admit(client, 429, at(0)), Some(0));
        for ms in 1..=99 {
            assert_eq!(sampler.admit(client, 429, at(ms * 100)), None);
        }
        // Another kind of line is its own.
        assert_eq!(sampler.admit(client, 404, at(5)), Some(0));
        assert_eq!(sampler.admit(client, 429, at(10_000)), Some(99));
        assert_eq!(sampler.admit(client, 429, at(10_001)), None);
    }

    #[test]
    fn the_lines_of_a_second_are_capped_over_all_clients() {
        let mut sampler = sampler();
        let now = Instant::now();
        let written = (0..1000u32)
            .filter(|&i| {
                let client = IpAddr::from(std::net::Ipv4Addr::from(0x0a00_0000 + i));
                sampler.admit(client, 429, now).is_some()
            })
            .count();
        assert_eq!(written, LINES_PER_SECOND as usize);
        let later = now + Duration::from_secs(1);
        let client = IpAddr::from(std::net::Ipv4Addr::from(0x0a00_0000 + 999));
        // Left out once (over the cap), told with the next line.
        assert_eq!(sampler.admit(client, 429, later), Some(1));
    }

    #[test]
    fn the_table_stays_bounded() {
        let mut sampler = sampler();
        let now = Instant::now();
        for i in 0..(CLIENTS as u32 * 2) {
            let client = IpAddr::from(std::net::Ipv4Addr::from(i));
            let _ = sampler.admit(client, 429, now + Duration::from_millis(u64::from(i)));
        }
        assert!(sampler.seen.len() <= CLIENTS);
    }
}
