//! Tidy checks over the whole workspace: every Rust file opens with a module doc, the
//! server's `http/` stays its ground floor, `state.rs` imports no route and no handler
//! imports another, every crate takes the workspace's lints and only
//! three named items may use `unsafe`, the crates depend on each other only as the
//! architecture allows, the versions ARCHITECTURE.md states are the code's, and every
//! dependency's licence is compatible with the project's GPL-3.0-or-later; the README keeps
//! within its 15 KB and every relative link of it and of `docs/` points at a file.

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

/// The directories of the workspace's members, as the root manifest lists them.
fn members() -> Vec<PathBuf> {
    let root = workspace_root();
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
    let line = manifest
        .lines()
        .find(|line| line.starts_with("members = ["))
        .expect("the root manifest lists the members on one line");
    let members: Vec<&str> = line
        .trim_start_matches("members = [")
        .trim_end_matches(']')
        .split(',')
        .map(|member| member.trim().trim_matches('"'))
        .collect();
    assert!(members.len() >= 6, "members: {members:?}");
    members.iter().map(|member| root.join(member)).collect()
}

/// Every Rust file of the workspace, `build.rs` included (the core is the root, whose other
/// members are beside its `src`, `tests` and `examples`).
fn workspace_rust_files() -> Vec<PathBuf> {
    let root = workspace_root();
    let mut files = Vec::new();
    for member in members() {
        if member == root.join(".") {
            for dir in ["src", "tests", "examples"] {
                rust_files(&root.join(dir), &mut files);
            }
        } else {
            rust_files(&member, &mut files);
        }
    }
    files.push(root.join("build.rs"));
    files
}

