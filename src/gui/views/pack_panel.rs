//! The pack panel: every level of a pack as a row with its thumbnail, name,
//! verdict and figure in its kind's terms (stars and Perfect length,
//! difficulty and fewest moves, …), states, dead ends and traps. The designer opens a
//! level by clicking it, adds the level open in the editor, removes and
//! moves levels (drag and drop, or the buttons), sorts the view by any
//! column (and may make that order the pack's), filters it, checks the pack
//! on all cores in the background, finds duplicates and reads the
//! difficulty curve.
//!
//! The panel reads the pack and never changes it: what it wants done
//! (remove, reorder, keep one of duplicates, store a check's fresh
//! summaries, open a level, add the editor's level) it returns as
//! [`Command`]s, which the editor carries out at the end of the frame; a
//! change of the pack is a [`Command::EditPack`], named for the undo
//! history.

pub mod duplicates;
mod row;
pub mod view;

#[cfg(test)]
mod tests;

use std::borrow::Cow;
use std::time::Duration;

use egui::{
    vec2, Align2, Button, CollapsingHeader, ComboBox, DragValue, LayerId, Order, ProgressBar,
    Response, Role, ScrollArea, Sense, Shape, Stroke, TextEdit, TextStyle, Ui, WidgetInfo,
};

pub use self::row::paint_thumbnail;
pub use crate::gui::pack_edit::{FreshAnalysis, PackEdit, Rearrangement};

use self::duplicates::DuplicateFinder;
use self::row::{
    cell_of, describe_row, display_name, paint_row, row_tooltip, Columns, RowContext, ROW_HEIGHT,
};
use self::view::{
    effort_order, figure_column, graph_words, move_order, rearranged, renumbering, sorted_order,
    view_order, without, Filter, Show, Sort, SortColumn, MIXED_FIGURES,
};
use crate::engine::StateBudgets;
use crate::gui::commands::Command;
use crate::gui::open_pack::level_words;
use crate::gui::views::difficulty_curve::show_difficulty_curve;
use crate::gui::views::pack_check::{
    place_in, time_left_words, CheckProgress, CheckedLevel, PackCheck,
};
use crate::kinds::{FigureColumn, GraphWords, Kind, Level};
use crate::pack::check::CheckOptions;
use crate::pack::{LevelSummary, Pack, PackEntry};
use crate::words::{agreeing, counted};

/// The width the panel is laid out for, in points; below about 420 the name
/// column gets narrow.
pub const PREFERRED_WIDTH: f32 = 460.0;

/// The most verdicts of removed levels kept for an undo.
const MOST_SET_ASIDE: usize = 10_000;

/// Height of the table's header.
const HEADER_HEIGHT: f32 = 20.0;

/// The latest check's verdict on a level, with the level it judged (a
/// verdict on a level that changed since is not shown) and, until the panel
/// stores it in the pack, the fresh analysis the check made.
#[derive(Clone, Debug)]
struct Verdict {
    level: Level,
    failures: Vec<String>,
    unstored: Option<FreshSummary>,
}

/// A check's fresh analysis of a level, shown in its row while the check
/// runs and stored in the pack when the check ends or is cancelled (`None`:
/// the level could not be analysed and loses its summary).
#[derive(Clone, Debug)]
struct FreshSummary(Option<LevelSummary>);

/// What the latest check did, once it ended or was cancelled: its summary
/// line.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct CheckReport {
    judged: usize,
    failing: usize,
    not_judged: usize,
    elapsed: Duration,
    #[serde(default)]
    cancelled: bool,
}

/// The latest check's results as the panel shows them, kept apart from the
/// panel (in a recovery copy) and given back to it: per level of the pack,
/// why the check failed it (empty: it passed) or `None` (not checked, or
/// changed since), and the check's summary line.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct CheckResults {
    /// Per level of the pack, in order: the check's failures, or `None`.
    pub failures: Vec<Option<Vec<String>>>,
    /// The check's summary line, if it still holds.
    pub report: Option<CheckReport>,
}

impl CheckResults {
    /// Whether there is no result to keep.
    pub fn is_empty(&self) -> bool {
        self.report.is_none() && self.failures.iter().all(Option::is_none)
    }
}

/// A level being dragged to a new place: its index in the pack.
#[derive(Clone, Copy, Debug)]
struct DraggedLevel(usize);

