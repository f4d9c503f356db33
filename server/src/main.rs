//! `hijri-serve` entry point: read the command line (each flag falling back to its
//! environment variable), open the archive, serve (and the metrics on their own listener when
//! `HIJRI_METRICS_BIND` is set) until SIGINT or SIGTERM; SIGHUP replaces the archive
//! ([`hijri_server::swap`]) and is never fatal: blocked before `main` ([`hangup_mask`]),
//! held from `main`'s first line on; systemd hears `READY=1` once it is handled and the
//! listener is open ([`hijri_server::ready`]). Any start-up failure prints one line on stderr
//! and exits non-zero; so does an unknown argument (with clap's usage hint).

use std::process::ExitCode;
use std::sync::Arc;

use hijri_server::http::metrics::UPKEEP_PERIOD;
use hijri_server::http::rate_limit;
use hijri_server::routes::ROUTES;
use hijri_server::settings::{Cli, RateFamily, Settings};
use hijri_server::{archive, logging, metrics, open_files, ready, serve, swap, SharedState};

/// The allocator: jemalloc, whose background thread gives freed pages back to the system
/// within seconds, so the write buffers of many slow connections are returned when they
/// close. glibc's malloc keeps them in its worker arenas.
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

fn main() -> ExitCode {
    // First of all: from here on a SIGHUP never ends the process (systemd's reload may come
    // while it starts); one that comes before the archive swap listens is acted on then.
    // Until here it was blocked: one that came while the loader ran is pending and, once
    // unblocked, only sets the flag. Unblocked before any thread is spawned, so every thread
    // inherits the unblocked mask.
    let early = match swap::hold_hangups().and_then(|early| {
        hangup_mask::release()?;
        Ok(early)
    }) {
        Ok(early) => early,
        Err(error) => {
            eprintln!("hijri-serve: cannot hold SIGHUP: {error}");
            return ExitCode::FAILURE;
        }
    };
    let cli = match Cli::try_parse_from(std::env::args_os()) {
        Ok(cli) => cli,
        // --help and --version (exit 0, stdout) or a usage error (exit 2, stderr).
        Err(error) => error.exit(),
    };
    match run(cli, &early) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("hijri-serve: {error}");
            ExitCode::FAILURE
        }
    }
}

fn run(cli: Cli, early: &swap::EarlyHangup) -> Result<(), Box<dyn std::error::Error>> {
    let settings = Settings::from(cli);
    logging::init(&settings.log)?;
    let archive = archive::open(&settings.archive)?;
    let routes = ROUTES.iter().map(|route| route.path);
    let state = SharedState::new(Arc::new(archive), &settings, routes);
    let connections = settings.connections;
    let open_files = open_files::raise();
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get());
    let max_connections = connections
        .max
        .unwrap_or_else(|| open_files::per_worker(open_files, workers));
    let server = serve::public(
        &state,
        &settings.bind,
        &connections,
        workers,
        max_connections,
    )
    .map_err(|e| format!("cannot listen on {}: {e}", settings.bind))?;
    let metrics_server = match settings.metrics_bind {
        Some(address) => {
            let scraped = state.clone();
            let server = actix_web::HttpServer::new(move || {
                actix_web::App::new().configure(metrics::routes(scraped.clone()))
            })
            .workers(1)
            .bind(address)
            .map_err(|e| format!("cannot listen for metrics on {address}: {e}"))?;
            Some(server)
        }
        None => None,
    };
    let metrics_bound = metrics_server
        .as_ref()
        .map_or("off".to_owned(), |server| joined(&server.addrs()));
    let bound = joined(&server.addrs);
    log_start(&settings, &state, &bound, &metrics_bound, max_connections);
    let limiters = state.limiters.to_vec();
    actix_web::rt::System::new().block_on(async move {
        actix_web::rt::spawn(rate_limit::forget_idle_every(limiters));
        if let Some(metrics_server) = metrics_server {
            actix_web::rt::spawn(metrics_server.run());
        }
        if let Some(metrics) = state.metrics.clone() {
            actix_web::rt::spawn(async move {
                let mut ticks = actix_web::rt::time::interval(UPKEEP_PERIOD);
                loop {
                    ticks.tick().await;
                    metrics.upkeep();
                }
            });
        }
        swap::on_hangup(state, settings.archive.clone(), early)
            .map_err(|e| std::io::Error::new(e.kind(), format!("cannot listen for SIGHUP: {e}")))?;
        // SIGHUP is handled and the listener open: a reload is safe from here on.
        if let Err(error) = ready::notify(&format!("serving on {bound}")) {
            tracing::warn!(target: "hijri_server::start", "cannot tell systemd: {error}");
        }
        server.builder.run().await
    })?;
    Ok(())
}

