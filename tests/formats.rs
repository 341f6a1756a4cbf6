//! Level formats: lossless round trips, and bad input that always gets a
//! clear error instead of a panic.

use levelscope::engine::Job;
use levelscope::kinds::skiddy::format::{parse_ascii, parse_json, parse_level, to_ascii, to_json};
use levelscope::kinds::skiddy::{analyze, Cell, Colour, Floor, Level, Piece};
use proptest::prelude::*;

fn any_cell() -> impl Strategy<Value = Cell> {
    let colour = prop_oneof![
        Just(Colour::Red),
        Just(Colour::Blue),
        Just(Colour::Green),
        Just(Colour::Yellow)
    ];
    let floor = prop_oneof![
        Just(Floor::Empty),
        Just(Floor::Block),
        Just(Floor::Pit),
        colour.clone().prop_map(Floor::Goal),
    ];
    let piece = prop_oneof![
        Just(None),
        Just(Some(Piece::Crate)),
        Just(Some(Piece::Ice)),
        colour.prop_map(|c| Some(Piece::Skiddy(c))),
    ];
    (floor, piece).prop_map(|(floor, piece)| Cell { floor, piece })
}

/// Any grid of cells (valid or not, pieces on any floor but walls).
fn any_level() -> impl Strategy<Value = Level> {
    (1usize..=9, 1usize..=9)
        .prop_flat_map(|(w, h)| {
            (
                Just(w),
                Just(h),
                prop::collection::vec(any_cell(), w * h),
                "[a-z 0-9-]{0,12}",
            )
        })
        .prop_map(|(w, h, cells, name)| {
            let cells = cells
                .into_iter()
                .map(|c| match c.floor {
                    // A piece can stand on empty floor or in a pit only.
                    Floor::Block | Floor::Goal(_) => Cell::floor(c.floor),
                    _ => c,
                })
                .collect();
            let mut level = Level::from_cells(w, h, cells);
            level.name = name;
            level
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn json_round_trip_is_lossless(level in any_level()) {
        let json = to_json(&level);
        prop_assert_eq!(parse_json(&json).unwrap(), level.clone());
        prop_assert_eq!(parse_level(&json).unwrap(), level);
    }

    #[test]
    fn ascii_round_trip_is_lossless_where_ascii_can_say_it(level in any_level()) {
        let in_pit = level.cells().iter().any(|c| c.floor == Floor::Pit && c.piece.is_some());
        match to_ascii(&level) {
            Ok(text) => {
                prop_assert!(!in_pit);
                let mut back = parse_ascii(&text).unwrap();
                back.name = level.name.clone();
                prop_assert_eq!(back, level);
            }
            Err(e) => {
                prop_assert!(in_pit, "only pieces in pits are refused: {}", e);
                prop_assert!(e.to_string().contains("save the level as JSON"));
            }
        }
    }

    #[test]
    fn any_text_parses_or_says_why_and_never_panics(text in "[#.ocRBGYrbgyi\\n xX{}\"]{0,60}") {
        match parse_level(&text) {
            Ok(level) => {
                // Whatever parsed can be analysed, or is refused with a
                // message; a small budget keeps this quick.
                if let Err(e) = analyze(&level, &Job::new(20_000)) {
                    prop_assert!(!e.to_string().is_empty());
                }
            }
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }

    #[test]
    fn any_json_value_is_answered_without_panic(text in "\\{\"format\":\"levelscope-level\",\"version\":[0-9],\"kind\":\"(skiddy|prism)\",\"rows\":\\[(\"[#.Rr]{0,4}\",?){0,4}\\](,\"in_pit\":\\[\\[[0-9],[0-9]\\]\\])?\\}") {
        if let Ok(level) = parse_json(&text) {
            let _ = level.problems();
        }
    }
}

#[test]
fn invalid_levels_are_refused_with_the_cell_and_the_problem() {
    let level = parse_ascii("#####\n#R.o#\n.r###\n").unwrap();
    let e = analyze(&level, &Job::default()).unwrap_err().to_string();
    assert!(e.contains("cell (0, 2): empty floor on the border"), "{e}");
    let level = parse_ascii("#####\n#R.b#\n#r###\n").unwrap();
    let e = analyze(&level, &Job::default()).unwrap_err().to_string();
    assert!(
        e.contains("cell (3, 1): a blue goal inside the board"),
        "{e}"
    );
    let level = parse_ascii("##\n##\n").unwrap();
    let e = analyze(&level, &Job::default()).unwrap_err().to_string();
    assert!(e.contains("the board is 2x2"), "{e}");
}
