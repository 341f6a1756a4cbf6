//! Packs: an ordered, curated list of levels with their names, tags, notes
//! and the summary of their latest analysis.
//!
//! The file is JSON: `{"format": "levelscope-pack", "version": 1, "name":
//! ..., "levels": [...]}`. Reading never loses a level that can still be
//! read: entries that fail are reported by index, a file cut short is
//! read up to its last complete entry, and a file broken in the middle (a
//! stray byte, a cut) is read on past the break from the next whole entry. Fields of the pack and of its
//! entries that levelscope does not know are kept, in order, through every
//! rewrite.

pub mod check;
pub mod collection;
pub mod dedupe;
pub mod entries;
mod read;
pub mod read_budget;
pub mod sheet;

use std::path::{Path, PathBuf};

use serde::Serialize;
use serde_json::Value;

pub use crate::kinds::text::PACK_FORMAT;
pub use crate::kinds::LevelSummary;
use crate::kinds::{AnalysisError, Kind, Level, LevelError, TextFormat};
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
    /// The print ([`level_print`]) of the level the summary was made from,
    /// when levelscope made it and said so ([`PackEntry::set_summary`]);
    /// written beside the summary as `"summary_of"`. See
    /// [`PackEntry::trusted_summary`].
    pub summary_of: Option<String>,
    /// The entry's fields levelscope does not know (another tool's
    /// `"rating"`), in the file's order; written back unchanged.
    pub unknown: Unknown,
}

/// Fields of a pack file that levelscope does not know, in the file's
/// order: read, kept and written back as they are.
pub type Unknown = serde_json::Map<String, Value>;

impl PackEntry {
    /// An entry for a level.
    pub fn new(level: Level) -> PackEntry {
        PackEntry {
            level,
            tags: Vec::new(),
            notes: String::new(),
            summary: None,
            summary_of: None,
            unknown: Unknown::new(),
        }
    }

    /// Stores `summary`, made by analysing this entry's level as it is
    /// now, with the level's print, so that it can be used for the level
    /// without analysing it again.
    pub fn set_summary(&mut self, summary: Option<LevelSummary>) {
        self.summary_of = summary.as_ref().map(|_| level_print(&self.level));
        self.summary = summary;
    }

    /// The stored summary when it is known to be of the level as it is:
    /// levelscope stored it with the print of the level it analysed, and
    /// the level's board still has that print (a summary stored before
    /// there were prints, written by another tool, or kept while the board
    /// was edited, by hand or by a tool, is not used: the level is
    /// analysed). The summary is the one made then, under the budgets of
    /// that analysis.
    pub fn trusted_summary(&self) -> Option<&LevelSummary> {
        let print = self.summary_of.as_deref()?;
        let summary = self.summary.as_ref()?;
        (print == level_print(&self.level)).then_some(summary)
    }
}

