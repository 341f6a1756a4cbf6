//! The guess-and-test stack: pausable, step-by-step backtracking.
//!
//! A problem is solved by deciding one element after another. Each decision
//! is an *entry* on the stack, holding its guesses: the ones still to try,
//! the current one, and the ones whose test failed. A guess whose test
//! fails is undone and the next one tried; an entry with no guesses left
//! fails and is popped, and the entry below moves on to its next guess. The
//! search can be stepped one action at a time, paused and resumed (it is
//! just a value), run with a budget of steps, and it records a trace for
//! display. Given the same problem and seed it always does the same thing.
//!
//! The engine knows nothing of what is being placed: a kind implements
//! [`GuessProblem`].

use rand::rngs::StdRng;
use rand::SeedableRng;

/// A problem the stack can solve.
pub trait GuessProblem {
    /// One guess for one decision (e.g. a cell for a room).
    type Guess: Clone + std::fmt::Debug + PartialEq;

    /// Whether every decision has been made.
    fn is_complete(&self) -> bool;

    /// The guesses for the next decision, in the order to try them (the
    /// problem may shuffle them with `rng`).
    fn guesses(&mut self, rng: &mut StdRng) -> Vec<Self::Guess>;

    /// Makes the next decision with `guess` and tests it. On `false` the
    /// stack calls [`GuessProblem::undo`] with the same guess.
    fn apply(&mut self, guess: &Self::Guess) -> bool;

    /// Takes back the last decision, which was made with `guess`.
    fn undo(&mut self, guess: &Self::Guess);
}

/// One decision on the stack.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry<G> {
    /// Guesses not tried yet, next first.
    pub remaining: Vec<G>,
    /// The guess in force, if any.
    pub current: Option<G>,
    /// Guesses that were tried and failed (their test, or everything built
    /// on them).
    pub failed: Vec<G>,
}

/// Where the search stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// More steps are needed.
    Searching,
    /// Every decision is made: the problem is solved.
    Solved,
    /// Every guess of the first decision failed: there is no solution.
    Impossible,
}

/// One action of the search, as recorded in the trace.
#[derive(Clone, Debug, PartialEq)]
pub enum Action<G> {
    /// A new entry was pushed for decision `depth` with this many guesses.
    Push {
        /// The entry's depth (0 for the first decision).
        depth: usize,
        /// How many guesses it has.
        guesses: usize,
    },
    /// A guess passed its test and is now in force.
    Accept {
        /// The entry's depth.
        depth: usize,
        /// The guess.
        guess: G,
    },
    /// A guess failed its test and was undone.
    Reject {
        /// The entry's depth.
        depth: usize,
        /// The guess.
        guess: G,
    },
    /// An entry ran out of guesses and was popped; the entry below gave up
    /// its current guess (if there is an entry below).
    Backtrack {
        /// The depth of the popped entry.
        depth: usize,
    },
    /// The problem is solved.
    Solved,
    /// The problem has no solution.
    Impossible,
}

/// The most actions the trace keeps (older ones are dropped first).
pub const TRACE_LIMIT: usize = 10_000;

/// A pausable backtracking search over a [`GuessProblem`].
#[derive(Clone, Debug)]
pub struct GuessStack<P: GuessProblem> {
    problem: P,
    entries: Vec<Entry<P::Guess>>,
    rng: StdRng,
    status: Status,
    steps: u64,
    backtracks: u64,
    trace: std::collections::VecDeque<Action<P::Guess>>,
}

impl<P: GuessProblem> GuessStack<P> {
    /// A search over `problem`, shuffling guesses from `seed`.
    pub fn new(problem: P, seed: u64) -> Self {
        GuessStack {
            problem,
            entries: Vec::new(),
            rng: StdRng::seed_from_u64(seed),
            status: Status::Searching,
            steps: 0,
            backtracks: 0,
            trace: std::collections::VecDeque::new(),
        }
    }

    /// The problem in its current state (with the decisions in force).
    pub fn problem(&self) -> &P {
        &self.problem
    }

    /// The entries, bottom first.
    pub fn entries(&self) -> &[Entry<P::Guess>] {
        &self.entries
    }

    /// Where the search stands.
    pub fn status(&self) -> Status {
        self.status
    }

    /// Steps taken so far.
    pub fn steps(&self) -> u64 {
        self.steps
    }

    /// Entries popped so far.
    pub fn backtracks(&self) -> u64 {
        self.backtracks
    }

    /// The latest actions, oldest first (at most [`TRACE_LIMIT`]).
    pub fn trace(&self) -> impl Iterator<Item = &Action<P::Guess>> {
        self.trace.iter()
    }

    fn record(&mut self, action: Action<P::Guess>) -> Action<P::Guess> {
        if self.trace.len() == TRACE_LIMIT {
            self.trace.pop_front();
        }
        self.trace.push_back(action.clone());
        action
    }

