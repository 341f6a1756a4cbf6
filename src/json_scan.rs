//! A structural pass over JSON text for what a JSON reader does not say:
//! keys that appear twice in one object (a reader keeps the last one and
//! says nothing), and how deep a value is nested (a reader stops at its
//! limit without saying where the value ends).
//!
//! The pass only follows strings, brackets, commas and colons; it never
//! builds the values, so it runs in constant memory per level of nesting
//! and cannot overflow the stack.

use std::collections::HashSet;

use serde_json::Value;

/// What kind of JSON value `value` is, in words ("an object").
pub fn json_type_words(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "true or false",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

/// A JSON reader's error in a designer's words, with its line and column.
pub fn json_error_words(e: &serde_json::Error) -> String {
    let message = e.to_string();
    if message.starts_with("recursion limit exceeded") {
        format!(
            "nested deeper than the {JSON_DEPTH_LIMIT} levels of lists and objects a JSON reader allows (line {}, column {})",
            e.line(),
            e.column()
        )
    } else {
        message
    }
}

/// A key given twice, in words: which key, in which object (`top` names
/// the top object: "the pack"), where.
pub fn duplicate_words(d: &DuplicateKey, top: &str) -> String {
    let place = if d.path.is_empty() {
        top.to_string()
    } else {
        d.path.clone()
    };
    format!(
        "the key \"{}\" appears twice in {place} ({}), and which one is meant is not known",
        d.key, d.place
    )
}

/// serde_json's limit of nesting: a value whose arrays and objects are
/// nested this deep (or deeper) is refused by the reader.
pub const JSON_DEPTH_LIMIT: usize = 128;

/// A line and a column of a text, both from 1 (the column in characters).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    /// The line, from 1.
    pub line: usize,
    /// The column in characters, from 1.
    pub column: usize,
}

impl Place {
    /// The place of byte `offset` of `text`.
    pub fn of(text: &str, offset: usize) -> Place {
        let before = &text.as_bytes()[..offset.min(text.len())];
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        let line_start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let column = String::from_utf8_lossy(&before[line_start..])
            .chars()
            .count()
            + 1;
        Place { line, column }
    }
}

impl std::fmt::Display for Place {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// A key that appears a second time in one object.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DuplicateKey {
    /// The key.
    pub key: String,
    /// The path of the object holding it, from the top: empty for the top
    /// object, `levels[1]`, `levels[1].level`.
    pub path: String,
    /// When the object is inside `levels[i]` of the top object: `i`.
    pub entry: Option<usize>,
    /// Where the second occurrence is.
    pub place: Place,
}

/// One open array or object of the pass.
enum Frame {
    Object {
        keys: HashSet<String>,
        key: Option<String>,
        expect_key: bool,
    },
    Array {
        index: usize,
    },
}

/// The byte just after the string that starts (with its quote) at `start`,
/// or `None` when the text ends inside it.
fn string_end(bytes: &[u8], start: usize) -> Option<usize> {
    let mut i = start + 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'"' => return Some(i + 1),
            _ => i += 1,
        }
    }
    None
}

/// The path of the innermost open object, as `levels[1].level`, and the
/// entry index when it is inside the top object's `levels`.
fn path_of(stack: &[Frame]) -> (String, Option<usize>) {
    let mut path = String::new();
    let mut entry = None;
    let open = stack.len().saturating_sub(1);
    for (depth, frame) in stack[..open].iter().enumerate() {
        match frame {
            Frame::Object { key, .. } => {
                let key = key.as_deref().unwrap_or("");
                if !path.is_empty() {
                    path.push('.');
                }
                path.push_str(key);
            }
            Frame::Array { index } => {
                path.push_str(&format!("[{index}]"));
                if depth == 1 && path.starts_with("levels[") {
                    entry = Some(*index);
                }
            }
        }
    }
    (path, entry)
}

