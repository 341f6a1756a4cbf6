//! Reading a pack file: the header, every entry that can be read, the
//! damage of those that cannot, and the fields levelscope does not know
//! (kept, in order, to be written back).
//!
//! A key that appears twice in one object is damage, never a silent
//! choice: at the pack's level the file is refused (which `"levels"` list
//! is meant cannot be known), inside an entry that entry cannot be read. An
//! entry nested deeper than the JSON reader allows is damage of that entry
//! alone; a file cut short is read up to its last complete entry; a file
//! broken in the middle (a stray byte, a cut) is read on from the next
//! whole entry after the break: the skipped text counts as one damaged
//! entry, named by where it starts and ends.

use serde_json::{Map, Value};

use super::{DamagedEntry, Pack, PackEntry, PackError, ReadPack, Unknown, PACK_VERSION};
use crate::json_scan::{
    duplicate_keys, duplicate_words as object_duplicate_words, extent, json_error_words,
    json_type_words, top_level_key, DuplicateKey, Place, JSON_DEPTH_LIMIT,
};
use crate::kinds::text::PACK_FORMAT;
use crate::kinds::{Level, LevelError, LevelSummary};

/// The fields of a pack that levelscope reads; any other is kept as it is.
const PACK_FIELDS: [&str; 4] = ["format", "version", "name", "levels"];
/// The fields of an entry that levelscope reads; any other is kept as it is.
const ENTRY_FIELDS: [&str; 6] = ["name", "tags", "notes", "level", "summary", "summary_of"];

/// Says where a duplicate key of a pack is.
fn duplicate_words(d: &DuplicateKey) -> String {
    object_duplicate_words(d, "the pack")
}

/// Why an entry of a pack could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EntryError {
    /// The entry is not a JSON object.
    #[error("the entry is {found}, not an object")]
    NotAnObject {
        /// What it is, in words.
        found: &'static str,
    },
    /// The entry has no level.
    #[error("the entry has no \"level\"")]
    NoLevel,
    /// Its level cannot be read.
    #[error("level: {0}")]
    Level(#[from] LevelError),
    /// A field of the entry has a type it cannot have.
    #[error("\"{field}\" is {found}, not {expected}")]
    WrongField {
        /// The field (`tags[2]`).
        field: String,
        /// What it is, in words.
        found: &'static str,
        /// What it must be.
        expected: &'static str,
    },
    /// A key given twice in the entry (where, in words).
    #[error("{0}")]
    DuplicateKey(String),
    /// The file ends, or breaks for good, at this entry.
    #[error("the file is cut short or broken here; the entries from here on cannot be read")]
    CutShort,
    /// The file breaks in this entry, and the text up to the next whole
    /// entry was skipped.
    #[error("the file is broken here ({start}: {why}); the text up to the next entry ({end}) was skipped, and the entries after it were read")]
    Skipped {
        /// Where the break is.
        start: String,
        /// What was met there.
        why: String,
        /// Where the next whole entry starts.
        end: String,
    },
    /// The file breaks in this entry and no whole entry follows.
    #[error("the file is broken here ({start}: {why}) and no whole entry follows; the entries from here on cannot be read")]
    BrokenToTheEnd {
        /// Where the break is.
        start: String,
        /// What was met there.
        why: String,
    },
    /// The entry is nested deeper than a JSON reader allows.
    #[error("the entry is nested deeper than the {JSON_DEPTH_LIMIT} levels of lists and objects a JSON reader allows ({place})")]
    TooDeep {
        /// Where, in words.
        place: String,
    },
}

