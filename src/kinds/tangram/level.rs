//! The Tangram level as the designer edits it: an `N x N` board of squares,
//! each cut by its diagonals into four triangles, and the shapes that
//! partition those triangles (docs/rules.md, Tangram).
//!
//! Coordinates are the original game's: `x` grows to the right and **`y`
//! grows upward**, `(0, 0)` is the bottom-left square. A triangle is
//! `(x, y, z)` with `z = 0` left, `1` bottom, `2` right, `3` top.
//!
//! [`Problem::cell`] elsewhere in the program is in y-down screen
//! coordinates (`(0, 0)` the top-left cell), so the problems of a Tangram
//! level put the square `(x, N - 1 - y)` in `cell` and name the triangle in
//! the original `(x, y, z)` in the message. Shapes are numbered from 1 in
//! words (shape 1 is the first shape of the file); indices in the API are
//! from 0.

use crate::kinds::Problem;

/// The smallest board side.
pub const MIN_SIZE: usize = 1;
/// The largest board side.
pub const MAX_SIZE: usize = 16;

/// One triangle of the board: square `(x, y)` (y upward) and its side `z`
/// (0 left, 1 bottom, 2 right, 3 top).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Triangle {
    /// Column, growing rightward.
    pub x: u8,
    /// Row, growing upward.
    pub y: u8,
    /// Side of the square: 0 left, 1 bottom, 2 right, 3 top.
    pub z: u8,
}

impl Triangle {
    /// The triangle `(x, y, z)`.
    pub const fn new(x: u8, y: u8, z: u8) -> Triangle {
        Triangle { x, y, z }
    }

    /// Whether the triangle lies on an `n x n` board (and `z` is a side).
    pub fn on_board(self, n: usize) -> bool {
        (self.x as usize) < n && (self.y as usize) < n && self.z < 4
    }

    /// The triangle's index on an `n x n` board, `0..4·n²`: `(y·n + x)·4 + z`.
    /// Only meaningful when [`Triangle::on_board`].
    pub fn index(self, n: usize) -> usize {
        ((self.y as usize * n) + self.x as usize) * 4 + self.z as usize
    }

    /// The triangle with index `index` on an `n x n` board (the inverse of
    /// [`Triangle::index`]).
    pub fn from_index(index: usize, n: usize) -> Triangle {
        let square = index / 4;
        Triangle {
            x: (square % n) as u8,
            y: (square / n) as u8,
            z: (index % 4) as u8,
        }
    }

    /// The square's cell in y-down screen coordinates, `(x, n - 1 - y)`, as
    /// [`Problem::cell`] wants it. Only meaningful when
    /// [`Triangle::on_board`].
    pub fn screen_cell(self, n: usize) -> (usize, usize) {
        (self.x as usize, n - 1 - self.y as usize)
    }
}

/// The names of a square's four sides, by `z`.
const SIDES: [&str; 4] = ["left", "bottom", "right", "top"];

impl Triangle {
    /// The triangle by its square as the editor's rulers count it (`x` from
    /// the left, `y` down from the top, from 0) and its side:
    /// `"(2, 0) bottom"`, on an `n x n` board. A triangle off the board has
    /// no square there: it is named as the file has it, and said so.
    pub fn ruler_words(self, n: usize) -> String {
        if !self.on_board(n) {
            return format!("{self} (as the file has it, y upward)");
        }
        let (x, y) = self.screen_cell(n);
        format!("({x}, {y}) {}", SIDES[self.z as usize])
    }
}

impl std::fmt::Display for Triangle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({},{},{})", self.x, self.y, self.z)
    }
}

