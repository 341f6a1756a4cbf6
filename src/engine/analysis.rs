//! The whole analysis of one puzzle: explore, label, find traps, and sum it
//! up in a small serialisable [`Summary`].

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use super::graph::{explore, explore_keeping_cut, Interrupted, StateGraph};
use super::id_set::IdSet;
use super::job::{Job, Phase, Stopped};
use super::label::{Distances, Label, LabelError, Predecessors, Route};
use super::label_threads::on_many_threads;
use super::packed::PackedState;
use super::partial::{label_cut, PartialAnalysis};
use super::puzzle::Puzzle;
use super::solutions::{SolutionList, SolutionReader};

/// A move from a winnable state into a dead end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Trap {
    /// The last winnable state.
    pub from: u32,
    /// The move that falls into the dead end.
    pub mv: u8,
    /// The dead end it falls into.
    pub to: u32,
}

/// A fully explored and labelled state graph: everything the views need.
#[derive(Clone, Debug)]
pub struct Explored<S> {
    /// The states and their moves.
    pub graph: StateGraph<S>,
    /// The reversed edges.
    pub preds: Predecessors,
    /// Every state's distances to a win.
    pub dist: Distances,
    /// Every trap, sorted by the depth at which it can first happen.
    pub traps: Vec<Trap>,
}

/// Explores and labels a puzzle. Cancellable through `job`; stops with a
/// clear error when the state budget or the memory budget is exceeded.
pub fn analyze<P: Puzzle>(puzzle: &P, job: &Job) -> Result<Explored<P::State>, LabelError> {
    let graph = explore(puzzle, job)?;
    label_explored(graph, job).map_err(|(error, _)| error)
}

/// Labels a whole explored graph; on a stop, hands the graph back with
/// the error.
// The graph is handed back whole on a stop (for the partial labelling), not
// copied: the error is as big as the graph's handle.
#[allow(clippy::result_large_err)]
fn label_explored<S: PackedState>(
    mut graph: StateGraph<S>,
    job: &Job,
) -> Result<Explored<S>, (LabelError, StateGraph<S>)> {
    job.enter(Phase::Labelling);
    let preds = match Predecessors::within(&graph, job) {
        Ok(preds) => preds,
        Err(stop) => return Err((stop.into(), graph)),
    };
    graph.forget_pred_counts();
    let dist = match Distances::compute(&graph, &preds, job) {
        Ok(dist) => dist,
        Err(error) => return Err((error, graph)),
    };
    job.enter(Phase::Summarising);
    let held = graph.heap_bytes() + preds.heap_bytes() + dist.heap_bytes();
    let traps = match find_traps(&graph, &dist, held, job) {
        Ok(traps) => traps,
        Err(stop) => return Err((stop.into(), graph)),
    };
    job.enter(Phase::Done);
    Ok(Explored {
        graph,
        preds,
        dist,
        traps,
    })
}

/// Why no partial labelling comes with a stopped analysis.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PartialUnavailable {
    /// The memory budget stopped the search: nothing more is allocated.
    #[error(
        "partial figures are unavailable: the memory budget stopped the search, and labelling \
         what it explored would need more memory"
    )]
    MemoryBudget,
    /// Labelling the explored part would not fit the memory budget beside
    /// it.
    #[error("partial figures are unavailable: labelling the explored part would need more memory than the budget leaves ({0})")]
    NoRoom(Stopped),
    /// The explored part was not kept: a cancel that is not a time limit,
    /// a stop of the explorer on many threads, or a stop that is no budget.
    #[error("partial figures are unavailable: the explored part was not kept")]
    NotKept,
}

/// What is known of a stopped analysis's explored part.
#[derive(Clone, Debug)]
pub enum Partial<S> {
    /// Its exact labels.
    Known(Box<PartialAnalysis<S>>),
    /// None, and why.
    Unavailable(PartialUnavailable),
}

/// An analysis that stopped before it finished: why, and what is known
/// of the part it explored.
#[derive(Debug)]
pub struct Unfinished<S> {
    /// Why it stopped.
    pub error: LabelError,
    /// The explored part's labels, or why there are none.
    pub partial: Partial<S>,
}

