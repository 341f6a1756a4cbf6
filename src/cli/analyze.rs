//! `levelscope analyze FILE... [--json] [--max-states N]`.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use serde_json::{json, Value};

use crate::engine::{Job, Route, DEFAULT_MAX_STATES};
use crate::kinds::skiddy::{self, Analysis, Level};
use crate::words::counted;

/// Arguments of `analyze`.
#[derive(Debug, clap::Args)]
pub struct AnalyzeArgs {
    /// Level files (ASCII or JSON) or pack files (every level is analysed).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Print one JSON object per file, one per line (JSON Lines).
    #[arg(long)]
    pub json: bool,
    /// Stop exploring a level after this many states.
    #[arg(long, default_value_t = DEFAULT_MAX_STATES)]
    pub max_states: u64,
    /// Also list up to this many solutions of each kind, shortest first.
    #[arg(long, default_value_t = 0)]
    pub solutions: usize,
}

/// The solution kinds with their names in reports.
const ROUTES: [(Route, &str); 3] = [
    (Route::Any, "shortest"),
    (Route::Preferred, "max_combo"),
    (Route::Mixed, "no_combo"),
];

/// A level to analyse, named for the report, or why it cannot be read.
type NamedLevel = (String, Result<Level, String>);

/// The levels of one input file: a level file holds one, a pack file one
/// per entry (named `FILE#index`).
fn levels_of(path: &Path) -> Result<Vec<NamedLevel>, String> {
    let file = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read the file: {e}"))?;
    if text.trim_start().starts_with('{') && text.contains(crate::pack::PACK_FORMAT) {
        let read = crate::pack::parse_pack(&text).map_err(|e| e.to_string())?;
        // Readable entries fill, in order, the places the damaged ones leave.
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
        return Ok(levels);
    }
    let level = skiddy::parse_level(&text).map_err(|e| e.to_string());
    Ok(vec![(file, level)])
}

/// The JSON report of one analysed file.
pub fn report_json(file: &str, analysis: &Analysis, elapsed_ms: u128, solutions: usize) -> Value {
    let s = &analysis.summary;
    let r = &analysis.rating;
    let mut report = json!({
        "file": file,
        "states": s.states,
        "won_states": s.won_states,
        "dead_ends": s.dead_ends,
        "solvable": s.any.shortest.is_some(),
        "shortest": s.any.shortest,
        "shortest_max_combo": s.preferred.shortest,
        "shortest_no_combo": s.mixed.shortest,
        "stars": r.stars,
        "star_reason": r.reason,
        "star_rules": r.rules,
        "depth_histogram": s.depth_histogram,
        "solution": s.any.solution,
        "solution_max_combo": s.preferred.solution,
        "solution_no_combo": s.mixed.solution,
        "solution_counts": {
            "shortest": s.any.count.to_string(),
            "max_combo": s.preferred.count.to_string(),
            "no_combo": s.mixed.count.to_string(),
        },
        "traps": s.traps,
        "first_trap_depth": s.first_trap_depth,
        "elapsed_ms": elapsed_ms,
    });
    if solutions > 0 {
        let mut lists = serde_json::Map::new();
        for (route, name) in ROUTES {
            let (list, truncated) = analysis.solution_list(route, solutions);
            lists.insert(name.to_string(), json!(list));
            if truncated {
                lists.insert(format!("{name}_truncated"), json!(true));
            }
        }
        report["solution_lists"] = Value::Object(lists);
    }
    report
}

fn or_none(v: Option<u32>, solution: &Option<String>) -> String {
    match (v, solution) {
        (Some(n), Some(s)) if !s.is_empty() => format!("{n} ({s})"),
        (Some(n), _) => n.to_string(),
        (None, _) => "none".to_string(),
    }
}

/// The human summary of one analysed file.
pub fn report_text(file: &str, analysis: &Analysis, elapsed_ms: u128, solutions: usize) -> String {
    let s = &analysis.summary;
    let r = &analysis.rating;
    let stars = "★".repeat(r.stars as usize) + &"☆".repeat(3 - r.stars as usize);
    let mut text = format!(
        "{file}: {stars} {} — {}\n",
        counted(r.stars, "star", "stars"),
        r.reason
    );
    text += &format!(
        "  states {} (won {}, dead ends {}), traps {}{}, {} ms\n",
        s.states,
        s.won_states,
        s.dead_ends,
        s.traps,
        s.first_trap_depth
            .map_or(String::new(), |d| format!(" (first at move {d})")),
        elapsed_ms
    );
    text += &format!(
        "  shortest {}, max-combo {}, no-combo {}\n",
        or_none(s.any.shortest, &s.any.solution),
        or_none(s.preferred.shortest, &s.preferred.solution),
        or_none(s.mixed.shortest, &s.mixed.solution)
    );
    let depths: Vec<String> = s
        .depth_histogram
        .iter()
        .enumerate()
        .map(|(d, [n, dead])| {
            if *dead > 0 {
                format!("{d}:{n}/{dead}")
            } else {
                format!("{d}:{n}")
            }
        })
        .collect();
    text += &format!("  states by depth (/dead ends): {}\n", depths.join(" "));
    if solutions > 0 {
        for (route, name) in ROUTES {
            let (list, truncated) = analysis.solution_list(route, solutions);
            let more = if truncated { " (search cut short)" } else { "" };
            text += &format!(
                "  {} solutions{more}: {}\n",
                name.replace('_', "-"),
                list.join(" | ")
            );
        }
    }
    text
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
        let levels = match levels_of(path) {
            Ok(levels) => levels,
            Err(message) => {
                failed = true;
                report_error(&path.display().to_string(), &message, out);
                continue;
            }
        };
        for (file, level) in levels {
            let started = Instant::now();
            let result = level.and_then(|l| {
                skiddy::analyze(&l, &Job::new(args.max_states)).map_err(|e| e.to_string())
            });
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
