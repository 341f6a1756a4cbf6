//! Fogleman's one-line board and files of such lines (see the format
//! module's documentation).

use super::{cells_words, FormatError};
use crate::kinds::rushhour::level::{Level, Orientation, Vehicle, MAX_SIDE, MIN_SIDE};
use crate::kinds::text::text_lines;

/// The character a line writes for an empty cell (`.` reads as well).
pub const EMPTY: char = 'o';
/// The character of a wall.
pub const WALL: char = 'x';

/// A file of lines as read: the levels that could be read, in order, and
/// the lines that could not.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LinesCollection {
    /// The levels that could be read (unnamed: a line has no name).
    pub levels: Vec<Level>,
    /// The lines that could not be read.
    pub unread: Vec<UnreadLine>,
}

/// A line of a file of lines that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnreadLine {
    /// Its place among the file's levels, the unreadable ones counted,
    /// from 0 (as `FILE#index` counts).
    pub index: usize,
    /// Its line in the file (from 1).
    pub line: usize,
    /// What is wrong with it.
    pub error: FormatError,
}

/// Whether a word is a number: digits with an optional sign and an
/// optional decimal part (`51`, `-3`, `0.25`).
fn is_number(word: &str) -> bool {
    let word = word.strip_prefix(['+', '-']).unwrap_or(word);
    let (whole, part) = word.split_once('.').unwrap_or((word, ""));
    !whole.is_empty()
        && whole.bytes().all(|b| b.is_ascii_digit())
        && part.bytes().all(|b| b.is_ascii_digit())
        && (!word.contains('.') || !part.is_empty())
}

/// Whether a character may stand in a board line.
fn is_board_char(ch: char) -> bool {
    matches!(ch, 'o' | '.' | 'x' | 'A'..='Z')
}

/// The side `n` of a board of `len` characters when `len = n * n` with
/// `n` from 4 to 10.
fn side_of(len: usize) -> Option<usize> {
    (MIN_SIDE..=MAX_SIDE).find(|n| n * n == len)
}

/// The one word of a line that is not a number: its board.
fn board_word(line: &str) -> Result<&str, FormatError> {
    let mut boards = line.split_whitespace().filter(|w| !is_number(w));
    let board = boards.next().ok_or(FormatError::NoBoard)?;
    if let Some(second) = boards.next() {
        return Err(FormatError::TwoBoards {
            first: board.to_string(),
            second: second.to_string(),
        });
    }
    Ok(board)
}

/// Whether a text looks like Fogleman's lines: its first non-blank line is
/// made of white-space separated words, all whole or decimal numbers but
/// one, the board, of `n * n` characters (`n` from 4 to 10) taken from
/// `o . x A-Z` and holding an `A` (the primary). Only the first line is
/// looked at: a file whose later lines are broken is still a file of
/// lines, and [`read_lines`] names those lines.
///
/// This tells a line apart from the other kinds' texts: Skiddy's ASCII
/// (`#R.R#` rows) never holds `A` and its boards have `#`; XSB's rows hold
/// `#` and space, and its first line is often a `;` title; Prism's texts
/// open with numbers and hold one-character cell words (`e f b R g`), none
/// of 16 characters or more; Tangram's open with two numbers and
/// `shape`. A line of `n * n` characters with an `A` is none of those.
pub fn looks_like_line(text: &str) -> bool {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let Some(first) = text_lines(text).find(|l| !l.trim().is_empty()) else {
        return false;
    };
    let Ok(board) = board_word(first) else {
        return false;
    };
    side_of(board.len()).is_some() && board.chars().all(is_board_char) && board.contains('A')
}

/// Reads one board line (numbers before and after the board are
/// ignored; see the format module's documentation).
pub fn read_line(text: &str) -> Result<Level, FormatError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = text_lines(text).filter(|l| !l.trim().is_empty());
    let line = lines.next().ok_or(FormatError::NoBoard)?;
    let more = lines.count();
    if more > 0 {
        return Err(FormatError::NotOneLine { count: more + 1 });
    }
    read_board(board_word(line)?)
}

/// The letter's name in errors: "the primary vehicle A", "vehicle C".
fn letter_name(letter: char) -> String {
    if letter == 'A' {
        "the primary vehicle A".to_string()
    } else {
        format!("vehicle {letter}")
    }
}

