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
    // and D keep the distance (2): a hidden decision. No move leads into a
    // dead end (there is none), so no decision point. Depths 0, 1, 2 hold
    // 1 + 3 + 4 states. Every one of the 10 states is at most 2 moves from
    // a win.
    let r = row_of("assets/1-1.txt");
    assert_eq!(
        r["effort"]["metrics"],
        json!({
            "shortest": 2,
            "shortest_solutions": 1,
            "decision_points": 0,
            "hidden_decision_points": 1,
            "states_within_solution_depth": 8,
            "first_trap_depth": null,
            "traps_within_first_k": 0,
            "fatal_first_moves_share": 0.0,
            "farthest": 2,
            "combo_moves": 1,
            "combo_breaks": 0,
        }),
        "{r}"
    );
    // Skiddy's relative score: log2 2 · w_shortest + log2 2 · w_farthest,
    // no trap.
    let w =
        levelscope::effort::fitted::SHORTEST_WEIGHT + levelscope::effort::fitted::FARTHEST_WEIGHT;
    assert_eq!(r["effort"]["calibrated"], false);
    assert!(
        (r["effort"]["score"].as_f64().unwrap() - w).abs() < 1e-4,
        "{r}"
    );
    assert_eq!(r["effort"]["contributions"]["traps_within_first_k"], 0.0);
    assert!(r["effort"].get("predicted_player_moves").is_none());
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
        r["effort"]["metrics"],
        json!({
            "shortest": 2,
            "shortest_solutions": 1,
            "decision_points": 0,
            "hidden_decision_points": 0,
            "states_within_solution_depth": 7,
            "first_trap_depth": 2,
            "traps_within_first_k": 1,
            "fatal_first_moves_share": 0.0,
            "farthest": 5,
            "goal_leaves": 0,
        }),
        "{r}"
    );
    // One trap near the start adds half a point (0.5 · log2(1 + 1)).
    assert_eq!(r["effort"]["contributions"]["traps_within_first_k"], 0.5);
    assert_eq!(r["effort"]["contributions"]["goal_leaves"], 0.0);
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
    // No score without a solution: only the metrics.
    assert_eq!(r["effort"]["score"], Value::Null, "{r}");
    assert_eq!(
        r["effort"]["metrics"],
        json!({
            "shortest": null,
            "shortest_solutions": 0,
            "decision_points": 0,
            "hidden_decision_points": 0,
            "states_within_solution_depth": null,
            "first_trap_depth": null,
            "traps_within_first_k": 0,
            "fatal_first_moves_share": null,
            "farthest": null,
            "combo_moves": null,
            "combo_breaks": null,
        }),
        "{r}"
    );
}

/// The JSON row of `analyze --json` of `text` saved as `name`.
fn row_of_text(name: &str, text: &str) -> Value {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join(name);
    std::fs::write(&file, text).unwrap();
    row_of(path(&file))
}

#[test]
fn tangram_has_only_its_search_metrics() {
    // A 1 x 1 board and four one-triangle shapes, each a different
    // triangle of the square: each has one place (forced), one solution,
    // and the search tries each shape's one row once (4 nodes).
    let r = row_of_text(
        "square.txt",
        "1\n4\nshape\n0,0,0\nshape\n0,0,1\nshape\n0,0,2\nshape\n0,0,3\n",
    );
    assert_eq!(r["kind"], "tangram");
    assert_eq!(
        r["effort"]["metrics"],
        json!({"solutions": 1, "forced_placements": 4, "search_nodes": 4}),
        "{r}"
    );
    // log2(1 + 4) for the nodes, nothing for the one solution.
    assert_eq!(r["effort"]["contributions"]["search_nodes"], 2.3219);
    assert_eq!(r["effort"]["contributions"]["solutions"], 0.0);
}

#[test]
fn rush_hour_counts_the_primary_backing_up() {
    // ....B.   A must leave x 3 so that D can go up out of C's way (3 up,
    // ....B.   to rows 0-1), C left 2 out of B's, B down 3 out of A's:
    // ..AAB.   A cannot go right first (B), so every solution backs A up
    // ...D..   once: A-1 D-3 C-2 B+3 A+3. Vehicles right of A on its row:
    // ...DCC   1 (B) until B+3, then 0: never more than before.
    // ......
    let r = row_of_text("backing.txt", "ooooBoooooBoooAABooooDoooooDCCoooooo\n");
    assert_eq!(r["solution"], "A-1 D-3 C-2 B+3 A+3", "{r}");
    let m = &r["effort"]["metrics"];
    assert_eq!(m["primary_backs"], 1, "{r}");
    assert_eq!(m["blocker_increases"], 0, "{r}");
}

#[test]
fn sokoban_counts_a_box_that_must_leave_its_goal() {
    // #######   The box at (2, 1) can only ever reach the goal at (4, 1)
    // #@$ *.#   (no box in row 1 moves up or down), so the box on it must
    // #     #   first go on to (5, 1): one push off a goal, in every
    // #######   solution (12 moves: d r r u R, round row 2, R R).
    let r = row_of_text("corridor.xsb", "#######\n#@$ *.#\n#     #\n#######\n");
    assert_eq!(r["kind"], "sokoban");
    assert_eq!(r["effort"]["metrics"]["shortest"], 12, "{r}");
    assert_eq!(r["effort"]["metrics"]["goal_leaves"], 1, "{r}");
}

#[test]
fn prism_counts_one_switch_and_one_background() {
    // s G g f over blue blocks, on the dark background: R onto the green
    // switch (green), R onto the green block, R to the exit.
    let r = row_of_text("switch.txt", "4 2\n0\ns G g f\nb b b b\n");
    assert_eq!(r["kind"], "prism");
    assert_eq!(r["solution"], "R R R", "{r}");
    let m = &r["effort"]["metrics"];
    assert_eq!(m["switches_pressed"], 1, "{r}");
    assert_eq!(m["background_changes"], 1, "{r}");
}

#[test]
fn rush_hour_agrees_with_the_python_study_where_it_measures_the_same() {
    // `metrics()` of scripts/effort_research.py on these two archive
    // puzzles (an independent breadth-first search in Python) gives
    // shortest_moves, solutions, within_depth and farthest: 15, 1440, 8968,
    // 16 and 6, 360, 3242, 7. Rush Hour has no dead end and no loss. Its
    // primary_back_min and counter_moves_min (the fewest over all shortest
    // solutions; a counter-intuitive move backs the primary up or adds a
    // blocker, never both) are 1, 4 and 0, 0: the solution analyze prints
    // attains both minima on these two puzzles.
    let test = "rush_hour_agrees_with_the_python_study_where_it_measures_the_same";
    for (name, shortest, solutions, within, farthest, backs, counter) in [
        ("prb10166_16.json", 15, 1440, 8968, 16, 1, 4),
        ("prb10206_7.json", 6, 360, 3242, 7, 0, 0),
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
        // No Rush Hour move can spoil the level: no decision point.
        assert_eq!(m["decision_points"], 0, "{name}");
        assert_eq!(m["primary_backs"], backs, "{name}");
        let increases = m["blocker_increases"].as_u64().unwrap();
        assert_eq!(backs + increases, counter, "{name}");
    }
}
