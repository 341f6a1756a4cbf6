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

use serde::Deserialize;
use serde_json::{json, Value};

use super::level::{Cell, Level, MAX_SIDE};

/// The `format` field of a JSON level.
pub const LEVEL_FORMAT: &str = "levelscope-level";
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
    /// The JSON's `format` field is not a level's.
    #[error("not a levelscope level: the format is {}, expected \"levelscope-level\"", crate::kinds::text::quoted(.0))]
    WrongFormat(String),
    /// The JSON level is newer than this program.
    #[error("the level has version {0}, newer than this levelscope understands (up to {LEVEL_VERSION}); update levelscope")]
    NewerVersion(u32),
    /// The JSON level is of another kind.
    #[error("the level is of kind {}, not \"sokoban\"", crate::kinds::text::quoted(.0))]
    WrongKind(String),
}

/// What one XSB character stands for: the cell, and whether a box or the
/// player stands on it.
fn xsb_char(ch: char) -> Option<(Cell, bool, bool)> {
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
fn char_of(cell: Cell, has_box: bool, player: bool, floor: char) -> Option<char> {
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

/// One board row as read: its cells (run-length counts expanded, at most
/// one more than [`MAX_SIDE`] kept), its length and its line.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Row {
    cells: Vec<char>,
    len: usize,
    line: usize,
}

/// What one line of an XSB text is.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Line<'a> {
    Blank,
    Board(Vec<Row>),
    Broken(FormatError),
    Comment(&'a str),
    Title(&'a str),
    CommentStart,
    CommentEnd,
    Other,
}

/// `line`'s value after `key` (any case, then a colon), if it starts so.
fn after_key<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    // `get` rather than indexing: the key's length may fall inside a
    // character of the line.
    let name = line.get(..key.len())?;
    let value = line.get(key.len()..)?.strip_prefix(':')?;
    name.eq_ignore_ascii_case(key).then(|| value.trim())
}

/// Why a line made of board characters, counts and `|` is not rows.
enum RowsError {
    /// A count with no cell after it, at this column (from 1).
    CountWithoutCell(usize),
    /// A count of 0, at this column (from 1).
    ZeroCount(usize),
}

/// The rows of a line made of XSB characters, run-length counts (`3#`:
/// the digits repeat the character after them) and `|` (which ends a row
/// within the line; a `|` at the end of the line adds no row); `None`
/// when the line holds any other character or no cell character but
/// space. `number` is the line's number.
fn board_rows(line: &str, number: usize) -> Option<Result<Vec<Row>, RowsError>> {
    let known = |ch: char| xsb_char(ch).is_some() || ch.is_ascii_digit() || ch == '|';
    if !line.chars().all(known) || !line.chars().any(|ch| ch != ' ' && xsb_char(ch).is_some()) {
        return None;
    }
    let new_row = || Row {
        cells: Vec::new(),
        len: 0,
        line: number,
    };
    let mut rows = Vec::new();
    let mut row = new_row();
    let mut count: Option<(usize, usize)> = None;
    for (column, ch) in line.chars().enumerate() {
        if let Some(digit) = ch.to_digit(10) {
            let (start, n) = count.unwrap_or((column, 0));
            count = Some((start, n.saturating_mul(10).saturating_add(digit as usize)));
            continue;
        }
        if ch == '|' {
            if let Some((start, _)) = count {
                return Some(Err(RowsError::CountWithoutCell(start + 1)));
            }
            rows.push(std::mem::replace(&mut row, new_row()));
            continue;
        }
        let times = match count.take() {
            None => 1,
            Some((start, 0)) => return Some(Err(RowsError::ZeroCount(start + 1))),
            Some((_, n)) => n,
        };
        row.len = row.len.saturating_add(times);
        let room = (MAX_SIDE + 1).saturating_sub(row.cells.len());
        row.cells.extend(std::iter::repeat_n(ch, times.min(room)));
    }
    if let Some((start, _)) = count {
        return Some(Err(RowsError::CountWithoutCell(start + 1)));
    }
    if !line.ends_with('|') {
        rows.push(row);
    }
    Some(Ok(rows))
}

/// Classifies a line (its end already trimmed); `number` is its line
/// number, for errors.
fn classify(line: &str, number: usize) -> Line<'_> {
    if line.trim().is_empty() {
        return Line::Blank;
    }
    if let Some(comment) = line.trim_start().strip_prefix(';') {
        return Line::Comment(comment.trim());
    }
    let trimmed = line.trim_start();
    match board_rows(line, number) {
        Some(Ok(rows)) => return Line::Board(rows),
        Some(Err(RowsError::CountWithoutCell(column))) if trimmed.starts_with('#') => {
            return Line::Broken(FormatError::CountWithoutCell {
                line: number,
                column,
            })
        }
        Some(Err(RowsError::ZeroCount(column))) if trimmed.starts_with('#') => {
            return Line::Broken(FormatError::ZeroCount {
                line: number,
                column,
            })
        }
        Some(Err(_)) | None => {}
    }
    if let Some(title) = after_key(trimmed, "title") {
        return Line::Title(title);
    }
    if after_key(trimmed, "comment-end").is_some() || after_key(trimmed, "comment_end").is_some() {
        return Line::CommentEnd;
    }
    if after_key(trimmed, "comment").is_some_and(str::is_empty) {
        return Line::CommentStart;
    }
    if trimmed.starts_with('#') {
        let (column, ch) = line
            .chars()
            .enumerate()
            .find(|&(_, ch)| xsb_char(ch).is_none() && !ch.is_ascii_digit() && ch != '|')
            .unwrap_or((0, '?'));
        return Line::Broken(FormatError::UnknownChar {
            line: number,
            column: column + 1,
            ch,
        });
    }
    Line::Other
}

