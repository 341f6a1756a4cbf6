//! The seam between the editor and a kind's GUI: [`KindGui`], implemented
//! once per kind in `gui/kinds/<kind>/`, and [`ReplayCursor`], what the
//! replay keys drive. A kind's GUI is a type that owns that kind's editor
//! state (the selected tile, the game of Play, the replay on the board,
//! the caches of its views); its panels take the level and analysis they
//! show read-only and return [`Command`]s. The registry in
//! [`super`] is the only place that picks the type for a level.

use std::ops::RangeInclusive;
use std::sync::Arc;
use std::time::Duration;

use egui::Ui;

use super::kind_generator::KindGenerator;
use super::play_keys::PlayKeys;
use super::tool::Tool;
use crate::engine::{Route, Trap};
use crate::gui::central_view::CentralView;
use crate::gui::commands::Command;
use crate::gui::past_budget::PastBudgetSolver;
use crate::gui::views::state_graph::StateGraphView;
use crate::kinds::{Analysis, Level, Problem};

/// What the replay keys and buttons drive, whatever the kind replays:
/// Skiddy's ticks, Prism's turns, Tangram's solutions one at a time.
pub trait ReplayCursor {
    /// Starts or pauses playing (a replay that has no animation shows the
    /// next step).
    fn toggle_play(&mut self);
    /// Jumps to the end of the next step.
    fn step_forward(&mut self);
    /// Jumps back to the start of the current or previous step.
    fn step_back(&mut self);
    /// Back to the start.
    fn restart(&mut self);
}

/// The traps of an analysis with the depth of each, shallowest first.
pub type TrapList = [(Trap, usize)];

/// What the Graph view shows of the analysis: the graph's camera and the
/// state selected in it (with the states on its way from the start).
pub struct GraphPanel<'a> {
    /// The graph's camera and layout, kept between frames.
    pub view: &'a mut StateGraphView,
    /// The selected state and its way from the start.
    pub selection: Option<&'a (u32, Vec<u32>)>,
}

/// The GUI side of one kind. Each method that draws takes what it shows
/// read-only and returns what it asks the editor to do.
pub trait KindGui: Default {
    /// The kind's level.
    type Level: Clone + Into<Level>;
    /// The kind's finished analysis.
    type Analysis;
    /// One entry of the palette (a tile, or a shape's number).
    type Tile: Copy + PartialEq;
    /// The game of Play mode.
    type Game;
    /// The replay on the board.
    type Replay: ReplayCursor;
    /// The Generate dialog's tab: the generator's parameters, their
    /// widgets and the batch (see [`KindGenerator`]).
    type Generator: KindGenerator;

    /// The kind's part of `level`, if it is of this kind.
    fn level(level: &Level) -> Option<&Self::Level>;
    /// The kind's part of `level` to edit, if it is of this kind.
    fn level_mut(level: &mut Level) -> Option<&mut Self::Level>;
    /// The kind's part of `analysis`, if it is of this kind.
    fn analysis(analysis: &Analysis) -> Option<&Arc<Self::Analysis>>;

    /// The cells of `rect` and their text for the clipboard; `None` for a
    /// board without cells (see [`super::region::copy_erased`]).
    fn copy_region(
        _level: &Self::Level,
        _rect: super::region::CellRect,
    ) -> Option<(super::region::Copied, String)> {
        None
    }
    /// Clears the cells of `rect` as the eraser does.
    fn clear_region(_level: &mut Self::Level, _rect: super::region::CellRect) {}
    /// Pastes `copied` with its top-left cell at `at`; `None` when it was
    /// copied from a level of another kind.
    fn paste_region(
        _level: &mut Self::Level,
        _copied: &super::region::Copied,
        _at: (usize, usize),
    ) -> Option<super::region::Placed> {
        None
    }
    /// Flips or rotates the cells of `rect` in place, or says why not.
    fn transform_region(
        _level: &mut Self::Level,
        _rect: super::region::CellRect,
        _transform: super::region::Transform,
    ) -> Result<super::region::Placed, super::region::TurnError> {
        Err(super::region::TurnError::NoCells(None))
    }

