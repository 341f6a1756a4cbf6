//! Skiddy's file formats: the ASCII text of docs/rules.md (one character a cell)
//! and the complete JSON level format, which can also say that a piece
//! starts inside a pit.

use serde::{Deserialize, Serialize};

use super::level::{Cell, Colour, Floor, Level, Piece, MAX_READ_SIDE, MAX_SIDE, MIN_SIDE};
use crate::kinds::envelope::{check_envelope, EnvelopeError, LEVEL_FORMAT};

/// The newest JSON level version this program reads and writes.
pub const LEVEL_VERSION: u32 = 1;

/// Why a level file could not be read or written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FormatError {
    /// The text holds no rows.
    #[error("the level is empty: no rows")]
    Empty,
    /// A row has a different length from the first.
    #[error(
        "row {row} has {len} cells but row 0 has {expected}: rows must all be the same length"
    )]
    Ragged {
        /// The row (0-based).
        row: usize,
        /// Its length.
        len: usize,
        /// The length of row 0.
        expected: usize,
    },
    /// A row longer than any board this program reads.
    #[error(
        "row {row} has {len} cells; a Skiddy board is read up to {MAX_READ_SIDE} cells a side \
         (a playable one has {MIN_SIDE} to {MAX_SIDE})"
    )]
    TooWide {
        /// The row (0-based).
        row: usize,
        /// Its length.
        len: usize,
    },
    /// More rows than any board this program reads.
    #[error(
        "the board has {rows} rows; a Skiddy board is read up to {MAX_READ_SIDE} cells a side \
         (a playable one has {MIN_SIDE} to {MAX_SIDE})"
    )]
    TooTall {
        /// How many rows the text holds.
        rows: usize,
    },
    /// A character that stands for no cell.
    #[error("cell ({x}, {y}): unknown character {ch:?} (known: # . o c i R B G Y r b g y)")]
    UnknownChar {
        /// Column.
        x: usize,
        /// Row.
        y: usize,
        /// The character.
        ch: char,
    },
    /// The JSON is malformed or misses fields.
    #[error("not a valid JSON level: {0}")]
    Json(String),
    /// The JSON's envelope (`format`, `version`, `kind`) is wrong: another
    /// format, a newer version, another kind, or a field missing.
    #[error(transparent)]
    Envelope(#[from] EnvelopeError),
    /// `in_pit` names a cell outside the board or without a piece.
    #[error("in_pit: cell ({x}, {y}) {problem}")]
    BadPit {
        /// Column.
        x: usize,
        /// Row.
        y: usize,
        /// What is wrong with it.
        problem: &'static str,
    },
    /// The level has something the ASCII form cannot say.
    #[error(
        "cell ({x}, {y}): a {what} inside a pit cannot be written as text; save the level as JSON"
    )]
    NotAscii {
        /// Column.
        x: usize,
        /// Row.
        y: usize,
        /// The piece.
        what: String,
    },
}

/// The character of a cell in the ASCII form, if it has one.
pub fn cell_char(cell: Cell) -> Option<char> {
    let colour_char = |c: Colour, upper: bool| {
        let ch = match c {
            Colour::Red => 'r',
            Colour::Blue => 'b',
            Colour::Green => 'g',
            Colour::Yellow => 'y',
        };
        if upper {
            ch.to_ascii_uppercase()
        } else {
            ch
        }
    };
    Some(match (cell.floor, cell.piece) {
        (Floor::Empty, None) => '.',
        (Floor::Block, None) => '#',
        (Floor::Pit, None) => 'o',
        (Floor::Goal(c), None) => colour_char(c, false),
        (Floor::Empty, Some(Piece::Skiddy(c))) => colour_char(c, true),
        (Floor::Empty, Some(Piece::Crate)) => 'c',
        (Floor::Empty, Some(Piece::Ice)) => 'i',
        _ => return None,
    })
}

/// The cell a character stands for.
pub fn char_cell(ch: char) -> Option<Cell> {
    let colour = |c: char| match c.to_ascii_lowercase() {
        'r' => Some(Colour::Red),
        'b' => Some(Colour::Blue),
        'g' => Some(Colour::Green),
        'y' => Some(Colour::Yellow),
        _ => None,
    };
    Some(match ch {
        '.' => Cell::floor(Floor::Empty),
        '#' => Cell::floor(Floor::Block),
        'o' => Cell::floor(Floor::Pit),
        'c' => Cell::piece(Piece::Crate),
        'i' => Cell::piece(Piece::Ice),
        'R' | 'B' | 'G' | 'Y' => Cell::piece(Piece::Skiddy(colour(ch)?)),
        'r' | 'b' | 'g' | 'y' => Cell::floor(Floor::Goal(colour(ch)?)),
        _ => return None,
    })
}

