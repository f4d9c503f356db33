//! Tidy checks over the whole workspace: every Rust file opens with a module doc, the
//! server's `http/` stays its ground floor, every crate takes the workspace's lints and only
//! the mapped archive may use `unsafe`, and every dependency's licence is compatible with the
//! project's GPL-3.0-or-later.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    reason = "test helpers may panic: a panic fails the test"
)]

use std::path::{Path, PathBuf};
use std::process::Command;

fn workspace_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn rust_files(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if path.is_dir() {
            if !name.starts_with('.') && name != "target" {
                rust_files(&path, found);
            }
        } else if name.ends_with(".rs") {
            found.push(path);
        }
    }
}

#[test]
fn every_rust_file_has_a_module_doc() {
    let root = workspace_root();
    let mut files = Vec::new();
    for dir in ["src", "tests", "generator", "server", "view"] {
        rust_files(&root.join(dir), &mut files);
    }
    files.push(root.join("build.rs"));
    assert!(files.len() > 10, "found only {} files", files.len());
    let missing: Vec<String> = files
        .iter()
        .filter(|path| {
            let text = std::fs::read_to_string(path).unwrap();
            !text.trim_start().starts_with("//!")
        })
        .map(|p| p.strip_prefix(&root).unwrap().display().to_string())
        .collect();
    assert!(
        missing.is_empty(),
        "files without a `//!` module doc: {missing:?}"
    );
}

