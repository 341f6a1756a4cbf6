//! Prism's formats on the original levels (real levels read from outside
//! the repository, see `common::real_levels`) and on bad input: every fixture
//! round-trips through the 2016 format and our JSON, the enemy-free ones
//! through one 2017 file holding them all, and no input makes a reader
//! panic.

use std::fs;
use std::path::PathBuf;

use crate::common::real_levels::{files_under, real_levels};

use levelscope::kinds::prism::{
    from_json_value, looks_like_2016, looks_like_2017, read_2016, read_2017, read_json,
    to_json_value, write_2016, write_2017, write_json, FormatError, Level,
};
use proptest::prelude::*;

/// Every non-empty real Prism file, read; `None` when the real levels are
/// not there (the test is then skipped).
fn fixture_levels(test: &str) -> Option<Vec<(PathBuf, String, Level)>> {
    let root = real_levels(test, "prism")?;
    Some(
        files_under(&root)
            .into_iter()
            .filter_map(|p| {
                let text = fs::read_to_string(&p).expect("a UTF-8 fixture");
                match read_2016(&text) {
                    Ok(level) => Some((p, text, level)),
                    Err(FormatError::EmptyFile) => None,
                    Err(e) => panic!("{}: {e}", p.display()),
                }
            })
            .collect(),
    )
}

#[test]
fn every_fixture_round_trips_through_2016_and_json() {
    let Some(levels) =
        fixture_levels("prism_formats::every_fixture_round_trips_through_2016_and_json")
    else {
        return;
    };
    assert_eq!(levels.len(), 3589);
    for (path, text, level) in &levels {
        assert!(looks_like_2016(text), "{}", path.display());
        assert!(!looks_like_2017(text), "{}", path.display());
        let written = write_2016(level).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(&read_2016(&written).unwrap(), level, "{}", path.display());
        let value = to_json_value(level);
        assert_eq!(value["format"], "levelscope-level");
        assert_eq!(value["kind"], "prism");
        assert_eq!(
            &from_json_value(&value).unwrap(),
            level,
            "{}",
            path.display()
        );
        assert_eq!(&read_json(&write_json(level)).unwrap(), level);
    }
}

