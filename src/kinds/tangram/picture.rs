//! A Tangram board as a [`Picture`]: one square is one board unit, `y`
//! down as every picture has it (the level's `y` grows upward, so square
//! `(x, y)` is drawn at `(x, N - 1 - y)`).
//!
//! Every shape is drawn in its own colour *and* carries its number (from
//! 1), so that shapes read without colour; a dark outline runs where a shape
//! meets another shape or the board's edge. Triangles that belong to no
//! shape (an unfinished level) are left light grey and crossed.

use std::collections::HashSet;

use super::level::{Level, Triangle};
use crate::picture::{Align, Picture, Rgba, Stroke};

/// The board under the shapes.
pub const BOARD: Rgba = Rgba::rgb(226, 224, 218);
/// The faint lines of the triangle grid.
pub const GRID_LINE: Rgba = Rgba([0, 0, 0, 34]);
/// The outline of a shape.
pub const OUTLINE: Rgba = Rgba::rgb(30, 30, 36);
/// The numbers on shapes.
pub const INK: Rgba = Rgba::rgb(20, 20, 24);
/// The cross on a triangle of no shape.
pub const UNCOVERED_MARK: Rgba = Rgba([160, 40, 40, 160]);
/// The width of a shape's outline, in squares.
pub const OUTLINE_WIDTH: f32 = 0.06;
/// The em size of a shape's number, in squares.
pub const NUMBER_SIZE: f32 = 0.42;

/// Sixteen fills that tell shapes apart, light enough for dark numbers.
const PALETTE: [Rgba; 16] = [
    Rgba::rgb(242, 142, 132),
    Rgba::rgb(132, 190, 242),
    Rgba::rgb(160, 222, 130),
    Rgba::rgb(246, 206, 104),
    Rgba::rgb(196, 160, 236),
    Rgba::rgb(112, 214, 204),
    Rgba::rgb(246, 170, 206),
    Rgba::rgb(206, 196, 150),
    Rgba::rgb(250, 178, 112),
    Rgba::rgb(150, 170, 230),
    Rgba::rgb(200, 232, 120),
    Rgba::rgb(232, 136, 170),
    Rgba::rgb(140, 206, 160),
    Rgba::rgb(214, 150, 120),
    Rgba::rgb(180, 210, 230),
    Rgba::rgb(230, 230, 150),
];

/// The fill of shape `index` (from 0); colours repeat after 16 shapes, the
/// numbers never do.
pub fn shape_colour(index: usize) -> Rgba {
    PALETTE[index % PALETTE.len()]
}

/// The corners of triangle `t` on an `n x n` board, in board units (y
/// down), moved by `offset`: the two corners on the square's side, in
/// order, then the square's centre. The side between the first two faces
/// the triangle across the square's edge; the second corner and the centre
/// bound the triangle `z + 1`, the centre and the first corner `z + 3`.
pub fn triangle_points(t: Triangle, n: usize, offset: [f32; 2]) -> [[f32; 2]; 3] {
    let left = t.x as f32 + offset[0];
    let top = (n as f32 - 1.0 - t.y as f32) + offset[1];
    let (tl, tr, bl, br) = (
        [left, top],
        [left + 1.0, top],
        [left, top + 1.0],
        [left + 1.0, top + 1.0],
    );
    let centre = [left + 0.5, top + 0.5];
    match t.z {
        0 => [tl, bl, centre],
        1 => [bl, br, centre],
        2 => [br, tr, centre],
        _ => [tr, tl, centre],
    }
}

/// The triangle across the square's edge from `t` (it may lie off the
/// board, or have a negative coordinate: then `None`).
fn across(t: Triangle) -> Option<Triangle> {
    match t.z {
        0 => t.x.checked_sub(1).map(|x| Triangle::new(x, t.y, 2)),
        1 => t.y.checked_sub(1).map(|y| Triangle::new(t.x, y, 3)),
        2 => t.x.checked_add(1).map(|x| Triangle::new(x, t.y, 0)),
        _ => t.y.checked_add(1).map(|y| Triangle::new(t.x, y, 1)),
    }
}

