//! The modal that asks before a change would lose unsaved work.

use crate::gui::app::{Confirm, EditorApp};

impl EditorApp {
    pub(super) fn confirm_modal(&mut self, ctx: &egui::Context) {
        let Some(confirm) = self.confirm.clone() else {
            return;
        };
        let question = match &confirm {
            Confirm::Quit => "There are unsaved changes. Quit anyway?".to_string(),
            Confirm::CloseDocument(i) => format!(
                "\"{}\" has unsaved changes. Close it?",
                self.docs[*i].title()
            ),
            Confirm::ReplacePack(_) => {
                "The open pack has unsaved changes. Open the other pack instead?".to_string()
            }
        };
        let mut answer = None;
        egui::Modal::new(egui::Id::unique("levelscope confirm")).show(ctx, |ui| {
            ui.set_width(360.0);
            ui.heading("Unsaved changes");
            ui.label(question);
            if matches!(confirm, Confirm::Quit) {
                for doc in self.docs.iter().filter(|d| d.is_worth_saving()) {
                    ui.label(format!("• {}", doc.title()));
                }
                if self.pack.as_ref().is_some_and(|p| p.dirty) {
                    ui.label("• the pack");
                }
            }
            ui.horizontal(|ui| {
                if ui.button("Save").clicked() {
                    answer = Some(1);
                }
                if ui.button("Discard").clicked() {
                    answer = Some(2);
                }
                if ui.button("Cancel").clicked() {
                    answer = Some(0);
                }
            });
        });
        let Some(answer) = answer else { return };
        self.confirm = None;
        match (confirm, answer) {
            (_, 0) => {}
            (Confirm::Quit, 1) => {
                if self.save_all() {
                    self.quitting = true;
                    ctx.send_viewport_cmd(egui::ViewportCommand::Close);
                } else {
                    self.warn("Some levels have no file yet: save them with Save as…, then quit");
                }
            }
            (Confirm::Quit, _) => {
                self.quitting = true;
                ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            }
            (Confirm::CloseDocument(i), 1) => {
                self.activate(i);
                self.save();
                if !self.docs[self.active].is_dirty() {
                    self.close_document(self.active);
                }
            }
            (Confirm::CloseDocument(i), _) => self.close_document(i),
            (Confirm::ReplacePack(open), 1) => {
                self.save_pack();
                if !self.pack.as_ref().is_some_and(|p| p.dirty) {
                    self.replace_pack(*open);
                }
            }
            (Confirm::ReplacePack(open), _) => self.replace_pack(*open),
        }
    }
}
