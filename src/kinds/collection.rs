//! Collections written back as they were read: the text around each level
//! of a multi-level file (its title and comment lines, metadata such as
//! `Author:`, the blank lines) is kept with the level, and the file's own
//! lines before the first level and after the last are kept with the
//! pack, so that a collection read and written back unchanged is the same
//! file, byte for byte, and a moved, renamed or edited level keeps its
//! text.
//!
//! The mechanism is the same for every kind: a format that holds several
//! levels says where its boards are and how its text around a board is
//! split and retitled ([`CollectionSpec`], on its
//! [`FormatSpec`](super::text::FormatSpec)); this module cuts the text,
//! keeps the pieces ([`KeptLevel`], [`KeptCollection`]) and puts them back
//! together, reading every piece it writes back to be sure it says the
//! level it stands for.
//!
//! What is kept lives in the pack's fields levelscope does not write
//! itself (an entry's [`ENTRY_KEY`], the pack's [`PACK_KEY`]), so it
//! follows its level through the pack's undo, its JSON file and the
//! editor's recovery copy: a collection converted to a levelscope pack
//! and back gets its text back too.

use std::ops::Range;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::text::{read_levels_and_damage, write_levels, TextFormat};
use super::{Level, LevelError};

/// The entry field (among those levelscope does not know) that holds the
/// text around the entry's level in the collection it was read from.
pub const ENTRY_KEY: &str = "collection_text";
/// The pack field that holds the collection's own text: its format, the
/// lines before its first level and after its last.
pub const PACK_KEY: &str = "collection";

/// What a format that holds several levels says about its text, so that
/// a collection in it can be written back as it was read.
#[derive(Debug)]
pub struct CollectionSpec {
    /// The lines (counted from 0, the end not included) of each board of
    /// a text, damaged boards included, in order; `None` when the text
    /// cannot be cut into boards.
    pub boards: fn(&str) -> Option<Vec<Range<usize>>>,
    /// Whether a paragraph (lines with no blank one among them) that
    /// stands between two boards introduces the board after it (as a
    /// title comment does) rather than speaking of the board before it
    /// (as metadata does).
    pub introduces_next: fn(&[&str]) -> bool,
    /// The text before and after a board with the title it gives changed
    /// to `name` (an empty name: no title); `end` ends any line added.
    pub retitle: fn(before: &str, after: &str, name: &str, end: &str) -> (String, String),
}

/// The text of a collection around one of its levels, kept with the level.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct KeptLevel {
    /// The lines before the board (its title, comments, blank lines).
    pub before: String,
    /// The board's lines as the file wrote them.
    pub board: String,
    /// The lines after the board that speak of it (metadata, the blank
    /// lines that separate it from the next).
    pub after: String,
    /// The level's name as read: a level whose name is still this keeps
    /// its title lines as they are.
    pub title: String,
}

/// The text of a collection that belongs to no level, kept with the pack.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct KeptCollection {
    /// The format's name (`"xsb"`).
    pub format: String,
    /// The lines before the first level's own lines.
    pub header: String,
    /// The lines after the last level's own lines.
    pub trailer: String,
    /// The line end the file uses (`"\n"`, `"\r\n"` or `"\r"`), for lines
    /// written anew.
    pub line_end: String,
    /// Whether the file was read as Latin-1 (it was not UTF-8): it is
    /// written back so when every character allows.
    #[serde(default)]
    pub latin1: bool,
}

impl KeptLevel {
    /// The kept text of an entry, if it has one that can be read.
    pub fn of(unknown: &serde_json::Map<String, Value>) -> Option<KeptLevel> {
        serde_json::from_value(unknown.get(ENTRY_KEY)?.clone()).ok()
    }

    /// Stores the kept text in an entry's fields.
    pub fn store(&self, unknown: &mut serde_json::Map<String, Value>) {
        unknown.insert(
            ENTRY_KEY.into(),
            serde_json::to_value(self).expect("kept text always serialises"),
        );
    }

    fn text(&self) -> String {
        format!("{}{}{}", self.before, self.board, self.after)
    }
}

impl KeptCollection {
    /// The kept text of a pack, if it has one that can be read.
    pub fn of(unknown: &serde_json::Map<String, Value>) -> Option<KeptCollection> {
        serde_json::from_value(unknown.get(PACK_KEY)?.clone()).ok()
    }

