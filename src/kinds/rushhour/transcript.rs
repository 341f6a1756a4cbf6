//! What `levelscope play FILE MOVES` prints for a Rush Hour level: the
//! board after each move of a Fogleman move string (`A+1 C-2`), with how
//! many moves the position is from the nearest win, and how the game ends.

use crate::engine::Job;
use crate::kinds::transcript::LABEL_BUDGET;
use crate::words::counted;

use super::analysis::analyze;
use super::level::Level;
use super::puzzle::{CompileError, Rules};
use super::rules::{apply, is_won, Move};

/// Why a move string cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseMovesError {
    /// Something other than a vehicle's capital letter where a move
    /// starts.
    #[error("move {index}: {found:?} is not a vehicle's letter: write a move as a capital letter and a signed distance, e.g. A+2 or C-1")]
    ExpectedLetter {
        /// The move's number, from 1.
        index: usize,
        /// What was there.
        found: char,
    },
    /// A letter without `+` or `-` after it.
    #[error("move {index} ({letter}): a sign + or - must follow the letter, e.g. {letter}+1")]
    ExpectedSign {
        /// The move's number, from 1.
        index: usize,
        /// The vehicle's letter.
        letter: char,
    },
    /// A sign without a distance after it.
    #[error("move {index} ({letter}{sign}): the number of cells must follow the sign, e.g. {letter}{sign}1")]
    ExpectedDistance {
        /// The move's number, from 1.
        index: usize,
        /// The vehicle's letter.
        letter: char,
        /// The sign read.
        sign: char,
    },
    /// A distance of zero, or too big to be a slide.
    #[error("move {index} ({letter}{sign}{digits}): a slide is 1 to 9 cells")]
    BadDistance {
        /// The move's number, from 1.
        index: usize,
        /// The vehicle's letter.
        letter: char,
        /// The sign read.
        sign: char,
        /// The distance as written.
        digits: String,
    },
}

/// Why a move string cannot be played on a level.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The level cannot be played.
    #[error(transparent)]
    Compile(#[from] CompileError),
    /// A move names a vehicle the level does not have.
    #[error("move {index}: the level has no vehicle {letter} (its vehicles are {letters})")]
    NoSuchVehicle {
        /// The move's number, from 1.
        index: usize,
        /// The letter.
        letter: char,
        /// The level's letters, e.g. `"A to F"`.
        letters: String,
    },
}

/// Reads a move string in Fogleman's notation: moves like `A+2` or `C-1`
/// (a capital letter, a sign, 1 to 9 cells), separated by spaces or
/// commas or nothing at all.
pub fn parse_moves(text: &str) -> Result<Vec<(char, i32)>, ParseMovesError> {
    let mut chars = text.chars().peekable();
    let mut moves = Vec::new();
    loop {
        while chars.next_if(|c| c.is_whitespace() || *c == ',').is_some() {}
        let Some(letter) = chars.next() else {
            return Ok(moves);
        };
        let index = moves.len() + 1;
        if !letter.is_ascii_uppercase() {
            return Err(ParseMovesError::ExpectedLetter {
                index,
                found: letter,
            });
        }
        let Some(sign) = chars.next_if(|c| *c == '+' || *c == '-') else {
            return Err(ParseMovesError::ExpectedSign { index, letter });
        };
        let mut digits = String::new();
        while let Some(d) = chars.next_if(char::is_ascii_digit) {
            digits.push(d);
        }
        if digits.is_empty() {
            return Err(ParseMovesError::ExpectedDistance {
                index,
                letter,
                sign,
            });
        }
        let distance = match digits.parse::<i32>() {
            Ok(d @ 1..=9) => d,
            _ => {
                return Err(ParseMovesError::BadDistance {
                    index,
                    letter,
                    sign,
                    digits,
                })
            }
        };
        moves.push((letter, if sign == '-' { -distance } else { distance }));
    }
}

/// The board in rows of characters: `.` empty, `x` a wall, each vehicle
/// its letter; each row ends in a newline, the primary's row in `>` (the
/// exit).
pub fn board_text(level: &Level) -> String {
    let exit_row = level.primary().map(|i| level.vehicles[i].y);
    let mut text = String::new();
    for y in 0..level.height() {
        for x in 0..level.width() {
            text.push(match level.vehicle_at(x, y) {
                Some(i) => level.letter(i),
                None if level.is_wall(x, y) => 'x',
                None => '.',
            });
        }
        if exit_row == Some(y) {
            text.push('>');
        }
        text.push('\n');
    }
    text
}

