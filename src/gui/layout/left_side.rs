//! The left side: the pack panel with levels taken from the generator, and
//! the tool panel with the kind's palette.

use crate::gui::app::{CentralView, EditorApp, OpenPack};
use crate::gui::commands::Command;
use crate::gui::kinds;
use crate::gui::kinds::resize::{self, Anchor};
use crate::gui::views::board::{mark, FAIL, PASS};
use egui::{RichText, Ui};

impl EditorApp {
    pub(super) fn pack_side(&mut self, ui: &mut Ui) {
        let current = match self.doc().origin {
            crate::gui::document::Origin::PackEntry(i) => Some(i),
            _ => None,
        };
        let Some(open) = self.pack.as_ref() else {
            return;
        };
        let mut commands = Vec::new();
        ui.horizontal(|ui| {
            ui.heading(&open.pack.name);
            if open.dirty {
                ui.label(RichText::new("unsaved").italics());
            }
        });
        let mut typing = false;
        let entry_on_screen = current.filter(|&i| i < open.pack.levels.len());
        if entry_on_screen.is_none() {
            // The heading's place is kept while no level of the pack is on
            // screen, so that the panel's buttons stay where they are.
            no_entry_notes(ui);
        }
        if let Some(i) = entry_on_screen {
            let edit = entry_notes(ui, i, &open.pack.levels[i]);
            typing = edit.focused;
            if let Some((tags, notes)) = edit.edited {
                commands.push(Command::EditEntryNotes {
                    index: i,
                    tags,
                    notes,
                });
            }
        }
        if !typing && open.history.is_open() {
            commands.push(Command::EndNotesTyping);
        }
        // One state budget and one position budget for every analysis:
        // the pack panel edits the editor's.
        self.pack_panel.options.budgets = self.prefs.budgets();
        commands.extend(self.pack_panel.show(ui, &open.pack, current));
        self.prefs.set_budgets(self.pack_panel.options.budgets);
        self.queue_all(commands);
    }

    /// Orders the open pack by effort (File ▸ Order pack by effort) as
    /// one undoable pack edit, and says what it did.
    pub fn order_pack_by_effort(&mut self) {
        let Some(open) = self.pack.as_ref() else {
            return;
        };
        let (commands, notice) = self.pack_panel.order_by_effort(&open.pack);
        self.apply_all(commands);
        self.say(notice);
    }

