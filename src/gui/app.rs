//! The editor's state and what it does, apart from drawing: documents, the
//! open pack, the analysis of the active level, files, undo, shortcuts and
//! the preferences that persist between runs. The panels are drawn by
//! [`super::layout`].

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use super::document::{Document, Origin, PriorLink};
use super::files::{self, FileDialogs, Opened};
use super::kinds::tool::Tool;
use super::kinds::KindGuis;
use super::notices::Severity;
use super::worker::AnalysisWorker;
use crate::engine::{Route, StateBudgets, DEFAULT_MAX_CLASSES, DEFAULT_MAX_STATES};
use crate::kinds::{Analysis, AnalysisError, Kind, Level, TextFormat};
use crate::pack;

/// The bundled sample pack, built into the binary.
pub const SAMPLE_PACK: &str = include_str!("../../assets/sample-pack.json");

pub use super::worker::STATE_BUDGET_RANGE;

/// Key under which the preferences are stored.
const PREFS_KEY: &str = "levelscope-prefs";

/// Key under which the kinds' editor choices (the palette's tile) are
/// stored.
const KINDS_KEY: &str = "levelscope-kinds";

/// What persists between runs (egui itself keeps the window and panel
/// sizes).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Prefs {
    /// Recently opened or saved files, newest first.
    pub recent: Vec<PathBuf>,
    /// The selected tool.
    pub tool: Tool,
    /// The state budget of an analysis.
    pub max_states: u64,
    /// The position budget of a Sokoban analysis (a position is a box set
    /// and the player's area).
    pub max_positions: u64,
    /// Replay speed in ticks per second.
    pub ticks_per_second: f32,
    /// Show a trap's two positions side by side (else one, toggled).
    pub side_by_side: bool,
    /// Show the pack panel.
    pub show_pack: bool,
    /// Show the tool panel (palette, tools, level settings).
    pub show_tools: bool,
    /// Show the analysis panel.
    pub show_analysis: bool,
    /// How many solutions each list shows.
    pub solution_limit: usize,
    /// Use the system's file dialog (else levelscope's own).
    pub system_file_dialog: bool,
    /// Which side panels are folded to slim strips (the focus layout folds
    /// them all, so the board gets the room).
    pub folded: super::folded_panels::Folded,
    /// Whether the layout was chosen: by the designer, or at the first
    /// start from the window's width (a narrow window starts with the pack
    /// panel folded).
    pub layout_chosen: bool,
}

impl Prefs {
    /// The budgets of every analysis: states, and Sokoban's positions.
    pub fn budgets(&self) -> StateBudgets {
        StateBudgets {
            states: self.max_states,
            classes: self.max_positions,
        }
    }

    /// Sets the budgets of every analysis.
    pub fn set_budgets(&mut self, budgets: StateBudgets) {
        self.max_states = budgets.states;
        self.max_positions = budgets.classes;
    }
}

impl Default for Prefs {
    fn default() -> Self {
        Prefs {
            recent: Vec::new(),
            tool: Tool::Paint,
            max_states: DEFAULT_MAX_STATES,
            max_positions: DEFAULT_MAX_CLASSES,
            ticks_per_second: 12.0,
            side_by_side: true,
            show_pack: true,
            show_tools: true,
            show_analysis: true,
            solution_limit: 20,
            system_file_dialog: true,
            folded: Default::default(),
            layout_chosen: false,
        }
    }
}

pub use super::central_view::CentralView;

/// The tab of the analysis panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnalysisTab {
    /// Solutions by kind.
    Solutions,
    /// Traps and dead ends.
    Traps,
    /// The depth histogram.
    Histogram,
}

pub use super::open_pack::OpenPack;

/// The solution lists of one analysis, computed once when first shown.
#[derive(Clone, Debug)]
pub struct SolutionLists {
    /// `(route, solutions, cut short)` per route: any, max-combo, no-combo.
    pub lists: Vec<(Route, Vec<String>, bool)>,
}

