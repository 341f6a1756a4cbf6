//! Sokoban: the full analysis (explore, label, traps, fewest pushes,
//! report) of the largest Microban level that the default state budget
//! explores whole, with throughput in states per second. Before timing,
//! it analyses every level of Microban (David W. Skinner's 155 levels,
//! read from `shared/fixtures/sokoban` beside the project or
//! `LEVELSCOPE_REAL_LEVELS`; never part of the repository) under the
//! default budget and prints how many it explores whole and their states,
//! deadlocks and traps (min, median, max). Without the real levels it
//! says so and times nothing.
//!
//! Run with `cargo bench --bench sokoban`.

use std::fs;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use levelscope::engine::{Job, DEFAULT_MAX_STATES};
use levelscope::kinds::sokoban::{analyze, read_xsb, Level};

#[allow(dead_code)]
#[path = "../tests/common/real_levels.rs"]
mod real_levels;

/// Microban's levels, when the real levels are there.
fn microban() -> Option<Vec<Level>> {
    let path = real_levels::real_levels_dir().join("sokoban/microban_155.xsb");
    let text = fs::read_to_string(path).ok()?;
    read_xsb(&text).ok()
}

/// Min, median and max of some counts.
fn spread(mut values: Vec<u64>) -> String {
    values.sort_unstable();
    match values.as_slice() {
        [] => "none".to_string(),
        v => format!(
            "min {}, median {}, max {}",
            v[0],
            v[v.len() / 2],
            v[v.len() - 1]
        ),
    }
}

/// Analyses every level under the default budget, prints the figures and
/// returns the largest level explored whole with its state count.
fn survey(levels: &[Level]) -> Option<(Level, u64)> {
    let mut whole = Vec::new();
    for level in levels {
        let job = Job::new(DEFAULT_MAX_STATES);
        match analyze(level, &job) {
            Ok(a) => whole.push((level.clone(), a.report)),
            Err(e) => eprintln!("Microban {}: {e}", level.name),
        }
    }
    let figure = |f: fn(&levelscope::kinds::sokoban::Report) -> u64| {
        spread(whole.iter().map(|(_, r)| f(r)).collect())
    };
    eprintln!(
        "Microban: {} of {} levels explored whole under the default budget of {} states",
        whole.len(),
        levels.len(),
        DEFAULT_MAX_STATES
    );
    eprintln!("  states: {}", figure(|r| r.states));
    eprintln!("  deadlocks: {}", figure(|r| r.dead_ends));
    eprintln!("  fatal pushes: {}", figure(|r| r.traps));
    eprintln!(
        "  solvable: {}",
        whole.iter().filter(|(_, r)| r.solvable).count()
    );
    whole
        .into_iter()
        .max_by_key(|(_, r)| r.states)
        .map(|(level, r)| (level, r.states))
}

fn bench(c: &mut Criterion) {
    let Some(levels) = microban() else {
        eprintln!("skipped: Microban not found beside the project; nothing timed");
        return;
    };
    let Some((level, states)) = survey(&levels) else {
        return;
    };
    eprintln!(
        "largest explored: Microban {} ({states} states)",
        level.name
    );
    let mut group = c.benchmark_group("sokoban");
    group.sample_size(10);
    group.throughput(Throughput::Elements(states));
    group.bench_function(format!("microban {}", level.name), |b| {
        b.iter(|| analyze(&level, &Job::default()).expect("explored whole before"))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
