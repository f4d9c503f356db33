//! `hijri-serve` entry point: read the settings, open the archive, serve until SIGINT or
//! SIGTERM; SIGHUP replaces the archive ([`hijri_server::swap`]). Any start-up failure
//! prints one line on stderr and exits non-zero.

use std::process::ExitCode;
use std::sync::Arc;

use hijri_server::http::access_log;
use hijri_server::settings::{Settings, HELP};
use hijri_server::{app, archive, swap, SharedState};

fn main() -> ExitCode {
    if std::env::args().skip(1).any(|a| a == "--help" || a == "-h") {
        print!("{HELP}");
        return ExitCode::SUCCESS;
    }
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("hijri-serve: {error}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), Box<dyn std::error::Error>> {
    let settings = Settings::from_env()?;
    let archive = archive::open(&settings.archive)?;
    let state = SharedState::new(Arc::new(archive), &settings);
    let workers = state.clone();
    let server = actix_web::HttpServer::new(move || {
        actix_web::rt::spawn(access_log::flush_every(access_log::FLUSH_PERIOD));
        app(workers.clone())
    })
    .bind(&settings.bind)
    .map_err(|e| format!("cannot listen on {}: {e}", settings.bind))?;
    actix_web::rt::System::new().block_on(async move {
        swap::on_hangup(state, settings.archive.clone())
            .map_err(|e| std::io::Error::new(e.kind(), format!("cannot listen for SIGHUP: {e}")))?;
        server.run().await
    })?;
    Ok(())
}
