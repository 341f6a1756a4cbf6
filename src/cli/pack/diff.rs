//! `levelscope pack diff OLD NEW [--json]`: two versions of a pack, levels
//! matched by name (the n-th level of a name in one with the n-th of that
//! name in the other): the levels added, removed, moved and changed, each
//! changed one with its verdict's change. Exit 1 when any level got worse,
//! became another kind or could not be compared, so that a designer's CI
//! can refuse a commit that breaks a level.
//!
//! A changed level whose stored summary is known to be of it (stored by
//! levelscope with the print of the board it analysed, the board unchanged
//! since: [`crate::pack::PackEntry::trusted_summary`]) is not analysed
//! again: the stored summary gives its verdict.

use std::collections::HashMap;
use std::io::Write;
use std::path::Path;

use rayon::prelude::*;
use serde_json::{json, Value};

use crate::effort::{effort_change_words, StoredEffort};
use crate::engine::{Job, StateBudgets};
use crate::kinds::text::quoted;
use crate::kinds::version_change::{self, Change, SummaryVersion};
use crate::kinds::{AnalysisError, Level, LevelSummary};

use super::command_error::CommandError;

/// A level matched in both versions.
struct Matched {
    name: String,
    from: usize,
    to: usize,
}

/// A level that changed, with its verdict's change.
struct Changed {
    name: String,
    from: usize,
    to: usize,
    change: Change,
    before: String,
    after: String,
    /// How many cells differ; `None` when the kinds differ and cells are
    /// not compared.
    cells: Option<usize>,
    /// The effort of each version, where it has one.
    effort: (Option<StoredEffort>, Option<StoredEffort>),
}

/// The levels of a pack, each with its stored summary when that is known
/// to be of it.
struct PackLevels {
    levels: Vec<Level>,
    summaries: Vec<Option<LevelSummary>>,
}

/// The levels of the pack at `path`; a pack with entries that cannot be
/// read is refused, each such entry named with why, with the command that
/// saves its readable levels (a diff that skipped them would show them as
/// removed).
fn levels_of(path: &Path) -> Result<PackLevels, CommandError> {
    let read = crate::pack::read_pack(path).map_err(|e| CommandError::pack(path, e))?;
    if !read.is_whole() {
        return Err(CommandError::DiffDamaged {
            path: path.to_path_buf(),
            lost: read.lost(),
        });
    }
    let summaries = read
        .pack
        .levels
        .iter()
        .map(|e| e.trusted_summary().cloned())
        .collect();
    let levels = read.pack.levels.into_iter().map(|e| e.level).collect();
    Ok(PackLevels { levels, summaries })
}

/// Pairs the levels of `old` and `new` by name, the n-th of a name with
/// the n-th: the pairs, and the indices left over on each side.
fn pair(old: &[Level], new: &[Level]) -> (Vec<Matched>, Vec<usize>, Vec<usize>) {
    let mut by_name: HashMap<&str, Vec<usize>> = HashMap::new();
    for (i, l) in new.iter().enumerate() {
        by_name.entry(l.name()).or_default().push(i);
    }
    for list in by_name.values_mut() {
        list.reverse();
    }
    let mut pairs = Vec::new();
    let mut removed = Vec::new();
    for (i, l) in old.iter().enumerate() {
        match by_name.get_mut(l.name()).and_then(Vec::pop) {
            Some(j) => pairs.push(Matched {
                name: l.name().to_string(),
                from: i,
                to: j,
            }),
            None => removed.push(i),
        }
    }
    let mut added: Vec<usize> = by_name.into_values().flatten().collect();
    added.sort_unstable();
    (pairs, removed, added)
}

/// The summary of `level`'s analysis: `stored` when there is one (known
/// to be of this level), else made now under `job`.
fn summary_of(
    level: &Level,
    stored: Option<&LevelSummary>,
    job: impl FnOnce() -> Job,
) -> Result<LevelSummary, AnalysisError> {
    match stored {
        Some(summary) => Ok(summary.clone()),
        None => level.analyze(&job()).map(|a| a.level_summary()),
    }
}