/// A print of a level's board: 16 hex digits of a hash (64-bit FNV-1a) of
/// its JSON form without its name, so that a renamed level keeps its print
/// and any other change to it gives another. It ties a stored summary to
/// the level it was made from; the same on every machine and run.
pub fn level_print(level: &Level) -> String {
    let mut unnamed = level.clone();
    unnamed.set_name("");
    let text = unnamed.to_json_value().to_string();
    let hash = text.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    format!("{hash:016x}")
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
    /// The pack says one thing twice (a key given twice in the pack's
    /// object), so what it holds cannot be known.
    #[error("the pack cannot be read: {0}")]
    Ambiguous(String),
    /// A field of the pack has a type it cannot have.
    #[error("the pack's \"{field}\" is {found}, not {expected}; nothing was read")]
    WrongField {
        /// The field.
        field: &'static str,
        /// What it is ("an object").
        found: &'static str,
        /// What it must be ("a string").
        expected: &'static str,
    },
    /// The pack's JSON breaks before anything of it can be read (a file
    /// cut short before its `levels`, say): where, in words.
    #[error("not a levelscope pack: {words}")]
    Json {
        /// Where the JSON breaks and why.
        words: String,
    },
    /// The file could not be read from the disk.
    #[error("cannot read the file: {error}")]
    ReadFile {
        /// The file.
        path: PathBuf,
        /// Why.
        error: std::io::Error,
    },
    /// The file is not UTF-8 text.
    #[error("not UTF-8 text: the byte 0x{byte:02x} at offset {offset} is not valid UTF-8")]
    NotUtf8 {
        /// The first byte that is not UTF-8.
        byte: u8,
        /// Its offset in the file.
        offset: usize,
    },
    /// A pack file could not be read (as [`read_pack`] says of it).
    #[error("not a levelscope pack: {0}")]
    Unreadable(Box<PackError>),
    /// A level of the file could not be read or written.
    #[error(transparent)]
    Level(#[from] LevelError),
    /// Writing the pack would lose the entries that could not be read.
    #[error(
        "the pack has entries that cannot be read: {}; nothing was written, so that they are not lost (repair the file, or {})",
        .lost.join("; "),
        skip_damaged_advice(.file)
    )]
    Damaged {
        /// What cannot be read, one item each.
        lost: Vec<String>,
        /// The file the pack was read from.
        file: PathBuf,
    },
    /// Some levels of the pack cannot be said in the format asked for.
    #[error("levels {} cannot be said in it", .levels.iter().map(ToString::to_string).collect::<Vec<_>>().join(", "))]
    LeftOut {
        /// The levels left out, by place from 1.
        levels: Vec<usize>,
    },
    /// No level of the pack can be said in the format asked for.
    #[error("no level of the pack can be written as {format}")]
    NothingSayable {
        /// The format's name.
        format: &'static str,
    },
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
    /// True when the file was cut short (or broken) and its end was not
    /// read as a pack's end.
    pub truncated: bool,
    /// Breaks in the text between two entries (a stray character) that
    /// were read past without losing an entry, each in words.
    pub breaks: Vec<String>,
    /// The pack's own fields levelscope does not know (`"author"`), in the
    /// file's order; written back unchanged.
    pub unknown: Unknown,
    /// The collection format the pack was read from (an XSB file opened
    /// as a pack), `None` for a levelscope pack: where it is saved back.
    pub collection: Option<TextFormat>,
}

pub use crate::json_scan::{json_error_words, json_type_words};
pub use read::parse_pack;

impl ReadPack {
    /// The index in the file of each readable entry, in order: the
    /// entries' own numbers, which skipping a damaged one does not shift.
    pub fn file_indices(&self) -> Vec<usize> {
        let damaged: std::collections::HashSet<usize> =
            self.damaged.iter().map(|d| d.index).collect();
        (0..)
            .filter(|i| !damaged.contains(i))
            .take(self.pack.levels.len())
            .collect()
    }

    /// What could not be read, one item a damaged entry ("entry 1 (why)"),
    /// or the broken end of a file cut short; empty when nothing was lost.
    pub fn lost(&self) -> Vec<String> {
        let mut lost: Vec<String> = self
            .damaged
            .iter()
            .map(|d| format!("entry {} ({})", d.index, d.error))
            .collect();
        lost.extend(self.breaks.iter().cloned());
        if self.truncated && lost.is_empty() {
            lost.push("the end of the file, which is broken".into());
        }
        lost
    }

    /// Whether every entry of the file was read.
    pub fn is_whole(&self) -> bool {
        self.damaged.is_empty() && !self.truncated && self.breaks.is_empty()
    }

    /// Whether the pack read from `source` may be written: refused, with a
    /// message naming every entry that could not be read and the command
    /// that saves the readable levels under another name, when writing it
    /// would lose them. Every command that writes a pack read from a file
    /// asks this first.
    pub fn check_writable(&self, source: &Path) -> Result<(), PackError> {
        if self.is_whole() {
            return Ok(());
        }
        Err(PackError::Damaged {
            lost: self.lost(),
            file: source.to_path_buf(),
        })
    }
}

/// The advice given where a damaged pack is refused: the command that
/// writes its readable levels to a new file, ready to copy.
pub fn skip_damaged_advice(source: &Path) -> String {
    let stem = source
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "pack".into());
    let other = source.with_file_name(format!("{stem}-readable.json"));
    format!(
        "save the readable levels under another name: levelscope pack export {} --json {} --skip-damaged",
        crate::file_names::shell_word(source),
        crate::file_names::shell_word(&other)
    )
}

/// An entry as written: the known fields, the unknown ones after the
/// notes, then the level and its summary.
#[derive(Serialize)]
struct EntryOut<'a> {
    name: &'a str,
    tags: &'a [String],
    notes: &'a str,
    #[serde(flatten)]
    unknown: &'a Unknown,
    level: LevelOut<'a>,
    summary: &'a Option<LevelSummary>,
    #[serde(skip_serializing_if = "Option::is_none")]
    summary_of: Option<&'a str>,
}

