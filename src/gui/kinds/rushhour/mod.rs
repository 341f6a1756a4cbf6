//! Rush Hour in the editor: the palette (empty, wall, primary car, car,
//! truck) where a drag lays a vehicle along its direction, and a vehicle
//! is selected, moved anywhere free or deleted ([`tools`], [`gesture`]).

pub mod gesture;
pub mod play;
pub mod replay;
pub mod tools;
