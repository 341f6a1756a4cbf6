//! The bar above the editing board: the zoom in percent with its
//! buttons, and the selection with the buttons that act on it; and the
//! board's zoom and pan by wheel and keys.

use crate::gui::keys::BoardViewKey;
use egui::{Rect, Ui};

use crate::gui::app::EditorApp;
use crate::gui::commands::Command;
use crate::gui::kinds::has_cells;
use crate::gui::kinds::region::{CellRect, Transform};
use crate::gui::views::camera::{wheel_factor, Camera, ZOOM_STEP};
use crate::gui::views::canvas::BoardOutput;

impl EditorApp {
    /// The bar above the editing board, two rows of fixed height so the
    /// board never moves under the pointer: the zoom in percent of the
    /// fitted board with −, + and Fit; then the selection with the buttons
    /// that act on it (or a hint of the Select tool, or, for a kind whose
    /// messages need it, how the rulers count). What does not fit a
    /// narrow window is cut off, never widening the board's space (the
    /// same is under Edit and on keys).
    pub fn board_bar(&mut self, ui: &mut Ui) {
        fixed_row(ui, |ui| {
            let camera = self.board_tools.camera;
            let zoom = if camera.is_fit() {
                "Zoom: fit".to_string()
            } else {
                format!("Zoom {}%", camera.percent())
            };
            ui.label(zoom)
                .on_hover_text("The wheel zooms about the pointer; a middle drag pans");
            if ui.small_button("−").on_hover_text("Zoom out (-)").clicked() {
                self.zoom_board(1.0 / ZOOM_STEP);
            }
            if ui.small_button("+").on_hover_text("Zoom in (+)").clicked() {
                self.zoom_board(ZOOM_STEP);
            }
            if ui
                .add_enabled(!camera.is_fit(), egui::Button::new("Fit").small())
                .on_hover_text("The whole board in the window (0)")
                .clicked()
            {
                self.fit_board();
            }
        });
        fixed_row(ui, |ui| match self.board_tools.selection {
            Some(rect) => self.selection_buttons(ui, rect),
            None => {
                let kind = self.doc().level.kind();
                let hint = if has_cells(kind) {
                    "No selection: the Select tool (q) drags one"
                } else {
                    "Select and Line work on boards of cells (Skiddy, Prism)"
                };
                match crate::gui::kinds::ruler_caption(kind) {
                    Some((caption, detail)) => ui
                        .label(egui::RichText::new(caption).weak())
                        .on_hover_text(format!("{detail}\n{hint}")),
                    None => ui.label(egui::RichText::new(hint).weak()),
                };
            }
        });
    }

    /// The selection's size and place, and the buttons that act on it.
    /// The buttons come first: in a narrow centre the row is cut at its
    /// end, and the words can lose their end where a button could not.
    fn selection_buttons(&mut self, ui: &mut Ui, rect: CellRect) {
        if !has_cells(self.doc().level.kind()) {
            ui.label(format!("Selection {}", rect.describe()));
            return;
        }
        // Short words on the bar; what they do and their keys from the
        // command table.
        let ctx = ui.ctx().clone();
        for (text, transform) in [
            ("Flip H", Transform::FlipHorizontal),
            ("Flip V", Transform::FlipVertical),
            ("Rotate", Transform::RotateClockwise),
        ] {
            let command = Command::TransformSelection(transform);
            let hint = format!("{} ({})", transform.name(), command.keys_text(&ctx));
            if ui.small_button(text).on_hover_text(hint).clicked() {
                self.queue(command);
            }
        }
        let clear = Command::ClearSelection;
        let hint = format!("{} ({})", clear.description(), clear.keys_text(&ctx));
        if ui.small_button("Clear").on_hover_text(hint).clicked() {
            self.queue(clear);
        }
        // Escape lets go of the selection (as it leaves a replay).
        let leave = Command::ReplayControl(crate::gui::keys::ReplayKey::Close);
        if ui
            .small_button(Command::Deselect.label())
            .on_hover_text(leave.keys_text(&ctx))
            .clicked()
        {
            self.queue(Command::Deselect);
        }
        ui.label(format!("Selection {}", rect.describe()));
    }

    /// Zooms the editing board by `factor` about its centre.
    pub fn zoom_board(&mut self, factor: f32) {
        let Some(view) = self.board_tools.viewport else {
            return;
        };
        let cells = self.doc().level.size();
        self.board_tools
            .camera
            .zoom_about(view, cells, view.center(), factor);
    }

    /// Back to the whole board fitted to the window.
    pub fn fit_board(&mut self) {
        self.board_tools.camera = Camera::FIT;
    }

    /// The keys of the board's view: `0` fits, `+` (or `=`) and `-` zoom.
    /// Returns whether `ch` was one.
    pub fn board_view_key(&mut self, ch: char) -> bool {
        let Some((_, action, _)) = crate::gui::keys::BOARD_VIEW_KEYS
            .iter()
            .find(|(key, _, _)| *key == ch)
        else {
            return false;
        };
        match action {
            BoardViewKey::Fit => self.fit_board(),
            BoardViewKey::ZoomIn => self.zoom_board(ZOOM_STEP),
            BoardViewKey::ZoomOut => self.zoom_board(1.0 / ZOOM_STEP),
        }
        true
    }

    /// Zooms with the wheel over the board (about the pointer) and pans
    /// with a middle drag; keeps the geometry the next frame will use.
    pub fn zoom_and_pan(&mut self, ui: &Ui, out: &BoardOutput) {
        self.board_tools.viewport = Some(out.viewport);
        let cells = self.doc().level.size();
        let pointer = ui.input(|i| i.pointer.hover_pos());
        let over_board = pointer.filter(|p| out.viewport.contains(*p) && out.response.hovered());
        let mut moved = false;
        if let Some(p) = over_board {
            let factor = ui.input(|i| wheel_factor(&i.events));
            if factor != 1.0 {
                self.board_tools
                    .camera
                    .zoom_about(out.viewport, cells, p, factor);
                moved = true;
            }
        }
        if out.response.dragged_by(egui::PointerButton::Middle) {
            let delta = ui.input(|i| i.pointer.delta());
            if delta != egui::Vec2::ZERO {
                self.board_tools.camera.pan_by(delta);
                moved = true;
            }
        }
        if moved {
            let (w, h) = cells;
            self.board_geometry = Some(self.board_tools.camera.geometry(out.viewport, w, h));
            ui.ctx().request_repaint();
        }
    }
}

/// One row of controls across the space `ui` has, as high as a button:
/// what does not fit is cut off instead of widening `ui`.
fn fixed_row(ui: &mut Ui, add: impl FnOnce(&mut Ui)) {
    let width = ui
        .available_rect_before_wrap()
        .intersect(ui.clip_rect())
        .width()
        .max(0.0);
    let rect = Rect::from_min_size(
        ui.cursor().min,
        egui::vec2(width, ui.spacing().interact_size.y),
    );
    let mut row = ui.new_child(
        egui::UiBuilder::new()
            .max_rect(rect)
            .layout(egui::Layout::left_to_right(egui::Align::Center)),
    );
    row.set_clip_rect(rect.intersect(ui.clip_rect()));
    add(&mut row);
    ui.allocate_rect(rect, egui::Sense::hover());
}