    /// Stores the kept text in the pack's fields.
    pub fn store(&self, unknown: &mut serde_json::Map<String, Value>) {
        unknown.insert(
            PACK_KEY.into(),
            serde_json::to_value(self).expect("kept text always serialises"),
        );
    }

    /// The format it was read in, when levelscope knows it.
    pub fn text_format(&self) -> Option<TextFormat> {
        TextFormat::from_name(&self.format)
    }

    /// The bytes of `text` as this collection's file holds them: Latin-1
    /// when it was read so and every character is Latin-1, else UTF-8.
    pub fn bytes(&self, text: &str) -> Vec<u8> {
        if self.latin1 && text.chars().all(|c| (c as u32) < 0x100) {
            text.chars().map(|c| c as u32 as u8).collect()
        } else {
            text.as_bytes().to_vec()
        }
    }
}

/// The lines of `text` with their ends (LF, CRLF or a lone CR), cut as
/// [`super::text::text_lines`] cuts them: joined, they give the text back.
pub fn lines_with_ends(text: &str) -> Vec<&str> {
    let mut lines = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let cut = match rest.find(['\r', '\n']) {
            None => rest.len(),
            Some(end) if rest[end..].starts_with("\r\n") => end + 2,
            Some(end) => end + 1,
        };
        lines.push(&rest[..cut]);
        rest = &rest[cut..];
    }
    lines
}

/// Whether the last line of `text` is blank (or there is none), found
/// from its end: the text is not cut into lines.
fn ends_blank(text: &str) -> bool {
    let body = text
        .strip_suffix("\r\n")
        .or_else(|| text.strip_suffix(['\r', '\n']))
        .unwrap_or(text);
    body.rsplit(['\r', '\n'])
        .next()
        .is_none_or(|line| line.trim().is_empty())
}

/// Whether a line (with its end) is blank.
fn blank(line: &str) -> bool {
    line.trim().is_empty()
}

/// Where the lines `gap` between two boards are cut: the lines before the
/// cut speak of the board before, those from it on introduce the board
/// after. The last paragraph of the gap (with the blank lines after it)
/// introduces the next board when the format says so.
fn cut_gap(spec: &CollectionSpec, lines: &[&str], gap: Range<usize>) -> usize {
    let Some(last) = gap.clone().rev().find(|&i| !blank(lines[i])) else {
        return gap.end;
    };
    let mut start = last;
    while start > gap.start && !blank(lines[start - 1]) {
        start -= 1;
    }
    let paragraph: Vec<&str> = lines[start..=last]
        .iter()
        .map(|l| l.trim_end_matches(['\r', '\n']))
        .collect();
    if (spec.introduces_next)(&paragraph) {
        start
    } else {
        gap.end
    }
}

/// A collection's text cut into its pieces: the pack's and each level's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CutCollection {
    /// The pack's text.
    pub collection: KeptCollection,
    /// Each level's text, damaged levels included, in the file's order.
    pub levels: Vec<KeptLevel>,
}

/// Cuts a collection's text (as read: Latin-1 already decoded) into the
/// pieces that write it back, one a level read; `None` when the format
/// keeps no text, or some level of the text cannot be read (such a
/// collection is never written back over itself).
pub fn cut(text: &str, format: TextFormat) -> Option<CutCollection> {
    let read = read_levels_and_damage(text, Some(format), None).ok()?;
    if !read.damaged.is_empty() {
        return None;
    }
    let titles: Vec<&str> = read.levels.iter().map(Level::name).collect();
    cut_read(text, format, &titles)
}

