//! The Generate dialog's Rush Hour tab: the board, the vehicles (how many
//! of them trucks), the walls, the range of moves a kept level needs and
//! the random boards a level may cost; and the batch (level `i` of seed
//! `s` is [`generate`]'s level `i` of seed `s`, the hardest start of the
//! first random board's cluster whose moves fall in the range), watched
//! through an engine job: levels searched, cancel.

use std::sync::atomic::Ordering;

use egui::Ui;
use rayon::prelude::*;

use crate::engine::Job;
use crate::gui::kinds::kind_generator::{
    count_and_seed_rows, effort_rows, number_row, Batch, JobWatch, KindGenerator, OptionsError,
};
use crate::kinds::rushhour::generate::{generate, GenerateParams};
use crate::kinds::rushhour::{MAX_SIDE, MAX_VEHICLES, MIN_SIDE};
use crate::kinds::Level;

/// The Rush Hour generator's parameters as the dialog holds them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RushHourGenerator(pub GenerateParams);

impl KindGenerator for RushHourGenerator {
    type Watch = JobWatch;

    const TRIED: &'static str = "levels searched";

    fn check(&self) -> Result<(), OptionsError> {
        self.0.check().map_err(OptionsError::refused)
    }

    fn parameters(&mut self, ui: &mut Ui, count: &mut usize, seed: &mut u64) {
        let p = &mut self.0;
        egui::Grid::new("generate_rushhour_params")
            .num_columns(2)
            .show(ui, |ui| {
                number_row(ui, "Width", &mut p.width, MIN_SIDE..=MAX_SIDE);
                number_row(ui, "Height", &mut p.height, MIN_SIDE..=MAX_SIDE);
                number_row(ui, "Vehicles (with A)", &mut p.vehicles, 2..=MAX_VEHICLES);
                number_row(ui, "Trucks among them", &mut p.trucks, 0..=MAX_VEHICLES - 1);
                number_row(ui, "Walls", &mut p.walls, 0..=MAX_SIDE * MAX_SIDE);
                number_row(ui, "Fewest moves", &mut p.min_moves, 1..=200);
                number_row(ui, "Most moves", &mut p.max_moves, 1..=200);
                effort_rows(ui, &mut p.effort);
                number_row(
                    ui,
                    "Boards tried per level",
                    &mut p.max_tries,
                    1..=1_000_000,
                );
                count_and_seed_rows(ui, count, seed);
            });
        ui.label(
            egui::RichText::new(
                "Each level kept is the hardest start of its random board's cluster: the position farthest from a win.",
            )
            .weak()
            .small(),
        );
    }

    /// Counts the levels searched (each up to its boards tried).
    fn watch(&self, state_budget: u64) -> JobWatch {
        JobWatch::new(Job::new(state_budget), "Levels searched")
    }

    fn generate_batch(&self, count: usize, seed: u64, watch: &JobWatch) -> Batch {
        let job = &watch.job;
        let params = self.0;
        let results: Vec<Result<_, LevelNotMade>> = (0..count as u64)
            .into_par_iter()
            .map(|i| {
                let found = generate(&params, seed, i, job);
                watch.tried.fetch_add(1, Ordering::Relaxed);
                let level: Level = found.ok_or(LevelNotMade::NoBoard(params))?.into();
                let summary = level.analyze(job)?.level_summary();
                watch.kept.fetch_add(1, Ordering::Relaxed);
                Ok((level, summary))
            })
            .collect();
        let cancelled = job.is_cancelled();
        let results = results.into_iter().map(|result| match result {
            Ok(made) => Ok(made),
            Err(_) if cancelled => Err(None),
            Err(e) => Err(Some(e.to_string())),
        });
        Batch::of(results, seed, cancelled, watch.tried())
    }
}