/// The analysis of the active level.
#[derive(Default)]
pub struct AnalysisState {
    /// The level analysed (or being analysed).
    pub level: Option<Level>,
    /// The result, once the worker is done.
    pub result: Option<Result<Analysis, AnalysisError>>,
    /// How long it took.
    pub elapsed: Option<Duration>,
    /// The budgets it ran with.
    pub budget: StateBudgets,
    /// Solution lists, computed on demand.
    pub solutions: Option<SolutionLists>,
    /// The traps with their depths, computed on demand.
    pub traps: Option<Arc<Vec<(crate::engine::Trap, usize)>>>,
    /// The level's effort, from the worker with the analysis, or worked
    /// out once when the report card first
    /// shows it (the inner `None`: the kind's model cannot score it).
    pub effort: Option<Option<Arc<crate::effort::Effort>>>,
    /// Whether the designer cancelled it (the result then says how to
    /// analyse again; it is no error).
    pub cancelled: bool,
}

impl AnalysisState {
    /// The finished analysis, if there is one.
    pub fn ready(&self) -> Option<&Analysis> {
        self.result.as_ref()?.as_ref().ok()
    }
}

/// What the board shows instead of the level being edited.
#[derive(Clone, Debug)]
pub enum Showing {
    /// The kind's replay (a move sequence, or Tangram's solutions).
    Replay,
    /// A trap: the way in, the last winnable state and the dead end.
    Trap {
        /// Index in the analysis's trap list.
        index: usize,
        /// Show the dead end (when not side by side).
        dead_end_shown: bool,
    },
}

/// A question the editor is waiting on the designer to answer.
#[derive(Clone, Debug)]
pub enum Confirm {
    /// Quit with unsaved changes?
    Quit,
    /// Close a document with unsaved changes?
    CloseDocument(usize),
    /// Replace the pack, which has unsaved changes, with another, a new
    /// one, or none?
    ReplacePack(PackReplacement),
    /// The level to add to the pack is already its entry `entry`: add a
    /// copy?
    AddCopy {
        /// The entry that holds the level.
        entry: usize,
    },
    /// Save the pack in the collection format it was read from, which
    /// cannot say all of it (tags, notes, a level of another kind)?
    CollectionDrops {
        /// The format's name (`"xsb"`).
        format: String,
        /// What it would leave out, in words.
        drops: Vec<String>,
    },
    /// Save to a text file that cannot hold all of the level?
    TextDrops {
        /// The file chosen.
        path: PathBuf,
        /// What it would leave out, in words.
        drops: Vec<String>,
    },
}

pub use super::commands::ConfirmAnswer;

/// What takes the place of the open pack.
#[derive(Clone, Debug)]
pub enum PackReplacement {
    /// A pack that was opened, and what to say once it takes the place of
    /// the open pack (not before: the designer may still keep the old one).
    Open(Box<OpenPack>, OpenedNews),
    /// A new, empty pack.
    New,
    /// No pack: the pack is closed.
    Close,
}

/// What the editor says once an opened pack is the open pack: that it was
/// opened, or that it was opened damaged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpenedNews {
    /// The words.
    pub words: String,
    /// Whether something went wrong (the message stays until dismissed).
    pub failed: bool,
}

/// What to do once the Save dialog that was opened on the way has saved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AfterSave {
    /// Close the document with this id.
    Close(u64),
    /// Save the rest and quit.
    Quit,
}

