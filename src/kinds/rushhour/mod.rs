//! Rush Hour, the sliding-block puzzle (docs/rules.md, Rush Hour): slide
//! the vehicles along their lines until the primary car can drive out
//! through the exit on the right.

pub mod analysis;
pub mod generate;
pub mod level;
pub mod puzzle;
pub mod report;
pub mod rules;
pub mod transcript;

pub use analysis::{analyze, Analysis, AnalyzeError, Report};
pub use level::{Level, Orientation, Vehicle, DEFAULT_SIDE, MAX_SIDE, MAX_VEHICLES, MIN_SIDE};
pub use puzzle::{CompileError, Rules, RushHourPuzzle, MAX_MOVES};
pub use rules::{apply, is_won, legal_moves, slide_range, Move, MoveError, MoveOn};
