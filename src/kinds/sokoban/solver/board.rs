//! The solver's compact board: the player's region as `u16` cells, each
//! with its four neighbours, goals and dead cells, read once from the
//! compiled [`Rules`].

use crate::kinds::sokoban::rules::{Rules, NONE};

/// No cell: off the region, or no neighbour that way.
pub(super) const NO_CELL: u16 = u16::MAX;

/// The board as the solver sees it: region cells numbered as [`Rules`]
/// numbers them.
#[derive(Clone, Debug)]
pub(super) struct Board {
    /// Each cell's neighbours, up, right, down, left ([`NO_CELL`] for none).
    next: Vec<[u16; 4]>,
    /// Whether each cell is a goal.
    goal: Vec<bool>,
    /// Whether each cell is dead (a box there never reaches a goal).
    dead: Vec<bool>,
    /// The goal cells, increasing.
    goals: Vec<u16>,
    /// Each cell's column and row.
    xy: Vec<(u16, u16)>,
}

/// The direction opposite `d` (0 up, 1 right, 2 down, 3 left).
pub(super) fn opposite(d: usize) -> usize {
    (d + 2) % 4
}

impl Board {
    /// The board of a compiled level; `None` when the region has more cells
    /// than a `u16` numbers (it never has: a board side is at most 200).
    pub(super) fn of(rules: &Rules) -> Option<Board> {
        let n = rules.cell_count();
        if n >= usize::from(NO_CELL) {
            return None;
        }
        let next = (0..n as u32)
            .map(|c| {
                let mut around = [NO_CELL; 4];
                for (d, slot) in around.iter_mut().enumerate() {
                    let m = rules.next(c, d);
                    if m != NONE {
                        *slot = m as u16;
                    }
                }
                around
            })
            .collect();
        let goal: Vec<bool> = (0..n as u32).map(|c| rules.is_goal(c)).collect();
        let dead = (0..n as u32).map(|c| rules.is_dead(c)).collect();
        let goals = (0..n as u16).filter(|&c| goal[usize::from(c)]).collect();
        let xy = (0..n as u32)
            .map(|c| {
                let (x, y) = rules.xy(c);
                (x as u16, y as u16)
            })
            .collect();
        Some(Board {
            next,
            goal,
            dead,
            goals,
            xy,
        })
    }

    /// The number of cells.
    pub(super) fn len(&self) -> usize {
        self.next.len()
    }

    /// The neighbour of `c` the way `d` goes, or [`NO_CELL`].
    #[inline]
    pub(super) fn next(&self, c: u16, d: usize) -> u16 {
        self.next[usize::from(c)][d]
    }

    /// Whether `c` is a goal.
    #[inline]
    pub(super) fn is_goal(&self, c: u16) -> bool {
        self.goal[usize::from(c)]
    }

    /// Whether `c` is dead.
    #[inline]
    pub(super) fn is_dead(&self, c: u16) -> bool {
        self.dead[usize::from(c)]
    }

    /// The goal cells.
    pub(super) fn goals(&self) -> &[u16] {
        &self.goals
    }

    /// The distance between two cells counted in king's moves: the larger
    /// of the column and row differences.
    #[inline]
    pub(super) fn chebyshev(&self, a: u16, b: u16) -> u16 {
        let (ax, ay) = self.xy[usize::from(a)];
        let (bx, by) = self.xy[usize::from(b)];
        ax.abs_diff(bx).max(ay.abs_diff(by))
    }

    /// Every push the player in `reach` can make of the boxes `here`
    /// (`occupied` flags their cells) onto a cell that holds no box and is
    /// not dead, and that `allowed(from, to)` lets through: the box's
    /// index, its cell, the cell it goes to and the direction.
    pub(super) fn live_pushes(
        &self,
        here: &[u16],
        occupied: &[bool],
        reach: &Reach,
        allowed: impl Fn(u16, u16) -> bool,
    ) -> Vec<(usize, u16, u16, usize)> {
        let mut pushes = Vec::new();
        for (i, &b) in here.iter().enumerate() {
            for d in 0..4 {
                let behind = self.next(b, opposite(d));
                let to = self.next(b, d);
                if behind != NO_CELL
                    && to != NO_CELL
                    && reach.reached(behind)
                    && !occupied[usize::from(to)]
                    && !self.is_dead(to)
                    && allowed(b, to)
                {
                    pushes.push((i, b, to, d));
                }
            }
        }
        pushes
    }

