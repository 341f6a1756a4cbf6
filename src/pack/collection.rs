//! Packs read from a collection's text (an XSB file) and written back in
//! it: the pack made from the text, each entry keeping the text around
//! its level (see [`crate::kinds::collection`]); what of a pack such a
//! format cannot say, in words for the question asked before it is left
//! out; and the file written back.

use std::path::Path;

use super::{Pack, PackEntry, PackError, ReadPack, Unknown};
use crate::kinds::collection::{self, KeptCollection, KeptLevel, WrittenCollection};
use crate::kinds::{Level, TextFormat};

/// The pack of a collection's levels read from `text` in `format`: each
/// entry keeps its text, the pack its header and trailer, and the pack
/// says the format it came from. `latin1`: the file was read as Latin-1.
pub fn pack_of_collection(
    text: &str,
    levels: Vec<Level>,
    format: TextFormat,
    latin1: bool,
) -> ReadPack {
    let mut entries: Vec<PackEntry> = levels.into_iter().map(PackEntry::new).collect();
    let mut unknown = Unknown::new();
    let titles: Vec<&str> = entries.iter().map(|e| e.level.name()).collect();
    let cut = collection::cut_read(text, format, &titles);
    if let Some(cut) = cut {
        for (entry, kept) in entries.iter_mut().zip(&cut.levels) {
            kept.store(&mut entry.unknown);
        }
        KeptCollection {
            latin1,
            ..cut.collection
        }
        .store(&mut unknown);
    }
    ReadPack {
        pack: Pack {
            name: String::new(),
            levels: entries,
        },
        unknown,
        collection: Some(format),
        ..ReadPack::default()
    }
}

/// What of `pack` the collection format `format` cannot say, one item a
/// kind of thing, naming the levels (from 1): tags, notes, other
/// programs' fields, levels of another kind, levels the format refuses.
/// Check results are not among them: they are found again by a check.
/// Empty when the collection says all of it.
pub fn unsayable(pack: &Pack, format: TextFormat) -> Vec<String> {
    let named = |indices: &[usize]| {
        let shown: Vec<String> = indices.iter().take(5).map(|i| i.to_string()).collect();
        let more = if indices.len() > 5 { ", …" } else { "" };
        let levels = crate::words::agreeing(indices.len() as u64, "level", "levels");
        format!("{levels} {}{more}", shown.join(", "))
    };
    let which = |keep: &dyn Fn(&PackEntry) -> bool| -> Vec<usize> {
        (0..pack.levels.len())
            .filter(|&i| keep(&pack.levels[i]))
            .map(|i| i + 1)
            .collect()
    };
    let mut items = Vec::new();
    let tagged = which(&|e| !e.tags.is_empty());
    if !tagged.is_empty() {
        items.push(format!("the tags of {}", named(&tagged)));
    }
    let noted = which(&|e| !e.notes.trim().is_empty());
    if !noted.is_empty() {
        items.push(format!("the notes of {}", named(&noted)));
    }
    let fielded = which(&|e| e.unknown.keys().any(|k| k != collection::ENTRY_KEY));
    if !fielded.is_empty() {
        items.push(format!("other programs' fields of {}", named(&fielded)));
    }
    let mut unnamed = Vec::new();
    let mut cannot = Vec::new();
    for (i, entry) in pack.levels.iter().enumerate() {
        let level = &entry.level;
        let words = level_words(level, i);
        if let Err(why) = crate::kinds::text::write_levels(std::slice::from_ref(level), format) {
            cannot.push(format!("level {words}: {why}"));
            continue;
        }
        match collection::as_said(level, format) {
            Some(said) if said == *level => {}
            Some(mut said) if said.name() != level.name() => {
                said.set_name(level.name());
                if said == *level {
                    unnamed.push(i + 1);
                } else {
                    cannot.push(format!(
                        "level {words}: {} reads it back as another level",
                        format.name()
                    ));
                }
            }
            _ => cannot.push(format!(
                "level {words}: {} reads it back as another level",
                format.name()
            )),
        }
    }
    if !unnamed.is_empty() {
        items.push(format!("the names of {}", named(&unnamed)));
    }
    items.extend(cannot);
    items
}