/// [`analyze`], keeping and labelling what was explored when the state
/// budget or a time limit ([`Job::time_out`]) stops it
/// ([`super::partial`]: known dead ends, known winnable states, known
/// traps). A memory stop labels nothing ([`PartialUnavailable`]).
pub fn analyze_or_partial<P: Puzzle>(
    puzzle: &P,
    job: &Job,
) -> Result<Explored<P::State>, Unfinished<P::State>> {
    let (error, cut) = match explore_keeping_cut(puzzle, job) {
        Ok(graph) => match label_explored(graph, job) {
            Ok(explored) => return Ok(explored),
            // Explored whole, the time ran out while labelling: the whole
            // graph is the explored part.
            Err((error @ LabelError::Stopped(Stopped::Cancelled { .. }), graph))
                if job.is_timed_out() =>
            {
                (error, Some(graph.into_cut()))
            }
            Err((error, _)) => (error, None),
        },
        Err(Interrupted { stop, cut }) => (LabelError::Stopped(stop), cut.map(|cut| *cut)),
    };
    let partial = match (&error, cut) {
        (LabelError::Stopped(Stopped::TooMuchMemory { .. }), _) => {
            Partial::Unavailable(PartialUnavailable::MemoryBudget)
        }
        (_, None) => Partial::Unavailable(PartialUnavailable::NotKept),
        (_, Some(cut)) => match label_cut(cut, job) {
            Ok(labelled) => Partial::Known(Box::new(labelled)),
            Err(stop) => Partial::Unavailable(PartialUnavailable::NoRoom(stop)),
        },
    };
    Err(Unfinished { error, partial })
}

/// The sources of traps one task of the parallel trap search takes.
const TRAP_RANGE: usize = if cfg!(test) { 5 } else { 1 << 16 };

/// Every trap of a labelled graph, within the job's memory budget (the
/// search holds `held` bytes already).
fn find_traps<S: PackedState>(
    graph: &StateGraph<S>,
    dist: &Distances,
    held: u64,
    job: &Job,
) -> Result<Vec<Trap>, Stopped> {
    let n = graph.len();
    let states = n as u64;
    // Which states are winnable, one bit each: the successors are scattered
    // over the graph, and this set stays in cache where the distances do
    // not.
    let set_bytes = n.div_ceil(64) as u64 * 8;
    job.check_memory(held, set_bytes, states)?;
    let held = held + set_bytes;
    let on_threads = on_many_threads(n, job);
    let winnable = if on_threads {
        IdSet::of_threads(n, |id| dist.is_winnable(id))
    } else {
        let mut set = IdSet::new(n);
        for id in (0..n as u32).filter(|&id| dist.is_winnable(id)) {
            set.insert(id);
        }
        set
    };
    let winnable_count = winnable.len();
    let mut traps = Vec::new();
    if winnable_count == 0 || winnable_count == n {
        // No dead end, or no winnable state to fall from.
        return Ok(traps);
    }
    let traps_from = |from: u32, out: &mut Vec<Trap>| {
        if !winnable.contains(from) || graph.is_won(from) {
            return;
        }
        for (mv, to) in graph.successors(from).iter().enumerate() {
            if (to as usize) < n && !winnable.contains(to) {
                out.push(Trap {
                    from,
                    mv: mv as u8,
                    to,
                });
            }
        }
    };
    if on_threads {
        // Each range of sources lists its traps in order, and the lists are
        // joined in the order of the ranges: the list one thread finds.
        // The ranges' lists are counted against the budget once they are
        // made, and the joined list before it is.
        let parts: Vec<Vec<Trap>> = (0..n.div_ceil(TRAP_RANGE))
            .into_par_iter()
            .map(|k| {
                let mut out = Vec::new();
                for from in k * TRAP_RANGE..n.min((k + 1) * TRAP_RANGE) {
                    traps_from(from as u32, &mut out);
                }
                out
            })
            .collect();
        let count: usize = parts.iter().map(Vec::len).sum();
        let held = held + (count * std::mem::size_of::<Trap>()) as u64;
        job.reserve(&mut traps, count, held, states)?;
        for part in parts {
            traps.extend(part);
        }
        traps.shrink_to_fit();
        return Ok(traps);
    }
    let mut found = Vec::new();
    for from in 0..n as u32 {
        traps_from(from, &mut found);
        for &trap in &found {
            if traps.len() == traps.capacity() {
                let held = held + (traps.capacity() * std::mem::size_of::<Trap>()) as u64;
                job.reserve(&mut traps, 1, held, states)?;
            }
            traps.push(trap);
        }
        found.clear();
    }
    // As long as the list, on any number of threads.
    traps.shrink_to_fit();
    Ok(traps)
}

