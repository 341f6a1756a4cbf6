//! Every command-line example of the README and of `docs/` runs as shown.
//!
//! A page's examples are its ```` ```console ```` blocks: a line `$ levelscope
//! ARGS` runs the built binary (optionally after `NAME=VALUE` settings of
//! the environment, and `$ cat FILE` shows a file), a line `? N` just after
//! it says the exit code it must end with (0 when absent), and the lines up
//! to the next `$` are what it prints: its standard output, then its error
//! stream. In those lines `[..]` stands for any text within one line and a
//! line `...` for any number of lines.
//!
//! A block ```` ```text file=NAME ```` writes its lines to `NAME` before the
//! blocks after it run, so that a page can show the level it analyses. Each
//! page runs in a temporary folder of its own holding copies of the
//! repository's own levels (`assets/`, `tests/fixtures/`), never the
//! third-party ones; its blocks run in order, so that a file one command
//! writes is there for the next.
//!
//! Any other fenced block that holds a `levelscope` command must follow a
//! line `<!-- not run: REASON -->`, so a page says on its face which of its
//! commands are not checked and why.

use std::path::{Path, PathBuf};
use std::process::Command;

/// One fenced block of a page.
#[derive(Debug)]
struct Block {
    /// The info string after the opening fence (`console`, `text file=x`).
    info: String,
    /// The block's lines, without the fences.
    lines: Vec<String>,
    /// The page's line number of the opening fence, from 1.
    line: usize,
    /// The last line before the fence that is not blank.
    before: String,
    /// How far the fence is indented (inside a list item): each line of
    /// the block loses as much of its leading white space.
    indent: usize,
}

/// The fenced blocks of a Markdown text, in order.
fn blocks(text: &str) -> Vec<Block> {
    let mut found = Vec::new();
    let mut open: Option<Block> = None;
    let mut before = String::new();
    for (n, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        match open.take() {
            Some(block) if trimmed.starts_with("```") => found.push(block),
            Some(mut block) => {
                let cut = line.len() - line.trim_start().len();
                block.lines.push(line[cut.min(block.indent)..].to_string());
                open = Some(block);
            }
            None if trimmed.starts_with("```") => {
                open = Some(Block {
                    info: trimmed.trim_start_matches('`').trim().to_string(),
                    lines: Vec::new(),
                    line: n + 1,
                    before: before.clone(),
                    indent: line.len() - trimmed.len(),
                });
            }
            None => {
                if !line.trim().is_empty() {
                    before = line.trim().to_string();
                }
            }
        }
    }
    if let Some(block) = open {
        panic!("the block opened at line {} is never closed", block.line);
    }
    found
}

/// One command of a console block and what it must show.
#[derive(Debug, PartialEq)]
struct Example {
    /// The command line after `$ `, continuation lines joined.
    command: String,
    /// The exit code it must end with.
    code: i32,
    /// The lines it must print (with `[..]` and `...`).
    expected: Vec<String>,
    /// The page's line number of the command, from 1.
    line: usize,
}

/// The commands of a console block, in order.
fn examples(block: &Block) -> Vec<Example> {
    let mut found: Vec<Example> = Vec::new();
    let mut lines = block.lines.iter().enumerate().peekable();
    while let Some((i, line)) = lines.next() {
        if let Some(command) = line.strip_prefix("$ ") {
            let mut command = command.to_string();
            while command.ends_with('\\') {
                command.pop();
                let Some((_, next)) = lines.next() else { break };
                command.push(' ');
                command.push_str(next.trim());
            }
            found.push(Example {
                command,
                code: 0,
                expected: Vec::new(),
                line: block.line + i + 1,
            });
        } else if let Some(example) = found.last_mut() {
            match line.strip_prefix("? ") {
                Some(code) if example.expected.is_empty() => {
                    example.code = code.trim().parse().unwrap_or_else(|_| {
                        panic!(
                            "line {}: `? {code}` is not an exit code",
                            block.line + i + 1
                        )
                    });
                }
                _ => example.expected.push(line.trim_end().to_string()),
            }
        } else {
            panic!(
                "line {}: a console block must begin with a `$ ` command",
                block.line + i + 1
            );
        }
    }
    for example in &mut found {
        while example.expected.last().is_some_and(|l| l.is_empty()) {
            example.expected.pop();
        }
    }
    found
}

/// Splits a command line into words: white space separates, single and
/// double quotes keep it.
fn words(command: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut quote: Option<char> = None;
    for c in command.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.get_or_insert_with(String::new).push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                word.get_or_insert_with(String::new);
            }
            (None, c) if c.is_whitespace() => words.extend(word.take()),
            (None, c) => word.get_or_insert_with(String::new).push(c),
        }
    }
    assert!(quote.is_none(), "an unclosed quote in `{command}`");
    words.extend(word);
    words
}

