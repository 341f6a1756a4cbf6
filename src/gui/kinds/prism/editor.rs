//! Prism's GUI type: the editor state of a Prism level (the tile chosen in
//! the palette, the game of Play, the replay on the board, the raster of
//! Play's board) and its answers to the seam.

use crate::gui::kinds::region;
use std::ops::RangeInclusive;
use std::sync::Arc;
use std::time::Duration;

use egui::Ui;

use super::play::Game;
use super::replay::Replay;
use super::tools::{self, Tile};
use super::{floors_view, palette, report_card};
use crate::engine::Route;
use crate::gui::commands::Command;
use crate::gui::kinds::cell_paint::tools_of_a_board_of_cells;
use crate::gui::kinds::kind_gui::{
    parts_of_a_kind_with_moves, views_of_a_kind_with_moves, KindGui, TrapList,
};
use crate::gui::kinds::tool::Tool;
use crate::gui::views::canvas::RasterCache;
use crate::kinds::prism::{Analysis, Level as PrismLevel};
use crate::kinds::{Analysis as AnyAnalysis, Level, Problem};

/// The editor state of Prism levels.
#[derive(Default, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct PrismGui {
    /// The tile the palette has selected (kept between runs).
    pub tile: Tile,
    /// The game of Play mode.
    #[serde(skip)]
    pub(super) game: Option<Game>,
    /// The replay on the board.
    #[serde(skip)]
    pub(super) replay: Option<Replay>,
    /// Play's board as a raster, for a board too big to paint shape by
    /// shape each frame.
    #[serde(skip)]
    pub(super) play_raster: Option<RasterCache>,
}

impl KindGui for PrismGui {
    type Level = PrismLevel;
    type Analysis = Analysis;
    type Tile = Tile;
    type Game = Game;
    type Replay = Replay;
    type Generator = super::generate::PrismParams;

    fn level(level: &Level) -> Option<&PrismLevel> {
        level.as_prism()
    }

    fn level_mut(level: &mut Level) -> Option<&mut Self::Level> {
        level.as_prism_mut()
    }

    fn copy_region(
        level: &Self::Level,
        rect: region::CellRect,
    ) -> Option<(region::Copied, String)> {
        Some(region::copy_erased(level, rect, "Prism"))
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
        analysis.as_prism()
    }

    fn side_range() -> RangeInclusive<usize> {
        crate::kinds::prism::MIN_SIDE..=crate::kinds::prism::MAX_SIDE
    }

    fn new_level_size() -> (usize, usize) {
        (10, 8)
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

    fn piece_count(level: &PrismLevel) -> String {
        tools::piece_count(level)
    }

    fn describe_cell(level: &PrismLevel, x: usize, y: usize) -> String {
        tools::describe_cell(level, x, y)
    }

    fn problems(level: &PrismLevel) -> Vec<Problem> {
        level.problems()
    }

    fn extra_figures(analysis: &Analysis) -> Vec<(&'static str, String)> {
        let parts = &analysis.rating.parts;
        vec![
            ("length", parts.length.to_string()),
            ("switches pressed", parts.switches_pressed.to_string()),
            ("backgrounds", parts.background_changes.to_string()),
            ("enemies dodged", parts.enemies_dodged.to_string()),
        ]
    }

    parts_of_a_kind_with_moves!();

    fn forget(&mut self) {
        self.game = None;
        self.replay = None;
    }

    fn palette(&mut self, ui: &mut Ui, level: &PrismLevel, tool: Tool) -> Vec<Command> {
        palette::show(ui, level, &mut self.tile, tool)
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

    views_of_a_kind_with_moves!();

    fn floors_view(&mut self, ui: &mut Ui, analysis: &Arc<Analysis>) -> Vec<Command> {
        floors_view::floors_view(ui, analysis, self.replay.as_ref(), self.game.as_ref());
        Vec::new()
    }

    fn replay_stays_in_view(view: crate::gui::central_view::CentralView) -> bool {
        view == crate::gui::central_view::CentralView::Floors
    }
}
