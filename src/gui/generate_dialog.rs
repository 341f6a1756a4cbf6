//! The Generate dialog: a tab a kind with its parameters, a batch run on a
//! background thread (rayon across the levels, as `levelscope generate`
//! does) with progress and Cancel, and the levels it kept, listed with a
//! thumbnail and the kind's verdict: a click on one shows it larger beside
//! the list, a tick keeps it, and the ticked ones (all at first) open as
//! new documents or go to the current pack.
//!
//! Level `i` of a batch from seed `s` is the level `levelscope generate
//! KIND --seed s` writes as level `i` (named `KIND-WxH-sS-I`, from 1): the
//! same parameters and seed give the same levels.
//!
//! The dialog names no kind: each kind's parameters, widgets, batch and
//! words sit behind [`crate::gui::kinds::kind_generator::KindGenerator`], one
//! set a kind in [`KindGenerators`].

use std::sync::Arc;
use std::time::{Duration, Instant};

use egui::{Color32, ProgressBar, Sense, Ui};

use crate::gui::kinds::kind_generator::{Batch, BatchWatch};
use crate::gui::kinds::KindGenerators;
use crate::gui::views::picture_painter;
use crate::gui::worker::{spawn_job, BackgroundJob};
use crate::kinds::{Kind, Level};
use crate::pack::LevelSummary;
use crate::words::counted;

pub use crate::gui::kinds::kind_generator::{generated_name, MAX_COUNT};

/// How often the dialog redraws its progress while a batch runs.
const PROGRESS_INTERVAL: Duration = Duration::from_millis(100);

/// The size of a level's thumbnail in the list of the levels kept.
const THUMBNAIL: egui::Vec2 = egui::vec2(56.0, 44.0);

/// The size of the level shown larger beside the list.
const SHOWN: egui::Vec2 = egui::vec2(240.0, 190.0);
/// How far below the top of the editor's window the dialog opens.
const WINDOW_TOP: f32 = 40.0;
/// The dialog's height besides the parameters, the progress and the
/// results: its title bar, the kinds' tabs, Generate and its problem line.
const FRAME_HEIGHT: f32 = 150.0;
/// The height of a batch's progress.
const PROGRESS_HEIGHT: f32 = 80.0;
/// The height of the results: their lines, the list and the level shown.
const RESULTS_HEIGHT: f32 = SHOWN.y + 190.0;
/// The least height the parameters get, however low the screen.
const MIN_PARAMETERS: f32 = 120.0;

pub use super::generated_levels::{Destination, GeneratedLevels};

/// What a finished (or cancelled) batch produced, as the dialog lists it.
pub struct Outcome {
    /// The levels, their summaries and what could not be made.
    batch: Batch,
    wanted: usize,
    /// What the batch's tries are called, in the kind's words.
    tried: &'static str,
    elapsed: Duration,
    /// Whether each level is ticked to keep (all at first).
    ticked: Vec<bool>,
    /// The level shown larger beside the list.
    shown: usize,
}

impl Outcome {
    /// The outcome of `batch`, which asked for `wanted` levels and counts
    /// its tries in the words `tried`, after `elapsed`: every level ticked,
    /// the first one shown.
    fn of(batch: Batch, wanted: usize, tried: &'static str, elapsed: Duration) -> Outcome {
        Outcome {
            ticked: vec![true; batch.levels.len()],
            batch,
            wanted,
            tried,
            elapsed,
            shown: 0,
        }
    }
}

/// A batch running on its thread.
struct Run {
    /// What the batch shows of itself and how it is cancelled.
    watch: Arc<dyn BatchWatch>,
    wanted: usize,
    started: Instant,
    /// The batch's thread, which sends its outcome once.
    job: BackgroundJob<Outcome>,
}

/// The Generate dialog's state: the parameters, the batch running, the
/// levels of the last batch.
pub struct GenerateDialog {
    /// The kind whose tab is showing.
    pub kind: Kind,
    /// Every kind's parameters, each as last set.
    generators: KindGenerators,
    count: usize,
    seed: u64,
    run: Option<Run>,
    outcome: Option<Outcome>,
}

