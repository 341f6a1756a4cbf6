//! Playing any level read: the input is a level's text, then a NUL byte,
//! then a move string. A valid Skiddy level is played the way `levelscope
//! play` plays it (its move parser, `Rules::trace`, `Rules::apply`,
//! `Rules::render`); a valid Prism level through `Rules::turn`; a valid
//! Tangram level through the editor's Play game, every three bytes of the
//! moves a drop (a shape, then its offset); a valid Sokoban level through
//! its `PlayState`, the moves in LURD. Sizes are bounded so that one
//! input runs quickly. Each kind's check is reached through the level's
//! `as_<kind>` accessor, so a kind without one here is read and left
//! alone (its checks are added here when it has play rules worth them).
#![no_main]

use levelscope::gui::kinds::tangram::play::Game;
use levelscope::kinds::skiddy::transcript::parse_moves;
use levelscope::kinds::{prism, read_levels, skiddy, sokoban, tangram};
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

/// Drops shapes of a valid Tangram level as `moves` say (three bytes a
/// drop: the shape, then `dx` and `dy` as signed bytes) and checks the
/// score and completion: a drop that moves a shape costs one point, and the
/// level counts as solved exactly when every shape is on the board and
/// every triangle is covered once.
fn play_tangram(level: &tangram::Level, moves: &str) {
    let mut game = Game::new(level, 1.6);
    assert_eq!(game.score as usize, 2 * level.shapes.len());
    for drop in moves.as_bytes().chunks_exact(3).take(MAX_MOVES) {
        let shape = drop[0] as usize % level.shapes.len();
        let offset = (drop[1] as i8 as i32, drop[2] as i8 as i32);
        let before = game.score;
        let moved = game.drop_shape(level, shape, offset);
        let expected = if moved { before.saturating_sub(1) } else { before };
        assert_eq!(game.score, expected, "a drop costs one point when it moves");
        assert_eq!(game.offsets[shape], game.clamped(shape, game.offsets[shape]));
        let covered_once = game.coverage(level).iter().all(|&c| c == 1);
        let all_on_board = (0..level.shapes.len()).all(|s| game.on_board(s));
        assert_eq!(game.solved(level), covered_once && all_on_board);
    }
}

/// Plays LURD `moves` on a valid Sokoban level and checks that a move
/// keeps the boxes (as many, on distinct open cells, none under the
/// player), that a push is counted as one, and that undo goes back to the
/// position before.
fn play_sokoban(level: &sokoban::Level, moves: &str) {
    let rules = match sokoban::Rules::compile(level) {
        Ok(rules) => rules,
        Err(_) => return,
    };
    let boxes = rules.start().boxes.len();
    let mut game = sokoban::PlayState::new(rules);
    for dir in moves
        .chars()
        .filter_map(sokoban::Dir::from_lurd)
        .take(MAX_MOVES)
    {
        let before = game.position().clone();
        let (moves_before, pushes_before) = (game.moves(), game.pushes());
        match game.play(dir) {
            Some(kind) => {
                let after = game.position().clone();
                assert_eq!(after.boxes.len(), boxes, "a move keeps every box");
                assert!(after.boxes.windows(2).all(|w| w[0] < w[1]), "boxes stay distinct and sorted");
                assert!(!after.boxes.contains(&after.player), "the player stands on no box");
                assert_eq!(game.moves(), moves_before + 1);
                let pushed = usize::from(kind == sokoban::MoveKind::Push);
                assert_eq!(game.pushes(), pushes_before + pushed);
                assert_eq!(game.lurd().chars().count(), game.moves());
                assert!(game.undo(), "a move can be taken back");
                assert_eq!(game.position(), &before, "undo goes back");
                assert_eq!(game.play(dir), Some(kind), "the same move plays again");
            }
            None => assert_eq!(game.position(), &before, "no move changes nothing"),
        }
        if game.is_won() {
            return;
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
        if let Some(l) = level.as_skiddy() {
            play_skiddy(l, moves);
        }
        if let Some(l) = level.as_prism() {
            play_prism(l, moves);
        }
        if let Some(l) = level.as_tangram() {
            play_tangram(l, moves);
        }
        if let Some(l) = level.as_sokoban() {
            play_sokoban(l, moves);
        }
    }
});
