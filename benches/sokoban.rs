//! Sokoban: the full analysis (explore the positions, label, derive the
//! step-level figures, report) of the largest Microban level that the
//! default budget explores whole, with throughput in positions per second
//! and the bytes a position takes. Before timing, it prints positions
//! against step states for Microban levels 34, 64 and 73. Microban (David
//! W. Skinner's 155 levels) is read from `shared/fixtures/sokoban` beside
//! the project or `LEVELSCOPE_REAL_LEVELS`, never part of the repository;
//! without it the bench says so and times nothing.
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
use levelscope::kinds::sokoban::{analyze, read_xsb, read_xsb_one, Analysis, Level};

#[allow(dead_code)]
#[path = "../tests/common/real_levels.rs"]
mod real_levels;

/// Microban's levels, when the real levels are there.
fn microban() -> Option<Vec<Level>> {
    let path = real_levels::real_levels_dir().join("sokoban/microban_155.xsb");
    let text = fs::read_to_string(path).ok()?;
    read_xsb(&text).ok()
}

/// The largest Microban level the default budget explores whole (found
/// by `microban_is_explored_whole_and_agrees_with_the_step_level_analysis`
/// and `analyze --json` over the collection), and the levels whose
/// positions and step states are compared.
const LARGEST: &str = "143";
const COMPARED: [&str; 3] = ["34", "64", "73"];

/// Prints positions against step states for the compared levels.
fn survey(levels: &[Level]) {
    for name in COMPARED {
        let Some(level) = levels.iter().find(|l| l.name == name) else {
            continue;
        };
        match analyze(level, &Job::new(DEFAULT_MAX_STATES)) {
            Ok(a) => {
                let positions = a.positions.len() as u64;
                eprintln!(
                    "Microban {name}: {positions} positions, {} step states ({:.1}x)",
                    a.report.states,
                    a.report.states as f64 / positions as f64
                );
            }
            Err(e) => eprintln!("Microban {name}: {e}"),
        }
    }
}

/// The bytes a position and a step state take in an analysis.
fn bytes(analysis: &Analysis) -> String {
    let positions = analysis.positions.len() as f64;
    format!(
        "{} bits a position, {:.1} bytes a position held, {:.1} bytes a step state more while the step figures are derived",
        analysis.state_bits(),
        analysis.position_bytes as f64 / positions,
        analysis.step_layer_bytes as f64 / analysis.report.states as f64,
    )
}

fn bench(c: &mut Criterion) {
    let Some(levels) = microban() else {
        eprintln!("skipped: Microban not found beside the project; nothing timed");
        return;
    };
    survey(&levels);
    let Some(level) = levels.iter().find(|l| l.name == LARGEST) else {
        return;
    };
    let analysis = analyze(level, &Job::default()).expect("the largest level is explored whole");
    let positions = analysis.positions.len() as u64;
    eprintln!(
        "largest explored: Microban {LARGEST} ({positions} positions, {} step states; {})",
        analysis.report.states,
        bytes(&analysis)
    );
    let mut group = c.benchmark_group("sokoban");
    group.sample_size(10);
    group.throughput(Throughput::Elements(positions));
    group.bench_function(format!("microban {LARGEST} positions"), |b| {
        b.iter(|| analyze(level, &Job::default()).expect("explored whole before"))
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
