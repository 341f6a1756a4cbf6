//! The effort model's committed constants (`src/effort/fitted.rs`) come
//! from the Rush Hour human data: this test refits them here, in Rust,
//! apart from the script that wrote them (`scripts/effort_fit.py`), from
//! `human_moves.csv` and levelscope's own `analyze --json` metrics, and
//! checks the figures `docs/effort.md` reports (the cross-validated ρ and
//! the baseline of solution length alone).

use levelscope::effort::fitted;

use crate::common::real_levels::real_levels;
use crate::common::{json_lines, levelscope, path, stderr};

/// One puzzle: the model's inputs `[1, log2 shortest, log2 farthest]`,
/// its shortest length and the players' median moves.
struct Puzzle {
    inputs: Vec<f64>,
    shortest: f64,
    median: f64,
}

/// The puzzles of `human_moves.csv` with levelscope's metrics.
fn puzzles(dir: &std::path::Path) -> Vec<Puzzle> {
    let csv = std::fs::read_to_string(dir.join("human_moves.csv")).unwrap();
    let mut lines = csv.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let column = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let (file_at, median_at) = (column("file"), column("median_moves"));
    let rows: Vec<(String, f64)> = lines
        .map(|line| {
            let cells: Vec<&str> = line.split(',').collect();
            (
                cells[file_at].to_string(),
                cells[median_at].parse().unwrap(),
            )
        })
        .collect();
    let files: Vec<String> = rows
        .iter()
        .map(|(file, _)| path(&dir.join(file)).to_string())
        .collect();
    let mut args = vec!["analyze", "--json"];
    args.extend(files.iter().map(String::as_str));
    let out = levelscope(&args);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let analysed = json_lines(&out);
    assert_eq!(analysed.len(), rows.len());
    rows.iter()
        .zip(&analysed)
        .map(|((file, median), row)| {
            assert!(row["file"].as_str().unwrap().ends_with(file.as_str()));
            let metric = |name: &str| row["effort"]["metrics"][name].as_f64().unwrap();
            Puzzle {
                inputs: vec![1.0, metric("shortest").log2(), metric("farthest").log2()],
                shortest: metric("shortest"),
                median: *median,
            }
        })
        .collect()
}

/// Solves `a x = b` (Gauss-Jordan with partial pivoting).
fn solve(a: &[Vec<f64>], b: &[f64]) -> Vec<f64> {
    let n = b.len();
    let mut m: Vec<Vec<f64>> = a
        .iter()
        .zip(b)
        .map(|(row, &bi)| row.iter().copied().chain([bi]).collect())
        .collect();
    for c in 0..n {
        let p = (c..n)
            .max_by(|&x, &y| m[x][c].abs().total_cmp(&m[y][c].abs()))
            .unwrap();
        m.swap(c, p);
        for r in 0..n {
            if r != c {
                let f = m[r][c] / m[c][c];
                let pivot = m[c].clone();
                for (x, y) in m[r].iter_mut().zip(&pivot) {
                    *x -= f * y;
                }
            }
        }
    }
    (0..n).map(|i| m[i][n] / m[i][i]).collect()
}

/// Least squares of `ys` on `xs`: coefficients, residual sd, `(XᵀX)⁻¹`.
fn fit(xs: &[Vec<f64>], ys: &[f64]) -> (Vec<f64>, f64, Vec<Vec<f64>>) {
    let n = xs[0].len();
    let gram: Vec<Vec<f64>> = (0..n)
        .map(|i| {
            (0..n)
                .map(|j| xs.iter().map(|x| x[i] * x[j]).sum())
                .collect()
        })
        .collect();
    let xty: Vec<f64> = (0..n)
        .map(|i| xs.iter().zip(ys).map(|(x, y)| x[i] * y).sum())
        .collect();
    let b = solve(&gram, &xty);
    let rss: f64 = xs
        .iter()
        .zip(ys)
        .map(|(x, y)| (y - dot(&b, x)).powi(2))
        .sum();
    let sd = (rss / (ys.len() - n) as f64).sqrt();
    let columns: Vec<Vec<f64>> = (0..n)
        .map(|j| {
            solve(
                &gram,
                &(0..n)
                    .map(|i| f64::from(u8::from(i == j)))
                    .collect::<Vec<_>>(),
            )
        })
        .collect();
    let inverse = (0..n)
        .map(|i| (0..n).map(|j| columns[j][i]).collect())
        .collect();
    (b, sd, inverse)
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// Ranks with ties averaged.
fn ranks(v: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..v.len()).collect();
    order.sort_by(|&a, &b| v[a].total_cmp(&v[b]));
    let mut r = vec![0.0; v.len()];
    let mut i = 0;
    while i < v.len() {
        let mut j = i;
        while j + 1 < v.len() && v[order[j + 1]] == v[order[i]] {
            j += 1;
        }
        for &k in &order[i..=j] {
            r[k] = (i + j) as f64 / 2.0;
        }
        i = j + 1;
    }
    r
}

