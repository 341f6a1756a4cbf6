//! Rush Hour in the editor: its GUI type ([`editor::RushHourGui`]) with
//! the palette (empty, wall, primary car, car, truck) where a drag lays a
//! vehicle along its direction and a vehicle is selected, moved anywhere
//! free or deleted ([`tools`], [`gesture`]); Play, where a vehicle is
//! dragged along its line or selected by Tab or its letter and moved by
//! the arrows, and the live label says how many moves the position is
//! from a win ([`play`]); the replay of Fogleman move lists
//! ([`replay`]); the report card with "Make it harder", the state graph's
//! board ([`play_and_replay`]); and the generator's tab ([`generate`]). The
//! rest of the GUI reaches these through [`super`], the registry of kinds.

pub mod editor;
pub mod generate;
pub mod gesture;
pub mod palette;
pub mod play;
pub mod play_and_replay;
pub mod replay;
pub mod report_card;
pub mod tools;

pub use editor::RushHourGui as Gui;
