//! Forward exploration of a puzzle into a compact state graph.
//!
//! States get dense `u32` ids in breadth-first order, so the ids of one depth
//! form a contiguous range and the depth of a state is found by a binary
//! search over the layer starts. Edges are stored as [`Rows`]: a successor
//! id a move, or (for puzzles whose moves are sparse) the moves that go
//! somewhere and their targets.

use super::job::{Job, Phase, Stopped};
use super::packed::PackedState;
use super::partial::CutGraph;
use super::puzzle::{Outcome, Puzzle};
use super::rows::{Row, Rows};
use super::table::{max_ids, Found, StateIndex};

/// The successor of a move that changes nothing.
pub const NO_EDGE: u32 = u32::MAX;
/// The successor of a move that loses the game.
pub const LOSS_EDGE: u32 = u32::MAX - 1;

/// The flag of a won state.
pub(crate) const FLAG_WON: u8 = 1;
const FLAG_PREFERRED: u8 = 2;

/// How often (in states) the explorer reports progress and checks for
/// cancellation.
const REPORT_EVERY: usize = 1 << 14;

/// How many parents the explorer steps before looking their successors up.
const BATCH: usize = 64;

/// How many parents ahead of the lookups the explorer prefetches the states
/// that the successors' slots name.
const STATE_AHEAD: usize = 8;

/// Every state reachable from the start, with the moves between them.
#[derive(Clone, Debug)]
pub struct StateGraph<S> {
    states: Vec<S>,
    rows: Rows,
    flags: Vec<u8>,
    move_count: usize,
    layer_start: Vec<u32>,
    /// How many distinct states have a move into each state, counted while
    /// exploring (the reversed edges are then laid out without a counting
    /// pass); empty once [`StateGraph::forget_pred_counts`] is called.
    pred_counts: Vec<u32>,
    /// Every id, ordered by its state: built on the first [`StateGraph::find`]
    /// (4 bytes a state), so that looking states up is a binary search.
    by_state: std::sync::OnceLock<Vec<u32>>,
}

impl<S: PackedState> StateGraph<S> {
    /// Number of states (start and won states included).
    pub fn len(&self) -> usize {
        self.states.len()
    }

    /// Whether the graph has no state (never true of an explored graph).
    pub fn is_empty(&self) -> bool {
        self.states.is_empty()
    }

    /// Number of moves of the puzzle.
    pub fn move_count(&self) -> usize {
        self.move_count
    }

    /// The packed state with this id. The start is id 0.
    pub fn state(&self, id: u32) -> S {
        self.states[id as usize]
    }

    /// All states, by id.
    pub fn states(&self) -> &[S] {
        &self.states
    }

    /// The id of `state`, if it was reached. The first call orders the ids
    /// by state (O(n log n)); every call is then a binary search.
    pub fn find(&self, state: &S) -> Option<u32> {
        let by_state = self.by_state.get_or_init(|| {
            let mut ids: Vec<u32> = (0..self.states.len() as u32).collect();
            ids.sort_unstable_by_key(|&id| self.states[id as usize]);
            ids
        });
        by_state
            .binary_search_by(|&id| self.states[id as usize].cmp(state))
            .ok()
            .map(|at| by_state[at])
    }

    /// The successor of `id` by move `mv`: a state id, [`NO_EDGE`] or
    /// [`LOSS_EDGE`].
    pub fn successor(&self, id: u32, mv: usize) -> u32 {
        self.rows.get(id, mv)
    }

