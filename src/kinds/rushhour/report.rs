//! A Rush Hour analysis as the command line reports it: the fields of its
//! JSON row, the lines of its human summary and its headline.

use serde_json::{json, Map, Value};

use super::analysis::Analysis;
use crate::words::counted;

/// The fields of the JSON row (all but `file`, `kind` and `elapsed_ms`):
/// states, won_states, dead_ends, solvable, shortest_moves,
/// shortest_steps, solution, shortest_solutions, depth_histogram,
/// farthest and verdict; with up to `solutions` listed shortest-first
/// solutions in Fogleman's notation under `solution_lists.shortest`.
pub fn json_fields(a: &Analysis, solutions: usize) -> Map<String, Value> {
    let r = &a.report;
    let mut fields = Map::new();
    let mut put = |name: &str, value: Value| {
        fields.insert(name.to_string(), value);
    };
    put("states", json!(r.states));
    put("won_states", json!(r.won_states));
    put("dead_ends", json!(r.dead_ends));
    put("solvable", json!(r.solvable));
    put("shortest_moves", json!(r.shortest_moves));
    put("shortest_steps", json!(r.shortest_steps));
    put("solution", json!(r.solution));
    put("shortest_solutions", json!(r.shortest_solutions));
    put("depth_histogram", json!(r.depth_histogram));
    put("farthest", json!(r.farthest));
    put("verdict", json!(r.verdict));
    if solutions > 0 {
        let (list, truncated) = a.solutions(solutions);
        let mut lists = Map::new();
        lists.insert("shortest".into(), json!(list));
        if truncated {
            lists.insert("shortest_truncated".into(), json!(true));
        }
        fields.insert("solution_lists".into(), Value::Object(lists));
    }
    fields
}

/// The verdict's headline: `"49 moves (93 steps at the fewest), farthest
/// 51"`, `"solved at the start"` or `"unsolvable"`.
pub fn headline(a: &Analysis) -> String {
    let r = &a.report;
    super::figures::headline_words(r.shortest_moves, r.shortest_steps, r.farthest)
}

/// The lines of the human summary after its headline, each ending in a
/// newline, with up to `solutions` listed solutions.
pub fn text_lines(a: &Analysis, solutions: usize) -> String {
    let r = &a.report;
    let mut text = format!(
        "  states {} (won {}, dead ends {}: every move can be undone)\n",
        r.states, r.won_states, r.dead_ends
    );
    match (r.shortest_moves, &r.solution, r.solution_steps) {
        (Some(moves), Some(solution), Some(steps)) => {
            text += &format!(
                "  shortest {moves} moves, {steps} steps ({}); {}\n",
                if solution.is_empty() {
                    "no move"
                } else {
                    solution
                },
                counted(
                    r.shortest_solutions,
                    "shortest solution",
                    "shortest solutions"
                )
            );
            if let Some(fewest) = r.shortest_steps.filter(|&fewest| fewest < steps) {
                text += &format!("  fewest steps {fewest} (with more moves)\n");
            }
        }
        _ => text += "  shortest none\n",
    }
    text += &format!(
        "  farthest from a win in this cluster: {}\n",
        r.farthest.map_or("none (no win)".to_string(), |f| counted(
            f as u64, "move", "moves"
        ))
    );
    let depths: Vec<String> = r
        .depth_histogram
        .iter()
        .enumerate()
        .map(|(d, n)| format!("{d}:{n}"))
        .collect();
    text += &format!("  states by depth: {}\n", depths.join(" "));
    if solutions > 0 {
        let (list, truncated) = a.solutions(solutions);
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
    use crate::kinds::rushhour::analyze;
    use crate::kinds::rushhour::level::{Level, Orientation, Vehicle};

    /// The 7x7 board of the analysis tests: A at (0, 3), truck B in column
    /// 2 on rows 1..=3, car C at (2, 0)..(3, 0): 2 moves (B+3 A+5, 8
    /// steps) or 7 steps in 3 moves (C+1 B-1 A+5).
    fn level() -> Level {
        let mut level = Level::new(7, 7);
        let v = |x, y, length, orientation, primary| Vehicle {
            x,
            y,
            length,
            orientation,
            primary,
        };
        level.vehicles = vec![
            v(0, 3, 2, Orientation::Horizontal, true),
            v(2, 1, 3, Orientation::Vertical, false),
            v(2, 0, 2, Orientation::Horizontal, false),
        ];
        level
    }

    #[test]
    fn the_row_has_every_field_the_issue_names() {
        let a = analyze(&level(), &Job::default()).unwrap();
        let row = json_fields(&a, 2);
        for name in [
            "states",
            "won_states",
            "dead_ends",
            "solvable",
            "shortest_moves",
            "shortest_steps",
            "solution",
            "shortest_solutions",
            "depth_histogram",
            "farthest",
            "verdict",
        ] {
            assert!(row.contains_key(name), "{name} in {row:?}");
        }
        assert_eq!(row["shortest_moves"], json!(2));
        assert_eq!(row["shortest_steps"], json!(7));
        assert_eq!(row["solution"], json!("B+3 A+5"));
        assert_eq!(row["dead_ends"], json!(0));
        assert_eq!(row["shortest_solutions"], json!(1));
        assert_eq!(row["farthest"], json!(a.report.farthest));
        assert_eq!(row["states"], json!(a.report.states));
        let lists = row["solution_lists"]["shortest"].as_array().unwrap();
        assert_eq!(lists.len(), 2);
        assert_eq!(lists[0], json!("B+3 A+5"));
        assert!(!json_fields(&a, 0).contains_key("solution_lists"));
    }

    #[test]
    fn the_lines_and_headline_say_moves_steps_and_farthest() {
        let a = analyze(&level(), &Job::default()).unwrap();
        let farthest = a.report.farthest.unwrap();
        assert_eq!(
            headline(&a),
            format!("2 moves (7 steps at the fewest), farthest {farthest}")
        );
        let lines = text_lines(&a, 1);
        assert!(
            lines.contains("  shortest 2 moves, 8 steps (B+3 A+5); 1 shortest solution\n"),
            "{lines}"
        );
        assert!(
            lines.contains("  fewest steps 7 (with more moves)\n"),
            "{lines}"
        );
        assert!(lines.contains("  solution 1: B+3 A+5\n"), "{lines}");
        assert!(
            lines.contains("dead ends 0: every move can be undone"),
            "{lines}"
        );
        assert!(lines.contains("  states by depth: 0:1 1:"), "{lines}");

        let mut blocked = level();
        blocked.vehicles[2] = Vehicle {
            x: 4,
            y: 3,
            length: 2,
            orientation: Orientation::Horizontal,
            primary: false,
        };
        let a = analyze(&blocked, &Job::default()).unwrap();
        assert_eq!(headline(&a), "unsolvable");
        let lines = text_lines(&a, 3);
        assert!(lines.contains("  shortest none\n"), "{lines}");
        assert!(lines.contains("none (no win)"), "{lines}");
        assert!(!lines.contains("solution 1"), "{lines}");
        let row = json_fields(&a, 1);
        assert_eq!(row["solvable"], json!(false));
        assert_eq!(row["farthest"], Value::Null);
        assert_eq!(row["solution_lists"]["shortest"], json!([]));
    }
}
