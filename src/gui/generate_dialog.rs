//! The Generate dialog: a tab for each kind that has a generator (Skiddy,
//! Prism, Tangram) with its parameters, a batch run on a background thread (rayon
//! across the levels, as `levelscope generate` does) with progress and
//! Cancel, and the levels it kept, listed with a thumbnail and the kind's
//! verdict: a click on one shows it larger beside the list, a tick keeps
//! it, and the ticked ones (all at first) open as new documents or go to
//! the current pack.
//!
//! Level `i` of a batch from seed `s` is the level `levelscope generate
//! KIND --seed s` writes as level `i` (named `KIND-WxH-sS-I`, from 1): the
//! same parameters and seed give the same levels.

pub mod prism;
pub mod tangram;

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc::{channel, Receiver};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use egui::{Color32, DragValue, ProgressBar, Sense, Ui};
use rayon::prelude::*;

use crate::engine::Job;
use crate::gui::views::picture_painter;
use crate::kinds::skiddy::generate::{
    batch_seed, generate_controlled, GenerateControl, GenerateError, GenerateParams,
};
use crate::kinds::{Kind, Level};
use crate::pack::LevelSummary;
use crate::words::counted;
use prism::PrismParams;
use tangram::TangramParams;

/// The most levels one batch may ask for.
pub const MAX_COUNT: usize = 1000;

/// How often the dialog redraws its progress while a batch runs.
const PROGRESS_INTERVAL: Duration = Duration::from_millis(100);

/// The size of a level's thumbnail in the list of the levels kept.
const THUMBNAIL: egui::Vec2 = egui::vec2(56.0, 44.0);

/// The size of the level shown larger beside the list.
const SHOWN: egui::Vec2 = egui::vec2(240.0, 190.0);

/// Where the designer sends the generated levels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Destination {
    /// Each level opens as a new document.
    NewDocuments,
    /// The levels are appended to the current pack.
    CurrentPack,
}

/// Levels the designer ticked to keep, and where they go.
#[derive(Clone, Debug)]
pub struct GeneratedLevels {
    /// The ticked levels, in batch order, named as [`generated_name`] says.
    pub levels: Vec<Level>,
    /// Each level's analysis summary, in the same order (for a pack entry).
    pub summaries: Vec<LevelSummary>,
    /// Where they go.
    pub destination: Destination,
}

/// What a finished (or cancelled) batch produced.
pub struct Outcome {
    levels: Vec<Level>,
    summaries: Vec<LevelSummary>,
    wanted: usize,
    /// Levels that could not be generated, and the first reason.
    failed: usize,
    first_error: Option<String>,
    cancelled: bool,
    /// Candidates analysed (Skiddy) or growths (Tangram).
    candidates: u64,
    elapsed: Duration,
    /// Whether each level is ticked to keep (all at first).
    ticked: Vec<bool>,
    /// The level shown larger beside the list.
    shown: usize,
}

impl Outcome {
    /// The outcome of a batch of `count` levels from `seed`: each result a
    /// level and its summary (named `gen-SEED-INDEX` here), or why it could
    /// not be made (`None`: it was cancelled, which is no failure).
    pub fn of_batch(
        results: impl Iterator<Item = Result<(Level, LevelSummary), Option<String>>>,
        seed: u64,
        count: usize,
        cancelled: bool,
        candidates: u64,
    ) -> Outcome {
        let mut outcome = Outcome {
            levels: Vec::new(),
            summaries: Vec::new(),
            wanted: count,
            failed: 0,
            first_error: None,
            cancelled,
            candidates,
            elapsed: Duration::ZERO,
            ticked: Vec::new(),
            shown: 0,
        };
        for (i, result) in results.enumerate() {
            match result {
                Ok((mut level, summary)) => {
                    level.set_name(generated_name(&level, seed, i));
                    outcome.levels.push(level);
                    outcome.summaries.push(summary);
                    outcome.ticked.push(true);
                }
                Err(None) => {}
                Err(Some(e)) => {
                    outcome.failed += 1;
                    outcome.first_error.get_or_insert(e);
                }
            }
        }
        outcome
    }
}