/// A level of the pack in words: its number from 1, and its name quoted
/// when it has one (`3 "Corner"`).
fn level_words(level: &Level, index: usize) -> String {
    if level.name().is_empty() {
        (index + 1).to_string()
    } else {
        format!("{} {}", index + 1, crate::kinds::text::quoted(level.name()))
    }
}

/// A collection written: its text, and what was left out of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CollectionOut {
    /// The bytes of the file.
    pub bytes: Vec<u8>,
    /// The levels (from 1) written anew although they had kept text.
    pub rewritten: Vec<usize>,
    /// The levels (from 1) left out because the format cannot say them.
    pub left_out: Vec<usize>,
}

/// The file of `pack` (with the pack's fields `unknown`) as a collection
/// in `format`: the pack's kept text around each level that has some, the
/// others written anew; levels the format cannot say are left out (named).
/// An error when no level can be said, or the text would not read back as
/// the levels written.
pub fn collection_bytes(
    pack: &Pack,
    unknown: &Unknown,
    format: TextFormat,
) -> Result<CollectionOut, PackError> {
    let kept = KeptCollection::of(unknown)
        .filter(|k| k.format == format.name())
        .unwrap_or_else(|| KeptCollection {
            format: format.name().to_string(),
            line_end: "\n".into(),
            ..KeptCollection::default()
        });
    let mut levels = Vec::new();
    let mut left_out = Vec::new();
    for (i, entry) in pack.levels.iter().enumerate() {
        if crate::kinds::text::write_levels(std::slice::from_ref(&entry.level), format).is_ok() {
            levels.push((entry.level.clone(), KeptLevel::of(&entry.unknown)));
        } else {
            left_out.push(i + 1);
        }
    }
    if levels.is_empty() {
        return Err(PackError::NothingSayable {
            format: format.name(),
        });
    }
    let WrittenCollection { text, rewritten } =
        collection::write(&kept, &levels).map_err(PackError::from)?;
    Ok(CollectionOut {
        bytes: kept.bytes(&text),
        rewritten,
        left_out,
    })
}