/// The pack panel's view state; the pack itself belongs to the app.
pub struct PackPanel {
    sort: Sort,
    filter: Filter,
    selected: Option<usize>,
    verdicts: Vec<Option<Verdict>>,
    /// The verdicts of levels an edit removed, newest last: an undo that
    /// brings a level back brings its verdict back (see
    /// [`PackPanel::follow`]).
    set_aside: Vec<Verdict>,
    check: Option<PackCheck>,
    /// The pack check's options; its state budget is the editor's one
    /// budget, kept in step by the editor.
    pub options: CheckOptions,
    report: Option<CheckReport>,
    duplicates: DuplicateFinder,
    /// The pack level on screen when the panel was last drawn: the
    /// selection follows it when the designer switches tabs.
    shown: Option<usize>,
}

impl Default for PackPanel {
    fn default() -> PackPanel {
        PackPanel::new()
    }
}

impl PackPanel {
    /// A panel in pack order, unfiltered, that asks checks for 3 stars
    /// within the default state budget.
    pub fn new() -> PackPanel {
        PackPanel {
            sort: Sort::PACK_ORDER,
            filter: Filter::default(),
            selected: None,
            verdicts: Vec::new(),
            set_aside: Vec::new(),
            check: None,
            options: CheckOptions {
                min_stars: 3,
                budgets: StateBudgets::default(),
            },
            report: None,
            duplicates: DuplicateFinder::default(),
            shown: None,
        }
    }

    /// Forgets everything about the pack shown so far (verdicts,
    /// duplicates, selection, filter) and cancels a running check: for when
    /// the app opens another pack, whose levels the old filter may all hide.
    /// Sort and check options stay.
    pub fn reset(&mut self) {
        self.filter = Filter::default();
        self.selected = None;
        self.shown = None;
        self.verdicts.clear();
        self.set_aside.clear();
        self.check = None;
        self.report = None;
        self.duplicates.clear();
    }

    /// The selected level (the last one clicked), which "Remove" and the
    /// move buttons act on.
    pub fn selected(&self) -> Option<usize> {
        self.selected
    }

    /// How the view is sorted.
    pub fn sort(&self) -> Sort {
        self.sort
    }

    /// Sorts the view (not the pack).
    pub fn set_sort(&mut self, sort: Sort) {
        self.sort = sort;
    }

    /// The view's filter.
    pub fn filter_mut(&mut self) -> &mut Filter {
        &mut self.filter
    }

    /// What a check asks of every level.
    pub fn check_options_mut(&mut self) -> &mut CheckOptions {
        &mut self.options
    }

    /// The levels the table shows, in its order.
    pub fn view_order(&self, pack: &Pack) -> Vec<usize> {
        view_order(pack, &self.fails(pack), &self.filter, self.sort)
    }

    /// What the figure column is called: the name the kinds of the levels
    /// it can show (the pack's, of the filter's kind) give it.
    pub fn figure_column(&self, pack: &Pack) -> FigureColumn {
        figure_column(
            pack.levels
                .iter()
                .map(|e| e.level.kind())
                .filter(|&k| self.filter.kind.is_none_or(|f| f == k)),
        )
    }

    /// What the dead ends and traps are called: the words the kinds of the
    /// levels shown agree on, else the engine's.
    pub fn graph_words(&self, pack: &Pack) -> GraphWords {
        graph_words(
            pack.levels
                .iter()
                .map(|e| e.level.kind())
                .filter(|&k| self.filter.kind.is_none_or(|f| f == k)),
        )
    }

    /// Why the latest check failed level `index` (empty: it passed), or
    /// `None` when it was not checked or has changed since.
    pub fn failures(&self, pack: &Pack, index: usize) -> Option<&[String]> {
        let verdict = self.verdicts.get(index)?.as_ref()?;
        let entry = pack.levels.get(index)?;
        (verdict.level == entry.level).then_some(verdict.failures.as_slice())
    }

    /// The latest check's results on `pack`, as the panel shows them.
    pub fn check_results(&self, pack: &Pack) -> CheckResults {
        CheckResults {
            failures: (0..pack.levels.len())
                .map(|i| self.failures(pack, i).map(<[String]>::to_vec))
                .collect(),
            report: self.report,
        }
    }

    /// Shows `results` as the latest check's results on `pack` (a pack
    /// brought back from a recovery copy): each level's verdict is on the
    /// level the pack holds now; results for levels the pack does not have
    /// are dropped.
    pub fn restore_check_results(&mut self, pack: &Pack, results: CheckResults) {
        let mut failures = results.failures.into_iter();
        self.verdicts = pack
            .levels
            .iter()
            .map(|entry| {
                failures.next().flatten().map(|failures| Verdict {
                    level: entry.level.clone(),
                    failures,
                    // The check that made them stored its analyses already.
                    unstored: None,
                })
            })
            .collect();
        self.report = results.report;
    }

