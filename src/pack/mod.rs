//! Packs: an ordered, curated list of levels with their names, tags, notes
//! and the summary of their latest analysis.
//!
//! The file is JSON: `{"format": "levelscope-pack", "version": 1, "name":
//! ..., "levels": [...]}`. Reading never loses a level that can still be
//! read: entries that fail are reported by index, and a file cut short is
//! read up to its last complete entry.

pub mod check;
pub mod dedupe;
pub mod sheet;

use std::path::Path;

use serde_json::Value;

pub use crate::kinds::text::PACK_FORMAT;
pub use crate::kinds::LevelSummary;
use crate::kinds::{Kind, Level, TextFormat};
/// The newest pack version this program reads and writes.
pub const PACK_VERSION: u32 = 1;

/// One level of a pack with its metadata. The level's own `name` is its
/// name in the pack.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PackEntry {
    /// The level.
    pub level: Level,
    /// Free tags, e.g. "tutorial".
    pub tags: Vec<String>,
    /// The designer's notes.
    pub notes: String,
    /// The latest analysis, if the level was analysed.
    pub summary: Option<LevelSummary>,
}

impl PackEntry {
    /// An entry for a level.
    pub fn new(level: Level) -> PackEntry {
        PackEntry {
            level,
            tags: Vec::new(),
            notes: String::new(),
            summary: None,
        }
    }
}

/// A pack: a name and an ordered list of levels.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pack {
    /// The pack's name.
    pub name: String,
    /// The levels, in order.
    pub levels: Vec<PackEntry>,
}

/// Why a pack could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum PackError {
    /// The file could not be read or written.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// The text is not a pack at all.
    #[error("not a levelscope pack: {0}")]
    NotAPack(String),
    /// The pack comes from a newer levelscope.
    #[error("the pack has version {0}, newer than this levelscope understands (up to {PACK_VERSION}); update levelscope")]
    NewerVersion(u64),
}

/// An entry that could not be read, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DamagedEntry {
    /// Its index in the file's `levels` array (0-based).
    pub index: usize,
    /// What is wrong with it.
    pub error: String,
}

/// A pack as read from a file, with the entries that could not be read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReadPack {
    /// The pack, with every entry that could be read.
    pub pack: Pack,
    /// The entries that could not be read.
    pub damaged: Vec<DamagedEntry>,
    /// True when the file was cut short (or broken) and was read only up to
    /// its last complete entry.
    pub truncated: bool,
}

fn entry_from_value(value: &Value) -> Result<PackEntry, String> {
    let object = value.as_object().ok_or("the entry is not a JSON object")?;
    let level_value = object.get("level").ok_or("the entry has no \"level\"")?;
    let mut level = Level::from_json_value(level_value).map_err(|e| format!("level: {e}"))?;
    match object.get("name") {
        None | Some(Value::Null) => {}
        Some(Value::String(s)) => level.set_name(s.clone()),
        Some(_) => return Err("\"name\" is not a string".into()),
    }
    let tags = match object.get("tags") {
        None | Some(Value::Null) => Vec::new(),
        Some(v) => {
            serde_json::from_value(v.clone()).map_err(|_| "\"tags\" is not a list of strings")?
        }
    };
    let notes = match object.get("notes") {
        None | Some(Value::Null) => String::new(),
        Some(Value::String(s)) => s.clone(),
        Some(_) => return Err("\"notes\" is not a string".into()),
    };
    // A summary that cannot be read is dropped (it is only a cache of the
    // analysis), the level is kept.
    let summary = object
        .get("summary")
        .and_then(|v| serde_json::from_value::<LevelSummary>(v.clone()).ok());
    Ok(PackEntry {
        level,
        tags,
        notes,
        summary,
    })
}

fn entry_to_value(entry: &PackEntry) -> Value {
    serde_json::json!({
        "name": entry.level.name(),
        "tags": entry.tags,
        "notes": entry.notes,
        "level": entry.level.to_json_value(),
        "summary": entry.summary,
    })
}

