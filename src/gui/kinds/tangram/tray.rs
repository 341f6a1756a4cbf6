//! Where Tangram Play draws its tray: the board at the top left at its own
//! scale, and the shapes not yet placed smaller, in rows beside the board
//! and then under it. The board is sized first (the largest share of the
//! view's shorter side that leaves the tray's shapes at least half the
//! board's size, and never less than half that side), then the tray's
//! shapes are drawn as large as fits, never larger than on the board.
//!
//! Every length here is in board squares of the drawing, its origin the
//! board's top-left corner.

/// The gap between the board and the tray, in board squares.
pub const BOARD_GAP: f32 = 0.5;

/// The gap between two shapes in the tray, in tray squares.
pub const SHAPE_GAP: f32 = 0.75;

/// The smallest tray scale (over the board's) the board grows for: below
/// it the shapes are too small to tell apart.
pub const LEAST_RATIO: f32 = 0.5;

/// The largest share of the view's shorter side the board is given.
const LARGEST_BOARD: f32 = 0.9;

/// The smallest share of the view's shorter side the board is given (it
/// goes below only when the tray does not fit even then).
const SMALLEST_BOARD: f32 = 0.5;

/// The smallest tray scale tried.
const SMALLEST_RATIO: f32 = 0.2;

/// The tray as drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct TrayDrawing {
    /// The size of the drawing (the board and the tray), without its
    /// margin, in board squares.
    pub size: [f32; 2],
    /// A tray square's side in board squares (at most 1).
    pub ratio: f32,
    /// Every shape's place in the tray: the top-left corner of its
    /// bounding box, in board squares.
    pub slots: Vec<[f32; 2]>,
}

/// Lays out shapes whose bounding boxes are `sizes` (width, height in
/// squares) round an `n x n` board in a view `aspect` times as wide as it
/// is high; the drawing has `margin` board squares all round.
pub fn lay_out(sizes: &[(i32, i32)], n: i32, aspect: f32, margin: f32) -> TrayDrawing {
    let nf = n.max(1) as f32;
    let shorter = aspect.min(1.0);
    let drawing = |share: f32| {
        // View heights a board square spans.
        let square = share * shorter / nf;
        [aspect / square - 2.0 * margin, 1.0 / square - 2.0 * margin]
    };
    let steps = ((LARGEST_BOARD - SMALLEST_BOARD) * 100.0).round() as i32;
    for step in 0..=steps {
        let share = LARGEST_BOARD - step as f32 / 100.0;
        let size = drawing(share);
        if size[0] < nf || size[1] < nf {
            continue;
        }
        if let Some((ratio, slots)) = largest_ratio(sizes, nf, size) {
            if ratio >= LEAST_RATIO || step == steps {
                return TrayDrawing { size, ratio, slots };
            }
        }
    }
    // Not even the smallest tray scale fits beside half the shorter side:
    // the drawing grows down to hold the tray at the least ratio.
    let size = drawing(SMALLEST_BOARD);
    let width = size[0].max(nf + BOARD_GAP);
    let (slots, bottom) = pack(sizes, nf, width, LEAST_RATIO);
    TrayDrawing {
        size: [width, size[1].max(bottom).max(nf)],
        ratio: LEAST_RATIO,
        slots,
    }
}

/// The largest tray scale (over the board's, at most 1, in hundredths)
/// at which the shapes fit a drawing of `size`, and their places.
fn largest_ratio(sizes: &[(i32, i32)], n: f32, size: [f32; 2]) -> Option<(f32, Vec<[f32; 2]>)> {
    let steps = ((1.0 - SMALLEST_RATIO) * 100.0).round() as i32;
    (0..=steps).find_map(|step| {
        let ratio = 1.0 - step as f32 / 100.0;
        let (slots, bottom) = pack(sizes, n, size[0], ratio);
        let fits = bottom <= size[1]
            && slots
                .iter()
                .zip(sizes)
                .all(|(at, &(w, _))| at[0] + w as f32 * ratio <= size[0]);
        fits.then_some((ratio, slots))
    })
}

