//! What the Select and Line tools do on the editing board: a drag selects a
//! rectangle or draws a line (previewed while dragging, one undo step when
//! let go); the selection is copied, cut, pasted, cleared, flipped and
//! rotated, each edit one undo step named after what it did and where.

use egui::{Color32, Pos2, Stroke, StrokeKind, Ui};

use super::app::EditorApp;
use super::board_state::{Clipboard, Drag};
use super::commands::Command;
use super::kinds::region::{line_cells, CellRect, Placed, Transform};
use super::kinds::tool::Tool;
use super::kinds::{self, has_cells};
use super::views::board::BoardGeometry;
use super::views::canvas::BoardOutput;

/// The selection's colour.
const SELECTION: Color32 = Color32::from_rgb(30, 120, 255);

/// The cell nearest `pos`: the cell under it, or the board's edge cell
/// when the pointer has left the board during a drag.
fn nearest_cell(geometry: &BoardGeometry, pos: Pos2) -> (usize, usize) {
    let local = (pos - geometry.origin) / geometry.cell;
    let clamp = |v: f32, n: usize| (v.max(0.0) as usize).min(n.saturating_sub(1));
    (
        clamp(local.x, geometry.width),
        clamp(local.y, geometry.height),
    )
}

impl EditorApp {
    /// Feeds this frame's pointer events to the Select or Line tool, in
    /// the order they came (a quick click is a press and a release in one
    /// frame).
    pub fn drag_tool(&mut self, ui: &Ui, out: &BoardOutput) {
        if !has_cells(self.doc().level.kind()) {
            return;
        }
        let geometry = out.geometry;
        let events = ui.input(|i| i.events.clone());
        for event in events {
            match event {
                egui::Event::PointerButton {
                    pos,
                    button: button @ (egui::PointerButton::Primary | egui::PointerButton::Secondary),
                    pressed,
                    ..
                } => {
                    let secondary = button == egui::PointerButton::Secondary;
                    if pressed {
                        let on_board = ui.ctx().layer_id_at(pos) == Some(ui.layer_id())
                            && out.viewport.contains(pos);
                        if let (true, Some(cell)) = (on_board, geometry.cell_at(pos)) {
                            self.board_tools.drag = Some(Drag {
                                from: cell,
                                to: cell,
                                erase: secondary,
                            });
                            self.drag_moved();
                        }
                    } else if let Some(mut drag) = self.board_tools.drag.take() {
                        drag.to = nearest_cell(&geometry, pos);
                        self.board_tools.drag = Some(drag);
                        self.drag_moved();
                        self.board_tools.drag = None;
                        self.drag_done(drag);
                    }
                }
                egui::Event::PointerMoved(pos) => {
                    if let Some(drag) = &mut self.board_tools.drag {
                        drag.to = nearest_cell(&geometry, pos);
                        self.drag_moved();
                    }
                }
                _ => {}
            }
        }
    }

    /// Follows the drag: the Select tool's rectangle grows with it.
    fn drag_moved(&mut self) {
        if let (Tool::Select, Some(drag)) = (self.prefs.tool, self.board_tools.drag) {
            self.board_tools.selection =
                (!drag.erase).then(|| CellRect::spanning(drag.from, drag.to));
        }
    }

    /// Ends a drag: the selection stays; the line is drawn.
    fn drag_done(&mut self, drag: Drag) {
        if self.prefs.tool == Tool::Line {
            let level = self.doc().level.clone();
            let commands = self.kinds.line(&level, drag.from, drag.to, drag.erase);
            self.queue_all(commands);
        }
    }

