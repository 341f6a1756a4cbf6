//! The seam between the kinds and the rest, checked on the source: the
//! editor's files import each other without a cycle, nothing under
//! `gui/kinds/` or `gui/views/` names the app, and outside `src/kinds/` and
//! the GUI registry no code names a kind's variant, so that a new kind
//! touches only its own folders and the two registries.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use crate::common::source::rust_files;

use levelscope::kinds::Kind;

/// The repository's `src/`.
fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The module path of a file under `src/`: `gui/kinds/mod.rs` is
/// `["gui", "kinds"]`.
fn module_of(path: &Path) -> Vec<String> {
    let rel = path.strip_prefix(src()).unwrap().with_extension("");
    let mut parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    parts
}

/// The code of a file without comments and without its test module (tests
/// may reach anywhere).
fn code_of(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    // An inline test module (`mod tests {`), not `mod tests;` whose file
    // is skipped on its own.
    let inline_test = text.match_indices("#[cfg(test)]\nmod ").find(|(at, _)| {
        text[*at..]
            .lines()
            .nth(1)
            .is_some_and(|line| line.trim_end().ends_with('{'))
    });
    let text = match inline_test {
        Some((at, _)) => &text[..at],
        None => &text[..],
    };
    text.lines()
        .map(|line| line.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Every path the code names from `crate::`, `super::` or `self::`, grouped
/// imports (`use super::{a, b::c}`) spelled out one by one.
fn paths_named(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let chars: Vec<char> = code.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let starts = ["crate::", "super::", "self::"]
            .iter()
            .find(|s| chars[i..].iter().take(s.len()).copied().eq(s.chars()));
        let after_ident = i > 0 && (is_ident(chars[i - 1]) || chars[i - 1] == ':');
        match starts {
            Some(_) if !after_ident => {
                let (paths, end) = read_path(&chars, i);
                out.extend(paths);
                i = end.max(i + 1);
            }
            _ => i += 1,
        }
    }
    out
}

/// Reads the path starting at `at` (with its groups); returns the paths and
/// where the path ends.
fn read_path(chars: &[char], at: usize) -> (Vec<String>, usize) {
    let mut i = at;
    let mut prefix = String::new();
    loop {
        let start = i;
        while i < chars.len() && is_ident(chars[i]) {
            i += 1;
        }
        prefix.extend(&chars[start..i]);
        if chars[i..].starts_with(&[':', ':']) {
            i += 2;
            if chars.get(i) == Some(&'{') {
                // A group: each item read as a path of its own.
                let mut paths = Vec::new();
                i += 1;
                loop {
                    while i < chars.len() && (chars[i].is_whitespace() || chars[i] == ',') {
                        i += 1;
                    }
                    if i >= chars.len() || chars[i] == '}' {
                        return (paths, i + 1);
                    }
                    let (inner, end) = read_path(chars, i);
                    paths.extend(inner.into_iter().map(|p| format!("{prefix}::{p}")));
                    i = end;
                    // Skip an `as name`.
                    while i < chars.len() && chars[i] != ',' && chars[i] != '}' {
                        i += 1;
                    }
                }
            }
            prefix.push_str("::");
        } else {
            return (vec![prefix], i);
        }
    }
}

/// The file a path from `module` leads to: the longest prefix that is one
/// of `files`' modules.
fn target_of(
    module: &[String],
    path: &str,
    files: &BTreeMap<Vec<String>, PathBuf>,
) -> Option<PathBuf> {
    let parts: Vec<&str> = path.split("::").filter(|p| !p.is_empty()).collect();
    let target: Vec<String> = match parts.first() {
        Some(&"crate") => parts[1..].iter().map(|p| p.to_string()).collect(),
        Some(&"self") => module
            .iter()
            .cloned()
            .chain(parts[1..].iter().map(|p| p.to_string()))
            .collect(),
        Some(&"super") => {
            let up = parts.iter().take_while(|p| **p == "super").count();
            module[..module.len().saturating_sub(up)]
                .iter()
                .cloned()
                .chain(parts[up..].iter().map(|p| p.to_string()))
                .collect()
        }
        _ => return None,
    };
    (1..=target.len())
        .rev()
        .find_map(|n| files.get(&target[..n]).cloned())
}

/// Which editor file names which.
fn gui_imports() -> BTreeMap<PathBuf, BTreeSet<PathBuf>> {
    let files: BTreeMap<Vec<String>, PathBuf> = rust_files(&src().join("gui"))
        .into_iter()
        .map(|p| (module_of(&p), p))
        .collect();
    let mut edges = BTreeMap::new();
    for (module, path) in &files {
        let named: BTreeSet<PathBuf> = paths_named(&code_of(path))
            .iter()
            .filter_map(|p| target_of(module, p, &files))
            .filter(|t| t != path)
            .collect();
        edges.insert(path.clone(), named);
    }
    edges
}

/// The groups of two or more files that import each other round a cycle
/// (Tarjan's strongly connected components).
fn cycles(edges: &BTreeMap<PathBuf, BTreeSet<PathBuf>>) -> Vec<Vec<PathBuf>> {
    struct Search<'a> {
        edges: &'a BTreeMap<PathBuf, BTreeSet<PathBuf>>,
        index: BTreeMap<&'a PathBuf, usize>,
        low: BTreeMap<&'a PathBuf, usize>,
        stack: Vec<&'a PathBuf>,
        found: Vec<Vec<PathBuf>>,
    }
    impl<'a> Search<'a> {
        fn visit(&mut self, v: &'a PathBuf) {
            let n = self.index.len();
            self.index.insert(v, n);
            self.low.insert(v, n);
            self.stack.push(v);
            for w in &self.edges[v] {
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let low = self.low[v].min(self.low[w]);
                    self.low.insert(v, low);
                } else if self.stack.contains(&w) {
                    let low = self.low[v].min(self.index[w]);
                    self.low.insert(v, low);
                }
            }
            if self.low[v] == self.index[v] {
                let mut group = Vec::new();
                while let Some(w) = self.stack.pop() {
                    group.push(w.clone());
                    if w == v {
                        break;
                    }
                }
                if group.len() > 1 {
                    self.found.push(group);
                }
            }
        }
    }
    let mut search = Search {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        found: Vec::new(),
    };
    for v in edges.keys() {
        if !search.index.contains_key(v) {
            search.visit(v);
        }
    }
    search.found
}

