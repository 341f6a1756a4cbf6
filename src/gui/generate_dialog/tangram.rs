//! The Generate dialog's Tangram part: the preset or the board side and
//! the number of shapes, whether only levels with exactly one solution are
//! kept, and the batch that grows them (level `i` of seed `s` is grown from
//! `batch_seed(s, i)`, as `levelscope generate tangram` does).

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use egui::Ui;
use rayon::prelude::*;

use super::{number_row, Outcome};
use crate::engine::Job;
use crate::kinds::skiddy::generate::batch_seed;
use crate::kinds::tangram::{analyze, generate_with, GenerateOptions, Preset};
use crate::kinds::Level;
use crate::pack::LevelSummary;

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
}

impl Default for TangramParams {
    /// Easy, unique.
    fn default() -> TangramParams {
        TangramParams {
            preset: Some(Preset::Easy),
            size: Preset::Easy.size(),
            shapes: Preset::Easy.shapes(),
            unique: true,
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
        GenerateOptions::new(size, shapes, seed).unique(self.unique)
    }

    /// Why these parameters cannot give a level, if they cannot.
    pub fn check(&self) -> Result<(), String> {
        self.options(0).check()
    }
}

/// The Tangram parameters in the dialog's grid.
pub fn parameters(ui: &mut Ui, p: &mut TangramParams, count: &mut usize, seed: &mut u64) {
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
            number_row(ui, "Levels", count, 1..=super::MAX_COUNT);
            number_row(ui, "Seed", seed, 0..=u64::MAX);
        });
}

/// A preset's name as the dialog shows it: `"Easy"`.
fn preset_title(preset: Preset) -> String {
    let name = preset.name();
    name[..1].to_uppercase() + &name[1..]
}

/// Grows `count` levels from `seed` on rayon's threads, each analysed for
/// its summary; counts the levels kept in `kept` and the growths in
/// `growths`. `job` cancels.
pub fn generate_batch(
    params: &TangramParams,
    count: usize,
    seed: u64,
    job: &Job,
    kept: &AtomicUsize,
    growths: &AtomicU64,
) -> Outcome {
    let results: Vec<_> = (0..count as u64)
        .into_par_iter()
        .map(|i| {
            // The uniqueness check counts within the job's budget, as the
            // analysis that follows does.
            let options = GenerateOptions {
                budget: job.max_states(),
                ..params.options(batch_seed(seed, i))
            };
            let generated = generate_with(options, job)?;
            growths.fetch_add(generated.growths, Ordering::Relaxed);
            let analysis = analyze(&generated.level, 0, job).map_err(|e| e.to_string())?;
            kept.fetch_add(1, Ordering::Relaxed);
            Ok::<_, String>((generated.level, LevelSummary::of_tangram(&analysis)))
        })
        .collect();
    let cancelled = job.is_cancelled();
    let results = results.into_iter().map(|result| match result {
        Ok((level, summary)) => Ok((Level::Tangram(level), summary)),
        Err(_) if cancelled => Err(None),
        Err(e) => Err(Some(e)),
    });
    Outcome::of_batch(
        results,
        seed,
        count,
        cancelled,
        growths.load(Ordering::Relaxed),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::tangram::generate;

    #[test]
    fn a_batch_gives_the_levels_of_each_seed_and_they_are_unique() {
        let params = TangramParams::default();
        let (kept, growths) = (AtomicUsize::new(0), AtomicU64::new(0));
        let outcome = generate_batch(&params, 3, 5, &Job::default(), &kept, &growths);
        assert_eq!(outcome.levels.len(), 3);
        assert_eq!(kept.load(Ordering::Relaxed), 3);
        assert!(outcome.candidates >= 3);
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
        };
        assert!(p.check().unwrap_err().contains("16 triangles"));
    }
}
