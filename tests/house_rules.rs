//! House rules the compiler does not check, checked over the source, one
//! module a rule.

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
