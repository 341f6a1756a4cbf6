//! `levelscope pack diff OLD NEW [--json]`: two versions of a pack, levels
//! matched by name (the n-th level of a name in one with the n-th of that
//! name in the other): the levels added, removed, moved and changed, each
//! changed one with its verdict's change. Exit 1 when any level got worse,
//! so that a designer's CI can refuse a commit that breaks a level.

use std::collections::HashMap;
use std::io::Write;
use std::path::Path;

use rayon::prelude::*;
use serde_json::{json, Value};

use crate::engine::{default_max_memory, Job};
use crate::kinds::compare::{self, Change, Version};
use crate::kinds::text::quoted;
use crate::kinds::Level;

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
    cells: usize,
}

/// The levels of the pack at `path`.
fn levels_of(path: &Path) -> Result<Vec<Level>, String> {
    let read = crate::pack::read_pack(path)
        .map_err(|e| format!("{}: {e}", crate::file_names::shown(path)))?;
    if !read.damaged.is_empty() {
        return Err(format!(
            "{}: {} of its entries cannot be read; repair it first (pack export --skip-damaged)",
            crate::file_names::shown(path),
            read.damaged.len()
        ));
    }
    Ok(read.pack.levels.into_iter().map(|e| e.level).collect())
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

/// The verdict change of one matched pair whose levels differ.
fn changed(pair: &Matched, old: &Level, new: &Level, max_states: u64) -> Changed {
    let job = || Job::with_budgets(max_states, default_max_memory() / 2);
    let (a, b) = rayon::join(|| old.analyze(&job()), || new.analyze(&job()));
    let before = Version {
        level: old,
        analysis: a.as_ref().map_err(String::as_str),
    };
    let after = Version {
        level: new,
        analysis: b.as_ref().map_err(String::as_str),
    };
    Changed {
        name: pair.name.clone(),
        from: pair.from,
        to: pair.to,
        change: compare::change(&before, &after),
        before: before.verdict(),
        after: after.verdict(),
        cells: compare::changed_cells(old, new).len(),
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

/// Runs `pack diff`; returns the exit code.
pub fn run(
    old_path: &Path,
    new_path: &Path,
    json: bool,
    max_states: u64,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8 {
    let (old, new) = match (levels_of(old_path), levels_of(new_path)) {
        (Ok(o), Ok(n)) => (o, n),
        (Err(e), _) | (_, Err(e)) => {
            let _ = writeln!(err, "error: cannot read {e}");
            return super::EXIT_USAGE;
        }
    };
    let (pairs, removed, added) = pair(&old, &new);
    let changes: Vec<Changed> = pairs
        .par_iter()
        .filter(|p| old[p.from] != new[p.to])
        .map(|p| changed(p, &old[p.from], &new[p.to], max_states))
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
    let worse = changes.iter().any(|c| c.change == Change::Worse);
    let overall = if worse {
        Change::Worse
    } else if changes.iter().any(|c| c.change == Change::Better) {
        Change::Better
    } else {
        Change::Same
    };
    let written = if json {
        let entry = |levels: &[Level], i: usize| json!({"index": i, "name": levels[i].name()});
        let object = json!({
            "added": added.iter().map(|&i| entry(&new, i)).collect::<Vec<_>>(),
            "removed": removed.iter().map(|&i| entry(&old, i)).collect::<Vec<_>>(),
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
            text.push_str(&format!(
                "changed: {} #{} -> #{}, {}: {}: {} -> {}\n",
                quoted(&c.name),
                c.from,
                c.to,
                crate::words::counted(c.cells as u64, "cell", "cells"),
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
                Change::Same | Change::Different => "kept its verdicts",
            }
        ));
        write!(out, "{text}")
    };
    match (written, worse) {
        (Err(_), _) => super::EXIT_FAILED,
        (Ok(()), true) => super::EXIT_FAILED,
        (Ok(()), false) => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
