//! Prism: the full analysis (explore, label, traps, summary, rating) of a
//! whole set of levels, one after another on one thread, and of the
//! largest one alone, with throughput in states per second.
//!
//! The set is the original game's 3,589 non-empty levels when the real
//! levels are there (`shared/fixtures/prism` beside the project, or
//! `LEVELSCOPE_REAL_LEVELS`; they are never part of the repository), and
//! otherwise a fixed pack made by our own spanning-tree generator with the
//! same number of levels of each board size (seeds 0, 1, …; these have no
//! enemies). The first line of the output says which set was timed.
//!
//! Run with `cargo bench --bench prism`.

use std::fs;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use levelscope::engine::Job;
use levelscope::kinds::prism::generate::{generate, GenerateOptions};
use levelscope::kinds::prism::{analyze, read_2016, Level};

#[allow(dead_code)]
#[path = "../tests/common/real_levels.rs"]
mod real_levels;

/// How many non-empty levels of each size (width, height) the original
/// game ships: the generated stand-in has as many of each.
const SIZES: [(usize, usize, u64); 7] = [
    (4, 4, 146),
    (5, 3, 1),
    (5, 5, 199),
    (6, 6, 2021),
    (7, 7, 1000),
    (8, 8, 199),
    (12, 12, 23),
];

/// The original game's non-empty levels, named by their paths, when the
/// real levels are there.
fn real_set() -> Option<Vec<(String, Level)>> {
    let root = real_levels::real_levels_dir().join("prism");
    if !root.is_dir() {
        return None;
    }
    Some(
        real_levels::files_under(&root)
            .into_iter()
            .filter_map(|p| {
                let text = fs::read_to_string(&p).expect("a readable real level");
                read_2016(&text)
                    .ok()
                    .map(|level| (p.display().to_string(), level))
            })
            .collect(),
    )
}

/// The fixed generated stand-in: `SIZES` levels of each size by the
/// spanning-tree generator, seeds from 0.
fn generated_set() -> Vec<(String, Level)> {
    SIZES
        .iter()
        .flat_map(|&(width, height, count)| {
            (0..count).map(move |seed| {
                let level = generate(&GenerateOptions::new(width, height, seed), &Job::default())
                    .expect("the generator makes a level")
                    .level;
                (format!("generated {width}x{height} seed {seed}"), level)
            })
        })
        .collect()
}

fn states_of(level: &Level) -> u64 {
    analyze(level, &Job::default())
        .expect("benchmark levels analyse")
        .summary
        .states
}

fn prism(c: &mut Criterion) {
    let levels = match real_set() {
        Some(levels) => {
            println!("timing the original game's levels (real levels found)");
            levels
        }
        None => {
            println!(
                "timing a generated stand-in of the same sizes: real levels not found at {}",
                real_levels::real_levels_dir().join("prism").display()
            );
            generated_set()
        }
    };
    let states: Vec<u64> = levels.iter().map(|(_, l)| states_of(l)).collect();
    let total: u64 = states.iter().sum();
    let largest_at = (0..levels.len())
        .max_by_key(|&i| states[i])
        .expect("the set is not empty");
    let (largest_name, largest) = &levels[largest_at];
    println!(
        "{} levels, {total} states; the largest is {largest_name}",
        levels.len(),
    );
    let mut group = c.benchmark_group("prism");
    group.sample_size(10);
    group.throughput(Throughput::Elements(total));
    group.bench_function("all_fixtures", |b| {
        b.iter(|| {
            for (_, level) in &levels {
                analyze(level, &Job::default()).expect("analyses");
            }
        })
    });
    group.throughput(Throughput::Elements(states[largest_at]));
    group.bench_function("largest_fixture", |b| {
        b.iter(|| analyze(largest, &Job::default()).expect("analyses"))
    });
    group.finish();
}

criterion_group!(benches, prism);
criterion_main!(benches);
