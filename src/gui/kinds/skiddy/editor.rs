//! Skiddy's GUI type: the editor state of a Skiddy level (the tile chosen
//! in the palette, the game of Play, the replay on the board, the trapped
//! pieces of the trap shown) and its answers to the seam.

use crate::gui::kinds::region;
use std::ops::RangeInclusive;
use std::sync::Arc;
use std::time::Duration;

use egui::Ui;

use super::play::PlayState;
use super::replay::Replay;
use super::tools::Tile;
use super::{board, palette, report_card};
use crate::engine::Route;
use crate::gui::commands::Command;
use crate::gui::kinds::cell_paint::tools_of_a_board_of_cells;
use crate::gui::kinds::kind_gui::{
    parts_of_a_kind_with_moves, views_of_a_kind_with_moves, KindGui, TrapList,
};
use crate::gui::kinds::tool::Tool;
use crate::kinds::skiddy::{Analysis, Level as SkiddyLevel};
use crate::kinds::{Analysis as AnyAnalysis, Level, Problem};
use crate::words::counted;

/// The editor state of Skiddy levels.
#[derive(Clone, Debug, Default, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct SkiddyGui {
    /// The tile the palette has selected (kept between runs).
    pub tile: Tile,
    /// The game of Play mode.
    #[serde(skip)]
    pub(super) game: Option<PlayState>,
    /// The replay on the board.
    #[serde(skip)]
    pub(super) replay: Option<Replay>,
    /// The Skiddies trapped in the dead end of the trap shown (its index,
    /// one flag per piece, `None` when the search was too big).
    #[serde(skip)]
    pub(super) trapped: Option<(usize, Option<Vec<bool>>)>,
}

impl KindGui for SkiddyGui {
    type Level = SkiddyLevel;
    type Analysis = Analysis;
    type Tile = Tile;
    type Game = PlayState;
    type Replay = Replay;
    type Generator = super::generate::SkiddyParams;

    fn level(level: &Level) -> Option<&SkiddyLevel> {
        level.as_skiddy()
    }

    fn level_mut(level: &mut Level) -> Option<&mut Self::Level> {
        level.as_skiddy_mut()
    }

    fn copy_region(
        level: &Self::Level,
        rect: region::CellRect,
    ) -> Option<(region::Copied, String)> {
        Some(region::copy_erased(level, rect, "Skiddy"))
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
        analysis.as_skiddy()
    }

    fn side_range() -> RangeInclusive<usize> {
        crate::kinds::skiddy::level::MIN_SIDE..=crate::kinds::skiddy::level::MAX_SIDE
    }

    fn new_level_size() -> (usize, usize) {
        (8, 7)
    }

    fn has_cells() -> bool {
        true
    }

    fn palette_shortcuts() -> Vec<(char, String)> {
        Tile::palette()
            .iter()
            .map(|t| (t.shortcut(), t.name()))
            .collect()
    }

    fn solution_routes() -> &'static [(Route, &'static str)] {
        &[
            (Route::Any, "All solutions"),
            (Route::Preferred, "Max-combo solutions"),
            (Route::Mixed, "No-combo solutions"),
        ]
    }

    fn piece_count(level: &SkiddyLevel) -> String {
        counted(level.pieces().count() as u64, "piece", "pieces")
    }

    fn describe_cell(level: &SkiddyLevel, x: usize, y: usize) -> String {
        board::describe_cell(level, x, y)
    }

    fn problems(level: &SkiddyLevel) -> Vec<Problem> {
        level.problems()
    }

    parts_of_a_kind_with_moves!();

    fn forget(&mut self) {
        self.game = None;
        self.replay = None;
        self.trapped = None;
    }

    fn palette(&mut self, ui: &mut Ui, _level: &SkiddyLevel, tool: Tool) -> Vec<Command> {
        palette::show(ui, &mut self.tile, tool)
    }

    tools_of_a_board_of_cells!(palette::Tiles);

    fn report_card(
        &mut self,
        ui: &mut Ui,
        analysis: &Arc<Analysis>,
        elapsed: Option<Duration>,
    ) -> Vec<Command> {
        report_card::rating_card(ui, analysis, elapsed);
        Vec::new()
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

    views_of_a_kind_with_moves!();
}