    /// The number of dead cells.
    pub(super) fn dead_count(&self) -> usize {
        self.dead.iter().filter(|&&d| d).count()
    }
}

/// The cells the player reaches from a cell without pushing, with a
/// generation stamp so that each search costs no clearing.
#[derive(Clone, Debug)]
pub(super) struct Reach {
    stamp: Vec<u32>,
    generation: u32,
    stack: Vec<u16>,
}

impl Reach {
    /// Room for a board of `cells` cells.
    pub(super) fn new(cells: usize) -> Reach {
        Reach {
            stamp: vec![0; cells],
            generation: 0,
            stack: Vec::new(),
        }
    }

    /// Floods from `from` through cells that hold no box (`occupied`);
    /// returns the smallest cell reached (the normalised player cell).
    /// [`Reach::reached`] answers for each cell until the next flood.
    pub(super) fn flood(&mut self, board: &Board, occupied: &[bool], from: u16) -> u16 {
        self.next_generation();
        self.fill(board, occupied, from)
    }

    /// The number of regions the boxes (`occupied`) cut the board's free
    /// cells into: cells that reach each other without pushing are one
    /// region. [`Reach::reached`] then answers true for every free cell.
    pub(super) fn regions(&mut self, board: &Board, occupied: &[bool]) -> u32 {
        self.next_generation();
        let mut regions = 0;
        for c in 0..board.len() as u16 {
            if !occupied[usize::from(c)] && !self.reached(c) {
                regions += 1;
                self.fill(board, occupied, c);
            }
        }
        regions
    }

    /// Starts a new flood: no cell is reached.
    fn next_generation(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamp.fill(0);
            self.generation = 1;
        }
    }

    /// Marks the free cells reached from `from` in this generation;
    /// returns the smallest.
    fn fill(&mut self, board: &Board, occupied: &[bool], from: u16) -> u16 {
        let g = self.generation;
        self.stamp[usize::from(from)] = g;
        self.stack.clear();
        self.stack.push(from);
        let mut least = from;
        while let Some(c) = self.stack.pop() {
            least = least.min(c);
            for d in 0..4 {
                let m = board.next(c, d);
                if m != NO_CELL && !occupied[usize::from(m)] && self.stamp[usize::from(m)] != g {
                    self.stamp[usize::from(m)] = g;
                    self.stack.push(m);
                }
            }
        }
        least
    }

    /// Whether the last flood reached `c`.
    #[inline]
    pub(super) fn reached(&self, c: u16) -> bool {
        self.stamp[usize::from(c)] == self.generation
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::sokoban::format::read_xsb_one;

    /// The board, the start's box cells flagged and the player's cell.
    fn board_of(text: &str) -> (Board, Vec<bool>, u16) {
        let rules = Rules::compile(&read_xsb_one(text).unwrap()).unwrap();
        let board = Board::of(&rules).unwrap();
        let mut occupied = vec![false; board.len()];
        for &b in &rules.start().boxes {
            occupied[b as usize] = true;
        }
        (board, occupied, rules.start().player as u16)
    }

    #[test]
    fn boxes_cut_the_floor_into_regions() {
        let (board, occupied, player) = board_of("#########\n#@ $  $ #\n#. #  #.#\n#########\n");
        let mut reach = Reach::new(board.len());
        // Left of the first box, between the boxes, right of the second.
        assert_eq!(reach.regions(&board, &occupied), 3);
        // Every free cell is reached, no box cell is.
        for c in 0..board.len() as u16 {
            assert_eq!(reach.reached(c), !occupied[usize::from(c)]);
        }
        assert_eq!(reach.regions(&board, &vec![false; board.len()]), 1);
        // A flood after it starts afresh: the player's four cells.
        reach.flood(&board, &occupied, player);
        assert_eq!(
            (0..board.len() as u16)
                .filter(|&c| reach.reached(c))
                .count(),
            4
        );
    }

    #[test]
    fn a_box_that_cuts_nothing_leaves_one_region() {
        let (board, occupied, _) = board_of("######\n#@   #\n# $  #\n#   .#\n######\n");
        assert_eq!(Reach::new(board.len()).regions(&board, &occupied), 1);
    }
}
