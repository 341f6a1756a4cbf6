//! The seam between the Generate dialog and a kind's generator:
//! [`KindGenerator`], implemented once per kind in
//! `gui/kinds/<kind>/generate.rs` and named by the kind's GUI type
//! ([`super::kind_gui::KindGui::Generator`]), and [`BatchWatch`], what the
//! dialog sees of a batch while it runs on the worker thread. The dialog
//! itself knows no kind: it asks the registry ([`super::KindGenerators`])
//! for the tab's parameters, their check and a [`PreparedBatch`] to run.
//!
//! Level `i` of a batch from seed `s` is named `KIND-WxH-sS-I` (from 1),
//! as `levelscope generate KIND --seed s` names it ([`generated_name`]).

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use egui::{DragValue, Ui};

use crate::effort::EffortRange;
use crate::engine::Job;
use crate::kinds::Level;
use crate::pack::LevelSummary;

/// The most levels one batch may ask for.
pub const MAX_COUNT: usize = 1000;

/// Why a kind without a generator cannot generate, as its tab and check
/// say it.
pub const NO_GENERATOR: &str =
    "levelscope has no generator for this kind: paint a level, or open a collection of them";

/// Why a kind's parameters in the generate dialog cannot give a level, as
/// the dialog's line under Generate says it.
#[derive(Clone, Debug, thiserror::Error)]
pub enum OptionsError {
    /// The kind's generator refuses its parameters: the kind's own typed
    /// error, kept whole (a caller that knows the kind may downcast it),
    /// so that no kind's error type is named here.
    #[error("{0}")]
    Refused(std::sync::Arc<dyn std::error::Error + Send + Sync>),
    /// The kind has no generator.
    #[error("{NO_GENERATOR}")]
    NoGenerator,
}

impl OptionsError {
    /// The refusal of a kind's generator, for its `error`.
    pub fn refused(error: impl std::error::Error + Send + Sync + 'static) -> OptionsError {
        OptionsError::Refused(std::sync::Arc::new(error))
    }
}

/// The Generate dialog's side of one kind: the parameters (the type
/// itself, one set a kind kept between batches), their widgets and check,
/// and the batch that runs on the dialog's worker thread.
pub trait KindGenerator: Default + Clone + Send + 'static {
    /// What a running batch shares with the dialog: its cancel flag and
    /// its counters.
    type Watch: BatchWatch;

    /// What the finished batch's line counts after its number, in the
    /// kind's words: `"candidates tried"`.
    const TRIED: &'static str;

    /// Why these parameters cannot give a level, if they cannot.
    fn check(&self) -> Result<(), OptionsError>;

    /// The parameters in the dialog, with the number of levels and the
    /// seed (every kind's last two rows).
    fn parameters(&mut self, ui: &mut Ui, count: &mut usize, seed: &mut u64);

    /// A fresh watch for a batch with these parameters whose searches
    /// stop at `state_budget` states or search nodes (a kind with budgets
    /// of its own may keep to those).
    fn watch(&self, state_budget: u64) -> Self::Watch;

    /// Generates `count` levels from `seed` on rayon's threads, each
    /// analysed for its summary and named by [`generated_name`] (level `i`
    /// is the one the command line writes from the same seed); counts in
    /// `watch` and stops once it is cancelled.
    fn generate_batch(&self, count: usize, seed: u64, watch: &Self::Watch) -> Batch;
}

/// A running batch as the dialog watches it from the drawing thread.
pub trait BatchWatch: Send + Sync + 'static {
    /// Asks the batch to stop as soon as it can; the levels it finished
    /// are kept.
    fn cancel(&self);
    /// Whether [`BatchWatch::cancel`] was called.
    fn is_cancelled(&self) -> bool;
    /// The levels kept so far.
    fn kept(&self) -> usize;
    /// The lines under the progress bar, in the kind's words, after
    /// `elapsed` of a batch of `wanted` levels.
    fn progress_lines(&self, wanted: usize, elapsed: Duration) -> Vec<String>;
}

/// The watch of a kind whose searches run on an engine [`Job`] (its cancel
/// flag and state budget), counting the levels kept and the generator's
/// tries (Prism's generations, Tangram's growths).
#[derive(Debug)]
pub struct JobWatch {
    /// Cancels the batch's searches and bounds each one.
    pub job: Job,
    /// Levels kept so far.
    pub kept: AtomicUsize,
    /// Tries so far.
    pub tried: AtomicU64,
    /// What the progress line calls the tries: `"Growths tried"`.
    label: &'static str,
}

impl JobWatch {
    /// A watch on `job` whose progress line calls the tries `label`.
    pub fn new(job: Job, label: &'static str) -> JobWatch {
        JobWatch {
            job,
            kept: AtomicUsize::new(0),
            tried: AtomicU64::new(0),
            label,
        }
    }

    /// The tries counted so far.
    pub fn tried(&self) -> u64 {
        self.tried.load(Ordering::Relaxed)
    }
}

impl BatchWatch for JobWatch {
    fn cancel(&self) {
        self.job.cancel();
    }

    fn is_cancelled(&self) -> bool {
        self.job.is_cancelled()
    }

    fn kept(&self) -> usize {
        self.kept.load(Ordering::Relaxed)
    }

    fn progress_lines(&self, _wanted: usize, _elapsed: Duration) -> Vec<String> {
        vec![format!("{}: {}", self.label, self.tried())]
    }
}