/// The number of states and of dead ends at one breadth-first depth.
pub type DepthCount = [u64; 2];

/// Solutions of one route, as numbers for the summary.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RouteSummary {
    /// Length of the shortest solution, if any.
    pub shortest: Option<u32>,
    /// One shortest solution, as move names separated by spaces.
    pub solution: Option<String>,
    /// How many distinct shortest solutions there are (saturating).
    pub count: u128,
}

/// A small, serialisable summary of an analysis.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Summary {
    /// All reachable states, start and won ones included.
    pub states: u64,
    /// Won states.
    pub won_states: u64,
    /// Dead ends.
    pub dead_ends: u64,
    /// Moves from a winnable state into a dead end.
    pub traps: u64,
    /// The depth at which the first trap can happen, if any.
    pub first_trap_depth: Option<u32>,
    /// States and dead ends at each depth from 0.
    pub depth_histogram: Vec<DepthCount>,
    /// Solutions by any route.
    pub any: RouteSummary,
    /// Solutions through preferred states only.
    pub preferred: RouteSummary,
    /// Solutions through at least one state that is not preferred.
    pub mixed: RouteSummary,
}

impl<S: PackedState> Explored<S> {
    /// A solution reader over this analysis.
    pub fn reader(&self) -> SolutionReader<'_, S> {
        SolutionReader::new(&self.graph, &self.dist)
    }

    /// The label of state `id`.
    pub fn label(&self, id: u32) -> Label {
        self.dist.label(&self.graph, id)
    }

    /// The number of won states.
    pub fn won_count(&self) -> u64 {
        (0..self.graph.len() as u32)
            .filter(|&id| self.graph.is_won(id))
            .count() as u64
    }

    /// The number of dead ends.
    pub fn dead_end_count(&self) -> u64 {
        (0..self.graph.len() as u32)
            .filter(|&id| !self.dist.is_winnable(id))
            .count() as u64
    }

    /// States and dead ends at each depth.
    pub fn depth_histogram(&self) -> Vec<DepthCount> {
        (0..self.graph.depth_count())
            .map(|d| {
                let layer = self.graph.layer(d);
                let states = (layer.end - layer.start) as u64;
                let dead = layer.filter(|&id| !self.dist.is_winnable(id)).count() as u64;
                [states, dead]
            })
            .collect()
    }

    /// The depth at which a trap can first happen: the moves from the start
    /// to its dead end.
    pub fn trap_depth(&self, trap: &Trap) -> usize {
        self.graph.depth(trap.from) + 1
    }

    /// A dead end at the smallest depth, if there is one.
    pub fn shallowest_dead_end(&self) -> Option<u32> {
        (0..self.graph.len() as u32).find(|&id| !self.dist.is_winnable(id))
    }

    /// The moves of a shortest way from the start to state `id`.
    pub fn path_to(&self, id: u32) -> Vec<u8> {
        self.reader().path_to(&self.preds, id)
    }

    /// Up to `limit` solutions by `route`, shortest first.
    pub fn solutions(&self, route: Route, limit: usize) -> SolutionList {
        self.reader().solutions(route, limit, 12, 2_000_000)
    }

    /// Sums the analysis up; `puzzle` names the moves.
    pub fn summary<P: Puzzle<State = S>>(&self, puzzle: &P) -> Summary {
        let reader = self.reader();
        let route = |route: Route| RouteSummary {
            shortest: reader.shortest_length(route),
            solution: reader
                .shortest(route)
                .map(|moves| move_string(puzzle, &moves)),
            count: reader.count_shortest(route),
        };
        let depth_histogram = self.depth_histogram();
        let any = route(Route::Any);
        // Every state preferred: the preferred route is any route, and no
        // route leaves the preferred states.
        let (preferred, mixed) = if self.dist.every_preferred() {
            (any.clone(), RouteSummary::default())
        } else {
            (route(Route::Preferred), route(Route::Mixed))
        };
        Summary {
            states: self.graph.len() as u64,
            won_states: self.won_count(),
            dead_ends: depth_histogram.iter().map(|[_, dead]| dead).sum(),
            traps: self.traps.len() as u64,
            first_trap_depth: self.traps.first().map(|t| self.trap_depth(t) as u32),
            depth_histogram,
            any,
            preferred,
            mixed,
        }
    }
}

