//! Tangram's board views.

use egui::Ui;

use crate::gui::app::EditorApp;

/// Replays.
pub fn replay(_app: &mut EditorApp, _moves: &str, _title: String) {}

/// The replay view.
pub fn replay_view(_app: &mut EditorApp, _ui: &mut Ui) {}

/// Play.
pub fn play_view(_app: &mut EditorApp, _ui: &mut Ui) {}

/// Play keys.
pub fn play_keys(_app: &mut EditorApp, _ctx: &egui::Context) {}
