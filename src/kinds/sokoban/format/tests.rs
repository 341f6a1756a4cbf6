//! The format module's unit tests: XSB in the wild, round trips, JSON.

use super::xsb_read::after_key;
use super::*;
use crate::kinds::sokoban::text_formats::XSB;
use crate::kinds::text::{detect, TextFormat};
use crate::kinds::Kind;
use serde_json::json;

#[test]
fn a_key_whose_length_falls_inside_a_character_is_no_key() {
    // Found by the fuzzer: the length of "title" (or "comment") ends
    // inside the two bytes of 'ƽ'.
    assert_eq!(after_key("titlƽ: x", "title"), None);
    assert_eq!(after_key("Title: Corner", "title"), Some("Corner"));
    let found = "888.BB\u{1bd}BBBBBB2BBBBBBBBBBBBB$\u{0}BBBBBBBBBBBBBBBB4 4\n 0(8";
    assert!(!looks_like_xsb(found));
    let _ = crate::kinds::detect(found);
}

const COLLECTION: &str = "\
; A small collection
; written by hand

; 1

#####
#@$.#
#####
Author: us
Comment:
####
#@$.# looks like a board but is a comment
Comment-End:

; ignored
; 2
'Quoted remark'

  ####  \n\
###  #
#  *@#
#.$  #
######
Title: Two boxes
";

#[test]
fn a_collection_reads_with_titles_and_skips_metadata() {
    let levels = read_xsb(COLLECTION).unwrap();
    assert_eq!(levels.len(), 2);
    assert_eq!(levels[0].name, "1");
    assert_eq!((levels[0].width(), levels[0].height()), (5, 3));
    assert_eq!(levels[0].player, Some((1, 1)));
    assert_eq!(levels[0].boxes, vec![(2, 1)]);
    assert_eq!(levels[1].name, "Two boxes", "Title: wins over ;");
    assert_eq!((levels[1].width(), levels[1].height()), (6, 5));
    assert_eq!(levels[1].cell(0, 0), Cell::Floor, "outside, padded");
    assert_eq!(levels[1].boxes, vec![(3, 2), (2, 3)]);
    assert_eq!(levels[1].cell(3, 2), Cell::Goal);
    assert!(levels.iter().all(|l| l.problems().is_empty()));
}

#[test]
fn dashes_and_underscores_are_floor_and_rows_may_be_ragged() {
    let a = read_xsb_one("#####\n#@$.#\n#####").unwrap();
    let b = read_xsb_one("#####   \n#@$.#\n#####\n").unwrap();
    assert_eq!(a, b);
    let c = read_xsb_one("######\n#@-$.#\n#_#  #\n######").unwrap();
    assert_eq!(c.cell(2, 1), Cell::Floor);
    assert_eq!(c.cell(1, 2), Cell::Floor);
}

#[test]
fn errors_name_line_and_column() {
    let e = read_xsb("; t\n#####\n#@x.#\n#####\n").unwrap_err();
    assert_eq!(
        e,
        FormatError::UnknownChar {
            line: 3,
            column: 3,
            ch: 'x'
        }
    );
    assert!(e.to_string().starts_with("line 3, column 3:"), "{e}");
    let e = read_xsb("#####\n#@@.#\n#####\n").unwrap_err();
    assert!(
        e.to_string()
            .contains("line 2, column 3: a second player (the first is at (1, 1))"),
        "{e}"
    );
    assert_eq!(read_xsb("just words\n").unwrap_err(), FormatError::NoBoard);
    assert_eq!(read_xsb("").unwrap_err(), FormatError::NoBoard);
    assert_eq!(
        read_xsb("Comment:\n#@$.#\n").unwrap_err(),
        FormatError::UnclosedComment { line: 1 }
    );
    let wide = "#".repeat(MAX_SIDE + 1);
    assert!(matches!(
        read_xsb(&wide),
        Err(FormatError::TooWide { line: 1, .. })
    ));
    let tall = "#\n".repeat(MAX_SIDE + 1);
    assert_eq!(
        read_xsb(&tall).unwrap_err(),
        FormatError::TooTall { line: 1 }
    );
    assert!(matches!(
        read_xsb_one(COLLECTION),
        Err(FormatError::NotOne { count: 2, .. })
    ));
}

