//! `levelscope diff A B [--json] [--kind K] [--max-states N] [--max-memory
//! SIZE]`: what an edit changed between two versions of a level: the
//! figures before → after, the verdict's change in the kind's own terms,
//! the cells that differ (not compared between levels of two kinds), and
//! the first version's shortest solutions played on the second. Exit 0 when
//! the verdict is the same or better, 1 when it is worse, of another kind
//! or not comparable, 2 for bad usage or unreadable input.

use std::io::Write;
use std::path::Path;
use std::time::Instant;

use serde_json::{json, Value};

use super::analyze::{report_json, Source};
use super::level_spec::LevelSpec;
use crate::effort::{effort_change_words, StoredEffort};
use crate::engine::{default_max_memory, parse_memory_size, Job, StateBudgets};
use crate::kinds::version_change::{self, Change, Version};
use crate::kinds::{Analysis, AnalysisError, Kind, Level};

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
    /// Stop exploring a level after this many states (Sokoban: this many
    /// positions) [default: 30000000; Sokoban: 200000000 positions]
    #[arg(long, value_parser = super::parse_max_states)]
    pub max_states: Option<u64>,
    /// Refuse a file whose reading would need more memory than this, and
    /// give each side's analysis half of it (`512M`, `2G`; default: half
    /// the memory available).
    #[arg(long, value_parser = parse_memory_size)]
    pub max_memory: Option<u64>,
}

/// The level named by `spec` (`FILE` or `FILE#index`, the index the
/// entry's number in the file), with its source; the file is refused first
/// when reading it would not fit `max_memory`.
pub fn open_level(
    spec: &str,
    kind: Option<Kind>,
    max_memory: u64,
) -> Result<(Source, Level), super::level_spec::LevelSpecError> {
    LevelSpec::parse(Path::new(spec)).open_level(kind, max_memory)
}

/// One side of the comparison: where it comes from, the level, and its
/// analysis or why it has none.
struct Side {
    source: Source,
    level: Level,
    analysis: Result<Analysis, AnalysisError>,
    /// Why it has no analysis, in words (empty when it has one).
    why_not: String,
    elapsed_ms: u128,
}

impl Side {
    fn analysed(source: Source, level: Level, budgets: StateBudgets, max_memory: u64) -> Side {
        let started = Instant::now();
        // The two sides are analysed at once: each gets half the memory.
        let job = Job::with_state_budgets(budgets, max_memory / 2);
        let analysis = level.analyze(&job);
        let why_not = analysis
            .as_ref()
            .err()
            .map(ToString::to_string)
            .unwrap_or_default();
        Side {
            why_not,
            source,
            level,
            analysis,
            elapsed_ms: started.elapsed().as_millis(),
        }
    }

    fn version(&self) -> Version<'_> {
        Version {
            level: &self.level,
            analysis: self.analysis.as_ref().map_err(|_| self.why_not.as_str()),
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
                row.insert("error".into(), json!(e.to_string()));
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

/// Why the two versions' cells are not compared: their kinds differ.
fn kinds_differ(before: &Side, after: &Side) -> Option<String> {
    let (b, a) = (before.level.kind(), after.level.kind());
    (b != a).then(|| {
        format!(
            "the kinds differ (a {} level and a {} level)",
            b.title(),
            a.title()
        )
    })
}

/// The exit code of a comparison: 0 only when the second version is known
/// to be the same or better. Worse, of another kind, or not comparable (an
/// analysis stopped by a budget or impossible) is 1: a CI gate on the exit
/// code must not pass what it cannot vouch for.
pub fn change_code(change: Change) -> u8 {
    match change {
        Change::Better | Change::Same => 0,
        Change::Worse | Change::Different => super::EXIT_FAILED,
    }
}

/// The lines of the cells that changed.
fn cell_lines(cells: &[version_change::CellChange]) -> String {
    let mut text = format!(
        "cells: {}\n",
        crate::words::counted(cells.len() as u64, "changed", "changed")
    );
    for c in cells {
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
    text
}

/// The lines of the first version's solutions played on the second.
fn replayed_lines(replayed: &[version_change::Replayed]) -> String {
    if replayed.is_empty() {
        return String::new();
    }
    let mut text = "the first version's shortest solutions on the second:\n".to_string();
    for r in replayed {
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
    text
}

/// Runs `diff`; returns the exit code (see [`change_code`]; 2 for bad
/// usage or input that cannot be read).
pub fn run(args: &DiffArgs, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let max_memory = args.max_memory.unwrap_or_else(default_max_memory);
    let open = |spec: &str, which: &str| {
        open_level(spec, args.kind, max_memory).map_err(|e| format!("{which} ({spec}): {e}"))
    };
    let (before, after) = match (open(&args.before, "before"), open(&args.after, "after")) {
        (Ok(b), Ok(a)) => (b, a),
        (Err(e), _) | (_, Err(e)) => {
            let _ = writeln!(err, "error: cannot read {e}");
            return super::EXIT_USAGE;
        }
    };
    let (before, after) = rayon::join(
        || {
            Side::analysed(
                before.0,
                before.1,
                StateBudgets::given(args.max_states),
                max_memory,
            )
        },
        || {
            Side::analysed(
                after.0,
                after.1,
                StateBudgets::given(args.max_states),
                max_memory,
            )
        },
    );
    let change = version_change::change(&before.version(), &after.version());
    let not_compared = kinds_differ(&before, &after);
    let cells = version_change::changed_cells(&before.level, &after.level);
    let replayed = match (&before.analysis, &after.analysis) {
        (Ok(b), Ok(a)) => version_change::replay_solutions(b, a, SOLUTIONS_REPLAYED),
        _ => Vec::new(),
    };
    let written = if args.json {
        let cells_json = match &not_compared {
            Some(_) => Value::Null,
            None => cells
                .iter()
                .map(|c| json!({"x": c.x, "y": c.y, "before": c.before, "after": c.after}))
                .collect::<Vec<_>>()
                .into(),
        };
        let mut object = json!({
            "before": before.row(),
            "after": after.row(),
            "cells": cells_json,
            "solutions": replayed.iter().map(version_change::replayed_json).collect::<Vec<_>>(),
            "change": change.name(),
        });
        if change == Change::Different {
            object["why"] = json!(match &not_compared {
                Some(why) => format!("{why}; cells are not compared"),
                None => change_words(change, &before, &after),
            });
        }
        writeln!(out, "{object}")
    } else {
        let mut text = format!(
            "before: {}\nafter:  {}\nverdict: {}\n",
            before.source.shown(),
            after.source.shown(),
            change_words(change, &before, &after)
        );
        let effort = |side: &Side| {
            side.analysis
                .as_ref()
                .ok()
                .and_then(Analysis::effort)
                .map(|e| StoredEffort::from(&e))
        };
        if let Some(words) = effort_change_words(effort(&before).as_ref(), effort(&after).as_ref())
        {
            text.push_str(&words);
            text.push('\n');
        }
        let figures = figure_lines(&before, &after);
        if !figures.is_empty() {
            text.push_str("figures:\n");
            for line in figures {
                text.push_str(&line);
                text.push('\n');
            }
        }
        match &not_compared {
            Some(why) => text.push_str(&format!("cells: not compared: {why}\n")),
            None => text.push_str(&cell_lines(&cells)),
        }
        text.push_str(&replayed_lines(&replayed));
        write!(out, "{text}")
    };
    if written.is_err() {
        return super::EXIT_FAILED;
    }
    change_code(change)
}
