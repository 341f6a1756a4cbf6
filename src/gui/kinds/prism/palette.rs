//! Prism's palette and tools in the tool panel, the starting background's
//! chooser, and what a stroke of the selected tool does to the level.

use egui::{RichText, Ui};

use super::tools::{self, Tile};
use crate::gui::app::EditorApp;
use crate::gui::kinds::tool::{tool_row, Tool};
use crate::gui::views::picture_painter;
use crate::kinds::prism::picture::{cell_picture, enemy_picture, exit_picture, start_picture};
use crate::kinds::prism::{Cell, Colour};
use crate::picture::Picture;

/// The tool row, the palette of tiles (each with its picture and
/// shortcut) and the starting background.
pub fn show(app: &mut EditorApp, ui: &mut Ui) {
    tool_row(ui, &mut app.prefs.tool, true);
    ui.strong("Palette");
    for tile in Tile::ALL {
        let selected = app.prefs.prism_tile == tile;
        let response = ui
            .horizontal(|ui| {
                let (rect, _) =
                    ui.allocate_exact_size(egui::vec2(22.0, 22.0), egui::Sense::hover());
                picture_painter::paint(ui.painter(), rect, &tile_picture(tile));
                let response = ui
                    .selectable_label(selected, tile.name())
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
            select(app, tile);
        }
    }
    ui.separator();
    background_chooser(app, ui);
}

/// Selects `tile` in the palette; a Pick tool gives way to Paint.
pub fn select(app: &mut EditorApp, tile: Tile) {
    app.prefs.prism_tile = tile;
    if app.prefs.tool == Tool::Pick {
        app.prefs.tool = Tool::Paint;
    }
}

/// The starting background: the eight colours by name. A change is one
/// undo step.
fn background_chooser(app: &mut EditorApp, ui: &mut Ui) {
    let Some(level) = app.doc().level.as_prism() else {
        return;
    };
    let mut chosen = level.background;
    egui::ComboBox::from_label("Start background")
        .selected_text(chosen.name())
        .show_ui(ui, |ui| {
            for colour in Colour::all() {
                ui.selectable_value(&mut chosen, colour, colour.name());
            }
        });
    if chosen != level.background {
        let changed = app.doc_mut().edit("Start background", |l| {
            if let Some(l) = l.as_prism_mut() {
                l.background = chosen;
            }
        });
        if changed {
            app.level_changed();
            app.say(format!("The level starts on {chosen}"));
        }
    }
}

/// Paints with the current tool at `(x, y)` as part of the open stroke;
/// `erase` is the right button.
pub fn paint_at(app: &mut EditorApp, x: usize, y: usize, erase: bool) {
    let tool = app.prefs.tool;
    let tile = app.prefs.prism_tile;
    let Some(level) = app.doc().level.as_prism() else {
        return;
    };
    if tool == Tool::Pick && !erase {
        let picked = tools::pick(level, x, y);
        app.prefs.prism_tile = picked;
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
    let Some(level) = doc.level.as_prism_mut() else {
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
