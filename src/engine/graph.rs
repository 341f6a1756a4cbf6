//! Forward exploration of a puzzle into a compact state graph.
//!
//! States get dense `u32` ids in breadth-first order, so the ids of one depth
//! form a contiguous range and the depth of a state is found by a binary
//! search over the layer starts. Edges are stored in a fixed-stride array:
//! `move_count` successor ids per state.

use super::job::{Job, Phase, Stopped};
use super::packed::PackedState;
use super::puzzle::{Outcome, Puzzle};
use super::table::{Found, StateIndex, MAX_IDS};

/// The successor of a move that changes nothing.
pub const NO_EDGE: u32 = u32::MAX;
/// The successor of a move that loses the game.
pub const LOSS_EDGE: u32 = u32::MAX - 1;

const FLAG_WON: u8 = 1;
const FLAG_PREFERRED: u8 = 2;

/// How often (in states) the explorer reports progress and checks for
/// cancellation.
const REPORT_EVERY: usize = 1 << 14;

/// Every state reachable from the start, with the moves between them.
#[derive(Clone, Debug)]
pub struct StateGraph<S> {
    states: Vec<S>,
    succ: Vec<u32>,
    flags: Vec<u8>,
    move_count: usize,
    layer_start: Vec<u32>,
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

    /// The successor of `id` by move `mv`: a state id, [`NO_EDGE`] or
    /// [`LOSS_EDGE`].
    pub fn successor(&self, id: u32, mv: usize) -> u32 {
        self.succ[id as usize * self.move_count + mv]
    }

    /// The successors of `id`, one entry per move.
    pub fn successors(&self, id: u32) -> &[u32] {
        let base = id as usize * self.move_count;
        &self.succ[base..base + self.move_count]
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

fn flags_of<P: Puzzle>(puzzle: &P, state: &P::State) -> u8 {
    let (won, preferred) = puzzle.classify(state);
    (won as u8 * FLAG_WON) | (preferred as u8 * FLAG_PREFERRED)
}

/// Explores every state reachable from the puzzle's start, breadth first.
///
/// Stops with [`Stopped::TooBig`] when the graph would exceed the job's state
/// budget, and with [`Stopped::Cancelled`] when the job is cancelled.
pub fn explore<P: Puzzle>(puzzle: &P, job: &Job) -> Result<StateGraph<P::State>, Stopped> {
    job.enter(Phase::Exploring);
    let budget = job.max_states().min(MAX_IDS);
    let moves = puzzle.move_count();
    let start = puzzle.start();
    let mut index = StateIndex::new();
    let mut states: Vec<P::State> = Vec::new();
    let mut flags: Vec<u8> = Vec::new();
    let mut succ: Vec<u32> = Vec::new();
    index.find_or_insert(&states, &start, start.hash64());
    states.push(start);
    flags.push(flags_of(puzzle, &start));

    let mut layer_start = vec![0u32];
    let mut layer_end = 1usize;
    let mut next: Vec<(Outcome<P::State>, u64)> = Vec::with_capacity(moves);
    let mut outcomes: Vec<Outcome<P::State>> = Vec::with_capacity(moves);
    let mut id = 0usize;
    while id < states.len() {
        if id == layer_end {
            layer_start.push(id as u32);
            layer_end = states.len();
        }
        if id.is_multiple_of(REPORT_EVERY) {
            job.report_states(states.len() as u64);
            if job.is_cancelled() {
                return Err(Stopped::Cancelled {
                    states: states.len() as u64,
                });
            }
        }
        let state = states[id];
        if flags[id] & FLAG_WON != 0 {
            succ.extend(std::iter::repeat_n(NO_EDGE, moves));
            id += 1;
            continue;
        }
        // Compute every successor first and prefetch its slot, so that the
        // table's cache misses overlap.
        puzzle.step_all(&state, &mut outcomes);
        next.clear();
        for outcome in &outcomes {
            let hash = match outcome {
                Outcome::Next(s) => {
                    let h = s.hash64();
                    index.prefetch(h);
                    h
                }
                _ => 0,
            };
            next.push((*outcome, hash));
        }
        for &(outcome, hash) in &next {
            let target = match outcome {
                Outcome::NoMove => NO_EDGE,
                Outcome::Loss => LOSS_EDGE,
                Outcome::Next(s) => match index.find_or_insert(&states, &s, hash) {
                    Found::Old(t) => t,
                    Found::New(t) => {
                        if states.len() as u64 >= budget {
                            job.report_states(states.len() as u64);
                            return Err(Stopped::TooBig {
                                states: states.len() as u64,
                                budget,
                            });
                        }
                        states.push(s);
                        flags.push(flags_of(puzzle, &s));
                        t
                    }
                },
            };
            succ.push(target);
        }
        id += 1;
    }
    layer_start.push(states.len() as u32);
    job.report_states(states.len() as u64);
    drop(index);
    states.shrink_to_fit();
    succ.shrink_to_fit();
    flags.shrink_to_fit();
    Ok(StateGraph {
        states,
        succ,
        flags,
        move_count: moves,
        layer_start,
    })
}
