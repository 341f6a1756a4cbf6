//! Sokoban's palette in the tool panel, and what a stroke of the selected
//! tool does to the level (through [`CellTiles`]).

use egui::Ui;

use super::tools::{self, Tile};
use crate::gui::kinds::cell_paint::{palette_list, CellTiles};
use crate::gui::kinds::tool::{Refused, Tool};
use crate::gui::panel_command::PanelCommand;
use crate::gui::views::picture_painter;
use crate::kinds::sokoban::picture::{cell_picture, push_box, push_player};
use crate::kinds::sokoban::{Cell, Level};
use crate::picture::Picture;

/// The palette: the six tiles with their pictures and XSB shortcuts, and
/// a note on the dead cells the board hatches.
pub fn show(ui: &mut Ui, selected: &mut Tile, tool: Tool) -> Vec<PanelCommand> {
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
        tile.plural().to_string()
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
