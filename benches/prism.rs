//! Prism: the full analysis (explore, label, traps, summary, rating) of
//! every original level in `tests/fixtures/prism/`, one after another on one
//! thread, and of the largest one alone, with throughput in states per
//! second.
//!
//! Run with `cargo bench --bench prism`.

use std::fs;
use std::path::{Path, PathBuf};

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use levelscope::engine::Job;
use levelscope::kinds::prism::{analyze, read_2016, Level};

fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = fs::read_dir(dir)
        .expect("the Prism fixtures")
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            files_under(&path, out);
        } else {
            out.push(path);
        }
    }
}

/// Every non-empty fixture, read, with its path.
fn fixtures() -> Vec<(PathBuf, Level)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/prism");
    let mut paths = Vec::new();
    files_under(&root, &mut paths);
    paths
        .into_iter()
        .filter_map(|p| {
            let text = fs::read_to_string(&p).expect("a readable fixture");
            read_2016(&text).ok().map(|level| (p, level))
        })
        .collect()
}

fn states_of(level: &Level) -> u64 {
    analyze(level, &Job::default())
        .expect("fixtures analyse")
        .summary
        .states
}

fn prism(c: &mut Criterion) {
    let levels = fixtures();
    let states: Vec<u64> = levels.iter().map(|(_, l)| states_of(l)).collect();
    let total: u64 = states.iter().sum();
    let largest_at = (0..levels.len())
        .max_by_key(|&i| states[i])
        .expect("fixtures exist");
    let (largest_path, largest) = &levels[largest_at];
    println!(
        "{} levels, {total} states; the largest is {}",
        levels.len(),
        largest_path.display()
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
