//! Resizing a level with an anchor, as Tiled does: the nine places where
//! the old board can sit on the new one, and a plan that says, before
//! anything changes, what the resize would remove, in words a designer can
//! check against the board ("the red Skiddy at (6, 2) falls off"). Each
//! kind's rules are in its own folder (`skiddy/resize.rs`, …), reached
//! through [`Level::resized`].

use super::Level;
use crate::words::counted;

pub(crate) use crate::grid::moved;
pub use crate::grid::Anchor;

/// A resize worked out but not yet applied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResizePlan {
    /// The level at its new size.
    pub level: Level,
    /// What the resize removes or spoils, in words, with the old board's
    /// coordinates; empty when nothing is lost.
    pub losses: Vec<String>,
}

/// Why a kind refuses a size.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ResizeError {
    /// A piece the level cannot be without (Prism's start or exit) would
    /// fall off the new board.
    #[error("a {width}x{height} board would cut off the {what} at ({x}, {y}): move it first")]
    CutOff {
        /// What would fall off: "start", "exit".
        what: &'static str,
        /// Its column on the old board.
        x: usize,
        /// Its row on the old board.
        y: usize,
        /// The new width.
        width: usize,
        /// The new height.
        height: usize,
    },
}

/// "3 blocks and 1 pit" for the plain cells lost, or `None`.
pub(crate) fn plain_losses(parts: &[(usize, &str, &str)], verb: &str) -> Option<String> {
    let named: Vec<String> = parts
        .iter()
        .filter(|(n, _, _)| *n > 0)
        .map(|&(n, one, many)| counted(n as u64, one, many))
        .collect();
    (!named.is_empty()).then(|| format!("{} {verb}", named.join(" and ")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::{prism, skiddy, tangram};

    /// 8x7: a red Skiddy at (6, 2), a blue goal on the right border at
    /// (7, 3), a red goal on the top border at (5, 0).
    fn eight_by_seven() -> Level {
        Level::Skiddy(
            skiddy::parse_level(
                "#####r##\n#......#\n#..B..R#\n#......b\n#......#\n#......#\n########\n",
            )
            .unwrap(),
        )
    }

    fn resize(
        level: &Level,
        width: usize,
        height: usize,
        anchor: Anchor,
    ) -> Result<ResizePlan, ResizeError> {
        level.resized(width, height, anchor)
    }

    #[test]
    fn anchors_shift_the_old_board() {
        assert_eq!(Anchor::TOP_LEFT.offset((8, 7), (6, 7)), (0, 0));
        let right = Anchor { column: 2, row: 1 };
        assert_eq!(right.offset((8, 7), (6, 7)), (-2, 0));
        let centre = Anchor { column: 1, row: 1 };
        assert_eq!(centre.offset((8, 7), (10, 9)), (1, 1));
        assert_eq!(centre.offset((8, 7), (5, 6)), (-2, -1));
        assert_eq!(Anchor::ALL.map(Anchor::name).len(), 9);
        assert_eq!(Anchor { column: 2, row: 2 }.name(), "bottom right");
    }

    #[test]
    fn the_issues_resize_says_what_it_removes() {
        // Width 8 -> 6 from the top left: the red Skiddy at (6, 2) and the
        // blue goal at (7, 3) fall off, and the red goal at (5, 0) ends in
        // the top right corner (the three losses the issue found unsaid).
        let plan = resize(&eight_by_seven(), 6, 7, Anchor::TOP_LEFT).unwrap();
        let text = plan.losses.join("; ");
        assert!(
            text.contains("the red Skiddy at (6, 2) falls off"),
            "{text}"
        );
        assert!(text.contains("the blue goal at (7, 3) falls off"), "{text}");
        assert!(
            text.contains("the red goal at (5, 0) ends up in a corner"),
            "{text}"
        );
        assert_eq!(plan.level.size(), (6, 7));
    }

    #[test]
    fn anchored_right_the_same_resize_keeps_the_right_side() {
        let plan = resize(&eight_by_seven(), 6, 7, Anchor { column: 2, row: 0 }).unwrap();
        let level = plan.level.as_skiddy().unwrap();
        // The blue goal and the red Skiddy keep their places relative to
        // the right edge; the blue Skiddy at (3, 2) lands on (1, 2).
        assert_eq!(
            level.cell(5, 3).floor,
            skiddy::Floor::Goal(skiddy::Colour::Blue)
        );
        assert_eq!(
            level.cell(4, 2).piece,
            Some(skiddy::Piece::Skiddy(skiddy::Colour::Red))
        );
        assert_eq!(
            level.cell(1, 2).piece,
            Some(skiddy::Piece::Skiddy(skiddy::Colour::Blue))
        );
        let text = plan.losses.join("; ");
        assert!(!text.contains("Skiddy"), "{text}");
        assert!(level.problems().is_empty(), "{:?}", level.problems());
    }

    #[test]
    fn growing_loses_nothing_but_a_goal_that_ends_inside() {
        let plan = resize(&eight_by_seven(), 10, 9, Anchor { column: 1, row: 1 }).unwrap();
        let text = plan.losses.join("; ");
        assert_eq!(plan.losses.len(), 2, "{text}");
        assert!(
            text.contains("the red goal at (5, 0) ends up inside"),
            "{text}"
        );
        assert!(
            text.contains("the blue goal at (7, 3) ends up inside"),
            "{text}"
        );
        let same = resize(&eight_by_seven(), 8, 7, Anchor { column: 1, row: 1 }).unwrap();
        assert!(same.losses.is_empty());
        assert_eq!(same.level, eight_by_seven());
    }

    #[test]
    fn prism_refuses_to_cut_off_the_start_and_counts_what_falls_off() {
        let level = Level::Prism(prism::read_2016("4 3\n0\ns r e f\ne G h e\ne e e e\n").unwrap());
        let err = resize(&level, 3, 3, Anchor { column: 2, row: 0 }).unwrap_err();
        assert!(
            err.to_string().contains("cut off the start at (0, 0)"),
            "{err}"
        );
        let cut = resize(&level, 4, 1, Anchor::TOP_LEFT).unwrap();
        let text = cut.losses.join("; ");
        assert!(
            text.contains("the green switch at (1, 1) falls off"),
            "{text}"
        );
        assert!(text.contains("the enemy at (2, 1) falls off"), "{text}");
        let grown = resize(&level, 6, 5, Anchor { column: 2, row: 2 }).unwrap();
        let grown = grown.level.as_prism().unwrap();
        assert_eq!(grown.start, (2, 2));
        assert_eq!(grown.enemies[0].x, 4);
    }

    #[test]
    fn tangram_anchors_follow_the_picture_not_the_row_numbers() {
        // A 2x2 board: shape 1 is the top row, shape 2 the bottom row.
        let mut level = tangram::Level::new(2);
        level.shapes = vec![
            tangram::Shape::new(
                (0..2)
                    .flat_map(|x| (0..4).map(move |z| tangram::Triangle::new(x, 1, z)))
                    .collect(),
            ),
            tangram::Shape::new(
                (0..2)
                    .flat_map(|x| (0..4).map(move |z| tangram::Triangle::new(x, 0, z)))
                    .collect(),
            ),
        ];
        let level = Level::Tangram(level);
        // Cut to 1x1 keeping the top left: the top row's left square stays.
        let top = resize(&level, 1, 1, Anchor::TOP_LEFT).unwrap();
        let kept = top.level.as_tangram().unwrap();
        assert_eq!(kept.shapes.len(), 1);
        assert_eq!(kept.shapes[0].triangles.len(), 4);
        let text = top.losses.join("; ");
        assert!(
            text.contains("shape 1 loses 4 triangles of its 8"),
            "{text}"
        );
        assert!(text.contains("shape 2 falls off"), "{text}");
    }

    #[test]
    fn tangram_cuts_say_which_shapes_lose_what() {
        let level = tangram::parse_text("2\n2\nshape\n0,0,0\n0,0,1\n0,0,2\n0,0,3\nshape\n1,0,0\n1,0,1\n1,0,2\n1,0,3\n0,1,0\n0,1,1\n0,1,2\n0,1,3\n1,1,0\n1,1,1\n1,1,2\n1,1,3\n").unwrap();
        let level = Level::Tangram(level);
        let small = resize(&level, 1, 1, Anchor { column: 0, row: 2 }).unwrap();
        assert_eq!(small.level.as_tangram().unwrap().shapes.len(), 1);
        assert_eq!(
            small.losses,
            ["shape 2 falls off", "1 shape is left, renumbered"]
        );
        let big = resize(&level, 3, 3, Anchor { column: 0, row: 2 }).unwrap();
        assert_eq!(
            big.level.as_tangram().unwrap().shapes,
            level.as_tangram().unwrap().shapes
        );
        assert!(big.losses.is_empty());
    }
}