fn entry_from_value(value: Value) -> Result<PackEntry, EntryError> {
    let Value::Object(object) = value else {
        return Err(EntryError::NotAnObject {
            found: json_type_words(&value),
        });
    };
    let mut unknown = Unknown::new();
    let mut known = Map::new();
    for (key, value) in object {
        if ENTRY_FIELDS.contains(&key.as_str()) {
            known.insert(key, value);
        } else {
            unknown.insert(key, value);
        }
    }
    let wrong = |field: &str, value: &Value, expected: &'static str| EntryError::WrongField {
        field: field.to_string(),
        found: json_type_words(value),
        expected,
    };
    let level_value = known.get("level").ok_or(EntryError::NoLevel)?;
    let mut level = Level::from_json_value(level_value)?;
    match known.get("name") {
        None | Some(Value::Null) => {}
        Some(Value::String(s)) => level.set_name(s.clone()),
        Some(other) => return Err(wrong("name", other, "a string")),
    }
    let tags = match known.get("tags") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(items)) => items
            .iter()
            .enumerate()
            .map(|(i, tag)| match tag {
                Value::String(s) => Ok(s.clone()),
                other => Err(wrong(&format!("tags[{i}]"), other, "a string")),
            })
            .collect::<Result<_, _>>()?,
        Some(other) => return Err(wrong("tags", other, "a list of strings")),
    };
    let notes = match known.get("notes") {
        None | Some(Value::Null) => String::new(),
        Some(Value::String(s)) => s.clone(),
        Some(other) => return Err(wrong("notes", other, "a string")),
    };
    // A summary object that this version cannot read is dropped: it is
    // only a cache of the analysis (`pack check --update` makes it again).
    let summary = match known.get("summary") {
        None | Some(Value::Null) => None,
        Some(v @ Value::Object(_)) => LevelSummary::from_json_value(level.kind(), v).ok(),
        Some(other) => return Err(wrong("summary", other, "an object")),
    };
    // The print of the level the summary was made from, like the summary
    // only a cache: one that is not a string, or with no summary, is
    // dropped (the level is then analysed when its summary is wanted).
    let summary_of = match (known.get("summary_of"), &summary) {
        (Some(Value::String(print)), Some(_)) => Some(print.clone()),
        _ => None,
    };
    Ok(PackEntry {
        level,
        tags,
        notes,
        summary,
        summary_of,
        unknown,
    })
}

