//! Saving: a level to its file or its pack entry, the pack to its file
//! (its own collection format, or levelscope's JSON), the file dialogs that
//! ask where, adding the level to the pack (or a copy, when it is there
//! already), exports, and saving everything before quitting.

use std::path::Path;

use super::app::{AfterSave, Confirm, EditorApp};
use super::commands::Command;
use super::document::{Document, Origin};
use super::files::{self, DialogAnswer, DialogPurpose};
use super::open_pack::OpenPack;
use crate::kinds::Level;
use crate::pack::{self, PackEntry};

impl EditorApp {
    /// Saves the active document where it belongs, or asks where.
    pub fn save(&mut self) {
        match self.doc().origin.clone() {
            Origin::File(path) => self.save_level_to(&path),
            Origin::PackEntry(i) => self.save_into_pack(i),
            Origin::New => self.show_dialog(DialogPurpose::SaveLevelAs),
        }
    }

    /// Saves the active level to `path`, first asking when the file's
    /// format cannot hold all of it.
    pub(super) fn save_level_to(&mut self, path: &Path) {
        let drops = files::text_drops(&self.doc().level, path);
        if drops.is_empty() {
            self.write_level_to(path);
        } else {
            self.confirm = Some(Confirm::TextDrops {
                path: path.to_path_buf(),
                drops,
            });
        }
    }

    /// Writes the active level to `path` (leaving out what a text format
    /// cannot hold) and marks it saved there.
    pub fn write_level_to(&mut self, path: &Path) {
        let level = self.doc().level.clone();
        match files::save_level(&level, path) {
            Ok(()) => {
                self.doc_mut().mark_saved(Origin::File(path.to_path_buf()));
                files::push_recent(&mut self.prefs.recent, path);
                self.say(format!("Saved {}", path.display()));
            }
            Err(e) => self.fail(e.to_string()),
        }
    }

    /// The summary a pack keeps of the active level's analysis, when the
    /// analysis is of the level on screen: its verdict and figures, and
    /// the effort the worker already worked out.
    fn summary_of_active(&mut self) -> Option<crate::kinds::LevelSummary> {
        let analysis = self.analysis.ready()?;
        if self.analysis.level.as_ref() != Some(&self.doc().level) {
            return None;
        }
        let mut summary = analysis.verdict_summary();
        summary.effort = self
            .effort()
            .as_deref()
            .map(crate::effort::StoredEffort::from);
        Some(summary)
    }

    /// Writes the active level into pack entry `index` (with its current
    /// summary when the analysis is of this level) and saves the pack.
    pub(super) fn save_into_pack(&mut self, index: usize) {
        let level = self.doc().level.clone();
        let summary = self.summary_of_active();
        let Some(open) = self.pack.as_mut() else {
            return;
        };
        let name = format!(
            "Store level {} in the pack",
            super::open_pack::level_words(&level, index)
        );
        open.edit(&name, |pack| match pack.levels.get_mut(index) {
            Some(entry) => {
                entry.level = level;
                if summary.is_some() {
                    entry.set_summary(summary);
                }
            }
            None => pack.levels.push(PackEntry::new(level)),
        });
        open.dirty = true;
        self.doc_mut().mark_saved(Origin::PackEntry(index));
        self.save_pack();
    }

    /// Saves the pack to its file, or asks where. A pack read from a
    /// collection (an XSB file) is written back in its format, its text
    /// kept; when it holds what the format cannot say, the designer is
    /// asked first (see [`Confirm::CollectionDrops`]).
    pub fn save_pack(&mut self) {
        let Some(open) = self.pack.as_ref() else {
            return;
        };
        if let (Some(format), Some(_)) = (open.collection, &open.path) {
            let drops = pack::collection::unsayable(&open.pack, format);
            if drops.is_empty() {
                self.write_pack_collection();
            } else {
                self.confirm = Some(Confirm::CollectionDrops {
                    format: format.name().to_string(),
                    drops,
                });
            }
            return;
        }
        self.write_pack_json();
    }