/// Why a level has no summary, in the words a verdict shows (empty when it
/// has one).
fn why_not(summary: &Result<LevelSummary, AnalysisError>) -> String {
    summary
        .as_ref()
        .err()
        .map(ToString::to_string)
        .unwrap_or_default()
}

/// The verdict change of one matched pair whose levels differ, each level
/// with its stored summary when it is known to be of it.
fn changed(
    pair: &Matched,
    (old, old_stored): (&Level, Option<&LevelSummary>),
    (new, new_stored): (&Level, Option<&LevelSummary>),
    (budgets, max_memory): (StateBudgets, u64),
) -> Changed {
    let job = || Job::with_state_budgets(budgets, max_memory / 2);
    let (a, b) = rayon::join(
        || summary_of(old, old_stored, job),
        || summary_of(new, new_stored, job),
    );
    let (a_why, b_why) = (why_not(&a), why_not(&b));
    let before = SummaryVersion {
        level: old,
        summary: a.as_ref().map_err(|_| a_why.as_str()),
    };
    let after = SummaryVersion {
        level: new,
        summary: b.as_ref().map_err(|_| b_why.as_str()),
    };
    Changed {
        name: pair.name.clone(),
        from: pair.from,
        to: pair.to,
        change: version_change::summary_change(&before, &after),
        before: before.verdict(),
        after: after.verdict(),
        cells: (old.kind() == new.kind()).then(|| version_change::changed_cells(old, new).len()),
        effort: (
            a.as_ref().ok().and_then(|s| s.effort.clone()),
            b.as_ref().ok().and_then(|s| s.effort.clone()),
        ),
    }
}

/// Which of `values` belong to one longest increasing run (a longest
/// increasing subsequence, patience sorting in n log n).
fn longest_in_order(values: &[usize]) -> Vec<bool> {
    // tails[k]: index of the smallest last value of a run of length k + 1.
    let mut tails: Vec<usize> = Vec::new();
    let mut before: Vec<Option<usize>> = vec![None; values.len()];
    for (i, &v) in values.iter().enumerate() {
        let k = tails.partition_point(|&t| values[t] < v);
        before[i] = k.checked_sub(1).map(|j| tails[j]);
        if k == tails.len() {
            tails.push(i);
        } else {
            tails[k] = i;
        }
    }
    let mut keep = vec![false; values.len()];
    let mut at = tails.last().copied();
    while let Some(i) = at {
        keep[i] = true;
        at = before[i];
    }
    keep
}