fn spearman(a: &[f64], b: &[f64]) -> f64 {
    let (ra, rb) = (ranks(a), ranks(b));
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
    let (ma, mb) = (mean(&ra), mean(&rb));
    let num: f64 = ra.iter().zip(&rb).map(|(x, y)| (x - ma) * (y - mb)).sum();
    let da: f64 = ra.iter().map(|x| (x - ma).powi(2)).sum();
    let db: f64 = rb.iter().map(|y| (y - mb).powi(2)).sum();
    num / (da * db).sqrt()
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * (1.0 + b.abs())
}

#[test]
fn refitting_the_rush_hour_data_gives_the_committed_constants_and_the_reported_quality() {
    let Some(dir) = real_levels(
        "refitting_the_rush_hour_data_gives_the_committed_constants_and_the_reported_quality",
        "rushhour/olieslagers_2024",
    ) else {
        return;
    };
    let puzzles = puzzles(&dir);
    assert_eq!(puzzles.len(), fitted::PUZZLES);
    let xs: Vec<Vec<f64>> = puzzles.iter().map(|p| p.inputs.clone()).collect();
    let ys: Vec<f64> = puzzles.iter().map(|p| p.median.log2()).collect();
    let (b, sd, inverse) = fit(&xs, &ys);
    assert!(close(b[0], fitted::BASE), "{} vs {}", b[0], fitted::BASE);
    assert!(close(b[1], fitted::SHORTEST_WEIGHT), "{b:?}");
    assert!(close(b[2], fitted::FARTHEST_WEIGHT), "{b:?}");
    assert!(close(sd, fitted::RESIDUAL_SD), "{sd}");
    for (i, row) in inverse.iter().enumerate() {
        for (j, &x) in row.iter().enumerate() {
            assert!(close(x, fitted::INVERSE_GRAM[i * 3 + j]), "({i}, {j}) {x}");
        }
    }

    // The quality docs/effort.md reports: length alone ranks at 0.913; the
    // model's leave-one-out predictions at 0.901.
    let medians: Vec<f64> = puzzles.iter().map(|p| p.median).collect();
    let lengths: Vec<f64> = puzzles.iter().map(|p| p.shortest).collect();
    assert_eq!(format!("{:.3}", spearman(&lengths, &medians)), "0.913");
    let loo: Vec<f64> = (0..xs.len())
        .map(|i| {
            let mut rest_x = xs.clone();
            let mut rest_y = ys.clone();
            rest_x.remove(i);
            rest_y.remove(i);
            dot(&fit(&rest_x, &rest_y).0, &xs[i])
        })
        .collect();
    assert_eq!(format!("{:.3}", spearman(&loo, &medians)), "0.901");
}

#[test]
fn the_score_of_a_rush_hour_puzzle_is_log2_of_its_predicted_moves() {
    let Some(dir) = real_levels(
        "the_score_of_a_rush_hour_puzzle_is_log2_of_its_predicted_moves",
        "rushhour/olieslagers_2024",
    ) else {
        return;
    };
    let out = levelscope(&["analyze", "--json", path(&dir.join("prb10166_16.json"))]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let row = json_lines(&out).remove(0);
    let effort = &row["effort"];
    assert_eq!(effort["calibrated"], true);
    // 15 moves at the fewest, positions up to 16 moves from a win.
    let score = fitted::BASE
        + fitted::SHORTEST_WEIGHT * 15f64.log2()
        + fitted::FARTHEST_WEIGHT * 16f64.log2();
    let shown = effort["score"].as_f64().unwrap();
    assert!((shown - score).abs() < 1e-4, "{effort}");
    let predicted = &effort["predicted_player_moves"];
    let median = predicted["median"].as_f64().unwrap();
    assert!((median - score.exp2()).abs() < 1e-3, "{predicted}");
    let (low, high) = (
        predicted["low"].as_f64().unwrap(),
        predicted["high"].as_f64().unwrap(),
    );
    assert!(low < median && median < high, "{predicted}");
    assert_eq!(predicted["coverage"], 0.8);
    let contributions = effort["contributions"].as_object().unwrap();
    let sum: f64 = contributions.values().map(|v| v.as_f64().unwrap()).sum();
    assert!((sum - shown).abs() < 1e-3, "{contributions:?}");
    assert_eq!(effort["metrics"]["shortest"], 15);
}