impl Default for GenerateDialog {
    /// The first kind's tab, every generator's default parameters, 10
    /// levels, seed 0.
    fn default() -> Self {
        GenerateDialog::new(Kind::ALL[0], KindGenerators::default(), 10, 0)
    }
}

impl GenerateDialog {
    /// A dialog on `kind`'s tab, set to generate `count` levels (clamped to
    /// 1..=[`MAX_COUNT`]) from `seed`, each kind's tab with its parameters
    /// in `generators`.
    pub fn new(kind: Kind, generators: KindGenerators, count: usize, seed: u64) -> GenerateDialog {
        GenerateDialog {
            kind,
            generators,
            count: count.clamp(1, MAX_COUNT),
            seed,
            run: None,
            outcome: None,
        }
    }

    /// Gets the dialog ready to open over a level of `kind`: on that
    /// kind's tab, each tab's parameters as last set. The tab stays while a
    /// batch is running (its progress shows) or while the last batch's
    /// levels wait to be placed, so that none are dropped unseen.
    pub fn open_for(&mut self, kind: Kind) {
        let busy = self.run.is_some()
            || self
                .outcome
                .as_ref()
                .is_some_and(|o| !o.batch.levels.is_empty());
        if !busy {
            self.kind = kind;
            self.outcome = None;
        }
    }

    /// Why the current tab's parameters cannot give a level, if they
    /// cannot.
    fn problem(&mut self) -> Option<String> {
        self.generators
            .check(self.kind)
            .err()
            .map(|e| e.to_string())
    }

    /// Whether a batch is running.
    pub fn is_running(&self) -> bool {
        self.run.is_some()
    }

    /// Starts a batch with the current parameters on a background thread,
    /// cancelling the one running and dropping the last batch's levels;
    /// `ctx` is asked to repaint when it ends. Every search of the batch
    /// (a Prism analysis, a Tangram count) stops at `state_budget` states or
    /// search nodes, the editor's one budget (Skiddy's analyses keep to the
    /// budget among its parameters).
    pub fn start(&mut self, ctx: &egui::Context, state_budget: u64) {
        self.cancel();
        self.outcome = None;
        let (count, seed) = (self.count, self.seed);
        let batch = self
            .generators
            .prepare(self.kind, count, seed, state_budget);
        let (run, tried) = (batch.run, batch.tried);
        let ctx = ctx.clone();
        let started = Instant::now();
        let job = spawn_job(
            "generate",
            move || ctx.request_repaint(),
            move |reporter| {
                let batch = super::pool::on_own_pool(run);
                // The dialog may be gone: nobody to tell.
                let _ = reporter.send(Outcome::of(batch, count, tried, started.elapsed()));
                reporter.notify();
            },
        )
        .expect("the system can start a thread");
        self.run = Some(Run {
            watch: batch.watch,
            wanted: count,
            started,
            job,
        });
    }

    /// Asks the running batch to stop; the levels it finished are kept.
    pub fn cancel(&mut self) {
        if let Some(run) = &self.run {
            run.watch.cancel();
        }
    }

    /// Collects the running batch's outcome once it has ended.
    fn poll(&mut self) {
        self.wait_for_batch(Duration::ZERO);
    }