    /// The sides a board may have, in cells.
    fn side_range() -> RangeInclusive<usize>;
    /// Whether Play offers the honest hint (H).
    fn has_hint() -> bool {
        false
    }
    /// Whether Play moves by keys: the arrows or WASD move and Backspace
    /// takes a move back (not where pieces are dragged with the mouse).
    fn moves_by_keys() -> bool {
        true
    }
    /// Play's keys in the kind's own words, `(keys, what they do)`, for
    /// Help ▸ Keyboard shortcuts; `None`: the keys the kinds share (the
    /// arrows or WASD and Backspace where [`KindGui::moves_by_keys`], R,
    /// and H where [`KindGui::has_hint`]).
    fn play_key_rows() -> Option<Vec<(String, String)>> {
        None
    }
    /// Whether the board is always square (one side to set).
    fn square_board() -> bool {
        false
    }
    /// The size of a new blank level.
    fn new_level_size() -> (usize, usize);
    /// Whether the board is whole cells, so that the Select and Line tools
    /// work on it.
    fn has_cells() -> bool;
    /// The palette's letters: the character and the entry it selects.
    fn palette_shortcuts() -> Vec<(char, String)>;
    /// The solution lists the Solutions tab shows, by route, with their
    /// titles (none: the kind lists its solutions itself).
    fn solution_routes() -> &'static [(Route, &'static str)];
    /// What the status line counts on `level`, in the kind's words.
    fn piece_count(level: &Self::Level) -> String;
    /// What is at cell `(x, y)`, in a few words for the board's tooltip.
    fn describe_cell(level: &Self::Level, x: usize, y: usize) -> String;
    /// The level's problems as the editor lists them.
    fn problems(level: &Self::Level) -> Vec<Problem>;
    /// How the rulers count, in a caption and its hover text, when the
    /// kind's messages need saying so.
    fn ruler_caption() -> Option<(&'static str, &'static str)> {
        None
    }

    /// Figures of an analysis beyond the summary's, for the compare
    /// section (Prism: the parts of the difficulty).
    fn extra_figures(_analysis: &Self::Analysis) -> Vec<(&'static str, String)> {
        Vec::new()
    }

    /// The entry selected in the palette.
    fn tile(&self) -> Self::Tile;
    /// The game of Play mode, if one is under way.
    fn game(&self) -> Option<&Self::Game>;
    /// The replay on the board, if there is one.
    fn replay(&self) -> Option<&Self::Replay>;
    /// The replay on the board, to drive.
    fn replay_mut(&mut self) -> Option<&mut Self::Replay>;
    /// Takes the replay off the board (the designer went back to editing).
    fn close_replay(&mut self);
    /// Whether `view` shows the replay itself (Prism's floors thread it
    /// through the floors), so that a replay started there stays there.
    fn replay_stays_in_view(_view: CentralView) -> bool {
        false
    }
    /// Forgets the game, the replay and the caches: the level on screen
    /// changed (another tab, an edit, a new analysis).
    fn forget(&mut self);
    /// The button that painted was let go: the paint stroke is closed (a
    /// kind whose Paint tool follows a whole press, as Rush Hour's drag
    /// that lays a vehicle, starts afresh at the next press).
    fn stroke_ended(&mut self) {}
    /// The cells the editing board frames as selected by the kind (Rush
    /// Hour's selected vehicle), if any.
    fn selected_cells(&self, _level: &Self::Level) -> Option<super::region::CellRect> {
        None
    }

    /// The palette under the tool row.
    fn palette(&mut self, ui: &mut Ui, level: &Self::Level, tool: Tool) -> Vec<Command>;
    /// The palette entry or tool whose letter is `ch`; `None` when `ch`
    /// is not one of the kind's letters.
    fn shortcut(&mut self, ch: char, tool: Tool) -> Option<Vec<Command>>;
    /// `tool` (or the eraser) at cell `(x, y)`; `within` is the pointer's
    /// place inside the cell (0 to 1, y down).
    fn paint(
        &mut self,
        level: &Self::Level,
        at: (usize, usize),
        within: [f32; 2],
        tool: Tool,
        erase: bool,
    ) -> Vec<Command>;
    /// The selected tile (or the eraser) along the straight line from
    /// `from` to `to`, as one undo step.
    fn line(
        &self,
        level: &Self::Level,
        from: (usize, usize),
        to: (usize, usize),
        erase: bool,
    ) -> Vec<Command>;

    /// The report card at the top of the analysis panel.
    fn report_card(
        &mut self,
        ui: &mut Ui,
        analysis: &Arc<Self::Analysis>,
        elapsed: Option<Duration>,
    ) -> Vec<Command>;
    /// The Traps tab: the traps, `selected` the one on the board.
    fn traps_tab(
        &mut self,
        ui: &mut Ui,
        analysis: &Arc<Self::Analysis>,
        traps: &TrapList,
        selected: Option<usize>,
    ) -> Vec<Command>;
    /// The Solutions tab of a kind that lists its solutions itself (see
    /// [`KindGui::solution_routes`]); `None` shows the route lists.
    fn own_solutions_tab(
        &mut self,
        _ui: &mut Ui,
        _analysis: &Arc<Self::Analysis>,
    ) -> Option<Vec<Command>> {
        None
    }

    /// Replays `moves` (as the solution lists show them) from the start:
    /// sets the kind's replay and asks to show it.
    fn start_replay(
        &mut self,
        analysis: &Arc<Self::Analysis>,
        moves: &str,
        title: String,
    ) -> Vec<Command>;
    /// Whether the kind has a solver for a level too big to explore whole
    /// (see [`KindGui::past_budget_solver`]).
    fn solves_past_budget() -> bool {
        false
    }
    /// The kind's solver for `level`, too big to explore whole, ready to
    /// run on the worker; `None` where the kind has none.
    fn past_budget_solver(_level: &Self::Level) -> Option<PastBudgetSolver> {
        None
    }
    /// Replays `moves` from the start of `level`, which has no analysis
    /// (too big to explore; the moves are its solver's solution): sets the
    /// kind's replay and asks to show it. A kind without a solver past the
    /// budget has no such moves.
    fn start_replay_of_level(
        &mut self,
        _level: &Self::Level,
        _moves: &str,
        _title: String,
    ) -> Vec<Command> {
        vec![Command::Warn(
            "a replay needs the level's analysis".to_string(),
        )]
    }
    /// The board replaying what [`KindGui::start_replay_of_level`] set,
    /// with its controls; `speed` in ticks a second.
    fn replay_view_of_level(
        &mut self,
        _ui: &mut Ui,
        _level: &Self::Level,
        _speed: f32,
    ) -> Vec<Command> {
        vec![Command::BackToEditing]
    }
    /// The board replaying, with its controls; `speed` in ticks a second.
    fn replay_view(
        &mut self,
        ui: &mut Ui,
        level: &Self::Level,
        analysis: &Arc<Self::Analysis>,
        speed: f32,
    ) -> Vec<Command>;
    /// The board showing trap `index`.
    #[allow(clippy::too_many_arguments)]
    fn trap_view(
        &mut self,
        ui: &mut Ui,
        analysis: &Arc<Self::Analysis>,
        traps: &TrapList,
        index: usize,
        dead_end_shown: bool,
        side_by_side: bool,
    ) -> Vec<Command>;
    /// Play mode: the game, its controls and the board.
    fn play_view(
        &mut self,
        ui: &mut Ui,
        level: &Self::Level,
        analysis: Option<&Arc<Self::Analysis>>,
        speed: f32,
    ) -> Vec<Command>;
    /// This frame's Play keys.
    fn play_keys(
        &mut self,
        keys: &PlayKeys,
        level: &Self::Level,
        analysis: Option<&Arc<Self::Analysis>>,
    ) -> Vec<Command>;
    /// The state graph in the main area.
    fn state_graph_view(
        &mut self,
        ui: &mut Ui,
        analysis: &Arc<Self::Analysis>,
        graph: GraphPanel<'_>,
    ) -> Vec<Command>;
    /// The main area's view of the level's floors (Prism's 3D model).
    fn floors_view(&mut self, ui: &mut Ui, _analysis: &Arc<Self::Analysis>) -> Vec<Command> {
        ui.label("Only a Prism level has floors: one board per background colour, joined by its switches.");
        Vec::new()
    }
}

