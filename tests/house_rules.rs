//! House rules checked on the source: a kind's folders (`src/kinds/<kind>/`
//! and `src/gui/kinds/<kind>/`) never name another kind's module, so that
//! what two kinds share lives in a kind-neutral module (`src/grid/`,
//! `src/words.rs`, `src/kinds/batch_seed.rs`, …); and the move direction
//! `Dir` is defined once; and errors are typed, a `Result<_, String>` left
//! only at the edge with its reason (module `string_errors`); and the
//! editor's code (module `editor`): every menu label of copy, cut and
//! paste comes from the command table, every thread is started through the
//! worker's spawner, the editor's fields are private to its modules.

use std::path::{Path, PathBuf};

use crate::common::source::rust_files;

/// The repository's `src/`.
fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
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

/// Errors are typed (issue 44): a `Result<_, String>` outside test code is
/// allowed only at the edge, at most `MOST_STRING_ERRORS` of them, each
/// with a `// String error: REASON` comment on the line above.
mod string_errors {
    use std::path::{Path, PathBuf};

    /// The most `Result<…, String>` the source may hold outside test code.
    const MOST_STRING_ERRORS: usize = 10;

    /// The comment a `Result<…, String>` needs on the line above it.
    const REASON_MARK: &str = "// String error:";

