//! A search that answers one question, and stops as soon as it knows:
//! can some reachable state never reach a win (is a dead end reachable)?
//!
//! The search is depth first with Tarjan's strongly connected components.
//! A component is finished once every state it reaches has been seen; it
//! can reach a win when it holds a won state or has a move into a finished
//! component that can. A finished component that cannot is a set of dead
//! ends, and the search stops there, often after a small part of the graph:
//! depth first, it finishes the components far from the start first. When
//! no such component turns up, every reachable state was seen, and none is
//! a dead end.
//!
//! The answer is exact and matches the full analysis: a dead end is found
//! exactly when [`super::analyze`] would label some state a dead end
//! (within the same state budget). Won states end the game: their moves are
//! not explored, as in the full analysis; a losing move leads to no state.
//!
//! A [`DeadEndSearch`] keeps its buffers between searches, so that one
//! search after another on the same thread allocates nothing once warm.

use super::job::{Job, Stopped};
use super::packed::PackedState;
use super::puzzle::{Outcome, Puzzle};
use super::table::{max_ids, Found, StateIndex};

/// How often (in states) the search checks for cancellation.
const CHECK_EVERY: usize = 1 << 12;

/// The state is on Tarjan's stack: its component is not finished.
const ON_STACK: u8 = 1;
/// The state has a move into a finished component, or is won: its
/// component can reach a win.
const REACHES_WIN: u8 = 2;

/// What a dead-end search found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeadEnds {
    /// Every reachable state can reach a win; this many states are
    /// reachable.
    None {
        /// All reachable states, won ones included.
        states: u64,
    },
    /// Some reachable state cannot reach a win; the search saw this many
    /// states before it knew.
    Reachable {
        /// States seen when the search stopped.
        states: u64,
        /// Whether the start itself is a dead end (no win is reachable at
        /// all). `false` means the start was not among the dead ends found,
        /// not that the level can be won.
        start_is_dead: bool,
    },
}

/// One state being expanded: its id and the next move to follow.
#[derive(Clone, Copy, Debug)]
struct Frame {
    id: u32,
    next_move: u32,
}

/// Reusable buffers of the dead-end search for states packed in `S`.
#[derive(Debug, Default)]
pub struct DeadEndSearch<S> {
    states: Vec<S>,
    index: StateIndex,
    /// Tarjan's low link of each state (its id is its discovery index).
    low: Vec<u32>,
    flags: Vec<u8>,
    /// States of unfinished components, in discovery order.
    unfinished: Vec<u32>,
    frames: Vec<Frame>,
    /// The outcomes of each frame's moves, `move_count` a frame.
    outcomes: Vec<Outcome<S>>,
}

impl<S: PackedState> DeadEndSearch<S> {
    /// A search with empty buffers.
    pub fn new() -> Self {
        DeadEndSearch {
            states: Vec::new(),
            index: StateIndex::new(),
            low: Vec::new(),
            flags: Vec::new(),
            unfinished: Vec::new(),
            frames: Vec::new(),
            outcomes: Vec::new(),
        }
    }

    /// The bytes the buffers hold.
    fn held(&self) -> u64 {
        (self.states.capacity() * std::mem::size_of::<S>()
            + self.low.capacity() * 4
            + self.flags.capacity()
            + self.unfinished.capacity() * 4
            + self.frames.capacity() * std::mem::size_of::<Frame>()
            + self.outcomes.capacity() * std::mem::size_of::<Outcome<S>>()) as u64
            + self.index.heap_bytes()
    }

    /// Makes room for one more state in every per-state array, within the
    /// job's memory budget.
    #[cold]
    #[inline(never)]
    fn make_room(&mut self, job: &Job) -> Result<(), Stopped> {
        let count = self.states.len() as u64;
        let held = self.held();
        job.reserve(&mut self.states, 1, held, count)?;
        let held = self.held();
        job.reserve(&mut self.low, 1, held, count)?;
        let held = self.held();
        job.reserve(&mut self.flags, 1, held, count)?;
        let held = self.held() - self.index.heap_bytes();
        self.index.reserve(
            &self.states,
            self.states.capacity() - count as usize,
            held,
            job,
        )
    }

    /// Gives `state` the next id; a state that is not won is pushed on the
    /// stacks with its moves' outcomes. Returns whether it is won.
    #[inline]
    fn discover<P: Puzzle<State = S>>(&mut self, puzzle: &P, state: S) -> bool {
        let id = self.states.len() as u32;
        self.states.push(state);
        self.low.push(id);
        let won = puzzle.is_won(&state);
        if won {
            self.flags.push(REACHES_WIN);
        } else {
            self.flags.push(ON_STACK);
            self.unfinished.push(id);
            self.frames.push(Frame { id, next_move: 0 });
            let from = self.outcomes.len();
            self.outcomes
                .resize(from + puzzle.move_count(), Outcome::NoMove);
            puzzle.step_all(&state, &mut self.outcomes[from..]);
        }
        won
    }

