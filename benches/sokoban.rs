//! Sokoban: the full analysis (explore the positions, label, derive the
//! step-level figures, report) of the largest Microban level that the
//! default budget explores whole, with throughput in positions per second
//! and the bytes a position takes. Before timing, it prints positions
//! against step states for Microban levels 34, 64 and 73. Microban (David
//! W. Skinner's 155 levels) is read from `shared/fixtures/sokoban` beside
//! the project or `LEVELSCOPE_REAL_LEVELS`, never part of the repository;
//! without it the bench says so and times nothing.
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

criterion_group!(benches, bench);
criterion_main!(benches);
