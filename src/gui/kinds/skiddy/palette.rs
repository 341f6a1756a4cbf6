//! Skiddy's palette in the tool panel, and what a stroke of the selected
//! tool does to the level.

use egui::{RichText, Ui};

use super::board::{paint_floor, paint_piece};
use super::tools::{self, Tile, Tool};
use crate::gui::panel_command::PanelCommand;
use crate::kinds::skiddy::{Floor, Level};

/// The palette of tiles, each with its shortcut; a click selects one (a
/// Pick tool gives way to Paint).
pub fn show(ui: &mut Ui, selected: &mut Tile, tool: Tool) -> Vec<PanelCommand> {
    let mut commands = Vec::new();
    ui.strong("Palette");
    for &tile in Tile::palette() {
        let response = ui
            .horizontal(|ui| {
                let (rect, _) =
                    ui.allocate_exact_size(egui::vec2(22.0, 22.0), egui::Sense::hover());
                paint_tile_icon(ui.painter(), rect, tile);
                let response = ui.selectable_label(*selected == tile, tile.name());
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
    commands
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
