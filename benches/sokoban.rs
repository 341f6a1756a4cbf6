//! Sokoban: the full analysis (explore the positions, label, derive the
//! step-level figures, report) of the largest Microban level that the
//! default budget explores whole, with throughput in positions per second
//! and the bytes a position takes. Before timing, it analyses every level
//! of Microban (David W. Skinner's 155 levels, read from
//! `shared/fixtures/sokoban` beside the project or
//! `LEVELSCOPE_REAL_LEVELS`; never part of the repository) under the
//! default budget and prints how many it explores whole, their states,
//! deadlocks and traps (min, median, max), and positions against step
//! states for levels 34, 64 and 73. Without the real levels it says so and
//! times nothing.
//!
//! Run with `cargo bench --bench sokoban`.

use std::fs;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use levelscope::engine::{Job, DEFAULT_MAX_STATES};
use levelscope::kinds::sokoban::{analyze, read_xsb, Analysis, Level};

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
/// returns the largest level explored whole (by positions) with its
/// analysis.
fn survey(levels: &[Level]) -> Option<(Level, Analysis)> {
    let mut whole: Vec<(Level, Analysis)> = Vec::new();
    for level in levels {
        let job = Job::new(DEFAULT_MAX_STATES);
        match analyze(level, &job) {
            Ok(a) => whole.push((level.clone(), a)),
            Err(e) => eprintln!("Microban {}: {e}", level.name),
        }
    }
    let figure = |f: fn(&levelscope::kinds::sokoban::Report) -> u64| {
        spread(whole.iter().map(|(_, a)| f(&a.report)).collect())
    };
    eprintln!(
        "Microban: {} of {} levels explored whole under the default budget of {} positions",
        whole.len(),
        levels.len(),
        DEFAULT_MAX_STATES
    );
    eprintln!("  states: {}", figure(|r| r.states));
    eprintln!("  deadlocks: {}", figure(|r| r.dead_ends));
    eprintln!("  fatal pushes: {}", figure(|r| r.traps));
    eprintln!(
        "  solvable: {}",
        whole.iter().filter(|(_, a)| a.report.solvable).count()
    );
    for name in ["34", "64", "73"] {
        if let Some((_, a)) = whole.iter().find(|(l, _)| l.name == name) {
            let positions = a.positions.len() as u64;
            eprintln!(
                "  Microban {name}: {positions} positions, {} step states ({:.1}x)",
                a.report.states,
                a.report.states as f64 / positions as f64
            );
        }
    }
    whole.into_iter().max_by_key(|(_, a)| a.positions.len())
}

fn bench(c: &mut Criterion) {
    let Some(levels) = microban() else {
        eprintln!("skipped: Microban not found beside the project; nothing timed");
        return;
    };
    let Some((level, analysis)) = survey(&levels) else {
        return;
    };
    let positions = analysis.positions.len() as u64;
    eprintln!(
        "largest explored: Microban {} ({positions} positions, {} step states; {} bits a position, {:.1} bytes a position held, {:.1} bytes a step state more to derive the step-level figures)",
        level.name,
        analysis.report.states,
        analysis.state_bits(),
        analysis.position_bytes as f64 / positions as f64,
        analysis.step_layer_bytes as f64 / analysis.report.states as f64,
    );
    let mut group = c.benchmark_group("sokoban");
    group.sample_size(10);
    group.throughput(Throughput::Elements(positions));
    group.bench_function(format!("microban {} positions", level.name), |b| {
        b.iter(|| analyze(&level, &Job::default()).expect("explored whole before"))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
