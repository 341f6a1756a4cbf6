//! Backward passes over the state graph: every state's distance to a win,
//! overall, through preferred states only, and through at least one state
//! that is not preferred; and from those, every state's label.
//!
//! The passes are one level-synchronous reverse breadth-first search from
//! all won states over the reversed edges, so the three distances come out
//! exact and together.

use super::graph::StateGraph;
use super::job::{Job, Phase, Stopped};
use super::packed::PackedState;

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

impl Route {
    /// All routes, in display order.
    pub const ALL: [Route; 3] = [Route::Any, Route::Preferred, Route::Mixed];
}

/// The predecessors of every state (the reversed edges), in CSR form.
#[derive(Clone, Debug)]
pub struct Predecessors {
    start: Vec<u32>,
    preds: Vec<u32>,
}

impl Predecessors {
    /// Reverses the graph's edges. A state reached from one predecessor by
    /// several moves lists that predecessor once.
    pub fn of<S: PackedState>(graph: &StateGraph<S>) -> Predecessors {
        let n = graph.len();
        let mut start = vec![0u32; n + 1];
        let each_edge = |f: &mut dyn FnMut(u32, u32)| {
            for from in 0..n as u32 {
                let succ = graph.successors(from);
                for (mv, &to) in succ.iter().enumerate() {
                    if (to as usize) < n && !succ[..mv].contains(&to) {
                        f(from, to);
                    }
                }
            }
        };
        each_edge(&mut |_, to| start[to as usize + 1] += 1);
        for i in 0..n {
            start[i + 1] += start[i];
        }
        let mut preds = vec![0u32; start[n] as usize];
        // Sources are visited in increasing id order, so every list comes
        // out sorted.
        let mut cursor: Vec<u32> = start[..n].to_vec();
        each_edge(&mut |from, to| {
            let c = &mut cursor[to as usize];
            preds[*c as usize] = from;
            *c += 1;
        });
        drop(cursor);
        Predecessors { start, preds }
    }

    /// The predecessors of `id` (states with a move into it), in increasing
    /// id order.
    pub fn of_state(&self, id: u32) -> &[u32] {
        &self.preds[self.start[id as usize] as usize..self.start[id as usize + 1] as usize]
    }

    /// Number of distinct (predecessor, state) edges.
    pub fn edge_count(&self) -> usize {
        self.preds.len()
    }

    /// Bytes held on the heap.
    pub fn heap_bytes(&self) -> usize {
        self.start.capacity() * 4 + self.preds.capacity() * 4
    }
}

/// Every state's distances to a win.
#[derive(Clone, Debug)]
pub struct Distances {
    any: Vec<u16>,
    preferred: Vec<u16>,
    mixed: Vec<u16>,
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
    /// Computes the three distances of every state by a reverse
    /// breadth-first search from all won states.
    pub fn compute<S: PackedState>(
        graph: &StateGraph<S>,
        preds: &Predecessors,
        job: &Job,
    ) -> Result<Distances, LabelError> {
        job.enter(Phase::Labelling);
        let n = graph.len();
        let mut any = vec![UNREACHABLE; n];
        let mut preferred = vec![UNREACHABLE; n];
        let mut mixed = vec![UNREACHABLE; n];
        let mut any_now: Vec<u32> = Vec::new();
        let mut preferred_now: Vec<u32> = Vec::new();
        let mut mixed_now: Vec<u32> = Vec::new();
        for id in 0..n as u32 {
            if graph.is_won(id) {
                any[id as usize] = 0;
                any_now.push(id);
                if graph.is_preferred(id) {
                    preferred[id as usize] = 0;
                    preferred_now.push(id);
                }
            }
        }
        let mut any_next = Vec::new();
        let mut preferred_next = Vec::new();
        let mut mixed_next = Vec::new();
        let mut d: u16 = 0;
        while !any_now.is_empty() || !preferred_now.is_empty() || !mixed_now.is_empty() {
            if job.is_cancelled() {
                return Err(Stopped::Cancelled { states: n as u64 }.into());
            }
            if d == MAX_DISTANCE {
                return Err(LabelError::TooDeep);
            }
            // A state that is not preferred is its own "leave the preferred
            // states" point: its mixed distance is its overall distance.
            for &s in &any_now {
                if !graph.is_preferred(s) && mixed[s as usize] == UNREACHABLE {
                    mixed[s as usize] = d;
                    mixed_now.push(s);
                }
            }
            for &s in &any_now {
                for &p in preds.of_state(s) {
                    if any[p as usize] == UNREACHABLE {
                        any[p as usize] = d + 1;
                        any_next.push(p);
                    }
                }
            }
            for &s in &preferred_now {
                for &p in preds.of_state(s) {
                    if graph.is_preferred(p) && preferred[p as usize] == UNREACHABLE {
                        preferred[p as usize] = d + 1;
                        preferred_next.push(p);
                    }
                }
            }
            for &s in &mixed_now {
                for &p in preds.of_state(s) {
                    if mixed[p as usize] == UNREACHABLE {
                        mixed[p as usize] = d + 1;
                        mixed_next.push(p);
                    }
                }
            }
            std::mem::swap(&mut any_now, &mut any_next);
            std::mem::swap(&mut preferred_now, &mut preferred_next);
            std::mem::swap(&mut mixed_now, &mut mixed_next);
            any_next.clear();
            preferred_next.clear();
            mixed_next.clear();
            d += 1;
        }
        Ok(Distances {
            any,
            preferred,
            mixed,
        })
    }

    /// The distance of `id` to a win by `route`, or `None` when no win is
    /// reachable that way.
    pub fn get(&self, route: Route, id: u32) -> Option<u32> {
        let d = match route {
            Route::Any => self.any[id as usize],
            Route::Preferred => self.preferred[id as usize],
            Route::Mixed => self.mixed[id as usize],
        };
        (d != UNREACHABLE).then_some(d as u32)
    }

    /// Whether some win is reachable from `id`.
    pub fn is_winnable(&self, id: u32) -> bool {
        self.any[id as usize] != UNREACHABLE
    }

    /// The label of state `id`.
    pub fn label<S: PackedState>(&self, graph: &StateGraph<S>, id: u32) -> Label {
        if graph.is_won(id) {
            Label::Won
        } else if self.preferred[id as usize] != UNREACHABLE {
            Label::Preferred
        } else if self.any[id as usize] != UNREACHABLE {
            Label::Ok
        } else {
            Label::DeadEnd
        }
    }

    /// Bytes held on the heap.
    pub fn heap_bytes(&self) -> usize {
        (self.any.capacity() + self.preferred.capacity() + self.mixed.capacity()) * 2
    }
}