    /// Whether a check is running.
    pub fn is_checking(&self) -> bool {
        self.check.is_some()
    }

    /// How far the running check has got.
    pub fn check_progress(&self) -> Option<CheckProgress> {
        self.check.as_ref().map(PackCheck::progress)
    }

    /// Blocks until the running check has a verdict the panel has not
    /// shown yet (the next [`PackPanel::show`] shows it), or will send no
    /// more, for at most `bound`; `true` at once when no check is running,
    /// `false` when `bound` passed first. For tests and scripted runs that
    /// must wait for the check's event rather than for a clock.
    pub fn wait_for_check_verdict(&mut self, bound: Duration) -> bool {
        self.check
            .as_mut()
            .is_none_or(|check| check.wait_for_verdict(bound))
    }

    /// Starts checking `pack` in the background (cancelling a running
    /// check); `ctx` is asked to repaint as the check goes. Every level is
    /// "not checked" until the check judges it.
    pub fn start_check(&mut self, ctx: &egui::Context, pack: &Pack) {
        let ctx = ctx.clone();
        self.check = Some(PackCheck::start(pack, self.options, move || {
            ctx.request_repaint()
        }));
        self.verdicts = vec![None; pack.levels.len()];
        self.report = None;
    }

    /// Cancels the running check of `pack`: the levels judged so far keep
    /// their verdicts and (on the next [`PackPanel::show`]) their fresh
    /// analyses; the others stay "not checked".
    pub fn cancel_check(&mut self, pack: &Pack) {
        let Some(mut check) = self.check.take() else {
            return;
        };
        // Taken before cancelling: afterwards verdicts may say "cancelled".
        for judged in check.take_judged() {
            self.take_verdict(pack, judged);
        }
        check.cancel();
        self.report = Some(self.report_on(pack, check.elapsed(), true));
    }

    /// The duplicate groups last found (pack indices), if the designer
    /// asked for them.
    pub fn duplicate_groups(&self) -> Option<&[Vec<usize>]> {
        self.duplicates.groups()
    }

    /// Whether the filter lets level `i` of `pack` be shown.
    fn is_shown(&self, pack: &Pack, i: usize) -> bool {
        pack.levels.get(i).is_some_and(|entry| {
            let fails = self.failures(pack, i).map(|f| !f.is_empty());
            self.filter.matches(entry, fails)
        })
    }

    /// The latest check's verdict on each level: `Some(true)` fails,
    /// `Some(false)` passes, `None` not checked (or changed since).
    fn fails(&self, pack: &Pack) -> Vec<Option<bool>> {
        (0..pack.levels.len())
            .map(|i| self.failures(pack, i).map(|f| !f.is_empty()))
            .collect()
    }

    /// Draws the panel and handles its input; returns what the app must do.
    pub fn show(&mut self, ui: &mut Ui, pack: &Pack, current: Option<usize>) -> Vec<Command> {
        let mut actions = Vec::new();
        self.verdicts.resize_with(pack.levels.len(), || None);
        // The panel follows the tab on screen: its level is the selected
        // one (none when the tab is not a level of the pack), so Remove and
        // the move buttons act on what the designer sees.
        if current != self.shown {
            self.shown = current;
            self.selected = current;
        }
        if self.selected.is_some_and(|s| s >= pack.levels.len()) {
            self.selected = None;
        }
        self.collect_check(pack);
        self.store_fresh_summaries(pack, &mut actions);
        // A check's summary line counts levels as they were: once some of
        // them are gone or changed, its figures no longer hold.
        if let Some(report) = &self.report {
            let still_judged = self.fails(pack).iter().filter(|f| f.is_some()).count();
            if still_judged < report.judged {
                self.report = None;
            }
        }
        self.duplicates.refresh(pack);

        let mut new_order = None;
        self.show_counts(ui, pack);
        self.show_toolbar(ui, pack, &mut actions, &mut new_order);
        self.show_check(ui, pack, &mut actions);
        CollapsingHeader::new("Duplicates")
            .id_salt("pack panel duplicates")
            .show(ui, |ui| {
                if let Some(order) = self.duplicates.show(ui, pack) {
                    new_order = Some(order);
                }
            });
        if let Some(order) = self.duplicates.show_confirmation(ui.ctx()) {
            new_order = Some(order);
        }
        CollapsingHeader::new("Difficulty curve")
            .id_salt("pack panel curve")
            .show(ui, |ui| show_difficulty_curve(ui, pack));
        ui.separator();
        self.show_filter(ui, pack);
        self.show_sort_line(ui, pack, &mut new_order);
        self.show_table(ui, pack, current, &mut actions, &mut new_order);

        if let Some(order) = new_order {
            self.rearrange(pack, order, &mut actions);
        }
        actions
    }

