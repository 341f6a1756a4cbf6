//! Prism's file formats (docs/rules.md, Prism, "File formats"): the original
//! 2016 format (with enemies and a starting background), the 2017 format
//! (several enemy-free levels in one file) and our lossless JSON.
//!
//! Readers never panic: every bad input is answered with a [`FormatError`]
//! that says where (line and token, or the level within a 2017 file) and
//! what.
//!
//! ## Our JSON
//! ```json
//! {"format": "levelscope-level", "version": 1, "kind": "prism",
//!  "name": "level117", "width": 5, "height": 2, "background": "black",
//!  "rows": ["e f b R g", "h e R b s"]}
//! ```
//! `rows` holds one string a row, top row first, of `width` 2016 tokens:
//! `e` empty, `r g y b m c w` blocks, `R G B` switches, and the marks `s`
//! start, `f` exit, `h` `v` enemies, each standing on empty floor.
//! `background` is a colour name (`"black"` … `"white"`; a number 0–7 is
//! also read). Enemies are numbered in reading order of their marks.
//!
//! Every level can be written, valid or not, and read back equal: what the
//! marks cannot say goes in optional fields. `"start": [x, y]` and
//! `"exit": [x, y]` appear when the start or exit is not on an empty cell
//! of the board (or both are on one cell); `"enemies": [{"x": 1, "y": 2,
//! "axis": "h"}, …]` lists every enemy when the marks cannot (an enemy not
//! alone on empty floor, or enemies not in reading order), and then no row
//! holds an `h` or `v`. A cell with no token (a block of colour 0 or above
//! 7, a switch that is not red, green or blue) is written `block:N` or
//! `switch:N`. A missing `start` or `exit` defaults like the 2016 format:
//! top-left and bottom-right. Boards are 2x2 to 1000x1000, as everywhere.

use serde::Deserialize;
use serde_json::{json, Value};

use super::level::{Axis, Cell, Colour, Enemy, Level, MAX_SIDE, MIN_SIDE};
use crate::kinds::envelope::{check_envelope, envelope_fields, EnvelopeError};

/// The newest JSON level version this program reads and writes.
pub const LEVEL_VERSION: u32 = 1;
/// The `kind` field of a Prism JSON level.
pub const KIND: &str = "prism";

const KNOWN_2016: &str = "e r g y b m c w R G B s f h v";
const KNOWN_2017: &str = "e r g y b m c w R G B";