/// [`cut`] of a text already read whole into levels named `titles`, in
/// order (the text is not read again).
pub fn cut_read(text: &str, format: TextFormat, titles: &[&str]) -> Option<CutCollection> {
    let spec = format.collection()?;
    let lines = lines_with_ends(text);
    let boards = (spec.boards)(&super::text::with_lf_line_ends(text))?;
    if titles.len() != boards.len() || boards.last()?.end > lines.len() {
        return None;
    }
    let join = |range: Range<usize>| lines[range].concat();
    let mut cuts = Vec::with_capacity(boards.len() + 1);
    let mut previous_end = 0;
    for board in &boards {
        if board.start < previous_end || board.end < board.start {
            return None;
        }
        let gap = previous_end..board.start;
        cuts.push(cut_gap(spec, &lines, gap));
        previous_end = board.end;
    }
    let tail = cut_gap(spec, &lines, previous_end..lines.len());
    let line_end = lines
        .first()
        .map(|l| &l[l.trim_end_matches(['\r', '\n']).len()..])
        .filter(|end| !end.is_empty())
        .unwrap_or("\n")
        .to_string();
    let mut levels = Vec::with_capacity(boards.len());
    for (i, board) in boards.iter().enumerate() {
        let after_end = cuts.get(i + 1).copied().unwrap_or(tail);
        levels.push(KeptLevel {
            before: join(cuts[i]..board.start),
            board: join(board.clone()),
            after: join(board.end..after_end),
            title: titles[i].to_string(),
        });
    }
    Some(CutCollection {
        collection: KeptCollection {
            format: format.name().to_string(),
            header: join(0..cuts[0]),
            trailer: join(tail..lines.len()),
            line_end,
            latin1: false,
        },
        levels,
    })
}

/// The one level a piece of text says, if it says exactly one.
fn read_one(text: &str, format: TextFormat) -> Option<Level> {
    let read = read_levels_and_damage(text, Some(format), None).ok()?;
    match (read.levels.as_slice(), read.damaged.is_empty()) {
        ([one], true) => Some(one.clone()),
        _ => None,
    }
}

/// `level` as `format` says it on its own: what its text reads back as
/// (its name dropped, in a format that has no names); `None` when the
/// format cannot write it.
pub fn as_said(level: &Level, format: TextFormat) -> Option<Level> {
    let text = write_levels(std::slice::from_ref(level), format).ok()?;
    read_one(&text, format)
}

/// `level` written anew in `format`, as a piece of a collection: its text
/// and a blank line after it, lines ended by `end`.
fn fresh(level: &Level, format: TextFormat, end: &str) -> Result<String, LevelError> {
    let text = write_levels(std::slice::from_ref(level), format)?;
    Ok(with_line_end(&format!("{text}\n"), end))
}

fn with_line_end(text: &str, end: &str) -> String {
    if end == "\n" {
        text.to_string()
    } else {
        text.replace('\n', end)
    }
}

/// The piece of a collection that says `level` (as the format says it:
/// see [`as_said`]), from its kept text when
/// it has some: the board as the file wrote it while it still says the
/// level's board, else written anew; the title line changed when the name
/// changed. A piece that would not read back as the level is written anew
/// (its comments then lost, and [`Piece::Rewritten`] says so).
fn piece(
    level: &Level,
    kept: Option<&KeptLevel>,
    format: TextFormat,
    end: &str,
) -> Result<Piece, LevelError> {
    let Some(kept) = kept else {
        return Ok(Piece::Kept(fresh(level, format, end)?));
    };
    let Some(spec) = format.collection() else {
        return Err(LevelError::CollectionFormat {
            format: format.name().to_string(),
        });
    };
    let same_board = read_one(&kept.board, format).is_some_and(|mut read| {
        read.set_name(level.name());
        read == *level
    });
    let mut kept = kept.clone();
    if !same_board {
        let mut bare = level.clone();
        bare.set_name("");
        kept.board = with_line_end(&write_levels(&[bare], format)?, end);
    }
    let renamed = kept.title != level.name();
    if renamed {
        let (before, after) = (spec.retitle)(&kept.before, &kept.after, level.name(), end);
        kept.before = before;
        kept.after = after;
    }
    let text = kept.text();
    // A title the piece does not say itself (an XSB `Title:` line in the
    // file's header names the first board) is checked with the whole text.
    let says_level = read_one(&text, format).is_some_and(|mut read| {
        if !renamed {
            read.set_name(level.name());
        }
        read == *level
    });
    if says_level {
        Ok(Piece::Kept(text))
    } else {
        Ok(Piece::Rewritten(fresh(level, format, end)?))
    }
}

/// The text of one level of a collection: its kept text (or a new text
/// for a level that had none), or a new text where the kept one would
/// not read back as the level.
enum Piece {
    /// The kept text, or the text of a level that had none.
    Kept(String),
    /// Written anew although the level had kept text (its comments lost).
    Rewritten(String),
}

