//! The open pack: the pack, its file, whether it has unsaved changes, and
//! the undo history of its edits (add, remove, reorder, sort applied,
//! duplicates removed, tags and notes, fresh summaries from a check).
//!
//! A pack edit's undo step keeps only the entries it changed (see
//! [`super::pack_undo_steps`]), so that a pack of 10,000 levels does not cost
//! its whole size per edit. After an undo or a redo the levels are matched between the two versions
//! ([`matched_entries`]) so that the editor's tabs and the panel's verdicts
//! follow their levels to their places.

use std::collections::HashMap;
use std::path::PathBuf;

use super::undo_stack::History;
use crate::kinds::Level;
use crate::pack::{self, Pack};

/// How many pack edits can be undone.
pub const PACK_HISTORY_LIMIT: usize = 200;

/// The open pack.
#[derive(Clone, Debug)]
pub struct OpenPack {
    /// The pack.
    pub pack: Pack,
    /// Its file (`None`: the bundled sample or never saved).
    pub path: Option<PathBuf>,
    /// Whether it has unsaved changes.
    pub dirty: bool,
    /// The pack's own fields levelscope does not know, kept for the save.
    pub unknown: pack::Unknown,
    /// The collection format its file is in (an XSB file opened as a
    /// pack), so that Save pack writes that format; `None`: a levelscope
    /// pack (JSON).
    pub collection: Option<crate::kinds::TextFormat>,
    /// The pack as last saved or read, if it is one (an undo back to it
    /// leaves the pack with no unsaved changes).
    saved: Option<Pack>,
    /// Undo and redo of the pack's edits.
    pub history: History<Pack>,
}

impl OpenPack {
    /// A pack as read from `path` (or bundled, `path` `None`), with no
    /// unsaved changes.
    pub fn loaded(pack: Pack, path: Option<PathBuf>, unknown: pack::Unknown) -> OpenPack {
        OpenPack {
            saved: Some(pack.clone()),
            pack,
            path,
            dirty: false,
            unknown,
            collection: None,
            history: History::new(PACK_HISTORY_LIMIT),
        }
    }

    /// A pack that is not what any file holds: new, recovered or damaged.
    pub fn unsaved(pack: Pack, path: Option<PathBuf>, unknown: pack::Unknown) -> OpenPack {
        OpenPack {
            saved: None,
            pack,
            path,
            dirty: true,
            unknown,
            collection: None,
            history: History::new(PACK_HISTORY_LIMIT),
        }
    }

    /// A new, empty pack named `name`.
    pub fn new_named(name: &str) -> OpenPack {
        OpenPack::unsaved(
            Pack {
                name: name.to_string(),
                levels: Vec::new(),
            },
            None,
            pack::Unknown::new(),
        )
    }

    /// Records an edit already made to the pack: `before` is the pack
    /// before it; `name` says what it did (Edit ▸ History shows it).
    pub fn record(&mut self, before: Pack, name: &str) {
        if before != self.pack {
            self.history.record(before, &self.pack, name);
            self.dirty = true;
        }
    }

    /// Applies `change` to the pack as one undoable edit named `name`;
    /// returns whether the pack changed.
    pub fn edit(&mut self, name: &str, change: impl FnOnce(&mut Pack)) -> bool {
        let before = self.pack.clone();
        change(&mut self.pack);
        let changed = before != self.pack;
        self.record(before, name);
        changed
    }

    /// Whether closing it would lose work: it has unsaved changes and is
    /// not a new pack that never got a level.
    pub fn is_worth_saving(&self) -> bool {
        let blank = self.path.is_none() && self.saved.is_none() && self.pack.levels.is_empty();
        self.dirty && !blank
    }

    /// The pack was written to its file.
    pub fn mark_saved(&mut self) {
        self.dirty = false;
        self.saved = Some(self.pack.clone());
    }

    /// Takes back the last edit; returns where each level went (see
    /// [`matched_entries`]), or `None` when there was nothing to undo.
    pub fn undo(&mut self) -> Option<Vec<Option<usize>>> {
        let before = self.history.undo(&self.pack)?;
        Some(self.become_(before))
    }

    /// Does the last undone edit again; returns where each level went, or
    /// `None` when there was nothing to redo.
    pub fn redo(&mut self) -> Option<Vec<Option<usize>>> {
        let after = self.history.redo(&self.pack)?;
        Some(self.become_(after))
    }

    fn become_(&mut self, pack: Pack) -> Vec<Option<usize>> {
        let map = matched_entries(&self.pack, &pack);
        self.pack = pack;
        self.dirty = self.saved.as_ref() != Some(&self.pack);
        map
    }
}

/// A level of the pack in an edit's name: its number from 1, and its name
/// in quotes when it has one (`3 "Switch trap"`).
pub fn level_words(level: &Level, index: usize) -> String {
    if level.name().is_empty() {
        format!("{}", index + 1)
    } else {
        format!("{} \"{}\"", index + 1, level.name())
    }
}

