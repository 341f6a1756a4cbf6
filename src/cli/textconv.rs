//! `levelscope textconv FILE`: a level or pack as stable text for `git
//! diff` (the boards in their kind's own text form, then the verdict and
//! the figures), so that with a `.gitattributes` line and `git config
//! diff.levelscope.textconv "levelscope textconv"` a plain `git diff` shows
//! which cells and which figures changed. An entry of a pack that cannot
//! be read keeps its number and is named in its place; `FILE#index` gives
//! one level of a file.
//!
//! A pack entry whose stored summary is known to be of its level (stored
//! by levelscope with the print of the board it analysed, and the board
//! unchanged since: [`crate::pack::PackEntry::trusted_summary`]) is not
//! analysed again: its verdict and figures are the stored ones, the same
//! text an analysis gives, so that `git diff` of a large pack is quick.
//! Every other level is analysed.

use std::io::Write;
use std::path::PathBuf;

use rayon::prelude::*;

use super::level_spec::LevelSpec;
use crate::engine::{default_max_memory, parse_memory_size, Job, StateBudgets};
use crate::kinds::{Level, LevelSummary, TextFormat};
use crate::pack::entries::FileEntries;

/// Arguments of `textconv`.
#[derive(Debug, clap::Args)]
pub struct TextconvArgs {
    /// A level file (any kind and format) or a pack; `FILE#index` for one
    /// level of it.
    pub file: PathBuf,
    /// Stop analysing a level after this many states (Sokoban: this many
    /// positions) [default: 30000000; Sokoban: 200000000 positions]
    #[arg(long, value_parser = super::parse_max_states)]
    pub max_states: Option<u64>,
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
/// the figures, one a line, then the effort and what each metric added to
/// it; those of `stored`, the summary known to be of
/// this level, when there is one, else of an analysis under `job`.
fn level_text(level: &Level, stored: Option<&LevelSummary>, job: &Job) -> String {
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
    let analysed;
    let summary = match stored {
        Some(summary) => summary,
        None => match level.analyze(job) {
            Ok(analysis) => {
                analysed = analysis.level_summary();
                &analysed
            }
            Err(e) => {
                text.push_str(&format!("verdict: not analysed: {e}\n"));
                return text;
            }
        },
    };
    text.push_str(&format!("verdict: {}\n", summary.headline()));
    for (name, value) in summary.named_figures() {
        text.push_str(&format!("  {name}: {value}\n"));
    }
    if let Some(effort) = &summary.effort {
        text.push_str(&format!("  {}\n", effort.words()));
        for part in &effort.contributions {
            text.push_str(&format!("    {}: {:+.2}\n", part.words, part.added));
        }
    }
    text
}

/// The text of a file's entries: the pack's title line, then each entry
/// by its number in the file (when there are several): a level's text, or
/// a line in its place saying why it cannot be read.
fn entries_text(entries: &FileEntries, budgets: StateBudgets, max_memory: u64) -> String {
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
        .enumerate()
        .map(|(i, entry)| match entry {
            Ok(level) => level_text(
                level,
                entries.trusted_summary(i),
                &Job::with_state_budgets(budgets, share),
            ),
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
        let count = entries.len();
        let summaries = entries.summaries.clone();
        let (_, level) = spec.select(entries)?;
        // The index is good once a level was selected; no index, one level.
        let at = spec.number(count)?.unwrap_or(0);
        Ok(FileEntries {
            entries: vec![Ok(level)],
            pack_name: None,
            broken_end: None,
            note: None,
            summaries: vec![summaries.into_iter().nth(at).flatten()],
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
    let text = entries_text(&entries, StateBudgets::given(args.max_states), max_memory);
    match write!(out, "{text}") {
        Ok(()) => 0,
        Err(_) => super::EXIT_FAILED,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pack::{Pack, PackEntry};

    fn skiddy(text: &str, name: &str) -> Level {
        let mut level = crate::kinds::read_levels(text, None, Some(crate::kinds::Kind::Skiddy))
            .unwrap()
            .remove(0);
        level.set_name(name);
        level
    }

    /// The text `textconv` prints for `pack` (written to a file first),
    /// or for its entry `index`.
    fn textconv_of(pack: &Pack, index: Option<usize>) -> String {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("p.json");
        crate::pack::write_pack(&path, pack).unwrap();
        let file = match index {
            Some(i) => PathBuf::from(format!("{}#{i}", path.display())),
            None => path,
        };
        let args = TextconvArgs {
            file,
            max_states: None,
            max_memory: None,
        };
        let (mut out, mut err) = (Vec::new(), Vec::new());
        assert_eq!(run(&args, &mut out, &mut err), 0);
        assert!(err.is_empty(), "{}", String::from_utf8_lossy(&err));
        String::from_utf8(out).unwrap()
    }

    const FIRST: &str = "#####\n#R.R#\n#...#\n#r###\n";
    const SECOND: &str = "######\n#R...#\n#....#\n##r###\n";

    /// A summary no analysis of `level` gives: its verdict and states
    /// changed.
    fn crafted(level: &Level) -> LevelSummary {
        let mut summary = level.analyze(&Job::new(1000)).unwrap().level_summary();
        summary.verdict = "crafted verdict".into();
        summary.graph_mut().unwrap().states = 424_242;
        summary
    }

    #[test]
    fn a_stored_summary_of_the_level_is_shown_and_a_level_without_one_is_analysed() {
        let mut first = PackEntry::new(skiddy(FIRST, "first"));
        first.set_summary(Some(crafted(&first.level)));
        let second = PackEntry::new(skiddy(SECOND, "second"));
        let analysed = second.level.analyze(&Job::new(1000)).unwrap();
        let pack = Pack {
            name: "p".into(),
            levels: vec![first, second],
        };
        let text = textconv_of(&pack, None);
        let (one, two) = text.split_once("\n#1 ").unwrap();
        assert!(one.contains("crafted verdict"), "{one}");
        assert!(one.contains("states: 424242"), "{one}");
        assert!(
            two.contains(&format!("verdict: {}\n", analysed.headline())),
            "{two}"
        );
        assert!(!two.contains("crafted"), "{two}");
        // One level of the pack by its number uses its summary too.
        assert!(textconv_of(&pack, Some(0)).contains("crafted verdict"));
        assert!(!textconv_of(&pack, Some(1)).contains("crafted verdict"));
    }

    #[test]
    fn a_summary_kept_while_the_board_changed_or_never_stamped_is_not_used() {
        let mut edited = PackEntry::new(skiddy(FIRST, "edited"));
        edited.set_summary(Some(crafted(&edited.level)));
        edited.level = skiddy(SECOND, "edited");
        let mut unstamped = PackEntry::new(skiddy(FIRST, "unstamped"));
        unstamped.summary = Some(crafted(&unstamped.level));
        let pack = Pack {
            name: "p".into(),
            levels: vec![edited, unstamped],
        };
        let text = textconv_of(&pack, None);
        assert!(!text.contains("crafted"), "{text}");
        assert_eq!(text.matches("verdict: ").count(), 2, "{text}");
    }

    #[test]
    fn a_true_stored_summary_gives_the_text_an_analysis_gives() {
        let levels: Vec<PackEntry> = [(FIRST, "a"), (SECOND, "b")]
            .iter()
            .map(|(text, name)| PackEntry::new(skiddy(text, name)))
            .collect();
        let mut stored = levels.clone();
        for entry in &mut stored {
            crate::pack::refresh_summary(entry, crate::engine::DEFAULT_MAX_STATES).unwrap();
            assert!(entry.trusted_summary().is_some());
        }
        let pack = |levels| Pack {
            name: "p".into(),
            levels,
        };
        assert_eq!(
            textconv_of(&pack(stored), None),
            textconv_of(&pack(levels), None)
        );
    }

    #[test]
    fn the_effort_and_what_each_metric_added_are_shown() {
        let pack = Pack {
            name: "p".into(),
            levels: vec![PackEntry::new(skiddy(FIRST, "a"))],
        };
        let text = textconv_of(&pack, None);
        let effort = skiddy(FIRST, "a")
            .analyze(&Job::new(100_000))
            .unwrap()
            .effort()
            .unwrap();
        assert!(
            text.contains(&format!("  effort {:.1}\n", effort.score)),
            "{text}"
        );
        for part in &effort.contributions {
            assert!(
                text.contains(&format!("    {}: {:+.2}\n", part.words, part.added)),
                "{text}"
            );
        }
    }
}