/// The editor. Its fields are private to the editor's modules (each
/// `impl EditorApp` file does one job with them); tests and scripts read
/// them through the accessors of [`super::state_access`].
pub struct EditorApp {
    /// Open documents.
    pub(super) docs: Vec<Document>,
    /// The active document.
    pub(super) active: usize,
    /// The open pack.
    pub(super) pack: Option<OpenPack>,
    /// Preferences.
    pub(super) prefs: Prefs,
    /// The worker running analyses.
    pub(super) worker: AnalysisWorker,
    /// The active level's analysis.
    pub(super) analysis: AnalysisState,
    /// The solve of the active level past the budget (its analysis
    /// stopped too big).
    pub(super) past_budget: super::solve_state::PastBudget,
    /// The main view.
    pub(super) view: CentralView,
    /// The analysis panel's tab.
    pub(super) tab: AnalysisTab,
    /// What the board shows besides the level.
    pub(super) showing: Option<Showing>,
    /// Every kind's editor state: the palette's choice, the game of Play,
    /// the replay on the board.
    pub(super) kinds: KindGuis,
    /// The comparison of a level with a reference version, and the id of
    /// the document compared.
    pub(super) compare: Option<(u64, super::compare_reference::Comparison)>,
    /// The messages on screen: news and warnings that fade, errors that
    /// stay until dismissed.
    pub(super) notices: super::notices::Notices,
    /// File dialogs.
    pub(super) dialogs: FileDialogs,
    /// A pending question.
    pub(super) confirm: Option<Confirm>,
    /// The size typed in the Level section but not applied yet.
    pub(super) resize_draft: Option<(usize, usize)>,
    /// Where the old board stays when the level is resized.
    pub(super) resize_anchor: super::kinds::resize::Anchor,
    /// The plan of the resize being typed, kept between frames.
    pub(super) resize_preview: Option<super::kinds::resize::Preview>,
    /// What the open Save dialog was opened on the way to.
    pub(super) after_save: Option<AfterSave>,
    /// The window title last sent to the window.
    pub(super) shown_title: String,
    /// Set once the designer agreed to quit.
    pub(super) quitting: bool,
    /// The context, for repaint requests from other threads.
    pub(super) ctx: egui::Context,
    /// The state graph view.
    pub(super) graph_view: super::views::state_graph::StateGraphView,
    /// The document whose tab settings (tool, graph) the editor holds now
    /// (see [`EditorApp::follow_tab_settings`]).
    pub(super) settings_tab: Option<u64>,
    /// The state selected in the graph and the way to it.
    pub(super) graph_selection: Option<(u32, Vec<u32>)>,
    /// The pack panel.
    pub(super) pack_panel: super::views::pack_panel::PackPanel,
    /// The Rooms view.
    pub(super) rooms: super::rooms_view::RoomsView,
    /// The Generate dialog.
    pub(super) generate: super::generate_dialog::GenerateDialog,
    /// Whether the Generate dialog is open.
    pub(super) generate_open: bool,
    /// Whether Help ▸ Keyboard shortcuts is open.
    pub(super) show_shortcuts: bool,
    /// Whether the keyboard belonged to the editor when this frame began
    /// (no text field had it, no dialog or question was up): the letters
    /// typed in a frame that ends a dialog's text field do not reach the
    /// palette.
    pub(super) keys_free: bool,
    /// Where the editing board's cells were drawn in the last frame.
    pub(super) board_geometry: Option<super::views::board::BoardGeometry>,
    /// The editing board's zoom and pan.
    pub(super) board_tools: super::board_state::BoardTools,
    /// The raster of a big board, kept while it does not change.
    pub(super) board_raster: Option<super::views::canvas::RasterCache>,
    /// The recovery copies of unsaved documents.
    pub(super) recovery: super::recovery_copies::Recovery,
    /// Copies left by an editor that did not close, offered at start.
    pub(super) recovered: Vec<super::recovery_copies::Recovered>,
    /// The copies of unsaved packs an editor that did not close left, to
    /// restore (the newest) or discard.
    pub(super) recovered_packs: Vec<super::recovery_copies::RecoveredPack>,
    /// Recovery copies found at start that could not be read, waiting for
    /// the designer to keep or discard each.
    pub(super) unreadable: Vec<super::recovery_copies::Unreadable>,
    /// The commands menus, keys and panels asked for this frame, carried
    /// out at its end ([`EditorApp::apply_queued`]).
    pub(super) queued: Vec<super::commands::Command>,
    /// A paint stroke is under way: the board was painted on since the
    /// button was last let go.
    pub(super) painting: bool,
}