    /// Searches `puzzle`'s reachable states for a dead end, stopping at the
    /// first one it can prove. Stops with [`Stopped::TooBig`] when more
    /// states are reachable than the job's state budget allows (exactly
    /// when the full analysis would), with [`Stopped::TooMuchMemory`]
    /// beyond its memory budget and with [`Stopped::Cancelled`] once the
    /// job is cancelled.
    pub fn run<P: Puzzle<State = S>>(
        &mut self,
        puzzle: &P,
        job: &Job,
    ) -> Result<DeadEnds, Stopped> {
        self.states.clear();
        self.index.clear();
        self.low.clear();
        self.flags.clear();
        self.unfinished.clear();
        self.frames.clear();
        self.outcomes.clear();
        if job.is_cancelled() {
            return Err(Stopped::Cancelled { states: 0 });
        }
        let budget = job.max_states().min(max_ids(puzzle.state_bits()));
        let moves = puzzle.move_count();
        let start = puzzle.start();
        self.make_room(job)?;
        self.index
            .find_or_insert(&self.states, &start, start.hash64());
        if self.discover(puzzle, start) {
            return Ok(DeadEnds::None { states: 1 });
        }
        while let Some(top) = self.frames.last_mut() {
            let v = top.id;
            if (top.next_move as usize) < moves {
                let mv = top.next_move as usize;
                top.next_move += 1;
                let base = self.outcomes.len() - moves;
                let Outcome::Next(next) = self.outcomes[base + mv] else {
                    continue;
                };
                if self.states.len() == self.states.capacity() {
                    self.make_room(job)?;
                }
                let hash = next.hash64();
                match self.index.find_or_insert(&self.states, &next, hash) {
                    Found::Old(w) => {
                        if self.flags[w as usize] & ON_STACK != 0 {
                            let low = &mut self.low[v as usize];
                            *low = (*low).min(w);
                        } else {
                            // A finished component: every one that is
                            // finished can reach a win (a dead one ends
                            // the search), as can a won state.
                            self.flags[v as usize] |= REACHES_WIN;
                        }
                    }
                    Found::New(_) => {
                        let count = self.states.len();
                        if count as u64 >= budget {
                            return Err(Stopped::TooBig {
                                states: count as u64,
                                budget,
                            });
                        }
                        if count.is_multiple_of(CHECK_EVERY) && job.is_cancelled() {
                            return Err(Stopped::Cancelled {
                                states: count as u64,
                            });
                        }
                        if self.discover(puzzle, next) {
                            self.flags[v as usize] |= REACHES_WIN;
                        }
                    }
                }
                continue;
            }
            // Every move of `v` is followed: `v` is done.
            self.frames.pop();
            self.outcomes.truncate(self.outcomes.len() - moves);
            let parent = self.frames.last().map(|f| f.id);
            if self.low[v as usize] == v {
                // `v` roots a component: the states above it on the stack.
                let first = self.unfinished.partition_point(|&id| id < v);
                let reaches_win = self.unfinished[first..]
                    .iter()
                    .any(|&id| self.flags[id as usize] & REACHES_WIN != 0);
                if !reaches_win {
                    return Ok(DeadEnds::Reachable {
                        states: self.states.len() as u64,
                        start_is_dead: v == 0,
                    });
                }
                for &id in &self.unfinished[first..] {
                    self.flags[id as usize] &= !ON_STACK;
                }
                self.unfinished.truncate(first);
                if let Some(p) = parent {
                    self.flags[p as usize] |= REACHES_WIN;
                }
            } else if let Some(p) = parent {
                let low = self.low[v as usize];
                let parent_low = &mut self.low[p as usize];
                *parent_low = (*parent_low).min(low);
            }
        }
        Ok(DeadEnds::None {
            states: self.states.len() as u64,
        })
    }
}

