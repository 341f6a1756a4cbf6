//! Rush Hour's formats on the real puzzles of the archive
//! (`rushhour/olieslagers_2024/*.json`, third-party files read from where
//! `common::real_levels` finds them, never part of this repository):
//! every puzzle reads as a valid level, and goes through Fogleman's line
//! and our JSON unchanged; one puzzle's line is checked against the line
//! worked out by hand.

use levelscope::kinds::rushhour::{
    read_archive_json, read_json, read_line, write_json, write_line, Level,
};

use crate::common::real_levels::{files_under, real_level, real_levels};

fn read_puzzle(path: &std::path::Path, text: &str) -> Level {
    let value: serde_json::Value =
        serde_json::from_str(text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    read_archive_json(&value).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn every_archive_puzzle_reads_valid_and_round_trips() {
    let Some(dir) = real_levels(
        "every_archive_puzzle_reads_valid_and_round_trips",
        "rushhour",
    ) else {
        return;
    };
    let mut count = 0;
    for path in files_under(&dir.join("olieslagers_2024")) {
        if path.extension().and_then(|e| e.to_str()) != Some("json") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let level = read_puzzle(&path, &text);
        let place = path.display();
        assert!(
            level.problems().is_empty(),
            "{place}: {:?}",
            level.problems()
        );
        assert_eq!(level.primary(), Some(0), "{place}");
        let stem = path.file_stem().unwrap().to_str().unwrap();
        assert!(
            stem.starts_with(&level.name),
            "{place}: named {:?}",
            level.name
        );
        let line = write_line(&level).unwrap_or_else(|e| panic!("{place}: {e}"));
        let mut again = read_line(&line).unwrap_or_else(|e| panic!("{place}: {line}: {e}"));
        again.name = level.name.clone();
        assert_eq!(again, level, "{place}: {line}");
        assert_eq!(read_json(&write_json(&level)).unwrap(), level, "{place}");
        count += 1;
    }
    assert_eq!(count, 70, "the archive holds 70 puzzles");
}

#[test]
fn an_archive_puzzle_writes_the_line_worked_out_by_hand() {
    let Some((path, text)) = real_level(
        "an_archive_puzzle_writes_the_line_worked_out_by_hand",
        "rushhour/olieslagers_2024/prb10206_7.json",
    ) else {
        return;
    };
    let level = read_puzzle(&path, &text);
    assert_eq!(level.name, "prb10206");
    // The player's car "r" at position 12 is A (row 2, columns 0-1); the
    // others follow in the file's order: "1" B at (4, 2) down, "0" C at
    // (3, 2) down 3, "3" D at (2, 1) down, "5" E at (0, 3) down, "7" F at
    // (5, 2) down, "2" G at (1, 5) across 3, "4" H at (2, 0) across 3,
    // "6" I at (0, 0) across.
    assert_eq!(
        write_line(&level).unwrap(),
        "IIHHHo\
         ooDooo\
         AADCBF\
         EooCBF\
         EooCoo\
         oGGGoo"
    );
}
