//! Backward passes over the state graph: every state's distance to a win,
//! overall, through preferred states only, and through at least one state
//! that is not preferred; and from those, every state's label.
//!
//! The passes are one level-synchronous reverse breadth-first search from
//! all won states over the reversed edges, so the three distances come out
//! exact and together.

use rayon::prelude::*;

use super::graph::StateGraph;
use super::id_set::IdSet;
use super::job::{Job, Phase, Stopped};
use super::label_threads::{self, on_many_threads};
use super::packed::PackedState;
use super::prefetch::prefetch_address;

/// How many states ahead the backward passes prefetch what they will touch.
const AHEAD: usize = 16;

/// The fewest states for which the backward passes prefetch: a smaller
/// graph's arrays stay in the cache, and a prefetch is only work.
const PREFETCH_FROM: usize = 1 << 15;

/// A distance that means "no win is reachable".
pub const UNREACHABLE: u16 = u16::MAX;
/// The largest distance the labeller can store.
pub const MAX_DISTANCE: u16 = u16::MAX - 1;

/// The label of a reachable state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Label {
    /// The state is won.
    Won,
    /// A win is reachable through preferred states only (Skiddy: MaxCombo).
    Preferred,
    /// A win is reachable, but only by leaving the preferred states.
    Ok,
    /// No win is reachable: a dead end.
    DeadEnd,
}

/// Which distance to a win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Route {
    /// Any route.
    Any,
    /// Through preferred states only (Skiddy: max-combo).
    Preferred,
    /// Through at least one state that is not preferred (Skiddy: no-combo).
    Mixed,
}

/// The predecessors of every state (the reversed edges), in CSR form.
#[derive(Clone, Debug)]
pub struct Predecessors {
    start: Vec<u32>,
    preds: Vec<u32>,
}

impl Predecessors {
    /// Reverses the graph's edges. A state reached from one predecessor by
    /// several moves lists that predecessor once. Without a memory budget
    /// (see [`Predecessors::within`]); panics if the system refuses the
    /// memory.
    pub fn of<S: PackedState>(graph: &StateGraph<S>) -> Predecessors {
        let unlimited = Job::new(u64::MAX).with_max_memory(u64::MAX);
        Predecessors::within(graph, &unlimited)
            .unwrap_or_else(|stop| panic!("reversing the edges: {stop}"))
    }

    /// Reverses the graph's edges within the job's memory budget (the graph
    /// counts as held); stops with [`Stopped::TooMuchMemory`] when the
    /// reversed edges would not fit. A state reached from one predecessor
    /// by several moves lists that predecessor once.
    pub fn within<S: PackedState>(
        graph: &StateGraph<S>,
        job: &Job,
    ) -> Result<Predecessors, Stopped> {
        let n = graph.len();
        let states = n as u64;
        let mut held = graph.heap_bytes();
        let mut start: Vec<u32> = job.filled_vec(n + 1, 0, held, states)?;
        held += bytes_of(&start);
        if on_many_threads(n, job) {
            // Each state's predecessors in each half of the ids; then where
            // each list begins, and where its second half begins.
            let mut first: Vec<u32> = job.filled_vec_on_threads(n, 0, held, states)?;
            held += bytes_of(&first);
            let mut second: Vec<u32> = job.filled_vec_on_threads(n, 0, held, states)?;
            held += bytes_of(&second);
            label_threads::count_by_halves(graph, &mut first, &mut second);
            let edges = first.iter().chain(&second).map(|&c| u64::from(c)).sum();
            fits_u32_offsets(edges, held, job, states)?;
            let mut total = 0u32;
            for to in 0..n {
                let (a, b) = (first[to], second[to]);
                start[to] = total;
                first[to] = total;
                second[to] = total + a;
                total += a + b;
            }
            start[n] = total;
            let mut preds: Vec<u32> = job.filled_vec_on_threads(total as usize, 0, held, states)?;
            label_threads::fill_by_halves(graph, &mut first, &mut second, &mut preds);
            return Ok(Predecessors { start, preds });
        }
        // Each state's predecessors, counted while exploring or else here;
        // the running sums then make `start[to]` the end of `to`'s list.
        match graph.pred_counts() {
            Some(counts) => start[..n].copy_from_slice(counts),
            None => {
                let start_at = start.as_ptr();
                for_each_edge::<S, false>(
                    graph,
                    |to| start_at.wrapping_add(to as usize),
                    |_, to| start[to as usize] += 1,
                );
            }
        }
        let edges = start[..n].iter().map(|&c| u64::from(c)).sum();
        fits_u32_offsets(edges, held, job, states)?;
        for i in 0..n {
            start[i + 1] += start[i];
        }
        let mut preds: Vec<u32> = job.filled_vec(start[n] as usize, 0, held, states)?;
        // Sources are visited in decreasing id order and each list is filled
        // from its end, so every list comes out sorted and `start[to]` ends
        // at the list's beginning.
        let start_at = start.as_ptr();
        for_each_edge::<S, true>(
            graph,
            |to| start_at.wrapping_add(to as usize),
            |from, to| {
                let c = &mut start[to as usize];
                *c -= 1;
                preds[*c as usize] = from;
            },
        );
        Ok(Predecessors { start, preds })
    }

