//! Dead cells (docs/rules.md, Sokoban): the floor cells from which a box
//! can never be pushed onto any goal, even alone on the board. Found by
//! pulling: a box can be pushed from `c` to `c + d` when `c - d` (where
//! the player stands) and `c + d` are open, so the live cells are those a
//! box pulled back from some goal can reach; every other open cell inside
//! the walls is dead.

use super::level::{neighbours, Cell, Level};
use super::rules::{Dir, Rules};

/// One flag a board cell (row by row): set for the open cells inside the
/// walls where a box can never reach any goal. A box pushed onto one is
/// lost at once.
pub fn dead_cells(level: &Level) -> Vec<bool> {
    let (w, h) = (level.width(), level.height());
    let cells = level.cells();
    let open = |i: usize| cells[i].is_open();
    let mut live = vec![false; cells.len()];
    let mut stack: Vec<usize> = (0..cells.len())
        .filter(|&i| cells[i] == Cell::Goal)
        .collect();
    for &i in &stack {
        live[i] = true;
    }
    while let Some(t) = stack.pop() {
        // A box at `c` pushed the way from `c` to `t`: the player stands
        // one further from `t`, beyond `c`.
        let around = neighbours(t, w, h);
        for (d, c) in around.into_iter().enumerate() {
            let Some(c) = c.filter(|&c| open(c) && !live[c]) else {
                continue;
            };
            let beyond = neighbours(c, w, h)[d];
            if beyond.is_some_and(open) {
                live[c] = true;
                stack.push(c);
            }
        }
    }
    let outside = level.outside();
    (0..cells.len())
        .map(|i| open(i) && !outside[i] && !live[i])
        .collect()
}

/// The dead cells of a compiled level, one flag a region cell.
pub(crate) fn dead_cells_in(rules: &Rules) -> Vec<bool> {
    let level = rules.level();
    let board = dead_cells(level);
    (0..rules.cell_count() as u32)
        .map(|c| {
            let (x, y) = rules.xy(c);
            board[y * level.width() + x]
        })
        .collect()
}

/// Why a dead cell is dead, in the simple cases a designer sees at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeadReason {
    /// Walls on two sides at a right angle, and no goal.
    Corner,
    /// Against a wall on side `Dir`, along a stretch of that wall closed
    /// at both ends with no goal on it: the box can only slide along it.
    WallWithoutGoal(Dir),
    /// Dead for another reason (no push sequence brings it to a goal).
    Other,
}

/// Why the dead cell `(x, y)` is dead (see [`DeadReason`]); meant for
/// cells [`dead_cells`] marks.
pub fn why_dead(level: &Level, x: usize, y: usize) -> DeadReason {
    let wall = |x: isize, y: isize| {
        x < 0
            || y < 0
            || level
                .get(x as usize, y as usize)
                .is_none_or(|c| !c.is_open())
    };
    let (xi, yi) = (x as isize, y as isize);
    let walled = |d: Dir| {
        let (dx, dy) = d.delta();
        wall(xi + dx, yi + dy)
    };
    let vertical = walled(Dir::Up) || walled(Dir::Down);
    let horizontal = walled(Dir::Left) || walled(Dir::Right);
    if vertical && horizontal && level.get(x, y) != Some(Cell::Goal) {
        return DeadReason::Corner;
    }
    for side in Dir::ALL {
        if !walled(side) {
            continue;
        }
        let (sx, sy) = side.delta();
        // Walk along the wall both ways until a wall ends the stretch.
        let along = [(sy, sx), (-sy, -sx)];
        let mut closed = true;
        let mut goal = false;
        for (ax, ay) in along {
            let (mut cx, mut cy) = (xi, yi);
            loop {
                if level.get(cx as usize, cy as usize) == Some(Cell::Goal) {
                    goal = true;
                }
                if !wall(cx + sx, cy + sy) {
                    closed = false;
                    break;
                }
                if wall(cx + ax, cy + ay) {
                    break;
                }
                cx += ax;
                cy += ay;
            }
        }
        if closed && !goal {
            return DeadReason::WallWithoutGoal(side);
        }
    }
    DeadReason::Other
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::sokoban::format::read_xsb_one;

    fn dead_list(text: &str) -> Vec<(usize, usize)> {
        let level = read_xsb_one(text).unwrap();
        let dead = dead_cells(&level);
        (0..dead.len())
            .filter(|&i| dead[i])
            .map(|i| (i % level.width(), i / level.width()))
            .collect()
    }

    #[test]
    fn a_corner_off_a_goal_is_dead() {
        // #####
        // #@  #
        // # $.#
        // #####
        let text = "#####\n#@  #\n# $.#\n#####\n";
        let dead = dead_list(text);
        assert!(dead.contains(&(1, 1)), "{dead:?}");
        assert!(dead.contains(&(1, 2)));
        assert!(!dead.contains(&(3, 2)), "the goal is live");
        assert!(!dead.contains(&(2, 2)), "pushed right onto the goal");
        let level = read_xsb_one(text).unwrap();
        assert_eq!(why_dead(&level, 1, 1), DeadReason::Corner);
    }

    #[test]
    fn a_wall_with_no_goal_along_it_is_dead() {
        // The top row of floor runs along the wall from corner to corner
        // with no goal: every cell of it is dead.
        let text = "#######\n#     #\n# @$. #\n#     #\n#######\n";
        let dead = dead_list(text);
        for x in 1..=5 {
            assert!(dead.contains(&(x, 1)), "({x}, 1) in {dead:?}");
        }
        assert!(!dead.contains(&(3, 2)));
        let level = read_xsb_one(text).unwrap();
        assert_eq!(why_dead(&level, 3, 1), DeadReason::WallWithoutGoal(Dir::Up));
        assert_eq!(
            why_dead(&level, 1, 2),
            DeadReason::WallWithoutGoal(Dir::Left)
        );
    }

    #[test]
    fn cells_outside_the_walls_are_not_dead() {
        let dead = dead_list("  ####\n###@.#\n#  $ #\n######\n");
        assert!(!dead.contains(&(0, 0)) && !dead.contains(&(1, 0)));
        assert!(dead.contains(&(1, 2)));
    }
}
