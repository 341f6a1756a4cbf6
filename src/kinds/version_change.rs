//! What an edit changed between two versions of a level: the verdict
//! (better, the same, worse, or not comparable, in the kind's own terms),
//! the cells that differ, and whether the first version's solutions still
//! solve the second. Kind-agnostic: the kinds answer through
//! [`super::LevelSummary::verdict_rank`], [`super::Level::describe_cell`]
//! and the engine's state graph.

use serde_json::{json, Value};

use super::{Analysis, Level, LevelSummary};
use crate::engine::Route;

/// How the verdict changed from the first version to the second.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// The second is better.
    Better,
    /// The verdict is the same (other figures may differ).
    Same,
    /// The second is worse.
    Worse,
    /// They cannot be ranked: different kinds, or an answer not known.
    Different,
}

impl Change {
    /// The word `diff --json` writes.
    pub fn name(self) -> &'static str {
        match self {
            Change::Better => "better",
            Change::Same => "same",
            Change::Worse => "worse",
            Change::Different => "different",
        }
    }
}

/// One version of a level with its analysis, or why there is none.
pub struct Version<'a> {
    /// The level.
    pub level: &'a Level,
    /// Its analysis, or why it has none (invalid, or stopped by a budget).
    pub analysis: Result<&'a Analysis, &'a str>,
}

impl Version<'_> {
    /// The summary of the analysis, if there is one.
    pub fn summary(&self) -> Option<LevelSummary> {
        self.analysis.ok().map(Analysis::verdict_summary)
    }

    /// The verdict in words.
    pub fn verdict(&self) -> String {
        match self.analysis {
            Ok(a) => a.headline(),
            Err(e) => e.to_string(),
        }
    }
}

/// One version of a level with the summary of its analysis (made now, or
/// stored and known to be of this level), or why it has none.
pub struct SummaryVersion<'a> {
    /// The level.
    pub level: &'a Level,
    /// The summary of its analysis, or why it has none.
    pub summary: Result<&'a LevelSummary, &'a str>,
}

impl SummaryVersion<'_> {
    /// The verdict's rank: `Some(0)` below every kind's lowest for an
    /// invalid level (it cannot be played at all), `None` when not known.
    fn rank(&self) -> Option<i64> {
        match self.summary {
            Ok(s) => s.verdict_rank().map(|r| i64::from(r) + 1),
            Err(_) if !self.level.is_valid() => Some(0),
            Err(_) => None,
        }
    }

    /// The verdict in words: the headline an analysis gives.
    pub fn verdict(&self) -> String {
        match self.summary {
            Ok(s) => s.headline(),
            Err(e) => e.to_string(),
        }
    }
}

/// How the verdict changed from `before` to `after`.
pub fn change(before: &Version<'_>, after: &Version<'_>) -> Change {
    let (b, a) = (before.summary(), after.summary());
    summary_change(
        &SummaryVersion {
            level: before.level,
            summary: b.as_ref().ok_or(before.analysis.err().unwrap_or_default()),
        },
        &SummaryVersion {
            level: after.level,
            summary: a.as_ref().ok_or(after.analysis.err().unwrap_or_default()),
        },
    )
}

/// How the verdict changed from `before` to `after`, told by their
/// summaries.
pub fn summary_change(before: &SummaryVersion<'_>, after: &SummaryVersion<'_>) -> Change {
    if before.level.kind() != after.level.kind() {
        return Change::Different;
    }
    match (before.rank(), after.rank()) {
        (Some(b), Some(a)) if a > b => Change::Better,
        (Some(b), Some(a)) if a < b => Change::Worse,
        (Some(_), Some(_)) => Change::Same,
        _ => Change::Different,
    }
}

/// A cell that differs between two versions, in words (empty outside a
/// board).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CellChange {
    /// Column.
    pub x: usize,
    /// Row.
    pub y: usize,
    /// What was there.
    pub before: String,
    /// What is there now.
    pub after: String,
}

/// The cells whose contents differ, over both boards (a cell only one of
/// them has is empty in the other).
pub fn changed_cells(before: &Level, after: &Level) -> Vec<CellChange> {
    if before.kind() != after.kind() {
        return Vec::new();
    }
    let (w0, h0) = before.size();
    let (w1, h1) = after.size();
    let mut out = Vec::new();
    for y in 0..h0.max(h1) {
        for x in 0..w0.max(w1) {
            let (b, a) = (before.describe_cell(x, y), after.describe_cell(x, y));
            if a != b {
                out.push(CellChange {
                    x,
                    y,
                    before: b,
                    after: a,
                });
            }
        }
    }
    out
}

