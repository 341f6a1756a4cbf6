//! The backward passes on many threads: the reversed edges, and one level
//! of the reverse breadth-first search, shared among the threads of the
//! current rayon pool. Their results are those of one thread: each list of
//! predecessors is sorted, and a level's distances do not depend on the
//! order in which its states are visited (a distance is only ever raised
//! from "unreachable" to the level's distance, by a compare-and-swap).

use std::sync::atomic::{AtomicU16, AtomicU64};

use rayon::prelude::*;

use super::graph::StateGraph;
use super::job::Job;
use super::label::{for_each_edge, Predecessors};
use super::packed::PackedState;
use super::prefetch::prefetch_address;

/// Frontier entries a task takes at a time.
const CHUNK: usize = 4096;

/// How many frontier states ahead a task prefetches what it will touch.
const AHEAD: usize = 16;

/// Whether the passes over `n` states should share the work among the
/// current pool's threads.
pub(crate) fn on_many_threads(n: usize, job: &Job) -> bool {
    n as u64 >= job.parallel_from() && rayon::current_num_threads() > 1
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

/// The ranges of target ids that the tasks of a pass over the edges take:
/// one a thread (each task reads every edge, and writes only what belongs
/// to its targets).
fn target_ranges(n: usize) -> Vec<std::ops::Range<usize>> {
    let parts = rayon::current_num_threads().clamp(1, n.max(1));
    (0..parts)
        .map(|k| n * k / parts..n * (k + 1) / parts)
        .collect()
}

/// Where target `to` is in the part of the targets `range`: a target
/// outside it gives the part's start, so that a task prefetches only what
/// it will write (a wild address costs a page walk).
#[inline(always)]
fn offset_in(range: &std::ops::Range<usize>, to: u32) -> usize {
    if range.contains(&(to as usize)) {
        to as usize - range.start
    } else {
        0
    }
}

/// Counts every state's predecessors into `counts` (zeroed, one a state).
pub(crate) fn count_predecessors<S: PackedState>(graph: &StateGraph<S>, counts: &mut [u32]) {
    let mut parts = Vec::new();
    let mut rest = counts;
    for range in target_ranges(graph.len()) {
        let (part, tail) = std::mem::take(&mut rest).split_at_mut(range.len());
        parts.push((range, part));
        rest = tail;
    }
    parts.into_par_iter().for_each(|(range, part)| {
        let lo = range.start;
        let at = part.as_ptr();
        for_each_edge::<S, false>(
            graph,
            |to| at.wrapping_add(offset_in(&range, to)),
            |_, to| {
                if range.contains(&(to as usize)) {
                    part[to as usize - lo] += 1;
                }
            },
        );
    });
}

/// Fills the predecessor lists: `start[to]` holds the end of `to`'s list
/// and ends at its beginning; sources are visited in decreasing order, so
/// each list comes out sorted, as on one thread.
pub(crate) fn fill_predecessors<S: PackedState>(
    graph: &StateGraph<S>,
    start: &mut [u32],
    preds: &mut [u32],
) {
    let mut parts = Vec::new();
    let (mut starts, mut lists) = (start, preds);
    let mut taken = 0usize;
    for range in target_ranges(graph.len()) {
        // The lists of these targets end where the last one's ends.
        let end = if range.is_empty() {
            taken
        } else {
            starts[range.len() - 1] as usize
        };
        let (part, tail) = std::mem::take(&mut starts).split_at_mut(range.len());
        let (list, list_tail) = std::mem::take(&mut lists).split_at_mut(end - taken);
        parts.push((range, part, list, taken));
        starts = tail;
        lists = list_tail;
        taken = end;
    }
    parts
        .into_par_iter()
        .for_each(|(range, part, list, first)| {
            let lo = range.start;
            let at = part.as_ptr();
            for_each_edge::<S, true>(
                graph,
                |to| at.wrapping_add(offset_in(&range, to)),
                |from, to| {
                    if range.contains(&(to as usize)) {
                        let c = &mut part[to as usize - lo];
                        *c -= 1;
                        list[*c as usize - first] = from;
                    }
                },
            );
        });
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
