//! Prism's own effort metrics (issue 41, `docs/effort.md`): the switches
//! the solution `analyze` prints presses and the backgrounds it passes
//! through, as the difficulty formula of the write-ups already counts them
//! ([`super::rating::DifficultyParts`]).

use serde_json::{json, Value};

use crate::effort::terms::{FARTHEST, SHORTEST, TRAPS_NEAR_START};
use crate::effort::{EffortModel, Term, Transform};

/// The backgrounds the solution passes through: each one changes which
/// cells are open, so the player must picture another maze. Half a point
/// per doubling of `1 + changes`, chosen, not fitted.
pub const BACKGROUND_CHANGES: Term = Term {
    metric: "background_changes",
    transform: Transform::Log2OnePlus,
    weight: 0.5,
    words: ("1 background change", "{} background changes"),
};

/// Prism's effort model, relative (not calibrated on players): the Rush
/// Hour study's weights on the shortest solution and the farthest distance
/// from a win, the traps near the start and the background changes
/// (`docs/effort.md`).
pub const EFFORT_MODEL: EffortModel = EffortModel {
    base: 0.0,
    terms: &[SHORTEST, FARTHEST, TRAPS_NEAR_START, BACKGROUND_CHANGES],
    calibration: None,
};

use super::Analysis;

/// The Prism metrics of `analyze --json`'s `effort.metrics`, read off the
/// rating's [`super::rating::DifficultyParts`] of the first shortest
/// solution (the one `analyze` prints): `switches_pressed`, the moves onto
/// a switch (each turns the background to another colour), and
/// `background_changes`, the *different* backgrounds the solution passes
/// through besides the starting one (a background seen again does not count
/// twice). Both `null` when the level is unsolvable.
pub fn effort_metrics(analysis: &Analysis) -> Vec<(&'static str, Value)> {
    let rating = &analysis.rating;
    let parts = rating.difficulty.map(|_| rating.parts);
    vec![
        ("switches_pressed", json!(parts.map(|p| p.switches_pressed))),
        (
            "background_changes",
            json!(parts.map(|p| p.background_changes)),
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Job;
    use crate::kinds::prism::{analyze, read_2016};

    fn metrics_of(text: &str) -> Vec<(&'static str, Value)> {
        effort_metrics(&analyze(&read_2016(text).unwrap(), &Job::default()).unwrap())
    }

    #[test]
    fn one_switch_on_the_way_is_one_press_and_one_background() {
        // s G g f over a row of blue blocks (shut on the dark background
        // and on green): R onto the green switch (the background turns
        // green), R onto the green block (open on green), R to the exit.
        assert_eq!(
            metrics_of("4 2\n0\ns G g f\nb b b b\n"),
            vec![
                ("switches_pressed", json!(1)),
                ("background_changes", json!(1))
            ]
        );
    }

    #[test]
    fn a_background_seen_again_is_not_a_new_one() {
        // s G G f on the dark background, blue blocks below: R onto the first green switch
        // (green), R onto the second (dark again), R to the exit. Two
        // presses; one background besides the starting one.
        assert_eq!(
            metrics_of("4 2\n0\ns G G f\nb b b b\n"),
            vec![
                ("switches_pressed", json!(2)),
                ("background_changes", json!(1))
            ]
        );
    }

    #[test]
    fn an_unsolvable_level_has_no_counts() {
        // A red block, never open: no switch makes the background red.
        assert_eq!(
            metrics_of("3 2\n0\ns r f\nb b b\n"),
            vec![
                ("switches_pressed", Value::Null),
                ("background_changes", Value::Null)
            ]
        );
    }
}
