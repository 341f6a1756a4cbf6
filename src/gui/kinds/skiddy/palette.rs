//! Skiddy's palette in the tool panel, and what a stroke of the selected
//! tool does to the level.

use egui::Ui;

use super::board::{paint_floor, paint_piece};
use super::tools::{self, Tile, Tool};
use crate::gui::kinds::cell_paint::{palette_list, CellTiles};
use crate::gui::kinds::tool::Refused;
use crate::gui::panel_command::PanelCommand;
use crate::kinds::skiddy::{Floor, Level};

/// The palette of tiles, each with its shortcut; a click selects one (a
/// Pick tool gives way to Paint).
pub fn show(ui: &mut Ui, selected: &mut Tile, tool: Tool) -> Vec<PanelCommand> {
    palette_list::<Tiles>(ui, Tile::palette(), selected, tool)
}

/// What the tiles do to a cell, for [`crate::gui::kinds::cell_paint::paint`].
pub struct Tiles;

impl CellTiles for Tiles {
    type Level = Level;
    type Tile = Tile;

    fn pick(level: &Level, x: usize, y: usize) -> Tile {
        tools::pick(level, x, y)
    }

    fn erase(level: &mut Level, x: usize, y: usize) -> bool {
        tools::erase(level, x, y)
    }

    fn paint(level: &mut Level, x: usize, y: usize, tile: Tile) -> Result<bool, Refused> {
        tools::paint(level, x, y, tile)
    }

    fn fill(level: &mut Level, x: usize, y: usize, tile: Tile) -> Result<usize, Refused> {
        tools::fill(level, x, y, tile)
    }

    fn name(tile: Tile) -> String {
        tile.name()
    }

    fn shortcut(tile: Tile) -> char {
        tile.shortcut()
    }

    fn from_shortcut(ch: char) -> Option<Tile> {
        Tile::from_shortcut(ch)
    }

    fn plural(tile: Tile) -> String {
        super::region::plural(tile)
    }

    fn line(
        level: &mut Level,
        from: (usize, usize),
        to: (usize, usize),
        tile: Option<Tile>,
    ) -> Result<usize, Refused> {
        super::region::line(level, from, to, tile)
    }

    fn icon(painter: &egui::Painter, rect: egui::Rect, tile: Tile) {
        paint_tile_icon(painter, rect, tile);
    }
}

/// The palette's small picture of a tile.
fn paint_tile_icon(painter: &egui::Painter, rect: egui::Rect, tile: Tile) {
    let floor = match tile {
        Tile::Block => Floor::Block,
        Tile::Pit => Floor::Pit,
        Tile::Goal(c) => Floor::Goal(c),
        _ => Floor::Empty,
    };
    paint_floor(painter, rect, floor);
    if let Some(piece) = tile.piece() {
        paint_piece(painter, rect, piece, false, 1.0);
    }
}
