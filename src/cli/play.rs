//! `levelscope play FILE MOVES`: play a move string and print the board
//! after each move, in the level's kind's own words and move letters (see
//! [`crate::kinds::Level::play_text`]). `FILE#index` names one level of a
//! file of several (a collection, a pack); a file of several named
//! without an index is refused.

use std::io::Write;
use std::path::PathBuf;

use super::kind_help::moves_help;
use super::level_spec::LevelSpec;
use crate::engine::{default_max_memory, parse_memory_size};
use crate::kinds::PlayTextError;

/// Arguments of `play`.
#[derive(Debug, clap::Args)]
pub struct PlayArgs {
    /// The level file (in any format of a kind that `play` plays), or
    /// `FILE#index` for one level of a file of several or of a pack.
    pub file: PathBuf,
    /// The moves, in the kind's own notation.
    #[arg(help = moves_help())]
    pub moves: String,
    /// Refuse a file whose reading would need more memory than this
    /// (`512M`, `2G`; default: half the memory available).
    #[arg(long, value_parser = parse_memory_size)]
    pub max_memory: Option<u64>,
}

/// Runs `play`; returns the exit code: 1 when the level cannot be read or
/// played, 2 for bad usage (bad moves, an index that names no level, a file
/// of several levels without one, a file too large for the memory budget).
pub fn run(args: &PlayArgs, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let spec = LevelSpec::parse(&args.file);
    let file = crate::file_names::shown(&args.file);
    let max_memory = args.max_memory.unwrap_or_else(default_max_memory);
    let level = match spec.read(None, max_memory).and_then(|entries| {
        if let Some(note) = &entries.note {
            let _ = writeln!(err, "{file}: note: {note}");
        }
        spec.select(entries)
    }) {
        Ok((_, level)) => level,
        Err(e) => {
            let _ = writeln!(err, "{file}: error: {e}");
            return if e.is_usage() {
                super::EXIT_USAGE
            } else {
                super::EXIT_FAILED
            };
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
