//! Prism's palette in the tool panel, the starting background's
//! chooser, and what a stroke of the selected tool does to the level.

use egui::Ui;

use super::region;
use super::tools::{self, Tile};
use crate::gui::commands::Command;
use crate::gui::kinds::cell_paint::{cell_tiles_forwarded_to, palette_list, CellTiles};
use crate::gui::kinds::tool::Tool;
use crate::gui::views::picture_painter;
use crate::kinds::prism::picture::{cell_picture, enemy_picture, exit_picture, start_picture};
use crate::kinds::prism::{Cell, Colour, Level};
use crate::picture::Picture;

/// The palette of tiles (each with its picture and shortcut) and the
/// starting background; a click selects a tile (a Pick tool gives way to
/// Paint).
pub fn show(ui: &mut Ui, level: &Level, selected: &mut Tile, tool: Tool) -> Vec<Command> {
    let mut commands = palette_list::<Tiles>(ui, &Tile::ALL, selected, tool);
    ui.separator();
    commands.extend(background_chooser(ui, level));
    commands
}

/// The starting background: the eight colours by name. A change is one
/// undo step.
fn background_chooser(ui: &mut Ui, level: &Level) -> Vec<Command> {
    let mut chosen = level.background;
    egui::ComboBox::from_label("Start background")
        .selected_text(chosen.name())
        .show_ui(ui, |ui| {
            for colour in Colour::all() {
                ui.selectable_value(&mut chosen, colour, colour.name());
            }
        });
    if chosen == level.background {
        return Vec::new();
    }
    let mut after = level.clone();
    after.background = chosen;
    vec![
        Command::edit("Start background", after),
        Command::Say(format!("The level starts on {chosen}")),
    ]
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
        picture_painter::paint(painter, rect, &tile_picture(tile));
    }
}

/// The palette's one-cell picture of a tile (blocks drawn closed, with
/// their letter).
fn tile_picture(tile: Tile) -> Picture {
    match tile {
        Tile::Empty => cell_picture(Cell::Empty),
        Tile::Block(c) => cell_picture(Cell::Block(c)),
        Tile::Switch(c) => cell_picture(Cell::Switch(c)),
        Tile::Start => start_picture(),
        Tile::Exit => exit_picture(),
        Tile::Enemy(axis) => enemy_picture(axis),
    }
}
