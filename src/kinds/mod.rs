//! The puzzle kinds. Each kind has its level model, formats, rules and
//! rating; it depends on the engine, never on the GUI or the CLI.

pub mod problem;
pub mod rooms;
pub mod skiddy;
pub mod tangram;

pub use problem::Problem;
