//! `levelscope play FILE MOVES`: play a move string and print the board
//! after each move, with the pieces that left (Skiddy) or the box pushed
//! (Sokoban, moves in LURD).

use std::io::Write;
use std::path::PathBuf;

use crate::engine::{Job, Route};
use crate::kinds::skiddy::rating::moves_word;
use crate::kinds::skiddy::{self, label_name, Dir, Rules};
use crate::kinds::sokoban;

/// Arguments of `play`.
#[derive(Debug, clap::Args)]
pub struct PlayArgs {
    /// The level file (Skiddy ASCII, Sokoban XSB or JSON).
    pub file: PathBuf,
    /// The moves: letters U R D L, in any case (Sokoban's LURD: a push or a
    /// step is told by the board); spaces and commas are ignored.
    pub moves: String,
}

/// Reads a move string such as `"L D"`, `"ld"` or `"U,R"`.
pub fn parse_moves(text: &str) -> Result<Vec<Dir>, String> {
    text.chars()
        .filter(|c| !c.is_whitespace() && *c != ',')
        .map(|c| Dir::from_letter(c).ok_or_else(|| format!("unknown move {c:?}: use U, R, D or L")))
        .collect()
}

/// Plays a LURD string on a Sokoban level (see
/// [`sokoban::transcript`]); returns the exit code.
fn play_sokoban(
    level: &sokoban::Level,
    moves: &str,
    file: &str,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8 {
    let moves = match sokoban::transcript::parse_moves(moves) {
        Ok(m) => m,
        Err(e) => {
            let _ = writeln!(err, "error: {e}");
            return super::EXIT_USAGE;
        }
    };
    match sokoban::transcript::play_text(level, &moves) {
        Ok((text, _)) => {
            let _ = write!(out, "{text}");
            0
        }
        Err(e) => {
            let _ = writeln!(err, "{file}: error: {e}");
            super::EXIT_FAILED
        }
    }
}

/// Runs `play`; returns the exit code.
pub fn run(args: &PlayArgs, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let moves = match parse_moves(&args.moves) {
        Ok(m) => m,
        Err(e) => {
            let _ = writeln!(err, "error: {e}");
            return super::EXIT_USAGE;
        }
    };
    let file = crate::file_names::shown(&args.file);
    let level = match crate::pack::read_text_file(&args.file)
        .and_then(|t| crate::kinds::read_levels(&t, None, None).map_err(|e| e.to_string()))
        .and_then(|levels| {
            levels
                .into_iter()
                .next()
                .ok_or("the file holds no level".into())
        }) {
        Ok(level) => level,
        Err(e) => {
            let _ = writeln!(err, "{file}: error: {e}");
            return super::EXIT_FAILED;
        }
    };
    if let Some(level) = level.as_sokoban() {
        return play_sokoban(level, &args.moves, &file.to_string(), out, err);
    }
    let Some(level) = level.as_skiddy().cloned() else {
        let _ = writeln!(
            err,
            "{file}: error: play shows Skiddy and Sokoban levels; this is a {} level",
            level.kind().title()
        );
        return super::EXIT_FAILED;
    };
    let rules = match Rules::compile(&level) {
        Ok(r) => r,
        Err(e) => {
            let _ = writeln!(err, "{file}: error: {e}");
            return super::EXIT_FAILED;
        }
    };
    // The analysis labels each position; a level too big to analyse is
    // still played, without labels.
    let analysis = skiddy::analyze(&level, &Job::new(2_000_000)).ok();
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
    let _ = write!(
        out,
        "start:\n{}{}",
        rules.render(&positions),
        describe(&positions)
    );
    let mut counted = 0;
    for dir in moves {
        let trace = rules.trace(&positions, dir);
        if !trace.changed {
            let _ = writeln!(
                out,
                "{}: nothing moves — not a move, not counted",
                dir.letter()
            );
            continue;
        }
        counted += 1;
        let mut line = format!("move {counted}: {}", dir.letter());
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
        let _ = write!(
            out,
            "{line}\n{}{}",
            rules.render(&positions),
            describe(&positions)
        );
        if rules.is_won(&positions) {
            let _ = writeln!(out, "won in {}", moves_word(counted));
            return 0;
        }
    }
    let left = positions[..rules.skiddy_count()]
        .iter()
        .filter(|&&p| p != skiddy::rules::GONE)
        .count();
    let _ = writeln!(
        out,
        "not won: {} left after {}",
        crate::words::counted(left as u64, "Skiddy", "Skiddies"),
        moves_word(counted)
    );
    0
}