/// Why a Prism file could not be read or written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FormatError {
    /// The file holds nothing but white space.
    #[error("the file is empty")]
    EmptyFile,
    /// A header line or number is not what the format expects.
    #[error("line {line}: expected {expected}, found {}", crate::kinds::text::quoted(.found))]
    BadHeader {
        /// The line (from 1).
        line: usize,
        /// What the format expects there.
        expected: &'static str,
        /// What the line holds.
        found: String,
    },
    /// The board's size is out of range.
    #[error("line {line}: the board is {width}x{height}; each side must be {MIN_SIDE} to {MAX_SIDE} cells")]
    SizeOutOfRange {
        /// The line (from 1).
        line: usize,
        /// The width read.
        width: usize,
        /// The height read.
        height: usize,
    },
    /// The starting background is not a colour.
    #[error("line {line}: the background {found} is out of range; it must be 0 to 7")]
    BackgroundOutOfRange {
        /// The line (from 1).
        line: usize,
        /// The number read.
        found: String,
    },
    /// A row has another number of tokens than the board is wide.
    #[error("line {line}: row {row} has {found} tokens, but the board is {expected} wide")]
    Ragged {
        /// The line (from 1).
        line: usize,
        /// The row (from 0, top row first).
        row: usize,
        /// Its number of tokens.
        found: usize,
        /// The board's width.
        expected: usize,
    },
    /// A token that stands for no cell.
    #[error(
        "line {line}, token {token}, cell ({x}, {y}): unknown token {} (known: {known})", crate::kinds::text::quoted(.found)
    )]
    UnknownToken {
        /// The line (from 1).
        line: usize,
        /// The token's place in its line (from 1).
        token: usize,
        /// The cell's column.
        x: usize,
        /// The cell's row.
        y: usize,
        /// The token.
        found: String,
        /// The tokens the format knows.
        known: &'static str,
    },
    /// A second start or exit mark.
    #[error("line {line}, token {token}: a second {what} (the first is at ({}, {}))", first.0, first.1)]
    Duplicate {
        /// The line (from 1).
        line: usize,
        /// The token's place in its line (from 1).
        token: usize,
        /// "start" or "exit".
        what: &'static str,
        /// Where the first one is.
        first: (usize, usize),
    },
    /// The start or exit of a 2017 level is off its board.
    #[error("line {line}: the {what} ({x}, {y}) is off the {width}x{height} board")]
    OffBoard {
        /// The line (from 1).
        line: usize,
        /// "start" or "exit".
        what: &'static str,
        /// Column.
        x: usize,
        /// Row.
        y: usize,
        /// The board's width.
        width: usize,
        /// The board's height.
        height: usize,
    },
    /// The file ends before the level does.
    #[error("line {line}: the file ends before {missing}")]
    CutShort {
        /// The last line of the file.
        line: usize,
        /// What is missing, e.g. "row 3 of 5".
        missing: String,
    },
    /// Text after the last row of a 2016 level.
    #[error("line {line}: unexpected text {} after the last row", crate::kinds::text::quoted(.found))]
    TrailingText {
        /// The line (from 1).
        line: usize,
        /// The line's text.
        found: String,
    },
    /// An error inside one level of a 2017 file.
    #[error("level {level} (from line {line}): {source}")]
    InLevel {
        /// The level's number in the file (from 1).
        level: usize,
        /// The line its header is on.
        line: usize,
        /// What is wrong.
        source: Box<FormatError>,
    },
    /// The level has something the format cannot say; nothing was written.
    #[error("{0}")]
    CannotSay(String),
    /// The JSON is malformed, misses fields or holds a bad value.
    #[error("not a valid Prism JSON level: {0}")]
    Json(String),
    /// The JSON's envelope (`format`, `version`, `kind`) is wrong: another
    /// format, a newer version, another kind, or a field missing.
    #[error(transparent)]
    Envelope(#[from] EnvelopeError),
}

/// What one token of a row stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Token {
    Cell(Cell),
    Start,
    Exit,
    Enemy(Axis),
}

/// The meaning of a 2016 token.
fn token(text: &str) -> Option<Token> {
    let mut chars = text.chars();
    let (Some(ch), None) = (chars.next(), chars.next()) else {
        return None;
    };
    Some(match ch {
        'e' => Token::Cell(Cell::Empty),
        's' => Token::Start,
        'f' => Token::Exit,
        'R' => Token::Cell(Cell::Switch(Colour::RED)),
        'G' => Token::Cell(Cell::Switch(Colour::GREEN)),
        'B' => Token::Cell(Cell::Switch(Colour::BLUE)),
        'h' | 'v' => Token::Enemy(Axis::from_letter(ch)?),
        'k' => return None,
        _ => Token::Cell(Cell::Block(Colour::from_letter(ch)?)),
    })
}

/// The token of a cell, if the original formats have one.
pub fn cell_token(cell: Cell) -> Option<char> {
    match cell {
        Cell::Empty => Some('e'),
        Cell::Block(c) if c.0 != 0 && c.is_valid() => Some(c.letter()),
        Cell::Switch(c) if c.is_primary() => Some(c.letter().to_ascii_uppercase()),
        _ => None,
    }
}

/// The non-blank lines of a text, each with its number (from 1) and its
/// tokens. A byte-order mark, `\r\n` line ends and extra spaces are
/// tolerated.
fn token_lines(text: &str) -> Vec<(usize, Vec<&str>)> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    text.lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.split_whitespace().collect::<Vec<_>>()))
        .filter(|(_, tokens)| !tokens.is_empty())
        .collect()
}

