//! Whether reading files fits a memory budget, decided before they are
//! read: every command that reads level or pack files asks
//! [`refuse_if_over`] (or [`refuse_all_if_over`]) first, so that a file
//! too large for `--max-memory` is refused with a clear message instead of
//! aborting the program part way.
//!
//! What reading costs is not a multiple of the file's size alone: a level
//! held in memory costs a few hundred bytes however small its text, so a
//! collection of many tiny levels costs far more per byte than one large
//! level. The estimate therefore counts both, in one pass over the file
//! that holds nothing (a buffered read, line by line):
//!
//! - a JSON file (a pack or a JSON level): its bytes, and its levels,
//!   counted as the `"levelscope-level"` format fields it holds (each
//!   level has one; text that merely mentions it counts too, which only
//!   overestimates), and the entries that keep a collection's text
//!   (`"collection_text"`);
//! - a text file (XSB, Skiddy ASCII, Prism's and Tangram's texts): its
//!   bytes, and its lines that are not blank (any of them may begin a
//!   level: one row is a board in XSB).
//!
//! The factors were measured on the release build (peak resident memory of
//! `analyze --max-states 1`, `convert` and `pack stats`, whose reading is
//! every reading command's) on files of many tiny levels, where the cost
//! per byte is highest, and of a few large ones, where the bytes dominate;
//! each factor is the largest measured, rounded up (see
//! `docs/performance.md`, "Reading big files", for the figures).

use std::io::BufRead;
use std::path::Path;

use crate::engine::format_bytes;

/// Bytes of memory per byte of a JSON file: the text itself, and the
/// levels' cells held compactly.
pub const JSON_BYTE_FACTOR: u64 = 3;
/// Bytes of memory per level of a JSON file beyond its bytes: the entry,
/// its level, its summary and its place in every list that holds it.
pub const JSON_LEVEL_BYTES: u64 = 1_100;
/// Bytes of memory per byte of a text file: the text itself, and the
/// levels' cells (a Prism cell in two bytes for the two bytes of its
/// token; measured: a 20 MB Prism 2017 file of ten 1000x1000 levels reads
/// in 56 MB in all).
pub const TEXT_BYTE_FACTOR: u64 = 3;
/// Bytes of memory per line of a text file that is not blank: each may
/// begin a level, which costs this much beyond its bytes.
pub const TEXT_LINE_BYTES: u64 = 120;

/// Bytes of memory per level, beyond reading it, that `pack add` holds for
/// each level it adds until the pack is written: the entry and the summary
/// of its analysis (measured: `pack add` of a 5.4 MB collection of 4-line
/// levels peaks at 158 MiB, reading included). For a text file, counted
/// per line that is not blank, as reading is.
pub const ADDED_LEVEL_BYTES: u64 = 160;

/// Bytes of memory per level of a JSON file that keeps a collection's
/// text (an entry's `"collection_text"`, the lines around a level of an
/// XSB or Prism 2017 collection, kept to write the collection back),
/// beyond [`JSON_LEVEL_BYTES`] (measured: a 287 MB pack of 382,230 such
/// entries converted back to XSB peaks at 1,383 MiB).
pub const JSON_KEPT_TEXT_BYTES: u64 = 1_800;

/// Bytes of memory per line of a text file that is not blank, beyond
/// reading it, that `convert` holds: a collection converted keeps the
/// text around each level to write it back (measured: 41 MB of 4-line
/// levels converted to JSON peaks at 2,728 MiB, 782 MiB of it reading).
pub const CONVERTED_LINE_BYTES: u64 = 500;

/// What one pass over a file found: the counts the estimate is made of.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FileCounts {
    /// The file's size in bytes.
    pub bytes: u64,
    /// Whether it is JSON (its first character that is not white space,
    /// after a byte-order mark, is `{`).
    pub json: bool,
    /// For JSON, the `"levelscope-level"` format fields it holds.
    pub json_levels: u64,
    /// For JSON, the `"collection_text"` fields it holds (entries that
    /// keep a collection's text).
    pub json_kept_texts: u64,
    /// For text, the lines that are not blank.
    pub text_lines: u64,
}

impl FileCounts {
    /// Counts the file at `path` in one buffered pass that holds one line
    /// at a time.
    pub fn of_file(path: &Path) -> std::io::Result<FileCounts> {
        let file = std::fs::File::open(path)?;
        FileCounts::of_reader(std::io::BufReader::new(file))
    }

