//! Sokoban's palette in the tool panel, and what a stroke of the selected
//! tool does to the level (through [`CellTiles`]).

use egui::Ui;

use super::region;
use super::tools::{self, Tile};
use crate::gui::commands::Command;
use crate::gui::kinds::cell_paint::{cell_tiles_forwarded_to, palette_list, CellTiles};
use crate::gui::kinds::tool::Tool;
use crate::gui::views::picture_painter;
use crate::kinds::sokoban::picture::{cell_picture, push_box, push_player};
use crate::kinds::sokoban::{Cell, Level};
use crate::picture::Picture;

/// The palette: the six tiles with their pictures and XSB shortcuts, and
/// a note on the dead cells the board hatches.
pub fn show(ui: &mut Ui, selected: &mut Tile, tool: Tool) -> Vec<Command> {
    let commands = palette_list::<Tiles>(ui, &Tile::ALL, selected, tool);
    ui.separator();
    ui.label(
        egui::RichText::new(
            "Red hatching marks dead cells: a box pushed there can never reach a goal.",
        )
        .weak()
        .small(),
    );
    commands
}

/// What the tiles do to a cell, for [`crate::gui::kinds::cell_paint::paint`].
pub struct Tiles;

impl CellTiles for Tiles {
    type Level = Level;
    type Tile = Tile;

    cell_tiles_forwarded_to!(tools, region);

    fn plural(tile: Tile) -> String {
        tile.plural().to_string()
    }

    fn icon(painter: &egui::Painter, rect: egui::Rect, tile: Tile) {
        picture_painter::paint(painter, rect, &tile_picture(tile));
    }
}

/// The palette's one-cell picture of a tile.
pub fn tile_picture(tile: Tile) -> Picture {
    match tile {
        Tile::Wall => cell_picture(Cell::Wall),
        Tile::Floor => cell_picture(Cell::Floor),
        Tile::Goal => cell_picture(Cell::Goal),
        Tile::Box => {
            let mut p = cell_picture(Cell::Floor);
            push_box(&mut p, 0.0, 0.0, false);
            p
        }
        Tile::BoxOnGoal => {
            let mut p = cell_picture(Cell::Goal);
            push_box(&mut p, 0.0, 0.0, true);
            p
        }
        Tile::Player => {
            let mut p = cell_picture(Cell::Floor);
            push_player(&mut p, 0.0, 0.0);
            p
        }
    }
}
