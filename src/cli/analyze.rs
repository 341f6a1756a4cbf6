//! `levelscope analyze FILE... [--json] [--kind K] [--max-states N]
//! [--max-memory SIZE]`: every level of every file, of any kind, one report
//! (or JSON row) each, in the order of the files and of the levels in them.
//! Levels are analysed in parallel, a batch at a time, so that the reports
//! of a long run appear as it goes.

use indicatif::MultiProgress;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use serde_json::{json, Value};

use rayon::prelude::*;

use crate::engine::{default_max_memory, format_bytes, parse_memory_size, Job, DEFAULT_MAX_STATES};
use crate::kinds::{Analysis, Kind, Level};
use crate::pack::Opened;

/// Arguments of `analyze`.
#[derive(Debug, clap::Args)]
pub struct AnalyzeArgs {
    /// Level files (any kind and format) or pack files (every level is
    /// analysed).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Print one JSON object per level, one per line (JSON Lines).
    #[arg(long)]
    pub json: bool,
    /// Read level files as this kind instead of telling it from their
    /// content.
    #[arg(long, value_parser = super::parse_kind)]
    pub kind: Option<Kind>,
    /// Stop exploring a level after this many states; for Tangram, stop
    /// counting after this many search nodes (the count is then a lower
    /// bound: "at least N solutions").
    #[arg(long, default_value_t = DEFAULT_MAX_STATES, value_parser = super::parse_max_states)]
    pub max_states: u64,
    /// Stop exploring a level when its search would need more memory than
    /// this (`512M`, `2G`; default: half the memory available).
    #[arg(long, value_parser = parse_memory_size)]
    pub max_memory: Option<u64>,
    /// Also list up to this many solutions of each level: for a kind with
    /// moves, of each route, shortest first; for Tangram, the first this
    /// many found, each as every shape's offset `[dx, dy]` (`dy` upward).
    #[arg(long, default_value_t = 0)]
    pub solutions: usize,
}

/// How many times its size reading a file takes at most: the text itself
/// and the levels read from it, held compactly (a Prism cell in two bytes
/// for the two bytes of its token; measured: a 20 MB Prism 2017 file of
/// ten 1000x1000 levels reads in 56 MB in all).
pub const READ_FACTOR: u64 = 3;

/// Why reading the file at `path` would not fit `max_memory`, counted
/// before it is read: [`READ_FACTOR`] times its size.
fn over_budget_to_read(path: &Path, max_memory: u64) -> Option<String> {
    let size = std::fs::metadata(path).ok()?.len();
    let needs = size.saturating_mul(READ_FACTOR);
    (needs > max_memory).then(|| {
        format!(
            "the file is {}: reading it takes up to {}, more than the memory budget of {}; \
             raise --max-memory or split the file",
            format_bytes(size),
            format_bytes(needs),
            format_bytes(max_memory)
        )
    })
}

/// A level to analyse, named for the report, or why it cannot be read.
type NamedLevel = (String, Result<Level, String>);

/// The levels of one input file: a level file holds one (or several, named
/// `FILE#index`, where its format holds several), a pack file one per entry
/// (named `FILE#index`, damaged entries in their places).
fn levels_of(path: &Path, kind: Option<Kind>) -> Result<Vec<NamedLevel>, String> {
    let file = path.display().to_string();
    match crate::pack::open_file(path, kind)? {
        Opened::Pack(read) => {
            // Readable entries fill, in order, the places the damaged ones
            // leave.
            let damaged: std::collections::HashMap<usize, String> = read
                .damaged
                .into_iter()
                .map(|d| (d.index, d.error))
                .collect();
            let total = read.pack.levels.len() + damaged.len();
            if total == 0 {
                return Err("the pack holds no levels".into());
            }
            let mut readable = read.pack.levels.into_iter();
            let mut levels = Vec::with_capacity(total);
            for i in 0..total {
                let level = match damaged.get(&i) {
                    Some(error) => Err(format!("levels[{i}] cannot be read: {error}")),
                    None => Ok(readable.next().expect("one readable entry per place").level),
                };
                levels.push((format!("{file}#{i}"), level));
            }
            Ok(levels)
        }
        Opened::Levels(levels, _) if levels.len() == 1 => {
            Ok(levels.into_iter().map(|l| (file.clone(), Ok(l))).collect())
        }
        Opened::Levels(levels, _) => Ok(levels
            .into_iter()
            .enumerate()
            .map(|(i, l)| (format!("{file}#{i}"), Ok(l)))
            .collect()),
    }
}

