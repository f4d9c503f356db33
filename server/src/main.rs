//! `hijri-serve` entry point: read the command line (each flag falling back to its
//! environment variable), open the archive, serve (and the metrics on their own listener when
//! `HIJRI_METRICS_BIND` is set) until SIGINT or SIGTERM; SIGHUP replaces the archive
//! ([`hijri_server::swap`]). Any start-up failure prints one line on stderr and exits
//! non-zero; so does an unknown argument (with clap's usage hint).

use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use hijri_server::http::metrics::UPKEEP_PERIOD;
use hijri_server::http::{access_log, rate_limit, socket};
use hijri_server::settings::{Cli, Limit, Settings};
use hijri_server::{app, archive, logging, metrics, swap, SharedState};

fn main() -> ExitCode {
    let cli = match Cli::try_parse_from(std::env::args_os()) {
        Ok(cli) => cli,
        // --help and --version (exit 0, stdout) or a usage error (exit 2, stderr).
        Err(error) => error.exit(),
    };
    match run(&cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("hijri-serve: {error}");
            ExitCode::FAILURE
        }
    }
}

fn run(cli: &Cli) -> Result<(), Box<dyn std::error::Error>> {
    let settings = cli.settings()?;
    logging::init(&settings.log)?;
    let archive = archive::open(&settings.archive)?;
    let state = SharedState::new(Arc::new(archive), &settings);
    let workers = state.clone();
    let connections = settings.connections;
    let seconds = |n: u32| Duration::from_secs(u64::from(n));
    let server = actix_web::HttpServer::new(move || {
        actix_web::rt::spawn(access_log::flush_every(access_log::FLUSH_PERIOD));
        app(workers.clone())
    })
    .max_connections(connections.max as usize)
    .keep_alive(seconds(connections.keep_alive))
    .client_request_timeout(seconds(connections.request_timeout))
    .client_disconnect_timeout(seconds(connections.disconnect_timeout))
    .on_connect(socket::send_timeout(seconds(connections.send_timeout)))
    .bind(&settings.bind)
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
    log_start(
        cli,
        &settings,
        &state,
        &joined(&server.addrs()),
        &metrics_bound,
    );
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
        swap::on_hangup(state, settings.archive.clone())
            .map_err(|e| std::io::Error::new(e.kind(), format!("cannot listen for SIGHUP: {e}")))?;
        server.run().await
    })?;
    Ok(())
}

/// Addresses as one comma list.
fn joined(addresses: &[std::net::SocketAddr]) -> String {
    let texts: Vec<String> = addresses.iter().map(ToString::to_string).collect();
    texts.join(",")
}

/// The start-up line: what runs, on which data, where (`bound`, and `metrics` or `off`),
/// and the limits in force.
fn log_start(cli: &Cli, settings: &Settings, state: &SharedState, bound: &str, metrics: &str) {
    let loaded = state.live.load();
    let header = &loaded.archive.default_chain().table;
    tracing::info!(
        target: "hijri_server::start",
        version = hijri::VERSION,
        build = hijri::BUILD_HASH,
        archive = %settings.archive.display(),
        data_version = header.data_version.as_str(),
        table_version = header.table_version.as_str(),
        bind = bound,
        metrics_bind = metrics,
        limit_hilal_info = %settings.limit(Limit::HilalInfo),
        limit_hilal_viz = %settings.limit(Limit::HilalViz),
        limit_hilal_map = %settings.limit(Limit::HilalMap),
        limit_default = %settings.limit(Limit::Default),
        max_connections = settings.connections.max,
        keep_alive_s = settings.connections.keep_alive,
        request_timeout_s = settings.connections.request_timeout,
        disconnect_timeout_s = settings.connections.disconnect_timeout,
        send_timeout_s = settings.connections.send_timeout,
        trusted_proxies = cli.trusted_proxies.as_str(),
        allowed_origins = cli.allowed_origins.as_str(),
        "hijri-serve started"
    );
}