/// Refuses a header whose format or version is not one this program reads.
fn check_header(head: &Map<String, Value>) -> Result<(), PackError> {
    match head.get("format") {
        Some(Value::String(format)) if format == PACK_FORMAT => {}
        Some(Value::String(format)) => {
            return Err(PackError::NotAPack(format!(
                "the format is {}, expected \"{PACK_FORMAT}\"",
                crate::kinds::text::quoted(format)
            )))
        }
        Some(other) => {
            return Err(PackError::NotAPack(format!(
                "the format is {}, not the text \"{PACK_FORMAT}\"",
                json_type_words(other)
            )))
        }
        None => {
            return Err(PackError::NotAPack(format!(
                "the format is missing, expected \"{PACK_FORMAT}\""
            )))
        }
    }
    match head.get("version") {
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

/// What was read of a pack file before its fields are checked: the
/// top-level fields but `levels` in order, each entry (or why it could not
/// be read), and whether the file is cut short. Each entry is read into a
/// [`PackEntry`] as soon as its JSON is, so that reading never holds the
/// JSON values of every entry at once.
struct Parts {
    head: Map<String, Value>,
    entries: Vec<Result<PackEntry, EntryError>>,
    truncated: bool,
    breaks: Vec<String>,
}

/// Checks the parts of a pack file and reads its entries.
fn assemble(parts: Parts, duplicates: &[DuplicateKey]) -> Result<ReadPack, PackError> {
    if let Some(d) = duplicates.iter().find(|d| d.entry.is_none()) {
        return Err(PackError::Ambiguous(duplicate_words(d)));
    }
    let Parts {
        head,
        entries,
        truncated,
        breaks,
    } = parts;
    check_header(&head)?;
    let name = match head.get("name") {
        None | Some(Value::Null) => String::new(),
        Some(Value::String(s)) => s.clone(),
        Some(other) => {
            return Err(PackError::WrongField {
                field: "name",
                found: json_type_words(other),
                expected: "a string",
            })
        }
    };
    let unknown: Unknown = head
        .into_iter()
        .filter(|(k, _)| !PACK_FIELDS.contains(&k.as_str()))
        .collect();
    let mut read = ReadPack {
        pack: Pack {
            name,
            levels: Vec::new(),
        },
        damaged: Vec::new(),
        truncated,
        breaks,
        unknown,
        collection: None,
    };
    for (index, entry) in entries.into_iter().enumerate() {
        let entry = match duplicates.iter().find(|d| d.entry == Some(index)) {
            Some(d) => Err(EntryError::DuplicateKey(duplicate_words(d))),
            None => entry,
        };
        match entry {
            Ok(e) => read.pack.levels.push(e),
            Err(error) => read.damaged.push(DamagedEntry {
                index,
                error: error.to_string(),
            }),
        }
    }
    Ok(read)
}

/// Reads a pack from its JSON text (a byte-order mark before it is
/// accepted).
pub fn parse_pack(text: &str) -> Result<ReadPack, PackError> {
    let text = text.trim_start_matches('\u{feff}');
    let duplicates = duplicate_keys(text);
    if !text.trim_start().starts_with('{') {
        // Not an object: say what it is.
        return Err(match serde_json::from_str::<Value>(text) {
            Ok(other) => PackError::NotAPack(format!(
                "the file is {}, not a JSON object",
                json_type_words(&other)
            )),
            Err(e) => PackError::Json {
                words: json_error_words(&e),
            },
        });
    }
    let mut reader = serde_json::Deserializer::from_str(text);
    let whole = serde::Deserializer::deserialize_map(&mut reader, PackVisitor)
        .and_then(|parts| reader.end().map(|()| parts));
    match whole {
        Ok(Ok(parts)) => {
            check_header(&parts.head)?;
            assemble(parts, &duplicates)
        }
        Ok(Err(wrong)) => {
            check_header(&wrong.head)?;
            Err(wrong.error)
        }
        Err(e) => match recover(text) {
            Some(Ok(parts)) => assemble(parts, &duplicates),
            Some(Err(error)) => Err(error),
            None => Err(PackError::Json {
                words: json_error_words(&e),
            }),
        },
    }
}

/// A whole pack file whose `levels` is missing or not a list: the fields
/// read (its header decides first whether it is a pack at all) and the
/// error.
struct WrongLevels {
    head: Map<String, Value>,
    error: PackError,
}

/// Reads the object of a whole pack file field by field, each entry of
/// `levels` into a [`PackEntry`] as soon as it is read.
struct PackVisitor;

impl<'de> serde::de::Visitor<'de> for PackVisitor {
    type Value = Result<Parts, Box<WrongLevels>>;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a levelscope pack object")
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut head = Map::new();
        let mut levels: Option<Result<Vec<Result<PackEntry, EntryError>>, &'static str>> = None;
        while let Some(key) = map.next_key::<String>()? {
            if key == "levels" {
                levels = Some(map.next_value_seed(EntriesSeed)?);
            } else {
                let value = map.next_value::<Value>()?;
                head.insert(key, value);
            }
        }
        Ok(match levels {
            Some(Ok(entries)) => Ok(Parts {
                head,
                entries,
                truncated: false,
                breaks: Vec::new(),
            }),
            Some(Err(found)) => Err(Box::new(WrongLevels {
                head,
                error: PackError::WrongField {
                    field: "levels",
                    found,
                    expected: "a list",
                },
            })),
            None => Err(Box::new(WrongLevels {
                head,
                error: PackError::NotAPack("\"levels\" is missing".into()),
            })),
        })
    }
}

/// Reads a pack's `levels`: each entry into a [`PackEntry`] (or why it
/// cannot be), or, when `levels` is not a list, what it is in words.
struct EntriesSeed;

impl<'de> serde::de::DeserializeSeed<'de> for EntriesSeed {
    type Value = Result<Vec<Result<PackEntry, EntryError>>, &'static str>;

    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_any(EntriesVisitor)
    }
}

/// The visitor of [`EntriesSeed`].
struct EntriesVisitor;

