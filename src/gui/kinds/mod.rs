//! The GUI's twin of [`crate::kinds`]: the registry of the kinds' GUI
//! types, and the one place in the editor that matches over the kinds.
//! Each kind's GUI is a type implementing [`kind_gui::KindGui`] in its own
//! folder (`gui/kinds/<kind>/`, named `Gui` there) and owning that kind's
//! editor state; [`KindGuis`] holds one of each and hands every call to
//! the one of the level's kind. [`KindGenerators`] does the same for the
//! Generate dialog: one parameter set a kind, each the generator that the
//! kind's GUI type names ([`kind_gui::KindGui::Generator`], see
//! [`kind_generator`]; a kind without a generator names
//! [`no_generator::NoGenerator`]). Both structs and the macros below are
//! generated from the model's one list of kinds
//! ([`crate::kinds::kind_list`]): a new kind is its folder here and its
//! `mod` line.

pub mod cell_paint;
pub mod kind_generator;
pub mod kind_gui;
pub mod move_history;
pub mod move_views;
pub mod no_generator;
pub mod play_keys;
pub mod prism;
pub mod region;
pub mod replay_clock;
pub mod resize;
pub mod rushhour;
pub mod skiddy;
pub mod sokoban;
pub mod tangram;
pub mod tool;

use std::ops::RangeInclusive;
use std::sync::Arc;
use std::time::Duration;

use egui::Ui;

use self::kind_generator::{KindGenerator, PreparedBatch};
use self::kind_gui::{GraphPanel, KindGui, ReplayCursor, TrapList};
use self::play_keys::PlayKeys;
use self::tool::Tool;
use crate::engine::Route;
use crate::gui::central_view::CentralView;
use crate::gui::commands::Command;
use crate::gui::past_budget::PastBudgetSolver;
use crate::kinds::{kind_list, Analysis, Kind, Level, Problem};

pub use region::Copied;

/// Runs `$body` with `$g` the GUI of `$kind` in `$guis` and `$K` its type;
/// or, written `|g: K::Part|`, with `$g` the `Part` of `$kind`'s GUI type
/// in `$guis` (a struct with a field a kind, as [`KindGenerators`]).
macro_rules! with_gui {
    ($guis:expr, $kind:expr, |$g:ident: $K:ident| $body:expr) => {
        kind_list!(gui_arms, $guis, $kind, $g, $K, $body)
    };
    ($parts:expr, $kind:expr, |$g:ident: $K:ident::$Part:ident| $body:expr) => {
        kind_list!(part_arms, $parts, $kind, $g, $K, $Part, $body)
    };
}

/// [`with_gui!`]'s match, one arm a kind of the list.
macro_rules! gui_arms {
    ([$guis:expr, $kind:expr, $g:ident, $K:ident, $body:expr]
     $($Variant:ident $module:ident $as_ref:ident $as_mut:ident;)*) => {
        match $kind {
            $(Kind::$Variant => {
                type $K = $module::Gui;
                let $g: &mut $K = &mut $guis.$module;
                $body
            })*
        }
    };
}

/// [`with_gui!`]'s match over a part of each kind's GUI type.
macro_rules! part_arms {
    ([$parts:expr, $kind:expr, $g:ident, $K:ident, $Part:ident, $body:expr]
     $($Variant:ident $module:ident $as_ref:ident $as_mut:ident;)*) => {
        match $kind {
            $(Kind::$Variant => {
                type $K = $module::Gui;
                let $g: &mut <$K as KindGui>::$Part = &mut $parts.$module;
                $body
            })*
        }
    };
}

/// Runs `$body` with `$K` the GUI type of `$kind`.
macro_rules! with_type {
    ($kind:expr, |$K:ident| $body:expr) => {
        kind_list!(type_arms, $kind, $K, $body)
    };
}

/// [`with_type!`]'s match, one arm a kind of the list.
macro_rules! type_arms {
    ([$kind:expr, $K:ident, $body:expr]
     $($Variant:ident $module:ident $as_ref:ident $as_mut:ident;)*) => {
        match $kind {
            $(Kind::$Variant => {
                type $K = $module::Gui;
                $body
            })*
        }
    };
}