    /// Counts what `reader` gives, as [`FileCounts::of_file`] does.
    pub fn of_reader(mut reader: impl BufRead) -> std::io::Result<FileCounts> {
        let mut counts = FileCounts::default();
        let mut first = true;
        let mut line = Vec::new();
        loop {
            line.clear();
            // Lines end at a line feed or a lone carriage return alike (a
            // file with CR line ends is one line to a reader of LF).
            let read = read_line_any_end(&mut reader, &mut line)?;
            if read == 0 {
                break;
            }
            counts.bytes += read as u64;
            let text = line.strip_prefix(b"\xef\xbb\xbf").unwrap_or(&line);
            let content = text.iter().find(|b| !b.is_ascii_whitespace());
            if first {
                if let Some(&b) = content {
                    counts.json = b == b'{';
                    first = false;
                }
            }
            if content.is_some() {
                counts.text_lines += 1;
            }
            counts.json_levels += occurrences(text, b"\"levelscope-level\"");
            counts.json_kept_texts += occurrences(text, b"\"collection_text\"");
        }
        Ok(counts)
    }

    /// How many levels the file may hold at most, as the estimate counts
    /// them: its level format fields (JSON) or its lines that are not
    /// blank (text).
    pub fn levels_at_most(&self) -> u64 {
        if self.json {
            self.json_levels
        } else {
            self.text_lines
        }
    }

    /// What reading a file of these counts takes at most, in bytes.
    pub fn cost(&self) -> u64 {
        if self.json {
            self.bytes
                .saturating_mul(JSON_BYTE_FACTOR)
                .saturating_add(self.json_levels.saturating_mul(JSON_LEVEL_BYTES))
                .saturating_add(self.json_kept_texts.saturating_mul(JSON_KEPT_TEXT_BYTES))
        } else {
            self.bytes
                .saturating_mul(TEXT_BYTE_FACTOR)
                .saturating_add(self.text_lines.saturating_mul(TEXT_LINE_BYTES))
        }
    }
}

/// Reads one line into `line`, ending at `\n`, `\r\n` or a lone `\r`
/// (the end kept); returns the bytes read, 0 at the end.
fn read_line_any_end(reader: &mut impl BufRead, line: &mut Vec<u8>) -> std::io::Result<usize> {
    let mut read = 0;
    loop {
        let buffer = reader.fill_buf()?;
        if buffer.is_empty() {
            return Ok(read);
        }
        match buffer.iter().position(|&b| b == b'\n' || b == b'\r') {
            Some(end) => {
                line.extend_from_slice(&buffer[..=end]);
                reader.consume(end + 1);
                return Ok(read + end + 1);
            }
            None => {
                let len = buffer.len();
                line.extend_from_slice(buffer);
                reader.consume(len);
                read += len;
            }
        }
    }
}

/// How many times `needle` occurs in `haystack`, without overlaps.
fn occurrences(haystack: &[u8], needle: &[u8]) -> u64 {
    if haystack.len() < needle.len() {
        return 0;
    }
    let mut count = 0;
    let mut at = 0;
    while at + needle.len() <= haystack.len() {
        if haystack[at..].starts_with(needle) {
            count += 1;
            at += needle.len();
        } else {
            at += 1;
        }
    }
    count
}

/// What reading the file at `path` takes at most, in bytes: at least its
/// size (the text is held whole), and, when that fits `max_memory`, the
/// estimate of [`FileCounts::cost`]. `None` when the file cannot be read
/// (reading it then says why).
fn cost_within(path: &Path, max_memory: u64, per_level: Held) -> Option<(u64, u64)> {
    let size = std::fs::metadata(path).ok()?.len();
    if size > max_memory {
        // Not even its text fits: no need to read it to know.
        return Some((size, size));
    }
    let counts = FileCounts::of_file(path).ok()?;
    let held = counts.levels_at_most().saturating_mul(per_level(&counts));
    Some((size, counts.cost().saturating_add(held).max(size)))
}

/// Refuses the file at `path` when reading it would not fit `max_memory`
/// bytes, estimated before it is read (see the module's documentation). A
/// file that cannot be read passes: reading it then says why.
pub fn refuse_if_over(path: &Path, max_memory: u64) -> Result<(), OverBudget> {
    refuse_all_if_over(&[path], max_memory)
}

