//! Rush Hour's file formats (docs/rules.md, Rush Hour): Michael Fogleman's
//! one-line board and files of such lines, the JSON of the puzzle archive
//! (`olieslagers_2024`), and our lossless JSON.
//!
//! Readers never panic: every bad input is answered with a [`FormatError`]
//! that names the vehicle (by its letter, or by its place in the archive's
//! `cars` list) or the cell `(x, y)`.
//!
//! ## Fogleman's line
//! One line of `n * n` characters, row by row, is an `n x n` board, `n`
//! from 4 to 10: `o` or `.` empty, `x` a wall, `A` the primary vehicle,
//! the other capitals `B` to `Z` the other vehicles. The cells of one
//! letter must form one straight, unbroken line of 2 or more cells; the
//! primary must lie horizontally. Whole or decimal numbers may stand
//! before and after the board, separated by white space (his database
//! writes `moves board cluster-size`): they are ignored.
//!
//! Reading puts the primary first and the other vehicles in the
//! alphabetical order of their letters, so they keep their letters when
//! these run on from `B` without a gap (`A C D` is read as `A B C`, the
//! same puzzle). Writing puts `o` for empty cells and `x` for walls; a line
//! has no name, so a level's name is not written. Only a valid square
//! level can be written (the writer says what stands in the way).
//!
//! A file of lines is a collection: each non-blank line is a level; a line
//! that cannot be read does not stop the others (see [`read_lines`]).
//!
//! ## The archive's JSON
//! `{"id": "prb10206", "cars": [{"id": "0", "length": 3, "orientation":
//! "vertical", "position": 15, "player": false}, …]}` on the 6x6 board:
//! `position` is the car's top or left cell, `row * 6 + column`; the car
//! with `"player": true` is the primary. The level is named by `id`; the
//! primary comes first, the other cars follow in the file's order.
//!
//! ## Our JSON
//! ```json
//! {"format": "levelscope-level", "version": 1, "kind": "rushhour",
//!  "name": "", "width": 6, "height": 6,
//!  "rows": ["oooooo", "ooooox", "oooooo", "oooooo", "oooooo", "oooooo"],
//!  "vehicles": [{"x": 0, "y": 2, "length": 2,
//!                "orientation": "horizontal", "primary": true}]}
//! ```
//! `rows` holds the walls (`x`) and the empty cells (`o`), one string a
//! row, top row first; `vehicles` lists the vehicles in their order. Every
//! level the editor can hold, valid or not, is written and read back equal.

mod archive;
mod json;
mod line;

use crate::kinds::envelope::EnvelopeError;
pub use archive::{looks_like_archive, read_archive_json, write_archive_json, ARCHIVE_SIDE};
pub use json::{from_json_value, read_json, to_json_value, write_json};
pub use line::{
    looks_like_line, read_line, read_lines, write_line, write_lines, LinesCollection, UnreadLine,
};

/// The newest JSON level version this program reads and writes.
pub const LEVEL_VERSION: u32 = 1;
/// The `kind` field of a Rush Hour JSON level.
pub const KIND: &str = "rushhour";