    /// Blocks up to `bound` for the running batch's outcome (not at all
    /// for a zero `bound`) and collects it once it has come (the next
    /// [`GenerateDialog::show`] shows it); whether no batch is running any
    /// more, `false` when `bound` passed first. For tests and scripted runs
    /// that must wait for the batch's end rather than for a clock.
    pub fn wait_for_batch(&mut self, bound: Duration) -> bool {
        let Some(run) = &self.run else { return true };
        let received = if bound.is_zero() {
            run.job.try_recv()
        } else {
            run.job.recv_timeout(bound).ok()
        };
        if let Some(outcome) = received {
            let run = self.run.take().expect("checked");
            run.job.join();
            self.outcome = Some(outcome);
        }
        self.run.is_none()
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
            .default_pos(ctx.content_rect().center_top() + egui::vec2(0.0, WINDOW_TOP))
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
                for kind in Kind::ALL {
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
            // The parameters scroll where the screen is too low for them
            // and what comes below (the progress, the results), so that
            // the dialog ends on the screen.
            let below = if self.outcome.is_some() {
                RESULTS_HEIGHT
            } else if running {
                PROGRESS_HEIGHT
            } else {
                0.0
            };
            let screen = ui.ctx().content_rect().height();
            let room = (screen - 2.0 * WINDOW_TOP - FRAME_HEIGHT - below).max(MIN_PARAMETERS);
            egui::ScrollArea::vertical()
                .id_salt("generate_parameters")
                .max_height(room)
                .show(ui, |ui| {
                    self.generators
                        .parameters(self.kind, ui, &mut self.count, &mut self.seed);
                });
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
            .batch
            .levels
            .into_iter()
            .zip(outcome.batch.summaries)
            .zip(outcome.ticked)
            .filter_map(|(pair, ticked)| ticked.then_some(pair))
            .unzip();
        Some(GeneratedLevels {
            levels,
            summaries,
            destination: picked,
        })
    }
}

impl Drop for GenerateDialog {
    fn drop(&mut self) {
        self.cancel();
    }
}

/// The running batch's progress: the bar, the levels kept, the kind's own
/// lines and the time spent.
fn progress(ui: &mut Ui, run: &Run) {
    let kept = run.watch.kept();
    let cancelling = run.watch.is_cancelled();
    ui.add(
        ProgressBar::new(kept as f32 / run.wanted as f32)
            .text(format!("{kept} / {} levels", run.wanted)),
    );
    ui.label(format!("Levels kept: {kept} of {}", run.wanted));
    for line in run.watch.progress_lines(run.wanted, run.started.elapsed()) {
        ui.label(line);
    }
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
    let kept = outcome.batch.levels.len();
    let verb = if outcome.batch.cancelled {
        "Cancelled"
    } else {
        "Done"
    };
    ui.strong(format!(
        "{verb}: kept {kept} of {} levels in {:.1} s, {} {}",
        outcome.wanted,
        outcome.elapsed.as_secs_f64(),
        outcome.batch.tried,
        outcome.tried
    ));
    if let Some(error) = &outcome.batch.first_error {
        ui.colored_label(
            Color32::from_rgb(215, 40, 40),
            format!(
                "{} could not be generated: {}",
                counted(outcome.batch.failed as u64, "level", "levels"),
                crate::gui::editor_words::in_editor_words(error)
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
        shown_level(
            ui,
            &outcome.batch.levels[shown],
            &outcome.batch.summaries[shown],
        );
    });
    picked
}

/// Level `i` of the batch in the list: its tick, its thumbnail, its name
/// and the kind's verdict in a few words (stars and Perfect; the solution
/// count). A click on the thumbnail or the name shows it larger.
fn level_row(ui: &mut Ui, outcome: &mut Outcome, i: usize) {
    let (level, summary) = (&outcome.batch.levels[i], &outcome.batch.summaries[i]);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::kinds::skiddy::generate::SkiddyParams;
    use crate::gui::kinds::tangram::generate::TangramParams;
    use crate::kinds::batch_seed::batch_seed;
    use crate::kinds::skiddy::generate::{generate, GenerateParams};
    use egui_kittest::{kittest::Queryable, Harness};

    /// A dialog on the Skiddy tab, set to generate `count` levels meeting
    /// `params` from `seed`.
    fn with_params(params: GenerateParams, count: usize, seed: u64) -> GenerateDialog {
        let generators = KindGenerators {
            skiddy: SkiddyParams(params),
            ..KindGenerators::default()
        };
        GenerateDialog::new(Kind::Skiddy, generators, count, seed)
    }

    /// A dialog on the Tangram tab, set to generate `count` levels meeting
    /// `params` from `seed`.
    fn with_tangram(params: TangramParams, count: usize, seed: u64) -> GenerateDialog {
        let generators = KindGenerators {
            tangram: params,
            ..KindGenerators::default()
        };
        GenerateDialog::new(Kind::Tangram, generators, count, seed)
    }

    /// The dialog, whether it is open, and what it returned.
    struct State {
        dialog: GenerateDialog,
        open: bool,
        returned: Option<GeneratedLevels>,
    }

    fn harness(dialog: GenerateDialog) -> Harness<'static, State> {
        harness_sized(dialog, egui::vec2(900.0, 900.0))
    }

    fn harness_sized(dialog: GenerateDialog, size: egui::Vec2) -> Harness<'static, State> {
        let state = State {
            dialog,
            open: true,
            returned: None,
        };
        let mut harness = Harness::builder().with_size(size).build_ui_state(
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
        );
        // Let the window settle to its size (its grid measures its columns
        // in the first frames) before anything is clicked.
        harness.run_steps(4);
        harness
    }

