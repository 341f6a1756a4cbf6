//! Skiddy in the editor: its GUI type ([`editor::SkiddyGui`]) with the
//! palette and painting tools, Play, the replay of a move sequence, the
//! trapped pieces of a dead end, the rating card, the board's Skiddy
//! drawing and the Generate dialog's tab ([`generate`]). The rest of the GUI reaches these through [`super`], the
//! registry of kinds.

pub mod board;
pub mod dead_end;
pub mod editor;
pub mod generate;
pub mod palette;
pub mod play;
pub mod play_and_replay;
pub mod region;
pub mod replay;
pub mod report_card;
pub mod tools;

pub use editor::SkiddyGui as Gui;