/// The JSON row of one analysed level: `file`, `kind`, the kind's fields,
/// `elapsed_ms`.
pub fn report_json(file: &str, analysis: &Analysis, elapsed_ms: u128, solutions: usize) -> Value {
    let mut row = serde_json::Map::new();
    row.insert("file".into(), json!(file));
    row.insert("kind".into(), json!(analysis.kind().name()));
    row.extend(analysis.report_fields(solutions));
    row.insert("elapsed_ms".into(), json!(elapsed_ms));
    Value::Object(row)
}

/// The human summary of one analysed level.
pub fn report_text(file: &str, analysis: &Analysis, elapsed_ms: u128, solutions: usize) -> String {
    format!(
        "{file}: {}\n{}  analysed in {elapsed_ms} ms\n",
        analysis.headline(),
        analysis.report_lines(solutions)
    )
}

/// How many levels are analysed side by side before their reports are
/// written.
const BATCH: usize = 256;

/// The report of one level: its text (or JSON line) and whether it failed.
struct Report {
    text: String,
    failed: bool,
}

/// Reports `message` as the error of `file`: a JSON row, or a line for the
/// error stream.
fn error_report(file: &str, message: &str, as_json: bool) -> Report {
    let text = if as_json {
        format!("{}\n", json!({ "file": file, "error": message }))
    } else {
        format!("{file}: error: {message}\n")
    };
    Report { text, failed: true }
}

/// Analyses one level and reports it; a search that runs long shows its
/// progress among `bars`.
fn report_level(
    args: &AnalyzeArgs,
    file: &str,
    level: Result<Level, String>,
    bars: &MultiProgress,
) -> Report {
    let job = match args.max_memory {
        Some(bytes) => Job::new(args.max_states).with_max_memory(bytes),
        None => Job::new(args.max_states),
    };
    let started = Instant::now();
    let result = level.and_then(|l| {
        let unit = if l.kind().has_state_graph() {
            "states"
        } else {
            "nodes"
        };
        super::progress::watched(bars, &job, file, unit, || {
            l.analyze_listing(&job, args.solutions)
        })
    });
    let elapsed_ms = started.elapsed().as_millis();
    match result {
        Ok(analysis) => Report {
            text: if args.json {
                format!(
                    "{}\n",
                    report_json(file, &analysis, elapsed_ms, args.solutions)
                )
            } else {
                report_text(file, &analysis, elapsed_ms, args.solutions)
            },
            failed: false,
        },
        Err(message) => error_report(file, &message, args.json),
    }
}

/// Runs `analyze`; returns the exit code.
pub fn run(args: &AnalyzeArgs, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let bars = MultiProgress::new();
    let mut failed = false;
    let mut write = |report: Report, out: &mut dyn Write, err: &mut dyn Write| {
        failed |= report.failed;
        let sink: &mut dyn Write = if report.failed && !args.json {
            err
        } else {
            out
        };
        let _ = sink.write_all(report.text.as_bytes());
        let _ = sink.flush();
    };
    let mut pending: Vec<NamedLevel> = Vec::new();
    let flush = |pending: &mut Vec<NamedLevel>,
                 out: &mut dyn Write,
                 err: &mut dyn Write,
                 write: &mut dyn FnMut(Report, &mut dyn Write, &mut dyn Write)| {
        let reports: Vec<Report> = std::mem::take(pending)
            .into_par_iter()
            .map(|(file, level)| report_level(args, &file, level, &bars))
            .collect();
        for report in reports {
            write(report, out, err);
        }
    };
    let max_memory = args.max_memory.unwrap_or_else(default_max_memory);
    for path in &args.files {
        let levels = match over_budget_to_read(path, max_memory) {
            Some(message) => Err(message),
            None => levels_of(path, args.kind),
        };
        match levels {
            Ok(levels) => {
                for named in levels {
                    pending.push(named);
                    if pending.len() == BATCH {
                        flush(&mut pending, out, err, &mut write);
                    }
                }
            }
            Err(message) => {
                // Reports keep the order of the files: what waits goes
                // first.
                flush(&mut pending, out, err, &mut write);
                write(
                    error_report(&path.display().to_string(), &message, args.json),
                    out,
                    err,
                );
            }
        }
    }
    flush(&mut pending, out, err, &mut write);
    if failed {
        super::EXIT_FAILED
    } else {
        0
    }
}
