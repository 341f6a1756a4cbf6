//! Rush Hour's palette in the tool panel: the five entries with their
//! pictures and letters, how a drag lays a vehicle, and the vehicle
//! selected on the board with Delete and Make primary.

use egui::{RichText, Ui};

use super::gesture::Gestures;
use super::tools::{self, vehicle_name, Tile};
use crate::gui::commands::Command;
use crate::gui::kinds::cell_paint::{palette_list, CellTiles};
use crate::gui::kinds::tool::{Refused, Tool};
use crate::gui::views::picture_painter;
use crate::kinds::rushhour::picture::level_picture;
use crate::kinds::rushhour::{Level, Orientation, Vehicle};
use crate::picture::Picture;

/// The palette: the entries, a note on laying and moving vehicles, and
/// the selected vehicle with what can be done to it.
pub fn show(
    ui: &mut Ui,
    selected: &mut Tile,
    tool: Tool,
    level: &Level,
    gestures: &mut Gestures,
) -> Vec<Command> {
    let mut commands = palette_list::<Tiles>(ui, &Tile::ALL, selected, tool);
    ui.label(
        RichText::new(
            "Drag across cells to lay a car or truck along the drag; a click lays a car lying right. With a vehicle entry chosen (or the Pick tool), a press on a vehicle selects it; drag it anywhere free.",
        )
        .weak()
        .small(),
    );
    ui.separator();
    let Some(index) = gestures.selected_in(level) else {
        ui.weak("No vehicle selected");
        return commands;
    };
    let v = level.vehicles[index];
    let name = vehicle_name(level, index);
    ui.label(format!(
        "Selected: {name} at ({}, {}), {}",
        v.x,
        v.y,
        v.orientation.name()
    ));
    ui.horizontal_wrapped(|ui| {
        if ui
            .button(format!("Delete {}", level.letter(index)))
            .on_hover_text(format!("Delete {name}; the later letters move up one"))
            .clicked()
        {
            gestures.select(level, None);
            commands.push(Command::edit(
                format!("Delete {name}"),
                tools::delete_vehicle(level, index),
            ));
        }
        let can_lead = v.orientation == Orientation::Horizontal && !v.primary;
        let lead = ui
            .add_enabled(can_lead, egui::Button::new("Make primary"))
            .on_hover_text("Make it the primary car A, the one that drives out")
            .on_disabled_hover_text(if v.primary {
                "It is the primary car"
            } else {
                "The primary car lies horizontally, to drive out on the right"
            });
        if lead.clicked() {
            let mut after = level.clone();
            for (i, other) in after.vehicles.iter_mut().enumerate() {
                other.primary = i == index;
            }
            commands.push(Command::edit(format!("Make {name} primary"), after));
        }
    });
    commands
}

/// What the entries do to one cell, for the palette's list and the Fill
/// and Line tools.
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
        tools::paint_cell(level, x, y, tile)
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
        tools::line(level, from, to, tile)
    }

    fn icon(painter: &egui::Painter, rect: egui::Rect, tile: Tile) {
        picture_painter::paint(painter, rect, &tile_picture(tile));
    }
}

/// The palette's picture of an entry: a cell, a wall, or the vehicle on a
/// board just its size, drawn as the board draws it.
pub fn tile_picture(tile: Tile) -> Picture {
    let length = tile.vehicle_length().unwrap_or(1);
    let mut level = Level::new(length, 1);
    match tile {
        Tile::Empty => {}
        Tile::Wall => level.set_wall(0, 0, true),
        _ => level.vehicles.push(Vehicle {
            x: 0,
            y: 0,
            length,
            orientation: Orientation::Horizontal,
            primary: tile == Tile::Primary,
        }),
    }
    level_picture(&level)
}