    /// The bytes the reversed edges hold.
    pub fn heap_bytes(&self) -> u64 {
        bytes_of(&self.start) + bytes_of(&self.preds)
    }

    /// The predecessors of `id` (states with a move into it), in increasing
    /// id order.
    pub fn of_state(&self, id: u32) -> &[u32] {
        &self.preds[self.start[id as usize] as usize..self.start[id as usize + 1] as usize]
    }
}

/// Calls `visit(from, to)` for every edge between states of `graph`, in
/// increasing order of `from` (decreasing when `DOWN`), a state reached by
/// several moves once; and before visiting a state's edges, prefetches
/// `at(to)` for the edges of the state `AHEAD` further on: the targets are
/// scattered, and the misses then overlap.
#[inline(always)]
pub(crate) fn for_each_edge<S: PackedState, const DOWN: bool>(
    graph: &StateGraph<S>,
    at: impl Fn(u32) -> *const u32,
    visit: impl FnMut(u32, u32),
) {
    for_each_edge_from::<S, DOWN>(graph, 0..graph.len(), at, visit);
}

/// [`for_each_edge`] over the edges whose source is in `sources` only.
#[inline(always)]
pub(crate) fn for_each_edge_from<S: PackedState, const DOWN: bool>(
    graph: &StateGraph<S>,
    sources: std::ops::Range<usize>,
    at: impl Fn(u32) -> *const u32,
    visit: impl FnMut(u32, u32),
) {
    // Four moves (Skiddy's and Prism's) get loops of a length known when
    // compiling.
    if graph.move_count() == 4 && !graph.has_sparse_rows() {
        walk_edges::<S, 4, DOWN>(graph, sources, at, visit);
    } else {
        walk_edges::<S, 0, DOWN>(graph, sources, at, visit);
    }
}

/// [`for_each_edge`] for states with `MOVES` moves, or any number when
/// `MOVES` is 0.
#[inline(always)]
fn walk_edges<S: PackedState, const MOVES: usize, const DOWN: bool>(
    graph: &StateGraph<S>,
    sources: std::ops::Range<usize>,
    at: impl Fn(u32) -> *const u32,
    mut visit: impl FnMut(u32, u32),
) {
    let n = graph.len();
    let (first, end) = (sources.start, sources.end.min(n));
    // Sparse rows hold only the moves that go somewhere, in move order:
    // the same edges, the same first occurrence of each.
    let edges_of = |id: u32| {
        let succ = graph.successors(id).edges();
        if MOVES == 0 {
            succ
        } else {
            &succ[..MOVES]
        }
    };
    let prefetch = n >= PREFETCH_FROM;
    for k in 0..end.saturating_sub(first) {
        let (from, ahead) = if DOWN {
            (
                end - 1 - k,
                (end - 1 - k).checked_sub(AHEAD).filter(|&a| a >= first),
            )
        } else {
            (first + k, Some(first + k + AHEAD).filter(|&a| a < end))
        };
        let ahead = ahead.filter(|_| prefetch);
        if let Some(ahead) = ahead {
            for &to in edges_of(ahead as u32) {
                if (to as usize) < n {
                    prefetch_address(at(to));
                }
            }
        }
        let from = from as u32;
        let succ = edges_of(from);
        for (mv, &to) in succ.iter().enumerate() {
            if MOVES == 0 {
                // Many moves, most of them no edge (Rush Hour's one move a
                // vehicle and distance): look for a repeat only behind an
                // edge, not a quadratic scan of every move.
                if (to as usize) < n && !succ[..mv].contains(&to) {
                    visit(from, to);
                }
                continue;
            }
            let mut repeated = false;
            for &earlier in &succ[..mv] {
                repeated |= earlier == to;
            }
            if (to as usize) < n && !repeated {
                visit(from, to);
            }
        }
    }
}