fn all_integers(tokens: &[&str]) -> bool {
    tokens.iter().all(|t| t.parse::<usize>().is_ok())
}

/// Whether the text looks like the 2016 format: its first line is two
/// integers, and its second, when there is one, is one (the background).
pub fn looks_like_2016(text: &str) -> bool {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = text
        .lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>())
        .filter(|t| !t.is_empty());
    let first = lines.next().unwrap_or_default();
    first.len() == 2
        && all_integers(&first)
        && lines
            .next()
            .is_none_or(|second| second.len() == 1 && all_integers(&second))
}

/// Whether the text looks like the 2017 format: a stream of tokens whose
/// first six are whole numbers (the header `sx sy ex ey W H`, on one line
/// or several) and whose seventh, if any, is not (a cell). Line breaks
/// carry no meaning: a level may sit on one line.
pub fn looks_like_2017(text: &str) -> bool {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut tokens = text.split_whitespace();
    let header: Vec<&str> = tokens.by_ref().take(6).collect();
    header.len() == 6
        && all_integers(&header)
        && tokens.next().is_none_or(|t| t.parse::<usize>().is_err())
}

fn check_size(line: usize, width: usize, height: usize) -> Result<(), FormatError> {
    if (MIN_SIDE..=MAX_SIDE).contains(&width) && (MIN_SIDE..=MAX_SIDE).contains(&height) {
        Ok(())
    } else {
        Err(FormatError::SizeOutOfRange {
            line,
            width,
            height,
        })
    }
}

/// Reads a 2016 level: `W H`, the starting background, then `H` rows of `W`
/// tokens. Without `s` the start is the top-left cell, without `f` the exit
/// the bottom-right one. Enemies are numbered in reading order.
pub fn read_2016(text: &str) -> Result<Level, FormatError> {
    let lines = token_lines(text);
    let last_line = text.lines().count().max(1);
    let Some((size_line, size)) = lines.first() else {
        return Err(FormatError::EmptyFile);
    };
    let (width, height) = match size.as_slice() {
        [w, h] => match (w.parse::<usize>(), h.parse::<usize>()) {
            (Ok(w), Ok(h)) => (w, h),
            _ => return Err(bad_header(*size_line, "the board size `W H`", size)),
        },
        _ => return Err(bad_header(*size_line, "the board size `W H`", size)),
    };
    check_size(*size_line, width, height)?;
    let Some((bg_line, bg)) = lines.get(1) else {
        return Err(FormatError::CutShort {
            line: last_line,
            missing: "the starting background".to_string(),
        });
    };
    let background = read_background(*bg_line, bg)?;
    let mut level = Level::new(width, height);
    level.background = background;
    let mut marks = Marks::default();
    for y in 0..height {
        let Some((line, tokens)) = lines.get(2 + y) else {
            return Err(FormatError::CutShort {
                line: last_line,
                missing: format!("row {} of {height}", y + 1),
            });
        };
        if tokens.len() != width {
            return Err(FormatError::Ragged {
                line: *line,
                row: y,
                found: tokens.len(),
                expected: width,
            });
        }
        for (x, text) in tokens.iter().enumerate() {
            let at = TokenAt {
                line: *line,
                token: x + 1,
                x,
                y,
            };
            let found = token(text).ok_or_else(|| at.unknown(text, KNOWN_2016))?;
            marks.place(&mut level, found, at)?;
        }
    }
    if let Some((line, tokens)) = lines.get(2 + height) {
        return Err(FormatError::TrailingText {
            line: *line,
            found: tokens.join(" "),
        });
    }
    marks.finish(&mut level);
    Ok(level)
}

fn bad_header(line: usize, expected: &'static str, tokens: &[&str]) -> FormatError {
    FormatError::BadHeader {
        line,
        expected,
        found: tokens.join(" "),
    }
}