    /// Draws the selection (a frame with a light fill), the line being
    /// dragged and what the kind selected (a frame: Rush Hour's vehicle)
    /// over the board.
    pub fn board_overlays(&mut self, ui: &Ui, out: &BoardOutput) {
        let level = self.doc().level.clone();
        let kind_selected = self.kinds.selected_cells(&level);
        let painter = ui.painter_at(out.viewport);
        let geometry = &out.geometry;
        if let Some(rect) = kind_selected.filter(|r| r.fits(geometry.width, geometry.height)) {
            let min = geometry.cell_rect(rect.x, rect.y).min;
            let max = geometry
                .cell_rect(rect.x + rect.width - 1, rect.y + rect.height - 1)
                .max;
            let r = egui::Rect::from_min_max(min, max).shrink(geometry.cell * 0.03);
            painter.rect_stroke(r, 6.0, Stroke::new(5.0, Color32::WHITE), StrokeKind::Inside);
            painter.rect_stroke(r, 6.0, Stroke::new(3.0, SELECTION), StrokeKind::Inside);
        }
        if let (Tool::Line, Some(drag)) = (self.prefs.tool, self.board_tools.drag) {
            let colour = if drag.erase {
                Color32::from_rgba_unmultiplied(220, 40, 40, 90)
            } else {
                Color32::from_rgba_unmultiplied(30, 120, 255, 90)
            };
            for (x, y) in line_cells(drag.from, drag.to) {
                let r = geometry.cell_rect(x, y).shrink(geometry.cell * 0.12);
                painter.rect_filled(r, 3.0, colour);
            }
        }
        if let Some(rect) = self.board_tools.selection {
            let min = geometry.cell_rect(rect.x, rect.y).min;
            let max = geometry
                .cell_rect(rect.x + rect.width - 1, rect.y + rect.height - 1)
                .max;
            let r = egui::Rect::from_min_max(min, max);
            painter.rect_filled(r, 0.0, Color32::from_rgba_unmultiplied(30, 120, 255, 40));
            painter.rect_stroke(r, 0.0, Stroke::new(3.0, Color32::WHITE), StrokeKind::Inside);
            painter.rect_stroke(r, 0.0, Stroke::new(2.0, SELECTION), StrokeKind::Inside);
        }
    }

    /// The selection, if it is of the active document and fits its board.
    pub fn selection(&mut self) -> Option<CellRect> {
        let (doc, size) = (self.doc().id, self.doc().level.size());
        self.board_tools.follow(doc, size);
        self.board_tools.selection
    }

    /// Ctrl+C: copies the selection if there is one, else the whole level
    /// as text.
    pub fn copy_selection_or_level(&mut self) {
        if !self.copy_selection() {
            self.copy_level();
        }
    }

    /// Ctrl+V: pastes the copied region if `text` is its text, else opens
    /// `text` as a level.
    pub fn paste_region_or_level(&mut self, text: &str) {
        if !self.paste_region(text) {
            self.paste_level(text);
        }
    }

    /// Copies the selected cells (and puts their text on the system
    /// clipboard); returns whether there was a selection to copy.
    pub fn copy_selection(&mut self) -> bool {
        let Some(rect) = self.selection() else {
            return false;
        };
        let Some((copied, text)) = kinds::copy_region(&self.doc().level, rect) else {
            return false;
        };
        self.ctx.copy_text(text.clone());
        self.board_tools.clipboard = Some(Clipboard {
            copied,
            text,
            from: rect,
        });
        self.say(format!("Copied {}", rect.describe()));
        true
    }

    /// Copies the selected cells, then clears them, as one undo step;
    /// returns whether there was a selection to cut.
    pub fn cut_selection(&mut self) -> bool {
        let Some(rect) = self.selection() else {
            return false;
        };
        if !self.copy_selection() {
            return false;
        }
        let name = format!("{} {}", Command::Cut.label(), rect.describe());
        if self.doc_mut().edit(&name, |l| kinds::clear_region(l, rect)) {
            self.level_changed();
        }
        self.say(name);
        true
    }

    /// Clears the selected cells to floor (walls on Skiddy's border) as
    /// one undo step.
    pub fn clear_selection(&mut self) {
        let Some(rect) = self.selection() else {
            return;
        };
        let name = format!("Clear {}", rect.describe());
        if self.doc_mut().edit(&name, |l| kinds::clear_region(l, rect)) {
            self.level_changed();
        }
    }