/// A level as written in a pack: its JSON value, made as the writer
/// reaches it and dropped after, so that writing a pack holds one level's
/// JSON value at a time rather than every level's.
struct LevelOut<'a>(&'a Level);

impl Serialize for LevelOut<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.to_json_value().serialize(serializer)
    }
}

/// A pack as written: the header, the unknown fields, then the levels.
#[derive(Serialize)]
struct PackOut<'a> {
    format: &'static str,
    version: u32,
    name: &'a str,
    #[serde(flatten)]
    unknown: &'a Unknown,
    levels: EntriesOut<'a>,
}

/// The levels of a pack as written, each entry made as the writer reaches
/// it: a pack's entries, or bare levels written as entries with no tags,
/// notes or summary (a collection converted to a pack).
enum EntriesOut<'a> {
    Entries(&'a [PackEntry]),
    Levels(&'a [Level], &'a Unknown),
}

impl Serialize for EntriesOut<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match *self {
            EntriesOut::Entries(entries) => {
                serializer.collect_seq(entries.iter().map(|e| EntryOut {
                    name: e.level.name(),
                    tags: &e.tags,
                    notes: &e.notes,
                    unknown: &e.unknown,
                    level: LevelOut(&e.level),
                    summary: &e.summary,
                    summary_of: e.summary.as_ref().and(e.summary_of.as_deref()),
                }))
            }
            EntriesOut::Levels(levels, no_fields) => {
                serializer.collect_seq(levels.iter().map(|level| EntryOut {
                    name: level.name(),
                    tags: &[],
                    notes: "",
                    unknown: no_fields,
                    level: LevelOut(level),
                    summary: &None,
                    summary_of: None,
                }))
            }
        }
    }
}

/// The JSON text of a pack (pretty-printed).
pub fn pack_to_json(pack: &Pack) -> String {
    pack_to_json_with(pack, &Unknown::new())
}

/// The JSON text of a pack with the pack's own fields levelscope does not
/// know (pretty-printed).
pub fn pack_to_json_with(pack: &Pack, unknown: &Unknown) -> String {
    let mut text = Vec::new();
    write_pack_json(&mut text, pack, unknown).expect("a pack always serialises into memory");
    String::from_utf8(text).expect("JSON is UTF-8")
}

/// Writes the JSON text of a pack (pretty-printed, as
/// [`pack_to_json_with`] gives it) to `sink`, one level at a time.
pub fn write_pack_json(
    sink: &mut dyn std::io::Write,
    pack: &Pack,
    unknown: &Unknown,
) -> std::io::Result<()> {
    let out = PackOut {
        format: PACK_FORMAT,
        version: PACK_VERSION,
        name: &pack.name,
        unknown,
        levels: EntriesOut::Entries(&pack.levels),
    };
    serde_json::to_writer_pretty(&mut *sink, &out)?;
    sink.write_all(b"\n")
}

/// Writes bare levels as the JSON text of a pack named `name` (each an
/// entry with no tags, notes or summary), as [`write_pack_json`] writes a
/// pack of them, without making the entries.
pub fn write_levels_as_pack_json(
    sink: &mut dyn std::io::Write,
    name: &str,
    levels: &[Level],
) -> std::io::Result<()> {
    let no_fields = Unknown::new();
    let out = PackOut {
        format: PACK_FORMAT,
        version: PACK_VERSION,
        name,
        unknown: &no_fields,
        levels: EntriesOut::Levels(levels, &no_fields),
    };
    serde_json::to_writer_pretty(&mut *sink, &out)?;
    sink.write_all(b"\n")
}

/// Reads a pack file.
pub fn read_pack(path: &Path) -> Result<ReadPack, PackError> {
    let text = read_text_file(path).map_err(|e| PackError::Unreadable(Box::new(e)))?;
    parse_pack(&text)
}

/// The text of the file at `path`; when it is not UTF-8, an error that
/// gives the offset of the first byte that is not.
pub fn read_text_file(path: &Path) -> Result<String, PackError> {
    let bytes = read_bytes(path)?;
    String::from_utf8(bytes).map_err(|e| {
        let offset = e.utf8_error().valid_up_to();
        PackError::NotUtf8 {
            byte: e.as_bytes()[offset],
            offset,
        }
    })
}

/// The bytes of the file at `path`, or why they cannot be read.
fn read_bytes(path: &Path) -> Result<Vec<u8>, PackError> {
    std::fs::read(path).map_err(|error| PackError::ReadFile {
        path: path.to_path_buf(),
        error,
    })
}

