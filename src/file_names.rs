//! File names as levelscope shows them.
//!
//! - In text for a terminal ([`shown`]): the name as it is, except that a
//!   control character is written `\u{1b}` (so that a name cannot move the
//!   cursor or change colours) and a byte that is not UTF-8 is written
//!   `\xff`.
//! - In JSON ([`json_fields`]): `"file"` is the name itself when it is
//!   UTF-8 (JSON escapes its control characters), else the escaped form
//!   of [`shown`] together with `"file_bytes"`, the name's exact bytes.
//! - On a command line to copy ([`shell_word`]): the shown name, in single
//!   quotes when it holds anything but letters, digits and `_ . / - + , :`.

use std::fmt;
use std::path::Path;

use serde_json::{json, Map, Value};

/// The bytes of a path (on Unix its exact bytes; elsewhere its UTF-8, with
/// what cannot be said replaced).
fn bytes_of(path: &Path) -> Vec<u8> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        path.as_os_str().as_bytes().to_vec()
    }
    #[cfg(not(unix))]
    {
        path.to_string_lossy().into_owned().into_bytes()
    }
}

/// A file name for a terminal: see the module's documentation.
pub struct Shown(Vec<u8>);

impl fmt::Display for Shown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for chunk in self.0.utf8_chunks() {
            for c in chunk.valid().chars() {
                if c.is_control() {
                    write!(f, "\\u{{{:x}}}", c as u32)?;
                } else {
                    write!(f, "{c}")?;
                }
            }
            for b in chunk.invalid() {
                write!(f, "\\x{b:02x}")?;
            }
        }
        Ok(())
    }
}

/// `path` for a terminal: control characters and bytes that are not UTF-8
/// escaped.
pub fn shown(path: impl AsRef<Path>) -> Shown {
    Shown(bytes_of(path.as_ref()))
}

/// The JSON fields naming `path`: `"file"`, and `"file_bytes"` when the
/// name is not UTF-8.
pub fn json_fields(path: &Path) -> Map<String, Value> {
    let mut fields = Map::new();
    match path.to_str() {
        Some(name) => {
            fields.insert("file".into(), json!(name));
        }
        None => {
            fields.insert("file".into(), json!(shown(path).to_string()));
            fields.insert("file_bytes".into(), json!(bytes_of(path)));
        }
    }
    fields
}

/// `path` as one word of a POSIX shell command, ready to copy.
pub fn shell_word(path: &Path) -> String {
    let text = shown(path).to_string();
    let plain = !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_alphanumeric() || "_./-+,:".contains(c));
    if plain {
        text
    } else {
        format!("'{}'", text.replace('\'', r"'\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped_for_a_terminal() {
        let name = Path::new("a\u{1b}[31mred\n.txt");
        assert_eq!(shown(name).to_string(), "a\\u{1b}[31mred\\u{a}.txt");
        assert_eq!(json_fields(name)["file"], "a\u{1b}[31mred\n.txt");
        assert!(json_fields(name).get("file_bytes").is_none());
    }

    #[cfg(unix)]
    #[test]
    fn a_name_that_is_not_utf8_keeps_its_bytes_in_json() {
        use std::os::unix::ffi::OsStrExt;
        let name = Path::new(std::ffi::OsStr::from_bytes(b"lev\xffel.txt"));
        assert_eq!(shown(name).to_string(), "lev\\xffel.txt");
        let fields = json_fields(name);
        assert_eq!(fields["file"], "lev\\xffel.txt");
        assert_eq!(
            fields["file_bytes"],
            json!([108, 101, 118, 255, 101, 108, 46, 116, 120, 116])
        );
    }

    #[test]
    fn shell_words_are_quoted_when_needed() {
        assert_eq!(shell_word(Path::new("dir/p-1.json")), "dir/p-1.json");
        assert_eq!(
            shell_word(Path::new("my pack's.json")),
            r"'my pack'\''s.json'"
        );
    }
}
