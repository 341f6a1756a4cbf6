//! Sokoban's text formats as the model's seam lists them: JSON and the
//! standard XSB text.

use crate::kinds::text::{DamagedLevel, FormatSpec, ReadLevels, TextFormat};
use crate::kinds::{Kind, Level, LevelError};

use super::format::{
    board_lines, introduces_next_board, looks_like_xsb, read_xsb_collection, retitle_xsb,
    write_xsb_collection,
};
use crate::kinds::collection::CollectionSpec;

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
        let read = read_xsb_collection(text)?;
        Ok(ReadLevels {
            levels: read.levels.into_iter().map(Level::Sokoban).collect(),
            damaged: read
                .unread
                .into_iter()
                .map(|u| DamagedLevel {
                    index: u.index,
                    title: u.title,
                    line: u.line,
                    error: u.error.to_string(),
                })
                .collect(),
        })
    },
    write: |levels| {
        let boards: Vec<super::Level> = levels
            .iter()
            .filter_map(|l| l.as_sokoban().cloned())
            .collect();
        write_xsb_collection(&boards).map_err(LevelError::from)
    },
    collection: Some(CollectionSpec {
        boards: board_lines,
        introduces_next: introduces_next_board,
        retitle: retitle_xsb,
    }),
};

/// The XSB text as a format.
pub const XSB: TextFormat = TextFormat::of(&XSB_SPEC);

/// The formats that can hold a Sokoban level, the complete one first.
pub const TEXT_FORMATS: &[TextFormat] = &[TextFormat::JSON, XSB];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::text::{detect, read_levels, write_levels};

    /// Skiddy's first level: a board of `#` and `.` with Skiddy letters.
    const ONE_ONE: &str = "#####\n#R.R#\n#...#\n#r###\n";

    const MICRO: &str = "; 1\n\n####\n# .#\n#  ###\n#*@  #\n#  $ #\n#  ###\n####\n\n; 2\n\n  #####\n###@$.#\n  #####\n";

    #[test]
    fn xsb_is_told_apart_from_skiddy_ascii() {
        assert_eq!(detect(MICRO), Some(XSB));
        // A board opening with spaces is XSB too.
        assert_eq!(detect("  #####\n###@$.#\n  #####\n"), Some(XSB));
        // Skiddy boards share `#` and `.` with XSB, but never a player or a
        // box, and their Skiddy letters are not XSB.
        for skiddy in [ONE_ONE, "#####\n#R..#\n#.c.#\n#r###\n"] {
            let format = detect(skiddy).expect("a Skiddy board is told");
            assert_eq!(format.kind(), Some(Kind::Skiddy), "{skiddy}");
            assert_ne!(format, TextFormat::JSON);
        }
        let skiddy = read_levels(ONE_ONE, None, None).unwrap();
        assert_eq!(skiddy[0].kind(), Kind::Skiddy);
    }

    #[test]
    fn an_xsb_collection_reads_as_many_levels_named_by_their_titles() {
        let levels = read_levels(MICRO, None, None).unwrap();
        assert_eq!(levels.len(), 2);
        assert!(levels.iter().all(|l| l.kind() == Kind::Sokoban));
        assert_eq!(levels[0].name(), "1");
        assert_eq!(levels[1].name(), "2");
        let text = write_levels(&levels, XSB).unwrap();
        assert_eq!(read_levels(&text, None, None).unwrap(), levels, "{text}");
        assert_eq!(XSB.extension(), "xsb");
        assert!(Kind::Sokoban.formats().contains(&XSB));
        // JSON keeps the level whole too.
        let json = levels[0].write(TextFormat::JSON).unwrap();
        assert_eq!(read_levels(&json, None, None).unwrap()[0], levels[0]);
        // A Skiddy level is not XSB.
        let skiddy = read_levels(ONE_ONE, None, None).unwrap();
        assert!(write_levels(&skiddy, XSB)
            .unwrap_err()
            .to_string()
            .contains("holds Sokoban levels only"));
    }
}
