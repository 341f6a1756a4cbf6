//! The original game's files (copied unchanged into
//! `tests/fixtures/tangram/`): every one loads, validates and counts, except
//! `test2.txt`, which declares 6 shapes and holds 12 and must say so; every
//! one round-trips through both formats; bad input never panics.

use levelscope::engine::Job;
use levelscope::kinds::tangram::{
    canonical_key, hint, looks_like_tangram, parse_json, parse_level, parse_text, solve, to_json,
    to_json_value, to_text, transformed, verdict, FormatError, Hint, Level,
};
use proptest::prelude::*;

/// The readable fixtures with their board sizes and shape counts.
const FIXTURES: [(&str, &str, usize, usize); 6] = [
    ("aa", include_str!("fixtures/tangram/aa.txt"), 5, 9),
    ("as", include_str!("fixtures/tangram/as.txt"), 4, 6),
    ("hard1", include_str!("fixtures/tangram/hard1.txt"), 6, 12),
    ("hard2", include_str!("fixtures/tangram/hard2.txt"), 6, 12),
    ("hjjh", include_str!("fixtures/tangram/hjjh.txt"), 4, 6),
    ("test", include_str!("fixtures/tangram/test.txt"), 4, 6),
];

const TEST2: &str = include_str!("fixtures/tangram/test2.txt");

fn fixtures() -> Vec<(&'static str, &'static str, Level)> {
    FIXTURES
        .iter()
        .map(|&(name, text, _, _)| (name, text, parse_text(text).expect(name)))
        .collect()
}

#[test]
fn every_fixture_loads_validates_and_counts() {
    for ((name, _, level), &(_, _, size, shapes)) in fixtures().iter().zip(&FIXTURES) {
        assert_eq!(level.size, size, "{name}");
        assert_eq!(level.shapes.len(), shapes, "{name}");
        assert_eq!(level.problems(), vec![], "{name}");
        let report = solve(level, 3, &Job::default(), u64::MAX).unwrap();
        // All seven shipped puzzles that load have exactly one solution.
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
fn test2_declares_6_shapes_and_holds_12() {
    let err = parse_text(TEST2).unwrap_err();
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
    assert!(looks_like_tangram(TEST2));
    assert!(parse_level(TEST2).is_err());
}

#[test]
fn fixtures_round_trip() {
    for (name, text, level) in fixtures() {
        assert!(looks_like_tangram(text), "{name}");
        // The original files are written exactly as we write them.
        assert_eq!(to_text(&level), text, "{name}");
        assert_eq!(parse_text(&to_text(&level)).unwrap(), level, "{name}");
        let mut named = level.clone();
        named.name = name.to_string();
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
    let keys: Vec<String> = fixtures()
        .iter()
        .map(|(_, _, l)| canonical_key(l))
        .collect();
    for (i, a) in keys.iter().enumerate() {
        for b in &keys[i + 1..] {
            assert_ne!(a, b);
        }
    }
    for ((name, _, level), key) in fixtures().iter().zip(&keys) {
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
        "triangle (0,0,1) is in shapes 1 and 2"
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

    /// A real file with one line changed, dropped or doubled: never a panic.
    #[test]
    fn mutated_fixtures_never_panic(
        which in 0usize..FIXTURES.len(),
        line in any::<usize>(),
        action in 0u8..3,
        replacement in "[0-9,]{0,7}|shape",
    ) {
        let text = FIXTURES[which].1;
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        let i = line % lines.len();
        match action {
            0 => lines[i] = replacement,
            1 => { lines.remove(i); }
            _ => { let l = lines[i].clone(); lines.insert(i, l); }
        }
        let mutated = lines.join("\n");
        if let Ok(level) = parse_text(&mutated) {
            let _ = level.problems();
            if let Ok(report) = solve(&level, 2, &Job::default(), 100_000) {
                let _ = verdict(&level, &report);
            }
            let _ = hint(&level, &[(0, (0, 0))]);
            let _ = canonical_key(&level);
        }
    }
}
