//! Skiddy's own effort metrics (issue 41, `docs/effort.md`): the combos
//! of the solution `analyze` prints, by the rule the rating already uses
//! (RULES.md, "Winning, combos, dead ends"): a colour's combo is kept when
//! all its Skiddies leave in a single move, broken when some leave and
//! others stay.

use serde_json::{json, Value};

use crate::effort::terms::{FARTHEST, SHORTEST, TRAPS_NEAR_START};
use crate::effort::EffortModel;

/// Skiddy's effort model, relative (not calibrated on players): the Rush
/// Hour study's weights on the shortest solution and the farthest distance
/// from a win, and the traps near the start (`docs/effort.md`).
pub const EFFORT_MODEL: EffortModel = EffortModel {
    base: 0.0,
    terms: &[SHORTEST, FARTHEST, TRAPS_NEAR_START],
    calibration: None,
};

use crate::engine::Route;

use super::rules::GONE;
use super::Analysis;

/// The combos along one sequence of moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Combos {
    /// The moves in which every Skiddy of some colour with two or more
    /// Skiddies leaves at once (that colour's max-combo; a lone Skiddy
    /// leaving is no combo).
    pub combo_moves: u32,
    /// The moves after which some colour that was whole (none of its
    /// Skiddies gone) is split: some of its Skiddies gone, others still on
    /// the board. Such a move is what makes a solution no-combo.
    pub combo_breaks: u32,
}

/// The combos along `moves` played from the start; the count stops at the
/// first move that leads to no state.
pub fn combos_along(analysis: &Analysis, moves: &[u8]) -> Combos {
    let skiddy_groups: Vec<_> = analysis
        .rules
        .groups()
        .iter()
        .filter(|g| g.start < analysis.rules.skiddy_count())
        .cloned()
        .collect();
    let gone_counts = |id: u32| -> Vec<usize> {
        let positions = analysis.positions(id);
        skiddy_groups
            .iter()
            .map(|g| positions[g.clone()].iter().filter(|&&p| p == GONE).count())
            .collect()
    };
    let mut combos = Combos::default();
    let states = analysis.states_along(moves);
    for pair in states.windows(2) {
        let (before, after) = (gone_counts(pair[0]), gone_counts(pair[1]));
        let mut kept = false;
        let mut broken = false;
        for ((g, &b), &a) in skiddy_groups.iter().zip(&before).zip(&after) {
            kept |= g.len() >= 2 && b == 0 && a == g.len();
            broken |= b == 0 && a > 0 && a < g.len();
        }
        combos.combo_moves += u32::from(kept);
        combos.combo_breaks += u32::from(broken);
    }
    combos
}

/// The Skiddy metrics of `analyze --json`'s `effort.metrics`, counted along
/// the first shortest solution (the one `analyze` prints as `solution`):
/// `combo_moves` and `combo_breaks` (see [`Combos`]); both `null` when the
/// level is unsolvable.
pub fn effort_metrics(analysis: &Analysis) -> Vec<(&'static str, Value)> {
    let list = analysis.view().solutions(Route::Any, 1);
    let combos = list
        .solutions
        .first()
        .map(|moves| combos_along(analysis, moves));
    vec![
        ("combo_moves", json!(combos.map(|c| c.combo_moves))),
        ("combo_breaks", json!(combos.map(|c| c.combo_breaks))),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Job;
    use crate::kinds::skiddy::{analyze, parse_level};

    const LEVEL_1_1: &str = "#####\n#R.R#\n#...#\n#r###\n";

    fn analysed(text: &str) -> Analysis {
        analyze(&parse_level(text).unwrap(), &Job::default()).unwrap()
    }

    /// The moves of a move string of Skiddy's names (`"L D"`).
    fn moves(a: &Analysis, text: &str) -> Vec<u8> {
        let names: Vec<String> = (0..4).map(|m| a.move_string(&[m])).collect();
        text.split_whitespace()
            .map(|w| names.iter().position(|n| n == w).unwrap() as u8)
            .collect()
    }

    #[test]
    fn level_1_1_wins_with_one_combo() {
        // Two red Skiddies at (1, 1) and (3, 1), the red exit under (1, 2).
        // L: the Skiddy at (3, 1) slides to (2, 1), next to the one at
        // (1, 1), which cannot move left; D sends (1, 1) into the exit and (2, 1), touching it,
        // leaves with it: one combo move, nothing broken.
        let a = analysed(LEVEL_1_1);
        assert_eq!(a.summary.any.solution.as_deref(), Some("L D"));
        assert_eq!(
            effort_metrics(&a),
            vec![("combo_moves", json!(1)), ("combo_breaks", json!(0))]
        );
    }

    #[test]
    fn sending_one_skiddy_of_a_pair_out_breaks_the_combo() {
        // D: the Skiddy at (1, 1) slides down into the red exit and
        // leaves; the one at (3, 1) stops at (3, 2), touching no Skiddy
        // that left: red is split, the combo broken. L slides it to
        // (1, 2); D takes it out alone: no combo move.
        let a = analysed(LEVEL_1_1);
        let played = moves(&a, "D L D");
        assert_eq!(a.states_along(&played).len(), 4);
        assert_eq!(
            combos_along(&a, &played),
            Combos {
                combo_moves: 0,
                combo_breaks: 1,
            }
        );
    }

    #[test]
    fn an_unsolvable_level_has_no_counts() {
        let a = analysed("#####\n#R#.#\n#.#.#\n###r#\n");
        assert_eq!(
            effort_metrics(&a),
            vec![("combo_moves", Value::Null), ("combo_breaks", Value::Null)]
        );
    }
}
