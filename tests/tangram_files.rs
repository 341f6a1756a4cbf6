//! Tangram files: the project's own (in `tests/fixtures/tangram/`, made
//! by `generate tangram --unique`) always, and the original game's seven
//! saved puzzles (real levels, read from outside the repository, see
//! `common::real_levels`) when they are there. Every one loads, validates
//! and counts, except the one that declares 6 shapes and holds 12 (the
//! original's `test2.txt`, our `miscounted.txt`), which must say so; every
//! one round-trips through both formats; bad input never panics.

use crate::common::real_levels::real_levels;
use levelscope::engine::Job;
use levelscope::kinds::tangram::{
    canonical_key, hint, looks_like_tangram, parse_json, parse_level, parse_text, solve, to_json,
    to_json_value, to_text, transformed, verdict, FormatError, Hint, Level,
};
use proptest::prelude::*;

/// The project's own readable fixtures with their board sizes and shape
/// counts.
const OWN: [(&str, &str, usize, usize); 5] = [
    ("easy-1", include_str!("fixtures/tangram/easy-1.txt"), 4, 6),
    ("easy-2", include_str!("fixtures/tangram/easy-2.txt"), 4, 6),
    (
        "medium-1",
        include_str!("fixtures/tangram/medium-1.txt"),
        5,
        9,
    ),
    ("hard-1", include_str!("fixtures/tangram/hard-1.txt"), 6, 12),
    ("hard-2", include_str!("fixtures/tangram/hard-2.txt"), 6, 12),
];

/// The original game's readable files with their board sizes and shape
/// counts.
const REAL: [(&str, usize, usize); 6] = [
    ("aa", 5, 9),
    ("as", 4, 6),
    ("hard1", 6, 12),
    ("hard2", 6, 12),
    ("hjjh", 4, 6),
    ("test", 4, 6),
];

/// Our file that declares 6 shapes and holds 12.
const MISCOUNTED: &str = include_str!("fixtures/tangram/miscounted.txt");

/// A fixture: its name, text, board size and shape count.
type Fixture = (String, String, usize, usize);

/// The original game's readable files, for the test named `test`; empty
/// (after the skipped line) when the real levels are not there.
fn real_fixtures(test: &str) -> Vec<Fixture> {
    let Some(dir) = real_levels(test, "tangram") else {
        return Vec::new();
    };
    REAL.iter()
        .map(|&(name, size, shapes)| {
            let path = dir.join(format!("{name}.txt"));
            let text = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            (name.to_string(), text, size, shapes)
        })
        .collect()
}

/// Our own fixtures.
fn own_fixtures() -> Vec<Fixture> {
    OWN.iter()
        .map(|&(name, text, size, shapes)| (name.to_string(), text.to_string(), size, shapes))
        .collect()
}

/// Our own fixtures, then the real ones when they are there.
fn all_fixtures(test: &str) -> Vec<Fixture> {
    let mut all = own_fixtures();
    all.extend(real_fixtures(test));
    all
}

fn fixtures(test: &str) -> Vec<(String, String, Level)> {
    all_fixtures(test)
        .into_iter()
        .map(|(name, text, _, _)| {
            let level = parse_text(&text).expect(&name);
            (name, text, level)
        })
        .collect()
}

/// The files that declare 6 shapes and hold 12: ours, and the original's
/// `test2.txt` when the real levels are there.
fn miscounted(test: &str) -> Vec<String> {
    let mut texts = vec![MISCOUNTED.to_string()];
    if let Some(dir) = real_levels(test, "tangram") {
        texts.push(std::fs::read_to_string(dir.join("test2.txt")).expect("test2.txt"));
    }
    texts
}

#[test]
fn every_fixture_loads_validates_and_counts() {
    const TEST: &str = "tangram_files::every_fixture_loads_validates_and_counts";
    let sizes = all_fixtures(TEST);
    let levels: Vec<(String, Level)> = sizes
        .iter()
        .map(|(name, text, _, _)| (name.clone(), parse_text(text).expect(name)))
        .collect();
    for ((name, level), (_, _, size, shapes)) in levels.iter().zip(&sizes) {
        let (size, shapes) = (*size, *shapes);
        assert_eq!(level.size, size, "{name}");
        assert_eq!(level.shapes.len(), shapes, "{name}");
        assert_eq!(level.problems(), vec![], "{name}");
        let report = solve(level, 3, &Job::default(), u64::MAX).unwrap();
        // Every puzzle here that loads has exactly one solution.
        assert_eq!(report.solutions, Some(1), "{name}");
        assert!(report.unique);
        assert!(report.listed[0].is_home(), "{name}");
        assert_eq!(
            verdict(level, &report),
            "unique: one way to place the shapes"
        );
        // The hint on an empty board: the largest shape, at home.
        assert!(
            matches!(hint(level, &[]), Hint::Place { offset: (0, 0), .. }),
            "{name}"
        );
    }
}

#[test]
fn files_that_declare_6_shapes_and_hold_12_say_so() {
    for text in miscounted("tangram_files::files_that_declare_6_shapes_and_hold_12_say_so") {
        a_file_that_declares_6_shapes_and_holds_12_says_so(&text);
    }
}

fn a_file_that_declares_6_shapes_and_holds_12_says_so(text: &str) {
    let err = parse_text(text).unwrap_err();
    assert_eq!(
        err,
        FormatError::ShapeCount {
            declared: 6,
            held: 12
        }
    );
    assert_eq!(
        err.to_string(),
        "the file declares 6 shapes on line 2 but holds 12"
    );
    assert!(looks_like_tangram(text));
    assert!(parse_level(text).is_err());
}

