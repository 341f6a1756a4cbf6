//! Tangram, the triangle tiling puzzle (docs/rules.md, Tangram): an `N x N`
//! board of squares, each cut by its diagonals into four triangles, and
//! shapes that partition the triangles; the player puts the shapes back by
//! translation only. The question a designer asks is how many ways the
//! shapes cover the board, an exact-cover count.
//!
//! Coordinates are the original game's (`y` grows upward); see [`level`].

pub mod analysis;
pub mod canonical;
pub mod effort;
pub mod figures;
pub mod format;
pub mod generate;
pub mod level;
pub mod model;
pub mod picture;
pub mod report;
pub mod resize;
pub mod solve;
pub mod text_formats;

pub use analysis::{analyze, Analysis};
pub use canonical::{canonical_key, transform, transformed};
pub use format::{
    from_json_value, looks_like_tangram, parse_json, parse_level, parse_text, to_json,
    to_json_value, to_text, FormatError,
};
pub use generate::{
    generate, generate_with, grow, GenerateError, GenerateOptions, Generated, Preset,
};
pub use level::{neighbours, Level, Shape, Triangle, MAX_SIZE, MIN_SIZE};
pub use model::Model;
pub use solve::{
    hint, hint_with, is_unique, solve, verdict, Hint, Placement, SolveError, SolveReport,
};
