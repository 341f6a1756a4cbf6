//! Rush Hour's GUI type: the editor state of a Rush Hour level (the entry
//! chosen in the palette, the press of the Paint tool under way and the
//! vehicle selected, the game of Play, the replay on the board) and its
//! answers to the seam.

use std::ops::RangeInclusive;
use std::sync::Arc;
use std::time::Duration;

use egui::{Key, Ui};

use super::gesture::{Gestures, Step};
use super::play::Game;
use super::replay::Replay;
use super::tools::{self, Tile};
use super::{palette, report_card};
use crate::engine::Route;
use crate::gui::commands::Command;
use crate::gui::kinds::cell_paint;
use crate::gui::kinds::kind_gui::{parts_of_a_kind_with_moves, GraphPanel, KindGui, TrapList};
use crate::gui::kinds::play_keys::PlayKeys;
use crate::gui::kinds::region::CellRect;
use crate::gui::kinds::tool::Tool;
use crate::kinds::rushhour::{Analysis, Level as RushHourLevel, DEFAULT_SIDE, MAX_SIDE, MIN_SIDE};
use crate::kinds::{Analysis as AnyAnalysis, Level, Problem};

/// The editor state of Rush Hour levels.
#[derive(Default, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct RushHourGui {
    /// The entry the palette has selected (kept between runs).
    pub tile: Tile,
    /// The Paint tool's press under way, and the vehicle selected.
    #[serde(skip)]
    pub(super) gestures: Gestures,
    /// The game of Play mode.
    #[serde(skip)]
    pub(super) game: Option<Game>,
    /// The replay on the board.
    #[serde(skip)]
    pub(super) replay: Option<Replay>,
    /// Whether this frame's Play keys came (no text field or dialog has
    /// the keyboard): Play reads its selection and arrow keys only then.
    #[serde(skip)]
    pub(super) keys_free: bool,
}

/// The commands of a gesture's steps: its edits part of the open stroke.
fn step_commands(steps: Vec<Step>) -> Vec<Command> {
    steps
        .into_iter()
        .map(|step| match step {
            Step::Edit { name, after } => Command::stroke(name, after),
            Step::Say(words) => Command::Say(words),
            Step::Warn(words) => Command::Warn(words),
        })
        .collect()
}

impl KindGui for RushHourGui {
    type Level = RushHourLevel;
    type Analysis = Analysis;
    type Tile = Tile;
    type Game = Game;
    type Replay = Replay;
    type Generator = super::generate::RushHourGenerator;

    fn level(level: &Level) -> Option<&RushHourLevel> {
        level.as_rushhour()
    }

    fn level_mut(level: &mut Level) -> Option<&mut RushHourLevel> {
        level.as_rushhour_mut()
    }

    fn analysis(analysis: &AnyAnalysis) -> Option<&Arc<Analysis>> {
        analysis.as_rushhour()
    }

    fn side_range() -> RangeInclusive<usize> {
        MIN_SIDE..=MAX_SIDE
    }

    fn new_level_size() -> (usize, usize) {
        (DEFAULT_SIDE, DEFAULT_SIDE)
    }

    fn has_cells() -> bool {
        true
    }

    /// A vehicle is selected by Tab or its letter and moved by the arrows
    /// (so W, A, S and D select vehicles here); it is also dragged.
    fn play_key_rows() -> Option<Vec<(String, String)>> {
        use crate::gui::keys::{RESTART_KEY, TAKE_BACK_KEY};
        let arrows = [
            Key::ArrowUp,
            Key::ArrowRight,
            Key::ArrowDown,
            Key::ArrowLeft,
        ]
        .map(|k| k.name())
        .join(", ");
        Some(vec![
            (
                "Tab or Shift+Tab".to_string(),
                "Select the next or the previous vehicle".to_string(),
            ),
            (
                "A to Z".to_string(),
                "Select the vehicle by its letter".to_string(),
            ),
            (
                arrows,
                "Slide the selected vehicle a cell along its line".to_string(),
            ),
            (
                TAKE_BACK_KEY.name().to_string(),
                "Take the last move back".to_string(),
            ),
            (
                RESTART_KEY.name().to_string(),
                "Back to the start (R selects a vehicle lettered R)".to_string(),
            ),
        ])
    }

    fn palette_shortcuts() -> Vec<(char, String)> {
        Tile::ALL.iter().map(|t| (t.shortcut(), t.name())).collect()
    }