/// Whether `edges` reversed edges can be laid out with `u32` offsets; more
/// (over 4 G, some 16 GiB of them) stop as a memory stop, which they would
/// soon be.
fn fits_u32_offsets(edges: u64, held: u64, job: &Job, states: u64) -> Result<(), Stopped> {
    if edges <= u64::from(u32::MAX) {
        return Ok(());
    }
    Err(Stopped::TooMuchMemory {
        bytes: held.saturating_add(edges * 4),
        budget: job.max_memory(),
        states,
        refused: false,
    })
}

/// The bytes a vector's buffer holds.
fn bytes_of<T>(vec: &Vec<T>) -> u64 {
    (vec.capacity() * std::mem::size_of::<T>()) as u64
}

/// One state's three distances and its preferred tag, kept together so
/// that the backward pass touches one cache line per predecessor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(8))]
struct Record {
    any: u16,
    preferred: u16,
    mixed: u16,
    is_preferred: u16,
}

impl Record {
    /// Whether some distance of the record is already `up`: the state is
    /// in the next level's frontier.
    #[inline(always)]
    fn is_queued_at(&self, up: u16) -> bool {
        self.any == up || self.preferred == up || self.mixed == up
    }

    /// Raises to `d + 1` each distance of this record (a predecessor's)
    /// that is still unreachable and that `successor` has at `d` (the
    /// preferred one only for a preferred state); whether any was raised.
    #[inline(always)]
    fn raise_from(&mut self, successor: &Record, d: u16) -> bool {
        let up = d + 1;
        let mut raised = false;
        if successor.any == d && self.any == UNREACHABLE {
            self.any = up;
            raised = true;
        }
        if successor.preferred == d && self.is_preferred != 0 && self.preferred == UNREACHABLE {
            self.preferred = up;
            raised = true;
        }
        if successor.mixed == d && self.mixed == UNREACHABLE {
            self.mixed = up;
            raised = true;
        }
        raised
    }

    /// The record as the 64-bit word it occupies.
    #[inline(always)]
    fn to_word(self) -> u64 {
        // SAFETY: a `Record` is four `u16`s without padding, 8 bytes.
        unsafe { std::mem::transmute::<Record, u64>(self) }
    }

    /// The record a 64-bit word holds.
    #[inline(always)]
    fn from_word(word: u64) -> Record {
        // SAFETY: every bit pattern is a valid `Record` (four `u16`s).
        unsafe { std::mem::transmute::<u64, Record>(word) }
    }
}

/// Views records as 64-bit atomics, for the backward pass on many threads.
fn atomic_records(records: &mut [Record]) -> &[std::sync::atomic::AtomicU64] {
    // SAFETY: a `Record` has the size and alignment of a `u64`.
    let words = unsafe { &mut *(records as *mut [Record] as *mut [u64]) };
    label_threads::atomic_u64(words)
}

/// The upper bound of the next level's size that the parallel level
/// checks against the memory budget: every predecessor of the frontier,
/// and never more than every state.
fn next_level_bound(now: &[u32], preds: &Predecessors, n: usize) -> u64 {
    let bound: usize = now.iter().map(|&s| preds.of_state(s).len()).sum();
    bound.min(n) as u64
}