/// The edge-neighbours of triangle `t` on an `n x n` board, as docs/rules.md's
/// table gives them: the two other triangles of its square that share an
/// edge with it, `(x, y, (z+1)%4)` and `(x, y, (z+3)%4)`, then, when it is
/// inside the board, the triangle across the square's edge: `z=0 → (x-1,
/// y, 2)`, `z=1 → (x, y-1, 3)`, `z=2 → (x+1, y, 0)`, `z=3 → (x, y+1, 1)`.
///
/// `t` must be on the board.
pub fn neighbours(t: Triangle, n: usize) -> impl Iterator<Item = Triangle> {
    let Triangle { x, y, z } = t;
    let across = match z {
        0 if x > 0 => Some(Triangle::new(x - 1, y, 2)),
        1 if y > 0 => Some(Triangle::new(x, y - 1, 3)),
        2 if (x as usize) + 1 < n => Some(Triangle::new(x + 1, y, 0)),
        3 if (y as usize) + 1 < n => Some(Triangle::new(x, y + 1, 1)),
        _ => None,
    };
    [
        Some(Triangle::new(x, y, (z + 1) % 4)),
        Some(Triangle::new(x, y, (z + 3) % 4)),
        across,
    ]
    .into_iter()
    .flatten()
}

/// A shape: a set of triangles, the seed triangle first (as the file has
/// it).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Shape {
    /// The triangles, the seed first.
    pub triangles: Vec<Triangle>,
}

impl Shape {
    /// A shape of these triangles.
    pub fn new(triangles: Vec<Triangle>) -> Shape {
        Shape { triangles }
    }

    /// The lowest square corner of the shape's triangles, `(min x, min y)`,
    /// or `None` for an empty shape.
    pub fn corner(&self) -> Option<(u8, u8)> {
        let x = self.triangles.iter().map(|t| t.x).min()?;
        let y = self.triangles.iter().map(|t| t.y).min()?;
        Some((x, y))
    }

    /// The shape's *form*: its triangles moved so that the lowest square
    /// corner is `(0, 0)`, sorted, without repeats. Two shapes are identical
    /// up to translation exactly when their forms are equal.
    pub fn form(&self) -> Vec<Triangle> {
        let Some((mx, my)) = self.corner() else {
            return Vec::new();
        };
        let mut form: Vec<Triangle> = self
            .triangles
            .iter()
            .map(|t| Triangle::new(t.x - mx, t.y - my, t.z))
            .collect();
        form.sort_unstable();
        form.dedup();
        form
    }
}

/// A Tangram level: an `N x N` board and the shapes that cut it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Level {
    /// The level's name (not part of the original format).
    pub name: String,
    /// The board side `N` (1 to 16).
    pub size: usize,
    /// The shapes, in file order.
    pub shapes: Vec<Shape>,
}

impl Level {
    /// An `n x n` level without shapes.
    pub fn new(size: usize) -> Level {
        Level {
            name: String::new(),
            size,
            shapes: Vec::new(),
        }
    }

    /// The number of triangles of the board, `4·N²`.
    pub fn triangle_count(&self) -> usize {
        4 * self.size * self.size
    }

    /// For every triangle index, the shape that holds it (the first one, if
    /// several do). Triangles off the board are ignored.
    pub fn owners(&self) -> Vec<Option<usize>> {
        let n = self.size;
        let mut owner = vec![None; self.triangle_count()];
        for (s, shape) in self.shapes.iter().enumerate() {
            for &t in &shape.triangles {
                if t.on_board(n) && owner[t.index(n)].is_none() {
                    owner[t.index(n)] = Some(s);
                }
            }
        }
        owner
    }

