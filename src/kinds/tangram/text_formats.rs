//! Tangram's text formats as the model's seam lists them: JSON and the
//! original text (the board side, the shape count, each shape's
//! triangles).

use crate::kinds::text::{FormatSpec, ReadLevels, TextFormat};
use crate::kinds::{Kind, Level, LevelError};

use super::format::{looks_like_tangram, parse_text, to_text};

/// Tangram's original text. It has no place for the level's name, so a
/// named level is refused rather than written without it.
pub const TEXT_SPEC: FormatSpec = FormatSpec {
    name: "tangram-text",
    level_words: "a Tangram level",
    kind: Some(Kind::Tangram),
    extension: "txt",
    holds_several: false,
    detect_order: 10,
    looks_like: |text| looks_like_tangram(text.trim_start()),
    read: |text| {
        parse_text(text)
            .map(|l| ReadLevels::whole(vec![Level::Tangram(l)]))
            .map_err(LevelError::from)
    },
    write: |levels| match levels.first().and_then(Level::as_tangram) {
        Some(level) if !level.name.is_empty() => Err(LevelError::NoPlaceForName {
            format: "tangram-text",
            name: level.name.clone(),
        }),
        Some(level) => Ok(to_text(level)),
        None => Err(LevelError::NoLevelOfKind {
            kind: Kind::Tangram,
        }),
    },
    collection: None,
};

/// Tangram's original text as a format.
pub const TANGRAM_TEXT: TextFormat = TextFormat::of(&TEXT_SPEC);

/// The formats that can hold a Tangram level, the complete one first.
pub const TEXT_FORMATS: &[TextFormat] = &[TextFormat::JSON, TANGRAM_TEXT];