/// What a finished (or cancelled) batch produced.
#[derive(Clone, Debug, Default)]
pub struct Batch {
    /// The levels made, in batch order, each named by [`generated_name`].
    pub levels: Vec<Level>,
    /// Each level's analysis summary, in the same order.
    pub summaries: Vec<LevelSummary>,
    /// Levels that could not be generated.
    pub failed: usize,
    /// Why the first of them could not.
    pub first_error: Option<String>,
    /// Whether the batch was cancelled.
    pub cancelled: bool,
    /// What the generator tried in all (see [`KindGenerator::TRIED`]).
    pub tried: u64,
}

impl Batch {
    /// The batch of `results` from `seed`: each result a level and its
    /// summary (named here), or why it could not be made (`None`: it was
    /// cancelled, which is no failure).
    pub fn of(
        results: impl Iterator<Item = Result<(Level, LevelSummary), Option<String>>>,
        seed: u64,
        cancelled: bool,
        tried: u64,
    ) -> Batch {
        let mut batch = Batch {
            cancelled,
            tried,
            ..Batch::default()
        };
        for (i, result) in results.enumerate() {
            match result {
                Ok((mut level, summary)) => {
                    level.set_name(generated_name(&level, seed, i));
                    batch.levels.push(level);
                    batch.summaries.push(summary);
                }
                Err(None) => {}
                Err(Some(e)) => {
                    batch.failed += 1;
                    batch.first_error.get_or_insert(e);
                }
            }
        }
        batch
    }
}

/// A batch of one kind ready to run on the dialog's worker thread, and
/// what the dialog watches of it meanwhile.
pub struct PreparedBatch {
    /// What the dialog shows of the batch and how it cancels it.
    pub watch: Arc<dyn BatchWatch>,
    /// The batch, to run on the worker thread.
    pub run: Box<dyn FnOnce() -> Batch + Send>,
    /// What the finished batch's line counts (see
    /// [`KindGenerator::TRIED`]).
    pub tried: &'static str,
}

impl PreparedBatch {
    /// The batch of `count` levels from `seed` with `params`, its searches
    /// within `state_budget`.
    pub fn of<G: KindGenerator>(
        params: &G,
        count: usize,
        seed: u64,
        state_budget: u64,
    ) -> PreparedBatch {
        let watch = Arc::new(params.watch(state_budget));
        let (params, thread_watch) = (params.clone(), Arc::clone(&watch));
        PreparedBatch {
            watch,
            run: Box::new(move || params.generate_batch(count, seed, &thread_watch)),
            tried: G::TRIED,
        }
    }
}

/// The name of the `i`-th level (from 0) of a batch from `seed`: its
/// kind, size, seed and place, as in `prism-30x30-s3-2`.
pub fn generated_name(level: &Level, seed: u64, i: usize) -> String {
    let (w, h) = level.size();
    format!("{}-{w}x{h}-s{seed}-{}", level.kind().name(), i + 1)
}

/// A labelled number in a two-column grid of parameters.
pub fn number_row<T: egui::emath::Numeric>(
    ui: &mut Ui,
    name: &str,
    value: &mut T,
    range: std::ops::RangeInclusive<T>,
) {
    let label = ui.label(name);
    ui.add(DragValue::new(value).range(range))
        .labelled_by(label.id);
    ui.end_row();
}

/// The rows of the target effort range (`docs/effort.md`): the least and
/// the most effort score kept, each off (no bound) or a number. A kind's
/// generator rejects candidates outside, within its caps.
pub fn effort_rows(ui: &mut Ui, range: &mut EffortRange) {
    let EffortRange { min, max } = range;
    for (name, bound, start) in [("Least effort", min, 3.0), ("Most effort", max, 6.0)] {
        let mut on = bound.is_some();
        let check = ui.checkbox(&mut on, name).on_hover_text(
            "Keep only levels whose effort score (the report card's) is within this bound; candidates outside are rejected",
        );
        if check.changed() {
            *bound = on.then_some(start);
        }
        let mut value = bound.unwrap_or(start);
        let drag = ui
            .add_enabled(
                on,
                DragValue::new(&mut value)
                    .range(-100.0..=100.0)
                    .speed(0.1)
                    .fixed_decimals(1),
            )
            .labelled_by(check.id);
        if on && drag.changed() {
            *bound = Some(value);
        }
        ui.end_row();
    }
}

/// The last two rows of every kind's parameters: the number of levels and
/// the seed.
pub fn count_and_seed_rows(ui: &mut Ui, count: &mut usize, seed: &mut u64) {
    number_row(ui, "Levels", count, 1..=MAX_COUNT);
    number_row(ui, "Seed", seed, 0..=u64::MAX);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_batch_names_its_levels_and_counts_its_failures() {
        let level = crate::kinds::skiddy::format::parse_ascii("#####\n#R.R#\n#...#\n#r###\n")
            .expect("level 1-1");
        let level = Level::from(level);
        let summary = level
            .analyze(&Job::default())
            .expect("level 1-1 is analysed")
            .level_summary();
        let results = vec![
            Ok((level.clone(), summary.clone())),
            Err(Some("no luck".to_string())),
            Err(None),
            Err(Some("no luck again".to_string())),
            Ok((level, summary)),
        ];
        let batch = Batch::of(results.into_iter(), 9, false, 42);
        let names: Vec<&str> = batch.levels.iter().map(Level::name).collect();
        assert_eq!(names, ["skiddy-5x4-s9-1", "skiddy-5x4-s9-5"]);
        assert_eq!(batch.summaries.len(), 2);
        assert_eq!(
            (batch.failed, batch.first_error.as_deref()),
            (2, Some("no luck"))
        );
        assert_eq!((batch.cancelled, batch.tried), (false, 42));
    }
}