impl<'de> serde::de::Visitor<'de> for EntriesVisitor {
    type Value = Result<Vec<Result<PackEntry, EntryError>>, &'static str>;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a list of levels")
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut entries = Vec::with_capacity(seq.size_hint().unwrap_or(0));
        while let Some(value) = seq.next_element::<Value>()? {
            entries.push(entry_from_value(value));
        }
        Ok(Ok(entries))
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        while map
            .next_entry::<serde::de::IgnoredAny, serde::de::IgnoredAny>()?
            .is_some()
        {}
        Ok(Err("an object"))
    }

    fn visit_str<E>(self, _: &str) -> Result<Self::Value, E> {
        Ok(Err("a string"))
    }

    fn visit_bool<E>(self, _: bool) -> Result<Self::Value, E> {
        Ok(Err("true or false"))
    }

    fn visit_i64<E>(self, _: i64) -> Result<Self::Value, E> {
        Ok(Err("a number"))
    }

    fn visit_u64<E>(self, _: u64) -> Result<Self::Value, E> {
        Ok(Err("a number"))
    }

    fn visit_f64<E>(self, _: f64) -> Result<Self::Value, E> {
        Ok(Err("a number"))
    }

    fn visit_unit<E>(self) -> Result<Self::Value, E> {
        Ok(Err("null"))
    }
}

/// The fields of the text `{ ... ` before `"levels"` (the key excluded),
/// read as an object.
fn head_fields(head: &str) -> Result<Map<String, Value>, PackError> {
    let fields = head.trim_end();
    let fields = fields.strip_suffix(',').unwrap_or(fields);
    serde_json::from_str(&format!("{fields}}}")).map_err(|e| {
        PackError::NotAPack(format!(
            "the fields before \"levels\" cannot be read: {}",
            json_error_words(&e)
        ))
    })
}

/// The byte offset of `rest`, a suffix of `text`, in `text`.
fn offset_in(text: &str, rest: &str) -> usize {
    text.len() - rest.len()
}

/// Reads what can be read of a pack whose JSON is not whole: the fields
/// before `"levels"`, every complete entry of the list (an entry nested
/// too deep is skipped and named), and the fields after it. `None` when
/// the text is not a pack at all; a version that is missing, not a number
/// or newer than this program's is refused as for a whole file.
fn recover(text: &str) -> Option<Result<Parts, PackError>> {
    let levels_at = top_level_key(text, "levels")?;
    let head_text = &text[..levels_at];
    if !head_text.contains(&format!("\"{PACK_FORMAT}\"")) {
        return None;
    }
    let head = match head_fields(head_text) {
        Ok(head) => head,
        Err(e) => return Some(Err(e)),
    };
    if let Err(e) = check_header(&head) {
        return Some(Err(e));
    }
    let mut rest = text[levels_at + 8..]
        .trim_start()
        .strip_prefix(':')?
        .trim_start();
    rest = rest.strip_prefix('[')?;
    let mut parts = Parts {
        head,
        entries: Vec::new(),
        truncated: true,
        breaks: Vec::new(),
    };
    'entries: loop {
        rest = rest.trim_start();
        if parts.entries.is_empty() && rest.starts_with(']') {
            rest = &rest[1..];
            break;
        }
        let mut stream = serde_json::Deserializer::from_str(rest).into_iter::<Value>();
        match stream.next() {
            Some(Ok(value)) => {
                parts.entries.push(entry_from_value(value));
                rest = &rest[stream.byte_offset()..];
            }
            Some(Err(e)) if !e.is_eof() => match extent(rest) {
                Some(ext) if ext.too_deep_at.is_some() => {
                    let at = offset_in(text, rest) + ext.too_deep_at.unwrap_or(0);
                    parts.entries.push(Err(EntryError::TooDeep {
                        place: Place::of(text, at).to_string(),
                    }));
                    rest = &rest[ext.len..];
                }
                _ => {
                    let (at, why) = break_in_entry(text, rest, &e);
                    match salvage(text, rest, at, &why, &mut parts) {
                        Some(after) => rest = after,
                        None => return Some(Ok(parts)),
                    }
                }
            },
            _ => {
                parts.entries.push(Err(cut_short()));
                return Some(Ok(parts));
            }
        }
        // A comma or the end of the list; anything else is a break, read
        // past to the next whole entry (which then wants its own comma).
        loop {
            rest = rest.trim_start();
            match rest.chars().next() {
                Some(',') => {
                    rest = &rest[1..];
                    continue 'entries;
                }
                Some(']') => {
                    rest = &rest[1..];
                    break 'entries;
                }
                None => {
                    parts.entries.push(Err(cut_short()));
                    return Some(Ok(parts));
                }
                Some(other) => {
                    let why = format!("{other:?} where a comma or the end of the list should be");
                    let at = Place::of(text, offset_in(text, rest));
                    match salvage(text, rest, at, &why, &mut parts) {
                        Some(after) => rest = after,
                        None => return Some(Ok(parts)),
                    }
                }
            }
        }
    }
    // The fields after the list, then the end of the object.
    let tail = rest.trim_start();
    let tail_fields = match tail.strip_prefix(',') {
        Some(fields) => serde_json::from_str::<Map<String, Value>>(&format!("{{{fields}")).ok(),
        None => tail
            .strip_prefix('}')
            .filter(|after| after.trim().is_empty())
            .map(|_| Map::new()),
    };
    if let Some(fields) = tail_fields {
        parts.head.extend(fields);
        parts.truncated = false;
    }
    Some(Ok(parts))
}