/// SIGHUP blocked from before Rust's runtime and the allocator start until
/// [`swap::hold_hangups`] has put its handler in place, where the signal's default action
/// would end the process. A SIGHUP that comes meanwhile stays pending and is delivered, to
/// the handler, by [`release`]. What runs before this constructor is outside the binary's
/// reach: nothing in the shipped build (`make build`: static, position-dependent); in a
/// dynamic PIE build, the loader (2–3 ms after `exec` on a 2-core machine).
///
/// [`release`]: hangup_mask::release
#[cfg(target_os = "linux")]
#[allow(
    unsafe_code,
    reason = "the workspace's third unsafe block: a constructor the loader runs before the \
              runtime, and the thread's signal mask, which no safe crate sets (SAFETY below)"
)]
mod hangup_mask {
    use std::mem::MaybeUninit;

    /// Run by the dynamic loader with the executable's other ELF constructors, before Rust's
    /// runtime and `main`.
    #[used]
    #[link_section = ".init_array"]
    static BLOCK_AT_LOAD: extern "C" fn() = block;

    /// Blocks SIGHUP. The only error of `pthread_sigmask` is a bad `how`, which `SIG_BLOCK`
    /// is not; there is nowhere to report one before `main` anyway.
    extern "C" fn block() {
        let _ = change(libc::SIG_BLOCK);
    }

    /// Unblocks SIGHUP on the calling thread (the main thread, before it spawns any other):
    /// a pending one is delivered before this returns.
    pub fn release() -> std::io::Result<()> {
        change(libc::SIG_UNBLOCK)
    }

    /// Adds SIGHUP to the calling thread's signal mask or takes it out (`how`).
    fn change(how: libc::c_int) -> std::io::Result<()> {
        let mut set = MaybeUninit::<libc::sigset_t>::uninit();
        // SAFETY: `sigemptyset` initialises the set `set` points at (alive, of the type),
        // before `sigaddset` and `pthread_sigmask` read it; the old mask is not asked for
        // (null). None of the three allocates or touches Rust's runtime, so they are sound
        // before `main` too.
        let done = unsafe {
            libc::sigemptyset(set.as_mut_ptr());
            libc::sigaddset(set.as_mut_ptr(), libc::SIGHUP);
            libc::pthread_sigmask(how, set.as_ptr(), std::ptr::null_mut())
        };
        match done {
            0 => Ok(()),
            error => Err(std::io::Error::from_raw_os_error(error)),
        }
    }
}

/// Elsewhere no constructor is set: only SIGHUP in the instants before `main` can end it.
#[cfg(not(target_os = "linux"))]
mod hangup_mask {
    /// Nothing to release.
    pub fn release() -> std::io::Result<()> {
        Ok(())
    }
}

/// Addresses as one comma list.
fn joined(addresses: &[std::net::SocketAddr]) -> String {
    let texts: Vec<String> = addresses.iter().map(ToString::to_string).collect();
    texts.join(",")
}

/// The start-up line: what runs, on which data, where (`bound`, and `metrics` or `off`),
/// and the limits in force.
fn log_start(
    settings: &Settings,
    state: &SharedState,
    bound: &str,
    metrics: &str,
    max_connections: u32,
) {
    let loaded = state.live.load();
    let header = loaded.archive.default_table();
    tracing::info!(
        target: "hijri_server::start",
        version = hijri::VERSION,
        build = hijri::BUILD_HASH,
        archive = %settings.archive.display(),
        data_version = header.data_version.as_str(),
        table_version = header.table_version.as_str(),
        bind = bound,
        metrics_bind = metrics,
        limit_hilal_info = %settings.limit(RateFamily::HilalInfo),
        limit_hilal_viz = %settings.limit(RateFamily::HilalViz),
        limit_hilal_map = %settings.limit(RateFamily::HilalMap),
        limit_default = %settings.limit(RateFamily::Default),
        max_connections,
        max_connections_per_client = settings.connections.per_client,
        keep_alive_s = settings.connections.keep_alive,
        request_timeout_s = settings.connections.request_timeout,
        disconnect_timeout_s = settings.connections.disconnect_timeout,
        send_timeout_s = settings.connections.send_timeout,
        min_send_rate = %settings.connections.min_send_rate,
        cache_bytes = settings.cache_bytes,
        trusted_proxies = %settings.trusted_proxies,
        allowed_origins = %settings.origins,
        "hijri-serve started"
    );
}
