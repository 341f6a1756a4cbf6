//! The full analysis of each benchmark level cut into its phases, each timed
//! on its own, to show where the time measured by `benches/analyze.rs` goes:
//!
//! - `step`: every move of every reachable state by the Skiddy rules (the
//!   line step and its tick-model fallback), states in id order;
//! - `explore_without_rules`: the explorer itself (state table, ids, edges,
//!   flags) fed the successors it would get, already worked out, so that
//!   no rule runs;
//! - `reversed_edges`: [`Predecessors::of`];
//! - `backward_pass`: [`Distances::compute`].
//!
//! Throughput is in reachable states per second. A last benchmark,
//! `machine/random_reads_256mb`, measures the machine rather than the code:
//! independent reads of random words of a 256 MB array, the kind of access
//! the state table, the reversed edges and the backward pass make on the big
//! levels; its throughput is in reads per second. Run with
//! `cargo bench --bench phases`.

use std::sync::atomic::{AtomicUsize, Ordering};

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use levelscope::engine::{
    explore, Distances, Job, Outcome, Predecessors, Puzzle, StateGraph, LOSS_EDGE, NO_EDGE,
};
use levelscope::kinds::skiddy::{self, Rules, SkiddyPuzzle};

mod common;
use common::LEVELS;

/// A puzzle that replays an explored graph: its moves give the successors
/// the graph records, read in the order in which the explorer asks for
/// them (parents in id order, won ones skipped; new states classified in
/// id order). Exploring it costs what the explorer costs without the rules.
struct Replay<'g> {
    graph: &'g StateGraph<u64>,
    /// Every state's outcomes, one per move, by id.
    outcomes: Vec<Outcome<u64>>,
    /// The next parent whose moves are asked for.
    next_parent: AtomicUsize,
    /// The next state to classify.
    next_new: AtomicUsize,
}

impl<'g> Replay<'g> {
    fn new(graph: &'g StateGraph<u64>) -> Replay<'g> {
        let outcomes = (0..graph.len() as u32)
            .flat_map(|id| graph.successors(id).iter())
            .map(|to| match to {
                NO_EDGE => Outcome::NoMove,
                LOSS_EDGE => Outcome::Loss,
                to => Outcome::Next(graph.state(to)),
            })
            .collect();
        Replay {
            graph,
            outcomes,
            next_parent: AtomicUsize::new(0),
            next_new: AtomicUsize::new(0),
        }
    }

    /// Ready for another exploration.
    fn rewind(&self) {
        self.next_parent.store(0, Ordering::Relaxed);
        self.next_new.store(0, Ordering::Relaxed);
    }
}

impl Puzzle for Replay<'_> {
    type State = u64;

    fn move_count(&self) -> usize {
        self.graph.move_count()
    }

    fn move_name(&self, _: usize) -> &'static str {
        "?"
    }

    fn start(&self) -> u64 {
        self.graph.state(0)
    }

    fn step(&self, _: &u64, _: usize) -> Outcome<u64> {
        unreachable!("the explorer asks for all moves at once")
    }

    #[inline]
    fn step_all(&self, state: &u64, out: &mut [Outcome<u64>]) {
        let mut id = self.next_parent.load(Ordering::Relaxed);
        while self.graph.is_won(id as u32) {
            id += 1;
        }
        debug_assert_eq!(self.graph.state(id as u32), *state);
        self.next_parent.store(id + 1, Ordering::Relaxed);
        let moves = out.len();
        out.copy_from_slice(&self.outcomes[id * moves..(id + 1) * moves]);
    }

    fn is_won(&self, _: &u64) -> bool {
        unreachable!("the explorer classifies states")
    }

    fn is_preferred(&self, _: &u64) -> bool {
        unreachable!("the explorer classifies states")
    }

    #[inline]
    fn classify(&self, state: &u64) -> (bool, bool) {
        let id = self.next_new.fetch_add(1, Ordering::Relaxed) as u32;
        debug_assert_eq!(self.graph.state(id), *state);
        (self.graph.is_won(id), self.graph.is_preferred(id))
    }
}

fn phases(c: &mut Criterion) {
    let mut group = c.benchmark_group("phases");
    group.sample_size(10);
    for (name, text) in LEVELS {
        let level = skiddy::parse_level(text).expect("benchmark levels parse");
        let rules = Rules::compile(&level).expect("benchmark levels compile");
        let puzzle = SkiddyPuzzle::<u64>::new(&rules);
        let job = Job::default();
        let graph = explore(&puzzle, &job).expect("benchmark levels explore");
        group.throughput(Throughput::Elements(graph.len() as u64));

        group.bench_function(format!("{name}/step"), |b| {
            let mut out = vec![Outcome::NoMove; puzzle.move_count()];
            b.iter(|| {
                let mut moved = 0usize;
                for state in graph.states() {
                    puzzle.step_all(state, &mut out);
                    moved += out.iter().filter(|o| matches!(o, Outcome::Next(_))).count();
                }
                moved
            })
        });

        let replay = Replay::new(&graph);
        replay.rewind();
        let again = explore(&replay, &job).expect("the replay explores");
        assert_eq!(
            again.states(),
            graph.states(),
            "the replay gives the same ids"
        );
        drop(again);
        group.bench_function(format!("{name}/explore_without_rules"), |b| {
            b.iter(|| {
                replay.rewind();
                explore(&replay, &job).expect("the replay explores").len()
            })
        });
        drop(replay);

        group.bench_function(format!("{name}/reversed_edges"), |b| {
            b.iter(|| Predecessors::of(&graph))
        });

        let preds = Predecessors::of(&graph);
        group.bench_function(format!("{name}/backward_pass"), |b| {
            b.iter(|| Distances::compute(&graph, &preds, &job).expect("labels"))
        });
    }
    group.finish();
}

/// Independent reads of random words of an array far bigger than the
/// caches: how many such reads the machine serves a second when they
/// overlap as much as they can.
fn random_reads(c: &mut Criterion) {
    const WORDS: usize = 256 << 17; // 256 MB of u64
    const READS: u64 = 1 << 22;
    let words: Vec<u64> = (0..WORDS as u64)
        .map(|i| i.wrapping_mul(0x9e37_79b9))
        .collect();
    let mut group = c.benchmark_group("machine");
    group.sample_size(10);
    group.throughput(Throughput::Elements(READS));
    group.bench_function("random_reads_256mb", |b| {
        b.iter(|| {
            // xorshift64: the next index does not depend on what was read.
            let mut x = 0x2545_f491_4f6c_dd1d_u64;
            let mut sum = 0u64;
            for _ in 0..READS {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                sum = sum.wrapping_add(words[x as usize % WORDS]);
            }
            sum
        })
    });
    group.finish();
}

criterion_group!(benches, phases, random_reads);
criterion_main!(benches);
