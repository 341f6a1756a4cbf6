//! What `levelscope play FILE MOVES` prints for a Sokoban level: the board
//! (in XSB) after each move of a LURD string, with what the analysis says
//! of each position (how far the nearest win is, or that a push made it a
//! deadlock), and how the game ends.

use crate::engine::{Job, Label};
use crate::words::counted;

use super::format::write_xsb;
use super::rules::{CompileError, Dir, MoveKind, PlayState, Position, Rules};
use super::{analyze, Level};

/// Why a move string cannot be played on a Sokoban level.
pub type PlayError = crate::kinds::transcript::PlayError<CompileError>;

/// The directions of a LURD string, any case; spaces and commas are
/// ignored.
pub fn parse_moves(text: &str) -> Result<Vec<Dir>, PlayError> {
    crate::kinds::transcript::parse_moves(
        text,
        "the LURD letters u, r, d, l (any case)",
        Dir::from_lurd,
    )
}

/// The board of `pos` in XSB rows (without the level's title).
pub fn board_text(rules: &Rules, pos: &Position) -> String {
    let mut level: Level = rules.level().clone();
    level.name.clear();
    let sealed: Vec<(usize, usize)> = level
        .boxes
        .iter()
        .copied()
        .filter(|&(x, y)| rules.cell_at(x, y).is_none())
        .collect();
    level.boxes = sealed;
    level.boxes.extend(pos.boxes.iter().map(|&b| rules.xy(b)));
    level.player = Some(rules.xy(pos.player));
    write_xsb(&level).unwrap_or_default()
}

/// Plays `moves` from the start of `level`: the text to print, and
/// whether the level was won.
pub fn play_text(level: &Level, moves: &[Dir]) -> Result<(String, bool), PlayError> {
    let rules = Rules::compile(level).map_err(PlayError::Compile)?;
    // A level too big to analyse is still played, without labels.
    let analysis = analyze(level, &Job::new(crate::kinds::transcript::LABEL_BUDGET)).ok();
    let describe = |pos: &Position| -> String {
        let Some(a) = &analysis else {
            return String::new();
        };
        let Some((label, distance, in_moves)) = a.standing(pos) else {
            return String::new();
        };
        let (one, many) = if in_moves {
            ("move", "moves")
        } else {
            ("push", "pushes")
        };
        match (label, distance) {
            (Label::Won, _) | (_, Some(0)) => String::new(),
            (Label::DeadEnd, _) | (_, None) => {
                "  [deadlock: no sequence of moves can win from here]\n".to_string()
            }
            (_, Some(d)) => format!(
                "  [winnable: {} to the nearest win]\n",
                counted(d, one, many)
            ),
        }
    };
    let mut game = PlayState::new(rules.clone());
    let mut text = format!(
        "start:\n{}{}",
        board_text(&rules, game.position()),
        describe(game.position())
    );
    for dir in moves {
        let Some(kind) = game.play(*dir) else {
            text += &format!(
                "{}: nothing moves — not a move, not counted\n",
                dir.lurd(false)
            );
            continue;
        };
        let push = kind == MoveKind::Push;
        text += &format!(
            "move {}: {} ({})\n{}{}",
            game.moves(),
            dir.lurd(push),
            if push {
                format!("pushes a box {}", dir.word())
            } else {
                format!("steps {}", dir.word())
            },
            board_text(&rules, game.position()),
            describe(game.position())
        );
        if game.is_won() {
            text += &format!(
                "won in {} and {}: {}\n",
                counted(game.moves() as u64, "move", "moves"),
                counted(game.pushes() as u64, "push", "pushes"),
                game.lurd()
            );
            return Ok((text, true));
        }
    }
    let off = game
        .position()
        .boxes
        .iter()
        .filter(|&&b| !rules.is_goal(b))
        .count();
    text += &format!(
        "not won: {} off a goal after {}\n",
        counted(off as u64, "box", "boxes"),
        counted(game.moves() as u64, "move", "moves")
    );
    Ok((text, false))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::sokoban::read_xsb_one;

    #[test]
    fn a_transcript_shows_each_board_and_the_deadlock() {
        let level = read_xsb_one("#####\n#  .#\n# $@#\n#   #\n#####\n").unwrap();
        let (text, won) = play_text(&level, &parse_moves("L").unwrap()).unwrap();
        assert!(!won);
        assert!(text.contains("move 1: L (pushes a box left)"), "{text}");
        assert!(text.contains("#$@ #"), "{text}");
        assert!(text.contains("[deadlock"), "{text}");
        assert!(
            text.ends_with("not won: 1 box off a goal after 1 move\n"),
            "{text}"
        );
        assert!(matches!(
            parse_moves("rX"),
            Err(PlayError::UnknownMove { letter: 'X', .. })
        ));
    }
}
