//! Writing XSB text: a level's rows and title, a collection of levels,
//! and a kept title line changed to a new name.

use super::xsb_read::after_key;
use super::{rows_of, FormatError};
use crate::kinds::sokoban::level::Level;

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
