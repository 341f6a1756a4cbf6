//! Rooms: a tree of rooms laid out on a map by the guess-and-test stack
//! (RULES.md section 4).

pub mod layout;
pub mod tree;

pub use layout::{lay_out, LayoutResult, MapCell, RoomLayout};
pub use tree::{RoomTree, TreeError};
