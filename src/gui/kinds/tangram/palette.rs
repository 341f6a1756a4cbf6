//! Tangram's palette.

use egui::Ui;

use crate::gui::app::EditorApp;

/// The palette.
pub fn show(_app: &mut EditorApp, _ui: &mut Ui) {}

/// Paints at `(x, y)`.
pub fn paint_at(_app: &mut EditorApp, _x: usize, _y: usize, _within: [f32; 2], _erase: bool) {}