/// One board as read: its first line's number, its rows, its title, and
/// the first thing wrong with it, if any.
struct Board {
    line: usize,
    last: usize,
    rows: Vec<Row>,
    title: Option<String>,
    error: Option<FormatError>,
}

impl Board {
    /// Notes what is wrong with the board (the first fault wins).
    fn damage(&mut self, error: FormatError) {
        self.error.get_or_insert(error);
    }

    /// Adds a row, or notes that it is too wide or one too many.
    fn push(&mut self, row: Row) {
        if row.len > MAX_SIDE {
            self.damage(FormatError::TooWide {
                line: row.line,
                len: row.len,
            });
        } else if self.rows.len() == MAX_SIDE {
            self.damage(FormatError::TooTall { line: self.line });
        } else {
            self.rows.push(row);
        }
    }
}

/// Builds a level from a board's rows (each at most [`MAX_SIDE`] long).
fn build(board: &Board) -> Result<Level, FormatError> {
    if let Some(error) = &board.error {
        return Err(error.clone());
    }
    let width = board.rows.iter().map(|r| r.cells.len()).max().unwrap_or(0);
    let height = board.rows.len();
    if width == 0 {
        return Err(FormatError::NoBoard);
    }
    let mut cells = vec![Cell::Floor; width * height];
    let mut boxes = Vec::new();
    let mut player: Option<(usize, usize)> = None;
    for (y, row) in board.rows.iter().enumerate() {
        for (x, &ch) in row.cells.iter().enumerate() {
            let Some((cell, has_box, is_player)) = xsb_char(ch) else {
                return Err(FormatError::UnknownChar {
                    line: row.line,
                    column: x + 1,
                    ch,
                });
            };
            cells[y * width + x] = cell;
            if has_box {
                boxes.push((x, y));
            }
            if is_player {
                if let Some(first) = player {
                    return Err(FormatError::SecondPlayer {
                        line: row.line,
                        column: x + 1,
                        first,
                    });
                }
                player = Some((x, y));
            }
        }
    }
    let mut level = Level::from_cells(width, height, cells).ok_or(FormatError::NoBoard)?;
    level.boxes = boxes;
    level.player = player;
    level.name = board.title.clone().unwrap_or_default();
    Ok(level)
}

/// What a walk over an XSB text hands over, in the text's order.
enum Found {
    /// A board, whole, with the title it has so far.
    Board(Board),
    /// A `Title:` line after the last board handed over, which names it.
    TitleOfLast(String),
}

/// Walks the boards of an XSB text, handing each to `found` as soon as it
/// ends (with its title, first line and faults), so that reading a
/// collection holds one board's rows at a time, never every board's; an
/// error only for a `Comment:` block never closed (found at the end,
/// after every board was handed over).
fn walk_boards(text: &str, mut found: impl FnMut(Found)) -> Result<(), FormatError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut current: Option<Board> = None;
    // Whether a board was handed over, and whether a `Title:` line named
    // the last one already.
    let mut any_board = false;
    let mut last_titled_after = false;
    let mut pending_title: Option<String> = None;
    // A `Title:` line before the first board names the first board.
    let mut early_title: Option<String> = None;
    let mut comment_block: Option<usize> = None;
    for (i, raw) in crate::kinds::text::text_lines(text).enumerate() {
        let number = i + 1;
        let line = raw.trim_end();
        if comment_block.is_some() {
            let ends = after_key(line.trim_start(), "comment-end").is_some()
                || after_key(line.trim_start(), "comment_end").is_some();
            if ends {
                comment_block = None;
            }
            continue;
        }
        let kind = classify(line, number);
        if let Line::Board(_) | Line::Broken(_) = kind {
            let board = current.get_or_insert_with(|| {
                let title = pending_title.take();
                let title = match (any_board, early_title.take()) {
                    (false, Some(early)) => Some(early),
                    _ => title,
                };
                Board {
                    line: number,
                    last: number,
                    rows: Vec::new(),
                    title,
                    error: None,
                }
            });
            board.last = number;
            match kind {
                Line::Board(rows) => rows.into_iter().for_each(|row| board.push(row)),
                Line::Broken(error) => board.damage(error),
                _ => {}
            }
            continue;
        }
        if let Some(board) = current.take() {
            any_board = true;
            last_titled_after = false;
            found(Found::Board(board));
        }
        match kind {
            Line::Board(_) | Line::Broken(_) | Line::Blank | Line::Other | Line::CommentEnd => {}
            Line::Comment(comment) => {
                if !comment.is_empty() {
                    pending_title = Some(comment.to_string());
                }
            }
            Line::Title(title) if any_board => {
                if !last_titled_after {
                    last_titled_after = true;
                    found(Found::TitleOfLast(title.to_string()));
                }
            }
            Line::Title(title) => early_title = Some(title.to_string()),
            Line::CommentStart => comment_block = Some(number),
        }
    }
    if let Some(board) = current.take() {
        found(Found::Board(board));
    }
    match comment_block {
        Some(line) => Err(FormatError::UnclosedComment { line }),
        None => Ok(()),
    }
}