/// Whether `name` matches the glob `pattern` (`*` any run of characters).
fn glob_matches(pattern: &str, name: &str) -> bool {
    match pattern.split_once('*') {
        None => pattern == name,
        Some((head, tail)) => {
            let Some(rest) = name.strip_prefix(head) else {
                return false;
            };
            (0..=rest.len())
                .filter(|&i| rest.is_char_boundary(i))
                .any(|i| glob_matches(tail, &rest[i..]))
        }
    }
}

/// A word with `*` in its file name becomes the matching files of its
/// folder in `dir`, sorted, as a shell would; a word that matches nothing
/// stays as it is.
fn expand(word: &str, dir: &Path) -> Vec<String> {
    if !word.contains('*') {
        return vec![word.to_string()];
    }
    let (folder, pattern) = match word.rsplit_once('/') {
        Some((folder, pattern)) => (Some(folder), pattern),
        None => (None, word),
    };
    let listed = dir.join(folder.unwrap_or("."));
    let mut names: Vec<String> = std::fs::read_dir(&listed)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|name| !name.starts_with('.') && glob_matches(pattern, name))
                .map(|name| match folder {
                    Some(folder) => format!("{folder}/{name}"),
                    None => name,
                })
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    if names.is_empty() {
        vec![word.to_string()]
    } else {
        names
    }
}

/// Whether one line of output matches one expected line, where `[..]`
/// stands for any text.
fn line_matches(expected: &str, actual: &str) -> bool {
    match expected.split_once("[..]") {
        None => expected == actual,
        Some((head, tail)) => {
            let Some(rest) = actual.strip_prefix(head) else {
                return false;
            };
            (0..=rest.len())
                .filter(|&i| rest.is_char_boundary(i))
                .any(|i| line_matches(tail, &rest[i..]))
        }
    }
}

/// Whether the output's lines match the expected lines, where a line
/// `...` stands for any number of lines.
fn output_matches(expected: &[String], actual: &[&str]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((first, rest)) if first == "..." => {
            (0..=actual.len()).any(|skip| output_matches(rest, &actual[skip..]))
        }
        Some((first, rest)) => actual
            .split_first()
            .is_some_and(|(line, more)| line_matches(first, line) && output_matches(rest, more)),
    }
}

/// Runs one example in `dir`; `Err` says how it went wrong.
fn run(example: &Example, dir: &Path) -> Result<(), String> {
    let mut words = words(&example.command).into_iter().peekable();
    let mut env = Vec::new();
    while let Some((name, value)) = words.peek().and_then(|w| {
        w.split_once('=')
            .filter(|(n, _)| !n.is_empty() && n.chars().all(|c| c.is_ascii_uppercase() || c == '_'))
            .map(|(n, v)| (n.to_string(), v.to_string()))
    }) {
        env.push((name, value));
        words.next();
    }
    let program = words.next().ok_or("an empty command")?;
    let args: Vec<String> = words.flat_map(|w| expand(&w, dir)).collect();
    let (code, printed) = match program.as_str() {
        "levelscope" => {
            let out = Command::new(env!("CARGO_BIN_EXE_levelscope"))
                .args(&args)
                .envs(env)
                .env_remove("LEVELSCOPE_REAL_LEVELS")
                .current_dir(dir)
                .output()
                .map_err(|e| format!("levelscope did not start: {e}"))?;
            let mut printed = String::from_utf8_lossy(&out.stdout).into_owned();
            printed.push_str(&String::from_utf8_lossy(&out.stderr));
            (out.status.code().unwrap_or(-1), printed)
        }
        "cat" => {
            let mut printed = String::new();
            for file in &args {
                printed.push_str(
                    &std::fs::read_to_string(dir.join(file))
                        .map_err(|e| format!("cat {file}: {e}"))?,
                );
            }
            (0, printed)
        }
        other => return Err(format!("`{other}` is not a command the examples run")),
    };
    let mut actual: Vec<&str> = printed.lines().map(str::trim_end).collect();
    while actual.last().is_some_and(|l| l.is_empty()) {
        actual.pop();
    }
    if code != example.code {
        return Err(format!(
            "exit code {code}, the page says {}; it printed:\n{printed}",
            example.code
        ));
    }
    if !output_matches(&example.expected, &actual) {
        return Err(format!(
            "the output differs from the page's.\nthe page:\n{}\nprinted:\n{}",
            example.expected.join("\n"),
            actual.join("\n")
        ));
    }
    Ok(())
}

