//! Local deadlocks, after the pattern searches of Rolling Stone (Junghanns
//! and Schaeffer): after a push, the pushed box and boxes near it are
//! taken alone (the pushed box with each box within two cells of it,
//! across and diagonally; then every box within two cells of one taken,
//! at most [`MAX_BOXES`]), every other box taken off the board,
//! and a small search asks whether those boxes can all be put on goals.
//! Taking boxes off only makes the level easier, so when that search runs
//! dry, the boxes cannot all reach goals in the whole position either: the
//! push is a deadlock. A search that passes its [`MAX_NODES`] proves
//! nothing and prunes nothing. Answers are remembered by the boxes and the
//! player's area.

use std::collections::{HashMap, HashSet};

use super::board::{Board, Reach};

/// The most boxes taken into one search.
const MAX_BOXES: usize = 5;

/// The most positions one search looks at before it gives up.
const MAX_NODES: usize = 400;

/// The most answers remembered; past it the memory is cleared.
const MAX_REMEMBERED: usize = 1 << 20;

/// Deadlock answers remembered by their search's start (boxes, then the
/// player's cell and anything else the answer depends on), all forgotten
/// at once when [`MAX_REMEMBERED`] are held.
#[derive(Clone, Debug, Default)]
pub(super) struct Remembered(HashMap<Box<[u16]>, bool>);

impl Remembered {
    /// The answer remembered for `key`.
    pub(super) fn get(&self, key: &[u16]) -> Option<bool> {
        self.0.get(key).copied()
    }

    /// Remembers `dead` for `key`.
    pub(super) fn keep(&mut self, key: Box<[u16]>, dead: bool) {
        if self.0.len() >= MAX_REMEMBERED {
            self.0.clear();
        }
        self.0.insert(key, dead);
    }
}

/// The local deadlock test's working arrays and remembered answers.
#[derive(Clone, Debug, Default)]
pub(super) struct LocalDeadlocks {
    remembered: Remembered,
    occupied: Vec<bool>,
    reach: Option<Reach>,
    subset: Vec<u16>,
}

impl LocalDeadlocks {
    /// Whether the push that put a box on `moved` (the player now on
    /// `player`) left the boxes around it unable to all reach goals.
    /// `boxes` are every box's cell after the push.
    pub(super) fn pushed_into_deadlock(
        &mut self,
        board: &Board,
        boxes: &[u16],
        moved: u16,
        player: u16,
    ) -> bool {
        // The pushed box with each box near it, then all of them.
        let near: Vec<u16> = boxes
            .iter()
            .copied()
            .filter(|&b| b != moved && board.chebyshev(b, moved) <= 2)
            .collect();
        for &other in &near {
            self.subset.clear();
            self.subset.extend([moved, other]);
            if self.subset_is_dead(board, player) {
                return true;
            }
        }
        self.subset.clear();
        self.subset.push(moved);
        let mut i = 0;
        while i < self.subset.len() && self.subset.len() < MAX_BOXES {
            let c = self.subset[i];
            i += 1;
            for &b in boxes {
                if self.subset.len() < MAX_BOXES
                    && !self.subset.contains(&b)
                    && board.chebyshev(b, c) <= 2
                {
                    self.subset.push(b);
                }
            }
        }
        self.subset.len() > 2 && self.subset_is_dead(board, player)
    }

    /// Whether the boxes of `self.subset`, alone on the board with the
    /// player on `player`, can never all stand on goals.
    fn subset_is_dead(&mut self, board: &Board, player: u16) -> bool {
        if self.subset.iter().all(|&b| board.is_goal(b)) {
            return false;
        }
        self.subset.sort_unstable();
        if self.occupied.len() != board.len() {
            self.occupied = vec![false; board.len()];
        }
        let reach = self.reach.get_or_insert_with(|| Reach::new(board.len()));
        for &b in &self.subset {
            self.occupied[usize::from(b)] = true;
        }
        let least = reach.flood(board, &self.occupied, player);
        for &b in &self.subset {
            self.occupied[usize::from(b)] = false;
        }
        let key: Box<[u16]> = self.subset.iter().copied().chain([least]).collect();
        if let Some(dead) = self.remembered.get(&key) {
            return dead;
        }
        let dead =
            cannot_all_reach_goals(board, &key, &mut self.occupied, reach, MAX_NODES, |_| false);
        self.remembered.keep(key, dead);
        dead
    }
}

