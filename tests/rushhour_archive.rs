//! Every puzzle of the Rush Hour archive (Olieslagers 2024; real levels
//! that this project does not ship, read from where `common::real_levels`
//! finds them) is analysed: its fewest moves are the number after `_` in
//! its file name minus one (the names count the drive-out as a move).
//! Prints the time taken for all of them.

use std::fs;
use std::path::Path;
use std::time::Instant;

use levelscope::engine::Job;
use levelscope::kinds::rushhour::{analyze, Level, Orientation, Vehicle};
use serde_json::Value;

use crate::common::real_levels::{files_under, real_levels};

/// The archive's board side: `position` is `row * 6 + column`.
const SIDE: usize = 6;

/// The level of one archive puzzle's `cars` (a small reader of our own,
/// for this test only: `length`, `orientation`, `position`, `player`).
fn archive_level(json: &Value, path: &Path) -> Level {
    let mut level = Level::new(SIDE, SIDE);
    let cars = json["cars"]
        .as_array()
        .unwrap_or_else(|| panic!("{}: no cars", path.display()));
    for car in cars {
        let position = car["position"].as_u64().expect("a position") as usize;
        level.vehicles.push(Vehicle {
            x: position % SIDE,
            y: position / SIDE,
            length: car["length"].as_u64().expect("a length") as usize,
            orientation: match car["orientation"].as_str() {
                Some("horizontal") => Orientation::Horizontal,
                Some("vertical") => Orientation::Vertical,
                other => panic!("{}: orientation {other:?}", path.display()),
            },
            primary: car["player"].as_bool().expect("a player flag"),
        });
    }
    assert!(
        level.problems().is_empty(),
        "{}: {:?}",
        path.display(),
        level.problems()
    );
    level
}

/// The moves the file's name says, drive-out excluded: `prb10206_7.json`
/// needs 6.
fn named_moves(path: &Path) -> usize {
    let stem = path.file_stem().and_then(|s| s.to_str()).expect("a name");
    let (_, count) = stem.rsplit_once('_').expect("a name with _");
    count.parse::<usize>().expect("a number after _") - 1
}

#[test]
fn every_archive_puzzle_needs_the_moves_its_name_says() {
    let test = "every_archive_puzzle_needs_the_moves_its_name_says";
    let Some(dir) = real_levels(test, "rushhour") else {
        return;
    };
    let files: Vec<_> = files_under(&dir.join("olieslagers_2024"))
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    assert_eq!(files.len(), 70, "the archive's 70 puzzles");
    let started = Instant::now();
    let mut states = 0;
    for path in &files {
        let json: Value = serde_json::from_str(&fs::read_to_string(path).unwrap()).unwrap();
        let level = archive_level(&json, path);
        let analysis = analyze(&level, &Job::default()).unwrap();
        let r = &analysis.report;
        assert_eq!(
            r.shortest_moves,
            Some(named_moves(path)),
            "{}",
            path.display()
        );
        assert_eq!(r.dead_ends, 0);
        assert!(r.farthest >= r.shortest_moves, "{}", path.display());
        assert!(r.shortest_steps.is_some() && r.shortest_solutions >= 1);
        states += r.states;
    }
    println!(
        "{} archive puzzles, {states} states, analysed in {:?}",
        files.len(),
        started.elapsed()
    );
}
