//! Tangram's report card.

use egui::Ui;

use crate::gui::app::EditorApp;
use crate::kinds::tangram::Analysis;

/// The report card.
pub fn report_card(_app: &mut EditorApp, ui: &mut Ui, analysis: &Analysis) {
    ui.label(&analysis.verdict);
}
