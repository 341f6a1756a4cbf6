//! The exact-cover engine on the 12 pentominoes: every tiling of the 6x10
//! rectangle (9,356, all orientations of every piece, no symmetry broken),
//! and Knuth's count up to symmetry (the X's centre fixed in each of its 8
//! places of the lower-left quarter: 2,339 tilings).
//!
//! Run with `cargo bench --bench exact_cover`.

use criterion::{criterion_group, criterion_main, Criterion};
use levelscope::engine::exact_cover::{CoverCount, CoverSearch, ExactCover};
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

/// The rows that place the X with its centre in the lower-left quarter.
fn x_rows_in_the_lower_left_quarter(instance: &ExactCover) -> Vec<usize> {
    let x_column = 60 + 9;
    (0..instance.rows())
        .filter(|&row| {
            let cells: Vec<usize> = instance.row(row).filter(|&c| c < 60).collect();
            let centre = cells[2];
            instance.row(row).any(|c| c == x_column) && centre % 10 <= 4 && centre / 10 <= 2
        })
        .collect()
}

fn pentominoes(c: &mut Criterion) {
    let instance = pentomino_instance(10, 6);
    let job = Job::default();
    let start = std::time::Instant::now();
    let count = instance.count(&job, u64::MAX);
    println!(
        "6x10 pentominoes: {count:?} in {:?}, {} search nodes",
        start.elapsed(),
        job.states()
    );
    assert_eq!(count, CoverCount::Exact(9356));
    let quarter = x_rows_in_the_lower_left_quarter(&instance);
    let mut group = c.benchmark_group("pentominoes_6x10");
    group.sample_size(10);
    group.bench_function("all_9356", |b| {
        b.iter(|| instance.count(&Job::default(), u64::MAX))
    });
    group.bench_function("up_to_symmetry_2339", |b| {
        b.iter(|| {
            quarter
                .iter()
                .map(|&row| {
                    instance
                        .count_with(&[row], &Job::default(), u64::MAX)
                        .found()
                })
                .sum::<u128>()
        })
    });
    group.finish();
}

criterion_group!(benches, pentominoes);
criterion_main!(benches);
