//! A Prism analysis as the command line reports it: the fields of its JSON
//! row and the lines of its human summary.

use serde_json::{json, Map, Value};

use super::Analysis;
use crate::engine::Route;
use crate::words::counted;
use crate::words::depth_words;

/// The fields of the JSON row (all but `file`, `kind` and `elapsed_ms`),
/// with up to `solutions` listed shortest solutions.
pub fn json_fields(analysis: &Analysis, solutions: usize) -> Map<String, Value> {
    let s = &analysis.summary;
    let r = &analysis.rating;
    let report = json!({
        "states": s.states,
        "won_states": s.won_states,
        "dead_ends": s.dead_ends,
        "deaths": analysis.deaths,
        "traps": s.traps,
        "first_trap_depth": s.first_trap_depth,
        "solvable": s.any.shortest.is_some(),
        "shortest": s.any.shortest,
        "solution": s.any.solution,
        "solution_count": s.any.count.to_string(),
        "depth_histogram": s.depth_histogram,
        "difficulty": r.difficulty,
        "difficulty_parts": r.parts,
        "verdict": r.verdict,
    });
    let Value::Object(mut fields) = report else {
        unreachable!("json! of an object is an object")
    };
    if solutions > 0 {
        let (list, truncated) = analysis_solutions(analysis, solutions);
        let mut lists = Map::new();
        lists.insert("shortest".into(), json!(list));
        if truncated {
            lists.insert("shortest_truncated".into(), json!(true));
        }
        fields.insert("solution_lists".into(), Value::Object(lists));
    }
    fields
}

/// Up to `limit` solutions in order of length, as move strings.
fn analysis_solutions(analysis: &Analysis, limit: usize) -> (Vec<String>, bool) {
    let list = analysis.graph.solutions(Route::Any, limit);
    let strings = list
        .solutions
        .iter()
        .map(|m| analysis.move_string(m))
        .collect();
    (strings, list.truncated)
}

/// The verdict's headline: the difficulty and the verdict.
pub fn headline(analysis: &Analysis) -> String {
    difficulty_headline(analysis.rating.difficulty, &analysis.rating.verdict)
}

/// The headline of a verdict with its difficulty, when there is one.
pub fn difficulty_headline(difficulty: Option<u32>, verdict: &str) -> String {
    match difficulty {
        Some(d) => format!("difficulty {d} — {verdict}"),
        None => verdict.to_string(),
    }
}

/// The lines of the human summary after its headline, each ending in a
/// newline.
pub fn text_lines(analysis: &Analysis, solutions: usize) -> String {
    let s = &analysis.summary;
    let p = &analysis.rating.parts;
    let mut text = format!(
        "  states {} (won {}, dead ends {}), traps {}{}, deadly moves {}\n",
        s.states,
        s.won_states,
        s.dead_ends,
        s.traps,
        s.first_trap_depth
            .map_or(String::new(), |d| format!(" (first at move {d})")),
        analysis.deaths,
    );
    match (s.any.shortest, &s.any.solution) {
        (Some(n), Some(moves)) => {
            text += &format!(
                "  shortest {n} ({moves}): {}, {}, {}\n",
                counted(p.switches_pressed, "switch pressed", "switches pressed"),
                counted(p.background_changes, "background", "backgrounds"),
                counted(p.enemies_dodged, "enemy dodged", "enemies dodged"),
            )
        }
        _ => text += "  shortest none\n",
    }
    text += &format!(
        "  states by depth (/dead ends): {}\n",
        depth_words(&s.depth_histogram)
    );
    if solutions > 0 {
        let (list, truncated) = analysis_solutions(analysis, solutions);
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
    use crate::kinds::prism::{analyze, read_2016};

    #[test]
    fn the_row_has_every_field_the_designer_reads() {
        // A 3x1 corridor (the board's least height is 2: the row below is
        // blue blocks, never open): start, a red switch, the exit; red
        // blocks nothing.
        let level = read_2016("3 2\n0\ns R f\nb b b\n").unwrap();
        let a = analyze(&level, &Job::default()).unwrap();
        let row = json_fields(&a, 2);
        assert_eq!(row["shortest"], json!(2));
        assert_eq!(row["solution"], json!("R R"));
        assert_eq!(row["solvable"], json!(true));
        assert_eq!(row["deaths"], json!(0));
        assert_eq!(row["difficulty_parts"]["switches_pressed"], json!(1));
        // Two asked for: the shortest, then the way back over the switch.
        assert_eq!(row["solution_lists"]["shortest"], json!(["R R", "R L R R"]));
        assert!(row["verdict"]
            .as_str()
            .unwrap()
            .contains("solvable in 2 moves"));
        assert!(headline(&a).starts_with("difficulty "));
        assert!(text_lines(&a, 1).contains("solution 1: R R"));
    }
}
