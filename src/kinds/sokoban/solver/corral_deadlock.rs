//! Corral deadlocks (as in JSoko): after a push, a part of the board next
//! to the pushed box that the player cannot reach (a corral) is searched
//! with only its fence boxes on the board. When no sequence of their
//! pushes either puts them all on goals or lets the player into the
//! corral, the fence can never be opened and its boxes never all reach
//! goals: the push is a deadlock. Taking the other boxes off only makes
//! the level easier, so the test is sound; a search that opens the corral
//! or passes [`MAX_NODES`] proves nothing and prunes nothing. Answers are
//! remembered by the fence, the player's area and the corral.
//!
//! It finds what the pattern search of [`super::local_deadlock`] misses
//! when the boxes that lock each other are not the nearest ones: three
//! boxes round a two-cell pocket, with free boxes beside them.

use std::collections::HashMap;

use super::board::{Board, Reach, NO_CELL};
use super::local_deadlock::cannot_all_reach_goals;

/// The most fence boxes one search takes; a bigger corral is left alone.
const MAX_FENCE: usize = 8;

/// The most corral cells looked at; a bigger corral is left alone.
const MAX_CELLS: usize = 64;

/// The most positions one search looks at before it gives up.
const MAX_NODES: usize = 1_000;

/// The most answers remembered; past it the memory is cleared.
const MAX_REMEMBERED: usize = 1 << 20;

/// The corral test's working arrays and remembered answers.
#[derive(Clone, Debug, Default)]
pub(super) struct CorralDeadlocks {
    remembered: HashMap<Box<[u16]>, bool>,
    in_corral: Vec<bool>,
    cells: Vec<u16>,
    fence: Vec<u16>,
    stack: Vec<u16>,
    occupied: Vec<bool>,
    reach: Option<Reach>,
}

impl CorralDeadlocks {
    /// Whether the push that put a box on `moved` closed a corral beside
    /// it, or beside a box it touches, that can never be opened. `occupied` flags every box cell after
    /// the push, `reach` is the player's area after it, and `player` a
    /// cell of that area.
    pub(super) fn pushed_into_deadlock(
        &mut self,
        board: &Board,
        occupied: &[bool],
        reach: &Reach,
        moved: u16,
        player: u16,
    ) -> bool {
        if self.in_corral.len() != board.len() {
            self.in_corral = vec![false; board.len()];
            self.occupied = vec![false; board.len()];
        }
        // The free cells beside the pushed box and beside the boxes that
        // touch it: the box may have closed a corral, or locked a fence
        // box that was free.
        let mut starts = [NO_CELL; 20];
        for d in 0..4 {
            let m = board.next(moved, d);
            starts[d] = m;
            if m != NO_CELL && occupied[usize::from(m)] {
                for e in 0..4 {
                    starts[4 + 4 * d + e] = board.next(m, e);
                }
            }
        }
        for start in starts {
            if start == NO_CELL
                || occupied[usize::from(start)]
                || reach.reached(start)
                || self.in_corral[usize::from(start)]
            {
                continue;
            }
            let fenced = self.label(board, occupied, reach, start);
            let dead = fenced && self.fence_is_dead(board, player);
            for &c in &self.cells {
                self.in_corral[usize::from(c)] = false;
            }
            if dead {
                return true;
            }
        }
        false
    }

    /// Collects the corral holding the free cell `start` into `cells` and
    /// the boxes next to it into `fence` (cells marked in `in_corral` until
    /// the caller clears them); whether it is small enough to search.
    fn label(&mut self, board: &Board, occupied: &[bool], reach: &Reach, start: u16) -> bool {
        self.cells.clear();
        self.fence.clear();
        self.stack.clear();
        self.stack.push(start);
        self.in_corral[usize::from(start)] = true;
        while let Some(c) = self.stack.pop() {
            self.cells.push(c);
            if self.cells.len() > MAX_CELLS {
                // Unmark what is still waiting, so the caller's clearing
                // of `cells` leaves nothing marked.
                for &w in &self.stack {
                    self.in_corral[usize::from(w)] = false;
                }
                self.stack.clear();
                return false;
            }
            for d in 0..4 {
                let m = board.next(c, d);
                if m == NO_CELL {
                    continue;
                }
                if occupied[usize::from(m)] {
                    if !self.fence.contains(&m) {
                        self.fence.push(m);
                    }
                } else if !reach.reached(m) && !self.in_corral[usize::from(m)] {
                    self.in_corral[usize::from(m)] = true;
                    self.stack.push(m);
                }
            }
        }
        if self.fence.len() > MAX_FENCE {
            return false;
        }
        // The boxes that hold the fence boxes in place come too, as many
        // as fit.
        let mut i = 0;
        while i < self.fence.len() && self.fence.len() < MAX_FENCE {
            let f = self.fence[i];
            i += 1;
            for d in 0..4 {
                let m = board.next(f, d);
                if m != NO_CELL
                    && occupied[usize::from(m)]
                    && !self.fence.contains(&m)
                    && self.fence.len() < MAX_FENCE
                {
                    self.fence.push(m);
                }
            }
        }
        true
    }