    /// Everything that makes the level invalid, each problem naming its
    /// square (in `cell`, y-down: `(x, N-1-y)`; no cell for a triangle off
    /// the board, an empty shape or a bad size) and its triangles (in the
    /// message, by the same square and their side, as the editor's rulers
    /// count: [`Triangle::ruler_words`]; one convention in the editor and on
    /// the command line): a board size out of range, a
    /// triangle off the board, a triangle in two shapes (or twice in one),
    /// triangles in no shape (one problem per square), a shape that is not
    /// edge-connected, an empty shape. Shapes are numbered from 1 in the
    /// messages.
    pub fn problems(&self) -> Vec<Problem> {
        let n = self.size;
        let name = |t: Triangle| t.ruler_words(n);
        let mut problems = Vec::new();
        if !(MIN_SIZE..=MAX_SIZE).contains(&n) {
            problems.push(Problem::of_level(format!(
                "the board is {n} x {n}; it must be between {MIN_SIZE} x {MIN_SIZE} and {MAX_SIZE} x {MAX_SIZE}"
            )));
            return problems;
        }
        let mut owner: Vec<Option<usize>> = vec![None; self.triangle_count()];
        for (s, shape) in self.shapes.iter().enumerate() {
            if shape.triangles.is_empty() {
                problems.push(Problem::of_level(format!(
                    "shape {} is empty: it has no triangle",
                    s + 1
                )));
                continue;
            }
            for &t in &shape.triangles {
                if !t.on_board(n) {
                    problems.push(Problem::of_level(format!(
                        "triangle {} of shape {} is off the {n} x {n} board",
                        name(t),
                        s + 1
                    )));
                    continue;
                }
                let (cx, cy) = t.screen_cell(n);
                match owner[t.index(n)] {
                    None => owner[t.index(n)] = Some(s),
                    Some(o) if o == s => problems.push(Problem::at(
                        cx,
                        cy,
                        format!("triangle {} is listed twice in shape {}", name(t), s + 1),
                    )),
                    Some(o) => problems.push(Problem::at(
                        cx,
                        cy,
                        format!("triangle {} is in shapes {} and {}", name(t), o + 1, s + 1),
                    )),
                }
            }
            if let Some(piece) = detached_piece(shape, n) {
                let (cx, cy) = piece.screen_cell(n);
                problems.push(Problem::at(
                    cx,
                    cy,
                    format!(
                        "shape {} is not edge-connected: triangle {} does not touch the shape's seed {} through the shape",
                        s + 1,
                        name(piece),
                        name(shape.triangles[0])
                    ),
                ));
            }
        }
        for square in 0..n * n {
            let missing: Vec<String> = (0..4)
                .filter(|z| owner[square * 4 + z].is_none())
                .map(|z| name(Triangle::from_index(square * 4 + z, n)))
                .collect();
            if missing.is_empty() {
                continue;
            }
            let t = Triangle::from_index(square * 4, n);
            let (cx, cy) = t.screen_cell(n);
            let message = match missing.len() {
                1 => format!("triangle {} is in no shape", missing[0]),
                _ => format!("triangles {} are in no shape", join_and(&missing)),
            };
            problems.push(Problem::at(cx, cy, message));
        }
        problems
    }

    /// Whether the level has no problem.
    pub fn is_valid(&self) -> bool {
        self.problems().is_empty()
    }
}

