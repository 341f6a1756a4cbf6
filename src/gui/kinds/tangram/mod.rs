//! Tangram in the editor: its GUI type ([`editor::TangramGui`]), painting triangles into shapes, play with drag
//! and snap, the solution stepper, the report card and the Generate
//! dialog's tab ([`generate`]), every place named
//! as the board's rulers count ([`coords`]).

pub mod coords;
pub mod editor;
pub mod generate;
pub mod palette;
pub mod play;
pub mod play_and_replay;
pub mod report_card;
pub mod tools;
pub mod tray;

pub use editor::TangramGui as Gui;
