//! Why a level could not be read or written, as every kind says it: one
//! error type for the model's reading and writing (a kind's own format
//! errors, the reader's, a format that cannot say a level, a collection
//! that would not read back), composed from the kinds' typed errors with
//! `#[from]` (a kind's own format error through
//! [`super::KindFormatError`], made from the list of kinds); [`FieldError`] is a JSON value that does not fit its field.
//! (Why a level could not be analysed is [`super::AnalysisError`].) The command line and the
//! editor match on its variants and turn it into words only to show it.

use super::text::{quoted, ReadError};
use super::Kind;

/// Why a level could not be read or written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LevelError {
    /// A kind's text or JSON level is broken, as the kind says it.
    #[error(transparent)]
    Format(#[from] super::KindFormatError),
    /// A text could not be read as levels.
    #[error(transparent)]
    Read(#[from] ReadError),
    /// A JSON text does not parse (serde's words).
    #[error("{0}")]
    JsonSyntax(String),
    /// The level's `kind` field names no kind levelscope knows.
    #[error("the level's kind {} is not one levelscope knows (known: {})", quoted(.name), Kind::ALL.map(|k| k.name()).join(", "))]
    UnknownKind {
        /// The name the file gives.
        name: String,
    },
    /// The level's `kind` field is not a string.
    #[error("\"kind\" is not a string but {found}")]
    KindNotText {
        /// The value found, as JSON.
        found: String,
    },
    /// Nothing was given to write.
    #[error("there is no level to write")]
    NothingToWrite,
    /// A kind's format was given no level of its kind.
    #[error("there is no {} level to write", .kind.title())]
    NoLevelOfKind {
        /// The format's kind.
        kind: Kind,
    },
    /// Several levels for a format that holds one.
    #[error(
        "the {format} format holds one level, and there are {count}; write a pack (json) instead"
    )]
    HoldsOne {
        /// The format's name.
        format: &'static str,
        /// How many levels there are.
        count: usize,
    },
    /// A level of another kind for a kind's format.
    #[error("the {format} format holds {} levels only, not a {} level", .holds.title(), .found.title())]
    OtherKind {
        /// The format's name.
        format: &'static str,
        /// The kind the format holds.
        holds: Kind,
        /// The kind of the level given.
        found: Kind,
    },
    /// The format has no place for the level's name.
    #[error(
        "the {format} format has no place for the level's name {name:?}; write json to keep it"
    )]
    NoPlaceForName {
        /// The format's name.
        format: &'static str,
        /// The level's name.
        name: String,
    },
    /// A collection of a format levelscope cannot write back.
    #[error("levelscope cannot write {format:?} collections")]
    CollectionFormat {
        /// The format the collection names.
        format: String,
    },
    /// A level of a collection could not be written.
    #[error("level {number}: {error}")]
    InCollection {
        /// Its place in the collection, from 1.
        number: usize,
        /// Why.
        error: Box<LevelError>,
    },
    /// The collection as written would not read back at all.
    #[error("the collection written would not read back: {0}")]
    NotReadBack(ReadError),
    /// The collection as written would read back as other levels.
    #[error("written back as {format}, the collection would not say the same levels (level {number} would read differently); nothing was written")]
    ReadsDifferently {
        /// The format's name.
        format: &'static str,
        /// The first level that differs, from 1.
        number: usize,
    },
}

/// A JSON value that does not fit where it is, named by its field path in
/// a designer's words (`rows[1] is 65536, not a string`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FieldError {
    /// The value does not have the type or shape serde expects there.
    #[error("{0}")]
    Mismatch(String),
    /// A number field is missing or outside its bounds.
    #[error("\"{field}\" is {found}; it must be a whole number from {least} to {most}")]
    OutOfRange {
        /// The field's name.
        field: String,
        /// What it is, in words ("missing", "3000", "the text \"a\"").
        found: String,
        /// The least allowed.
        least: u64,
        /// The most allowed.
        most: u64,
    },
}

/// A level's fields whose board does not have `width` x `height` cells.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a {width}x{height} level needs {} cells, not {cells}", .width.saturating_mul(*.height))]
pub struct CellCountError {
    /// The width the level gives.
    pub width: usize,
    /// The height it gives.
    pub height: usize,
    /// The cells it gives.
    pub cells: usize,
}