/// [`KindGuis`] and [`KindGenerators`], one field a kind of the list.
macro_rules! gui_structs {
    ([] $($Variant:ident $module:ident $as_ref:ident $as_mut:ident;)*) => {
        /// The editor state of every kind: one GUI type a kind. The
        /// palette's choices persist between runs.
        #[derive(Default, serde::Serialize, serde::Deserialize)]
        #[serde(default)]
        pub struct KindGuis {
            $(
                #[doc = concat!("The GUI of [`", stringify!($module), "`].")]
                pub $module: $module::Gui,
            )*
        }

        /// The Generate dialog's parameters of every kind: one set a kind,
        /// kept while the editor runs (each tab keeps its own as last set).
        #[derive(Clone, Default)]
        pub struct KindGenerators {
            $(
                #[doc = concat!("The generator of [`", stringify!($module), "`].")]
                pub $module: <$module::Gui as KindGui>::Generator,
            )*
        }
    };
}

kind_list!(gui_structs);

impl KindGenerators {
    /// Why `kind`'s parameters cannot give a level, if they cannot.
    pub fn check(&mut self, kind: Kind) -> Result<(), kind_generator::OptionsError> {
        with_gui!(self, kind, |g: K::Generator| g.check())
    }

    /// `kind`'s parameters in the dialog, with the number of levels and
    /// the seed.
    pub fn parameters(&mut self, kind: Kind, ui: &mut Ui, count: &mut usize, seed: &mut u64) {
        with_gui!(self, kind, |g: K::Generator| g.parameters(ui, count, seed))
    }

    /// A batch of `count` levels of `kind` from `seed` with its parameters
    /// as set, its searches within `state_budget`, ready to run.
    pub fn prepare(
        &mut self,
        kind: Kind,
        count: usize,
        seed: u64,
        state_budget: u64,
    ) -> PreparedBatch {
        with_gui!(self, kind, |g: K::Generator| PreparedBatch::of(
            g,
            count,
            seed,
            state_budget
        ))
    }
}

/// The level and analysis of one kind, when both are of it.
fn parts<'a, K: KindGui>(
    level: &'a Level,
    analysis: &'a Analysis,
) -> Option<(&'a K::Level, &'a Arc<K::Analysis>)> {
    Some((K::level(level)?, K::analysis(analysis)?))
}

impl KindGuis {
    /// The tool row and the kind's palette.
    pub fn palette(&mut self, ui: &mut Ui, level: &Level, tool: Tool) -> Vec<Command> {
        with_gui!(self, level.kind(), |g: K| {
            let mut chosen = tool;
            tool::tool_row(ui, &mut chosen, K::has_cells());
            let mut commands = Vec::new();
            if chosen != tool {
                commands.push(Command::SetTool(chosen));
            }
            if let Some(level) = K::level(level) {
                commands.extend(g.palette(ui, level, chosen));
            }
            commands
        })
    }

    /// The palette entry or tool whose letter is `ch`, in `kind`; `None`
    /// when `ch` is not one.
    pub fn shortcut(&mut self, kind: Kind, ch: char, tool: Tool) -> Option<Vec<Command>> {
        with_gui!(self, kind, |g: K| {
            g.shortcut(ch, tool).or_else(|| {
                Tool::ALL
                    .into_iter()
                    .find(|t| t.shortcut() == ch && (K::has_cells() || !t.needs_cells()))
                    .map(|t| vec![Command::SetTool(t)])
            })
        })
    }

    /// `tool` (or the eraser) at cell `at` of `level`.
    pub fn paint(
        &mut self,
        level: &Level,
        at: (usize, usize),
        within: [f32; 2],
        tool: Tool,
        erase: bool,
    ) -> Vec<Command> {
        with_gui!(self, level.kind(), |g: K| match K::level(level) {
            Some(level) => g.paint(level, at, within, tool, erase),
            None => Vec::new(),
        })
    }

    /// The selected tile (or the eraser) along the line from `from` to
    /// `to`, as one undo step.
    pub fn line(
        &mut self,
        level: &Level,
        from: (usize, usize),
        to: (usize, usize),
        erase: bool,
    ) -> Vec<Command> {
        with_gui!(self, level.kind(), |g: K| match K::level(level) {
            Some(level) => g.line(level, from, to, erase),
            None => Vec::new(),
        })
    }

