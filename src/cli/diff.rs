//! `levelscope diff A B [--json] [--kind K] [--max-states N]`: what an edit
//! changed between two versions of a level: the figures before → after,
//! the verdict's change in the kind's own terms, the cells that differ,
//! and the first version's shortest solutions played on the second. Exit
//! 0 when the verdict is the same or better, 1 when worse, 2 for bad usage
//! or unreadable input.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use serde_json::{json, Value};

use super::analyze::{report_json, Source};
use crate::engine::{default_max_memory, Job, DEFAULT_MAX_STATES};
use crate::kinds::compare::{self, Change, Version};
use crate::kinds::{Analysis, Kind, Level};
use crate::pack::Opened;

/// How many shortest solutions of the first version are played on the
/// second.
const SOLUTIONS_REPLAYED: usize = 5;

/// Arguments of `diff`.
#[derive(Debug, clap::Args)]
pub struct DiffArgs {
    /// The version before: a level file, or `FILE#index` for one level of
    /// a pack or of a file that holds several.
    pub before: String,
    /// The version after, named the same way.
    pub after: String,
    /// Print one JSON object: `before`, `after` (each the level's `analyze
    /// --json` row), `cells`, `solutions` and `change`.
    #[arg(long)]
    pub json: bool,
    /// Read level files as this kind instead of telling it from their
    /// content.
    #[arg(long, value_parser = super::parse_kind)]
    pub kind: Option<Kind>,
    /// Stop exploring a level after this many states.
    #[arg(long, default_value_t = DEFAULT_MAX_STATES, value_parser = super::parse_max_states)]
    pub max_states: u64,
}

/// The level named by `spec` (`FILE` or `FILE#index`), with its source.
pub fn open_level(spec: &str, kind: Option<Kind>) -> Result<(Source, Level), String> {
    let whole = Path::new(spec);
    let (path, index) = match spec.rsplit_once('#') {
        Some((file, n)) if !whole.exists() && n.parse::<usize>().is_ok() => {
            (PathBuf::from(file), n.parse::<usize>().ok())
        }
        _ => (whole.to_path_buf(), None),
    };
    let mut levels = match crate::pack::open_file(&path, kind)? {
        Opened::Pack(read) => read.pack.levels.into_iter().map(|e| e.level).collect(),
        Opened::Levels(levels, _) => levels,
    };
    let count = levels.len();
    let level = match index {
        Some(i) if i < count => levels.swap_remove(i),
        Some(i) => {
            return Err(format!(
                "there is no level #{i}: the file holds {count} (from #0)"
            ))
        }
        None if count == 1 => levels.remove(0),
        None => {
            return Err(format!(
                "the file holds {count} levels: name one as FILE#index (from #0)"
            ))
        }
    };
    Ok((Source { path, index }, level))
}

/// One side of the comparison: where it comes from, the level, and its
/// analysis or why it has none.
struct Side {
    source: Source,
    level: Level,
    analysis: Result<Analysis, String>,
    elapsed_ms: u128,
}

impl Side {
    fn analysed(source: Source, level: Level, max_states: u64) -> Side {
        let started = Instant::now();
        // The two sides are analysed at once: each gets half the memory.
        let job = Job::with_budgets(max_states, default_max_memory() / 2);
        let analysis = level.analyze(&job);
        Side {
            source,
            level,
            analysis,
            elapsed_ms: started.elapsed().as_millis(),
        }
    }

    fn version(&self) -> Version<'_> {
        Version {
            level: &self.level,
            analysis: self.analysis.as_ref().map_err(String::as_str),
        }
    }

    /// The level's `analyze --json` row (with `error` when it has no
    /// analysis).
    fn row(&self) -> Value {
        match &self.analysis {
            Ok(a) => report_json(&self.source, a, self.elapsed_ms, 0),
            Err(e) => {
                let mut row = self.source.json_fields();
                row.insert("kind".into(), json!(self.level.kind().name()));
                row.insert("error".into(), json!(e));
                Value::Object(row)
            }
        }
    }
}

