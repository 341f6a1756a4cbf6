//! PI-corral pruning (Brian Damgaard's, as in YASS and JSoko): a corral is
//! a part of the board the player cannot reach, fenced by boxes. When
//! every push of the corral's boxes that the player can make goes into the
//! corral (I), and the player can make every push of its fence boxes into
//! it (P), then the corral must be opened some time, and opening it first
//! loses no solution and no push: only the pushes of that corral's boxes
//! are searched. A corral whose boxes are all on goals with no empty goal
//! inside is not counted (it need never be opened).

use super::board::{opposite, Board, Reach, NO_CELL};

/// The corral search's working arrays, kept between positions.
#[derive(Clone, Debug, Default)]
pub(super) struct Corrals {
    label: Vec<u32>,
    stack: Vec<u16>,
    members: Vec<u16>,
}

/// A push the search may make: the box's index among the boxes, its cell,
/// the cell it goes to and the direction.
pub(super) type Move = (usize, u16, u16, usize);

impl Corrals {
    /// Of the position's `pushes` (every push the player can make now,
    /// `reach` its reachable area, `occupied` the box cells), the pushes of
    /// the boxes of the PI-corral with the fewest pushes, or all of them
    /// when there is no PI-corral.
    pub(super) fn prune(
        &mut self,
        board: &Board,
        occupied: &[bool],
        reach: &Reach,
        pushes: Vec<Move>,
    ) -> Vec<Move> {
        let n = board.len();
        self.label.clear();
        self.label.resize(n, u32::MAX);
        let mut best: Option<(u32, usize)> = None;
        let mut next_label = 0u32;
        for start in 0..n as u16 {
            let s = usize::from(start);
            if reach.reached(start) || occupied[s] || self.label[s] != u32::MAX {
                continue;
            }
            let label = next_label;
            next_label += 1;
            if let Some(count) = self.pi_corral(board, occupied, reach, start, label, &pushes) {
                if best.is_none_or(|(_, c)| count < c) {
                    best = Some((label, count));
                }
            }
        }
        match best {
            Some((label, _)) => pushes
                .into_iter()
                .filter(|&(_, b, _, _)| self.label[usize::from(b)] == label)
                .collect(),
            None => pushes,
        }
    }

    /// Labels the corral holding the free cell `start` (its free cells and
    /// the boxes joined to them through boxes and free cells the player
    /// cannot reach) and, when it is a PI-corral that is not finished,
    /// returns how many of `pushes` move its boxes.
    fn pi_corral(
        &mut self,
        board: &Board,
        occupied: &[bool],
        reach: &Reach,
        start: u16,
        label: u32,
        pushes: &[Move],
    ) -> Option<usize> {
        self.members.clear();
        self.stack.clear();
        self.label[usize::from(start)] = label;
        self.stack.push(start);
        while let Some(c) = self.stack.pop() {
            self.members.push(c);
            for d in 0..4 {
                let m = board.next(c, d);
                if m != NO_CELL && !reach.reached(m) && self.label[usize::from(m)] == u32::MAX {
                    self.label[usize::from(m)] = label;
                    self.stack.push(m);
                }
            }
        }
        let inside = |c: u16| c != NO_CELL && self.label[usize::from(c)] == label;
        let mut finished = true;
        for &c in &self.members {
            let is_box = occupied[usize::from(c)];
            if is_box != board.is_goal(c) {
                finished = false;
            }
            if !is_box {
                continue;
            }
            for d in 0..4 {
                let behind = board.next(c, opposite(d));
                let to = board.next(c, d);
                if behind == NO_CELL || to == NO_CELL {
                    continue;
                }
                if reach.reached(behind) {
                    // (I): the player can push it now, or once a box
                    // outside moves off its way: it must go inside.
                    if !inside(to) {
                        return None;
                    }
                } else if !occupied[usize::from(behind)]
                    && inside(to)
                    && !occupied[usize::from(to)]
                    && touches_reach(board, reach, c)
                {
                    // (P): a fence box's push into the corral the player
                    // cannot make now.
                    return None;
                }
            }
        }
        if finished {
            return None;
        }
        let count = pushes.iter().filter(|&&(_, b, _, _)| inside(b)).count();
        (count > 0).then_some(count)
    }
}

/// Whether a cell next to `c` is in the player's reachable area.
fn touches_reach(board: &Board, reach: &Reach, c: u16) -> bool {
    (0..4).any(|d| {
        let m = board.next(c, d);
        m != NO_CELL && reach.reached(m)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::sokoban::format::read_xsb_one;
    use crate::kinds::sokoban::rules::Rules;

    /// The pushes left after pruning at the start of `text`, as the boxes'
    /// `(x, y)` and the direction (0 up, 1 right, 2 down, 3 left).
    fn pruned(text: &str) -> Vec<((usize, usize), usize)> {
        let rules = Rules::compile(&read_xsb_one(text).unwrap()).unwrap();
        let board = Board::of(&rules).unwrap();
        let mut occupied = vec![false; board.len()];
        let boxes: Vec<u16> = rules.start().boxes.iter().map(|&b| b as u16).collect();
        for &b in &boxes {
            occupied[usize::from(b)] = true;
        }
        let mut reach = Reach::new(board.len());
        reach.flood(&board, &occupied, rules.start().player as u16);
        let pushes = board.live_pushes(&boxes, &occupied, &reach, |_, _| true);
        Corrals::default()
            .prune(&board, &occupied, &reach, pushes)
            .into_iter()
            .map(|(_, b, _, d)| (rules.xy(u32::from(b)), d))
            .collect()
    }

    #[test]
    fn only_the_pi_corrals_pushes_are_kept() {
        // The box at (6, 3) fences the two goals below and beside it; its
        // only push the player can make goes down into them: a PI-corral,
        // so the other box's pushes wait.
        let text = "########\n#@     #\n#  $   #\n#   ##$#\n#   #..#\n########\n";
        assert_eq!(pruned(text), [((6, 3), 2)]);
    }

    #[test]
    fn a_corral_a_push_can_leave_is_not_pruned_to() {
        // The fence box at (5, 3) can also be pushed left, out of the
        // corral: not an I-corral, every push stays.
        let text = "#########\n#@      #\n#  $    #\n# .  $  #\n#   #.# #\n#########\n";
        let kept = pruned(text);
        assert!(kept.contains(&((5, 3), 3)), "{kept:?}");
        assert!(kept.iter().any(|&(b, _)| b == (3, 2)), "{kept:?}");
    }
}
