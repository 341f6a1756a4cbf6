//! The exact-cover engine against published counts no one here wrote: the
//! 12 pentominoes, each in all its orientations (rotations and mirrors,
//! repeats removed), tile a 6x10 rectangle in 9,356 ways (2,339 up to the
//! rectangle's 4 symmetries), a 5x12 in 4,040 (1,010), a 4x15 in 1,472
//! (368) and a 3x20 in 8 (2).

use std::time::Instant;

use levelscope::engine::exact_cover::{CoverCount, CoverSearch, CoverStop, ExactCover};
use levelscope::engine::Job;

/// The 12 pentominoes (F I L N P T U V W X Y Z), as cells `(x, y)`.
const PENTOMINOES: [[(i32, i32); 5]; 12] = [
    [(1, 0), (2, 0), (0, 1), (1, 1), (1, 2)], // F
    [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)], // I
    [(0, 0), (0, 1), (0, 2), (0, 3), (1, 3)], // L
    [(0, 0), (1, 0), (1, 1), (2, 1), (3, 1)], // N
    [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)], // P
    [(0, 0), (1, 0), (2, 0), (1, 1), (1, 2)], // T
    [(0, 0), (2, 0), (0, 1), (1, 1), (2, 1)], // U
    [(0, 0), (0, 1), (0, 2), (1, 2), (2, 2)], // V
    [(0, 0), (0, 1), (1, 1), (1, 2), (2, 2)], // W
    [(1, 0), (0, 1), (1, 1), (2, 1), (1, 2)], // X
    [(0, 0), (1, 0), (2, 0), (3, 0), (1, 1)], // Y
    [(0, 0), (1, 0), (1, 1), (1, 2), (2, 2)], // Z
];

/// The distinct orientations of a piece, each moved to touch `(0, 0)` and
/// sorted.
fn orientations(cells: &[(i32, i32)]) -> Vec<Vec<(i32, i32)>> {
    let mut out: Vec<Vec<(i32, i32)>> = Vec::new();
    for mirror in [false, true] {
        let mut shape: Vec<(i32, i32)> = cells
            .iter()
            .map(|&(x, y)| if mirror { (-x, y) } else { (x, y) })
            .collect();
        for _ in 0..4 {
            shape = shape.iter().map(|&(x, y)| (-y, x)).collect();
            let mx = shape.iter().map(|c| c.0).min().unwrap();
            let my = shape.iter().map(|c| c.1).min().unwrap();
            let mut norm: Vec<(i32, i32)> = shape.iter().map(|&(x, y)| (x - mx, y - my)).collect();
            norm.sort_unstable();
            if !out.contains(&norm) {
                out.push(norm);
            }
        }
    }
    out
}

/// The exact-cover instance of the pentominoes on a `w x h` rectangle:
/// columns are the cells (row by row) and then the 12 pieces.
fn pentomino_instance(w: i32, h: i32) -> ExactCover {
    let cells = (w * h) as usize;
    let mut cover = ExactCover::new(cells + 12, 0);
    for (p, piece) in PENTOMINOES.iter().enumerate() {
        for shape in orientations(piece) {
            for oy in 0..h {
                for ox in 0..w {
                    let placed: Option<Vec<usize>> = shape
                        .iter()
                        .map(|&(x, y)| {
                            let (x, y) = (x + ox, y + oy);
                            (x < w && y < h).then_some((y * w + x) as usize)
                        })
                        .collect();
                    if let Some(mut columns) = placed {
                        columns.push(cells + p);
                        cover.add_row(&columns);
                    }
                }
            }
        }
    }
    cover
}

#[test]
fn orientation_counts() {
    // F, L, N, P, Y: 8; T, U, V, W, Z: 4; I: 2; X: 1 — 63 in all.
    let counts: Vec<usize> = PENTOMINOES.iter().map(|p| orientations(p).len()).collect();
    assert_eq!(counts, vec![8, 2, 8, 8, 8, 4, 4, 4, 4, 1, 8, 4]);
    assert_eq!(counts.iter().sum::<usize>(), 63);
}

#[test]
fn pentominoes_tile_narrow_rectangles() {
    let job = Job::default();
    assert_eq!(
        pentomino_instance(20, 3).count(&job, u64::MAX),
        CoverCount::Exact(8)
    );
    let (list, count) = pentomino_instance(20, 3).list(3, &job, u64::MAX);
    assert_eq!(count, CoverCount::Exact(8));
    assert_eq!(list.len(), 3);
    for solution in &list {
        assert_eq!(solution.len(), 12);
    }
    assert_eq!(
        pentomino_instance(15, 4).count(&job, u64::MAX),
        CoverCount::Exact(1472)
    );
}

/// The rows that place the X pentomino with its centre in the lower-left
/// quarter of the 6x10 rectangle (`x <= 4`, `y <= 2`).
fn x_rows_in_the_lower_left_quarter(instance: &ExactCover) -> Vec<usize> {
    let x_column = 60 + 9;
    (0..instance.rows())
        .filter(|&row| {
            let cells: Vec<usize> = instance.row(row).filter(|&c| c < 60).collect();
            // The X's centre is its third cell in row-major order.
            let centre = cells[2];
            instance.row(row).any(|c| c == x_column) && centre % 10 <= 4 && centre / 10 <= 2
        })
        .collect()
}

#[test]
fn pentominoes_tile_the_6x10_rectangle_in_9356_ways() {
    // Knuth's count, as in "Dancing Links" (2000): the rectangle's four
    // symmetries (identity, the two mirrors, the half turn) move the X's
    // centre among the four quarters of the board, and it is never on a
    // middle line (10 and 6 are even), so every tiling has exactly one image
    // with the X's centre in the lower-left quarter, and no tiling is its
    // own image. Counting those (fixing each of the X's 8 places there in
    // turn) gives the count up to symmetry, 2,339, and 4 times that is the
    // count of all tilings. (The benchmark counts all 9,356 at once.)
    let instance = pentomino_instance(10, 6);
    let rows = x_rows_in_the_lower_left_quarter(&instance);
    assert_eq!(rows.len(), 8);
    let job = Job::default();
    let start = Instant::now();
    let mut up_to_symmetry = 0;
    let mut nodes = 0;
    for row in rows {
        let count = instance.count_with(&[row], &job, u64::MAX);
        up_to_symmetry += count.exact().unwrap();
        nodes += job.states();
    }
    assert_eq!(up_to_symmetry, 2339);
    assert_eq!(4 * up_to_symmetry, 9356);
    eprintln!(
        "6x10 pentominoes: 2339 tilings up to symmetry in {:?} ({nodes} nodes)",
        start.elapsed()
    );
}

#[test]
fn a_budget_stops_the_6x10_count_with_a_lower_bound() {
    let instance = pentomino_instance(10, 6);
    let count = instance.count(&Job::default(), 50_000);
    match count {
        CoverCount::AtLeast {
            found,
            why: CoverStop::Budget { nodes, budget },
        } => {
            assert!(found < 9356);
            assert_eq!((nodes, budget), (50_000, 50_000));
        }
        other => panic!("expected a stopped count, got {other:?}"),
    }
}