/// The damage of a pack file that ends, or breaks, where an entry should
/// begin: whatever followed is unknown.
fn cut_short() -> EntryError {
    EntryError::CutShort
}

/// Where the JSON reader met the break in the entry that starts `rest`
/// (the reader counts lines and columns from there; the place is in the
/// whole `text`), and what it met, in words.
fn break_in_entry(text: &str, rest: &str, e: &serde_json::Error) -> (Place, String) {
    let start = Place::of(text, offset_in(text, rest));
    let place = Place {
        line: start.line + e.line().saturating_sub(1),
        column: if e.line() <= 1 {
            start.column + e.column().saturating_sub(1)
        } else {
            e.column()
        },
    };
    let message = e.to_string();
    let what = message
        .split(" at line ")
        .next()
        .unwrap_or(&message)
        .to_string();
    (place, what)
}

/// Reads on past a break in the list of entries (a stray byte, a cut in
/// the middle of the file) at `start`, in the entry that starts `rest` or
/// just after it: finds the next place where
/// a whole entry begins (an object with a `"level"` field), records the
/// skipped text as one damaged entry (where it starts and ends, and `why`
/// the text broke) and the entry found after it — or, when the skipped
/// text holds no object (a stray character between two entries), records
/// it as a break that lost no entry —, and returns the text
/// after that entry. `None` when no entry follows the break: the damage
/// is then recorded as the end of the file.
///
/// How many entries the skipped text held cannot be known: it counts as
/// one, and the entries after it are numbered on from there.
fn salvage<'t>(
    text: &'t str,
    rest: &'t str,
    start: Place,
    why: &str,
    parts: &mut Parts,
) -> Option<&'t str> {
    match next_entry(rest) {
        Some((at, value, len)) => {
            let end = Place::of(text, offset_in(text, rest) + at);
            let skipped = EntryError::Skipped {
                start: start.to_string(),
                why: why.to_string(),
                end: end.to_string(),
            };
            // Text that holds no object held no entry:
            // the numbering goes on as in the file.
            if !rest[..at].contains('{') {
                parts.breaks.push(skipped.to_string());
            } else {
                parts.entries.push(Err(skipped));
            }
            parts.entries.push(entry_from_value(value));
            Some(&rest[at + len..])
        }
        None => {
            parts.entries.push(Err(EntryError::BrokenToTheEnd {
                start: start.to_string(),
                why: why.to_string(),
            }));
            None
        }
    }
}

