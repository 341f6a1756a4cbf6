//! The Generate dialog's Skiddy tab: the generator's parameters (board,
//! pieces, the Perfect's length, the fewest stars, the budgets), and the
//! batch (level `i` of seed `s` is generated from `batch_seed(s, i)`, as
//! `levelscope generate skiddy` does), watched through the generator's own
//! control: candidates, rejections and the time left.

use std::time::Duration;

use egui::{DragValue, Ui};
use rayon::prelude::*;

use crate::gui::kinds::kind_generator::{
    count_and_seed_rows, effort_rows, number_row, Batch, BatchWatch, KindGenerator, OptionsError,
};
use crate::kinds::batch_seed::batch_seed;
use crate::kinds::skiddy::generate::{
    generate_controlled, GenerateControl, GenerateError, GenerateParams,
};
use crate::kinds::Level;

/// The Skiddy generator's parameters as the dialog holds them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SkiddyParams(pub GenerateParams);

/// A running Skiddy batch: the generator's control (cancel flag,
/// candidates, levels kept, rejections) and the candidate budget of each
/// level (for the time left).
#[derive(Debug)]
pub struct SkiddyWatch {
    /// The control every level of the batch shares.
    pub control: GenerateControl,
    max_candidates: u64,
}

impl BatchWatch for SkiddyWatch {
    fn cancel(&self) {
        self.control.cancel();
    }

    fn is_cancelled(&self) -> bool {
        self.control.is_cancelled()
    }

    fn kept(&self) -> usize {
        self.control.kept() as usize
    }

    fn progress_lines(&self, wanted: usize, elapsed: Duration) -> Vec<String> {
        let mut lines = self.control.progress_lines(elapsed);
        lines.push(
            match self
                .control
                .time_left(wanted as u64, self.max_candidates, elapsed)
            {
                Some(left) => format!("Time left: {}", left.words()),
                None => "Time left: estimating…".to_string(),
            },
        );
        lines.push(format!("Candidates tried: {}", self.control.candidates()));
        lines
    }
}

impl KindGenerator for SkiddyParams {
    type Watch = SkiddyWatch;

    const TRIED: &'static str = "candidates tried";

    fn check(&self) -> Result<(), OptionsError> {
        self.0.check().map_err(OptionsError::refused)
    }

    fn parameters(&mut self, ui: &mut Ui, count: &mut usize, seed: &mut u64) {
        let p = &mut self.0;
        egui::Grid::new("generate_params")
            .num_columns(2)
            .show(ui, |ui| {
                number_row(ui, "Width", &mut p.width, 5..=16);
                number_row(ui, "Height", &mut p.height, 5..=16);
                for (colour, n) in ["Red", "Blue", "Green", "Yellow"]
                    .into_iter()
                    .zip(p.skiddies.iter_mut())
                {
                    number_row(ui, &format!("{colour} Skiddies"), n, 0..=8);
                }
                number_row(ui, "Goals per colour", &mut p.goals_per_colour, 1..=8);
                ui.label("");
                ui.checkbox(
                    &mut p.goals_may_touch,
                    "Goals of different colours may touch",
                );
                ui.end_row();
                number_row(ui, "Crates", &mut p.crates, 0..=8);
                number_row(ui, "Ice cubes", &mut p.ice, 0..=8);
                number_row(ui, "Pits", &mut p.pits, 0..=20);
                let label = ui.label("Static blocks (share of inner cells)");
                ui.add(
                    DragValue::new(&mut p.block_share)
                        .range(0.0..=0.8)
                        .speed(0.01)
                        .fixed_decimals(2),
                )
                .labelled_by(label.id);
                ui.end_row();
                number_row(ui, "Shortest Perfect", &mut p.min_perfect, 1..=200);
                number_row(ui, "Longest Perfect", &mut p.max_perfect, 1..=200);
                number_row(ui, "Fewest stars", &mut p.min_stars, 0..=3);
                effort_rows(ui, &mut p.effort);
                count_and_seed_rows(ui, count, seed);
            });
        egui::CollapsingHeader::new("Budgets")
            .id_salt("generate_budgets")
            .show(ui, |ui| {
                egui::Grid::new("generate_budgets_grid")
                    .num_columns(2)
                    .show(ui, |ui| {
                        number_row(
                            ui,
                            "States per analysis",
                            &mut p.max_states,
                            100..=10_000_000,
                        );
                        number_row(
                            ui,
                            "Steps before a restart",
                            &mut p.steps_per_restart,
                            100..=10_000_000,
                        );
                        number_row(
                            ui,
                            "Candidates per level",
                            &mut p.max_candidates,
                            1..=10_000_000,
                        );
                    });
            });
    }

