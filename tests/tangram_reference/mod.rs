//! A simple, obviously correct Tangram solution counter for the tests,
//! written apart from levelscope's solver and sharing no code with it:
//! plain backtracking over placements.
//!
//! A puzzle is a board side `n` and shapes given as triangles `(x, y, z)`
//! (y upward, z 0 left, 1 bottom, 2 right, 3 top). A solution covers every
//! triangle exactly once with every shape moved by whole squares. Shapes of
//! the same form (equal after moving their lowest corner to the origin) are
//! interchangeable, so the search works with forms and how many of each
//! are left: it always covers the first uncovered triangle (in the order
//! square by square, bottom row first, then side), trying every form left
//! and every placement of it that covers that triangle. Every cover by form
//! is found exactly once: the form and the placement that cover the first
//! uncovered triangle are determined by the cover.

/// A triangle `(x, y, z)`.
pub type Tri = (i32, i32, i32);

/// A Tangram puzzle: board side and shapes.
#[derive(Clone, Debug)]
pub struct Puzzle {
    /// The board side.
    pub n: i32,
    /// The shapes' triangles.
    pub shapes: Vec<Vec<Tri>>,
}

/// A shape moved so that its lowest corner is `(0, 0)`, sorted.
pub fn form(shape: &[Tri]) -> Vec<Tri> {
    let mx = shape.iter().map(|t| t.0).min().unwrap_or(0);
    let my = shape.iter().map(|t| t.1).min().unwrap_or(0);
    let mut f: Vec<Tri> = shape.iter().map(|&(x, y, z)| (x - mx, y - my, z)).collect();
    f.sort();
    f.dedup();
    f
}

struct Search {
    n: i32,
    board: Vec<bool>,
    forms: Vec<(Vec<Tri>, usize)>,
}

impl Search {
    fn index(&self, (x, y, z): Tri) -> Option<usize> {
        if x < 0 || y < 0 || x >= self.n || y >= self.n || !(0..4).contains(&z) {
            return None;
        }
        Some(((y * self.n + x) * 4 + z) as usize)
    }

    /// Covers the triangles of `shape` moved by `(dx, dy)` if they are all
    /// on the board and free; says whether it did.
    fn place(&mut self, shape: &[Tri], (dx, dy): (i32, i32)) -> bool {
        let mut cells = Vec::with_capacity(shape.len());
        for &(x, y, z) in shape {
            match self.index((x + dx, y + dy, z)) {
                Some(i) if !self.board[i] && !cells.contains(&i) => cells.push(i),
                _ => return false,
            }
        }
        for i in cells {
            self.board[i] = true;
        }
        true
    }

    fn unplace(&mut self, shape: &[Tri], (dx, dy): (i32, i32)) {
        for &(x, y, z) in shape {
            let i = self.index((x + dx, y + dy, z)).unwrap();
            self.board[i] = false;
        }
    }

    fn count(&mut self) -> u64 {
        let Some(first) = self.board.iter().position(|&b| !b) else {
            return u64::from(self.forms.iter().all(|(_, k)| *k == 0));
        };
        let square = first as i32 / 4;
        let target = (square % self.n, square / self.n, first as i32 % 4);
        let mut total = 0;
        for f in 0..self.forms.len() {
            if self.forms[f].1 == 0 {
                continue;
            }
            let shape = self.forms[f].0.clone();
            for &(x, y, z) in &shape {
                if z != target.2 {
                    continue;
                }
                let offset = (target.0 - x, target.1 - y);
                if self.place(&shape, offset) {
                    self.forms[f].1 -= 1;
                    total += self.count();
                    self.forms[f].1 += 1;
                    self.unplace(&shape, offset);
                }
            }
        }
        total
    }
}

/// The number of solutions (distinct by form) in which the shapes of
/// `fixed` are moved by the given offsets (and the others anywhere).
pub fn count(puzzle: &Puzzle, fixed: &[(usize, (i32, i32))]) -> u64 {
    let mut search = Search {
        n: puzzle.n,
        board: vec![false; (4 * puzzle.n * puzzle.n) as usize],
        forms: Vec::new(),
    };
    for &(s, offset) in fixed {
        if !search.place(&puzzle.shapes[s], offset) {
            return 0;
        }
    }
    for (s, shape) in puzzle.shapes.iter().enumerate() {
        if fixed.iter().any(|&(f, _)| f == s) {
            continue;
        }
        let f = form(shape);
        match search.forms.iter_mut().find(|(g, _)| *g == f) {
            Some((_, k)) => *k += 1,
            None => search.forms.push((f, 1)),
        }
    }
    search.count()
}

/// Every triangle covered exactly once by the shapes moved by `offsets`?
pub fn is_cover(puzzle: &Puzzle, offsets: &[(i32, i32)]) -> bool {
    let fixed: Vec<(usize, (i32, i32))> = offsets.iter().copied().enumerate().collect();
    count(puzzle, &fixed) == 1
}
