//! Prism through the command line: `analyze --json` rows, `convert` between
//! the formats (and its refusals), and packs that mix kinds.

use crate::common;

use common::{json_lines, levelscope, path, stderr};
use std::process::Output;

use serde_json::Value;

const ENEMY_LEVEL: &str = "tests/fixtures/prism/enemy-8x8.txt";
const EMPTY_LEVEL: &str = "tests/fixtures/prism/empty.txt";
const SKIDDY_LEVEL: &str = "assets/1-1.txt";

/// Three small enemy-free Prism levels, the 2017 format's kind.
const CORRIDORS: [&str; 3] = [
    "3 2\n0\ns R f\ne e e\n",
    "4 2\n0\ns e e f\ne e e e\n",
    "2 2\n0\ns e\ne f\n",
];

#[test]
fn analyze_json_gives_every_field_of_a_prism_level() {
    let out = levelscope(&["analyze", "--json", ENEMY_LEVEL]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let rows = json_lines(&out);
    assert_eq!(rows.len(), 1);
    let r = &rows[0];
    for field in [
        "file",
        "kind",
        "states",
        "won_states",
        "dead_ends",
        "deaths",
        "traps",
        "solvable",
        "shortest",
        "solution",
        "depth_histogram",
        "elapsed_ms",
        "difficulty",
        "verdict",
    ] {
        assert!(r.get(field).is_some(), "missing {field} in {r}");
    }
    assert_eq!(r["kind"], "prism");
    assert_eq!(r["file"], ENEMY_LEVEL);
    // The solution is a move string of the shortest length.
    let moves: Vec<&str> = r["solution"].as_str().unwrap().split(' ').collect();
    assert_eq!(moves.len() as u64, r["shortest"].as_u64().unwrap());
    assert!(moves.iter().all(|m| ["U", "R", "D", "L"].contains(m)));
    // The histogram counts every state once.
    let total: u64 = r["depth_histogram"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d[0].as_u64().unwrap())
        .sum();
    assert_eq!(total, r["states"].as_u64().unwrap());
    assert!(r["deaths"].as_u64().unwrap() > 0, "the level has an enemy");
    assert!(r["verdict"]
        .as_str()
        .unwrap()
        .starts_with("dead end reachable in "));
}

#[test]
fn an_empty_file_is_an_error_row_and_exit_1() {
    let out = levelscope(&["analyze", "--json", EMPTY_LEVEL, SKIDDY_LEVEL]);
    assert_eq!(out.status.code(), Some(1));
    let rows = json_lines(&out);
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0]["file"], EMPTY_LEVEL);
    assert_eq!(rows[0]["error"], "the file is empty");
    assert_eq!(rows[0].as_object().unwrap().len(), 2);
    // The next file is still analysed, in order, as a Skiddy row.
    assert_eq!(rows[1]["kind"], "skiddy");
    assert!(rows[1]["stars"].is_number());
}