    /// The successors of `id`, one entry per move.
    #[inline]
    pub fn successors(&self, id: u32) -> Row<'_> {
        self.rows.row(id)
    }

    /// Whether the rows store only the moves that go somewhere
    /// ([`Puzzle::sparse_moves`]).
    pub fn has_sparse_rows(&self) -> bool {
        self.rows.is_sparse()
    }

    /// The number of moves, from every state, that lose the game
    /// ([`LOSS_EDGE`]).
    pub fn loss_edge_count(&self) -> u64 {
        self.rows.count_target(LOSS_EDGE)
    }

    /// How many distinct states have a move into each state, by id, unless
    /// forgotten.
    pub fn pred_counts(&self) -> Option<&[u32]> {
        (self.pred_counts.len() == self.states.len()).then_some(&self.pred_counts[..])
    }

    /// Frees the predecessor counts (once the reversed edges are made).
    pub fn forget_pred_counts(&mut self) {
        self.pred_counts = Vec::new();
    }

    /// Whether state `id` is won.
    pub fn is_won(&self, id: u32) -> bool {
        self.flags[id as usize] & FLAG_WON != 0
    }

    /// Whether state `id` carries the puzzle's preferred tag.
    pub fn is_preferred(&self, id: u32) -> bool {
        self.flags[id as usize] & FLAG_PREFERRED != 0
    }

    /// Number of depths (the largest depth plus one).
    pub fn depth_count(&self) -> usize {
        self.layer_start.len() - 1
    }

    /// The ids at breadth-first depth `depth` (moves from the start).
    pub fn layer(&self, depth: usize) -> std::ops::Range<u32> {
        self.layer_start[depth]..self.layer_start[depth + 1]
    }

    /// The breadth-first depth of state `id`: the fewest moves that reach it.
    pub fn depth(&self, id: u32) -> usize {
        self.layer_start.partition_point(|&start| start <= id) - 1
    }
}

impl<S: PackedState> StateGraph<S> {
    /// The whole graph as an explored part with every state expanded (no
    /// frontier), for a partial labelling when a time limit stops the
    /// labelling after the exploration finished.
    pub fn into_cut(self) -> CutGraph<S> {
        CutGraph::new(self.states, self.flags, self.rows)
    }
}

/// The flags of a state: won, preferred.
pub(crate) fn flags_of<P: Puzzle>(puzzle: &P, state: &P::State) -> u8 {
    let (won, preferred) = puzzle.classify(state);
    (won as u8 * FLAG_WON) | (preferred as u8 * FLAG_PREFERRED)
}

impl<S> StateGraph<S> {
    /// The bytes the graph's arrays hold.
    pub fn heap_bytes(&self) -> u64 {
        (self.states.capacity() * std::mem::size_of::<S>()
            + self.flags.capacity()
            + self.layer_start.capacity() * std::mem::size_of::<u32>()
            + self.pred_counts.capacity() * std::mem::size_of::<u32>()) as u64
            + self.rows.heap_bytes()
    }
}

/// The explorer's growing arrays.
struct Growing<'a, S> {
    states: &'a mut Vec<S>,
    flags: &'a mut Vec<u8>,
    rows: &'a mut Rows,
    pred_counts: &'a mut Vec<u32>,
    index: &'a mut StateIndex,
}

impl<S: PackedState> Growing<'_, S> {
    /// The bytes the arrays hold.
    fn held(&self) -> u64 {
        (self.states.capacity() * std::mem::size_of::<S>()
            + self.flags.capacity()
            + self.pred_counts.capacity() * std::mem::size_of::<u32>()) as u64
            + self.rows.heap_bytes()
            + self.index.heap_bytes()
    }

    /// Makes room for `room` more states and `rows` more rows in every
    /// array, within the job's memory budget.
    #[cold]
    #[inline(never)]
    fn make_room(&mut self, room: usize, rows: usize, job: &Job) -> Result<(), Stopped> {
        let count = self.states.len() as u64;
        let held = self.held();
        self.rows.reserve(rows, job, held, count)?;
        let held = self.held();
        job.reserve(self.states, room, held, count)?;
        let held = self.held();
        job.reserve(self.flags, room, held, count)?;
        let held = self.held();
        job.reserve(self.pred_counts, room, held, count)?;
        let held = self.held() - self.index.heap_bytes();
        self.index.reserve(self.states, room, held, job)
    }
}

/// An exploration stopped at the start of a breadth-first layer, for the
/// explorer on many threads to go on with.
pub(crate) struct Partial<S> {
    /// The states numbered so far.
    pub states: Vec<S>,
    /// Their flags.
    pub flags: Vec<u8>,
    /// The successors of the states before `next_parent`.
    pub rows: Rows,
    /// The starts of the layers whose parents were stepped.
    pub layer_start: Vec<u32>,
    /// The first state of the next layer, none of whose moves were made.
    pub next_parent: usize,
}

impl<S: PackedState> StateGraph<S> {
    /// A graph from the arrays an explorer built, without predecessor
    /// counts; `layer_start` ends with the number of states.
    pub(crate) fn from_parts(
        mut states: Vec<S>,
        mut rows: Rows,
        mut flags: Vec<u8>,
        layer_start: Vec<u32>,
    ) -> StateGraph<S> {
        states.shrink_to_fit();
        rows.shrink_to_fit();
        flags.shrink_to_fit();
        StateGraph {
            states,
            move_count: rows.move_count(),
            rows,
            flags,
            layer_start,
            pred_counts: Vec::new(),
            by_state: std::sync::OnceLock::new(),
        }
    }
}