    /// Every `.rs` file below `dir`, skipping the test files kept beside the
    /// code (`tests.rs`, a `tests` folder).
    fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if path.is_dir() {
                if name != "tests" {
                    rust_files(&path, out);
                }
            } else if name.ends_with(".rs") && name != "tests.rs" {
                out.push(path);
            }
        }
    }

    /// `text` with every module gated by `#[cfg(test)]` blanked out (its
    /// lines kept, empty, so that line numbers still count from the file's
    /// top), and every line comment but the reason mark blanked out too.
    fn without_tests(text: &str) -> Vec<String> {
        let mut lines: Vec<String> = Vec::new();
        let mut depth: Option<i64> = None;
        let mut gated = false;
        for line in text.lines() {
            let trimmed = line.trim_start();
            if let Some(d) = depth.as_mut() {
                *d += line.matches('{').count() as i64 - line.matches('}').count() as i64;
                if *d <= 0 {
                    depth = None;
                }
                lines.push(String::new());
                continue;
            }
            if trimmed.starts_with("#[cfg(test)]") {
                gated = true;
                lines.push(String::new());
                continue;
            }
            if gated && trimmed.contains("mod ") && trimmed.contains('{') {
                gated = false;
                let d = line.matches('{').count() as i64 - line.matches('}').count() as i64;
                if d > 0 {
                    depth = Some(d);
                }
                lines.push(String::new());
                continue;
            }
            gated = gated && (trimmed.is_empty() || trimmed.starts_with("#["));
            if trimmed.starts_with("//") && !trimmed.starts_with(REASON_MARK) {
                lines.push(String::new());
            } else {
                lines.push(line.to_string());
            }
        }
        lines
    }

    /// The type arguments of the `Result<` that starts at `at` in `text` (just
    /// past its `<`), split at their top-level commas; `None` when the angle
    /// brackets do not close.
    fn type_arguments(text: &str, at: usize) -> Option<Vec<String>> {
        let mut depth = 1;
        let mut args = vec![String::new()];
        let bytes = text.as_bytes();
        let mut i = at;
        while i < bytes.len() {
            let c = bytes[i] as char;
            match c {
                '-' if bytes.get(i + 1) == Some(&b'>') => {
                    args.last_mut()?.push_str("->");
                    i += 2;
                    continue;
                }
                '<' | '(' | '[' => depth += 1,
                '>' | ')' | ']' => {
                    depth -= 1;
                    if depth == 0 {
                        return Some(args.into_iter().map(|a| a.trim().to_string()).collect());
                    }
                }
                ',' if depth == 1 => {
                    args.push(String::new());
                    i += 1;
                    continue;
                }
                _ => {}
            }
            args.last_mut()?.push(c);
            i += 1;
        }
        None
    }

    /// A `Result<…, String>` of the source: its file, its line (from 1), and
    /// whether the line above gives its reason.
    #[derive(Debug)]
    struct StringError {
        file: PathBuf,
        line: usize,
        has_reason: bool,
    }

    /// Every `Result<…, String>` of the lines of `file` (a type that spans
    /// several lines is found where it starts).
    fn string_errors(file: &Path, lines: &[String]) -> Vec<StringError> {
        let text = lines.join("\n");
        let line_of = |offset: usize| text[..offset].matches('\n').count();
        let mut found = Vec::new();
        for (start, _) in text.match_indices("Result<") {
            let word_start = start == 0 || {
                let before = text.as_bytes()[start - 1] as char;
                !(before.is_alphanumeric() || before == '_')
            };
            if !word_start {
                continue;
            }
            let Some(args) = type_arguments(&text, start + "Result<".len()) else {
                continue;
            };
            if args.len() == 2 && args[1] == "String" {
                let line = line_of(start);
                let has_reason = line > 0 && lines[line - 1].trim_start().starts_with(REASON_MARK);
                found.push(StringError {
                    file: file.to_path_buf(),
                    line: line + 1,
                    has_reason,
                });
            }
        }
        found
    }

    /// Every `Result<…, String>` of `src/` outside test code.
    fn source_string_errors() -> Vec<StringError> {
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut files = Vec::new();
        rust_files(&src, &mut files);
        assert!(files.len() > 100, "the source files were found");
        files.sort();
        files
            .iter()
            .flat_map(|file| {
                let text = std::fs::read_to_string(file).unwrap();
                string_errors(file, &without_tests(&text))
            })
            .collect()
    }

    #[test]
    fn the_counter_finds_string_errors_in_code_and_not_in_tests() {
        let text = "\
    fn a() -> Result<u8, String> {}
    // String error: the edge
    fn b() -> Result<(u8, Vec<u8>),
        String> {}
    fn c() -> Result<Vec<Result<u8, String>>, Error> {}
    fn d() -> Result<String, Error> {}
    fn e() -> MyResult<u8, String> {}
    fn f() -> Result<impl Fn(u8) -> u8, String> {}
    #[cfg(test)]
    mod tests {
        fn g() -> Result<u8, String> {}
    }
    fn h() -> Result<u8, String> {}
    ";
        let found = string_errors(Path::new("x.rs"), &without_tests(text));
        let lines: Vec<(usize, bool)> = found.iter().map(|f| (f.line, f.has_reason)).collect();
        assert_eq!(
            lines,
            [(1, false), (3, true), (5, false), (8, false), (13, false)]
        );
    }

    #[test]
    fn at_most_ten_string_errors_remain_each_with_its_reason() {
        let found = source_string_errors();
        let listed: Vec<String> = found
            .iter()
            .map(|f| format!("{}:{}", f.file.display(), f.line))
            .collect();
        assert!(
            found.len() <= MOST_STRING_ERRORS,
            "{} Result<_, String> outside test code, at most {MOST_STRING_ERRORS} allowed (use a typed error): {listed:#?}",
            found.len()
        );
        let without: Vec<&String> = found
            .iter()
            .zip(&listed)
            .filter(|(f, _)| !f.has_reason)
            .map(|(_, l)| l)
            .collect();
        assert!(
            without.is_empty(),
            "a Result<_, String> needs a `{REASON_MARK} REASON` comment on the line above: {without:#?}"
        );
    }
}

/// The editor's house rules (issue 44): labels from the command table,
/// threads through the worker, private fields.
mod editor {
    use super::rust_files;
    use std::path::{Path, PathBuf};

    /// The repository's `src/gui/`.
    fn gui() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("src")
            .join("gui")
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
}