#[test]
fn xsb_round_trips_keep_the_title() {
    let levels = read_xsb(COLLECTION).unwrap();
    let text = write_xsb_collection(&levels).unwrap();
    assert!(text.starts_with("; 1\n\n#####\n#@$.#\n"), "{text}");
    assert_eq!(read_xsb(&text).unwrap(), levels);
}

#[test]
fn odd_levels_round_trip_through_xsb_and_json() {
    // A floor column on the right and an all-floor row in the middle.
    let mut level = Level::from_cells(4, 3, vec![Cell::Floor; 12]).unwrap();
    level.set_cell(0, 0, Cell::Wall);
    level.set_cell(0, 2, Cell::Goal);
    level.player = Some((1, 0));
    let text = write_xsb(&level).unwrap();
    assert_eq!(read_xsb_one(&text).unwrap(), level, "{text:?}");
    assert_eq!(read_json(&write_json(&level)).unwrap(), level);
    // What XSB cannot say, JSON can.
    level.boxes = vec![(0, 0), (5, 5), (1, 1), (1, 1)];
    assert!(matches!(write_xsb(&level), Err(FormatError::CannotSay(_))));
    let json = write_json(&level);
    assert!(json.contains("\"boxes\""));
    assert_eq!(read_json(&json).unwrap(), level);
}

#[test]
fn sniffing_tells_xsb_from_skiddy_ascii() {
    assert!(looks_like_xsb("#####\n#@$.#\n#####\n"));
    assert!(looks_like_xsb(COLLECTION));
    assert!(looks_like_xsb("; 3\n####\n#+*#\n####\n"));
    // Skiddy ASCII: level 1-1 of docs/rules.md, and one with crates,
    // ice and pits.
    let skiddy_levels = [
        "#####\n#R.R#\n#...#\n#r###\n",
        "######\n#B.co#\n#i..b#\n######\n",
    ];
    for text in skiddy_levels {
        assert!(!looks_like_xsb(text), "{text}");
        assert_eq!(
            detect(text).and_then(TextFormat::kind),
            Some(Kind::Skiddy),
            "{text}"
        );
    }
    // Walls and goals alone say nothing of either kind's pieces.
    assert!(!looks_like_xsb("#####\n#...#\n#####\n"));
    assert_eq!(detect("#####\n#@$.#\n#####\n"), Some(XSB));
}

#[test]
fn cr_and_crlf_end_lines_and_what_is_read_writes_back() {
    let lf = "; Corner\n\n#####\n#@$.#\n#####\n";
    let want = read_xsb(lf).unwrap();
    assert_eq!(read_xsb(&lf.replace('\n', "\r")).unwrap(), want);
    assert_eq!(read_xsb(&lf.replace('\n', "\r\n")).unwrap(), want);
    // A lone CR inside a comment ends it: the title is what comes
    // before, and the rest of the line is a line of its own.
    let levels = read_xsb("; Corner\rby us\n\n#####\n#@$.#\n#####\n").unwrap();
    assert_eq!(levels[0].name, "Corner");
    let levels = read_xsb("#####\n#@$.#\n#####\nTitle: Two\rparts\n").unwrap();
    assert_eq!(levels[0].name, "Two");
    // Other control characters stay in the title, and write back.
    let text = "; a\u{0}b\u{7}c\n\n#####\n#@$.#\n#####\n";
    let levels = read_xsb(text).unwrap();
    assert_eq!(levels[0].name, "a\u{0}b\u{7}c");
    let written = write_xsb_collection(&levels).unwrap();
    assert_eq!(read_xsb(&written).unwrap(), levels);
}