impl EditorApp {
    /// The editor with the bundled sample pack open and its first level
    /// loaded; `storage` brings back the preferences.
    pub fn new(ctx: &egui::Context, storage: Option<&dyn eframe::Storage>) -> EditorApp {
        let prefs = storage
            .and_then(|s| eframe::get_value::<Prefs>(s, PREFS_KEY))
            .unwrap_or_default();
        let kinds = storage
            .and_then(|s| eframe::get_value::<KindGuis>(s, KINDS_KEY))
            .unwrap_or_default();
        let repaint = ctx.clone();
        let solve_repaint = ctx.clone();
        let mut app = EditorApp {
            docs: Vec::new(),
            active: 0,
            pack: None,
            prefs,
            worker: AnalysisWorker::new(move || repaint.request_repaint()),
            analysis: AnalysisState::default(),
            past_budget: super::solve_state::PastBudget::new(move || {
                solve_repaint.request_repaint()
            }),
            view: CentralView::Edit,
            tab: AnalysisTab::Solutions,
            showing: None,
            kinds,
            compare: None,
            notices: Default::default(),
            dialogs: FileDialogs::default(),
            confirm: None,
            resize_draft: None,
            resize_anchor: Default::default(),
            resize_preview: None,
            after_save: None,
            shown_title: String::new(),
            quitting: false,
            ctx: ctx.clone(),
            graph_view: Default::default(),
            settings_tab: None,
            graph_selection: None,
            pack_panel: Default::default(),
            rooms: Default::default(),
            generate: Default::default(),
            generate_open: false,
            show_shortcuts: false,
            keys_free: true,
            board_geometry: None,
            board_tools: Default::default(),
            board_raster: None,
            recovery: super::recovery_copies::Recovery::in_dir(None),
            recovered: Vec::new(),
            recovered_packs: Vec::new(),
            unreadable: Vec::new(),
            queued: Vec::new(),
            painting: false,
        };
        match pack::parse_pack(SAMPLE_PACK) {
            Ok(read) => {
                let mut pack = read.pack;
                pack.name = format!("{} (bundled)", pack.name);
                app.pack = Some(OpenPack::loaded(pack, None, read.unknown));
                app.open_pack_entry(0);
            }
            Err(e) => app.fail(format!("the bundled sample pack cannot be read: {e}")),
        }
        if app.docs.is_empty() {
            app.docs.push(Document::new(blank_level()));
        }
        app
    }

    /// The active document.
    pub fn doc(&self) -> &Document {
        &self.docs[self.active]
    }

    /// The active document, to change.
    pub fn doc_mut(&mut self) -> &mut Document {
        &mut self.docs[self.active]
    }

    /// Tells the designer something done; the message fades.
    pub fn say(&mut self, message: impl Into<String>) {
        self.post(message.into(), Severity::News);
    }

    /// Warns about a refused edit or a result worth a look; the message
    /// fades, later than news.
    pub fn warn(&mut self, message: impl Into<String>) {
        self.post(message.into(), Severity::Warning);
    }

    /// Reports something that failed; the message stays until the designer
    /// dismisses it.
    pub fn fail(&mut self, message: impl Into<String>) {
        self.post(message.into(), Severity::Error);
    }

    fn post(&mut self, text: String, severity: Severity) {
        self.notices.post(text, severity, std::time::Instant::now());
        self.ctx.request_repaint();
    }

    /// Makes document `index` the active one.
    pub fn activate(&mut self, index: usize) {
        if index < self.docs.len() && index != self.active {
            self.active = index;
            self.resize_draft = None;
            self.level_changed();
        }
    }

    /// Adds a document and makes it active.
    pub fn add_document(&mut self, doc: Document) {
        self.docs.push(doc);
        self.active = self.docs.len() - 1;
        self.level_changed();
    }