#[test]
fn convert_round_trips_and_a_2017_file_opens_as_several_levels() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("level.json");
    let back = dir.path().join("back.txt");
    let out = levelscope(&["convert", ENEMY_LEVEL, "--to", "json", "--out", path(&json)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let out = levelscope(&[
        "convert",
        path(&json),
        "--to",
        "prism-2016",
        "--out",
        path(&back),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let original = levelscope_kinds::read(ENEMY_LEVEL);
    assert_eq!(levelscope_kinds::read(path(&back)), original);

    // Three levels in one pack, written as one 2017 file.
    let pack = dir.path().join("corridors.json");
    for (i, text) in CORRIDORS.iter().enumerate() {
        let file = dir.path().join(format!("c{i}.txt"));
        std::fs::write(&file, text).unwrap();
        let out = levelscope(&["pack", "add", path(&pack), path(&file)]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    }
    let many = dir.path().join("many.txt");
    let out = levelscope(&[
        "convert",
        path(&pack),
        "--to",
        "prism-2017",
        "--out",
        path(&many),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let out = levelscope(&["analyze", "--json", path(&many)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let rows = json_lines(&out);
    let files: Vec<String> = rows
        .iter()
        .map(|r| r["file"].as_str().unwrap().into())
        .collect();
    let name = path(&many);
    assert_eq!(
        files,
        [
            format!("{name}#0"),
            format!("{name}#1"),
            format!("{name}#2")
        ]
    );
    let shortest: Vec<u64> = rows
        .iter()
        .map(|r| r["shortest"].as_u64().unwrap())
        .collect();
    assert_eq!(shortest, [2, 3, 2]);
}

#[test]
fn convert_refuses_what_the_target_cannot_say_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("out.txt");
    // Enemies cannot be said in the 2017 format.
    let out = levelscope(&[
        "convert",
        ENEMY_LEVEL,
        "--to",
        "prism-2017",
        "--out",
        path(&target),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("enemies"), "{}", stderr(&out));
    assert!(stderr(&out).contains("nothing was written"));
    assert!(!target.exists());
    // A file that is already there is left as it was.
    std::fs::write(&target, "keep me").unwrap();
    let out = levelscope(&[
        "convert",
        ENEMY_LEVEL,
        "--to",
        "skiddy-ascii",
        "--out",
        path(&target),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("Skiddy levels only"),
        "{}",
        stderr(&out)
    );
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "keep me");
    // Several levels do not fit a one-level format.
    let two = dir.path().join("two.txt");
    let corridors = levelscope_kinds::write_2017(&CORRIDORS[..2]);
    std::fs::write(&two, corridors).unwrap();
    let out = levelscope(&[
        "convert",
        path(&two),
        "--to",
        "prism-2016",
        "--out",
        path(&target),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("holds one level"), "{}", stderr(&out));
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "keep me");
    // An unknown format is a usage error.
    let out = levelscope(&[
        "convert",
        ENEMY_LEVEL,
        "--to",
        "png",
        "--out",
        path(&target),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("prism-2017"), "{}", stderr(&out));
}

#[test]
fn a_mixed_pack_round_trips_and_its_duplicates_are_found_within_a_kind() {
    let dir = tempfile::tempdir().unwrap();
    let pack = dir.path().join("mixed.json");
    // A Prism level and its mirror image, with colours renamed: the same
    // puzzle.
    let a = dir.path().join("a.txt");
    let b = dir.path().join("b.txt");
    std::fs::write(&a, "3 2\n0\ns R f\ne g e\n").unwrap();
    std::fs::write(&b, "3 2\n0\nf G s\ne r e\n").unwrap();
    let out = levelscope(&["pack", "add", path(&pack), SKIDDY_LEVEL, path(&a), path(&b)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let out = levelscope(&["pack", "stats", "--json", path(&pack)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let stats = &json_lines(&out)[0];
    assert_eq!(stats["kinds"]["skiddy"], 1);
    assert_eq!(stats["kinds"]["prism"], 2);
    assert!(stats["difficulty"]["min"].is_number());
    let out = levelscope(&["pack", "dedupe", "--json", path(&pack)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("[1,2]") || text.contains("[1, 2]"), "{text}");
    // The pack as JSON, and back: every level in its place and kind.
    let copy = dir.path().join("copy.json");
    let out = levelscope(&["convert", path(&pack), "--to", "json", "--out", path(&copy)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let first = levelscope(&["analyze", "--json", path(&pack)]);
    let second = levelscope(&["analyze", "--json", path(&copy)]);
    let strip = |out: &Output| -> Vec<Value> {
        json_lines(out)
            .into_iter()
            .map(|mut r| {
                let o = r.as_object_mut().unwrap();
                o.remove("file");
                o.remove("elapsed_ms");
                r
            })
            .collect()
    };
    assert_eq!(strip(&first), strip(&second));
    let kinds: Vec<Value> = json_lines(&first)
        .iter()
        .map(|r| r["kind"].clone())
        .collect();
    assert_eq!(kinds, ["skiddy", "prism", "prism"]);
}

/// The library's own reading and writing, for comparing files by what they
/// say rather than by their bytes.
mod levelscope_kinds {
    use levelscope::kinds::{prism, read_levels, Level};

    pub fn read(file: &str) -> Vec<Level> {
        read_levels(&std::fs::read_to_string(file).unwrap(), None, None).unwrap()
    }

    pub fn write_2017(texts: &[&str]) -> String {
        let levels: Vec<prism::Level> =
            texts.iter().map(|t| prism::read_2016(t).unwrap()).collect();
        prism::write_2017(&levels).unwrap()
    }
}
