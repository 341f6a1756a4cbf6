//! `levelscope play FILE MOVES`: play a move string and print the board
//! after each move, in the level's kind's own words and move letters (see
//! [`crate::kinds::Level::play_text`]).

use std::io::Write;
use std::path::PathBuf;

use crate::kinds::PlayTextError;

/// Arguments of `play`.
#[derive(Debug, clap::Args)]
pub struct PlayArgs {
    /// The level file (in any format of a kind that `play` plays).
    pub file: PathBuf,
    /// The moves: the kind's move letters, in any case (U R D L; Sokoban's
    /// LURD, where a push or a step is told by the board); spaces and
    /// commas are ignored.
    pub moves: String,
}

/// Runs `play`; returns the exit code.
pub fn run(args: &PlayArgs, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let file = crate::file_names::shown(&args.file);
    let level = match crate::pack::read_level_text_file(&args.file)
        .map(|read| {
            if let Some(note) = read.note {
                let _ = writeln!(err, "{file}: note: {note}");
            }
            read.text
        })
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
    match level.play_text(&args.moves) {
        Ok(text) => {
            let _ = write!(out, "{text}");
            0
        }
        Err(e @ PlayTextError::Moves(_)) => {
            let _ = writeln!(err, "error: {e}");
            super::EXIT_USAGE
        }
        Err(e @ (PlayTextError::Level(_) | PlayTextError::NotPlayable { .. })) => {
            let _ = writeln!(err, "{file}: error: {e}");
            super::EXIT_FAILED
        }
    }
}
