//! `levelscope analyze FILE... [--json] [--kind K] [--max-states N]`: every
//! level of every file, of any kind, one report (or JSON row) each.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use serde_json::{json, Value};

use crate::engine::{Job, DEFAULT_MAX_STATES};
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
    /// Stop exploring a level after this many states.
    #[arg(long, default_value_t = DEFAULT_MAX_STATES)]
    pub max_states: u64,
    /// Also list up to this many solutions of each kind, shortest first.
    #[arg(long, default_value_t = 0)]
    pub solutions: usize,
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
            let mut readable = read.pack.levels.into_iter();
            let mut levels = Vec::with_capacity(total);
            for i in 0..total {
                let level = match damaged.get(&i) {
                    Some(error) => Err(format!("cannot read the level: {error}")),
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

/// Runs `analyze`; returns the exit code.
pub fn run(args: &AnalyzeArgs, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let mut failed = false;
    let mut report_error = |file: &str, message: &str, out: &mut dyn Write| {
        if args.json {
            let _ = writeln!(out, "{}", json!({ "file": file, "error": message }));
        } else {
            let _ = writeln!(err, "{file}: error: {message}");
        }
    };
    for path in &args.files {
        let levels = match levels_of(path, args.kind) {
            Ok(levels) => levels,
            Err(message) => {
                failed = true;
                report_error(&path.display().to_string(), &message, out);
                continue;
            }
        };
        for (file, level) in levels {
            let started = Instant::now();
            let result = level.and_then(|l| l.analyze(&Job::new(args.max_states)));
            let elapsed_ms = started.elapsed().as_millis();
            match result {
                Ok(analysis) => {
                    let _ = if args.json {
                        writeln!(
                            out,
                            "{}",
                            report_json(&file, &analysis, elapsed_ms, args.solutions)
                        )
                    } else {
                        write!(
                            out,
                            "{}",
                            report_text(&file, &analysis, elapsed_ms, args.solutions)
                        )
                    };
                }
                Err(message) => {
                    failed = true;
                    report_error(&file, &message, out);
                }
            }
            let _ = out.flush();
        }
    }
    if failed {
        super::EXIT_FAILED
    } else {
        0
    }
}
