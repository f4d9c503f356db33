//! Build script: embeds the git revision and the archive schema hash. It is cheap and never
//! runs the generator.

use std::process::Command;

fn main() -> std::io::Result<()> {
    println!("cargo:rerun-if-changed=src/schema");
    // The checkout's own HEAD and the branch it names (in a worktree, not the others'
    // branches: their commits must not rebuild this one).
    if let Some(dir) = git(&["rev-parse", "--git-dir"]) {
        watch(&format!("{dir}/HEAD"));
    }
    if let (Some(common), Some(branch)) = (
        git(&["rev-parse", "--git-common-dir"]),
        git(&["symbolic-ref", "-q", "HEAD"]),
    ) {
        watch(&format!("{common}/{branch}"));
        watch(&format!("{common}/packed-refs"));
    }
    let revision =
        git(&["rev-parse", "--short=12", "HEAD"]).unwrap_or_else(|| "unknown".to_owned());
    println!("cargo:rustc-env=HIJRI_BUILD_HASH={revision}");
    println!("cargo:rustc-env=HIJRI_SCHEMA_HASH={}", fnv1a32(&schema()?));
    Ok(())
}

/// The schema's source text: the files of `src/schema/` in the order of their names, each
/// after its name.
fn schema() -> std::io::Result<Vec<u8>> {
    let mut files: Vec<_> = std::fs::read_dir("src/schema")?
        .map(|entry| entry.map(|e| e.path()))
        .collect::<Result<_, _>>()?;
    files.sort();
    let mut text = Vec::new();
    for file in files {
        text.extend(file.to_string_lossy().bytes());
        text.extend(std::fs::read(&file)?);
    }
    Ok(text)
}

/// Reruns this script when `path` changes, if it exists: cargo takes a missing path as
/// changed on every build, which rebuilt every crate above this one each time (a repository
/// without `packed-refs`). Packing refs removes the loose ref, which is watched; only a
/// first commit on a branch born since the last build goes unnoticed until the next one.
fn watch(path: &str) {
    if std::path::Path::new(path).exists() {
        println!("cargo:rerun-if-changed={path}");
    }
}

/// The trimmed output of `git args`, if it succeeds and says something.
fn git(args: &[&str]) -> Option<String> {
    Command::new("git")
        .args(args)
        .output()
        .ok()
        .filter(|out| out.status.success())
        .and_then(|out| String::from_utf8(out.stdout).ok())
        .map(|s| s.trim().to_owned())
        .filter(|s| !s.is_empty())
}

/// FNV-1a, 32 bits: a stable fingerprint of the schema's source text.
fn fnv1a32(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811c_9dc5_u32, |hash, &b| {
        (hash ^ u32::from(b)).wrapping_mul(0x0100_0193)
    })
}