/// Refuses the files at `paths`, which one command holds in memory
/// together (a pack and the level files added to it), when reading them
/// all would not fit `max_memory` bytes.
pub fn refuse_all_if_over(paths: &[&Path], max_memory: u64) -> Result<(), OverBudget> {
    refuse_over(
        paths.iter().map(|p| (*p, nothing_held as Held)),
        paths.len(),
        max_memory,
    )
}

/// What a command holds per level of a file beyond reading it, told from
/// the file's counts.
type Held = fn(&FileCounts) -> u64;

/// Nothing held beyond reading.
fn nothing_held(_: &FileCounts) -> u64 {
    0
}

/// Refuses `pack add` of the level files at `level_files` to the pack at
/// `pack` when reading them all, and holding the new entries with their
/// analyses until the pack is written ([`ADDED_LEVEL_BYTES`] a level),
/// would not fit `max_memory` bytes.
pub fn refuse_to_add_if_over(
    pack: &Path,
    level_files: &[&Path],
    max_memory: u64,
) -> Result<(), OverBudget> {
    let added: Held = |_| ADDED_LEVEL_BYTES;
    let files = std::iter::once((pack, nothing_held as Held))
        .chain(level_files.iter().map(|p| (*p, added)));
    refuse_over(files, level_files.len() + 1, max_memory)
}

/// Refuses `convert` of the file at `path` when reading it, and holding
/// what the conversion keeps of a collection's text ([`CONVERTED_LINE_BYTES`]
/// a line of a text file), would not fit `max_memory` bytes.
pub fn refuse_to_convert_if_over(path: &Path, max_memory: u64) -> Result<(), OverBudget> {
    // A JSON pack's kept text is counted by its own estimate already.
    let kept: Held = |counts| if counts.json { 0 } else { CONVERTED_LINE_BYTES };
    refuse_over(std::iter::once((path, kept)), 1, max_memory)
}

/// Refuses `count` files, each with what it holds per level beyond reading
/// it, when together they would not fit `max_memory` bytes.
fn refuse_over<'p>(
    files: impl Iterator<Item = (&'p Path, Held)>,
    count: usize,
    max_memory: u64,
) -> Result<(), OverBudget> {
    let mut size = 0u64;
    let mut needs = 0u64;
    for (path, per_level) in files {
        if let Some((bytes, cost)) = cost_within(path, max_memory.saturating_sub(needs), per_level)
        {
            size = size.saturating_add(bytes);
            needs = needs.saturating_add(cost);
        }
    }
    if needs <= max_memory {
        return Ok(());
    }
    Err(OverBudget {
        files: count,
        size,
        needs,
        budget: max_memory,
    })
}

