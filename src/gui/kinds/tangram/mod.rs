//! Tangram in the editor: painting triangles into shapes, play with drag
//! and snap, the solution stepper and the report card.

pub mod board_views;
pub mod palette;
pub mod play;
pub mod report_card;
pub mod tools;