fn read_background(line: usize, tokens: &[&str]) -> Result<Colour, FormatError> {
    let expected = "the starting background, a colour 0 to 7";
    let [value] = tokens else {
        return Err(bad_header(line, expected, tokens));
    };
    if !value.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad_header(line, expected, tokens));
    }
    match value.parse::<u8>() {
        Ok(c) if c <= 7 => Ok(Colour(c)),
        _ => Err(FormatError::BackgroundOutOfRange {
            line,
            found: value.to_string(),
        }),
    }
}

/// Where a token is: its line, its place in the line and its cell.
#[derive(Clone, Copy, Debug)]
struct TokenAt {
    line: usize,
    token: usize,
    x: usize,
    y: usize,
}

impl TokenAt {
    fn unknown(self, found: &str, known: &'static str) -> FormatError {
        FormatError::UnknownToken {
            line: self.line,
            token: self.token,
            x: self.x,
            y: self.y,
            found: found.to_string(),
            known,
        }
    }
}

/// The start, exit and enemy marks met so far.
#[derive(Default)]
struct Marks {
    start: Option<(usize, usize)>,
    exit: Option<(usize, usize)>,
}

impl Marks {
    fn place(&mut self, level: &mut Level, token: Token, at: TokenAt) -> Result<(), FormatError> {
        let xy = (at.x, at.y);
        let duplicate = |what, first| FormatError::Duplicate {
            line: at.line,
            token: at.token,
            what,
            first,
        };
        match token {
            Token::Cell(cell) => level.set_cell(at.x, at.y, cell),
            Token::Start => match self.start {
                Some(first) => return Err(duplicate("start", first)),
                None => self.start = Some(xy),
            },
            Token::Exit => match self.exit {
                Some(first) => return Err(duplicate("exit", first)),
                None => self.exit = Some(xy),
            },
            Token::Enemy(axis) => level.enemies.push(Enemy {
                x: at.x,
                y: at.y,
                axis,
            }),
        }
        Ok(())
    }

    /// Sets the start and exit, defaulting to the corners.
    fn finish(self, level: &mut Level) {
        let (w, h) = (level.width(), level.height());
        level.start = self.start.unwrap_or((0, 0));
        level.exit = self
            .exit
            .unwrap_or((w.saturating_sub(1), h.saturating_sub(1)));
    }
}

/// The marks of the start and exit, each placed where it is alone on empty
/// floor of the board; with whether each could be placed.
fn place_marks(level: &Level) -> (Vec<Option<char>>, bool, bool) {
    let w = level.width();
    let mut marks = vec![None; level.cells().len()];
    let mut place = |(x, y): (usize, usize), mark: char| {
        let ok = level.get(x, y) == Some(Cell::Empty) && marks[y * w + x].is_none();
        if ok {
            marks[y * w + x] = Some(mark);
        }
        ok
    };
    let start_ok = place(level.start, 's');
    let exit_ok = place(level.exit, 'f');
    (marks, start_ok, exit_ok)
}

/// Adds the enemies' marks to `marks`; `Err` names the first enemy that is
/// not alone on empty floor of the board (and leaves `marks` unchanged).
fn place_enemy_marks(level: &Level, marks: &mut Vec<Option<char>>) -> Result<(), Enemy> {
    let w = level.width();
    let mut with_enemies = marks.clone();
    for e in &level.enemies {
        let free =
            level.get(e.x, e.y) == Some(Cell::Empty) && with_enemies[e.y * w + e.x].is_none();
        if !free {
            return Err(*e);
        }
        with_enemies[e.y * w + e.x] = Some(e.axis.letter());
    }
    *marks = with_enemies;
    Ok(())
}

