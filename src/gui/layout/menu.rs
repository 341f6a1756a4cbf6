//! The menu bar, and cancelling a running analysis.

use crate::gui::app::{CentralView, EditorApp};
use crate::gui::files::DialogPurpose;
use crate::kinds::Kind;
use egui::{RichText, Ui};

impl EditorApp {
    pub(super) fn menu(&mut self, ui: &mut Ui) {
        ui.menu_button("File", |ui| {
            if ui.button("New level\tCtrl+N").clicked() {
                self.new_level();
            }
            ui.menu_button("New level of kind", |ui| {
                for kind in Kind::ALL {
                    if ui.button(format!("New {} level", kind.title())).clicked() {
                        self.new_level_of(kind);
                    }
                }
            });
            if ui.button("Open…\tCtrl+O").clicked() {
                self.show_dialog(DialogPurpose::Open);
            }
            ui.menu_button("Open recent", |ui| {
                if self.prefs.recent.is_empty() {
                    ui.label("No recent files");
                }
                for path in self.prefs.recent.clone() {
                    if ui.button(path.display().to_string()).clicked() {
                        self.open_path(&path);
                    }
                }
            });
            ui.separator();
            if ui.button("Save\tCtrl+S").clicked() {
                self.save();
            }
            if ui.button("Save as…\tCtrl+Shift+S").clicked() {
                self.show_dialog(DialogPurpose::SaveLevelAs);
            }
            if ui.button("Duplicate level\tCtrl+D").clicked() {
                self.duplicate_level();
            }
            if ui.button("Close level").clicked() {
                self.request_close_document(self.active);
            }
            ui.separator();
            let has_pack = self.pack.is_some();
            if ui
                .add_enabled(has_pack, egui::Button::new("Save pack"))
                .clicked()
            {
                self.save_pack();
            }
            if ui
                .add_enabled(has_pack, egui::Button::new("Save pack as…"))
                .clicked()
            {
                self.show_dialog(DialogPurpose::SavePackAs);
            }
            if ui
                .add_enabled(has_pack, egui::Button::new("Export pack as ASCII files…"))
                .clicked()
            {
                self.show_dialog(DialogPurpose::ExportAscii);
            }
            if ui
                .add_enabled(has_pack, egui::Button::new("Export contact sheet (PNG)…"))
                .clicked()
            {
                self.show_dialog(DialogPurpose::ExportSheet);
            }
            ui.separator();
            let hint = if self.dialogs.native_failed() {
                "The system's file dialog could not open in this session, so levelscope's own is used"
            } else {
                "Off: levelscope's own file dialog, drawn in this window"
            };
            ui.checkbox(
                &mut self.prefs.system_file_dialog,
                "Use the system's file dialog",
            )
            .on_hover_text(hint);
            ui.separator();
            if ui.button("Quit").clicked() {
                ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
            }
        });
        ui.menu_button("Edit", |ui| {
            let undo_name = self.next_undo_name();
            let redo_name = self.next_redo_name();
            let undo = match &undo_name {
                Some(name) => format!("Undo {name}\tCtrl+Z"),
                None => "Undo\tCtrl+Z".to_string(),
            };
            if ui
                .add_enabled(undo_name.is_some(), egui::Button::new(undo))
                .clicked()
            {
                self.undo();
            }
            let redo = match &redo_name {
                Some(name) => format!("Redo {name}\tCtrl+Shift+Z"),
                None => "Redo\tCtrl+Shift+Z".to_string(),
            };
            if ui
                .add_enabled(redo_name.is_some(), egui::Button::new(redo))
                .clicked()
            {
                self.redo();
            }
            ui.menu_button("History", |ui| {
                let (undo, redo) = names(&self.doc().history);
                ui.label(RichText::new("This level").strong());
                if let Some(done) = history_steps(ui, &undo, &redo, "", "Before the first edit") {
                    self.go_to_history(done);
                }
                if let Some(open) = &self.pack {
                    let (undo, redo) = names(&open.history);
                    ui.separator();
                    ui.label(RichText::new("The pack").strong());
                    if let Some(done) =
                        history_steps(ui, &undo, &redo, "Pack ", "Before the first pack edit")
                    {
                        self.go_to_pack_history(done);
                    }
                }
            });
            ui.separator();
            if ui.button("Copy level as ASCII\tCtrl+C").clicked() {
                self.copy_level();
            }
            ui.label(RichText::new("Paste a level: Ctrl+V").weak());
            ui.separator();
            self.selection_menu(ui);
        });
        ui.menu_button("View", |ui| {
            for (view, name) in [
                (CentralView::Edit, "Edit"),
                (CentralView::Play, "Play"),
                (CentralView::Graph, "State graph"),
                (CentralView::Rooms, "Rooms"),
            ] {
                ui.radio_value(&mut self.view, view, name);
            }
            ui.separator();
            ui.checkbox(&mut self.prefs.show_pack, "Pack panel");
            ui.checkbox(&mut self.prefs.show_tools, "Tool panel");
            ui.checkbox(&mut self.prefs.show_analysis, "Analysis panel");
            ui.checkbox(&mut self.prefs.side_by_side, "Trap positions side by side");
        });
        ui.menu_button("Level", |ui| {
            if ui.button("Add to pack").clicked() {
                self.add_to_pack();
            }
            if ui.button("Generate…").clicked() {
                self.generate_open = true;
            }
        });
        // The budget is typed or dragged: a click on it must not close the
        // menu, so this menu closes only on a click outside it (or a
        // command inside).
        let stay_open = egui::containers::menu::MenuConfig::new()
            .close_behavior(egui::PopupCloseBehavior::CloseOnClickOutside);
        egui::containers::menu::MenuButton::new("Analysis")
            .config(stay_open)
            .ui(ui, |ui| {
                let label = ui.label("State budget (every analysis)");
                ui.add(
                    egui::DragValue::new(&mut self.prefs.max_states)
                        .range(crate::gui::app::STATE_BUDGET_RANGE)
                        .speed(10_000.0),
                )
                .labelled_by(label.id)
                .on_hover_text("Click to type a number, or drag");
                if ui.button("Analyse again").clicked() {
                    self.analysis.level = None;
                    ui.close();
                }
                if ui
                    .add_enabled(
                        self.worker.is_running(),
                        egui::Button::new("Cancel analysis"),
                    )
                    .clicked()
                {
                    self.cancel_analysis();
                    ui.close();
                }
            });
    }