    /// The report card of `analysis`.
    pub fn report_card(
        &mut self,
        ui: &mut Ui,
        analysis: &Analysis,
        elapsed: Option<Duration>,
    ) -> Vec<Command> {
        with_gui!(self, analysis.kind(), |g: K| match K::analysis(analysis) {
            Some(a) => g.report_card(ui, a, elapsed),
            None => Vec::new(),
        })
    }

    /// The Traps tab of `analysis`.
    pub fn traps_tab(
        &mut self,
        ui: &mut Ui,
        analysis: &Analysis,
        traps: &TrapList,
        selected: Option<usize>,
    ) -> Vec<Command> {
        with_gui!(self, analysis.kind(), |g: K| match K::analysis(analysis) {
            Some(a) => g.traps_tab(ui, a, traps, selected),
            None => Vec::new(),
        })
    }

    /// The Solutions tab of a kind that lists its solutions itself; `None`
    /// shows the route lists.
    pub fn own_solutions_tab(&mut self, ui: &mut Ui, analysis: &Analysis) -> Option<Vec<Command>> {
        with_gui!(self, analysis.kind(), |g: K| g
            .own_solutions_tab(ui, K::analysis(analysis)?))
    }

    /// Replays `moves` from the start of `analysis`'s level.
    pub fn start_replay(
        &mut self,
        analysis: &Analysis,
        moves: &str,
        title: String,
    ) -> Vec<Command> {
        with_gui!(self, analysis.kind(), |g: K| match K::analysis(analysis) {
            Some(a) => g.start_replay(a, moves, title),
            None => Vec::new(),
        })
    }

    /// The board replaying, with its controls.
    pub fn replay_view(
        &mut self,
        ui: &mut Ui,
        level: &Level,
        analysis: &Analysis,
        speed: f32,
    ) -> Vec<Command> {
        with_gui!(
            self,
            level.kind(),
            |g: K| match parts::<K>(level, analysis) {
                Some((l, a)) => g.replay_view(ui, l, a, speed),
                None => vec![Command::BackToEditing],
            }
        )
    }

    /// Replays `moves` from the start of `level`, which has no analysis
    /// (its solver's solution past the budget).
    pub fn start_replay_of_level(
        &mut self,
        level: &Level,
        moves: &str,
        title: String,
    ) -> Vec<Command> {
        with_gui!(self, level.kind(), |g: K| match K::level(level) {
            Some(l) => g.start_replay_of_level(l, moves, title),
            None => Vec::new(),
        })
    }

    /// The board replaying moves on a level with no analysis, with its
    /// controls.
    pub fn replay_view_of_level(&mut self, ui: &mut Ui, level: &Level, speed: f32) -> Vec<Command> {
        with_gui!(self, level.kind(), |g: K| match K::level(level) {
            Some(l) => g.replay_view_of_level(ui, l, speed),
            None => vec![Command::BackToEditing],
        })
    }

    /// The board showing trap `index`.
    #[allow(clippy::too_many_arguments)]
    pub fn trap_view(
        &mut self,
        ui: &mut Ui,
        analysis: &Analysis,
        traps: &TrapList,
        index: usize,
        dead_end_shown: bool,
        side_by_side: bool,
    ) -> Vec<Command> {
        with_gui!(self, analysis.kind(), |g: K| match K::analysis(analysis) {
            Some(a) => g.trap_view(ui, a, traps, index, dead_end_shown, side_by_side),
            None => vec![Command::BackToEditing],
        })
    }

    /// Play mode.
    pub fn play_view(
        &mut self,
        ui: &mut Ui,
        level: &Level,
        analysis: Option<&Analysis>,
        speed: f32,
    ) -> Vec<Command> {
        with_gui!(self, level.kind(), |g: K| match K::level(level) {
            Some(l) => g.play_view(ui, l, analysis.and_then(K::analysis), speed),
            None => Vec::new(),
        })
    }

