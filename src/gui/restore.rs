//! The editor's side of crash recovery: where its copies go, and what it
//! does with the copies an editor that did not close left (restore, discard,
//! keep aside). The copies themselves are `recovery.rs`'s.

use std::path::PathBuf;

use super::app::{EditorApp, OpenPack};
use super::document::Origin;

impl EditorApp {
    /// Keeps recovery copies in `dir` (none when `None`), and offers the
    /// copies an editor that did not close left there.
    pub fn keep_recovery_in(&mut self, dir: Option<PathBuf>) {
        self.recovery = super::recovery::Recovery::in_dir(dir);
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

    /// Opens the newest recovered pack as the pack, unsaved (older copies
    /// of packs stay, to be offered at the next start), then every
    /// recovered level as an unsaved document, and deletes their copies
    /// (the restored work gets copies of its own).
    pub fn restore_recovered(&mut self) {
        let mut words = Vec::new();
        if let Some(newest) = self.recovered_packs.pop() {
            let count = newest.pack.levels.len();
            words.push(format!(
                "the unsaved pack {} ({})",
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
            self.replace_pack(OpenPack::unsaved(newest.pack, newest.file, newest.unknown));
            for i in untouched.into_iter().rev() {
                self.close_document(i);
            }
        }
        let recovered = std::mem::take(&mut self.recovered);
        let count = recovered.len();
        for r in recovered {
            self.add_document(r.document());
            self.recovery.forget(&r);
        }
        if count > 0 || words.is_empty() {
            words.insert(
                0,
                crate::words::counted(count as u64, "unsaved level", "unsaved levels"),
            );
        }
        self.say(format!("Restored {}", words.join("; ")));
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