/// Writes the 2016 format. Refused, with nothing written, when the level
/// has something the format cannot say: a cell with no token, or a start,
/// exit or enemy that is not alone on empty floor of the board. (Reading
/// the text back numbers the enemies in reading order.)
pub fn write_2016(level: &Level) -> Result<String, FormatError> {
    let cannot =
        |what: String| FormatError::CannotSay(format!("the 2016 format cannot say {what}"));
    if !level.background.is_valid() {
        return Err(cannot(format!(
            "a starting background of {}",
            level.background.0
        )));
    }
    let (mut marks, start_ok, exit_ok) = place_marks(level);
    for (ok, what, (x, y)) in [
        (start_ok, "start", level.start),
        (exit_ok, "exit", level.exit),
    ] {
        if !ok {
            return Err(cannot(format!(
                "a {what} at ({x}, {y}), which is not alone on empty floor of the board"
            )));
        }
    }
    place_enemy_marks(level, &mut marks).map_err(|e| {
        cannot(format!(
            "an enemy at ({}, {}), which is not alone on empty floor of the board",
            e.x, e.y
        ))
    })?;
    let mut text = format!(
        "{} {}\n{}\n",
        level.width(),
        level.height(),
        level.background.0
    );
    for y in 0..level.height() {
        let mut row = Vec::with_capacity(level.width());
        for x in 0..level.width() {
            let cell = level.cell(x, y);
            let ch = match marks[y * level.width() + x] {
                Some(m) => m,
                None => cell_token(cell)
                    .ok_or_else(|| cannot(format!("the {} at ({x}, {y})", cell.describe())))?,
            };
            row.push(ch.to_string());
        }
        text.push_str(&row.join(" "));
        text.push('\n');
    }
    Ok(text)
}

/// A 2017 token with where it is.
struct Located<'a> {
    line: usize,
    token: usize,
    text: &'a str,
}

/// The tokens of a text one at a time, each with its line and place on the
/// line: never all of them at once (a 20 MB file of ten 1000x1000 levels
/// once took 500 MB to hold as tokens).
fn located_tokens(text: &str) -> impl Iterator<Item = Located<'_>> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    text.lines().enumerate().flat_map(|(i, l)| {
        l.split_whitespace()
            .enumerate()
            .map(move |(k, text)| Located {
                line: i + 1,
                token: k + 1,
                text,
            })
    })
}

/// The lines (from 0, the end not included) of each level of a 2017
/// text: from its header's line to the line of its last cell; `None` when
/// a header is not six whole numbers or a level is cut short. Two levels
/// that share a line share it in their ranges (the caller then keeps no
/// text).
pub fn level_lines_2017(text: &str) -> Option<Vec<std::ops::Range<usize>>> {
    let mut tokens = located_tokens(text);
    let mut ranges = Vec::new();
    while let Some(first) = tokens.next() {
        let mut header = [0usize; 6];
        header[0] = first.text.parse().ok()?;
        for slot in header.iter_mut().skip(1) {
            *slot = tokens.next()?.text.parse().ok()?;
        }
        let cells = header[4].checked_mul(header[5])?;
        let mut last = first.line;
        for _ in 0..cells {
            last = tokens.next()?.line;
        }
        ranges.push(first.line - 1..last);
    }
    Some(ranges)
}

/// Reads a 2017 file: one or more levels, each a line `sx sy ex ey W H`
/// followed by `W·H` tokens (`e r g y b m c w R G B`), row-major, top row
/// first. No enemies; the background starts black. The text is read level
/// by level, token by token: what is held is the levels read (two bytes a
/// cell), never the file's tokens.
pub fn read_2017(text: &str) -> Result<Vec<Level>, FormatError> {
    let mut tokens = located_tokens(text).peekable();
    if tokens.peek().is_none() {
        return Err(FormatError::EmptyFile);
    }
    let mut last_line = None;
    let mut last_line = || *last_line.get_or_insert_with(|| text.lines().count().max(1));
    let mut levels = Vec::new();
    while let Some(first) = tokens.peek() {
        let number = levels.len() + 1;
        let header_line = first.line;
        let level = read_2017_level(&mut tokens, &mut last_line).map_err(|source| {
            FormatError::InLevel {
                level: number,
                line: header_line,
                source: Box::new(source),
            }
        })?;
        levels.push(level);
    }
    Ok(levels)
}

