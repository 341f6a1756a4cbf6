//! Tangram's GUI type: the editor state of a Tangram level (the shape
//! being painted, the game of Play, the solution shown on the board) and
//! its answers to the seam. Tangram has no moves: no state graph, no traps,
//! and its "replay" steps through the solutions.

use std::ops::RangeInclusive;
use std::sync::Arc;
use std::time::Duration;

use egui::Ui;

use super::play::Game;
use super::play_and_replay::{self, show_solution, Stepper};
use super::{coords, palette, report_card, tools};
use crate::engine::Route;
use crate::gui::commands::Command;
use crate::gui::kinds::kind_gui::{GraphPanel, KindGui, TrapList};
use crate::gui::kinds::play_keys::PlayKeys;
use crate::gui::kinds::tool::Tool;
use crate::kinds::tangram::{Analysis, Level as TangramLevel};
use crate::kinds::{Analysis as AnyAnalysis, Level, Problem};
use crate::words::counted;

/// The editor state of Tangram levels.
#[derive(Clone, Debug, Default, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct TangramGui {
    /// The shape being painted, from 0; the number of shapes means a new
    /// shape (kept between runs).
    pub shape: usize,
    /// The game of Play mode.
    #[serde(skip)]
    game: Option<Game>,
    /// The solution shown on the board.
    #[serde(skip)]
    stepper: Option<Stepper>,
}

impl KindGui for TangramGui {
    type Level = TangramLevel;
    type Analysis = Analysis;
    type Tile = usize;
    type Game = Game;
    type Replay = Stepper;
    type Generator = super::generate::TangramParams;

    fn level(level: &Level) -> Option<&TangramLevel> {
        level.as_tangram()
    }

    fn level_mut(level: &mut Level) -> Option<&mut Self::Level> {
        level.as_tangram_mut()
    }

    fn analysis(analysis: &AnyAnalysis) -> Option<&Arc<Analysis>> {
        analysis.as_tangram()
    }

    fn side_range() -> RangeInclusive<usize> {
        crate::kinds::tangram::MIN_SIZE..=crate::kinds::tangram::MAX_SIZE
    }

    fn has_hint() -> bool {
        true
    }

    /// Shapes are dragged from the tray with the mouse: no move keys.
    fn moves_by_keys() -> bool {
        false
    }

    fn square_board() -> bool {
        true
    }

    fn new_level_size() -> (usize, usize) {
        (4, 4)
    }

    fn has_cells() -> bool {
        false
    }

    fn palette_shortcuts() -> Vec<(char, String)> {
        Vec::new()
    }

    fn solution_routes() -> &'static [(Route, &'static str)] {
        &[]
    }

    fn piece_count(level: &TangramLevel) -> String {
        counted(level.shapes.len() as u64, "shape", "shapes")
    }

    fn describe_cell(level: &TangramLevel, x: usize, y: usize) -> String {
        tools::describe_cell(level, x, y)
    }

    fn problems(level: &TangramLevel) -> Vec<Problem> {
        coords::problems(level)
    }

    fn ruler_caption() -> Option<(&'static str, &'static str)> {
        Some((coords::RULER_CAPTION, coords::RULER_DETAIL))
    }

    fn tile(&self) -> usize {
        self.shape
    }

    fn game(&self) -> Option<&Game> {
        self.game.as_ref()
    }

    fn replay(&self) -> Option<&Stepper> {
        self.stepper.as_ref()
    }

    fn replay_mut(&mut self) -> Option<&mut Stepper> {
        self.stepper.as_mut()
    }

    fn close_replay(&mut self) {
        self.stepper = None;
    }

    fn forget(&mut self) {
        self.game = None;
        self.stepper = None;
    }

    fn palette(&mut self, ui: &mut Ui, level: &TangramLevel, tool: Tool) -> Vec<Command> {
        palette::show(ui, level, &mut self.shape, tool)
    }

    fn shortcut(&mut self, _ch: char, _tool: Tool) -> Option<Vec<Command>> {
        None
    }

    fn paint(
        &mut self,
        level: &TangramLevel,
        at: (usize, usize),
        within: [f32; 2],
        tool: Tool,
        erase: bool,
    ) -> Vec<Command> {
        palette::paint(level, at, within, tool, &mut self.shape, erase)
    }

    fn line(
        &self,
        _level: &TangramLevel,
        _from: (usize, usize),
        _to: (usize, usize),
        _erase: bool,
    ) -> Vec<Command> {
        vec![Command::Warn(
            "A Tangram board is triangles that belong to shapes: draw lines on a board of cells"
                .to_string(),
        )]
    }

    fn report_card(
        &mut self,
        ui: &mut Ui,
        analysis: &Arc<Analysis>,
        elapsed: Option<Duration>,
    ) -> Vec<Command> {
        report_card::report_card(ui, analysis, elapsed, &mut self.stepper)
    }

    fn traps_tab(
        &mut self,
        ui: &mut Ui,
        _analysis: &Arc<Analysis>,
        _traps: &TrapList,
        _selected: Option<usize>,
    ) -> Vec<Command> {
        ui.label("A Tangram level has no moves, so no traps or dead ends.");
        Vec::new()
    }

    fn own_solutions_tab(&mut self, ui: &mut Ui, analysis: &Arc<Analysis>) -> Option<Vec<Command>> {
        Some(report_card::solutions_tab(ui, analysis, &mut self.stepper))
    }

    fn start_replay(
        &mut self,
        analysis: &Arc<Analysis>,
        _moves: &str,
        _title: String,
    ) -> Vec<Command> {
        show_solution(&mut self.stepper, analysis, 0)
    }

    fn replay_view(
        &mut self,
        ui: &mut Ui,
        level: &TangramLevel,
        _analysis: &Arc<Analysis>,
        _speed: f32,
    ) -> Vec<Command> {
        match self.stepper.as_mut() {
            Some(stepper) => play_and_replay::replay_view(ui, level, stepper),
            None => vec![Command::BackToEditing],
        }
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
        vec![Command::BackToEditing]
    }

    fn play_view(
        &mut self,
        ui: &mut Ui,
        level: &TangramLevel,
        _analysis: Option<&Arc<Analysis>>,
        _speed: f32,
    ) -> Vec<Command> {
        play_and_replay::play_view(ui, level, &mut self.game);
        Vec::new()
    }

    fn play_keys(
        &mut self,
        keys: &PlayKeys,
        level: &TangramLevel,
        _analysis: Option<&Arc<Analysis>>,
    ) -> Vec<Command> {
        play_and_replay::play_keys(keys, level, &mut self.game);
        Vec::new()
    }

    fn state_graph_view(
        &mut self,
        ui: &mut Ui,
        _analysis: &Arc<Analysis>,
        _graph: GraphPanel<'_>,
    ) -> Vec<Command> {
        ui.label("A Tangram level has no state graph: its question is how many ways the shapes cover the board. See the report card.");
        Vec::new()
    }
}