    /// This frame's Play keys.
    pub fn play_keys(
        &mut self,
        keys: &PlayKeys,
        level: &Level,
        analysis: Option<&Analysis>,
    ) -> Vec<Command> {
        with_gui!(self, level.kind(), |g: K| match K::level(level) {
            Some(l) => g.play_keys(keys, l, analysis.and_then(K::analysis)),
            None => Vec::new(),
        })
    }

    /// The state graph of `analysis`.
    pub fn state_graph_view(
        &mut self,
        ui: &mut Ui,
        analysis: &Analysis,
        graph: GraphPanel<'_>,
    ) -> Vec<Command> {
        with_gui!(self, analysis.kind(), |g: K| match K::analysis(analysis) {
            Some(a) => g.state_graph_view(ui, a, graph),
            None => Vec::new(),
        })
    }

    /// The floors of `analysis`'s level.
    pub fn floors_view(&mut self, ui: &mut Ui, analysis: &Analysis) -> Vec<Command> {
        with_gui!(self, analysis.kind(), |g: K| match K::analysis(analysis) {
            Some(a) => g.floors_view(ui, a),
            None => Vec::new(),
        })
    }

    /// The replay on the board of `kind`, to drive with the keys.
    pub fn replay_cursor(&mut self, kind: Kind) -> Option<&mut dyn ReplayCursor> {
        with_gui!(self, kind, |g: K| g
            .replay_mut()
            .map(|r| r as &mut dyn ReplayCursor))
    }

    /// Whether `kind` has a replay on the board.
    pub fn has_replay(&mut self, kind: Kind) -> bool {
        self.replay_cursor(kind).is_some()
    }

    /// Takes `kind`'s replay off the board.
    pub fn close_replay(&mut self, kind: Kind) {
        with_gui!(self, kind, |g: K| g.close_replay())
    }

    /// Tells `kind`'s GUI that the button that painted was let go.
    pub fn stroke_ended(&mut self, kind: Kind) {
        with_gui!(self, kind, |g: K| g.stroke_ended())
    }

    /// The cells `level`'s kind frames as selected on the editing board.
    pub fn selected_cells(&mut self, level: &Level) -> Option<region::CellRect> {
        with_gui!(self, level.kind(), |g: K| K::level(level)
            .and_then(|l| g.selected_cells(l)))
    }

    /// Forgets every kind's game, replay and caches: the level on screen
    /// changed.
    pub fn forget(&mut self) {
        for kind in Kind::ALL {
            with_gui!(self, kind, |g: K| g.forget());
        }
    }
}

/// Whether a replay started in `view` stays there (Prism's floors thread
/// the replayed moves through themselves); elsewhere it moves to the board.
pub fn replay_stays_in_view(kind: Kind, view: CentralView) -> bool {
    with_type!(kind, |K| K::replay_stays_in_view(view))
}

/// The sides a board of `kind` may have, in cells.
pub fn side_range(kind: Kind) -> RangeInclusive<usize> {
    with_type!(kind, |K| K::side_range())
}

/// Every figure of `analysis` by name, in words: the summary's, then the
/// kind's own (Prism's difficulty parts), for the compare section.
pub fn figures(analysis: &Analysis) -> Vec<(&'static str, String)> {
    let mut figures = analysis.verdict_summary().named_figures();
    figures.extend(with_type!(analysis.kind(), |K| K::analysis(analysis)
        .map(|a| K::extra_figures(a))
        .unwrap_or_default()));
    figures
}

/// Whether a level of `kind` too big to explore whole can be solved
/// instead (the kind has a solver past the budget).
pub fn solves_past_budget(kind: Kind) -> bool {
    with_type!(kind, |K| K::solves_past_budget())
}

/// The solver past the budget of `level`'s kind, ready to run on the
/// worker; `None` where the kind has none.
pub fn past_budget_solver(level: &Level) -> Option<PastBudgetSolver> {
    with_type!(level.kind(), |K| K::level(level)
        .and_then(K::past_budget_solver))
}

/// Whether Play on a level of `kind` offers the honest hint.
pub fn has_hint(kind: Kind) -> bool {
    with_type!(kind, |K| K::has_hint())
}

/// Play's keys of `kind` in its own words, if it has its own (see
/// [`kind_gui::KindGui::play_key_rows`]).
pub fn play_key_rows(kind: Kind) -> Option<Vec<(String, String)>> {
    with_type!(kind, |K| K::play_key_rows())
}