    /// How long a test waits for the batch before calling it a hang; the
    /// tests wait for events, this only bounds a hang.
    const HANG: Duration = Duration::from_secs(120);

    /// Steps frames until `label`, a line the running batch shows of its
    /// progress, shows; a hang fails after [`HANG`].
    fn wait_for(harness: &mut Harness<'_, State>, label: &str) {
        let deadline = Instant::now() + HANG;
        while harness.query_by_label_contains(label).is_none() {
            assert!(
                Instant::now() < deadline,
                "{label:?} did not show within {HANG:?}"
            );
            std::thread::sleep(Duration::from_millis(5));
            harness.step();
        }
        // Let the window settle to its new contents before anything is
        // clicked.
        harness.run();
    }

    /// Steps the frame that starts (or cancels) the batch, blocks on the
    /// batch's outcome, and lets the window show it; a hang fails after
    /// [`HANG`].
    fn wait_for_end(harness: &mut Harness<'_, State>) {
        harness.step();
        let dialog = &mut harness.state_mut().dialog;
        assert!(
            dialog.is_running() || dialog.outcome.is_some(),
            "no batch was started"
        );
        assert!(
            dialog.wait_for_batch(HANG),
            "the batch did not end within {HANG:?}"
        );
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
        let mut harness = harness(with_params(tiny(), 2, 7));
        harness.get_by_label("Generate").click();
        harness.step();
        assert!(harness.state().dialog.is_running() || harness.state().dialog.outcome.is_some());
        wait_for_end(&mut harness);
        harness.get_by_label_contains("Open the 2 ticked levels");
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
            let crate::kinds::KindFigures::Skiddy(crate::kinds::skiddy::figures::SkiddyFigures {
                graph,
                shortest_max_combo,
                ..
            }) = &returned.summaries[i].figures
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
    fn every_tab_offers_an_effort_range_and_a_range_nobody_reaches_keeps_none() {
        for kind in [Kind::Skiddy, Kind::Prism, Kind::Tangram, Kind::RushHour] {
            let mut dialog = GenerateDialog::default();
            dialog.open_for(kind);
            let harness = harness(dialog);
            assert_eq!(harness.state().dialog.kind, kind);
            assert!(
                harness.query_all_by_label("Least effort").count() >= 1,
                "{kind:?}"
            );
            assert!(
                harness.query_all_by_label("Most effort").count() >= 1,
                "{kind:?}"
            );
        }
        let impossible = GenerateParams {
            effort: crate::effort::EffortRange::new(Some(1000.0), None),
            max_candidates: 30,
            ..tiny()
        };
        let mut harness = harness(with_params(impossible, 1, 7));
        harness.get_by_label("Generate").click();
        wait_for_end(&mut harness);
        harness.get_by_label_contains("Done: kept 0 of 1 levels");
        harness.get_by_label_contains(
            "1 level could not be generated: no level found after 30 candidates",
        );
    }

    #[test]
    fn levels_waiting_to_be_placed_keep_their_tab() {
        let mut harness = harness(with_params(tiny(), 1, 7));
        harness.get_by_label("Generate").click();
        harness.step();
        wait_for_end(&mut harness);
        harness.get_by_label_contains("Open the 1 ticked level");
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
        wait_for_end(&mut harness);
        harness.get_by_label_contains("Open the 2 ticked levels");
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
        harness(with_tangram(TangramParams::default(), 2, 7))
    }

    #[test]
    fn a_batch_that_kept_nothing_counts_in_its_kinds_words() {
        // Before the seam, a batch without a level said "candidates tried",
        // Skiddy's words, whatever its kind.
        for (kind, words) in [
            (Kind::Prism, "12 generations in all (retries included)"),
            (Kind::Tangram, "12 growths tried"),
        ] {
            let mut dialog = GenerateDialog::default();
            dialog.open_for(kind);
            let prepared = dialog
                .generators
                .prepare(kind, 4, 0, crate::engine::DEFAULT_MAX_STATES);
            let batch = Batch {
                cancelled: true,
                tried: 12,
                ..Batch::default()
            };
            dialog.outcome = Some(Outcome::of(batch, 4, prepared.tried, Duration::ZERO));
            let mut harness = harness(dialog);
            harness.run();
            harness.get_by_label(&format!("Cancelled: kept 0 of 4 levels in 0.0 s, {words}"));
        }
    }

    #[test]
    fn add_to_current_pack_says_so() {
        let mut harness = harness(with_params(tiny(), 1, 3));
        harness.get_by_label("Generate").click();
        wait_for_end(&mut harness);
        harness.get_by_label_contains("Add the 1 ticked level to the pack");
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
            .batch
            .levels
            .iter()
            .map(|l| l.name().to_string())
            .collect()
    }

    #[test]
    fn only_the_ticked_levels_go_to_the_pack_in_batch_order() {
        let mut harness = harness(with_params(tiny(), 3, 7));
        harness.get_by_label("Generate").click();
        wait_for_end(&mut harness);
        harness.get_by_label_contains("Add the 3 ticked levels to the pack");
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
        let mut harness = harness(with_params(tiny(), 3, 7));
        harness.get_by_label("Generate").click();
        wait_for_end(&mut harness);
        harness.get_by_label_contains("Open the 3 ticked levels");
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
        let mut harness = harness(with_params(params, 8, 0));
        harness.get_by_label("Generate").click();
        // The first rejected candidate shows in the breakdown.
        wait_for(&mut harness, "rejected: ");
        assert!(harness.state().dialog.is_running());
        harness.get_by_label_contains("Candidates tried:");
        harness.get_by_label_contains("Levels per second: 0.00");
        harness.get_by_label("Candidates per level kept: none kept yet");
        // After the first seconds, the time the whole candidate budget may
        // take (nothing was kept, so a bound).
        wait_for(&mut harness, "left (no level kept yet)");
        harness.get_by_label_contains("Time left: at most ");
        harness.get_by_label("Cancel").click();
        // The cancelled batch ends (its outcome arrives) and says so.
        wait_for_end(&mut harness);
        harness.get_by_label_contains("Cancelled: kept 0 of 8 levels");
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
        let mut harness = harness(with_params(params, 1, 0));
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
        let mut harness = harness(with_params(params, 2, 0));
        harness.get_by_label("Generate").click();
        harness.step();
        let watch = Arc::clone(&harness.state().dialog.run.as_ref().expect("running").watch);
        harness.state_mut().open = false;
        harness.step();
        assert!(watch.is_cancelled());
    }

    #[test]
    fn the_sokoban_tab_says_once_that_there_is_no_generator() {
        let mut harness = harness(GenerateDialog::new(
            Kind::Sokoban,
            KindGenerators::default(),
            10,
            0,
        ));
        harness.run();
        let said = crate::gui::kinds::no_generator::NO_GENERATOR;
        assert_eq!(harness.query_all_by_label(said).count(), 1);
    }

    #[test]
    fn on_a_screen_800_high_the_results_stay_on_it() {
        let mut harness = harness_sized(with_params(tiny(), 3, 7), egui::vec2(1280.0, 800.0));
        harness.get_by_label("Generate").click();
        wait_for_end(&mut harness);
        harness.get_by_label_contains("Open the 3 ticked levels");
        // Every window's area (the dialog is the one window).
        let bottoms: Vec<f32> = harness.ctx.memory(|m| {
            m.areas()
                .visible_layer_ids()
                .into_iter()
                .filter(|layer| layer.order == egui::Order::Middle)
                .filter_map(|layer| m.area_rect(layer.id))
                .map(|rect| rect.bottom())
                .collect()
        });
        assert!(!bottoms.is_empty(), "the dialog is shown");
        assert!(
            bottoms.iter().all(|&b| b <= 800.0),
            "the dialog ends at {bottoms:?}"
        );
        harness.get_by_label("Open the 3 ticked levels");
    }
}
