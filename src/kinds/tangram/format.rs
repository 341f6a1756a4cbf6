//! Tangram's file formats: the original game's text format and our JSON.
//!
//! # The original text format (docs/rules.md, Tangram)
//!
//! ```text
//! 4          <- line 1: the board side N
//! 6          <- line 2: the number of shapes
//! shape      <- a shape begins
//! 1,0,3      <- one triangle x,y,z a line (y upward), the seed first
//! 1,0,2
//! shape
//! ...
//! ```
//!
//! Reading accepts `\n` or `\r\n` line ends, a byte-order mark, spaces
//! around numbers and blank lines anywhere (they are skipped; line numbers in
//! errors still count them). A declared shape count that differs from the
//! shapes the file holds is an error that names both numbers. Triangles off
//! the board are read (they are a validation problem of the level, not a
//! syntax error); a `z` outside 0..=3 or a coordinate outside 0..=255 is a
//! syntax error. The format has no name: a level read from it has an empty
//! name. Writing gives exactly the lines above, `\n` after each line, so a
//! file we wrote reads and writes back to the identical text.
//!
//! # Our JSON
//!
//! ```json
//! {"format": "levelscope-level", "version": 1, "kind": "tangram",
//!  "name": "Hard 1", "size": 6,
//!  "shapes": [[[3, 4, 1], [3, 4, 0]], [[5, 1, 2]]]}
//! ```
//!
//! `shapes` lists every shape as its triangles `[x, y, z]` (y upward, the
//! seed first), in file order. `name` may be missing (an empty name).

use serde_json::{json, Value};

use super::level::{Level, Shape, Triangle, MAX_SIZE, MIN_SIZE};
use crate::kinds::envelope::{check_envelope, envelope_fields, EnvelopeError};

/// The newest JSON level version this program reads and writes.
pub const LEVEL_VERSION: u32 = 1;
/// The `kind` field of a Tangram JSON level.
pub const KIND: &str = "tangram";

/// Why a Tangram level could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FormatError {
    /// The text holds nothing.
    #[error("the file is empty: expected the board size on line 1")]
    Empty,
    /// A malformed line.
    #[error("line {line}: {message}")]
    Line {
        /// The line number (from 1).
        line: usize,
        /// What is wrong with it.
        message: String,
    },
    /// The text ends before the shape count.
    #[error("the file ends after line {line}: expected the number of shapes on line 2")]
    NoShapeCount {
        /// The last line of the file.
        line: usize,
    },
    /// Line 2 declares a number of shapes that the file does not hold.
    #[error("the file declares {declared} shapes on line 2 but holds {held}")]
    ShapeCount {
        /// The number on line 2.
        declared: usize,
        /// The number of `shape` lines.
        held: usize,
    },
    /// The JSON is malformed or misses fields.
    #[error("not a valid Tangram JSON level: {0}")]
    Json(String),
    /// The JSON's envelope (`format`, `version`, `kind`) is wrong: another
    /// format, a newer version, another kind, or a field missing.
    #[error(transparent)]
    Envelope(#[from] EnvelopeError),
}

/// The lines of `text` with their numbers (from 1), trimmed, blank ones
/// skipped, a leading byte-order mark dropped.
fn numbered_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    text.lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty())
}

/// Shows a line in an error, shortened when long.
fn quoted(line: &str) -> String {
    crate::kinds::text::quoted(line)
}

/// Whether `text` looks like the original Tangram format: its first three
/// non-blank lines are one whole number, one whole number and `shape`.
pub fn looks_like_tangram(text: &str) -> bool {
    let mut lines = numbered_lines(text).map(|(_, l)| l);
    let number = |l: Option<&str>| l.is_some_and(|l| l.parse::<u64>().is_ok());
    number(lines.next()) && number(lines.next()) && lines.next() == Some("shape")
}