/// Every key that appears twice in one object of `text`, in the order of
/// the text. A text that is not valid JSON is followed as far as it goes.
pub fn duplicate_keys(text: &str) -> Vec<DuplicateKey> {
    let bytes = text.as_bytes();
    let mut stack: Vec<Frame> = Vec::new();
    let mut found = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'{' => stack.push(Frame::Object {
                keys: HashSet::new(),
                key: None,
                expect_key: true,
            }),
            b'[' => stack.push(Frame::Array { index: 0 }),
            b'}' | b']' => {
                stack.pop();
            }
            b',' => match stack.last_mut() {
                Some(Frame::Object { expect_key, .. }) => *expect_key = true,
                Some(Frame::Array { index }) => *index += 1,
                None => {}
            },
            b':' => {
                if let Some(Frame::Object { expect_key, .. }) = stack.last_mut() {
                    *expect_key = false;
                }
            }
            b'"' => {
                let Some(end) = string_end(bytes, i) else {
                    break;
                };
                let is_key = matches!(
                    stack.last(),
                    Some(Frame::Object {
                        expect_key: true,
                        ..
                    })
                );
                if is_key {
                    let raw = &text[i..end];
                    let name: String =
                        serde_json::from_str(raw).unwrap_or_else(|_| raw.to_string());
                    let (path, entry) = path_of(&stack);
                    if let Some(Frame::Object { keys, key, .. }) = stack.last_mut() {
                        if !keys.insert(name.clone()) {
                            found.push(DuplicateKey {
                                key: name.clone(),
                                path,
                                entry,
                                place: Place::of(text, i),
                            });
                        }
                        *key = Some(name);
                    }
                }
                i = end;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    found
}

/// The byte offset of the key `key` (its opening quote) among the keys of
/// the top object of `text`, never inside a string or a nested value;
/// `None` when the text ends (or breaks) before it.
pub fn top_level_key(text: &str, key: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut depth = 0usize;
    let mut expect_key = false;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'{' | b'[' => {
                depth += 1;
                expect_key = depth == 1 && bytes[i] == b'{';
            }
            b'}' | b']' => depth = depth.saturating_sub(1),
            b',' if depth == 1 => expect_key = true,
            b':' if depth == 1 => expect_key = false,
            b'"' => {
                let end = string_end(bytes, i)?;
                if depth == 1 && expect_key {
                    let raw = &text[i..end];
                    if serde_json::from_str::<String>(raw).is_ok_and(|k| k == key) {
                        return Some(i);
                    }
                }
                i = end;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// How one JSON value of a text is nested.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Extent {
    /// The value's length in bytes.
    pub len: usize,
    /// Its deepest nesting of arrays and objects (a number is 0).
    pub depth: usize,
    /// The byte offset of the first bracket nested [`JSON_DEPTH_LIMIT`]
    /// deep, if any.
    pub too_deep_at: Option<usize>,
}

/// The extent of the array or object that starts `text` (after white
/// space); `None` when the text ends before it does or it is not an array
/// or an object.
pub fn extent(text: &str) -> Option<Extent> {
    let bytes = text.as_bytes();
    let start = text.len() - text.trim_start().len();
    if !matches!(bytes.get(start), Some(b'{' | b'[')) {
        return None;
    }
    let mut depth = 0usize;
    let mut deepest = 0usize;
    let mut too_deep_at = None;
    let mut i = start;
    while i < bytes.len() {
        match bytes[i] {
            b'{' | b'[' => {
                depth += 1;
                deepest = deepest.max(depth);
                if depth >= JSON_DEPTH_LIMIT && too_deep_at.is_none() {
                    too_deep_at = Some(i);
                }
            }
            b'}' | b']' => {
                depth -= 1;
                if depth == 0 {
                    return Some(Extent {
                        len: i + 1,
                        depth: deepest,
                        too_deep_at,
                    });
                }
            }
            b'"' => {
                i = string_end(bytes, i)?;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_key_is_found_with_its_path_and_place() {
        let text = "{\"levels\": [{\"a\": 1}, {\"a\": 1,\n \"a\": 2}],\n\"levels\": []}";
        let found = duplicate_keys(text);
        assert_eq!(found.len(), 2, "{found:?}");
        assert_eq!(found[0].key, "a");
        assert_eq!(found[0].path, "levels[1]");
        assert_eq!(found[0].entry, Some(1));
        assert_eq!(found[0].place, Place { line: 2, column: 2 });
        assert_eq!(found[1].key, "levels");
        assert_eq!(found[1].path, "");
        assert_eq!(found[1].entry, None);
    }

    #[test]
    fn keys_are_compared_as_read_and_strings_are_not_keys() {
        let text = r#"{"a": "{\"a\": 1, \"a\": 2}", "b": {"a": 1}, "\u0061": 3}"#;
        let found = duplicate_keys(text);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].key, "a");
    }

    #[test]
    fn a_top_level_key_is_found_as_a_key_only() {
        let text = r#"{"name": "levels", "x": {"levels": 1}, "levels": [1"#;
        assert_eq!(top_level_key(text, "levels"), Some(39));
        assert_eq!(top_level_key(r#"{"name": "a"}"#, "levels"), None);
    }

    #[test]
    fn the_extent_of_a_value_and_its_depth() {
        let deep = format!("{}{} , 1", "[".repeat(130), "]".repeat(130));
        let e = extent(&deep).unwrap();
        assert_eq!(e.len, 260);
        assert_eq!(e.depth, 130);
        assert_eq!(e.too_deep_at, Some(127));
        assert_eq!(extent("{\"a\": \"]\"}").unwrap().len, 10);
        assert_eq!(extent("[[1]"), None);
    }
}
