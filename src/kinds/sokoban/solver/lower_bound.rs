//! The lower bound on the pushes still needed: every box's push distance
//! to every goal (pushes with no other box on the board, found by pulling
//! back from each goal), and the cheapest assignment of boxes to goals
//! (the Hungarian method). One push changes one box's distance to any goal
//! by at most one, so the bound is consistent and A* with it finds the
//! fewest pushes.

use std::collections::VecDeque;

use super::board::{opposite, Board, NO_CELL};

/// No way: the box can never reach that goal.
pub(super) const UNREACHABLE: u32 = u32::MAX;

/// A matching cost that stands for "no way" inside the Hungarian method;
/// any total at or above it means no assignment exists.
const NO_WAY: i64 = 1 << 32;

/// Push distances from every cell to every goal.
#[derive(Clone, Debug)]
pub(super) struct PushDistances {
    /// `by_goal[g][c]`: the fewest pushes from `c` to goal `g`, or
    /// [`UNREACHABLE`].
    by_goal: Vec<Vec<u32>>,
}

impl PushDistances {
    /// The distances on `board`.
    pub(super) fn of(board: &Board) -> PushDistances {
        let by_goal = board
            .goals()
            .iter()
            .map(|&g| pulls_from(board, g))
            .collect();
        PushDistances { by_goal }
    }

    /// The fewest pushes from `c` to goal number `g` (the `g`-th goal).
    #[inline]
    pub(super) fn get(&self, g: usize, c: u16) -> u32 {
        self.by_goal[g][usize::from(c)]
    }
}

/// The fewest pushes from every cell to goal `goal`, by pulling the box
/// back from it: a box at `c` pushed the way `d` lands on `next(c, d)`
/// when the player can stand on `next(c, opposite(d))`.
fn pulls_from(board: &Board, goal: u16) -> Vec<u32> {
    let mut dist = vec![UNREACHABLE; board.len()];
    dist[usize::from(goal)] = 0;
    let mut queue = VecDeque::from([goal]);
    while let Some(t) = queue.pop_front() {
        for d in 0..4 {
            let c = board.next(t, opposite(d));
            if c == NO_CELL || dist[usize::from(c)] != UNREACHABLE {
                continue;
            }
            if board.next(c, opposite(d)) == NO_CELL {
                continue;
            }
            dist[usize::from(c)] = dist[usize::from(t)] + 1;
            queue.push_back(c);
        }
    }
    dist
}

/// The Hungarian method's working arrays, kept between calls.
#[derive(Clone, Debug, Default)]
pub(super) struct Matcher {
    cost: Vec<i64>,
    u: Vec<i64>,
    v: Vec<i64>,
    p: Vec<usize>,
    way: Vec<usize>,
    minv: Vec<i64>,
    used: Vec<bool>,
}

impl Matcher {
    /// The fewest total pushes of an assignment of `boxes` to the goals
    /// (as many goals as boxes), or `None` when no assignment has every
    /// box able to reach its goal: a deadlock.
    pub(super) fn bound(&mut self, distances: &PushDistances, boxes: &[u16]) -> Option<u32> {
        let n = boxes.len();
        if n == 0 {
            return Some(0);
        }
        self.cost.clear();
        for &b in boxes {
            let mut any = false;
            for g in 0..n {
                let d = distances.get(g, b);
                any |= d != UNREACHABLE;
                self.cost.push(if d == UNREACHABLE {
                    NO_WAY
                } else {
                    i64::from(d)
                });
            }
            if !any {
                return None;
            }
        }
        let total = self.assign(n);
        (total < NO_WAY).then_some(total as u32)
    }

    /// The least total of an `n x n` assignment over `self.cost` (row
    /// major): the O(n³) Hungarian method with potentials.
    fn assign(&mut self, n: usize) -> i64 {
        let inf = i64::MAX / 4;
        self.u.clear();
        self.u.resize(n + 1, 0);
        self.v.clear();
        self.v.resize(n + 1, 0);
        self.p.clear();
        self.p.resize(n + 1, 0);
        self.way.clear();
        self.way.resize(n + 1, 0);
        for i in 1..=n {
            self.p[0] = i;
            let mut j0 = 0;
            self.minv.clear();
            self.minv.resize(n + 1, inf);
            self.used.clear();
            self.used.resize(n + 1, false);
            loop {
                self.used[j0] = true;
                let i0 = self.p[j0];
                let mut delta = inf;
                let mut j1 = 0;
                for j in 1..=n {
                    if self.used[j] {
                        continue;
                    }
                    let cur = self.cost[(i0 - 1) * n + (j - 1)] - self.u[i0] - self.v[j];
                    if cur < self.minv[j] {
                        self.minv[j] = cur;
                        self.way[j] = j0;
                    }
                    if self.minv[j] < delta {
                        delta = self.minv[j];
                        j1 = j;
                    }
                }
                for j in 0..=n {
                    if self.used[j] {
                        self.u[self.p[j]] += delta;
                        self.v[j] -= delta;
                    } else {
                        self.minv[j] -= delta;
                    }
                }
                j0 = j1;
                if self.p[j0] == 0 {
                    break;
                }
            }
            loop {
                let j1 = self.way[j0];
                self.p[j0] = self.p[j1];
                j0 = j1;
                if j0 == 0 {
                    break;
                }
            }
        }
        (1..=n)
            .map(|j| self.cost[(self.p[j] - 1) * n + (j - 1)])
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::sokoban::format::read_xsb_one;
    use crate::kinds::sokoban::rules::Rules;

    fn board(text: &str) -> (Board, Rules) {
        let rules = Rules::compile(&read_xsb_one(text).unwrap()).unwrap();
        (Board::of(&rules).unwrap(), rules)
    }

    #[test]
    fn push_distance_counts_pushes_along_a_corridor() {
        // The box at x=2 is four pushes from the goal at x=6.
        let (b, rules) = board("########\n#@$   .#\n########\n");
        let d = PushDistances::of(&b);
        let at = |x| rules.cell_at(x, 1).unwrap() as u16;
        assert_eq!(d.get(0, at(2)), 4);
        assert_eq!(d.get(0, at(6)), 0);
        // A box at the left end cannot be pushed right: nowhere to stand.
        assert_eq!(d.get(0, at(1)), UNREACHABLE);
    }

    #[test]
    fn the_matching_is_the_cheapest_assignment_not_the_nearest_goals() {
        // Costs: box 0 -> goals (1, 2), box 1 -> goals (1, 100): both
        // nearest to goal 0, the best assignment is 2 + 1 = 3.
        let distances = PushDistances {
            by_goal: vec![vec![1, 1], vec![2, 100]],
        };
        let mut m = Matcher::default();
        assert_eq!(m.bound(&distances, &[0, 1]), Some(3));
    }

    #[test]
    fn no_assignment_is_a_deadlock() {
        // Both boxes reach only goal 0.
        let distances = PushDistances {
            by_goal: vec![vec![1, 1], vec![UNREACHABLE, UNREACHABLE]],
        };
        let mut m = Matcher::default();
        assert_eq!(m.bound(&distances, &[0, 1]), None);
    }
}
