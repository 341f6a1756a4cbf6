//! The Solve section of the analysis panel, for a level too big to
//! explore whole whose kind has a solver past the budget: the time limit
//! and the Solve button; while it runs, a progress bar (time used of the
//! limit, what was searched) and Cancel; at the end, the result card (the
//! solution with its length, whether it is proved optimal, Replay; or that
//! none was found, never "unsolvable" unless proved; what was found on
//! the way).

use std::time::Duration;

use egui::{Color32, RichText, Ui};

use crate::gui::commands::Command;
use crate::gui::past_budget::{SolveAnswer, SolveEnd, DEFAULT_TIME_LIMIT_SECONDS};
use crate::gui::worker::SolveProgress;

/// The longest time limit the field takes: a day.
const MAX_TIME_LIMIT_SECONDS: u32 = 24 * 60 * 60;

/// A solution proved optimal.
const PROVED: Color32 = Color32::from_rgb(30, 150, 70);
/// A failed solve (the solver refused the level).
const FAILED: Color32 = Color32::from_rgb(215, 50, 40);

/// What the Solve section shows.
pub struct SolveShown<'a> {
    /// The running solve's progress (`None`: none runs).
    pub progress: Option<SolveProgress>,
    /// The time limit of the solve shown.
    pub limit: Duration,
    /// What the solver's progress counts ("positions").
    pub searched: &'a str,
    /// The answer of the last solve, or why it could not run.
    pub answer: Option<&'a Result<SolveAnswer, crate::gui::past_budget::SolverRefused>>,
}

/// The Solve section's own state: the time limit typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolvePanel {
    /// The time limit, in seconds.
    pub seconds: u32,
}

impl Default for SolvePanel {
    fn default() -> Self {
        SolvePanel {
            seconds: DEFAULT_TIME_LIMIT_SECONDS,
        }
    }
}

impl SolvePanel {
    /// The section; returns what it asks the editor to do.
    pub fn show(&mut self, ui: &mut Ui, shown: &SolveShown<'_>) -> Vec<Command> {
        let mut commands = Vec::new();
        ui.separator();
        ui.strong("Solve past the budget");
        if let Some(progress) = shown.progress {
            commands.extend(progress_rows(ui, &progress, shown));
            return commands;
        }
        ui.horizontal(|ui| {
            let solve = ui.button("Solve").on_hover_text(
                "Search for a solution without exploring the whole level, for at most the time limit",
            );
            let limit = ui.label("Time limit");
            ui.add(
                egui::DragValue::new(&mut self.seconds)
                    .range(0..=MAX_TIME_LIMIT_SECONDS)
                    .suffix(" s"),
            )
            .labelled_by(limit.id)
            .on_hover_text("Seconds the solver may search");
            if solve.clicked() {
                commands.push(Command::Solve {
                    time_limit: Duration::from_secs(u64::from(self.seconds)),
                });
            }
        });
        match shown.answer {
            None => {
                ui.label(
                    RichText::new(
                        "The solver searches for a solution instead of exploring every state.",
                    )
                    .weak(),
                );
            }
            Some(Err(why)) => {
                ui.colored_label(FAILED, format!("The solver cannot take this level: {why}"));
            }
            Some(Ok(answer)) => commands.extend(result_card(ui, answer)),
        }
        commands
    }
}

/// The running solve: the time used of the limit, what was searched, and
/// Cancel.
fn progress_rows(ui: &mut Ui, progress: &SolveProgress, shown: &SolveShown<'_>) -> Vec<Command> {
    let elapsed = progress.elapsed.as_secs_f32();
    let limit = shown.limit.as_secs_f32();
    let fraction = if limit > 0.0 {
        (elapsed / limit).min(1.0)
    } else {
        1.0
    };
    let searched = progress.searched;
    if progress.cancelling {
        ui.label("Cancelling…");
    } else {
        ui.label(format!("Solving: {searched} {} searched", shown.searched));
    }
    ui.add(egui::ProgressBar::new(fraction).text(format!(
        "{elapsed:.1} s of {limit:.0} s · {searched} {}",
        shown.searched
    )));
    // The bar moves with the clock: keep drawing while it runs.
    ui.ctx().request_repaint_after(Duration::from_millis(100));
    let cancel = ui.add_enabled(!progress.cancelling, egui::Button::new("Cancel"));
    if cancel.clicked() {
        vec![Command::CancelSolve]
    } else {
        Vec::new()
    }
}

/// The result card of an ended solve.
fn result_card(ui: &mut Ui, answer: &SolveAnswer) -> Vec<Command> {
    let mut commands = Vec::new();
    ui.label(RichText::new(answer.headline()).strong());
    if let SolveEnd::Solved(found) = &answer.end {
        ui.label(&found.length);
        if found.optimal {
            ui.colored_label(PROVED, "proved optimal")
                .on_hover_text(&found.optimal_means);
        } else {
            ui.label("not proved optimal").on_hover_text(format!(
                "The search that proves it ran out of time first: it is not proved that {}",
                found.optimal_means
            ));
        }
        ui.add(egui::Label::new(RichText::new(&found.moves).monospace()).wrap());
        ui.horizontal(|ui| {
            if ui
                .button("Replay")
                .on_hover_text("Replay the solution on the board")
                .clicked()
            {
                commands.push(Command::Replay {
                    moves: found.moves.clone(),
                    title: format!("Solver's solution ({})", found.length),
                });
            }
            let copy = Command::CopyMoves(found.moves.clone());
            if ui
                .button(copy.label())
                .on_hover_text(copy.description())
                .clicked()
            {
                commands.push(copy);
            }
        });
    }
    for line in &answer.findings {
        ui.label(RichText::new(line).weak());
    }
    commands
}
