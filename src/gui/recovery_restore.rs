//! The editor's side of crash recovery: where its copies go, and what it
//! does with the copies an editor that did not close left (restore, discard,
//! keep aside). The copies themselves are `recovery_copies/`'s.

use std::path::PathBuf;

use super::app::{EditorApp, OpenPack};
use super::document::{Document, Origin};
use super::recovery_copies::RecoveredPack;
use crate::kinds::Level;

impl EditorApp {
    /// Keeps recovery copies in `dir` (none when `None`), and offers the
    /// copies an editor that did not close left there.
    pub fn keep_recovery_in(&mut self, dir: Option<PathBuf>) {
        self.recovery = super::recovery_copies::Recovery::in_dir(dir);
        let found = self.recovery.found();
        self.recovered = found.readable;
        self.unreadable = found.unreadable;
        self.recovered_packs = found.packs;
    }

    /// Keeps (moved aside, where it is not offered again) or discards the
    /// unreadable recovery copy `index`, and says what became of it.
    pub fn settle_unreadable(&mut self, index: usize, keep: bool) {
        if index >= self.unreadable.len() {
            return;
        }
        let copy = self.unreadable.remove(index);
        let result = if keep {
            self.recovery
                .keep_unreadable(&copy)
                .map(|to| format!("Kept the unreadable recovery copy at {}", to.display()))
        } else {
            self.recovery
                .discard_unreadable(&copy)
                .map(|()| "Discarded the unreadable recovery copy".to_string())
        };
        match result {
            Ok(words) => self.say(words),
            Err(e) => self.fail(format!("{}: {e}", copy.path.display())),
        }
    }

    /// Opens the newest recovered pack as the pack (unsaved when it had
    /// unsaved changes), with its latest check's results (older copies of
    /// packs stay, to be offered at the next start), then every recovered
    /// level as an unsaved document (a level of that pack linked to its
    /// entry again), and deletes their copies (the restored work gets
    /// copies of its own).
    pub fn restore_recovered(&mut self) {
        let mut words = Vec::new();
        let mut problems = Vec::new();
        let mut pack_copy = None;
        if let Some(newest) = self.recovered_packs.pop() {
            let count = newest.pack.levels.len();
            let unsaved = if newest.dirty { "unsaved " } else { "" };
            words.push(format!(
                "the {unsaved}pack {} ({})",
                newest.pack.name,
                crate::words::counted(count as u64, "level", "levels")
            ));
            if !self.recovered_packs.is_empty() {
                words.push(format!(
                    "{} kept for the next start",
                    crate::words::counted(
                        self.recovered_packs.len() as u64,
                        "older pack copy",
                        "older pack copies"
                    )
                ));
            }
            self.recovered_packs.clear();
            self.recovery.forget_pack(&newest);
            // Untouched levels of the pack open at start would only become
            // unsaved copies of another pack's levels: they close.
            let untouched: Vec<usize> = (0..self.docs.len())
                .filter(|&i| {
                    matches!(self.docs[i].origin, Origin::PackEntry(_)) && !self.docs[i].is_dirty()
                })
                .collect();
            let open = reopened(&newest);
            if open.dirty && !newest.dirty {
                problems.push(format!(
                    "the pack's file {} no longer holds the pack as it was, so the pack is \
                     restored as it was, unsaved",
                    newest
                        .file
                        .as_ref()
                        .map_or_else(String::new, |f| f.display().to_string())
                ));
            }
            let checks = match newest.checks.clone() {
                Ok(checks) => checks,
                Err(why) => {
                    problems.push(why.to_string());
                    Default::default()
                }
            };
            self.replace_pack(open);
            for i in untouched.into_iter().rev() {
                self.close_document(i);
            }
            if let Some(open) = &self.pack {
                self.pack_panel.restore_check_results(&open.pack, checks);
            }
            pack_copy = Some(newest.path);
        }
        let recovered = std::mem::take(&mut self.recovered);
        let count = recovered.len();
        for r in recovered {
            let linked = r
                .entry
                .filter(|_| {
                    pack_copy
                        .as_deref()
                        .is_some_and(|p| super::recovery_copies::same_editor(p, &r.path))
                })
                .and_then(|i| {
                    let entry = self.pack.as_ref()?.pack.levels.get(i)?;
                    Some((i, entry.level.clone()))
                });
            match linked {
                Some((i, stored)) => self.restore_pack_level(i, stored, r.level.clone()),
                None => {
                    if let Some(i) = r.entry {
                        problems.push(format!(
                            "level {} of its pack was restored as a new level: its pack is not \
                             the one restored",
                            i + 1
                        ));
                    }
                    self.add_document(r.document());
                }
            }
            self.recovery.forget(&r);
        }
        if count > 0 || words.is_empty() {
            words.insert(
                0,
                crate::words::counted(count as u64, "unsaved level", "unsaved levels"),
            );
        }
        let said = format!("Restored {}", words.join("; "));
        if problems.is_empty() {
            self.say(said);
        } else {
            self.warn(format!("{said}; {}", problems.join("; ")));
        }
    }

    /// Opens `level`, recovered, as the unsaved edit of pack entry `index`,
    /// which holds `stored`; a tab of that entry with no changes of its own
    /// gives way to it.
    fn restore_pack_level(&mut self, index: usize, stored: Level, level: Level) {
        if let Some(i) = self
            .docs
            .iter()
            .position(|d| d.origin == Origin::PackEntry(index) && !d.is_dirty())
        {
            self.close_document(i);
        }
        let mut doc = Document::loaded(stored, Origin::PackEntry(index));
        doc.level = level;
        // The blank tab a closed last tab leaves is no work of anyone's.
        if self.docs.len() == 1
            && self.docs[0].origin == Origin::New
            && self.docs[0].level.is_blank()
            && !self.docs[0].history.can_undo()
        {
            self.docs.clear();
        }
        self.add_document(doc);
    }

    /// Deletes the recovered copies (levels and packs) without opening them.
    pub fn discard_recovered(&mut self) {
        for r in std::mem::take(&mut self.recovered) {
            self.recovery.forget(&r);
        }
        for r in std::mem::take(&mut self.recovered_packs) {
            self.recovery.forget_pack(&r);
        }
    }
}

/// The open pack a recovered copy gives back: unsaved when it had unsaved
/// changes; else as it was read (nothing to save), from its file while
/// that file still holds the same pack, or with no file (the bundled
/// sample); else unsaved (its file changed since, or is gone: the copy is
/// what the designer had).
fn reopened(copy: &RecoveredPack) -> OpenPack {
    let as_read = !copy.dirty
        && copy.file.as_ref().is_none_or(|file| {
            matches!(
                super::files::open_file(file),
                Ok((super::files::Opened::Pack(read), _)) if read.pack == copy.pack
            )
        });
    let (pack, file, unknown) = (copy.pack.clone(), copy.file.clone(), copy.unknown.clone());
    let mut open = if as_read {
        OpenPack::loaded(pack, file, unknown)
    } else {
        OpenPack::unsaved(pack, file, unknown)
    };
    open.collection = copy.collection;
    open
}
