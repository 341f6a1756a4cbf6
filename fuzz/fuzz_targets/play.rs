//! Playing any level read: the input is a level's text, then a NUL byte,
//! then a move string. A valid Skiddy level is played the way `levelscope
//! play` plays it (its move parser, `Rules::trace`, `Rules::apply`,
//! `Rules::render`); a valid Prism level through `Rules::turn`. Sizes are
//! bounded so that one input runs quickly.
#![no_main]

use levelscope::cli::play::parse_moves;
use levelscope::kinds::{prism, read_levels, skiddy, Level};
use libfuzzer_sys::fuzz_target;

/// The most moves one input plays.
const MAX_MOVES: usize = 64;
/// The widest and tallest board played.
const MAX_SIDE: usize = 16;

/// Plays `moves` on a valid Skiddy level and checks that the recorded
/// trace and the fast move agree at every step.
fn play_skiddy(level: &skiddy::Level, moves: &str) {
    let Ok(dirs) = parse_moves(moves) else {
        return;
    };
    let rules = match skiddy::Rules::compile(level) {
        Ok(rules) => rules,
        Err(skiddy::CompileError::Invalid(problems)) => {
            panic!("a valid Skiddy level is refused as invalid: {problems:?}")
        }
        Err(skiddy::CompileError::TooManyPieces(_)) => return,
    };
    let mut positions = rules.start_positions().to_vec();
    let _ = rules.render(&positions);
    for dir in dirs.into_iter().take(MAX_MOVES) {
        let trace = rules.trace(&positions, dir);
        let before = positions.clone();
        let changed = rules.apply(&mut positions, dir);
        assert_eq!(trace.changed, changed, "trace and apply disagree on a move");
        assert_eq!(changed, before != positions, "a move changed what it says");
        assert_eq!(
            trace.last().len(),
            positions.len(),
            "the trace follows every piece"
        );
        for (piece, (&cell, shown)) in positions.iter().zip(trace.last()).enumerate() {
            let expected = (cell != skiddy::rules::GONE).then(|| {
                let cell = cell as usize;
                (cell % rules.width(), cell / rules.width())
            });
            assert_eq!(
                *shown, expected,
                "piece {piece} ends elsewhere in the trace"
            );
        }
        let _ = rules.render(&positions);
        if rules.is_won(&positions) {
            return;
        }
    }
}

/// Plays `moves` (the letters U R D L, any case; anything else skipped) on
/// a valid Prism level through `Rules::turn`.
fn play_prism(level: &prism::Level, moves: &str) {
    let rules = match prism::Rules::compile(level) {
        Ok(rules) => rules,
        Err(prism::CompileError::Invalid(problems)) => {
            panic!("a valid Prism level is refused as invalid: {problems:?}")
        }
        Err(prism::CompileError::StateTooBig { .. }) => return,
    };
    let mut state = rules.start_state();
    let dirs = moves
        .chars()
        .filter_map(|c| prism::Dir::from_name(&c.to_ascii_uppercase().to_string()));
    for dir in dirs.take(MAX_MOVES) {
        let trace = rules.turn(&state, dir);
        assert_eq!(trace.before, state, "a turn starts where the game is");
        match trace.end {
            prism::TurnEnd::NoMove => {
                assert_eq!(trace.after, trace.before, "no move changes nothing");
            }
            prism::TurnEnd::Moved => state = trace.after,
            prism::TurnEnd::Won | prism::TurnEnd::Caught { .. } => return,
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let (level_bytes, move_bytes) = match data.iter().position(|&b| b == 0) {
        Some(at) => (&data[..at], &data[at + 1..]),
        None => (data, &[][..]),
    };
    let (Ok(text), Ok(moves)) = (
        std::str::from_utf8(level_bytes),
        std::str::from_utf8(move_bytes),
    ) else {
        return;
    };
    let Ok(levels) = read_levels(text, None, None) else {
        return;
    };
    for level in &levels {
        let (width, height) = level.size();
        if width > MAX_SIDE || height > MAX_SIDE || !level.is_valid() {
            continue;
        }
        match level {
            Level::Skiddy(l) => play_skiddy(l, moves),
            Level::Prism(l) => play_prism(l, moves),
        }
    }
});