/// How the one-thread explorer ended.
enum Serial<S> {
    /// Every state explored.
    Done(StateGraph<S>),
    /// Handed over to the explorer on many threads at a layer's start.
    HandOver(Partial<S>),
}

/// Explores every state reachable from the puzzle's start, breadth first.
///
/// On a rayon pool of more than one thread, a graph that grows past
/// [`Job::parallel_from`] states is explored on all of the pool's threads
/// (a level-synchronous search over a sharded table, from the next
/// layer's start); the states, their ids and the edges are the same
/// whatever the number of threads.
///
/// Stops with [`Stopped::TooBig`] when the graph would exceed the job's state
/// budget, with [`Stopped::TooMuchMemory`] when its arrays would exceed the
/// job's memory budget, and with [`Stopped::Cancelled`] when the job is
/// cancelled.
pub fn explore<P: Puzzle>(puzzle: &P, job: &Job) -> Result<StateGraph<P::State>, Stopped> {
    explore_with(puzzle, job, false).map_err(|interrupted| interrupted.stop)
}

/// An exploration that stopped before it numbered every state: why, and
/// what it had explored by then when that was kept.
#[derive(Debug)]
pub struct Interrupted<S> {
    /// Why it stopped.
    pub stop: Stopped,
    /// The explored part, kept when the state budget or a time limit
    /// ([`Job::time_out`]) stopped the explorer; `None` after a memory
    /// stop (nothing more is allocated) or a cancel that is not a time
    /// limit.
    pub cut: Option<Box<CutGraph<S>>>,
}

/// [`explore`], keeping the explored part when the state budget or a
/// time limit stops it ([`Interrupted::cut`]): the states numbered so far,
/// and the successors of every state expanded (a prefix of the ids, in
/// breadth-first order). On many threads, a state-budget stop is explored
/// again on one thread, so that the part kept is the same; a time limit
/// keeps the layers' pieces finished by then.
pub fn explore_keeping_cut<P: Puzzle>(
    puzzle: &P,
    job: &Job,
) -> Result<StateGraph<P::State>, Interrupted<P::State>> {
    explore_with(puzzle, job, true)
}

/// [`explore_keeping_cut`]; a state-budget stop on many threads is
/// explored again on one thread only when `keep_cut` asks for the part.
fn explore_with<P: Puzzle>(
    puzzle: &P,
    job: &Job,
    keep_cut: bool,
) -> Result<StateGraph<P::State>, Interrupted<P::State>> {
    let hand_over = if rayon::current_num_threads() > 1 {
        usize::try_from(job.parallel_from()).unwrap_or(usize::MAX)
    } else {
        usize::MAX
    };
    match explore_serial(puzzle, job, hand_over)? {
        Serial::Done(graph) => Ok(graph),
        Serial::HandOver(partial) => match super::layered::explore_rest(puzzle, job, partial) {
            // The state budget stopped the threads: one thread explores
            // again, so that the part kept is the one it keeps.
            Err(Interrupted {
                stop: Stopped::TooBig { .. },
                ..
            }) if keep_cut => match explore_serial(puzzle, job, usize::MAX)? {
                Serial::Done(graph) => Ok(graph),
                Serial::HandOver(_) => unreachable!("no hand-over was asked for"),
            },
            other => other,
        },
    }
}

impl<S> From<Stopped> for Interrupted<S> {
    /// A stop that keeps nothing.
    fn from(stop: Stopped) -> Interrupted<S> {
        Interrupted { stop, cut: None }
    }
}