    /// Whether the fence boxes alone, the player on `player`, can neither
    /// all stand on goals nor let the player into the corral.
    fn fence_is_dead(&mut self, board: &Board, player: u16) -> bool {
        self.fence.sort_unstable();
        let reach = self.reach.get_or_insert_with(|| Reach::new(board.len()));
        for &b in &self.fence {
            self.occupied[usize::from(b)] = true;
        }
        let least = reach.flood(board, &self.occupied, player);
        for &b in &self.fence {
            self.occupied[usize::from(b)] = false;
        }
        let corral_least = self.cells.iter().copied().min().unwrap_or(NO_CELL);
        let key: Box<[u16]> = self
            .fence
            .iter()
            .copied()
            .chain([least, corral_least])
            .collect();
        if let Some(&dead) = self.remembered.get(&key) {
            return dead;
        }
        let start = &key[..key.len() - 1];
        let cells = &self.cells;
        let dead =
            cannot_all_reach_goals(board, start, &mut self.occupied, reach, MAX_NODES, |r| {
                cells.iter().any(|&c| r.reached(c))
            });
        if self.remembered.len() >= MAX_REMEMBERED {
            self.remembered.clear();
        }
        self.remembered.insert(key, dead);
        dead
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::sokoban::format::read_xsb_one;
    use crate::kinds::sokoban::rules::Rules;

    /// The corral test on the start of `text` for the box at `(x, y)`.
    fn locked(text: &str, x: usize, y: usize) -> bool {
        let rules = Rules::compile(&read_xsb_one(text).unwrap()).unwrap();
        let board = Board::of(&rules).unwrap();
        let mut occupied = vec![false; board.len()];
        for &b in &rules.start().boxes {
            occupied[b as usize] = true;
        }
        let player = rules.start().player as u16;
        let mut reach = Reach::new(board.len());
        reach.flood(&board, &occupied, player);
        let moved = rules.cell_at(x, y).unwrap() as u16;
        CorralDeadlocks::default().pushed_into_deadlock(&board, &occupied, &reach, moved, player)
    }

    /// The shape the greedy search left on XSokoban screen 9's lower left:
    /// a two-cell pocket in a corner, a box right of each cell and one
    /// under it, and a fourth box beside that one. No box is frozen and
    /// no cell is dead, yet the pocket never opens and the boxes round it
    /// never reach the goals.
    const POCKET: &str = "\
##########
#....    #
#        #
######   #
#### $   #
#### $   #
####$$   #
#        #
#  @     #
##########
";

    #[test]
    fn a_pocket_its_fence_can_never_open_is_a_deadlock() {
        assert!(locked(POCKET, 5, 5));
        assert!(locked(POCKET, 4, 6));
    }

    #[test]
    fn a_pocket_a_fence_box_can_leave_is_no_deadlock() {
        // With the wall over the top box gone, it can be pushed up once the
        // box under it has gone into the pocket: the pocket opens.
        let open = POCKET.replace("######   #", "#####    #");
        assert!(!locked(&open, 5, 5));
    }

    #[test]
    fn a_corral_fenced_by_boxes_on_goals_is_no_deadlock() {
        let ringed = "#######\n#  *  #\n# * * #\n#  *  #\n#@    #\n#######\n";
        assert!(!locked(ringed, 3, 1));
    }

    #[test]
    fn a_box_with_no_corral_beside_it_is_no_deadlock() {
        let lone = "#######\n#@ $ .#\n#######\n";
        assert!(!locked(lone, 3, 1));
    }
}
