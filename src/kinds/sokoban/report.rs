//! A Sokoban analysis as a designer reads it: the numbers, the first fatal
//! push told in words, the verdict, and the command line's JSON fields and
//! text lines.

use std::time::Instant;

use serde_json::{json, Map, Value};

use super::dead::{dead_cells, why_dead, DeadReason};
use super::rules::{Rules, NONE};
use super::steps::StepFigures;
use super::Analysis;
use crate::words::counted;
use crate::words::depth_words;

/// The first push into a deadlock, told in a designer's words.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TrapStory {
    /// The moves from the start to the deadlock.
    pub depth: u32,
    /// The box's cell before the push.
    pub from: (usize, usize),
    /// The box's cell after it.
    pub to: (usize, usize),
    /// The push's direction ("right").
    pub dir: &'static str,
    /// What the push does, after "pushing the box at (x, y) right":
    /// "puts it in a corner where no goal is", … or "leads into a
    /// deadlock" when no simpler reason holds.
    pub words: String,
}

/// The Sokoban report of one analysis.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// All reachable states, start and won ones included.
    pub states: u64,
    /// Won states.
    pub won_states: u64,
    /// States from which no win can be reached: the deadlocks.
    pub dead_ends: u64,
    /// Moves from a winnable state into a deadlock (every one a push).
    pub traps: u64,
    /// The moves from the start to the first deadlock a push can reach.
    pub first_trap_depth: Option<u32>,
    /// The first trap, told.
    pub first_trap: Option<TrapStory>,
    /// Whether some win is reachable.
    pub solvable: bool,
    /// The fewest moves to a win.
    pub shortest_moves: Option<u32>,
    /// The pushes of the shortest-moves solution below.
    pub shortest_pushes: Option<u32>,
    /// The fewest pushes over all solutions.
    pub min_pushes: Option<u32>,
    /// A shortest-moves solution in LURD.
    pub solution: Option<String>,
    /// States and dead ends at each depth.
    pub depth_histogram: Vec<[u64; 2]>,
    /// The dead cells `(x, y)`: a box there can never reach a goal.
    pub dead_cells: Vec<(usize, usize)>,
    /// The verdict in words.
    pub verdict: String,
    /// How long the analysis took, in milliseconds.
    pub elapsed_ms: u64,
}

/// The report of a level's step-level figures and fewest pushes.
pub(crate) fn report(
    rules: &Rules,
    figures: &StepFigures,
    min_pushes: Option<u32>,
    started: Instant,
) -> Report {
    let level = rules.level();
    let dead = dead_cells(level);
    let dead_cells = (0..dead.len())
        .filter(|&i| dead[i])
        .map(|i| (i % level.width(), i / level.width()))
        .collect();
    let solution = figures.solution.clone();
    let shortest_pushes = solution
        .as_ref()
        .map(|l| l.chars().filter(char::is_ascii_uppercase).count() as u32);
    let first_trap = figures.first_trap.map(|t| {
        let depth = t.depth;
        let dir = t.dir;
        let q = rules.next(t.player, dir.index());
        let r = if q == NONE {
            NONE
        } else {
            rules.next(q, dir.index())
        };
        // Every trap is a push (a step can be walked back), so `q` and
        // `r` are cells; should one not be, the story says no more than
        // "into a deadlock".
        if q == NONE || r == NONE {
            let at = rules.xy(t.player);
            return TrapStory {
                depth,
                from: at,
                to: at,
                dir: dir.word(),
                words: "leads into a deadlock".to_string(),
            };
        }
        let (from, to) = (rules.xy(q), rules.xy(r));
        let words = if rules.is_dead(r) {
            match why_dead(level, to.0, to.1) {
                DeadReason::Corner => "puts it in a corner where no goal is".to_string(),
                DeadReason::WallWithoutGoal(_) => {
                    "puts it against the wall where no goal is".to_string()
                }
                DeadReason::Other => "puts it where no push can bring it to a goal".to_string(),
            }
        } else {
            "leads into a deadlock".to_string()
        };
        TrapStory {
            depth,
            from,
            to,
            dir: dir.word(),
            words,
        }
    });
    let mut report = Report {
        states: figures.states,
        won_states: figures.won_states,
        dead_ends: figures.dead_ends,
        traps: figures.traps,
        first_trap_depth: figures.first_trap.map(|t| t.depth),
        first_trap,
        solvable: figures.shortest_moves.is_some(),
        shortest_moves: figures.shortest_moves,
        shortest_pushes,
        min_pushes,
        solution,
        depth_histogram: figures.depth_histogram.clone(),
        dead_cells,
        verdict: String::new(),
        elapsed_ms: 0,
    };
    report.verdict = verdict(&report);
    report.elapsed_ms = started.elapsed().as_millis().min(u64::MAX as u128) as u64;
    report
}

