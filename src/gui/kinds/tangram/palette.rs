//! Tangram's palette in the tool panel: the shapes, each with its colour
//! and number, the new-shape entry, merge and delete; and what a stroke of
//! the selected tool does to the level (every stroke one undo step).

use egui::{RichText, Ui};

use super::tools::{self, Edit};
use crate::gui::app::EditorApp;
use crate::gui::kinds::tool::{tool_row, Tool};
use crate::gui::views::picture_painter;
use crate::kinds::tangram::picture::{shape_colour, OUTLINE, OUTLINE_WIDTH};
use crate::picture::{Align, Picture, Stroke};
use crate::words::counted;

/// The tool row, the list of shapes and the shape actions.
pub fn show(app: &mut EditorApp, ui: &mut Ui) {
    tool_row(ui, &mut app.prefs.tool, false);
    let Some(level) = app.doc().level.as_tangram() else {
        return;
    };
    let sizes: Vec<usize> = level.shapes.iter().map(|s| s.triangles.len()).collect();
    let count = sizes.len();
    let mut selected = app.prefs.tangram_shape.min(count);
    ui.strong("Shapes");
    egui::ScrollArea::vertical()
        .id_salt("tangram shapes")
        .max_height(260.0)
        .show(ui, |ui| {
            for (i, size) in sizes.iter().enumerate() {
                ui.horizontal(|ui| {
                    let (rect, _) =
                        ui.allocate_exact_size(egui::vec2(22.0, 22.0), egui::Sense::hover());
                    picture_painter::paint(ui.painter(), rect, &swatch(i));
                    ui.selectable_value(
                        &mut selected,
                        i,
                        format!(
                            "Shape {} · {}",
                            i + 1,
                            counted(*size as u64, "triangle", "triangles")
                        ),
                    );
                });
            }
            ui.horizontal(|ui| {
                ui.add_space(26.0);
                ui.selectable_value(&mut selected, count, "New shape")
                    .on_hover_text("The next triangle painted starts a new shape");
            });
        });
    if selected != app.prefs.tangram_shape {
        app.prefs.tangram_shape = selected;
        if app.prefs.tool == Tool::Pick {
            app.prefs.tool = Tool::Paint;
        }
    }
    if selected < count {
        shape_actions(app, ui, selected, count);
    }
    ui.label(
        RichText::new(
            "Paint gives triangles to the selected shape (painting over a shape splits it). \
             Fill floods triangles of no shape, or brings a whole shape over. \
             Pick selects the shape under the pointer.",
        )
        .weak()
        .small(),
    );
}

/// Merge another shape into the selected one, or delete the selected one.
fn shape_actions(app: &mut EditorApp, ui: &mut Ui, selected: usize, count: usize) {
    let mut merge_from = None;
    let mut delete = false;
    // Wrapped: in the narrowest tool panel "Delete shape" goes to a second
    // row rather than being cut.
    ui.horizontal_wrapped(|ui| {
        egui::ComboBox::from_id_salt("tangram merge")
            .selected_text("Merge in…")
            .show_ui(ui, |ui| {
                for other in (0..count).filter(|&o| o != selected) {
                    if ui.button(format!("Shape {}", other + 1)).clicked() {
                        merge_from = Some(other);
                    }
                }
            })
            .response
            .on_hover_text(format!(
                "Bring every triangle of another shape into shape {}",
                selected + 1
            ));
        delete = ui
            .button("Delete shape")
            .on_hover_text("Its triangles then belong to no shape")
            .clicked();
    });
    if let Some(from) = merge_from {
        apply(app, "Merge shapes", |l| tools::merge(l, selected, from));
        app.say(format!(
            "Merged shape {} into shape {}",
            from + 1,
            selected + 1
        ));
    } else if delete {
        apply(app, "Delete shape", |l| tools::delete_shape(l, selected));
        app.say(format!("Deleted shape {}", selected + 1));
    }
}

/// A palette swatch: a square of the shape's colour with its number.
fn swatch(shape: usize) -> Picture {
    let mut picture = Picture::new(1.0, 1.0);
    picture.rect(
        [0.05, 0.05],
        [0.95, 0.95],
        Some(shape_colour(shape)),
        Some(Stroke::new(OUTLINE_WIDTH, OUTLINE)),
    );
    picture.text(
        [0.5, 0.5],
        0.6,
        crate::kinds::tangram::picture::INK,
        (shape + 1).to_string(),
        Align::Centre,
    );
    picture
}

/// Makes `edit` one undo step of its own and keeps the selection on the
/// shape it names.
fn apply(
    app: &mut EditorApp,
    name: &str,
    edit: impl FnOnce(&mut crate::kinds::tangram::Level) -> Edit,
) {
    let mut outcome = Edit::default();
    let changed = app.doc_mut().edit(name, |l| {
        if let Some(l) = l.as_tangram_mut() {
            outcome = edit(l);
        }
    });
    follow(app, &outcome);
    if changed {
        app.level_changed();
    }
}

/// Moves the selection along with an edit: onto the shape the triangles
/// went to, else past the shapes that were removed.
fn follow(app: &mut EditorApp, edit: &Edit) {
    let selected = &mut app.prefs.tangram_shape;
    match edit.shape {
        Some(shape) => *selected = shape,
        None => {
            for &r in &edit.removed {
                if *selected > r {
                    *selected -= 1;
                }
            }
        }
    }
}

/// Paints with the current tool at the triangle under the pointer in
/// square `(x, y)` as part of the open stroke; `erase` is the right button.
pub fn paint_at(app: &mut EditorApp, x: usize, y: usize, within: [f32; 2], erase: bool) {
    let tool = app.prefs.tool;
    let Some(level) = app.doc().level.as_tangram() else {
        return;
    };
    let t = tools::triangle_at(level.size, x, y, within);
    if tool == Tool::Pick && !erase {
        let picked = tools::owner_of(level, t);
        app.prefs.tangram_shape = picked.unwrap_or(level.shapes.len());
        app.prefs.tool = Tool::Paint;
        match picked {
            Some(s) => app.say(format!("Picked shape {}", s + 1)),
            None => app.say("No shape there: the next paint starts a new shape"),
        }
        return;
    }
    let shape = app.prefs.tangram_shape;
    let level_shapes = level.shapes.len();
    let doc = &mut app.docs[app.active];
    let name = if erase {
        format!("Erase at ({x}, {y})")
    } else if shape >= level_shapes {
        format!("{} a new shape at ({x}, {y})", tool.name())
    } else {
        format!("{} shape {} at ({x}, {y})", tool.name(), shape + 1)
    };
    doc.history.begin(&doc.level, &name);
    let Some(level) = doc.level.as_tangram_mut() else {
        return;
    };
    let edit = if erase {
        tools::erase(level, t)
    } else if tool == Tool::Fill {
        tools::fill(level, t, shape)
    } else {
        tools::give(level, &[t], shape)
    };
    follow(app, &edit);
    if edit.changed {
        app.level_changed();
    }
}
