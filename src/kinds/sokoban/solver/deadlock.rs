//! Freeze deadlocks: a box that can move along neither axis, and never
//! will, off a goal. A box is blocked along an axis when a wall is on
//! either side of it, when both cells along the axis are dead (a push
//! either way loses it), or when a box on either side is itself frozen
//! with this box taken as a wall (a group of boxes that hold each other).
//! A frozen box off a goal means no solution: the test is sound, so an
//! exhausted search that uses it still proves a level unsolvable.

use super::board::{Board, NO_CELL};

/// How deep the check follows a chain of boxes; past it a box counts as
/// free, which only prunes less.
const MAX_CHAIN: usize = 24;

/// How many boxes one check may look at (a big block of boxes branches
/// at every box); past it a box counts as free, which only prunes less.
const MAX_LOOKS: u32 = 2_000;

/// The freeze test's working list of cells taken as walls.
#[derive(Clone, Debug, Default)]
pub(super) struct FreezeCheck {
    as_wall: Vec<u16>,
    looks: u32,
}

impl FreezeCheck {
    /// Whether the push that put a box on `moved` froze a box off a goal:
    /// `moved` itself or a box next to it. `occupied` flags the box cells
    /// after the push.
    pub(super) fn pushed_into_freeze(
        &mut self,
        board: &Board,
        occupied: &[bool],
        moved: u16,
    ) -> bool {
        let mut candidates = [NO_CELL; 5];
        candidates[0] = moved;
        for d in 0..4 {
            let m = board.next(moved, d);
            if m != NO_CELL && occupied[usize::from(m)] {
                candidates[d + 1] = m;
            }
        }
        candidates
            .into_iter()
            .filter(|&c| c != NO_CELL && !board.is_goal(c))
            .any(|c| {
                self.as_wall.clear();
                self.looks = 0;
                self.frozen(board, occupied, c)
            })
    }

    /// Whether the box on `c` can move along neither axis.
    fn frozen(&mut self, board: &Board, occupied: &[bool], c: u16) -> bool {
        self.looks += 1;
        if self.as_wall.len() >= MAX_CHAIN || self.looks > MAX_LOOKS {
            return false;
        }
        self.as_wall.push(c);
        let frozen = self.blocked(board, occupied, c, 0) && self.blocked(board, occupied, c, 1);
        self.as_wall.pop();
        frozen
    }

    /// Whether the box on `c` cannot move along the vertical axis
    /// (`axis` 0: up and down) or the horizontal one (1: right and left).
    fn blocked(&mut self, board: &Board, occupied: &[bool], c: u16, axis: usize) -> bool {
        let a = board.next(c, axis);
        let b = board.next(c, axis + 2);
        let wall = |x: u16| x == NO_CELL || self.as_wall.contains(&x);
        if wall(a) || wall(b) {
            return true;
        }
        if board.is_dead(a) && board.is_dead(b) {
            return true;
        }
        (occupied[usize::from(a)] && self.frozen(board, occupied, a))
            || (occupied[usize::from(b)] && self.frozen(board, occupied, b))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::sokoban::format::read_xsb_one;
    use crate::kinds::sokoban::rules::Rules;

    /// Whether the box at `(x, y)` of the level is in a freeze deadlock.
    fn freezes(text: &str, x: usize, y: usize) -> bool {
        freezes_and_looks(text, x, y).0
    }

    /// The freeze answer and how many boxes the last check looked at.
    fn freezes_and_looks(text: &str, x: usize, y: usize) -> (bool, u32) {
        let rules = Rules::compile(&read_xsb_one(text).unwrap()).unwrap();
        let board = Board::of(&rules).unwrap();
        let mut occupied = vec![false; board.len()];
        for &b in &rules.start().boxes {
            occupied[b as usize] = true;
        }
        let c = rules.cell_at(x, y).unwrap() as u16;
        let mut check = FreezeCheck::default();
        let frozen = check.pushed_into_freeze(&board, &occupied, c);
        (frozen, check.looks)
    }

    #[test]
    fn two_boxes_side_by_side_against_a_wall_are_frozen() {
        // Against the top wall neither box moves up or down, and each
        // stops the other sliding along it.
        let pair = "#######\n#@$$. #\n#   . #\n#######\n";
        assert!(freezes(pair, 2, 1));
        assert!(freezes(pair, 3, 1));
    }

    #[test]
    fn a_square_of_four_boxes_is_frozen() {
        let square = "#######\n#@    #\n# $$  #\n# $$  #\n# ....#\n#######\n";
        assert!(freezes(square, 3, 3));
        assert!(freezes(square, 2, 2));
    }

    #[test]
    fn a_box_free_along_one_axis_is_not_frozen() {
        // Alone in the open.
        let open = "#######\n#@    #\n#  $  #\n#   . #\n#######\n";
        assert!(!freezes(open, 3, 2));
        // Against the top wall with a goal along it: it still slides.
        let wall = "#######\n#@ $ .#\n#     #\n#######\n";
        assert!(!freezes(wall, 3, 1));
    }

    #[test]
    fn a_big_block_of_boxes_is_found_frozen_within_the_look_bound() {
        // A 6x6 block of boxes in the middle of an open room: no box of
        // a solid block can be pushed (the player would stand on a box,
        // or push into one), though no cell next to it is dead.
        let mut rows = vec!["##############".to_string(), "#@           #".to_string()];
        rows.push("#            #".to_string());
        for _ in 0..6 {
            rows.push("#   $$$$$$   #".to_string());
        }
        for _ in 0..3 {
            rows.push("#............#".to_string());
        }
        rows.push("#            #".to_string());
        rows.push("##############".to_string());
        let text = rows.join("\n") + "\n";
        // The box in the middle of the block, and a corner of it; each
        // check looks at no more boxes than its bound.
        for (x, y) in [(6, 5), (4, 3)] {
            let (frozen, looks) = freezes_and_looks(&text, x, y);
            assert!(frozen, "the box at ({x}, {y})");
            assert!(looks <= MAX_LOOKS, "{looks} boxes looked at");
        }
    }

    #[test]
    fn frozen_boxes_on_goals_are_no_deadlock() {
        let placed = "#######\n#@**  #\n#     #\n#######\n";
        assert!(!freezes(placed, 2, 1));
        assert!(!freezes(placed, 3, 1));
    }
}
