//! Sokoban on the command line as a process: `analyze` (text and JSON),
//! `play` with LURD moves, `convert` both ways, and packs (`pack add` of an
//! XSB collection, stats, dedupe by the board's symmetries, export as
//! `.xsb`). The levels are made in each test; Microban is read from the
//! real levels beside the project (see `common::real_levels`).

use std::path::PathBuf;

use crate::common::real_levels::real_levels;
use crate::common::{json_lines, levelscope, path, stderr};

/// A fresh folder for one test.
fn workdir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "levelscope-sokoban-cli-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn stdout(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A level by hand: pushing the box left from (2, 2) puts it against the
/// left wall, where no goal is; the fewest moves are 6 (`dlUluR`), with 2
/// pushes.
const CORNER: &str = "; Corner\n\n#####\n#  .#\n# $@#\n#   #\n#####\n";

/// Three small levels; the second is the first mirrored left to right.
const COLLECTION: &str = "; Right\n\n#####\n#@$.#\n#####\n\n; Left\nAuthor: a test\n\n#####\n#.$@#\n#####\n\n; Corner\n\n#####\n#  .#\n# $@#\n#   #\n#####\n";

#[test]
fn analyze_says_moves_pushes_deadlocks_and_fatal_pushes() {
    let dir = workdir("analyze");
    let file = dir.join("corner.xsb");
    std::fs::write(&file, CORNER).unwrap();
    let out = levelscope(&["analyze", path(&file)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("solvable in 6 moves and 2 pushes; 4 pushes lead into a deadlock, the first after 1 move: pushing the box at (2, 2) left puts it against the wall where no goal is"),
        "{text}"
    );
    assert!(
        text.contains("shortest 6 moves (dlUluR); fewest pushes 2"),
        "{text}"
    );
    assert!(
        text.contains("dead cells: (1, 1) (1, 2) (1, 3) (2, 3) (3, 3)"),
        "{text}"
    );

    let out = levelscope(&["analyze", "--json", path(&file)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let row = &json_lines(&out)[0];
    assert_eq!(row["kind"], "sokoban");
    assert_eq!(row["states"], 66);
    assert_eq!(row["won_states"], 2);
    assert_eq!(row["dead_ends"], 40);
    assert_eq!(row["traps"], 4);
    assert_eq!(row["first_trap_depth"], 1);
    assert_eq!(row["solvable"], true);
    assert_eq!(row["shortest_moves"], 6);
    assert_eq!(row["min_pushes"], 2);
    assert_eq!(row["solution"], "dlUluR");
    assert!(row["elapsed_ms"].is_u64());
}

#[test]
fn play_takes_lurd_in_any_case_and_shows_the_deadlock() {
    let dir = workdir("play");
    let file = dir.join("corner.xsb");
    std::fs::write(&file, CORNER).unwrap();
    // The solution, written in any case: the board decides step or push.
    let out = levelscope(&["play", path(&file), "DLulUr"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("move 1: d (steps down)"), "{text}");
    assert!(text.contains("move 3: U (pushes a box up)"), "{text}");
    assert!(
        text.ends_with("won in 6 moves and 2 pushes: dlUluR\n"),
        "{text}"
    );

    // One push left dooms the level; a move into the wall is no move.
    let out = levelscope(&["play", path(&file), "L l"]);
    let text = stdout(&out);
    assert!(
        text.contains(
            "move 1: L (pushes a box left)\n#####\n#  .#\n#$@ #\n#   #\n#####\n  [deadlock"
        ),
        "{text}"
    );
    assert!(
        text.contains("l: nothing moves"),
        "the box is against the wall: {text}"
    );
    assert!(
        text.ends_with("not won: 1 box off a goal after 1 move\n"),
        "{text}"
    );

    let out = levelscope(&["play", path(&file), "lx"]);
    assert_eq!(out.status.code(), Some(2), "a usage error");
    assert!(
        stderr(&out).contains("unknown move 'x'"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn convert_goes_both_ways_and_keeps_the_title() {
    let dir = workdir("convert");
    let xsb = dir.join("corner.xsb");
    std::fs::write(&xsb, CORNER).unwrap();
    let json = dir.join("corner.json");
    let back = dir.join("back.xsb");
    let out = levelscope(&["convert", path(&xsb), "--to", "json", "--out", path(&json)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let value: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(value["kind"], "sokoban");
    assert_eq!(value["name"], "Corner");
    let out = levelscope(&["convert", path(&json), "--to", "xsb", "--out", path(&back)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(std::fs::read_to_string(&back).unwrap(), CORNER);
}

#[test]
fn a_collection_adds_every_level_named_by_its_title_and_dedupes_a_mirror() {
    let dir = workdir("pack");
    let file = dir.join("three.xsb");
    std::fs::write(&file, COLLECTION).unwrap();
    let pack = dir.join("p.json");
    let out = levelscope(&["pack", "add", path(&pack), path(&file)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let said = stdout(&out);
    assert!(
        said.contains("added \"Left\" from ") && said.contains("three.xsb as level 1 (solvable"),
        "each level is said by its title: {said}"
    );
    let stored: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&pack).unwrap()).unwrap();
    let names: Vec<&str> = stored["levels"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["level"]["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Right", "Left", "Corner"]);

    let out = levelscope(&["pack", "dedupe", path(&pack), "--json"]);
    assert_eq!(json_lines(&out)[0]["groups"], serde_json::json!([[0, 1]]));

    let out = levelscope(&["pack", "stats", path(&pack)]);
    let text = stdout(&out);
    assert!(
        text.contains(
            "analysed levels that push boxes: 3, 3 solvable; fewest pushes: 1 to 2, median 1"
        ),
        "{text}"
    );
    let out = levelscope(&["pack", "stats", "--json", path(&pack)]);
    let row = &json_lines(&out)[0];
    assert_eq!(row["pushes"]["solvable"], 3);
    assert_eq!(row["pushes"]["min_pushes"]["max"], 2);

    let folder = dir.join("out");
    let sheet = dir.join("sheet.png");
    let out = levelscope(&[
        "pack",
        "export",
        path(&pack),
        "--ascii",
        path(&folder),
        "--sheet",
        path(&sheet),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let corner = std::fs::read_to_string(folder.join("002-corner.xsb")).unwrap();
    assert_eq!(corner, CORNER, "export --ascii writes XSB with the title");
    assert!(std::fs::metadata(&sheet).unwrap().len() > 0);
}

#[test]
fn pack_add_of_microban_makes_155_levels() {
    let Some(dir) = real_levels("pack_add_of_microban_makes_155_levels", "sokoban") else {
        return;
    };
    let work = workdir("microban");
    let pack = work.join("m.json");
    // A small budget: the test is about reading, not exploring.
    let out = levelscope(&[
        "pack",
        "add",
        "--max-states",
        "200",
        path(&pack),
        path(&dir.join("microban_155.xsb")),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let stored: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&pack).unwrap()).unwrap();
    let levels = stored["levels"].as_array().unwrap();
    assert_eq!(levels.len(), 155);
    assert!(levels.iter().all(|l| l["level"]["kind"] == "sokoban"));
    assert_eq!(levels[0]["level"]["name"], "1");
    assert_eq!(levels[154]["level"]["name"], "155");
}

/// `pack check` judges a Sokoban level by Sokoban's rule of a fair level:
/// it must be solvable. Its deadlocks are the puzzle (nearly every level
/// has them), so a level with deadlocks passes, and a level whose box
/// starts in a corner off its goal fails, saying why.
#[test]
fn pack_check_fails_an_unsolvable_level_and_passes_one_with_deadlocks() {
    let dir = workdir("check");
    let levels = dir.join("levels.xsb");
    std::fs::write(
        &levels,
        format!("{CORNER}\n; Stuck\n\n#####\n#$ .#\n#@  #\n#####\n"),
    )
    .unwrap();
    let pack = dir.join("p.json");
    let out = levelscope(&["pack", "add", path(&pack), path(&levels)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let out = levelscope(&["pack", "check", path(&pack)]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("ok      0 Corner"), "{text}");
    assert!(
        text.contains("FAIL    1 Stuck: unsolvable: no sequence of moves puts every box on a goal"),
        "{text}"
    );
    assert!(text.contains("2 levels, 1 failing"), "{text}");
}