impl CellCountError {
    /// The `width x height` board of `cells` (row by row), or the error
    /// that they do not fill it.
    pub fn grid_of<C: Copy>(
        width: usize,
        height: usize,
        cells: Vec<C>,
    ) -> Result<crate::grid::Grid<C>, CellCountError> {
        let count = cells.len();
        crate::grid::Grid::from_cells(width, height, cells).ok_or(CellCountError {
            width,
            height,
            cells: count,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::text::{level_from_json_value, write_levels, TextFormat};

    #[test]
    fn a_kind_no_one_knows_is_its_variant_in_plain_words() {
        let error = level_from_json_value(&serde_json::json!({"kind": "chess"})).unwrap_err();
        assert!(
            matches!(&error, LevelError::UnknownKind { name } if name == "chess"),
            "{error:?}"
        );
        assert!(
            error.to_string().starts_with(
                "the level's kind \"chess\" is not one levelscope knows (known: skiddy"
            ),
            "{error}"
        );
        let error = level_from_json_value(&serde_json::json!({"kind": 3})).unwrap_err();
        assert_eq!(error, LevelError::KindNotText { found: "3".into() });
        assert_eq!(error.to_string(), "\"kind\" is not a string but 3");
    }

    #[test]
    fn a_kind_s_format_error_keeps_its_variant_and_its_words() {
        let error =
            level_from_json_value(&serde_json::json!({"kind": "skiddy", "rows": 3})).unwrap_err();
        assert!(matches!(error, LevelError::Format(_)), "{error:?}");
        assert!(!error.to_string().contains("Format("), "{error}");
    }

    #[test]
    fn writing_nothing_or_too_much_is_its_variant() {
        assert_eq!(
            write_levels(&[], TextFormat::JSON),
            Err(LevelError::NothingToWrite)
        );
        let level = crate::kinds::Kind::Prism.blank(5, 5);
        let error = write_levels(&[level], crate::kinds::skiddy::text_formats::ASCII).unwrap_err();
        assert_eq!(
            error,
            LevelError::OtherKind {
                format: "skiddy-ascii",
                holds: Kind::Skiddy,
                found: Kind::Prism
            }
        );
        assert_eq!(
            error.to_string(),
            "the skiddy-ascii format holds Skiddy levels only, not a Prism level"
        );
    }

    #[test]
    fn a_json_value_that_does_not_fit_names_its_field() {
        use crate::kinds::text::{from_value_at, whole_number_in};
        let error = from_value_at::<Vec<u8>>(&serde_json::json!([1, "two"])).unwrap_err();
        assert!(
            matches!(&error, FieldError::Mismatch(words) if words.starts_with("[1]")),
            "{error:?}"
        );
        let value = serde_json::json!(3000);
        let error = whole_number_in(Some(&value), "width", 1, 64).unwrap_err();
        assert_eq!(
            error.to_string(),
            "\"width\" is 3000; it must be a whole number from 1 to 64"
        );
        assert!(matches!(
            error,
            FieldError::OutOfRange {
                least: 1,
                most: 64,
                ..
            }
        ));
    }

    #[test]
    fn a_text_read_as_another_kind_s_format_is_its_read_variant() {
        use crate::kinds::text::read_levels;
        let skiddy = "#####\n#R.R#\n#...#\n#r###\n";
        let error = read_levels(
            skiddy,
            Some(crate::kinds::skiddy::text_formats::ASCII),
            Some(Kind::Sokoban),
        )
        .unwrap_err();
        assert_eq!(
            error,
            ReadError::NotOfFormat {
                format: "skiddy-ascii",
                kind: Kind::Sokoban
            }
        );
        assert_eq!(
            error.to_string(),
            "a skiddy-ascii file cannot hold a Sokoban level"
        );
        let error = read_levels("{\"kind\": ", None, None).unwrap_err();
        assert!(matches!(error, ReadError::Json(_)), "{error:?}");
        assert!(
            error.to_string().starts_with("not a valid JSON level: "),
            "{error}"
        );
    }

    #[test]
    fn a_board_of_the_wrong_size_says_how_many_cells_it_needs() {
        let error = CellCountError {
            width: 3,
            height: 2,
            cells: 5,
        };
        assert_eq!(error.to_string(), "a 3x2 level needs 6 cells, not 5");
    }
}
