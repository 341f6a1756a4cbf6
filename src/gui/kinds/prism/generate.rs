//! The Generate dialog's Prism tab: the board size, the method (the
//! spanning tree in 3D or the early guess-and-test generator), the switch
//! colours allowed, "only levels without dead ends", the early method's
//! difficulty target, and the batch (level `i` of seed `s` is generated
//! from `batch_seed(s, i)`, as `levelscope generate prism` does).

use std::sync::atomic::Ordering;

use egui::Ui;
use rayon::prelude::*;

use crate::effort::EffortRange;
use crate::engine::Job;
use crate::gui::kinds::kind_generator::{
    count_and_seed_rows, effort_rows, number_row, Batch, JobWatch, KindGenerator, OptionsError,
};
use crate::kinds::batch_seed::batch_seed;
use crate::kinds::prism::generate::{
    generate, GenerateError, GenerateOptions, Method, EARLY_MAX_CELLS,
};
use crate::kinds::prism::{analyze, Colour};

/// The Prism generator's parameters as the dialog holds them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PrismParams {
    /// Board width.
    pub width: usize,
    /// Board height.
    pub height: usize,
    /// The method.
    pub method: Method,
    /// The switch colours allowed (red 1, green 2, blue 4).
    pub switch_colours: u8,
    /// Keep only levels whose analysis finds no dead end.
    pub no_dead_ends: bool,
    /// The early method's difficulty target, if it steers.
    pub difficulty: Option<u32>,
    /// The effort scores kept (retried until one, within the tries).
    pub effort: EffortRange,
}

impl Default for PrismParams {
    /// A 12x12 tree with every switch colour, dead ends allowed.
    fn default() -> PrismParams {
        PrismParams {
            width: 12,
            height: 12,
            method: Method::Tree,
            switch_colours: 7,
            no_dead_ends: false,
            difficulty: None,
            effort: EffortRange::default(),
        }
    }
}

impl PrismParams {
    /// The generator's options for the level generated from `seed`.
    pub fn options(&self, seed: u64) -> GenerateOptions {
        GenerateOptions {
            method: self.method,
            switch_colours: self.switch_colours,
            no_dead_ends: self.no_dead_ends,
            effort: self.effort,
            difficulty: self.difficulty.filter(|_| self.method == Method::Early),
            ..GenerateOptions::new(self.width, self.height, seed)
        }
    }
}

/// A method's name as the dialog shows it.
fn method_title(method: Method) -> &'static str {
    match method {
        Method::Tree => "Spanning tree in 3D",
        Method::Early => "Early (guess and test)",
    }
}

impl KindGenerator for PrismParams {
    type Watch = JobWatch;

    const TRIED: &'static str = "generations in all (retries included)";

    fn check(&self) -> Result<(), OptionsError> {
        self.options(0).check().map_err(OptionsError::refused)
    }

    fn parameters(&mut self, ui: &mut Ui, count: &mut usize, seed: &mut u64) {
        let p = self;
        egui::Grid::new("generate_prism_params")
            .num_columns(2)
            .show(ui, |ui| {
                let label = ui.label("Method");
                egui::ComboBox::from_id_salt("prism method")
                    .selected_text(method_title(p.method))
                    .show_ui(ui, |ui| {
                        for method in Method::ALL {
                            ui.selectable_value(&mut p.method, method, method_title(method));
                        }
                    })
                    .response
                    .labelled_by(label.id);
                ui.end_row();
                number_row(ui, "Width", &mut p.width, 2..=1000);
                number_row(ui, "Height", &mut p.height, 2..=1000);
                ui.label("Switch colours");
                ui.horizontal(|ui| {
                    for colour in Colour::PRIMARIES {
                        let mut on = p.switch_colours & colour.0 != 0;
                        let name = colour.name();
                        let title = name[..1].to_uppercase() + &name[1..];
                        if ui.checkbox(&mut on, title).changed() {
                            p.switch_colours ^= colour.0;
                        }
                    }
                });
                ui.end_row();
                ui.label("");
                ui.checkbox(&mut p.no_dead_ends, "Only levels without dead ends");
                ui.end_row();
                ui.add_enabled_ui(p.method == Method::Early, |ui| {
                    let mut steer = p.difficulty.is_some();
                    if ui
                        .checkbox(&mut steer, "Steer towards difficulty")
                        .on_hover_text(format!(
                            "Keeps only additions that leave the difficulty score no farther from \
                             the target (early method, boards up to {EARLY_MAX_CELLS} cells)"
                        ))
                        .changed()
                    {
                        p.difficulty = steer.then_some(20);
                    }
                });
                ui.add_enabled_ui(p.method == Method::Early && p.difficulty.is_some(), |ui| {
                    let mut target = p.difficulty.unwrap_or(20);
                    let label = ui.label("Target");
                    if ui
                        .add(egui::DragValue::new(&mut target).range(1..=500))
                        .labelled_by(label.id)
                        .changed()
                    {
                        p.difficulty = Some(target);
                    }
                });
                ui.end_row();
                effort_rows(ui, &mut p.effort);
                count_and_seed_rows(ui, count, seed);
            });
    }