/// Sorts distinct ids. Ids at least as many as the words of `set` are
/// sorted by marking them in `set` (which is empty before and after) and
/// reading them back in order, in time linear in the ids and the set;
/// fewer are sorted by comparison, which does not visit the whole set.
fn sort_ids(ids: &mut Vec<u32>, set: &mut IdSet) {
    if ids.len() < set.word_count() {
        ids.sort_unstable();
        return;
    }
    for &id in ids.iter() {
        set.insert(id);
    }
    ids.clear();
    set.drain_sorted_into(ids);
}

/// Every state's distance to a win by any route, by a level-synchronous
/// reverse breadth-first search from all won states over two bytes a state
/// (which stay in cache where the three distances of [`Distances`] do
/// not), within the job's memory budget (`held` bytes are held already).
fn any_distances<S: PackedState>(
    graph: &StateGraph<S>,
    preds: &Predecessors,
    held: u64,
    job: &Job,
) -> Result<Vec<u16>, LabelError> {
    let n = graph.len();
    let states = n as u64;
    let mut any: Vec<u16> = job.filled_vec(n, UNREACHABLE, held, states)?;
    let held = held + bytes_of(&any) + n.div_ceil(64) as u64 * 8;
    job.check_memory(held, 0, states)?;
    let mut marks = IdSet::new(n);
    let frontier = |now: &Vec<u32>, next: &Vec<u32>| held + bytes_of(now) + bytes_of(next);
    let mut now: Vec<u32> = Vec::new();
    let mut next: Vec<u32> = Vec::new();
    for id in (0..n as u32).filter(|&id| graph.is_won(id)) {
        any[id as usize] = 0;
        if now.len() == now.capacity() {
            let held = frontier(&now, &next);
            job.reserve(&mut now, 1, held, states)?;
        }
        now.push(id);
    }
    let mut d: u16 = 0;
    while !now.is_empty() {
        if job.is_cancelled() {
            return Err(Stopped::Cancelled { states }.into());
        }
        if d == MAX_DISTANCE {
            return Err(LabelError::TooDeep);
        }
        let up = d + 1;
        // In id order: the predecessor lists, and the predecessors
        // themselves, are then close together in memory.
        sort_ids(&mut now, &mut marks);
        if on_many_threads(n, job) && label_threads::wide_enough(&now) {
            // The threads' parts and the level they make up.
            let bytes = 2 * 4 * next_level_bound(&now, preds, n);
            job.check_memory(frontier(&now, &next), bytes, states)?;
            let cells = label_threads::atomic_u16(&mut any);
            let cell = |p: u32| cells.as_ptr().wrapping_add(p as usize) as *const u8;
            next = label_threads::level(&now, preds, cell, |_, p| {
                use std::sync::atomic::Ordering::Relaxed;
                let q = &cells[p as usize];
                q.load(Relaxed) == UNREACHABLE
                    && q.compare_exchange(UNREACHABLE, up, Relaxed, Relaxed)
                        .is_ok()
            });
            std::mem::swap(&mut now, &mut next);
            next.clear();
            d += 1;
            continue;
        }
        let prefetch = n >= PREFETCH_FROM;
        for (i, &s) in now.iter().enumerate() {
            if let Some(&ahead) = now.get(i + AHEAD).filter(|_| prefetch) {
                for &p in preds.of_state(ahead) {
                    prefetch_address(any.as_ptr().wrapping_add(p as usize));
                }
            }
            for &p in preds.of_state(s) {
                let q = &mut any[p as usize];
                if *q == UNREACHABLE {
                    *q = up;
                    if next.len() == next.capacity() {
                        let held = frontier(&now, &next);
                        job.reserve(&mut next, 1, held, states)?;
                    }
                    next.push(p);
                }
            }
        }
        std::mem::swap(&mut now, &mut next);
        next.clear();
        d += 1;
    }
    Ok(any)
}

