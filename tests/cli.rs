//! The command line, run as a separate process: output, errors, exit codes.

use std::path::PathBuf;
use std::process::{Command, Output};

fn levelscope(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_levelscope"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs")
}

fn temp_file(name: &str, contents: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("levelscope-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

fn json_lines(out: &Output) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect()
}

#[test]
fn analyze_json_reports_every_field_of_level_1_1() {
    let out = levelscope(&["analyze", "--json", "assets/1-1.txt"]);
    assert_eq!(out.status.code(), Some(0));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 1);
    let r = &lines[0];
    assert_eq!(r["file"], "assets/1-1.txt");
    assert_eq!(r["states"], 10);
    assert_eq!(r["won_states"], 1);
    assert_eq!(r["dead_ends"], 0);
    assert_eq!(r["solvable"], true);
    assert_eq!(r["shortest"], 2);
    assert_eq!(r["shortest_max_combo"], 2);
    assert_eq!(r["shortest_no_combo"], 3);
    assert_eq!(r["stars"], 3);
    assert!(r["star_reason"]
        .as_str()
        .unwrap()
        .contains("Perfect in 2 moves"));
    assert_eq!(
        r["depth_histogram"],
        serde_json::json!([[1, 0], [3, 0], [4, 0], [2, 0]])
    );
    assert_eq!(r["solution"], "L D");
    assert_eq!(r["solution_max_combo"], "L D");
    assert_eq!(r["solution_no_combo"], "D L D");
    assert_eq!(r["traps"], 0);
    assert!(r["elapsed_ms"].is_number());
}

#[test]
fn analyze_json_uses_null_when_there_is_no_solution_of_a_kind() {
    let out = levelscope(&["analyze", "--json", "assets/crate-push.txt"]);
    let r = &json_lines(&out)[0];
    assert!(r["shortest_no_combo"].is_null());
    assert!(r["solution_no_combo"].is_null());
    assert_eq!(r["stars"], 0);
    assert!(r["traps"].as_u64().unwrap() > 0);
    assert!(r["star_reason"]
        .as_str()
        .unwrap()
        .starts_with("dead end reachable in 3 moves"));
}

#[test]
fn a_bad_file_gives_an_error_object_and_the_run_goes_on() {
    let ragged = temp_file("ragged.txt", "#####\n#R.#\n#r###\n");
    let unknown = temp_file("unknown.txt", "#####\n#RX.#\n#r###\n");
    let invalid = temp_file("nogoal.txt", "#####\n#R..#\n#####\n");
    let newer = temp_file(
        "newer.json",
        r#"{"format":"levelscope-level","version":7,"kind":"skiddy","rows":[]}"#,
    );
    let out = levelscope(&[
        "analyze",
        "--json",
        ragged.to_str().unwrap(),
        "missing-file.txt",
        unknown.to_str().unwrap(),
        invalid.to_str().unwrap(),
        newer.to_str().unwrap(),
        "assets/1-1.txt",
    ]);
    assert_eq!(
        out.status.code(),
        Some(1),
        "a failed file gives exit code 1"
    );
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 6);
    let error = |i: usize| lines[i]["error"].as_str().unwrap().to_string();
    assert!(
        error(0).contains("row 1 has 4 cells but row 0 has 5"),
        "{}",
        error(0)
    );
    assert!(error(1).contains("cannot read the file"), "{}", error(1));
    assert!(
        error(2).contains("cell (2, 1): unknown character 'X'"),
        "{}",
        error(2)
    );
    assert!(
        error(3).contains("red Skiddies have no red goal"),
        "{}",
        error(3)
    );
    assert!(error(4).contains("version 7"), "{}", error(4));
    assert_eq!(lines[5]["stars"], 3, "the run went on to the last file");
}

#[test]
fn a_level_over_the_state_budget_says_too_big() {
    let out = levelscope(&[
        "analyze",
        "--json",
        "--max-states",
        "1000",
        "assets/bench/skiddy_100k.txt",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let r = &json_lines(&out)[0];
    let error = r["error"].as_str().unwrap();
    assert!(
        error.starts_with("too big: stopped after 1000 states"),
        "{error}"
    );
}

#[test]
fn human_summary_names_the_stars_and_the_reason() {
    let out = levelscope(&["analyze", "assets/1-1.txt"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("3 stars — every rule holds: Perfect in 2 moves (L D)"),
        "{text}"
    );
    assert!(text.contains("no-combo 3 (D L D)"), "{text}");
}

#[test]
fn bad_usage_exits_with_2() {
    assert_eq!(levelscope(&["analyze"]).status.code(), Some(2));
    assert_eq!(levelscope(&["frobnicate"]).status.code(), Some(2));
    assert_eq!(
        levelscope(&["analyze", "--max-states", "lots", "assets/1-1.txt"])
            .status
            .code(),
        Some(2)
    );
    assert_eq!(
        levelscope(&["play", "assets/1-1.txt", "LXD"]).status.code(),
        Some(2)
    );
}

#[test]
fn play_prints_each_board_and_the_pieces_that_left() {
    let out = levelscope(&["play", "assets/1-1.txt", "u l, d"]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("U: nothing moves"), "{text}");
    assert!(text.contains("move 1: L\n#####\n#RR.#\n"), "{text}");
    assert!(
        text.contains(
            "move 2: D — left: red Skiddy from (1, 2) at tick 2, red Skiddy from (2, 2) at tick 2"
        ),
        "{text}"
    );
    assert!(text.contains("won in 2 moves"), "{text}");
}

#[test]
fn play_shows_dead_ends() {
    let out = levelscope(&["play", "assets/crate-push.txt", "DRR"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("this can no longer be won"), "{text}");
}

#[test]
fn solutions_are_listed_shortest_first() {
    let out = levelscope(&["analyze", "--json", "--solutions", "3", "assets/1-1.txt"]);
    let r = &json_lines(&out)[0];
    let lists = &r["solution_lists"];
    assert_eq!(
        lists["shortest"],
        serde_json::json!(["L D", "R L D", "D L D"])
    );
    assert_eq!(lists["max_combo"][0], "L D");
    assert_eq!(lists["no_combo"][0], "D L D");
    let out = levelscope(&["analyze", "--solutions", "2", "assets/1-1.txt"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("max-combo solutions: L D | R L D"), "{text}");
}