    /// Forgets what was shown for the previous version of the level.
    pub fn level_changed(&mut self) {
        self.showing = None;
        self.kinds.forget();
        self.graph_selection = None;
    }

    /// Opens entry `index` of the pack (or switches to it if it is open).
    pub fn open_pack_entry(&mut self, index: usize) {
        if let Some(i) = self
            .docs
            .iter()
            .position(|d| d.origin == Origin::PackEntry(index))
        {
            self.activate(i);
            return;
        }
        let Some(entry) = self.pack.as_ref().and_then(|p| p.pack.levels.get(index)) else {
            return;
        };
        let doc = Document::loaded(entry.level.clone(), Origin::PackEntry(index));
        self.add_document(doc);
    }

    /// Keeps documents opened from the pack pointing at the right entry
    /// after the pack panel removed or moved levels: `map[old]` is the new
    /// index, `None` when the level was removed. A document whose entry was
    /// removed gets back the link it had before it was added to the pack,
    /// if it was, else becomes a new, unsaved level, so nothing is lost;
    /// either way it remembers the entry it came from for an undo that
    /// brings it back.
    pub fn pack_renumbered(&mut self, map: &[Option<usize>]) {
        let moved = |i: usize| map.get(i).copied().flatten();
        let mut given_back = Vec::new();
        for (k, doc) in self.docs.iter_mut().enumerate() {
            if let Some(PriorLink {
                origin: Origin::PackEntry(j),
                ..
            }) = doc.prior
            {
                match moved(j) {
                    Some(to) => doc.prior.as_mut().expect("matched").origin = Origin::PackEntry(to),
                    None => doc.prior = None,
                }
            }
            if let Origin::PackEntry(i) = doc.origin {
                match moved(i) {
                    Some(j) => doc.origin = Origin::PackEntry(j),
                    None => {
                        let entry = doc.saved.take();
                        let prior = doc.prior.take().unwrap_or(PriorLink {
                            origin: Origin::New,
                            saved: None,
                        });
                        doc.origin = prior.origin;
                        doc.saved = prior.saved;
                        doc.detached = entry;
                        given_back.push(k);
                    }
                }
            }
        }
        // A link given back to an entry another tab shows now would make
        // two tabs of one entry: that one stays a new level.
        for &k in &given_back {
            if let Origin::PackEntry(j) = self.docs[k].origin {
                let taken = self
                    .docs
                    .iter()
                    .enumerate()
                    .any(|(other, d)| other != k && d.origin == Origin::PackEntry(j));
                if taken {
                    self.docs[k].origin = Origin::New;
                    self.docs[k].saved = None;
                }
            }
        }
    }

    /// Paints with the current tool at `(x, y)` as part of the open stroke;
    /// `erase` is the right button.
    pub fn paint_at(&mut self, x: usize, y: usize, within: [f32; 2], erase: bool) {
        let level = self.doc().level.clone();
        let commands = self
            .kinds
            .paint(&level, (x, y), within, self.prefs.tool, erase);
        self.apply_all(commands);
    }

    /// Closes the open paint stroke: it becomes one undo step.
    pub fn end_stroke(&mut self) {
        let doc = &mut self.docs[self.active];
        if doc.history.is_open() {
            doc.history.end(&doc.level);
        }
        let kind = doc.level.kind();
        self.kinds.stroke_ended(kind);
        self.painting = false;
    }

    /// Resizes the active level to `width x height` with the old board at
    /// `anchor`, as one undo step named after the sizes; says what was
    /// lost, or why the kind refused the size.
    pub fn resize(&mut self, width: usize, height: usize, anchor: super::kinds::resize::Anchor) {
        let (old_w, old_h) = self.doc().level.size();
        let mut kept = self.resize_preview.take();
        let level = &self.docs[self.active].level;
        let preview = super::kinds::resize::Preview::of(&mut kept, level, width, height, anchor);
        match preview.plan.clone() {
            Ok(plan) => {
                let name = format!("Resize {old_w}x{old_h} to {width}x{height}");
                if self.doc_mut().edit(&name, |l| *l = plan.level) {
                    self.level_changed();
                }
                if !plan.losses.is_empty() {
                    self.warn(format!("Resized; {}", plan.losses.join("; ")));
                }
            }
            Err(why) => self.warn(why.to_string()),
        }
    }