    /// Takes one action; once the search has ended, returns `Solved` or
    /// `Impossible` again without doing anything.
    pub fn step(&mut self) -> Action<P::Guess> {
        match self.status {
            Status::Solved => return Action::Solved,
            Status::Impossible => return Action::Impossible,
            Status::Searching => {}
        }
        self.steps += 1;
        let need_entry = match self.entries.last() {
            None => true,
            Some(top) => top.current.is_some(),
        };
        if need_entry {
            if self.problem.is_complete() {
                self.status = Status::Solved;
                return self.record(Action::Solved);
            }
            let mut remaining = self.problem.guesses(&mut self.rng);
            remaining.reverse(); // popped from the end: next guess last
            let guesses = remaining.len();
            let depth = self.entries.len();
            self.entries.push(Entry {
                remaining,
                current: None,
                failed: Vec::new(),
            });
            return self.record(Action::Push { depth, guesses });
        }
        let depth = self.entries.len() - 1;
        let top = self.entries.last_mut().expect("checked above");
        match top.remaining.pop() {
            Some(guess) => {
                if self.problem.apply(&guess) {
                    top.current = Some(guess.clone());
                    self.record(Action::Accept { depth, guess })
                } else {
                    self.problem.undo(&guess);
                    top.failed.push(guess.clone());
                    self.record(Action::Reject { depth, guess })
                }
            }
            None => {
                self.entries.pop();
                self.backtracks += 1;
                match self.entries.last_mut() {
                    Some(below) => {
                        let guess = below
                            .current
                            .take()
                            .expect("an entry below has a guess in force");
                        self.problem.undo(&guess);
                        below.failed.push(guess);
                        self.record(Action::Backtrack { depth })
                    }
                    None => {
                        self.status = Status::Impossible;
                        self.record(Action::Backtrack { depth });
                        self.record(Action::Impossible)
                    }
                }
            }
        }
    }

    /// Steps until the search ends or `budget` steps have been taken in this
    /// call; returns the status.
    pub fn run(&mut self, budget: u64) -> Status {
        for _ in 0..budget {
            if self.status != Status::Searching {
                break;
            }
            self.step();
        }
        self.status
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Choose digits 0..3 one by one so that no two adjacent digits are
    /// equal and their sum is `target`.
    #[derive(Clone, Debug)]
    struct Digits {
        length: usize,
        target: u32,
        chosen: Vec<u32>,
    }

    impl GuessProblem for Digits {
        type Guess = u32;
        fn is_complete(&self) -> bool {
            self.chosen.len() == self.length
        }
        fn guesses(&mut self, _: &mut StdRng) -> Vec<u32> {
            vec![0, 1, 2, 3]
        }
        fn apply(&mut self, g: &u32) -> bool {
            let ok_neighbour = self.chosen.last() != Some(g);
            self.chosen.push(*g);
            let sum: u32 = self.chosen.iter().sum();
            let left = (self.length - self.chosen.len()) as u32;
            ok_neighbour && sum <= self.target && sum + 3 * left >= self.target
        }
        fn undo(&mut self, _: &u32) {
            self.chosen.pop();
        }
    }

    #[test]
    fn finds_a_solution_and_counts_backtracks() {
        let mut stack = GuessStack::new(
            Digits {
                length: 4,
                target: 10,
                chosen: vec![],
            },
            1,
        );
        assert_eq!(stack.run(10_000), Status::Solved);
        let chosen = &stack.problem().chosen;
        assert_eq!(chosen.iter().sum::<u32>(), 10);
        assert!(chosen.windows(2).all(|w| w[0] != w[1]));
        assert_eq!(stack.entries().len(), 4);
        assert!(stack.entries().iter().all(|e| e.current.is_some()));
        assert!(stack.backtracks() > 0);
        assert!(matches!(stack.trace().last(), Some(Action::Solved)));
    }

    #[test]
    fn reports_impossible() {
        // Four digits, no two adjacent equal, sum at most 3 2 3 2 = 10.
        let mut stack = GuessStack::new(
            Digits {
                length: 4,
                target: 11,
                chosen: vec![],
            },
            1,
        );
        assert_eq!(stack.run(100_000), Status::Impossible);
        assert!(stack.entries().is_empty());
        assert!(
            stack.problem().chosen.is_empty(),
            "every decision was undone"
        );
        assert_eq!(stack.step(), Action::Impossible);
    }

    #[test]
    fn pausing_changes_nothing() {
        let problem = Digits {
            length: 6,
            target: 13,
            chosen: vec![],
        };
        let mut whole = GuessStack::new(problem.clone(), 7);
        whole.run(u64::MAX);
        let mut paused = GuessStack::new(problem, 7);
        let mut status = Status::Searching;
        while status == Status::Searching {
            status = paused.run(3);
            let resumed = paused.clone();
            paused = resumed;
        }
        assert_eq!(paused.problem().chosen, whole.problem().chosen);
        assert_eq!(paused.steps(), whole.steps());
        assert_eq!(paused.backtracks(), whole.backtracks());
        assert_eq!(
            paused.trace().collect::<Vec<_>>(),
            whole.trace().collect::<Vec<_>>()
        );
    }
}