/// The figures of both sides by name, before → after, the changed ones
/// marked.
fn figure_lines(before: &Side, after: &Side) -> Vec<String> {
    let named = |s: &Side| {
        s.version()
            .summary()
            .map(|summary| summary.named_figures())
            .unwrap_or_default()
    };
    let (b, a) = (named(before), named(after));
    let mut names: Vec<&str> = b.iter().map(|(n, _)| *n).collect();
    for (n, _) in &a {
        if !names.contains(n) {
            names.push(n);
        }
    }
    let value = |list: &[(&str, String)], name: &str| {
        list.iter()
            .find(|(n, _)| *n == name)
            .map_or("-".to_string(), |(_, v)| v.clone())
    };
    let width = names.iter().map(|n| n.len()).max().unwrap_or(0);
    names
        .into_iter()
        .map(|name| {
            let (x, y) = (value(&b, name), value(&a, name));
            let mark = if x == y { "" } else { "   (changed)" };
            format!("  {name:<width$}  {x} -> {y}{mark}")
        })
        .collect()
}

/// The change in words: "better: 1 star -> 3 stars".
fn change_words(change: Change, before: &Side, after: &Side) -> String {
    let (b, a) = (before.version().verdict(), after.version().verdict());
    match change {
        Change::Different if before.level.kind() != after.level.kind() => format!(
            "different: a {} level became a {} level",
            before.level.kind().title(),
            after.level.kind().title()
        ),
        Change::Different => format!("different (not comparable): {b} -> {a}"),
        Change::Same if b == a => format!("same: {a}"),
        _ => format!("{}: {b} -> {a}", change.name()),
    }
}

/// Runs `diff`; returns the exit code.
pub fn run(args: &DiffArgs, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let open = |spec: &str, which: &str| {
        open_level(spec, args.kind).map_err(|e| format!("{which} ({spec}): {e}"))
    };
    let (before, after) = match (open(&args.before, "before"), open(&args.after, "after")) {
        (Ok(b), Ok(a)) => (b, a),
        (Err(e), _) | (_, Err(e)) => {
            let _ = writeln!(err, "error: cannot read {e}");
            return super::EXIT_USAGE;
        }
    };
    let (before, after) = rayon::join(
        || Side::analysed(before.0, before.1, args.max_states),
        || Side::analysed(after.0, after.1, args.max_states),
    );
    let change = compare::change(&before.version(), &after.version());
    let cells = compare::changed_cells(&before.level, &after.level);
    let replayed = match (&before.analysis, &after.analysis) {
        (Ok(b), Ok(a)) => compare::replay_solutions(b, a, SOLUTIONS_REPLAYED),
        _ => Vec::new(),
    };
    let written = if args.json {
        let object = json!({
            "before": before.row(),
            "after": after.row(),
            "cells": cells
                .iter()
                .map(|c| json!({"x": c.x, "y": c.y, "before": c.before, "after": c.after}))
                .collect::<Vec<_>>(),
            "solutions": replayed.iter().map(compare::replayed_json).collect::<Vec<_>>(),
            "change": change.name(),
        });
        writeln!(out, "{object}")
    } else {
        let mut text = format!(
            "before: {}\nafter:  {}\nverdict: {}\n",
            before.source.shown(),
            after.source.shown(),
            change_words(change, &before, &after)
        );
        let figures = figure_lines(&before, &after);
        if !figures.is_empty() {
            text.push_str("figures:\n");
            for line in figures {
                text.push_str(&line);
                text.push('\n');
            }
        }
        text.push_str(&format!(
            "cells: {}\n",
            crate::words::counted(cells.len() as u64, "changed", "changed")
        ));
        for c in &cells {
            let shown = |s: &str| {
                if s.is_empty() {
                    "(off the board)".to_string()
                } else {
                    s.to_string()
                }
            };
            text.push_str(&format!(
                "  ({}, {}) {} -> {}\n",
                c.x,
                c.y,
                shown(&c.before),
                shown(&c.after)
            ));
        }
        if !replayed.is_empty() {
            text.push_str("the first version's shortest solutions on the second:\n");
            for r in &replayed {
                let verdict = match (r.solves, r.broken_at) {
                    (true, _) if r.won_at.is_some() => format!(
                        "still a solution, now shorter: won after move {}",
                        r.won_at.unwrap_or(0)
                    ),
                    (true, _) => "still a solution".to_string(),
                    (false, Some(n)) if n == r.length => {
                        "every move plays, but the level is not won at the end".to_string()
                    }
                    (false, Some(n)) => format!("broken at move {n}"),
                    (false, None) => "not a solution".to_string(),
                };
                text.push_str(&format!("  {}: {verdict}\n", r.moves));
            }
        }
        write!(out, "{text}")
    };
    if written.is_err() {
        return super::EXIT_FAILED;
    }
    match change {
        Change::Worse => super::EXIT_FAILED,
        Change::Better | Change::Same | Change::Different => 0,
    }
}
