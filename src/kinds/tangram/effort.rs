//! Tangram's effort metrics (issue 41, `docs/effort.md`). Tangram has no
//! state graph: its metrics come from the exact-cover search that counts
//! its solutions ([`super::solve`]), and only what that search measures
//! exactly.

use serde_json::{json, Value};

use crate::effort::{EffortModel, Term, Transform};

/// The exact-cover search's nodes: how much trying the level takes.
/// One point per doubling, chosen, not fitted.
pub const SEARCH_NODES: Term = Term {
    metric: "search_nodes",
    transform: Transform::Log2OnePlus,
    weight: 1.0,
    words: ("1 placement tried", "{} placements tried"),
};

/// The number of solutions: the more ways, the sooner one is found. Minus
/// half a point per doubling, chosen, not fitted.
pub const SOLUTIONS: Term = Term {
    metric: "solutions",
    transform: Transform::Log2,
    weight: -0.5,
    words: ("1 solution", "{} solutions"),
};

/// Tangram's effort model, relative (not calibrated on players): the
/// search's nodes against the number of solutions (`docs/effort.md`). A
/// level whose count did not finish has no score.
pub const EFFORT_MODEL: EffortModel = EffortModel {
    base: 0.0,
    terms: &[SEARCH_NODES, SOLUTIONS],
    calibration: None,
};

use super::Analysis;

/// The Tangram metrics of `analyze --json`'s `effort.metrics`:
///
/// - `solutions`: the exact number of solutions (by form: identical shapes
///   swapped are one solution); a string past `u64`; `null` when the search
///   stopped before it finished.
/// - `forced_placements`: the shapes with exactly one place on the empty
///   board ([`super::solve::root_places`]), placed before any choice.
/// - `search_nodes`: the search's nodes, one per row it tried (a shape at a
///   place that meets no covered triangle), up to where it stopped.
///
/// The search does not count the levels it branched at (it remembers
/// subproblems it has seen), so its mean branching is not measured and
/// not reported.
pub fn effort_metrics(analysis: &Analysis) -> Vec<(&'static str, Value)> {
    let report = &analysis.report;
    let solutions = report.solutions.map_or(Value::Null, |n| {
        u64::try_from(n).map_or_else(|_| json!(n.to_string()), |n| json!(n))
    });
    let forced = analysis.root_places.iter().filter(|&&p| p == 1).count();
    vec![
        ("solutions", solutions),
        ("forced_placements", json!(forced)),
        ("search_nodes", json!(report.nodes)),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Job;
    use crate::kinds::tangram::analysis::analyze;
    use crate::kinds::tangram::parse_text;

    fn metrics_of(text: &str) -> Vec<(&'static str, Value)> {
        effort_metrics(&analyze(&parse_text(text).unwrap(), 0, &Job::default()).unwrap())
    }

    #[test]
    fn four_triangles_of_one_square_are_all_forced() {
        // A 1 x 1 board and four one-triangle shapes, each a different
        // triangle of the square: each has one place, so one solution, and
        // the search tries each shape's one row once: 4 nodes.
        assert_eq!(
            metrics_of("1\n4\nshape\n0,0,0\nshape\n0,0,1\nshape\n0,0,2\nshape\n0,0,3\n"),
            vec![
                ("solutions", json!(1)),
                ("forced_placements", json!(4)),
                ("search_nodes", json!(4)),
            ]
        );
    }

    #[test]
    fn four_identical_squares_have_no_forced_place() {
        // A 2 x 2 board and four one-cell squares: each square fits in 4
        // places, so none is forced; identical shapes swapped are the same
        // solution, so there is one.
        let cell = |x: u8, y: u8| (0..4).map(|z| format!("{x},{y},{z}\n")).collect::<String>();
        let text = format!(
            "2\n4\nshape\n{}shape\n{}shape\n{}shape\n{}",
            cell(0, 0),
            cell(1, 0),
            cell(0, 1),
            cell(1, 1)
        );
        let metrics = metrics_of(&text);
        assert_eq!(metrics[0], ("solutions", json!(1)));
        assert_eq!(metrics[1], ("forced_placements", json!(0)));
    }
}
