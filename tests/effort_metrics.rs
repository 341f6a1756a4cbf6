//! `analyze --json`'s kind-neutral `effort.metrics` (issue 41), checked
//! against figures worked out by hand on a Skiddy asset, a Sokoban fixture
//! and an unsolvable level, and against the Rush Hour study's own
//! implementation (`scripts/effort_research.py`); Tangram, which has no
//! state graph, has none.

use serde_json::{json, Value};

use crate::common::real_levels::real_level;
use crate::common::{json_lines, levelscope, path, stderr};

/// The one JSON row of `analyze --json FILE`.
fn row_of(file: &str) -> Value {
    let out = levelscope(&["analyze", "--json", file]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let mut rows = json_lines(&out);
    assert_eq!(rows.len(), 1, "{rows:?}");
    rows.remove(0)
}

#[test]
fn skiddy_1_1_has_its_metrics_worked_out_by_hand() {
    // #####   Start: Skiddies at (1, 1) and (3, 1). Up is no move; Left
    // #R.R#   glues them at (1, 1) (2, 1), one move from the win (Down takes
    // #...#   both out); Right glues them at (2, 1) (3, 1) and Down sends one
    // #r###   out leaving (3, 2): both still 2 moves from a win.
    //
    // Only L D takes 2 moves. At the start, L is the one optimal move and R
    // and D keep the distance (2): a decision point, and a hidden one. At
    // (1, 1) (2, 1), D wins and R goes back to distance 2: a decision point,
    // not hidden. Depths 0, 1, 2 hold 1 + 3 + 4 states. No dead end. Every
    // one of the 10 states is at most 2 moves from a win.
    let r = row_of("assets/1-1.txt");
    assert_eq!(
        r["effort"],
        json!({"metrics": {
            "shortest": 2,
            "shortest_solutions": 1,
            "decision_points": 2,
            "hidden_decision_points": 1,
            "states_within_solution_depth": 8,
            "first_trap_depth": null,
            "traps_within_first_k": 0,
            "fatal_first_moves_share": 0.0,
            "farthest": 2,
        }}),
        "{r}"
    );
}

#[test]
fn a_sokoban_corner_has_its_metrics_worked_out_by_hand() {
    // #####   The box at (2, 2) goes right onto the goal from (1, 2): d R,
    // #@  #   the only 2-move solution. Every push but that one is fatal
    // # $.#   (up against the top wall, left against the left wall, down
    // #  ##   into a corner). Start: D is optimal, R (to (2, 1), 3 moves
    // ####    from the win) is not: a decision point; at (1, 2) R wins, U
    // and D go to distance 2: a decision point. No move keeps the distance.
    // Depths 0..=2 hold 1 + 2 + 4 states. The push down from (2, 1) is a
    // trap at move 2; the pushes from (2, 3) and (3, 2) are at move 4. The
    // player at (3, 2) is 4 steps from (1, 2), 5 moves from the win.
    let r = row_of("tests/fixtures/sokoban/own.xsb#0");
    assert_eq!(r["kind"], "sokoban");
    assert_eq!(
        r["effort"],
        json!({"metrics": {
            "shortest": 2,
            "shortest_solutions": 1,
            "decision_points": 2,
            "hidden_decision_points": 0,
            "states_within_solution_depth": 7,
            "first_trap_depth": 2,
            "traps_within_first_k": 1,
            "fatal_first_moves_share": 0.0,
            "farthest": 5,
        }}),
        "{r}"
    );
    // The engine's trap depth and the kind's own agree.
    assert_eq!(
        r["effort"]["metrics"]["first_trap_depth"],
        r["first_trap_depth"]
    );
}

#[test]
fn an_unsolvable_level_has_no_solution_figures() {
    // The Skiddy is walled into the left column; its goal is under the
    // right one. Two states, both dead ends.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("walled.txt");
    std::fs::write(&file, "#####\n#R#.#\n#.#.#\n###r#\n").unwrap();
    let r = row_of(path(&file));
    assert_eq!(r["solvable"], false);
    assert_eq!(
        r["effort"],
        json!({"metrics": {
            "shortest": null,
            "shortest_solutions": 0,
            "decision_points": 0,
            "hidden_decision_points": 0,
            "states_within_solution_depth": null,
            "first_trap_depth": null,
            "traps_within_first_k": 0,
            "fatal_first_moves_share": null,
            "farthest": null,
        }}),
        "{r}"
    );
}

#[test]
fn tangram_has_no_state_graph_metrics() {
    let r = row_of("tests/fixtures/tangram/easy-1.txt");
    assert_eq!(r["kind"], "tangram");
    assert!(r.get("effort").is_none(), "{r}");
}

#[test]
fn rush_hour_agrees_with_the_python_study_where_it_measures_the_same() {
    // `metrics()` of scripts/effort_research.py on these two archive
    // puzzles (an independent breadth-first search in Python) gives
    // shortest_moves, solutions, within_depth and farthest: 15, 1440, 8968,
    // 16 and 6, 360, 3242, 7. Rush Hour has no dead end and no loss.
    let test = "rush_hour_agrees_with_the_python_study_where_it_measures_the_same";
    for (name, shortest, solutions, within, farthest) in [
        ("prb10166_16.json", 15, 1440, 8968, 16),
        ("prb10206_7.json", 6, 360, 3242, 7),
    ] {
        let Some((file, _)) = real_level(test, &format!("rushhour/olieslagers_2024/{name}")) else {
            return;
        };
        let r = row_of(path(&file));
        let m = &r["effort"]["metrics"];
        assert_eq!(m["shortest"], shortest, "{name}: {r}");
        assert_eq!(m["shortest_solutions"], solutions, "{name}");
        assert_eq!(m["states_within_solution_depth"], within, "{name}");
        assert_eq!(m["farthest"], farthest, "{name}");
        assert_eq!(m["first_trap_depth"], Value::Null, "{name}");
        assert_eq!(m["fatal_first_moves_share"], 0.0, "{name}");
        // Every Rush Hour state has moves that do not bring the win
        // closer, so every state of the solution is a decision point in
        // the broad sense.
        assert_eq!(m["decision_points"], shortest, "{name}");
    }
}
