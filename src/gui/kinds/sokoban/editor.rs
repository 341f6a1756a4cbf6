//! Sokoban's GUI type: the editor state of a Sokoban level (the tile
//! chosen in the palette, the game of Play, the replay on the board) and
//! its answers to the seam.

use std::ops::RangeInclusive;
use std::sync::Arc;
use std::time::Duration;

use egui::Ui;

use super::play::Game;
use super::replay::Replay;
use super::tools::{self, Tile};
use super::{palette, region, report_card};
use crate::engine::Route;
use crate::gui::kinds::cell_paint;
use crate::gui::kinds::no_generator::NoGenerator;
use crate::gui::kinds::play_keys::PlayKeys;
use crate::gui::kinds::seam::{line_commands, GraphPanel, KindGui, TrapList};
use crate::gui::kinds::tool::Tool;
use crate::gui::panel_command::PanelCommand;
use crate::kinds::sokoban::{Analysis, Level as SokobanLevel, MAX_SIDE, MIN_SIDE};
use crate::kinds::{Analysis as AnyAnalysis, Level, Problem};

/// The editor state of Sokoban levels.
#[derive(Default, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct SokobanGui {
    /// The tile the palette has selected (kept between runs).
    pub tile: Tile,
    /// The game of Play mode.
    #[serde(skip)]
    pub(super) game: Option<Game>,
    /// The replay on the board.
    #[serde(skip)]
    pub(super) replay: Option<Replay>,
}

impl KindGui for SokobanGui {
    type Level = SokobanLevel;
    type Analysis = Analysis;
    type Tile = Tile;
    type Game = Game;
    type Replay = Replay;
    type Generator = NoGenerator;

    fn level(level: &Level) -> Option<&SokobanLevel> {
        level.as_sokoban()
    }

    fn analysis(analysis: &AnyAnalysis) -> Option<&Arc<Analysis>> {
        analysis.as_sokoban()
    }

    fn side_range() -> RangeInclusive<usize> {
        MIN_SIDE..=MAX_SIDE
    }

    fn new_level_size() -> (usize, usize) {
        (8, 7)
    }

    fn has_cells() -> bool {
        true
    }

    fn palette_shortcuts() -> Vec<(char, String)> {
        Tile::ALL.iter().map(|t| (t.shortcut(), t.name())).collect()
    }

    fn solution_routes() -> &'static [(Route, &'static str)] {
        &[(Route::Any, "Solutions")]
    }

    fn piece_count(level: &SokobanLevel) -> String {
        tools::piece_count(level)
    }

    fn describe_cell(level: &SokobanLevel, x: usize, y: usize) -> String {
        tools::describe_cell(level, x, y)
    }

    fn problems(level: &SokobanLevel) -> Vec<Problem> {
        level.problems()
    }

    fn tile(&self) -> Tile {
        self.tile
    }

    fn game(&self) -> Option<&Game> {
        self.game.as_ref()
    }

    fn replay(&self) -> Option<&Replay> {
        self.replay.as_ref()
    }

    fn replay_mut(&mut self) -> Option<&mut Replay> {
        self.replay.as_mut()
    }

    fn close_replay(&mut self) {
        self.replay = None;
    }

    fn forget(&mut self) {
        self.game = None;
        self.replay = None;
    }

    fn palette(&mut self, ui: &mut Ui, _level: &SokobanLevel, tool: Tool) -> Vec<PanelCommand> {
        palette::show(ui, &mut self.tile, tool)
    }

    fn shortcut(&mut self, ch: char, tool: Tool) -> Option<Vec<PanelCommand>> {
        let tile = Tile::from_shortcut(ch)?;
        self.tile = tile;
        Some(if tool == Tool::Pick {
            vec![PanelCommand::SetTool(Tool::Paint)]
        } else {
            Vec::new()
        })
    }

    fn paint(
        &mut self,
        level: &SokobanLevel,
        at: (usize, usize),
        _within: [f32; 2],
        tool: Tool,
        erase: bool,
    ) -> Vec<PanelCommand> {
        cell_paint::paint::<palette::Tiles>(level, at, tool, &mut self.tile, erase)
    }

    fn line(
        &self,
        level: &SokobanLevel,
        from: (usize, usize),
        to: (usize, usize),
        erase: bool,
    ) -> Vec<PanelCommand> {
        let what = if erase {
            "Erase line".to_string()
        } else {
            format!("Line of {}", self.tile.plural())
        };
        let mut after = level.clone();
        let result = region::line(&mut after, from, to, (!erase).then_some(self.tile));
        match result {
            Err(refused) if after == *level => vec![PanelCommand::Warn(refused.0)],
            result => line_commands(&what, (from, to), after, result.err().map(|r| r.0)),
        }
    }

    fn report_card(
        &mut self,
        ui: &mut Ui,
        analysis: &Arc<Analysis>,
        elapsed: Option<Duration>,
    ) -> Vec<PanelCommand> {
        report_card::report_card(ui, analysis, elapsed)
    }

    fn traps_tab(
        &mut self,
        ui: &mut Ui,
        analysis: &Arc<Analysis>,
        traps: &TrapList,
        selected: Option<usize>,
    ) -> Vec<PanelCommand> {
        report_card::traps_tab(ui, analysis, traps, selected)
    }

    fn start_replay(
        &mut self,
        analysis: &Arc<Analysis>,
        moves: &str,
        title: String,
    ) -> Vec<PanelCommand> {
        self.replay_moves(analysis, moves, title)
    }

    fn replay_view(
        &mut self,
        ui: &mut Ui,
        _level: &SokobanLevel,
        analysis: &Arc<Analysis>,
        speed: f32,
    ) -> Vec<PanelCommand> {
        self.show_replay(ui, analysis, speed)
    }

    fn trap_view(
        &mut self,
        ui: &mut Ui,
        analysis: &Arc<Analysis>,
        traps: &TrapList,
        index: usize,
        dead_end_shown: bool,
        side_by_side: bool,
    ) -> Vec<PanelCommand> {
        self.show_trap(ui, analysis, traps, index, (dead_end_shown, side_by_side))
    }

    fn play_view(
        &mut self,
        ui: &mut Ui,
        _level: &SokobanLevel,
        analysis: Option<&Arc<Analysis>>,
        _speed: f32,
    ) -> Vec<PanelCommand> {
        match analysis {
            Some(analysis) => self.show_play(ui, analysis),
            None => {
                ui.label("Play needs a valid level with a finished analysis.");
            }
        }
        Vec::new()
    }

    fn play_keys(
        &mut self,
        keys: &PlayKeys,
        _level: &SokobanLevel,
        analysis: Option<&Arc<Analysis>>,
    ) -> Vec<PanelCommand> {
        self.read_play_keys(keys, analysis);
        Vec::new()
    }

    fn state_graph_view(
        &mut self,
        ui: &mut Ui,
        analysis: &Arc<Analysis>,
        graph: GraphPanel<'_>,
    ) -> Vec<PanelCommand> {
        self.show_graph(ui, analysis, graph)
    }
}
