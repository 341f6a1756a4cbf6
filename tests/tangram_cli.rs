//! Tangram on the command line, as a process: `analyze` (its JSON row, the
//! listed solutions, a file that miscounts its shapes), `generate tangram`
//! (determinism, presets, `--unique`), `convert` both ways, and packs (add,
//! dedupe of a turned copy, stats, check, export). Counts are checked
//! against the plain backtracking reference in `tests/tangram_reference`.

use crate::common::tangram_puzzle;
use crate::tangram_reference as reference;

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use levelscope::kinds::tangram::{parse_text, to_text, transformed, Level};
use serde_json::{json, Value};

/// A 3x3 board cut into 10 shapes, with 36 solutions (the generator's
/// level for `--size 3 --shapes 10 --seed 0`, kept here so that the
/// analysis tests do not depend on the generator).
const THIRTY_SIX: &str = "3\n10\nshape\n1,2,0\n1,2,1\n1,2,2\n1,2,3\nshape\n0,2,1\n0,2,2\n\
    0,1,3\n0,1,2\n0,1,0\nshape\n1,1,2\n1,1,1\nshape\n2,2,2\n2,2,3\nshape\n2,2,0\n2,2,1\n\
    shape\n0,0,0\n0,0,3\n0,0,1\n0,1,1\nshape\n2,1,0\n2,1,3\n2,1,1\n2,0,3\n2,1,2\n2,0,0\n\
    2,0,1\n2,0,2\nshape\n1,1,0\n1,1,3\nshape\n0,2,0\n0,2,3\nshape\n1,0,3\n1,0,2\n1,0,0\n\
    1,0,1\n0,0,2\n";

/// A 2x2 board: a bar in the left column, two squares on the right. The bar
/// may stand in either column and the two squares (one form) fill the
/// other: 2 solutions.
const TWO: &str = "2\n3\nshape\n0,0,0\n0,0,1\n0,0,2\n0,0,3\n0,1,0\n0,1,1\n0,1,2\n0,1,3\n\
    shape\n1,0,0\n1,0,1\n1,0,2\n1,0,3\nshape\n1,1,0\n1,1,1\n1,1,2\n1,1,3\n";

/// Runs levelscope in `dir` with `args` and the environment `env`.
fn run_with(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_levelscope"))
        .args(args)
        .envs(env.iter().copied())
        .current_dir(dir)
        .output()
        .expect("the binary runs")
}

/// Runs levelscope in `dir` with `args`.
fn run(dir: &Path, args: &[&str]) -> Output {
    run_with(dir, args, &[])
}

