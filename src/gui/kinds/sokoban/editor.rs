//! Sokoban's GUI type: the editor state of a Sokoban level (the tile
//! chosen in the palette, the game of Play, the replay on the board) and
//! its answers to the seam.

use crate::gui::kinds::region;
use std::ops::RangeInclusive;
use std::sync::Arc;
use std::time::Duration;

use egui::Ui;

use super::play::Game;
use super::replay::Replay;
use super::tools::{self, Tile};
use super::{palette, report_card, solve};
use crate::engine::Route;
use crate::gui::commands::Command;
use crate::gui::kinds::cell_paint::tools_of_a_board_of_cells;
use crate::gui::kinds::kind_gui::{
    parts_of_a_kind_with_moves, views_of_a_kind_with_moves, KindGui, TrapList,
};
use crate::gui::kinds::no_generator::NoGenerator;
use crate::gui::kinds::tool::Tool;
use crate::gui::past_budget::PastBudgetSolver;
use crate::kinds::sokoban::{Analysis, Level as SokobanLevel, Rules, MAX_SIDE, MIN_SIDE};
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
    /// The level the replay runs on when it has no analysis (too big to
    /// explore; the replay is its solver's solution), compiled.
    #[serde(skip)]
    level_rules: Option<Rules>,
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

    fn level_mut(level: &mut Level) -> Option<&mut Self::Level> {
        level.as_sokoban_mut()
    }

    fn copy_region(
        level: &Self::Level,
        rect: region::CellRect,
    ) -> Option<(region::Copied, String)> {
        Some(region::copy_erased(level, rect, "Sokoban"))
    }

    fn clear_region(level: &mut Self::Level, rect: region::CellRect) {
        region::clear(level, rect)
    }

    fn paste_region(
        level: &mut Self::Level,
        copied: &region::Copied,
        at: (usize, usize),
    ) -> Option<region::Placed> {
        region::paste_erased(level, copied, at)
    }

    fn transform_region(
        level: &mut Self::Level,
        rect: region::CellRect,
        transform: region::Transform,
    ) -> Result<region::Placed, region::TurnError> {
        region::transform(level, rect, transform)
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

    parts_of_a_kind_with_moves!();

    fn forget(&mut self) {
        self.game = None;
        self.replay = None;
        self.level_rules = None;
    }

    fn palette(&mut self, ui: &mut Ui, _level: &SokobanLevel, tool: Tool) -> Vec<Command> {
        palette::show(ui, &mut self.tile, tool)
    }

    tools_of_a_board_of_cells!(palette::Tiles);

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
        selected: Option<usize>,
    ) -> Vec<Command> {
        report_card::traps_tab(ui, analysis, traps, selected)
    }

    fn solves_past_budget() -> bool {
        true
    }

    fn past_budget_solver(level: &SokobanLevel) -> Option<PastBudgetSolver> {
        Some(solve::past_budget_solver(level))
    }

    fn start_replay_of_level(
        &mut self,
        level: &SokobanLevel,
        moves: &str,
        title: String,
    ) -> Vec<Command> {
        match Rules::compile(level) {
            Ok(rules) => {
                let commands = self.replay_moves_on(&rules, moves, title);
                self.level_rules = Some(rules);
                commands
            }
            Err(e) => vec![Command::Warn(format!("cannot replay: {e}"))],
        }
    }

    fn replay_view_of_level(
        &mut self,
        ui: &mut Ui,
        level: &SokobanLevel,
        speed: f32,
    ) -> Vec<Command> {
        // The rules of the level replayed: another level shows no replay.
        match self.level_rules.take() {
            Some(rules) if rules.level() == level => {
                let commands = self.show_replay_on(ui, &rules, speed);
                self.level_rules = Some(rules);
                commands
            }
            _ => vec![Command::BackToEditing],
        }
    }

    views_of_a_kind_with_moves!();
}
