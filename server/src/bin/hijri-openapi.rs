//! `hijri-openapi [FILE]` (`make openapi`): rewrites the OpenAPI document (default
//! `server/openapi.json`) with every closed list written from the code
//! (`hijri_server::interface::vocabularies`), the rest of it unchanged, and says whether
//! anything moved.

use std::process::ExitCode;

fn main() -> ExitCode {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "server/openapi.json".to_owned());
    let result = std::fs::read_to_string(&path)
        .map_err(|e| format!("{path}: {e}"))
        .and_then(|text| {
            let written = hijri_server::interface::written(&text)?;
            let moved = written != text;
            if moved {
                std::fs::write(&path, written).map_err(|e| format!("{path}: {e}"))?;
            }
            Ok(moved)
        });
    match result {
        Ok(moved) => {
            println!("{path}: {}", if moved { "rewritten" } else { "unchanged" });
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("hijri-openapi: {e}");
            ExitCode::FAILURE
        }
    }
}