    /// Counts Prism's generations (retries included) as its tries.
    fn watch(&self, state_budget: u64) -> JobWatch {
        JobWatch::new(Job::new(state_budget), "Tries so far")
    }

    fn generate_batch(&self, count: usize, seed: u64, watch: &JobWatch) -> Batch {
        let job = &watch.job;
        let results: Vec<_> = (0..count as u64)
            .into_par_iter()
            .map(|i| {
                let generated = generate(&self.options(batch_seed(seed, i)), job)?;
                watch.tried.fetch_add(generated.tries, Ordering::Relaxed);
                let analysis = analyze(&generated.level, job)
                    .map_err(|e| GenerateError::GaveUp(e.to_string()))?;
                watch.kept.fetch_add(1, Ordering::Relaxed);
                Ok::<_, GenerateError>((
                    generated.level,
                    crate::kinds::prism::figures::PrismFigures::pack_summary(analysis),
                ))
            })
            .collect();
        let cancelled = job.is_cancelled();
        let results = results.into_iter().map(|result| match result {
            Ok((level, summary)) => Ok((level.into(), summary)),
            Err(_) if cancelled => Err(None),
            Err(e) => Err(Some(e.to_string())),
        });
        Batch::of(results, seed, cancelled, watch.tried())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::kinds::kind_generator::BatchWatch;
    use std::time::Duration;

    #[test]
    fn a_batch_gives_the_levels_of_each_seed() {
        let params = PrismParams {
            width: 9,
            height: 7,
            ..PrismParams::default()
        };
        let watch = params.watch(crate::engine::DEFAULT_MAX_STATES);
        let outcome = params.generate_batch(3, 5, &watch);
        assert_eq!(outcome.levels.len(), 3);
        assert_eq!((watch.tried(), outcome.tried, watch.kept()), (3, 3, 3));
        assert_eq!(watch.progress_lines(3, Duration::ZERO), ["Tries so far: 3"]);
        for (i, level) in outcome.levels.iter().enumerate() {
            let mut alone = generate(&params.options(batch_seed(5, i as u64)), &Job::default())
                .unwrap()
                .level;
            alone.name = level.name().to_string();
            assert!(
                level.name().starts_with("prism-")
                    && level.name().ends_with(&format!("-s5-{}", i + 1)),
                "{}",
                level.name()
            );
            assert_eq!(
                level.as_prism(),
                Some(&alone),
                "level {i} is its seed's level"
            );
            assert!(outcome.summaries[i].difficulty().is_some(), "solvable");
        }
    }

    #[test]
    fn parameters_are_checked() {
        let none = PrismParams {
            switch_colours: 0,
            ..PrismParams::default()
        };
        assert!(none
            .check()
            .unwrap_err()
            .to_string()
            .contains("no switch colour"));
        let big_early = PrismParams {
            method: Method::Early,
            width: 40,
            height: 40,
            ..PrismParams::default()
        };
        assert!(big_early
            .check()
            .unwrap_err()
            .to_string()
            .contains("576 cells"));
        let steered_tree = PrismParams {
            difficulty: Some(30),
            ..PrismParams::default()
        };
        assert!(steered_tree.check().is_ok(), "the tree ignores the target");
    }
}
