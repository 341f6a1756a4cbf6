//! The left side: the pack panel with levels taken from the generator, and
//! the tool panel with the kind's palette.

use crate::gui::app::{CentralView, EditorApp};
use crate::gui::kinds;
use crate::gui::views::board::{mark, FAIL, PASS};
use egui::{RichText, Ui};

impl EditorApp {
    pub(super) fn pack_side(&mut self, ui: &mut Ui) {
        let current = match self.doc().origin {
            crate::gui::document::Origin::PackEntry(i) => Some(i),
            _ => None,
        };
        let Some(open) = self.pack.as_mut() else {
            return;
        };
        ui.horizontal(|ui| {
            ui.heading(&open.pack.name);
            if open.dirty {
                ui.label(RichText::new("unsaved").italics());
            }
        });
        let actions = self.pack_panel.show(ui, &mut open.pack, current);
        for action in actions {
            match action {
                crate::gui::views::pack_panel::PackAction::Open(i) => {
                    self.view = CentralView::Edit;
                    self.open_pack_entry(i);
                }
                crate::gui::views::pack_panel::PackAction::AddCurrent => self.add_to_pack(),
                crate::gui::views::pack_panel::PackAction::Edited => {
                    if let Some(open) = self.pack.as_mut() {
                        open.dirty = true;
                    }
                }
                crate::gui::views::pack_panel::PackAction::Renumbered(map) => {
                    self.pack_renumbered(&map)
                }
            }
        }
    }

    pub(super) fn take_generated(
        &mut self,
        generated: crate::gui::generate_dialog::GeneratedLevels,
    ) {
        let count = generated.levels.len();
        match generated.destination {
            crate::gui::generate_dialog::Destination::NewDocuments => {
                for level in generated.levels {
                    self.add_document(crate::gui::document::Document::new(level));
                }
                self.view = CentralView::Edit;
                self.say(format!("Opened {count} generated levels"));
            }
            crate::gui::generate_dialog::Destination::CurrentPack => {
                let open = self.pack.get_or_insert_with(|| crate::gui::app::OpenPack {
                    pack: crate::pack::Pack {
                        name: "Generated levels".into(),
                        levels: Vec::new(),
                    },
                    path: None,
                    dirty: true,
                });
                for (level, summary) in generated.levels.into_iter().zip(
                    generated
                        .summaries
                        .into_iter()
                        .map(Some)
                        .chain(std::iter::repeat(None)),
                ) {
                    let mut entry = crate::pack::PackEntry::new(level);
                    entry.summary = summary;
                    open.pack.levels.push(entry);
                }
                open.dirty = true;
                self.prefs.show_pack = true;
                self.say(format!("Added {count} generated levels to the pack"));
            }
        }
    }

    pub(super) fn tool_panel(&mut self, ui: &mut Ui) {
        ui.horizontal(|ui| {
            if ui
                .add_enabled(self.doc().history.can_undo(), egui::Button::new("Undo"))
                .on_hover_text("Ctrl+Z")
                .clicked()
            {
                self.undo();
            }
            if ui
                .add_enabled(self.doc().history.can_redo(), egui::Button::new("Redo"))
                .on_hover_text("Ctrl+Shift+Z or Ctrl+Y")
                .clicked()
            {
                self.redo();
            }
        });
        ui.separator();
        kinds::palette(self, ui);
        ui.separator();
        ui.strong("Level");
        let mut name = self.doc().level.name().to_string();
        ui.horizontal(|ui| {
            let label = ui.label("Name");
            if ui
                .text_edit_singleline(&mut name)
                .labelled_by(label.id)
                .changed()
            {
                self.doc_mut().edit("Rename", |l| l.set_name(name.clone()));
            }
        });
        let (mut w, mut h) = self.doc().level.size();
        let sides = kinds::side_range(self.doc().level.kind());
        ui.horizontal(|ui| {
            if self.doc().level.kind() == crate::kinds::Kind::Tangram {
                // A Tangram board is square: one side.
                let label = ui.label("Side");
                ui.add(egui::DragValue::new(&mut w).range(sides))
                    .labelled_by(label.id);
                h = w;
            } else {
                let label = ui.label("Width");
                ui.add(egui::DragValue::new(&mut w).range(sides.clone()))
                    .labelled_by(label.id);
                let label = ui.label("Height");
                ui.add(egui::DragValue::new(&mut h).range(sides))
                    .labelled_by(label.id);
            }
        });
        if (w, h) != self.doc().level.size() {
            self.resize(w, h);
        }
        ui.horizontal(|ui| {
            if ui.button("New").clicked() {
                self.new_level();
            }
            if ui.button("Duplicate").clicked() {
                self.duplicate_level();
            }
            if ui.button("Add to pack").clicked() {
                self.add_to_pack();
            }
        });
        ui.separator();
        let problems = self.doc().level.problems();
        if problems.is_empty() {
            ui.horizontal(|ui| {
                mark(ui, Some(true));
                ui.label(RichText::new("No problems").color(PASS));
            });
        } else {
            ui.strong(format!("Problems ({})", problems.len()));
            for p in problems {
                ui.horizontal_wrapped(|ui| {
                    mark(ui, Some(false));
                    ui.label(RichText::new(p.to_string()).color(FAIL));
                });
            }
        }
    }
}
