//! Solving a level past the exploration budget, in the editor's words and
//! no kind's: the solver a kind hands over ([`PastBudgetSolver`], asked of
//! the kind's GUI through [`crate::gui::kinds::kind_gui::KindGui::past_budget_solver`]),
//! and what it answers ([`SolveAnswer`]). The solve runs on
//! [`crate::gui::worker::SolveWorker`], the card is drawn by
//! [`crate::gui::views::solve_card`], and the editor keeps the solve of
//! the level on screen in [`crate::gui::solve_state::PastBudget`].

use std::time::Duration;

use crate::engine::Job;

/// What a kind's solver does: searches for `limit` (or until the job is
/// cancelled or its memory budget is reached, its progress counter
/// counting what it searched), then says what it knows; an error in
/// error when it cannot take the level.
pub type SolveRun = Box<dyn FnOnce(Duration, &Job) -> Result<SolveAnswer, SolverRefused> + Send>;

/// Why a kind's solver cannot take a level: the kind's own typed error,
/// kept whole (the card shows its words; a caller that knows the kind may
/// downcast it), so that no kind's error type is named here.
#[derive(Clone, Debug, thiserror::Error)]
#[error("{0}")]
pub struct SolverRefused(pub std::sync::Arc<dyn std::error::Error + Send + Sync>);

impl SolverRefused {
    /// The refusal of a kind's solver, for its `error`.
    pub fn of(error: impl std::error::Error + Send + Sync + 'static) -> SolverRefused {
        SolverRefused(std::sync::Arc::new(error))
    }
}

/// A kind's solver for one level too big to explore whole, ready to run
/// on the worker.
pub struct PastBudgetSolver {
    /// What its progress counter counts, plural ("positions").
    pub searched: &'static str,
    /// The search.
    run: SolveRun,
}

impl PastBudgetSolver {
    /// A solver whose progress counter counts `searched` and which runs
    /// `run`.
    pub fn new(searched: &'static str, run: SolveRun) -> PastBudgetSolver {
        PastBudgetSolver { searched, run }
    }

    /// Runs the search for at most `limit` within `job`.
    pub fn run(self, limit: Duration, job: &Job) -> Result<SolveAnswer, SolverRefused> {
        (self.run)(limit, job)
    }
}

/// Why a solver stopped without an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolveStop {
    /// Its time limit ran out.
    TimeLimit,
    /// It would have passed the memory budget.
    MemoryLimit,
    /// The designer cancelled it.
    Cancelled,
}

/// A solution the solver found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FoundSolution {
    /// The moves as the kind's replay reads them (the solution lists'
    /// notation).
    pub moves: String,
    /// Its length in the kind's words ("218 moves, 56 pushes").
    pub length: String,
    /// Whether it is proved optimal.
    pub optimal: bool,
    /// What optimal means for the kind's solver ("no solution has fewer
    /// pushes").
    pub optimal_means: String,
}

/// What the solver knows at its end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveEnd {
    /// A solution.
    Solved(FoundSolution),
    /// Proved: the level has no solution.
    Unsolvable,
    /// None found before it stopped; nothing is proved.
    NotFound(SolveStop),
}

/// The solver's answer, with what it found on the way.
#[derive(Clone, Debug, PartialEq)]
pub struct SolveAnswer {
    /// How it ended.
    pub end: SolveEnd,
    /// The seconds it ran.
    pub seconds: f64,
    /// What it found on the way, one line each in the kind's words: the
    /// dead cells, the deadlocks, the positions it held.
    pub findings: Vec<String>,
}

impl SolveAnswer {
    /// How it ended in one sentence: "Solved in 0.9 s", "No solution found
    /// in 20.1 s: stopped by the time limit", "Cancelled after 1.2 s: no
    /// solution found", "Unsolvable: proved by a search that ran dry in
    /// 0.1 s". Never "unsolvable" unless the solver proved it.
    pub fn headline(&self) -> String {
        let s = self.seconds;
        match &self.end {
            SolveEnd::Solved(_) => format!("Solved in {s:.1} s"),
            SolveEnd::Unsolvable => {
                format!("Unsolvable: proved by a search that ran dry in {s:.1} s")
            }
            SolveEnd::NotFound(SolveStop::TimeLimit) => {
                format!("No solution found in {s:.1} s: stopped by the time limit")
            }
            SolveEnd::NotFound(SolveStop::MemoryLimit) => {
                format!("No solution found in {s:.1} s: stopped by the memory budget")
            }
            SolveEnd::NotFound(SolveStop::Cancelled) => {
                format!("Cancelled after {s:.1} s: no solution found")
            }
        }
    }

    /// The solution, if one was found.
    pub fn solution(&self) -> Option<&FoundSolution> {
        match &self.end {
            SolveEnd::Solved(s) => Some(s),
            _ => None,
        }
    }
}

/// The default time limit of a solve, in seconds.
pub const DEFAULT_TIME_LIMIT_SECONDS: u32 = 60;

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(end: SolveEnd) -> SolveAnswer {
        SolveAnswer {
            end,
            seconds: 1.24,
            findings: Vec::new(),
        }
    }

    #[test]
    fn the_headline_says_unsolvable_only_when_proved() {
        let stops = [
            SolveStop::TimeLimit,
            SolveStop::MemoryLimit,
            SolveStop::Cancelled,
        ];
        for stop in stops {
            let line = answer(SolveEnd::NotFound(stop)).headline();
            assert!(line.contains("no solution found") || line.starts_with("No solution found"));
            assert!(!line.to_lowercase().contains("unsolvable"), "{line}");
        }
        assert_eq!(
            answer(SolveEnd::NotFound(SolveStop::TimeLimit)).headline(),
            "No solution found in 1.2 s: stopped by the time limit"
        );
        assert_eq!(
            answer(SolveEnd::NotFound(SolveStop::Cancelled)).headline(),
            "Cancelled after 1.2 s: no solution found"
        );
        assert!(answer(SolveEnd::Unsolvable)
            .headline()
            .starts_with("Unsolvable: proved"));
    }

    #[test]
    fn only_a_solved_answer_has_a_solution() {
        let found = FoundSolution {
            moves: "rU".into(),
            length: "2 moves, 1 push".into(),
            optimal: true,
            optimal_means: "no solution has fewer pushes".into(),
        };
        assert_eq!(
            answer(SolveEnd::Solved(found.clone())).solution(),
            Some(&found)
        );
        assert_eq!(answer(SolveEnd::Unsolvable).solution(), None);
        assert_eq!(
            answer(SolveEnd::Solved(found)).headline(),
            "Solved in 1.2 s"
        );
    }
}