    /// Pastes the copied region if `text` is its text: at the cell under
    /// the pointer, else at the selection's top-left, else where it was
    /// copied from; the pasted cells become the selection. Returns whether
    /// `text` was the region's (else it is a level to open).
    pub fn paste_region(&mut self, text: &str) -> bool {
        let Some(clipboard) = self.board_tools.clipboard.clone() else {
            return false;
        };
        if clipboard.text != text {
            return false;
        }
        let hovered = self.ctx.pointer_hover_pos().and_then(|p| {
            let view = self.board_tools.viewport?;
            let geometry = self.board_geometry?;
            view.contains(p).then(|| geometry.cell_at(p)).flatten()
        });
        let at = hovered
            .or(self.selection().map(|s| (s.x, s.y)))
            .unwrap_or((clipboard.from.x, clipboard.from.y));
        let (w, h) = self.doc().level.size();
        if at.0 >= w || at.1 >= h {
            self.warn("the copied region's place is off this board: point at a cell and paste");
            return true;
        }
        let mut placed: Option<Placed> = None;
        let name = format!(
            "{} {}x{} at ({}, {})",
            Command::Paste(String::new()).label(),
            clipboard.from.width,
            clipboard.from.height,
            at.0,
            at.1
        );
        let changed = self.doc_mut().edit(&name, |l| {
            placed = kinds::paste_region(l, &clipboard.copied, at);
        });
        match placed {
            Some(placed) => {
                if changed {
                    self.level_changed();
                }
                self.board_tools.selection = Some(placed.rect);
                self.report(&name, &placed.notes);
            }
            None => self.warn("the copied region is from a level of another kind"),
        }
        true
    }

    /// Flips or rotates the selected cells in place as one undo step; the
    /// selection follows the turned cells.
    pub fn transform_selection(&mut self, transform: Transform) {
        let Some(rect) = self.selection() else {
            return;
        };
        let mut result = Err(kinds::region::TurnError::NoCells(None));
        let changed = self.doc_mut().edit(transform.name(), |l| {
            result = kinds::transform_region(l, rect, transform);
        });
        match result {
            Ok(placed) => {
                if changed {
                    self.level_changed();
                }
                self.board_tools.selection = Some(placed.rect);
                self.report(transform.name(), &placed.notes);
            }
            Err(why) => self.warn(why.to_string()),
        }
    }

    /// The selection's entries of the Edit menu, from the command table,
    /// greyed out without a selection (or a region to paste).
    pub fn selection_menu(&mut self, ui: &mut Ui) {
        let cells = has_cells(self.doc().level.kind());
        let selected = cells && self.selection().is_some();
        let copied = self.board_tools.clipboard.as_ref().map(|c| c.text.clone());
        let pastable = cells && copied.is_some();
        let entries = [
            (Command::Copy, selected),
            (Command::Cut, selected),
            (Command::Paste(copied.unwrap_or_default()), pastable),
            (Command::ClearSelection, selected),
            (
                Command::TransformSelection(Transform::FlipHorizontal),
                selected,
            ),
            (
                Command::TransformSelection(Transform::FlipVertical),
                selected,
            ),
            (
                Command::TransformSelection(Transform::RotateClockwise),
                selected,
            ),
        ];
        for (command, enabled) in entries {
            let mut button = egui::Button::new(command.label());
            if let Some(key) = command.keys().first() {
                button = button.shortcut_text(ui.ctx().format_shortcut(key));
            }
            if ui
                .add_enabled(enabled, button)
                .on_hover_text(command.description())
                .on_disabled_hover_text("Drag a rectangle with the Select tool (q) first")
                .clicked()
            {
                self.queue(command);
            }
        }
    }

    /// Says that `what` was done, with what the rules kept out as a
    /// warning.
    fn report(&mut self, what: &str, notes: &[String]) {
        if notes.is_empty() {
            self.say(what);
        } else {
            self.warn(format!("{what}; kept the rules: {}", notes.join("; ")));
        }
    }

    /// The letters of a selection made with the Select tool, as the
    /// command table binds them (`h` and `v` flip, `r` rotates), in either
    /// case: queues the command of `ch` and returns whether it was one
    /// (Prism's tiles of those letters wait until the selection is let go).
    pub fn selection_key(&mut self, ch: char) -> bool {
        if self.prefs.tool != Tool::Select || self.selection().is_none() {
            return false;
        }
        let letter = ch.to_ascii_uppercase().to_string();
        let Some(command) = Command::ALL.into_iter().find(|c| {
            matches!(c, Command::TransformSelection(_))
                && c.keys().iter().any(|k| k.logical_key.name() == letter)
        }) else {
            return false;
        };
        self.queue(command);
        true
    }
}
