//! Sokoban helpers shared by the tests of its solver.

use levelscope::kinds::sokoban::rules::{Dir, MoveKind, PlayState, Rules};
use levelscope::kinds::sokoban::Level;

/// Whether `lurd` played from the start of `level` wins, each letter a
/// move of the case it says (upper case a push).
pub fn replays_to_a_win(level: &Level, lurd: &str) -> bool {
    let mut play = PlayState::new(Rules::compile(level).unwrap());
    for ch in lurd.chars() {
        let Some(kind) = Dir::from_lurd(ch).and_then(|d| play.play(d)) else {
            return false;
        };
        if (kind == MoveKind::Push) != ch.is_ascii_uppercase() {
            return false;
        }
    }
    play.is_won()
}
