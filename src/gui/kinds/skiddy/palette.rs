//! Skiddy's palette in the tool panel, and what a stroke of the selected
//! tool does to the level.

use egui::Ui;

use super::board::{paint_floor, paint_piece};
use super::region;
use super::tools::{self, Tile, Tool};
use crate::gui::commands::Command;
use crate::gui::kinds::cell_paint::{cell_tiles_forwarded_to, palette_list, CellTiles};
use crate::kinds::skiddy::{Floor, Level};

/// The palette of tiles, each with its shortcut; a click selects one (a
/// Pick tool gives way to Paint).
pub fn show(ui: &mut Ui, selected: &mut Tile, tool: Tool) -> Vec<Command> {
    palette_list::<Tiles>(ui, Tile::palette(), selected, tool)
}

/// What the tiles do to a cell, for [`crate::gui::kinds::cell_paint::paint`].
pub struct Tiles;

impl CellTiles for Tiles {
    type Level = Level;
    type Tile = Tile;

    cell_tiles_forwarded_to!(tools, region);

    fn plural(tile: Tile) -> String {
        region::plural(tile)
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