/// Reads a level in the original text format (its name is empty).
pub fn parse_text(text: &str) -> Result<Level, FormatError> {
    let mut lines = numbered_lines(text);
    let Some((line, first)) = lines.next() else {
        return Err(FormatError::Empty);
    };
    let size = match first.parse::<usize>() {
        Ok(n) if (MIN_SIZE..=MAX_SIZE).contains(&n) => n,
        Ok(n) => {
            return Err(FormatError::Line {
                line,
                message: format!(
                    "the board size is {n}; it must be between {MIN_SIZE} and {MAX_SIZE}"
                ),
            })
        }
        Err(_) => {
            return Err(FormatError::Line {
                line,
                message: format!(
                "expected the board size (a whole number from {MIN_SIZE} to {MAX_SIZE}), found {}",
                quoted(first)
            ),
            })
        }
    };
    let Some((count_line, second)) = lines.next() else {
        return Err(FormatError::NoShapeCount { line });
    };
    let declared = second.parse::<usize>().map_err(|_| FormatError::Line {
        line: count_line,
        message: format!(
            "expected the number of shapes (a whole number), found {}",
            quoted(second)
        ),
    })?;
    let mut shapes: Vec<Shape> = Vec::new();
    for (line, text) in lines {
        if text.eq_ignore_ascii_case("shape") {
            shapes.push(Shape::default());
            continue;
        }
        let triangle = parse_triangle(text).map_err(|e| FormatError::Line {
            line,
            message: e.to_string(),
        })?;
        match shapes.last_mut() {
            Some(shape) => shape.triangles.push(triangle),
            None => {
                return Err(FormatError::Line {
                    line,
                    message: format!(
                        "triangle {} comes before the first \"shape\" line",
                        quoted(text)
                    ),
                })
            }
        }
    }
    if shapes.len() != declared {
        return Err(FormatError::ShapeCount {
            declared,
            held: shapes.len(),
        });
    }
    Ok(Level {
        name: String::new(),
        size,
        shapes,
    })
}

/// Why a triangle line `x,y,z` could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
enum TriangleError {
    /// Not three whole numbers.
    #[error("expected \"shape\" or a triangle \"x,y,z\" (three whole numbers), found {}", quoted(.text))]
    NotATriangle {
        /// The line's text.
        text: String,
    },
    /// One of the numbers is past its range.
    #[error("triangle {}: {what} = {} {range}", quoted(.text), crate::kinds::text::shortened(.number))]
    OutOfRange {
        /// The line's text.
        text: String,
        /// Which number: "x", "y" or "z".
        what: &'static str,
        /// The number as written.
        number: String,
        /// Its range, in words.
        range: &'static str,
    },
}

/// Reads `x,y,z`.
fn parse_triangle(text: &str) -> Result<Triangle, TriangleError> {
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    let expected = || TriangleError::NotATriangle {
        text: text.to_string(),
    };
    let [x, y, z] = parts[..] else {
        return Err(expected());
    };
    // Every number is checked against its own range, whatever its size:
    // x and y are 0 to 255, z is 0 to 3 (one message for every bad z).
    let number = |s: &str,
                  what: &'static str,
                  most: u64,
                  range: &'static str|
     -> Result<u8, TriangleError> {
        if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(expected());
        }
        match s.parse::<u64>() {
            Ok(v) if v <= most => Ok(v as u8),
            _ => Err(TriangleError::OutOfRange {
                text: text.to_string(),
                what,
                number: s.to_string(),
                range,
            }),
        }
    };
    let x = number(x, "x", 255, "is out of range (0 to 255)")?;
    let y = number(y, "y", 255, "is out of range (0 to 255)")?;
    let z = number(
        z,
        "z",
        3,
        "is not a side of a square (0 to 3: 0 left, 1 bottom, 2 right, 3 top)",
    )?;
    Ok(Triangle { x, y, z })
}

