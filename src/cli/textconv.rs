//! `levelscope textconv FILE`: a level or pack as stable text for `git
//! diff` (the boards in their kind's own text form, then the verdict and
//! the figures), so that with a `.gitattributes` line and `git config
//! diff.levelscope.textconv "levelscope textconv"` a plain `git diff` shows
//! which cells and which figures changed. An entry of a pack that cannot
//! be read keeps its number and is named in its place; `FILE#index` gives
//! one level of a file.

use std::io::Write;
use std::path::PathBuf;

use rayon::prelude::*;

use super::level_spec::LevelSpec;
use crate::engine::{default_max_memory, parse_memory_size, Job, DEFAULT_MAX_STATES};
use crate::kinds::{Level, TextFormat};
use crate::pack::entries::FileEntries;

/// Arguments of `textconv`.
#[derive(Debug, clap::Args)]
pub struct TextconvArgs {
    /// A level file (any kind and format) or a pack; `FILE#index` for one
    /// level of it.
    pub file: PathBuf,
    /// Stop analysing a level after this many states.
    #[arg(long, default_value_t = DEFAULT_MAX_STATES, value_parser = super::parse_max_states)]
    pub max_states: u64,
    /// Refuse a file whose reading would need more memory than this, and
    /// share it among the analyses (`512M`, `2G`; default: half the memory
    /// available).
    #[arg(long, value_parser = parse_memory_size)]
    pub max_memory: Option<u64>,
}

/// The board of `level` in its kind's own text form (the first that can
/// say it; JSON when none can).
fn board_text(level: &Level) -> String {
    level
        .kind()
        .formats()
        .iter()
        .filter(|f| **f != TextFormat::JSON)
        .find_map(|&f| level.write(f).ok())
        .or_else(|| level.write(TextFormat::JSON).ok())
        .unwrap_or_default()
}

/// One level as text: its name, kind and size, the board, the verdict and
/// the figures, one a line.
fn level_text(level: &Level, job: &Job) -> String {
    let (w, h) = level.size();
    let name = match level.name() {
        "" => String::new(),
        name => format!(" {name:?}"),
    };
    let mut text = format!(
        "level{name} ({}, {w}x{h})\n{}",
        level.kind().title(),
        board_text(level)
    );
    if !text.ends_with('\n') {
        text.push('\n');
    }
    match level.analyze(job) {
        Ok(analysis) => {
            let summary = analysis.level_summary();
            text.push_str(&format!("verdict: {}\n", analysis.headline()));
            for (name, value) in summary.named_figures() {
                text.push_str(&format!("  {name}: {value}\n"));
            }
        }
        Err(e) => text.push_str(&format!("verdict: not analysed: {e}\n")),
    }
    text
}

/// The text of a file's entries: the pack's title line, then each entry
/// by its number in the file (when there are several): a level's text, or
/// a line in its place saying why it cannot be read.
fn entries_text(entries: &FileEntries, max_states: u64, max_memory: u64) -> String {
    let damaged = entries.entries.iter().filter(|e| e.is_err()).count();
    let mut text = match &entries.pack_name {
        Some(name) if damaged > 0 => format!(
            "pack {name:?}, {} ({damaged} cannot be read)\n",
            crate::words::counted(entries.len() as u64, "level", "levels")
        ),
        Some(name) => format!(
            "pack {name:?}, {}\n",
            crate::words::counted(entries.len() as u64, "level", "levels")
        ),
        None => String::new(),
    };
    // The levels are analysed on every core at once: each gets a share of
    // the memory.
    let share = max_memory / rayon::current_num_threads().max(1) as u64;
    let texts: Vec<String> = entries
        .entries
        .par_iter()
        .map(|entry| match entry {
            Ok(level) => level_text(level, &Job::with_budgets(max_states, share)),
            Err(why) => format!("level: cannot be read: {why}\n"),
        })
        .collect();
    let numbered = texts.len() > 1;
    for (i, t) in texts.iter().enumerate() {
        if numbered {
            text.push_str(&format!("\n#{i} "));
        }
        text.push_str(t);
    }
    if let Some(why) = &entries.broken_end {
        text.push_str(&format!("\n{why}\n"));
    }
    text
}

/// Runs `textconv`; returns the exit code: 0 when the text was printed,
/// even for a damaged pack (git shows nothing of a file whose textconv
/// fails, so the damage is named in the text and on the error stream
/// instead), 2 when the file cannot be read at all or the index names no
/// readable level.
pub fn run(args: &TextconvArgs, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let spec = LevelSpec::parse(&args.file);
    let file = crate::file_names::shown(&spec.path);
    let max_memory = args.max_memory.unwrap_or_else(default_max_memory);
    let read = spec.read(None, max_memory).and_then(|entries| {
        if let Some(note) = &entries.note {
            let _ = writeln!(err, "{file}: note: {note}");
        }
        if spec.index.is_none() {
            return Ok(entries);
        }
        let (_, level) = spec.select(entries)?;
        Ok(FileEntries {
            entries: vec![Ok(level)],
            pack_name: None,
            broken_end: None,
            note: None,
        })
    });
    let entries = match read {
        Ok(entries) => entries,
        Err(e) => {
            let _ = writeln!(err, "{file}: error: {e}");
            return super::EXIT_USAGE;
        }
    };
    for line in entries.damage_lines() {
        let _ = writeln!(err, "{file}: error: {line}");
    }
    let text = entries_text(&entries, args.max_states, max_memory);
    match write!(out, "{text}") {
        Ok(()) => 0,
        Err(_) => super::EXIT_FAILED,
    }
}
