//! `levelscope textconv FILE`: a level or pack as stable text for `git
//! diff` (the boards in their kind's own text form, then the verdict and
//! the figures), so that with a `.gitattributes` line and `git config
//! diff.levelscope.textconv "levelscope textconv"` a plain `git diff` shows
//! which cells and which figures changed.

use std::io::Write;
use std::path::PathBuf;

use rayon::prelude::*;

use crate::engine::{default_max_memory, Job, DEFAULT_MAX_STATES};
use crate::kinds::{Level, TextFormat};
use crate::pack::Opened;

/// Arguments of `textconv`.
#[derive(Debug, clap::Args)]
pub struct TextconvArgs {
    /// A level file (any kind and format) or a pack.
    pub file: PathBuf,
    /// Stop analysing a level after this many states.
    #[arg(long, default_value_t = DEFAULT_MAX_STATES, value_parser = super::parse_max_states)]
    pub max_states: u64,
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

/// Runs `textconv`; returns the exit code.
pub fn run(args: &TextconvArgs, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let file = crate::file_names::shown(&args.file);
    let (title, levels) = match crate::pack::open_file(&args.file, None) {
        Ok(Opened::Pack(read)) => (
            Some(format!(
                "pack {:?}, {}\n",
                read.pack.name,
                crate::words::counted(read.pack.levels.len() as u64, "level", "levels")
            )),
            read.pack.levels.into_iter().map(|e| e.level).collect(),
        ),
        Ok(Opened::Levels(levels, _)) => (None, levels),
        Err(e) => {
            let _ = writeln!(err, "{file}: error: {e}");
            return super::EXIT_USAGE;
        }
    };
    // The levels are analysed on every core at once: each gets a share of
    // the memory.
    let share = default_max_memory() / rayon::current_num_threads().max(1) as u64;
    let texts: Vec<String> = levels
        .par_iter()
        .map(|l| level_text(l, &Job::with_budgets(args.max_states, share)))
        .collect();
    let mut text = title.unwrap_or_default();
    let numbered = texts.len() > 1;
    for (i, t) in texts.iter().enumerate() {
        if numbered {
            text.push_str(&format!("\n#{i} "));
        }
        text.push_str(t);
    }
    match write!(out, "{text}") {
        Ok(()) => 0,
        Err(_) => super::EXIT_FAILED,
    }
}