/// Why a Rush Hour text could not be read or written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FormatError {
    /// A line holds nothing but numbers (or nothing).
    #[error("no Rush Hour board: the line holds no board, only numbers or nothing")]
    NoBoard,
    /// One line was expected and the text holds several.
    #[error("the text holds {count} lines, not one board line")]
    NotOneLine {
        /// How many non-blank lines it holds.
        count: usize,
    },
    /// A line holds two words that are not numbers.
    #[error("the line holds {} and {}: a line holds one board, with only numbers before or after it", crate::kinds::text::quoted(.first), crate::kinds::text::quoted(.second))]
    TwoBoards {
        /// The first word.
        first: String,
        /// The second word.
        second: String,
    },
    /// The board's length is not the square of a side from 4 to 10.
    #[error("the board {} has {len} characters; a board line is n x n characters with n from 4 to 10 (16, 25, 36, 49, 64, 81 or 100)", crate::kinds::text::quoted(.board))]
    BoardLength {
        /// The board as written.
        board: String,
        /// Its length in characters.
        len: usize,
    },
    /// A character a board line does not know.
    #[error("cell ({x}, {y}): unknown character {ch:?} (a board line knows o and . for empty, x for a wall, A for the primary and B to Z for vehicles)")]
    UnknownChar {
        /// Its column.
        x: usize,
        /// Its row.
        y: usize,
        /// The character.
        ch: char,
    },
    /// A vehicle of one cell.
    #[error("{vehicle} covers only the cell ({x}, {y}); a vehicle covers at least 2 cells")]
    OneCell {
        /// The vehicle, named.
        vehicle: String,
        /// Its column.
        x: usize,
        /// Its row.
        y: usize,
    },
    /// A letter whose cells are not one straight unbroken line.
    #[error("{vehicle} is not one straight line: its cells are {cells}")]
    Bent {
        /// The vehicle, named.
        vehicle: String,
        /// Its cells, `(x, y)` in reading order.
        cells: String,
    },
    /// No primary vehicle.
    #[error("no primary vehicle: {0}")]
    NoPrimary(&'static str),
    /// Two vehicles claim to be the primary.
    #[error("two primary vehicles: {first} and {second}; a level has one")]
    TwoPrimaries {
        /// The first, named.
        first: String,
        /// The second, named.
        second: String,
    },
    /// A vertical primary vehicle.
    #[error("cell ({x}, {y}): the primary vehicle {vehicle} is vertical; it must lie horizontally to drive out on the right")]
    VerticalPrimary {
        /// The primary, named.
        vehicle: String,
        /// Its top cell's column.
        x: usize,
        /// Its top cell's row.
        y: usize,
    },
    /// A vehicle whose length is out of range.
    #[error("{vehicle} has length {length}; a vehicle covers 2 to {most} cells")]
    BadLength {
        /// The vehicle, named.
        vehicle: String,
        /// Its length.
        length: u64,
        /// The longest a vehicle can be here.
        most: usize,
    },
    /// A vehicle that runs off the board.
    #[error("{vehicle} runs off the {side}x{side} board at ({x}, {y})")]
    OffBoard {
        /// The vehicle, named.
        vehicle: String,
        /// The first cell off the board, column.
        x: usize,
        /// Its row.
        y: usize,
        /// The board's side.
        side: usize,
    },
    /// Two vehicles on one cell.
    #[error("cell ({x}, {y}): {vehicle} overlaps {other}")]
    Overlap {
        /// The later vehicle, named.
        vehicle: String,
        /// The earlier one, named.
        other: String,
        /// The cell's column.
        x: usize,
        /// The cell's row.
        y: usize,
    },
    /// A level of a file of lines that cannot be written, named.
    #[error("level #{index} {}: {error}", crate::kinds::text::quoted(.name))]
    InLevel {
        /// Its place in the collection (from 0).
        index: usize,
        /// Its name.
        name: String,
        /// Why it cannot be written.
        error: Box<FormatError>,
    },
    /// Something a board line cannot say.
    #[error("a board line cannot say this level: {0}")]
    CannotSay(String),
    /// Something the archive's JSON cannot say.
    #[error("the archive's JSON cannot say this level: {0}")]
    Unsayable(String),
    /// Not JSON, or JSON of the wrong shape.
    #[error("not a valid Rush Hour JSON level: {0}")]
    Json(String),
    /// The JSON's envelope (`format`, `version`, `kind`) is wrong: another
    /// format, a newer version, another kind, or a field missing.
    #[error(transparent)]
    Envelope(#[from] EnvelopeError),
    /// A line of a file of board lines, none of which could be read.
    #[error("line {line}: {error}")]
    AtLine {
        /// The line (from 1).
        line: usize,
        /// What is wrong with it.
        error: Box<FormatError>,
    },
    /// A file of board lines that holds no board line at all.
    #[error("the text holds no board line")]
    NoBoardLine,
}

/// `(x, y)` cells in words: `"(1, 2), (2, 2), (2, 3)"`.
pub(super) fn cells_words(cells: &[(usize, usize)]) -> String {
    cells
        .iter()
        .map(|(x, y)| format!("({x}, {y})"))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests;
