//! Progress, cancellation and budgets shared between a running search and
//! whoever watches it (a GUI thread, a CLI progress bar).

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, Ordering};
use std::sync::Arc;

/// The default state budget: enough for every benchmark level, small enough
/// that an exploding level stops long before it exhausts memory.
pub const DEFAULT_MAX_STATES: u64 = 30_000_000;

/// The phase a search is in, for progress displays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Phase {
    /// Not started yet.
    Waiting = 0,
    /// Forward exploration from the start.
    Exploring = 1,
    /// Backward passes: distances and labels.
    Labelling = 2,
    /// Solutions, traps and the summary.
    Summarising = 3,
    /// Finished (successfully or not).
    Done = 4,
}

impl Phase {
    fn from_u8(v: u8) -> Phase {
        match v {
            1 => Phase::Exploring,
            2 => Phase::Labelling,
            3 => Phase::Summarising,
            4 => Phase::Done,
            _ => Phase::Waiting,
        }
    }

    /// A word for the phase, for progress displays.
    pub fn name(self) -> &'static str {
        match self {
            Phase::Waiting => "waiting",
            Phase::Exploring => "exploring",
            Phase::Labelling => "labelling",
            Phase::Summarising => "summarising",
            Phase::Done => "done",
        }
    }
}

#[derive(Debug, Default)]
struct Shared {
    cancelled: AtomicBool,
    states: AtomicU64,
    phase: AtomicU8,
}

/// A handle on one running search: a cancel flag, a progress counter and the
/// state budget. Clones share the same flag and counters.
#[derive(Clone, Debug)]
pub struct Job {
    shared: Arc<Shared>,
    max_states: u64,
}

impl Default for Job {
    fn default() -> Self {
        Job::new(DEFAULT_MAX_STATES)
    }
}

impl Job {
    /// A new job that stops exploring after `max_states` states.
    pub fn new(max_states: u64) -> Job {
        Job {
            shared: Arc::new(Shared::default()),
            max_states: max_states.max(1),
        }
    }

    /// The state budget.
    pub fn max_states(&self) -> u64 {
        self.max_states
    }

    /// Asks the search to stop as soon as it can.
    pub fn cancel(&self) {
        self.shared.cancelled.store(true, Ordering::Relaxed);
    }

    /// Whether [`Job::cancel`] was called.
    pub fn is_cancelled(&self) -> bool {
        self.shared.cancelled.load(Ordering::Relaxed)
    }

    /// States explored so far.
    pub fn states(&self) -> u64 {
        self.shared.states.load(Ordering::Relaxed)
    }

    /// The current phase.
    pub fn phase(&self) -> Phase {
        Phase::from_u8(self.shared.phase.load(Ordering::Relaxed))
    }

    /// Called by the search: records the number of states explored.
    pub fn report_states(&self, states: u64) {
        self.shared.states.store(states, Ordering::Relaxed);
    }

    /// Called by the search: records the phase it entered.
    pub fn enter(&self, phase: Phase) {
        self.shared.phase.store(phase as u8, Ordering::Relaxed);
    }
}

/// Why a search stopped before it finished.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Stopped {
    /// The level has more reachable states than the budget allows.
    #[error("too big: stopped after {states} states (the budget is {budget}; raise it with --max-states)")]
    TooBig {
        /// States explored when the search stopped.
        states: u64,
        /// The budget that was hit.
        budget: u64,
    },
    /// Somebody called [`Job::cancel`].
    #[error("cancelled after {states} states")]
    Cancelled {
        /// States explored when the search stopped.
        states: u64,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clones_share_cancel_and_progress() {
        let job = Job::new(10);
        let watcher = job.clone();
        job.report_states(7);
        job.enter(Phase::Labelling);
        assert_eq!(watcher.states(), 7);
        assert_eq!(watcher.phase(), Phase::Labelling);
        assert!(!job.is_cancelled());
        watcher.cancel();
        assert!(job.is_cancelled());
    }

    #[test]
    fn budget_is_at_least_one() {
        assert_eq!(Job::new(0).max_states(), 1);
    }
}
