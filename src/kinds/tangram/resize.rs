//! Resizing a Tangram level: the board is square, triangles keep their
//! place relative to the anchor, and shapes that lose triangles say so.

use super::{Level, Triangle};
use crate::kinds::resize::{moved, Anchor};
use crate::words::counted;

/// A Tangram level resized with the old board at `anchor` (y down, as on
/// screen), and what the resize loses, in words. The board is square: its
/// side is whichever of `width` and `height` changed.
pub fn resized_at(
    level: &Level,
    width: usize,
    height: usize,
    anchor: Anchor,
) -> (Level, Vec<String>) {
    let side = if width != level.size { width } else { height };
    let (dx, dy_down) = anchor.offset((level.size, level.size), (side, side));
    // Tangram rows grow upward: a shift down is a shift to lower rows.
    let dy_up = (side as isize - level.size as isize) - dy_down;
    resized(level, side, dx, dy_up)
}

/// A Tangram level on a `side x side` board, its triangles moved by
/// `(dx, dy_up)` (rows grow upward): triangles that fall off leave their
/// shapes, and shapes left empty go.
pub fn resized(level: &Level, side: usize, dx: isize, dy_up: isize) -> (Level, Vec<String>) {
    let mut out = level.clone();
    out.size = side;
    let mut losses = Vec::new();
    let mut gone = 0;
    for (number, shape) in out.shapes.iter_mut().enumerate() {
        let before = shape.triangles.len();
        shape.triangles = shape
            .triangles
            .iter()
            .filter_map(|t| {
                let (x, y) = moved(t.x.into(), t.y.into(), dx, dy_up, side, side)?;
                Some(Triangle::new(x as u8, y as u8, t.z))
            })
            .collect();
        let lost = before - shape.triangles.len();
        if shape.triangles.is_empty() {
            gone += 1;
            losses.push(format!("shape {} falls off", number + 1));
        } else if lost > 0 {
            losses.push(format!(
                "shape {} loses {} of its {before}",
                number + 1,
                counted(lost as u64, "triangle", "triangles")
            ));
        }
    }
    out.shapes.retain(|s| !s.triangles.is_empty());
    if gone > 0 {
        losses.push(format!(
            "{} left, renumbered",
            counted(out.shapes.len() as u64, "shape is", "shapes are")
        ));
    }
    (out, losses)
}