#[test]
fn the_enemy_free_fixtures_round_trip_through_one_2017_file() {
    let Some(levels) =
        fixture_levels("prism_formats::the_enemy_free_fixtures_round_trip_through_one_2017_file")
    else {
        return;
    };
    let (enemy_free, with_enemies): (Vec<Level>, Vec<Level>) = levels
        .into_iter()
        .map(|(_, _, level)| level)
        .partition(|l| l.enemies.is_empty() && l.background.0 == 0);
    assert!(enemy_free.len() > 1000);
    let text = write_2017(&enemy_free).unwrap();
    assert!(looks_like_2017(&text) && !looks_like_2016(&text));
    assert_eq!(read_2017(&text).unwrap(), enemy_free);
    // A level with enemies is refused, and nothing is written.
    let mixed = vec![enemy_free[0].clone(), with_enemies[0].clone()];
    match write_2017(&mixed) {
        Err(FormatError::CannotSay(what)) => assert!(
            what.starts_with("level 2: the 2017 format cannot say enemies"),
            "{what}"
        ),
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[test]
fn bad_files_say_where_and_what() {
    let cases: [(&str, &str); 6] = [
        ("", "the file is empty"),
        (
            "6 6\n0\ne e e\n",
            "line 3: row 0 has 3 tokens, but the board is 6 wide",
        ),
        (
            "2 2\n0\ne q\ne e\n",
            "line 3, token 2, cell (1, 0): unknown token \"q\"",
        ),
        (
            "2 2\n9\ne e\ne e\n",
            "line 2: the background 9 is out of range",
        ),
        (
            "2 3\n0\ne e\ne e\n",
            "line 4: the file ends before row 3 of 3",
        ),
        ("0 5\n0\n", "line 1: the board is 0x5"),
    ];
    for (text, expected) in cases {
        let err = read_2016(text).unwrap_err().to_string();
        assert!(err.starts_with(expected), "{text:?}: {err}");
    }
    let err = read_2017("0 0 1 1 2 2\ne e e e\n0 0 1 1 2 2\ne e\n")
        .unwrap_err()
        .to_string();
    assert!(
        err.starts_with("level 2 (from line 3): line 4: the file ends before"),
        "{err}"
    );
    let err = read_2017("0 0 9 1 2 2\ne e e e\n").unwrap_err().to_string();
    assert!(
        err.contains("the exit (9, 1) is off the 2x2 board"),
        "{err}"
    );
}

/// A fixture to mutate.
const LEVEL: &str =
    "6 6\n0\ne s e h e e\nR r G e b f\ne v e g e e\nB e e e e m\ne c e w e y\ne e e e e e\n";

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn no_text_makes_a_reader_panic(text in "\\PC{0,200}") {
        let _ = read_2016(&text);
        let _ = read_2017(&text);
        let _ = read_json(&text);
        let _ = looks_like_2016(&text) || looks_like_2017(&text);
    }

    #[test]
    fn mutated_levels_never_panic(
        cut in 0usize..LEVEL.len(),
        len in 0usize..8,
        insert in "[ 0-9a-zA-Z\\n\\r-]{0,6}",
    ) {
        let end = (cut + len).min(LEVEL.len());
        let text = format!("{}{insert}{}", &LEVEL[..cut], &LEVEL[end..]);
        let _ = read_2016(&text);
        let as_2017 = format!("1 0 5 1 6 6\n{}", text.lines().skip(2).collect::<Vec<_>>().join("\n"));
        let _ = read_2017(&as_2017);
    }

    #[test]
    fn any_json_level_is_answered_without_panic(
        rows in prop::collection::vec("[ersfhvRGBbgycmwk:0-9]{0,12}", 0..5),
        width in 0usize..8,
        height in 0usize..8,
        background in prop_oneof![Just(serde_json::json!("black")), Just(serde_json::json!(9)), Just(serde_json::json!("teal"))],
    ) {
        let value = serde_json::json!({
            "format": "levelscope-level", "version": 1, "kind": "prism",
            "width": width, "height": height, "background": background, "rows": rows,
        });
        if let Ok(level) = from_json_value(&value) {
            // What reads, writes back to the same level.
            prop_assert_eq!(from_json_value(&to_json_value(&level)).unwrap(), level);
        }
    }
}

#[test]
fn a_2017_file_is_a_stream_of_tokens_whatever_its_lines() {
    let rows = "0 0 2 2 3 3\ne e e\ne r e\ne e e\n";
    let expected = read_2017(rows).unwrap();
    let layouts = [
        "0 0 2 2 3 3 e e e e r e e e e\n",
        "0 0 2 2 3 3\ne e e e r e e e e\n",
        "0 0\n2 2 3\n3 e e e e\nr e e e e\n",
    ];
    for text in layouts {
        assert!(looks_like_2017(text) && !looks_like_2016(text), "{text:?}");
        assert_eq!(read_2017(text).unwrap(), expected, "{text:?}");
        // Told apart by content, as a file is when it is opened.
        let levels = levelscope::kinds::read_levels(text, None, None).unwrap();
        assert_eq!(levels.len(), 1, "{text:?}");
        assert_eq!(levels[0].as_prism(), Some(&expected[0]), "{text:?}");
    }
    // Two levels back to back on one line.
    let two = "0 0 2 2 3 3 e e e e r e e e e 0 0 1 1 2 2 e e e e\n";
    let both = read_2017(two).unwrap();
    assert_eq!(both.len(), 2);
    assert_eq!(both[0], expected[0]);
    // Written in the usual layout: the header, then one line a row.
    assert_eq!(write_2017(&expected).unwrap(), rows);
    // A bad token is still named with its level, line and place.
    let err = read_2017("0 0 2 2 3 3 e e e e r e e e e\n0 0 1 1 2 2 e q e e\n")
        .unwrap_err()
        .to_string();
    assert!(err.contains("level 2") && err.contains("line 2"), "{err}");
    assert!(err.contains("\"q\""), "{err}");
}