/// Reads one 2017 level from the front of `tokens`, taking its tokens.
/// `last_line` gives the file's last line (for a file cut short).
fn read_2017_level<'a>(
    tokens: &mut impl Iterator<Item = Located<'a>>,
    last_line: &mut impl FnMut() -> usize,
) -> Result<Level, FormatError> {
    const NAMES: [&str; 6] = ["sx", "sy", "ex", "ey", "W", "H"];
    let mut header = [0usize; 6];
    let mut line = 0;
    for (i, slot) in header.iter_mut().enumerate() {
        let Some(t) = tokens.next() else {
            return Err(FormatError::CutShort {
                line: last_line(),
                missing: format!("the header `sx sy ex ey W H` is complete (no {})", NAMES[i]),
            });
        };
        if i == 0 {
            line = t.line;
        }
        *slot = t.text.parse().map_err(|_| FormatError::BadHeader {
            line: t.line,
            expected: "the header `sx sy ex ey W H`, six whole numbers",
            found: t.text.to_string(),
        })?;
    }
    let [sx, sy, ex, ey, width, height] = header;
    // The size is checked before the board is made: at most 1000 x 1000
    // cells of two bytes.
    check_size(line, width, height)?;
    for (what, x, y) in [("start", sx, sy), ("exit", ex, ey)] {
        if x >= width || y >= height {
            return Err(FormatError::OffBoard {
                line,
                what,
                x,
                y,
                width,
                height,
            });
        }
    }
    let cells = width * height;
    let mut level = Level::new(width, height);
    level.start = (sx, sy);
    level.exit = (ex, ey);
    for i in 0..cells {
        let (x, y) = (i % width, i / width);
        let Some(t) = tokens.next() else {
            return Err(FormatError::CutShort {
                line: last_line(),
                missing: format!("the level's {cells} cells are complete (it has {i})"),
            });
        };
        match token(t.text) {
            Some(Token::Cell(cell)) => level.set_cell(x, y, cell),
            _ => {
                let at = TokenAt {
                    line: t.line,
                    token: t.token,
                    x,
                    y,
                };
                return Err(at.unknown(t.text, KNOWN_2017));
            }
        }
    }
    Ok(level)
}

/// Writes one or several levels in the 2017 format, one header line and
/// one line a row each. Refused, with nothing written, when a level has
/// what the format cannot say: enemies, a starting background other than
/// black, a start or exit off the board, a cell with no token.
pub fn write_2017(levels: &[Level]) -> Result<String, FormatError> {
    let mut text = String::new();
    for (i, level) in levels.iter().enumerate() {
        let cannot = |what: String| {
            FormatError::CannotSay(format!(
                "level {}: the 2017 format cannot say {what}",
                i + 1
            ))
        };
        if let Some(e) = level.enemies.first() {
            return Err(cannot(format!(
                "enemies (the level has {}, the first at ({}, {}))",
                level.enemies.len(),
                e.x,
                e.y
            )));
        }
        if level.background != Colour::BLACK {
            return Err(cannot(format!(
                "a starting background other than black (this one starts {})",
                level.background
            )));
        }
        for (what, (x, y)) in [("start", level.start), ("exit", level.exit)] {
            if !level.contains(x, y) {
                return Err(cannot(format!("a {what} off the board, at ({x}, {y})")));
            }
        }
        let (sx, sy) = level.start;
        let (ex, ey) = level.exit;
        text.push_str(&format!(
            "{sx} {sy} {ex} {ey} {} {}\n",
            level.width(),
            level.height()
        ));
        for y in 0..level.height() {
            let mut row = Vec::with_capacity(level.width());
            for x in 0..level.width() {
                let cell = level.cell(x, y);
                let ch = cell_token(cell)
                    .ok_or_else(|| cannot(format!("the {} at ({x}, {y})", cell.describe())))?;
                row.push(ch.to_string());
            }
            text.push_str(&row.join(" "));
            text.push('\n');
        }
    }
    Ok(text)
}