/// Whether Play on a level of `kind` moves by keys (the arrows or WASD,
/// Backspace to take a move back).
pub fn moves_by_keys(kind: Kind) -> bool {
    with_type!(kind, |K| K::moves_by_keys())
}

/// Whether a board of `kind` is always square (one side to set).
pub fn square_board(kind: Kind) -> bool {
    with_type!(kind, |K| K::square_board())
}

/// The size of a new blank level of `kind`.
pub fn new_level_size(kind: Kind) -> (usize, usize) {
    with_type!(kind, |K| K::new_level_size())
}

/// What the status line counts on `level`, in the kind's words: Skiddy's
/// pieces (Skiddies and crates), Prism's switches and enemies, Tangram's
/// shapes.
pub fn piece_count(level: &Level) -> String {
    with_type!(level.kind(), |K| K::level(level)
        .map_or_else(String::new, K::piece_count))
}

/// The problems of `level` as the editor lists them (Tangram's triangles
/// named by their square on the rulers, see [`tangram::coords`]).
pub fn problems(level: &Level) -> Vec<Problem> {
    with_type!(level.kind(), |K| K::level(level)
        .map_or_else(Vec::new, K::problems))
}

/// How the rulers around the board count, in a caption and its hover
/// text, when the kind's messages need saying so (Tangram's files count y
/// upward; the editor counts as the rulers do).
pub fn ruler_caption(kind: Kind) -> Option<(&'static str, &'static str)> {
    with_type!(kind, |K| K::ruler_caption())
}

/// What is at cell `(x, y)` of `level`, in a few words for the board's
/// tooltip.
pub fn describe_cell(level: &Level, x: usize, y: usize) -> String {
    with_type!(level.kind(), |K| K::level(level)
        .map_or_else(String::new, |l| K::describe_cell(l, x, y)))
}

/// The solution lists a level of `kind` has, by route, with their titles:
/// Skiddy's all, max-combo and no-combo; Prism's one list (it has no
/// combos); none for Tangram (it lists the solutions itself).
pub fn solution_routes(kind: Kind) -> &'static [(Route, &'static str)] {
    with_type!(kind, |K| K::solution_routes())
}

/// The palette's letters of `kind`: the character and the entry it
/// selects (what [`KindGuis::shortcut`] reads).
pub fn palette_shortcuts(kind: Kind) -> Vec<(char, String)> {
    with_type!(kind, |K| K::palette_shortcuts())
}

/// Whether a board of `kind` is whole cells, so that the Select and Line
/// tools work on it (Tangram's is triangles owned by shapes).
pub fn has_cells(kind: Kind) -> bool {
    with_type!(kind, |K| K::has_cells())
}

/// The cells of `rect` of `level` and their text for the clipboard;
/// `None` for a board without cells.
pub fn copy_region(level: &Level, rect: region::CellRect) -> Option<(Copied, String)> {
    with_type!(level.kind(), |K| K::level(level)
        .and_then(|l| K::copy_region(l, rect)))
}

/// Clears the cells of `rect` as the eraser does.
pub fn clear_region(level: &mut Level, rect: region::CellRect) {
    with_type!(level.kind(), |K| if let Some(l) = K::level_mut(level) {
        K::clear_region(l, rect)
    })
}

/// Pastes `copied` with its top-left cell at `at`; `None` when it was
/// copied from a level of another kind.
pub fn paste_region(
    level: &mut Level,
    copied: &Copied,
    at: (usize, usize),
) -> Option<region::Placed> {
    with_type!(level.kind(), |K| K::level_mut(level)
        .and_then(|l| K::paste_region(l, copied, at)))
}

/// Flips or rotates the cells of `rect` in place, or says why not.
pub fn transform_region(
    level: &mut Level,
    rect: region::CellRect,
    transform: region::Transform,
) -> Result<region::Placed, region::TurnError> {
    let title = level.kind().title();
    with_type!(level.kind(), |K| match K::level_mut(level) {
        Some(l) => K::transform_region(l, rect, transform),
        None => Err(region::TurnError::NoCells(Some(title))),
    })
}
