//! Sokoban's file formats (docs/rules.md, Sokoban, "Text format"): the
//! standard XSB text, one level or a collection, and our lossless JSON.
//!
//! Readers never panic: every bad input is answered with a [`FormatError`]
//! that says where (line and column) and what.
//!
//! ## XSB
//! `#` wall; space, `-` or `_` floor; `.` goal; `$` box; `*` box on goal;
//! `@` player; `+` player on goal. Rows may be ragged and end in spaces
//! (a short row is padded with floor, which lies outside the walls).
//! Lines end in LF, CRLF or a lone CR (old Mac files), so a CR never
//! stays in a title. A line is a board row when it is made of these
//! characters only, or of them in the run-length form many sites use: a
//! count before a character repeats it (`7#`, `3#-3#`, `#@$2-.#`), and
//! `|` ends a row within the line (`7#|#@$2-.#|7#`; a `|` at the end of
//! the line adds no row, two in a row make an empty one). A line needs a
//! cell character other than space to be a row: a line of digits (`12`)
//! is not one. In a run-length row, an error's column counts the cells of
//! the row as expanded. Other lines are comments and metadata:
//!
//! - a `;` line is a comment; the last one before a board is its title
//!   (`; 12` names the level "12");
//! - a `Title:` line after a board names that board (it wins over a `;`
//!   line); before the first board it names the first;
//! - a `Comment:` line with nothing after the colon opens a block that a
//!   `Comment-End:` line closes; nothing inside is a board;
//! - any other line (`Author: …`, `'Duh!'`) is metadata and skipped;
//! - a line that begins with `#` but holds a character XSB does not know
//!   is a broken board row: an error names its line and column.
//!
//! Boards are separated by blank lines or by any non-board line.
//!
//! A board that cannot be read (a broken row, a row too long, too many
//! rows, two players) does not make the collection unreadable:
//! [`read_xsb_collection`] reads the others and names it by its place in
//! the file (from 0, as `FILE#index` counts), its first line and its
//! title; only a text none of whose boards can be read is an error.
//! [`read_xsb`] wants every level and answers the first fault.
//!
//! A title keeps every character of its line but the white space at its
//! ends (control characters such as NUL included: they write back as
//! they are). So what is read can be written back, and a name that XSB
//! would change, one with a line break or with white space at either end
//! (`"  Level 1"`, a trailing U+0085), is refused by the writer (see
//! [`unsayable_name`]), naming the level in a collection, never changed
//! silently; JSON keeps any name.
//!
//! Writing puts the name on a `; name` line before the board, writes
//! floor as a space, cuts the spaces at the ends of rows, writes an
//! all-floor row as `-` (a blank line would end the board), and ends the
//! first row with `-` when no row reaches the board's width, so that
//! reading it back gives the same level.
//!
//! ## Our JSON
//! ```json
//! {"format": "levelscope-level", "version": 1, "kind": "sokoban",
//!  "name": "1", "width": 5, "height": 3,
//!  "rows": ["#####", "#@$.#", "#####"]}
//! ```
//! `rows` holds one string a row, top row first, of `width` XSB
//! characters (floor written `-`). Every level can be written, valid or
//! not, and read back equal: when the boxes or the player cannot be
//! marked in the rows (a box in a wall or off the board, two boxes on one
//! cell, the player on a box or in a wall), the rows hold the cells only
//! and `"player": [x, y]` (or `null`) and `"boxes": [[x, y], …]` say them.

mod json;
mod xsb_read;
mod xsb_write;

pub use json::{from_json_value, read_json, to_json_value, write_json};
pub use xsb_read::{
    board_lines, introduces_next_board, looks_like_xsb, read_xsb, read_xsb_collection,
    read_xsb_one, UnreadBoard, XsbCollection,
};
pub use xsb_write::{retitle_xsb, unsayable_name, write_xsb, write_xsb_collection};

use super::level::{Cell, Level, MAX_SIDE};
use crate::kinds::envelope::EnvelopeError;

/// The newest JSON level version this program reads and writes.
pub const LEVEL_VERSION: u32 = 1;
/// The `kind` field of a Sokoban JSON level.
pub const KIND: &str = "sokoban";

/// The characters of an XSB board row.
pub const XSB_CHARS: &str = "# -_.$*@+";

