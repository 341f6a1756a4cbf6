//! The entries of a level or pack file in the file's own order, each a
//! level or why it cannot be read: the one numbering every command uses
//! for `FILE#index`, for its reports and for the damage it names. Skipping
//! an entry that cannot be read never shifts the numbers of the others.

use std::path::Path;

use super::{Opened, ReadPack};
use crate::kinds::{Kind, Level, LevelSummary};

/// One entry of a file: its level, or why it cannot be read.
// String error: an entry's damage is the words its reader wrote into the pack's `DamagedEntry` (an `EntryError`, a collection's `DamagedLevel`), kept as read
pub type FileEntry = Result<Level, String>;

/// What a file holds, entry by entry in its own order.
#[derive(Clone, Debug)]
pub struct FileEntries {
    /// Every entry, the index in this list being its number in the file.
    pub entries: Vec<FileEntry>,
    /// The pack's name when the file is a pack.
    pub pack_name: Option<String>,
    /// Why the end of the file cannot be read, when it is broken after its
    /// last entry (a pack whose text breaks after its `levels` list).
    pub broken_end: Option<String>,
    /// What was assumed in reading the file (an encoding other than UTF-8),
    /// for the reader to see.
    pub note: Option<String>,
    /// The stored summary of each entry, by number, that is known to be of
    /// its level as read ([`super::PackEntry::trusted_summary`]); shorter
    /// than `entries` (empty for a level file) where none follow.
    pub summaries: Vec<Option<LevelSummary>>,
}

impl FileEntries {
    /// How many entries the file holds, readable or not.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the file holds no entry at all.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The stored summary of entry `index` when it is known to be of its
    /// level (see [`FileEntries::summaries`]).
    pub fn trusted_summary(&self, index: usize) -> Option<&LevelSummary> {
        self.summaries.get(index)?.as_ref()
    }

    /// Whether every entry was read and nothing of the file was lost.
    pub fn is_whole(&self) -> bool {
        self.broken_end.is_none() && self.entries.iter().all(Result::is_ok)
    }

    /// What could not be read, one line each: "entry 3 cannot be read:
    /// why", and the broken end of the file.
    pub fn damage_lines(&self) -> Vec<String> {
        let mut lines: Vec<String> = self
            .entries
            .iter()
            .enumerate()
            .filter_map(|(i, e)| e.as_ref().err().map(|why| damaged_words(i, why)))
            .collect();
        if let Some(why) = &self.broken_end {
            lines.push(why.clone());
        }
        lines
    }
}

/// An entry that cannot be read, in words: "entry 3 cannot be read: why".
pub fn damaged_words(index: usize, why: &str) -> String {
    format!("entry {index} cannot be read: {why}")
}

/// The range of entry numbers of a file of `count` entries, in words:
/// "0 to 4", "only 0", or "none: the file holds no level".
pub fn number_range(count: usize) -> String {
    match count {
        0 => "none: the file holds no level".into(),
        1 => "only 0".into(),
        n => format!("0 to {}", n - 1),
    }
}

/// The entries of the level or pack file at `path` (see
/// [`super::open_file`]; `kind` forces the kind of a level file).
pub fn read_entries(path: &Path, kind: Option<Kind>) -> Result<FileEntries, super::PackError> {
    let (opened, note) = super::open_file_noted(path, kind)?;
    Ok(FileEntries {
        note,
        ..FileEntries::from(opened)
    })
}