fn check_header(value: &Value) -> Result<(), PackError> {
    let format = value.get("format").and_then(|f| f.as_str()).unwrap_or("");
    if format != PACK_FORMAT {
        return Err(PackError::NotAPack(format!(
            "the format is {format:?}, expected \"{PACK_FORMAT}\""
        )));
    }
    match value.get("version") {
        None => Err(PackError::NotAPack("the version is missing".into())),
        Some(v) => match v.as_u64() {
            Some(n) if n > PACK_VERSION as u64 => Err(PackError::NewerVersion(n)),
            Some(_) => Ok(()),
            None => Err(PackError::NotAPack(format!(
                "the version is {v}, not a whole number (this levelscope reads up to {PACK_VERSION})"
            ))),
        },
    }
}

/// Reads a pack from its JSON text (a byte-order mark before it is
/// accepted).
pub fn parse_pack(text: &str) -> Result<ReadPack, PackError> {
    let text = text.trim_start_matches('\u{feff}');
    match serde_json::from_str::<Value>(text) {
        Ok(value) => {
            check_header(&value)?;
            let name = value
                .get("name")
                .and_then(|n| n.as_str())
                .unwrap_or("")
                .to_string();
            let entries = value
                .get("levels")
                .and_then(|l| l.as_array())
                .ok_or_else(|| PackError::NotAPack("\"levels\" is missing or not a list".into()))?;
            let mut read = ReadPack {
                pack: Pack {
                    name,
                    levels: Vec::new(),
                },
                ..ReadPack::default()
            };
            for (index, entry) in entries.iter().enumerate() {
                match entry_from_value(entry) {
                    Ok(e) => read.pack.levels.push(e),
                    Err(error) => read.damaged.push(DamagedEntry { index, error }),
                }
            }
            Ok(read)
        }
        Err(e) => recover(text).unwrap_or_else(|| Err(PackError::NotAPack(e.to_string()))),
    }
}

impl ReadPack {
    /// Whether the pack may be written: refused, with a message naming
    /// every entry that could not be read, when writing it would lose them.
    /// Every command that writes a pack read from a file asks this first.
    pub fn check_writable(&self) -> Result<(), String> {
        if self.damaged.is_empty() && !self.truncated {
            return Ok(());
        }
        let mut lost: Vec<String> = self
            .damaged
            .iter()
            .map(|d| format!("entry {} ({})", d.index, d.error))
            .collect();
        if self.truncated && lost.is_empty() {
            lost.push("the end of the file, which is broken".into());
        }
        Err(format!(
            "the pack has entries that cannot be read: {}; nothing was written, so that they are not lost (repair the file, or save the readable levels under another name)",
            lost.join("; ")
        ))
    }
}

/// The number value of the field `key` in the broken header `head`.
fn header_number(head: &str, key: &str) -> Option<Result<u64, ()>> {
    let i = head.find(&format!("\"{key}\""))?;
    let rest = head[i + key.len() + 2..].trim_start().strip_prefix(':')?;
    Some(
        serde_json::Deserializer::from_str(rest.trim_start())
            .into_iter::<u64>()
            .next()
            .and_then(Result::ok)
            .ok_or(()),
    )
}

