//! Skiddy's text formats as the model's seam lists them: JSON and the
//! ASCII board.

use crate::kinds::text::{FormatSpec, ReadLevels, TextFormat};
use crate::kinds::{Kind, Level, LevelError};

use super::format::{looks_like_ascii, parse_ascii, to_ascii};

/// Skiddy's ASCII board, one character a cell. Its test accepts most
/// boards of `#` and `.`, so it runs after every other kind's.
pub const ASCII_SPEC: FormatSpec = FormatSpec {
    name: "skiddy-ascii",
    level_words: "a Skiddy board",
    kind: Some(Kind::Skiddy),
    extension: "txt",
    holds_several: false,
    detect_order: 90,
    looks_like: |text| looks_like_ascii(text.trim_start()),
    read: |text| {
        parse_ascii(text)
            .map(|l| ReadLevels::whole(vec![Level::Skiddy(l)]))
            .map_err(LevelError::from)
    },
    write: |levels| match levels.first().and_then(Level::as_skiddy) {
        Some(level) => to_ascii(level).map_err(LevelError::from),
        None => Err(LevelError::NoLevelOfKind { kind: Kind::Skiddy }),
    },
    collection: None,
};

/// Skiddy's ASCII board as a format.
pub const ASCII: TextFormat = TextFormat::of(&ASCII_SPEC);

/// The formats that can hold a Skiddy level, the complete one first.
pub const TEXT_FORMATS: &[TextFormat] = &[TextFormat::JSON, ASCII];