/// A JSON cell token: the 2016 token, or `block:N` / `switch:N` for a cell
/// the original formats cannot say.
fn json_cell_token(cell: Cell) -> String {
    match (cell_token(cell), cell) {
        (Some(ch), _) => ch.to_string(),
        (None, Cell::Block(c)) => format!("block:{}", c.0),
        (None, Cell::Switch(c)) => format!("switch:{}", c.0),
        (None, Cell::Empty) => "e".to_string(),
    }
}

/// The JSON form of a level (see the module's documentation).
pub fn to_json_value(level: &Level) -> Value {
    let (mut marks, start_marked, exit_marked) = place_marks(level);
    let in_reading_order = level
        .enemies
        .windows(2)
        .all(|p| (p[0].y, p[0].x) < (p[1].y, p[1].x));
    let enemies_marked = in_reading_order && place_enemy_marks(level, &mut marks).is_ok();
    let rows: Vec<String> = (0..level.height())
        .map(|y| {
            (0..level.width())
                .map(|x| match marks[y * level.width() + x] {
                    Some(m) => m.to_string(),
                    None => json_cell_token(level.cell(x, y)),
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    let background = if level.background.is_valid() {
        json!(level.background.name())
    } else {
        json!(level.background.0)
    };
    let mut fields = envelope_fields(KIND, LEVEL_VERSION);
    fields.insert("name".into(), json!(level.name));
    fields.insert("width".into(), json!(level.width()));
    fields.insert("height".into(), json!(level.height()));
    fields.insert("background".into(), json!(background));
    fields.insert("rows".into(), json!(rows));
    let mut value = Value::Object(fields);
    if !start_marked {
        value["start"] = json!([level.start.0, level.start.1]);
    }
    if !exit_marked {
        value["exit"] = json!([level.exit.0, level.exit.1]);
    }
    if !enemies_marked {
        value["enemies"] = level
            .enemies
            .iter()
            .map(|e| json!({"x": e.x, "y": e.y, "axis": e.axis.letter().to_string()}))
            .collect();
    }
    value
}

/// The JSON text of a level, pretty-printed.
pub fn write_json(level: &Level) -> String {
    let mut text = serde_json::to_string_pretty(&to_json_value(level)).unwrap_or_default();
    text.push('\n');
    text
}

/// Reads a JSON level from its text.
pub fn read_json(text: &str) -> Result<Level, FormatError> {
    let value: Value = serde_json::from_str(text).map_err(|e| FormatError::Json(e.to_string()))?;
    from_json_value(&value)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonLevel {
    #[allow(dead_code)]
    format: String,
    #[allow(dead_code)]
    version: u32,
    #[allow(dead_code)]
    kind: String,
    #[serde(default)]
    name: String,
    width: Value,
    height: Value,
    #[serde(default)]
    background: Option<Value>,
    rows: Vec<String>,
    #[serde(default)]
    start: Option<[usize; 2]>,
    #[serde(default)]
    exit: Option<[usize; 2]>,
    #[serde(default)]
    enemies: Option<Vec<JsonEnemy>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonEnemy {
    x: usize,
    y: usize,
    axis: String,
}

/// The colours a JSON level's background may be, in words.
const COLOUR_WORDS: &str =
    "a colour's name (black, red, green, yellow, blue, magenta, cyan, white) or its number from 0 to 7";

/// Reads the body of a JSON level (see the module's documentation).
pub fn from_json_value(value: &Value) -> Result<Level, FormatError> {
    check_envelope(value, KIND, LEVEL_VERSION)?;
    let body: JsonLevel =
        crate::kinds::text::from_value_at(value).map_err(|e| FormatError::Json(e.to_string()))?;
    let json = |message: String| FormatError::Json(message);
    let side = |value: &Value, field: &str| {
        crate::kinds::text::whole_number_in(Some(value), field, MIN_SIDE as u64, MAX_SIDE as u64)
            .map(|n| n as usize)
            .map_err(|e| json(e.to_string()))
    };
    let (width, height) = (side(&body.width, "width")?, side(&body.height, "height")?);
    if body.rows.len() != height {
        return Err(json(format!(
            "\"rows\" has {} rows, but the height is {height}",
            body.rows.len()
        )));
    }
    let mut level = Level::new(width, height);
    level.name = body.name;
    level.background = match &body.background {
        None | Some(Value::Null) => Colour::BLACK,
        Some(Value::String(name)) => Colour::from_name(name).ok_or_else(|| {
            json(format!(
                "\"background\": unknown colour {} (known: {COLOUR_WORDS})",
                crate::kinds::text::quoted(name)
            ))
        })?,
        Some(other) => match other.as_u64() {
            // Numbers past 7 are read (and written back) as they are; the
            // level's validation names them.
            Some(c) if c <= u8::MAX as u64 => Colour(c as u8),
            _ => {
                return Err(json(format!(
                    "\"background\" is {}; it must be {COLOUR_WORDS}",
                    crate::kinds::text::shortened(&other.to_string())
                )))
            }
        },
    };
    let mut marks = Marks::default();
    for (y, row) in body.rows.iter().enumerate() {
        let tokens: Vec<&str> = row.split_whitespace().collect();
        if tokens.len() != width {
            return Err(json(format!(
                "rows[{y}] has {} tokens, but the width is {width}",
                tokens.len()
            )));
        }
        for (x, text) in tokens.iter().enumerate() {
            let found = token(text).or_else(|| json_extended_token(text)).ok_or_else(|| {
                json(format!(
                    "rows[{y}], token {}, cell ({x}, {y}): unknown token {} (known: {KNOWN_2016}, block:N, switch:N)",
                    x + 1,
                    crate::kinds::text::quoted(text)
                ))
            })?;
            let at = TokenAt {
                line: y + 1,
                token: x + 1,
                x,
                y,
            };
            marks.place(&mut level, found, at).map_err(|e| match e {
                FormatError::Duplicate { what, first, .. } => json(format!(
                    "rows[{y}], token {}: a second {what} (the first is at ({}, {}))",
                    x + 1,
                    first.0,
                    first.1
                )),
                other => other,
            })?;
        }
    }
    for (what, given, marked) in [
        ("start", body.start, marks.start),
        ("exit", body.exit, marks.exit),
    ] {
        if let (Some(_), Some((x, y))) = (given, marked) {
            return Err(json(format!(
                "the {what} is given twice: by \"{what}\" and by a mark at ({x}, {y})"
            )));
        }
    }
    marks.start = marks.start.or(body.start.map(|[x, y]| (x, y)));
    marks.exit = marks.exit.or(body.exit.map(|[x, y]| (x, y)));
    marks.finish(&mut level);
    if let Some(list) = body.enemies {
        if !level.enemies.is_empty() {
            return Err(json(
                "enemies are given twice: by \"enemies\" and by h/v marks in the rows".into(),
            ));
        }
        for (i, e) in list.into_iter().enumerate() {
            let axis = match e.axis.as_str() {
                "h" => Axis::Horizontal,
                "v" => Axis::Vertical,
                other => {
                    return Err(json(format!(
                        "enemies[{i}]: unknown axis {} (known: h v)",
                        crate::kinds::text::quoted(other)
                    )))
                }
            };
            level.enemies.push(Enemy {
                x: e.x,
                y: e.y,
                axis,
            });
        }
    }
    Ok(level)
}

/// `block:N` or `switch:N`.
fn json_extended_token(text: &str) -> Option<Token> {
    let (kind, value) = text.split_once(':')?;
    let colour = Colour(value.parse().ok()?);
    match kind {
        "block" => Some(Token::Cell(Cell::Block(colour))),
        "switch" => Some(Token::Cell(Cell::Switch(colour))),
        _ => None,
    }
}

#[cfg(test)]
mod tests;
