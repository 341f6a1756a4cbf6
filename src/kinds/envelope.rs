//! The envelope every JSON level carries, whatever its kind:
//! `{"format": "levelscope-level", "version": N, "kind": "..."}`. Each
//! kind's JSON reader checks it here first, so that a foreign, newer or
//! other-kind file gets the same precise message from every kind, and
//! each kind's writer writes the same three fields.

use serde_json::{Map, Value};

/// The `format` field of a JSON level.
pub const LEVEL_FORMAT: &str = "levelscope-level";

/// Why a JSON value is not a level this program can read as the kind asked
/// for: something wrong with its `format`, `version` or `kind` field.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EnvelopeError {
    /// The value is not a JSON object.
    #[error("not a levelscope level: expected a JSON object, found {found}")]
    NotAnObject {
        /// The value, shortened.
        found: String,
    },
    /// One of the envelope's fields is missing.
    #[error("the field \"{field}\" is missing")]
    Missing {
        /// The field's name.
        field: &'static str,
    },
    /// One of the envelope's fields holds a value of the wrong type.
    #[error("\"{field}\" is {found}; it must be {expected}")]
    Mistyped {
        /// The field's name.
        field: &'static str,
        /// Its value, shortened.
        found: String,
        /// What it must be, in words.
        expected: String,
    },
    /// The JSON is of another format.
    #[error("not a levelscope level: the format is {}, expected \"{LEVEL_FORMAT}\"", crate::kinds::text::quoted(.0))]
    WrongFormat(String),
    /// The JSON comes from a newer levelscope.
    #[error("the level has version {version}, newer than this levelscope understands (up to {newest}); update levelscope")]
    NewerVersion {
        /// The level's version.
        version: u64,
        /// The newest version the reader understands.
        newest: u32,
    },
    /// The JSON level is of another puzzle kind.
    #[error("the level is of kind {}, not {}", crate::kinds::text::quoted(.found), crate::kinds::text::quoted(.expected))]
    WrongKind {
        /// The kind the level says it is.
        found: String,
        /// The kind the reader reads.
        expected: String,
    },
}

/// A value in an error, as its JSON text shortened.
fn shown(value: &Value) -> String {
    crate::kinds::text::shortened(&value.to_string())
}

/// The envelope field `field` of `value`: a missing field is an error,
/// a present one is returned for its own check.
fn field<'a>(value: &'a Value, field: &'static str) -> Result<&'a Value, EnvelopeError> {
    let object = value
        .as_object()
        .ok_or_else(|| EnvelopeError::NotAnObject {
            found: shown(value),
        })?;
    object.get(field).ok_or(EnvelopeError::Missing { field })
}

/// Checks the envelope of a JSON level of `kind`, in the order format,
/// version, kind (so that a foreign or newer file is told so before any
/// complaint about fields). `newest_version` is the newest version the
/// kind's reader understands. Returns the level's version.
pub fn check_envelope(
    value: &Value,
    kind: &str,
    newest_version: u32,
) -> Result<u32, EnvelopeError> {
    match field(value, "format")? {
        Value::String(f) if f == LEVEL_FORMAT => {}
        Value::String(f) => return Err(EnvelopeError::WrongFormat(f.clone())),
        other => {
            return Err(EnvelopeError::Mistyped {
                field: "format",
                found: shown(other),
                expected: format!("\"{LEVEL_FORMAT}\""),
            })
        }
    }
    let found = field(value, "version")?;
    let version = match found.as_u64() {
        Some(v) if v > u64::from(newest_version) => {
            return Err(EnvelopeError::NewerVersion {
                version: v,
                newest: newest_version,
            })
        }
        // At most `newest_version`, so it fits.
        Some(v) => v as u32,
        None => {
            return Err(EnvelopeError::Mistyped {
                field: "version",
                found: shown(found),
                expected: format!("a whole number (this levelscope reads up to {newest_version})"),
            })
        }
    };
    match field(value, "kind")? {
        Value::String(k) if k == kind => Ok(version),
        Value::String(k) => Err(EnvelopeError::WrongKind {
            found: k.clone(),
            expected: kind.to_string(),
        }),
        other => Err(EnvelopeError::Mistyped {
            field: "kind",
            found: shown(other),
            expected: crate::kinds::text::quoted(kind),
        }),
    }
}