/// Where the next whole entry of a pack's list begins in `rest` (after its
/// first character, which is where the text broke): the offset, the
/// entry's value and its length. An object that reads but is not an entry
/// (a level or a summary inside the broken entry) is stepped over whole.
fn next_entry(rest: &str) -> Option<(usize, Value, usize)> {
    let mut stepped_to = 0;
    for (at, ch) in rest.char_indices().skip(1) {
        if ch != '{' || at < stepped_to {
            continue;
        }
        let mut stream = serde_json::Deserializer::from_str(&rest[at..]).into_iter::<Value>();
        if let Some(Ok(value)) = stream.next() {
            let len = stream.byte_offset();
            if value.get("level").is_some_and(Value::is_object) {
                return Some((at, value, len));
            }
            stepped_to = at + len;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_fields_of_the_wrong_type_are_named() {
        let err = |text: &str| parse_pack(text).unwrap_err().to_string();
        assert_eq!(
            err(r#"{"format": "levelscope-pack", "version": 1, "levels": {}}"#),
            "the pack's \"levels\" is an object, not a list; nothing was read"
        );
        assert_eq!(
            err(r#"{"format": 7, "version": 1, "levels": []}"#),
            "not a levelscope pack: the format is a number, not the text \"levelscope-pack\""
        );
        assert_eq!(
            err(r#"{"format": "levelscope-pack", "version": 1, "name": [1], "levels": []}"#),
            "the pack's \"name\" is a list, not a string; nothing was read"
        );
    }

    #[test]
    fn a_broken_pack_named_levels_is_still_read() {
        let text = r######"{"format": "levelscope-pack", "version": 1, "name": "levels", "levels": [
            {"name": "a", "level": {"format": "levelscope-level", "version": 1, "kind": "skiddy", "rows": ["#####", "#R.r#", "#####"]}},
            {"name": "b", "lev"######;
        let read = parse_pack(text).unwrap();
        assert_eq!(read.pack.name, "levels");
        assert_eq!(read.pack.levels.len(), 1);
        assert!(read.truncated);
        assert_eq!(read.damaged[0].index, 1);
    }

    /// A hand-written pack with fields levelscope does not know.
    fn hand_written() -> String {
        let level = |rows: &str| {
            format!(
                "{{\"format\": \"levelscope-level\", \"version\": 1, \"kind\": \"skiddy\", \"rows\": [{rows}]}}"
            )
        };
        format!(
            "{{\"format\": \"levelscope-pack\", \"version\": 1, \"author\": \"Ana\", \"name\": \"p\", \"levels\": [\n\
             {{\"name\": \"a\", \"rating\": 5, \"level\": {}}},\n\
             {{\"name\": \"b\", \"tags\": [\"x\"], \"level\": {}, \"seen\": [1, {{\"k\": null}}]}}\n\
             ], \"licence\": \"CC-BY\"}}\n",
            level("\"#####\", \"#R.r#\", \"#####\""),
            level("\"#####\", \"#B.b#\", \"#####\"")
        )
    }

    #[test]
    fn every_cut_of_a_pack_reads_its_whole_entries_and_never_writes_a_part() {
        let text = hand_written();
        let whole = parse_pack(&text).unwrap();
        assert!(whole.is_whole());
        assert_eq!(whole.unknown.len(), 2);
        for end in (0..text.len()).filter(|&i| text.is_char_boundary(i)) {
            let Ok(read) = parse_pack(&text[..end]) else {
                continue;
            };
            // What was read is a beginning of the whole pack's levels.
            assert!(read.pack.levels.len() <= 2, "cut at {end}");
            assert_eq!(
                read.pack.levels[..],
                whole.pack.levels[..read.pack.levels.len()],
                "cut at {end}"
            );
            // Only the last byte (the final new line) may go unnoticed.
            if end + 1 < text.len() {
                assert!(
                    read.check_writable(std::path::Path::new("p.json")).is_err(),
                    "a pack cut at {end} must not be written back"
                );
            }
        }
    }

    #[test]
    fn a_whole_pack_round_trips_with_its_unknown_fields() {
        let read = parse_pack(&hand_written()).unwrap();
        let json = super::super::pack_to_json_with(&read.pack, &read.unknown);
        let again = parse_pack(&json).unwrap();
        assert_eq!(again, read);
        assert_eq!(
            super::super::pack_to_json_with(&again.pack, &again.unknown),
            json
        );
        let keys: Vec<&str> = again.unknown.keys().map(String::as_str).collect();
        assert_eq!(keys, ["author", "licence"]);
        let seen = &again.pack.levels[1].unknown["seen"];
        assert_eq!(seen, &serde_json::json!([1, {"k": null}]));
    }

    /// A pack of `n` small Skiddy levels named "0", "1", …, pretty-printed
    /// as levelscope writes it.
    fn numbered(n: usize) -> String {
        let levels = (0..n)
            .map(|i| {
                let mut level: Level =
                    crate::kinds::skiddy::format::parse_ascii("#####\n#R.r#\n#####\n")
                        .unwrap()
                        .into();
                level.set_name(i.to_string());
                PackEntry::new(level)
            })
            .collect();
        super::super::pack_to_json(&Pack {
            name: "p".into(),
            levels,
        })
    }

    fn names(read: &ReadPack) -> Vec<&str> {
        read.pack.levels.iter().map(|e| e.level.name()).collect()
    }

    #[test]
    fn a_stray_byte_inside_an_entry_loses_that_entry_only() {
        let text = numbered(5);
        // A stray byte in the middle of entry 1's level.
        let at = text.match_indices("\"rows\"").nth(1).unwrap().0;
        let broken = format!("{}\u{1}{}", &text[..at], &text[at..]);
        let read = parse_pack(&broken).unwrap();
        assert_eq!(names(&read), ["0", "2", "3", "4"]);
        assert_eq!(read.damaged.len(), 1);
        assert_eq!(read.damaged[0].index, 1);
        let line = Place::of(&broken, at).line;
        assert!(
            read.damaged[0]
                .error
                .starts_with(&format!("the file is broken here (line {line}, column ")),
            "{}",
            read.damaged[0].error
        );
        assert!(read.damaged[0].error.contains("was skipped"));
        assert_eq!(read.file_indices(), [0, 2, 3, 4]);
        assert!(!read.is_whole());
        assert!(read.check_writable(std::path::Path::new("p.json")).is_err());
        // The fields after the list were read on past the break.
        assert!(!read.truncated);
    }

    #[test]
    fn a_cut_in_the_middle_keeps_every_entry_after_it() {
        let text = numbered(6);
        // From inside a row of entry 1 to inside the key "tags" of entry 3:
        // entries 1 to 3 are lost, counted as one.
        let from = text.match_indices("\"#R.r#\"").nth(1).unwrap().0 + 3;
        let to = text.match_indices("\"tags\"").nth(3).unwrap().0 + 3;
        let broken = format!("{}{}", &text[..from], &text[to..]);
        let read = parse_pack(&broken).unwrap();
        assert_eq!(names(&read), ["0", "4", "5"]);
        assert_eq!(read.damaged.len(), 1);
        assert_eq!(read.damaged[0].index, 1);
        assert!(!read.is_whole());
    }

    #[test]
    fn a_stray_character_between_entries_loses_none() {
        let text = numbered(3);
        let second = text.match_indices("\n    {").nth(1).unwrap().0;
        let broken = format!("{} x{}", &text[..second], &text[second..]);
        let read = parse_pack(&broken).unwrap();
        assert_eq!(names(&read), ["0", "1", "2"]);
        assert!(read.damaged.is_empty());
        assert_eq!(read.breaks.len(), 1, "{:?}", read.breaks);
        assert!(
            read.breaks[0].contains("expected value"),
            "{:?}",
            read.breaks
        );
        assert!(
            !read.is_whole(),
            "a broken file is never written back as if whole"
        );
        assert!(read.lost()[0].contains("was skipped"));
    }

    #[test]
    fn a_break_with_nothing_whole_after_it_is_the_end() {
        let text = numbered(3);
        let at = text.match_indices("\"rows\"").nth(2).unwrap().0;
        let broken = format!("{}\u{1}{}", &text[..at], &text[at..]);
        let read = parse_pack(&broken).unwrap();
        assert_eq!(names(&read), ["0", "1"]);
        assert_eq!(read.damaged.len(), 1);
        assert!(read.damaged[0].error.contains("no whole entry follows"));
        assert!(read.truncated);
    }
}