/// Copies the folder `from` into `to`, recursively.
fn copy_folder(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let path = entry.unwrap().path();
        let target = to.join(path.file_name().unwrap());
        if path.is_dir() {
            copy_folder(&path, &target);
        } else {
            std::fs::copy(&path, &target).unwrap();
        }
    }
}

/// The pages whose examples are checked: the README and every page of
/// `docs/`.
fn pages() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut pages: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    pages.sort();
    pages.insert(0, root.join("README.md"));
    pages
}

/// Runs every example of one page in a fresh folder; returns how many ran
/// and what failed.
fn run_page(page: &Path, text: &str) -> (usize, Vec<String>) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = tempfile::tempdir().unwrap();
    copy_folder(&root.join("assets"), &dir.path().join("assets"));
    copy_folder(
        &root.join("tests/fixtures"),
        &dir.path().join("tests/fixtures"),
    );
    let mut ran = 0;
    let mut failures = Vec::new();
    for block in blocks(text) {
        if let Some(name) = block
            .info
            .split_whitespace()
            .find_map(|w| w.strip_prefix("file="))
        {
            let mut content = block.lines.join("\n");
            content.push('\n');
            std::fs::write(dir.path().join(name), content).unwrap();
        } else if block.info == "console" {
            for example in examples(&block) {
                ran += 1;
                if let Err(why) = run(&example, dir.path()) {
                    failures.push(format!(
                        "{}:{}: $ {}\n{why}",
                        page.display(),
                        example.line,
                        example.command
                    ));
                }
            }
        }
    }
    (ran, failures)
}

/// Whether a line of a block is a `levelscope` command (after a prompt,
/// settings of the environment or a shell's loop words).
fn is_levelscope_command(line: &str) -> bool {
    line.trim()
        .trim_start_matches("$ ")
        .split_whitespace()
        .find(|w| !w.contains('=') && !matches!(*w, "do" | "then" | "time"))
        .is_some_and(|w| w == "levelscope")
}

/// The blocks of a page that hold a `levelscope` command but are neither
/// run nor marked as not run with a reason.
fn unmarked(page: &Path, text: &str) -> Vec<String> {
    blocks(text)
        .into_iter()
        .filter(|b| b.info != "console" && b.lines.iter().any(|l| is_levelscope_command(l)))
        .filter(|b| {
            let reason = b
                .before
                .strip_prefix("<!-- not run:")
                .and_then(|r| r.strip_suffix("-->"))
                .map(str::trim);
            reason.is_none_or(str::is_empty)
        })
        .map(|b| format!("{}:{}", page.display(), b.line))
        .collect()
}