/// Why one level of a batch was not made.
#[derive(Debug, thiserror::Error)]
enum LevelNotMade {
    /// Every board tried missed the moves (and effort) asked for.
    #[error(
        "no board of {} tried gave a level of {} to {} moves{}",
        .0.max_tries,
        .0.min_moves,
        .0.max_moves,
        if .0.effort.is_open() { String::new() } else { format!(" with {}", .0.effort.words()) }
    )]
    NoBoard(GenerateParams),
    /// The level made could not be analysed.
    #[error(transparent)]
    Analysis(#[from] crate::kinds::AnalysisError),
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::kinds::kind_generator::BatchWatch;

    fn small() -> RushHourGenerator {
        RushHourGenerator(GenerateParams {
            vehicles: 6,
            trucks: 1,
            min_moves: 3,
            max_moves: 12,
            ..GenerateParams::default()
        })
    }

    #[test]
    fn a_batch_gives_each_index_s_level_in_range_named_and_summarised() {
        let params = small();
        let watch = params.watch(crate::engine::DEFAULT_MAX_STATES);
        let batch = params.generate_batch(2, 7, &watch);
        assert_eq!((batch.levels.len(), batch.failed), (2, 0), "{batch:?}");
        assert_eq!((watch.kept(), batch.tried), (2, 2));
        for (i, level) in batch.levels.iter().enumerate() {
            let alone = generate(&params.0, 7, i as u64, &Job::default()).unwrap();
            let level = level.as_rushhour().expect("a Rush Hour level");
            assert_eq!(level.vehicles, alone.vehicles, "level {i} is its index's");
            assert!(
                level.name.ends_with(&format!("-s7-{}", i + 1)),
                "{}",
                level.name
            );
            let moves = batch.summaries[i].shortest();
            assert!(
                moves.is_some_and(|m| (3..=12).contains(&(m as usize))),
                "{moves:?}"
            );
        }
    }

    /// The Generate dialog on the Rush Hour tab, as the editor shows it:
    /// its parameters, Generate, the batch's end and Open.
    #[test]
    fn the_dialog_s_rush_hour_tab_generates_and_opens_the_levels() {
        use crate::gui::generate_dialog::GenerateDialog;
        use crate::gui::kinds::KindGenerators;
        use egui_kittest::{kittest::Queryable, Harness};

        let generators = KindGenerators {
            rushhour: small(),
            ..KindGenerators::default()
        };
        let dialog = GenerateDialog::new(crate::kinds::Kind::RushHour, generators, 2, 3);
        let mut harness = Harness::builder()
            .with_size(egui::vec2(900.0, 900.0))
            .build_ui_state(
                |ui, state: &mut (GenerateDialog, bool, Vec<Level>)| {
                    let ctx = ui.ctx().clone();
                    let budget = crate::engine::DEFAULT_MAX_STATES;
                    if let Some(levels) = state.0.show(&ctx, &mut state.1, budget) {
                        state.2 = levels.levels;
                    }
                },
                (dialog, true, Vec::new()),
            );
        harness.get_by_label("Vehicles (with A)");
        harness.get_by_label("Trucks among them");
        harness.get_by_label("Generate").click();
        harness.step();
        // Waits for the batch's outcome; the two minutes only bound a hang.
        let dialog = &mut harness.state_mut().0;
        assert!(dialog.is_running(), "Generate started a batch");
        assert!(
            dialog.wait_for_batch(std::time::Duration::from_secs(120)),
            "the batch did not end within two minutes"
        );
        harness.run();
        harness.get_by_label_contains("kept 2 of 2 levels");
        harness.get_by_label("Open the 2 ticked levels").click();
        harness.run();
        let levels = &harness.state().2;
        assert_eq!(levels.len(), 2);
        assert!(levels
            .iter()
            .all(|l| l.as_rushhour().is_some() && l.is_valid()));
    }

    #[test]
    fn bad_parameters_are_refused_and_a_cancelled_batch_keeps_what_it_made() {
        let mut params = small();
        params.0.trucks = 9;
        assert!(params.check().unwrap_err().to_string().contains("9 trucks"));
        let params = small();
        let watch = params.watch(crate::engine::DEFAULT_MAX_STATES);
        watch.cancel();
        let batch = params.generate_batch(3, 1, &watch);
        assert!(batch.cancelled);
        assert_eq!((batch.levels.len(), batch.failed), (0, 0));
    }

    #[test]
    fn a_level_not_made_says_the_moves_asked_for() {
        let params = small().0;
        let words = LevelNotMade::NoBoard(params).to_string();
        assert_eq!(
            words,
            format!(
                "no board of {} tried gave a level of 3 to 12 moves",
                params.max_tries
            )
        );
    }
}