/// Writes a level in the original text format (the name is not written:
/// the format cannot say it).
pub fn to_text(level: &Level) -> String {
    let mut out = format!("{}\n{}\n", level.size, level.shapes.len());
    for shape in &level.shapes {
        out.push_str("shape\n");
        for t in &shape.triangles {
            out.push_str(&format!("{},{},{}\n", t.x, t.y, t.z));
        }
    }
    out
}

/// The level as our JSON value (see the module docs).
pub fn to_json_value(level: &Level) -> Value {
    let shapes: Vec<Value> = level
        .shapes
        .iter()
        .map(|s| Value::Array(s.triangles.iter().map(|t| json!([t.x, t.y, t.z])).collect()))
        .collect();
    let mut fields = envelope_fields(KIND, LEVEL_VERSION);
    fields.insert("name".into(), json!(level.name));
    fields.insert("size".into(), json!(level.size));
    fields.insert("shapes".into(), json!(shapes));
    Value::Object(fields)
}

/// The level as pretty-printed JSON text.
pub fn to_json(level: &Level) -> String {
    let mut text = serde_json::to_string_pretty(&to_json_value(level))
        .unwrap_or_else(|e| unreachable!("a JSON value always prints: {e}"));
    text.push('\n');
    text
}

/// The fields of our JSON level, in the order they are written.
const JSON_FIELDS: [&str; 6] = ["format", "version", "kind", "name", "size", "shapes"];

/// Reads our JSON level from a parsed value.
pub fn from_json_value(value: &Value) -> Result<Level, FormatError> {
    let json_err = |m: String| FormatError::Json(m);
    let object = value
        .as_object()
        .ok_or_else(|| json_err("expected an object".into()))?;
    // A field this reader does not know is refused, as every kind's reader
    // refuses it: kept silently it would be lost at the next save.
    if let Some(field) = object.keys().find(|k| !JSON_FIELDS.contains(&k.as_str())) {
        return Err(json_err(format!(
            "unknown field {} (known: {})",
            crate::kinds::text::quoted(field),
            JSON_FIELDS.join(", ")
        )));
    }
    check_envelope(value, KIND, LEVEL_VERSION)?;
    let name = match object.get("name") {
        None | Some(Value::Null) => String::new(),
        Some(Value::String(s)) => s.clone(),
        Some(_) => return Err(json_err("\"name\" must be a string".into())),
    };
    let size = match object.get("size").and_then(Value::as_u64) {
        Some(n) if (MIN_SIZE as u64..=MAX_SIZE as u64).contains(&n) => n as usize,
        Some(n) => {
            return Err(json_err(format!(
                "\"size\" is {n}; it must be between {MIN_SIZE} and {MAX_SIZE}"
            )))
        }
        None => return Err(json_err("\"size\" must be a whole number".into())),
    };
    let shapes_value = object
        .get("shapes")
        .and_then(Value::as_array)
        .ok_or_else(|| json_err("\"shapes\" must be a list of shapes".into()))?;
    let mut shapes = Vec::with_capacity(shapes_value.len());
    for (s, shape) in shapes_value.iter().enumerate() {
        let triangles = shape
            .as_array()
            .ok_or_else(|| json_err(format!("shapes[{s}] must be a list of triangles")))?;
        let mut out = Vec::with_capacity(triangles.len());
        for (i, t) in triangles.iter().enumerate() {
            let bad = || {
                json_err(format!(
                    "shapes[{s}][{i}] must be a triangle [x, y, z] with x and y from 0 to 255 and z from 0 to 3"
                ))
            };
            let parts = t.as_array().ok_or_else(bad)?;
            let [x, y, z] = &parts[..] else {
                return Err(bad());
            };
            let byte = |v: &Value| v.as_u64().filter(|&v| v <= 255).map(|v| v as u8);
            let (Some(x), Some(y), Some(z)) = (byte(x), byte(y), byte(z)) else {
                return Err(bad());
            };
            if z > 3 {
                return Err(bad());
            }
            out.push(Triangle { x, y, z });
        }
        shapes.push(Shape { triangles: out });
    }
    Ok(Level { name, size, shapes })
}

