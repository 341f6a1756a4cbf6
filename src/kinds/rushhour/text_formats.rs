//! Rush Hour's text formats as the model's seam lists them: JSON,
//! Fogleman's board lines (one level a line) and the puzzle archive's
//! JSON.
//!
//! How a text is told apart from the other kinds' (see
//! [`super::format::looks_like_line`]): a board line is one line of n x n
//! characters (n from 4 to 10) of `o . x A–Z` holding an `A`, with only
//! numbers beside it. Skiddy ASCII and XSB boards are several lines of
//! `#` walls; Prism's texts open with their size as two numbers on a line
//! of their own; Tangram's with its board's side. The archive's JSON is an
//! object with `cars` and no `format` field; it is tested before our JSON.

use crate::kinds::text::{DamagedLevel, FormatSpec, ReadLevels, TextFormat};
use crate::kinds::{Kind, Level, LevelError};

use super::format::{
    looks_like_archive, looks_like_line, read_archive_json, read_lines, write_archive_json,
    write_lines, FormatError,
};

/// Fogleman's board lines: one level a line, numbers allowed before and
/// after the board.
pub const LINE_SPEC: FormatSpec = FormatSpec {
    name: "rushhour-line",
    level_words: "a Rush Hour board line",
    kind: Some(Kind::RushHour),
    extension: "txt",
    holds_several: true,
    detect_order: 35,
    looks_like: looks_like_line,
    read: |text| {
        let read = read_lines(text);
        if read.levels.is_empty() {
            if let Some(first) = read.unread.first() {
                return Err(FormatError::AtLine {
                    line: first.line,
                    error: Box::new(first.error.clone()),
                }
                .into());
            }
            return Err(FormatError::NoBoardLine.into());
        }
        Ok(ReadLevels {
            levels: read.levels.into_iter().map(Level::RushHour).collect(),
            damaged: read
                .unread
                .into_iter()
                .map(|u| DamagedLevel {
                    index: u.index,
                    title: String::new(),
                    line: u.line,
                    error: u.error.to_string(),
                })
                .collect(),
        })
    },
    write: |levels| {
        let boards: Vec<super::Level> = levels
            .iter()
            .filter_map(|l| l.as_rushhour().cloned())
            .collect();
        write_lines(&boards).map_err(LevelError::from)
    },
    collection: None,
};

/// The board lines as a format.
pub const LINE: TextFormat = TextFormat::of(&LINE_SPEC);

/// The puzzle archive's JSON: one 6x6 puzzle of `cars`.
pub const ARCHIVE_SPEC: FormatSpec = FormatSpec {
    name: "rushhour-archive",
    level_words: "a Rush Hour archive puzzle",
    kind: Some(Kind::RushHour),
    extension: "json",
    holds_several: false,
    detect_order: 2,
    looks_like: looks_like_archive,
    read: |text| {
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| LevelError::JsonSyntax(e.to_string()))?;
        let level = read_archive_json(&value)?;
        Ok(ReadLevels::whole(vec![Level::RushHour(level)]))
    },
    write: |levels| {
        let level =
            levels
                .first()
                .and_then(Level::as_rushhour)
                .ok_or(LevelError::NoLevelOfKind {
                    kind: Kind::RushHour,
                })?;
        write_archive_json(level).map_err(LevelError::from)
    },
    collection: None,
};

/// The archive's JSON as a format.
pub const ARCHIVE: TextFormat = TextFormat::of(&ARCHIVE_SPEC);

/// The formats that can hold a Rush Hour level, the complete one first.
pub const TEXT_FORMATS: &[TextFormat] = &[TextFormat::JSON, LINE, ARCHIVE];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::text::{detect, read_levels, write_levels};

    const FOGLEMAN: &str = "BBBCDEFGGCDEF.AADEHHI....JI.KK.JLLMM";

    #[test]
    fn board_lines_and_archive_puzzles_are_detected_and_read() {
        assert_eq!(detect(FOGLEMAN), Some(LINE));
        assert_eq!(detect(&format!("49 {FOGLEMAN} 4780\n")), Some(LINE));
        let archive = r#"{"id":"p1","cars":[{"length":2,"id":"r","orientation":"horizontal","position":12,"player":true}]}"#;
        assert_eq!(detect(archive), Some(ARCHIVE));
        let level = &read_levels(archive, None, None).unwrap()[0];
        assert_eq!(level.kind(), Kind::RushHour);
        assert_eq!(level.name(), "p1");
        // Our own JSON still goes to the JSON reader.
        let ours = level.to_json_value().to_string();
        assert_eq!(detect(&ours), Some(TextFormat::JSON));
        assert_eq!(&read_levels(&ours, None, None).unwrap()[0], level);
    }

    #[test]
    fn the_other_kinds_texts_are_not_board_lines() {
        let skiddy = "#####\n#R.R#\n#...#\n#r###\n";
        let xsb = "; 1\n\n####\n# .#\n#  ###\n#*@  #\n#  $ #\n#  ###\n####\n";
        for text in [skiddy, xsb] {
            assert_ne!(detect(text), Some(LINE), "{text}");
        }
    }

    #[test]
    fn a_level_converts_between_the_three_formats() {
        let mut level = read_levels(FOGLEMAN, Some(LINE), None).unwrap().remove(0);
        level.set_name("fogleman");
        let archive = write_levels(std::slice::from_ref(&level), ARCHIVE).unwrap();
        let back = read_levels(&archive, Some(ARCHIVE), None)
            .unwrap()
            .remove(0);
        assert_eq!(back.canonical_key(), level.canonical_key());
        assert_eq!(back.name(), "fogleman");
        let line = write_levels(std::slice::from_ref(&back), LINE).unwrap();
        assert_eq!(line.trim(), FOGLEMAN.replace('.', "o"));
    }

    #[test]
    fn the_archive_refuses_what_it_cannot_say() {
        let mut level = read_levels(FOGLEMAN, Some(LINE), None).unwrap().remove(0);
        if let Some(l) = level.as_rushhour_mut() {
            l.set_wall(0, 5, false);
            l.vehicles.retain(|v| !v.covers(0, 5));
            l.set_wall(0, 5, true);
        }
        let error = write_levels(std::slice::from_ref(&level), ARCHIVE).unwrap_err();
        assert!(
            error.to_string().contains("no walls") && error.to_string().contains("(0, 5)"),
            "{error}"
        );
        let small = Kind::RushHour.blank(5, 5);
        let error = write_levels(std::slice::from_ref(&small), ARCHIVE).unwrap_err();
        assert!(error.to_string().contains("6x6"), "{error}");
    }
}