/// The verdict in words. When the shortest-moves solution shown pushes
/// more than the fewest pushes, both numbers are given ("solvable in 9
/// moves (with 5 pushes), or in as few as 3 pushes"); it does not claim the
/// fewest pushes need more moves, since another shortest solution may
/// push less. For example: "solvable in 33 moves and 8 pushes; 25 pushes
/// lead into a deadlock, the first after 6 moves: pushing the box at
/// (3, 4) right puts it against the wall where no goal is".
pub fn verdict(r: &Report) -> String {
    let moves = |n: u32| counted(n, "move", "moves");
    let pushes = |n: u32| counted(n, "push", "pushes");
    let head = match (r.shortest_moves, r.shortest_pushes, r.min_pushes) {
        (Some(0), _, _) => return "solved at the start: every box is on a goal".to_string(),
        (Some(m), Some(p), Some(least)) if least == p => {
            format!("solvable in {} and {}", moves(m), pushes(p))
        }
        (Some(m), Some(p), Some(least)) => format!(
            "solvable in {} (with {}), or in as few as {}",
            moves(m),
            pushes(p),
            pushes(least)
        ),
        _ => {
            return format!(
                "unsolvable: no sequence of moves puts every box on a goal ({} explored, every one a deadlock)",
                counted(r.states, "state", "states")
            )
        }
    };
    let tail = match &r.first_trap {
        None => "no push leads into a deadlock".to_string(),
        Some(t) => format!(
            "{} into a deadlock, the first after {}: pushing the box at ({}, {}) {} {}",
            if r.traps == 1 {
                "1 push leads".to_string()
            } else {
                format!("{} pushes lead", r.traps)
            },
            moves(t.depth),
            t.from.0,
            t.from.1,
            t.dir,
            t.words
        ),
    };
    format!("{head}; {tail}")
}

/// The fields of the JSON row (all but `file`, `kind` and `elapsed_ms`),
/// with up to `solutions` listed shortest solutions in LURD.
pub fn report_fields(analysis: &Analysis, solutions: usize) -> Map<String, Value> {
    let r = &analysis.report;
    let value = json!({
        "states": r.states,
        "won_states": r.won_states,
        "dead_ends": r.dead_ends,
        "traps": r.traps,
        "first_trap_depth": r.first_trap_depth,
        "solvable": r.solvable,
        "shortest_moves": r.shortest_moves,
        "min_pushes": r.min_pushes,
        "solution": r.solution,
        "depth_histogram": r.depth_histogram,
        "dead_cells": r.dead_cells.iter().map(|&(x, y)| [x, y]).collect::<Vec<_>>(),
        "verdict": r.verdict,
    });
    let Value::Object(mut fields) = value else {
        unreachable!("json! of an object is an object")
    };
    fields.insert("positions".into(), json!(analysis.positions.len()));
    fields.insert("position_bytes".into(), json!(analysis.position_bytes));
    if solutions > 0 {
        let (list, truncated) = analysis.solutions(solutions);
        let mut lists = Map::new();
        lists.insert("shortest".into(), json!(list));
        if truncated {
            lists.insert("shortest_truncated".into(), json!(true));
        }
        fields.insert("solution_lists".into(), Value::Object(lists));
    }
    fields
}