/// Writes `pack` to `path` as a collection in `format` (see
/// [`collection_bytes`]), atomically.
pub fn write_collection(
    path: &Path,
    pack: &Pack,
    unknown: &Unknown,
    format: TextFormat,
) -> Result<CollectionOut, PackError> {
    let out = collection_bytes(pack, unknown, format)?;
    crate::atomic::write_atomic(path, &out.bytes)?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::sokoban::text_formats::XSB;

    const OWN: &str = include_str!("../../tests/fixtures/sokoban/own.xsb");

    fn own() -> ReadPack {
        let levels = crate::kinds::read_levels(OWN, Some(XSB), None).unwrap();
        pack_of_collection(OWN, levels, XSB, false)
    }

    #[test]
    fn a_collection_pack_writes_back_the_same_and_keeps_its_text_through_json() {
        let read = own();
        assert_eq!(read.collection, Some(XSB));
        let out = collection_bytes(&read.pack, &read.unknown, XSB).unwrap();
        assert_eq!(String::from_utf8(out.bytes).unwrap(), OWN);
        // Through a levelscope pack and back: the same text again.
        let json = super::super::pack_to_json_with(&read.pack, &read.unknown);
        let again = super::super::parse_pack(&json).unwrap();
        let out = collection_bytes(&again.pack, &again.unknown, XSB).unwrap();
        assert_eq!(String::from_utf8(out.bytes).unwrap(), OWN);
    }

    #[test]
    fn what_xsb_cannot_say_is_named_and_left_out_only_when_written() {
        let mut read = own();
        assert!(unsayable(&read.pack, XSB).is_empty());
        read.pack.levels[0].tags.push("easy".into());
        read.pack.levels[2].notes = "try it".into();
        read.pack.levels[1].summary = None;
        let skiddy = crate::kinds::read_levels("#####\n#R.R#\n#...#\n#r###\n", None, None)
            .unwrap()
            .remove(0);
        read.pack.levels.push(PackEntry::new(skiddy));
        let said = unsayable(&read.pack, XSB);
        assert_eq!(said[0], "the tags of level 1");
        assert_eq!(said[1], "the notes of level 3");
        assert!(said[2].starts_with("level 4: the xsb format"), "{said:?}");
        assert!(said[2].contains("Sokoban levels only"), "{said:?}");
        let out = collection_bytes(&read.pack, &read.unknown, XSB).unwrap();
        assert_eq!(out.left_out, [4]);
        assert_eq!(String::from_utf8(out.bytes).unwrap(), OWN);
        // A name XSB would change: named, and that level left out.
        read.pack.levels[1].level.set_name("two\nlines");
        let said = unsayable(&read.pack, XSB);
        assert!(
            said.iter()
                .any(|s| s.starts_with("level 2 \"two\\nlines\": ")
                    && s.contains("a title is one line")),
            "{said:?}"
        );
        let out = collection_bytes(&read.pack, &read.unknown, XSB).unwrap();
        assert_eq!(out.left_out, [2, 4]);
        assert!(!String::from_utf8(out.bytes).unwrap().contains("Detour"));
    }

    #[test]
    fn a_prism_2017_pack_writes_back_and_a_name_it_cannot_say_is_named() {
        use crate::kinds::prism::text_formats::PRISM_2017;
        let text = "0 0 2 2 3 3\ne  r g\ny b m\nc w R\n\n1 0 0 2 3 3\ne e e\nr e g\ne e e\n";
        let levels = crate::kinds::read_levels(text, Some(PRISM_2017), None).unwrap();
        let mut read = pack_of_collection(text, levels, PRISM_2017, false);
        let out = collection_bytes(&read.pack, &read.unknown, PRISM_2017).unwrap();
        assert_eq!(String::from_utf8(out.bytes).unwrap(), text);
        read.pack.levels[1].level.set_name("Gate");
        assert_eq!(unsayable(&read.pack, PRISM_2017), ["the names of level 2"]);
        // Left out, the name is all that is lost.
        let out = collection_bytes(&read.pack, &read.unknown, PRISM_2017).unwrap();
        assert_eq!(String::from_utf8(out.bytes).unwrap(), text);
    }

    #[test]
    fn kept_text_that_cannot_be_read_is_written_anew_never_a_panic() {
        let read = own();
        let json = super::super::pack_to_json_with(&read.pack, &read.unknown)
            .replacen("\"before\": \"; Corner\\n\"", "\"before\": 7", 1)
            .replacen("\"trailer\": \"\"", "\"trailer\": []", 1);
        let broken = super::super::parse_pack(&json).unwrap();
        assert!(broken.is_whole());
        assert_eq!(KeptLevel::of(&broken.pack.levels[0].unknown), None);
        assert_eq!(KeptCollection::of(&broken.unknown), None);
        let out = collection_bytes(&broken.pack, &broken.unknown, XSB).unwrap();
        let text = String::from_utf8(out.bytes).unwrap();
        // No header kept: the levels are written, the first anew.
        assert!(text.starts_with("; Corner\n\n#####\n#@  #\n"), "{text}");
        let back = crate::kinds::read_levels(&text, Some(XSB), None).unwrap();
        let want: Vec<Level> = read.pack.levels.iter().map(|e| e.level.clone()).collect();
        assert_eq!(back, want);
    }

    #[test]
    fn latin1_collections_are_written_back_in_latin1() {
        let text = "; Caf\u{e9}\n#####\n#@$.#\n#####\n";
        let levels = crate::kinds::read_levels(text, Some(XSB), None).unwrap();
        let read = pack_of_collection(text, levels, XSB, true);
        let out = collection_bytes(&read.pack, &read.unknown, XSB).unwrap();
        assert_eq!(out.bytes, b"; Caf\xe9\n#####\n#@$.#\n#####\n");
    }

    #[test]
    fn a_pack_of_nothing_the_format_says_is_refused() {
        let mut read = own();
        let skiddy = crate::kinds::read_levels("#####\n#R.R#\n#...#\n#r###\n", None, None)
            .unwrap()
            .remove(0);
        read.pack.levels = vec![PackEntry::new(skiddy)];
        let e = collection_bytes(&read.pack, &read.unknown, XSB).unwrap_err();
        assert!(
            matches!(e, PackError::NothingSayable { format: "xsb" }),
            "{e:?}"
        );
        assert_eq!(e.to_string(), "no level of the pack can be written as xsb");
    }
}