#[test]
fn a_name_xsb_would_change_is_refused_by_level_and_name() {
    let mut level = read_xsb_one("#####\n#@$.#\n#####\n").unwrap();
    for name in ["  Level 1", "Level 1\u{85}", "Level 1\t", "\u{a0}x"] {
        level.name = name.into();
        let e = write_xsb(&level).unwrap_err();
        assert!(
            e.to_string().contains("begins or ends with white space"),
            "{name:?}: {e}"
        );
    }
    level.name = "two\nlines".into();
    let e = write_xsb(&level).unwrap_err();
    assert!(e.to_string().contains("line break"), "{e}");
    let mut fine = level.clone();
    fine.name = "Fine".into();
    level.name = "  Level 1".into();
    let e = write_xsb_collection(&[fine, level]).unwrap_err();
    assert!(
        e.to_string()
            .starts_with("level #1 \"  Level 1\": XSB cannot say"),
        "{e}"
    );
    // A name inside which white space and controls stand is kept.
    let mut kept = read_xsb_one("#####\n#@$.#\n#####\n").unwrap();
    kept.name = "a \u{85} b\u{0}c".into();
    assert_eq!(read_xsb_one(&write_xsb(&kept).unwrap()).unwrap(), kept);
}

#[test]
fn run_length_rows_and_bars_are_board_rows() {
    let plain = read_xsb_one("#######\n#@$--.#\n###-###\n").unwrap();
    for text in [
        "7#\n#@$2-.#\n3#-3#\n",
        "7#|#@$2-.#|3#-3#\n",
        "7#|#@$2-.#|3#-3#|\n",
        "; 12\n7#\n#@$2-.#\n3#-3#\nAuthor: 3 boys\n",
    ] {
        let mut level = read_xsb_one(text).unwrap();
        if text.starts_with(';') {
            assert_eq!(level.name, "12", "a comment of digits is a title");
        }
        level.name.clear();
        assert_eq!(level, plain, "{text:?}");
    }
    // Counts of two digits, and an empty row between bars (all floor).
    let wide = read_xsb_one("12#|#@$7-.#||12#").unwrap();
    assert_eq!((wide.width(), wide.height()), (12, 4));
    assert_eq!(wide.cell(5, 2), Cell::Floor);
    // A count with nothing to repeat, in a row, is an error that says
    // where; a huge count is too wide, not a huge allocation.
    assert_eq!(
        read_xsb("#####\n#@$.#3\n#####\n").unwrap_err(),
        FormatError::CountWithoutCell { line: 2, column: 6 }
    );
    assert!(matches!(
        read_xsb("99999999999999999999999#\n#@$.#\n"),
        Err(FormatError::TooWide { line: 1, .. })
    ));
    assert!(looks_like_xsb("7#|#@$2-.#|3#-3#"));
    // Found by the fuzzer: a count of 0 made a board no cell wide,
    // which wrote back as one floor cell. Now it is no count.
    let found = "\r\r#####\rw\n0#\r;\n.##\u{3}\0\0\0\0\0\0\0##r\0\0\0\r\n";
    let levels = read_xsb(found).unwrap();
    assert_eq!(levels.len(), 1, "{levels:?}");
    assert_eq!(
        read_xsb(&write_xsb_collection(&levels).unwrap()).unwrap(),
        levels
    );
    assert_eq!(
        read_xsb("#####\n#@$.#\n#0#\n").unwrap_err(),
        FormatError::ZeroCount { line: 3, column: 2 }
    );
    // Lines of digits alone, or of words with digits, are not rows.
    assert_eq!(read_xsb("12\n3 boys\n").unwrap_err(), FormatError::NoBoard);
}

