//! What the editor does to solve the level on screen past the budget:
//! starting the kind's solver on the worker, following it (a solve of a
//! level that changed is stopped and forgotten, as an analysis is), and
//! the Solve section of the analysis panel. The state is
//! [`super::solve_state::PastBudget`], one field of the app.

use std::time::Duration;

use super::app::EditorApp;
use super::views::solve_card::SolveShown;

impl EditorApp {
    /// Solves the level on screen with its kind's solver past the budget,
    /// for at most `time_limit`, in place of any solve.
    pub fn solve_past_budget(&mut self, time_limit: Duration) {
        let level = self.doc().level.clone();
        match super::kinds::past_budget_solver(&level) {
            Some(solver) => self.past_budget.start(level, solver, time_limit),
            None => self.warn(format!(
                "a {} level has no solver past the budget",
                level.kind().title()
            )),
        }
    }

    /// Collects an ended solve; stops and forgets the solve of a level
    /// that is no longer the one on screen.
    pub fn drive_solve(&mut self) {
        let level = &self.docs[self.active].level;
        self.past_budget.follow(level);
    }

    /// The Solve section of the analysis panel, under the "too big" words,
    /// where the level's kind has a solver past the budget.
    pub(crate) fn solve_section(&mut self, ui: &mut egui::Ui) {
        if !super::kinds::solves_past_budget(self.doc().level.kind()) {
            return;
        }
        let solve = &mut self.past_budget;
        let shown = SolveShown {
            progress: solve.worker.progress(),
            limit: solve.limit,
            searched: solve.searched,
            answer: solve.answer.as_ref(),
        };
        let commands = solve.panel.show(ui, &shown);
        self.queue_all(commands);
    }
}
