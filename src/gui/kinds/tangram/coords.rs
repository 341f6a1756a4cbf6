//! The editor's one way of naming places on a Tangram board: the rulers'.
//! A square is `(x, y)`, `x` counted rightward from the left column and
//! `y` downward from the top row, from 0, as the rulers around the board
//! and the tag of the square under the pointer count them; a triangle is
//! its square and its side, `(2, 0) bottom`. A shape's move is said left,
//! right, up or down ([`placement_words`]).
//!
//! The level's problems are named so by the model itself
//! ([`crate::kinds::tangram::Triangle::ruler_words`]), on the command line
//! too; only the level file names a triangle `(x,y,z)` with `y` upward.

use crate::kinds::tangram::{Level, Triangle};
use crate::kinds::Problem;

pub use crate::kinds::tangram::report::placement_words;

/// The caption that says how the rulers count, shown above the board
/// (short, to fit the board's column at 1280 points).
pub const RULER_CAPTION: &str = "(x, y): x from the left, y down from the top";

/// The caption's hover text: the rest of the convention.
pub const RULER_DETAIL: &str = "Squares are counted from 0 as the rulers count them; a triangle is its square and its side, (2, 0) bottom. The tooltip, the Problems list and the undo steps name them so; solutions and the hint say how a shape moves in words (one square up). The level file counts y upward from the bottom.";

/// Square `(x, y)` of the rulers (y down): `"(2, 0)"`.
pub fn square_words(x: usize, y: usize) -> String {
    format!("({x}, {y})")
}

/// Triangle `t` of an `n x n` board by its square on the rulers and its
/// side: `"(2, 0) bottom"`. A triangle off the board has no square there:
/// it is named as the file has it, and said so.
pub fn triangle_words(t: Triangle, n: usize) -> String {
    t.ruler_words(n)
}

/// The level's problems as the editor lists them: each triangle named by
/// its square on the rulers ([`triangle_words`]).
pub fn problems(level: &Level) -> Vec<Problem> {
    level.problems()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::tangram::parse_text;
    use crate::kinds::tangram::Placement;

    #[test]
    fn a_triangle_is_named_by_its_square_on_the_rulers() {
        // On a 3x3 board the file's bottom row (y = 0) is the rulers'
        // bottom row, y = 2.
        assert_eq!(triangle_words(Triangle::new(1, 0, 1), 3), "(1, 2) bottom");
        assert_eq!(triangle_words(Triangle::new(0, 2, 3), 3), "(0, 0) top");
        assert_eq!(
            triangle_words(Triangle::new(0, 5, 0), 3),
            "(0,5,0) (as the file has it, y upward)"
        );
    }

    #[test]
    fn problems_name_triangles_by_the_rulers_square() {
        // A 2x2 board: shapes 1 and 2 both hold the bottom triangle of the
        // file's square (0, 0), the rulers' bottom-left square (0, 1); the
        // top row is in no shape.
        let text = "2\n2\nshape\n0,0,0\n0,0,1\n1,0,0\n1,0,1\n1,0,2\n1,0,3\n\
                    shape\n0,0,1\n0,0,2\n0,0,3\n";
        let level = parse_text(text).unwrap();
        let messages: Vec<String> = problems(&level).into_iter().map(|p| p.message).collect();
        assert!(
            messages.contains(&"triangle (0, 1) bottom is in shapes 1 and 2".to_string()),
            "{messages:?}"
        );
        assert!(
            messages.contains(
                &"triangles (0, 0) left, (0, 0) bottom, (0, 0) right and (0, 0) top are in no shape"
                    .to_string()
            ),
            "{messages:?}"
        );
        // The cell each problem marks is the square its message names.
        let marked: Vec<_> = problems(&level)
            .into_iter()
            .filter_map(|p| p.cell)
            .collect();
        assert!(marked.contains(&(0, 1)) && marked.contains(&(0, 0)));
        // The command line says the same: one convention everywhere.
        assert!(level
            .problems()
            .iter()
            .any(|p| p.message == "triangle (0, 1) bottom is in shapes 1 and 2"));
    }

    #[test]
    fn moves_are_said_up_and_down() {
        // Offsets count y upward: (0, 1) is one square up on the board.
        let p = Placement {
            offsets: vec![(0, 1), (0, 0), (2, -1)],
        };
        assert_eq!(
            placement_words(&p),
            "shape 1 one square up, shape 3 two squares right and one square down"
        );
    }
}