    /// A new empty level of the active level's kind in a new document.
    pub fn new_level(&mut self) {
        self.new_level_of(self.doc().level.kind());
    }

    /// A new empty level of `kind` in a new document.
    pub fn new_level_of(&mut self, kind: Kind) {
        let (width, height) = super::kinds::new_level_size(kind);
        let level = kind.blank(width, height);
        self.add_document(Document::new(level));
        self.say(format!("New {} level", kind.title()));
    }

    /// A copy of the active level in a new document.
    pub fn duplicate_level(&mut self) {
        let mut level = self.doc().level.clone();
        if !level.name().is_empty() {
            let name = format!("{} (copy)", level.name());
            level.set_name(name);
        }
        self.add_document(Document::new(level));
        self.say("Duplicated the level");
    }

    /// Asks to close document `index` (confirming if it has changes).
    pub fn request_close_document(&mut self, index: usize) {
        if self.docs[index].is_worth_saving() {
            self.confirm = Some(Confirm::CloseDocument(index));
        } else {
            self.close_document(index);
        }
    }

    /// Closes document `index` without asking.
    pub fn close_document(&mut self, index: usize) {
        if index >= self.docs.len() {
            return;
        }
        self.docs.remove(index);
        if self.docs.is_empty() {
            self.docs.push(Document::new(blank_level()));
        }
        if self.active >= self.docs.len() || self.active > index {
            self.active = self.active.saturating_sub(1).min(self.docs.len() - 1);
        }
        self.level_changed();
    }

    /// Opens a file: a level becomes a new document, a pack replaces the
    /// open pack (confirming if the pack has unsaved changes).
    pub fn open_path(&mut self, path: &Path) {
        match files::open_file(path) {
            Ok((opened, note)) => {
                files::push_recent(&mut self.prefs.recent, path);
                self.open_content(opened, Some(path.to_path_buf()));
                if let Some(note) = note {
                    self.warn(note);
                }
            }
            Err(e) => self.fail(e.to_string()),
        }
    }

    /// Takes what a file or the clipboard held.
    pub fn open_content(&mut self, opened: Opened, path: Option<PathBuf>) {
        match opened {
            Opened::Level(level) => {
                let origin = path.clone().map(Origin::File).unwrap_or(Origin::New);
                let doc = match origin {
                    Origin::New => Document::new(level),
                    origin => Document::loaded(level, origin),
                };
                self.add_document(doc);
                if let Some(path) = path {
                    self.say(format!("Opened {}", path.display()));
                }
            }
            Opened::Pack(read) => {
                let mut notes = Vec::new();
                if !read.damaged.is_empty() {
                    let which: Vec<String> = read
                        .damaged
                        .iter()
                        .map(|d| format!("entry {}: {}", d.index, d.error))
                        .collect();
                    notes.push(format!(
                        "{} damaged entries skipped ({})",
                        read.damaged.len(),
                        which.join("; ")
                    ));
                }
                notes.extend(read.breaks.iter().cloned());
                if read.truncated {
                    notes.push(
                        "the file is cut short or broken; every whole level in it was read".into(),
                    );
                }
                let damaged = !notes.is_empty();
                let mut open = if damaged {
                    // A damaged pack is never written back over itself.
                    OpenPack::unsaved(read.pack, None, read.unknown)
                } else {
                    OpenPack::loaded(read.pack, path.clone(), read.unknown)
                };
                open.collection = read.collection;
                let count = open.pack.levels.len();
                let shown = path.map(|p| p.display().to_string()).unwrap_or_default();
                let news = if damaged {
                    OpenedNews {
                        words: format!(
                            "Opened pack {shown} with {count} levels; {}. Save it under a new name.",
                            notes.join("; ")
                        ),
                        failed: true,
                    }
                } else {
                    OpenedNews {
                        words: format!("Opened pack {shown} with {count} levels"),
                        failed: false,
                    }
                };
                // Said once it is the open pack: not while the designer is
                // still asked whether to give up the unsaved one.
                self.request_pack_replacement(PackReplacement::Open(Box::new(open), news));
            }
        }
    }

