//! Prism's generators: the spanning tree in 3D and the early guess-and-test
//! method, through the library and as a process (`generate prism`).
//!
//! The tree's guarantees are checked on many seeds and sizes with a 3D
//! model walked here from the written level, independently of the
//! generator's own union-find: from the start place the model is a tree;
//! every position the player can reach is a place of it (so the level
//! plays as it was carved); the level is solvable; and the exit is the
//! empty-or-switch cell farthest from the start.

use std::collections::{HashSet, VecDeque};
use std::path::PathBuf;
use std::process::{Command, Output};

use levelscope::engine::Job;
use levelscope::kinds::prism::generate::model::{open_floors, StartComponent};
use levelscope::kinds::prism::generate::{generate, GenerateOptions, Method};
use levelscope::kinds::prism::{analyze, read_2016, Cell, Dir, Level, Rules};

/// The tree level of these options.
fn tree(width: usize, height: usize, seed: u64, switches: u8) -> Level {
    let options = GenerateOptions {
        switch_colours: switches,
        ..GenerateOptions::new(width, height, seed)
    };
    generate(&options, &Job::default()).unwrap().level
}

/// The early level of these options.
fn early(width: usize, height: usize, seed: u64, difficulty: Option<u32>) -> Level {
    let options = GenerateOptions {
        method: Method::Early,
        difficulty,
        ..GenerateOptions::new(width, height, seed)
    };
    generate(&options, &Job::default()).unwrap().level
}

/// Every (cell, background) the player can reach by playing.
fn playable_positions(level: &Level) -> HashSet<((usize, usize), u8)> {
    let rules = Rules::compile(level).unwrap();
    let start = (rules.start_cell(), rules.start_background());
    let mut seen = HashSet::from([start]);
    let mut queue = VecDeque::from([start]);
    while let Some((cell, bg)) = queue.pop_front() {
        if cell == rules.exit_cell() {
            continue;
        }
        for dir in Dir::ALL {
            if let Some(next) = rules.player_step(cell, bg, dir) {
                if seen.insert(next) {
                    queue.push_back(next);
                }
            }
        }
    }
    seen.into_iter()
        .map(|(cell, bg)| (rules.xy(cell), bg))
        .collect()
}

/// Checks the tree method's guarantees on one level.
fn check_tree_level(level: &Level, what: &str) {
    assert!(level.is_valid(), "{what}: {:?}", level.problems());
    assert!(level.enemies.is_empty());
    let model = StartComponent::of(level);
    assert!(
        model.is_tree(),
        "{what}: {} places, {} edges",
        model.places(),
        model.edges()
    );
    for (cell, bg) in playable_positions(level) {
        assert!(
            model.place_distance(cell, bg).is_some(),
            "{what}: the player reaches {cell:?} on background {bg}, off the carved model"
        );
        assert!(open_floors(level.cell(cell.0, cell.1)) & (1 << bg) != 0);
    }
    let rules = Rules::compile(level).unwrap();
    assert!(
        rules
            .way_without_enemies(rules.start_cell(), rules.start_background())
            .is_some(),
        "{what}: unsolvable"
    );
    let (ex, ey) = level.exit;
    assert_eq!(level.cell(ex, ey), Cell::Empty, "{what}: the exit is empty");
    let exit = model
        .cell_distance(level.exit)
        .expect("the exit is in the tree");
    for y in 0..level.height() {
        for x in 0..level.width() {
            if matches!(level.cell(x, y), Cell::Block(_)) {
                continue;
            }
            if let Some(d) = model.cell_distance((x, y)) {
                assert!(
                    d <= exit,
                    "{what}: ({x}, {y}) is {d} from the start, the exit only {exit}"
                );
            }
        }
    }
}

#[test]
fn tree_levels_are_trees_play_as_carved_are_solvable_and_end_farthest() {
    let sizes = [
        (2, 2),
        (2, 7),
        (3, 3),
        (5, 4),
        (8, 8),
        (13, 7),
        (20, 20),
        (37, 23),
    ];
    for (i, &(w, h)) in sizes.iter().enumerate() {
        for seed in 0..25u64 {
            // Every non-empty set of switch colours, in turn.
            let switches = 1 + ((seed + i as u64) % 7) as u8;
            let level = tree(w, h, seed, switches);
            check_tree_level(&level, &format!("{w}x{h} seed {seed} switches {switches}"));
            for cell in level.cells() {
                if let Cell::Switch(c) = cell {
                    assert!(switches & c.0 != 0, "a switch of a colour not allowed");
                }
            }
        }
    }
}

#[test]
fn a_large_tree_level_keeps_its_guarantees() {
    let level = tree(200, 150, 9, 7);
    check_tree_level(&level, "200x150 seed 9");
}