/// The text of a level file, and a note when it was not UTF-8 and was
/// read as Latin-1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelText {
    /// The text.
    pub text: String,
    /// What was assumed in reading it (an encoding other than UTF-8),
    /// for the reader to see: printed on stderr, shown in the editor.
    pub note: Option<String>,
}

/// The text of the level or pack file at `path`. A file that is not UTF-8
/// is read as Latin-1 (ISO 8859-1, common in older XSB collections) when,
/// so read, it is a level text of some kind (not JSON: JSON is UTF-8), and
/// the note says so; otherwise it is refused as [`read_text_file`] does.
pub fn read_level_text_file(path: &Path) -> Result<LevelText, PackError> {
    level_text_of(read_bytes(path)?)
}

/// The text of a level or pack file's bytes (see [`read_level_text_file`]).
pub fn level_text_of(bytes: Vec<u8>) -> Result<LevelText, PackError> {
    let error = match String::from_utf8(bytes) {
        Ok(text) => return Ok(LevelText { text, note: None }),
        Err(error) => error,
    };
    let at = error.utf8_error().valid_up_to();
    let bytes = error.into_bytes();
    let byte = bytes[at];
    let latin1: String = bytes.iter().map(|&b| char::from(b)).collect();
    let is_level_text = !crate::kinds::text::is_pack_text(&latin1)
        && crate::kinds::detect(&latin1).is_some_and(|f| f != TextFormat::JSON);
    if !is_level_text {
        return Err(PackError::NotUtf8 { byte, offset: at });
    }
    Ok(LevelText {
        text: latin1,
        note: Some(format!(
            "the file is not UTF-8 (the byte 0x{byte:02x} at offset {at}); it was read as Latin-1 (ISO 8859-1)"
        )),
    })
}

/// Writes a pack file atomically.
pub fn write_pack(path: &Path, pack: &Pack) -> Result<(), PackError> {
    write_pack_with(path, pack, &Unknown::new())
}

/// Writes a pack file atomically, with the pack's own fields levelscope
/// does not know.
pub fn write_pack_with(path: &Path, pack: &Pack, unknown: &Unknown) -> Result<(), PackError> {
    crate::atomic::write_atomic_with(path, |file| write_pack_json(file, pack, unknown))?;
    Ok(())
}

/// Analyses an entry's level and stores the summary; returns the error when
/// the level cannot be analysed (the summary is then cleared).
pub fn refresh_summary(entry: &mut PackEntry, max_states: u64) -> Result<(), AnalysisError> {
    refresh_summary_with(entry, &crate::engine::Job::new(max_states))
}