/// Move names separated by spaces, e.g. `"L D"`.
pub fn move_string<P: Puzzle>(puzzle: &P, moves: &[u8]) -> String {
    moves
        .iter()
        .map(|&mv| puzzle.move_name(mv as usize))
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::job::Stopped;
    use crate::engine::puzzle::Outcome;

    /// A counter from 0 to 10: move `I` adds 1, move `J` adds 3; 7 has no
    /// moves (a dead end); 8 is the only state without the preferred tag.
    struct Counter;

    impl Puzzle for Counter {
        type State = u64;
        fn move_count(&self) -> usize {
            2
        }
        fn move_name(&self, mv: usize) -> &'static str {
            ["I", "J"][mv]
        }
        fn start(&self) -> u64 {
            0
        }
        fn step(&self, s: &u64, mv: usize) -> Outcome<u64> {
            let next = s + [1, 3][mv];
            if *s == 7 || *s == 10 || next > 10 {
                Outcome::NoMove
            } else {
                Outcome::Next(next)
            }
        }
        fn is_won(&self, s: &u64) -> bool {
            *s == 10
        }
        fn is_preferred(&self, s: &u64) -> bool {
            *s != 8
        }
    }

    fn id_of(e: &Explored<u64>, value: u64) -> u32 {
        e.graph.states().iter().position(|&s| s == value).unwrap() as u32
    }

    #[test]
    fn distances_labels_and_traps_of_a_hand_worked_graph() {
        let e = analyze(&Counter, &Job::default()).unwrap();
        assert_eq!(e.graph.len(), 11);
        let any = [4, 5, 4, 3, 4, 3, 2, u32::MAX, 2, 1, 0];
        let preferred = [4, 5, 4, 3, 4, 3, 2, u32::MAX, u32::MAX, 1, 0];
        let mixed = [6, 5, 4, 5, 4, 3, u32::MAX, u32::MAX, 2, u32::MAX, u32::MAX];
        for v in 0..=10u64 {
            let id = id_of(&e, v);
            let get = |r| e.dist.get(r, id).unwrap_or(u32::MAX);
            assert_eq!(get(Route::Any), any[v as usize], "any of {v}");
            assert_eq!(
                get(Route::Preferred),
                preferred[v as usize],
                "preferred of {v}"
            );
            assert_eq!(get(Route::Mixed), mixed[v as usize], "mixed of {v}");
        }
        assert_eq!(e.label(id_of(&e, 10)), Label::Won);
        assert_eq!(e.label(id_of(&e, 7)), Label::DeadEnd);
        assert_eq!(e.label(id_of(&e, 8)), Label::Ok);
        assert_eq!(e.label(id_of(&e, 6)), Label::Preferred);
        // Traps: 4 --J--> 7 and 6 --I--> 7.
        let mut traps: Vec<(u64, u8)> = e
            .traps
            .iter()
            .map(|t| (e.graph.state(t.from), t.mv))
            .collect();
        traps.sort();
        assert_eq!(traps, [(4, 1), (6, 0)]);
        assert_eq!(e.trap_depth(&e.traps[0]), 3, "the first trap is at move 3");

        let s = e.summary(&Counter);
        assert_eq!(s.any.solution.as_deref(), Some("J J J I"));
        assert_eq!(s.any.count, 1);
        assert_eq!(s.mixed.solution.as_deref(), Some("I I J J I I"));
        assert_eq!(s.dead_ends, 1);
        assert_eq!(s.won_states, 1);
        assert_eq!(s.depth_histogram.iter().map(|d| d[0]).sum::<u64>(), 11);
        // First discovery: 0 I 1 J 4 J 7.
        assert_eq!(e.path_to(id_of(&e, 7)), vec![0, 1, 1]);
    }

    #[test]
    fn more_solutions_come_in_order_of_length_and_win() {
        let e = analyze(&Counter, &Job::default()).unwrap();
        let list = e.solutions(Route::Any, 20);
        assert!(!list.truncated);
        assert!(list.solutions.len() > 3);
        assert_eq!(list.solutions[0], vec![1, 1, 1, 0]);
        for pair in list.solutions.windows(2) {
            assert!(pair[0].len() <= pair[1].len());
        }
        for sol in &list.solutions {
            let end: u64 = sol.iter().map(|&m| [1, 3][m as usize]).sum();
            assert_eq!(end, 10, "{sol:?} ends on the win");
            assert!(!sol
                .iter()
                .scan(0u64, |x, &m| {
                    *x += [1, 3][m as usize];
                    Some(*x)
                })
                .any(|x| x == 7));
        }
    }

    /// Every number reached from 1 by doubling, or doubling and adding
    /// one: a search that never ends by itself.
    struct Exploding;

    impl Puzzle for Exploding {
        type State = u64;
        fn move_count(&self) -> usize {
            2
        }
        fn move_name(&self, mv: usize) -> &'static str {
            ["A", "B"][mv]
        }
        fn start(&self) -> u64 {
            1
        }
        fn step(&self, s: &u64, mv: usize) -> Outcome<u64> {
            match s.checked_mul(2) {
                Some(t) => Outcome::Next(t + mv as u64),
                None => Outcome::NoMove,
            }
        }
        fn is_won(&self, _: &u64) -> bool {
            false
        }
        fn is_preferred(&self, _: &u64) -> bool {
            true
        }
    }

    #[test]
    fn a_tiny_memory_budget_stops_an_exploding_search_cleanly() {
        let job = Job::new(u64::MAX).with_max_memory(1 << 20);
        let stop = analyze(&Exploding, &job).unwrap_err();
        let LabelError::Stopped(Stopped::TooMuchMemory {
            bytes,
            budget,
            states,
            refused: false,
        }) = stop.clone()
        else {
            panic!("stopped for another reason: {stop}");
        };
        assert_eq!(budget, 1 << 20);
        assert!(bytes > budget);
        assert!(states > 10_000, "{states} states fit in 1 MiB");
        assert_eq!(job.states(), states);
        assert_eq!(job.phase(), Phase::Exploring);
        let message = stop.to_string();
        assert!(message.contains("raise it with --max-memory"), "{message}");
        assert!(message.contains("budget 1.0 MiB"), "{message}");
    }

    #[test]
    fn any_budget_ends_in_a_result_or_a_clean_stop() {
        let mut smallest_fit = None;
        for budget in (0..65_536).step_by(8) {
            let job = Job::default().with_max_memory(budget);
            match analyze(&Counter, &job) {
                Ok(e) => {
                    smallest_fit.get_or_insert(budget);
                    assert_eq!(e.graph.len(), 11);
                    assert_eq!(e.traps.len(), 2);
                }
                Err(LabelError::Stopped(Stopped::TooMuchMemory { bytes, .. })) => {
                    assert!(bytes > budget, "{bytes} bytes within {budget}");
                }
                Err(e) => panic!("budget {budget}: {e}"),
            }
        }
        assert!(smallest_fit.is_some(), "the search fits in 64 KiB");
    }

    #[test]
    fn the_backward_passes_count_what_is_held() {
        let graph = explore(&Counter, &Job::default()).unwrap();
        let just_the_graph = Job::default().with_max_memory(graph.heap_bytes());
        assert!(matches!(
            Predecessors::within(&graph, &just_the_graph),
            Err(Stopped::TooMuchMemory { .. })
        ));
        let preds = Predecessors::within(&graph, &Job::default()).unwrap();
        let held = graph.heap_bytes() + preds.heap_bytes();
        let no_room = Job::default().with_max_memory(held + 8);
        assert!(matches!(
            Distances::compute(&graph, &preds, &no_room),
            Err(LabelError::Stopped(Stopped::TooMuchMemory { .. }))
        ));
        let dist = Distances::compute(&graph, &preds, &Job::default()).unwrap();
        assert!(dist.heap_bytes() >= 11 * 8);
        // The traps: room for the set of winnable states (one word), but not
        // for the list.
        let held = held + dist.heap_bytes();
        let no_room = Job::default().with_max_memory(held + 8);
        assert!(matches!(
            find_traps(&graph, &dist, held, &no_room),
            Err(Stopped::TooMuchMemory { .. })
        ));
        let room = Job::default().with_max_memory(held + 1024);
        assert_eq!(find_traps(&graph, &dist, held, &room).unwrap().len(), 2);
    }

    #[test]
    fn cancel_and_budget_stop_the_search() {
        let job = Job::new(5);
        assert_eq!(
            analyze(&Counter, &job).unwrap_err(),
            LabelError::Stopped(Stopped::TooBig {
                states: 5,
                budget: 5
            })
        );
        let job = Job::default();
        job.cancel();
        assert!(matches!(
            analyze(&Counter, &job).unwrap_err(),
            LabelError::Stopped(Stopped::Cancelled { .. })
        ));
    }
}
