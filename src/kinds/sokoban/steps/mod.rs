//! The step-level figures derived exactly from the explored positions.
//!
//! A step state is a position and one player cell: every cell of a
//! position's area, except in a won position, which ends the game and is
//! only ever entered by a push (its step states are the cells the pushes
//! that enter it leave the player on). No step state is stored as a word
//! and no move as an edge: [`blocks`] numbers them position by position
//! from a bit set of cells a position, and [`depths`] gives each its
//! breadth-first depth in a byte (two on a region of more than 255 cells).
//!
//! From them: the states, won states and dead ends (a step state is dead
//! where its position is, since the player walks freely in the area); the
//! traps (one a push from a winnable position into a dead one: a walk never
//! falls, since it can be walked back); the histogram of depths; and, by
//! [`trace`], the first trap as the step-level search meets it, the fewest
//! moves with the engine's own choice of shortest solution (at each state
//! the first move in U R D L order that brings a win closer), and the
//! count of distinct shortest solutions.

mod blocks;
mod depths;
mod trace;

use rayon::prelude::*;

use crate::engine::{GraphView, Job, Phase, Route, Stopped};

use super::positions::PositionLayout;
use super::rules::{Dir, Rules};

use blocks::Blocks;
use depths::{Depths, Offset};
use trace::{Marks, StepState};

/// The first push into a dead end, as the step-level search meets it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FirstTrap {
    /// The moves from the start to the dead end.
    pub depth: u32,
    /// The player's cell before the push.
    pub player: u32,
    /// The push's direction.
    pub dir: Dir,
}

/// The step-level figures of a level, derived from its positions.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StepFigures {
    /// All reachable step states, start and won ones included.
    pub states: u64,
    /// Won step states.
    pub won_states: u64,
    /// Step states from which no win can be reached.
    pub dead_ends: u64,
    /// Pushes from a winnable step state into a dead end.
    pub traps: u64,
    /// The first of them in the step-level search's order.
    pub first_trap: Option<FirstTrap>,
    /// Step states and dead ends at each breadth-first depth.
    pub depth_histogram: Vec<[u64; 2]>,
    /// The fewest moves to a win.
    pub shortest_moves: Option<u32>,
    /// The shortest solution the step-level search picks, in LURD.
    pub solution: Option<String>,
    /// The same solution as move names separated by spaces ("R U").
    pub solution_moves: Option<String>,
    /// How many distinct shortest solutions there are (saturating).
    pub shortest_count: u128,
    /// The most bytes the derivation held (0 when read off a step graph).
    pub layer_bytes: u64,
}

/// The positions one task of the counting passes takes.
const COUNT_RANGE: usize = if cfg!(test) { 3 } else { 1 << 14 };

/// Derives the step-level figures from the explored positions (`graph`,
/// whose states `word` unpacks with `layout`), within the job's memory
/// budget; `held` is what the positions already hold.
pub fn step_figures(
    rules: &Rules,
    layout: &PositionLayout,
    graph: &dyn GraphView,
    held: u64,
    job: &Job,
) -> Result<StepFigures, Stopped> {
    job.enter(Phase::Summarising);
    let blocks = Blocks::of(rules, layout, graph, held, job)?;
    let held = held + blocks.heap_bytes();
    match rules.cell_count() {
        0..=255 => figures::<u8>(&blocks, held, job),
        256..=65_535 => figures::<u16>(&blocks, held, job),
        _ => figures::<u32>(&blocks, held, job),
    }
}

/// The figures, with depths held as offsets of type `T`.
fn figures<T: Offset>(blocks: &Blocks<'_>, held: u64, job: &Job) -> Result<StepFigures, Stopped> {
    let start: StepState = (0, blocks.rules.start().player);
    let depths: Depths<T> = depths::search(blocks, start.1, held, job)?;
    let held = held + depths.heap_bytes();
    let counts = count(blocks, &depths, job)?;
    let mut marks = Marks::new(blocks, held, job)?;
    let layer_bytes = blocks.heap_bytes() + depths.heap_bytes() + marks.heap_bytes();

    let first_trap = match counts.first_traps.first() {
        None => None,
        Some(&(depth, _)) => {
            let targets: Vec<StepState> = counts
                .first_traps
                .iter()
                .map(|&(_, s)| s)
                .collect::<std::collections::BTreeSet<_>>()
                .into_iter()
                .collect();
            marks.mark(blocks, &depths, &targets, depth, job)?;
            let (_, (p, c)) = marks.first_way(blocks, &depths, start, depth);
            let mut boxes = Vec::new();
            blocks.boxes(p, &mut boxes);
            let dir = (0..4)
                .find(|&d| {
                    blocks
                        .step(p, c, &boxes, d)
                        .is_some_and(|m| m.push && is_dead(blocks.graph, m.position))
                })
                .expect("a trap's state has a push into a dead end");
            Some(FirstTrap {
                depth: depth + 1,
                player: c,
                dir: Dir::ALL[dir],
            })
        }
    };

    let shortest_moves = depths.won().values().copied().min();
    let (mut solution, mut solution_moves, mut shortest_count) = (None, None, 0);
    if let Some(length) = shortest_moves {
        let targets: Vec<StepState> = blocks_of_won(blocks, &depths, length);
        marks.mark(blocks, &depths, &targets, length, job)?;
        let (moves, _) = marks.first_way(blocks, &depths, start, length);
        solution = Some(
            moves
                .iter()
                .map(|&(d, push)| Dir::ALL[d].lurd(push))
                .collect(),
        );
        solution_moves = Some(
            moves
                .iter()
                .map(|&(d, _)| Dir::ALL[d].name())
                .collect::<Vec<_>>()
                .join(" "),
        );
        shortest_count = marks.count_ways(blocks, &depths, start, length);
    }
    Ok(StepFigures {
        states: blocks.states(),
        won_states: depths.won().len() as u64,
        dead_ends: counts.dead_ends,
        traps: counts.traps,
        first_trap,
        depth_histogram: counts.histogram,
        shortest_moves,
        solution,
        solution_moves,
        shortest_count,
        layer_bytes,
    })
}