#[test]
fn fixtures_round_trip() {
    for (name, text, level) in fixtures("tangram_files::fixtures_round_trip") {
        assert!(looks_like_tangram(&text), "{name}");
        // The files are written exactly as we write them.
        assert_eq!(to_text(&level), text, "{name}");
        assert_eq!(parse_text(&to_text(&level)).unwrap(), level, "{name}");
        let mut named = level.clone();
        named.name = name.clone();
        assert_eq!(parse_json(&to_json(&named)).unwrap(), named, "{name}");
        assert_eq!(
            levelscope::kinds::tangram::from_json_value(&to_json_value(&named)).unwrap(),
            named
        );
        assert_eq!(parse_level(&to_json(&named)).unwrap(), named);
    }
}

#[test]
fn fixtures_are_different_puzzles_and_keep_their_key_when_turned() {
    let levels =
        fixtures("tangram_files::fixtures_are_different_puzzles_and_keep_their_key_when_turned");
    let keys: Vec<String> = levels.iter().map(|(_, _, l)| canonical_key(l)).collect();
    for (i, a) in keys.iter().enumerate() {
        for b in &keys[i + 1..] {
            assert_ne!(a, b);
        }
    }
    for ((name, _, level), key) in levels.iter().zip(&keys) {
        for s in 0..8 {
            let turned = transformed(level, s);
            assert!(turned.is_valid(), "{name} {s}");
            assert_eq!(&canonical_key(&turned), key, "{name} {s}");
            // A turned level is the same puzzle: still one solution.
            let report = solve(&turned, 0, &Job::default(), u64::MAX).unwrap();
            assert_eq!(report.solutions, Some(1), "{name} {s}");
        }
    }
}

#[test]
fn malformed_texts_are_errors_not_panics() {
    let cases = [
        "",
        "\n\n",
        "4",
        "4\n",
        "4\nsix\n",
        "four\n6\n",
        "4\n6\n1,0,3\n",
        "4\n1\nshape\n1,0\n",
        "4\n1\nshape\n1,0,3,4\n",
        "4\n1\nshape\n1,,3\n",
        "4\n1\nshape\n1,0,9\n",
        "4\n1\nshape\n99999999999999999999,0,1\n",
        "4\n1\nshape\nshape\n",
        "99999999999999999999999\n1\n",
        "{",
        "{\"format\":\"levelscope-level\"}",
        "\u{feff}",
        "4\n6\nshape\n\u{0}\n",
    ];
    for text in cases {
        assert!(parse_level(text).is_err(), "{text:?}");
    }
    // A file whose shapes overlap reads, and says what is wrong.
    let overlapping = "1\n2\nshape\n0,0,0\n0,0,1\nshape\n0,0,1\n0,0,2\n0,0,3\n";
    let level = parse_text(overlapping).unwrap();
    assert_eq!(
        level.problems()[0].message,
        "triangle (0, 0) bottom is in shapes 1 and 2"
    );
    assert!(solve(&level, 1, &Job::default(), 1000).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Any text: reading never panics; whatever reads validates, solves
    /// (or refuses), hints and keys without panicking.
    #[test]
    fn any_text_never_panics(text in "[0-9,shape\\n {}\\[\\]\":-]{0,80}") {
        if let Ok(level) = parse_level(&text) {
            let _ = level.problems();
            let _ = solve(&level, 2, &Job::default(), 10_000);
            let _ = hint(&level, &[(0, (1, -1))]);
            let _ = canonical_key(&level);
        }
    }

    /// A file with one line changed, dropped or doubled: never a panic.
    #[test]
    fn mutated_fixtures_never_panic(
        which in 0usize..OWN.len(),
        line in any::<usize>(),
        action in 0u8..3,
        replacement in "[0-9,]{0,7}|shape",
    ) {
        let text = OWN[which].1;
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        let i = line % lines.len();
        match action {
            0 => lines[i] = replacement,
            1 => { lines.remove(i); }
            _ => { let l = lines[i].clone(); lines.insert(i, l); }
        }
        exercise(&lines.join("\n"));
    }
}

/// Reads `text` and, when it reads, validates, solves, hints and keys it:
/// none of it may panic.
fn exercise(text: &str) {
    if let Ok(level) = parse_text(text) {
        let _ = level.problems();
        if let Ok(report) = solve(&level, 2, &Job::default(), 100_000) {
            let _ = verdict(&level, &report);
        }
        let _ = hint(&level, &[(0, (0, 0))]);
        let _ = canonical_key(&level);
    }
}

/// The original game's files with one line changed, dropped or doubled,
/// at twenty places spread over each file: never a panic.
#[test]
fn mutated_real_files_never_panic() {
    for (_, text, _, _) in real_fixtures("tangram_files::mutated_real_files_never_panic") {
        let lines: Vec<&str> = text.lines().collect();
        for k in 0..20 {
            let i = k * lines.len() / 20;
            for action in 0..3 {
                let mut mutated: Vec<&str> = lines.clone();
                match action {
                    0 => mutated[i] = if k % 2 == 0 { "shape" } else { "9,9,9" },
                    1 => {
                        mutated.remove(i);
                    }
                    _ => mutated.insert(i, lines[i]),
                }
                exercise(&mutated.join("\n"));
            }
        }
    }
}
