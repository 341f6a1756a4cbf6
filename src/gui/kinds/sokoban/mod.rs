//! Sokoban in the editor: its GUI type ([`editor::SokobanGui`]) with the
//! palette of XSB tiles and the painting tools, Play with undo and the
//! position's verdict (a dead end the moment a push dooms the level), the
//! replay of LURD solutions, the report card and the traps (the push and
//! the deadlock side by side, the boxes on dead cells ringed), and the
//! state graph's board, and the solver past the budget for a level too
//! big to explore ([`solve`]). Sokoban has no generator: its Generate tab says
//! so ([`crate::gui::kinds::no_generator`]). The rest of the GUI reaches
//! these through [`super`], the registry of kinds.

pub mod editor;
pub mod lost_boxes;
pub mod palette;
pub mod play;
pub mod play_and_replay;
pub mod region;
pub mod replay;
pub mod report_card;
pub mod solve;
pub mod tools;

pub use editor::SokobanGui as Gui;
