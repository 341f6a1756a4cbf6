//! `pack stats PACK`: the pack summed up, each kind by its own figures.

use super::*;
use serde_json::Value;

/// Runs `pack stats`; the exit code, or the error in words.
/// With `part`, only the partition's entries are summed up, and with its
/// file the part (each entry with its stored analysis, or a fresh one) is
/// written for `pack merge`.
pub(super) fn stats(
    pack_path: &Path,
    json_out: bool,
    part: Option<(Partition, Option<&Path>)>,
    (budgets, max_memory): (StateBudgets, u64),
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<u8, CommandError> {
    let mut read = load(pack_path, err)?;
    let whole = match part {
        Some((partition, Some(file))) => {
            writable(&read, pack_path)?;
            Some((
                file,
                PartOf {
                    partition,
                    count: read.pack.levels.len() + read.damaged.len(),
                    source: pack_source(&read),
                },
            ))
        }
        _ => None,
    };
    let numbers = take_partition(&mut read, part.map(|(p, _)| p));
    let summaries = summaries(&read.pack, budgets, max_memory);
    if let Some((file, whole)) = whole {
        let mut part = read.clone();
        for (entry, summary) in part.pack.levels.iter_mut().zip(&summaries) {
            // A stored analysis is kept as it is (with its print, or
            // without); a fresh one is stored with the level's print.
            if entry.summary.is_none() {
                entry.set_summary(summary.clone());
            }
        }
        write_part(file, &part, &numbers, whole)?;
    }
    let levels = &read.pack.levels;
    let known: Vec<&LevelSummary> = summaries.iter().flatten().collect();
    // The numbers of a state graph, from the levels whose kind has one.
    let graphs: Vec<&GraphFigures> = known.iter().filter_map(|s| s.graph()).collect();
    let mut kinds = serde_json::Map::new();
    for kind in Kind::ALL {
        let n = levels.iter().filter(|e| e.level.kind() == kind).count();
        if n > 0 {
            kinds.insert(kind.name().into(), json!(n));
        }
    }
    // Each kind's own figures: Skiddy's stars, Prism's difficulties, ….
    let kind_stats: Vec<KindStats> = Kind::ALL
        .into_iter()
        .map(|kind| {
            let of_kind: Vec<Option<&LevelSummary>> = levels
                .iter()
                .zip(&summaries)
                .filter(|(e, _)| e.level.kind() == kind)
                .map(|(_, s)| s.as_ref())
                .collect();
            kind.pack_stats(&of_kind)
        })
        .collect();
    let has_graphs = levels.iter().any(|e| e.level.kind().has_state_graph());
    let with_dead_ends = graphs.iter().filter(|s| s.dead_ends > 0).count();
    let total_traps: u64 = graphs.iter().map(|s| s.traps).sum();
    let max_states_seen = graphs.iter().map(|s| s.states).max();
    let unanalysable = summaries.len() - known.len();
    let efforts = effort_by_kind(levels, &summaries);
    if json_out {
        let mut row = json!({
            "name": read.pack.name,
            "levels": levels.len(),
            "kinds": kinds,
            "damaged": read.damaged.len(),
            "unanalysable": unanalysable,
            "levels_with_dead_ends": with_dead_ends,
            "traps": total_traps,
            "max_states": max_states_seen,
        });
        for (name, value) in kind_stats.into_iter().flat_map(|k| k.json) {
            row[name] = value;
        }
        if !efforts.is_empty() {
            let by_kind: serde_json::Map<String, Value> = efforts
                .iter()
                .map(|e| (e.kind.name().to_string(), e.json()))
                .collect();
            row["effort"] = Value::Object(by_kind);
        }
        let _ = writeln!(out, "{row}");
    } else {
        let _ = writeln!(out, "{}: {}", read.pack.name, levels_word(levels.len()));
        if kinds.len() > 1 {
            let counts: Vec<String> = kinds.iter().map(|(k, n)| format!("{k} {n}")).collect();
            let _ = writeln!(out, "  kinds: {}", counts.join(", "));
        }
        for line in kind_stats.iter().flat_map(|k| &k.lines) {
            let _ = writeln!(out, "  {line}");
        }
        for effort in &efforts {
            let _ = writeln!(out, "  {}", effort.words());
        }
        if has_graphs {
            let _ = writeln!(
                out,
                "  levels with dead ends: {with_dead_ends}, traps in all: {total_traps}"
            );
        }
        if let Some(m) = max_states_seen {
            let _ = writeln!(out, "  largest state graph: {m} states");
        }
        if unanalysable > 0 {
            let _ = writeln!(
                out,
                "  {} could not be analysed (see pack check)",
                levels_word(unanalysable)
            );
        }
        for (i, (e, s)) in numbers.iter().zip(levels.iter().zip(&summaries)) {
            let line = match s {
                Some(s) => match &s.effort {
                    Some(effort) => format!("{}, {}", summary_words(s, true), effort.words()),
                    None => summary_words(s, true),
                },
                None => "not analysed".into(),
            };
            let _ = writeln!(
                out,
                "  {i:>3} {:<24} {:<7} {line}",
                shortened(e.level.name()),
                e.level.kind().name()
            );
        }
    }
    Ok(damage_code(&read))
}

/// The effort scores of one kind's levels in a pack.
struct KindEffort {
    kind: Kind,
    /// The scores, lowest first.
    scores: Vec<f64>,
    /// How many of the kind's levels have no score.
    unscored: usize,
    calibrated: bool,
}

impl KindEffort {
    fn median(&self) -> f64 {
        let n = self.scores.len();
        if n % 2 == 1 {
            self.scores[n / 2]
        } else {
            (self.scores[n / 2 - 1] + self.scores[n / 2]) / 2.0
        }
    }

    /// `"effort (Rush Hour, calibrated on players): 3.1 to 6.0, median 5.2; 1 level unscored"`.
    fn words(&self) -> String {
        let scale = if self.calibrated {
            "calibrated on players"
        } else {
            "relative, not calibrated on players"
        };
        let unscored = match self.unscored {
            0 => String::new(),
            n => format!("; {} unscored", levels_word(n)),
        };
        format!(
            "effort ({}, {scale}): {:.1} to {:.1}, median {:.1}{unscored}",
            self.kind.title(),
            self.scores[0],
            self.scores[self.scores.len() - 1],
            self.median()
        )
    }

    fn json(&self) -> Value {
        json!({
            "scored": self.scores.len(),
            "unscored": self.unscored,
            "calibrated": self.calibrated,
            "min": self.scores[0],
            "median": self.median(),
            "max": self.scores[self.scores.len() - 1],
        })
    }
}

/// The effort scores of each kind with at least one scored level, in the
/// kinds' order (scores are comparable within a kind only).
fn effort_by_kind(levels: &[PackEntry], summaries: &[Option<LevelSummary>]) -> Vec<KindEffort> {
    Kind::ALL
        .into_iter()
        .filter_map(|kind| {
            let of_kind: Vec<Option<&crate::effort::StoredEffort>> = levels
                .iter()
                .zip(summaries)
                .filter(|(e, _)| e.level.kind() == kind)
                .map(|(_, s)| s.as_ref().and_then(|s| s.effort.as_ref()))
                .collect();
            let mut scores: Vec<f64> = of_kind.iter().flatten().map(|e| e.score).collect();
            if scores.is_empty() {
                return None;
            }
            scores.sort_by(f64::total_cmp);
            Some(KindEffort {
                kind,
                unscored: of_kind.len() - scores.len(),
                calibrated: kind.effort_model().calibration.is_some(),
                scores,
            })
        })
        .collect()
}