#[test]
fn the_editors_files_import_each_other_without_a_cycle() {
    let edges = gui_imports();
    assert!(edges.len() > 80, "the editor's files were found");
    let found: Vec<Vec<String>> = cycles(&edges)
        .iter()
        .map(|group| {
            group
                .iter()
                .map(|f| {
                    let inside: Vec<String> = edges[f]
                        .iter()
                        .filter(|w| group.contains(w))
                        .map(|w| w.display().to_string())
                        .collect();
                    format!("{} -> {}", f.display(), inside.join(", "))
                })
                .collect()
        })
        .collect();
    assert!(found.is_empty(), "import cycles: {found:#?}");
}

#[test]
fn the_cycle_finder_finds_a_cycle() {
    let (a, b, c) = (PathBuf::from("a"), PathBuf::from("b"), PathBuf::from("c"));
    let edges = BTreeMap::from([
        (a.clone(), BTreeSet::from([b.clone()])),
        (b.clone(), BTreeSet::from([c.clone()])),
        (c.clone(), BTreeSet::from([a.clone()])),
    ]);
    assert_eq!(cycles(&edges).len(), 1);
    let code =
        "use super::{app::EditorApp, kinds::{kind_gui::KindGui, tool}};\nlet x = crate::gui::app::X;";
    assert_eq!(
        paths_named(code),
        vec![
            "super::app::EditorApp",
            "super::kinds::kind_gui::KindGui",
            "super::kinds::tool",
            "crate::gui::app::X"
        ]
    );
}

#[test]
fn no_kind_panel_or_view_names_the_app() {
    let app = src().join("gui").join("app.rs");
    for (file, named) in gui_imports() {
        let under = |dir: &str| file.starts_with(src().join("gui").join(dir));
        if under("kinds") || under("views") {
            assert!(!named.contains(&app), "{} names gui/app.rs", file.display());
            assert!(
                !code_of(&file).contains("EditorApp"),
                "{} names EditorApp",
                file.display()
            );
        }
    }
}

