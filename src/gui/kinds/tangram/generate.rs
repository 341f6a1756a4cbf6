//! The Generate dialog's Tangram tab: the preset or the board side and
//! the number of shapes, whether only levels with exactly one solution are
//! kept, and the batch that grows them (level `i` of seed `s` is grown from
//! `batch_seed(s, i)`, as `levelscope generate tangram` does).

use std::sync::atomic::Ordering;

use egui::Ui;
use rayon::prelude::*;

use crate::effort::EffortRange;
use crate::engine::Job;
use crate::gui::kinds::kind_generator::{
    count_and_seed_rows, effort_rows, Batch, JobWatch, KindGenerator, OptionsError,
};
use crate::kinds::batch_seed::batch_seed;
use crate::kinds::tangram::{analyze, generate_with, GenerateError, GenerateOptions, Preset};

/// The Tangram generator's parameters as the dialog holds them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TangramParams {
    /// The preset chosen, or `None` for a size and shape count of one's
    /// own.
    pub preset: Option<Preset>,
    /// The board side (used without a preset).
    pub size: usize,
    /// The number of shapes (used without a preset).
    pub shapes: usize,
    /// Keep only levels with exactly one solution.
    pub unique: bool,
    /// The effort scores kept (growths retried until one).
    pub effort: EffortRange,
}

impl Default for TangramParams {
    /// Easy, unique.
    fn default() -> TangramParams {
        TangramParams {
            preset: Some(Preset::Easy),
            size: Preset::Easy.size(),
            shapes: Preset::Easy.shapes(),
            unique: true,
            effort: EffortRange::default(),
        }
    }
}

impl TangramParams {
    /// The generator's options for the level grown from `seed`.
    pub fn options(&self, seed: u64) -> GenerateOptions {
        let (size, shapes) = match self.preset {
            Some(p) => (p.size(), p.shapes()),
            None => (self.size, self.shapes),
        };
        GenerateOptions {
            effort: self.effort,
            ..GenerateOptions::new(size, shapes, seed).unique(self.unique)
        }
    }
}

impl KindGenerator for TangramParams {
    type Watch = JobWatch;

    const TRIED: &'static str = "growths tried";

    fn check(&self) -> Result<(), OptionsError> {
        self.options(0).check().map_err(OptionsError::refused)
    }

    fn parameters(&mut self, ui: &mut Ui, count: &mut usize, seed: &mut u64) {
        let p = self;
        egui::Grid::new("generate_tangram_params")
            .num_columns(2)
            .show(ui, |ui| {
                let label = ui.label("Preset");
                let name = p.preset.map_or_else(|| "Custom".to_string(), preset_title);
                egui::ComboBox::from_id_salt("tangram preset")
                    .selected_text(name)
                    .show_ui(ui, |ui| {
                        for preset in Preset::ALL {
                            let text = format!(
                                "{} ({n} x {n}, {} shapes)",
                                preset_title(preset),
                                preset.shapes(),
                                n = preset.size()
                            );
                            if ui
                                .selectable_label(p.preset == Some(preset), text)
                                .clicked()
                            {
                                p.preset = Some(preset);
                                p.size = preset.size();
                                p.shapes = preset.shapes();
                            }
                        }
                        if ui.selectable_label(p.preset.is_none(), "Custom").clicked() {
                            p.preset = None;
                        }
                    })
                    .response
                    .labelled_by(label.id);
                ui.end_row();
                ui.add_enabled_ui(p.preset.is_none(), |ui| {
                    let label = ui.label("Board side");
                    ui.add(egui::DragValue::new(&mut p.size).range(1..=16))
                        .labelled_by(label.id);
                });
                ui.end_row();
                ui.add_enabled_ui(p.preset.is_none(), |ui| {
                    let label = ui.label("Shapes");
                    ui.add(egui::DragValue::new(&mut p.shapes).range(1..=1024))
                        .labelled_by(label.id);
                });
                ui.end_row();
                ui.label("");
                ui.checkbox(&mut p.unique, "Only levels with exactly one solution");
                ui.end_row();
                effort_rows(ui, &mut p.effort);
                count_and_seed_rows(ui, count, seed);
            });
    }

    /// Counts Tangram's growths as its tries.
    fn watch(&self, state_budget: u64) -> JobWatch {
        JobWatch::new(Job::new(state_budget), "Growths tried")
    }

    fn generate_batch(&self, count: usize, seed: u64, watch: &JobWatch) -> Batch {
        let job = &watch.job;
        let results: Vec<_> = (0..count as u64)
            .into_par_iter()
            .map(|i| {
                // The uniqueness check counts within the job's budget, as the
                // analysis that follows does.
                let options = GenerateOptions {
                    budget: job.max_states(),
                    ..self.options(batch_seed(seed, i))
                };
                let generated = generate_with(options, job)?;
                watch.tried.fetch_add(generated.growths, Ordering::Relaxed);
                let analysis =
                    analyze(&generated.level, 0, job).map_err(GenerateError::InvalidLevel)?;
                watch.kept.fetch_add(1, Ordering::Relaxed);
                Ok::<_, GenerateError>((
                    generated.level,
                    crate::kinds::tangram::figures::TangramFigures::pack_summary(analysis),
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

/// A preset's name as the dialog shows it: `"Easy"`.
fn preset_title(preset: Preset) -> String {
    let name = preset.name();
    name[..1].to_uppercase() + &name[1..]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::kinds::kind_generator::BatchWatch;
    use crate::kinds::tangram::generate;

    #[test]
    fn a_batch_gives_the_levels_of_each_seed_and_they_are_unique() {
        let params = TangramParams::default();
        let watch = params.watch(crate::engine::DEFAULT_MAX_STATES);
        let outcome = params.generate_batch(3, 5, &watch);
        assert_eq!(outcome.levels.len(), 3);
        assert_eq!(watch.kept(), 3);
        assert!(outcome.tried >= 3 && outcome.tried == watch.tried());
        assert_eq!(
            watch.progress_lines(3, std::time::Duration::ZERO),
            [format!("Growths tried: {}", outcome.tried)]
        );
        for (i, level) in outcome.levels.iter().enumerate() {
            let alone = generate(params.options(batch_seed(5, i as u64)))
                .unwrap()
                .level;
            let level = level.as_tangram().unwrap();
            assert_eq!(level.shapes, alone.shapes, "level {i} is its seed's level");
            let n = level.size;
            assert_eq!(level.name, format!("tangram-{n}x{n}-s5-{}", i + 1));
            assert_eq!(outcome.summaries[i].solution_count(), Some(Some(1)));
        }
    }

    #[test]
    fn custom_sizes_are_checked() {
        let p = TangramParams {
            preset: None,
            size: 2,
            shapes: 17,
            unique: false,
            effort: EffortRange::default(),
        };
        assert!(p.check().unwrap_err().to_string().contains("16 triangles"));
    }
}
