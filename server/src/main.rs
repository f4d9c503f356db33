//! `hijri-serve` entry point: read the command line (each flag falling back to its
//! environment variable), open the archive, serve until SIGINT or SIGTERM; SIGHUP replaces the
//! archive ([`hijri_server::swap`]). Any start-up failure prints one line on stderr and exits
//! non-zero; so does an unknown argument (with clap's usage hint).

use std::process::ExitCode;
use std::sync::Arc;

use hijri_server::http::access_log;
use hijri_server::settings::Cli;
use hijri_server::{app, archive, swap, SharedState};

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