/// Files whose reading would not fit the memory budget, estimated before
/// they are read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "{} {}: reading {} takes up to {}, more than the memory budget of {}; \
     raise --max-memory or split the file",
    if *.files == 1 { "the file is" } else { "the files are" },
    format_bytes(*.size),
    if *.files == 1 { "it" } else { "them" },
    format_bytes(*.needs),
    format_bytes(*.budget)
)]
pub struct OverBudget {
    /// How many files were asked for.
    pub files: usize,
    /// Their size on disk, in bytes.
    pub size: u64,
    /// What reading them takes at most, in bytes.
    pub needs: u64,
    /// The memory budget, in bytes.
    pub budget: u64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_inside_the_budget_passes_and_one_over_it_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("level.txt");
        // One line of 1000 bytes: 3000 for the bytes, 120 for the line.
        std::fs::write(&file, vec![b'#'; 1000]).unwrap();
        assert_eq!(refuse_if_over(&file, 3120), Ok(()));
        let message = refuse_if_over(&file, 3119).unwrap_err();
        assert_eq!(
            message,
            OverBudget {
                files: 1,
                size: 1000,
                needs: 3120,
                budget: 3119
            }
        );
        assert!(
            message.to_string().starts_with("the file is 1000 bytes"),
            "{message}"
        );
        assert!(
            message.to_string().contains("raise --max-memory"),
            "{message}"
        );
    }

    #[test]
    fn a_missing_file_is_left_to_the_reader() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(refuse_if_over(&dir.path().join("none.txt"), 1), Ok(()));
    }

    #[test]
    fn many_small_levels_cost_more_than_their_bytes_alone() {
        // Two texts of the same size: a thousand one-row boards, and one
        // long row.
        let counts = |text: &str| FileCounts::of_reader(text.as_bytes()).unwrap();
        let tiny = counts(&"#@$.#\n".repeat(1000));
        let big = counts(&format!("{}\n", "#".repeat(5999)));
        assert_eq!(tiny.bytes, big.bytes);
        assert!(tiny.cost() > 10 * tiny.bytes, "{tiny:?}");
        assert!(big.cost() < 4 * big.bytes, "{big:?}");
    }

    #[test]
    fn json_counts_its_levels_by_their_format_fields() {
        let pack = "\u{feff}{\"format\": \"levelscope-pack\", \"levels\": [\n\
                    {\"level\": {\"format\": \"levelscope-level\"}},\n\
                    {\"level\": {\"format\": \"levelscope-level\"}}, {\"level\": {\"format\": \"levelscope-level\"}}]}";
        let counts = FileCounts::of_reader(pack.as_bytes()).unwrap();
        assert!(counts.json);
        assert_eq!(counts.json_levels, 3);
        assert_eq!(
            counts.cost(),
            counts.bytes * JSON_BYTE_FACTOR + 3 * JSON_LEVEL_BYTES
        );
        let text = FileCounts::of_reader("  #####\n".as_bytes()).unwrap();
        assert!(!text.json);
    }

    #[test]
    fn lines_end_at_cr_lf_or_both() {
        let counts = |text: &str| FileCounts::of_reader(text.as_bytes()).unwrap();
        assert_eq!(counts("a\rb\rc").text_lines, 3);
        assert_eq!(counts("a\r\nb\r\n\r\nc\n").text_lines, 3);
        assert_eq!(counts("a\nb\n\n\nc").bytes, 7);
    }

    #[test]
    fn levels_added_to_a_pack_cost_their_entries_too() {
        let dir = tempfile::tempdir().unwrap();
        let (pack, levels) = (dir.path().join("new.json"), dir.path().join("l.xsb"));
        // Ten lines of 6 bytes: 180 for the bytes, 1,200 for the lines,
        // and 1,600 more for the entries they may become.
        std::fs::write(&levels, "#@$.#\n".repeat(10)).unwrap();
        assert_eq!(refuse_all_if_over(&[&levels], 1380), Ok(()));
        assert_eq!(refuse_to_add_if_over(&pack, &[&levels], 2980), Ok(()));
        let message = refuse_to_add_if_over(&pack, &[&levels], 2979).unwrap_err();
        assert!(
            message
                .to_string()
                .contains("reading them takes up to 2.9 KiB"),
            "{message}"
        );
    }

    #[test]
    fn a_collection_converted_and_kept_texts_cost_more() {
        let dir = tempfile::tempdir().unwrap();
        let levels = dir.path().join("l.xsb");
        // Ten lines of 6 bytes: 180 for the bytes, 1,200 for the lines,
        // and 5,000 more for the text the conversion keeps.
        std::fs::write(&levels, "#@$.#\n".repeat(10)).unwrap();
        assert_eq!(refuse_to_convert_if_over(&levels, 6380), Ok(()));
        assert!(refuse_to_convert_if_over(&levels, 6379).is_err());
        let kept = "{\"levels\": [{\"collection_text\": {}, \"level\": {\"format\": \"levelscope-level\"}}]}";
        let counts = FileCounts::of_reader(kept.as_bytes()).unwrap();
        assert_eq!((counts.json_levels, counts.json_kept_texts), (1, 1));
        assert_eq!(
            counts.cost(),
            counts.bytes * JSON_BYTE_FACTOR + JSON_LEVEL_BYTES + JSON_KEPT_TEXT_BYTES
        );
    }

    #[test]
    fn files_read_together_are_counted_together() {
        let dir = tempfile::tempdir().unwrap();
        let (a, b) = (dir.path().join("a.txt"), dir.path().join("b.txt"));
        std::fs::write(&a, vec![b'#'; 1000]).unwrap();
        std::fs::write(&b, vec![b'#'; 1000]).unwrap();
        assert_eq!(refuse_all_if_over(&[&a, &b], 6240), Ok(()));
        let message = refuse_all_if_over(&[&a, &b], 6239).unwrap_err();
        assert!(
            message.to_string().starts_with("the files are 2.0 KiB"),
            "{message}"
        );
    }
}
