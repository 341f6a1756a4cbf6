//! Rush Hour: the full analysis (explore, distances to a win, fewest
//! steps, shortest sequences, farthest, report) of all 70 puzzles of the
//! Olieslagers 2024 archive (6 x 6, read from `shared/fixtures/rushhour`
//! beside the project or `LEVELSCOPE_REAL_LEVELS`; never part of the
//! repository), with throughput in states per second. Before timing it
//! analyses each once and prints their states (min, median, max, total)
//! and the rate of that one pass. Without the real levels it says so and
//! times nothing.
//!
//! Run with `cargo bench --bench rushhour`; compare with
//! `python3 scripts/rushhour_reference.py FILES` (its last line says its
//! states per second).

use std::fs;
use std::path::PathBuf;
use std::time::Instant;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use levelscope::engine::Job;
use levelscope::kinds::rushhour::{analyze, read_archive_json, Level};
use serde_json::Value;

#[allow(dead_code)]
#[path = "../tests/common/real_levels.rs"]
mod real_levels;

/// The archive's puzzles in name order, when the real levels are there.
fn archive() -> Option<Vec<Level>> {
    let dir = real_levels::real_levels_dir().join("rushhour/olieslagers_2024");
    let mut paths: Vec<PathBuf> = fs::read_dir(&dir)
        .ok()?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    paths.sort();
    let mut levels = Vec::new();
    for path in paths {
        let name = path.file_stem()?.to_string_lossy().to_string();
        let text = fs::read_to_string(&path).ok()?;
        let value: Value = serde_json::from_str(&text).ok()?;
        match read_archive_json(&value) {
            Ok(mut level) => {
                level.name = name;
                levels.push(level);
            }
            Err(e) => eprintln!("{}: {e}; left out", path.display()),
        }
    }
    Some(levels)
}

/// Analyses every puzzle once, prints the figures and returns the total
/// states.
fn survey(levels: &[Level]) -> u64 {
    let began = Instant::now();
    let mut states: Vec<u64> = levels
        .iter()
        .map(|level| {
            let analysis =
                analyze(level, &Job::default()).unwrap_or_else(|e| panic!("{}: {e}", level.name));
            analysis.report.states as u64
        })
        .collect();
    let seconds = began.elapsed().as_secs_f64();
    states.sort_unstable();
    let total: u64 = states.iter().sum();
    eprintln!(
        "Rush Hour archive: {} puzzles, states min {}, median {}, max {}, total {total}; \
         one pass {:.3} s, {:.0} states/s",
        levels.len(),
        states.first().copied().unwrap_or(0),
        states.get(states.len() / 2).copied().unwrap_or(0),
        states.last().copied().unwrap_or(0),
        seconds,
        total as f64 / seconds,
    );
    total
}

fn bench(c: &mut Criterion) {
    let Some(levels) = archive().filter(|l| !l.is_empty()) else {
        eprintln!("skipped: the Rush Hour archive was not found beside the project; nothing timed");
        return;
    };
    let states = survey(&levels);
    let mut group = c.benchmark_group("rushhour");
    group.sample_size(10);
    group.throughput(Throughput::Elements(states));
    group.bench_function(format!("all {} archive puzzles", levels.len()), |b| {
        b.iter(|| {
            for level in &levels {
                analyze(level, &Job::default()).expect("analysed before");
            }
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