/// The envelope's fields for a level of `kind` written at `version`, in the
/// order they are written (`format`, `version`, `kind`); a writer appends
/// its kind's own fields after them.
pub fn envelope_fields(kind: &str, version: u32) -> Map<String, Value> {
    let mut fields = Map::new();
    fields.insert("format".into(), Value::from(LEVEL_FORMAT));
    fields.insert("version".into(), Value::from(version));
    fields.insert("kind".into(), Value::from(kind));
    fields
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn check(value: Value) -> Result<u32, EnvelopeError> {
        check_envelope(&value, "prism", 2)
    }

    #[test]
    fn a_good_envelope_gives_its_version() {
        let mut value = Value::Object(envelope_fields("prism", 1));
        assert_eq!(check(value.clone()), Ok(1));
        value["rows"] = json!([]);
        assert_eq!(check(value), Ok(1));
        assert_eq!(
            check(json!({"format": LEVEL_FORMAT, "version": 2, "kind": "prism"})),
            Ok(2)
        );
    }

    #[test]
    fn the_writers_fields_come_in_order_and_read_back() {
        let fields = envelope_fields("sokoban", 3);
        assert_eq!(
            fields.keys().map(String::as_str).collect::<Vec<_>>(),
            ["format", "version", "kind"]
        );
        assert_eq!(check_envelope(&Value::Object(fields), "sokoban", 3), Ok(3));
    }

    #[test]
    fn a_newer_version_is_refused_naming_both_versions() {
        let err =
            check(json!({"format": LEVEL_FORMAT, "version": 9, "kind": "prism"})).unwrap_err();
        assert_eq!(
            err,
            EnvelopeError::NewerVersion {
                version: 9,
                newest: 2
            }
        );
        assert_eq!(
            err.to_string(),
            "the level has version 9, newer than this levelscope understands (up to 2); update levelscope"
        );
        let huge = u64::MAX;
        let err =
            check(json!({"format": LEVEL_FORMAT, "version": huge, "kind": "prism"})).unwrap_err();
        assert!(
            err.to_string().contains(&format!("version {huge},")),
            "{err}"
        );
    }

    #[test]
    fn a_foreign_format_is_named() {
        let err = check(json!({"format": "other", "version": 1, "kind": "prism"})).unwrap_err();
        assert_eq!(err, EnvelopeError::WrongFormat("other".into()));
        assert_eq!(
            err.to_string(),
            "not a levelscope level: the format is \"other\", expected \"levelscope-level\""
        );
    }

    #[test]
    fn another_kind_is_named() {
        let err =
            check(json!({"format": LEVEL_FORMAT, "version": 1, "kind": "skiddy"})).unwrap_err();
        assert_eq!(
            err.to_string(),
            "the level is of kind \"skiddy\", not \"prism\""
        );
    }

    #[test]
    fn each_missing_field_is_named() {
        let full = json!({"format": LEVEL_FORMAT, "version": 1, "kind": "prism"});
        for name in ["format", "version", "kind"] {
            let mut value = full.clone();
            value.as_object_mut().unwrap().remove(name);
            let err = check(value).unwrap_err();
            assert_eq!(err, EnvelopeError::Missing { field: name });
            assert_eq!(err.to_string(), format!("the field \"{name}\" is missing"));
        }
    }

    #[test]
    fn each_mistyped_field_says_what_it_holds_and_must_be() {
        let said = |value: Value| check(value).unwrap_err().to_string();
        assert_eq!(
            said(json!({"format": 3, "version": 1, "kind": "prism"})),
            "\"format\" is 3; it must be \"levelscope-level\""
        );
        assert_eq!(
            said(json!({"format": LEVEL_FORMAT, "version": "1", "kind": "prism"})),
            "\"version\" is \"1\"; it must be a whole number (this levelscope reads up to 2)"
        );
        assert_eq!(
            said(json!({"format": LEVEL_FORMAT, "version": -1, "kind": "prism"})),
            "\"version\" is -1; it must be a whole number (this levelscope reads up to 2)"
        );
        assert_eq!(
            said(json!({"format": LEVEL_FORMAT, "version": 1, "kind": null})),
            "\"kind\" is null; it must be \"prism\""
        );
    }

    #[test]
    fn a_value_that_is_no_object_is_refused() {
        let err = check(json!([1, 2])).unwrap_err();
        assert_eq!(
            err.to_string(),
            "not a levelscope level: expected a JSON object, found [1,2]"
        );
    }
}