/// Reads a board from its rows. Every size is checked before anything is
/// allocated: the row count and each row's length against
/// [`MAX_READ_SIDE`], and every row against the first, so that a text of
/// 200,000 columns and as many rows is a located error, never a board of
/// 40 billion cells.
fn parse_rows<'a>(rows: impl Iterator<Item = &'a str> + Clone) -> Result<Level, FormatError> {
    let mut width = None;
    let mut height = 0;
    for (y, row) in rows.clone().enumerate() {
        // Count at most one character past the limit: a 3 MB row is not
        // walked to the end only to be refused.
        let len = row.chars().take(MAX_READ_SIDE + 1).count();
        if len > MAX_READ_SIDE {
            return Err(FormatError::TooWide {
                row: y,
                len: row.chars().count(),
            });
        }
        let expected = *width.get_or_insert(len);
        if len != expected {
            return Err(FormatError::Ragged {
                row: y,
                len,
                expected,
            });
        }
        height = y + 1;
        if height > MAX_READ_SIDE {
            return Err(FormatError::TooTall { rows: rows.count() });
        }
    }
    let width = width.unwrap_or(0);
    if width == 0 {
        return Err(FormatError::Empty);
    }
    let mut cells = Vec::with_capacity(width * height);
    for (y, row) in rows.enumerate() {
        for (x, ch) in row.chars().enumerate() {
            cells.push(char_cell(ch).ok_or(FormatError::UnknownChar { x, y, ch })?);
        }
    }
    Ok(Level::from_cells(width, height, cells))
}

/// Reads the ASCII form: one line a row. Trailing whitespace on a line and
/// blank lines before and after the board are ignored.
pub fn parse_ascii(text: &str) -> Result<Level, FormatError> {
    let lines: Vec<&str> = text.lines().map(|l| l.trim_end()).collect();
    let first = lines
        .iter()
        .position(|l| !l.is_empty())
        .unwrap_or(lines.len());
    let last = lines
        .iter()
        .rposition(|l| !l.is_empty())
        .map_or(first, |i| i + 1);
    parse_rows(lines[first..last].iter().copied())
}

/// Whether `text` looks like the ASCII form: every line, trailing white
/// space aside, is made of the form's characters only.
pub fn looks_like_ascii(text: &str) -> bool {
    let mut any = false;
    for line in text.lines().map(|l| l.trim_end()) {
        if line.is_empty() {
            continue;
        }
        if !line.chars().all(|ch| char_cell(ch).is_some()) {
            return false;
        }
        any = true;
    }
    any
}

/// Writes the ASCII form (rows ending in `\n`). Fails when a piece starts
/// inside a pit, which the text form cannot say.
pub fn to_ascii(level: &Level) -> Result<String, FormatError> {
    let mut text = String::with_capacity((level.width() + 1) * level.height());
    for y in 0..level.height() {
        for x in 0..level.width() {
            let cell = level.cell(x, y);
            match cell_char(cell) {
                Some(ch) => text.push(ch),
                None => {
                    return Err(FormatError::NotAscii {
                        x,
                        y,
                        what: cell.piece.map_or("piece".into(), |p| p.describe()),
                    })
                }
            }
        }
        text.push('\n');
    }
    Ok(text)
}

/// The JSON form of a level.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct LevelFile {
    format: String,
    version: u32,
    kind: String,
    #[serde(default)]
    name: String,
    rows: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    in_pit: Vec<[usize; 2]>,
}

/// Writes the JSON form (pretty-printed).
pub fn to_json(level: &Level) -> String {
    serde_json::to_string_pretty(&to_json_value(level)).expect("a level always serialises")
}

/// The JSON form as a value (for embedding in packs).
pub fn to_json_value(level: &Level) -> serde_json::Value {
    let mut rows = Vec::with_capacity(level.height());
    let mut in_pit = Vec::new();
    for y in 0..level.height() {
        let mut row = String::with_capacity(level.width());
        for x in 0..level.width() {
            let mut cell = level.cell(x, y);
            if cell.floor == Floor::Pit && cell.piece.is_some() {
                in_pit.push([x, y]);
                cell.floor = Floor::Empty;
            }
            // Cells that no character can say (a piece on a wall) are written
            // as the piece; validation reports them anyway.
            let ch = cell_char(cell).or_else(|| {
                cell_char(Cell {
                    floor: Floor::Empty,
                    ..cell
                })
            });
            row.push(ch.unwrap_or('#'));
        }
        rows.push(row);
    }
    let file = LevelFile {
        format: LEVEL_FORMAT.to_string(),
        version: LEVEL_VERSION,
        kind: "skiddy".to_string(),
        name: level.name.clone(),
        rows,
        in_pit,
    };
    serde_json::to_value(file).expect("a level always serialises")
}