/// What a line drawn from `from` to `to` asks for: `after` as one undo
/// step named after the line (`what`: "Line of blocks", or the eraser's),
/// and a warning when a cell refused the tile.
pub fn line_commands(
    what: &str,
    (from, to): ((usize, usize), (usize, usize)),
    after: impl Into<crate::kinds::Level>,
    refused: Option<String>,
) -> Vec<crate::gui::commands::Command> {
    use crate::gui::commands::Command;
    let name = format!(
        "{what} from ({}, {}) to ({}, {})",
        from.0, from.1, to.0, to.1
    );
    let mut commands = vec![Command::edit(name, after)];
    commands.extend(refused.map(Command::Warn));
    commands
}

/// The [`KindGui`] methods of a kind with moves whose views are its own
/// methods `replay_moves`, `show_replay`, `show_trap`, `show_play`,
/// `read_play_keys` and `show_graph` (Skiddy, Prism): written once, used
/// inside each such kind's `impl KindGui`.
macro_rules! views_of_a_kind_with_moves {
    () => {
        fn start_replay(
            &mut self,
            analysis: &std::sync::Arc<Self::Analysis>,
            moves: &str,
            title: String,
        ) -> Vec<$crate::gui::commands::Command> {
            self.replay_moves(analysis, moves, title)
        }

        fn replay_view(
            &mut self,
            ui: &mut egui::Ui,
            _level: &Self::Level,
            analysis: &std::sync::Arc<Self::Analysis>,
            speed: f32,
        ) -> Vec<$crate::gui::commands::Command> {
            self.show_replay(ui, analysis, speed)
        }

        fn trap_view(
            &mut self,
            ui: &mut egui::Ui,
            analysis: &std::sync::Arc<Self::Analysis>,
            traps: &$crate::gui::kinds::kind_gui::TrapList,
            index: usize,
            dead_end_shown: bool,
            side_by_side: bool,
        ) -> Vec<$crate::gui::commands::Command> {
            self.show_trap(ui, analysis, traps, index, (dead_end_shown, side_by_side))
        }

        fn play_view(
            &mut self,
            ui: &mut egui::Ui,
            _level: &Self::Level,
            analysis: Option<&std::sync::Arc<Self::Analysis>>,
            speed: f32,
        ) -> Vec<$crate::gui::commands::Command> {
            match analysis {
                Some(analysis) => self.show_play(ui, analysis, speed),
                None => {
                    ui.label("Play needs a valid level with a finished analysis.");
                }
            }
            Vec::new()
        }

        fn play_keys(
            &mut self,
            keys: &$crate::gui::kinds::play_keys::PlayKeys,
            _level: &Self::Level,
            analysis: Option<&std::sync::Arc<Self::Analysis>>,
        ) -> Vec<$crate::gui::commands::Command> {
            self.read_play_keys(keys, analysis);
            Vec::new()
        }

        fn state_graph_view(
            &mut self,
            ui: &mut egui::Ui,
            analysis: &std::sync::Arc<Self::Analysis>,
            graph: $crate::gui::kinds::kind_gui::GraphPanel<'_>,
        ) -> Vec<$crate::gui::commands::Command> {
            self.show_graph(ui, analysis, graph)
        }
    };
}
pub(crate) use views_of_a_kind_with_moves;

/// The [`KindGui`] accessors of a kind whose GUI keeps its selected palette
/// entry in a field `tile`, its game of Play in `game` and its replay in
/// `replay` (Skiddy, Prism, Sokoban): written once, used inside each such
/// kind's `impl KindGui`.
macro_rules! parts_of_a_kind_with_moves {
    () => {
        fn tile(&self) -> Self::Tile {
            self.tile
        }

        fn game(&self) -> Option<&Self::Game> {
            self.game.as_ref()
        }

        fn replay(&self) -> Option<&Self::Replay> {
            self.replay.as_ref()
        }

        fn replay_mut(&mut self) -> Option<&mut Self::Replay> {
            self.replay.as_mut()
        }

        fn close_replay(&mut self) {
            self.replay = None;
        }
    };
}
pub(crate) use parts_of_a_kind_with_moves;
