//! Prism's text formats as the model's seam lists them: JSON, the 2016
//! text (one level, with enemies) and the 2017 text (several levels).

use crate::kinds::text::{FormatSpec, ReadLevels, TextFormat};
use crate::kinds::{Kind, Level, LevelError};

use crate::kinds::collection::CollectionSpec;

use super::format::{
    level_lines_2017, looks_like_2016, looks_like_2017, read_2016, read_2017, write_2016,
    write_2017,
};

/// Prism's 2016 text: one level, with enemies and a background.
pub const P2016_SPEC: FormatSpec = FormatSpec {
    name: "prism-2016",
    level_words: "a Prism 2016 level",
    kind: Some(Kind::Prism),
    extension: "txt",
    holds_several: false,
    detect_order: 30,
    looks_like: |text| looks_like_2016(text.trim_start()),
    read: |text| {
        read_2016(text)
            .map(|l| ReadLevels::whole(vec![Level::Prism(l)]))
            .map_err(LevelError::from)
    },
    write: |levels| match levels.first().and_then(Level::as_prism) {
        Some(level) => write_2016(level).map_err(LevelError::from),
        None => Err(LevelError::NoLevelOfKind { kind: Kind::Prism }),
    },
    collection: None,
};

/// Prism's 2017 text: several levels, without enemies, on black. Its
/// test runs before the 2016 one's.
pub const P2017_SPEC: FormatSpec = FormatSpec {
    name: "prism-2017",
    level_words: "a Prism 2017 file",
    kind: Some(Kind::Prism),
    extension: "txt",
    holds_several: true,
    detect_order: 20,
    looks_like: |text| looks_like_2017(text.trim_start()),
    read: |text| {
        read_2017(text)
            .map(|ls| ReadLevels::whole(ls.into_iter().map(Level::Prism).collect()))
            .map_err(LevelError::from)
    },
    write: |levels| {
        let prisms: Vec<super::Level> = levels
            .iter()
            .filter_map(|l| l.as_prism().cloned())
            .collect();
        write_2017(&prisms).map_err(LevelError::from)
    },
    // The 2017 format has no names nor comments: what is kept is the
    // layout of its lines (blank lines, spacing, rows as the file wrote
    // them).
    collection: Some(CollectionSpec {
        boards: level_lines_2017,
        introduces_next: |_| false,
        retitle: |before, after, _, _| (before.to_string(), after.to_string()),
    }),
};

/// Prism's 2016 text as a format.
pub const PRISM_2016: TextFormat = TextFormat::of(&P2016_SPEC);
/// Prism's 2017 text as a format.
pub const PRISM_2017: TextFormat = TextFormat::of(&P2017_SPEC);

/// The formats that can hold a Prism level, the complete one first.
pub const TEXT_FORMATS: &[TextFormat] = &[TextFormat::JSON, PRISM_2016, PRISM_2017];