    fn solution_routes() -> &'static [(Route, &'static str)] {
        &[(Route::Any, "Solutions")]
    }

    fn piece_count(level: &RushHourLevel) -> String {
        tools::piece_count(level)
    }

    fn describe_cell(level: &RushHourLevel, x: usize, y: usize) -> String {
        crate::kinds::rushhour::describe::describe_cell(level, x, y)
    }

    fn problems(level: &RushHourLevel) -> Vec<Problem> {
        level.problems()
    }

    fn extra_figures(analysis: &Analysis) -> Vec<(&'static str, String)> {
        report_card::extra_figures(analysis)
    }

    parts_of_a_kind_with_moves!();

    fn forget(&mut self) {
        // The press under way is kept: every frame of a drag is an edit.
        self.game = None;
        self.replay = None;
    }

    fn stroke_ended(&mut self) {
        self.gestures.end();
    }

    fn selected_cells(&self, level: &RushHourLevel) -> Option<CellRect> {
        self.gestures.selected_rect(level)
    }

    fn palette(&mut self, ui: &mut Ui, level: &RushHourLevel, tool: Tool) -> Vec<Command> {
        palette::show(ui, &mut self.tile, tool, level, &mut self.gestures)
    }

    fn shortcut(&mut self, ch: char, tool: Tool) -> Option<Vec<Command>> {
        cell_paint::shortcut::<palette::Tiles>(&mut self.tile, ch, tool)
    }

    fn paint(
        &mut self,
        level: &RushHourLevel,
        (x, y): (usize, usize),
        _within: [f32; 2],
        tool: Tool,
        erase: bool,
    ) -> Vec<Command> {
        match tool {
            Tool::Paint => step_commands(self.gestures.paint(level, (x, y), self.tile, erase)),
            Tool::Pick if !erase => {
                self.gestures.select(level, level.vehicle_at(x, y));
                cell_paint::paint::<palette::Tiles>(level, (x, y), tool, &mut self.tile, erase)
            }
            _ => cell_paint::paint::<palette::Tiles>(level, (x, y), tool, &mut self.tile, erase),
        }
    }

    fn line(
        &self,
        level: &RushHourLevel,
        from: (usize, usize),
        to: (usize, usize),
        erase: bool,
    ) -> Vec<Command> {
        cell_paint::line::<palette::Tiles>(level, (from, to), self.tile, erase)
    }

    fn report_card(
        &mut self,
        ui: &mut Ui,
        analysis: &Arc<Analysis>,
        elapsed: Option<Duration>,
    ) -> Vec<Command> {
        report_card::report_card(ui, analysis, elapsed)
    }

    fn traps_tab(
        &mut self,
        ui: &mut Ui,
        analysis: &Arc<Analysis>,
        traps: &TrapList,
        _selected: Option<usize>,
    ) -> Vec<Command> {
        report_card::traps_tab(ui, analysis, traps)
    }

    fn start_replay(
        &mut self,
        analysis: &Arc<Analysis>,
        moves: &str,
        title: String,
    ) -> Vec<Command> {
        self.replay_moves(analysis, moves, title)
    }

    fn replay_view(
        &mut self,
        ui: &mut Ui,
        _level: &RushHourLevel,
        _analysis: &Arc<Analysis>,
        speed: f32,
    ) -> Vec<Command> {
        self.show_replay(ui, speed)
    }

    fn trap_view(
        &mut self,
        _ui: &mut Ui,
        _analysis: &Arc<Analysis>,
        _traps: &TrapList,
        _index: usize,
        _dead_end_shown: bool,
        _side_by_side: bool,
    ) -> Vec<Command> {
        // Rush Hour has no traps: every move can be undone.
        vec![Command::BackToEditing]
    }

    fn play_view(
        &mut self,
        ui: &mut Ui,
        level: &RushHourLevel,
        analysis: Option<&Arc<Analysis>>,
        _speed: f32,
    ) -> Vec<Command> {
        self.show_play(ui, level, analysis)
    }

    fn play_keys(
        &mut self,
        keys: &PlayKeys,
        level: &RushHourLevel,
        _analysis: Option<&Arc<Analysis>>,
    ) -> Vec<Command> {
        self.read_play_keys(keys, level);
        Vec::new()
    }

    fn state_graph_view(
        &mut self,
        ui: &mut Ui,
        analysis: &Arc<Analysis>,
        graph: GraphPanel<'_>,
    ) -> Vec<Command> {
        self.show_graph(ui, analysis, graph)
    }
}