    /// Takes the verdicts the running check has made since the last frame
    /// (each onto its level's row) and ends the check when every level is
    /// judged.
    fn collect_check(&mut self, pack: &Pack) {
        let Some(check) = self.check.as_mut() else {
            return;
        };
        let judged = check.take_judged();
        let (finished, elapsed) = (check.is_finished(), check.elapsed());
        for level in judged {
            self.take_verdict(pack, level);
        }
        if finished {
            self.check = None;
            self.report = Some(self.report_on(pack, elapsed, false));
        }
    }

    /// Puts one level's verdict on the row of that level in `pack` as it is
    /// now (nowhere if the level was changed or removed meanwhile).
    fn take_verdict(&mut self, pack: &Pack, judged: CheckedLevel) {
        self.verdicts.resize_with(pack.levels.len(), || None);
        let verdicts = &self.verdicts;
        let place = place_in(pack, judged.check.index, &judged.level, |i| {
            verdicts[i].is_some()
        });
        if let Some(i) = place {
            self.verdicts[i] = Some(Verdict {
                level: judged.level,
                failures: judged.check.failures,
                unstored: Some(FreshSummary(judged.check.summary.ok())),
            });
        }
    }

    /// The summary line of a check that ended (or was cancelled) after
    /// `elapsed`.
    fn report_on(&self, pack: &Pack, elapsed: Duration, cancelled: bool) -> CheckReport {
        let fails = self.fails(pack);
        let judged = fails.iter().filter(|f| f.is_some()).count();
        CheckReport {
            judged,
            failing: fails.iter().filter(|f| **f == Some(true)).count(),
            not_judged: pack.levels.len() - judged,
            elapsed,
            cancelled,
        }
    }

    /// Once no check runs, asks for the fresh analyses of the levels the
    /// last check judged to be stored in the pack, as one undoable edit
    /// (none when they would change nothing).
    fn store_fresh_summaries(&mut self, pack: &Pack, commands: &mut Vec<Command>) {
        let unstored = |v: &Option<Verdict>| v.as_ref().is_some_and(|v| v.unstored.is_some());
        if self.check.is_some() || !self.verdicts.iter().any(unstored) {
            return;
        }
        let mut fresh = Vec::new();
        for (index, (verdict, entry)) in self.verdicts.iter_mut().zip(&pack.levels).enumerate() {
            let Some(verdict) = verdict else {
                continue;
            };
            if let Some(FreshSummary(summary)) = verdict.unstored.take() {
                let mut stored = entry.clone();
                stored.set_summary(summary.clone());
                if verdict.level == entry.level && stored != *entry {
                    fresh.push(FreshAnalysis {
                        index,
                        level: entry.level.clone(),
                        summary,
                    });
                }
            }
        }
        if !fresh.is_empty() {
            commands.push(Command::EditPack(PackEdit::StoreSummaries(fresh)));
        }
    }