/// The lines of the human summary after its headline (the verdict), each
/// ending in a newline.
pub fn report_lines(analysis: &Analysis, solutions: usize) -> String {
    let r = &analysis.report;
    let mut text = format!(
        "  states {} (won {}, deadlocks {}), fatal pushes {}{}\n",
        r.states,
        r.won_states,
        r.dead_ends,
        r.traps,
        r.first_trap_depth
            .map_or(String::new(), |d| format!(" (first at move {d})")),
    );
    match (r.shortest_moves, &r.solution, r.min_pushes) {
        (Some(n), Some(lurd), Some(p)) => {
            text += &format!("  shortest {n} moves ({lurd}); fewest pushes {p}\n")
        }
        _ => text += "  shortest none\n",
    }
    let cells: Vec<String> = r
        .dead_cells
        .iter()
        .map(|(x, y)| format!("({x}, {y})"))
        .collect();
    text += &format!(
        "  dead cells: {}\n",
        if cells.is_empty() {
            "none".to_string()
        } else {
            cells.join(" ")
        }
    );
    text += &format!(
        "  states by depth (/dead ends): {}\n",
        depth_words(&r.depth_histogram)
    );
    if solutions > 0 {
        let (list, truncated) = analysis.solutions(solutions);
        for (i, moves) in list.iter().enumerate() {
            text += &format!("  solution {}: {moves}\n", i + 1);
        }
        if truncated {
            text += "  (more solutions not listed)\n";
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Job;
    use crate::kinds::sokoban::{analyze, read_xsb_one};

    #[test]
    fn the_row_and_the_lines_have_what_the_designer_reads() {
        let a = analyze(
            &read_xsb_one("#####\n# . #\n# $ #\n#@  #\n#####\n").unwrap(),
            &Job::default(),
        )
        .unwrap();
        let row = report_fields(&a, 2);
        assert_eq!(row["shortest_moves"], json!(2));
        assert_eq!(row["min_pushes"], json!(1));
        assert_eq!(row["solution"], json!("rU"));
        assert_eq!(row["solvable"], json!(true));
        assert_eq!(row["solution_lists"]["shortest"][0], json!("rU"));
        assert!(row["positions"].as_u64().unwrap() < row["states"].as_u64().unwrap());
        assert!(row["position_bytes"].as_u64().unwrap() > 0);
        // One push to the win: two positions, the start and the win.
        let one_push = analyze(
            &read_xsb_one("#####\n#@$.#\n#####\n").unwrap(),
            &Job::default(),
        );
        assert_eq!(report_fields(&one_push.unwrap(), 0)["positions"], json!(2));
        let lines = report_lines(&a, 1);
        assert!(
            lines.contains("shortest 2 moves (rU); fewest pushes 1"),
            "{lines}"
        );
        assert!(lines.contains("dead cells: (1, 1)"), "{lines}");
    }

    #[test]
    fn the_corner_and_the_wall_are_named_only_when_they_hold() {
        // Pushing the box left from (2, 2) puts it against the left wall,
        // whose stretch from (1, 1) to (1, 3) has no goal.
        let a = analyze(
            &read_xsb_one("#####\n#   #\n# $@#\n#  .#\n#####\n").unwrap(),
            &Job::default(),
        )
        .unwrap();
        let v = &a.report.verdict;
        assert!(v.contains("pushing the box at (2, 2)"), "{v}");
        assert!(
            v.ends_with("puts it against the wall where no goal is")
                || v.ends_with("puts it in a corner where no goal is"),
            "{v}"
        );
    }
}
