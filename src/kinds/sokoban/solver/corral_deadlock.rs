//! Corral deadlocks (as in JSoko): after a push, a part of the board next
//! to the pushed box, or to a box it touches, that the player cannot reach
//! (a corral) is searched with only its fence boxes on the board (then
//! with each box that touches the fence, then with all of those). When no
//! sequence of their pushes either puts them all on goals or lets the
//! player into the corral, the fence can never be opened and its boxes
//! never all reach goals: the push is a deadlock. Taking the other boxes
//! off only makes the level easier, so the test is sound; a search that
//! opens the corral or passes [`MAX_NODES`] proves nothing and prunes
//! nothing. Answers are remembered by the boxes searched, the player's
//! area and the corral's smallest cell.
//!
//! It finds what the pattern search of [`super::local_deadlock`] misses
//! when the boxes that lock each other are not the nearest ones: three
//! boxes round a two-cell pocket, with free boxes beside them.

use super::board::{Board, Reach, NO_CELL};
use super::local_deadlock::{cannot_all_reach_goals, Remembered};

/// The most fence boxes one search takes; a bigger corral is left alone.
const MAX_FENCE: usize = 8;

/// The most corral cells looked at; a bigger corral is left alone.
const MAX_CELLS: usize = 64;

/// The most positions one search looks at before it gives up.
const MAX_NODES: usize = 1_000;

/// The corral test's working arrays and remembered answers.
#[derive(Clone, Debug, Default)]
pub(super) struct CorralDeadlocks {
    remembered: Remembered,
    in_corral: Vec<bool>,
    labelled: Vec<u16>,
    cells: Vec<u16>,
    fence: Vec<u16>,
    ring: Vec<u16>,
    subset: Vec<u16>,
    pocket: Vec<u16>,
    in_pocket: Vec<bool>,
    stack: Vec<u16>,
    occupied: Vec<bool>,
    reach: Option<Reach>,
}