#[test]
fn every_rust_file_has_a_module_doc() {
    let root = workspace_root();
    let files = workspace_rust_files();
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

/// The modules of `server/src/routes/` that hold no handler: the route table (`mod.rs`) and
/// what several handlers share (parameters, stored answers). Every other file there is a
/// handler module.
const ROUTE_SUPPORT: &[&str] = &["mod", "params", "stored"];

/// The modules of `routes/` a line of Rust imports or names (`super::x`, `routes::x`,
/// `super::{x, y}`); `super::*` (a test module's parent) is the file itself.
fn routes_named(line: &str) -> Vec<String> {
    let mut named = Vec::new();
    for prefix in ["super::", "routes::"] {
        let mut rest = line;
        while let Some(at) = rest.find(prefix) {
            rest = &rest[at + prefix.len()..];
            let list = match rest.strip_prefix('{') {
                Some(group) => group.split('}').next().unwrap_or_default(),
                None => rest,
            };
            for item in list.split(',') {
                let name: String = item
                    .trim()
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                if !name.is_empty() && name != "self" {
                    named.push(name);
                }
            }
        }
    }
    named
}

/// No import circle among the handlers: a handler module (a file of `server/src/routes/`
/// outside [`ROUTE_SUPPORT`], or a directory there with its files) imports no other handler
/// module, and the shared modules import none at all; what two handlers share lives in
/// `params.rs`, `stored.rs`, the `http/` floor or `hijri-view`.
#[test]
fn no_server_handler_imports_another() {
    let routes = workspace_root().join("server/src/routes");
    let mut files = Vec::new();
    rust_files(&routes, &mut files);
    // The module of `routes/` a file belongs to: its own stem, or its directory's name.
    let module = |path: &Path| {
        let inside = path.strip_prefix(&routes).unwrap();
        let first = inside.components().next().unwrap().as_os_str();
        Path::new(first)
            .file_stem()
            .unwrap()
            .to_string_lossy()
            .into_owned()
    };
    let handlers: Vec<String> = files
        .iter()
        .map(|path| module(path))
        .filter(|name| !ROUTE_SUPPORT.contains(&name.as_str()))
        .collect();
    assert!(handlers.len() >= 8, "found only {handlers:?}");
    let crossings: Vec<String> = files
        .iter()
        .filter(|path| module(path) != "mod")
        .flat_map(|path| {
            let own = module(path);
            let text = std::fs::read_to_string(path).unwrap();
            text.lines()
                .filter(|line| !line.trim_start().starts_with("//"))
                .flat_map(routes_named)
                .filter(|named| *named != own && handlers.contains(named))
                .map(|named| format!("{} imports {named}", path.display()))
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(
        crossings.is_empty(),
        "handlers import handlers: {crossings:?}"
    );
}

#[test]
fn route_imports_are_read_in_every_form() {
    assert_eq!(routes_named("use super::events::cache;"), ["events"]);
    assert_eq!(
        routes_named("use super::{params, stored};"),
        ["params", "stored"]
    );
    assert_eq!(routes_named("use crate::routes::hilal::target;"), ["hilal"]);
    assert_eq!(routes_named("    use super::*;"), Vec::<String>::new());
    assert_eq!(
        routes_named("let x = params::scope(s, &q)?;"),
        Vec::<String>::new()
    );
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
    let manifests = manifests();
    assert!(
        manifests.len() >= 6,
        "found only {} crates",
        manifests.len()
    );
    for manifest in manifests {
        assert!(
            manifest.text.contains("[lints]\nworkspace = true\n"),
            "{} does not inherit [workspace.lints]",
            manifest.name
        );
    }
}

/// One member's manifest: its package name, its text, and the packages it names in its
/// dependency tables (`[dependencies]`, `[build-dependencies]` and their `[target.…]`
/// forms; the `[dev-dependencies]` apart, as they reach no other crate).
struct Manifest {
    name: String,
    text: String,
    normal: Vec<String>,
    dev: Vec<String>,
}

/// Reads the manifest of every member.
fn manifests() -> Vec<Manifest> {
    members()
        .iter()
        .map(|dir| parse_manifest(&std::fs::read_to_string(dir.join("Cargo.toml")).unwrap()))
        .collect()
}

/// The package name and the dependency tables of a manifest. A dependency is named by its
/// key (`serde = …`, `serde.workspace = true`, `[dependencies.serde]`), or by `package = "…"`
/// when renamed.
fn parse_manifest(text: &str) -> Manifest {
    let (mut name, mut normal, mut dev) = (None, Vec::new(), Vec::new());
    let mut section = "";
    for line in text.lines().map(str::trim) {
        if line.starts_with('#') {
            continue;
        }
        if line.starts_with('[') {
            section = line.trim_matches(['[', ']']);
            // `[dependencies.serde]`: a dependency as a table of its own.
            if let Some((table, key)) = section.rsplit_once('.') {
                if table.ends_with("dependencies") && !table.starts_with("workspace") {
                    let into = if table.ends_with("dev-dependencies") {
                        &mut dev
                    } else {
                        &mut normal
                    };
                    into.push(key.to_owned());
                }
            }
            continue;
        }
        let Some((key, value)) = line.split_once('=') else {
            continue;
        };
        let key = key.trim();
        if section == "package" && key == "name" {
            name = Some(value.trim().trim_matches('"').to_owned());
        }
        let kind = section.rsplit('.').next().unwrap_or_default();
        if !kind.ends_with("dependencies") || section.starts_with("workspace") {
            continue;
        }
        let renamed = value
            .split_once("package = \"")
            .and_then(|(_, rest)| rest.split_once('"'))
            .map(|(package, _)| package.to_owned());
        let package = renamed.unwrap_or_else(|| key.split('.').next().unwrap().to_owned());
        if kind == "dev-dependencies" {
            dev.push(package);
        } else {
            normal.push(package);
        }
    }
    Manifest {
        name: name.expect("every member names its package"),
        text: text.to_owned(),
        normal,
        dev,
    }
}

/// What each crate of the workspace must not depend on, directly or through another member
/// (dev-dependencies included: a test of the server computing astronomy is refused too).
const FORBIDDEN: &[(&str, &[&str])] = &[
    // The core: dates, the archive and look-ups, beneath every other crate.
    (
        "hijri",
        &[
            "hijri-view",
            "hijri-page",
            "hijri-astro",
            "hijri-cards",
            "hijri-generator",
            "hijri-server",
        ],
    ),
    // The astronomy: no archive views, cards, command line or HTTP.
    (
        "hijri-astro",
        &[
            "hijri-view",
            "hijri-cards",
            "hijri-generator",
            "hijri-server",
            "resvg",
            "usvg",
            "clap",
            "actix-web",
        ],
    ),
    // The cards draw the values they are given: they compute no astronomy.
    (
        "hijri-cards",
        &[
            "hijri-astro",
            "hijri-generator",
            "hijri-server",
            "clap",
            "actix-web",
        ],
    ),
    // The answers, shared by the generator and the server: no HTTP, astronomy or drawing.
    (
        "hijri-view",
        &[
            "hijri-page",
            "hijri-astro",
            "hijri-cards",
            "hijri-generator",
            "hijri-server",
            "actix-web",
        ],
    ),
    // The generator knows no HTTP.
    (
        "hijri-generator",
        &["hijri-server", "hijri-page", "actix-web"],
    ),
    // The test builder makes archives from the core's schema: nothing else.
    (
        "hijri-testing",
        &[
            "hijri-astro",
            "hijri-cards",
            "hijri-generator",
            "hijri-server",
            "hijri-view",
            "actix-web",
        ],
    ),
    // The page renders HTML from the archive's views: no HTTP, astronomy or drawing.
    (
        "hijri-page",
        &[
            "hijri-astro",
            "hijri-cards",
            "hijri-generator",
            "hijri-server",
            "actix-web",
        ],
    ),
    // The server knows no astronomy and renders nothing.
    (
        "hijri-server",
        &["hijri-astro", "hijri-cards", "hijri-generator"],
    ),
];

/// Every package `name` reaches: its own dependencies (dev ones included), and the normal
/// dependencies of every member they lead to.
fn reached(name: &str, manifests: &[Manifest]) -> Vec<String> {
    let find = |name: &str| manifests.iter().find(|m| m.name == name);
    let start = find(name).unwrap();
    let mut seen: Vec<String> = start.normal.iter().chain(&start.dev).cloned().collect();
    let mut next = 0;
    while let Some(package) = seen.get(next).cloned() {
        next += 1;
        if let Some(member) = find(&package).filter(|m| m.name != name) {
            for dependency in &member.normal {
                if !seen.contains(dependency) {
                    seen.push(dependency.clone());
                }
            }
        }
    }
    seen
}

#[test]
fn the_crates_depend_on_each_other_only_as_the_architecture_allows() {
    let manifests = manifests();
    let names: Vec<&str> = manifests.iter().map(|m| m.name.as_str()).collect();
    for name in &names {
        assert!(
            FORBIDDEN.iter().any(|(crate_name, _)| crate_name == name),
            "{name} has no dependency rule in tests/tidy.rs"
        );
    }
    // The reading finds what is there (a parser that finds nothing would pass every rule).
    let generator = reached("hijri-generator", &manifests);
    for expected in [
        "hijri-astro",
        "hijri-cards",
        "hijri-view",
        "resvg",
        "clap",
        "usvg",
    ] {
        assert!(generator.iter().any(|d| d == expected), "{generator:?}");
    }
    assert!(reached("hijri-server", &manifests)
        .iter()
        .any(|d| d == "actix-web"));
    let broken: Vec<String> = FORBIDDEN
        .iter()
        .flat_map(|(name, forbidden)| {
            assert!(names.contains(name), "{name} is not a member");
            let reached = reached(name, &manifests);
            forbidden
                .iter()
                .filter(|f| reached.iter().any(|r| r == *f))
                .map(|f| format!("{name} depends on {f}"))
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(broken.is_empty(), "dependency rules broken: {broken:?}");
}

#[test]
fn the_manifest_reading_knows_every_table_form() {
    let manifest = parse_manifest(
        "[package]\nname = \"x\"\n\n[dependencies]\nserde.workspace = true\n\
         png = \"0.18\"\nalias = { package = \"usvg\", version = \"1\" }\n\n\
         [dependencies.clap]\nversion = \"4\"\n\n[target.'cfg(unix)'.dependencies]\n\
         libc = \"0.2\"\n\n[dev-dependencies]\ninsta = \"1\"\n\n[lints]\nworkspace = true\n",
    );
    assert_eq!(manifest.name, "x");
    assert_eq!(manifest.normal, ["serde", "png", "usvg", "clap", "libc"]);
    assert_eq!(manifest.dev, ["insta"]);
    let root =
        parse_manifest(&std::fs::read_to_string(workspace_root().join("Cargo.toml")).unwrap());
    assert_eq!(root.name, "hijri");
    assert!(
        !root.normal.iter().any(|d| d.starts_with("hijri")),
        "{:?}",
        root.normal
    );
}

/// The value of every `const …_VERSION: u32 = N;` in the workspace's code, by name.
fn versions_in_code() -> Vec<(String, u64)> {
    let mut found: Vec<(String, u64)> = Vec::new();
    for path in workspace_rust_files() {
        let text = std::fs::read_to_string(&path).unwrap();
        for line in text.lines() {
            let code = line.trim_start().trim_start_matches("pub ");
            let Some(rest) = code.strip_prefix("const ") else {
                continue;
            };
            let Some((name, value)) = rest.split_once(": u32 = ") else {
                continue;
            };
            if !name.ends_with("_VERSION") {
                continue;
            }
            let value: u64 = value
                .trim_end_matches(';')
                .replace('_', "")
                .parse()
                .unwrap();
            assert!(
                !found.iter().any(|(n, v)| n == name && *v != value),
                "{name} is defined twice"
            );
            found.push((name.to_owned(), value));
        }
    }
    found
}

/// Every `NAME_VERSION` written in `text` with a number right after it (`` `X_VERSION` (4: ``,
/// `X_VERSION is 4`, `X_VERSION 4`), with that number.
fn versions_in_text(text: &str) -> Vec<(String, u64)> {
    let is_ident = |c: char| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_';
    let mut found = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("_VERSION") {
        let start = rest[..at]
            .char_indices()
            .rfind(|&(_, c)| !is_ident(c))
            .map_or(0, |(i, c)| i + c.len_utf8());
        let end = at + "_VERSION".len();
        let after = &rest[end..];
        let name = &rest[start..end];
        rest = after;
        if after.starts_with(is_ident) {
            continue;
        }
        let after = after.trim_start_matches(['`', ' ', '(', '=']);
        let after = after.strip_prefix("is ").unwrap_or(after);
        let digits: String = after.chars().take_while(char::is_ascii_digit).collect();
        if let Ok(number) = digits.parse() {
            found.push((name.to_owned(), number));
        }
    }
    found
}

/// The versions ARCHITECTURE.md states are the code's: it reads each constant's value from
/// its source file, so a bump that forgets the document fails here.
#[test]
fn the_versions_in_architecture_md_are_the_code_s() {
    let code = versions_in_code();
    let names: Vec<&str> = code.iter().map(|(n, _)| n.as_str()).collect();
    assert!(
        names.contains(&"FORMAT_VERSION") && names.contains(&"CARD_FORMAT_VERSION"),
        "{code:?}"
    );
    let doc = std::fs::read_to_string(workspace_root().join("ARCHITECTURE.md")).unwrap();
    let stated = versions_in_text(&doc);
    for name in ["FORMAT_VERSION", "CARD_FORMAT_VERSION"] {
        assert!(
            stated.iter().any(|(n, _)| n == name),
            "ARCHITECTURE.md states no number for {name}"
        );
    }
    let wrong: Vec<String> = stated
        .iter()
        .filter(|stated| !code.contains(stated))
        .map(|(name, number)| {
            let actual = code.iter().find(|(n, _)| n == name).map(|(_, v)| v);
            format!("{name} is {number} in ARCHITECTURE.md, {actual:?} in the code")
        })
        .collect();
    assert!(wrong.is_empty(), "{wrong:?}");
}

#[test]
fn version_mentions_are_read_with_their_number() {
    let text = "`archive::FORMAT_VERSION` (4: layout), `cards::CARD_FORMAT_VERSION` (7), \
                X_VERSION is 2, Y_VERSION 3, Z_VERSION: none, W_VERSIONS 5";
    assert_eq!(
        versions_in_text(text),
        [
            ("FORMAT_VERSION".to_owned(), 4),
            ("CARD_FORMAT_VERSION".to_owned(), 7),
            ("X_VERSION".to_owned(), 2),
            ("Y_VERSION".to_owned(), 3),
        ]
    );
}

/// The three `unsafe` blocks map the archive file, ask a socket for its unacknowledged bytes
/// and block SIGHUP before `main`: only `server/src/archive.rs`, `server/src/http/socket.rs`
/// and `server/src/main.rs` may lift the workspace's `unsafe_code` lint, each once; and one
/// test, `server/tests/attacks.rs`, which plays a launcher that ignores SIGHUP between `fork`
/// and `exec` (this file is the checker, so it is skipped).
#[test]
fn only_the_mapped_archive_the_send_queue_and_the_hangup_mask_lift_the_unsafe_code_lint() {
    let root = workspace_root();
    let files = workspace_rust_files();
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
    let allowed = [
        "server/src/archive.rs:",
        "server/src/http/socket.rs:",
        "server/src/main.rs:",
        "server/tests/attacks.rs:",
    ];
    assert!(
        lifts.len() == allowed.len()
            && allowed
                .iter()
                .all(|file| lifts.iter().filter(|l| l.starts_with(file)).count() == 1),
        "only server/src/archive.rs, server/src/http/socket.rs, server/src/main.rs and \
         server/tests/attacks.rs may \
         allow unsafe_code, once each; found {lifts:?}"
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

/// The Rust text of `path` outside its tests and comments: the lines before its first
/// `#[cfg(test)]`, each cut at `//`.
fn code_outside_tests(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    let code = text.split("#[cfg(test)]").next().unwrap_or_default();
    code.lines()
        .map(|line| line.split("//").next().unwrap_or_default())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The page is escaped by construction (`page/`, on maud): every value enters a document as
/// a splice of an `html!` template, which maud escapes. Nothing in the page formats markup
/// past it (`format_args!`, `write_fmt`, `push_str` of a tag), no escaper is written by hand
/// (an entity in the code), and `PreEscaped` (markup taken as it is) holds only a constant
/// of the page (`PreEscaped(STYLE.0)`), never a value from a request or the archive. The
/// server's side of the page (`server/src/routes/home/`) writes no markup at all.
#[test]
fn the_page_writes_values_only_through_maud() {
    let root = workspace_root();
    let mut files = Vec::new();
    rust_files(&root.join("page/src"), &mut files);
    assert!(files.len() >= 10, "found only {} files", files.len());
    let mut found = Vec::new();
    for file in &files {
        let code = code_outside_tests(file);
        let name = file.strip_prefix(&root).unwrap().display().to_string();
        for form in [
            "format_args!",
            "write_fmt",
            "push_str(\"<",
            "&quot;",
            "&lt;",
            "&amp;",
            "&#",
        ] {
            if code.contains(form) {
                found.push(format!("{name}: {form}"));
            }
        }
        for (at, _) in code.match_indices("PreEscaped(") {
            let argument: String = code[at + "PreEscaped(".len()..]
                .chars()
                .take_while(|c| *c != ')')
                .collect();
            let constant = argument.split('.').next().is_some_and(|head| {
                !head.is_empty() && head.chars().all(|c| c.is_ascii_uppercase() || c == '_')
            });
            if !constant {
                found.push(format!("{name}: PreEscaped({argument})"));
            }
        }
    }
    let mut server = Vec::new();
    rust_files(&root.join("server/src/routes/home"), &mut server);
    for file in &server {
        let code = code_outside_tests(file);
        if code.contains("\"<") || code.contains("maud") {
            found.push(format!(
                "{}: markup",
                file.strip_prefix(&root).unwrap().display()
            ));
        }
    }
    assert!(found.is_empty(), "{found:#?}");
}

#[test]
fn the_server_and_the_view_name_no_calendar() {
    let root = workspace_root();
    let mut files = Vec::new();
    rust_files(&root.join("server/src"), &mut files);
    rust_files(&root.join("view/src"), &mut files);
    let calendars = hijri::registry::all(25);
    let mut named = Vec::new();
    for authority in &calendars {
        let names = &authority.names;
        for word in [
            authority.id.as_str(),
            &names.indonesian,
            &names.english,
            &names.short,
        ] {
            named.push(word.to_owned());
        }
    }
    let mut found = Vec::new();
    for file in &files {
        let code = code_outside_tests(file);
        for word in &named {
            if code.contains(word.as_str()) {
                found.push(format!(
                    "{}: {word:?}",
                    file.strip_prefix(&root).unwrap().display()
                ));
            }
        }
    }
    assert!(
        found.is_empty(),
        "the server and the view read calendars from the archive, not from names: {found:#?}"
    );
}

/// One schema per idea, referenced everywhere: no list of values is written twice, so a
/// generated client has one type for each. (Each list's values are the code's:
/// `hijri_server::interface::vocabularies`, written by `make openapi`.)
#[test]
fn the_interface_states_each_list_once() {
    let root = workspace_root();
    let text = std::fs::read_to_string(root.join("server/openapi.json")).unwrap();
    let document: serde_json::Value = serde_json::from_str(&text).unwrap();
    // The calendars an evening decides and the prayer methods are two vocabularies whose
    // identifiers coincide today.
    let mut lists: Vec<Vec<String>> = Vec::new();
    let mut stack = vec![&document];
    while let Some(value) = stack.pop() {
        match value {
            serde_json::Value::Object(map) => {
                if let Some(values) = map.get("enum").and_then(|e| e.as_array()) {
                    let mut list: Vec<String> = values.iter().map(|v| v.to_string()).collect();
                    list.sort();
                    lists.push(list);
                }
                stack.extend(map.values());
            }
            serde_json::Value::Array(items) => stack.extend(items),
            _ => {}
        }
    }
    lists.sort();
    let mut twice: Vec<&Vec<String>> = lists
        .windows(2)
        .filter(|w| w[0] == w[1])
        .map(|w| &w[0])
        .collect();
    twice.dedup();
    let coinciding = vec![vec![
        "\"kemenag\"".to_owned(),
        "\"muhammadiyah\"".to_owned(),
    ]];
    assert_eq!(
        twice.into_iter().cloned().collect::<Vec<_>>(),
        coinciding,
        "a list of values written twice: one schema under components/schemas, referenced"
    );
}

/// The calendars are listed in `Authority` and `EveningAuthority` and nowhere else (every
/// other place, the cards' `authorityCards` too, refers to these schemas).
#[test]
fn the_interface_lists_the_calendars_in_their_schemas_only() {
    let root = workspace_root();
    let text = std::fs::read_to_string(root.join("server/openapi.json")).unwrap();
    let calendars = hijri::registry::all(25);
    let ids: Vec<String> = calendars.iter().map(|a| a.id.clone()).collect();
    let sources: Vec<&String> = calendars
        .iter()
        .flat_map(|a| [&a.sources.published, &a.sources.computed, &a.sources.retro])
        .collect();
    for id in &ids {
        let quoted = format!("\"{id}\"");
        let lists = text
            .match_indices("\"enum\": [")
            .filter(|(at, _)| {
                let list = &text[*at..];
                let end = list.find(']').unwrap_or(list.len());
                list[..end].contains(&quoted)
            })
            .count();
        // Source values may spell a calendar's identifier too, and so may a prayer-time
        // method (a calendar's own method shares its identifier: `PrayerMethodId`).
        let allowed = 2
            + usize::from(sources.contains(&id))
            + usize::from(hijri::prayer::Method::by_id(id).is_some());
        assert!(
            lists <= allowed,
            "{id} is listed in {lists} enums; refer to Authority or EveningAuthority instead"
        );
    }
}

#[test]
fn rule_kinds_are_matched_exhaustively() {
    let root = workspace_root();
    let mut found = Vec::new();
    // Tests may pick one kind out (a helper that panics on another is a failing test).
    let in_tests = |file: &Path| {
        let relative = file.strip_prefix(&root).unwrap_or(file);
        relative
            .components()
            .any(|c| c.as_os_str() == "tests" || c.as_os_str() == "examples")
    };
    for file in workspace_rust_files().into_iter().filter(|f| !in_tests(f)) {
        let code = code_outside_tests(&file);
        let lines: Vec<&str> = code.lines().collect();
        for (index, line) in lines.iter().enumerate() {
            let kind = |text: &str| {
                ["Rule::", "Record::", "R::"]
                    .iter()
                    .any(|prefix| text.contains(prefix))
            };
            if line.contains("matches!(") && kind(line) {
                found.push(format!("{}:{}", file.display(), index + 1));
            }
            // A wildcard arm whose neighbouring arms name rule or record kinds.
            if line.trim_start().starts_with("_ =>") {
                let near = lines[index.saturating_sub(6)..index]
                    .iter()
                    .any(|l| kind(l));
                if near {
                    found.push(format!(
                        "{}:{}",
                        file.strip_prefix(&root).unwrap_or(&file).display(),
                        index + 1
                    ));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "match rule and record kinds exhaustively (no `_ =>`, no `matches!`): {found:#?}"
    );
}

/// The README's budget: a newcomer reads it in five minutes (issue 42).
const README_BUDGET_BYTES: u64 = 15 * 1024;

fn markdown_files(dir: &Path, found: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            markdown_files(&path, found);
        } else if path.extension().is_some_and(|e| e == "md") {
            found.push(path);
        }
    }
}

/// The targets of the inline links and images (`[text](target)`, `![alt](target)`) of a
/// Markdown text, with their line numbers, outside fenced code blocks and code spans.
fn markdown_links(text: &str) -> Vec<(usize, String)> {
    let mut links = Vec::new();
    let mut fenced = false;
    for (index, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        // Code spans out: every other backtick-delimited stretch.
        let prose: String = line
            .split('`')
            .enumerate()
            .map(|(i, part)| if i % 2 == 0 { part } else { "" })
            .collect::<Vec<_>>()
            .join(" ");
        let mut rest = prose.as_str();
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let Some(end) = after.find(')') else { break };
            let target = after[..end].split_whitespace().next().unwrap_or("");
            links.push((index + 1, target.to_string()));
            rest = &after[end..];
        }
    }
    links
}

/// The anchors GitHub gives a Markdown text's headings: lower case, punctuation dropped
/// (but `-` and `_`), spaces to `-`, a repeated one suffixed `-1`, `-2`, ….
fn markdown_anchors(text: &str) -> Vec<String> {
    let mut anchors: Vec<String> = Vec::new();
    let mut bases: Vec<String> = Vec::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced || !line.starts_with('#') {
            continue;
        }
        let title = line.trim_start_matches('#');
        if !title.starts_with(' ') {
            continue;
        }
        let slug: String = title
            .trim()
            .to_lowercase()
            .chars()
            .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
            .map(|c| if c == ' ' { '-' } else { c })
            .collect();
        let seen = bases.iter().filter(|b| **b == slug).count();
        bases.push(slug.clone());
        anchors.push(if seen == 0 {
            slug
        } else {
            format!("{slug}-{seen}")
        });
    }
    anchors
}

#[test]
fn the_readme_is_read_in_five_minutes() {
    let size = std::fs::metadata(workspace_root().join("README.md"))
        .unwrap()
        .len();
    assert!(
        size <= README_BUDGET_BYTES,
        "README.md is {size} bytes, over its {README_BUDGET_BYTES}: move the detail into docs/"
    );
}

#[test]
fn every_relative_link_of_the_readme_and_the_docs_points_at_a_file() {
    let root = workspace_root();
    let mut pages = vec![root.join("README.md")];
    markdown_files(&root.join("docs"), &mut pages);
    let mut broken = Vec::new();
    let mut checked = 0;
    for page in &pages {
        let text = std::fs::read_to_string(page).unwrap();
        let here = page.parent().unwrap();
        let name = page.strip_prefix(&root).unwrap().display().to_string();
        for (line, target) in markdown_links(&text) {
            if target.is_empty() || target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            checked += 1;
            let (file, anchor) = match target.split_once('#') {
                Some((file, anchor)) => (file, Some(anchor)),
                None => (target.as_str(), None),
            };
            let path = if file.is_empty() {
                page.clone()
            } else {
                here.join(file)
            };
            let relative = path
                .canonicalize()
                .ok()
                .and_then(|p| p.strip_prefix(&root).ok().map(Path::to_path_buf));
            if !path.exists() {
                broken.push(format!("{name}:{line}: {target} (no such file)"));
                continue;
            }
            if let (Some(anchor), Some(relative)) = (anchor, relative) {
                if relative.extension().is_some_and(|e| e == "md") {
                    let anchors = markdown_anchors(&std::fs::read_to_string(&path).unwrap());
                    if !anchors.iter().any(|a| a == anchor) {
                        broken.push(format!("{name}:{line}: {target} (no such heading)"));
                    }
                }
            }
        }
    }
    assert!(
        checked > 100,
        "only {checked} links found: is the reading right?"
    );
    assert!(broken.is_empty(), "broken links: {broken:#?}");
}

#[test]
fn markdown_links_and_anchors_are_read_as_github_reads_them() {
    let text = "# The page at `/`\n## Use it offline: `days.csv`\n## Notes\n## Notes\n\
                see [a](b.md#c) and ![i](x/y.png \"t\"), not `[c](d)`\n```\n[e](f)\n```\n";
    assert_eq!(
        markdown_links(text),
        [(5, "b.md#c".to_string()), (5, "x/y.png".to_string())]
    );
    assert_eq!(
        markdown_anchors(text),
        ["the-page-at-", "use-it-offline-dayscsv", "notes", "notes-1"]
    );
}
