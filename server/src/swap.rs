//! Replacing the archive under a running server: on SIGHUP the file at `HIJRI_ARCHIVE` is
//! mapped and checked again (header, checksum, structure, meaning) and, if good, swapped in
//! atomically. Requests already running finish on the old archive, new ones see the new one.
//! A missing or bad file changes nothing: the server logs one line and keeps serving the old
//! data; it never exits because of a replacement. The lines go through `tracing` (target
//! [`TARGET`]): info for a replacement, warn for a refusal; both are counted in the metrics.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use actix_web::rt::signal::unix::{signal, SignalKind};

use crate::archive;
use crate::state::{Loaded, SharedState};

/// The `tracing` target of the swap lines.
pub const TARGET: &str = "hijri_server::swap";

/// Opens the archive at `path` and makes it the live one; logs and returns the one line that
/// says what happened (old and new `data_version` and `table_version`, or why nothing
/// changed).
pub fn reload(state: &SharedState, path: &Path) -> String {
    match archive::open(path) {
        Ok(archive) => {
            let old = state.replace(Arc::new(archive));
            if let Some(metrics) = &state.metrics {
                metrics.record_swap(true);
            }
            let new = state.live.load();
            let line = one_line(&format!(
                "archive replaced from {}: {} -> {}",
                path.display(),
                versions(&old),
                versions(&new)
            ));
            tracing::info!(target: TARGET, archive = %path.display(), "{line}");
            line
        }
        Err(error) => {
            if let Some(metrics) = &state.metrics {
                metrics.record_swap(false);
            }
            let line = one_line(&format!(
                "archive not replaced, still serving {}: {error}",
                versions(&state.live.load())
            ));
            tracing::warn!(target: TARGET, archive = %path.display(), "{line}");
            line
        }
    }
}

/// `data_version X table_version Y` of a loaded archive.
fn versions(loaded: &Loaded) -> String {
    let header = loaded.archive.default_table();
    format!(
        "data_version {} table_version {}",
        header.data_version.as_str(),
        header.table_version.as_str()
    )
}

/// The text on one line (an error from a dependency may span several).
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A SIGHUP that came before the server listened for it ([`hold_hangups`]).
#[derive(Clone, Debug)]
pub struct EarlyHangup(Arc<AtomicBool>);

/// Makes SIGHUP harmless from now on: a signal only sets a flag (its default action would end
/// the process). Call it first thing in `main`; [`on_hangup`] later acts on a signal that
/// came meanwhile, once.
pub fn hold_hangups() -> std::io::Result<EarlyHangup> {
    let flag = Arc::new(AtomicBool::new(false));
    signal_hook::flag::register(signal_hook::consts::SIGHUP, flag.clone())?;
    Ok(EarlyHangup(flag))
}

/// Listens for SIGHUP from now on and spawns the task that reloads `path` on each one, off
/// the async threads, logging one line; a signal held since start (`early`) reloads once
/// right away. Call it inside the actix system, before serving.
pub fn on_hangup(state: SharedState, path: PathBuf, early: &EarlyHangup) -> std::io::Result<()> {
    let mut hangups = signal(SignalKind::hangup())?;
    let held = early.0.swap(false, Ordering::SeqCst);
    actix_web::rt::spawn(async move {
        if held {
            let (state, path) = (state.clone(), path.clone());
            let _ = actix_web::rt::task::spawn_blocking(move || reload(&state, &path)).await;
        }
        while hangups.recv().await.is_some() {
            let (state, path) = (state.clone(), path.clone());
            if let Err(error) =
                actix_web::rt::task::spawn_blocking(move || reload(&state, &path)).await
            {
                tracing::error!(target: TARGET, "archive not replaced: {error}");
            }
        }
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn error_lines_are_joined() {
        assert_eq!(one_line("a\n  b\tc "), "a b c");
    }
}
