//! The pack's undo steps keep what each edit changed, not a copy of the
//! pack: the entries between the longest unchanged start and the longest
//! unchanged end of the pack (a move, an insert, a removal or an edited
//! entry is a short middle), and the pack's name when it changed. Every
//! pack edit goes through [`super::open_pack::OpenPack::edit`] or
//! [`super::open_pack::OpenPack::record`] with the pack before and after,
//! so nothing at the call sites says what changed: the two are compared
//! entry by entry. An entry is kept whole (its level, summary, tags, notes
//! and unknown fields), so that undo and redo give it back exactly.

use super::undo_stack::Undoable;
use crate::pack::{Pack, PackEntry};

/// What takes the pack back over one step: the entries `at..at + len` of
/// the pack as it is are replaced by `entries`, and its name by `name`
/// when there is one. Applying it turns it into the change that goes
/// forward again.
#[derive(Clone, Debug, PartialEq)]
pub struct PackChange {
    /// Where the changed entries begin.
    at: usize,
    /// How many entries of the pack, from `at`, the change replaces.
    len: usize,
    /// The entries it puts in their place.
    entries: Vec<PackEntry>,
    /// The name it gives the pack, when the step changed the name.
    name: Option<String>,
}

/// How many entries at the start, then at the end, `a` and `b` have in
/// common; the two counts never overlap in the shorter list.
fn common_ends(a: &[PackEntry], b: &[PackEntry]) -> (usize, usize) {
    let start = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let room = a.len().min(b.len()) - start;
    let end = a[start..]
        .iter()
        .rev()
        .zip(b[start..].iter().rev())
        .take(room)
        .take_while(|(x, y)| x == y)
        .count();
    (start, end)
}

impl Undoable for Pack {
    type Change = PackChange;

    fn change_back(mut before: Pack, after: &Pack) -> Option<PackChange> {
        let (start, end) = common_ends(&before.levels, &after.levels);
        let entries: Vec<PackEntry> = before
            .levels
            .drain(start..before.levels.len() - end)
            .collect();
        let len = after.levels.len() - end - start;
        let name = (before.name != after.name).then_some(before.name);
        if entries.is_empty() && len == 0 && name.is_none() {
            return None;
        }
        Some(PackChange {
            at: start,
            len,
            entries,
            name,
        })
    }

