//! What the pack panel asks of the app or tells it, and the edits it makes
//! to the pack, named for the undo history.

use crate::pack::Pack;

/// What the panel asks of the app, or tells it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PackAction {
    /// The designer clicked level `i`: open it in the editor.
    Open(usize),
    /// The designer pressed "Add current level": append the editor's level
    /// to the pack.
    AddCurrent,
    /// The panel changed the pack itself (removed, reordered, kept one of
    /// duplicates, stored fresh summaries): record it as an undoable edit.
    Edited(PackEdit),
    /// The levels were removed or moved: level `i` is now level `map[i]`
    /// (`None`: removed). Comes with [`PackAction::Edited`]; the app uses it
    /// to follow the level open in the editor.
    Renumbered(Vec<Option<usize>>),
}

/// An edit the panel made to the pack: what it is called, and the pack
/// before it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PackEdit {
    /// The edit in words, e.g. `Remove level 3 "Switch trap" from the pack`.
    pub name: String,
    /// The pack before the edit.
    pub before: Pack,
}

/// A new order of the pack's levels (old indices in their new places;
/// missing ones are removed) and the edit's name.
#[derive(Clone, Debug)]
pub struct Rearrangement {
    /// The order.
    pub order: Vec<usize>,
    /// The edit in words.
    pub name: String,
}
