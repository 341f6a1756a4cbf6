//! House rules checked on the source: a kind's folders (`src/kinds/<kind>/`
//! and `src/gui/kinds/<kind>/`) never name another kind's module, so that
//! what two kinds share lives in a kind-neutral module (`src/grid/`,
//! `src/words.rs`, `src/kinds/batch_seed.rs`, …); and the move direction
//! `Dir` is defined once.

use std::path::{Path, PathBuf};

/// The repository's `src/`.
fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every `.rs` file below `dir`, sorted.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    out.sort();
    out
}

/// The kinds' module names: the folders of `src/kinds/` (the level kinds
/// and the guess-and-test demonstration, `rooms`).
fn kind_modules() -> Vec<String> {
    let mut kinds: Vec<String> = std::fs::read_dir(src().join("kinds"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    kinds.sort();
    kinds
}

fn is_ident_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// Where `word` stands as a whole identifier in `text`: the byte offsets.
fn word_at(text: &str, word: &str) -> Vec<usize> {
    text.match_indices(word)
        .filter(|&(at, _)| {
            let before = text[..at].chars().next_back();
            let after = text[at + word.len()..].chars().next();
            !before.is_some_and(is_ident_char) && !after.is_some_and(is_ident_char)
        })
        .map(|(at, _)| at)
        .collect()
}

/// The byte ranges of the brace groups of paths (`::{ … }`), nested
/// groups inside their outer one.
fn path_groups(text: &str) -> Vec<(usize, usize)> {
    let mut groups = Vec::new();
    for (open, _) in text.match_indices("::{") {
        let mut depth = 0;
        for (i, c) in text[open + 2..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        groups.push((open + 2, open + 2 + i));
                        break;
                    }
                }
                _ => {}
            }
        }
    }
    groups
}

/// The lines of `text` that name module `other` as a path: `other::…`,
/// `…::other`, or `other` inside a path group `::{ … }`.
fn lines_naming(text: &str, other: &str) -> Vec<usize> {
    let groups = path_groups(text);
    let mut lines: Vec<usize> = word_at(text, other)
        .into_iter()
        .filter(|&at| {
            text[at + other.len()..].starts_with("::")
                || text[..at].ends_with("::")
                || groups.iter().any(|&(a, b)| a < at && at < b)
        })
        .map(|at| text[..at].lines().count().max(1))
        .collect();
    lines.dedup();
    lines
}

/// Every place a kind's file names another kind's module, as
/// `path:line names other`.
fn cross_kind_names() -> Vec<String> {
    let kinds = kind_modules();
    let mut found = Vec::new();
    for kind in &kinds {
        for dir in [
            src().join("kinds").join(kind),
            src().join("gui/kinds").join(kind),
        ] {
            if !dir.is_dir() {
                continue;
            }
            for path in rust_files(&dir) {
                let text = std::fs::read_to_string(&path).unwrap();
                for other in kinds.iter().filter(|o| *o != kind) {
                    for line in lines_naming(&text, other) {
                        let rel = path.strip_prefix(src()).unwrap().display();
                        found.push(format!("src/{rel}:{line} names {other}"));
                    }
                }
            }
        }
    }
    found
}

#[test]
fn the_scan_sees_every_way_a_path_names_a_module() {
    let uses = "use crate::kinds::skiddy::report::depth_words;\n\
                use crate::kinds::{\n    prism,\n    sokoban::Dir,\n};\n\
                use super::super::tangram;\n";
    assert_eq!(lines_naming(uses, "skiddy"), [1]);
    assert_eq!(lines_naming(uses, "prism"), [3]);
    assert_eq!(lines_naming(uses, "sokoban"), [4]);
    assert_eq!(lines_naming(uses, "tangram"), [6]);
    // A kind's name in a string or in words is no path.
    let words = "let s = r#\"{\"kind\":\"prism\"}\"#; // a Prism level, not skiddy\n";
    assert!(lines_naming(words, "prism").is_empty());
    assert!(lines_naming(words, "skiddy").is_empty());
    // Nor is a longer identifier that starts with a kind's name.
    assert!(lines_naming("use crate::kinds::prism_like::X;", "prism").is_empty());
    assert!(kind_modules().contains(&"skiddy".to_string()));
    assert!(kind_modules().contains(&"sokoban".to_string()));
}

#[test]
fn no_kind_names_another_kinds_module() {
    let found = cross_kind_names();
    assert!(
        found.is_empty(),
        "a kind's file names another kind; move what they share to a \
         kind-neutral module (src/grid/, src/words.rs, src/kinds/*.rs, \
         src/gui/kinds/*.rs):\n{}",
        found.join("\n")
    );
}

#[test]
fn dir_is_defined_once() {
    let definitions: Vec<String> = rust_files(&src())
        .into_iter()
        .filter(|path| {
            let text = std::fs::read_to_string(path).unwrap();
            word_at(&text, "Dir")
                .into_iter()
                .any(|at| text[..at].trim_end().ends_with("enum"))
        })
        .map(|path| path.strip_prefix(src()).unwrap().display().to_string())
        .collect();
    assert_eq!(definitions, ["grid/dir.rs"], "`enum Dir` is defined in");
}