/// The server's `http/` (query parsing, errors, replies, CORS, rate limits, the request log)
/// is its ground floor: it knows nothing of the settings, the state, the routes or the views,
/// which build on it, so no import circle can form through it.
#[test]
fn the_server_http_layer_imports_nothing_above_it() {
    let mut files = Vec::new();
    rust_files(&workspace_root().join("server/src/http"), &mut files);
    assert!(files.len() >= 5, "found only {} files", files.len());
    let upward: Vec<String> = files
        .iter()
        .flat_map(|path| {
            let text = std::fs::read_to_string(path).unwrap();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            text.lines()
                .filter(|line| !line.trim_start().starts_with("//"))
                .filter(|line| line.contains("crate::") && !line.contains("crate::http"))
                .map(|line| format!("{name}: {}", line.trim()))
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(upward.is_empty(), "http/ reaches above itself: {upward:?}");
}

/// The shared state sits below the routes: `state.rs` is handed the route templates it keeps
/// metrics by and imports no route, so the handlers can build on it without a circle.
#[test]
fn the_server_state_imports_no_route() {
    let path = workspace_root().join("server/src/state.rs");
    let text = std::fs::read_to_string(path).unwrap();
    let routes: Vec<&str> = text
        .lines()
        .filter(|line| !line.trim_start().starts_with("//"))
        .filter(|line| line.contains("routes::") || line.contains("crate::routes"))
        .collect();
    assert!(routes.is_empty(), "state.rs imports routes: {routes:?}");
}

/// Every crate takes the workspace's lint table, which denies `unsafe` code.
#[test]
fn every_crate_inherits_the_workspace_lints() {
    let root = workspace_root();
    let workspace = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
    assert!(
        workspace.contains("unsafe_code = \"deny\""),
        "the lint table must deny unsafe"
    );
    for manifest in [
        "Cargo.toml",
        "generator/Cargo.toml",
        "server/Cargo.toml",
        "view/Cargo.toml",
    ] {
        let text = std::fs::read_to_string(root.join(manifest)).unwrap();
        assert!(
            text.contains("[lints]\nworkspace = true\n"),
            "{manifest} does not inherit [workspace.lints]"
        );
    }
}

/// The one `unsafe` block maps the archive file: only `server/src/archive.rs` may lift the
/// workspace's `unsafe_code` lint, and only once (this file is the checker, so it is skipped).
#[test]
fn only_the_mapped_archive_lifts_the_unsafe_code_lint() {
    let root = workspace_root();
    let mut files = Vec::new();
    for dir in ["src", "tests", "generator", "server", "view", "examples"] {
        rust_files(&root.join(dir), &mut files);
    }
    files.push(root.join("build.rs"));
    let lifts: Vec<String> = files
        .iter()
        .filter(|path| !path.ends_with("tests/tidy.rs"))
        .flat_map(|path| {
            let text = std::fs::read_to_string(path).unwrap();
            let name = path.strip_prefix(&root).unwrap().display().to_string();
            text.lines()
                .enumerate()
                .filter(|(_, line)| {
                    let code = line.trim_start();
                    !code.starts_with("//")
                        && code.contains("unsafe_code")
                        && !code.contains("forbid(unsafe_code)")
                })
                .map(|(n, _)| format!("{name}:{}", n + 1))
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(
        lifts.len() == 1 && lifts[0].starts_with("server/src/archive.rs:"),
        "only server/src/archive.rs may allow unsafe_code, once; found {lifts:?}"
    );
}

/// SPDX identifiers that may be combined into a GPL-3.0-or-later program.
const ALLOWED: &[&str] = &[
    "MIT",
    "MIT-0",
    "Apache-2.0",
    "Apache-2.0 WITH LLVM-exception",
    "BSD-2-Clause",
    "BSD-3-Clause",
    "ISC",
    "Zlib",
    "Unicode-3.0",
    "Unicode-DFS-2016",
    "MPL-2.0",
    "CC0-1.0",
    "0BSD",
    "BSL-1.0",
    "Unlicense",
    "GPL-3.0-or-later",
    "GPL-3.0",
    "LGPL-2.1-or-later",
    "LGPL-3.0-or-later",
];

/// True if some alternative of an SPDX `OR` expression is made only of allowed licences.
fn allowed(expression: &str) -> bool {
    let normalised = expression.replace('/', " OR ").replace(['(', ')'], " ");
    normalised.split(" OR ").any(|alternative| {
        alternative
            .split(" AND ")
            .map(str::trim)
            .all(|licence| ALLOWED.contains(&licence))
    })
}

#[test]
fn every_dependency_licence_is_allowed() {
    let output = Command::new(env!("CARGO"))
        .args(["metadata", "--format-version", "1", "--locked"])
        .current_dir(workspace_root())
        .output()
        .expect("cargo metadata runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let metadata: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let packages = metadata["packages"].as_array().unwrap();
    assert!(packages.len() > 50);
    let refused: Vec<String> = packages
        .iter()
        .filter(|p| !p["license"].as_str().is_some_and(allowed))
        .map(|p| format!("{} {}: {}", p["name"], p["version"], p["license"]))
        .collect();
    assert!(
        refused.is_empty(),
        "licences outside the allow-list: {refused:#?}"
    );
}

/// A `rust-version` as (major, minor, patch); a missing part is 0.
fn rust_version(text: &str) -> (u32, u32, u32) {
    let mut parts = text.split('.').map(|p| p.parse::<u32>().unwrap());
    let mut next = || parts.next().unwrap_or(0);
    (next(), next(), next())
}

/// The declared `rust-version` is true of the locked tree: no dependency built for Linux
/// (the platform the service ships on) needs a newer toolchain.
#[test]
fn the_declared_rust_version_builds_every_locked_dependency() {
    let output = Command::new(env!("CARGO"))
        .args(["metadata", "--format-version", "1", "--locked"])
        .args(["--filter-platform", "x86_64-unknown-linux-gnu"])
        .current_dir(workspace_root())
        .output()
        .expect("cargo metadata runs");
    assert!(output.status.success());
    let metadata: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let packages = metadata["packages"].as_array().unwrap();
    let built: std::collections::HashSet<&str> = metadata["resolve"]["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|node| node["id"].as_str().unwrap())
        .collect();
    let ours = packages
        .iter()
        .find(|p| p["name"] == "hijri")
        .and_then(|p| p["rust_version"].as_str())
        .map(rust_version)
        .expect("the workspace declares a rust-version");
    let newer: Vec<String> = packages
        .iter()
        .filter(|p| built.contains(p["id"].as_str().unwrap()))
        .filter_map(|p| Some((p, p["rust_version"].as_str()?)))
        .filter(|(_, needs)| rust_version(needs) > ours)
        .map(|(p, needs)| format!("{} {} needs {needs}", p["name"], p["version"]))
        .collect();
    assert!(
        newer.is_empty(),
        "newer than the declared rust-version: {newer:#?}"
    );
}

#[test]
fn the_licence_rule_reads_spdx_expressions() {
    assert!(allowed("MIT OR Apache-2.0"));
    assert!(allowed("(MIT OR Apache-2.0) AND Unicode-3.0"));
    assert!(allowed("MIT/Apache-2.0"));
    assert!(!allowed("AGPL-3.0-only"));
    assert!(!allowed("GPL-2.0-only"));
}