/// The centre of triangle `t`'s area, in board units (y down).
fn centroid(points: &[[f32; 2]; 3]) -> [f32; 2] {
    [
        (points[0][0] + points[1][0] + points[2][0]) / 3.0,
        (points[0][1] + points[1][1] + points[2][1]) / 3.0,
    ]
}

/// Where a shape's number goes: the centre of one of its triangles, so that
/// it lies on the shape even when the shape is not convex. Triangles whose
/// three neighbours are all in the shape come first (a number there is not
/// cut by the board's edge or crowded by another shape), and among them
/// the one nearest to the mean of the shape's triangle centres. In board
/// units for an `n x n` board.
pub fn label_point(triangles: &[Triangle], n: usize) -> Option<[f32; 2]> {
    let own: HashSet<Triangle> = triangles.iter().copied().collect();
    let inner = |t: Triangle| {
        let mates = [
            across(t),
            Some(Triangle::new(t.x, t.y, (t.z + 1) % 4)),
            Some(Triangle::new(t.x, t.y, (t.z + 3) % 4)),
        ];
        mates
            .iter()
            .filter(|m| m.is_some_and(|m| own.contains(&m)))
            .count()
    };
    let centres: Vec<(usize, [f32; 2])> = triangles
        .iter()
        .map(|&t| (inner(t), centroid(&triangle_points(t, n, [0.0, 0.0]))))
        .collect();
    let count = centres.len() as f32;
    let mean = centres.iter().fold([0.0, 0.0], |m, (_, c)| {
        [m[0] + c[0] / count, m[1] + c[1] / count]
    });
    let most = centres.iter().map(|(k, _)| *k).max()?;
    centres
        .into_iter()
        .filter(|(k, _)| *k == most)
        .map(|(_, c)| c)
        .min_by(|a, b| {
            let d = |p: &[f32; 2]| (p[0] - mean[0]).powi(2) + (p[1] - mean[1]).powi(2);
            d(a).total_cmp(&d(b))
        })
}

/// Draws one shape: its `triangles` (in the level's coordinates, on an
/// `n x n` board) filled with `fill`, moved by `offset` board units, its
/// outline where it meets anything else, and `label` at its
/// [`label_point`]. `alpha` fades all of it (1 opaque).
pub fn push_shape(
    picture: &mut Picture,
    triangles: &[Triangle],
    n: usize,
    offset: [f32; 2],
    fill: Rgba,
    label: Option<&str>,
    alpha: f32,
) {
    let fill = fill.faded(alpha);
    let own: HashSet<Triangle> = triangles.iter().copied().collect();
    for &t in triangles {
        let p = triangle_points(t, n, offset);
        // A hairline of the fill closes the seams between triangles.
        picture.polygon(p.to_vec(), Some(fill), Some(Stroke::new(0.01, fill)));
    }
    let outline = Stroke::new(OUTLINE_WIDTH, OUTLINE.faded(alpha));
    for &t in triangles {
        let p = triangle_points(t, n, offset);
        let same = |other: Option<Triangle>| other.is_some_and(|o| own.contains(&o));
        let edges = [
            (p[0], p[1], across(t)),
            (p[1], p[2], Some(Triangle::new(t.x, t.y, (t.z + 1) % 4))),
            (p[2], p[0], Some(Triangle::new(t.x, t.y, (t.z + 3) % 4))),
        ];
        for (from, to, neighbour) in edges {
            if !same(neighbour) {
                picture.line(from, to, outline);
            }
        }
    }
    if let (Some(label), Some(at)) = (label, label_point(triangles, n)) {
        picture.text(
            [at[0] + offset[0], at[1] + offset[1]],
            NUMBER_SIZE,
            INK.faded(alpha),
            label,
            Align::Centre,
        );
    }
}

/// The empty board: its squares and the faint lines of the triangle grid.
pub fn board_picture(n: usize) -> Picture {
    let side = n as f32;
    let mut picture = Picture::new(side, side);
    picture.rect([0.0, 0.0], [side, side], Some(BOARD), None);
    let grid = Stroke::new(0.02, GRID_LINE);
    for i in 0..=n {
        let v = i as f32;
        picture.line([v, 0.0], [v, side], grid);
        picture.line([0.0, v], [side, v], grid);
    }
    for x in 0..n {
        for y in 0..n {
            let (l, t) = (x as f32, y as f32);
            picture.line([l, t], [l + 1.0, t + 1.0], grid);
            picture.line([l + 1.0, t], [l, t + 1.0], grid);
        }
    }
    picture
}

