//! Rush Hour, the sliding-block puzzle (docs/rules.md, Rush Hour): slide
//! the vehicles along their lines until the primary car can drive out
//! through the exit on the right.

pub mod analysis;
pub mod canonical;
pub mod describe;
pub mod effort;
pub mod figures;
pub mod format;
pub mod generate;
pub mod level;
pub mod model;
pub mod picture;
pub mod puzzle;
pub mod report;
pub mod resize;
pub mod rules;
pub mod text_formats;
pub mod transcript;

pub use analysis::{analyze, Analysis, AnalyzeError, Report};
pub use canonical::canonical_key;
pub use describe::describe_cell;
pub use format::{
    from_json_value, looks_like_line, read_archive_json, read_json, read_line, read_lines,
    to_json_value, write_json, write_line, write_lines, FormatError, LinesCollection, UnreadLine,
};
pub use level::{Level, Orientation, Vehicle, DEFAULT_SIDE, MAX_SIDE, MAX_VEHICLES, MIN_SIDE};
pub use model::Model;
pub use picture::level_picture;
pub use puzzle::{CompileError, Rules, RushHourPuzzle, MAX_MOVES};
pub use resize::resized_at;
pub use rules::{apply, is_won, legal_moves, slide_range, Move, MoveError, MoveOn};