/// One solution of the first version played on the second.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replayed {
    /// The moves, as the first version's solution lists write them.
    pub moves: String,
    /// How many moves they are.
    pub length: usize,
    /// The moves the second version plays before the break (all of them
    /// when they all play), as its own move strings write them.
    pub before_break: String,
    /// Whether they still solve the second version.
    pub solves: bool,
    /// The move (from 1) at which they stop being moves of the second
    /// version (a move that changes nothing, or one past the end of play),
    /// or at whose end the level is lost; `None` when they all play.
    pub broken_at: Option<usize>,
    /// The move (from 1) after which the second version is already won,
    /// when that is before the last: the solution got shorter.
    pub won_at: Option<usize>,
}

/// Up to `limit` shortest solutions of `before`, each played on `after`
/// through its state graph. Empty for a kind without moves.
pub fn replay_solutions(before: &Analysis, after: &Analysis, limit: usize) -> Vec<Replayed> {
    let (Some(graph), true) = (after.graph(), before.kind() == after.kind()) else {
        return Vec::new();
    };
    let (list, _) = before.solution_list(Route::Any, limit);
    list.into_iter()
        .filter_map(|moves| {
            let indices = before.move_indices(&moves)?;
            let states = graph.states_along(&indices);
            let played = states.len() - 1;
            let all = played == indices.len();
            let last = *states.last().expect("the start");
            // Won before the end: a win ends play, so the moves after it are
            // not moves; the solution got shorter.
            let won_at = (!all && graph.is_won(last)).then_some(played);
            let solves = (all && graph.is_won(last)) || won_at.is_some();
            let broken_at = if solves {
                None
            } else if all {
                // Every move played, and the level is not won at the end.
                Some(indices.len())
            } else {
                Some(played + 1)
            };
            Some(Replayed {
                moves,
                length: indices.len(),
                before_break: after.move_string(&indices[..played.min(indices.len())]),
                solves,
                broken_at,
                won_at,
            })
        })
        .collect()
}

/// The states a move string (as the solution lists write it) visits on
/// `analysis`'s state graph, from the start; `None` when a word is not one
/// of its moves or the graph has none.
fn states_of(analysis: &Analysis, moves: &str) -> Option<(Vec<u32>, usize)> {
    let graph = analysis.graph()?;
    let indices = analysis.move_indices(moves)?;
    Some((graph.states_along(&indices), indices.len()))
}

/// Whether `moves` solve `analysis`'s level (every move plays, the last
/// state is won).
fn solves(analysis: &Analysis, moves: &str) -> bool {
    let Some(graph) = analysis.graph() else {
        return false;
    };
    states_of(analysis, moves).is_some_and(|(states, n)| {
        states.len() == n + 1 && states.last().is_some_and(|&s| graph.is_won(s))
    })
}

/// Whether `moves` end with a trap on `analysis`'s level: every move plays,
/// the last one from a winnable state into a dead end.
fn falls_into_a_trap(analysis: &Analysis, moves: &str) -> bool {
    let Some(graph) = analysis.graph() else {
        return false;
    };
    states_of(analysis, moves).is_some_and(|(states, n)| {
        let dead = |s: u32| graph.label(s) == crate::engine::Label::DeadEnd;
        states.len() == n + 1 && n > 0 && dead(states[n]) && !dead(states[n - 1])
    })
}

/// The moves into each of the first `limit` traps of `analysis`: the way
/// in and the move into the dead end.
fn trap_moves(analysis: &Analysis, limit: usize) -> Vec<String> {
    let Some(graph) = analysis.graph() else {
        return Vec::new();
    };
    graph
        .traps()
        .iter()
        .take(limit)
        .map(|t| {
            let mut way = graph.path_to(t.from);
            way.push(t.mv);
            analysis.move_string(&way)
        })
        .collect()
}

/// What an edit changed among the moves: the second version's shortest
/// solutions that did not solve the first, and the traps (the way in and
/// the fatal move, as move strings) it added and removed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveChanges {
    /// Solutions of the second version that were not solutions of the
    /// first.
    pub solutions_added: Vec<String>,
    /// Traps of the second version that were not traps of the first.
    pub traps_added: Vec<String>,
    /// Traps of the first version that are not traps of the second.
    pub traps_removed: Vec<String>,
}

/// The solutions and traps an edit added or removed, among the `limit`
/// shortest solutions and the `limit` shallowest traps of each side.
pub fn move_changes(before: &Analysis, after: &Analysis, limit: usize) -> MoveChanges {
    if before.kind() != after.kind() || after.graph().is_none() {
        return MoveChanges::default();
    }
    let (list, _) = after.solution_list(Route::Any, limit);
    MoveChanges {
        solutions_added: list.into_iter().filter(|m| !solves(before, m)).collect(),
        traps_added: trap_moves(after, limit)
            .into_iter()
            .filter(|m| !falls_into_a_trap(before, m))
            .collect(),
        traps_removed: trap_moves(before, limit)
            .into_iter()
            .filter(|m| !falls_into_a_trap(after, m))
            .collect(),
    }
}