/// One level of [`Distances::compute`] on many threads: raises the
/// predecessors of the states of `now` (every one with some distance `d`)
/// to `d + 1` where they qualify, each record by a compare-and-swap, and
/// answers the states raised (each once: by the swap that raised it first).
fn raise_level(
    cells: &[std::sync::atomic::AtomicU64],
    now: &[u32],
    preds: &Predecessors,
    d: u16,
) -> Vec<u32> {
    use std::sync::atomic::Ordering::Relaxed;
    let up = d + 1;
    let cell = |p: u32| cells.as_ptr().wrapping_add(p as usize) as *const u8;
    label_threads::level(now, preds, cell, |s, p| {
        // Only fields at `d` are read, and no thread changes those.
        let r = Record::from_word(cells[s as usize].load(Relaxed));
        let mut old = cells[p as usize].load(Relaxed);
        loop {
            let mut q = Record::from_word(old);
            let queued = q.is_queued_at(up);
            if !q.raise_from(&r, d) {
                return false;
            }
            match cells[p as usize].compare_exchange_weak(old, q.to_word(), Relaxed, Relaxed) {
                Ok(_) => return !queued,
                Err(current) => old = current,
            }
        }
    })
}

/// Every state's distances to a win.
#[derive(Clone, Debug)]
pub struct Distances {
    records: Vec<Record>,
    /// Whether every state is preferred (then the preferred distances are
    /// the overall ones, and no route leaves the preferred states).
    every_preferred: bool,
}

/// Why labelling failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LabelError {
    /// The search was stopped.
    #[error(transparent)]
    Stopped(#[from] Stopped),
    /// Some shortest route is longer than the labeller can store.
    #[error("too deep: a shortest route to a win is longer than {MAX_DISTANCE} moves")]
    TooDeep,
}

impl Distances {
    /// Computes the three distances of every state by one level-synchronous
    /// reverse breadth-first search from all won states. The graph and its
    /// reversed edges count as held against the job's memory budget; stops
    /// with [`Stopped::TooMuchMemory`] when the distances would not fit.
    pub fn compute<S: PackedState>(
        graph: &StateGraph<S>,
        preds: &Predecessors,
        job: &Job,
    ) -> Result<Distances, LabelError> {
        job.enter(Phase::Labelling);
        let n = graph.len();
        let states = n as u64;
        let unset = Record {
            any: UNREACHABLE,
            preferred: UNREACHABLE,
            mixed: UNREACHABLE,
            is_preferred: 0,
        };
        let mut held = graph.heap_bytes() + preds.heap_bytes();
        let on_threads = on_many_threads(n, job);
        let mut records: Vec<Record> = Vec::new();
        job.reserve(&mut records, n, held, states)?;
        held += bytes_of(&records);
        let record_of = |id: usize| Record {
            is_preferred: graph.is_preferred(id as u32) as u16,
            ..unset
        };
        let every_preferred = if on_threads {
            records.par_extend((0..n).into_par_iter().map(record_of));
            records.par_iter().all(|r| r.is_preferred != 0)
        } else {
            records.extend((0..n).map(record_of));
            records.iter().all(|r| r.is_preferred != 0)
        };
        if every_preferred {
            // Every route is preferred: one distance says it all.
            let any = any_distances(graph, preds, held, job)?;
            for (r, &d) in records.iter_mut().zip(&any) {
                r.any = d;
                r.preferred = d;
            }
            return Ok(Distances {
                records,
                every_preferred,
            });
        }
        job.check_memory(held, n.div_ceil(64) as u64 * 8, states)?;
        let mut marks = IdSet::new(n);
        held += n.div_ceil(64) as u64 * 8;
        // The frontier of level d: every state with some distance d. The
        // frontiers grow within the budget (`held` counts all but them).
        let frontier = |now: &Vec<u32>, next: &Vec<u32>| held + bytes_of(now) + bytes_of(next);
        let mut now: Vec<u32> = Vec::new();
        let mut next: Vec<u32> = Vec::new();
        for id in 0..n as u32 {
            if graph.is_won(id) {
                let r = &mut records[id as usize];
                r.any = 0;
                if r.is_preferred != 0 {
                    r.preferred = 0;
                }
                if now.len() == now.capacity() {
                    let held = frontier(&now, &next);
                    job.reserve(&mut now, 1, held, states)?;
                }
                now.push(id);
            }
        }
        let mut d: u16 = 0;
        while !now.is_empty() {
            if job.is_cancelled() {
                return Err(Stopped::Cancelled { states: n as u64 }.into());
            }
            if d == MAX_DISTANCE {
                return Err(LabelError::TooDeep);
            }
            let up = d + 1;
            // Visiting the frontier in id order keeps the predecessor lists
            // and (ids being in breadth-first order) the predecessors
            // themselves close together in memory.
            sort_ids(&mut now, &mut marks);
            // A state that is not preferred is its own "leave the preferred
            // states" point: its mixed distance is its overall distance. Set
            // these for the whole level before raising any predecessor, so
            // that a predecessor in this level cannot be raised to d + 1
            // first.
            for &s in &now {
                let r = &mut records[s as usize];
                if r.any == d && r.is_preferred == 0 && r.mixed == UNREACHABLE {
                    r.mixed = d;
                }
            }
            if on_many_threads(n, job) && label_threads::wide_enough(&now) {
                let bytes = 2 * 4 * next_level_bound(&now, preds, n);
                job.check_memory(frontier(&now, &next), bytes, states)?;
                next = raise_level(atomic_records(&mut records), &now, preds, d);
                std::mem::swap(&mut now, &mut next);
                next.clear();
                d += 1;
                continue;
            }
            for (i, &s) in now.iter().enumerate() {
                if let Some(&ahead) = now.get(i + AHEAD) {
                    for &p in preds.of_state(ahead) {
                        prefetch_address(records.as_ptr().wrapping_add(p as usize));
                    }
                }
                let r = records[s as usize];
                for &p in preds.of_state(s) {
                    let q = &mut records[p as usize];
                    let queued = q.is_queued_at(up);
                    let raised = q.raise_from(&r, d);
                    if raised && !queued {
                        if next.len() == next.capacity() {
                            let held = frontier(&now, &next);
                            job.reserve(&mut next, 1, held, states)?;
                        }
                        next.push(p);
                    }
                }
            }
            std::mem::swap(&mut now, &mut next);
            next.clear();
            d += 1;
        }
        Ok(Distances {
            records,
            every_preferred,
        })
    }