impl From<ReadPack> for FileEntries {
    fn from(read: ReadPack) -> FileEntries {
        // Breaks read past between two entries lost none, but the file is
        // not whole: they are said with its end.
        let mut ends = read.breaks;
        if read.truncated && read.damaged.is_empty() {
            ends.push("the end of the file is broken and cannot be read".to_string());
        }
        let broken_end = (!ends.is_empty()).then(|| ends.join("; "));
        let total = read.pack.levels.len() + read.damaged.len();
        let mut damaged = read.damaged.into_iter().peekable();
        let mut readable = read.pack.levels.into_iter();
        let mut entries = Vec::with_capacity(total);
        let mut summaries = Vec::with_capacity(total);
        for index in 0..total {
            // The damaged entries are listed in file order: the readable
            // ones fill, in order, the places they leave.
            let (entry, summary) = match damaged.next_if(|d| d.index == index) {
                Some(d) => (Err(d.error), None),
                None => match readable.next() {
                    Some(e) => {
                        let summary = e.trusted_summary().cloned();
                        (Ok(e.level), summary)
                    }
                    None => (Err("the entry is missing".into()), None),
                },
            };
            entries.push(entry);
            summaries.push(summary);
        }
        FileEntries {
            entries,
            pack_name: Some(read.pack.name),
            broken_end,
            note: None,
            summaries,
        }
    }
}

impl From<Opened> for FileEntries {
    fn from(opened: Opened) -> FileEntries {
        match opened {
            Opened::Pack(read) => read.into(),
            Opened::Levels(levels, _) => FileEntries {
                entries: levels.into_iter().map(Ok).collect(),
                pack_name: None,
                broken_end: None,
                note: None,
                summaries: Vec::new(),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pack::parse_pack;

    fn pack_text(entries: &[&str]) -> String {
        format!(
            "{{\"format\": \"levelscope-pack\", \"version\": 1, \"name\": \"p\", \"levels\": [{}]}}",
            entries.join(", ")
        )
    }

    const GOOD: &str = r######"{"name": "a", "level": {"format": "levelscope-level", "version": 1, "kind": "skiddy", "rows": ["#####", "#R.r#", "#####"]}}"######;
    const BAD: &str = r######"{"name": "b", "level": {"format": "levelscope-level", "version": 1, "kind": "skiddy", "rows": ["#####", "#RX.r#", "#####"]}}"######;

    #[test]
    fn damaged_entries_keep_their_places_and_the_others_their_numbers() {
        let read = parse_pack(&pack_text(&[GOOD, BAD, GOOD, BAD])).unwrap();
        let entries = FileEntries::from(read);
        assert_eq!(entries.len(), 4);
        assert!(entries.entries[0].is_ok() && entries.entries[2].is_ok());
        assert!(entries.entries[1].is_err() && entries.entries[3].is_err());
        assert_eq!(entries.pack_name.as_deref(), Some("p"));
        let lines = entries.damage_lines();
        assert_eq!(lines.len(), 2);
        assert!(
            lines[0].starts_with("entry 1 cannot be read: "),
            "{lines:?}"
        );
        assert!(
            lines[1].starts_with("entry 3 cannot be read: "),
            "{lines:?}"
        );
        assert!(!entries.is_whole());
    }

    #[test]
    fn a_pack_cut_short_names_the_cut_in_its_place() {
        let text = pack_text(&[GOOD, GOOD]);
        let cut = &text[..text.rfind("\"level\"").unwrap()];
        let entries = FileEntries::from(parse_pack(cut).unwrap());
        assert_eq!(entries.len(), 2);
        assert!(entries.entries[0].is_ok());
        assert!(entries.entries[1]
            .as_ref()
            .unwrap_err()
            .contains("cut short"));
    }

    #[test]
    fn a_pack_broken_after_its_list_names_its_broken_end() {
        let text = pack_text(&[GOOD]);
        let broken = format!("{}, \"author\": ", text.trim_end_matches('}'));
        let entries = FileEntries::from(parse_pack(&broken).unwrap());
        assert_eq!(entries.len(), 1);
        assert!(entries.entries[0].is_ok());
        assert!(!entries.is_whole());
        assert_eq!(
            entries.damage_lines(),
            ["the end of the file is broken and cannot be read"]
        );
    }

    #[test]
    fn number_ranges_in_words() {
        assert_eq!(number_range(0), "none: the file holds no level");
        assert_eq!(number_range(1), "only 0");
        assert_eq!(number_range(5), "0 to 4");
    }
}
