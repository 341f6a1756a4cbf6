//! A Tangram analysis as the command line reports it: the fields of the
//! `analyze --json` row and the lines of the human report.

use serde_json::{json, Map, Value};

use super::analysis::Analysis;
use super::solve::Placement;
use crate::words::counted;

/// The offsets of a placement as JSON: `[[dx, dy], ...]`, one per shape
/// (`dy` upward).
fn offsets_json(placement: &Placement) -> Value {
    Value::Array(
        placement
            .offsets
            .iter()
            .map(|&(dx, dy)| json!([dx, dy]))
            .collect(),
    )
}

/// The kind's fields of the `analyze --json` row: `size`, `shapes`,
/// `solutions` (the exact count, or `null` with `solutions_at_least` when
/// the search stopped; the verdict then says why), `count_is_lower_bound`
/// (whether the search stopped, so that `solutions_at_least` is all that is
/// known), `nodes` (the search nodes visited), `unique`, `verdict`;
/// with `solutions > 0`, the first solutions as every shape's offset
/// (`solution_list`).
pub fn json_fields(analysis: &Analysis, solutions: usize) -> Map<String, Value> {
    let r = &analysis.report;
    let mut fields = Map::new();
    fields.insert("size".into(), json!(analysis.size));
    fields.insert("shapes".into(), json!(analysis.shapes));
    match r.solutions {
        // Counts beyond u64 do not occur on boards of 16 x 16 and less in
        // any budget; a u128 would not be a JSON number, so say it in text.
        Some(n) => fields.insert("solutions".into(), count_json(n)),
        None => {
            fields.insert("solutions".into(), Value::Null);
            fields.insert("solutions_at_least".into(), count_json(r.at_least))
        }
    };
    fields.insert("count_is_lower_bound".into(), json!(r.solutions.is_none()));
    fields.insert("nodes".into(), json!(r.nodes));
    fields.insert("unique".into(), json!(r.unique));
    fields.insert("verdict".into(), json!(analysis.verdict));
    if solutions > 0 {
        let list: Vec<Value> = r.listed.iter().take(solutions).map(offsets_json).collect();
        fields.insert("solution_list".into(), Value::Array(list));
    }
    fields
}

/// A count as a JSON number when it fits in one, else as its decimal text.
fn count_json(n: u128) -> Value {
    u64::try_from(n).map_or_else(|_| json!(n.to_string()), |n| json!(n))
}

/// The verdict's headline for the human report.
pub fn headline(analysis: &Analysis) -> String {
    analysis.verdict.clone()
}

/// The lines of the human report after its headline, each ending in a
/// newline.
pub fn text_lines(analysis: &Analysis, solutions: usize) -> String {
    let r = &analysis.report;
    let count = match r.solutions {
        Some(n) => counted_u128(n),
        None if r.at_least == 0 => "no solution found yet".to_string(),
        None => format!("at least {}", counted_u128(r.at_least)),
    };
    let mut text = format!(
        "  {n} x {n} board, {}; {count}; {} searched\n",
        counted(analysis.shapes as u64, "shape", "shapes"),
        counted(r.nodes, "node", "nodes"),
        n = analysis.size,
    );
    for (i, placement) in r.listed.iter().take(solutions).enumerate() {
        text += &format!("  solution {}: {}\n", i + 1, placement_words(placement));
    }
    if solutions > r.listed.len().min(solutions)
        && r.solutions.is_none_or(|n| n > r.listed.len() as u128)
    {
        text += "  (more solutions not listed)\n";
    }
    text
}

/// `"1 solution"` or `"N solutions"` for a count that may exceed u64.
fn counted_u128(n: u128) -> String {
    if n == 1 {
        "1 solution".into()
    } else {
        format!("{n} solutions")
    }
}

/// A placement in words: the level's own arrangement, or the shapes that
/// move and by how much, said left, right, up or down so that no reader
/// needs to know which way `y` counts (`shape 2 one square right and two
/// squares up`).
pub fn placement_words(placement: &Placement) -> String {
    if placement.is_home() {
        return "the level's own arrangement".into();
    }
    let moved: Vec<String> = placement
        .offsets
        .iter()
        .enumerate()
        .filter(|(_, &o)| o != (0, 0))
        .map(|(i, &o)| format!("shape {} {}", i + 1, super::solve::offset_words(o)))
        .collect();
    moved.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Job;
    use crate::kinds::tangram::analysis::analyze;
    use crate::kinds::tangram::parse_text;

    /// A 2x2 board cut into its four squares, all of one form.
    const FOUR_SQUARES: &str =
        "2\n4\nshape\n0,0,0\n0,0,1\n0,0,2\n0,0,3\nshape\n1,0,0\n1,0,1\n1,0,2\n1,0,3\n\
         shape\n0,1,0\n0,1,1\n0,1,2\n0,1,3\nshape\n1,1,0\n1,1,1\n1,1,2\n1,1,3\n";

    /// A 1x2 board: the left square's 4 triangles are shape 1, the right
    /// square's are shape 2. Both shapes have the same form, so trading
    /// them is not a new solution: exactly one.
    #[test]
    fn two_identical_squares_have_one_solution_and_say_so() {
        let level = parse_text(FOUR_SQUARES).unwrap();
        let a = analyze(&level, 0, &Job::default()).unwrap();
        let row = json_fields(&a, 3);
        assert_eq!(row["size"], json!(2));
        assert_eq!(row["shapes"], json!(4));
        assert_eq!(row["solutions"], json!(1));
        assert_eq!(row["unique"], json!(true));
        assert_eq!(
            row["solution_list"],
            json!([[[0, 0], [0, 0], [0, 0], [0, 0]]])
        );
        assert!(row.get("solutions_at_least").is_none());
        let text = text_lines(&a, 3);
        assert!(
            text.contains("2 x 2 board, 4 shapes; 1 solution;"),
            "{text}"
        );
        assert!(
            text.contains("solution 1: the level's own arrangement"),
            "{text}"
        );
        assert!(!text.contains("more solutions"), "{text}");
    }

    #[test]
    fn a_stopped_search_gives_null_and_a_lower_bound() {
        let level = parse_text(FOUR_SQUARES).unwrap();
        let a = crate::kinds::tangram::analysis::analyze_with_budget(&level, 0, &Job::default(), 1)
            .unwrap();
        let row = json_fields(&a, 0);
        assert_eq!(row["solutions"], Value::Null);
        assert!(row["solutions_at_least"].is_u64());
        assert_eq!(row["count_is_lower_bound"], json!(true));
        assert_eq!(row["nodes"], json!(1));
        assert_eq!(row["unique"], json!(false));
        assert!(row["verdict"]
            .as_str()
            .is_some_and(|v| v.contains("(stopped after 1 node, the budget")));
    }

    #[test]
    fn placements_read_in_words() {
        let p = Placement {
            offsets: vec![(0, 0), (-1, 0), (1, 2)],
        };
        assert_eq!(
            placement_words(&p),
            "shape 2 one square left, shape 3 one square right and two squares up"
        );
    }
}
