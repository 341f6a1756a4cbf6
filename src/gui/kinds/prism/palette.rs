//! Prism's palette in the tool panel, the starting background's
//! chooser, and what a stroke of the selected tool does to the level.

use egui::{RichText, Ui};

use super::tools::{self, Tile};
use crate::gui::kinds::tool::Tool;
use crate::gui::panel_command::PanelCommand;
use crate::gui::views::picture_painter;
use crate::kinds::prism::picture::{cell_picture, enemy_picture, exit_picture, start_picture};
use crate::kinds::prism::{Cell, Colour, Level};
use crate::picture::Picture;

/// The palette of tiles (each with its picture and shortcut) and the
/// starting background; a click selects a tile (a Pick tool gives way to
/// Paint).
pub fn show(ui: &mut Ui, level: &Level, selected: &mut Tile, tool: Tool) -> Vec<PanelCommand> {
    let mut commands = Vec::new();
    ui.strong("Palette");
    for tile in Tile::ALL {
        let response = ui
            .horizontal(|ui| {
                let (rect, _) =
                    ui.allocate_exact_size(egui::vec2(22.0, 22.0), egui::Sense::hover());
                picture_painter::paint(ui.painter(), rect, &tile_picture(tile));
                let response = ui
                    .selectable_label(*selected == tile, tile.name())
                    .on_hover_text(format!("shortcut {}", tile.shortcut()));
                ui.label(
                    RichText::new(tile.shortcut().to_string())
                        .monospace()
                        .weak(),
                );
                response
            })
            .inner;
        if response.clicked() {
            *selected = tile;
            if tool == Tool::Pick {
                commands.push(PanelCommand::SetTool(Tool::Paint));
            }
        }
    }
    ui.separator();
    commands.extend(background_chooser(ui, level));
    commands
}

/// The starting background: the eight colours by name. A change is one
/// undo step.
fn background_chooser(ui: &mut Ui, level: &Level) -> Vec<PanelCommand> {
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
        PanelCommand::edit("Start background", after),
        PanelCommand::Say(format!("The level starts on {chosen}")),
    ]
}

/// `tool` with `tile` (or the eraser) at `(x, y)` of `level`, as part of
/// the open stroke; the Pick tool selects the tile under the pointer
/// instead (in `tile`).
pub fn paint(
    level: &Level,
    (x, y): (usize, usize),
    tool: Tool,
    tile: &mut Tile,
    erase: bool,
) -> Vec<PanelCommand> {
    if tool == Tool::Pick && !erase {
        let picked = tools::pick(level, x, y);
        *tile = picked;
        return vec![
            PanelCommand::SetTool(Tool::Paint),
            PanelCommand::Say(format!("Picked {} from ({x}, {y})", picked.name())),
        ];
    }
    let name = if erase {
        format!("Erase at ({x}, {y})")
    } else {
        format!(
            "{} {} at ({x}, {y})",
            tool.name(),
            crate::words::lowercase_first(&tile.name())
        )
    };
    let mut after = level.clone();
    let result = if erase {
        Ok(usize::from(tools::erase(&mut after, x, y)))
    } else if tool == Tool::Fill {
        tools::fill(&mut after, x, y, *tile)
    } else {
        tools::paint(&mut after, x, y, *tile).map(usize::from)
    };
    match result {
        Ok(_) => vec![PanelCommand::stroke(name, after)],
        Err(refused) => vec![PanelCommand::Warn(refused.0)],
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