    /// Makes `open` the pack; documents from the old pack become new levels.
    pub fn replace_pack(&mut self, open: OpenPack) {
        self.close_pack();
        self.pack = Some(open);
        self.prefs.show_pack = true;
        self.pack_panel.reset();
        if !self.pack.as_ref().is_some_and(|p| p.pack.levels.is_empty()) {
            self.open_pack_entry(0);
        }
    }

    /// Closes the open pack (whatever it holds is dropped: the caller has
    /// asked); documents from it stay open as new levels, so no edit of a
    /// level is lost, and those never edited stay without unsaved changes
    /// (closing them or quitting asks nothing).
    pub fn close_pack(&mut self) {
        let pack_name = self
            .pack
            .as_ref()
            .map(crate::gui::pack_name::pack_display_name);
        for doc in &mut self.docs {
            if matches!(doc.origin, Origin::PackEntry(_)) {
                doc.former_pack = pack_name.clone();
                doc.origin = Origin::New;
                doc.detached = None;
                doc.prior = None;
            }
        }
        self.pack = None;
        self.pack_panel.reset();
    }

    /// Puts `replacement` in the place of the open pack, asking first when
    /// the pack has unsaved changes.
    pub fn request_pack_replacement(&mut self, replacement: PackReplacement) {
        if self.pack.as_ref().is_some_and(OpenPack::is_worth_saving) {
            self.confirm = Some(Confirm::ReplacePack(replacement));
        } else {
            self.apply_pack_replacement(replacement);
        }
    }

    /// Puts `replacement` in the place of the open pack, without asking.
    pub fn apply_pack_replacement(&mut self, replacement: PackReplacement) {
        match replacement {
            PackReplacement::Open(open, news) => {
                self.replace_pack(*open);
                if news.failed {
                    self.fail(news.words);
                } else {
                    self.say(news.words);
                }
            }
            PackReplacement::New => {
                self.replace_pack(OpenPack::new_named("New pack"));
                self.say("A new, empty pack: add levels with Add current level");
            }
            PackReplacement::Close => {
                self.close_pack();
                self.say("Closed the pack");
            }
        }
    }

    /// Copies the active level to the clipboard as ASCII text.
    pub fn copy_level(&mut self) {
        match self.doc().level.write(
            self.doc()
                .level
                .kind()
                .formats()
                .iter()
                .copied()
                .find(|&f| f != TextFormat::JSON)
                .unwrap_or(TextFormat::JSON),
        ) {
            Ok(text) => {
                self.ctx.copy_text(text);
                self.say("Copied the level as ASCII");
            }
            Err(e) => self.fail(format!("cannot copy as ASCII: {e}")),
        }
    }

    /// Opens pasted ASCII or JSON text as a new level.
    pub fn paste_level(&mut self, text: &str) {
        match files::open_text(text) {
            Ok(Opened::Level(level)) => {
                self.add_document(Document::new(level));
                self.say("Pasted a level");
            }
            Ok(Opened::Pack(_)) => self.warn("the clipboard holds a pack; open it as a file"),
            Err(e) => self.fail(format!("the clipboard does not hold a level: {e}")),
        }
    }

