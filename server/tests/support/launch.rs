//! Starting the built server with its logs piped, and reading those logs: shared by the test
//! binaries that run it (`api` and `attacks`).

use std::io::BufRead;
use std::path::Path;
use std::process::{ChildStderr, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};

/// `command` set to serve `archive` at `bind` with `vars`, stdin and stdout closed, stderr
/// piped (so its logs are JSON lines) and `HIJRI_LOG` unset (so the start-up and swap lines
/// are written).
pub fn with_piped_logs<'a>(
    command: &'a mut Command,
    archive: &Path,
    bind: &str,
    vars: &[(&str, &str)],
) -> &'a mut Command {
    command
        .env("HIJRI_ARCHIVE", archive)
        .env("HIJRI_BIND", bind)
        .env_remove("HIJRI_LOG")
        .envs(vars.iter().copied())
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
}

/// Reads `stderr` on a thread of its own and sends each line, parsed as JSON, on the
/// returned channel (a line that is not JSON panics that thread).
pub fn json_lines(stderr: ChildStderr) -> Receiver<serde_json::Value> {
    let (send, lines) = channel();
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(stderr)
            .lines()
            .map_while(Result::ok)
        {
            let json = serde_json::from_str(&line)
                .unwrap_or_else(|e| panic!("not a JSON line ({e}): {line:?}"));
            if send.send(json).is_err() {
                break;
            }
        }
    });
    lines
}