/// A batch running on its thread.
struct Run {
    kind: Kind,
    control: Arc<GenerateControl>,
    /// Cancels the searches of kinds that run on an engine job (Prism,
    /// Tangram).
    job: Job,
    /// Tangram's growths or Prism's tries so far.
    growths: Arc<AtomicU64>,
    kept: Arc<AtomicUsize>,
    wanted: usize,
    /// The candidate budget of each Skiddy level (for the time left).
    max_candidates: u64,
    started: Instant,
    result: Receiver<Outcome>,
    thread: JoinHandle<()>,
}

/// The Generate dialog's state: the parameters, the batch running, the
/// levels of the last batch.
pub struct GenerateDialog {
    /// The kind whose tab is showing.
    pub kind: Kind,
    params: GenerateParams,
    tangram: TangramParams,
    prism: PrismParams,
    count: usize,
    seed: u64,
    run: Option<Run>,
    outcome: Option<Outcome>,
}

impl Default for GenerateDialog {
    /// The generator's default parameters, 10 levels, seed 0.
    fn default() -> Self {
        GenerateDialog::with_params(GenerateParams::default(), 10, 0)
    }
}

impl GenerateDialog {
    /// A dialog set to generate `count` levels (clamped to 1..=[`MAX_COUNT`])
    /// meeting `params` from `seed`.
    pub fn with_params(params: GenerateParams, count: usize, seed: u64) -> GenerateDialog {
        GenerateDialog {
            kind: Kind::Skiddy,
            params,
            tangram: TangramParams::default(),
            prism: PrismParams::default(),
            count: count.clamp(1, MAX_COUNT),
            seed,
            run: None,
            outcome: None,
        }
    }

    /// A dialog on the Tangram tab, set to generate `count` levels
    /// (clamped to 1..=[`MAX_COUNT`]) meeting `params` from `seed`.
    pub fn with_tangram(params: TangramParams, count: usize, seed: u64) -> GenerateDialog {
        let mut dialog = GenerateDialog::with_params(GenerateParams::default(), count, seed);
        dialog.kind = Kind::Tangram;
        dialog.tangram = params;
        dialog
    }

    /// A dialog on the Prism tab, set to generate `count` levels (clamped
    /// to 1..=[`MAX_COUNT`]) meeting `params` from `seed`.
    pub fn with_prism(params: PrismParams, count: usize, seed: u64) -> GenerateDialog {
        let mut dialog = GenerateDialog::with_params(GenerateParams::default(), count, seed);
        dialog.kind = Kind::Prism;
        dialog.prism = params;
        dialog
    }

    /// Gets the dialog ready to open over a level of `kind`: on that
    /// kind's tab, each tab's parameters as last set. The tab stays while a
    /// batch is running (its progress shows) or while the last batch's
    /// levels wait to be placed, so that none are dropped unseen.
    pub fn open_for(&mut self, kind: Kind) {
        let busy =
            self.run.is_some() || self.outcome.as_ref().is_some_and(|o| !o.levels.is_empty());
        if !busy {
            self.kind = kind;
            self.outcome = None;
        }
    }

    /// The Skiddy parameters as set.
    pub fn params(&self) -> &GenerateParams {
        &self.params
    }

    /// Why the current tab's parameters cannot give a level, if they
    /// cannot.
    fn problem(&self) -> Option<String> {
        match self.kind {
            Kind::Tangram => self.tangram.check().err(),
            Kind::Prism => self.prism.check().err(),
            Kind::Skiddy => self.params.check().err().map(|e| e.to_string()),
        }
    }

    /// Whether a batch is running.
    pub fn is_running(&self) -> bool {
        self.run.is_some()
    }

