//! Sizes read from input are checked against the limits before anything is
//! allocated: a huge board named by a small file is a located error, never
//! an allocation that aborts the program (issue 32).

use crate::common;

use common::{levelscope, path, stderr};

/// The fault campaign's file: 200,000 columns in the first row, then
/// 200,000 more rows of one cell (600 KB that once asked for 40 billion
/// cells).
fn wide_and_tall() -> String {
    let mut text = String::with_capacity(600_010);
    text.push_str(&"#".repeat(200_000));
    text.push('\n');
    for _ in 0..200_000 {
        text.push_str("#\n");
    }
    text
}

/// What every command must say about that file.
fn says_too_wide(out: &std::process::Output) {
    let err = stderr(out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("row 0 has 200000 cells")
            && err.contains("a Skiddy board is read up to 256 cells a side"),
        "{err}"
    );
}

#[test]
fn a_skiddy_text_too_wide_is_refused_by_every_command() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("huge.txt");
    std::fs::write(&file, wide_and_tall()).unwrap();
    says_too_wide(&levelscope(&["analyze", path(&file)]));
    says_too_wide(&levelscope(&["play", path(&file), "U"]));
    let converted = dir.path().join("out.json");
    says_too_wide(&levelscope(&[
        "convert",
        "--to",
        "json",
        "--out",
        path(&converted),
        path(&file),
    ]));
    assert!(!converted.exists());
    let pack = dir.path().join("p.json");
    says_too_wide(&levelscope(&["pack", "add", path(&pack), path(&file)]));
}

#[test]
fn a_skiddy_text_too_tall_names_its_row_count() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("tall.txt");
    std::fs::write(&file, "#\n".repeat(300_000)).unwrap();
    let out = levelscope(&["analyze", path(&file)]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("the board has 300000 rows"), "{err}");
}

#[test]
fn a_pack_entry_with_huge_rows_is_a_damaged_entry() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("p.json");
    let mut rows = vec!["#".repeat(200_000)];
    rows.extend(std::iter::repeat_n("#".to_string(), 200_000));
    let pack = serde_json::json!({
        "format": "levelscope-pack",
        "version": 1,
        "name": "huge",
        "levels": [{
            "level": {
                "format": "levelscope-level",
                "version": 1,
                "kind": "skiddy",
                "name": "huge",
                "rows": rows,
            }
        }]
    });
    std::fs::write(&file, pack.to_string()).unwrap();
    for command in ["check", "stats"] {
        let out = levelscope(&["pack", command, path(&file)]);
        let err = stderr(&out);
        assert_ne!(out.status.code(), Some(101), "{err}");
        assert!(out.status.code().is_some(), "killed by a signal: {err}");
        let said = format!("{err}{}", String::from_utf8_lossy(&out.stdout));
        assert!(said.contains("row 0 has 200000 cells"), "{command}: {said}");
    }
}

#[test]
fn a_prism_2017_header_promising_more_cells_than_the_file_holds_is_cut_short() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("p17.txt");
    std::fs::write(&file, "0 0 999 999 1000 1000\ne e e\n").unwrap();
    let out = levelscope(&["analyze", path(&file)]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("1000000 cells are complete (it has 3)"),
        "{err}"
    );
}

/// The size a PNG file says it has.
fn png_size(file: &std::path::Path) -> (u32, u32) {
    let bytes = std::fs::read(file).unwrap();
    assert_eq!(&bytes[1..4], b"PNG", "{}", file.display());
    let word = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap());
    (word(16), word(20))
}