/// The text of one level of a collection on its own (a level file), with
/// the text kept around it (its title, comments and metadata lines), when
/// that text still says the level; `None` when it does not.
pub fn level_piece(level: &Level, kept: &KeptLevel, format: TextFormat) -> Option<String> {
    let end = lines_with_ends(&kept.board)
        .first()
        .map(|l| l[l.trim_end_matches(['\r', '\n']).len()..].to_string())
        .filter(|end| !end.is_empty())
        .unwrap_or_else(|| "\n".into());
    let said = as_said(level, format)?;
    let Piece::Kept(text) = piece(&said, Some(kept), format, &end).ok()? else {
        return None;
    };
    (read_one(&text, format).as_ref() == Some(&said)).then_some(text)
}

/// A collection written back: its text, and the levels whose kept text
/// could not be used (written anew, their comments lost), by place from 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrittenCollection {
    /// The text of the file.
    pub text: String,
    /// The levels written anew although they had kept text.
    pub rewritten: Vec<usize>,
}

/// Writes `levels` (each with its kept text, if any) as the collection
/// `kept` describes: its header, each level's piece, its trailer. The text
/// is read back before it is given: an error, and nothing to write, when
/// it would not say exactly these levels.
pub fn write(
    kept: &KeptCollection,
    levels: &[(Level, Option<KeptLevel>)],
) -> Result<WrittenCollection, LevelError> {
    let format = kept
        .text_format()
        .filter(|f| f.collection().is_some())
        .ok_or_else(|| LevelError::CollectionFormat {
            format: kept.format.clone(),
        })?;
    let end = kept.line_end.as_str();
    let mut text = kept.header.clone();
    let mut rewritten = Vec::new();
    let said: Vec<Level> = levels
        .iter()
        .map(|(l, _)| as_said(l, format).unwrap_or_else(|| l.clone()))
        .collect();
    for (i, ((_, kept_level), level)) in levels.iter().zip(&said).enumerate() {
        let piece = match piece(level, kept_level.as_ref(), format, end).map_err(|e| {
            LevelError::InCollection {
                number: i + 1,
                error: Box::new(e),
            }
        })? {
            Piece::Kept(piece) => piece,
            Piece::Rewritten(piece) => {
                rewritten.push(i + 1);
                piece
            }
        };
        let starts_with_board = kept_level.as_ref().is_some_and(|k| k.before.is_empty());
        if !ends_blank(&text) && starts_with_board {
            text.push_str(end);
        }
        text.push_str(&piece);
    }
    text.push_str(&kept.trailer);
    let want: Vec<&Level> = said.iter().collect();
    let read =
        read_levels_and_damage(&text, Some(format), None).map_err(LevelError::NotReadBack)?;
    let got: Vec<&Level> = read.levels.iter().collect();
    if !read.damaged.is_empty() || got != want {
        let at = want
            .iter()
            .zip(&got)
            .position(|(a, b)| a != b)
            .unwrap_or(want.len().min(got.len()));
        return Err(LevelError::ReadsDifferently {
            format: format.name(),
            number: at + 1,
        });
    }
    Ok(WrittenCollection { text, rewritten })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::sokoban::text_formats::XSB;

    const OWN: &str = include_str!("../../tests/fixtures/sokoban/own.xsb");

    fn read(text: &str) -> (KeptCollection, Vec<(Level, Option<KeptLevel>)>) {
        let cut = cut(text, XSB).unwrap();
        let levels = crate::kinds::read_levels(text, Some(XSB), None).unwrap();
        assert_eq!(levels.len(), cut.levels.len());
        (
            cut.collection,
            levels
                .into_iter()
                .zip(cut.levels.into_iter().map(Some))
                .collect(),
        )
    }

    fn written(kept: &KeptCollection, levels: &[(Level, Option<KeptLevel>)]) -> String {
        let out = write(kept, levels).unwrap();
        assert!(out.rewritten.is_empty(), "{:?}", out.rewritten);
        out.text
    }

    #[test]
    fn an_xsb_collection_read_and_written_back_is_the_same_bytes() {
        for text in [
            OWN.to_string(),
            OWN.replace('\n', "\r\n"),
            OWN.replace('\n', "\r"),
            format!("\u{feff}{OWN}"),
            "; only\n#####\n#@$.#\n#####".to_string(),
            "Title: first\n\n#####\n#@$.#\n#####\nAuthor: me\n\n\n; 2\n; two\n3#-|#@$.#|5#\n\n; the end\n"
                .to_string(),
        ] {
            let (kept, levels) = read(&text);
            assert_eq!(written(&kept, &levels), text);
        }
    }

    #[test]
    fn text_is_cut_at_the_title_comments_and_metadata_stays_with_its_board() {
        let cut = cut(OWN, XSB).unwrap();
        assert_eq!(
            cut.collection.header,
            "; levelscope's own small Sokoban levels, made by hand for its tests.\n\n"
        );
        assert_eq!(cut.levels[0].before, "; Corner\n");
        assert_eq!(cut.levels[1].after, "Author: levelscope\n\n");
        assert_eq!(cut.levels[2].before, "; Sealed\n");
    }

    #[test]
    fn moving_renaming_editing_adding_and_removing_keep_the_other_levels_text() {
        let (kept, mut levels) = read(OWN);
        levels.swap(0, 1);
        let moved = written(&kept, &levels);
        assert!(
            moved.contains("; Detour\n#######\n##.   #\n#@$   #\n###   #\n#    ##\n#######\nAuthor: levelscope\n\n; Corner\n"),
            "{moved}"
        );
        assert!(moved.starts_with("; levelscope's own"), "{moved}");
        // Renamed: its title line changes, nothing else.
        levels[0].0.set_name("Long way round");
        let renamed = written(&kept, &levels);
        assert_eq!(renamed, moved.replace("; Detour\n", "; Long way round\n"));
        // Edited: its board is written anew, its title and metadata stay.
        let mut board = levels[0].0.as_sokoban().unwrap().clone();
        board.player = Some((1, 4));
        levels[0].0 = Level::Sokoban(board);
        let edited = written(&kept, &levels);
        assert!(
            edited.contains("; Long way round\n#######\n##.   #\n# $   #\n###   #\n#@   ##\n"),
            "{edited}"
        );
        assert!(edited.contains("#######\nAuthor: levelscope\n\n; Corner\n#####\n#@  #"));
        // Added: a plain title line; removed: gone with its text.
        let mut new = levels[1].0.clone();
        new.set_name("New");
        levels.push((new, None));
        levels.remove(1);
        let text = written(&kept, &levels);
        assert!(!text.contains("Corner"), "{text}");
        assert!(text.ends_with("; Sealed\n#######\n#@$.#*#\n#######\n; New\n\n#####\n#@  #\n# $.#\n#  ##\n####\n\n"), "{text}");
        let back = crate::kinds::read_levels(&text, Some(XSB), None).unwrap();
        assert_eq!(
            back,
            levels.iter().map(|(l, _)| l.clone()).collect::<Vec<_>>()
        );
    }

    #[test]
    fn the_last_line_is_told_blank_from_the_end() {
        assert!(ends_blank(""));
        assert!(ends_blank("a\n\n"));
        assert!(ends_blank("a\r\n \r\n"));
        assert!(ends_blank("a\r\r"));
        assert!(!ends_blank("a\n"));
        assert!(!ends_blank("a\r\n"));
        assert!(!ends_blank("\nab"));
    }

    #[test]
    fn a_level_without_its_own_lines_is_kept_apart_from_the_one_before() {
        let text = "#####\n#@$.#\n#####\n\n#####\n#.$@#\n#####\n";
        let (kept, mut levels) = read(text);
        assert_eq!(written(&kept, &levels), text);
        levels.swap(0, 1);
        let swapped = written(&kept, &levels);
        assert_eq!(
            crate::kinds::read_levels(&swapped, Some(XSB), None).unwrap(),
            vec![levels[0].0.clone(), levels[1].0.clone()]
        );
    }

    #[test]
    fn what_would_read_back_otherwise_is_refused_or_written_anew() {
        // Untitled, after a header comment: it would take the comment as
        // its title, so the collection is refused, not written wrong.
        let (kept, levels) = read("; Header\n\n; One\n#####\n#@$.#\n#####\n");
        let mut untitled = levels[0].0.clone();
        untitled.set_name("");
        let e = write(&kept, &[(untitled, None)]).unwrap_err();
        assert!(
            e.to_string().contains("level 1 would read differently"),
            "{e}"
        );
        // A kept text for another format's board is written anew.
        let (kept, levels) = read(OWN);
        let mut odd = levels[0].1.clone().unwrap();
        odd.board = "not a board\n".into();
        let out = write(&kept, &[(levels[0].0.clone(), Some(odd))]).unwrap();
        assert_eq!(
            out.rewritten,
            Vec::<usize>::new(),
            "the board is written anew, the title kept"
        );
        assert!(out.text.contains("; Corner\n#####\n#@  #"), "{}", out.text);
        // An unknown format is an error.
        let unknown = KeptCollection {
            format: "chess".into(),
            ..kept
        };
        assert!(write(&unknown, &levels)
            .unwrap_err()
            .to_string()
            .contains("\"chess\""));
    }

    /// Our own Prism 2017 collection, laid out by hand: a blank line
    /// first, spaced tokens, a level whose header shares no line with its
    /// rows, and trailing blank lines.
    const PRISM_2017: &str =
        "\n0 0 2 2 3 3\ne  r g\ny b m\nc w R\n\n\n1 0\n0 2 3 3\n e e e\n r e g\n e e e \n\n";

    #[test]
    fn a_prism_2017_collection_writes_back_the_same_and_keeps_its_layout() {
        use crate::kinds::prism::text_formats::PRISM_2017 as P2017;
        for text in [PRISM_2017.to_string(), PRISM_2017.replace('\n', "\r")] {
            let cut = cut(&text, P2017).unwrap();
            let levels = crate::kinds::read_levels(&text, Some(P2017), None).unwrap();
            let mut pairs: Vec<(Level, Option<KeptLevel>)> = levels
                .into_iter()
                .zip(cut.levels.into_iter().map(Some))
                .collect();
            assert_eq!(written(&cut.collection, &pairs), text);
            pairs.swap(0, 1);
            let swapped = written(&cut.collection, &pairs);
            let end = if text.contains('\r') { "\r" } else { "\n" };
            assert_eq!(
                swapped,
                [
                    "",
                    "1 0",
                    "0 2 3 3",
                    " e e e",
                    " r e g",
                    " e e e ",
                    "",
                    "0 0 2 2 3 3",
                    "e  r g",
                    "y b m",
                    "c w R",
                    "",
                    "",
                    ""
                ]
                .join(end)
            );
        }
        // An edited level is written anew, the other keeps its spacing.
        let cut = cut(PRISM_2017, P2017).unwrap();
        let mut levels = crate::kinds::read_levels(PRISM_2017, Some(P2017), None).unwrap();
        let Level::Prism(prism) = &mut levels[1] else {
            panic!("a Prism level");
        };
        prism.start = (2, 0);
        let pairs: Vec<_> = levels
            .into_iter()
            .zip(cut.levels.into_iter().map(Some))
            .collect();
        let text = written(&cut.collection, &pairs);
        assert!(
            text.starts_with("\n0 0 2 2 3 3\ne  r g\ny b m\nc w R\n\n\n2 0 0 2 3 3\n"),
            "{text:?}"
        );
    }

    #[test]
    fn microban_collections_write_back_byte_for_byte() {
        let folder = std::path::Path::new("/work/shared/fixtures/sokoban");
        if !folder.is_dir() {
            eprintln!("skipped: {} is absent", folder.display());
            return;
        }
        for name in ["microban_155.xsb", "microban_II_135.xsb"] {
            let path = folder.join(name);
            let Ok(bytes) = std::fs::read(&path) else {
                eprintln!("skipped: {} is absent", path.display());
                continue;
            };
            let text = crate::pack::level_text_of(bytes.clone()).unwrap().text;
            let (kept, mut levels) = read(&text);
            let back = written(&kept, &levels);
            let differs = back.bytes().zip(&bytes).position(|(a, b)| a != *b);
            assert!(
                differs.is_none() && back.len() == bytes.len(),
                "{name}: differs at byte {differs:?}: {:?}",
                differs.map(|at| &back[at.saturating_sub(60)..(at + 20).min(back.len())])
            );
            levels.swap(3, 7);
            let moved = written(&kept, &levels);
            let back = crate::kinds::read_levels(&moved, Some(XSB), None).unwrap();
            assert_eq!(back[3], levels[3].0, "{name}");
        }
    }
}