    pub(crate) fn take_generated(
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
                self.say(format!(
                    "Opened {}",
                    crate::words::counted(count as u64, "generated level", "generated levels")
                ));
            }
            crate::gui::generate_dialog::Destination::CurrentPack => {
                let open = self
                    .pack
                    .get_or_insert_with(|| OpenPack::new_named("Generated levels"));
                let name = format!(
                    "Add {} to the pack",
                    crate::words::counted(count as u64, "generated level", "generated levels")
                );
                open.edit(&name, |pack| {
                    for (mut level, summary) in generated.levels.into_iter().zip(
                        generated
                            .summaries
                            .into_iter()
                            .map(Some)
                            .chain(std::iter::repeat(None)),
                    ) {
                        level.set_name(crate::gui::open_pack::unique_name(pack, level.name()));
                        let mut entry = crate::pack::PackEntry::new(level);
                        entry.set_summary(summary);
                        pack.levels.push(entry);
                    }
                });
                self.prefs.show_pack = true;
                self.say(format!(
                    "Added {} to the pack",
                    crate::words::counted(count as u64, "generated level", "generated levels")
                ));
            }
        }
    }

    pub(super) fn tool_panel(&mut self, ui: &mut Ui) {
        ui.horizontal(|ui| {
            for (command, next) in [
                (Command::Undo, self.next_undo_name()),
                (Command::Redo, self.next_redo_name()),
            ] {
                let keys = command.keys_text(ui.ctx());
                if ui
                    .add_enabled(next.is_some(), egui::Button::new(command.label()))
                    .on_hover_text(format!("{} ({})", next.as_deref().unwrap_or(""), keys))
                    .clicked()
                {
                    self.queue(command);
                }
            }
        });
        ui.separator();
        let level = self.doc().level.clone();
        let commands = self.kinds.palette(ui, &level, self.prefs.tool);
        self.queue_all(commands);
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
                self.queue(Command::Rename(name.clone()));
            }
        });
        self.resize_section(ui);
        ui.horizontal_wrapped(|ui| {
            if ui.button("New").clicked() {
                self.queue(Command::NewLevel);
            }
            if ui.button("Duplicate").clicked() {
                self.queue(Command::DuplicateLevel);
            }
            if ui.button(Command::AddToPack.label()).clicked() {
                self.queue(Command::AddToPack);
            }
        });
        ui.separator();
        let problems = kinds::problems(&self.doc().level);
        if problems.is_empty() {
            ui.horizontal(|ui| {
                mark(ui, Some(true));
                ui.label(RichText::new("No problems").color(PASS));
            });
        } else {
            ui.strong(format!("Problems ({})", problems.len()));
            for p in problems {
                // The text wraps beside its mark, its lines indented under
                // the first, a margin short of the panel's edge.
                ui.horizontal_top(|ui| {
                    mark(ui, Some(false));
                    let width = ui.available_width() - 6.0;
                    ui.vertical(|ui| {
                        ui.set_max_width(width);
                        ui.add(egui::Label::new(RichText::new(p.to_string()).color(FAIL)).wrap());
                    });
                });
            }
        }
    }

    /// The size fields, the anchor and, while a new size is typed but not
    /// applied, what the resize would remove, with a preview of the board.
    fn resize_section(&mut self, ui: &mut Ui) {
        let current = self.doc().level.size();
        let kind = self.doc().level.kind();
        let sides = kinds::side_range(kind);
        let mut draft = self.resize_draft.unwrap_or(current);
        ui.horizontal(|ui| {
            if kinds::square_board(kind) {
                // A Tangram board is square: one side.
                let label = ui.label("Side");
                ui.add(egui::DragValue::new(&mut draft.0).range(sides))
                    .labelled_by(label.id);
                draft.1 = draft.0;
            } else {
                let label = ui.label("Width");
                ui.add(egui::DragValue::new(&mut draft.0).range(sides.clone()))
                    .labelled_by(label.id);
                let label = ui.label("Height");
                ui.add(egui::DragValue::new(&mut draft.1).range(sides))
                    .labelled_by(label.id);
            }
        });
        self.resize_draft = (draft != current).then_some(draft);
        let Some((width, height)) = self.resize_draft else {
            return;
        };
        ui.label("Keep in place (the old board's edge or corner):");
        ui.horizontal(|ui| {
            egui::Grid::new("resize anchor")
                .spacing([2.0, 2.0])
                .show(ui, |ui| {
                    for anchor in Anchor::ALL {
                        let chosen = self.resize_anchor == anchor;
                        if anchor_button(ui, anchor, chosen)
                            .on_hover_text(format!("Keep the {} in place", anchor.name()))
                            .clicked()
                        {
                            self.resize_anchor = anchor;
                        }
                        if anchor.column == 2 {
                            ui.end_row();
                        }
                    }
                });
        });
        let anchor = self.resize_anchor;
        let preview = resize::Preview::of(
            &mut self.resize_preview,
            &self.docs[self.active].level,
            width,
            height,
            anchor,
        );
        let (w0, h0) = current;
        match &preview.plan {
            Ok(plan) => {
                if plan.losses.is_empty() {
                    ui.label(format!("{w0}x{h0} to {width}x{height}: nothing is lost"));
                } else {
                    ui.colored_label(
                        FAIL,
                        format!(
                            "{w0}x{h0} to {width}x{height} with the {} in place:",
                            anchor.name()
                        ),
                    );
                    for loss in &plan.losses {
                        ui.horizontal_wrapped(|ui| {
                            mark(ui, Some(false));
                            ui.label(RichText::new(loss).color(FAIL));
                        });
                    }
                }
                if let Some(picture) = &preview.picture {
                    let (w, h) = plan.level.size();
                    let scale = (160.0 / w.max(h) as f32).min(16.0);
                    let (rect, _) = ui.allocate_exact_size(
                        egui::vec2(w as f32 * scale, h as f32 * scale),
                        egui::Sense::hover(),
                    );
                    crate::gui::views::picture_painter::paint(ui.painter(), rect, picture);
                }
            }
            Err(why) => {
                ui.colored_label(FAIL, why.to_string());
            }
        }
        let possible = preview.plan.is_ok();
        ui.horizontal(|ui| {
            if ui
                .add_enabled(possible, egui::Button::new("Resize"))
                .clicked()
            {
                self.queue(Command::Resize {
                    width,
                    height,
                    anchor,
                });
            }
            if ui.button("Keep the size").clicked() {
                self.resize_draft = None;
                self.resize_preview = None;
            }
        });
    }
}

