//! The canonical form of a Tangram level, for finding duplicates.
//!
//! Two levels are the same puzzle when they have the same board size and
//! the same set of forms (each shape up to translation, the shapes in any
//! order), up to the 8 symmetries of the square board: turning or mirroring
//! the whole level maps every shape alike and gives the same puzzle. The
//! name is not part of it, nor where the level has its shapes.
//!
//! A symmetry maps triangle `(x, y, z)` (y upward) as follows. The quarter
//! turn counter-clockwise takes square `(x, y)` to `(N-1-y, x)` and side `z`
//! to `(z+1) % 4` (left becomes bottom, bottom right, right top, top left).
//! The mirror left-right takes `(x, y)` to `(N-1-x, y)` and swaps sides 0
//! and 2 (left and right). Symmetry `s` in `0..8` is the mirror when
//! `s >= 4`, then `s % 4` quarter turns.

use super::level::{Level, Shape, Triangle};

/// The image of `t` under symmetry `s` (`0..8`, see the module docs) of an
/// `n x n` board. Coordinates are computed in `i32`, so triangles off the
/// board map too (possibly to negative coordinates).
pub fn transform(t: Triangle, n: usize, s: u8) -> (i32, i32, u8) {
    let last = n as i32 - 1;
    let (mut x, mut y, mut z) = (t.x as i32, t.y as i32, t.z);
    if s >= 4 {
        x = last - x;
        z = [2, 1, 0, 3].get(z as usize).copied().unwrap_or(z);
    }
    for _ in 0..s % 4 {
        (x, y) = (last - y, x);
        z = if z < 4 { (z + 1) % 4 } else { z };
    }
    (x, y, z)
}

/// The level turned or mirrored by symmetry `s` (`0..8`): every triangle
/// mapped by [`transform`]. Triangles off the board stay where they are.
pub fn transformed(level: &Level, s: u8) -> Level {
    let n = level.size;
    let shapes = level
        .shapes
        .iter()
        .map(|shape| {
            Shape::new(
                shape
                    .triangles
                    .iter()
                    .map(|&t| {
                        if !t.on_board(n) {
                            return t;
                        }
                        let (x, y, z) = transform(t, n, s);
                        Triangle::new(x as u8, y as u8, z)
                    })
                    .collect(),
            )
        })
        .collect();
    Level {
        name: level.name.clone(),
        size: n,
        shapes,
    }
}

/// The forms of the level under symmetry `s`, each as text, sorted.
fn forms_under(level: &Level, s: u8) -> Vec<String> {
    let mut forms: Vec<String> = level
        .shapes
        .iter()
        .map(|shape| {
            let mut ts: Vec<(i32, i32, u8)> = shape
                .triangles
                .iter()
                .map(|&t| transform(t, level.size, s))
                .collect();
            let mx = ts.iter().map(|t| t.0).min().unwrap_or(0);
            let my = ts.iter().map(|t| t.1).min().unwrap_or(0);
            for t in &mut ts {
                t.0 -= mx;
                t.1 -= my;
            }
            ts.sort_unstable();
            ts.dedup();
            ts.iter()
                .map(|(x, y, z)| format!("{x},{y},{z}"))
                .collect::<Vec<_>>()
                .join(";")
        })
        .collect();
    forms.sort_unstable();
    forms
}

/// A key equal for two levels exactly when they are the same puzzle (see
/// the module docs): `tangram N:` followed by the sorted forms (`|` between
/// shapes, `;` between triangles `x,y,z`), under the symmetry that gives the
/// smallest text.
pub fn canonical_key(level: &Level) -> String {
    (0..8)
        .map(|s| format!("tangram {}:{}", level.size, forms_under(level, s).join("|")))
        .min()
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::tangram::generate::{generate, GenerateOptions};
    use crate::kinds::tangram::level::neighbours;

    #[test]
    fn the_quarter_turn_maps_sides_as_it_should() {
        // Bottom-left square's left side on a 3x3 board: after a quarter
        // turn counter-clockwise it is the bottom-right square's bottom.
        assert_eq!(transform(Triangle::new(0, 0, 0), 3, 1), (2, 0, 1));
        // Mirror: left side of (0, 1) becomes right side of (2, 1).
        assert_eq!(transform(Triangle::new(0, 1, 0), 3, 4), (2, 1, 2));
        // Four quarter turns are the identity; mirror twice too.
        for i in 0..36 {
            let t = Triangle::from_index(i, 3);
            let mut u = t;
            for _ in 0..4 {
                let (x, y, z) = transform(u, 3, 1);
                u = Triangle::new(x as u8, y as u8, z);
            }
            assert_eq!(u, t);
        }
    }

    #[test]
    fn symmetries_keep_neighbours() {
        let n = 4;
        for s in 0..8 {
            let map = |t: Triangle| {
                let (x, y, z) = transform(t, n, s);
                Triangle::new(x as u8, y as u8, z)
            };
            for i in 0..4 * n * n {
                let a = Triangle::from_index(i, n);
                let mut image: Vec<Triangle> = neighbours(a, n).map(map).collect();
                let mut expected: Vec<Triangle> = neighbours(map(a), n).collect();
                image.sort();
                expected.sort();
                assert_eq!(image, expected, "symmetry {s}, triangle {a}");
            }
        }
    }

    #[test]
    fn same_puzzle_same_key() {
        for seed in 0..10 {
            let level = generate(GenerateOptions::new(5, 9, seed)).unwrap().level;
            let key = canonical_key(&level);
            for s in 0..8 {
                let mut other = transformed(&level, s);
                assert!(other.is_valid());
                other.shapes.reverse();
                other.name = "another name".into();
                for shape in &mut other.shapes {
                    shape.triangles.reverse();
                }
                assert_eq!(canonical_key(&other), key, "seed {seed} symmetry {s}");
            }
        }
    }

    #[test]
    fn different_puzzles_differ() {
        let a = generate(GenerateOptions::new(4, 6, 1)).unwrap().level;
        let b = generate(GenerateOptions::new(4, 6, 2)).unwrap().level;
        assert_ne!(canonical_key(&a), canonical_key(&b));
        // Same forms on a bigger board: another puzzle.
        let mut c = a.clone();
        c.size = 5;
        assert_ne!(canonical_key(&a), canonical_key(&c));
    }

    #[test]
    fn forms_not_positions() {
        // A 2x2 board: a bar on the left column and two squares, or the
        // bar on the right: the same puzzle.
        let sq =
            |x: u8, y: u8| -> Vec<Triangle> { (0..4).map(|z| Triangle::new(x, y, z)).collect() };
        let left = Level {
            name: String::new(),
            size: 2,
            shapes: vec![
                Shape::new([sq(0, 0), sq(0, 1)].concat()),
                Shape::new(sq(1, 0)),
                Shape::new(sq(1, 1)),
            ],
        };
        let right = Level {
            name: String::new(),
            size: 2,
            shapes: vec![
                Shape::new(sq(0, 1)),
                Shape::new([sq(1, 0), sq(1, 1)].concat()),
                Shape::new(sq(0, 0)),
            ],
        };
        assert_eq!(canonical_key(&left), canonical_key(&right));
    }
}