/// The lines (from 0, the end not included) of each board of an XSB
/// text, damaged ones included; `None` when the text cannot be read as
/// boards (a `Comment:` block never closed).
pub fn board_lines(text: &str) -> Option<Vec<std::ops::Range<usize>>> {
    let mut lines = Vec::new();
    walk_boards(text, |found| {
        if let Found::Board(b) = found {
            lines.push(b.line - 1..b.last);
        }
    })
    .ok()?;
    Some(lines)
}

/// Whether a paragraph between two boards introduces the board after
/// it: every line of it is a `;` comment (the last one is the next
/// board's title). A paragraph with any other line (`Title:`,
/// `Author:`, a `Comment:` block) speaks of the board before it.
pub fn introduces_next_board(paragraph: &[&str]) -> bool {
    paragraph
        .iter()
        .all(|line| line.trim_start().starts_with(';'))
}

/// `line` (its end kept) saying `name` after its key or `;`, or nothing
/// when `name` is empty.
fn retitled_line(line: &str, key_end: usize, name: &str, spaced: bool) -> String {
    if name.is_empty() {
        return String::new();
    }
    let body = line.trim_end_matches(['\r', '\n']);
    let end = &line[body.len()..];
    let space = if spaced { " " } else { "" };
    format!("{}{space}{name}{end}", &body[..key_end])
}

/// The text before and after a board with the title it gives changed to
/// `name` (see [`crate::kinds::collection::CollectionSpec::retitle`]): a
/// `Title:` line after the board is changed when there is one, else the
/// last `;` line before it, else a `; name` line is added just before the
/// board. An empty name removes the title line.
pub fn retitle_xsb(before: &str, after: &str, name: &str, end: &str) -> (String, String) {
    use crate::kinds::collection::lines_with_ends;
    let mut after_lines: Vec<String> = lines_with_ends(after)
        .into_iter()
        .map(String::from)
        .collect();
    let title_at = after_lines.iter().position(|line| {
        let body = line.trim_end_matches(['\r', '\n']);
        after_key(body.trim_start(), "title").is_some()
    });
    if let Some(i) = title_at {
        let body = after_lines[i].trim_end_matches(['\r', '\n']).to_string();
        let colon = body.find(':').unwrap_or(body.len().saturating_sub(1));
        after_lines[i] = retitled_line(&after_lines[i], colon + 1, name, true);
        return (before.to_string(), after_lines.concat());
    }
    let mut before_lines: Vec<String> = lines_with_ends(before)
        .into_iter()
        .map(String::from)
        .collect();
    let comment_at = before_lines.iter().rposition(|line| {
        line.trim_start()
            .strip_prefix(';')
            .is_some_and(|rest| !rest.trim().is_empty())
    });
    match comment_at {
        Some(i) => {
            let semicolon = before_lines[i].find(';').unwrap_or(0);
            before_lines[i] = retitled_line(&before_lines[i], semicolon + 1, name, true);
        }
        None if !name.is_empty() => before_lines.push(format!("; {name}{end}")),
        None => {}
    }
    (before_lines.concat(), after.to_string())
}

/// A level of an XSB collection that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnreadBoard {
    /// Its place among the collection's levels, the unreadable ones
    /// counted, from 0 (as `FILE#index` counts).
    pub index: usize,
    /// The line of its first row (from 1).
    pub line: usize,
    /// Its title, empty when it has none.
    pub title: String,
    /// What is wrong with it.
    pub error: FormatError,
}

/// An XSB collection as read: the levels that could be read, in order,
/// and those that could not.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct XsbCollection {
    /// The levels that could be read, named by their titles.
    pub levels: Vec<Level>,
    /// The levels that could not be read.
    pub unread: Vec<UnreadBoard>,
}