/// Explores on this thread alone; hands the search over at the start of
/// the first layer that begins once `hand_over` states are numbered.
fn explore_serial<P: Puzzle>(
    puzzle: &P,
    job: &Job,
    hand_over: usize,
) -> Result<Serial<P::State>, Interrupted<P::State>> {
    job.enter(Phase::Exploring);
    let budget = job.max_states().min(max_ids(puzzle.state_bits()));
    let moves = puzzle.move_count();
    let start = puzzle.start();
    let mut index = StateIndex::for_bits(puzzle.state_bits());
    let mut states: Vec<P::State> = Vec::new();
    let mut flags: Vec<u8> = Vec::new();
    let mut rows = Rows::new(moves, puzzle.sparse_moves());
    let mut row: Vec<u32> = Vec::with_capacity(moves);
    let mut pred_counts: Vec<u32> = vec![0];
    index.find_or_insert(&states, &start, start.hash64());
    states.push(start);
    flags.push(flags_of(puzzle, &start));

    let mut layer_start = vec![0u32];
    let mut layer_end = 1usize;
    // Parents are stepped a batch at a time: every successor of the batch is
    // computed and its slot prefetched; then they are looked up in order,
    // prefetching a few parents ahead the states their slots name.
    // The table's cache misses overlap instead of following one another;
    // ids come out exactly as one parent at a time would give them.
    let mut outcomes: Vec<Outcome<P::State>> = vec![Outcome::NoMove; BATCH * moves];
    let mut hashes: Vec<u64> = vec![0; BATCH * moves];
    let mut id = 0usize;
    // The most states and edges one batch adds.
    let room = BATCH * moves;
    while id < states.len() {
        // Growth happens here, once a batch and checked against the memory
        // budget, never inside the batch.
        if states.capacity() - states.len() < room
            || flags.capacity() - flags.len() < room
            || !rows.has_room(BATCH)
            || pred_counts.capacity() - pred_counts.len() < room
            || index.needs_growth(room)
        {
            let mut growing = Growing {
                states: &mut states,
                flags: &mut flags,
                rows: &mut rows,
                pred_counts: &mut pred_counts,
                index: &mut index,
            };
            if let Err(stop) = growing.make_room(room, BATCH, job) {
                job.report_states(states.len() as u64);
                // Over the memory budget: nothing more is allocated, so
                // nothing is kept to label.
                return Err(Interrupted { stop, cut: None });
            }
        }
        let batch = id..states.len().min(id + BATCH);
        let stepped = batch.len() * moves;
        for (parent, out) in batch.clone().zip(outcomes.chunks_exact_mut(moves)) {
            if flags[parent] & FLAG_WON != 0 {
                out.fill(Outcome::NoMove);
            } else {
                puzzle.step_all(&states[parent], out);
            }
        }
        for (outcome, hash) in outcomes[..stepped].iter().zip(&mut hashes) {
            if let Outcome::Next(s) = outcome {
                *hash = s.hash64();
                index.prefetch(*hash);
            }
        }
        for (k, parent) in batch.enumerate() {
            if parent == layer_end {
                if states.len() >= hand_over {
                    job.report_states(states.len() as u64);
                    return Ok(Serial::HandOver(Partial {
                        states,
                        flags,
                        rows,
                        layer_start,
                        next_parent: parent,
                    }));
                }
                layer_start.push(parent as u32);
                layer_end = states.len();
            }
            if parent.is_multiple_of(REPORT_EVERY) {
                job.report_states(states.len() as u64);
                if job.is_cancelled() {
                    let stop = Stopped::Cancelled {
                        states: states.len() as u64,
                    };
                    // Every parent before this one has its whole row.
                    let cut = if job.is_timed_out() {
                        drop(index);
                        Some(Box::new(CutGraph::new(states, flags, rows)))
                    } else {
                        None
                    };
                    return Err(Interrupted { stop, cut });
                }
            }
            // The slots of a later parent have arrived by now: fetch the
            // states they name, the second miss of a lookup.
            let later = (k + STATE_AHEAD) * moves..(k + STATE_AHEAD + 1) * moves;
            if later.end <= stepped && !index.is_inline() {
                for (outcome, &hash) in outcomes[later.clone()].iter().zip(&hashes[later]) {
                    if let Outcome::Next(_) = outcome {
                        index.prefetch_state(&states, hash);
                    }
                }
            }
            let mine = k * moves..(k + 1) * moves;
            row.clear();
            for (outcome, &hash) in outcomes[mine.clone()].iter().zip(&hashes[mine]) {
                let target = match *outcome {
                    Outcome::NoMove => NO_EDGE,
                    Outcome::Loss => LOSS_EDGE,
                    Outcome::Next(s) => match index.find_or_insert(&states, &s, hash) {
                        Found::Old(t) => t,
                        Found::New(t) => {
                            if states.len() as u64 >= budget {
                                job.report_states(states.len() as u64);
                                let stop = Stopped::TooBig {
                                    states: states.len() as u64,
                                    budget,
                                };
                                // This parent's row is cut short: it stays
                                // unexpanded.
                                drop(index);
                                let cut = CutGraph::new(states, flags, rows);
                                return Err(Interrupted {
                                    stop,
                                    cut: Some(Box::new(cut)),
                                });
                            }
                            states.push(s);
                            flags.push(flags_of(puzzle, &s));
                            pred_counts.push(0);
                            t
                        }
                    },
                };
                row.push(target);
            }
            rows.push(&row);
            // Count this parent once in each state it moves to.
            for (mv, &to) in row.iter().enumerate() {
                if (to as usize) < states.len() && !row[..mv].contains(&to) {
                    pred_counts[to as usize] += 1;
                }
            }
        }
        id += stepped / moves;
    }
    layer_start.push(states.len() as u32);
    job.report_states(states.len() as u64);
    drop(index);
    states.shrink_to_fit();
    rows.shrink_to_fit();
    flags.shrink_to_fit();
    Ok(Serial::Done(StateGraph {
        states,
        rows,
        flags,
        move_count: moves,
        layer_start,
        pred_counts,
        by_state: std::sync::OnceLock::new(),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::{HashMap, VecDeque};

    /// Pairs `(a, b)` with `a, b < 60`: move 0 adds 1 to `a`, move 1 adds 7
    /// to `b` (both modulo 60), move 2 swaps them, move 3 changes nothing.
    /// 3,600 states, many more than one batch, with edges back and across.
    struct Pairs;

    impl Puzzle for Pairs {
        type State = u64;
        fn move_count(&self) -> usize {
            4
        }
        fn move_name(&self, mv: usize) -> &'static str {
            ["A", "B", "S", "N"][mv]
        }
        fn start(&self) -> u64 {
            0
        }
        fn step(&self, s: &u64, mv: usize) -> Outcome<u64> {
            let (a, b) = (s / 60, s % 60);
            match mv {
                0 => Outcome::Next((a + 1) % 60 * 60 + b),
                1 => Outcome::Next(a * 60 + (b + 7) % 60),
                2 if a != b => Outcome::Next(b * 60 + a),
                _ => Outcome::NoMove,
            }
        }
        fn is_won(&self, s: &u64) -> bool {
            *s == 59 * 60 + 1
        }
        fn is_preferred(&self, _: &u64) -> bool {
            true
        }
    }

    #[test]
    fn every_state_is_found_by_its_value_and_no_other() {
        let graph = explore(&Pairs, &Job::default()).unwrap();
        for id in 0..graph.len() as u32 {
            assert_eq!(graph.find(&graph.state(id)), Some(id));
        }
        // Pairs hold values below 60 * 60: 3600 and beyond were never
        // reached.
        assert_eq!(graph.find(&3600), None);
        assert_eq!(graph.find(&u64::MAX), None);
    }

    #[test]
    fn ids_and_edges_match_a_plain_breadth_first_search() {
        let graph = explore(&Pairs, &Job::default()).unwrap();
        // The reference: one parent at a time, ids in order of discovery.
        let mut ids: HashMap<u64, u32> = HashMap::from([(0, 0)]);
        let mut order = vec![0u64];
        let mut depth = vec![0usize];
        let mut queue = VecDeque::from([0u64]);
        let mut edges = Vec::new();
        while let Some(s) = queue.pop_front() {
            let below = depth[ids[&s] as usize] + 1;
            for mv in 0..4 {
                let target = if Pairs.is_won(&s) {
                    NO_EDGE
                } else {
                    match Pairs.step(&s, mv) {
                        Outcome::Next(t) => *ids.entry(t).or_insert_with(|| {
                            depth.push(below);
                            order.push(t);
                            queue.push_back(t);
                            order.len() as u32 - 1
                        }),
                        _ => NO_EDGE,
                    }
                };
                edges.push(target);
            }
        }
        assert_eq!(graph.states(), &order[..]);
        assert!(graph.len() > 10 * BATCH);
        for id in 0..graph.len() as u32 {
            assert_eq!(
                graph.successors(id).to_vec(),
                &edges[id as usize * 4..id as usize * 4 + 4]
            );
        }
        for (id, &d) in depth.iter().enumerate() {
            assert_eq!(graph.depth(id as u32), d, "depth of {id}");
        }
        assert!(graph.depth_count() > 2);
    }
}