/// Reads a board word into a level.
fn read_board(board: &str) -> Result<Level, FormatError> {
    let len = board.chars().count();
    let side = side_of(len).ok_or_else(|| FormatError::BoardLength {
        board: board.to_string(),
        len,
    })?;
    let mut level = Level::new(side, side);
    // The cells of each letter A..Z, in reading order.
    let mut cells: Vec<Vec<(usize, usize)>> = vec![Vec::new(); 26];
    for (i, ch) in board.chars().enumerate() {
        let (x, y) = (i % side, i / side);
        match ch {
            'o' | '.' => {}
            'x' => level.set_wall(x, y, true),
            'A'..='Z' => cells[(ch as u8 - b'A') as usize].push((x, y)),
            _ => return Err(FormatError::UnknownChar { x, y, ch }),
        }
    }
    for (i, cells) in cells.iter().enumerate() {
        if cells.is_empty() {
            continue;
        }
        let letter = (b'A' + i as u8) as char;
        let vehicle = vehicle_of(letter, cells)?;
        if letter == 'A' && vehicle.orientation == Orientation::Vertical {
            return Err(FormatError::VerticalPrimary {
                vehicle: "A".to_string(),
                x: vehicle.x,
                y: vehicle.y,
            });
        }
        level.vehicles.push(vehicle);
    }
    if level.primary().is_none() {
        return Err(FormatError::NoPrimary(
            "no cell holds A (the red car that drives out)",
        ));
    }
    Ok(level)
}

/// The vehicle of `letter` from its cells in reading order, or why they
/// are not one.
fn vehicle_of(letter: char, cells: &[(usize, usize)]) -> Result<Vehicle, FormatError> {
    let (x, y) = cells[0];
    if cells.len() == 1 {
        return Err(FormatError::OneCell {
            vehicle: letter_name(letter),
            x,
            y,
        });
    }
    let in_a_row = cells.iter().enumerate().all(|(i, &c)| c == (x + i, y));
    let in_a_column = cells.iter().enumerate().all(|(i, &c)| c == (x, y + i));
    let orientation = if in_a_row {
        Orientation::Horizontal
    } else if in_a_column {
        Orientation::Vertical
    } else {
        return Err(FormatError::Bent {
            vehicle: letter_name(letter),
            cells: cells_words(cells),
        });
    };
    Ok(Vehicle {
        x,
        y,
        length: cells.len(),
        orientation,
        primary: letter == 'A',
    })
}

/// Reads every line of a file of lines that can be read, and names those
/// that cannot (by place and line); blank lines are skipped.
pub fn read_lines(text: &str) -> LinesCollection {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut read = LinesCollection::default();
    let lines = text_lines(text)
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty());
    for (index, (number, line)) in lines.enumerate() {
        match board_word(line).and_then(read_board) {
            Ok(level) => read.levels.push(level),
            Err(error) => read.unread.push(UnreadLine {
                index,
                line: number + 1,
                error,
            }),
        }
    }
    read
}

/// Writes a level as one board line (without a line end), or says why a
/// line cannot say it: a board that is not square or not 4 to 10 a side,
/// or anything that makes the level invalid (no primary, a vehicle off
/// the board, on a wall or over another, …).
pub fn write_line(level: &Level) -> Result<String, FormatError> {
    let (w, h) = (level.width(), level.height());
    if w != h || side_of(w * h).is_none() {
        return Err(FormatError::CannotSay(format!(
            "the board is {w}x{h}; a line says a square board of 4 to 10 a side"
        )));
    }
    if let Some(problem) = level.problems().into_iter().next() {
        return Err(FormatError::CannotSay(problem.to_string()));
    }
    let mut chars: Vec<char> = level
        .walls()
        .iter()
        .map(|&wall| if wall { WALL } else { EMPTY })
        .collect();
    for (i, vehicle) in level.vehicles.iter().enumerate() {
        let letter = level.letter(i);
        for (x, y) in vehicle.cells() {
            chars[y * w + x] = letter;
        }
    }
    Ok(chars.into_iter().collect())
}

/// Writes levels as a file of lines, one a line, each ended by a line
/// end; the first level that cannot be written is named.
pub fn write_lines(levels: &[Level]) -> Result<String, FormatError> {
    let mut text = String::new();
    for (index, level) in levels.iter().enumerate() {
        let line = write_line(level).map_err(|error| FormatError::InLevel {
            index,
            name: level.name.clone(),
            error: Box::new(error),
        })?;
        text.push_str(&line);
        text.push('\n');
    }
    Ok(text)
}
