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
        stderr(&out).contains("level.txt: the files are 2.0 KiB: reading them takes up to"),
        "{}",
        stderr(&out)
    );
    assert!(!new_pack.exists());
    // Inside the budget, the same file reads.
    let out = levelscope(&["textconv", &one, "--max-memory", "1M"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

/// An XSB collection of `count` tiny levels (a title and three rows each):
/// a file whose levels cost far more to hold than its bytes.
fn tiny_collection(count: usize) -> String {
    (0..count)
        .map(|i| format!("; {i}\n#####\n#@$.#\n#####\n\n"))
        .collect()
}

#[test]
fn many_tiny_levels_are_counted_not_just_their_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("tiny.xsb");
    let text = tiny_collection(20_000);
    // Three times its size fits the budget; its 20,000 levels do not.
    assert!(3 * text.len() < 4 << 20);
    std::fs::write(&file, &text).unwrap();
    let out = levelscope(&["analyze", "--json", path(&file), "--max-memory", "4M"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let rows = crate::common::json_lines(&out);
    assert_eq!(rows.len(), 1, "one row: the file refused, no level read");
    let error = rows[0]["error"].as_str().unwrap();
    assert!(
        error.contains("more than the memory budget of 4.0 MiB"),
        "{error}"
    );
    // With room for them, every level is read and analysed.
    let out = levelscope(&["analyze", "--json", path(&file), "--max-memory", "64M"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(crate::common::json_lines(&out).len(), 20_000);
}

/// The fourth fault campaign's abort: a 41 MB collection of tiny levels
/// under `--max-memory 300M` and an address-space limit of 500 MB. It is
/// refused before it is read, with its JSON line, never aborted.
#[test]
fn a_collection_too_costly_to_read_is_refused_not_aborted_under_a_memory_limit() {
    if std::process::Command::new("bash")
        .arg("-c")
        .arg("ulimit -v 500000")
        .status()
        .map_or(true, |s| !s.success())
    {
        eprintln!("skipped: no bash with ulimit -v here");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("tiny.xsb");
    let text = tiny_collection(1_450_000);
    assert!(text.len() > 40_000_000);
    std::fs::write(&file, &text).unwrap();
    let out = std::process::Command::new("bash")
        .arg("-c")
        .arg("ulimit -v 500000; exec \"$0\" analyze --json --max-states 1 --max-memory 300M \"$1\"")
        .arg(env!("CARGO_BIN_EXE_levelscope"))
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let rows = crate::common::json_lines(&out);
    assert_eq!(rows.len(), 1);
    assert!(
        rows[0]["error"]
            .as_str()
            .unwrap()
            .contains("more than the memory budget of 300.0 MiB"),
        "{}",
        rows[0]
    );
}

#[test]
fn pack_add_counts_the_entries_it_will_hold_and_writes_nothing_when_refused() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("tiny.xsb");
    let text = tiny_collection(20_000);
    std::fs::write(&file, &text).unwrap();
    let pack = dir.path().join("p.json");
    // Reading the collection fits 20 MiB; holding its 20,000 new entries
    // with their analyses besides does not.
    let out = levelscope(&[
        "analyze",
        "--json",
        "--max-states",
        "1",
        path(&file),
        "--max-memory",
        "20M",
    ]);
    assert_eq!(
        crate::common::json_lines(&out).len(),
        20_000,
        "{}",
        stderr(&out)
    );
    let out = levelscope(&[
        "pack",
        "add",
        path(&pack),
        path(&file),
        "--max-memory",
        "20M",
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("more than the memory budget of 20.0 MiB"),
        "{}",
        stderr(&out)
    );
    assert!(!pack.exists(), "nothing was written");
}