    fn swap_change(pack: &mut Pack, change: &mut PackChange) {
        let put = std::mem::take(&mut change.entries);
        let put_len = put.len();
        change.entries = pack
            .levels
            .splice(change.at..change.at + change.len, put)
            .collect();
        change.len = put_len;
        if let Some(name) = change.name.as_mut() {
            std::mem::swap(&mut pack.name, name);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::open_pack::OpenPack;
    use crate::kinds::tangram::figures::TangramFigures;
    use crate::kinds::{Kind, KindFigures, LevelSummary};
    use crate::pack;
    use proptest::prelude::*;

    fn entry(name: &str, width: usize) -> PackEntry {
        sized_entry(name, width, 5)
    }

    fn sized_entry(name: &str, width: usize, height: usize) -> PackEntry {
        let mut level = Kind::Skiddy.blank(width, height);
        level.set_name(name);
        PackEntry::new(level)
    }

    fn pack_of(names: &[&str]) -> Pack {
        Pack {
            name: "p".into(),
            levels: names.iter().map(|n| entry(n, 5)).collect(),
        }
    }

    /// The change that takes `after` back to `before`, applied both ways.
    fn round_trip(before: &Pack, after: &Pack) -> PackChange {
        let mut change = Pack::change_back(before.clone(), after).expect("they differ");
        let kept = change.clone();
        let mut pack = after.clone();
        Pack::swap_change(&mut pack, &mut change);
        assert_eq!(pack, *before, "back");
        Pack::swap_change(&mut pack, &mut change);
        assert_eq!(pack, *after, "forward again");
        kept
    }

    #[test]
    fn a_move_keeps_only_the_entries_between_its_two_places() {
        let before = pack_of(&["a", "b", "c", "d", "e", "f"]);
        let after = pack_of(&["a", "c", "d", "b", "e", "f"]);
        let change = round_trip(&before, &after);
        assert_eq!((change.at, change.len), (1, 3));
        assert_eq!(change.entries, before.levels[1..4].to_vec());
        assert_eq!(change.name, None);
    }

    #[test]
    fn an_insert_keeps_nothing_but_where_and_a_removal_keeps_the_entry() {
        let before = pack_of(&["a", "b", "c"]);
        let after = pack_of(&["a", "x", "b", "c"]);
        let change = round_trip(&before, &after);
        assert_eq!((change.at, change.len, change.entries.len()), (1, 1, 0));
        let change = round_trip(&after, &before);
        assert_eq!((change.at, change.len), (1, 0));
        assert_eq!(change.entries, vec![after.levels[1].clone()]);
    }

    #[test]
    fn identical_neighbours_are_undone_exactly() {
        let before = pack_of(&["a", "a", "a"]);
        let after = pack_of(&["a", "a"]);
        let change = round_trip(&before, &after);
        assert_eq!(change.entries.len() + after.levels.len(), 3);
        round_trip(&after, &before);
        round_trip(&pack_of(&[]), &pack_of(&["a"]));
        round_trip(&pack_of(&["a", "b"]), &pack_of(&[]));
    }

    #[test]
    fn a_rename_keeps_the_name_and_no_entry() {
        let before = pack_of(&["a", "b"]);
        let mut after = before.clone();
        after.name = "Renamed".into();
        let change = round_trip(&before, &after);
        assert_eq!(change.name.as_deref(), Some("p"));
        assert!(change.entries.is_empty() && change.len == 0);
        assert_eq!(Pack::change_back(before.clone(), &before), None);
    }

    /// A pack of `count` levels such as a designer keeps: named, tagged,
    /// with notes.
    fn big_pack(count: usize) -> Pack {
        Pack {
            name: "big".into(),
            levels: (0..count)
                .map(|i| {
                    let mut e = sized_entry(&format!("level {i}"), 10, 10);
                    e.tags = vec!["tutorial".into()];
                    e
                })
                .collect(),
        }
    }

    /// Edit `step` of a fixed mix: a move, a removal, an add, a rename,
    /// notes, a level replaced.
    fn scripted_edit(open: &mut OpenPack, step: usize) {
        let k = (step * 37) % (open.pack.levels.len() - 1);
        match step % 6 {
            0 => open.edit("Move", |p| p.levels.swap(k, k + 1)),
            1 => open.edit("Remove", |p| {
                p.levels.remove(k);
            }),
            2 => open.edit("Add", |p| {
                p.levels.push(sized_entry(&format!("new {step}"), 9, 9))
            }),
            3 => open.edit("Rename", |p| p.name = format!("big {step}")),
            4 => open.edit("Notes", |p| p.levels[k].notes = format!("note {step}")),
            _ => open.edit("Store", |p| {
                p.levels[k].level = sized_entry(&format!("edited {step}"), 8, 8).level;
            }),
        };
    }

    /// The serialised size (the pack file's JSON) of what the pack's
    /// history holds.
    fn history_bytes(open: &OpenPack) -> usize {
        let empty = pack::pack_to_json(&Pack::default()).len();
        open.history
            .changes()
            .map(|change| {
                let held = Pack {
                    name: change.name.clone().unwrap_or_default(),
                    levels: change.entries.clone(),
                };
                pack::pack_to_json(&held).len() - empty
            })
            .sum()
    }

    #[test]
    fn two_hundred_edits_of_a_pack_of_ten_thousand_levels_hold_their_changes_only() {
        let mut open = OpenPack::loaded(big_pack(10_000), None, pack::Unknown::new());
        let empty = pack::pack_to_json(&Pack::default()).len();
        let pack_bytes = pack::pack_to_json(&open.pack).len() - empty;
        for step in 0..200 {
            scripted_edit(&mut open, step);
        }
        assert_eq!(open.history.undo_names().len(), 200);
        let held = history_bytes(&open);
        eprintln!("pack history of 200 edits on 10,000 levels: {held} bytes serialised (the pack: {pack_bytes} bytes)");
        // A copy per step held 200 packs; the changes of 200 edits are
        // far less than one.
        assert!(held < pack_bytes / 10, "{held} bytes held");
        // Undo moves steps to redo; they hold changes too.
        for _ in 0..6 {
            assert!(open.undo().is_some());
        }
        assert_eq!(open.history.redo_names().len(), 6);
        assert!(
            history_bytes(&open) < pack_bytes / 10,
            "redo holds changes too"
        );
    }

    /// One edit a designer can make to a pack.
    #[derive(Clone, Debug)]
    enum Edit {
        Add { at: usize, name: u8, width: usize },
        Remove(usize),
        Move { from: usize, to: usize },
        Rename(u8),
        Board { at: usize, width: usize },
        TagsAndNotes { at: usize, tag: u8 },
        Summary { at: usize, solutions: Option<u64> },
        Unknown { at: usize, value: u8 },
    }

    fn edit_strategy() -> impl Strategy<Value = Edit> {
        prop_oneof![
            (any::<usize>(), 0u8..4, 3usize..6).prop_map(|(at, name, width)| Edit::Add {
                at,
                name,
                width
            }),
            any::<usize>().prop_map(Edit::Remove),
            (any::<usize>(), any::<usize>()).prop_map(|(from, to)| Edit::Move { from, to }),
            (0u8..3).prop_map(Edit::Rename),
            (any::<usize>(), 3usize..6).prop_map(|(at, width)| Edit::Board { at, width }),
            (any::<usize>(), 0u8..3).prop_map(|(at, tag)| Edit::TagsAndNotes { at, tag }),
            (any::<usize>(), proptest::option::of(0u64..3))
                .prop_map(|(at, solutions)| Edit::Summary { at, solutions }),
            (any::<usize>(), 0u8..3).prop_map(|(at, value)| Edit::Unknown { at, value }),
        ]
    }

    /// Makes `edit` to `pack` (an index past the end wraps).
    fn apply(pack: &mut Pack, edit: &Edit) {
        let len = pack.levels.len();
        let entry_at = |at: usize| at % len.max(1);
        match *edit {
            Edit::Add { at, name, width } => {
                pack.levels
                    .insert(at % (len + 1), entry(&format!("l{name}"), width));
            }
            _ if len == 0 => {}
            Edit::Remove(at) => {
                pack.levels.remove(entry_at(at));
            }
            Edit::Move { from, to } => {
                let moved = pack.levels.remove(entry_at(from));
                pack.levels.insert(to % len, moved);
            }
            Edit::Rename(name) => pack.name = format!("pack {name}"),
            Edit::Board { at, width } => {
                let e = &mut pack.levels[entry_at(at)];
                let mut level = Kind::Skiddy.blank(width, 4);
                level.set_name(e.level.name());
                e.level = level;
            }
            Edit::TagsAndNotes { at, tag } => {
                let e = &mut pack.levels[entry_at(at)];
                e.tags.push(format!("t{tag}"));
                e.notes = format!("n{tag}");
            }
            Edit::Summary { at, solutions } => {
                pack.levels[entry_at(at)].summary = Some(LevelSummary {
                    verdict: "v".into(),
                    figures: KindFigures::Tangram(TangramFigures { solutions }),
                    effort: None,
                });
            }
            Edit::Unknown { at, value } => {
                pack.levels[entry_at(at)]
                    .unknown
                    .insert("rating".into(), value.into());
            }
        }
    }

    proptest! {
        #[test]
        fn pack_edits_undone_give_back_each_pack_and_redone_the_final_one(
            names in proptest::collection::vec(0u8..4, 0..6),
            edits in proptest::collection::vec(edit_strategy(), 0..30),
        ) {
            let names: Vec<String> = names.iter().map(|n| format!("l{n}")).collect();
            let names: Vec<&str> = names.iter().map(String::as_str).collect();
            let original = pack_of(&names);
            let mut open = OpenPack::loaded(original.clone(), None, pack::Unknown::new());
            let mut versions = vec![original.clone()];
            for edit in &edits {
                open.edit("Edit", |p| apply(p, edit));
                if *versions.last().unwrap() != open.pack {
                    versions.push(open.pack.clone());
                }
            }
            prop_assert_eq!(open.history.undo_names().len(), versions.len() - 1);
            for version in versions.iter().rev().skip(1) {
                prop_assert!(open.undo().is_some());
                prop_assert_eq!(&open.pack, version);
            }
            prop_assert!(open.undo().is_none());
            prop_assert_eq!(&open.pack, &original);
            prop_assert!(!open.dirty);
            for version in versions.iter().skip(1) {
                prop_assert!(open.redo().is_some());
                prop_assert_eq!(&open.pack, version);
            }
            prop_assert!(open.redo().is_none());
            prop_assert_eq!(&open.pack, versions.last().unwrap());
        }
    }
}