/// `a`, `a and b`, `a, b and c`: items joined for a sentence.
pub(crate) fn join_and(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// A triangle of `shape` that is not edge-connected to the shape's seed
/// through the shape's own (on-board) triangles, if any.
fn detached_piece(shape: &Shape, n: usize) -> Option<Triangle> {
    let mut members: Vec<Triangle> = shape
        .triangles
        .iter()
        .copied()
        .filter(|t| t.on_board(n))
        .collect();
    members.sort_unstable();
    members.dedup();
    let seed = *shape.triangles.iter().find(|t| t.on_board(n))?;
    let mut reached = vec![false; members.len()];
    let position = |t: &Triangle| members.binary_search(t).ok();
    let mut stack = vec![seed];
    reached[position(&seed)?] = true;
    while let Some(t) = stack.pop() {
        for u in neighbours(t, n) {
            if let Some(i) = position(&u) {
                if !reached[i] {
                    reached[i] = true;
                    stack.push(u);
                }
            }
        }
    }
    // The first triangle in file order that the seed does not reach.
    shape
        .triangles
        .iter()
        .copied()
        .find(|t| t.on_board(n) && position(t).is_some_and(|i| !reached[i]))
}

/// What square `(x, y)` (y down) holds, for the board's tooltip: the shapes
/// of its four triangles.
pub fn describe_cell(level: &Level, x: usize, y: usize) -> String {
    let n = level.size;
    if x >= n || y >= n {
        return String::new();
    }
    let names = ["left", "bottom", "right", "top"];
    let parts: Vec<String> = (0..4u8)
        .map(|z| {
            let t = Triangle::new(x as u8, (n - 1 - y) as u8, z);
            match level.shapes.iter().position(|s| s.triangles.contains(&t)) {
                Some(s) => format!("{} shape {}", names[z as usize], s + 1),
                None => format!("{} no shape", names[z as usize]),
            }
        })
        .collect();
    parts.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(x: u8, y: u8, z: u8) -> Triangle {
        Triangle::new(x, y, z)
    }

    fn sorted(it: impl Iterator<Item = Triangle>) -> Vec<Triangle> {
        let mut v: Vec<Triangle> = it.collect();
        v.sort();
        v
    }

    #[test]
    fn neighbour_table_inside_the_board() {
        // Square (1,1) of a 3x3 board: every side has a neighbour across.
        assert_eq!(
            sorted(neighbours(t(1, 1, 0), 3)),
            vec![t(0, 1, 2), t(1, 1, 1), t(1, 1, 3)]
        );
        assert_eq!(
            sorted(neighbours(t(1, 1, 1), 3)),
            vec![t(1, 0, 3), t(1, 1, 0), t(1, 1, 2)]
        );
        assert_eq!(
            sorted(neighbours(t(1, 1, 2), 3)),
            vec![t(1, 1, 1), t(1, 1, 3), t(2, 1, 0)]
        );
        assert_eq!(
            sorted(neighbours(t(1, 1, 3), 3)),
            vec![t(1, 1, 0), t(1, 1, 2), t(1, 2, 1)]
        );
        // Order: (z+1)%4, (z+3)%4, then across.
        assert_eq!(
            neighbours(t(1, 1, 3), 3).collect::<Vec<_>>(),
            vec![t(1, 1, 0), t(1, 1, 2), t(1, 2, 1)]
        );
    }

    #[test]
    fn neighbour_table_at_the_board_edge() {
        // Bottom-left square of a 2x2 board: left and bottom face the edge.
        assert_eq!(
            sorted(neighbours(t(0, 0, 0), 2)),
            vec![t(0, 0, 1), t(0, 0, 3)]
        );
        assert_eq!(
            sorted(neighbours(t(0, 0, 1), 2)),
            vec![t(0, 0, 0), t(0, 0, 2)]
        );
        assert_eq!(
            sorted(neighbours(t(0, 0, 2), 2)),
            vec![t(0, 0, 1), t(0, 0, 3), t(1, 0, 0)]
        );
        // Top-right square: right and top face the edge.
        assert_eq!(
            sorted(neighbours(t(1, 1, 2), 2)),
            vec![t(1, 1, 1), t(1, 1, 3)]
        );
        assert_eq!(
            sorted(neighbours(t(1, 1, 3), 2)),
            vec![t(1, 1, 0), t(1, 1, 2)]
        );
        assert_eq!(
            sorted(neighbours(t(1, 1, 1), 2)),
            vec![t(1, 0, 3), t(1, 1, 0), t(1, 1, 2)]
        );
        // A 1x1 board: only the square's own triangles.
        for z in 0..4 {
            assert_eq!(neighbours(t(0, 0, z), 1).count(), 2);
        }
    }

    #[test]
    fn neighbours_are_symmetric() {
        let n = 4;
        for i in 0..4 * n * n {
            let a = Triangle::from_index(i, n);
            assert_eq!(a.index(n), i);
            for b in neighbours(a, n) {
                assert!(b.on_board(n));
                assert!(neighbours(b, n).any(|c| c == a), "{a} -> {b}");
            }
        }
    }

    fn quarters() -> Level {
        Level {
            name: "quarters".into(),
            size: 1,
            shapes: (0..4).map(|z| Shape::new(vec![t(0, 0, z)])).collect(),
        }
    }

    #[test]
    fn a_partition_is_valid() {
        assert_eq!(quarters().problems(), vec![]);
    }

    #[test]
    fn problems_name_square_and_triangle() {
        let mut level = Level {
            name: String::new(),
            size: 3,
            shapes: vec![Shape::new(
                (0..36).map(|i| Triangle::from_index(i, 3)).collect(),
            )],
        };
        assert!(level.is_valid());
        // Triangle (2,0,1) also in a second shape: cell is y-down (2, 2).
        level.shapes.push(Shape::new(vec![t(2, 0, 1)]));
        let problems = level.problems();
        assert_eq!(
            problems,
            vec![Problem::at(
                2,
                2,
                "triangle (2, 2) bottom is in shapes 1 and 2"
            )]
        );
        // Off the board, empty, twice in one shape.
        level.shapes[1] = Shape::new(vec![t(3, 0, 1)]);
        level.shapes.push(Shape::default());
        level.shapes[0].triangles.push(t(0, 2, 3));
        let messages: Vec<String> = level.problems().iter().map(|p| p.to_string()).collect();
        assert_eq!(
            messages,
            vec![
                "cell (0, 0): triangle (0, 0) top is listed twice in shape 1".to_string(),
                "triangle (3,0,1) (as the file has it, y upward) of shape 2 is off the 3 x 3 board"
                    .to_string(),
                "shape 3 is empty: it has no triangle".to_string(),
            ]
        );
    }

    #[test]
    fn uncovered_and_disconnected() {
        // A 2x2 board: shape 1 holds the left and top of square (0,0) and
        // the right of square (1,1): not connected. The rest is missing.
        let level = Level {
            name: String::new(),
            size: 2,
            shapes: vec![Shape::new(vec![t(0, 0, 0), t(0, 0, 3), t(1, 1, 2)])],
        };
        let messages: Vec<String> = level.problems().iter().map(|p| p.to_string()).collect();
        assert_eq!(
            messages,
            vec![
                "cell (1, 0): shape 1 is not edge-connected: triangle (1, 0) right does not touch the shape's seed (0, 1) left through the shape".to_string(),
                "cell (0, 1): triangles (0, 1) bottom and (0, 1) right are in no shape".to_string(),
                "cell (1, 1): triangles (1, 1) left, (1, 1) bottom, (1, 1) right and (1, 1) top are in no shape".to_string(),
                "cell (0, 0): triangles (0, 0) left, (0, 0) bottom, (0, 0) right and (0, 0) top are in no shape".to_string(),
                "cell (1, 0): triangles (1, 0) left, (1, 0) bottom and (1, 0) top are in no shape".to_string(),
            ]
        );
    }

    #[test]
    fn bad_size() {
        let level = Level::new(0);
        assert_eq!(level.problems().len(), 1);
        assert!(level.problems()[0]
            .message
            .contains("between 1 x 1 and 16 x 16"));
        assert_eq!(Level::new(17).problems().len(), 1);
    }

    #[test]
    fn forms_ignore_position_and_order() {
        let a = Shape::new(vec![t(2, 3, 1), t(2, 3, 2), t(3, 3, 0)]);
        let b = Shape::new(vec![t(1, 0, 0), t(0, 0, 2), t(0, 0, 1)]);
        assert_eq!(a.form(), b.form());
        assert_eq!(a.corner(), Some((2, 3)));
        assert_eq!(Shape::default().form(), vec![]);
    }
}
