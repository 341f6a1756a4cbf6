//! A Skiddy analysis as the command line reports it: the fields of its JSON
//! row and the lines of its human summary.

use serde_json::{json, Map, Value};

use super::Analysis;
use crate::engine::Route;
use crate::words::{counted, depth_words};

/// The solution kinds with their names in reports.
const ROUTES: [(Route, &str); 3] = [
    (Route::Any, "shortest"),
    (Route::Preferred, "max_combo"),
    (Route::Mixed, "no_combo"),
];

/// The fields of the JSON row (all but `file`, `kind` and `elapsed_ms`),
/// with up to `solutions` listed solutions of each route.
pub fn json_fields(analysis: &Analysis, solutions: usize) -> Map<String, Value> {
    let s = &analysis.summary;
    let r = &analysis.rating;
    let report = json!({
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
    });
    let Value::Object(mut fields) = report else {
        unreachable!("json! of an object is an object")
    };
    if solutions > 0 {
        let mut lists = Map::new();
        for (route, name) in ROUTES {
            let (list, truncated) = analysis.solution_list(route, solutions);
            lists.insert(name.to_string(), json!(list));
            if truncated {
                lists.insert(format!("{name}_truncated"), json!(true));
            }
        }
        fields.insert("solution_lists".into(), Value::Object(lists));
    }
    fields
}

/// The verdict's headline: the stars drawn, counted, and the reason.
pub fn headline(analysis: &Analysis) -> String {
    stars_headline(analysis.rating.stars, &analysis.rating.reason)
}

/// The headline of a rating of `stars` stars (at most 3) for `reason`.
pub fn stars_headline(stars: u8, reason: &str) -> String {
    let drawn = "★".repeat(stars.min(3) as usize) + &"☆".repeat(3 - stars.min(3) as usize);
    format!("{drawn} {} — {reason}", counted(stars, "star", "stars"))
}

fn or_none(v: Option<u32>, solution: &Option<String>) -> String {
    match (v, solution) {
        (Some(n), Some(s)) if !s.is_empty() => format!("{n} ({s})"),
        (Some(n), _) => n.to_string(),
        (None, _) => "none".to_string(),
    }
}

/// The lines of the human summary after its headline, each ending in a
/// newline.
pub fn text_lines(analysis: &Analysis, solutions: usize) -> String {
    let s = &analysis.summary;
    let mut text = format!(
        "  states {} (won {}, dead ends {}), traps {}{}\n",
        s.states,
        s.won_states,
        s.dead_ends,
        s.traps,
        s.first_trap_depth
            .map_or(String::new(), |d| format!(" (first at move {d})")),
    );
    text += &format!(
        "  shortest {}, max-combo {}, no-combo {}\n",
        or_none(s.any.shortest, &s.any.solution),
        or_none(s.preferred.shortest, &s.preferred.solution),
        or_none(s.mixed.shortest, &s.mixed.solution)
    );
    text += &format!(
        "  states by depth (/dead ends): {}\n",
        depth_words(&s.depth_histogram)
    );
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