/// Reads every level of an XSB text that can be read, and names those
/// that cannot (by place, line and title); an error when the text holds
/// no board, a `Comment:` block is never closed, or no level can be read.
pub fn read_xsb_collection(text: &str) -> Result<XsbCollection, FormatError> {
    let mut read = XsbCollection::default();
    // Whether the last board handed over was read (else it is the last of
    // the unread), for a `Title:` line after it.
    let mut last_read = false;
    walk_boards(text, |found| match found {
        Found::Board(board) => {
            let index = read.levels.len() + read.unread.len();
            match build(&board) {
                Ok(level) => {
                    read.levels.push(level);
                    last_read = true;
                }
                Err(error) => {
                    read.unread.push(UnreadBoard {
                        index,
                        line: board.line,
                        title: board.title.unwrap_or_default(),
                        error,
                    });
                    last_read = false;
                }
            }
        }
        Found::TitleOfLast(title) => {
            if last_read {
                if let Some(level) = read.levels.last_mut() {
                    level.name = title;
                }
            } else if let Some(unread) = read.unread.last_mut() {
                unread.title = title;
            }
        }
    })?;
    if read.levels.is_empty() {
        let mut unread = read.unread.into_iter();
        return Err(match (unread.next(), unread.len()) {
            (None, _) => FormatError::NoBoard,
            (Some(only), 0) => only.error,
            (Some(first), more) => FormatError::NoneReadable {
                count: more + 1,
                first: Box::new(first.error),
            },
        });
    }
    Ok(read)
}

/// Reads every level of an XSB text (one level or a collection), named by
/// their titles; any level that cannot be read makes it an error.
pub fn read_xsb(text: &str) -> Result<Vec<Level>, FormatError> {
    let read = read_xsb_collection(text)?;
    match read.unread.into_iter().next() {
        Some(first) => Err(first.error),
        None => Ok(read.levels),
    }
}

/// Reads an XSB text that holds exactly one level.
pub fn read_xsb_one(text: &str) -> Result<Level, FormatError> {
    let mut first: Option<Board> = None;
    let mut count = 0;
    let mut second_line = 0;
    walk_boards(text, |found| match found {
        Found::Board(board) => {
            count += 1;
            match count {
                1 => first = Some(board),
                2 => second_line = board.line,
                _ => {}
            }
        }
        Found::TitleOfLast(title) => {
            if let (1, Some(first)) = (count, first.as_mut()) {
                first.title = Some(title);
            }
        }
    })?;
    match (first, count) {
        (None, _) => Err(FormatError::NoBoard),
        (Some(one), 1) => build(&one),
        (Some(_), count) => Err(FormatError::NotOne { count, second_line }),
    }
}

/// Whether `text` looks like XSB: some board that can be read holds a
/// player or a box (`@ + $ *`, characters Skiddy's ASCII never uses). A
/// board with a row that begins with `#` and holds a character outside
/// XSB's (as every Skiddy row with a Skiddy, a pit, a crate or ice does)
/// cannot be read, so a Skiddy board never counts.
pub fn looks_like_xsb(text: &str) -> bool {
    let mut pieces = false;
    let walked = walk_boards(text, |found| {
        if let Found::Board(b) = found {
            pieces |= b.error.is_none()
                && b.rows
                    .iter()
                    .any(|row| row.cells.iter().any(|ch| "@+$*".contains(*ch)));
        }
    });
    walked.is_ok() && pieces
}

