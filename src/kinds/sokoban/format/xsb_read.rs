//! Reading XSB text: each line told apart (board row, run-length row,
//! comment, title, metadata), the boards walked one at a time and made
//! into levels, a collection's unreadable boards named.

use super::{xsb_char, FormatError};
use crate::kinds::sokoban::level::{Cell, Level, MAX_SIDE};

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
pub(super) fn after_key<'a>(line: &'a str, key: &str) -> Option<&'a str> {
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

/// Whether a paragraph between two boards introduces the board after
/// it: every line of it is a `;` comment (the last one is the next
/// board's title). A paragraph with any other line (`Title:`,
/// `Author:`, a `Comment:` block) speaks of the board before it.
pub fn introduces_next_board(paragraph: &[&str]) -> bool {
    paragraph
        .iter()
        .all(|line| line.trim_start().starts_with(';'))
}