/// Reads our JSON level from text.
pub fn parse_json(text: &str) -> Result<Level, FormatError> {
    let value: Value = serde_json::from_str(text).map_err(|e| FormatError::Json(e.to_string()))?;
    from_json_value(&value)
}

/// Reads a level in either format: JSON when the text starts with `{`, the
/// original text format otherwise.
pub fn parse_level(text: &str) -> Result<Level, FormatError> {
    let trimmed = text.trim_start_matches('\u{feff}').trim_start();
    if trimmed.starts_with('{') {
        parse_json(text.trim_start_matches('\u{feff}'))
    } else {
        parse_text(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SMALL: &str = "1\n2\nshape\n0,0,0\n0,0,1\nshape\n0,0,2\n0,0,3\n";

    #[test]
    fn reads_and_writes_identically() {
        let level = parse_text(SMALL).unwrap();
        assert_eq!(level.size, 1);
        assert_eq!(level.shapes.len(), 2);
        assert_eq!(level.shapes[1].triangles[0], Triangle::new(0, 0, 2));
        assert_eq!(to_text(&level), SMALL);
        assert!(level.is_valid());
    }

    #[test]
    fn tolerates_crlf_spaces_blank_lines_and_bom() {
        let text =
            "\u{feff}1\r\n2\r\n\r\nshape\r\n 0, 0 ,0\r\n0,0,1\r\nshape\r\n0,0,2\r\n0,0,3\r\n\r\n";
        assert_eq!(parse_text(text).unwrap(), parse_text(SMALL).unwrap());
        assert!(looks_like_tangram(text));
    }

    #[test]
    fn sniffs_the_format() {
        assert!(looks_like_tangram(SMALL));
        assert!(!looks_like_tangram("#####\n#R.R#\n"));
        assert!(!looks_like_tangram("5 4\n0\ne e e e e\n"));
        assert!(!looks_like_tangram("4\n6\n1,0,3\n"));
        assert!(!looks_like_tangram(""));
    }

    #[test]
    fn a_wrong_shape_count_names_both_numbers() {
        let err = parse_text("1\n3\nshape\n0,0,0\n0,0,1\nshape\n0,0,2\n0,0,3\n").unwrap_err();
        assert_eq!(
            err,
            FormatError::ShapeCount {
                declared: 3,
                held: 2
            }
        );
        assert_eq!(
            err.to_string(),
            "the file declares 3 shapes on line 2 but holds 2"
        );
    }

    #[test]
    fn malformed_lines_name_their_number() {
        let cases = [
            ("", "the file is empty: expected the board size on line 1"),
            ("x\n", "line 1: expected the board size (a whole number from 1 to 16), found \"x\""),
            ("0\n1\n", "line 1: the board size is 0; it must be between 1 and 16"),
            ("17\n1\n", "line 1: the board size is 17; it must be between 1 and 16"),
            ("2\n", "the file ends after line 1: expected the number of shapes on line 2"),
            ("2\n-1\n", "line 2: expected the number of shapes (a whole number), found \"-1\""),
            ("2\n1\n0,0,0\n", "line 3: triangle \"0,0,0\" comes before the first \"shape\" line"),
            ("2\n1\nshape\n\n0,0\n", "line 5: expected \"shape\" or a triangle \"x,y,z\" (three whole numbers), found \"0,0\""),
            ("2\n1\nshape\n0,0,4\n", "line 4: triangle \"0,0,4\": z = 4 is not a side of a square (0 to 3: 0 left, 1 bottom, 2 right, 3 top)"),
            ("2\n1\nshape\n0,0,255\n", "line 4: triangle \"0,0,255\": z = 255 is not a side of a square (0 to 3: 0 left, 1 bottom, 2 right, 3 top)"),
            ("2\n1\nshape\n0,0,65536\n", "line 4: triangle \"0,0,65536\": z = 65536 is not a side of a square (0 to 3: 0 left, 1 bottom, 2 right, 3 top)"),
            ("2\n1\nshape\n300,0,1\n", "line 4: triangle \"300,0,1\": x = 300 is out of range (0 to 255)"),
            ("2\n1\nshape\n-1,0,1\n", "line 4: expected \"shape\" or a triangle \"x,y,z\" (three whole numbers), found \"-1,0,1\""),
        ];
        for (text, message) in cases {
            assert_eq!(
                parse_text(text).unwrap_err().to_string(),
                message,
                "{text:?}"
            );
        }
    }

    #[test]
    fn off_board_triangles_are_read_and_reported() {
        let level = parse_text("1\n1\nshape\n0,0,0\n0,0,1\n0,0,2\n0,0,3\n1,0,0\n").unwrap();
        assert_eq!(level.shapes[0].triangles.len(), 5);
        let problems = level.problems();
        assert_eq!(problems.len(), 1);
        assert!(problems[0].message.contains("off the 1 x 1 board"));
    }

    #[test]
    fn json_round_trip() {
        let mut level = parse_text(SMALL).unwrap();
        level.name = "Quarters".into();
        let value = to_json_value(&level);
        assert_eq!(
            value.to_string(),
            r#"{"format":"levelscope-level","version":1,"kind":"tangram","name":"Quarters","size":1,"shapes":[[[0,0,0],[0,0,1]],[[0,0,2],[0,0,3]]]}"#
        );
        assert_eq!(from_json_value(&value).unwrap(), level);
        assert_eq!(parse_json(&to_json(&level)).unwrap(), level);
        assert_eq!(parse_level(&to_json(&level)).unwrap(), level);
        assert_eq!(parse_level(SMALL).unwrap().shapes, level.shapes);
    }

    #[test]
    fn bad_json_is_an_error() {
        let cases = [
            "[]",
            "{}",
            r#"{"format":"other","version":1,"kind":"tangram","size":1,"shapes":[]}"#,
            r#"{"format":"levelscope-level","version":2,"kind":"tangram","size":1,"shapes":[]}"#,
            r#"{"format":"levelscope-level","version":1,"kind":"skiddy","size":1,"shapes":[]}"#,
            r#"{"format":"levelscope-level","version":1,"kind":"tangram","size":0,"shapes":[]}"#,
            r#"{"format":"levelscope-level","version":1,"kind":"tangram","size":99999999999999,"shapes":[]}"#,
            r#"{"format":"levelscope-level","version":1,"kind":"tangram","size":1}"#,
            r#"{"format":"levelscope-level","version":1,"kind":"tangram","size":1,"shapes":[[[0,0]]]}"#,
            r#"{"format":"levelscope-level","version":1,"kind":"tangram","size":1,"shapes":[[[0,0,4]]]}"#,
            r#"{"format":"levelscope-level","version":1,"kind":"tangram","size":1,"shapes":[[[0,-1,1]]]}"#,
            r#"{"format":"levelscope-level","version":1,"kind":"tangram","size":1,"shapes":[[0]]}"#,
            r#"{"format":"levelscope-level","version":1,"kind":"tangram","name":3,"size":1,"shapes":[]}"#,
            "{not json",
        ];
        for text in cases {
            assert!(parse_json(text).is_err(), "{text}");
        }
        let err = parse_json(r#"{"format":"levelscope-level","version":1,"kind":"tangram","size":1,"shapes":[[[0,0,0]],[[0,0,9]]]}"#)
            .unwrap_err();
        assert!(err.to_string().contains("shapes[1][0]"), "{err}");
        // A field of no kind's level is refused by name, not dropped.
        let err = parse_json(r#"{"format":"levelscope-level","version":1,"kind":"tangram","size":1,"shapes":[],"author":"Ana"}"#)
            .unwrap_err();
        assert!(
            err.to_string().contains(
                "unknown field \"author\" (known: format, version, kind, name, size, shapes)"
            ),
            "{err}"
        );
    }
}