#[test]
fn small_tree_levels_are_solvable_by_the_engine() {
    for seed in 0..20 {
        let level = tree(6, 5, seed, 7);
        let analysis = analyze(&level, &Job::default()).unwrap();
        assert!(analysis.summary.any.shortest.is_some(), "seed {seed}");
        assert!(analysis.rating.difficulty.is_some());
    }
}

#[test]
fn without_dead_ends_the_analysis_finds_none() {
    for seed in 0..6 {
        let options = GenerateOptions {
            no_dead_ends: true,
            ..GenerateOptions::new(8, 8, seed)
        };
        let generated = generate(&options, &Job::default()).unwrap();
        assert!(generated.tries >= 1);
        let analysis = analyze(&generated.level, &Job::default()).unwrap();
        assert_eq!(analysis.summary.dead_ends, 0, "seed {seed}");
        check_tree_level(&generated.level, "no dead ends");
    }
}

#[test]
fn the_same_seed_gives_the_same_level() {
    assert_eq!(tree(30, 20, 5, 7), tree(30, 20, 5, 7));
    assert_ne!(tree(30, 20, 5, 7), tree(30, 20, 6, 7));
    assert_eq!(early(6, 6, 5, None), early(6, 6, 5, None));
    assert_ne!(early(6, 6, 5, None), early(6, 6, 6, None));
}

#[test]
fn early_levels_are_solvable_and_full_of_blocks() {
    for seed in 0..6 {
        let level = early(6, 5, seed, None);
        assert!(level.is_valid());
        let analysis = analyze(&level, &Job::default()).unwrap();
        assert!(analysis.summary.any.shortest.is_some(), "seed {seed}");
        let blocks = level
            .cells()
            .iter()
            .filter(|c| matches!(c, Cell::Block(_)))
            .count();
        assert!(blocks >= 5, "seed {seed}: {blocks} blocks");
    }
}

/// The mean distance of the early generator's scores from `target`, with
/// and without steering towards it.
fn distances_to(target: u32, seeds: u64) -> (f64, f64) {
    let score = |level: Level| -> u32 {
        analyze(&level, &Job::default())
            .unwrap()
            .rating
            .difficulty
            .unwrap()
    };
    let mean = |steer: Option<u32>| -> f64 {
        (0..seeds)
            .map(|seed| score(early(6, 6, seed, steer)).abs_diff(target) as f64)
            .sum::<f64>()
            / seeds as f64
    };
    (mean(None), mean(Some(target)))
}

#[test]
fn difficulty_steering_moves_the_score_towards_the_target() {
    for target in [4, 60] {
        let (free, steered) = distances_to(target, 8);
        assert!(
            steered < free,
            "difficulty {target}: {steered} from it steered, {free} without"
        );
    }
}

/// Runs levelscope with `args` (and `RAYON_NUM_THREADS=threads`).
fn run(args: &[&str], threads: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_levelscope"))
        .args(args)
        .env("RAYON_NUM_THREADS", threads)
        .output()
        .expect("the binary runs")
}

/// A fresh, empty folder for one test.
fn workdir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "levelscope-prism-gen-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn the_cli_writes_the_2016_format_and_the_same_bytes_on_any_threads() {
    let dir = workdir("bytes");
    let (a, b) = (dir.join("a.txt"), dir.join("b.txt"));
    for (path, threads) in [(&a, "1"), (&b, "2")] {
        let out = run(
            &[
                "generate",
                "prism",
                "--width",
                "30",
                "--height",
                "20",
                "--seed",
                "7",
                "--out",
                path.to_str().unwrap(),
            ],
            threads,
        );
        assert!(out.status.success(), "{}", stderr(&out));
    }
    let text = std::fs::read_to_string(&a).unwrap();
    assert_eq!(text, std::fs::read_to_string(&b).unwrap());
    assert!(text.starts_with("30 20\n0\n"), "{text}");
    let level = read_2016(&text).unwrap();
    check_tree_level(&level, "the written level");
    let mut alone = tree(30, 20, levelscope::kinds::batch_seed::batch_seed(7, 0), 7);
    alone.name.clear();
    assert_eq!(
        level.cells(),
        alone.cells(),
        "level 0 is its batch seed's level"
    );
}