/// Shelf packing at `ratio`, tallest first, in a drawing `width` wide: rows
/// right of the board while they start beside it, then rows under it as
/// wide as the drawing. The places, and the bottom of the last row.
fn pack(sizes: &[(i32, i32)], n: f32, width: f32, ratio: f32) -> (Vec<[f32; 2]>, f32) {
    let gap = SHAPE_GAP * ratio;
    let left_of = |y: f32| if y < n { n + BOARD_GAP } else { 0.0 };
    let (mut x, mut y, mut row) = (0.0_f32, 0.0_f32, 0.0_f32);
    let mut slots = vec![[0.0, 0.0]; sizes.len()];
    let mut order: Vec<usize> = (0..sizes.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(sizes[i].1));
    for i in order {
        let (w, h) = (sizes[i].0 as f32 * ratio, sizes[i].1 as f32 * ratio);
        if x > 0.0 && left_of(y) + x + w > width {
            y += row + gap;
            (x, row) = (0.0, 0.0);
        }
        if y < n && left_of(y) + w > width {
            // Too wide for the strip beside the board: under it.
            y = y.max(n);
            (x, row) = (0.0, 0.0);
        }
        if y >= n {
            // A row under the board clears it.
            y = y.max(n + BOARD_GAP);
        }
        slots[i] = [left_of(y) + x, y];
        x += w + gap;
        row = row.max(h);
    }
    (slots, y + row)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether two boxes `(left, top, width, height)` overlap.
    fn overlap(a: [f32; 4], b: [f32; 4]) -> bool {
        a[0] < b[0] + b[2] && b[0] < a[0] + a[2] && a[1] < b[1] + b[3] && b[1] < a[1] + a[3]
    }

    #[test]
    fn the_board_gets_at_least_half_and_the_shapes_are_smaller_and_apart() {
        let sizes = [
            (2, 4),
            (3, 4),
            (3, 4),
            (3, 3),
            (2, 3),
            (4, 2),
            (3, 2),
            (2, 2),
        ];
        for aspect in [0.6, 0.94, 1.6, 3.0] {
            let tray = lay_out(&sizes, 6, aspect, 0.25);
            // The drawing with its margin fills the view: the board's side
            // is at least half the shorter side.
            let shorter = (tray.size[0] + 0.5).min(tray.size[1] + 0.5);
            assert!(6.0 >= 0.5 * shorter - 0.01, "{aspect}: {shorter}");
            assert!(tray.ratio <= 1.0 && tray.ratio >= SMALLEST_RATIO);
            let boxes: Vec<[f32; 4]> = tray
                .slots
                .iter()
                .zip(&sizes)
                .map(|(at, &(w, h))| [at[0], at[1], w as f32 * tray.ratio, h as f32 * tray.ratio])
                .collect();
            for (i, b) in boxes.iter().enumerate() {
                assert!(
                    !overlap(*b, [0.0, 0.0, 6.0, 6.0]),
                    "{aspect}: shape {i} on the board"
                );
                assert!(b[0] >= 0.0 && b[1] >= 0.0);
                assert!(
                    b[0] + b[2] <= tray.size[0] + 1e-3,
                    "{aspect}: shape {i} out right"
                );
                assert!(
                    b[1] + b[3] <= tray.size[1] + 1e-3,
                    "{aspect}: shape {i} out below"
                );
                for (j, c) in boxes.iter().enumerate().skip(i + 1) {
                    assert!(!overlap(*b, *c), "{aspect}: shapes {i} and {j}");
                }
            }
        }
    }

    #[test]
    fn a_tray_that_cannot_fit_grows_the_drawing_and_never_overlaps_the_board() {
        let sizes = vec![(6, 6); 40];
        let tray = lay_out(&sizes, 6, 1.0, 0.25);
        assert_eq!(tray.ratio, LEAST_RATIO);
        for at in &tray.slots {
            assert!(
                at[0] >= 6.0 + BOARD_GAP || at[1] >= 6.0 + BOARD_GAP,
                "{at:?}"
            );
            assert!(at[1] + 3.0 <= tray.size[1] + 1e-3);
        }
    }
}
