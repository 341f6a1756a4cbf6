//! Rush Hour, the sliding-block puzzle (docs/rules.md, Rush Hour): slide
//! the vehicles along their lines until the primary car can drive out
//! through the exit on the right.

pub mod level;
pub mod rules;

pub use level::{Level, Orientation, Vehicle, DEFAULT_SIDE, MAX_SIDE, MAX_VEHICLES, MIN_SIDE};
pub use rules::{apply, is_won, legal_moves, slide_range, Move, MoveError, MoveOn};