    /// Skiddy's analyses keep to the parameters' own state budget.
    fn watch(&self, _state_budget: u64) -> SkiddyWatch {
        SkiddyWatch {
            control: GenerateControl::new(),
            max_candidates: self.0.max_candidates,
        }
    }

    fn generate_batch(&self, count: usize, seed: u64, watch: &SkiddyWatch) -> Batch {
        let control = &watch.control;
        let results: Vec<_> = (0..count as u64)
            .into_par_iter()
            .map(|i| generate_controlled(&self.0, batch_seed(seed, i), control))
            .collect();
        let results = results.into_iter().map(|result| match result {
            Ok(g) => {
                let summary = g.pack_summary();
                Ok((Level::from(g.level), summary))
            }
            Err(GenerateError::Cancelled(_)) => Err(None),
            Err(e) => Err(Some(e.to_string())),
        });
        Batch::of(results, seed, control.is_cancelled(), control.candidates())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::skiddy::generate::generate;

    /// One red Skiddy and an ice cube on 6x5.
    fn tiny() -> SkiddyParams {
        SkiddyParams(GenerateParams {
            width: 6,
            height: 5,
            skiddies: [1, 0, 0, 0],
            crates: 0,
            ice: 1,
            min_perfect: 2,
            min_stars: 0,
            ..GenerateParams::default()
        })
    }

    #[test]
    fn a_batch_gives_the_levels_of_each_seed_and_counts_them() {
        let params = tiny();
        let watch = params.watch(crate::engine::DEFAULT_MAX_STATES);
        let batch = params.generate_batch(2, 7, &watch);
        assert_eq!(batch.levels.len(), 2);
        assert_eq!(watch.kept(), 2);
        assert!(batch.tried >= 2 && batch.tried == watch.control.candidates());
        for (i, level) in batch.levels.iter().enumerate() {
            let mut alone = generate(&params.0, batch_seed(7, i as u64)).unwrap().level;
            alone.name = format!("skiddy-6x5-s7-{}", i + 1);
            assert_eq!(level.as_skiddy(), Some(&alone), "level {i}");
        }
        let lines = watch.progress_lines(2, Duration::from_secs(1));
        assert!(
            lines.iter().any(|l| l == "Levels per second: 2.00"),
            "{lines:?}"
        );
        assert_eq!(
            lines.last(),
            Some(&format!("Candidates tried: {}", batch.tried))
        );
    }

    #[test]
    fn a_cancelled_batch_fails_no_level() {
        let params = tiny();
        let watch = params.watch(crate::engine::DEFAULT_MAX_STATES);
        watch.cancel();
        let batch = params.generate_batch(3, 7, &watch);
        assert!(batch.cancelled && watch.is_cancelled());
        assert_eq!((batch.levels.len(), batch.failed), (0, 0));
        assert_eq!(batch.first_error, None);
    }

    #[test]
    fn parameters_are_checked_in_words() {
        let none = SkiddyParams(GenerateParams {
            skiddies: [0; 4],
            ..tiny().0
        });
        let refused = none.check().unwrap_err();
        assert!(
            matches!(&refused, OptionsError::Refused(e)
                if e.downcast_ref::<crate::kinds::skiddy::generate::GenerateError>().is_some()),
            "the generator's own error, kept whole: {refused:?}"
        );
        assert!(refused.to_string().contains("at least one Skiddy"));
        assert!(tiny().check().is_ok());
    }
}
