//! What Tangram's tools do to a level: give a triangle to a shape (a new
//! one or an existing one, which splits the shape it leaves when that is
//! the point), take it from its shape, fill a region, merge and delete
//! shapes, resize the board. Every function here is a plain edit of the
//! level; the palette wraps each in an undo step.
//!
//! Squares are addressed as the board shows them, `y` down; the level's
//! triangles have `y` upward (see [`crate::kinds::tangram::level`]).

use std::collections::VecDeque;

use crate::kinds::tangram::{neighbours, Level, Shape, Triangle};

/// The triangle of an `n x n` board under the pointer: square `(x, y)` (y
/// down) and the pointer's place `within` it (0 to 1, y down). The square's
/// diagonals cut it into the four triangles; the pointer is in the one whose
/// side it is nearest to.
pub fn triangle_at(n: usize, x: usize, y: usize, within: [f32; 2]) -> Triangle {
    let (dx, dy) = (within[0] - 0.5, within[1] - 0.5);
    let z = if dx.abs() > dy.abs() {
        if dx < 0.0 {
            0
        } else {
            2
        }
    } else if dy < 0.0 {
        3
    } else {
        1
    };
    Triangle::new(x as u8, (n - 1 - y) as u8, z)
}

/// The shape that holds `t`, if any.
pub fn owner_of(level: &Level, t: Triangle) -> Option<usize> {
    level.shapes.iter().position(|s| s.triangles.contains(&t))
}

/// What an edit did to the shapes' numbering: the shapes it removed (they
/// were left empty), highest first, so that a selection can follow.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Edit {
    /// Whether the level changed.
    pub changed: bool,
    /// The shape the triangles went to, after any renumbering.
    pub shape: Option<usize>,
    /// Shapes removed because the edit left them empty, in their old
    /// numbering, highest first.
    pub removed: Vec<usize>,
}

/// Removes `t` from whichever shape holds it; returns that shape.
fn take(level: &mut Level, t: Triangle) -> Option<usize> {
    let owner = owner_of(level, t)?;
    level.shapes[owner].triangles.retain(|&o| o != t);
    Some(owner)
}

/// Drops the empty shapes, returning their old numbers, highest first.
fn drop_empty(level: &mut Level) -> Vec<usize> {
    let mut removed: Vec<usize> = (0..level.shapes.len())
        .filter(|&s| level.shapes[s].triangles.is_empty())
        .collect();
    removed.reverse();
    for &s in &removed {
        level.shapes.remove(s);
    }
    removed
}

/// `shape` renumbered after the shapes in `removed` (highest first) went.
fn renumbered(shape: usize, removed: &[usize]) -> usize {
    shape - removed.iter().filter(|&&r| r < shape).count()
}

/// Gives the triangles `ts` to shape `shape`; `shape == level.shapes.len()`
/// makes a new shape of them. Shapes the triangles leave empty are
/// removed.
pub fn give(level: &mut Level, ts: &[Triangle], shape: usize) -> Edit {
    let shape = shape.min(level.shapes.len());
    let moving: Vec<Triangle> = ts
        .iter()
        .copied()
        .filter(|&t| t.on_board(level.size) && owner_of(level, t) != Some(shape))
        .collect();
    if moving.is_empty() {
        return Edit {
            changed: false,
            shape: Some(shape),
            removed: Vec::new(),
        };
    }
    if shape == level.shapes.len() {
        level.shapes.push(Shape::default());
    }
    for &t in &moving {
        take(level, t);
    }
    level.shapes[shape].triangles.extend(moving);
    let removed = drop_empty(level);
    Edit {
        changed: true,
        shape: Some(renumbered(shape, &removed)),
        removed,
    }
}

/// Takes `t` from its shape (it then belongs to none); a shape left empty
/// is removed.
pub fn erase(level: &mut Level, t: Triangle) -> Edit {
    if take(level, t).is_none() {
        return Edit::default();
    }
    Edit {
        changed: true,
        shape: None,
        removed: drop_empty(level),
    }
}

/// Fills from `t` with shape `shape`: a triangle of no shape fills the whole
/// edge-connected region of triangles of no shape around it; a triangle of
/// another shape brings that whole shape over (a merge).
pub fn fill(level: &mut Level, t: Triangle, shape: usize) -> Edit {
    if !t.on_board(level.size) {
        return Edit::default();
    }
    match owner_of(level, t) {
        Some(other) if other == shape => Edit {
            changed: false,
            shape: Some(shape),
            removed: Vec::new(),
        },
        Some(other) if shape < level.shapes.len() => merge(level, shape, other),
        Some(other) => {
            // A new shape of a whole shape is the same shape renumbered: a
            // designer who asks for it wants it last.
            let moved = level.shapes.remove(other);
            level.shapes.push(moved);
            Edit {
                changed: other + 1 != level.shapes.len(),
                shape: Some(level.shapes.len() - 1),
                removed: Vec::new(),
            }
        }
        None => {
            let region = unowned_region(level, t);
            give(level, &region, shape)
        }
    }
}

/// The edge-connected triangles of no shape around `t` (itself of none).
fn unowned_region(level: &Level, t: Triangle) -> Vec<Triangle> {
    let n = level.size;
    let owners = level.owners();
    let mut seen = vec![false; level.triangle_count()];
    let mut queue = VecDeque::from([t]);
    seen[t.index(n)] = true;
    let mut region = Vec::new();
    while let Some(at) = queue.pop_front() {
        region.push(at);
        for next in neighbours(at, n) {
            let i = next.index(n);
            if !seen[i] && owners[i].is_none() {
                seen[i] = true;
                queue.push_back(next);
            }
        }
    }
    region
}