    /// Writes the pack to its file in the collection format it was read
    /// from (under its lock, atomically), leaving out what the format
    /// cannot say, and says what was left out.
    pub fn write_pack_collection(&mut self) {
        let Some(open) = self.pack.as_mut() else {
            return;
        };
        let (Some(format), Some(path)) = (open.collection, open.path.clone()) else {
            return;
        };
        let drops = pack::collection::unsayable(&open.pack, format);
        let checked = open.pack.levels.iter().any(|e| e.summary.is_some());
        let written = crate::lock::FileLock::exclusive(&path)
            .map_err(pack::PackError::Io)
            .and_then(|_lock| {
                pack::collection::write_collection(&path, &open.pack, &open.unknown, format)
            });
        match written {
            Ok(out) => {
                open.mark_saved();
                files::push_recent(&mut self.prefs.recent, &path);
                let mut words = format!("Saved pack {} as {}", path.display(), format.name());
                if !drops.is_empty() {
                    words += &format!("; left out: {}", drops.join("; "));
                }
                if !out.rewritten.is_empty() {
                    words += &format!(
                        "; levels {} were written anew, their comments could not be kept",
                        out.rewritten
                            .iter()
                            .map(ToString::to_string)
                            .collect::<Vec<_>>()
                            .join(", ")
                    );
                }
                if checked {
                    words += &format!(
                        " ({} has no place for check results: Check pack finds them again)",
                        format.name()
                    );
                }
                self.say(words);
            }
            Err(e) => self.fail(format!(
                "cannot save the pack as {}: {e}. Save pack as… a .json name keeps everything",
                format.name()
            )),
        }
    }

    /// Writes the pack to its file as a levelscope pack (JSON), or asks
    /// where.
    pub(super) fn write_pack_json(&mut self) {
        let Some(open) = self.pack.as_mut() else {
            return;
        };
        match open.path.clone() {
            // Under the pack's lock, so that a command-line writer of the
            // same pack waits for this write (and this one for it).
            Some(path) => match crate::lock::FileLock::exclusive(&path)
                .map_err(pack::PackError::Io)
                .and_then(|_lock| pack::write_pack_with(&path, &open.pack, &open.unknown))
            {
                Ok(()) => {
                    open.mark_saved();
                    files::push_recent(&mut self.prefs.recent, &path);
                    self.say(format!("Saved pack {}", path.display()));
                }
                Err(e) => self.fail(format!("cannot save the pack: {e}")),
            },
            None => self.show_dialog(DialogPurpose::SavePackAs),
        }
    }

    /// Adds the active level to the pack (creating one if none is open)
    /// and links the tab to its entry (an undo gives the tab its former
    /// link back). A level the pack already holds is not added again: the
    /// designer is told where it is and asked whether to add a copy.
    pub fn add_to_pack(&mut self) {
        let level = self.doc().level.clone();
        let already = self
            .pack
            .as_ref()
            .and_then(|open| open.pack.levels.iter().position(|e| e.level == level));
        if let Some(entry) = already {
            self.confirm = Some(Confirm::AddCopy { entry });
            return;
        }
        let index = self.append_to_pack(level);
        self.doc_mut().link_to_added_entry(index);
        self.say(format!("Added as level {} of the pack", index + 1));
    }

    /// Adds a copy of the active level to the pack, under a name no level
    /// of the pack has; the tab stays as it is.
    pub fn add_copy_to_pack(&mut self) {
        let mut level = self.doc().level.clone();
        if let Some(open) = &self.pack {
            if !level.name().is_empty() {
                level.set_name(super::open_pack::unique_name(&open.pack, level.name()));
            }
        }
        let name = level.name().to_string();
        let index = self.append_to_pack(level);
        let named = if name.is_empty() {
            String::new()
        } else {
            format!(" \"{name}\"")
        };
        self.say(format!(
            "Added a copy{named} as level {} of the pack",
            index + 1
        ));
    }

