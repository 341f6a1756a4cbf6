//! Tangram's solution count and generator.
//!
//! - `count/4x4_20_shapes`: every solution of a 4x4 board cut into 20
//!   shapes (the generator's level for seed 0: 6,998 solutions); the target
//!   is under 50 ms.
//! - `dense/bits/seed_S` and `dense/links/seed_S`: the same search of the
//!   generator's 4x4 levels of 20 shapes for seeds 0, 1, 3 and 12 (6,998,
//!   3,127, 9,278 and 4,659 solutions), on bit sets (what `solve` runs) and
//!   on dancing links (what it ran before): the same nodes, the time apart.
//! - `count/hard_unique_1`, `count/hard_unique_2`: two 6x6 Hard levels of
//!   our own (12 shapes, unique; `tests/fixtures/tangram/hard-1.txt` and
//!   `hard-2.txt`, made by `generate tangram --preset hard --unique`);
//!   `count/hard_seed0`: the generator's Hard level for seed 0. The target
//!   is under 5 ms.
//! - `generate/unique_hard`: one unique Hard level. Before the timings, the
//!   growths that a unique level costs are averaged over 100 seeds for each
//!   preset and printed.
//!
//! Run with `cargo bench --bench tangram`.

use criterion::{criterion_group, criterion_main, Criterion};
use levelscope::engine::{CoverSearch, Job};
use levelscope::kinds::tangram::solve::cover_instance;
use levelscope::kinds::tangram::{generate, parse_text, solve, GenerateOptions, Level, Preset};

fn count(level: &Level) -> u128 {
    solve(level, 0, &Job::default(), u64::MAX)
        .expect("benchmark levels are valid")
        .solutions
        .expect("no budget")
}

fn counts(c: &mut Criterion) {
    let levels: Vec<(&str, Level)> = vec![
        (
            "4x4_20_shapes",
            generate(GenerateOptions::new(4, 20, 0))
                .expect("generates")
                .level,
        ),
        (
            "hard_unique_1",
            parse_text(include_str!("../tests/fixtures/tangram/hard-1.txt")).expect("reads"),
        ),
        (
            "hard_unique_2",
            parse_text(include_str!("../tests/fixtures/tangram/hard-2.txt")).expect("reads"),
        ),
        (
            "hard_seed0",
            generate(GenerateOptions::preset(Preset::Hard, 0))
                .expect("generates")
                .level,
        ),
    ];
    let mut group = c.benchmark_group("count");
    for (name, level) in &levels {
        let report = solve(level, 0, &Job::default(), u64::MAX).expect("valid");
        println!(
            "{name}: {} solutions, {} search nodes",
            report.solutions.expect("no budget"),
            report.nodes
        );
        group.bench_function(*name, |b| b.iter(|| count(level)));
    }
    group.finish();
}

fn dense(c: &mut Criterion) {
    let mut group = c.benchmark_group("dense");
    for seed in [0, 1, 3, 12] {
        let level = generate(GenerateOptions::new(4, 20, seed))
            .expect("generates")
            .level;
        let bits = cover_instance(&level).expect("valid");
        let links = bits.to_links();
        let job = Job::default();
        println!(
            "seed {seed}: {:?} solutions",
            bits.count(&job, u64::MAX).exact()
        );
        group.bench_function(format!("bits/seed_{seed}"), |b| {
            b.iter(|| bits.count(&job, u64::MAX))
        });
        group.bench_function(format!("links/seed_{seed}"), |b| {
            b.iter(|| links.count(&job, u64::MAX))
        });
    }
    group.finish();
}

fn growths(c: &mut Criterion) {
    const SEEDS: u64 = 100;
    for preset in Preset::ALL {
        let start = std::time::Instant::now();
        let total: u64 = (0..SEEDS)
            .map(|seed| {
                generate(GenerateOptions::preset(preset, seed).unique(true))
                    .expect("a unique level")
                    .growths
            })
            .sum();
        println!(
            "unique {}: {:.2} growths per level on average over {SEEDS} seeds ({:?} per level)",
            preset.name(),
            total as f64 / SEEDS as f64,
            start.elapsed() / SEEDS as u32
        );
    }
    let mut group = c.benchmark_group("generate");
    let mut seed = 0;
    group.bench_function("unique_hard", |b| {
        b.iter(|| {
            seed += 1;
            generate(GenerateOptions::preset(Preset::Hard, seed).unique(true)).expect("a level")
        })
    });
    group.bench_function("hard", |b| {
        b.iter(|| {
            seed += 1;
            generate(GenerateOptions::preset(Preset::Hard, seed)).expect("a level")
        })
    });
    group.finish();
}

criterion_group!(benches, counts, dense, growths);
criterion_main!(benches);
