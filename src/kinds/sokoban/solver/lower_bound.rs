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

/// The Hungarian method's working arrays, kept between calls, and the
/// last full assignment ([`Matcher::prepare`]) that each
/// [`Matcher::bound_after_push`] starts from.
#[derive(Clone, Debug, Default)]
pub(super) struct Matcher {
    cost: Vec<i64>,
    u: Vec<i64>,
    v: Vec<i64>,
    p: Vec<usize>,
    way: Vec<usize>,
    minv: Vec<i64>,
    used: Vec<bool>,
    /// The prepared position's costs, potentials and assignment.
    base_cost: Vec<i64>,
    base_u: Vec<i64>,
    base_v: Vec<i64>,
    base_p: Vec<usize>,
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
        self.cost.resize(n * n, 0);
        for (row, &b) in self.cost.chunks_exact_mut(n).zip(boxes) {
            if !write_row(row, distances, b) {
                return None;
            }
        }
        let total = self.assign(n);
        (total < NO_WAY).then_some(total as u32)
    }

    /// Solves the assignment of `boxes` in full and keeps it, so that
    /// [`Matcher::bound_after_push`] can answer for each push from this
    /// position in O(n²) instead of O(n³). The bound, as
    /// [`Matcher::bound`] gives it.
    pub(super) fn prepare(&mut self, distances: &PushDistances, boxes: &[u16]) -> Option<u32> {
        let bound = self.bound(distances, boxes);
        self.base_cost.clone_from(&self.cost);
        self.base_u.clone_from(&self.u);
        self.base_v.clone_from(&self.v);
        self.base_p.clone_from(&self.p);
        bound
    }

    /// The bound of the prepared position after box number `moved` (its
    /// index in the prepared `boxes`) went to cell `to`: the other boxes'
    /// assignment stays optimal for their unchanged costs, so one
    /// augmenting path for the moved box's new costs gives the cheapest
    /// assignment. Only valid after a [`Matcher::prepare`] that answered
    /// `Some`.
    pub(super) fn bound_after_push(
        &mut self,
        distances: &PushDistances,
        moved: usize,
        to: u16,
    ) -> Option<u32> {
        let n = self.base_u.len() - 1;
        self.cost.clone_from(&self.base_cost);
        let row = moved * n;
        if !write_row(&mut self.cost[row..row + n], distances, to) {
            return None;
        }
        self.u.clone_from(&self.base_u);
        self.v.clone_from(&self.base_v);
        self.p.clone_from(&self.base_p);
        let i = moved + 1;
        // Free the moved box's goal, and lower its potential so that no
        // reduced cost of its row is negative.
        if let Some(j) = (1..=n).find(|&j| self.p[j] == i) {
            self.p[j] = 0;
        }
        self.u[i] = (1..=n)
            .map(|j| self.cost[row + j - 1] - self.v[j])
            .min()
            .unwrap_or(0);
        self.augment(n, i);
        let total = self.total(n);
        (total < NO_WAY).then_some(total as u32)
    }

    /// The least total of an `n x n` assignment over `self.cost` (row
    /// major): the O(n³) Hungarian method with potentials.
    fn assign(&mut self, n: usize) -> i64 {
        self.u.clear();
        self.u.resize(n + 1, 0);
        self.v.clear();
        self.v.resize(n + 1, 0);
        self.p.clear();
        self.p.resize(n + 1, 0);
        for i in 1..=n {
            self.augment(n, i);
        }
        self.total(n)
    }

    /// The total cost of the assignment in `self.p`.
    fn total(&self, n: usize) -> i64 {
        (1..=n)
            .map(|j| self.cost[(self.p[j] - 1) * n + (j - 1)])
            .sum()
    }

    /// One phase of the Hungarian method: assigns row `i` (1-based) along
    /// the cheapest augmenting path in reduced costs, keeping the
    /// potentials feasible and every assigned edge tight.
    fn augment(&mut self, n: usize, i: usize) {
        let inf = i64::MAX / 4;
        self.way.clear();
        self.way.resize(n + 1, 0);
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
}

/// Writes the costs of a box on `b` to each goal into `row` (one per
/// goal); false when it reaches no goal.
fn write_row(row: &mut [i64], distances: &PushDistances, b: u16) -> bool {
    let mut any = false;
    for (g, cost) in row.iter_mut().enumerate() {
        let d = distances.get(g, b);
        any |= d != UNREACHABLE;
        *cost = if d == UNREACHABLE {
            NO_WAY
        } else {
            i64::from(d)
        };
    }
    any
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

    #[test]
    fn the_bound_after_a_push_equals_the_bound_worked_out_in_full() {
        // Random distance tables (some cells unreachable from some goals)
        // and random moves: the incremental answer is the full one.
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        let mut checked = 0;
        for _ in 0..400 {
            let n = rng.random_range(1..=9);
            let cells = 14;
            let by_goal = (0..n)
                .map(|_| {
                    (0..cells)
                        .map(|_| {
                            if rng.random_bool(0.15) {
                                UNREACHABLE
                            } else {
                                rng.random_range(0..12)
                            }
                        })
                        .collect()
                })
                .collect();
            let distances = PushDistances { by_goal };
            let boxes: Vec<u16> = (0..n).map(|_| rng.random_range(0..cells) as u16).collect();
            let mut m = Matcher::default();
            if m.prepare(&distances, &boxes).is_none() {
                continue;
            }
            for _ in 0..6 {
                let moved = rng.random_range(0..n);
                let to = rng.random_range(0..cells) as u16;
                let mut after = boxes.clone();
                after[moved] = to;
                let full = Matcher::default().bound(&distances, &after);
                assert_eq!(m.bound_after_push(&distances, moved, to), full, "{after:?}");
                checked += 1;
            }
        }
        assert!(checked > 1000, "only {checked} pushes checked");
    }
}