    pub(super) fn cancel_analysis(&mut self) {
        self.worker.cancel();
        self.analysis.result = Some(Err(
            "cancelled; edit the level or choose Analysis > Analyse again".into(),
        ));
    }
}

/// A history's undoable and redoable step names, owned.
fn names<T: Clone + PartialEq>(
    history: &crate::gui::history::History<T>,
) -> (Vec<String>, Vec<String>) {
    (
        history.undo_names().iter().map(|s| s.to_string()).collect(),
        history.redo_names().iter().map(|s| s.to_string()).collect(),
    )
}

/// One history's steps in Edit ▸ History, newest first: the undone steps
/// (greyed), then the applied ones, then the state before the first;
/// `prefix` starts every line. Returns how many steps to have applied
/// when the designer clicked one.
fn history_steps(
    ui: &mut egui::Ui,
    undo: &[String],
    redo: &[String],
    prefix: &str,
    first: &str,
) -> Option<usize> {
    if undo.is_empty() && redo.is_empty() {
        ui.weak("No edits yet");
        return None;
    }
    let mut go_to = None;
    for (i, name) in redo.iter().enumerate().rev() {
        let text = RichText::new(format!("{prefix}{}. {name} (undone)", undo.len() + i + 1)).weak();
        if ui
            .button(text)
            .on_hover_text("Redo up to this step")
            .clicked()
        {
            go_to = Some(undo.len() + i + 1);
        }
    }
    for (i, name) in undo.iter().enumerate().rev() {
        let current = i + 1 == undo.len();
        let text = format!("{prefix}{}. {name}", i + 1);
        if ui
            .add(egui::Button::selectable(current, text))
            .on_hover_text("Go back to just after this step")
            .clicked()
        {
            go_to = Some(i + 1);
        }
    }
    if ui
        .add(egui::Button::selectable(
            undo.is_empty(),
            format!("{prefix}0. {first}"),
        ))
        .clicked()
    {
        go_to = Some(0);
    }
    go_to
}
