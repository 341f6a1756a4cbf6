//! The repository carries only levels of its own: no level that it ships
//! (the sample pack and `assets/`, `tests/fixtures/`, the fuzz seeds) is a
//! level of a published game, not even turned, mirrored or recoloured. Each
//! is compared by its canonical key (the one `pack dedupe` uses) with every
//! real level (see `common::real_levels`); `.ci/no-third-party-files`
//! compares the files themselves, byte for byte.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use crate::common::real_levels::{files_under, real_levels};
use levelscope::kinds::{read_levels, Level};
use levelscope::pack::parse_pack;

/// The levels a file holds, as far as they can be read: a level file, a
/// pack, or a fuzz seed of the `play` target (a level's text, a NUL byte,
/// then moves). Anything else holds none.
fn levels_in(path: &Path) -> Vec<Level> {
    let Ok(bytes) = std::fs::read(path) else {
        return Vec::new();
    };
    let level_bytes = match bytes.iter().position(|&b| b == 0) {
        Some(nul) => &bytes[..nul],
        None => &bytes[..],
    };
    let Ok(text) = std::str::from_utf8(level_bytes) else {
        return Vec::new();
    };
    if let Ok(levels) = read_levels(text, None, None) {
        return levels;
    }
    match parse_pack(text) {
        Ok(read) => read.pack.levels.into_iter().map(|e| e.level).collect(),
        Err(_) => Vec::new(),
    }
}

/// Every file the repository ships levels in.
fn shipped_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    ["assets", "tests/fixtures", "fuzz/seeds"]
        .iter()
        .map(|dir| root.join(dir))
        .filter(|dir| dir.is_dir())
        .flat_map(|dir| files_under(&dir))
        .collect()
}

#[test]
fn no_shipped_level_is_a_level_of_a_published_game() {
    const TEST: &str = "own_levels::no_shipped_level_is_a_level_of_a_published_game";
    let mut shipped: HashMap<String, Vec<String>> = HashMap::new();
    let mut count = 0;
    for path in shipped_files() {
        for level in levels_in(&path) {
            count += 1;
            shipped
                .entry(level.canonical_key())
                .or_default()
                .push(format!("{} ({})", path.display(), level.name()));
        }
    }
    // The sample pack alone holds eleven; the fixtures and seeds many more.
    assert!(count > 50, "only {count} shipped levels were read");
    let mut real_count = 0;
    let mut copies = Vec::new();
    for kind in ["prism", "tangram", "sokoban"] {
        let Some(dir) = real_levels(TEST, kind) else {
            return;
        };
        for path in files_under(&dir) {
            for level in levels_in(&path) {
                real_count += 1;
                if let Some(ours) = shipped.get(&level.canonical_key()) {
                    copies.push(format!("{} is {}", ours.join(", "), path.display()));
                }
            }
        }
    }
    assert!(real_count > 3000, "only {real_count} real levels were read");
    assert!(
        copies.is_empty(),
        "shipped levels that are levels of a published game:\n{}",
        copies.join("\n")
    );
}