    /// Appends `level` (with the summary of the active level's analysis,
    /// when it is of the same board) to the pack as one undoable edit,
    /// creating a pack if none is open; returns its index.
    pub(super) fn append_to_pack(&mut self, level: Level) -> usize {
        let summary = self.summary_of_active();
        let open = self
            .pack
            .get_or_insert_with(|| OpenPack::new_named("New pack"));
        let mut entry = PackEntry::new(level);
        entry.set_summary(summary);
        let name = format!(
            "Add level {} to the pack",
            super::open_pack::level_words(&entry.level, open.pack.levels.len())
        );
        open.edit(&name, |pack| pack.levels.push(entry));
        self.prefs.show_pack = true;
        self.pack
            .as_ref()
            .map_or(0, |open| open.pack.levels.len() - 1)
    }

    /// Opens a file dialog for `purpose`: the system's, or levelscope's own
    /// when the designer prefers it or the system's cannot open.
    pub fn show_dialog(&mut self, purpose: DialogPurpose) {
        let folder = self
            .prefs
            .recent
            .first()
            .and_then(|p| p.parent())
            .map(Path::to_path_buf);
        let file_name = match purpose {
            DialogPurpose::SaveLevelAs => {
                let n = self.doc().level.name();
                if n.is_empty() {
                    "level.json".to_string()
                } else {
                    format!("{n}.json")
                }
            }
            DialogPurpose::SavePackAs => self
                .pack
                .as_ref()
                .and_then(|open| open.path.as_deref()?.file_stem())
                .map_or("pack.json".into(), |stem| {
                    format!("{}.json", stem.to_string_lossy())
                }),
            DialogPurpose::ExportSheet => "pack.png".into(),
            _ => String::new(),
        };
        let request = files::DialogRequest {
            purpose,
            folder,
            file_name,
        };
        let ctx = self.ctx.clone();
        self.dialogs
            .show(request, self.prefs.system_file_dialog, move || {
                ctx.request_repaint()
            });
    }

    /// Acts on what the file dialog did: a chosen path, a cancel, or the
    /// system's dialog failing (said, with levelscope's own open instead).
    pub fn dialog_event(&mut self, event: files::DialogEvent) {
        match event {
            files::DialogEvent::Answered(answer) => self.queue(Command::DialogAnswered(answer)),
            files::DialogEvent::FellBack(why) => self.warn(format!(
                "levelscope's own file dialog is open instead: {why}. \
                 (\"Use the system's file dialog\" in the File menu switches between them.)"
            )),
        }
    }

    /// Acts on a closed file dialog, then carries on with what the save was
    /// for (closing a level, quitting).
    pub fn dialog_answered(&mut self, answer: DialogAnswer) {
        let then = self.after_save.take();
        let Some(path) = answer.path else {
            if then.is_some() {
                self.say("Not saved, so nothing was closed");
            }
            return;
        };
        let path = answer.purpose.complete(path);
        match answer.purpose {
            DialogPurpose::Open => self.open_path(&path),
            DialogPurpose::SaveLevelAs => self.save_level_to(&path),
            DialogPurpose::SavePackAs => {
                if let Some(open) = self.pack.as_mut() {
                    // The name chosen decides the format: its collection
                    // format's extension keeps it, any other is a
                    // levelscope pack.
                    let extension = path
                        .extension()
                        .map(|e| e.to_string_lossy().to_ascii_lowercase());
                    open.collection = open
                        .collection
                        .filter(|f| extension.as_deref() == Some(f.extension()));
                    open.path = Some(path);
                    open.pack.name = open.pack.name.trim_end_matches(" (bundled)").to_string();
                }
                self.save_pack();
            }
            DialogPurpose::ExportAscii => self.export_ascii(&path),
            DialogPurpose::ExportSheet => self.export_sheet(&path),
        }
        match then {
            // The save asks a question first: carry on once it is answered.
            Some(then) if self.confirm.is_some() => self.after_save = Some(then),
            Some(then) => self.continue_after_save(then),
            None => {}
        }
    }