#[test]
fn outside_the_kinds_and_the_registry_no_code_names_a_kind() {
    let registry = src().join("gui").join("kinds").join("mod.rs");
    let mut found = Vec::new();
    for file in rust_files(&src()) {
        if file.starts_with(src().join("kinds")) || file == registry {
            continue;
        }
        // A test module in a file of its own (`mod tests;`).
        if file.file_name().is_some_and(|n| n == "tests.rs") {
            continue;
        }
        let code = code_of(&file);
        for kind in Kind::ALL {
            for enumeration in ["Kind", "Level", "Analysis", "KindFigures"] {
                let name = format!("{enumeration}::{kind:?}");
                for (at, _) in code.match_indices(&name) {
                    let before = code[..at].chars().next_back();
                    let after = code[at + name.len()..].chars().next();
                    if !before.is_some_and(is_ident) && !after.is_some_and(is_ident) {
                        found.push(format!("{}: {name}", file.display()));
                    }
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "kind variants named outside the registries: {found:#?}"
    );
}

/// Where each kind may be named in code outside its own folders
/// (`kinds/<kind>/`, `gui/kinds/<kind>/`) and the two registries
/// (`kinds/mod.rs`, `gui/kinds/mod.rs`): the older kinds' debts from
/// before the seam, file by file — the command-line generators (a
/// subcommand of each kind's own, with its flags), the words and figures
/// one kind borrows from another, and the editor's few words of them. A
/// kind added through the list (Sokoban, Rush Hour) has none, and no new
/// file may join these lists.
fn allowed_outside(kind: Kind, file: &Path) -> bool {
    let rel = file
        .strip_prefix(src())
        .unwrap()
        .to_string_lossy()
        .replace('\\', "/");
    let allowed: &[&str] = match kind.name() {
        "skiddy" => &[
            "cli/generate.rs",
            "cli/generate_prism.rs",
            "cli/generate_tangram.rs",
            "gui/kinds/prism/generate.rs",
            "gui/kinds/tangram/generate.rs",
            "gui/layout/zoom_and_selection_bar.rs",
            "kinds/prism/report.rs",
            "kinds/sokoban/report.rs",
            "kinds/summary.rs",
        ],
        "prism" => &[
            "cli/generate.rs",
            "cli/generate_prism.rs",
            "cli/mod.rs",
            "gui/command_run.rs",
            "gui/commands.rs",
            "gui/kinds/kind_gui.rs",
            "gui/layout/zoom_and_selection_bar.rs",
            "kinds/summary.rs",
        ],
        "tangram" => &[
            "cli/generate.rs",
            "cli/generate_tangram.rs",
            "cli/mod.rs",
            "gui/command_run.rs",
            "gui/commands.rs",
            "gui/layout/analysis_panel.rs",
            "kinds/version_change.rs",
            "kinds/summary.rs",
        ],
        // The one kind with a solver past the budget: `analyze
        // --time-limit` hands its levels to it there, as the generators'
        // subcommands live in their own files.
        "sokoban" => &["cli/solve_past_budget.rs"],
        _ => &[],
    };
    allowed.contains(&rel.as_str())
}

/// Every kind of the list is named only in its folders and the two
/// registries (and where [`allowed_outside`] says why), so that a next
/// kind touches those two files and nothing else. Comments and test
/// modules may name it.
#[test]
fn every_kind_is_named_only_in_its_folders_and_the_two_registries() {
    let registries = [
        src().join("kinds").join("mod.rs"),
        src().join("gui").join("kinds").join("mod.rs"),
    ];
    let mut found = Vec::new();
    for kind in Kind::ALL {
        let module = kind.name();
        let own = [
            src().join("kinds").join(module),
            src().join("gui").join("kinds").join(module),
        ];
        for file in rust_files(&src()) {
            if own.iter().any(|dir| file.starts_with(dir)) || registries.contains(&file) {
                continue;
            }
            if file.file_name().is_some_and(|n| n == "tests.rs") || allowed_outside(kind, &file) {
                continue;
            }
            let code = code_of(&file).to_lowercase();
            let title = kind.title().to_lowercase();
            for (line, text) in code.lines().enumerate() {
                if text.contains(module) || text.contains(&title) {
                    found.push(format!("{}:{}: {}", file.display(), line + 1, text.trim()));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "kinds named outside their folders and the registries: {found:#?}"
    );
}

/// The views draw what the registry hands them: nothing under
/// `gui/views/` imports from `gui/kinds/` but the kind-neutral seam.
#[test]
fn no_view_imports_a_kind_gui() {
    let kinds_dir = src().join("gui").join("kinds");
    let mut found = Vec::new();
    for (file, named) in gui_imports() {
        if !file.starts_with(src().join("gui").join("views"))
            || file.file_name().is_some_and(|n| n == "tests.rs")
        {
            continue;
        }
        for target in named {
            if target.starts_with(&kinds_dir) {
                found.push(format!("{} -> {}", file.display(), target.display()));
            }
        }
    }
    assert!(found.is_empty(), "views importing gui/kinds: {found:#?}");
}