/// Why a Sokoban text could not be read or written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FormatError {
    /// The text holds no board row at all.
    #[error("no Sokoban board found: no line is made of the XSB characters {XSB_CHARS:?} only")]
    NoBoard,
    /// A row that begins like a board row holds an unknown character.
    #[error("line {line}, column {column}: unknown character {ch:?} in a board row (XSB knows # - _ . $ * @ + and space)")]
    UnknownChar {
        /// The line (from 1).
        line: usize,
        /// The column (from 1).
        column: usize,
        /// The character.
        ch: char,
    },
    /// A row longer than any board this program reads.
    #[error("line {line}: the row is {len} cells long; a Sokoban board has at most {MAX_SIDE}")]
    TooWide {
        /// The line (from 1).
        line: usize,
        /// The row's length.
        len: usize,
    },
    /// More rows than any board this program reads.
    #[error("line {line}: the board starting here has more than {MAX_SIDE} rows")]
    TooTall {
        /// The line of the board's first row (from 1).
        line: usize,
    },
    /// A second player in one board.
    #[error("line {line}, column {column}: a second player (the first is at ({}, {}))", first.0, first.1)]
    SecondPlayer {
        /// The line (from 1).
        line: usize,
        /// The column (from 1).
        column: usize,
        /// The first player's cell `(x, y)`.
        first: (usize, usize),
    },
    /// A `Comment:` block that no `Comment-End:` line closes.
    #[error("line {line}: the Comment: block opened here is never closed by a Comment-End: line")]
    UnclosedComment {
        /// The line of the `Comment:` line (from 1).
        line: usize,
    },
    /// A run-length count (`3#`) with no cell after it, in a row that
    /// begins with `#`.
    #[error("line {line}, column {column}: a run-length count with no cell character after it (write the count before the cell it repeats, as in 3#)")]
    CountWithoutCell {
        /// The line (from 1).
        line: usize,
        /// The column of the count's first digit (from 1).
        column: usize,
    },
    /// A run-length count of 0 (`0#`), in a row that begins with `#`.
    #[error("line {line}, column {column}: a run-length count of 0 repeats nothing (a count is 1 or more)")]
    ZeroCount {
        /// The line (from 1).
        line: usize,
        /// The column of the count's first digit (from 1).
        column: usize,
    },
    /// Every level of a collection is broken.
    #[error("none of the {count} levels can be read; the first: {first}")]
    NoneReadable {
        /// How many levels the text holds.
        count: usize,
        /// What is wrong with the first.
        first: Box<FormatError>,
    },
    /// A level of a collection that XSB cannot say, named.
    #[error("level #{index} {}: {error}", crate::kinds::text::quoted(.name))]
    InLevel {
        /// Its place in the collection (from 0, as `FILE#index` counts).
        index: usize,
        /// Its name.
        name: String,
        /// Why it cannot be written.
        error: Box<FormatError>,
    },
    /// One level was expected and the text holds several.
    #[error("the text holds {count} levels, not one (the second starts at line {second_line})")]
    NotOne {
        /// How many levels it holds.
        count: usize,
        /// The line of the second level's first row (from 1).
        second_line: usize,
    },
    /// Something XSB cannot say.
    #[error("XSB cannot say this level: {0}")]
    CannotSay(String),
    /// Not JSON, or JSON of the wrong shape.
    #[error("not a valid Sokoban JSON level: {0}")]
    Json(String),
    /// The JSON's envelope (`format`, `version`, `kind`) is wrong: another
    /// format, a newer version, another kind, or a field missing.
    #[error(transparent)]
    Envelope(#[from] EnvelopeError),
}

/// What one XSB character stands for: the cell, and whether a box or the
/// player stands on it.
pub(super) fn xsb_char(ch: char) -> Option<(Cell, bool, bool)> {
    Some(match ch {
        '#' => (Cell::Wall, false, false),
        ' ' | '-' | '_' => (Cell::Floor, false, false),
        '.' => (Cell::Goal, false, false),
        '$' => (Cell::Floor, true, false),
        '*' => (Cell::Goal, true, false),
        '@' => (Cell::Floor, false, true),
        '+' => (Cell::Goal, false, true),
        _ => return None,
    })
}

/// The XSB character of a cell with or without a box or the player, if
/// XSB can say it (`floor` is the character used for bare floor).
pub(super) fn char_of(cell: Cell, has_box: bool, player: bool, floor: char) -> Option<char> {
    Some(match (cell, has_box, player) {
        (Cell::Wall, false, false) => '#',
        (Cell::Floor, false, false) => floor,
        (Cell::Goal, false, false) => '.',
        (Cell::Floor, true, false) => '$',
        (Cell::Goal, true, false) => '*',
        (Cell::Floor, false, true) => '@',
        (Cell::Goal, false, true) => '+',
        _ => return None,
    })
}

/// The XSB characters of a level's rows, cells and pieces; `floor` is the
/// character for bare floor. Fails when a box or the player cannot be
/// marked (see [`FormatError::CannotSay`]).
pub(super) fn rows_of(level: &Level, floor: char) -> Result<Vec<Vec<char>>, FormatError> {
    let (w, h) = (level.width(), level.height());
    let mut boxes = vec![false; w * h];
    for &(x, y) in &level.boxes {
        if !level.contains(x, y) {
            return Err(FormatError::CannotSay(format!(
                "a box at ({x}, {y}) is off the {w}x{h} board"
            )));
        }
        if std::mem::replace(&mut boxes[y * w + x], true) {
            return Err(FormatError::CannotSay(format!(
                "two boxes on the cell ({x}, {y})"
            )));
        }
    }
    if let Some((x, y)) = level.player {
        if !level.contains(x, y) {
            return Err(FormatError::CannotSay(format!(
                "the player at ({x}, {y}) is off the {w}x{h} board"
            )));
        }
    }
    let mut rows = Vec::with_capacity(h);
    for y in 0..h {
        let mut row = Vec::with_capacity(w);
        for x in 0..w {
            let player = level.player == Some((x, y));
            let ch =
                char_of(level.cell(x, y), boxes[y * w + x], player, floor).ok_or_else(|| {
                    let what = if player && boxes[y * w + x] {
                        "the player stands on a box"
                    } else if player {
                        "the player is in a wall"
                    } else {
                        "a box is in a wall"
                    };
                    FormatError::CannotSay(format!("cell ({x}, {y}): {what}"))
                })?;
            row.push(ch);
        }
        rows.push(row);
    }
    Ok(rows)
}

#[cfg(test)]
mod tests;
