//! Tangram's palette in the tool panel: the shapes, each with its colour
//! and number, the new-shape entry, merge and delete; and what a stroke of
//! the selected tool does to the level (every stroke one undo step).

use egui::{RichText, Ui};

use super::tools::{self, Edit};
use crate::gui::commands::Command;
use crate::gui::kinds::tool::Tool;
use crate::gui::views::picture_painter;
use crate::kinds::tangram::picture::{shape_colour, OUTLINE, OUTLINE_WIDTH};
use crate::kinds::tangram::Level;
use crate::picture::{Align, Picture, Stroke};
use crate::words::counted;

/// The list of shapes (`selected` the one painted, the number of shapes
/// meaning a new shape) and the shape actions.
pub fn show(ui: &mut Ui, level: &Level, selected: &mut usize, tool: Tool) -> Vec<Command> {
    let mut commands = Vec::new();
    let sizes: Vec<usize> = level.shapes.iter().map(|s| s.triangles.len()).collect();
    let count = sizes.len();
    let before = (*selected).min(count);
    let mut chosen = before;
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
                        &mut chosen,
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
                ui.selectable_value(&mut chosen, count, "New shape")
                    .on_hover_text("The next triangle painted starts a new shape");
            });
        });
    *selected = chosen;
    if chosen != before && tool == Tool::Pick {
        commands.push(Command::SetTool(Tool::Paint));
    }
    if chosen < count {
        commands.extend(shape_actions(ui, level, selected, count));
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
    commands
}

/// Merge another shape into the selected one, or delete the selected one.
fn shape_actions(ui: &mut Ui, level: &Level, selected: &mut usize, count: usize) -> Vec<Command> {
    let shape = *selected;
    let mut merge_from = None;
    let mut delete = false;
    // Wrapped: in the narrowest tool panel "Delete shape" goes to a second
    // row rather than being cut.
    ui.horizontal_wrapped(|ui| {
        egui::ComboBox::from_id_salt("tangram merge")
            .selected_text("Merge in…")
            .show_ui(ui, |ui| {
                for other in (0..count).filter(|&o| o != shape) {
                    if ui.button(format!("Shape {}", other + 1)).clicked() {
                        merge_from = Some(other);
                    }
                }
            })
            .response
            .on_hover_text(format!(
                "Bring every triangle of another shape into shape {}",
                shape + 1
            ));
        delete = ui
            .button("Delete shape")
            .on_hover_text("Its triangles then belong to no shape")
            .clicked();
    });
    if let Some(from) = merge_from {
        let mut commands = edited(level, selected, "Merge shapes", false, |l| {
            tools::merge(l, shape, from)
        });
        commands.push(Command::Say(format!(
            "Merged shape {} into shape {}",
            from + 1,
            shape + 1
        )));
        commands
    } else if delete {
        let mut commands = edited(level, selected, "Delete shape", false, |l| {
            tools::delete_shape(l, shape)
        });
        commands.push(Command::Say(format!("Deleted shape {}", shape + 1)));
        commands
    } else {
        Vec::new()
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

/// `edit` applied to a copy of `level` as an undo step named `name` (part
/// of the open stroke with `stroke`), the selection moved along with it.
fn edited(
    level: &Level,
    selected: &mut usize,
    name: &str,
    stroke: bool,
    edit: impl FnOnce(&mut Level) -> Edit,
) -> Vec<Command> {
    let mut after = level.clone();
    let outcome = edit(&mut after);
    follow(selected, &outcome);
    if stroke {
        vec![Command::stroke(name, after)]
    } else {
        vec![Command::edit(name, after)]
    }
}

/// Moves the selection along with an edit: onto the shape the triangles
/// went to, else past the shapes that were removed.
fn follow(selected: &mut usize, edit: &Edit) {
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

/// `tool` (or the eraser) at the triangle under the pointer in square
/// `(x, y)` (`within` the pointer's place in the square), as part of the
/// open stroke; the Pick tool selects the shape under the pointer instead.
pub fn paint(
    level: &Level,
    (x, y): (usize, usize),
    within: [f32; 2],
    tool: Tool,
    selected: &mut usize,
    erase: bool,
) -> Vec<Command> {
    let t = tools::triangle_at(level.size, x, y, within);
    if tool == Tool::Pick && !erase {
        let picked = tools::owner_of(level, t);
        *selected = picked.unwrap_or(level.shapes.len());
        let said = match picked {
            Some(s) => format!("Picked shape {}", s + 1),
            None => "No shape there: the next paint starts a new shape".to_string(),
        };
        return vec![Command::SetTool(Tool::Paint), Command::Say(said)];
    }
    let shape = *selected;
    let name = if erase {
        format!("Erase at ({x}, {y})")
    } else if shape >= level.shapes.len() {
        format!("{} a new shape at ({x}, {y})", tool.name())
    } else {
        format!("{} shape {} at ({x}, {y})", tool.name(), shape + 1)
    };
    edited(level, selected, &name, true, |l| {
        if erase {
            tools::erase(l, t)
        } else if tool == Tool::Fill {
            tools::fill(l, t, shape)
        } else {
            tools::give(l, &[t], shape)
        }
    })
}
