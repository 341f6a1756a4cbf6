//! Prism in the editor: its GUI type ([`editor::PrismGui`]) with the palette and painting tools with the starting
//! background, Play with the enemies and the catch, the replay of moves from
//! the rules' trace, the report card and the traps, the state graph's
//! board, the floors view (the level as its 3D model) and the Generate
//! dialog's tab ([`generate`]). The rest of the
//! GUI reaches these through [`super`], the registry of kinds.

pub mod editor;
pub mod floors_paint;
pub mod floors_view;
pub mod generate;
pub mod palette;
pub mod play;
pub mod play_and_replay;
pub mod region;
pub mod replay;
pub mod report_card;
pub mod tools;

pub use editor::PrismGui as Gui;