#[test]
fn every_example_in_the_docs_runs_as_shown() {
    let mut ran = 0;
    let mut failures = Vec::new();
    for page in pages() {
        let text = std::fs::read_to_string(&page).unwrap();
        let (page_ran, page_failures) = run_page(&page, &text);
        ran += page_ran;
        failures.extend(page_failures);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(ran >= 30, "only {ran} examples ran: were the pages found?");
    println!("{ran} examples ran as shown");
}

#[test]
fn every_levelscope_block_is_run_or_says_why_not() {
    let mut found = Vec::new();
    for page in pages() {
        let text = std::fs::read_to_string(&page).unwrap();
        found.extend(unmarked(&page, &text));
    }
    assert!(
        found.is_empty(),
        "blocks with a levelscope command that are not ```console and not \
         after <!-- not run: REASON -->: {found:#?}"
    );
}

#[test]
fn a_console_block_reads_commands_codes_and_output() {
    let text =
        "x\n```console\n$ levelscope play a.txt \\\n  \"L D\"\n? 2\nerror: [..]\n...\n\n```\n";
    let found = blocks(text);
    assert_eq!(found.len(), 1);
    assert_eq!(
        examples(&found[0]),
        vec![Example {
            command: "levelscope play a.txt  \"L D\"".to_string(),
            code: 2,
            expected: vec!["error: [..]".to_string(), "...".to_string()],
            line: 3,
        }]
    );
    assert_eq!(
        words("levelscope play a.txt 'L D'"),
        ["levelscope", "play", "a.txt", "L D"]
    );
}

#[test]
fn output_that_differs_from_the_page_does_not_match() {
    let expected: Vec<String> = ["a: [..] ms", "...", "end"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert!(output_matches(&expected, &["a: 12 ms", "x", "y", "end"]));
    assert!(output_matches(&expected, &["a: 0 ms", "end"]));
    assert!(!output_matches(&expected, &["b: 0 ms", "end"]));
    assert!(!output_matches(&expected, &["a: 0 ms", "end", "more"]));
    assert!(!output_matches(&expected, &["a: 0 s", "end"]));
}

#[test]
fn a_failing_or_wrong_example_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    let level = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/1-1.txt");
    std::fs::copy(level, dir.path().join("l.txt")).unwrap();
    let wrong_code = Example {
        command: "levelscope analyze missing.txt".to_string(),
        code: 0,
        expected: vec!["...".to_string()],
        line: 1,
    };
    assert!(run(&wrong_code, dir.path())
        .unwrap_err()
        .contains("exit code 1"));
    let wrong_output = Example {
        command: "levelscope analyze l.txt".to_string(),
        code: 0,
        expected: vec!["l.txt: nothing like this".to_string(), "...".to_string()],
        line: 1,
    };
    assert!(run(&wrong_output, dir.path())
        .unwrap_err()
        .contains("differs"));
    let right = Example {
        command: "levelscope analyze l.txt".to_string(),
        code: 0,
        expected: vec!["l.txt: [..]".to_string(), "...".to_string()],
        line: 1,
    };
    assert_eq!(run(&right, dir.path()), Ok(()));
}

#[test]
fn a_levelscope_block_without_a_reason_is_found() {
    let page = Path::new("p.md");
    let marked = "<!-- not run: needs git -->\n```sh\nlevelscope textconv x\n```\n";
    assert!(unmarked(page, marked).is_empty());
    let bare = "Text\n```sh\nfor k in 0 1; do\n  K=$k levelscope pack check p.json\ndone\n```\n";
    assert_eq!(unmarked(page, bare), ["p.md:2"]);
    let empty_reason = "<!-- not run: -->\n```sh\n$ levelscope analyze x\n```\n";
    assert_eq!(unmarked(page, empty_reason), ["p.md:2"]);
    assert!(unmarked(page, "```sh\ncargo test\n```\n").is_empty());
}

/// A heading's anchor as the Markdown renderer makes it: lower case, the
/// characters that are neither word characters, `-` nor spaces dropped,
/// spaces made `-`.
fn anchor_of(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | ' '))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The text of a page outside its fenced blocks.
fn prose(text: &str) -> String {
    let mut inside = false;
    let mut out = String::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            inside = !inside;
        } else if !inside {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// The links of a page's prose, `[words](target)`, that do not resolve:
/// a file that is not there, a heading that no page has, or an address
/// outside the repository.
fn broken_links(page: &Path) -> Vec<String> {
    let text = prose(&std::fs::read_to_string(page).unwrap());
    let mut broken = Vec::new();
    for (start, _) in text.match_indices("](") {
        let rest = &text[start + 2..];
        let Some(end) = rest.find(')') else { continue };
        let link = &rest[..end];
        if link.contains("://") {
            broken.push(format!("{}: {link} leaves the repository", page.display()));
            continue;
        }
        let (file, anchor) = link.split_once('#').unwrap_or((link, ""));
        let target = if file.is_empty() {
            page.to_path_buf()
        } else {
            page.parent().unwrap().join(file)
        };
        if !target.exists() {
            broken.push(format!("{}: {link}: no such file", page.display()));
        } else if !anchor.is_empty() && target.extension().is_some_and(|e| e == "md") {
            let headings = prose(&std::fs::read_to_string(&target).unwrap());
            let found = headings
                .lines()
                .filter(|l| l.starts_with('#'))
                .any(|l| anchor_of(l.trim_start_matches('#')) == anchor);
            if !found {
                broken.push(format!("{}: {link}: no such heading", page.display()));
            }
        }
    }
    broken
}

#[test]
fn every_link_of_the_docs_resolves() {
    let broken: Vec<String> = pages().iter().flat_map(|p| broken_links(p)).collect();
    assert!(broken.is_empty(), "{broken:#?}");
}

#[test]
fn a_broken_link_is_found() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("p.md");
    std::fs::write(dir.path().join("q.md"), "# The board and its `tools`\n").unwrap();
    std::fs::write(
        &page,
        "[ok](q.md#the-board-and-its-tools) [file](nope.md) [heading](q.md#nope) \
         [out](https://example.org)\n```text\n[code](ignored.md)\n```\n",
    )
    .unwrap();
    let broken = broken_links(&page);
    assert_eq!(broken.len(), 3, "{broken:#?}");
    assert!(broken[0].ends_with("nope.md: no such file"));
    assert!(broken[1].ends_with("q.md#nope: no such heading"));
    assert!(broken[2].ends_with("leaves the repository"));
}