/// The level as its designer arranged it: every shape at its place, in its
/// colour, with its number; triangles of no shape crossed.
pub fn level_picture(level: &Level) -> Picture {
    let n = level.size.clamp(1, super::level::MAX_SIZE);
    let mut picture = board_picture(n);
    for (i, shape) in level.shapes.iter().enumerate() {
        let on_board: Vec<Triangle> = shape
            .triangles
            .iter()
            .copied()
            .filter(|t| t.on_board(n))
            .collect();
        let label = (i + 1).to_string();
        push_shape(
            &mut picture,
            &on_board,
            n,
            [0.0, 0.0],
            shape_colour(i),
            Some(&label),
            1.0,
        );
    }
    let owners = level_owners(level, n);
    let mark = Stroke::new(0.03, UNCOVERED_MARK);
    for (index, owner) in owners.iter().enumerate() {
        if owner.is_none() {
            push_cross(&mut picture, Triangle::from_index(index, n), n, 0.08, mark);
        }
    }
    picture
}

/// Crosses triangle `t` of an `n x n` board at its centre: two strokes
/// `2·half` squares long.
pub fn push_cross(picture: &mut Picture, t: Triangle, n: usize, half: f32, stroke: Stroke) {
    let c = centroid(&triangle_points(t, n, [0.0, 0.0]));
    picture.line(
        [c[0] - half, c[1] - half],
        [c[0] + half, c[1] + half],
        stroke,
    );
    picture.line(
        [c[0] - half, c[1] + half],
        [c[0] + half, c[1] - half],
        stroke,
    );
}

/// The owner of every triangle of an `n x n` board.
fn level_owners(level: &Level, n: usize) -> Vec<Option<usize>> {
    if level.size == n {
        return level.owners();
    }
    let mut clamped = level.clone();
    clamped.size = n;
    clamped.owners()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::tangram::parse_text;
    use crate::picture::Shape;

    #[test]
    fn triangles_sit_on_their_sides_with_y_down() {
        // On a 2x2 board the square (0, 1) (y upward) is the top-left one.
        let top_left_left = triangle_points(Triangle::new(0, 1, 0), 2, [0.0, 0.0]);
        assert_eq!(top_left_left, [[0.0, 0.0], [0.0, 1.0], [0.5, 0.5]]);
        let bottom_right_bottom = triangle_points(Triangle::new(1, 0, 1), 2, [0.0, 0.0]);
        assert_eq!(bottom_right_bottom, [[1.0, 2.0], [2.0, 2.0], [1.5, 1.5]]);
    }

    #[test]
    fn every_shape_has_its_number_and_one_square_has_a_four_sided_outline() {
        let level = parse_text("1\n2\nshape\n0,0,0\n0,0,1\nshape\n0,0,2\n0,0,3\n").unwrap();
        let picture = level_picture(&level);
        let texts: Vec<&str> = picture
            .shapes
            .iter()
            .filter_map(|s| match s {
                Shape::Text { text, .. } => Some(text.as_str()),
                _ => None,
            })
            .collect();
        assert_eq!(texts, ["1", "2"]);
        // Each two-triangle shape: 2 outer sides and 2 half-diagonals where
        // it meets the other shape = 4 outline lines each; the shared
        // diagonal between its own two triangles is not drawn.
        let outlines = picture
            .shapes
            .iter()
            .filter(|s| matches!(s, Shape::Line { stroke, .. } if stroke.colour == OUTLINE))
            .count();
        assert_eq!(outlines, 8);
    }

    #[test]
    fn triangles_of_no_shape_are_crossed() {
        let level = parse_text("1\n1\nshape\n0,0,0\n").unwrap();
        let crosses = level_picture(&level)
            .shapes
            .iter()
            .filter(|s| matches!(s, Shape::Line { stroke, .. } if stroke.colour == UNCOVERED_MARK))
            .count();
        assert_eq!(crosses, 6, "three uncovered triangles, two strokes each");
    }
}
