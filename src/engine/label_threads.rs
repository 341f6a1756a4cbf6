//! The backward passes on many threads: the reversed edges, and one level
//! of the reverse breadth-first search, shared among the threads of the
//! current rayon pool. Their results are those of one thread: each list of
//! predecessors is sorted, and a level's distances do not depend on the
//! order in which its states are visited (a distance is only ever raised
//! from "unreachable" to the level's distance, by a compare-and-swap).

use std::ops::Range;
use std::sync::atomic::{AtomicU16, AtomicU64};

use rayon::prelude::*;

use super::graph::StateGraph;
use super::job::Job;
use super::label::{for_each_edge_from, Predecessors};
use super::packed::PackedState;
use super::prefetch::prefetch_address;

/// Frontier entries a task takes at a time.
const CHUNK: usize = 4096;

/// How many frontier states ahead a task prefetches what it will touch.
const AHEAD: usize = 16;

/// Whether the passes over `n` states should share the work among the
/// current pool's threads.
pub(crate) fn on_many_threads(n: usize, job: &Job) -> bool {
    job.on_many_threads(n as u64)
}

/// Whether a level of the backward search is wide enough to share among
/// threads: a thinner one is done on one thread (the same result), rather
/// than waking the threads for a moment.
pub(crate) fn wide_enough(now: &[u32]) -> bool {
    now.len() >= 2 * CHUNK
}

/// Views 16-bit words as atomics.
pub(crate) fn atomic_u16(words: &mut [u16]) -> &[AtomicU16] {
    // SAFETY: `AtomicU16` has the size and alignment of `u16`, and the
    // exclusive borrow is held for as long as the view lives.
    unsafe { &*(words as *mut [u16] as *const [AtomicU16]) }
}

/// Views 64-bit words as atomics.
pub(crate) fn atomic_u64(words: &mut [u64]) -> &[AtomicU64] {
    // SAFETY: `AtomicU64` has the size and alignment of `u64` on every
    // target with 64-bit atomics, and the exclusive borrow is held for as
    // long as the view lives.
    unsafe { &*(words as *mut [u64] as *const [AtomicU64]) }
}

/// The tasks of a pass over the edges on many threads: the sources are
/// cut in two halves, and the targets into one range for every two
/// threads; each task takes one half of the sources and one range of the
/// targets, reads the edges of its half, and writes only what belongs to
/// its targets, in its half's array (so no two tasks write one word, and
/// on two threads each edge is read once).
fn halves_and_ranges<'a>(
    n: usize,
    first: &'a mut [u32],
    second: &'a mut [u32],
) -> Vec<(Range<usize>, Range<usize>, &'a mut [u32])> {
    let mid = n / 2;
    let ranges = rayon::current_num_threads().div_ceil(2).clamp(1, n.max(1));
    let mut tasks = Vec::with_capacity(2 * ranges);
    for (sources, mut rest) in [(0..mid, first), (mid..n, second)] {
        for k in 0..ranges {
            let targets = n * k / ranges..n * (k + 1) / ranges;
            let (part, tail) = std::mem::take(&mut rest).split_at_mut(targets.len());
            tasks.push((sources.clone(), targets, part));
            rest = tail;
        }
    }
    tasks
}

/// Where target `to` is in the part of the targets `range`: a target
/// outside it gives the part's start, so that a task prefetches only what
/// it will write (a wild address costs a page walk).
#[inline(always)]
fn offset_in(range: &Range<usize>, to: u32) -> usize {
    if range.contains(&(to as usize)) {
        to as usize - range.start
    } else {
        0
    }
}

/// Counts every state's predecessors in the first half of the ids into
/// `first`, and those in the second half into `second` (both zeroed, one
/// word a state), on the threads of the current pool.
pub(crate) fn count_by_halves<S: PackedState>(
    graph: &StateGraph<S>,
    first: &mut [u32],
    second: &mut [u32],
) {
    let tasks = halves_and_ranges(graph.len(), first, second);
    tasks
        .into_par_iter()
        .for_each(|(sources, targets, counts)| {
            let (lo, at) = (targets.start, counts.as_ptr());
            for_each_edge_from::<S, false>(
                graph,
                sources,
                |to| at.wrapping_add(offset_in(&targets, to)),
                |_, to| {
                    if targets.contains(&(to as usize)) {
                        counts[to as usize - lo] += 1;
                    }
                },
            );
        });
}

/// Fills the predecessor lists on the threads of the current pool: for
/// each state, `first` holds where its predecessors in the first half of
/// the ids go in `preds`, and `second` where those in the second half go
/// (the first half's end); both are used up as cursors. Each half is
/// walked upwards, so every list comes out sorted, as on one thread.
pub(crate) fn fill_by_halves<S: PackedState>(
    graph: &StateGraph<S>,
    first: &mut [u32],
    second: &mut [u32],
    preds: &mut [u32],
) {
    let lists = SharedWords(preds.as_mut_ptr(), preds.len());
    let tasks = halves_and_ranges(graph.len(), first, second);
    tasks
        .into_par_iter()
        .for_each(|(sources, targets, cursors)| {
            let (lo, at) = (targets.start, cursors.as_ptr());
            let lists = &lists;
            for_each_edge_from::<S, false>(
                graph,
                sources,
                |to| at.wrapping_add(offset_in(&targets, to)),
                |from, to| {
                    if targets.contains(&(to as usize)) {
                        let c = &mut cursors[to as usize - lo];
                        lists.write(*c as usize, from);
                        *c += 1;
                    }
                },
            );
        });
}

/// The predecessor lists, written by several tasks at once: each slot is
/// written by one task only (a list's first half of sources fills it from
/// its beginning, the second half from where the first half's count ends).
struct SharedWords(*mut u32, usize);

// SAFETY: the tasks that share it write disjoint slots (see above), and
// the lists outlive the tasks (`fill_by_halves` joins them).
unsafe impl Sync for SharedWords {}

impl SharedWords {
    /// Writes `value` at `index`, which no other task writes.
    #[inline(always)]
    fn write(&self, index: usize, value: u32) {
        assert!(index < self.1, "a predecessor slot out of its list");
        // SAFETY: in bounds (checked), and no other task touches this slot.
        unsafe { self.0.add(index).write(value) }
    }
}

/// One level of a reverse breadth-first search: for every state of `now`
/// (in chunks, on many threads), calls `raise(s, p)` on each predecessor
/// `p` of `s`, having prefetched `cell(p)` a few states ahead;
/// `raise` answers whether this call is the one that put `p` in the next
/// level. The next level, in no particular order.
pub(crate) fn level(
    now: &[u32],
    preds: &Predecessors,
    cell: impl Fn(u32) -> *const u8 + Sync,
    raise: impl Fn(u32, u32) -> bool + Sync,
) -> Vec<u32> {
    let parts: Vec<Vec<u32>> = now
        .par_chunks(CHUNK)
        .map(|part| {
            let mut next = Vec::new();
            for (i, &s) in part.iter().enumerate() {
                if let Some(&ahead) = part.get(i + AHEAD) {
                    for &p in preds.of_state(ahead) {
                        prefetch_address(cell(p));
                    }
                }
                for &p in preds.of_state(s) {
                    if raise(s, p) {
                        next.push(p);
                    }
                }
            }
            next
        })
        .collect();
    parts.concat()
}