    /// The distance of `id` to a win by `route`, or `None` when no win is
    /// reachable that way.
    pub fn get(&self, route: Route, id: u32) -> Option<u32> {
        let r = &self.records[id as usize];
        let d = match route {
            Route::Any => r.any,
            Route::Preferred => r.preferred,
            Route::Mixed => r.mixed,
        };
        (d != UNREACHABLE).then_some(d as u32)
    }

    /// The bytes the distances hold.
    pub fn heap_bytes(&self) -> u64 {
        bytes_of(&self.records)
    }

    /// Whether every state is preferred: the preferred route is then any
    /// route, and no route leaves the preferred states.
    pub fn every_preferred(&self) -> bool {
        self.every_preferred
    }

    /// Whether some win is reachable from `id`.
    pub fn is_winnable(&self, id: u32) -> bool {
        self.records[id as usize].any != UNREACHABLE
    }

    /// The label of state `id`.
    pub fn label<S: PackedState>(&self, graph: &StateGraph<S>, id: u32) -> Label {
        if graph.is_won(id) {
            Label::Won
        } else if self.records[id as usize].preferred != UNREACHABLE {
            Label::Preferred
        } else if self.records[id as usize].any != UNREACHABLE {
            Label::Ok
        } else {
            Label::DeadEnd
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pairs `(a, b)` below 40: move 0 adds 1 to `a`, move 1 adds 3 to `b`
    /// (modulo 40), move 2 swaps them and move 3 sets `b` to `a`: states
    /// reached by several moves of one state, and by many states.
    struct Pairs;

    impl crate::engine::Puzzle for Pairs {
        type State = u64;
        fn move_count(&self) -> usize {
            4
        }
        fn move_name(&self, mv: usize) -> &'static str {
            ["A", "B", "S", "C"][mv]
        }
        fn start(&self) -> u64 {
            0
        }
        fn step(&self, s: &u64, mv: usize) -> crate::engine::Outcome<u64> {
            let (a, b) = (s / 40, s % 40);
            crate::engine::Outcome::Next(match mv {
                0 => (a + 1) % 40 * 40 + b,
                1 => a * 40 + (b + 3) % 40,
                2 => b * 40 + a,
                _ => a * 40 + a,
            })
        }
        fn is_won(&self, s: &u64) -> bool {
            *s == 39 * 40 + 1
        }
        fn is_preferred(&self, _: &u64) -> bool {
            true
        }
    }

    /// [`Pairs`] with seven moves: its four, then no move, move 0 again,
    /// and no move (the many-move path of the edge walk, with repeats
    /// behind gaps).
    struct WidePairs;

    impl crate::engine::Puzzle for WidePairs {
        type State = u64;
        fn move_count(&self) -> usize {
            7
        }
        fn move_name(&self, mv: usize) -> &'static str {
            ["A", "B", "S", "C", "N", "A2", "M"][mv]
        }
        fn start(&self) -> u64 {
            0
        }
        fn step(&self, s: &u64, mv: usize) -> crate::engine::Outcome<u64> {
            match mv {
                0..=3 => Pairs.step(s, mv),
                5 => Pairs.step(s, 0),
                _ => crate::engine::Outcome::NoMove,
            }
        }
        fn is_won(&self, s: &u64) -> bool {
            Pairs.is_won(s)
        }
        fn is_preferred(&self, _: &u64) -> bool {
            true
        }
    }

