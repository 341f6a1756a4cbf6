//! No file of the repository keeps a merge's conflict markers: a README
//! once shipped two for a whole session.

use std::path::{Path, PathBuf};

/// Every text file the repository tracks, below `dir`, skipping build
/// output and hidden folders.
fn text_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if name.starts_with('.') || name == "target" || name == "corpus" || name == "artifacts" {
            continue;
        }
        if path.is_dir() {
            text_files(&path, out);
        } else if ["rs", "md", "toml", "py", "sh", "yaml", "sbatch", "txt"]
            .iter()
            .any(|e| path.extension().is_some_and(|x| x == *e))
        {
            out.push(path);
        }
    }
}

#[test]
fn no_file_keeps_conflict_markers() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    text_files(root, &mut files);
    assert!(files.len() > 100, "the repository's files were found");
    for page in [
        "README.md",
        "docs/editor.md",
        "docs/command-line.md",
        "docs/formats.md",
    ] {
        assert!(
            files.iter().any(|f| f.ends_with(page)),
            "{page} is among the files searched"
        );
    }
    let mut found = Vec::new();
    for file in files {
        let Ok(text) = std::fs::read_to_string(&file) else {
            continue;
        };
        for (n, line) in text.lines().enumerate() {
            let marker =
                ["<<<<<<< ", ">>>>>>> "].iter().any(|m| line.starts_with(m)) || line == "=======";
            if marker {
                found.push(format!("{}:{}", file.display(), n + 1));
            }
        }
    }
    assert!(found.is_empty(), "conflict markers: {found:#?}");
}