/// Reads the JSON form.
pub fn parse_json(text: &str) -> Result<Level, FormatError> {
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| FormatError::Json(e.to_string()))?;
    from_json_value(&value)
}

/// Reads the JSON form from a value (for levels embedded in packs).
pub fn from_json_value(value: &serde_json::Value) -> Result<Level, FormatError> {
    // Check the header first, so that a newer or foreign file gets a precise
    // message rather than a complaint about fields.
    check_envelope(value, "skiddy", LEVEL_VERSION)?;
    let file: LevelFile =
        crate::kinds::text::from_value_at(value).map_err(|e| FormatError::Json(e.to_string()))?;
    let mut level = parse_rows(file.rows.iter().map(|r| r.as_str()))?;
    level.name = file.name;
    for [x, y] in file.in_pit {
        if x >= level.width() || y >= level.height() {
            return Err(FormatError::BadPit {
                x,
                y,
                problem: "is outside the board",
            });
        }
        let mut cell = level.cell(x, y);
        if cell.piece.is_none() {
            return Err(FormatError::BadPit {
                x,
                y,
                problem: "holds no piece to put in a pit",
            });
        }
        cell.floor = Floor::Pit;
        level.set_cell(x, y, cell);
    }
    Ok(level)
}

/// Reads a level in either form: JSON when the text starts with `{`, ASCII
/// otherwise.
pub fn parse_level(text: &str) -> Result<Level, FormatError> {
    if text.trim_start().starts_with('{') {
        parse_json(text)
    } else {
        parse_ascii(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ONE_ONE: &str = "#####\n#R.R#\n#...#\n#r###\n";

    #[test]
    fn ascii_round_trip() {
        let level = parse_ascii(ONE_ONE).unwrap();
        assert_eq!(level.width(), 5);
        assert_eq!(level.height(), 4);
        assert_eq!(to_ascii(&level).unwrap(), ONE_ONE);
    }

    #[test]
    fn ascii_is_sniffed_by_its_skiddy_letters_not_by_xsb_pieces() {
        // Level 1-1 of docs/rules.md, and one with crates, ice and pits.
        assert!(looks_like_ascii(ONE_ONE));
        assert!(looks_like_ascii("######\n#B.co#\n#i..b#\n######\n"));
        // XSB's player and box are not Skiddy's.
        assert!(!looks_like_ascii("#####\n#@$.#\n#####\n"));
    }

    #[test]
    fn json_round_trip_keeps_pieces_in_pits_and_name() {
        let mut level = parse_ascii(ONE_ONE).unwrap();
        level.name = "1-1".into();
        level.set_cell(
            2,
            2,
            Cell {
                floor: Floor::Pit,
                piece: Some(Piece::Crate),
            },
        );
        let json = to_json(&level);
        assert!(json.contains("\"in_pit\""));
        assert_eq!(parse_json(&json).unwrap(), level);
        assert!(matches!(
            to_ascii(&level),
            Err(FormatError::NotAscii { x: 2, y: 2, .. })
        ));
    }

    #[test]
    fn bad_inputs_say_where() {
        assert_eq!(parse_ascii("\n\n"), Err(FormatError::Empty));
        assert_eq!(
            parse_ascii("###\n##\n###"),
            Err(FormatError::Ragged {
                row: 1,
                len: 2,
                expected: 3
            })
        );
        assert_eq!(
            parse_ascii("###\n#X#\n###"),
            Err(FormatError::UnknownChar {
                x: 1,
                y: 1,
                ch: 'X'
            })
        );
        assert!(matches!(parse_json("{"), Err(FormatError::Json(_))));
        assert!(matches!(
            parse_json(r#"{"format":"levelscope-level","version":9,"kind":"skiddy","rows":[]}"#),
            Err(FormatError::Envelope(EnvelopeError::NewerVersion {
                version: 9,
                newest: 1
            }))
        ));
        assert!(matches!(
            parse_json(
                r####"{"format":"levelscope-level","version":1,"kind":"prism","rows":["###"]}"####
            ),
            Err(FormatError::Envelope(EnvelopeError::WrongKind { .. }))
        ));
        assert!(matches!(
            parse_json(
                r####"{"format":"levelscope-level","version":1,"kind":"skiddy","rows":["###","#.#","###"],"in_pit":[[1,1]]}"####
            ),
            Err(FormatError::BadPit { x: 1, y: 1, .. })
        ));
        assert!(matches!(
            parse_json(r#"{"format":"other"}"#),
            Err(FormatError::Envelope(EnvelopeError::WrongFormat(_)))
        ));
    }
}
