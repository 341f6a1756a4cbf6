//! The editor: an egui window where the designer paints a level, plays it
//! and sees why it fails, with the analysis always running on a worker
//! thread.

pub mod board;
pub mod dead_end;
pub mod files;
pub mod history;
pub mod replay;
pub mod tools;
pub mod worker;
