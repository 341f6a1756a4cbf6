//! Prism's generators.
//!
//! - `tree/100x100`, `tree/1000x1000`: one level by the spanning tree in
//!   3D (targets: under 20 ms and under 2 s).
//! - `tree/10x10`, `early/10x10`: one 10x10 level by each method.
//!
//! Before the timings it prints what the timings do not show: how often
//! the early generator repeats a level in a batch of 200 (deduplicated by
//! the canonical key, as packs are), how often `--no-dead-ends` costs the
//! tree generator a retry, and the early generator's scores with and
//! without `--difficulty`.
//!
//! Run with `cargo bench --bench prism_generate`.

use std::collections::HashSet;
use std::time::Instant;

use criterion::{criterion_group, criterion_main, Criterion};
use levelscope::engine::Job;
use levelscope::kinds::batch_seed::batch_seed;
use levelscope::kinds::prism::canonical_key;
use levelscope::kinds::prism::generate::{generate, GenerateOptions, Method};

fn options(method: Method, width: usize, height: usize, seed: u64) -> GenerateOptions {
    GenerateOptions {
        method,
        ..GenerateOptions::new(width, height, seed)
    }
}

fn one(options: &GenerateOptions) -> levelscope::kinds::prism::generate::Generated {
    generate(options, &Job::default()).expect("the options are valid")
}

/// Repeats among 200 early 10x10 levels, and the time per level of each
/// method.
fn report_batches() {
    let batch = 200;
    for method in Method::ALL {
        let started = Instant::now();
        let keys: Vec<String> = (0..batch)
            .map(|i| canonical_key(&one(&options(method, 10, 10, batch_seed(1, i))).level))
            .collect();
        let seconds = started.elapsed().as_secs_f64();
        let distinct = keys.iter().collect::<HashSet<_>>().len();
        println!(
            "{method} 10x10: {:.3} ms per level; {} repeats in a batch of {batch} ({distinct} distinct)",
            seconds * 1000.0 / batch as f64,
            batch as usize - distinct
        );
    }
}

/// How often `--no-dead-ends` costs the tree generator a retry.
fn report_retries() {
    for side in [5, 8, 10, 15, 20] {
        let levels = 100;
        let tries: Vec<u64> = (0..levels)
            .map(|i| {
                let o = GenerateOptions {
                    no_dead_ends: true,
                    max_tries: 1_000_000,
                    ..options(Method::Tree, side, side, batch_seed(2, i))
                };
                one(&o).tries
            })
            .collect();
        let total: u64 = tries.iter().sum();
        let retried = tries.iter().filter(|&&t| t > 1).count();
        println!(
            "tree {side}x{side} --no-dead-ends: {retried} of {levels} levels needed a retry; {:.2} tries per level ({:.0}% of carvings had a dead end)",
            total as f64 / levels as f64,
            100.0 * (total - levels) as f64 / total as f64
        );
    }
}

/// The early generator's scores with and without a target.
fn report_steering() {
    let score = |difficulty: Option<u32>, i: u64| -> u32 {
        let o = GenerateOptions {
            difficulty,
            ..options(Method::Early, 8, 8, batch_seed(3, i))
        };
        let level = one(&o).level;
        levelscope::kinds::prism::analyze(&level, &Job::default())
            .expect("analyses")
            .rating
            .difficulty
            .expect("solvable")
    };
    for target in [None, Some(10), Some(80)] {
        let scores: Vec<u32> = (0..20).map(|i| score(target, i)).collect();
        let mean = scores.iter().sum::<u32>() as f64 / scores.len() as f64;
        println!(
            "early 8x8, difficulty {}: mean score {mean:.1} over 20 levels",
            target.map_or("none".to_string(), |d| d.to_string())
        );
    }
}

fn benches(c: &mut Criterion) {
    report_batches();
    report_retries();
    report_steering();
    let mut group = c.benchmark_group("tree");
    for side in [10, 100] {
        let o = options(Method::Tree, side, side, 1);
        group.bench_function(format!("{side}x{side}"), |b| b.iter(|| one(&o)));
    }
    group.sample_size(10);
    let o = options(Method::Tree, 1000, 1000, 1);
    group.bench_function("1000x1000", |b| b.iter(|| one(&o)));
    group.finish();
    let mut group = c.benchmark_group("early");
    group.sample_size(10);
    let o = options(Method::Early, 10, 10, 1);
    group.bench_function("10x10", |b| b.iter(|| one(&o)));
    group.finish();
}

criterion_group!(prism_generate, benches);
criterion_main!(prism_generate);
