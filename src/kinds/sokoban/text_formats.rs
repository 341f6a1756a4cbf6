//! Sokoban's text formats as the model's seam lists them: JSON and the
//! standard XSB text.

use crate::kinds::text::{FormatSpec, TextFormat};
use crate::kinds::{Kind, Level};

use super::format::{looks_like_xsb, read_xsb, write_xsb_collection};

/// Sokoban's standard XSB text: one level or a collection, each level
/// named by its title. Its test sees the rows' leading spaces, and runs
/// before Skiddy's (the two share `#` and `.`).
pub const XSB_SPEC: FormatSpec = FormatSpec {
    name: "xsb",
    level_words: "a Sokoban board",
    kind: Some(Kind::Sokoban),
    extension: "xsb",
    holds_several: true,
    detect_order: 40,
    looks_like: looks_like_xsb,
    read: |text| {
        read_xsb(text)
            .map(|ls| ls.into_iter().map(Level::Sokoban).collect())
            .map_err(|e| e.to_string())
    },
    write: |levels| {
        let boards: Vec<super::Level> = levels
            .iter()
            .filter_map(|l| l.as_sokoban().cloned())
            .collect();
        write_xsb_collection(&boards).map_err(|e| e.to_string())
    },
};

/// The XSB text as a format.
pub const XSB: TextFormat = TextFormat::of(&XSB_SPEC);

/// The formats that can hold a Sokoban level, the complete one first.
pub const TEXT_FORMATS: &[TextFormat] = &[TextFormat::JSON, XSB];
