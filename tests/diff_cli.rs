//! `levelscope diff A B`: hand-worked edits of each kind, in text and
//! JSON, with the exit code that says whether the verdict got worse.

use std::path::{Path, PathBuf};

use crate::common::{json_lines, levelscope, path, stderr};

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let file = dir.join(name);
    std::fs::write(&file, text).unwrap();
    file
}

fn stdout(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A Skiddy level with three stars and no dead end (two pits below the
/// blocks), and the same level with the left pit turned back into floor,
/// which opens a dead end (the sample pack's "dead-end").
const SKIDDY_CLEAN: &str = "######\n#R.R.#\n#.#..#\n#oo..#\n##r###\n";
const SKIDDY_DEAD_END: &str = "######\n#R.R.#\n#.#..#\n#o...#\n##r###\n";
/// Three stars, but the Perfect takes 6 moves: a block shuts the short way.
const SKIDDY_LONG: &str = "######\n#R.R.#\n#.#..#\n#o.#.#\n##r###\n";

#[test]
fn a_skiddy_edit_that_opens_a_dead_end_is_worse_and_exits_1() {
    let dir = tempfile::tempdir().unwrap();
    let a = write(dir.path(), "clean.txt", SKIDDY_CLEAN);
    let b = write(dir.path(), "dead.txt", SKIDDY_DEAD_END);
    let out = levelscope(&["diff", path(&a), path(&b)]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("verdict: worse: ★★★ 3 stars"), "{text}");
    assert!(
        text.contains("☆☆☆ 0 stars — dead end reachable in 4 moves: D L U D"),
        "{text}"
    );
    assert!(text.contains("stars      3 -> 0   (changed)"), "{text}");
    assert!(
        text.contains("cells: 1 changed\n  (2, 3) pit -> empty\n"),
        "{text}"
    );
    // The same edit undone is better, and exits 0.
    let back = levelscope(&["diff", path(&b), path(&a)]);
    assert_eq!(back.status.code(), Some(0));
    assert!(stdout(&back).contains("verdict: better: ☆☆☆ 0 stars"));
}

#[test]
fn a_skiddy_edit_that_shortens_the_perfect_keeps_the_verdict() {
    let dir = tempfile::tempdir().unwrap();
    let a = write(dir.path(), "long.txt", SKIDDY_LONG);
    let b = write(dir.path(), "short.txt", SKIDDY_CLEAN);
    let out = levelscope(&["diff", path(&a), path(&b), "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let rows = json_lines(&out);
    assert_eq!(rows.len(), 1);
    let diff = &rows[0];
    assert_eq!(diff["change"], "same");
    assert_eq!(diff["before"]["stars"], 3);
    assert_eq!(diff["after"]["stars"], 3);
    assert_eq!(diff["before"]["shortest_max_combo"], 6);
    assert_eq!(diff["after"]["shortest_max_combo"], 3);
    let cells = diff["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 2, "{cells:?}");
    assert!(cells
        .iter()
        .any(|c| c["x"] == 3 && c["y"] == 3 && c["before"] == "block" && c["after"] == "empty"));
    // The old long solutions still solve the edited level.
    let solutions = diff["solutions"].as_array().unwrap();
    assert!(!solutions.is_empty());
    assert!(solutions
        .iter()
        .all(|s| s["broken_at"].is_null() == (s["on_after"] == "solution")));
}

#[test]
fn each_side_is_exactly_its_analyze_json_row() {
    let dir = tempfile::tempdir().unwrap();
    let a = write(dir.path(), "a.txt", SKIDDY_CLEAN);
    let b = write(dir.path(), "b.txt", SKIDDY_DEAD_END);
    let diff = json_lines(&levelscope(&["diff", path(&a), path(&b), "--json"])).remove(0);
    for (side, file) in [("before", &a), ("after", &b)] {
        let mut row = json_lines(&levelscope(&["analyze", path(file), "--json"])).remove(0);
        let mut shown = diff[side].clone();
        for r in [&mut row, &mut shown] {
            r.as_object_mut().unwrap().remove("elapsed_ms");
        }
        assert_eq!(shown, row, "{side}");
    }
}

#[test]
fn a_prism_edit_that_makes_it_unsolvable_breaks_the_old_solutions() {
    let dir = tempfile::tempdir().unwrap();
    // The red switch opens the red column; without it the exit is shut.
    let a = write(
        dir.path(),
        "a.txt",
        "4 4\n0\ns e r f\ne e r e\nR e r e\ne e r e\n",
    );
    let b = write(
        dir.path(),
        "b.txt",
        "4 4\n0\ns e r f\ne e r e\ne e r e\ne e r e\n",
    );
    let out = levelscope(&["diff", path(&a), path(&b), "--json"]);
    assert_eq!(out.status.code(), Some(1));
    let diff = json_lines(&out).remove(0);
    assert_eq!(diff["change"], "worse");
    assert_eq!(diff["after"]["solvable"], false);
    assert_eq!(
        diff["cells"],
        serde_json::json!([{"x": 0, "y": 2, "before": "red switch (R)", "after": "floor"}])
    );
    let solutions = diff["solutions"].as_array().unwrap();
    assert!(!solutions.is_empty());
    for s in solutions {
        assert_eq!(s["on_after"], "not_a_solution");
        assert!(s["broken_at"].as_u64().is_some_and(|n| n >= 1), "{s}");
    }
    let text = stdout(&levelscope(&["diff", path(&a), path(&b)]));
    assert!(text.contains("broken at move"), "{text}");
}

/// A 2x2 Tangram board: an L of three squares and a square fit one way;
/// split the L into a domino and a square and there are two.
const TANGRAM_UNIQUE: &str =
    "2\n2\nshape\n0,0,0\n0,0,1\n0,0,2\n0,0,3\n1,0,0\n1,0,1\n1,0,2\n1,0,3\n\
0,1,0\n0,1,1\n0,1,2\n0,1,3\nshape\n1,1,0\n1,1,1\n1,1,2\n1,1,3\n";
const TANGRAM_TWO_WAYS: &str =
    "2\n3\nshape\n0,0,0\n0,0,1\n0,0,2\n0,0,3\n1,0,0\n1,0,1\n1,0,2\n1,0,3\n\
shape\n0,1,0\n0,1,1\n0,1,2\n0,1,3\nshape\n1,1,0\n1,1,1\n1,1,2\n1,1,3\n";

#[test]
fn a_tangram_edit_that_breaks_uniqueness_is_worse() {
    let dir = tempfile::tempdir().unwrap();
    let a = write(dir.path(), "unique.txt", TANGRAM_UNIQUE);
    let b = write(dir.path(), "two.txt", TANGRAM_TWO_WAYS);
    let out = levelscope(&["diff", path(&a), path(&b)]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    assert!(text.contains("verdict: worse: unique"), "{text}");
    assert!(text.contains("solutions  1 -> 2   (changed)"), "{text}");
    let back = levelscope(&["diff", path(&b), path(&a), "--json"]);
    assert_eq!(back.status.code(), Some(0));
    assert_eq!(json_lines(&back)[0]["change"], "better");
}

#[test]
fn levels_of_a_pack_are_named_by_index_and_bad_input_exits_2() {
    let pack = format!("{}/assets/sample-pack.json", env!("CARGO_MANIFEST_DIR"));
    let same = levelscope(&["diff", &format!("{pack}#0"), &format!("{pack}#0")]);
    assert_eq!(same.status.code(), Some(0));
    let text = stdout(&same);
    assert!(text.contains("verdict: same: ★★★ 3 stars"), "{text}");
    assert!(text.contains("cells: 0 changed"), "{text}");
    // Levels of two kinds cannot be ranked: not a pass for a CI gate.
    let kinds = levelscope(&["diff", &format!("{pack}#0"), &format!("{pack}#6"), "--json"]);
    assert_eq!(kinds.status.code(), Some(1));
    assert_eq!(json_lines(&kinds)[0]["change"], "different");
    for (a, b, says) in [
        (format!("{pack}#99"), format!("{pack}#0"), "before"),
        (format!("{pack}#0"), "no-such-file.txt".to_string(), "after"),
        (pack.clone(), format!("{pack}#0"), "name one as FILE#index"),
    ] {
        let out = levelscope(&["diff", &a, &b]);
        assert_eq!(out.status.code(), Some(2), "{a} {b}");
        assert!(stderr(&out).contains(says), "{}", stderr(&out));
        assert!(out.stdout.is_empty());
    }
}

/// The sample pack as a later version of it: "dead-end" repaired, level 1
/// taken to the end, level 2 removed.
fn edited_sample(dir: &Path) -> (PathBuf, PathBuf) {
    let sample = format!("{}/assets/sample-pack.json", env!("CARGO_MANIFEST_DIR"));
    let old = dir.join("old.json");
    std::fs::copy(&sample, &old).unwrap();
    let mut pack: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&sample).unwrap()).unwrap();
    let levels = pack["levels"].as_array_mut().unwrap();
    assert_eq!(levels[4]["level"]["name"], "dead-end");
    levels[4]["level"]["rows"] = serde_json::json!(SKIDDY_CLEAN.lines().collect::<Vec<_>>());
    let first = levels.remove(1);
    levels.push(first);
    levels.remove(1);
    let new = dir.join("new.json");
    std::fs::write(&new, serde_json::to_string_pretty(&pack).unwrap()).unwrap();
    (old, new)
}

#[test]
fn pack_diff_lists_what_changed_and_exits_1_when_a_level_got_worse() {
    let dir = tempfile::tempdir().unwrap();
    let (old, new) = edited_sample(dir.path());
    let out = levelscope(&["pack", "diff", path(&old), path(&new)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "removed: #2 \"Ice starts in a pit\"\n\
         moved:   \"ice-and-pits\" #1 -> #10\n\
         changed: \"dead-end\" #4 -> #2, 1 cell: better: ☆☆☆ 0 stars — dead end reachable in 4 moves: D L U D -> ★★★ 3 stars — every rule holds: Perfect in 3 moves (D L D); effort 3.5 -> 3.2: farthest 6 → 4 (-0.3)\n\
         10 levels unchanged; the pack got better\n"
    );
    let back = levelscope(&["pack", "diff", path(&new), path(&old), "--json"]);
    assert_eq!(back.status.code(), Some(1), "a level got worse");
    let diff = json_lines(&back).remove(0);
    assert_eq!(diff["change"], "worse");
    assert_eq!(
        diff["added"],
        serde_json::json!([{"index": 2, "name": "Ice starts in a pit"}])
    );
    assert_eq!(diff["removed"], serde_json::json!([]));
    assert_eq!(diff["changed"][0]["name"], "dead-end");
    assert_eq!(diff["changed"][0]["change"], "worse");
    assert_eq!(diff["unchanged"], 10);
    let missing = levelscope(&["pack", "diff", path(&old), "no-such.json"]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(stderr(&missing).contains("no-such.json"));
}

#[test]
fn git_diff_through_textconv_shows_the_cells_and_the_figures_that_changed() {
    if std::process::Command::new("git")
        .arg("--version")
        .output()
        .is_err()
    {
        eprintln!("skipped: git is not installed");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let git = |args: &[&str]| {
        let out = std::process::Command::new("git")
            .args(args)
            .current_dir(dir.path())
            .output()
            .expect("git runs");
        assert!(
            out.status.success(),
            "git {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    git(&["init", "-q"]);
    git(&["config", "user.email", "designer@example.com"]);
    git(&["config", "user.name", "Designer"]);
    let textconv = format!("{} textconv", env!("CARGO_BIN_EXE_levelscope"));
    git(&["config", "diff.levelscope.textconv", &textconv]);
    std::fs::write(dir.path().join(".gitattributes"), "*.txt diff=levelscope\n").unwrap();
    write(dir.path(), "level.txt", SKIDDY_CLEAN);
    git(&["add", "."]);
    git(&["commit", "-q", "-m", "a clean level"]);
    write(dir.path(), "level.txt", SKIDDY_DEAD_END);
    let diff = git(&["diff"]);
    assert!(diff.contains("-#oo..#\n+#o...#\n"), "{diff}");
    assert!(diff.contains("-  stars: 3\n"), "{diff}");
    assert!(diff.contains("+  stars: 0\n"), "{diff}");
    assert!(
        diff.contains("+verdict: ☆☆☆ 0 stars — dead end reachable in 4 moves: D L U D"),
        "{diff}"
    );
}

#[test]
fn a_sokoban_edit_that_corners_the_box_is_worse_and_its_lurd_solution_breaks() {
    let dir = tempfile::tempdir().unwrap();
    let a = write(
        dir.path(),
        "open.xsb",
        "#######\n#@    #\n# $ . #\n#     #\n#######\n",
    );
    let b = write(
        dir.path(),
        "cornered.xsb",
        "#######\n#@   $#\n#   . #\n#     #\n#######\n",
    );
    let out = levelscope(&["diff", path(&a), path(&b), "--json"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let diff = json_lines(&out).remove(0);
    assert_eq!(diff["change"], "worse");
    assert_eq!(diff["before"]["kind"], "sokoban");
    assert_eq!(diff["after"]["solvable"], false);
    // The LURD solutions replay on the edited level: with the box gone
    // from the way, every move is a step and the level is not won.
    let solutions = diff["solutions"].as_array().unwrap();
    assert_eq!(
        solutions[0],
        serde_json::json!({"moves": "dRR", "on_after": "not_a_solution", "broken_at": 3, "won_at": null})
    );
    assert_eq!(solutions.len(), 5);
    for s in solutions {
        let letters = s["moves"].as_str().unwrap().len() as u64;
        assert_eq!(s["broken_at"].as_u64(), Some(letters), "{s}");
    }
    let text = stdout(&levelscope(&["diff", path(&a), path(&b)]));
    assert!(
        text.contains("  dRR: every move plays, but the level is not won at the end\n"),
        "{text}"
    );
    assert_eq!(
        diff["cells"],
        serde_json::json!([
            {"x": 5, "y": 1, "before": "floor", "after": "floor with a box"},
            {"x": 2, "y": 2, "before": "floor with a box", "after": "floor"}
        ])
    );
}