    /// Starts a batch with the current parameters on a background thread,
    /// cancelling the one running and dropping the last batch's levels;
    /// `ctx` is asked to repaint when it ends. Every search of the batch
    /// (a Prism analysis, a Tangram count) stops at `state_budget` states or
    /// search nodes, the editor's one budget.
    pub fn start(&mut self, ctx: &egui::Context, state_budget: u64) {
        self.cancel();
        self.outcome = None;
        let control = Arc::new(GenerateControl::new());
        let job = Job::new(state_budget);
        let growths = Arc::new(AtomicU64::new(0));
        let kept = Arc::new(AtomicUsize::new(0));
        let (sender, result) = channel();
        let (params, count, seed) = (self.params.clone(), self.count, self.seed);
        let (kind, tangram_params, prism_params) = (self.kind, self.tangram, self.prism);
        let (thread_control, thread_kept) = (Arc::clone(&control), Arc::clone(&kept));
        let (thread_job, thread_growths) = (job.clone(), Arc::clone(&growths));
        let ctx = ctx.clone();
        let started = Instant::now();
        let thread = std::thread::Builder::new()
            .name("generate".into())
            .spawn(move || {
                let outcome = super::pool::on_own_pool(|| match kind {
                    Kind::Tangram => tangram::generate_batch(
                        &tangram_params,
                        count,
                        seed,
                        &thread_job,
                        &thread_kept,
                        &thread_growths,
                    ),
                    Kind::Prism => prism::generate_batch(
                        &prism_params,
                        count,
                        seed,
                        &thread_job,
                        &thread_kept,
                        &thread_growths,
                    ),
                    Kind::Skiddy => {
                        generate_batch(&params, count, seed, &thread_control, &thread_kept)
                    }
                });
                // The dialog may be gone: nobody to tell.
                let _ = sender.send(Outcome {
                    elapsed: started.elapsed(),
                    ..outcome
                });
                ctx.request_repaint();
            })
            .expect("the system can start a thread");
        self.run = Some(Run {
            kind,
            control,
            job,
            growths,
            kept,
            wanted: count,
            max_candidates: self.params.max_candidates,
            started,
            result,
            thread,
        });
    }

    /// Asks the running batch to stop; the levels it finished are kept.
    pub fn cancel(&mut self) {
        if let Some(run) = &self.run {
            run.control.cancel();
            run.job.cancel();
        }
    }

    /// Collects the running batch's outcome once it has ended.
    fn poll(&mut self) {
        let Some(run) = &self.run else { return };
        if let Ok(outcome) = run.result.try_recv() {
            let run = self.run.take().expect("checked");
            let _ = run.thread.join();
            self.outcome = Some(outcome);
        }
    }

    /// Shows the dialog as a window while `*open`; returns the ticked
    /// levels once the designer picks where they go (and then closes the
    /// window).
    /// Closing the window cancels a running batch. A batch started here
    /// searches within `state_budget` (see [`GenerateDialog::start`]).
    pub fn show(
        &mut self,
        ctx: &egui::Context,
        open: &mut bool,
        state_budget: u64,
    ) -> Option<GeneratedLevels> {
        self.poll();
        let mut picked = None;
        egui::Window::new("Generate levels")
            .open(open)
            .default_width(460.0)
            .pivot(egui::Align2::CENTER_TOP)
            .default_pos(ctx.content_rect().center_top() + egui::vec2(0.0, 40.0))
            .resizable(true)
            .show(ctx, |ui| picked = self.contents(ui, state_budget));
        if !*open || picked.is_some() {
            self.cancel();
            *open = false;
        }
        if self.run.is_some() {
            ctx.request_repaint_after(PROGRESS_INTERVAL);
        }
        picked
    }

    fn contents(&mut self, ui: &mut Ui, state_budget: u64) -> Option<GeneratedLevels> {
        let running = self.run.is_some();
        ui.add_enabled_ui(!running, |ui| {
            ui.horizontal(|ui| {
                for kind in [Kind::Skiddy, Kind::Prism, Kind::Tangram] {
                    if ui
                        .selectable_label(self.kind == kind, kind.title())
                        .clicked()
                        && self.kind != kind
                    {
                        self.kind = kind;
                        self.outcome = None;
                    }
                }
            });
            ui.separator();
            match self.kind {
                Kind::Tangram => {
                    tangram::parameters(ui, &mut self.tangram, &mut self.count, &mut self.seed)
                }
                Kind::Prism => {
                    prism::parameters(ui, &mut self.prism, &mut self.count, &mut self.seed)
                }
                Kind::Skiddy => self.parameters(ui),
            }
        });
        ui.separator();
        let problem = self.problem();
        ui.horizontal(|ui| {
            let generate = ui
                .add_enabled(!running && problem.is_none(), egui::Button::new("Generate"))
                .on_hover_text("Generates the levels on all cores");
            if generate.clicked() {
                self.start(ui.ctx(), state_budget);
            }
            if ui
                .add_enabled(running, egui::Button::new("Cancel"))
                .clicked()
            {
                self.cancel();
            }
        });
        if let Some(problem) = problem {
            ui.colored_label(Color32::from_rgb(215, 40, 40), problem);
        }
        if let Some(run) = &self.run {
            progress(ui, run);
            return None;
        }
        let outcome = self.outcome.as_mut()?;
        let picked = results(ui, outcome)?;
        let outcome = self.outcome.take().expect("checked");
        let (levels, summaries) = outcome
            .levels
            .into_iter()
            .zip(outcome.summaries)
            .zip(outcome.ticked)
            .filter_map(|(pair, ticked)| ticked.then_some(pair))
            .unzip();
        Some(GeneratedLevels {
            levels,
            summaries,
            destination: picked,
        })
    }