/// Reads what can be read of a pack whose JSON is broken: the header fields
/// before `"levels"` and every complete entry of the list. `None` when the
/// text is not a pack at all; a version that is missing, not a number or
/// newer than this program's is refused as for a whole file.
fn recover(text: &str) -> Option<Result<ReadPack, PackError>> {
    let levels_at = text.find("\"levels\"")?;
    let head = &text[..levels_at];
    let format_ok = head.contains(&format!("\"{PACK_FORMAT}\""));
    if !format_ok {
        return None;
    }
    match header_number(head, "version") {
        None => {
            return Some(Err(PackError::NotAPack(
                "the version is missing (and the file is broken)".into(),
            )))
        }
        Some(Err(())) => {
            return Some(Err(PackError::NotAPack(
                "the version is not a number (and the file is broken)".into(),
            )))
        }
        Some(Ok(v)) if v > PACK_VERSION as u64 => return Some(Err(PackError::NewerVersion(v))),
        Some(Ok(_)) => {}
    }
    let name = head
        .find("\"name\"")
        .and_then(|i| {
            let rest = head[i + 6..].trim_start().strip_prefix(':')?.trim_start();
            serde_json::Deserializer::from_str(rest)
                .into_iter::<String>()
                .next()?
                .ok()
        })
        .unwrap_or_default();
    let mut rest = text[levels_at + 8..]
        .trim_start()
        .strip_prefix(':')?
        .trim_start();
    rest = rest.strip_prefix('[')?;
    let mut read = ReadPack {
        pack: Pack {
            name,
            levels: Vec::new(),
        },
        truncated: true,
        ..ReadPack::default()
    };
    let mut index = 0;
    loop {
        rest = rest.trim_start();
        let mut stream = serde_json::Deserializer::from_str(rest).into_iter::<Value>();
        match stream.next() {
            Some(Ok(value)) => {
                match entry_from_value(&value) {
                    Ok(e) => read.pack.levels.push(e),
                    Err(error) => read.damaged.push(DamagedEntry { index, error }),
                }
                index += 1;
                rest = rest[stream.byte_offset()..].trim_start();
                match rest.chars().next() {
                    Some(',') => rest = &rest[1..],
                    Some(']') => break,
                    _ => {
                        read.damaged.push(cut_short(index));
                        break;
                    }
                }
            }
            _ => {
                if !rest.trim_start().starts_with(']') {
                    read.damaged.push(cut_short(index));
                }
                break;
            }
        }
    }
    Some(Ok(read))
}

/// The damage of a pack file that ends, or breaks, where entry `index`
/// should begin: whatever followed is unknown.
fn cut_short(index: usize) -> DamagedEntry {
    DamagedEntry {
        index,
        error: "the file is cut short or broken here; the entries from here on cannot be read"
            .into(),
    }
}

/// The JSON text of a pack (pretty-printed).
pub fn pack_to_json(pack: &Pack) -> String {
    let value = serde_json::json!({
        "format": PACK_FORMAT,
        "version": PACK_VERSION,
        "name": pack.name,
        "levels": pack.levels.iter().map(entry_to_value).collect::<Vec<_>>(),
    });
    serde_json::to_string_pretty(&value).expect("a pack always serialises") + "\n"
}

/// Reads a pack file.
pub fn read_pack(path: &Path) -> Result<ReadPack, PackError> {
    let text = read_text_file(path).map_err(PackError::NotAPack)?;
    parse_pack(&text)
}

/// The text of the file at `path`; when it is not UTF-8, an error that
/// gives the offset of the first byte that is not.
pub fn read_text_file(path: &Path) -> Result<String, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read the file: {e}"))?;
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let byte = e.as_bytes()[at];
        format!("not UTF-8 text: the byte 0x{byte:02x} at offset {at} is not valid UTF-8")
    })
}

/// Writes a pack file atomically.
pub fn write_pack(path: &Path, pack: &Pack) -> Result<(), PackError> {
    crate::atomic::write_atomic(path, pack_to_json(pack).as_bytes())?;
    Ok(())
}

/// Analyses an entry's level and stores the summary; returns the error when
/// the level cannot be analysed (the summary is then cleared).
pub fn refresh_summary(entry: &mut PackEntry, max_states: u64) -> Result<(), String> {
    match entry.level.analyze(&crate::engine::Job::new(max_states)) {
        Ok(a) => {
            entry.summary = Some(a.level_summary());
            Ok(())
        }
        Err(e) => {
            entry.summary = None;
            Err(e)
        }
    }
}