/// Whether no win can be reached from position `p`.
fn is_dead(graph: &dyn GraphView, p: u32) -> bool {
    graph.distance(Route::Any, p).is_none()
}

/// The won step states of depth `depth`.
fn blocks_of_won<T: Offset>(blocks: &Blocks<'_>, depths: &Depths<T>, depth: u32) -> Vec<StepState> {
    let mut won = Vec::new();
    for p in 0..blocks.positions() as u32 {
        if blocks.is_won(p) {
            blocks.for_each_cell(p, |c| {
                if depths.of(blocks, p, c) == depth {
                    won.push((p, c));
                }
            });
        }
    }
    won
}

/// What one pass over the positions counts.
#[derive(Default)]
struct Counts {
    /// Step states and dead ends at each depth.
    histogram: Vec<[u64; 2]>,
    /// Step states from which no win can be reached.
    dead_ends: u64,
    /// Pushes from a winnable position into a dead one.
    traps: u64,
    /// The step states a trap starts from at the smallest depth any does,
    /// with that depth.
    first_traps: Vec<(u32, StepState)>,
}

impl Counts {
    /// Both counts of two ranges of positions.
    fn join(mut self, other: Counts) -> Counts {
        if self.histogram.len() < other.histogram.len() {
            self.histogram.resize(other.histogram.len(), [0, 0]);
        }
        for (row, more) in self.histogram.iter_mut().zip(&other.histogram) {
            row[0] += more[0];
            row[1] += more[1];
        }
        self.dead_ends += other.dead_ends;
        self.traps += other.traps;
        match (self.first_traps.first(), other.first_traps.first()) {
            (_, None) => {}
            (None, Some(_)) => self.first_traps = other.first_traps,
            (Some(a), Some(b)) if b.0 < a.0 => self.first_traps = other.first_traps,
            (Some(a), Some(b)) if b.0 == a.0 => self.first_traps.extend(other.first_traps),
            (Some(_), Some(_)) => {}
        }
        self
    }
}

/// Counts the histogram, dead ends and traps, and finds the shallowest
/// traps, over every position (on the pool's threads when the job says
/// so).
fn count<T: Offset>(blocks: &Blocks<'_>, depths: &Depths<T>, job: &Job) -> Result<Counts, Stopped> {
    let n = blocks.positions();
    let range = |k: usize| -> Counts {
        let mut counts = Counts::default();
        let mut boxes = Vec::new();
        for p in (k * COUNT_RANGE..n.min((k + 1) * COUNT_RANGE)).map(|p| p as u32) {
            let dead = !blocks.is_won(p) && is_dead(blocks.graph, p);
            depths.for_each_in(blocks, p, |d| {
                if counts.histogram.len() <= d as usize {
                    counts.histogram.resize(d as usize + 1, [0, 0]);
                }
                counts.histogram[d as usize][0] += 1;
                counts.histogram[d as usize][1] += u64::from(dead);
            });
            if dead {
                let (from, to) = blocks.span(p);
                counts.dead_ends += to - from;
                continue;
            }
            blocks.boxes(p, &mut boxes);
            blocks.for_each_push(p, &boxes, |t, cell, dir| {
                if !blocks.is_won(t) && is_dead(blocks.graph, t) {
                    counts.traps += 1;
                    let from = blocks.behind(cell, dir);
                    let d = depths.of(blocks, p, from);
                    match counts.first_traps.first() {
                        Some(&(least, _)) if least < d => {}
                        Some(&(least, _)) if least == d => counts.first_traps.push((d, (p, from))),
                        _ => counts.first_traps = vec![(d, (p, from))],
                    }
                }
            });
        }
        counts
    };
    let ranges = n.div_ceil(COUNT_RANGE);
    let counts = if job.on_many_threads(n as u64) {
        (0..ranges)
            .into_par_iter()
            .map(range)
            .reduce(Counts::default, Counts::join)
    } else {
        (0..ranges).map(range).fold(Counts::default(), Counts::join)
    };
    if job.is_cancelled() {
        return Err(Stopped::Cancelled {
            states: blocks.states(),
        });
    }
    Ok(counts)
}
