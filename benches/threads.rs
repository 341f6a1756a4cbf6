//! One level on one thread and on two, side by side: the full analysis of
//! the 4.4 M-state Skiddy benchmark level (`assets/bench/skiddy_4m.txt`)
//! and of Microban 114 (27.8 M states; read from `shared/fixtures/sokoban`
//! beside the project or `LEVELSCOPE_REAL_LEVELS`, never part of the
//! repository; skipped when absent). Each run happens inside a rayon pool
//! of that many threads, as `--threads N` does. Throughput is in states
//! per second.
//!
//! `threads_tangram_dense` counts the solutions of the generator's dense
//! 4x4 Tangram levels of 20 shapes (`generate tangram --size 4 --shapes 20
//! --seed S` for S = 1, 12 and 23: 3,127, 4,659 and 8,784 solutions, the
//! dense levels where the search is slowest against the Python reference)
//! listing the first 20, as `analyze` does; its throughput is in search
//! nodes per second (the same nodes on both).
//!
//! Run with `cargo bench --bench threads` (`-- skiddy` for the Skiddy
//! group alone).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use levelscope::engine::{Job, LAYERED_FROM};
use levelscope::kinds::batch_seed::batch_seed;
use levelscope::kinds::{skiddy, sokoban, tangram};

#[allow(dead_code)]
#[path = "../tests/common/real_levels.rs"]
mod real_levels;

/// A rayon pool of `threads` threads.
fn pool(threads: usize) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("the benchmark's pool starts")
}

fn skiddy_4m(c: &mut Criterion) {
    let level = skiddy::parse_level(include_str!("../assets/bench/skiddy_4m.txt"))
        .expect("the benchmark level parses");
    let states = skiddy::analyze(&level, &Job::default())
        .expect("the benchmark level analyses")
        .summary
        .states;
    let mut group = c.benchmark_group("threads_skiddy_4m");
    group.sample_size(10);
    group.throughput(Throughput::Elements(states));
    for threads in [1, 2] {
        let pool = pool(threads);
        group.bench_function(format!("{threads} threads"), |b| {
            b.iter(|| {
                pool.install(|| {
                    skiddy::analyze(&level, &Job::default().with_parallel_from(LAYERED_FROM))
                        .expect("analyses")
                })
            })
        });
    }
    group.finish();
}

/// Microban 114, when the real levels are there.
fn microban_114() -> Option<sokoban::Level> {
    let path = real_levels::real_levels_dir().join("sokoban/microban_155.xsb");
    let text = std::fs::read_to_string(path).ok()?;
    sokoban::read_xsb(&text).ok()?.into_iter().nth(113)
}

fn microban(c: &mut Criterion) {
    let Some(level) = microban_114() else {
        eprintln!("skipped: Microban not found beside the project; nothing timed");
        return;
    };
    let states = match sokoban::analyze(&level, &Job::default()) {
        Ok(a) => a.report.states,
        Err(e) => {
            eprintln!("skipped: Microban 114 does not explore whole here: {e}");
            return;
        }
    };
    let mut group = c.benchmark_group("threads_microban_114");
    group.sample_size(10);
    group.throughput(Throughput::Elements(states));
    for threads in [1, 2] {
        let pool = pool(threads);
        group.bench_function(format!("{threads} threads"), |b| {
            b.iter(|| {
                pool.install(|| {
                    sokoban::analyze(&level, &Job::default().with_parallel_from(LAYERED_FROM))
                        .expect("analyses")
                })
            })
        });
    }
    group.finish();
}

fn tangram_dense(c: &mut Criterion) {
    let mut group = c.benchmark_group("threads_tangram_dense");
    for (seed, solutions) in [(1, 3_127), (12, 4_659), (23, 8_784)] {
        // The command line's level `seed` (the first of its batch).
        let options = tangram::GenerateOptions::new(4, 20, batch_seed(seed, 0));
        let level = tangram::generate(options).expect("generates").level;
        let report = tangram::solve(&level, 20, &Job::default(), u64::MAX).expect("valid");
        assert_eq!(report.solutions, Some(solutions), "seed {seed}");
        let nodes = report.nodes;
        group.throughput(Throughput::Elements(nodes));
        for threads in [1, 2] {
            let pool = pool(threads);
            group.bench_function(format!("seed_{seed}/{threads} threads"), |b| {
                b.iter(|| {
                    pool.install(|| {
                        let job = Job::default().with_parallel_from(LAYERED_FROM);
                        tangram::solve(&level, 20, &job, u64::MAX).expect("valid")
                    })
                })
            });
        }
    }
    group.finish();
}

criterion_group!(benches, skiddy_4m, microban, tangram_dense);
criterion_main!(benches);