/// Whether a dead end is reachable in `puzzle`, with fresh buffers; see
/// [`DeadEndSearch::run`].
pub fn find_dead_end<P: Puzzle>(puzzle: &P, job: &Job) -> Result<DeadEnds, Stopped> {
    DeadEndSearch::new().run(puzzle, job)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::analysis::analyze;
    use crate::engine::label::LabelError;

    /// A walk on the numbers `0..size`: move `Up` adds 1, `Skip` adds
    /// `skip`, `Back` subtracts `back` (where it stays at or above 0).
    /// `goal` is won; the numbers in `sinks` have no moves.
    struct Walk {
        size: u64,
        skip: u64,
        back: u64,
        goal: u64,
        sinks: Vec<u64>,
    }

    impl Puzzle for Walk {
        type State = u64;
        fn move_count(&self) -> usize {
            3
        }
        fn move_name(&self, mv: usize) -> &'static str {
            ["U", "S", "B"][mv]
        }
        fn start(&self) -> u64 {
            0
        }
        fn step(&self, s: &u64, mv: usize) -> Outcome<u64> {
            if self.sinks.contains(s) {
                return Outcome::NoMove;
            }
            let next = match mv {
                0 => s + 1,
                1 => s + self.skip,
                _ => match s.checked_sub(self.back) {
                    Some(n) if self.back > 0 => n,
                    _ => return Outcome::NoMove,
                },
            };
            if next < self.size {
                Outcome::Next(next)
            } else {
                Outcome::NoMove
            }
        }
        fn is_won(&self, s: &u64) -> bool {
            *s == self.goal
        }
        fn is_preferred(&self, _: &u64) -> bool {
            true
        }
    }

    /// Whether the full analysis labels some state a dead end.
    fn analysis_says(puzzle: &Walk, job: &Job) -> Result<bool, LabelError> {
        let e = analyze(puzzle, job)?;
        Ok(e.shallowest_dead_end().is_some())
    }

    #[test]
    fn agrees_with_the_full_analysis_on_many_small_graphs() {
        let mut seen = [0usize; 2];
        for size in 2..14u64 {
            for skip in 2..5u64 {
                for back in 0..4u64 {
                    for goal in [size - 1, size / 2] {
                        for sinks in [vec![], vec![1], vec![size - 2, 3]] {
                            let walk = Walk {
                                size,
                                skip,
                                back,
                                goal,
                                sinks,
                            };
                            let job = Job::default();
                            let full = analysis_says(&walk, &job).unwrap();
                            let quick = find_dead_end(&walk, &job).unwrap();
                            assert_eq!(
                                matches!(quick, DeadEnds::Reachable { .. }),
                                full,
                                "size {size} skip {skip} back {back} goal {goal} sinks {:?}",
                                walk.sinks
                            );
                            seen[full as usize] += 1;
                            let states = analyze(&walk, &job).unwrap().graph.len() as u64;
                            match quick {
                                DeadEnds::None { states: s } => assert_eq!(s, states),
                                DeadEnds::Reachable { states: s, .. } => assert!(s <= states),
                            }
                        }
                    }
                }
            }
        }
        assert!(seen[0] > 20 && seen[1] > 20, "both answers occur: {seen:?}");
    }

    #[test]
    fn an_unwinnable_start_is_reported_as_such() {
        // One cycle through every state, and the goal lies beyond them.
        let walk = Walk {
            size: 10,
            skip: 3,
            back: 1,
            goal: 99,
            sinks: vec![],
        };
        assert!(matches!(
            find_dead_end(&walk, &Job::default()).unwrap(),
            DeadEnds::Reachable {
                start_is_dead: true,
                ..
            }
        ));
        // A sink at 5 is dead but the start can still win by skipping it.
        let walk = Walk {
            size: 10,
            skip: 3,
            back: 0,
            goal: 9,
            sinks: vec![5],
        };
        assert!(matches!(
            find_dead_end(&walk, &Job::default()).unwrap(),
            DeadEnds::Reachable {
                start_is_dead: false,
                ..
            }
        ));
    }

    #[test]
    fn stops_early_once_a_dead_end_is_proven() {
        // 0 -> 1 is a dead sink; the rest is a long cycle with the goal.
        let walk = Walk {
            size: 5_000,
            skip: 2,
            back: 1,
            goal: 4_999,
            sinks: vec![1],
        };
        let DeadEnds::Reachable { states, .. } = find_dead_end(&walk, &Job::default()).unwrap()
        else {
            panic!("state 1 is a dead end");
        };
        assert!(states < 10, "stopped after {states} states");
    }

    #[test]
    fn the_state_budget_stops_it_where_the_full_analysis_stops() {
        let walk = Walk {
            size: 1_000,
            skip: 2,
            back: 1,
            goal: 999,
            sinks: vec![],
        };
        assert_eq!(
            find_dead_end(&walk, &Job::default()).unwrap(),
            DeadEnds::None { states: 1_000 }
        );
        assert_eq!(
            find_dead_end(&walk, &Job::new(1_000)).unwrap(),
            DeadEnds::None { states: 1_000 }
        );
        assert!(analyze(&walk, &Job::new(1_000)).is_ok());
        assert!(matches!(
            find_dead_end(&walk, &Job::new(999)).unwrap_err(),
            Stopped::TooBig { budget: 999, .. }
        ));
        assert!(analyze(&walk, &Job::new(999)).is_err());
        let job = Job::default();
        job.cancel();
        let mut search = DeadEndSearch::new();
        assert!(matches!(
            search.run(&walk, &job).unwrap_err(),
            Stopped::Cancelled { .. }
        ));
        // The same buffers serve the next search.
        assert_eq!(
            search.run(&walk, &Job::default()).unwrap(),
            DeadEnds::None { states: 1_000 }
        );
    }
}