/// [`refresh_summary`] under `job` (its budgets, its cancel flag, its
/// progress counter).
pub fn refresh_summary_with(
    entry: &mut PackEntry,
    job: &crate::engine::Job,
) -> Result<(), AnalysisError> {
    match entry.level.analyze(job) {
        Ok(a) => {
            entry.set_summary(Some(a.level_summary()));
            Ok(())
        }
        Err(e) => {
            entry.set_summary(None);
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
    /// A pack, with any entries that could not be read; or a collection
    /// of levels (an XSB file) in which some level cannot be read, opened
    /// as a pack so that the damage travels with what was read.
    Pack(ReadPack),
}

/// Reads the text of a level file or a pack file, told apart by content:
/// a JSON object whose `format` field is the pack format is a pack, any
/// other text must be levels of some kind. `kind` forces the kind of a
/// level file (`--kind`). A collection in which some levels cannot be read
/// (but not all) opens as a pack whose damaged entries name them, by their
/// place in the file (from 0), title and line.
pub fn open_text(text: &str, kind: Option<Kind>) -> Result<Opened, PackError> {
    if crate::kinds::text::is_pack_text(text) {
        return parse_pack(text.trim_start_matches('\u{feff}')).map(Opened::Pack);
    }
    // Told once, and read in what was told.
    let format = crate::kinds::detect(text);
    let read =
        crate::kinds::text::read_levels_and_damage(text, format, kind).map_err(LevelError::from)?;
    if read.damaged.is_empty() {
        return Ok(Opened::Levels(
            read.levels,
            format.unwrap_or(TextFormat::JSON),
        ));
    }
    Ok(Opened::Pack(ReadPack {
        pack: Pack {
            name: String::new(),
            levels: read.levels.into_iter().map(PackEntry::new).collect(),
        },
        damaged: read
            .damaged
            .iter()
            .map(|d| DamagedEntry {
                index: d.index,
                error: d.words(),
            })
            .collect(),
        ..ReadPack::default()
    }))
}

/// Reads a level or pack file (see [`open_text`]); the file must be UTF-8.
pub fn open_file(path: &Path, kind: Option<Kind>) -> Result<Opened, PackError> {
    let text = read_text_file(path)?;
    open_text(&text, kind)
}

/// Reads a level or pack file as [`open_file`] does, a level file that is
/// not UTF-8 as Latin-1 (see [`read_level_text_file`]); with the note that
/// says so.
pub fn open_file_noted(
    path: &Path,
    kind: Option<Kind>,
) -> Result<(Opened, Option<String>), PackError> {
    let LevelText { text, note } = read_level_text_file(path)?;
    Ok((open_text(&text, kind)?, note))
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
    fn a_latin1_level_text_is_read_and_says_so_but_json_must_be_utf8() {
        let mut bytes = b"; Caf".to_vec();
        bytes.push(0xe9);
        bytes.extend_from_slice(b"\n\n#####\n#@$.#\n#####\n");
        let read = level_text_of(bytes).unwrap();
        assert!(read.text.starts_with("; Caf\u{e9}\n"));
        let note = read.note.unwrap();
        assert!(
            note.contains("the byte 0xe9 at offset 5") && note.contains("Latin-1"),
            "{note}"
        );
        let levels = crate::kinds::read_levels(&read.text, None, None).unwrap();
        assert_eq!(levels[0].name(), "Caf\u{e9}");
        // UTF-8 text: no note.
        assert_eq!(level_text_of(b"abc".to_vec()).unwrap().note, None);
        // JSON that is not UTF-8, and bytes that are no level: refused.
        let mut json = br#"{"format": "levelscope-level", "version": 1, "name": "Caf"#.to_vec();
        json.extend_from_slice(&[0xe9, b'"', b'}']);
        let e = level_text_of(json).unwrap_err();
        assert!(matches!(e, PackError::NotUtf8 { byte: 0xe9, .. }), "{e:?}");
        assert!(
            e.to_string().starts_with("not UTF-8 text: the byte 0xe9"),
            "{e}"
        );
        assert!(level_text_of(vec![0xff, 0xfe, 0x00, 0x01]).is_err());
    }

    #[test]
    fn a_collection_with_a_bad_level_opens_as_a_pack_naming_it() {
        let text = "; One\n\n#####\n#@$.#\n#####\n\n; Two\n\n#####\n#@x.#\n#####\n\n; Three\n\n#####\n#.$@#\n#####\n";
        let Ok(Opened::Pack(read)) = open_text(text, None) else {
            panic!("a damaged collection opens as a pack");
        };
        assert_eq!(read.pack.levels.len(), 2);
        assert_eq!(read.file_indices(), [0, 2]);
        assert_eq!(read.damaged[0].index, 1);
        assert!(
            read.damaged[0].error.contains("\"Two\" starting at line 9"),
            "{}",
            read.damaged[0].error
        );
        // Writing it back would lose level 1: refused.
        let e = read.check_writable(Path::new("c.xsb")).unwrap_err();
        assert!(e.to_string().contains("entry 1 (the level \"Two\""), "{e}");
        // Every level bad: an error, not an empty pack.
        assert!(open_text("#####\n#@x.#\n#####\n\n#####\n#@y.#\n#####\n", None).is_err());
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

    #[test]
    fn bare_levels_are_written_as_a_pack_of_them_is() {
        let pack = sample();
        let levels: Vec<Level> = pack.levels.iter().map(|e| e.level.clone()).collect();
        let bare = Pack {
            name: "bare".into(),
            levels: levels.iter().cloned().map(PackEntry::new).collect(),
        };
        let mut text = Vec::new();
        write_levels_as_pack_json(&mut text, "bare", &levels).unwrap();
        assert_eq!(String::from_utf8(text).unwrap(), pack_to_json(&bare));
    }

    #[test]
    fn a_summary_levelscope_made_is_trusted_for_its_board_only() {
        let pack = sample();
        let one = &pack.levels[0];
        assert!(one.trusted_summary().is_some(), "refresh_summary stamps it");
        assert_eq!(one.trusted_summary(), one.summary.as_ref());
        let mut renamed = one.clone();
        renamed.level.set_name("another name");
        assert!(
            renamed.trusted_summary().is_some(),
            "a name is not the board"
        );
        let mut edited = one.clone();
        edited.level = ascii("#####\n#R..#\n#.R.#\n#r###\n");
        assert!(edited.summary.is_some() && edited.trusted_summary().is_none());
        let mut unstamped = one.clone();
        unstamped.summary_of = None;
        assert!(unstamped.trusted_summary().is_none());
        let mut cleared = one.clone();
        cleared.set_summary(None);
        assert_eq!((cleared.summary, cleared.summary_of), (None, None));
    }

    #[test]
    fn the_print_is_written_beside_the_summary_and_read_back() {
        let pack = sample();
        let text = pack_to_json(&pack);
        assert_eq!(
            text.matches("\"summary_of\"").count(),
            1,
            "only where a summary is"
        );
        let read = parse_pack(&text).unwrap();
        assert_eq!(read.pack, pack);
        assert!(read.pack.levels[0].trusted_summary().is_some());
        assert!(read.unknown.is_empty() && read.pack.levels[0].unknown.is_empty());
    }

    #[test]
    fn a_board_edited_by_hand_keeps_its_summary_but_not_the_trust() {
        let mut value: Value = serde_json::from_str(&pack_to_json(&sample())).unwrap();
        value["levels"][0]["level"]["rows"][2] = Value::String("#.R.#".into());
        value["levels"][0]["level"]["rows"][1] = Value::String("#R..#".into());
        let read = parse_pack(&value.to_string()).unwrap();
        let entry = &read.pack.levels[0];
        assert!(entry.summary.is_some(), "nothing of the file is lost");
        assert!(entry.trusted_summary().is_none());
        // Written again, the print still says the board it was made from.
        let again = parse_pack(&pack_to_json(&read.pack)).unwrap();
        assert!(again.pack.levels[0].trusted_summary().is_none());
    }

    #[test]
    fn a_print_that_is_not_a_string_or_has_no_summary_is_dropped() {
        let mut value: Value = serde_json::from_str(&pack_to_json(&sample())).unwrap();
        value["levels"][0]["summary_of"] = Value::from(42);
        value["levels"][1]["summary_of"] = Value::String("0123456789abcdef".into());
        let read = parse_pack(&value.to_string()).unwrap();
        assert!(read.is_whole(), "{:?}", read.damaged);
        assert_eq!(read.pack.levels[0].summary_of, None);
        assert!(read.pack.levels[0].summary.is_some());
        assert!(read.pack.levels[0].trusted_summary().is_none());
        assert_eq!(read.pack.levels[1].summary_of, None);
        assert!(!pack_to_json(&read.pack).contains("summary_of"));
    }

    #[test]
    fn a_summary_from_a_file_written_before_prints_is_not_trusted() {
        let mut value: Value = serde_json::from_str(&pack_to_json(&sample())).unwrap();
        value["levels"][0]
            .as_object_mut()
            .unwrap()
            .remove("summary_of");
        let read = parse_pack(&value.to_string()).unwrap();
        assert!(read.pack.levels[0].summary.is_some());
        assert!(read.pack.levels[0].trusted_summary().is_none());
    }

    #[test]
    fn a_missing_file_and_a_damaged_pack_are_their_variants_in_plain_words() {
        let dir = tempfile::tempdir().unwrap();
        let missing = dir.path().join("missing.json");
        let e = read_text_file(&missing).unwrap_err();
        assert!(
            matches!(&e, PackError::ReadFile { path, .. } if path == &missing),
            "{e:?}"
        );
        assert!(e.to_string().starts_with("cannot read the file: "), "{e}");
        let e = read_pack(&missing).unwrap_err();
        assert!(
            matches!(&e, PackError::Unreadable(inner) if matches!(**inner, PackError::ReadFile { .. })),
            "{e:?}"
        );
        assert!(
            e.to_string()
                .starts_with("not a levelscope pack: cannot read the file: "),
            "{e}"
        );
        let text = r#"{"format": "levelscope-pack", "version": 1, "name": "p", "levels": [7]}"#;
        let read = parse_pack(text).unwrap();
        let e = read.check_writable(Path::new("p.json")).unwrap_err();
        assert!(
            matches!(&e, PackError::Damaged { lost, .. } if lost.len() == 1),
            "{e:?}"
        );
        assert!(
            e.to_string().starts_with(
                "the pack has entries that cannot be read: entry 0 (the entry is a number, not an object); nothing was written"
            ),
            "{e}"
        );
    }
}