    /// Explores `puzzle` and checks its reversed edges, counted while
    /// exploring and after: every list sorted, each predecessor once, and
    /// every edge in it.
    fn check_predecessors<P: crate::engine::Puzzle<State = u64>>(puzzle: &P) {
        let moves = puzzle.move_count();
        let mut graph = crate::engine::explore(puzzle, &Job::default()).unwrap();
        assert!(graph.pred_counts().is_some());
        let counted_while = Predecessors::of(&graph);
        graph.forget_pred_counts();
        assert!(graph.pred_counts().is_none());
        let counted_after = Predecessors::of(&graph);
        assert_eq!(counted_while.start, counted_after.start);
        assert_eq!(counted_while.preds, counted_after.preds);
        for id in 0..graph.len() as u32 {
            let list = counted_after.of_state(id);
            assert!(list.windows(2).all(|w| w[0] < w[1]), "{id}: {list:?}");
            for &p in list {
                assert!(graph.successors(p).contains(id));
            }
        }
        let edges: usize = (0..graph.len() as u32)
            .map(|id| {
                let row = graph.successors(id).to_vec();
                (0..moves)
                    .filter(|&mv| (row[mv] as usize) < graph.len() && !row[..mv].contains(&row[mv]))
                    .count()
            })
            .sum();
        assert_eq!(counted_after.preds.len(), edges);
    }

    #[test]
    fn predecessors_counted_while_exploring_are_those_counted_after() {
        check_predecessors(&Pairs);
    }

    #[test]
    fn many_moves_with_gaps_and_repeats_reverse_alike() {
        check_predecessors(&WidePairs);
        let narrow = crate::engine::explore(&Pairs, &Job::default()).unwrap();
        let wide = crate::engine::explore(&WidePairs, &Job::default()).unwrap();
        let (narrow, wide) = (Predecessors::of(&narrow), Predecessors::of(&wide));
        assert_eq!(narrow.start, wide.start, "the same edges, each once");
        assert_eq!(narrow.preds, wide.preds);
    }

    #[test]
    fn ids_come_out_sorted_whether_marked_or_compared() {
        let mut set = IdSet::new(10_000);
        // Many ids (marked and read back), then few (compared), then many
        // again: the set is left empty for the next use.
        for count in [5_000u32, 40, 9_000] {
            let mut ids: Vec<u32> = (0..count).map(|i| (i * 7_919) % 10_000).collect();
            let mut expected = ids.clone();
            expected.sort_unstable();
            sort_ids(&mut ids, &mut set);
            assert_eq!(ids, expected, "{count} ids");
            assert!((0..10_000).all(|id| !set.contains(id)));
        }
    }
}
