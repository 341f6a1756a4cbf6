//! What `levelscope play FILE MOVES` prints for a Skiddy level: the board
//! after each move of a U/R/D/L string, the pieces that left, what the
//! analysis says of each position (how far the nearest win is, or that it
//! can no longer be won), and how the game ends.

use crate::engine::{Job, Route};
use crate::words::counted;

use super::rating::moves_word;
use super::rules::GONE;
use super::{analyze, label_name, CompileError, Dir, Level, Rules};

/// Why a move string cannot be played on a Skiddy level.
pub type PlayError = crate::kinds::transcript::PlayError<CompileError>;

/// Reads a move string such as `"L D"`, `"ld"` or `"U,R"`: letters U R D
/// L in any case; spaces and commas are ignored.
pub fn parse_moves(text: &str) -> Result<Vec<Dir>, PlayError> {
    crate::kinds::transcript::parse_moves(text, "U, R, D or L", Dir::from_letter)
}

/// Plays `moves` from the start of `level`: the text to print, and
/// whether the level was won.
pub fn play_text(level: &Level, moves: &[Dir]) -> Result<(String, bool), PlayError> {
    let rules = Rules::compile(level).map_err(PlayError::Compile)?;
    // The analysis labels each position; a level too big to analyse is
    // still played, without labels.
    let analysis = analyze(level, &Job::new(crate::kinds::transcript::LABEL_BUDGET)).ok();
    let describe = |positions: &[u8]| -> String {
        let Some(a) = &analysis else {
            return String::new();
        };
        let Some(id) = a.find(positions) else {
            return String::new();
        };
        let label = a.label(id);
        match a.with_explored(|v| v.distance(Route::Any, id)) {
            Some(0) => String::new(),
            Some(d) => format!("  [{}: {} to win]\n", label_name(label), moves_word(d)),
            None => format!("  [{}: this can no longer be won]\n", label_name(label)),
        }
    };
    let mut positions = rules.start_positions().to_vec();
    let mut text = format!(
        "start:\n{}{}",
        rules.render(&positions),
        describe(&positions)
    );
    let mut played = 0;
    for &dir in moves {
        let trace = rules.trace(&positions, dir);
        if !trace.changed {
            text += &format!(
                "{}: nothing moves — not a move, not counted\n",
                dir.letter()
            );
            continue;
        }
        played += 1;
        let mut line = format!("move {played}: {}", dir.letter());
        if !trace.exits.is_empty() {
            let left: Vec<String> = trace
                .exits
                .iter()
                .map(|e| {
                    format!(
                        "{} from ({}, {}) at tick {}",
                        rules.pieces()[e.piece].describe(),
                        e.from.0,
                        e.from.1,
                        e.tick
                    )
                })
                .collect();
            line += &format!(" — left: {}", left.join(", "));
        }
        rules.apply(&mut positions, dir);
        text += &format!(
            "{line}\n{}{}",
            rules.render(&positions),
            describe(&positions)
        );
        if rules.is_won(&positions) {
            text += &format!("won in {}\n", moves_word(played));
            return Ok((text, true));
        }
    }
    let left = positions[..rules.skiddy_count()]
        .iter()
        .filter(|&&p| p != GONE)
        .count();
    text += &format!(
        "not won: {} left after {}\n",
        counted(left as u64, "Skiddy", "Skiddies"),
        moves_word(played)
    );
    Ok((text, false))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::skiddy::format::parse_ascii;

    #[test]
    fn a_transcript_shows_each_board_and_the_win() {
        let level = parse_ascii("#####\n#R.R#\n#...#\n#r###\n").unwrap();
        let (text, won) = play_text(&level, &parse_moves("l, d").unwrap()).unwrap();
        assert!(won, "{text}");
        assert!(text.starts_with("start:\n"), "{text}");
        assert!(text.contains("move 1: L"), "{text}");
        assert!(text.ends_with("won in 2 moves\n"), "{text}");
    }

    #[test]
    fn a_move_that_moves_nothing_is_not_counted() {
        let level = parse_ascii("#####\n#R.R#\n#...#\n#r###\n").unwrap();
        let (text, won) = play_text(&level, &parse_moves("U").unwrap()).unwrap();
        assert!(!won);
        assert!(text.contains("U: nothing moves"), "{text}");
        assert!(
            text.contains("not won: 2 Skiddies left after 0 moves"),
            "{text}"
        );
        assert_eq!(
            parse_moves("Lx"),
            Err(PlayError::UnknownMove {
                letter: 'x',
                letters: "U, R, D or L"
            })
        );
    }
}