/// The XSB characters of a level's rows, cells and pieces; `floor` is the
/// character for bare floor. Fails when a box or the player cannot be
/// marked (see [`FormatError::CannotSay`]).
fn rows_of(level: &Level, floor: char) -> Result<Vec<Vec<char>>, FormatError> {
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

/// Writes one level as XSB: its name on a `; name` line (when it has
/// one), then its rows (see the module's documentation).
pub fn write_xsb(level: &Level) -> Result<String, FormatError> {
    if let Some(reason) = unsayable_name(&level.name) {
        return Err(FormatError::CannotSay(reason));
    }
    let rows = rows_of(level, ' ')?;
    let mut lines: Vec<String> = rows
        .iter()
        .map(|row| {
            let text: String = row.iter().collect();
            let text = text.trim_end().to_string();
            if text.is_empty() {
                "-".to_string()
            } else {
                text
            }
        })
        .collect();
    let reaches = lines
        .iter()
        .any(|l| l.chars().count() == level.width() && !l.ends_with('-'));
    if !reaches && level.width() > 0 {
        if let Some(first) = lines.first_mut() {
            let mut row: Vec<char> = rows[0].clone();
            if let Some(last) = row.last_mut() {
                if *last == ' ' {
                    *last = '-';
                }
            }
            *first = row.into_iter().collect();
        }
    }
    let mut text = String::new();
    if !level.name.is_empty() {
        text += &format!("; {}\n\n", level.name);
    }
    for line in lines {
        text += &line;
        text.push('\n');
    }
    Ok(text)
}

/// Why a name cannot be an XSB title that reads back as the same name,
/// if it cannot: a title is one line (CR and LF end it), and the reader
/// trims white space from both of its ends.
pub fn unsayable_name(name: &str) -> Option<String> {
    if name.contains(['\n', '\r']) {
        return Some("the name holds a line break, and a title is one line".into());
    }
    if name.trim() != name {
        return Some(format!(
            "the name {} begins or ends with white space, which an XSB title does not keep; remove it, or write json to keep the name as it is",
            crate::kinds::text::quoted(name)
        ));
    }
    None
}

/// Writes several levels as one XSB collection, separated by blank lines.
/// A level XSB cannot say is refused by its place (from 0) and name.
pub fn write_xsb_collection(levels: &[Level]) -> Result<String, FormatError> {
    let texts = levels
        .iter()
        .enumerate()
        .map(|(index, level)| {
            write_xsb(level).map_err(|error| FormatError::InLevel {
                index,
                name: level.name.clone(),
                error: Box::new(error),
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(texts.join("\n"))
}

/// Whether the boxes and the player can be marked in the rows.
fn markable(level: &Level) -> bool {
    rows_of(level, '-').is_ok()
}

/// The JSON value of a level (see the module's documentation).
pub fn to_json_value(level: &Level) -> Value {
    let marked = markable(level);
    let rows: Vec<String> = if marked {
        rows_of(level, '-')
            .unwrap_or_default()
            .into_iter()
            .map(|r| r.into_iter().collect())
            .collect()
    } else {
        (0..level.height())
            .map(|y| {
                (0..level.width())
                    .map(|x| char_of(level.cell(x, y), false, false, '-').unwrap_or('#'))
                    .collect()
            })
            .collect()
    };
    let mut value = json!({
        "format": LEVEL_FORMAT,
        "version": LEVEL_VERSION,
        "kind": KIND,
        "name": level.name,
        "width": level.width(),
        "height": level.height(),
        "rows": rows,
    });
    if !marked {
        value["player"] = json!(level.player.map(|(x, y)| [x, y]));
        value["boxes"] = json!(level.boxes.iter().map(|&(x, y)| [x, y]).collect::<Vec<_>>());
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
    rows: Vec<String>,
    #[serde(default)]
    player: Option<Option<[usize; 2]>>,
    #[serde(default)]
    boxes: Option<Vec<[usize; 2]>>,
}

/// Reads a level from its JSON value (see the module's documentation).
pub fn from_json_value(value: &Value) -> Result<Level, FormatError> {
    let field = |name: &str| value.get(name);
    match field("format").and_then(Value::as_str) {
        Some(LEVEL_FORMAT) => {}
        Some(other) => return Err(FormatError::WrongFormat(other.to_string())),
        None => {
            return Err(FormatError::Json(
                "the field \"format\" is missing or not a string".into(),
            ))
        }
    }
    match field("version").and_then(Value::as_u64) {
        Some(v) if v <= LEVEL_VERSION as u64 => {}
        Some(v) => return Err(FormatError::NewerVersion(v.min(u32::MAX as u64) as u32)),
        None => {
            return Err(FormatError::Json(
                "the field \"version\" is missing or not a whole number".into(),
            ))
        }
    }
    match field("kind").and_then(Value::as_str) {
        Some(KIND) => {}
        Some(other) => return Err(FormatError::WrongKind(other.to_string())),
        None => {
            return Err(FormatError::Json(
                "the field \"kind\" is missing or not a string".into(),
            ))
        }
    }
    let body: JsonLevel = crate::kinds::text::from_value_at(value).map_err(FormatError::Json)?;
    let side = |value: &Value, name: &str| {
        crate::kinds::text::whole_number_in(Some(value), name, 1, MAX_SIDE as u64)
            .map(|n| n as usize)
            .map_err(FormatError::Json)
    };
    let (width, height) = (side(&body.width, "width")?, side(&body.height, "height")?);
    if body.rows.len() != height {
        return Err(FormatError::Json(format!(
            "\"rows\" has {} rows, but the height is {height}",
            body.rows.len()
        )));
    }
    let mut cells = Vec::with_capacity(width * height);
    let mut boxes = Vec::new();
    let mut player = None;
    for (y, row) in body.rows.iter().enumerate() {
        let len = row.chars().count();
        if len != width {
            return Err(FormatError::Json(format!(
                "rows[{y}] has {len} cells, but the width is {width}"
            )));
        }
        for (x, ch) in row.chars().enumerate() {
            let (cell, has_box, is_player) = xsb_char(ch).ok_or_else(|| {
                FormatError::Json(format!(
                    "rows[{y}], cell ({x}, {y}): unknown character {ch:?} (known: # - _ . $ * @ + and space)"
                ))
            })?;
            cells.push(cell);
            if has_box {
                boxes.push((x, y));
            }
            if is_player {
                if let Some((fx, fy)) = player {
                    return Err(FormatError::Json(format!(
                        "rows[{y}], cell ({x}, {y}): a second player (the first is at ({fx}, {fy}))"
                    )));
                }
                player = Some((x, y));
            }
        }
    }
    if let Some(listed) = body.boxes {
        if !boxes.is_empty() {
            return Err(FormatError::Json(
                "the boxes are both marked in \"rows\" and listed in \"boxes\"".into(),
            ));
        }
        boxes = listed.into_iter().map(|[x, y]| (x, y)).collect();
    }
    if let Some(listed) = body.player {
        if player.is_some() {
            return Err(FormatError::Json(
                "the player is both marked in \"rows\" and given in \"player\"".into(),
            ));
        }
        player = listed.map(|[x, y]| (x, y));
    }
    let mut level = Level::from_cells(width, height, cells)
        .ok_or_else(|| FormatError::Json("the rows do not fill the board".into()))?;
    level.name = body.name;
    level.boxes = boxes;
    level.player = player;
    Ok(level)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_whose_length_falls_inside_a_character_is_no_key() {
        // Found by the fuzzer: the length of "title" (or "comment") ends
        // inside the two bytes of 'ƽ'.
        assert_eq!(after_key("titlƽ: x", "title"), None);
        assert_eq!(after_key("Title: Corner", "title"), Some("Corner"));
        let found = "888.BB\u{1bd}BBBBBB2BBBBBBBBBBBBB$\u{0}BBBBBBBBBBBBBBBB4 4\n 0(8";
        assert!(!looks_like_xsb(found));
        let _ = crate::kinds::detect(found);
    }

    const COLLECTION: &str = "\
; A small collection
; written by hand

; 1

#####
#@$.#
#####
Author: us
Comment:
####
#@$.# looks like a board but is a comment
Comment-End:

; ignored
; 2
'Quoted remark'

  ####  \n\
###  #
#  *@#
#.$  #
######
Title: Two boxes
";

    #[test]
    fn a_collection_reads_with_titles_and_skips_metadata() {
        let levels = read_xsb(COLLECTION).unwrap();
        assert_eq!(levels.len(), 2);
        assert_eq!(levels[0].name, "1");
        assert_eq!((levels[0].width(), levels[0].height()), (5, 3));
        assert_eq!(levels[0].player, Some((1, 1)));
        assert_eq!(levels[0].boxes, vec![(2, 1)]);
        assert_eq!(levels[1].name, "Two boxes", "Title: wins over ;");
        assert_eq!((levels[1].width(), levels[1].height()), (6, 5));
        assert_eq!(levels[1].cell(0, 0), Cell::Floor, "outside, padded");
        assert_eq!(levels[1].boxes, vec![(3, 2), (2, 3)]);
        assert_eq!(levels[1].cell(3, 2), Cell::Goal);
        assert!(levels.iter().all(|l| l.problems().is_empty()));
    }

    #[test]
    fn dashes_and_underscores_are_floor_and_rows_may_be_ragged() {
        let a = read_xsb_one("#####\n#@$.#\n#####").unwrap();
        let b = read_xsb_one("#####   \n#@$.#\n#####\n").unwrap();
        assert_eq!(a, b);
        let c = read_xsb_one("######\n#@-$.#\n#_#  #\n######").unwrap();
        assert_eq!(c.cell(2, 1), Cell::Floor);
        assert_eq!(c.cell(1, 2), Cell::Floor);
    }

    #[test]
    fn errors_name_line_and_column() {
        let e = read_xsb("; t\n#####\n#@x.#\n#####\n").unwrap_err();
        assert_eq!(
            e,
            FormatError::UnknownChar {
                line: 3,
                column: 3,
                ch: 'x'
            }
        );
        assert!(e.to_string().starts_with("line 3, column 3:"), "{e}");
        let e = read_xsb("#####\n#@@.#\n#####\n").unwrap_err();
        assert!(
            e.to_string()
                .contains("line 2, column 3: a second player (the first is at (1, 1))"),
            "{e}"
        );
        assert_eq!(read_xsb("just words\n").unwrap_err(), FormatError::NoBoard);
        assert_eq!(read_xsb("").unwrap_err(), FormatError::NoBoard);
        assert_eq!(
            read_xsb("Comment:\n#@$.#\n").unwrap_err(),
            FormatError::UnclosedComment { line: 1 }
        );
        let wide = "#".repeat(MAX_SIDE + 1);
        assert!(matches!(
            read_xsb(&wide),
            Err(FormatError::TooWide { line: 1, .. })
        ));
        let tall = "#\n".repeat(MAX_SIDE + 1);
        assert_eq!(
            read_xsb(&tall).unwrap_err(),
            FormatError::TooTall { line: 1 }
        );
        assert!(matches!(
            read_xsb_one(COLLECTION),
            Err(FormatError::NotOne { count: 2, .. })
        ));
    }

    #[test]
    fn xsb_round_trips_keep_the_title() {
        let levels = read_xsb(COLLECTION).unwrap();
        let text = write_xsb_collection(&levels).unwrap();
        assert!(text.starts_with("; 1\n\n#####\n#@$.#\n"), "{text}");
        assert_eq!(read_xsb(&text).unwrap(), levels);
    }

    #[test]
    fn odd_levels_round_trip_through_xsb_and_json() {
        // A floor column on the right and an all-floor row in the middle.
        let mut level = Level::from_cells(4, 3, vec![Cell::Floor; 12]).unwrap();
        level.set_cell(0, 0, Cell::Wall);
        level.set_cell(0, 2, Cell::Goal);
        level.player = Some((1, 0));
        let text = write_xsb(&level).unwrap();
        assert_eq!(read_xsb_one(&text).unwrap(), level, "{text:?}");
        assert_eq!(read_json(&write_json(&level)).unwrap(), level);
        // What XSB cannot say, JSON can.
        level.boxes = vec![(0, 0), (5, 5), (1, 1), (1, 1)];
        assert!(matches!(write_xsb(&level), Err(FormatError::CannotSay(_))));
        let json = write_json(&level);
        assert!(json.contains("\"boxes\""));
        assert_eq!(read_json(&json).unwrap(), level);
    }

    #[test]
    fn sniffing_tells_xsb_from_skiddy_ascii() {
        assert!(looks_like_xsb("#####\n#@$.#\n#####\n"));
        assert!(looks_like_xsb(COLLECTION));
        assert!(looks_like_xsb("; 3\n####\n#+*#\n####\n"));
        // Skiddy ASCII: level 1-1 of docs/rules.md, and one with crates,
        // ice and pits.
        let skiddy_levels = [
            "#####\n#R.R#\n#...#\n#r###\n",
            "######\n#B.co#\n#i..b#\n######\n",
        ];
        for text in skiddy_levels {
            assert!(!looks_like_xsb(text), "{text}");
            assert!(crate::kinds::skiddy::format::looks_like_ascii(text));
        }
        // Walls and goals alone say nothing of either kind's pieces.
        assert!(!looks_like_xsb("#####\n#...#\n#####\n"));
        assert!(!crate::kinds::skiddy::format::looks_like_ascii(
            "#####\n#@$.#\n#####\n"
        ));
    }

    #[test]
    fn cr_and_crlf_end_lines_and_what_is_read_writes_back() {
        let lf = "; Corner\n\n#####\n#@$.#\n#####\n";
        let want = read_xsb(lf).unwrap();
        assert_eq!(read_xsb(&lf.replace('\n', "\r")).unwrap(), want);
        assert_eq!(read_xsb(&lf.replace('\n', "\r\n")).unwrap(), want);
        // A lone CR inside a comment ends it: the title is what comes
        // before, and the rest of the line is a line of its own.
        let levels = read_xsb("; Corner\rby us\n\n#####\n#@$.#\n#####\n").unwrap();
        assert_eq!(levels[0].name, "Corner");
        let levels = read_xsb("#####\n#@$.#\n#####\nTitle: Two\rparts\n").unwrap();
        assert_eq!(levels[0].name, "Two");
        // Other control characters stay in the title, and write back.
        let text = "; a\u{0}b\u{7}c\n\n#####\n#@$.#\n#####\n";
        let levels = read_xsb(text).unwrap();
        assert_eq!(levels[0].name, "a\u{0}b\u{7}c");
        let written = write_xsb_collection(&levels).unwrap();
        assert_eq!(read_xsb(&written).unwrap(), levels);
    }

    #[test]
    fn a_name_xsb_would_change_is_refused_by_level_and_name() {
        let mut level = read_xsb_one("#####\n#@$.#\n#####\n").unwrap();
        for name in ["  Level 1", "Level 1\u{85}", "Level 1\t", "\u{a0}x"] {
            level.name = name.into();
            let e = write_xsb(&level).unwrap_err();
            assert!(
                e.to_string().contains("begins or ends with white space"),
                "{name:?}: {e}"
            );
        }
        level.name = "two\nlines".into();
        let e = write_xsb(&level).unwrap_err();
        assert!(e.to_string().contains("line break"), "{e}");
        let mut fine = level.clone();
        fine.name = "Fine".into();
        level.name = "  Level 1".into();
        let e = write_xsb_collection(&[fine, level]).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("level #1 \"  Level 1\": XSB cannot say"),
            "{e}"
        );
        // A name inside which white space and controls stand is kept.
        let mut kept = read_xsb_one("#####\n#@$.#\n#####\n").unwrap();
        kept.name = "a \u{85} b\u{0}c".into();
        assert_eq!(read_xsb_one(&write_xsb(&kept).unwrap()).unwrap(), kept);
    }

    #[test]
    fn run_length_rows_and_bars_are_board_rows() {
        let plain = read_xsb_one("#######\n#@$--.#\n###-###\n").unwrap();
        for text in [
            "7#\n#@$2-.#\n3#-3#\n",
            "7#|#@$2-.#|3#-3#\n",
            "7#|#@$2-.#|3#-3#|\n",
            "; 12\n7#\n#@$2-.#\n3#-3#\nAuthor: 3 boys\n",
        ] {
            let mut level = read_xsb_one(text).unwrap();
            if text.starts_with(';') {
                assert_eq!(level.name, "12", "a comment of digits is a title");
            }
            level.name.clear();
            assert_eq!(level, plain, "{text:?}");
        }
        // Counts of two digits, and an empty row between bars (all floor).
        let wide = read_xsb_one("12#|#@$7-.#||12#").unwrap();
        assert_eq!((wide.width(), wide.height()), (12, 4));
        assert_eq!(wide.cell(5, 2), Cell::Floor);
        // A count with nothing to repeat, in a row, is an error that says
        // where; a huge count is too wide, not a huge allocation.
        assert_eq!(
            read_xsb("#####\n#@$.#3\n#####\n").unwrap_err(),
            FormatError::CountWithoutCell { line: 2, column: 6 }
        );
        assert!(matches!(
            read_xsb("99999999999999999999999#\n#@$.#\n"),
            Err(FormatError::TooWide { line: 1, .. })
        ));
        assert!(looks_like_xsb("7#|#@$2-.#|3#-3#"));
        // Found by the fuzzer: a count of 0 made a board no cell wide,
        // which wrote back as one floor cell. Now it is no count.
        let found = "\r\r#####\rw\n0#\r;\n.##\u{3}\0\0\0\0\0\0\0##r\0\0\0\r\n";
        let levels = read_xsb(found).unwrap();
        assert_eq!(levels.len(), 1, "{levels:?}");
        assert_eq!(
            read_xsb(&write_xsb_collection(&levels).unwrap()).unwrap(),
            levels
        );
        assert_eq!(
            read_xsb("#####\n#@$.#\n#0#\n").unwrap_err(),
            FormatError::ZeroCount { line: 3, column: 2 }
        );
        // Lines of digits alone, or of words with digits, are not rows.
        assert_eq!(read_xsb("12\n3 boys\n").unwrap_err(), FormatError::NoBoard);
    }

    #[test]
    fn one_bad_level_leaves_the_others_readable_and_is_named() {
        let text = "; One\n\n#####\n#@$.#\n#####\n\n; Two\n\n#####\n#@x.#\n#####\n\n; Three\n\n#####\n#.$@#\n#####\n";
        let read = read_xsb_collection(text).unwrap();
        let names: Vec<&str> = read.levels.iter().map(|l| l.name.as_str()).collect();
        assert_eq!(names, ["One", "Three"]);
        assert_eq!(read.unread.len(), 1);
        let bad = &read.unread[0];
        assert_eq!((bad.index, bad.line, bad.title.as_str()), (1, 9, "Two"));
        assert_eq!(
            bad.error,
            FormatError::UnknownChar {
                line: 10,
                column: 3,
                ch: 'x'
            }
        );
        // Strict reading still refuses the text, naming the fault.
        assert_eq!(read_xsb(text).unwrap_err(), bad.error);
        // Every level bad: an error.
        let all_bad = "#####\n#@x.#\n#####\n\n#####\n#@@.#\n#####\n";
        let e = read_xsb_collection(all_bad).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("none of the 2 levels can be read; the first: line 2, column 3"),
            "{e}"
        );
    }

    /// A small level of any cells, boxes and player, valid or not.
    fn any_level() -> impl proptest::strategy::Strategy<Value = Level> {
        use proptest::prelude::*;
        let cell = prop_oneof![Just(Cell::Wall), Just(Cell::Floor), Just(Cell::Goal)];
        (1usize..6, 1usize..6)
            .prop_flat_map(move |(w, h)| {
                (
                    Just((w, h)),
                    proptest::collection::vec((cell.clone(), any::<bool>()), w * h),
                    proptest::option::of((0..w, 0..h)),
                )
            })
            .prop_map(|((w, h), cells, player)| {
                let mut level =
                    Level::from_cells(w, h, cells.iter().map(|&(c, _)| c).collect()).unwrap();
                level.boxes = (0..w * h)
                    .filter(|&i| cells[i].1)
                    .map(|i| (i % w, i / w))
                    .collect();
                level.player = player;
                level
            })
    }

    proptest::proptest! {
        /// JSON -> XSB -> JSON never changes a name or a level silently:
        /// XSB writes what reads back the same, or refuses with a reason.
        #[test]
        fn xsb_writes_what_reads_back_the_same_or_says_why_not(
            mut level in any_level(),
            name in "[ a-z;#:\\-$@\u{0}\u{7}\t\r\n\u{85}\u{a0}\u{2028}\u{e9}]{0,10}",
        ) {
            level.name = name;
            let json = read_json(&write_json(&level)).unwrap();
            proptest::prop_assert_eq!(&json, &level);
            match write_xsb(&level) {
                Ok(text) => {
                    let back = read_xsb_one(&text);
                    proptest::prop_assert_eq!(back.as_ref(), Ok(&level), "{:?}", text);
                    let collection = write_xsb_collection(&[level.clone(), level.clone()]).unwrap();
                    proptest::prop_assert_eq!(read_xsb(&collection).unwrap(), vec![level.clone(), level]);
                }
                Err(FormatError::CannotSay(reason)) => {
                    proptest::prop_assert!(!reason.is_empty());
                    proptest::prop_assert!(
                        unsayable_name(&level.name).is_some() || rows_of(&level, ' ').is_err(),
                        "refused without cause: {}", reason
                    );
                }
                Err(other) => proptest::prop_assert!(false, "unexpected {other}"),
            }
        }
    }

    #[test]
    fn json_errors_are_clear() {
        let level = read_xsb_one("#####\n#@$.#\n#####\n").unwrap();
        let mut value = to_json_value(&level);
        assert_eq!(from_json_value(&value).unwrap(), level);
        value["kind"] = json!("prism");
        assert_eq!(
            from_json_value(&value).unwrap_err().to_string(),
            "the level is of kind \"prism\", not \"sokoban\""
        );
        value["kind"] = json!("sokoban");
        value["rows"][1] = json!("#@x.#");
        assert!(from_json_value(&value)
            .unwrap_err()
            .to_string()
            .contains("rows[1], cell (2, 1): unknown character 'x'"));
        assert!(read_json("{").is_err());
    }
}