impl CorralDeadlocks {
    /// Whether the push that put a box on `moved` closed a corral beside
    /// it, or beside a box it touches, that can never be opened.
    /// `occupied` flags every box cell after the push, `reach` is the
    /// player's area after it, and `player` a cell of that area.
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
            self.in_pocket = vec![false; board.len()];
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
        // Corrals stay marked until the end, so that one reached from two
        // starts is searched once.
        self.labelled.clear();
        let mut dead = false;
        for start in starts {
            if start == NO_CELL
                || occupied[usize::from(start)]
                || reach.reached(start)
                || self.in_corral[usize::from(start)]
            {
                continue;
            }
            let fenced = self.label(board, occupied, reach, start);
            self.labelled.extend_from_slice(&self.cells);
            dead = fenced && self.corral_is_locked(board, player);
            if dead {
                break;
            }
        }
        for &c in &self.labelled {
            self.in_corral[usize::from(c)] = false;
        }
        dead
    }

    /// Collects the corral holding the free cell `start` into `cells` and
    /// the boxes next to it into `fence` (cells marked in `in_corral` until
    /// the caller clears them, by `cells`); whether it is small enough to
    /// search.
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
        // The boxes that hold the fence boxes in place.
        self.ring.clear();
        for &f in &self.fence {
            for d in 0..4 {
                let m = board.next(f, d);
                if m != NO_CELL
                    && occupied[usize::from(m)]
                    && !self.fence.contains(&m)
                    && !self.ring.contains(&m)
                {
                    self.ring.push(m);
                }
            }
        }
        true
    }

    /// Whether the corral just labelled can never be opened: its fence
    /// alone, then with each box that touches the fence, then with all of
    /// them (as many as [`MAX_FENCE`] allows). A free box taken in makes
    /// the search bigger without making it any likelier to run dry, so the
    /// small sets go first.
    fn corral_is_locked(&mut self, board: &Board, player: u16) -> bool {
        self.subset.clone_from(&self.fence);
        if self.set_is_dead(board, player) {
            return true;
        }
        for j in 0..self.ring.len() {
            self.subset.clone_from(&self.fence);
            self.subset.push(self.ring[j]);
            if self.set_is_dead(board, player) {
                return true;
            }
        }
        let fits = self
            .ring
            .len()
            .min(MAX_FENCE.saturating_sub(self.fence.len()));
        if fits < 2 {
            return false;
        }
        self.subset.clone_from(&self.fence);
        self.subset.extend_from_slice(&self.ring[..fits]);
        self.set_is_dead(board, player)
    }

    /// Whether the boxes of `subset` alone, the player on `player`, can
    /// neither all stand on goals nor let the player into the corral.
    fn set_is_dead(&mut self, board: &Board, player: u16) -> bool {
        self.subset.sort_unstable();
        let reach = self.reach.get_or_insert_with(|| Reach::new(board.len()));
        for &b in &self.subset {
            self.occupied[usize::from(b)] = true;
        }
        let least = reach.flood(board, &self.occupied, player);
        // The corral as the boxes alone fence it: the part of the board
        // round the corral's smallest cell that the player cannot reach
        // with only them on it (all that the answer depends on is then in
        // the key).
        let corral_least = self.cells.iter().copied().min().unwrap_or(NO_CELL);
        self.pocket.clear();
        self.pocket.push(corral_least);
        self.in_pocket[usize::from(corral_least)] = true;
        let mut i = 0;
        while i < self.pocket.len() {
            let c = self.pocket[i];
            i += 1;
            for d in 0..4 {
                let m = board.next(c, d);
                if m != NO_CELL
                    && !self.occupied[usize::from(m)]
                    && !reach.reached(m)
                    && !self.in_pocket[usize::from(m)]
                {
                    self.in_pocket[usize::from(m)] = true;
                    self.pocket.push(m);
                }
            }
        }
        for &c in &self.pocket {
            self.in_pocket[usize::from(c)] = false;
        }
        for &b in &self.subset {
            self.occupied[usize::from(b)] = false;
        }
        let key: Box<[u16]> = self
            .subset
            .iter()
            .copied()
            .chain([least, corral_least])
            .collect();
        if let Some(dead) = self.remembered.get(&key) {
            return dead;
        }
        let start = &key[..key.len() - 1];
        let pocket = &self.pocket;
        let dead =
            cannot_all_reach_goals(board, start, &mut self.occupied, reach, MAX_NODES, |r| {
                pocket.iter().any(|&c| r.reached(c))
            });
        self.remembered.keep(key, dead);
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
    fn a_box_that_holds_the_fence_is_taken_in() {
        // A one-cell pocket in a corner, a box left of it (a wall above)
        // and one under it; a third box, diagonal to the pocket, holds
        // both. The two fence boxes alone are no deadlock (the lower one
        // can be pushed left), all three are.
        let trio = "########\n#...####\n#   $ ##\n#   $$ #\n#  @   #\n########\n";
        assert!(locked(trio, 5, 3));
        assert!(locked(trio, 4, 2));
        let freed = trio.replace("#   $$ #", "#  $ $ #");
        assert!(!locked(&freed, 5, 3));
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

    /// A random small level from one choice a cell (wall, floor, box,
    /// goal, box on a goal), the player on the first floor cell; `None`
    /// when it is not a valid level.
    fn random_level(w: usize, cells: &[u8]) -> Option<String> {
        let mut text = "#".repeat(w + 2) + "\n";
        let mut player = false;
        for row in cells.chunks(w) {
            text.push('#');
            for &c in row {
                text.push(match c % 10 {
                    0 | 1 => '#',
                    2 => '$',
                    3 => '.',
                    4 => '*',
                    _ if !player => {
                        player = true;
                        '@'
                    }
                    _ => ' ',
                });
            }
            text.push_str("#\n");
        }
        text.push_str(&"#".repeat(w + 2));
        text.push('\n');
        let level = read_xsb_one(&text).ok()?;
        level.problems().is_empty().then_some(text)
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig {
            cases: 400,
            ..proptest::prelude::ProptestConfig::default()
        })]

        /// Whenever the test calls a level's start a corral deadlock (with
        /// any box taken as the one just pushed), the whole analysis finds
        /// the level unwinnable.
        #[test]
        fn a_corral_deadlock_is_never_winnable(
            w in 4usize..=6,
            cells in proptest::collection::vec(0u8..10, 24..=30),
        ) {
            let cells = &cells[..cells.len() / w * w];
            let Some(text) = random_level(w, cells) else {
                return Ok(());
            };
            let rules = Rules::compile(&read_xsb_one(&text).unwrap()).unwrap();
            let boxes: Vec<u16> = rules.start().boxes.iter().map(|&b| b as u16).collect();
            let locked = boxes.iter().any(|&b| {
                let (x, y) = rules.xy(u32::from(b));
                locked(&text, x, y)
            });
            if locked {
                let level = read_xsb_one(&text).unwrap();
                let full = crate::kinds::sokoban::analyze(&level, &crate::engine::Job::default())
                    .unwrap();
                proptest::prop_assert!(!full.report.solvable, "{}", text);
            }
        }
    }
}