/// Plays `moves` from the start of `level`: the text to print, and
/// whether the level was won. A move that cannot be played (blocked, off
/// the board) is said and skipped, not counted; a win ends play.
pub fn play_text(level: &Level, moves: &[(char, i32)]) -> Result<(String, bool), PlayError> {
    Rules::compile(level)?;
    let letters: Vec<char> = (0..level.vehicles.len()).map(|i| level.letter(i)).collect();
    let mut numbered = Vec::with_capacity(moves.len());
    for (k, &(letter, distance)) in moves.iter().enumerate() {
        let Some(vehicle) = letters.iter().position(|&l| l == letter) else {
            let mut sorted = letters.clone();
            sorted.sort();
            return Err(PlayError::NoSuchVehicle {
                index: k + 1,
                letter,
                letters: match sorted.as_slice() {
                    [only] => only.to_string(),
                    [first, .., last] => format!("{first} to {last}"),
                    [] => "none".to_string(),
                },
            });
        };
        numbered.push(Move { vehicle, distance });
    }
    // A level too big to analyse is still played, without labels.
    let analysis = analyze(level, &Job::new(LABEL_BUDGET)).ok();
    let describe = |position: &Level| -> String {
        match analysis.as_ref().map(|a| a.moves_to_win(position)) {
            None | Some(Some(0)) => String::new(),
            Some(Some(d)) => format!(
                "  [{} from the nearest win]\n",
                counted(d as u64, "move", "moves")
            ),
            Some(None) => "  [no win can be reached from here]\n".to_string(),
        }
    };
    let mut position = level.clone();
    let mut text = format!("start:\n{}{}", board_text(&position), describe(&position));
    let (mut played, mut steps) = (0usize, 0u64);
    let mut record = Vec::new();
    for (k, &mv) in numbered.iter().enumerate() {
        let name = mv.on(level).to_string();
        match apply(&position, mv) {
            Err(e) => text += &format!("{name}: {e} — not played, not counted\n"),
            Ok(after) => {
                position = after;
                played += 1;
                steps += mv.steps() as u64;
                record.push(name.clone());
                text += &format!(
                    "move {played}: {name}\n{}{}",
                    board_text(&position),
                    describe(&position)
                );
                if is_won(&position) {
                    text += &format!(
                        "won in {} and {}: {}\n",
                        counted(played as u64, "move", "moves"),
                        counted(steps, "step", "steps"),
                        record.join(" ")
                    );
                    let left = numbered.len() - k - 1;
                    if left > 0 {
                        text += &format!(
                            "a win ends play: {} after it not played\n",
                            counted(left as u64, "move", "moves")
                        );
                    }
                    return Ok((text, true));
                }
            }
        }
    }
    text += &format!(
        "not won: car A is not at the exit after {}\n",
        counted(played as u64, "move", "moves")
    );
    Ok((text, false))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::rushhour::level::{Orientation, Vehicle};

    /// A at (0, 2); truck B vertical at (3, 0); a wall at (5, 5).
    fn level() -> Level {
        let mut level = Level::new(6, 6);
        level.vehicles = vec![
            Vehicle {
                x: 0,
                y: 2,
                length: 2,
                orientation: Orientation::Horizontal,
                primary: true,
            },
            Vehicle {
                x: 3,
                y: 0,
                length: 3,
                orientation: Orientation::Vertical,
                primary: false,
            },
        ];
        level.set_wall(5, 5, true);
        level
    }

    #[test]
    fn moves_are_read_in_foglemans_notation() {
        assert_eq!(
            parse_moves(" A+1 C-2,B+3D-1 ").unwrap(),
            vec![('A', 1), ('C', -2), ('B', 3), ('D', -1)]
        );
        assert_eq!(parse_moves("").unwrap(), vec![]);
        let e = parse_moves("A+1 b+1").unwrap_err();
        assert_eq!(
            e,
            ParseMovesError::ExpectedLetter {
                index: 2,
                found: 'b'
            }
        );
        assert!(e.to_string().contains("e.g. A+2"), "{e}");
        assert_eq!(
            parse_moves("A1").unwrap_err(),
            ParseMovesError::ExpectedSign {
                index: 1,
                letter: 'A'
            }
        );
        assert!(matches!(
            parse_moves("A+").unwrap_err(),
            ParseMovesError::ExpectedDistance {
                letter: 'A',
                sign: '+',
                ..
            }
        ));
        for bad in ["A+0", "A-10", "A+99999999999"] {
            let e = parse_moves(bad).unwrap_err();
            assert!(e.to_string().contains("1 to 9 cells"), "{bad}: {e}");
        }
    }

    #[test]
    fn a_transcript_shows_each_board_and_the_win() {
        let moves = parse_moves("A+2 B+3 A+4 B-1").unwrap();
        let (text, won) = play_text(&level(), &moves).unwrap();
        assert!(won, "{text}");
        assert!(
            text.starts_with("start:\n...B..\n...B..\nAA.B..>\n......\n......\n.....x\n  [2 moves from the nearest win]\n"),
            "{text}"
        );
        assert!(
            text.contains("A+2: A+2 is blocked by vehicle B at (3, 2); A can slide 0 to 1 — not played, not counted\n"),
            "{text}"
        );
        assert!(
            text.contains("move 1: B+3\n......\n......\nAA....>\n...B..\n"),
            "{text}"
        );
        assert!(text.contains("  [1 move from the nearest win]\n"), "{text}");
        assert!(
            text.contains("won in 2 moves and 7 steps: B+3 A+4"),
            "{text}"
        );
        assert!(
            text.ends_with("a win ends play: 1 move after it not played\n"),
            "{text}"
        );
    }

    #[test]
    fn an_unfinished_game_and_bad_input_say_so() {
        let (text, won) = play_text(&level(), &[('A', 1)]).unwrap();
        assert!(!won);
        assert!(
            text.ends_with("not won: car A is not at the exit after 1 move\n"),
            "{text}"
        );
        let e = play_text(&level(), &[('A', 1), ('Q', 1)]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "move 2: the level has no vehicle Q (its vehicles are A to B)"
        );
        let e = play_text(&Level::new(6, 6), &[]).unwrap_err();
        assert!(e.to_string().contains("no primary vehicle"), "{e}");
    }
}