#[test]
fn a_large_pack_gets_a_contact_sheet_in_pages() {
    use levelscope::kinds::skiddy::format::parse_ascii;
    use levelscope::pack::{pack_to_json, Pack, PackEntry};
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("big.json");
    let board = parse_ascii("#####\n#R.R#\n#...#\n#r###\n").unwrap();
    let levels = (0..401)
        .map(|i| {
            let mut e = PackEntry::new(board.clone().into());
            e.level.set_name(format!("level {i}"));
            e
        })
        .collect();
    let pack = Pack {
        name: "big".into(),
        levels,
    };
    std::fs::write(&file, pack_to_json(&pack)).unwrap();
    let sheet = dir.path().join("sheet.png");
    let out = levelscope(&["pack", "export", path(&file), "--sheet", path(&sheet)]);
    let said = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(!sheet.exists(), "the pages replace the one big image");
    let pages: Vec<_> = ["sheet-001.png", "sheet-002.png", "sheet-003.png"]
        .iter()
        .map(|name| png_size(&dir.path().join(name)))
        .collect();
    assert!(!dir.path().join("sheet-004.png").exists());
    assert_eq!(pages[0], pages[1], "full pages are alike");
    assert_eq!(pages[2].0, pages[0].0, "every page is as wide");
    assert!(pages[2].1 < pages[0].1 / 10, "the last page holds one card");
    assert!(
        said.contains("contact sheet of 401 levels on 3 pages of 200 levels")
            && said.contains("sheet-001.png")
            && said.contains("sheet-003.png"),
        "{said}"
    );
}

#[test]
fn a_tangram_count_stops_at_max_states_and_says_it_is_a_lower_bound() {
    let dir = tempfile::tempdir().unwrap();
    let file = crate::common::large_tangram(dir.path());
    let out = levelscope(&["analyze", "--max-states", "2000", path(&file)]);
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        text.contains("(stopped after 2000 nodes, the budget; raise --max-states)")
            && text.contains("100 shapes; no solution found yet; 2000 nodes searched"),
        "{text}"
    );
    let out = levelscope(&["analyze", "--json", "--max-states", "2000", path(&file)]);
    let row: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(row["solutions"], serde_json::Value::Null);
    assert_eq!(row["count_is_lower_bound"], true);
    assert_eq!(row["nodes"], 2000);
    assert!(row["solutions_at_least"].is_u64());
    // A pack stores the lower bound's verdict, and a check does not pass a
    // count that did not finish.
    let pack = dir.path().join("p.json");
    let out = levelscope(&[
        "pack",
        "add",
        "--max-states",
        "2000",
        path(&pack),
        path(&file),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let stored: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&pack).unwrap()).unwrap();
    let verdict = stored["levels"][0]["summary"]["verdict"].as_str().unwrap();
    assert!(
        verdict.contains("(stopped after 2000 nodes, the budget"),
        "{verdict}"
    );
    let out = levelscope(&["pack", "check", "--max-states", "2000", path(&pack)]);
    let said = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(said.contains("the solution count did not finish"), "{said}");
}

/// A Prism 2017 file of `levels` open 1000 x 1000 levels (2 MB each).
fn big_prism_2017(file: &std::path::Path, levels: usize) {
    let row = vec!["e"; 1000].join(" ");
    let mut text = String::with_capacity(levels * 2_002_030);
    for _ in 0..levels {
        text.push_str("0 0 999 999 1000 1000\n");
        for _ in 0..1000 {
            text.push_str(&row);
            text.push('\n');
        }
    }
    std::fs::write(file, text).unwrap();
}

#[test]
fn reading_a_file_is_counted_against_the_memory_budget() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("big17.txt");
    big_prism_2017(&file, 2);
    // 4 MB of text: reading it may take 12 MB, over a 5 MB budget: refused
    // before it is read, in words.
    let out = levelscope(&["analyze", "--max-memory", "5M", path(&file)]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("reading it takes up to")
            && err.contains("more than the memory budget of 5.0 MiB"),
        "{err}"
    );
    // Within the budget both levels are read, level by level, and each
    // analysis stops at its own state budget.
    let out = levelscope(&[
        "analyze",
        "--json",
        "--max-memory",
        "100M",
        "--max-states",
        "1",
        path(&file),
    ]);
    let rows: Vec<serde_json::Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), 2, "{}", stderr(&out));
    for row in &rows {
        let error = row["error"].as_str().unwrap();
        assert!(error.starts_with("too big"), "{error}");
    }
}
