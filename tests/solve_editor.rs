//! The editor's Solve on a Sokoban level too big to explore whole (its
//! analysis stopped by a tiny state budget): kittest flows through the
//! whole editor that click Solve and read the result card (the solution
//! with its moves and pushes, proved optimal, replayed on the board),
//! Cancel ("cancelled", no solution), a time limit that runs out ("no
//! solution found", never "unsolvable"), a level proved unsolvable, and an
//! edit that stops the solve; and the Solve section alone on a harness.

use std::time::{Duration, Instant};

use egui::Key;
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;

use crate::common::editor::{editor, open_file, wait_for_analysis, HANG};
use crate::common::sokoban::replays_to_a_win;
use levelscope::engine::Job;
use levelscope::gui::app::{EditorApp, Showing};
use levelscope::gui::commands::Command;
use levelscope::gui::past_budget::{SolveEnd, SolveStop};
use levelscope::gui::views::solve_card::{SolvePanel, SolveShown};
use levelscope::kinds::sokoban::{analyze, read_xsb_one};
use levelscope::kinds::Kind;

/// The editor's lowest position budget: the solved levels have more
/// positions than this.
const BUDGET: u64 = 1_000;

/// Three boxes in a room: more than [`BUDGET`] positions, solved in 12
/// pushes at the fewest.
const THREE: &str =
    "; Three\n\n#########\n#@      #\n# $  $  #\n#   $   #\n#  ##   #\n#.   . .#\n#########\n";

/// Twelve boxes in an open room and a thirteenth in a corridor below,
/// which the player reaches only from the left: it can be pushed right,
/// never left to its goal. No pruning sees it, so the solver searches the
/// room's positions without end (it is stopped by its time limit or a
/// cancel, never by running dry).
const STUCK: &str = "; Stuck\n\n###########\n#@        #\n# $ $ $   #\n#  $ $ $  #\n# $ $ $   #\n#  $ $ $  #\n#         #\n#........ #\n#....     #\n#  ########\n## ####\n#. $ #\n######\n";

/// Two boxes in a room and a third in the corridor below, as in
/// [`STUCK`], which can never reach its goal: more than [`BUDGET`]
/// positions, and the solver's search runs dry at once (proved
/// unsolvable).
const TWO_STUCK: &str = "; Two stuck\n\n#########\n#@      #\n# $  $  #\n#       #\n#  ##   #\n#.   .  #\n#  ######\n## ####\n#. $ #\n######\n";

/// The editor on `text`, opened as a file, its analysis stopped "too big"
/// by the lowest budget.
fn too_big(text: &str) -> Harness<'static, EditorApp> {
    let mut harness = editor();
    harness.state_mut().prefs_mut().max_positions = BUDGET;
    open_file(&mut harness, "level.xsb", text);
    harness.get_by_label_contains(&format!("too big: stopped after {BUDGET} positions"));
    harness
}

/// Steps the window until the solve has delivered its answer and the
/// editor has collected it: each round blocks on the worker's answer (not
/// on a clock); a hang fails after [`HANG`].
fn wait_for_solve(harness: &mut Harness<'static, EditorApp>) {
    let deadline = Instant::now() + HANG;
    loop {
        harness.step();
        if !harness.state().past_budget().worker.is_running() {
            harness.step();
            return;
        }
        let left = deadline.saturating_duration_since(Instant::now());
        assert!(
            harness
                .state_mut()
                .past_budget_mut()
                .worker
                .wait_for_result(left)
                && !left.is_zero(),
            "the solve did not end within {HANG:?}"
        );
    }
}

/// The answer the editor collected.
fn end_of(harness: &Harness<'static, EditorApp>) -> SolveEnd {
    match &harness.state().past_budget().answer {
        Some(Ok(answer)) => answer.end.clone(),
        other => panic!("no answer: {other:?}"),
    }
}

/// No label of the window says "unsolvable", in any case.
fn says_unsolvable(harness: &Harness<'static, EditorApp>) -> bool {
    harness.query_by_label_contains("nsolvable").is_some()
}

#[test]
fn solve_shows_the_solution_with_its_moves_and_pushes_proved_optimal_and_replays_it() {
    let mut harness = too_big(THREE);
    harness.get_by_label("Solve").click();
    harness.step();
    wait_for_solve(&mut harness);
    let SolveEnd::Solved(found) = end_of(&harness) else {
        panic!("not solved: {:?}", end_of(&harness));
    };
    assert!(
        replays_to_a_win(&read_xsb_one(THREE).unwrap(), &found.moves),
        "{}",
        found.moves
    );
    // The fewest pushes, as the whole analysis of the level counts them.
    let full = analyze(&read_xsb_one(THREE).unwrap(), &Job::default()).unwrap();
    let pushes = found.moves.chars().filter(char::is_ascii_uppercase).count();
    assert_eq!(Some(pushes as u32), full.report.min_pushes);
    harness.get_by_label_contains("Solved in");
    harness.get_by_label(&format!("{} moves, {pushes} pushes", found.moves.len()));
    harness.get_by_label("proved optimal");
    assert!(harness.query_by_label("not proved optimal").is_none());
    harness.get_by_label(&found.moves);
    harness.get_by_label_contains("dead cells (hatched on the board)");
    harness.get_by_label_contains("found and pruned");
    assert!(!says_unsolvable(&harness));

    // Replay: the board plays the solution, as a listed solution's replay.
    harness.get_by_label("Replay").click();
    harness.step();
    assert!(matches!(harness.state().showing(), Some(Showing::Replay)));
    harness.get_by_label_contains("Solver's solution");
    harness.key_press(Key::Space);
    for _ in 0..found.moves.len() {
        harness.key_press(Key::ArrowRight);
    }
    harness.step();
    harness.get_by_label("won: every box is on a goal");
    assert!(
        matches!(harness.state().showing(), Some(Showing::Replay)),
        "the replay stays on the board"
    );
    harness.key_press(Key::Escape);
    harness.step();
    assert!(harness.state().showing().is_none());
}