/// A fresh, empty folder for one test.
fn workdir(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("levelscope-tangram-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The path of one of the project's own Tangram fixtures.
fn fixture(name: &str) -> String {
    format!(
        "{}/tests/fixtures/tangram/{name}.txt",
        env!("CARGO_MANIFEST_DIR")
    )
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Asserts that the run exited with `code`, showing what it said if not.
fn assert_exit(out: &Output, code: i32) {
    assert_eq!(
        out.status.code(),
        Some(code),
        "stdout: {}\nstderr: {}",
        stdout(out),
        stderr(out)
    );
}

/// The JSON rows the run printed, one a line.
fn rows(out: &Output) -> Vec<Value> {
    stdout(out)
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect()
}

/// The keys of a JSON object, sorted.
fn keys(row: &Value) -> Vec<&str> {
    let mut keys: Vec<&str> = row
        .as_object()
        .expect("a row is an object")
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort_unstable();
    keys
}

#[test]
fn analyze_json_gives_exactly_the_tangram_fields() {
    let dir = workdir("analyze");
    let out = run(
        &dir,
        &["analyze", "--json", &fixture("easy-1"), &fixture("hard-1")],
    );
    assert_exit(&out, 0);
    let rows = rows(&out);
    assert_eq!(rows.len(), 2);
    for (row, name, size, shapes) in [(&rows[0], "easy-1", 4, 6), (&rows[1], "hard-1", 6, 12)] {
        assert_eq!(
            keys(row),
            [
                "count_is_lower_bound",
                "effort",
                "elapsed_ms",
                "file",
                "kind",
                "nodes",
                "shapes",
                "size",
                "solutions",
                "unique",
                "verdict"
            ]
        );
        assert_eq!(row["file"], json!(fixture(name)));
        assert_eq!(row["kind"], json!("tangram"));
        assert_eq!(row["size"], json!(size));
        assert_eq!(row["shapes"], json!(shapes));
        // The reference counts one solution for both levels.
        let level = parse_text(&std::fs::read_to_string(fixture(name)).unwrap()).unwrap();
        assert_eq!(reference::count(&tangram_puzzle(&level), &[]), 1, "{name}");
        assert_eq!(row["solutions"], json!(1));
        assert_eq!(row["unique"], json!(true));
        assert_eq!(row["verdict"], json!("unique: one way to place the shapes"));
        assert!(row["elapsed_ms"].is_u64());
    }
}

#[test]
fn solutions_k_lists_k_different_covers_even_beyond_twenty() {
    let dir = workdir("list");
    std::fs::write(dir.join("level.txt"), THIRTY_SIX).unwrap();
    let level = parse_text(THIRTY_SIX).unwrap();
    let count = reference::count(&tangram_puzzle(&level), &[]);
    assert_eq!(count, 36, "the reference's count");
    let out = run(
        &dir,
        &["analyze", "--json", "--solutions", "30", "level.txt"],
    );
    assert_exit(&out, 0);
    let row = &rows(&out)[0];
    assert_eq!(row["solutions"], json!(count));
    assert_eq!(row["unique"], json!(false));
    let verdict = row["verdict"].as_str().unwrap();
    assert!(verdict.starts_with("36 solutions: "), "{verdict}");
    let list = row["solution_list"].as_array().unwrap();
    assert_eq!(
        list.len(),
        30,
        "K = 30 listed, more than the 20 kept anyway"
    );
    let mut seen = HashSet::new();
    for placement in list {
        let offsets: Vec<(i32, i32)> = placement
            .as_array()
            .unwrap()
            .iter()
            .map(|o| {
                let o = o.as_array().unwrap();
                assert_eq!(o.len(), 2, "[dx, dy]");
                (o[0].as_i64().unwrap() as i32, o[1].as_i64().unwrap() as i32)
            })
            .collect();
        assert_eq!(offsets.len(), 10, "one offset per shape");
        // [dx, dy] with dy upward, as the reference reads triangles.
        assert!(
            reference::is_cover(&tangram_puzzle(&level), &offsets),
            "{offsets:?}"
        );
        seen.insert(offsets);
    }
    assert_eq!(seen.len(), 30, "30 different solutions");
    // Asking for more than there are lists them all.
    let out = run(
        &dir,
        &["analyze", "--json", "--solutions", "50", "level.txt"],
    );
    assert_eq!(rows(&out)[0]["solution_list"].as_array().unwrap().len(), 36);
    // Without --solutions, no list.
    let out = run(&dir, &["analyze", "--json", "level.txt"]);
    assert!(rows(&out)[0].get("solution_list").is_none());
}

#[test]
fn the_text_listing_says_which_way_each_shape_moves() {
    let dir = workdir("listing-words");
    std::fs::write(dir.join("level.txt"), TWO).unwrap();
    let out = run(&dir, &["analyze", "--solutions", "2", "level.txt"]);
    assert_exit(&out, 0);
    let text = stdout(&out);
    // The bar trades columns with the two squares: in words, with no
    // signed offsets whose y direction a reader must guess.
    assert!(
        text.contains("  solution 1: the level's own arrangement\n"),
        "{text}"
    );
    assert!(
        text.contains(
            "  solution 2: shape 1 one square right, shape 2 one square left, shape 3 one square left\n"
        ),
        "{text}"
    );
    assert!(!text.contains("(+"), "{text}");
    // The JSON keeps its offsets.
    let out = run(
        &dir,
        &["analyze", "--json", "--solutions", "2", "level.txt"],
    );
    assert_eq!(
        rows(&out)[0]["solution_list"],
        json!([[[0, 0], [0, 0], [0, 0]], [[1, 0], [-1, 0], [-1, 0]]])
    );
}

#[test]
fn a_miscounted_file_gives_an_error_row_and_exit_1() {
    let dir = workdir("miscounted");
    let out = run(
        &dir,
        &[
            "analyze",
            "--json",
            &fixture("miscounted"),
            &fixture("easy-2"),
        ],
    );
    assert_exit(&out, 1);
    let rows = rows(&out);
    assert_eq!(rows.len(), 2, "the good file is still analysed");
    assert_eq!(
        rows[0],
        json!({
            "file": fixture("miscounted"),
            "error": "the file declares 6 shapes on line 2 but holds 12",
        })
    );
    assert_eq!(rows[1]["solutions"], json!(1));
    // The human report says it on the error stream.
    let out = run(&dir, &["analyze", &fixture("miscounted")]);
    assert_exit(&out, 1);
    assert!(
        stderr(&out).contains("declares 6 shapes on line 2 but holds 12"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn generate_is_the_same_for_a_seed_on_any_number_of_threads() {
    let one = workdir("threads-1");
    let two = workdir("threads-2");
    let args = [
        "generate", "tangram", "--size", "4", "--shapes", "10", "--count", "6", "--seed", "11",
        "--out", "p.json",
    ];
    let a = run_with(&one, &args, &[("RAYON_NUM_THREADS", "1")]);
    assert_exit(&a, 0);
    let b = run_with(&two, &args, &[("RAYON_NUM_THREADS", "2")]);
    assert_exit(&b, 0);
    assert!(stdout(&b).contains("on 2 threads"), "{}", stdout(&b));
    let first = std::fs::read(one.join("p.json")).unwrap();
    assert_eq!(first, std::fs::read(two.join("p.json")).unwrap());
    // Another seed, other levels.
    let other = run(
        &two,
        &[
            "generate", "tangram", "--size", "4", "--shapes", "10", "--count", "6", "--seed", "12",
            "--out", "p.json",
        ],
    );
    assert_exit(&other, 0);
    assert_ne!(first, std::fs::read(two.join("p.json")).unwrap());
    // One level in the original format, byte for byte the same again.
    let txt = [
        "generate", "tangram", "--preset", "hard", "--seed", "3", "--out", "l.txt",
    ];
    assert_exit(&run_with(&one, &txt, &[("RAYON_NUM_THREADS", "1")]), 0);
    assert_exit(&run_with(&two, &txt, &[("RAYON_NUM_THREADS", "2")]), 0);
    assert_eq!(
        std::fs::read(one.join("l.txt")).unwrap(),
        std::fs::read(two.join("l.txt")).unwrap()
    );
    // The pack's levels are valid and carry their solution counts.
    let pack: Value = serde_json::from_slice(&first).unwrap();
    let levels = pack["levels"].as_array().unwrap();
    assert_eq!(levels.len(), 6);
    for entry in levels {
        let level = levelscope::kinds::Level::from_json_value(&entry["level"]).unwrap();
        let level = level.as_tangram().unwrap();
        assert_eq!((level.size, level.shapes.len()), (4, 10));
        assert!(level.is_valid());
        let count = reference::count(&tangram_puzzle(level), &[]);
        assert_eq!(entry["summary"]["solutions"], json!(count));
        assert_eq!(entry["tags"], json!(["generated"]));
    }
}

#[test]
fn unique_levels_have_exactly_one_solution() {
    let dir = workdir("unique");
    let out = run(
        &dir,
        &[
            "generate", "tangram", "--preset", "medium", "--unique", "--count", "5", "--seed", "1",
            "--out", "u.json",
        ],
    );
    assert_exit(&out, 0);
    let said = stdout(&out);
    let growths = said
        .lines()
        .find_map(|l| l.strip_prefix("growths per unique level: "))
        .unwrap_or_else(|| panic!("{said}"));
    assert_eq!(growths.split(", ").count(), 5, "{growths}");
    // Re-analysed, by levelscope and by the reference: one solution each.
    let out = run(&dir, &["analyze", "--json", "u.json"]);
    assert_exit(&out, 0);
    let rows = rows(&out);
    assert_eq!(rows.len(), 5);
    for row in &rows {
        assert_eq!(row["solutions"], json!(1), "{row}");
        assert_eq!(
            (row["size"].clone(), row["shapes"].clone()),
            (json!(5), json!(9))
        );
    }
    let pack: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("u.json")).unwrap()).unwrap();
    for entry in pack["levels"].as_array().unwrap() {
        let level = levelscope::kinds::Level::from_json_value(&entry["level"]).unwrap();
        assert_eq!(
            reference::count(&tangram_puzzle(level.as_tangram().unwrap()), &[]),
            1
        );
        assert_eq!(entry["summary"]["solutions"], json!(1));
    }
}

#[test]
fn presets_and_sizes_give_their_boards() {
    let dir = workdir("presets");
    for (args, size, shapes) in [
        (vec!["--preset", "easy"], 4, 6),
        (vec!["--preset", "medium"], 5, 9),
        (vec!["--preset", "hard"], 6, 12),
        (vec!["--preset", "HARD"], 6, 12),
        (vec![], 4, 6),
        (vec!["--size", "3", "--shapes", "5"], 3, 5),
    ] {
        let mut all = vec!["generate", "tangram", "--seed", "2", "--out", "l.txt"];
        all.extend(&args);
        assert_exit(&run(&dir, &all), 0);
        let text = std::fs::read_to_string(dir.join("l.txt")).unwrap();
        assert!(
            text.starts_with(&format!("{size}\n{shapes}\nshape\n")),
            "{args:?}: {text}"
        );
        let level = parse_text(&text).unwrap();
        assert_eq!((level.size, level.shapes.len()), (size, shapes));
        assert!(level.is_valid(), "{args:?}");
        assert_eq!(level.name, "", "the original format has no name");
    }
}

#[test]
fn generate_refuses_what_it_cannot_write() {
    let dir = workdir("refuse");
    for (args, says) in [
        (
            vec!["--count", "3", "--out", "l.txt"],
            "a .txt file holds one level",
        ),
        (vec!["--out", "l.png"], "--out must end in .txt"),
        (
            vec!["--count", "0", "--out", "l.json"],
            "--count 0 asks for no level",
        ),
        (
            vec!["--size", "2", "--shapes", "17", "--out", "l.txt"],
            "cannot be cut into 17 shapes",
        ),
        (vec!["--size", "3", "--out", "l.txt"], "--shapes"),
        (
            vec![
                "--preset", "hard", "--size", "3", "--shapes", "4", "--out", "l.txt",
            ],
            "cannot be used with",
        ),
        (vec!["--preset", "huge", "--out", "l.txt"], "unknown preset"),
    ] {
        let mut all = vec!["generate", "tangram"];
        all.extend(&args);
        let out = run(&dir, &all);
        assert_exit(&out, 2);
        assert!(stderr(&out).contains(says), "{args:?}: {}", stderr(&out));
    }
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        0,
        "nothing written"
    );
}

#[test]
fn a_unique_level_not_found_in_its_growths_is_an_error_and_nothing_is_written() {
    let dir = workdir("give-up");
    // 30 shapes on a 4x4 board: small shapes that move about, never one
    // solution in 2 growths.
    let out = run(
        &dir,
        &[
            "generate",
            "tangram",
            "--size",
            "4",
            "--shapes",
            "30",
            "--unique",
            "--max-growths",
            "2",
            "--out",
            "l.txt",
        ],
    );
    assert_exit(&out, 1);
    assert!(
        stderr(&out).contains("with exactly one solution in 2 growths"),
        "{}",
        stderr(&out)
    );
    assert!(stderr(&out).contains("nothing was written"));
    assert!(!dir.join("l.txt").exists());
}

#[test]
fn convert_round_trips_both_ways() {
    let dir = workdir("convert");
    for name in ["medium-1", "easy-2", "hard-1", "hard-2", "easy-1"] {
        let original = std::fs::read_to_string(fixture(name)).unwrap();
        let to_json = run(
            &dir,
            &["convert", &fixture(name), "--to", "json", "--out", "l.json"],
        );
        assert_exit(&to_json, 0);
        let json_text = std::fs::read_to_string(dir.join("l.json")).unwrap();
        let value: Value = serde_json::from_str(&json_text).unwrap();
        assert_eq!(value["kind"], json!("tangram"), "{name}");
        let back = run(
            &dir,
            &[
                "convert",
                "l.json",
                "--to",
                "tangram-text",
                "--out",
                "l.txt",
            ],
        );
        assert_exit(&back, 0);
        assert_eq!(
            std::fs::read_to_string(dir.join("l.txt")).unwrap(),
            original,
            "{name}: text → json → text is the same bytes"
        );
        let again = run(
            &dir,
            &["convert", "l.txt", "--to", "json", "--out", "m.json"],
        );
        assert_exit(&again, 0);
        assert_eq!(
            std::fs::read_to_string(dir.join("m.json")).unwrap(),
            json_text,
            "{name}: json → text → json is the same"
        );
    }
}

#[test]
fn a_named_level_is_refused_by_tangram_text_and_nothing_is_written() {
    let dir = workdir("named");
    let mut level = parse_text(include_str!("fixtures/tangram/easy-1.txt")).unwrap();
    level.name = "Corner".into();
    std::fs::write(
        dir.join("named.json"),
        levelscope::kinds::tangram::to_json(&level),
    )
    .unwrap();
    let out = run(
        &dir,
        &[
            "convert",
            "named.json",
            "--to",
            "tangram-text",
            "--out",
            "n.txt",
        ],
    );
    assert_exit(&out, 1);
    assert!(
        stderr(&out).contains("no place for the level's name \"Corner\""),
        "{}",
        stderr(&out)
    );
    assert!(stderr(&out).contains("nothing was written"));
    assert!(!dir.join("n.txt").exists());
}

/// The level turned a quarter (symmetry 1 of 8), with its shapes in the
/// reverse order.
fn turned_and_reordered(level: &Level) -> Level {
    let mut turned = transformed(level, 1);
    turned.shapes.reverse();
    turned
}

#[test]
fn packs_add_dedupe_stats_check_and_export_tangram_levels() {
    let dir = workdir("pack");
    let easy = parse_text(include_str!("fixtures/tangram/easy-1.txt")).unwrap();
    let turned = turned_and_reordered(&easy);
    assert_ne!(to_text(&turned), to_text(&easy));
    std::fs::write(dir.join("turned.txt"), to_text(&turned)).unwrap();
    std::fs::write(dir.join("two.txt"), TWO).unwrap();
    // Triangles of no shape: it reads, but cannot be analysed.
    std::fs::write(dir.join("broken.txt"), "1\n1\nshape\n0,0,0\n").unwrap();
    let out = run(
        &dir,
        &[
            "pack",
            "add",
            "p.json",
            &fixture("easy-1"),
            "turned.txt",
            "two.txt",
            &fixture("medium-1"),
            "broken.txt",
        ],
    );
    assert_exit(&out, 0);
    let said = stdout(&out);
    assert!(said.contains("as level 0 (unique)"), "{said}");
    assert!(said.contains("as level 2 (2 solutions)"), "{said}");
    assert!(said.contains("as level 4 (not analysed: "), "{said}");
    assert!(!said.contains("shortest"), "{said}");

    let out = run(&dir, &["pack", "dedupe", "--json", "p.json"]);
    assert_exit(&out, 0);
    assert_eq!(rows(&out), [json!({"groups": [[0, 1]]})]);

    let out = run(&dir, &["pack", "stats", "--json", "p.json"]);
    assert_exit(&out, 0);
    let stats = &rows(&out)[0];
    assert_eq!(
        stats["tangram"],
        json!({"levels": 5, "unique": 3, "several_solutions": 1, "unknown": 1})
    );
    assert_eq!(stats["kinds"], json!({"tangram": 5}));
    assert_eq!(stats["unanalysable"], json!(1));
    assert_eq!(stats["max_states"], Value::Null, "no state graph");
    let out = run(&dir, &["pack", "stats", "p.json"]);
    let text = stdout(&out);
    assert!(
        text.contains("Tangram: 5 levels: 3 unique, 1 with several solutions, 1 not known"),
        "{text}"
    );
    let two_line = format!(
        "  {:>3} {:<24} {:<7} 2 solutions, effort ",
        2, "two", "tangram"
    );
    assert!(text.contains(&two_line), "{text}");
    for graph_words in ["states", "dead ends", "traps", "shortest", "star"] {
        assert!(!text.contains(graph_words), "{graph_words}: {text}");
    }

    // Check: the stored counts match a fresh analysis; the level that
    // cannot be analysed fails. A stored count made wrong is found.
    let out = run(&dir, &["pack", "check", "p.json"]);
    assert_exit(&out, 1);
    let text = stdout(&out);
    assert!(text.contains("ok      2 two"), "{text}");
    assert!(text.contains("FAIL    4 broken: "), "{text}");
    assert!(text.contains("5 levels, 1 failing"), "{text}");
    let mut pack: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("p.json")).unwrap()).unwrap();
    assert_eq!(pack["levels"][2]["summary"]["solutions"], json!(2));
    pack["levels"][2]["summary"]["solutions"] = json!(1);
    pack["levels"].as_array_mut().unwrap().pop();
    std::fs::write(dir.join("stale.json"), pack.to_string()).unwrap();
    let out = run(&dir, &["pack", "check", "stale.json"]);
    assert_exit(&out, 1);
    assert!(
        stdout(&out).contains("FAIL    2 two: the stored analysis is out of date: solutions 1 → 2"),
        "{}",
        stdout(&out)
    );

    // Export: every level in the original format (named by its file), and
    // a contact sheet.
    let out = run(
        &dir,
        &[
            "pack",
            "export",
            "p.json",
            "--ascii",
            "out",
            "--sheet",
            "sheet.png",
        ],
    );
    assert_exit(&out, 0);
    let exported = std::fs::read_to_string(dir.join("out/000-easy-1.txt")).unwrap();
    assert_eq!(exported, include_str!("fixtures/tangram/easy-1.txt"));
    assert_eq!(
        std::fs::read_to_string(dir.join("out/002-two.txt")).unwrap(),
        TWO
    );
    let png = std::fs::read(dir.join("sheet.png")).unwrap();
    assert_eq!(&png[1..4], b"PNG");
}
