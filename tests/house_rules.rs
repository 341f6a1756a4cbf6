//! House rules of the editor's code (issue 44), checked on the source:
//! every menu label of copy, cut and paste comes from the command table;
//! every thread is started through the worker's spawner; the editor's
//! fields are private to the editor's modules.

use std::path::{Path, PathBuf};

/// The repository's `src/gui/`.
fn gui() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("src")
        .join("gui")
}

/// Every `.rs` file below `dir`.
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

/// The code of an editor file, as `(line number, line)`: without comment
/// lines and without its tests (a test module's own file, or the inline
/// `mod tests` at the end of a file), which may name anything.
fn code_lines(path: &Path) -> Vec<(usize, String)> {
    if path.file_name().is_some_and(|n| n == "tests.rs") {
        return Vec::new();
    }
    let text = std::fs::read_to_string(path).unwrap();
    let mut lines = Vec::new();
    let mut previous = "";
    for (number, line) in text.lines().enumerate() {
        if previous.trim() == "#[cfg(test)]" && line.trim_start().starts_with("mod ") {
            break;
        }
        previous = line;
        if !line.trim_start().starts_with("//") {
            lines.push((number + 1, line.to_string()));
        }
    }
    lines
}

/// The places (`file:line: text`) in the editor's code, but `except`, whose
/// line `matches`.
fn offending(except: &[&str], matches: impl Fn(&str) -> bool) -> Vec<String> {
    let root = gui();
    let mut found = Vec::new();
    for path in rust_files(&root) {
        let name = path.strip_prefix(&root).unwrap().display().to_string();
        if except.contains(&name.as_str()) {
            continue;
        }
        for (number, line) in code_lines(&path) {
            if matches(&line) {
                found.push(format!("{name}:{number}: {}", line.trim()));
            }
        }
    }
    found
}

/// Whether `line` holds a string literal that starts with the word `word`.
fn literal_starting_with(line: &str, word: &str) -> bool {
    let quoted = format!("\"{word}");
    line.match_indices(&quoted).any(|(at, _)| {
        line[at + quoted.len()..]
            .chars()
            .next()
            .is_none_or(|c| !c.is_alphanumeric())
    })
}

#[test]
fn the_rule_finds_a_hand_written_label() {
    assert!(literal_starting_with(
        r#"item(ui, selected, "Copy selection\tCtrl+C")"#,
        "Copy"
    ));
    assert!(literal_starting_with(r#"Button::new("Paste")"#, "Paste"));
    assert!(!literal_starting_with(
        r#"self.say("Pasted a level")"#,
        "Paste"
    ));
    assert!(!literal_starting_with(r#"format!("Copied {}", x)"#, "Copy"));
}

#[test]
fn copy_cut_and_paste_are_named_by_the_command_table_only() {
    let found = offending(&["commands.rs"], |line| {
        ["Copy", "Cut", "Paste"]
            .iter()
            .any(|word| literal_starting_with(line, word))
    });
    assert!(
        found.is_empty(),
        "labels written by hand, not read from the command table: {found:#?}"
    );
}

#[test]
fn every_thread_of_the_editor_is_started_by_the_worker() {
    let found = offending(&["worker.rs"], |line| {
        ["thread::Builder", "thread::spawn", "thread::scope"]
            .iter()
            .any(|start| line.contains(start))
    });
    assert!(
        found.is_empty(),
        "threads started outside worker.rs (use worker::spawn_named or spawn_job): {found:#?}"
    );
    let pools = offending(&["pool.rs"], |line| line.contains("ThreadPoolBuilder"));
    assert!(
        pools.is_empty(),
        "rayon pools built outside pool.rs, the one exception: {pools:#?}"
    );
}

/// The fields of `EditorApp` declared `pub` (not `pub(super)` or
/// `pub(crate)`): outside the editor, its state is read through accessors.
fn public_fields(app_rs: &str) -> Vec<String> {
    let start = app_rs
        .find("pub struct EditorApp {")
        .expect("EditorApp is declared in app.rs");
    app_rs[start..]
        .lines()
        .skip(1)
        .take_while(|line| *line != "}")
        .map(str::trim_start)
        .filter(|line| line.starts_with("pub ") && line.contains(':'))
        .map(str::to_string)
        .collect()
}

#[test]
fn the_rule_finds_a_public_field() {
    let app = "pub struct EditorApp {\n    /// Docs.\n    pub docs: Vec<Document>,\n    pub(super) active: usize,\n}\n";
    assert_eq!(public_fields(app), ["pub docs: Vec<Document>,"]);
}

#[test]
fn the_editors_fields_are_private_to_the_editor() {
    let app = std::fs::read_to_string(gui().join("app.rs")).unwrap();
    let found = public_fields(&app);
    assert!(
        found.is_empty(),
        "public fields of EditorApp (make them pub(super) and add an accessor in state_access.rs): {found:#?}"
    );
}