#[test]
fn cancel_stops_the_solve_and_says_cancelled_with_no_solution() {
    let mut harness = too_big(STUCK);
    harness.get_by_label("Solve").click();
    harness.step();
    harness.step();
    assert!(harness.state().past_budget().worker.is_running());
    harness.get_by_label_contains("positions searched");
    harness.get_by_label_contains(" s of 60 s");
    // The editor draws while it runs: the board is there.
    harness.get_by_label("Board");
    harness.get_by_label("Cancel").click();
    harness.step();
    wait_for_solve(&mut harness);
    assert_eq!(end_of(&harness), SolveEnd::NotFound(SolveStop::Cancelled));
    harness.get_by_label_contains("Cancelled after");
    assert!(harness.query_by_label("Replay").is_none());
    assert!(harness.query_by_label_contains("proved optimal").is_none());
    assert!(!says_unsolvable(&harness));
    // What it found until the cancel is still shown.
    harness.get_by_label_contains("dead cells (hatched on the board)");
}

#[test]
fn a_time_limit_that_runs_out_says_no_solution_found_never_unsolvable() {
    let mut harness = too_big(STUCK);
    harness.get_by_label("Time limit").set_value_accesskit(0.0);
    harness.step();
    assert_eq!(harness.state().past_budget().panel.seconds, 0);
    harness.get_by_label("Solve").click();
    harness.step();
    wait_for_solve(&mut harness);
    assert_eq!(end_of(&harness), SolveEnd::NotFound(SolveStop::TimeLimit));
    harness.get_by_label_contains("No solution found in");
    harness.get_by_label_contains("stopped by the time limit");
    assert!(harness.query_by_label("Replay").is_none());
    assert!(!says_unsolvable(&harness));
    // Solve can run again.
    harness.get_by_label("Solve");
}

#[test]
fn a_level_the_solver_proves_unsolvable_says_so() {
    let mut harness = too_big(TWO_STUCK);
    harness.get_by_label("Solve").click();
    harness.step();
    wait_for_solve(&mut harness);
    assert_eq!(end_of(&harness), SolveEnd::Unsolvable);
    harness.get_by_label_contains("Unsolvable: proved by a search that ran dry");
    assert!(harness.query_by_label("Replay").is_none());
}

#[test]
fn editing_the_level_stops_the_solve_and_forgets_it() {
    let mut harness = too_big(STUCK);
    harness.get_by_label("Solve").click();
    harness.step();
    assert!(harness.state().past_budget().worker.is_running());
    // Take the corridor's box away and its goal with it: another level.
    let edited = STUCK.replace("#. $ #", "#    #");
    let level = levelscope::kinds::Level::from(read_xsb_one(&edited).unwrap());
    harness
        .state_mut()
        .apply(Command::edit("Remove the corridor's box", level));
    harness.step();
    let solve = &harness.state().past_budget();
    assert!(!solve.worker.is_running(), "the edit stops the solve");
    assert!(solve.answer.is_none() && solve.level.is_none());
    wait_for_analysis(&mut harness);
    harness.get_by_label("Solve");
    assert!(harness
        .query_by_label_contains("positions searched")
        .is_none());
}

#[test]
fn only_a_kind_with_a_solver_past_the_budget_offers_solve() {
    use levelscope::gui::kinds::solves_past_budget;
    for kind in Kind::ALL {
        assert_eq!(solves_past_budget(kind), kind == Kind::Sokoban, "{kind:?}");
    }
    // A level of another kind too big to explore says so, with no Solve.
    let mut harness = editor();
    harness.state_mut().prefs_mut().max_states = 1_000;
    harness.state_mut().open_pack_entry(5);
    harness.step();
    wait_for_analysis(&mut harness);
    harness.get_by_label_contains("too big: stopped after");
    assert!(harness.query_by_label("Solve").is_none());
}

#[test]
fn the_solve_section_alone_asks_to_solve_within_its_time_limit() {
    let mut asked = Vec::new();
    let mut panel = SolvePanel::default();
    assert_eq!(panel.seconds, 60, "a minute by default");
    panel.seconds = 5;
    let mut harness = Harness::new_ui(|ui| {
        let shown = SolveShown {
            progress: None,
            limit: Duration::ZERO,
            searched: "positions",
            answer: None,
        };
        asked.extend(panel.show(ui, &shown));
    });
    harness.get_by_label("Solve").click();
    harness.run();
    drop(harness);
    assert_eq!(
        asked,
        vec![Command::Solve {
            time_limit: Duration::from_secs(5)
        }]
    );
}
