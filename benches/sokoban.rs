//! Sokoban: the full analysis (explore the positions, label, derive the
//! step-level figures, report) of a large Microban level (the largest that
//! ten samples can repeat in minutes), with throughput in positions per second
//! and the bytes a position takes. Before timing, it prints positions
//! against step states for Microban levels 34, 64 and 73. Microban (David
//! W. Skinner's 155 levels) is read from `shared/fixtures/sokoban` beside
//! the project or `LEVELSCOPE_REAL_LEVELS`, never part of the repository;
//! without it the bench says so and times nothing.
//!
//! A second group times the push-level solver (`kinds::sokoban::solver`),
//! with issue 42's limit of 30 s, on the XSokoban screens of 1 to 20 it
//! solves and on the Microban levels the default budget cannot explore
//! whole that it solves (up to three).
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

/// The Microban level timed: 5,298,722 positions, about 30 s an
/// analysis (levels 95, 105, 111 and 139 have more, up to 60 million, and
/// take minutes each; see docs/performance.md), and the levels whose
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
    let analysis = analyze(level, &Job::default()).expect("the timed level is explored whole");
    let positions = analysis.positions.len() as u64;
    eprintln!(
        "timed: Microban {LARGEST} ({positions} positions, {} step states; {})",
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

/// The time limit the solver gets, in the bench as in issue 42's bar
/// (`analyze --time-limit 30`): A* takes its share of it first.
const SOLVE_LIMIT: Duration = Duration::from_secs(30);

/// The XSokoban screens of 1 to 20 that the solver solved within 30 s on
/// the 2-core development machine (docs/performance.md); each is solved
/// once more before it is timed, and left out if it is not.
const SOLVED_SCREENS: [usize; 7] = [1, 2, 3, 4, 6, 7, 17];

/// Microban levels the default budget cannot explore whole; the first
/// three the solver solves are timed.
const PAST_THE_BUDGET: [&str; 6] = ["93", "107", "144", "145", "146", "153"];

/// The listed XSokoban screens, when the real levels are there, named.
fn xsokoban() -> Vec<(String, Level)> {
    let dir = real_levels::real_levels_dir().join("sokoban/xsokoban");
    SOLVED_SCREENS
        .iter()
        .filter_map(|i| {
            let text = fs::read_to_string(dir.join(format!("screen.{i}"))).ok()?;
            Some((format!("xsokoban {i}"), read_xsb_one(&text).ok()?))
        })
        .collect()
}

/// Whether the solver solves `level` within [`SOLVE_LIMIT`].
fn solves(level: &Level) -> bool {
    solve(level, SOLVE_LIMIT, &Job::default())
        .is_ok_and(|r| matches!(r.outcome, SolveOutcome::Solved(_)))
}

fn bench_solver(c: &mut Criterion) {
    let mut timed: Vec<(String, Level)> = xsokoban()
        .into_iter()
        .filter(|(name, level)| {
            let solved = solves(level);
            if !solved {
                eprintln!("{name}: not solved within the limit this time; not timed");
            }
            solved
        })
        .collect();
    if let Some(levels) = microban() {
        let past_budget = levels
            .into_iter()
            .filter(|level| PAST_THE_BUDGET.contains(&level.name.as_str()))
            .filter(solves)
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
            b.iter(|| solve(level, SOLVE_LIMIT, &Job::default()).expect("a valid level"))
        });
    }
    group.finish();
}

criterion_group!(benches, bench, bench_solver);
criterion_main!(benches);