    /// Starts analysing the active level if it changed since the last
    /// analysis; collects a finished result.
    pub fn drive_analysis(&mut self) {
        if let Some(done) = self.worker.poll() {
            self.analysis.elapsed = Some(done.elapsed);
            self.analysis.result = Some(done.result);
            self.analysis.solutions = None;
            self.analysis.traps = None;
            self.analysis.effort = Some(done.effort);
            self.kinds.forget();
        }
        let level = &self.docs[self.active].level;
        // A new budget re-runs an analysis the old budget stopped.
        let stopped_by_budget = matches!(&self.analysis.result, Some(Err(e)) if e.is_too_big())
            && self.analysis.budget != self.prefs.budgets();
        if self.analysis.level.as_ref() == Some(level) && !stopped_by_budget {
            return;
        }
        self.analysis = AnalysisState {
            level: Some(level.clone()),
            budget: self.prefs.budgets(),
            ..AnalysisState::default()
        };
        if level.is_valid() {
            self.worker.start(level.clone(), self.prefs.budgets());
        } else {
            self.worker.cancel();
            self.analysis.result = Some(Err(AnalysisError::Invalid(
                "the level is not valid; see Problems".into(),
            )));
        }
    }

    /// The solution lists of the finished analysis, computing them once.
    pub fn solution_lists(&mut self) -> Option<&SolutionLists> {
        let analysis = self.analysis.ready()?.clone();
        let limit = self.prefs.solution_limit;
        Some(self.analysis.solutions.get_or_insert_with(|| {
            SolutionLists {
                lists: super::kinds::solution_routes(analysis.kind())
                    .iter()
                    .map(|&(route, _)| {
                        let (list, cut) = analysis.solution_list(route, limit);
                        (route, list, cut)
                    })
                    .collect(),
            }
        }))
    }

    /// The traps of the finished analysis with their depths, computed once.
    pub fn trap_list(&mut self) -> Option<Arc<Vec<(crate::engine::Trap, usize)>>> {
        let analysis = self.analysis.ready()?.clone();
        Some(
            self.analysis
                .traps
                .get_or_insert_with(|| Arc::new(analysis.traps()))
                .clone(),
        )
    }

    /// The effort of the finished analysis, as the worker worked it out
    /// (or once here, for an analysis that did not come from it); `None`
    /// when there is no finished analysis or its kind's model cannot score
    /// it.
    pub fn effort(&mut self) -> Option<Arc<crate::effort::Effort>> {
        let analysis = self.analysis.ready()?.clone();
        self.analysis
            .effort
            .get_or_insert_with(|| analysis.effort().map(Arc::new))
            .clone()
    }

    /// How the level on screen, scoring `score`, ranks in the open pack:
    /// the share (0 to 1) of the pack's other scored levels of its kind
    /// that score lower (scores compare within a kind only), and what they
    /// are called (`"this pack"`, or `"this pack's Skiddy levels"` in a
    /// pack of several kinds). `None` when the level is not an entry of
    /// the open pack or no other level of its kind has a stored effort.
    pub fn pack_effort_share(&self, score: f64) -> Option<(f64, String)> {
        let super::document::Origin::PackEntry(index) = self.doc().origin else {
            return None;
        };
        let pack = &self.pack.as_ref()?.pack;
        let kind = pack.levels.get(index)?.level.kind();
        let others = pack
            .levels
            .iter()
            .enumerate()
            .filter(|&(i, e)| i != index && e.level.kind() == kind)
            .map(|(_, e)| {
                e.summary
                    .as_ref()
                    .and_then(|s| s.effort.as_ref())
                    .map(|e| e.score)
            });
        let share = crate::effort::harder_than_share(score, others)?;
        let one_kind = pack.levels.iter().all(|e| e.level.kind() == kind);
        let among = if one_kind {
            "this pack".to_string()
        } else {
            format!("this pack's {} levels", kind.title())
        };
        Some((share, among))
    }

    /// Stores the preferences.
    pub fn save_prefs(&self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, PREFS_KEY, &self.prefs);
        eframe::set_value(storage, KINDS_KEY, &self.kinds);
    }
}

/// A blank level of the default kind, at that kind's size for a new level:
/// what the editor shows when no document is open.
fn blank_level() -> Level {
    let kind = Kind::default();
    let (width, height) = super::kinds::new_level_size(kind);
    kind.blank(width, height)
}