    /// Level `i` as its row shows it: with the running check's fresh
    /// analysis when the check has judged it already.
    fn shown_entry<'p>(&self, pack: &'p Pack, i: usize) -> Cow<'p, PackEntry> {
        let entry = &pack.levels[i];
        match self.verdicts.get(i) {
            Some(Some(Verdict {
                level,
                unstored: Some(FreshSummary(fresh)),
                ..
            })) if *level == entry.level => {
                let mut shown = entry.clone();
                shown.summary = fresh.clone();
                Cow::Owned(shown)
            }
            _ => Cow::Borrowed(entry),
        }
    }

    /// Orders the pack by its levels' stored effort, easiest first, as one
    /// undoable edit (levels without an effort keep their order, at the
    /// end); returns what the app must do and what to tell the designer.
    pub fn order_by_effort(&mut self, pack: &Pack) -> (Vec<Command>, String) {
        let (order, unscored) = effort_order(pack);
        let mut actions = Vec::new();
        self.rearrange(
            pack,
            Rearrangement {
                order,
                name: "Order the pack by effort".into(),
            },
            &mut actions,
        );
        let done = if actions.is_empty() {
            "The pack is in effort order already"
        } else {
            "Ordered the pack by effort, easiest first"
        };
        let notice = if unscored == 0 {
            done.to_string()
        } else {
            let n = unscored as u64;
            format!(
                "{done}; {} no effort yet: analyse {} (Check pack) to place {}",
                counted(n, "level has", "levels have"),
                agreeing(n, "it", "them"),
                agreeing(n, "it", "them"),
            )
        };
        (actions, notice)
    }

    /// Asks for a new order of the pack, and applies it at once to
    /// everything the panel keeps per level.
    fn rearrange(&mut self, pack: &Pack, change: Rearrangement, commands: &mut Vec<Command>) {
        let order = &change.order;
        let len = pack.levels.len();
        if order.len() == len && order.iter().enumerate().all(|(k, &i)| k == i) {
            return;
        }
        let map = renumbering(len, order);
        let mut verdicts = std::mem::take(&mut self.verdicts);
        verdicts.resize_with(len, || None);
        for (old, verdict) in verdicts.iter_mut().enumerate() {
            if map.get(old).copied().flatten().is_none() {
                self.set_aside(verdict.take());
            }
        }
        self.verdicts = rearranged(verdicts, order);
        self.selected = self.selected.and_then(|s| map.get(s).copied().flatten());
        commands.push(Command::EditPack(PackEdit::Rearrange(change)));
    }

    /// Follows the levels to their new places after the app changed the
    /// pack under the panel (an undo or a redo): `map` says where each
    /// level went (`None`: gone), `pack` is the pack now. A level that
    /// came back gets the verdict it had when an edit removed it.
    pub fn follow(&mut self, map: &[Option<usize>], pack: &Pack) {
        let len = pack.levels.len();
        let mut verdicts: Vec<Option<Verdict>> = vec![None; len];
        for (old, verdict) in std::mem::take(&mut self.verdicts).into_iter().enumerate() {
            match map.get(old).copied().flatten() {
                Some(new) => verdicts[new] = verdict,
                None => self.set_aside(verdict),
            }
        }
        for (slot, entry) in verdicts.iter_mut().zip(&pack.levels) {
            if slot.is_none() {
                if let Some(k) = self.set_aside.iter().rposition(|v| v.level == entry.level) {
                    *slot = Some(self.set_aside.remove(k));
                }
            }
        }
        self.verdicts = verdicts;
        self.selected = self.selected.and_then(|s| map.get(s).copied().flatten());
    }

    /// Keeps the verdict of a removed level for an undo that brings it
    /// back; the oldest go first past [`MOST_SET_ASIDE`].
    fn set_aside(&mut self, verdict: Option<Verdict>) {
        self.set_aside.extend(verdict);
        if self.set_aside.len() > MOST_SET_ASIDE {
            let excess = self.set_aside.len() - MOST_SET_ASIDE;
            self.set_aside.drain(..excess);
        }
    }

    fn show_counts(&self, ui: &mut Ui, pack: &Pack) {
        let fails = self.fails(pack);
        let failing = fails.iter().filter(|f| **f == Some(true)).count();
        let passing = fails.iter().filter(|f| **f == Some(false)).count();
        let unchecked = fails.len() - failing - passing;
        ui.horizontal_wrapped(|ui| {
            if !pack.name.is_empty() {
                ui.strong(&pack.name);
            }
            ui.label(format!(
                "{} levels: {passing} pass, {failing} failing, {unchecked} not checked",
                pack.levels.len()
            ));
        });
    }

    fn show_toolbar(
        &mut self,
        ui: &mut Ui,
        pack: &Pack,
        actions: &mut Vec<Command>,
        new_order: &mut Option<Rearrangement>,
    ) {
        let len = pack.levels.len();
        ui.horizontal_wrapped(|ui| {
            if ui
                .button("Add current level")
                .on_hover_text("Appends the level open in the editor to the pack")
                .clicked()
            {
                actions.push(Command::AddToPack);
            }
            // The buttons act on the selected level only while the table
            // shows it: never on a level the filter hides.
            let hidden = self.selected.is_some_and(|s| !self.is_shown(pack, s));
            let selected = self.selected.filter(|_| !hidden);
            let why_not = if hidden {
                "The selected level is hidden by the filter: clear the filter or click a level"
            } else {
                "Click a level first"
            };
            let remove = ui
                .add_enabled(selected.is_some(), Button::new("Remove"))
                .on_hover_text("Removes the selected level from the pack")
                .on_disabled_hover_text(why_not);
            let up = ui
                .add_enabled(selected.is_some_and(|s| s > 0), Button::new("Move up"))
                .on_hover_text("Moves the selected level one place earlier in the pack");
            let down = ui
                .add_enabled(
                    selected.is_some_and(|s| s + 1 < len),
                    Button::new("Move down"),
                )
                .on_hover_text("Moves the selected level one place later in the pack");
            if let Some(s) = selected {
                let words = level_words(&pack.levels[s].level, s);
                let (order, name) = if remove.clicked() {
                    (
                        without(len, &[s]),
                        format!("Remove level {words} from the pack"),
                    )
                } else if up.clicked() {
                    (move_order(len, s, s - 1), format!("Move level {words} up"))
                } else if down.clicked() {
                    (
                        move_order(len, s, s + 2),
                        format!("Move level {words} down"),
                    )
                } else {
                    return;
                };
                *new_order = Some(Rearrangement { order, name });
            }
        });
    }

    fn show_check(&mut self, ui: &mut Ui, pack: &Pack, actions: &mut Vec<Command>) {
        let running = self.check.is_some();
        ui.horizontal_wrapped(|ui| {
            if ui
                .add_enabled(
                    !running && !pack.levels.is_empty(),
                    Button::new("Check pack"),
                )
                .on_hover_text(
                    "Re-analyses every level on all cores and stores the fresh analyses; \
                     levels that break their kind's rule of a fair level (a dead end, too few \
                     stars, no solution: see pack check) or whose analysis changed fail",
                )
                .clicked()
            {
                self.start_check(ui.ctx(), pack);
            }
            // Stars wanted, where the pack holds a kind that gives stars.
            if pack.levels.iter().any(|e| e.level.kind().gives_stars()) {
                let stars = ui.label("Min. stars");
                ui.add_enabled(
                    !running,
                    DragValue::new(&mut self.options.min_stars).range(0..=3),
                )
                .labelled_by(stars.id);
            }
            let budget = ui.label("State budget");
            ui.add_enabled(
                !running,
                DragValue::new(&mut self.options.budgets.states)
                    .range(crate::gui::worker::STATE_BUDGET_RANGE)
                    .speed(10_000),
            )
            .labelled_by(budget.id)
            .on_hover_text(
                "Every analysis (this check, the level on screen, Generate) stops after this many states; the same budget as Analysis > State budget",
            );
            let positions = ui.label("Position budget");
            ui.add_enabled(
                !running,
                DragValue::new(&mut self.options.budgets.classes)
                    .range(crate::gui::worker::POSITION_BUDGET_RANGE)
                    .speed(100_000),
            )
            .labelled_by(positions.id)
            .on_hover_text(format!(
                "A {} analysis stops after this many positions (a box set and the player's area, each standing for many states); the same budget as Analysis > Position budget",
                crate::kinds::Kind::titles_counting(crate::kinds::SearchUnit::Positions)
            ));
        });
        if let Some(check) = &self.check {
            let progress = check.progress();
            let left = check
                .time_left()
                .map_or(String::new(), |t| format!(", {}", time_left_words(t)));
            let mut cancel = false;
            ui.horizontal(|ui| {
                let width = (ui.available_width() - 110.0).max(80.0);
                ui.add(
                    ProgressBar::new(progress.fraction())
                        .desired_width(width)
                        .text(format!(
                            "{} / {} levels{left}",
                            progress.done, progress.total
                        )),
                );
                cancel = ui
                    .button("Cancel check")
                    .on_hover_text("Stops the check; the levels checked so far keep their results")
                    .clicked();
            });
            if cancel {
                self.cancel_check(pack);
                self.store_fresh_summaries(pack, actions);
            }
        } else if let Some(report) = &self.report {
            let not_judged = report.not_judged as u64;
            let mut text = format!(
                "{} {} in {:.1} s: {} failing",
                if report.cancelled {
                    "Cancelled after checking"
                } else {
                    "Checked"
                },
                counted(report.judged as u64, "level", "levels"),
                report.elapsed.as_secs_f64(),
                report.failing
            );
            if report.cancelled && not_judged > 0 {
                text += &format!(
                    "; {} not checked",
                    counted(not_judged, "level is", "levels are")
                );
            } else if report.not_judged > 0 {
                text += &format!(
                    "; {} added or changed during the check {} not judged",
                    counted(not_judged, "level", "levels"),
                    agreeing(not_judged, "was", "were")
                );
            }
            ui.label(text);
        }
    }

    fn show_filter(&mut self, ui: &mut Ui, pack: &Pack) {
        // The star filters where the pack holds a kind that gives stars
        // (or one of them is chosen, so that it can be unchosen).
        let stars_given = pack.levels.iter().any(|e| e.level.kind().gives_stars());
        // Wrapped: at the panel's narrowest the kind goes to a second row
        // rather than being cut at the panel's edge.
        ui.horizontal_wrapped(|ui| {
            ui.add(
                TextEdit::singleline(&mut self.filter.text)
                    .hint_text("Filter by name or tag")
                    .desired_width(170.0),
            );
            ComboBox::from_label("Show")
                .selected_text(self.filter.show.describe())
                .show_ui(ui, |ui| {
                    let chosen = self.filter.show;
                    let offered = Show::ALL
                        .into_iter()
                        .filter(|s| !s.reads_stars() || stars_given || *s == chosen);
                    for show in offered {
                        ui.selectable_value(&mut self.filter.show, show, show.describe());
                    }
                });
            let kind_words = |kind: Option<Kind>| kind.map_or("Every kind", Kind::title);
            ComboBox::from_label("Kind")
                .selected_text(kind_words(self.filter.kind))
                .show_ui(ui, |ui| {
                    for kind in std::iter::once(None).chain(Kind::ALL.map(Some)) {
                        ui.selectable_value(&mut self.filter.kind, kind, kind_words(kind));
                    }
                })
                .response
                .on_hover_text("Show the levels of one kind only");
        });
    }

    fn show_sort_line(&mut self, ui: &mut Ui, pack: &Pack, new_order: &mut Option<Rearrangement>) {
        if self.sort.is_pack_order() {
            ui.weak("Drag a level to move it; click a column's header to sort by it.");
            return;
        }
        let figure = self.figure_column(pack);
        let graph = self.graph_words(pack);
        ui.horizontal_wrapped(|ui| {
            ui.label(format!(
                "Sorted by {}{}",
                self.sort.column.describe(figure, graph),
                if self.sort.descending {
                    ", descending"
                } else {
                    ""
                }
            ));
            if ui
                .button("Apply this order to the pack")
                .on_hover_text(
                    "Reorders the pack itself in this order (the filter does not matter)",
                )
                .clicked()
            {
                *new_order = Some(Rearrangement {
                    order: sorted_order(pack, self.sort),
                    name: format!(
                        "Sort the pack by {}{}",
                        self.sort.column.describe(figure, graph),
                        if self.sort.descending {
                            ", descending"
                        } else {
                            ""
                        }
                    ),
                });
                self.sort = Sort::PACK_ORDER;
            }
            if ui.button("Pack order").clicked() {
                self.sort = Sort::PACK_ORDER;
            }
        });
    }

    fn show_header(
        &mut self,
        ui: &mut Ui,
        columns: &Columns,
        figure: FigureColumn,
        graph: GraphWords,
    ) {
        let (rect, _) =
            ui.allocate_exact_size(vec2(columns.width(), HEADER_HEIGHT), Sense::hover());
        let cells = columns.cells(rect);
        let font = TextStyle::Small.resolve(ui.style());
        for column in SortColumn::ALL {
            let cell = cells[cell_of(column)];
            let response = ui
                .interact(
                    cell,
                    ui.scope_id().with(("pack header", column)),
                    Sense::click(),
                )
                .on_hover_text(format!(
                    "Sort the view by {}",
                    column.describe(figure, graph)
                ));
            response.widget_info(|| {
                WidgetInfo::labeled(Role::Button, true, column.title(figure, graph))
            });
            let visuals = ui.visuals();
            let painter = ui.painter().with_clip_rect(cell);
            if response.hovered() {
                painter.rect_filled(cell, 2.0, visuals.widgets.hovered.weak_bg_fill);
            }
            let active = self.sort.column == column;
            let colour = if active {
                visuals.strong_text_color()
            } else {
                visuals.text_color()
            };
            // Text aligned like the column's values; the arrow of the
            // sorted column beside it, on the side with room.
            let name_column = column == SortColumn::Name;
            let (anchor, pos) = if name_column {
                (Align2::LEFT_CENTER, cell.left_center())
            } else {
                (Align2::RIGHT_CENTER, cell.right_center())
            };
            let text = painter.text(
                pos,
                anchor,
                column.title(figure, graph),
                font.clone(),
                colour,
            );
            if active {
                let c = if name_column {
                    text.right_center() + vec2(7.0, 0.0)
                } else {
                    text.left_center() - vec2(7.0, 0.0)
                };
                let (tip, base) = if self.sort.descending {
                    (3.0, -3.0)
                } else {
                    (-3.0, 3.0)
                };
                let triangle = vec![
                    c + vec2(0.0, tip),
                    c + vec2(3.5, base),
                    c + vec2(-3.5, base),
                ];
                painter.add(Shape::convex_polygon(triangle, colour, Stroke::NONE));
            }
            if response.clicked() {
                self.sort = self.sort.clicked(column);
            }
        }
    }

    fn show_table(
        &mut self,
        ui: &mut Ui,
        pack: &Pack,
        current: Option<usize>,
        actions: &mut Vec<Command>,
        new_order: &mut Option<Rearrangement>,
    ) {
        let fails = self.fails(pack);
        let view = view_order(pack, &fails, &self.filter, self.sort);
        let columns = Columns::new(ui.available_width());
        let figure = self.figure_column(pack);
        self.show_header(ui, &columns, figure, self.graph_words(pack));
        if view.is_empty() {
            ui.weak(if pack.levels.is_empty() {
                "The pack is empty: add the level open in the editor."
            } else {
                "No level matches the filter."
            });
            return;
        }
        let row = RowContext {
            pack,
            fails: &fails,
            current,
            columns,
            movable: self.sort.is_pack_order(),
            figure_units: figure == MIXED_FIGURES,
        };
        ScrollArea::vertical()
            .id_salt("pack panel rows")
            .auto_shrink([false, false])
            .show_rows(ui, ROW_HEIGHT, view.len(), |ui, range| {
                for place in range {
                    self.show_row(ui, &row, view[place], place, actions, new_order);
                }
            });
    }

    fn show_row(
        &mut self,
        ui: &mut Ui,
        row: &RowContext<'_>,
        i: usize,
        place: usize,
        actions: &mut Vec<Command>,
        new_order: &mut Option<Rearrangement>,
    ) {
        let shown = self.shown_entry(row.pack, i);
        let entry: &PackEntry = &shown;
        let name = display_name(entry, i);
        let selected = self.selected == Some(i);
        // An id of its own, not the layout's: a row keeps its drag while
        // the list scrolls under it.
        let (_, rect) = ui.allocate_space(vec2(row.columns.width(), ROW_HEIGHT));
        let id = ui.scope_id().with(("pack row", i));
        let response = ui.interact(rect, id, Sense::click_and_drag());
        response.widget_info(|| WidgetInfo::selected(Role::ListBoxOption, true, selected, &name));
        let failures = self.failures(row.pack, i).map(<[String]>::to_vec);
        let failures = failures.as_deref();
        let description = describe_row(entry, failures);
        ui.ctx()
            .accesskit_node_builder(response.id, |node| node.set_description(description));

        paint_row(ui, &response, row, entry, i, place, selected);

        if row.movable {
            self.handle_drag(ui, &response, row, i, &name, new_order);
        }
        if response.clicked() {
            self.selected = Some(i);
            actions.push(Command::OpenPackEntry(i));
        }
        response.on_hover_ui(|ui| row_tooltip(ui, entry, i, failures));
    }

    /// Drag and drop: a row is a drag source and a drop target; dropping on
    /// a row's upper half puts the dragged level before it, on its lower
    /// half after it.
    fn handle_drag(
        &self,
        ui: &Ui,
        response: &Response,
        row: &RowContext<'_>,
        i: usize,
        name: &str,
        new_order: &mut Option<Rearrangement>,
    ) {
        response.dnd_set_drag_payload(DraggedLevel(i));
        let rect = response.rect;
        let pointer = ui.ctx().pointer_latest_pos();
        let before = pointer.is_none_or(|p| p.y < rect.center().y);
        if response.dnd_hover_payload::<DraggedLevel>().is_some() {
            let y = if before { rect.top() } else { rect.bottom() };
            ui.painter().hline(
                rect.x_range(),
                y,
                Stroke::new(2.0, ui.visuals().selection.stroke.color),
            );
        }
        if let Some(dragged) = response.dnd_release_payload::<DraggedLevel>() {
            let slot = if before { i } else { i + 1 };
            let order = move_order(row.pack.levels.len(), dragged.0, slot);
            let place = order.iter().position(|&k| k == dragged.0).unwrap_or(0);
            let words = level_words(&row.pack.levels[dragged.0].level, dragged.0);
            *new_order = Some(Rearrangement {
                order,
                name: format!("Move level {words} to place {}", place + 1),
            });
        }
        if response.dragged() {
            if let Some(pos) = pointer {
                let layer = LayerId::new(Order::Tooltip, response.id.with("dragged"));
                ui.ctx().layer_painter(layer).text(
                    pos + vec2(14.0, 0.0),
                    Align2::LEFT_CENTER,
                    name,
                    TextStyle::Body.resolve(ui.style()),
                    ui.visuals().strong_text_color(),
                );
            }
        }
    }
}
