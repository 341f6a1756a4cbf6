//! The Skiddy generator with the parameters (8x7, two red and two
//! blue Skiddies, a crate, an ice cube, a Perfect of at least 6 moves,
//! three stars), and the pieces of a candidate's verdict.
//!
//! - `generate/levels_kept`: a few levels of `generate skiddy --seed 7`
//!   (its batch seeds), one after another on one thread; throughput in
//!   levels kept per second.
//! - `verdict/*`: one rejected candidate and one kept level, each by the
//!   full analysis that every candidate used to get, by the dead-end search
//!   that now rules on it first, and by the generator's whole verdict
//!   (`Judge`); throughput in candidates per second.
//!
//! Run with `cargo bench --bench generate`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use levelscope::engine::{find_dead_end, Job};
use levelscope::kinds::batch_seed::batch_seed;
use levelscope::kinds::skiddy::generate::{generate, GenerateParams, Judge};
use levelscope::kinds::skiddy::{self, parse_level, Level, Rules, SkiddyPuzzle};

/// The batch indices of `--seed 7` generated per iteration.
const LEVELS: std::ops::Range<u64> = 0..3;

/// The parameters.
fn params() -> GenerateParams {
    GenerateParams {
        width: 8,
        height: 7,
        skiddies: [2, 2, 0, 0],
        crates: 1,
        ice: 1,
        min_perfect: 6,
        min_stars: 3,
        ..GenerateParams::default()
    }
}

/// A candidate the generator throws away: a dead end is reachable in 7
/// moves (2,255 states).
const REJECTED: &str = "#r######\n#.B#.#.#\n#.R...##\nbB.i..R#\n#...#..#\n#..#c..#\n########";

/// A level the generator kept: three stars, a Perfect of 10 moves (5,372
/// states).
const KEPT: &str = "#r######\n#.B#.#.#\n#.R...##\nbB.i..R#\n#...#..#\n#c.#...#\n########";

fn levels_kept(c: &mut Criterion) {
    let params = params();
    let mut group = c.benchmark_group("generate");
    group.sample_size(10);
    group.throughput(Throughput::Elements(LEVELS.end - LEVELS.start));
    group.bench_function("levels_kept", |b| {
        b.iter(|| {
            for i in LEVELS {
                generate(&params, batch_seed(7, i)).expect("a level");
            }
        })
    });
    group.finish();
}

fn verdict(c: &mut Criterion) {
    let params = params();
    let mut group = c.benchmark_group("verdict");
    group.sample_size(20);
    group.throughput(Throughput::Elements(1));
    let levels: [(&str, Level); 2] = [
        ("rejected", parse_level(REJECTED).unwrap()),
        ("kept", parse_level(KEPT).unwrap()),
    ];
    for (name, level) in &levels {
        let job = Job::new(params.max_states);
        group.bench_function(format!("full_analysis/{name}"), |b| {
            b.iter(|| skiddy::analyze(level, &job).is_ok())
        });
        let rules = Rules::compile(level).unwrap();
        group.bench_function(format!("dead_end_search/{name}"), |b| {
            b.iter(|| find_dead_end(&SkiddyPuzzle::<u64>::new(&rules), &job).unwrap())
        });
        let mut judge = Judge::new(params.max_states);
        group.bench_function(format!("judge/{name}"), |b| {
            b.iter(|| judge.judge(level, &params).is_ok())
        });
    }
    group.finish();
}

criterion_group!(benches, levels_kept, verdict);
criterion_main!(benches);
