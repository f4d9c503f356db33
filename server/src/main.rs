//! `hijri-serve` entry point: read the settings, open the archive, serve until SIGINT or
//! SIGTERM. Any start-up failure prints one line on stderr and exits non-zero.

use std::process::ExitCode;

use hijri_server::http::access_log;
use hijri_server::settings::{Settings, HELP};
use hijri_server::{app, archive, AppState};

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
    let calendar = archive::open(&settings.archive)?;
    let state = AppState::new(calendar, &settings);
    let server = actix_web::HttpServer::new(move || {
        actix_web::rt::spawn(access_log::flush_every(access_log::FLUSH_PERIOD));
        app(state.clone())
    })
    .bind(&settings.bind)
    .map_err(|e| format!("cannot listen on {}: {e}", settings.bind))?;
    actix_web::rt::System::new().block_on(server.run())?;
    Ok(())
}