/// One of the nine anchor buttons: a small square with a dot where the old
/// board stays, filled when chosen; its accessible name is the anchor's.
fn anchor_button(ui: &mut Ui, anchor: Anchor, chosen: bool) -> egui::Response {
    let (rect, response) = ui.allocate_exact_size(egui::vec2(18.0, 18.0), egui::Sense::click());
    response.widget_info(|| {
        egui::WidgetInfo::selected(egui::Role::Button, true, chosen, anchor.name())
    });
    let visuals = ui.style().interact_selectable(&response, chosen);
    let painter = ui.painter();
    painter.rect(
        rect,
        2.0,
        visuals.bg_fill,
        visuals.bg_stroke,
        egui::StrokeKind::Inside,
    );
    let inner = rect.shrink(5.0);
    let at = egui::pos2(
        inner.left() + inner.width() * f32::from(anchor.column) / 2.0,
        inner.top() + inner.height() * f32::from(anchor.row) / 2.0,
    );
    painter.circle_filled(at, if chosen { 3.0 } else { 2.0 }, visuals.fg_stroke.color);
    response
}

/// What the designer did to a pack entry's tags and notes this frame.
struct NotesEdit {
    /// The tags and the notes, when either changed.
    edited: Option<(Vec<String>, String)>,
    /// One of the two fields has the keyboard focus.
    focused: bool,
}

/// In the place of the tags and notes, while the level on screen is not a
/// level of the pack: the same heading, greyed out, saying why.
fn no_entry_notes(ui: &mut Ui) {
    ui.add_enabled_ui(false, |ui| {
        egui::CollapsingHeader::new("Tags and notes: open a level of the pack to tag it")
            .id_salt("entry tags and notes, none")
            .open(Some(false))
            .show(ui, |_| {});
    });
}

/// The tags and notes of pack entry `index` (the level on screen), folded
/// under a heading that shows them.
fn entry_notes(ui: &mut Ui, index: usize, entry: &crate::pack::PackEntry) -> NotesEdit {
    let mut edited = false;
    let mut focused = false;
    let mut new_tags = entry.tags.clone();
    let mut notes_typed = entry.notes.clone();
    let summary = if entry.tags.is_empty() && entry.notes.is_empty() {
        "none yet".to_string()
    } else {
        let mut parts = Vec::new();
        if !entry.tags.is_empty() {
            parts.push(entry.tags.join(", "));
        }
        if !entry.notes.is_empty() {
            parts.push("notes".to_string());
        }
        parts.join(" · ")
    };
    egui::CollapsingHeader::new(format!("Tags and notes of level {}: {summary}", index + 1))
        .id_salt("entry tags and notes")
        .show(ui, |ui| {
            // The text as typed is kept while the field has focus, so a
            // trailing ", " survives until the next tag is typed.
            let field_id = egui::Id::unique(("levelscope tags", index));
            let draft_id = field_id.with("draft");
            let tags_focused = ui.memory(|m| m.has_focus(field_id));
            let mut tags = match ui.data(|d| d.get_temp::<String>(draft_id)) {
                Some(draft) if tags_focused => draft,
                _ => entry.tags.join(", "),
            };
            ui.horizontal(|ui| {
                let label = ui.label("Tags");
                let field = ui
                    .add(
                        egui::TextEdit::singleline(&mut tags)
                            .id(field_id)
                            .hint_text("tutorial, hard")
                            .desired_width(f32::INFINITY),
                    )
                    .labelled_by(label.id)
                    .on_hover_text("Separated by commas; the pack panel's filter finds them");
                if field.changed() {
                    new_tags = tags_of(&tags);
                    edited = true;
                }
                focused |= field.has_focus();
            });
            ui.data_mut(|d| d.insert_temp(draft_id, tags));
            let label = ui.label("Notes");
            let notes = ui
                .add(
                    egui::TextEdit::multiline(&mut notes_typed)
                        .desired_rows(3)
                        .desired_width(f32::INFINITY),
                )
                .labelled_by(label.id);
            edited |= notes.changed();
            focused |= notes.has_focus();
        });
    NotesEdit {
        edited: edited.then_some((new_tags, notes_typed)),
        focused,
    }
}

/// The tags in a comma-separated text: trimmed, empty ones and repeats
/// left out, in the order typed.
pub fn tags_of(text: &str) -> Vec<String> {
    let mut tags: Vec<String> = Vec::new();
    for tag in text.split(',').map(str::trim).filter(|t| !t.is_empty()) {
        if !tags.iter().any(|t| t == tag) {
            tags.push(tag.to_string());
        }
    }
    tags
}

#[cfg(test)]
mod tests {
    use super::tags_of;

    #[test]
    fn tags_are_split_at_commas_trimmed_and_kept_once() {
        assert_eq!(
            tags_of(" tutorial, hard,, tutorial ,"),
            ["tutorial", "hard"]
        );
        assert!(tags_of(" , ").is_empty());
    }
}