/// Whether the boxes of `start` (sorted box cells, then the player's
/// normalised cell), alone on the board, can never all stand on goals:
/// a breadth-first search over their pushes that runs dry within
/// `max_nodes` positions. A position whose player's area `escaped` says
/// yes to ends the search with "no" (proved nothing), as does passing
/// `max_nodes`. `occupied` is all false on entry and on exit.
pub(super) fn cannot_all_reach_goals(
    board: &Board,
    start: &[u16],
    occupied: &mut [bool],
    reach: &mut Reach,
    max_nodes: usize,
    escaped: impl Fn(&Reach) -> bool,
) -> bool {
    let k = start.len() - 1;
    let mut seen: HashSet<Box<[u16]>> = HashSet::from([Box::from(start)]);
    let mut queue = vec![Box::<[u16]>::from(start)];
    let mut head = 0;
    let mut child = Vec::with_capacity(k + 1);
    while head < queue.len() {
        let position = queue[head].clone();
        head += 1;
        let (here, player) = position.split_at(k);
        if here.iter().all(|&b| board.is_goal(b)) {
            return false;
        }
        for &b in here {
            occupied[usize::from(b)] = true;
        }
        reach.flood(board, occupied, player[0]);
        if escaped(reach) {
            for &b in here {
                occupied[usize::from(b)] = false;
            }
            return false;
        }
        let pushes = board.live_pushes(here, occupied, reach, |_, _| true);
        for (i, b, to, _) in pushes {
            occupied[usize::from(b)] = false;
            occupied[usize::from(to)] = true;
            let least = reach.flood(board, occupied, b);
            occupied[usize::from(to)] = false;
            occupied[usize::from(b)] = true;
            child.clear();
            child.extend(
                here.iter()
                    .enumerate()
                    .map(|(j, &c)| if j == i { to } else { c }),
            );
            child.sort_unstable();
            child.push(least);
            if !seen.contains(&child[..]) {
                seen.insert(Box::from(&child[..]));
                queue.push(Box::from(&child[..]));
            }
        }
        for &b in here {
            occupied[usize::from(b)] = false;
        }
        if seen.len() > max_nodes {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::sokoban::format::read_xsb_one;
    use crate::kinds::sokoban::rules::Rules;

    /// The local test on the start of `text` for the box at `(x, y)`.
    fn locked(text: &str, x: usize, y: usize) -> bool {
        let rules = Rules::compile(&read_xsb_one(text).unwrap()).unwrap();
        let board = Board::of(&rules).unwrap();
        let boxes: Vec<u16> = rules.start().boxes.iter().map(|&b| b as u16).collect();
        let moved = rules.cell_at(x, y).unwrap() as u16;
        LocalDeadlocks::default().pushed_into_deadlock(
            &board,
            &boxes,
            moved,
            rules.start().player as u16,
        )
    }

    #[test]
    fn two_boxes_in_a_row_of_a_corridor_are_a_deadlock() {
        // The player can push only the first box, and only up to the
        // second: neither is frozen now, and no cell is dead, but only
        // one of them can ever move towards the goals.
        let corridor = "##########\n#@ $ $ ..#\n##########\n";
        assert!(locked(corridor, 3, 1));
        let mut freeze = super::super::deadlock::FreezeCheck::default();
        let rules = Rules::compile(&read_xsb_one(corridor).unwrap()).unwrap();
        let board = Board::of(&rules).unwrap();
        let mut occupied = vec![false; board.len()];
        for &b in &rules.start().boxes {
            occupied[b as usize] = true;
        }
        let moved = rules.cell_at(3, 1).unwrap() as u16;
        assert!(!freeze.pushed_into_freeze(&board, &occupied, moved));
    }

    #[test]
    fn boxes_that_can_reach_the_goals_are_no_deadlock() {
        let open = "#######\n#@    #\n# $$  #\n#  .. #\n#######\n";
        assert!(!locked(open, 2, 2));
    }

    #[test]
    fn a_lone_box_is_left_to_the_dead_cells() {
        let lone = "#######\n#@    #\n# $   #\n#   . #\n#######\n";
        assert!(!locked(lone, 2, 2));
    }
}
