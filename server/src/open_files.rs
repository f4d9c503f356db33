//! The open-file limit, which is what bounds the connections the server can hold: at start
//! its soft limit is raised to the hard one (so `ulimit -n 1024` is not the real ceiling),
//! and the default connection cap per worker is what is left of it after [`RESERVED`].

use rustix::process::{getrlimit, setrlimit, Resource, Rlimit};

/// Descriptors kept aside from the connection cap: stdio, the listeners, the archive being
/// opened on SIGHUP, the metrics listener's connections, sockets accepted only to be closed.
pub const RESERVED: u64 = 256;

/// Raises the soft limit of open files to the hard limit (where it is lower); returns the
/// soft limit in force afterwards (`None`: unlimited).
pub fn raise() -> Option<u64> {
    let limit = getrlimit(Resource::Nofile);
    if limit.current != limit.maximum {
        let raised = Rlimit {
            current: limit.maximum,
            maximum: limit.maximum,
        };
        // A limit the kernel refuses to raise stays as it was: the cap follows what holds.
        let _ = setrlimit(Resource::Nofile, raised);
    }
    getrlimit(Resource::Nofile).current
}

/// The connections each of `workers` workers may hold under `open_files` descriptors
/// (`None`: unlimited, then actix's own default per worker), at least one.
pub fn per_worker(open_files: Option<u64>, workers: usize) -> u32 {
    let usable = open_files.map_or(u64::from(ACTIX_DEFAULT) * workers as u64, |n| {
        n.saturating_sub(RESERVED)
    });
    let each = usable / (workers.max(1) as u64);
    u32::try_from(each).unwrap_or(u32::MAX).max(1)
}

/// actix-server's own cap per worker, kept where nothing bounds the descriptors.
const ACTIX_DEFAULT: u32 = 25_600;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cap_shares_what_the_limit_leaves() {
        assert_eq!(per_worker(Some(1024), 2), 384);
        assert_eq!(per_worker(Some(20_000), 2), 9872);
        assert_eq!(per_worker(Some(100), 4), 1);
        assert_eq!(per_worker(None, 2), 25_600);
    }

    #[test]
    fn raising_leaves_the_soft_limit_at_the_hard_one() {
        let now = raise();
        assert_eq!(now, getrlimit(Resource::Nofile).maximum);
    }
}