#[test]
fn one_bad_level_leaves_the_others_readable_and_is_named() {
    let text = "; One\n\n#####\n#@$.#\n#####\n\n; Two\n\n#####\n#@x.#\n#####\n\n; Three\n\n#####\n#.$@#\n#####\n";
    let read = read_xsb_collection(text).unwrap();
    let names: Vec<&str> = read.levels.iter().map(|l| l.name.as_str()).collect();
    assert_eq!(names, ["One", "Three"]);
    assert_eq!(read.unread.len(), 1);
    let bad = &read.unread[0];
    assert_eq!((bad.index, bad.line, bad.title.as_str()), (1, 9, "Two"));
    assert_eq!(
        bad.error,
        FormatError::UnknownChar {
            line: 10,
            column: 3,
            ch: 'x'
        }
    );
    // Strict reading still refuses the text, naming the fault.
    assert_eq!(read_xsb(text).unwrap_err(), bad.error);
    // Every level bad: an error.
    let all_bad = "#####\n#@x.#\n#####\n\n#####\n#@@.#\n#####\n";
    let e = read_xsb_collection(all_bad).unwrap_err();
    assert!(
        e.to_string()
            .starts_with("none of the 2 levels can be read; the first: line 2, column 3"),
        "{e}"
    );
}

/// A small level of any cells, boxes and player, valid or not.
fn any_level() -> impl proptest::strategy::Strategy<Value = Level> {
    use proptest::prelude::*;
    let cell = prop_oneof![Just(Cell::Wall), Just(Cell::Floor), Just(Cell::Goal)];
    (1usize..6, 1usize..6)
        .prop_flat_map(move |(w, h)| {
            (
                Just((w, h)),
                proptest::collection::vec((cell.clone(), any::<bool>()), w * h),
                proptest::option::of((0..w, 0..h)),
            )
        })
        .prop_map(|((w, h), cells, player)| {
            let mut level =
                Level::from_cells(w, h, cells.iter().map(|&(c, _)| c).collect()).unwrap();
            level.boxes = (0..w * h)
                .filter(|&i| cells[i].1)
                .map(|i| (i % w, i / w))
                .collect();
            level.player = player;
            level
        })
}

proptest::proptest! {
    /// JSON -> XSB -> JSON never changes a name or a level silently:
    /// XSB writes what reads back the same, or refuses with a reason.
    #[test]
    fn xsb_writes_what_reads_back_the_same_or_says_why_not(
        mut level in any_level(),
        name in "[ a-z;#:\\-$@\u{0}\u{7}\t\r\n\u{85}\u{a0}\u{2028}\u{e9}]{0,10}",
    ) {
        level.name = name;
        let json = read_json(&write_json(&level)).unwrap();
        proptest::prop_assert_eq!(&json, &level);
        match write_xsb(&level) {
            Ok(text) => {
                let back = read_xsb_one(&text);
                proptest::prop_assert_eq!(back.as_ref(), Ok(&level), "{:?}", text);
                let collection = write_xsb_collection(&[level.clone(), level.clone()]).unwrap();
                proptest::prop_assert_eq!(read_xsb(&collection).unwrap(), vec![level.clone(), level]);
            }
            Err(FormatError::CannotSay(reason)) => {
                proptest::prop_assert!(!reason.is_empty());
                proptest::prop_assert!(
                    unsayable_name(&level.name).is_some() || rows_of(&level, ' ').is_err(),
                    "refused without cause: {}", reason
                );
            }
            Err(other) => proptest::prop_assert!(false, "unexpected {other}"),
        }
    }
}

#[test]
fn json_errors_are_clear() {
    let level = read_xsb_one("#####\n#@$.#\n#####\n").unwrap();
    let mut value = to_json_value(&level);
    assert_eq!(from_json_value(&value).unwrap(), level);
    value["kind"] = json!("prism");
    assert_eq!(
        from_json_value(&value).unwrap_err().to_string(),
        "the level is of kind \"prism\", not \"sokoban\""
    );
    value["kind"] = json!("sokoban");
    value["rows"][1] = json!("#@x.#");
    assert!(from_json_value(&value)
        .unwrap_err()
        .to_string()
        .contains("rows[1], cell (2, 1): unknown character 'x'"));
    assert!(read_json("{").is_err());
}
