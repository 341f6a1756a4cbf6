//! The menu bar, and cancelling a running analysis.

use crate::gui::app::{CentralView, EditorApp};
use crate::gui::commands::Command;
use crate::gui::files::DialogPurpose;
use crate::kinds::Kind;
use egui::{RichText, Ui};

impl EditorApp {
    pub(super) fn menu(&mut self, ui: &mut Ui) {
        ui.menu_button("File", |ui| {
            self.command_button(ui, Command::NewLevel);
            ui.menu_button("New level of kind", |ui| {
                for kind in Kind::ALL {
                    if ui.button(format!("New {} level", kind.title())).clicked() {
                        self.queue(Command::NewLevelOf(kind));
                    }
                }
            });
            self.command_button(ui, Command::Open);
            ui.menu_button("Open recent", |ui| {
                if self.prefs.recent.is_empty() {
                    ui.label("No recent files");
                }
                for path in self.prefs.recent.clone() {
                    if ui.button(path.display().to_string()).clicked() {
                        self.queue(Command::OpenFile(path));
                    }
                }
            });
            ui.separator();
            self.command_button(ui, Command::Save);
            self.command_button(ui, Command::SaveAs);
            self.command_button(ui, Command::DuplicateLevel);
            self.command_button(ui, Command::CloseLevel);
            ui.separator();
            self.command_button(ui, Command::NewPack);
            self.command_button(ui, Command::SavePack);
            self.command_button(ui, Command::SavePackAs);
            self.command_button(ui, Command::ClosePack);
            self.command_button(ui, Command::OrderPackByEffort);
            let has_pack = self.pack.is_some();
            if ui
                .add_enabled(has_pack, egui::Button::new("Export pack as ASCII files…"))
                .clicked()
            {
                self.queue(Command::ShowDialog(DialogPurpose::ExportAscii));
            }
            if ui
                .add_enabled(has_pack, egui::Button::new("Export contact sheet (PNG)…"))
                .clicked()
            {
                self.queue(Command::ShowDialog(DialogPurpose::ExportSheet));
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
            self.command_button(ui, Command::Undo);
            self.command_button(ui, Command::Redo);
            if self.pack.is_some() {
                self.command_button(ui, Command::UndoPack);
                self.command_button(ui, Command::RedoPack);
            }
            ui.menu_button("History", |ui| {
                let (undo, redo) = names(&self.doc().history);
                ui.label(RichText::new("This level").strong());
                if let Some(done) = history_steps(ui, &undo, &redo, "", "Before the first edit") {
                    self.queue(Command::GoToHistory(done));
                }
                if let Some(open) = &self.pack {
                    let (undo, redo) = names(&open.history);
                    ui.separator();
                    ui.label(RichText::new("The pack").strong());
                    if let Some(done) =
                        history_steps(ui, &undo, &redo, "Pack ", "Before the first pack edit")
                    {
                        self.queue(Command::GoToPackHistory(done));
                    }
                }
            });
            ui.separator();
            // Ctrl+C copies the level when nothing is selected.
            let copy = ui.ctx().format_shortcut(&Command::Copy.keys()[0]);
            if ui
                .add(egui::Button::new(Command::CopyLevel.label()).shortcut_text(copy))
                .on_hover_text(Command::CopyLevel.description())
                .clicked()
            {
                self.queue(Command::CopyLevel);
            }
            let paste = Command::Paste(String::new());
            let paste_key = ui.ctx().format_shortcut(&paste.keys()[0]);
            ui.label(RichText::new(format!("{} a level: {paste_key}", paste.label())).weak());
            ui.separator();
            self.selection_menu(ui);
        });
        ui.menu_button("View", |ui| {
            for view in CentralView::ALL {
                let mut button = egui::Button::selectable(self.view == view, view.title());
                if let Some(key) = Command::View(view).keys().first() {
                    button = button.shortcut_text(ui.ctx().format_shortcut(key));
                }
                if ui
                    .add_enabled(self.can_run(&Command::View(view)), button)
                    .on_hover_text(Command::View(view).description())
                    .clicked()
                {
                    self.queue(Command::View(view));
                }
            }
            ui.separator();
            let focus = crate::gui::layout::fold_and_focus::SidePanel::ALL
                .iter()
                .all(|&p| self.prefs.folded.get(p));
            let button = egui::Button::selectable(focus, Command::FocusLayout.label())
                .shortcut_text(ui.ctx().format_shortcut(&Command::FocusLayout.keys()[0]));
            if ui
                .add(button)
                .on_hover_text(Command::FocusLayout.description())
                .clicked()
            {
                self.queue(Command::FocusLayout);
            }
            ui.checkbox(&mut self.prefs.show_pack, "Pack panel");
            ui.checkbox(&mut self.prefs.show_tools, "Tool panel");
            ui.checkbox(&mut self.prefs.show_analysis, "Analysis panel");
            ui.checkbox(&mut self.prefs.side_by_side, "Trap positions side by side");
        });
        ui.menu_button("Level", |ui| {
            if ui.button(Command::AddToPack.label()).clicked() {
                self.queue(Command::AddToPack);
            }
            if ui.button(Command::OpenGenerate.label()).clicked() {
                self.queue(Command::OpenGenerate);
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
                        .range(crate::gui::worker::STATE_BUDGET_RANGE)
                        .speed(10_000.0),
                )
                .labelled_by(label.id)
                .on_hover_text("Click to type a number, or drag");
                let positions = crate::kinds::Kind::titles_counting(crate::kinds::SearchUnit::Positions);
                let label = ui.label(format!("Position budget ({positions})"));
                ui.add(
                    egui::DragValue::new(&mut self.prefs.max_positions)
                        .range(crate::gui::worker::POSITION_BUDGET_RANGE)
                        .speed(100_000.0),
                )
                .labelled_by(label.id)
                .on_hover_text(format!(
                    "A {positions} analysis explores positions (a box set and the player's area, each standing for many states) and stops after this many"
                ));
                for command in [Command::AnalyseAgain, Command::CancelAnalysis] {
                    if self.command_button(ui, command) {
                        ui.close();
                    }
                }
                ui.separator();
                if self.command_button(ui, Command::Pin) {
                    ui.close();
                }
                let choices = self.reference_choices();
                ui.add_enabled_ui(!choices.is_empty(), |ui| {
                    ui.menu_button("Compare with", |ui| {
                        for (source, level) in choices {
                            let words = crate::words::capitalised(&source.words());
                            if ui.button(words).clicked() {
                                self.queue(Command::CompareWith {
                                    source,
                                    level: Box::new(level),
                                });
                                ui.close();
                            }
                        }
                    })
                    .response
                    .on_disabled_hover_text(
                        "No other version yet: save the level, edit it, open another tab of its kind, or pin it (F7)",
                    );
                });
                for command in [Command::ToggleReference, Command::StopComparing] {
                    if self.command_button(ui, command) {
                        ui.close();
                    }
                }
            });
        ui.menu_button("Help", |ui| {
            self.command_button(ui, Command::KeyboardShortcuts);
        });
    }

    /// Help ▸ Keyboard shortcuts, while it is open.
    pub(super) fn shortcuts_window(&mut self, ctx: &egui::Context) {
        let kind = self.doc().level.kind();
        egui::Window::new("Keyboard shortcuts")
            .open(&mut self.show_shortcuts)
            .default_size([520.0, 560.0])
            .vscroll(true)
            .show(ctx, |ui| {
                crate::gui::shortcuts_window::show_shortcuts(ui, kind)
            });
    }

    pub(crate) fn cancel_analysis(&mut self) {
        self.worker.cancel();
        let again = Command::AnalyseAgain
            .keys()
            .first()
            .map(|key| {
                format!(
                    "press {} (Analysis > Analyse again)",
                    self.ctx.format_shortcut(key)
                )
            })
            .unwrap_or_else(|| "choose Analysis > Analyse again".to_string());
        self.analysis.result = Some(Err(crate::kinds::AnalysisError::Cancelled(format!(
            "Cancelled: edit the level, or {again}"
        ))));
        self.analysis.cancelled = true;
    }
}

/// A history's undoable and redoable step names, owned.
fn names<T: crate::gui::undo_stack::Undoable>(
    history: &crate::gui::undo_stack::History<T>,
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
