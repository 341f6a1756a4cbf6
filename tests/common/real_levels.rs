//! Where the real levels from published games are: the Prism game's 3,594
//! files, the Tangram game's saved puzzles, the Sokoban collections. They
//! are third-party data and never part of this repository; they sit in
//! the folder `shared/fixtures/` beside the project's folder (CI always has
//! it), or wherever `LEVELSCOPE_REAL_LEVELS` points.
//!
//! A test on real levels asks [`real_levels`] (or [`real_level`]) first.
//! When the folder is missing — a fresh clone on its own — the test prints
//! one line, "skipped: real levels not found at …", and passes; with
//! `LEVELSCOPE_REQUIRE_REAL_LEVELS=1` (as `.ci/run` sets it) a missing
//! folder fails the test instead, so CI always runs them.

use std::io::Write;
use std::path::{Path, PathBuf};

/// The environment variable that names the folder of real levels.
pub const REAL_LEVELS_VAR: &str = "LEVELSCOPE_REAL_LEVELS";

/// The environment variable that, set to `1`, makes a missing folder of
/// real levels a failure instead of a skip.
pub const REQUIRE_VAR: &str = "LEVELSCOPE_REQUIRE_REAL_LEVELS";

/// The folder the real levels are looked for in: `LEVELSCOPE_REAL_LEVELS`
/// when set, else `shared/fixtures` in the folder that holds the project.
pub fn real_levels_dir() -> PathBuf {
    match std::env::var_os(REAL_LEVELS_VAR) {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => Path::new(env!("CARGO_MANIFEST_DIR"))
            .parent()
            .expect("the project's folder has a parent")
            .join("shared")
            .join("fixtures"),
    }
}

/// Whether a missing folder of real levels fails the run.
fn required() -> bool {
    std::env::var(REQUIRE_VAR).is_ok_and(|v| v == "1")
}

/// The folder `sub` (`"prism"`, `"tangram"`, `"sokoban"`) of the real
/// levels, or `None` after printing the skipped line when it is not there.
/// Panics when it is missing and `LEVELSCOPE_REQUIRE_REAL_LEVELS=1`.
pub fn real_levels(test: &str, sub: &str) -> Option<PathBuf> {
    let dir = real_levels_dir().join(sub);
    if dir.is_dir() {
        return Some(dir);
    }
    assert!(
        !required(),
        "{test}: real levels not found at {} and {REQUIRE_VAR}=1: \
         set {REAL_LEVELS_VAR} to the folder that holds prism/, tangram/ and sokoban/",
        dir.display()
    );
    // Written straight to the process's error stream, past the test
    // harness's capture, so that a plain `cargo test` shows it.
    let _ = writeln!(
        std::io::stderr(),
        "{test}: skipped: real levels not found at {}; set {REAL_LEVELS_VAR}",
        dir.display()
    );
    None
}

/// The text of one real level file, `rel` below the folder of real levels
/// (`"prism/Tutorial/level5.txt"`), or `None` when the folder is missing
/// (see [`real_levels`]). Panics when the folder is there but the file is
/// not: a real-level test never passes on a file it did not read.
pub fn real_level(test: &str, rel: &str) -> Option<(PathBuf, String)> {
    let (sub, _) = rel.split_once('/').expect("a path below a kind's folder");
    let dir = real_levels(test, sub)?;
    let path = dir.parent().expect("below the real levels").join(rel);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{test}: {}: {e}", path.display()));
    Some((path, text))
}

/// Every file below `dir`, in a stable (sorted) order.
pub fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    collect_files(dir, &mut out);
    out
}

fn collect_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            collect_files(&path, out);
        } else {
            out.push(path);
        }
    }
}