    fn parameters(&mut self, ui: &mut Ui) {
        let p = &mut self.params;
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
                number_row(ui, "Levels", &mut self.count, 1..=MAX_COUNT);
                number_row(ui, "Seed", &mut self.seed, 0..=u64::MAX);
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
}

impl Drop for GenerateDialog {
    fn drop(&mut self) {
        self.cancel();
    }
}

/// Generates `count` levels from `seed` on rayon's threads, counting the
/// levels kept in `kept`.
fn generate_batch(
    params: &GenerateParams,
    count: usize,
    seed: u64,
    control: &GenerateControl,
    kept: &AtomicUsize,
) -> Outcome {
    let results: Vec<_> = (0..count as u64)
        .into_par_iter()
        .map(|i| {
            let result = generate_controlled(params, batch_seed(seed, i), control);
            if result.is_ok() {
                kept.fetch_add(1, Ordering::Relaxed);
            }
            result
        })
        .collect();
    let results = results.into_iter().map(|result| match result {
        Ok(g) => Ok((
            Level::from(g.level),
            LevelSummary::from_skiddy_parts(&g.summary, &g.rating),
        )),
        Err(GenerateError::Cancelled(_)) => Err(None),
        Err(e) => Err(Some(e.to_string())),
    });
    Outcome::of_batch(
        results,
        seed,
        count,
        control.is_cancelled(),
        control.candidates(),
    )
}

/// The running batch's progress.
fn progress(ui: &mut Ui, run: &Run) {
    let kept = run.kept.load(Ordering::Relaxed);
    let cancelling = run.control.is_cancelled();
    ui.add(
        ProgressBar::new(kept as f32 / run.wanted as f32)
            .text(format!("{kept} / {} levels", run.wanted)),
    );
    ui.label(format!("Levels kept: {kept} of {}", run.wanted));
    match run.kind {
        Kind::Tangram => ui.label(format!(
            "Growths tried: {}",
            run.growths.load(Ordering::Relaxed)
        )),
        Kind::Prism => ui.label(format!(
            "Tries so far: {}",
            run.growths.load(Ordering::Relaxed)
        )),
        Kind::Skiddy => {
            for line in run.control.progress_lines(run.started.elapsed()) {
                ui.label(line);
            }
            ui.label(
                match run.control.time_left(
                    run.wanted as u64,
                    run.max_candidates,
                    run.started.elapsed(),
                ) {
                    Some(left) => format!("Time left: {}", left.words()),
                    None => "Time left: estimating…".to_string(),
                },
            );
            ui.label(format!("Candidates tried: {}", run.control.candidates()))
        }
    };
    ui.label(format!(
        "{}: {:.1} s",
        if cancelling {
            "Cancelling"
        } else {
            "Generating"
        },
        run.started.elapsed().as_secs_f64()
    ));
}

/// The last batch's levels, each to show and to tick, and the two ways to
/// keep the ticked ones (above the list, so that a tall dialog keeps them
/// on screen); returns the one picked.
fn results(ui: &mut Ui, outcome: &mut Outcome) -> Option<Destination> {
    let kept = outcome.levels.len();
    let verb = if outcome.cancelled {
        "Cancelled"
    } else {
        "Done"
    };
    let tried = match outcome.levels.first().map(Level::kind) {
        Some(Kind::Tangram) => "growths tried",
        Some(Kind::Prism) => "generations in all (retries included)",
        Some(Kind::Skiddy) | None => "candidates tried",
    };
    ui.strong(format!(
        "{verb}: kept {kept} of {} levels in {:.1} s, {} {tried}",
        outcome.wanted,
        outcome.elapsed.as_secs_f64(),
        outcome.candidates
    ));
    if let Some(error) = &outcome.first_error {
        ui.colored_label(
            Color32::from_rgb(215, 40, 40),
            format!(
                "{} could not be generated: {error}",
                counted(outcome.failed as u64, "level", "levels")
            ),
        );
    }
    if kept == 0 {
        return None;
    }
    let ticked = outcome.ticked.iter().filter(|&&t| t).count();
    ui.horizontal(|ui| {
        if ui.button("Tick all").clicked() {
            outcome.ticked.fill(true);
        }
        if ui.button("Tick none").clicked() {
            outcome.ticked.fill(false);
        }
        ui.label(format!(
            "{ticked} of {kept} ticked; click one to see it larger"
        ));
    });
    let levels = counted(ticked as u64, "ticked level", "ticked levels");
    let mut picked = None;
    ui.horizontal(|ui| {
        if ui
            .add_enabled(ticked > 0, egui::Button::new(format!("Open the {levels}")))
            .on_hover_text("Each opens in a tab of its own")
            .clicked()
        {
            picked = Some(Destination::NewDocuments);
        }
        if ui
            .add_enabled(
                ticked > 0,
                egui::Button::new(format!("Add the {levels} to the pack")),
            )
            .on_hover_text("A name the pack has already gets a number")
            .clicked()
        {
            picked = Some(Destination::CurrentPack);
        }
    });
    ui.horizontal_top(|ui| {
        ui.vertical(|ui| {
            ui.set_width(250.0);
            egui::ScrollArea::vertical()
                .id_salt("generate_previews")
                .max_height(SHOWN.y + 40.0)
                .show_rows(ui, THUMBNAIL.y, kept, |ui, rows| {
                    for i in rows {
                        level_row(ui, outcome, i);
                    }
                });
        });
        ui.separator();
        let shown = outcome.shown.min(kept - 1);
        shown_level(ui, &outcome.levels[shown], &outcome.summaries[shown]);
    });
    picked
}

/// Level `i` of the batch in the list: its tick, its thumbnail, its name
/// and the kind's verdict in a few words (stars and Perfect; the solution
/// count). A click on the thumbnail or the name shows it larger.
fn level_row(ui: &mut Ui, outcome: &mut Outcome, i: usize) {
    let (level, summary) = (&outcome.levels[i], &outcome.summaries[i]);
    let name = level.name().to_string();
    ui.horizontal(|ui| {
        let ticked = outcome.ticked[i];
        let tick = ui.add(egui::Checkbox::without_text(&mut outcome.ticked[i]));
        tick.widget_info(|| {
            egui::WidgetInfo::selected(egui::Role::CheckBox, true, ticked, format!("Keep {name}"))
        });
        let (thumbnail, painter) = ui.allocate_painter(THUMBNAIL, Sense::click());
        picture_painter::paint(&painter, thumbnail.rect, &level.picture());
        thumbnail.widget_info(|| {
            egui::WidgetInfo::labeled(egui::Role::Button, true, format!("Show {name}"))
        });
        let mut clicked = thumbnail.clicked();
        ui.vertical(|ui| {
            clicked |= ui.selectable_label(outcome.shown == i, &name).clicked();
            ui.small(summary.preview_words());
        });
        if clicked {
            outcome.shown = i;
        }
    });
}

/// The level shown larger beside the list, with its name and verdict.
fn shown_level(ui: &mut Ui, level: &Level, summary: &LevelSummary) {
    ui.vertical(|ui| {
        ui.strong(format!("Showing {}", level.name()));
        let (response, painter) = ui.allocate_painter(SHOWN, Sense::hover());
        picture_painter::paint(&painter, response.rect, &level.picture());
        ui.label(summary.verdict_sentence());
    });
}

/// A labelled number in a two-column grid.
pub(crate) fn number_row<T: egui::emath::Numeric>(
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

/// The name of the `i`-th level (from 0) of a batch from `seed`: its
/// kind, size, seed and place, as in `prism-30x30-s3-2`.
pub fn generated_name(level: &Level, seed: u64, i: usize) -> String {
    let (w, h) = level.size();
    format!(
        "{}-{w}x{h}-s{seed}-{}",
        level.kind().title().to_lowercase(),
        i + 1
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::skiddy::generate::generate;
    use egui_kittest::{kittest::Queryable, Harness};

    /// The dialog, whether it is open, and what it returned.
    struct State {
        dialog: GenerateDialog,
        open: bool,
        returned: Option<GeneratedLevels>,
    }

    fn harness(dialog: GenerateDialog) -> Harness<'static, State> {
        let state = State {
            dialog,
            open: true,
            returned: None,
        };
        Harness::builder()
            .with_size(egui::vec2(900.0, 900.0))
            .build_ui_state(
                |ui, state: &mut State| {
                    let ctx = ui.ctx().clone();
                    if let Some(levels) =
                        state
                            .dialog
                            .show(&ctx, &mut state.open, crate::engine::DEFAULT_MAX_STATES)
                    {
                        state.returned = Some(levels);
                    }
                },
                state,
            )
    }

    /// Steps frames until `label` shows, for at most `limit`.
    fn wait_for(harness: &mut Harness<'_, State>, label: &str, limit: Duration) {
        let deadline = Instant::now() + limit;
        while harness.query_by_label_contains(label).is_none() {
            assert!(Instant::now() < deadline, "{label:?} did not show");
            std::thread::sleep(Duration::from_millis(5));
            harness.step();
        }
        // Let the window settle to its new contents before anything is
        // clicked.
        harness.run();
    }

    /// One red Skiddy and an ice cube on 6x5 (a lone Skiddy makes no
    /// combos, so no three stars: any star count will do).
    fn tiny() -> GenerateParams {
        GenerateParams {
            width: 6,
            height: 5,
            skiddies: [1, 0, 0, 0],
            crates: 0,
            ice: 1,
            min_perfect: 2,
            min_stars: 0,
            ..GenerateParams::default()
        }
    }

    #[test]
    fn generate_then_open_returns_the_levels() {
        let mut harness = harness(GenerateDialog::with_params(tiny(), 2, 7));
        harness.get_by_label("Generate").click();
        harness.step();
        assert!(harness.state().dialog.is_running() || harness.state().dialog.outcome.is_some());
        wait_for(
            &mut harness,
            "Open the 2 ticked levels",
            Duration::from_secs(60),
        );
        harness.get_by_label_contains("Done: kept 2 of 2 levels");
        harness.get_by_label("Open the 2 ticked levels").click();
        harness.run();
        let state = harness.state();
        assert!(!state.open, "picking a destination closes the dialog");
        let returned = state.returned.as_ref().expect("levels returned");
        assert_eq!(returned.destination, Destination::NewDocuments);
        assert_eq!(returned.levels.len(), 2);
        assert_eq!(returned.summaries.len(), 2);
        for (i, level) in returned.levels.iter().enumerate() {
            assert!(level.is_valid(), "{:?}", level.problems());
            let (w, h) = level.size();
            assert_eq!(level.name(), format!("skiddy-{w}x{h}-s7-{}", i + 1));
            let mut alone = generate(&tiny(), batch_seed(7, i as u64)).unwrap().level;
            alone.name = level.name().to_string();
            assert_eq!(
                Some(&alone),
                level.as_skiddy(),
                "the batch gives the command line's levels"
            );
            let crate::kinds::KindFigures::Skiddy {
                graph,
                shortest_max_combo,
                ..
            } = &returned.summaries[i].figures
            else {
                panic!("a Skiddy summary")
            };
            let perfect = shortest_max_combo.or(graph.shortest);
            assert!(perfect.is_some_and(|p| (2..=30).contains(&p)));
        }
    }

    #[test]
    fn it_opens_on_the_tab_of_the_kind_on_screen() {
        let mut dialog = GenerateDialog::default();
        dialog.open_for(Kind::Prism);
        let mut harness = harness(dialog);
        harness.run();
        assert_eq!(harness.state().dialog.kind, Kind::Prism);
        harness.get_by_label("Steer towards difficulty");
        assert!(harness
            .query_by_label("Only levels with exactly one solution")
            .is_none());
        harness.state_mut().dialog.open_for(Kind::Tangram);
        harness.run();
        harness.get_by_label("Only levels with exactly one solution");
        harness.state_mut().dialog.open_for(Kind::Skiddy);
        harness.run();
        assert_eq!(harness.state().dialog.kind, Kind::Skiddy);
    }

    #[test]
    fn levels_waiting_to_be_placed_keep_their_tab() {
        let mut harness = harness(GenerateDialog::with_params(tiny(), 1, 7));
        harness.get_by_label("Generate").click();
        harness.step();
        wait_for(
            &mut harness,
            "Open the 1 ticked level",
            Duration::from_secs(60),
        );
        harness.state_mut().dialog.open_for(Kind::Prism);
        harness.run();
        assert_eq!(harness.state().dialog.kind, Kind::Skiddy);
        harness.get_by_label("Open the 1 ticked level");
    }

    #[test]
    fn the_tangram_tab_grows_unique_levels() {
        let mut harness = harness(GenerateDialog::default());
        harness.get_by_label("Tangram").click();
        harness.run();
        harness.get_by_label("Only levels with exactly one solution");
        assert_eq!(harness.state().dialog.kind, Kind::Tangram);
        let mut harness = harness_with_tangram();
        harness.get_by_label("Generate").click();
        wait_for(
            &mut harness,
            "Open the 2 ticked levels",
            Duration::from_secs(60),
        );
        harness.get_by_label_contains("Done: kept 2 of 2 levels");
        harness.get_by_label_contains("growths tried");
        harness.get_by_label("Open the 2 ticked levels").click();
        harness.run();
        let returned = harness.state().returned.as_ref().expect("levels returned");
        assert_eq!(returned.levels.len(), 2);
        for (level, summary) in returned.levels.iter().zip(&returned.summaries) {
            let tangram = level.as_tangram().expect("a Tangram level");
            assert_eq!((tangram.size, tangram.shapes.len()), (4, 6), "Easy");
            assert_eq!(summary.solution_count(), Some(Some(1)), "unique as asked");
        }
    }

    fn harness_with_tangram() -> Harness<'static, State> {
        harness(GenerateDialog::with_tangram(
            tangram::TangramParams::default(),
            2,
            7,
        ))
    }

    #[test]
    fn add_to_current_pack_says_so() {
        let mut harness = harness(GenerateDialog::with_params(tiny(), 1, 3));
        harness.get_by_label("Generate").click();
        wait_for(
            &mut harness,
            "Add the 1 ticked level to the pack",
            Duration::from_secs(60),
        );
        harness
            .get_by_label("Add the 1 ticked level to the pack")
            .click();
        harness.run();
        let returned = harness.state().returned.as_ref().expect("levels returned");
        assert_eq!(returned.destination, Destination::CurrentPack);
        assert_eq!(returned.levels.len(), 1);
    }

    /// The names of the levels the finished batch lists, in order.
    fn listed_names(harness: &Harness<'_, State>) -> Vec<String> {
        let outcome = harness.state().dialog.outcome.as_ref().expect("a batch");
        outcome
            .levels
            .iter()
            .map(|l| l.name().to_string())
            .collect()
    }

    #[test]
    fn only_the_ticked_levels_go_to_the_pack_in_batch_order() {
        let mut harness = harness(GenerateDialog::with_params(tiny(), 3, 7));
        harness.get_by_label("Generate").click();
        wait_for(
            &mut harness,
            "Add the 3 ticked levels to the pack",
            Duration::from_secs(60),
        );
        let names = listed_names(&harness);
        assert_eq!(names.len(), 3);
        harness.get_by_label_contains("3 of 3 ticked");
        harness.get_by_label(&format!("Keep {}", names[1])).click();
        harness.run();
        harness.get_by_label_contains("2 of 3 ticked");
        // Tick none leaves nothing to keep; Tick all brings every one back.
        harness.get_by_label("Tick none").click();
        harness.run();
        harness.get_by_label_contains("0 of 3 ticked");
        harness
            .get_by_label("Add the 0 ticked levels to the pack")
            .click();
        harness.run();
        assert!(harness.state().returned.is_none(), "nothing ticked to add");
        harness.get_by_label("Tick all").click();
        harness.run();
        harness.get_by_label_contains("3 of 3 ticked");
        harness.get_by_label(&format!("Keep {}", names[1])).click();
        harness.run();
        harness
            .get_by_label("Add the 2 ticked levels to the pack")
            .click();
        harness.run();
        let state = harness.state();
        assert!(!state.open);
        let returned = state.returned.as_ref().expect("levels returned");
        assert_eq!(returned.destination, Destination::CurrentPack);
        let got: Vec<&str> = returned.levels.iter().map(Level::name).collect();
        assert_eq!(got, [names[0].as_str(), names[2].as_str()]);
        assert_eq!(returned.summaries.len(), 2);
    }

    #[test]
    fn clicking_a_level_shows_it_larger() {
        let mut harness = harness(GenerateDialog::with_params(tiny(), 3, 7));
        harness.get_by_label("Generate").click();
        wait_for(
            &mut harness,
            "Open the 3 ticked levels",
            Duration::from_secs(60),
        );
        let names = listed_names(&harness);
        harness.get_by_label(&format!("Showing {}", names[0]));
        harness.get_by_label(&format!("Show {}", names[2])).click();
        harness.run();
        harness.get_by_label(&format!("Showing {}", names[2]));
        assert!(harness
            .query_by_label(&format!("Showing {}", names[0]))
            .is_none());
        harness.get_by_label(&names[1]).click();
        harness.run();
        harness.get_by_label(&format!("Showing {}", names[1]));
        // Showing a level neither ticks nor unticks it.
        harness.get_by_label_contains("3 of 3 ticked");
    }

    #[test]
    fn cancel_stops_a_long_run() {
        // No 6x5 level with one Skiddy has a 200-move Perfect: without a
        // cancel, every level would try its 100 000 candidates.
        let params = GenerateParams {
            min_perfect: 200,
            max_perfect: 200,
            ..tiny()
        };
        let mut harness = harness(GenerateDialog::with_params(params, 8, 0));
        harness.get_by_label("Generate").click();
        let deadline = Instant::now() + Duration::from_secs(30);
        while harness
            .state()
            .dialog
            .run
            .as_ref()
            .is_none_or(|r| r.control.rejections().total() == 0)
        {
            assert!(Instant::now() < deadline, "the batch did not start");
            std::thread::sleep(Duration::from_millis(5));
            harness.step();
        }
        harness.step();
        harness.get_by_label_contains("Candidates tried:");
        harness.get_by_label_contains("Levels per second: 0.00");
        harness.get_by_label("Candidates per level kept: none kept yet");
        harness.get_by_label_contains("rejected: ");
        // After the first seconds, the time the whole candidate budget may
        // take (nothing was kept, so a bound).
        wait_for(
            &mut harness,
            "left (no level kept yet)",
            Duration::from_secs(20),
        );
        harness.get_by_label_contains("Time left: at most ");
        let cancelled_at = Instant::now();
        harness.get_by_label("Cancel").click();
        wait_for(
            &mut harness,
            "Cancelled: kept 0 of 8 levels",
            Duration::from_secs(20),
        );
        assert!(cancelled_at.elapsed() < Duration::from_secs(20));
        let state = harness.state();
        assert!(!state.dialog.is_running());
        assert!(state.returned.is_none());
        assert!(harness.query_by_label_contains("ticked level").is_none());
    }

    #[test]
    fn impossible_parameters_disable_generate() {
        let params = GenerateParams {
            skiddies: [0; 4],
            ..tiny()
        };
        let mut harness = harness(GenerateDialog::with_params(params, 1, 0));
        harness.get_by_label_contains("at least one Skiddy");
        harness.get_by_label("Generate").click();
        harness.run();
        assert!(!harness.state().dialog.is_running());
    }

    #[test]
    fn closing_the_window_cancels_the_batch() {
        let params = GenerateParams {
            min_perfect: 200,
            max_perfect: 200,
            ..tiny()
        };
        let mut harness = harness(GenerateDialog::with_params(params, 2, 0));
        harness.get_by_label("Generate").click();
        harness.step();
        let control = Arc::clone(
            &harness
                .state()
                .dialog
                .run
                .as_ref()
                .expect("running")
                .control,
        );
        harness.state_mut().open = false;
        harness.step();
        assert!(control.is_cancelled());
    }
}
