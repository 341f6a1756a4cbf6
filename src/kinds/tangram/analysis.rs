//! A Tangram level's analysis: how many solutions it has, the first of
//! them, and the verdict in words. Tangram has no state graph; its question
//! is an exact-cover count (see [`super::solve`]).

use super::level::Level;
use super::solve::{root_places, solve, verdict, Placement, SolveError, SolveReport};
use crate::engine::Job;

/// How many solutions an analysis lists when nobody asks for more: enough
/// for the editor's solution list.
pub const LISTED: usize = 20;

/// The analysis of a Tangram level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The board side `N`.
    pub size: usize,
    /// The number of shapes.
    pub shapes: usize,
    /// The count and the listed solutions.
    pub report: SolveReport,
    /// How many places each shape has on the empty board
    /// ([`super::solve::root_places`]).
    pub root_places: Vec<usize>,
    /// The verdict in a designer's words.
    pub verdict: String,
}

impl Analysis {
    /// The listed solutions, each as every shape's offset.
    pub fn listed(&self) -> &[Placement] {
        &self.report.listed
    }

    /// The exact number of solutions, when the search finished.
    pub fn solutions(&self) -> Option<u128> {
        self.report.solutions
    }
}

/// Analyses `level`, listing its first `list` solutions (at least
/// [`LISTED`]), visiting at most `job`'s [`Job::max_states`] search nodes:
/// the budget every kind's search takes from one setting (`--max-states`,
/// the editor's state budget), here counted in nodes. Cancellable through
/// `job`, which hears of the nodes visited as its states (the progress).
pub fn analyze(level: &Level, list: usize, job: &Job) -> Result<Analysis, SolveError> {
    analyze_with_budget(level, list, job, job.max_states())
}

/// [`analyze`] with a node budget.
pub fn analyze_with_budget(
    level: &Level,
    list: usize,
    job: &Job,
    budget: u64,
) -> Result<Analysis, SolveError> {
    let report = solve(level, list.max(LISTED), job, budget)?;
    Ok(Analysis {
        size: level.size,
        shapes: level.shapes.len(),
        verdict: verdict(level, &report),
        report,
        root_places: root_places(level),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::tangram::parse_text;

    #[test]
    fn a_single_square_of_four_triangles_has_one_solution() {
        // Four one-triangle shapes that are all different forms: each can
        // only sit where it is.
        let level =
            parse_text("1\n4\nshape\n0,0,0\nshape\n0,0,1\nshape\n0,0,2\nshape\n0,0,3\n").unwrap();
        let a = analyze(&level, 0, &Job::default()).unwrap();
        assert_eq!(a.solutions(), Some(1));
        assert!(a.report.unique);
        assert_eq!(a.listed(), &[Placement::home(4)]);
        assert_eq!(a.verdict, "unique: one way to place the shapes");
        assert_eq!((a.size, a.shapes), (1, 4));
    }
}