#[test]
fn the_cli_writes_a_pack_the_same_on_any_threads() {
    let dir = workdir("pack");
    std::fs::create_dir_all(dir.join("a")).unwrap();
    std::fs::create_dir_all(dir.join("b")).unwrap();
    let (a, b) = (dir.join("a/levels.json"), dir.join("b/levels.json"));
    for (path, threads) in [(&a, "1"), (&b, "2")] {
        let out = run(
            &[
                "generate",
                "prism",
                "--width",
                "8",
                "--height",
                "6",
                "--seed",
                "3",
                "--count",
                "4",
                "--method",
                "early",
                "--switch-colours",
                "red,b",
                "--out",
                path.to_str().unwrap(),
            ],
            threads,
        );
        assert!(out.status.success(), "{}", stderr(&out));
    }
    let text = std::fs::read_to_string(&a).unwrap();
    assert_eq!(text, std::fs::read_to_string(&b).unwrap());
    let pack: serde_json::Value = serde_json::from_str(&text).unwrap();
    let levels = pack["levels"].as_array().unwrap();
    assert_eq!(levels.len(), 4);
    for (i, entry) in levels.iter().enumerate() {
        assert_eq!(entry["level"]["name"], format!("gen-3-{i}"), "{entry}");
        assert!(entry["summary"]["shortest"].as_u64().is_some(), "{entry}");
        assert!(entry["summary"]["difficulty"].as_u64().is_some(), "{entry}");
        let cells = entry["level"]["cells"].to_string();
        assert!(!cells.contains("\"switch\":\"green\""), "no green switch");
    }
}

#[test]
fn bad_options_answer_with_a_clear_error_and_no_file() {
    let dir = workdir("bad");
    let out_txt = dir.join("x.txt");
    let out = out_txt.to_str().unwrap();
    let cases: [(&[&str], &str); 8] = [
        (&["--width", "0", "--height", "5"], "a 0x5 board has no cells"),
        (&["--width", "1", "--height", "1"], "a 1x1 board is too small"),
        (
            &["--width", "5000", "--height", "5000", "--max-memory", "100M"],
            "too big: generating a 5000x5000 level needs about 3.0 GiB of memory (budget 100.0 MiB); raise it with --max-memory",
        ),
        (
            &["--width", "5000", "--height", "5000", "--max-memory", "8G"],
            "a 5000x5000 board is too big; each side must be 2 to 1000 cells",
        ),
        (&["--switch-colours", ""], "no switch colour is allowed"),
        (&["--count", "3"], "a .txt file holds one level"),
        (&["--method", "early", "--width", "30", "--height", "30"], "at most 576 cells"),
        (&["--difficulty", "20"], "add --method early"),
    ];
    for (args, message) in cases {
        let mut all = vec!["generate", "prism"];
        all.extend_from_slice(args);
        all.extend_from_slice(&["--out", out]);
        let output = run(&all, "2");
        let text = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {text}");
        assert!(text.contains(message), "{args:?}: {text}");
        assert!(!text.contains("panicked"), "{text}");
        assert!(!out_txt.exists(), "{args:?} wrote a file");
    }
    for (args, message) in [
        (["--method", "spiral"], "unknown method \"spiral\""),
        (
            ["--switch-colours", "yellow"],
            "yellow cannot be a switch colour",
        ),
    ] {
        let mut all = vec!["generate", "prism"];
        all.extend_from_slice(&args);
        all.extend_from_slice(&["--out", out]);
        let output = run(&all, "2");
        assert_eq!(output.status.code(), Some(2));
        assert!(stderr(&output).contains(message), "{}", stderr(&output));
    }
}

#[test]
fn the_editor_generates_a_prism_level_through_the_dialog() {
    use crate::common::editor::{editor, wait_for_analysis, HANG};
    use egui_kittest::kittest::Queryable;

    let mut harness = editor();
    let documents = harness.state().docs().len();
    // The menu bar comes first; the Level section's heading has the same
    // name.
    harness
        .get_all_by_label("Level")
        .next()
        .expect("the Level menu")
        .click();
    harness.run();
    harness.get_by_label("Generate…").click();
    harness.run();
    harness.get_by_label("Prism").click();
    harness.run();
    harness.get_by_label("Only levels without dead ends");
    harness.get_by_label("Method");
    harness.get_by_label("Generate").click();
    harness.step();
    // Waits for the batch's outcome, not for a clock.
    let dialog = &mut harness.state_mut().generate_mut();
    assert!(dialog.is_running(), "Generate started a batch");
    assert!(
        dialog.wait_for_batch(HANG),
        "the batch did not finish within {HANG:?}"
    );
    harness.run();
    harness.get_by_label_contains("Done: kept 10 of 10 levels");
    harness.get_by_label_contains("10 generations in all");
    harness.get_by_label("Open the 10 ticked levels").click();
    harness.run();
    wait_for_analysis(&mut harness);
    let app = harness.state();
    assert_eq!(app.docs().len(), documents + 10);
    let level = app
        .doc()
        .level
        .as_prism()
        .expect("a Prism level is showing");
    let expected = tree(12, 12, levelscope::kinds::batch_seed::batch_seed(0, 9), 7);
    assert_eq!(level.cells(), expected.cells(), "the last level of seed 0");
    assert_eq!(
        level.name, "prism-12x12-s0-10",
        "kind, size, seed and place"
    );
    check_tree_level(level, "generated in the editor");
}
