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
//! A second group times the push-level solver (`kinds::sokoban::solver`)
//! on XSokoban screens 1 to 20 it solves within 10 s and on the Microban levels
//! the default budget cannot explore whole that it solves (up to three).
//!
//! Run with `cargo bench --bench sokoban`.

use std::fs;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use levelscope::engine::{Job, DEFAULT_MAX_STATES};
use std::time::Duration;

use levelscope::kinds::sokoban::solver::{solve, SolveOutcome};
use levelscope::kinds::sokoban::{analyze, read_xsb, read_xsb_one, Level};

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

/// XSokoban screens 1 to 20, when the real levels are there, named.
fn xsokoban() -> Vec<(String, Level)> {
    let dir = real_levels::real_levels_dir().join("sokoban/xsokoban");
    (1..=20)
        .filter_map(|i| {
            let text = fs::read_to_string(dir.join(format!("screen.{i}"))).ok()?;
            Some((format!("xsokoban {i}"), read_xsb_one(&text).ok()?))
        })
        .collect()
}

/// Whether the solver solves `level` within `seconds`.
fn solves(level: &Level, seconds: u64) -> bool {
    solve(level, Duration::from_secs(seconds), &Job::default())
        .is_ok_and(|r| matches!(r.outcome, SolveOutcome::Solved(_)))
}

fn bench_solver(c: &mut Criterion) {
    let mut timed: Vec<(String, Level)> = xsokoban()
        .into_iter()
        .filter(|(_, level)| solves(level, 10))
        .collect();
    if let Some(levels) = microban() {
        let past_budget = levels
            .into_iter()
            .filter(|level| analyze(level, &Job::new(DEFAULT_MAX_STATES)).is_err())
            .filter(|level| solves(level, 10))
            .take(3)
            .map(|level| (format!("microban {}", level.name), level));
        timed.extend(past_budget);
    }
    if timed.is_empty() {
        eprintln!("skipped: no real level found (or none solved); the solver is not timed");
        return;
    }
    let mut group = c.benchmark_group("sokoban solver");
    group.sample_size(10);
    for (name, level) in &timed {
        group.bench_function(name.as_str(), |b| {
            b.iter(|| {
                solve(level, Duration::from_secs(60), &Job::default()).expect("a valid level")
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench, bench_solver);
criterion_main!(benches);
