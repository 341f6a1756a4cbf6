//! Rooms: a tree of rooms laid out on a map by the guess-and-test stack
//! (docs/rules.md, Rooms).

pub mod layout;
pub mod tree;

pub use layout::{lay_out, LayoutResult, MapCell, RoomLayout};
pub use tree::{RoomTree, TreeError};
