//! The modal that asks before a change would lose unsaved work.

use crate::gui::app::{AfterSave, Confirm, ConfirmAnswer, EditorApp, PackReplacement};
use crate::gui::commands::Command;
use crate::gui::document::Origin;

impl EditorApp {
    pub(super) fn confirm_modal(&mut self, ctx: &egui::Context) {
        let Some(confirm) = self.confirm.clone() else {
            return;
        };
        let question = match &confirm {
            Confirm::Quit => "There are unsaved changes. Quit anyway?".to_string(),
            Confirm::CloseDocument(i) => format!(
                "\"{}\" has unsaved changes. Close it?",
                self.document_name(*i)
            ),
            Confirm::ReplacePack(PackReplacement::Open(..)) => {
                "The open pack has unsaved changes. Open the other pack instead?".to_string()
            }
            Confirm::ReplacePack(PackReplacement::New) => {
                "The open pack has unsaved changes. Start a new pack instead?".to_string()
            }
            Confirm::ReplacePack(PackReplacement::Close) => {
                "The open pack has unsaved changes. Close it?".to_string()
            }
            Confirm::AddCopy { entry } => {
                let words = self.pack.as_ref().and_then(|open| {
                    let level = &open.pack.levels.get(*entry)?.level;
                    Some(crate::gui::open_pack::level_words(level, *entry))
                });
                format!(
                    "This level is already in the pack: it is level {}. Add a copy of it as a \
                     new level?",
                    words.unwrap_or_else(|| (entry + 1).to_string())
                )
            }
            Confirm::CollectionDrops { format, drops } => format!(
                "{} is a{} {format} collection, and {format} has no place for: {}. Save it as a \
                 levelscope pack (a new .json file, which keeps everything), or save the \
                 {format} file without them?",
                self.pack
                    .as_ref()
                    .and_then(|open| open.path.as_deref()?.file_name())
                    .map_or_else(|| "The pack".to_string(), |n| n.to_string_lossy().into_owned()),
                if format.starts_with(['a', 'e', 'i', 'o', 'u', 'x']) { "n" } else { "" },
                drops.join("; ")
            ),
            Confirm::TextDrops { path, drops } => format!(
                "{} is a text file, and the {} text format has no place for {}. Save it without {}, or as JSON, which keeps everything?",
                path.file_name().map_or_else(String::new, |n| n.to_string_lossy().into_owned()),
                self.doc().level.kind().title(),
                drops.join(" or "),
                if drops.len() == 1 { "it" } else { "them" }
            ),
        };
        let (heading, save, discard) = match &confirm {
            Confirm::AddCopy { .. } => ("Already in the pack", "Add a copy", ""),
            Confirm::CollectionDrops { .. } => (
                "The collection cannot hold everything",
                "Save as a levelscope pack…",
                "Leave them out",
            ),
            Confirm::TextDrops { drops, .. } => (
                "The file cannot hold everything",
                if drops.len() == 1 {
                    "Save without it"
                } else {
                    "Save without them"
                },
                "Save as JSON…",
            ),
            _ => ("Unsaved changes", "Save", "Discard"),
        };
        let mut answer = None;
        egui::Modal::new(egui::Id::unique("levelscope confirm")).show(ctx, |ui| {
            ui.set_width(360.0);
            ui.heading(heading);
            ui.label(question);
            if matches!(confirm, Confirm::Quit) {
                for i in (0..self.docs.len()).filter(|&i| self.docs[i].is_worth_saving()) {
                    ui.label(format!("• {}", self.document_name(i)));
                }
                if self
                    .pack
                    .as_ref()
                    .is_some_and(crate::gui::open_pack::OpenPack::is_worth_saving)
                {
                    ui.label("• the pack");
                }
            }
            ui.horizontal(|ui| {
                if ui.button(save).clicked() {
                    answer = Some(ConfirmAnswer::First);
                }
                if !discard.is_empty() && ui.button(discard).clicked() {
                    answer = Some(ConfirmAnswer::Second);
                }
                if ui.button("Cancel").clicked() {
                    answer = Some(ConfirmAnswer::Cancel);
                }
            });
        });
        if let Some(answer) = answer {
            self.queue(Command::AnswerConfirm(answer));
        }
    }

    /// Carries out the designer's `answer` to the question on screen, and
    /// takes the question away.
    pub(crate) fn answer_confirm(&mut self, answer: ConfirmAnswer) {
        let Some(confirm) = self.confirm.take() else {
            return;
        };
        let ctx = self.ctx.clone();
        match (confirm, answer) {
            (_, ConfirmAnswer::Cancel) => self.after_save = None,
            (Confirm::Quit, ConfirmAnswer::First) => self.save_and_quit(),
            (Confirm::Quit, _) => {
                self.quitting = true;
                ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            }
            (Confirm::CloseDocument(i), ConfirmAnswer::First) => {
                self.activate(i);
                if self.doc().origin == Origin::New {
                    // Closed once the Save dialog has saved it.
                    self.after_save = Some(AfterSave::Close(self.doc().id));
                }
                self.save();
                if !self.docs[self.active].is_dirty() {
                    self.close_document(self.active);
                }
            }
            (Confirm::CloseDocument(i), _) => self.close_document(i),
            (Confirm::ReplacePack(replacement), ConfirmAnswer::First) => {
                self.save_pack();
                if !self.pack.as_ref().is_some_and(|p| p.dirty) {
                    self.apply_pack_replacement(replacement);
                }
            }
            (Confirm::ReplacePack(replacement), _) => self.apply_pack_replacement(replacement),
            (Confirm::AddCopy { .. }, ConfirmAnswer::First) => self.add_copy_to_pack(),
            (Confirm::AddCopy { .. }, _) => {}
            (Confirm::CollectionDrops { .. }, ConfirmAnswer::First) => {
                self.show_dialog(crate::gui::files::DialogPurpose::SavePackAs)
            }
            (Confirm::CollectionDrops { .. }, _) => {
                self.write_pack_collection();
                if let Some(then) = self.after_save.take() {
                    self.continue_after_save(then);
                }
            }
            (Confirm::TextDrops { path, .. }, ConfirmAnswer::First) => {
                self.write_level_to(&path);
                if let Some(then) = self.after_save.take() {
                    self.continue_after_save(then);
                }
            }
            (Confirm::TextDrops { .. }, _) => {
                self.show_dialog(crate::gui::files::DialogPurpose::SaveLevelAs)
            }
        }
    }
}
