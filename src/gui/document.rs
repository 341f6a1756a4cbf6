//! One open level: the level being edited, where it came from (a file or an
//! entry of the open pack), the version last saved, and its undo history.

use std::path::PathBuf;

use super::undo_stack::History;
use crate::kinds::Level;

/// How many undo steps a document keeps.
pub const HISTORY_LIMIT: usize = 500;

/// Where a document is saved to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Not saved anywhere yet.
    New,
    /// A level file.
    File(PathBuf),
    /// An entry of the open pack (its index).
    PackEntry(usize),
}

/// An open level.
#[derive(Clone, Debug)]
pub struct Document {
    /// The level as edited.
    pub level: Level,
    /// Where it is saved.
    pub origin: Origin,
    /// The level as last saved (or loaded); `None` if it never was.
    pub saved: Option<Level>,
    /// Undo and redo.
    pub history: History<Level>,
    /// A number naming this document among the open ones (its recovery
    /// copy's name).
    pub id: u64,
    /// The level of the pack entry this document was opened from, when a
    /// pack edit removed that entry: an undo that brings the entry back
    /// links the document to it again.
    pub detached: Option<Level>,
    /// The link the document had before a pack edit linked it to an entry
    /// (Add current level): when that entry goes (the add undone), the
    /// document gets this link back.
    pub prior: Option<PriorLink>,
    /// The name of the pack this level was opened from, once that pack is
    /// closed (while it is open, the link to its entry says it): a tab
    /// says it when another tab has the same name.
    pub former_pack: Option<String>,
    /// The tab's own tool and graph settings while another tab is on
    /// screen; `None` before it was first shown.
    pub settings: Option<crate::gui::tab_settings::TabSettings>,
}

/// Where a document was saved before a pack edit linked it to an entry.
#[derive(Clone, Debug, PartialEq)]
pub struct PriorLink {
    /// Where it was saved.
    pub origin: Origin,
    /// The level as last saved there.
    pub saved: Option<Level>,
}

impl Document {
    /// A new, unsaved document.
    pub fn new(level: Level) -> Document {
        Document {
            level,
            origin: Origin::New,
            saved: None,
            history: History::new(HISTORY_LIMIT),
            id: rand::random(),
            detached: None,
            prior: None,
            former_pack: None,
            settings: None,
        }
    }

    /// A document loaded from `origin`, unchanged so far.
    pub fn loaded(level: Level, origin: Origin) -> Document {
        Document {
            saved: Some(level.clone()),
            level,
            origin,
            history: History::new(HISTORY_LIMIT),
            id: rand::random(),
            detached: None,
            prior: None,
            former_pack: None,
            settings: None,
        }
    }

    /// Whether it has changes not saved.
    pub fn is_dirty(&self) -> bool {
        self.saved.as_ref() != Some(&self.level)
    }

    /// Whether closing it would lose work: it has unsaved changes and is
    /// not a blank level nobody touched.
    pub fn is_worth_saving(&self) -> bool {
        let blank = self.origin == Origin::New && !self.history.can_undo() && self.level.is_blank();
        self.is_dirty() && !blank
    }

    /// Marks the current level as saved to `origin`.
    pub fn mark_saved(&mut self, origin: Origin) {
        self.origin = origin;
        self.detached = None;
        self.prior = None;
        self.saved = Some(self.level.clone());
    }

    /// The title for its tab: the level's name, else the file name, else
    /// "Untitled"; a `*` when it has unsaved changes.
    pub fn title(&self) -> String {
        let base = self.name();
        if self.is_dirty() {
            format!("{base} *")
        } else {
            base
        }
    }

    /// The level's name, else the file name, else "Untitled".
    pub fn name(&self) -> String {
        if !self.level.name().is_empty() {
            self.level.name().to_string()
        } else if let Origin::File(path) = &self.origin {
            path.file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_else(|| "Untitled".into())
        } else {
            "Untitled".into()
        }
    }

    /// Applies an edit as one undo step named `name`; returns whether the
    /// level changed.
    pub fn edit(&mut self, name: &str, change: impl FnOnce(&mut Level)) -> bool {
        let before = self.level.clone();
        change(&mut self.level);
        if self.level == before {
            return false;
        }
        self.history.record(before, &self.level, name);
        true
    }

    /// Links the document to pack entry `index`, which now holds its
    /// level (it was just added there), remembering its former link for
    /// an undo of the add.
    pub fn link_to_added_entry(&mut self, index: usize) {
        let prior = PriorLink {
            origin: self.origin.clone(),
            saved: self.saved.clone(),
        };
        self.mark_saved(Origin::PackEntry(index));
        self.prior = Some(prior);
    }

    /// Undoes the last step; returns whether there was one.
    pub fn undo(&mut self) -> bool {
        match self.history.undo(&self.level) {
            Some(level) => {
                self.level = level;
                true
            }
            None => false,
        }
    }

    /// Redoes the last undone step; returns whether there was one.
    pub fn redo(&mut self) -> bool {
        match self.history.redo(&self.level) {
            Some(level) => {
                self.level = level;
                true
            }
            None => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::skiddy::parse_level;

    #[test]
    fn dirty_tracks_the_saved_level_through_undo() {
        let level: Level = parse_level("#r##\n#R.#\n####\n").unwrap().into();
        let mut doc = Document::loaded(level, Origin::File("a.txt".into()));
        assert!(!doc.is_dirty());
        assert_eq!(doc.title(), "a.txt");
        assert!(doc.edit("Rename", |l| l.set_name("first")));
        assert!(doc.is_dirty());
        assert_eq!(doc.title(), "first *");
        assert!(!doc.edit("Nothing", |_| {}));
        assert!(doc.undo());
        assert!(!doc.is_dirty(), "back to what was saved");
        assert!(doc.redo());
        doc.mark_saved(Origin::File("b.json".into()));
        assert!(!doc.is_dirty());
        assert!(Document::new(crate::kinds::Kind::Skiddy.blank(5, 5)).is_dirty());
    }
}