    /// Carries on with what a save was for.
    pub fn continue_after_save(&mut self, then: AfterSave) {
        match then {
            AfterSave::Close(id) => {
                if let Some(i) = self.docs.iter().position(|d| d.id == id) {
                    if !self.docs[i].is_dirty() {
                        self.close_document(i);
                    }
                }
            }
            AfterSave::Quit => self.save_and_quit(),
        }
    }

    /// Saves everything before quitting: what has a place is saved at once;
    /// for a level or pack with no file yet the Save dialog opens, and the
    /// editor quits once everything is saved (a cancelled dialog stops it).
    pub fn save_and_quit(&mut self) {
        if self.save_all() {
            self.quitting = true;
            self.ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            return;
        }
        if matches!(self.confirm, Some(Confirm::CollectionDrops { .. })) {
            // Quits once the question about the collection is answered.
            self.after_save = Some(AfterSave::Quit);
            return;
        }
        let unsaved = self
            .docs
            .iter()
            .position(|d| d.is_worth_saving() && d.origin == Origin::New);
        if let Some(i) = unsaved {
            self.active = i;
            self.level_changed();
            self.after_save = Some(AfterSave::Quit);
            self.show_dialog(DialogPurpose::SaveLevelAs);
        } else if self
            .pack
            .as_ref()
            .is_some_and(|p| p.dirty && p.path.is_none())
        {
            self.after_save = Some(AfterSave::Quit);
            self.show_dialog(DialogPurpose::SavePackAs);
        } else {
            self.fail("Some changes could not be saved, so levelscope did not quit");
        }
    }

    pub(super) fn export_ascii(&mut self, folder: &Path) {
        let Some(open) = &self.pack else { return };
        let mut written = 0;
        let mut problems = Vec::new();
        for (i, entry) in open.pack.levels.iter().enumerate() {
            let name = format!("{:03}.txt", i + 1);
            match files::save_level(&entry.level, &folder.join(&name)) {
                Ok(()) => written += 1,
                Err(e) => problems.push(format!("level {}: {e}", i + 1)),
            }
        }
        if problems.is_empty() {
            self.say(format!(
                "Wrote {written} ASCII files to {}",
                folder.display()
            ));
        } else {
            self.fail(format!(
                "Wrote {written} ASCII files; {} failed: {}",
                problems.len(),
                problems.join("; ")
            ));
        }
    }

    pub(super) fn export_sheet(&mut self, path: &Path) {
        let Some(open) = &self.pack else { return };
        let summaries: Vec<_> = open.pack.levels.iter().map(|e| e.summary.clone()).collect();
        let cards = pack::sheet::pack_cards(&open.pack, &summaries);
        match pack::sheet::write_sheet(path, &cards) {
            Ok(written) => self.say(format!("Wrote {}", written.words(cards.len()))),
            Err(e) => self.fail(format!("cannot write {e}")),
        }
    }

    /// Whether any document or the pack has unsaved changes.
    pub fn has_unsaved(&self) -> bool {
        self.docs.iter().any(Document::is_worth_saving)
            || self.pack.as_ref().is_some_and(OpenPack::is_worth_saving)
    }

    /// Saves every document and the pack that know where they go; returns
    /// whether everything is saved now.
    pub fn save_all(&mut self) -> bool {
        let active = self.active;
        for i in 0..self.docs.len() {
            if self.docs[i].is_dirty() && !matches!(self.docs[i].origin, Origin::New) {
                self.active = i;
                self.save();
            }
        }
        self.active = active.min(self.docs.len() - 1);
        if self
            .pack
            .as_ref()
            .is_some_and(|p| p.dirty && p.path.is_some())
        {
            self.save_pack();
        }
        !self.has_unsaved()
    }
}
