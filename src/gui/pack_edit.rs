//! The edits the pack panel asks for: the panel reads the pack and returns
//! a [`PackEdit`] inside a [`crate::gui::commands::Command::EditPack`];
//! the editor carries it out on the pack at the end of the frame, as one
//! undoable step named by [`PackEdit::name`].

use super::views::pack_panel::view::{rearranged, renumbering};
use crate::kinds::Level;
use crate::pack::{LevelSummary, Pack};

/// An edit of the pack the panel asks for.
#[derive(Clone, Debug, PartialEq)]
pub enum PackEdit {
    /// Remove or reorder levels (remove, move, sort, keep one of
    /// duplicates, order by effort).
    Rearrange(Rearrangement),
    /// Store a check's fresh analyses: each with the level's index and
    /// the level as the check judged it (an entry that holds another level
    /// by now is left alone).
    StoreSummaries(Vec<FreshAnalysis>),
}

/// A pack check's fresh analysis of one level, to store in its entry.
#[derive(Clone, Debug, PartialEq)]
pub struct FreshAnalysis {
    /// The entry's index in the pack.
    pub index: usize,
    /// The level the check judged.
    pub level: Level,
    /// The fresh summary (`None`: the level could not be analysed and
    /// loses its summary).
    pub summary: Option<LevelSummary>,
}

/// A new order of the pack's levels (old indices in their new places;
/// missing ones are removed) and the edit's name.
#[derive(Clone, Debug, PartialEq)]
pub struct Rearrangement {
    /// The order.
    pub order: Vec<usize>,
    /// The edit in words.
    pub name: String,
}

impl PackEdit {
    /// The edit in words, for the undo history, e.g. `Remove level 3
    /// "Switch trap" from the pack`.
    pub fn name(&self) -> &str {
        match self {
            PackEdit::Rearrange(change) => &change.name,
            PackEdit::StoreSummaries(_) => "Store the pack check's fresh analyses",
        }
    }

    /// Carries the edit out on `pack`; for a rearrangement, returns where
    /// each level went (`map[i]`: level `i`'s new index, `None`: removed).
    pub fn apply_to(&self, pack: &mut Pack) -> Option<Vec<Option<usize>>> {
        match self {
            PackEdit::Rearrange(change) => {
                // An order made for a pack that has since lost levels is
                // not carried out.
                if change.order.iter().any(|&i| i >= pack.levels.len()) {
                    return None;
                }
                let map = renumbering(pack.levels.len(), &change.order);
                pack.levels = rearranged(std::mem::take(&mut pack.levels), &change.order);
                Some(map)
            }
            PackEdit::StoreSummaries(fresh) => {
                for analysis in fresh {
                    if let Some(entry) = pack.levels.get_mut(analysis.index) {
                        if entry.level == analysis.level {
                            entry.set_summary(analysis.summary.clone());
                        }
                    }
                }
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::skiddy;
    use crate::pack::PackEntry;

    fn pack_of(names: &[&str]) -> Pack {
        let mut pack = Pack::default();
        for name in names {
            let mut level = skiddy::parse_level(include_str!("../../assets/1-1.txt")).unwrap();
            level.name = (*name).into();
            pack.levels.push(PackEntry::new(level.into()));
        }
        pack
    }

    fn names(pack: &Pack) -> Vec<&str> {
        pack.levels.iter().map(|e| e.level.name()).collect()
    }

    #[test]
    fn a_rearrangement_moves_and_removes_levels_and_says_where_they_went() {
        let mut pack = pack_of(&["a", "b", "c"]);
        let edit = PackEdit::Rearrange(Rearrangement {
            order: vec![2, 0],
            name: "Remove b".into(),
        });
        assert_eq!(edit.name(), "Remove b");
        let map = edit.apply_to(&mut pack);
        assert_eq!(names(&pack), ["c", "a"]);
        assert_eq!(map, Some(vec![Some(1), None, Some(0)]));
    }

    #[test]
    fn a_rearrangement_for_a_pack_that_lost_levels_leaves_it_alone() {
        let mut pack = pack_of(&["a", "b"]);
        let edit = PackEdit::Rearrange(Rearrangement {
            order: vec![2, 1, 0],
            name: "Reverse".into(),
        });
        assert_eq!(edit.apply_to(&mut pack), None);
        assert_eq!(names(&pack), ["a", "b"]);
    }

    #[test]
    fn fresh_analyses_are_stored_only_on_the_level_they_judged() {
        let mut pack = pack_of(&["a", "b"]);
        let judged = pack.levels[0].level.clone();
        let mut other = judged.clone();
        other.set_name("changed since");
        let mut analysed = pack.levels[0].clone();
        crate::pack::refresh_summary(&mut analysed, 10_000).unwrap();
        let summary = analysed.summary.clone().expect("analysed");
        let edit = PackEdit::StoreSummaries(vec![
            FreshAnalysis {
                index: 0,
                level: judged,
                summary: Some(summary.clone()),
            },
            FreshAnalysis {
                index: 1,
                level: other,
                summary: Some(summary.clone()),
            },
            FreshAnalysis {
                index: 7,
                level: pack.levels[1].level.clone(),
                summary: Some(summary.clone()),
            },
        ]);
        assert_eq!(edit.apply_to(&mut pack), None);
        assert_eq!(pack.levels[0].summary, Some(summary));
        assert_eq!(pack.levels[1].summary, None);
    }
}