/// How many listed solutions the second version gained and lost, for a
/// kind whose solutions are arrangements rather than moves (Tangram), when
/// both versions have the same number of shapes; `None` otherwise.
pub fn placements_gained_and_lost(before: &Analysis, after: &Analysis) -> Option<(usize, usize)> {
    let (b, a) = (before.as_tangram()?, after.as_tangram()?);
    if b.shapes != a.shapes {
        return None;
    }
    let gained = a
        .listed()
        .iter()
        .filter(|p| !b.listed().contains(p))
        .count();
    let lost = b
        .listed()
        .iter()
        .filter(|p| !a.listed().contains(p))
        .count();
    Some((gained, lost))
}

/// Whether a figure's change is good news, by its name (as
/// [`LevelSummary::named_figures`] names it): more stars; fewer dead ends
/// and traps; a count of solutions nearer one; a solution where there was
/// none. `None` when the change is neither (more states, another length).
pub fn figure_better(name: &str, before: &str, after: &str) -> Option<bool> {
    if before == after {
        return None;
    }
    let number = |s: &str| s.parse::<i64>().ok();
    match (name, number(before), number(after)) {
        ("stars", Some(b), Some(a)) => Some(a > b),
        ("dead ends" | "traps" | "deadlocks" | "fatal pushes", Some(b), Some(a)) => Some(a < b),
        ("solutions", Some(b), Some(a)) => Some((a - 1).abs() < (b - 1).abs()),
        (_, None, Some(_)) if before == "none" => Some(true),
        (_, Some(_), None) if after == "none" => Some(false),
        _ => None,
    }
}

/// The JSON of a replayed solution: `moves`, `on_after`, `broken_at`.
pub fn replayed_json(r: &Replayed) -> Value {
    json!({
        "moves": r.moves,
        "on_after": if r.solves { "solution" } else { "not_a_solution" },
        "broken_at": r.broken_at,
        "won_at": r.won_at,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Job;
    use crate::kinds::{read_levels, Kind};

    fn skiddy(text: &str) -> Level {
        read_levels(text, None, Some(Kind::Skiddy))
            .unwrap()
            .remove(0)
    }

    #[test]
    fn a_changed_cell_is_named_in_words_and_the_old_solution_is_replayed() {
        let a = skiddy("#r###\n#R..#\n#...#\n#####\n");
        let b = skiddy("#r###\n#R.##\n#...#\n#####\n");
        let cells = changed_cells(&a, &b);
        assert_eq!(
            cells,
            vec![CellChange {
                x: 3,
                y: 1,
                before: "empty".into(),
                after: "block".into()
            }]
        );
        let (aa, ab) = (
            a.analyze(&Job::default()).unwrap(),
            b.analyze(&Job::default()).unwrap(),
        );
        let replayed = replay_solutions(&aa, &ab, 5);
        assert!(!replayed.is_empty());
        assert!(replayed[0].solves, "U still solves it: {replayed:?}");
        let same = change(
            &Version {
                level: &a,
                analysis: Ok(&aa),
            },
            &Version {
                level: &b,
                analysis: Ok(&ab),
            },
        );
        assert_eq!(same, Change::Same);
    }

    #[test]
    fn an_edit_that_opens_a_dead_end_adds_its_trap_and_undoing_it_removes_it() {
        let clean = skiddy("######\n#R.R.#\n#.#..#\n#oo..#\n##r###\n");
        let dead = skiddy("######\n#R.R.#\n#.#..#\n#o...#\n##r###\n");
        let (a, b) = (
            clean.analyze(&Job::default()).unwrap(),
            dead.analyze(&Job::default()).unwrap(),
        );
        let opened = move_changes(&a, &b, 20);
        assert_eq!(opened.traps_added, vec!["D L U D".to_string()]);
        assert!(opened.traps_removed.is_empty());
        let closed = move_changes(&b, &a, 20);
        assert_eq!(closed.traps_removed, vec!["D L U D".to_string()]);
        assert!(closed.traps_added.is_empty());
    }

    #[test]
    fn a_solution_won_before_its_end_got_shorter() {
        // The right Skiddy leaves down at once when a goal is under it.
        let long = skiddy("#####\n#R.R#\n#...#\n#r###\n");
        let short = skiddy("#####\n#R.R#\n#...#\n#r#r#\n");
        let (a, b) = (
            long.analyze(&Job::default()).unwrap(),
            short.analyze(&Job::default()).unwrap(),
        );
        let replayed = replay_solutions(&a, &b, 20);
        let won_early: Vec<&Replayed> = replayed.iter().filter(|r| r.won_at.is_some()).collect();
        // "D L D": D now takes both Skiddies out at once.
        assert!(
            won_early
                .iter()
                .any(|r| r.moves == "D L D" && r.won_at == Some(1)),
            "{replayed:?}"
        );
        for r in &won_early {
            assert!(r.solves && r.broken_at.is_none(), "{r:?}");
            assert!(r.won_at.unwrap() < r.moves.split_whitespace().count());
        }
        let added = move_changes(&a, &b, 20).solutions_added;
        assert!(!added.is_empty(), "the second goal gives new solutions");
    }
}