/// `name`, or `name (2)`, `name (3)`… : the first that no level of `pack`
/// has, so that levels added in a batch stay told apart in the pack.
pub fn unique_name(pack: &Pack, name: &str) -> String {
    let taken = |n: &str| pack.levels.iter().any(|e| e.level.name() == n);
    if !taken(name) {
        return name.to_string();
    }
    (2..)
        .map(|k| format!("{name} ({k})"))
        .find(|n| !taken(n))
        .expect("some number is free")
}

/// Where each level of `old` is in `new` (`None`: not there): a level goes
/// to the nearest unclaimed place in `new` that holds the same level, so
/// that a removal undone or a reorder redone moves every tab and verdict
/// with its level; identical levels get one place each. When the two packs
/// are as long, a level found nowhere stays at its place if that place is
/// unclaimed (the level stored there was changed).
pub fn matched_entries(old: &Pack, new: &Pack) -> Vec<Option<usize>> {
    let mut places: HashMap<&Level, Vec<usize>> = HashMap::new();
    for (j, entry) in new.levels.iter().enumerate() {
        places.entry(&entry.level).or_default().push(j);
    }
    let mut map: Vec<Option<usize>> = old
        .levels
        .iter()
        .enumerate()
        .map(|(i, entry)| {
            let free = places.get_mut(&entry.level)?;
            let (k, _) = free
                .iter()
                .enumerate()
                .min_by_key(|(_, &j)| j.abs_diff(i))?;
            Some(free.swap_remove(k))
        })
        .collect();
    if old.levels.len() == new.levels.len() {
        let mut claimed = vec![false; new.levels.len()];
        for j in map.iter().flatten() {
            claimed[*j] = true;
        }
        for (i, place) in map.iter_mut().enumerate() {
            if place.is_none() && !claimed[i] {
                *place = Some(i);
            }
        }
    }
    map
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::Kind;
    use crate::pack::PackEntry;

    fn pack_of(names: &[&str]) -> Pack {
        Pack {
            name: "p".into(),
            levels: names
                .iter()
                .map(|n| {
                    let mut level = Kind::Skiddy.blank(5, 5);
                    level.set_name(*n);
                    PackEntry::new(level)
                })
                .collect(),
        }
    }

    #[test]
    fn levels_follow_their_places_through_a_removal_and_a_reorder() {
        let full = pack_of(&["a", "b", "c", "d"]);
        let without_b = pack_of(&["a", "c", "d"]);
        assert_eq!(
            matched_entries(&without_b, &full),
            vec![Some(0), Some(2), Some(3)]
        );
        assert_eq!(
            matched_entries(&full, &without_b),
            vec![Some(0), None, Some(1), Some(2)]
        );
        let reordered = pack_of(&["d", "a", "b", "c"]);
        assert_eq!(
            matched_entries(&full, &reordered),
            vec![Some(1), Some(2), Some(3), Some(0)]
        );
    }

    #[test]
    fn a_name_taken_in_the_pack_gets_a_number() {
        let pack = pack_of(&["prism-8x8-s3-1", "prism-8x8-s3-1 (2)"]);
        assert_eq!(unique_name(&pack, "prism-8x8-s3-2"), "prism-8x8-s3-2");
        assert_eq!(unique_name(&pack, "prism-8x8-s3-1"), "prism-8x8-s3-1 (3)");
    }

    #[test]
    fn a_changed_level_keeps_its_place() {
        let old = pack_of(&["a", "b", "c"]);
        let new = pack_of(&["a", "B", "c"]);
        assert_eq!(matched_entries(&old, &new), vec![Some(0), Some(1), Some(2)]);
    }

    #[test]
    fn identical_levels_get_one_place_each() {
        let twins = pack_of(&["a", "x", "a", "a"]);
        let one_gone = pack_of(&["a", "a", "a"]);
        assert_eq!(
            matched_entries(&twins, &one_gone),
            vec![Some(0), None, Some(2), Some(1)]
        );
    }

    #[test]
    fn undo_back_to_the_saved_pack_leaves_nothing_unsaved() {
        let mut open = OpenPack::loaded(pack_of(&["a", "b"]), None, pack::Unknown::new());
        assert!(open.edit("Remove level 2", |p| {
            p.levels.pop();
        }));
        assert!(open.dirty);
        assert!(!open.edit("Nothing", |_| {}), "a no-op is no step");
        assert_eq!(open.history.undo_names(), vec!["Remove level 2"]);
        assert_eq!(open.undo(), Some(vec![Some(0)]));
        assert!(!open.dirty, "back to what was read");
        assert_eq!(open.pack.levels.len(), 2);
        assert_eq!(open.redo(), Some(vec![Some(0), None]));
        assert!(open.dirty);
        assert_eq!(open.redo(), None);
        open.mark_saved();
        assert!(!open.dirty);
        assert!(open.undo().is_some());
        assert!(open.dirty, "the saved pack had one level");
        let new = OpenPack::new_named("New pack");
        assert!(new.dirty && !new.is_worth_saving(), "nothing to lose");
    }
}
