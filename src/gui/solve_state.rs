//! The editor's state of the solve of the level on screen past the budget
//! ([`PastBudget`], one field of the app; what it does is in
//! [`super::solve_run`]).

use std::time::Duration;

use super::past_budget::{PastBudgetSolver, SolveAnswer};
use super::views::solve_card::SolvePanel;
use super::worker::SolveWorker;
use crate::kinds::Level;

/// The solve of the level on screen past the budget: the worker running
/// it, the panel's time limit, the level it is for and its answer.
pub struct PastBudget {
    /// The worker running the solve.
    pub worker: SolveWorker,
    /// The Solve panel (its time limit field).
    pub panel: SolvePanel,
    /// The level solved (or being solved); a solve of another level is
    /// forgotten.
    pub level: Option<Level>,
    /// The time limit the solve runs with.
    pub limit: Duration,
    /// What the solver's progress counts ("positions").
    pub searched: &'static str,
    /// The answer once the solve has ended, or why it could not run.
    pub answer: Option<Result<SolveAnswer, crate::gui::past_budget::SolverRefused>>,
}

impl PastBudget {
    /// No solve yet; the worker calls `notify` when a solve ends.
    pub fn new(notify: impl Fn() + Send + Sync + 'static) -> PastBudget {
        PastBudget {
            worker: SolveWorker::new(notify),
            panel: SolvePanel::default(),
            level: None,
            limit: Duration::ZERO,
            searched: "",
            answer: None,
        }
    }

    /// Starts `solver` on `level` for `limit`, in place of any solve.
    pub fn start(&mut self, level: Level, solver: PastBudgetSolver, limit: Duration) {
        self.searched = solver.searched;
        self.limit = limit;
        self.level = Some(level);
        self.answer = None;
        self.worker.start(solver, limit);
    }

    /// Collects the answer of a solve that has ended; forgets the solve
    /// (stopping it) when `level`, the level on screen, is not the level
    /// it is for.
    pub fn follow(&mut self, level: &Level) {
        if self.level.as_ref().is_some_and(|l| l != level) {
            self.forget();
            return;
        }
        if let Some(solved) = self.worker.poll() {
            self.answer = Some(solved);
        }
    }

    /// Stops the solve, if one runs, and forgets it and its answer.
    pub fn forget(&mut self) {
        self.worker.abandon();
        self.level = None;
        self.answer = None;
    }
}
