//! Sokoban's own effort metric (issue 41, `docs/effort.md`): the boxes the
//! solution `analyze` prints must push off a goal — a move away from the
//! goal by Sokoban's natural measure of progress (boxes on goals).

use serde_json::{json, Value};

use crate::effort::terms::{FARTHEST, SHORTEST, TRAPS_NEAR_START};
use crate::effort::{EffortModel, Term, Transform};

/// The pushes of the solution that take a box off a goal: the move a
/// player least expects. Half a point each, chosen, not fitted.
pub const GOAL_LEAVES: Term = Term {
    metric: "goal_leaves",
    transform: Transform::Linear,
    weight: 0.5,
    words: ("1 box must leave a goal", "{} boxes must leave a goal"),
};

/// Sokoban's effort model, relative (not calibrated on players): the Rush
/// Hour study's weights on the shortest solution and the farthest distance
/// from a win, the traps (deadlocking pushes) near the start and the boxes
/// that must leave a goal (`docs/effort.md`).
pub const EFFORT_MODEL: EffortModel = EffortModel {
    base: 0.0,
    terms: &[SHORTEST, FARTHEST, TRAPS_NEAR_START, GOAL_LEAVES],
    calibration: None,
};

use super::Analysis;

/// The pushes along `moves` (played from the start) that move a box off a
/// goal: the box stood on a goal before the push, whether or not the cell
/// it is pushed to is a goal too. The count stops at the first move that
/// leads to no state.
pub fn goal_leaves(analysis: &Analysis, moves: &[u8]) -> u32 {
    let mut game = super::PlayState::new(analysis.rules.clone());
    let mut leaves = 0;
    for &mv in moves {
        let Some(dir) = super::Dir::from_index(mv as usize) else {
            break;
        };
        let before = game.position().clone();
        match game.play(dir) {
            Some(super::MoveKind::Push) => {
                let after = game.position();
                let moved_from = before.boxes.iter().find(|b| !after.boxes.contains(b));
                leaves += u32::from(moved_from.is_some_and(|&b| analysis.rules.is_goal(b)));
            }
            Some(super::MoveKind::Step) => {}
            None => break,
        }
    }
    leaves
}

/// The Sokoban metric of `analyze --json`'s `effort.metrics`:
/// `goal_leaves` ([`goal_leaves`]) along the first shortest solution (the
/// one `analyze` prints); `null` when the level is unsolvable.
pub fn effort_metrics(analysis: &Analysis) -> Vec<(&'static str, Value)> {
    let leaves = analysis.report.solution.as_ref().map(|lurd| {
        let moves: Vec<u8> = lurd
            .chars()
            .filter_map(super::Dir::from_lurd)
            .map(|d| d.index() as u8)
            .collect();
        goal_leaves(analysis, &moves)
    });
    vec![("goal_leaves", json!(leaves))]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Job;
    use crate::kinds::sokoban::rules::Dir;
    use crate::kinds::sokoban::{analyze, read_xsb_one};

    fn analysed(text: &str) -> Analysis {
        analyze(&read_xsb_one(text).unwrap(), &Job::default()).unwrap()
    }

    #[test]
    fn a_box_on_the_way_in_must_leave_its_goal() {
        // #######   Goals at (4, 1) (with a box) and (5, 1); the other box
        // #@$ *.#   at (2, 1). No box in row 1 can be pushed up or down
        // #     #   (walls above, so no player there), so the box at (2, 1)
        // #######   can only ever reach (4, 1): the box there must first go
        // on to (5, 1), pushed from (3, 1), which the player reaches round
        // row 2 (pushing (2, 1) first sticks it at (3, 1), unsolvable).
        // Every solution pushes one box off a goal once: d r r u R, back
        // round (5 moves), R R — 12 moves.
        let a = analysed("#######\n#@$ *.#\n#     #\n#######\n");
        assert_eq!(a.report.shortest_moves, Some(12));
        assert_eq!(effort_metrics(&a), vec![("goal_leaves", json!(1))]);
    }

    #[test]
    fn a_solution_that_never_moves_a_placed_box_leaves_no_goal() {
        // The box goes right onto the goal: d R.
        let a = analysed("#####\n#@  #\n# $.#\n#  ##\n####\n");
        assert_eq!(effort_metrics(&a), vec![("goal_leaves", json!(0))]);
    }

    #[test]
    fn pushes_are_counted_along_any_move_string() {
        // Played by hand on the corridor level: d r r u R pushes the box
        // off the goal at (4, 1) onto (5, 1); L is then a step back (no
        // push), so one leave; a move into the wall (U) leads to no state
        // and ends the count.
        let a = analysed("#######\n#@$ *.#\n#     #\n#######\n");
        let lurd = |s: &str| -> Vec<u8> {
            s.chars()
                .map(|c| Dir::from_lurd(c).unwrap().index() as u8)
                .collect()
        };
        assert_eq!(goal_leaves(&a, &lurd("drruRl")), 1);
        assert_eq!(goal_leaves(&a, &lurd("drru")), 0);
        assert_eq!(goal_leaves(&a, &lurd("uR")), 0);
    }

    #[test]
    fn an_unsolvable_level_has_no_count() {
        // The box against the left wall can never be pushed right.
        let a = analysed("#####\n#$@.#\n#####\n");
        assert!(!a.report.solvable);
        assert_eq!(effort_metrics(&a), vec![("goal_leaves", Value::Null)]);
    }
}
