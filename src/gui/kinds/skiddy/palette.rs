//! Skiddy's palette and tools in the tool panel, and what a stroke of the
//! selected tool does to the level.

use egui::{RichText, Ui};

use super::board::{paint_floor, paint_piece};
use super::tools::{self, Tile, Tool};
use crate::gui::app::EditorApp;
use crate::gui::kinds::tool::tool_row;
use crate::kinds::skiddy::Floor;

/// The tool row and the palette of tiles, each with its shortcut.
pub fn show(app: &mut EditorApp, ui: &mut Ui) {
    tool_row(ui, &mut app.prefs.tool, true);
    ui.strong("Palette");
    for &tile in Tile::palette() {
        let selected = app.prefs.tile == tile;
        let response = ui
            .horizontal(|ui| {
                let (rect, _) =
                    ui.allocate_exact_size(egui::vec2(22.0, 22.0), egui::Sense::hover());
                paint_tile_icon(ui.painter(), rect, tile);
                let response = ui.selectable_label(selected, tile.name());
                ui.label(
                    RichText::new(tile.shortcut().to_string())
                        .monospace()
                        .weak(),
                );
                response
            })
            .inner;
        if response.clicked() {
            app.prefs.tile = tile;
            if app.prefs.tool == Tool::Pick {
                app.prefs.tool = Tool::Paint;
            }
        }
    }
}

/// Paints with the current tool at `(x, y)` as part of the open stroke;
/// `erase` is the right button.
pub fn paint_at(app: &mut EditorApp, x: usize, y: usize, erase: bool) {
    let tool = app.prefs.tool;
    let tile = app.prefs.tile;
    let Some(level) = app.doc().level.as_skiddy() else {
        return;
    };
    if tool == Tool::Pick && !erase {
        let picked = tools::pick(level, x, y);
        app.prefs.tile = picked;
        app.prefs.tool = Tool::Paint;
        app.say(format!("Picked {} from ({x}, {y})", picked.name()));
        return;
    }
    let doc = &mut app.docs[app.active];
    let name = if erase {
        format!("Erase at ({x}, {y})")
    } else {
        format!(
            "{} {} at ({x}, {y})",
            tool.name(),
            crate::words::lowercase_first(&tile.name())
        )
    };
    doc.history.begin(&doc.level, &name);
    let Some(level) = doc.level.as_skiddy_mut() else {
        return;
    };
    let result = if erase {
        Ok(usize::from(tools::erase(level, x, y)))
    } else if tool == Tool::Fill {
        tools::fill(level, x, y, tile)
    } else {
        tools::paint(level, x, y, tile).map(usize::from)
    };
    match result {
        Ok(changed) => {
            if changed > 0 {
                app.level_changed();
            }
        }
        Err(refused) => app.warn(refused.0),
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
