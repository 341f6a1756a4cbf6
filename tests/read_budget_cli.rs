//! `--max-memory` on every command that reads level or pack files: a file
//! whose reading would not fit the budget is refused before it is read,
//! with a clear message and exit code 2, and nothing is written.

use std::path::Path;

use crate::common::{levelscope, path, stderr};

/// A pack of a few Skiddy levels: about 2 KB, so that reading it takes
/// more than a budget of 1 KiB.
fn pack_text() -> String {
    let entry = |name: &str| {
        format!(
            "{{\"name\": {name:?}, \"level\": {{\"format\": \"levelscope-level\", \"version\": 1, \"kind\": \"skiddy\", \"rows\": [\"######\", \"#R.R.#\", \"#.#..#\", \"#oo..#\", \"##r###\"]}}}}"
        )
    };
    let entries: Vec<String> = (0..12).map(|i| entry(&format!("level {i}"))).collect();
    format!(
        "{{\"format\": \"levelscope-pack\", \"version\": 1, \"name\": \"p\", \"levels\": [\n{}\n]}}\n",
        entries.join(",\n")
    )
}

/// Every file in `dir`, by name, with its bytes.
fn contents(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .map(|p| {
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                std::fs::read(&p).unwrap(),
            )
        })
        .collect();
    files.sort();
    files
}

#[test]
fn every_reading_command_refuses_a_file_over_its_memory_budget() {
    let dir = tempfile::tempdir().unwrap();
    let pack = dir.path().join("pack.json");
    let text = pack_text();
    assert!(text.len() > 1024);
    std::fs::write(&pack, &text).unwrap();
    let level = dir.path().join("level.txt");
    std::fs::write(&level, "#".repeat(2000) + "\n").unwrap();
    let p = path(&pack);
    let one = format!("{p}#0");
    let out_dir = dir.path().join("out");
    let out_file = dir.path().join("out.json");
    let sheet = dir.path().join("sheet.png");
    let runs: Vec<Vec<&str>> = vec![
        vec!["pack", "stats", p],
        vec!["pack", "diff", p, p],
        vec!["pack", "add", p, path(&level)],
        vec!["pack", "check", p, "--update"],
        vec!["pack", "export", p, "--ascii", path(&out_dir)],
        vec!["pack", "export", p, "--json", path(&out_file)],
        vec!["pack", "export", p, "--sheet", path(&sheet)],
        vec!["pack", "dedupe", p, "--write", path(&out_file)],
        vec!["diff", &one, &one],
        vec!["textconv", p],
        vec!["textconv", &one],
        vec!["play", &one, "D"],
        vec!["convert", p, "--to", "json", "--out", path(&out_file)],
        vec!["convert", &one, "--to", "json", "--out", path(&out_file)],
    ];
    let before = contents(dir.path());
    for args in runs {
        let mut args = args.clone();
        args.extend(["--max-memory", "1K"]);
        let out = levelscope(&args);
        let said = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {said}");
        assert!(
            said.contains(
                "more than the memory budget of 1.0 KiB; raise --max-memory or split the file"
            ),
            "{args:?}: {said}"
        );
        assert!(out.stdout.is_empty(), "{args:?}");
        assert_eq!(contents(dir.path()), before, "{args:?} wrote");
        assert!(!out_dir.exists(), "{args:?} made a folder");
    }
    // A level file being added is counted too, and the pack is not made.
    let new_pack = dir.path().join("new.json");
    let out = levelscope(&[
        "pack",
        "add",
        path(&new_pack),
        path(&level),
        "--max-memory",
        "4K",
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("level.txt: the file is"),
        "{}",
        stderr(&out)
    );
    assert!(!new_pack.exists());
    // Inside the budget, the same file reads.
    let out = levelscope(&["textconv", &one, "--max-memory", "1M"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}