/// Runs `pack diff` with the budgets `(states, max_memory)` of each
/// changed level's analysis; returns the exit code: 1 when any level got
/// worse, became another kind or could not be compared (see
/// [`crate::cli::diff::change_code`]), 2 when a pack cannot be read whole.
pub fn run(
    old_path: &Path,
    new_path: &Path,
    json: bool,
    budgets: (StateBudgets, u64),
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8 {
    let (old_pack, new_pack) = match (levels_of(old_path), levels_of(new_path)) {
        (Ok(o), Ok(n)) => (o, n),
        (Err(e), _) | (_, Err(e)) => {
            let _ = writeln!(err, "error: cannot read {e}");
            return crate::cli::EXIT_USAGE;
        }
    };
    let (old, new) = (&old_pack.levels, &new_pack.levels);
    let (pairs, removed, added) = pair(old, new);
    let changes: Vec<Changed> = pairs
        .par_iter()
        .filter(|p| old[p.from] != new[p.to])
        .map(|p| {
            changed(
                p,
                (&old[p.from], old_pack.summaries[p.from].as_ref()),
                (&new[p.to], new_pack.summaries[p.to].as_ref()),
                budgets,
            )
        })
        .collect();
    // The levels that moved: the fewest whose moving explains the new
    // order, those off a longest run kept in order (one level taken to the
    // end moves that level, not the ones after its old place).
    let in_order = longest_in_order(&pairs.iter().map(|p| p.to).collect::<Vec<_>>());
    let moved: Vec<&Matched> = pairs
        .iter()
        .enumerate()
        .filter(|(i, _)| !in_order[*i])
        .map(|(_, p)| p)
        .collect();
    let any = |change: Change| changes.iter().any(|c| c.change == change);
    let overall = if any(Change::Worse) {
        Change::Worse
    } else if any(Change::Different) {
        Change::Different
    } else if any(Change::Better) {
        Change::Better
    } else {
        Change::Same
    };
    let written = if json {
        let entry = |levels: &[Level], i: usize| json!({"index": i, "name": levels[i].name()});
        let object = json!({
            "added": added.iter().map(|&i| entry(new, i)).collect::<Vec<_>>(),
            "removed": removed.iter().map(|&i| entry(old, i)).collect::<Vec<_>>(),
            "moved": moved
                .iter()
                .map(|m| json!({"name": m.name, "from": m.from, "to": m.to}))
                .collect::<Vec<_>>(),
            "changed": changes
                .iter()
                .map(|c| json!({
                    "name": c.name,
                    "from": c.from,
                    "to": c.to,
                    "change": c.change.name(),
                    "before": c.before,
                    "after": c.after,
                    "cells": c.cells,
                    "effort": {
                        "before": c.effort.0.as_ref().map(|e| e.score),
                        "after": c.effort.1.as_ref().map(|e| e.score),
                        "moved": match &c.effort {
                            (Some(b), Some(a)) => a.moved_metrics(b),
                            _ => Vec::new(),
                        },
                    },
                }))
                .collect::<Vec<Value>>(),
            "unchanged": pairs.len() - changes.len(),
            "change": overall.name(),
        });
        writeln!(out, "{object}")
    } else {
        let mut text = String::new();
        for &i in &added {
            text.push_str(&format!("added:   #{i} {}\n", quoted(new[i].name())));
        }
        for &i in &removed {
            text.push_str(&format!("removed: #{i} {}\n", quoted(old[i].name())));
        }
        for m in &moved {
            text.push_str(&format!(
                "moved:   {} #{} -> #{}\n",
                quoted(&m.name),
                m.from,
                m.to
            ));
        }
        for c in &changes {
            let cells = match c.cells {
                Some(n) => crate::words::counted(n as u64, "cell", "cells"),
                None => format!(
                    "a {} level became a {} level, cells not compared",
                    old[c.from].kind().title(),
                    new[c.to].kind().title()
                ),
            };
            // Said only when both versions have one: a pack stored before
            // there was an effort says nothing of it.
            let effort = match &c.effort {
                (Some(b), Some(a)) => effort_change_words(Some(b), Some(a))
                    .map_or(String::new(), |words| format!("; {words}")),
                _ => String::new(),
            };
            text.push_str(&format!(
                "changed: {} #{} -> #{}, {cells}: {}: {} -> {}{effort}\n",
                quoted(&c.name),
                c.from,
                c.to,
                c.change.name(),
                c.before,
                c.after
            ));
        }
        text.push_str(&format!(
            "{} unchanged; the pack {}\n",
            crate::words::counted((pairs.len() - changes.len()) as u64, "level", "levels"),
            match overall {
                Change::Worse => "got worse",
                Change::Better => "got better",
                Change::Different =>
                    "has levels that cannot be ranked (another kind, or an analysis that did not finish)",
                Change::Same => "kept its verdicts",
            }
        ));
        write!(out, "{text}")
    };
    match written {
        Err(_) => crate::cli::EXIT_FAILED,
        Ok(()) => crate::cli::diff::change_code(overall),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pack::{Pack, PackEntry};

    fn skiddy(text: &str) -> Level {
        let mut level = crate::kinds::read_levels(text, None, Some(crate::kinds::Kind::Skiddy))
            .unwrap()
            .remove(0);
        level.set_name("a");
        level
    }

    /// A summary of `level` no analysis gives: `stars` stars for `verdict`.
    fn crafted(level: &Level, stars: u8, verdict: &str) -> LevelSummary {
        let mut summary = level.analyze(&Job::new(1000)).unwrap().level_summary();
        summary.verdict = verdict.into();
        if let crate::kinds::KindFigures::Skiddy(f) = &mut summary.figures {
            f.stars = stars;
        }
        summary
    }

    /// `pack diff --json` of two one-level packs.
    fn diff_json(old: PackEntry, new: PackEntry) -> (u8, Value) {
        let dir = tempfile::tempdir().unwrap();
        let paths = [dir.path().join("old.json"), dir.path().join("new.json")];
        for (path, entry) in paths.iter().zip([old, new]) {
            let pack = Pack {
                name: "p".into(),
                levels: vec![entry],
            };
            crate::pack::write_pack(path, &pack).unwrap();
        }
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let code = run(
            &paths[0],
            &paths[1],
            true,
            (StateBudgets::given(Some(1_000_000)), 1 << 30),
            &mut out,
            &mut err,
        );
        assert!(err.is_empty(), "{}", String::from_utf8_lossy(&err));
        (code, serde_json::from_slice(&out).unwrap())
    }

    const BEFORE: &str = "#####\n#R.R#\n#...#\n#r###\n";
    const AFTER: &str = "######\n#R...#\n#....#\n##r###\n";

    #[test]
    fn stored_summaries_of_the_two_versions_give_the_change() {
        let mut old = PackEntry::new(skiddy(BEFORE));
        old.set_summary(Some(crafted(&old.level, 3, "crafted before")));
        let mut new = PackEntry::new(skiddy(AFTER));
        new.set_summary(Some(crafted(&new.level, 0, "crafted after")));
        let (code, json) = diff_json(old, new);
        let changed = &json["changed"][0];
        assert_eq!(changed["change"], "worse", "{json}");
        assert!(changed["before"]
            .as_str()
            .unwrap()
            .ends_with("crafted before"));
        assert!(changed["after"]
            .as_str()
            .unwrap()
            .ends_with("crafted after"));
        assert_eq!(code, 1);
    }

    #[test]
    fn a_changed_level_says_how_its_effort_moved() {
        let old = PackEntry::new(skiddy(BEFORE));
        // A wall in the middle: the same 2 moves, but positions farther
        // from the win.
        let new = PackEntry::new(skiddy("#####\n#R..#\n#.#.#\n#..R#\n#r###\n"));
        let (_, json) = diff_json(old.clone(), new.clone());
        let changed = &json["changed"][0];
        let (before, after) = (
            changed["effort"]["before"].as_f64().unwrap(),
            changed["effort"]["after"].as_f64().unwrap(),
        );
        let fresh = |e: &PackEntry| {
            e.level
                .analyze(&Job::new(100_000))
                .unwrap()
                .effort()
                .unwrap()
                .score
        };
        assert!((before - fresh(&old)).abs() < 1e-4, "{json}");
        assert!((after - fresh(&new)).abs() < 1e-4, "{json}");
        assert!(after > before, "{json}");
        let moved = changed["effort"]["moved"].as_array().unwrap();
        assert!(
            moved[0].as_str().unwrap().starts_with("farthest 2 → "),
            "{json}"
        );
    }

    #[test]
    fn a_summary_not_known_to_be_of_its_level_is_analysed_again() {
        let mut old = PackEntry::new(skiddy(BEFORE));
        old.summary = Some(crafted(&old.level, 3, "crafted before"));
        let mut new = PackEntry::new(skiddy(BEFORE));
        new.set_summary(Some(crafted(&new.level, 0, "crafted after")));
        new.level = skiddy(AFTER);
        let headline = |text| {
            skiddy(text)
                .analyze(&Job::new(1_000_000))
                .unwrap()
                .headline()
        };
        let (_, json) = diff_json(old, new);
        let changed = &json["changed"][0];
        assert_eq!(changed["before"], headline(BEFORE).as_str(), "{json}");
        assert_eq!(changed["after"], headline(AFTER).as_str(), "{json}");
    }

    #[test]
    fn one_level_taken_to_the_end_is_the_one_that_moved() {
        assert_eq!(
            longest_in_order(&[9, 1, 2, 3]),
            vec![false, true, true, true]
        );
        assert_eq!(longest_in_order(&[0, 1, 2]), vec![true; 3]);
        assert_eq!(longest_in_order(&[]), Vec::<bool>::new());
    }
}