/// What a file held: levels, or a pack.
#[derive(Clone, Debug)]
pub enum Opened {
    /// One level, or several (a format that holds several, such as Prism
    /// 2017), with the format they were read from.
    Levels(Vec<Level>, TextFormat),
    /// A pack, with any entries that could not be read.
    Pack(ReadPack),
}

/// Reads the text of a level file or a pack file, told apart by content:
/// a JSON object whose `format` field is the pack format is a pack, any
/// other text must be levels of some kind. `kind` forces the kind of a
/// level file (`--kind`).
pub fn open_text(text: &str, kind: Option<Kind>) -> Result<Opened, String> {
    if crate::kinds::text::is_pack_text(text) {
        return parse_pack(text.trim_start_matches('\u{feff}'))
            .map(Opened::Pack)
            .map_err(|e| e.to_string());
    }
    let format = crate::kinds::detect(text);
    let levels = crate::kinds::read_levels(text, None, kind).map_err(|e| e.to_string())?;
    Ok(Opened::Levels(levels, format.unwrap_or(TextFormat::Json)))
}

/// Reads a level or pack file (see [`open_text`]).
pub fn open_file(path: &Path, kind: Option<Kind>) -> Result<Opened, String> {
    let text = read_text_file(path)?;
    open_text(&text, kind)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ascii(text: &str) -> Level {
        crate::kinds::skiddy::format::parse_ascii(text)
            .unwrap()
            .into()
    }

    fn sample() -> Pack {
        let mut one = PackEntry::new(ascii("#####\n#R.R#\n#...#\n#r###\n"));
        one.level.set_name("1-1");
        one.tags = vec!["tutorial".into()];
        one.notes = "the first level".into();
        refresh_summary(&mut one, 1000).unwrap();
        let two = PackEntry::new(ascii("######\n#B.io#\n#..#.#\n#o..B#\n##b###\n"));
        Pack {
            name: "Sample".into(),
            levels: vec![one, two],
        }
    }

    #[test]
    fn round_trip() {
        let pack = sample();
        let read = parse_pack(&pack_to_json(&pack)).unwrap();
        assert!(read.damaged.is_empty() && !read.truncated);
        assert_eq!(read.pack, pack);
    }

    #[test]
    fn newer_version_and_foreign_files_are_refused() {
        let text = pack_to_json(&sample()).replace("\"version\": 1", "\"version\": 2");
        assert!(matches!(parse_pack(&text), Err(PackError::NewerVersion(2))));
        assert!(parse_pack("{\"format\": \"other\"}")
            .unwrap_err()
            .to_string()
            .contains("not a levelscope pack"));
        assert!(parse_pack("").is_err());
    }

    #[test]
    fn a_bad_entry_is_reported_and_the_others_kept() {
        let mut value: Value = serde_json::from_str(&pack_to_json(&sample())).unwrap();
        value["levels"][0]["level"]["rows"][1] = Value::String("#RX.R#".into());
        let read = parse_pack(&value.to_string()).unwrap();
        assert_eq!(read.pack.levels.len(), 1);
        assert_eq!(read.damaged.len(), 1);
        assert_eq!(read.damaged[0].index, 0);
        assert!(
            read.damaged[0].error.contains("row 1 has 6 cells"),
            "{}",
            read.damaged[0].error
        );
    }

    #[test]
    fn a_file_cut_short_keeps_its_complete_entries() {
        let text = pack_to_json(&sample());
        let cut = &text[..text.rfind("\"level\"").unwrap()];
        let read = parse_pack(cut).unwrap();
        assert!(read.truncated);
        assert_eq!(read.pack.name, "Sample");
        assert_eq!(read.pack.levels.len(), 1);
        assert_eq!(read.pack.levels[0].level.name(), "1-1");
        assert_eq!(read.damaged.len(), 1);
        assert_eq!(read.damaged[0].index, 1);
    }
}