/// Moves every triangle of shape `from` into shape `into` and removes
/// `from`.
pub fn merge(level: &mut Level, into: usize, from: usize) -> Edit {
    if into == from || into >= level.shapes.len() || from >= level.shapes.len() {
        return Edit::default();
    }
    let moved = std::mem::take(&mut level.shapes[from].triangles);
    level.shapes[into].triangles.extend(moved);
    let removed = drop_empty(level);
    Edit {
        changed: true,
        shape: Some(renumbered(into, &removed)),
        removed,
    }
}

/// Deletes shape `shape`: its triangles belong to no shape.
pub fn delete_shape(level: &mut Level, shape: usize) -> Edit {
    if shape >= level.shapes.len() {
        return Edit::default();
    }
    level.shapes.remove(shape);
    Edit {
        changed: true,
        shape: None,
        removed: vec![shape],
    }
}

pub use crate::kinds::tangram::level::describe_cell;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::tangram::parse_text;

    fn two_halves() -> Level {
        // A 1x1 board: shape 1 the left and bottom triangles, shape 2 the
        // right and top ones.
        parse_text("1\n2\nshape\n0,0,0\n0,0,1\nshape\n0,0,2\n0,0,3\n").unwrap()
    }

    #[test]
    fn the_pointer_picks_the_triangle_of_the_nearest_side() {
        // y down on screen: the top row of a 3x3 board is the level's y = 2.
        assert_eq!(triangle_at(3, 1, 0, [0.1, 0.5]), Triangle::new(1, 2, 0));
        assert_eq!(triangle_at(3, 1, 0, [0.5, 0.9]), Triangle::new(1, 2, 1));
        assert_eq!(triangle_at(3, 1, 0, [0.9, 0.4]), Triangle::new(1, 2, 2));
        assert_eq!(triangle_at(3, 1, 0, [0.5, 0.1]), Triangle::new(1, 2, 3));
        assert_eq!(triangle_at(3, 0, 2, [0.5, 0.1]), Triangle::new(0, 0, 3));
    }

    #[test]
    fn giving_a_triangle_moves_it_and_a_shape_left_empty_goes() {
        let mut level = two_halves();
        let edit = give(&mut level, &[Triangle::new(0, 0, 2)], 0);
        assert!(edit.changed);
        assert_eq!(level.shapes[0].triangles.len(), 3);
        assert_eq!(level.shapes[1].triangles, [Triangle::new(0, 0, 3)]);
        let edit = give(&mut level, &[Triangle::new(0, 0, 3)], 0);
        assert_eq!(edit.removed, [1]);
        assert_eq!(level.shapes.len(), 1);
        assert!(level.is_valid());
    }

    #[test]
    fn painting_a_new_shape_splits_the_old_one_and_the_selection_follows() {
        let mut level = two_halves();
        let edit = give(&mut level, &[Triangle::new(0, 0, 0)], 2);
        assert_eq!(edit.shape, Some(2));
        assert_eq!(level.shapes.len(), 3);
        assert_eq!(level.shapes[2].triangles, [Triangle::new(0, 0, 0)]);
        // Shape 1 (index 0) now has one triangle; giving it away removes
        // it, and the new shape becomes index 1.
        let edit = give(&mut level, &[Triangle::new(0, 0, 1)], 2);
        assert_eq!(edit.removed, [0]);
        assert_eq!(edit.shape, Some(1));
        assert_eq!(level.shapes.len(), 2);
    }

    #[test]
    fn fill_floods_triangles_of_no_shape_and_merges_another_shape() {
        let mut level = Level::new(2);
        let edit = fill(&mut level, Triangle::new(0, 0, 0), 0);
        assert!(edit.changed);
        assert_eq!(level.shapes.len(), 1);
        assert_eq!(level.shapes[0].triangles.len(), 16, "the whole empty board");
        let mut level = two_halves();
        let edit = fill(&mut level, Triangle::new(0, 0, 3), 0);
        assert_eq!(edit.removed, [1]);
        assert_eq!(level.shapes.len(), 1);
        assert_eq!(level.shapes[0].triangles.len(), 4);
    }

    #[test]
    fn erase_and_delete_leave_triangles_of_no_shape() {
        let mut level = two_halves();
        assert!(erase(&mut level, Triangle::new(0, 0, 0)).changed);
        assert!(!level.is_valid());
        assert!(!erase(&mut level, Triangle::new(0, 0, 0)).changed);
        let edit = delete_shape(&mut level, 1);
        assert_eq!(edit.removed, [1]);
        assert_eq!(level.shapes.len(), 1);
    }

    #[test]
    fn the_tooltip_counts_rows_down_as_the_rulers_do() {
        // A 2x2 board: shape 1 the file's bottom row (y = 0), shape 2 its
        // top row, which the rulers count as row 0.
        let level = parse_text(
            "2\n2\nshape\n0,0,0\n0,0,1\n0,0,2\n0,0,3\n1,0,0\n1,0,1\n1,0,2\n1,0,3\n\
             shape\n0,1,0\n0,1,1\n0,1,2\n0,1,3\n1,1,0\n1,1,1\n1,1,2\n1,1,3\n",
        )
        .unwrap();
        assert_eq!(
            describe_cell(&level, 0, 0),
            "left shape 2, bottom shape 2, right shape 2, top shape 2"
        );
        assert_eq!(
            describe_cell(&level, 1, 1),
            "left shape 1, bottom shape 1, right shape 1, top shape 1"
        );
    }

    #[test]
    fn the_tooltip_names_the_shape_of_each_triangle() {
        let level = two_halves();
        assert_eq!(
            describe_cell(&level, 0, 0),
            "left shape 1, bottom shape 1, right shape 2, top shape 2"
        );
    }
}
