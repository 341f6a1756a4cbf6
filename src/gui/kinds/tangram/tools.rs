//! What Tangram's tools do to a level.

use crate::kinds::tangram::Level;

/// The level resized to `size` x `size`.
pub fn resized(level: &Level, size: usize) -> Level {
    let mut out = level.clone();
    out.size = size;
    out
}

/// Shapes on the board.
pub fn piece_count(level: &Level) -> usize {
    level.shapes.len()
}

/// What is at square `(x, y)` (y down).
pub fn describe_cell(_level: &Level, _x: usize, _y: usize) -> String {
    String::new()
}
