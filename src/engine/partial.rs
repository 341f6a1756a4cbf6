//! What is known exactly of a graph whose exploration stopped short: the
//! explored part ([`CutGraph`]: the states numbered so far, a prefix of
//! them expanded) and its labels ([`PartialAnalysis`]: known dead ends,
//! known winnable states, known traps; every other state is unknown).
//!
//! The labels are exact for the whole graph, not only for the part:
//!
//! - A **known dead end** is an expanded state from which neither a won
//!   state nor an unexpanded state can be reached within the explored
//!   part. It is a dead end of the whole graph. Proof: let `D` be the
//!   known dead ends and `s` one of them. Every successor `t` of `s` is
//!   numbered (`s` is expanded, so its whole row of successors was
//!   recorded, the same row the whole exploration records) and reachable
//!   from `s`; so nothing reachable from `t` is won or unexpanded either,
//!   `t` is not won, and `t` is expanded (else an unexpanded state would be
//!   reachable from `s`): `t` is in `D`. So `D` is closed under every move
//!   of the whole graph, and every state reachable from `s` in the whole
//!   graph lies in `D`, none of them won: no win can be reached from `s`.
//! - A **known winnable** state reaches an explored won state along
//!   recorded moves, which are moves of the whole graph too.
//! - A **known trap** is a move from a known winnable state into a known
//!   dead end: a move from a winnable state into a dead end of the whole
//!   graph, which is what a trap is.
//!
//! Labelling holds, on top of the explored part, the reversed edges of the
//! expanded states (4 bytes an edge and 4 a state), two sets of one bit a
//! state and a stack of at most 4 bytes a state; the reversed edges and
//! the stack are freed before [`label_cut`] returns. Every allocation is
//! checked against the job's memory budget; the job's cancel flag is not
//! looked at (a time limit has set it already), and the work is linear in
//! the states and edges.

use super::analysis::Trap;
use super::graph::{FLAG_WON, LOSS_EDGE, NO_EDGE};
use super::id_set::IdSet;
use super::job::{Job, Phase, Stopped};
use super::packed::PackedState;
use super::rows::{Row, Rows};

/// The part of a state graph explored before a stop: every state numbered
/// so far (breadth-first ids, as the whole exploration gives them), and
/// the successors of the first [`CutGraph::expanded`] of them. The others
/// are the unexpanded frontier.
#[derive(Clone, Debug)]
pub struct CutGraph<S> {
    states: Vec<S>,
    flags: Vec<u8>,
    rows: Rows,
    move_count: usize,
    expanded: usize,
}

impl<S: PackedState> CutGraph<S> {
    /// The explored part of an explorer's arrays: `rows` holds the whole
    /// rows of the states expanded.
    pub(crate) fn new(states: Vec<S>, flags: Vec<u8>, mut rows: Rows) -> CutGraph<S> {
        let move_count = rows.move_count();
        let expanded = match move_count {
            0 => states.len(),
            _ => rows.len().min(states.len()),
        };
        rows.truncate(expanded);
        CutGraph {
            states,
            flags,
            rows,
            move_count,
            expanded,
        }
    }

    /// Number of states numbered (expanded or not).
    pub fn len(&self) -> usize {
        self.states.len()
    }

    /// Whether no state was numbered (never true of an explored part).
    pub fn is_empty(&self) -> bool {
        self.states.is_empty()
    }

    /// Number of states expanded: ids below it have all their successors
    /// numbered.
    pub fn expanded(&self) -> usize {
        self.expanded
    }

    /// Number of moves of the puzzle.
    pub fn move_count(&self) -> usize {
        self.move_count
    }

    /// The packed state with this id. The start is id 0.
    pub fn state(&self, id: u32) -> S {
        self.states[id as usize]
    }

    /// Whether state `id` is won.
    pub fn is_won(&self, id: u32) -> bool {
        self.flags[id as usize] & FLAG_WON != 0
    }

    /// The successors of an expanded state, one entry per move (a state
    /// id, [`NO_EDGE`] or [`LOSS_EDGE`]); `None` for a frontier state.
    pub fn successors(&self, id: u32) -> Option<Row<'_>> {
        ((id as usize) < self.expanded && self.move_count > 0).then(|| self.rows.row(id))
    }

    /// The bytes the part's arrays hold.
    pub fn heap_bytes(&self) -> u64 {
        (self.states.capacity() * std::mem::size_of::<S>() + self.flags.capacity()) as u64
            + self.rows.heap_bytes()
    }
}

/// What the explored part says of one state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KnownLabel {
    /// A win is reachable (won states included).
    Winnable,
    /// No win is reachable, in the whole graph.
    DeadEnd,
    /// Not known from the explored part.
    Unknown,
}

/// The counts of a partial labelling: each is exact for the explored part
/// and a lower bound of the whole graph's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PartialCounts {
    /// States numbered.
    pub states: u64,
    /// States expanded.
    pub expanded: u64,
    /// Won states among them.
    pub won: u64,
    /// Known winnable states (won ones included).
    pub winnable: u64,
    /// Known dead ends.
    pub dead_ends: u64,
    /// Known traps: moves from a known winnable state into a known dead
    /// end.
    pub traps: u64,
}

/// An explored part with its exact labels.
#[derive(Clone, Debug)]
pub struct PartialAnalysis<S> {
    cut: CutGraph<S>,
    winnable: IdSet,
    /// States from which a won or unexpanded state is reachable.
    open: IdSet,
    counts: PartialCounts,
    labelling_bytes: u64,
}

impl<S: PackedState> PartialAnalysis<S> {
    /// The explored part.
    pub fn cut(&self) -> &CutGraph<S> {
        &self.cut
    }

    /// The counts.
    pub fn counts(&self) -> PartialCounts {
        self.counts
    }

    /// The most bytes the labelling held on top of the explored part.
    pub fn labelling_bytes(&self) -> u64 {
        self.labelling_bytes
    }

    /// Whether state `id` is a known dead end.
    pub fn is_known_dead(&self, id: u32) -> bool {
        (id as usize) < self.cut.expanded && !self.open.contains(id)
    }

    /// Whether state `id` is known winnable.
    pub fn is_known_winnable(&self, id: u32) -> bool {
        self.winnable.contains(id)
    }

    /// What the explored part says of state `id`.
    pub fn label(&self, id: u32) -> KnownLabel {
        if self.is_known_winnable(id) {
            KnownLabel::Winnable
        } else if self.is_known_dead(id) {
            KnownLabel::DeadEnd
        } else {
            KnownLabel::Unknown
        }
    }

    /// Every known trap, by its state and move.
    pub fn traps(&self) -> impl Iterator<Item = Trap> + '_ {
        (0..self.cut.expanded as u32)
            .filter(|&from| self.is_known_winnable(from) && !self.cut.is_won(from))
            .flat_map(move |from| {
                let row = self.cut.successors(from).unwrap_or(Row::empty());
                row.iter().enumerate().filter_map(move |(mv, to)| {
                    (to != NO_EDGE && to != LOSS_EDGE && self.is_known_dead(to)).then_some(Trap {
                        from,
                        mv: mv as u8,
                        to,
                    })
                })
            })
    }
}

/// Labels an explored part exactly (see the module's proof), within the
/// job's memory budget: stops with [`Stopped::TooMuchMemory`] (dropping
/// the part) when the labelling would not fit beside it.
pub fn label_cut<S: PackedState>(
    cut: CutGraph<S>,
    job: &Job,
) -> Result<PartialAnalysis<S>, Stopped> {
    job.enter(Phase::Labelling);
    let n = cut.len();
    let count = n as u64;
    let expanded = cut.expanded;
    let set_bytes = n.div_ceil(64) as u64 * 8;
    let mut held = cut.heap_bytes();
    let base = held;

    // The reversed edges of the expanded states, laid out by target:
    // `pred_start[t]..pred_start[t + 1]` in `preds` (duplicates kept;
    // they change no reachability).
    let mut pred_start: Vec<u32> = job.filled_vec(n + 1, 0u32, held, count)?;
    held += pred_start.capacity() as u64 * 4;
    let is_state = |to: u32| to != NO_EDGE && to != LOSS_EDGE;
    let mut edges = 0u64;
    for &to in cut.rows.cells().iter().filter(|&&to| is_state(to)) {
        pred_start[to as usize] += 1;
        edges += 1;
    }
    if edges > u64::from(u32::MAX) {
        return Err(Stopped::TooMuchMemory {
            bytes: held.saturating_add(edges * 4),
            budget: job.max_memory(),
            states: count,
            refused: false,
        });
    }
    // Each entry becomes the end of its run; filling moves it to the start.
    let mut total = 0u32;
    for slot in pred_start.iter_mut() {
        total += *slot;
        *slot = total;
    }
    let mut preds: Vec<u32> = job.filled_vec(edges as usize, 0u32, held, count)?;
    held += preds.capacity() as u64 * 4;
    for from in 0..expanded {
        for &to in cut.rows.row(from as u32).edges() {
            if is_state(to) {
                let at = &mut pred_start[to as usize];
                *at -= 1;
                preds[*at as usize] = from as u32;
            }
        }
    }

    job.check_memory(held, 2 * set_bytes, count)?;
    held += 2 * set_bytes;
    let mut winnable = IdSet::new(n);
    let mut open = IdSet::new(n);
    let mut stack: Vec<u32> = Vec::new();
    let mut most = held;
    let mut reach = |set: &mut IdSet, seed: u32, stack: &mut Vec<u32>| -> Result<(), Stopped> {
        if set.contains(seed) {
            return Ok(());
        }
        set.insert(seed);
        stack.push(seed);
        while let Some(t) = stack.pop() {
            let run = pred_start[t as usize] as usize..pred_start[t as usize + 1] as usize;
            for &p in &preds[run] {
                if !set.contains(p) {
                    set.insert(p);
                    if stack.len() == stack.capacity() {
                        let now = held + stack.capacity() as u64 * 4;
                        job.reserve(stack, stack.len().max(1024), now, count)?;
                        most = most.max(held + stack.capacity() as u64 * 4);
                    }
                    stack.push(p);
                }
            }
        }
        Ok(())
    };
    let mut won = 0u64;
    for id in (0..n as u32).filter(|&id| cut.is_won(id)) {
        won += 1;
        reach(&mut winnable, id, &mut stack)?;
        reach(&mut open, id, &mut stack)?;
    }
    for id in expanded as u32..n as u32 {
        reach(&mut open, id, &mut stack)?;
    }
    drop(stack);
    drop(preds);
    drop(pred_start);

    let mut analysis = PartialAnalysis {
        cut,
        winnable,
        open,
        counts: PartialCounts::default(),
        labelling_bytes: most - base,
    };
    let traps = analysis.traps().count() as u64;
    analysis.counts = PartialCounts {
        states: count,
        expanded: expanded as u64,
        won,
        winnable: (0..n as u32)
            .filter(|&id| analysis.is_known_winnable(id))
            .count() as u64,
        dead_ends: (0..expanded as u32)
            .filter(|&id| analysis.is_known_dead(id))
            .count() as u64,
        traps,
    };
    Ok(analysis)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::analysis::{analyze, analyze_or_partial, Partial, PartialUnavailable};
    use crate::engine::label::{Label, LabelError};
    use crate::engine::puzzle::{Outcome, Puzzle};
    use crate::engine::{Explored, Interrupted};
    use proptest::prelude::*;
    use std::collections::HashSet;

    /// A graph given as a table: `rows[s][mv]` is the state move `mv`
    /// leads to from `s` (`None`: no move; `Some(LOSS)`: a loss); the
    /// start is 0.
    struct Table {
        rows: Vec<Vec<Option<u64>>>,
        won: Vec<bool>,
    }

    const LOSS: u64 = u64::MAX;

    impl Puzzle for Table {
        type State = u64;
        fn move_count(&self) -> usize {
            self.rows[0].len()
        }
        fn move_name(&self, mv: usize) -> &'static str {
            ["a", "b", "c", "d"][mv]
        }
        fn start(&self) -> u64 {
            0
        }
        fn step(&self, s: &u64, mv: usize) -> Outcome<u64> {
            match self.rows[*s as usize][mv] {
                None => Outcome::NoMove,
                Some(LOSS) => Outcome::Loss,
                Some(t) => Outcome::Next(t),
            }
        }
        fn is_won(&self, s: &u64) -> bool {
            self.won[*s as usize]
        }
        fn is_preferred(&self, _: &u64) -> bool {
            true
        }
    }

    /// 0 -a-> 1, 0 -b-> 2; 1 -a-> 3, 1 -b-> 4; 2 -a-> 5 (won),
    /// 2 -b-> 3; 3 -a-> 3 (a dead end: it only loops); 4 -a-> 6, 4 -b-> 7
    /// (a dead end: no move); 6 -a-> 8 (won).
    fn hand_made() -> Table {
        let rows = vec![
            vec![Some(1), Some(2)],
            vec![Some(3), Some(4)],
            vec![Some(5), Some(3)],
            vec![Some(3), None],
            vec![Some(6), Some(7)],
            vec![None, None],
            vec![Some(8), Some(LOSS)],
            vec![None, None],
            vec![None, None],
        ];
        let won = (0..9).map(|s| s == 5 || s == 8).collect();
        Table { rows, won }
    }

    fn known(unfinished: crate::engine::Unfinished<u64>) -> PartialAnalysis<u64> {
        match unfinished.partial {
            Partial::Known(known) => *known,
            Partial::Unavailable(why) => panic!("no partial labelling: {why}"),
        }
    }

    fn id_of(cut: &CutGraph<u64>, state: u64) -> u32 {
        (0..cut.len() as u32)
            .find(|&id| cut.state(id) == state)
            .unwrap()
    }

    #[test]
    fn a_hand_made_graph_cut_by_the_state_budget_keeps_its_exact_labels() {
        let table = hand_made();
        // Breadth first: 0; 1 2; 3 4 5; 6 7; 8. A budget of 8 stops at
        // numbering 8 (from 6, whose row is cut short): 0 to 5 are
        // expanded, 6 and 7 are the frontier.
        let stopped = analyze_or_partial(&table, &Job::new(8)).unwrap_err();
        assert_eq!(
            stopped.error,
            LabelError::Stopped(Stopped::TooBig {
                states: 8,
                budget: 8
            })
        );
        let part = known(stopped);
        let cut = part.cut();
        assert_eq!((cut.len(), cut.expanded()), (8, 6));
        let label = |s| part.label(id_of(cut, s));
        assert_eq!(label(3), KnownLabel::DeadEnd);
        for s in [0, 2, 5] {
            assert_eq!(label(s), KnownLabel::Winnable, "state {s}");
        }
        // 1 and 4 reach the frontier; 7, a dead end of the whole graph,
        // was never expanded.
        for s in [1, 4, 6, 7] {
            assert_eq!(label(s), KnownLabel::Unknown, "state {s}");
        }
        let traps: Vec<(u64, u8)> = part.traps().map(|t| (cut.state(t.from), t.mv)).collect();
        assert_eq!(traps, [(2, 1)]);
        assert_eq!(
            part.counts(),
            PartialCounts {
                states: 8,
                expanded: 6,
                won: 1,
                winnable: 3,
                dead_ends: 1,
                traps: 1,
            }
        );
        // The whole graph: more dead ends and traps, never fewer.
        let whole = analyze(&table, &Job::default()).unwrap();
        assert_eq!(whole.dead_end_count(), 2);
        assert_eq!(whole.traps.len(), 3);
    }

    #[test]
    fn a_time_limit_keeps_the_explored_part_and_a_cancel_does_not() {
        let table = hand_made();
        let timed = Job::default();
        timed.time_out();
        let stopped = analyze_or_partial(&table, &timed).unwrap_err();
        assert!(matches!(
            stopped.error,
            LabelError::Stopped(Stopped::Cancelled { .. })
        ));
        let part = known(stopped);
        assert_eq!((part.cut().len(), part.cut().expanded()), (1, 0));
        assert_eq!(part.label(0), KnownLabel::Unknown);
        assert_eq!(part.counts().dead_ends, 0);

        let cancelled = Job::default();
        cancelled.cancel();
        let stopped = analyze_or_partial(&table, &cancelled).unwrap_err();
        assert!(matches!(
            stopped.partial,
            Partial::Unavailable(PartialUnavailable::NotKept)
        ));
    }

    /// A [`Table`] that times its job out when it steps state `at`.
    struct TimesOut {
        table: Table,
        job: Job,
        at: u64,
    }

    impl Puzzle for TimesOut {
        type State = u64;
        fn move_count(&self) -> usize {
            self.table.move_count()
        }
        fn move_name(&self, mv: usize) -> &'static str {
            self.table.move_name(mv)
        }
        fn start(&self) -> u64 {
            0
        }
        fn step(&self, s: &u64, mv: usize) -> Outcome<u64> {
            if *s == self.at {
                self.job.time_out();
            }
            self.table.step(s, mv)
        }
        fn is_won(&self, s: &u64) -> bool {
            self.table.is_won(s)
        }
        fn is_preferred(&self, _: &u64) -> bool {
            true
        }
    }

    #[test]
    fn a_time_limit_after_the_exploration_labels_the_whole_graph() {
        // A chain 0 -a-> 1 -a-> ... -a-> 99 (won); every even state also
        // moves -b-> 100, which has no move (a dead end): 50 traps.
        let rows = (0..=100u64)
            .map(|s| match s {
                100 => vec![None, None],
                s => vec![(s < 99).then_some(s + 1), (s % 2 == 0).then_some(100)],
            })
            .collect();
        let won = (0..=100).map(|s| s == 99).collect();
        let table = Table { rows, won };
        let whole = analyze(&table, &Job::default()).unwrap();
        // The explorer looks at the clock once in 16,384 states: stepping
        // state 70 (past the first batch) times the job out, and the
        // labelling, which looks at every distance, stops.
        let job = Job::default();
        let puzzle = TimesOut {
            table,
            job: job.clone(),
            at: 70,
        };
        let stopped = analyze_or_partial(&puzzle, &job).unwrap_err();
        assert!(matches!(
            stopped.error,
            LabelError::Stopped(Stopped::Cancelled { .. })
        ));
        let part = known(stopped);
        assert_eq!((part.cut().len(), part.cut().expanded()), (101, 101));
        assert_eq!(part.counts().dead_ends, whole.dead_end_count());
        assert_eq!(part.counts().traps, whole.traps.len() as u64);
        assert_eq!(part.counts().traps, 50);
        agrees_with_the_whole(&part, &whole);
    }

    #[test]
    fn a_memory_stop_labels_nothing_and_says_so() {
        let table = hand_made();
        let job = Job::default().with_max_memory(64);
        let stopped = analyze_or_partial(&table, &job).unwrap_err();
        assert!(matches!(
            stopped.error,
            LabelError::Stopped(Stopped::TooMuchMemory { .. })
        ));
        let Partial::Unavailable(why) = stopped.partial else {
            panic!("a memory stop labels nothing");
        };
        assert_eq!(why, PartialUnavailable::MemoryBudget);
        let words = why.to_string();
        assert!(
            words.starts_with("partial figures are unavailable: the memory budget"),
            "{words}"
        );
    }

    #[test]
    fn labelling_that_would_pass_the_memory_budget_stops_cleanly() {
        let table = hand_made();
        let Err(Interrupted { cut: Some(cut), .. }) =
            crate::engine::explore_keeping_cut(&table, &Job::new(8))
        else {
            panic!("the state budget keeps the explored part");
        };
        let cut = *cut;
        let copy = cut.clone();
        let tight = Job::default().with_max_memory(copy.heap_bytes() + 8);
        assert!(matches!(
            label_cut(copy, &tight),
            Err(Stopped::TooMuchMemory { .. })
        ));
        let roomy = Job::default().with_max_memory(cut.heap_bytes() + 4096);
        let part = label_cut(cut, &roomy).unwrap();
        assert!(part.labelling_bytes() > 0 && part.labelling_bytes() <= 4096);
    }

    /// A random graph of `n` states and `moves` moves from `seed`: each
    /// move leads nowhere, to a loss or to a random state; about one state
    /// in `1 / won_share` is won.
    fn random_table(n: usize, moves: usize, seed: u64, won_share: u64) -> Table {
        let mut x = seed | 1;
        let mut next = move || {
            // xorshift64*
            x ^= x >> 12;
            x ^= x << 25;
            x ^= x >> 27;
            x.wrapping_mul(0x2545_f491_4f6c_dd1d)
        };
        let rows = (0..n)
            .map(|_| {
                (0..moves)
                    .map(|_| match next() % 8 {
                        0 | 1 => None,
                        2 => Some(LOSS),
                        _ => Some(next() % n as u64),
                    })
                    .collect()
            })
            .collect();
        let won = (0..n).map(|s| s != 0 && next() % won_share == 0).collect();
        Table { rows, won }
    }

    /// Checks every known label and trap of `part` against the whole
    /// analysis.
    fn agrees_with_the_whole(part: &PartialAnalysis<u64>, whole: &Explored<u64>) {
        let cut = part.cut();
        let whole_id = |id: u32| whole.graph.find(&cut.state(id)).expect("a state of both");
        let whole_traps: HashSet<(u32, u8)> = whole.traps.iter().map(|t| (t.from, t.mv)).collect();
        for id in 0..cut.len() as u32 {
            let full = whole.label(whole_id(id));
            match part.label(id) {
                KnownLabel::DeadEnd => assert_eq!(full, Label::DeadEnd, "known dead end {id}"),
                KnownLabel::Winnable => assert_ne!(full, Label::DeadEnd, "known winnable {id}"),
                KnownLabel::Unknown => {
                    assert!((id as usize) >= cut.expanded() || full != Label::Won)
                }
            }
        }
        for trap in part.traps() {
            assert!(
                whole_traps.contains(&(whole_id(trap.from), trap.mv)),
                "known trap {trap:?} is a trap of the whole graph"
            );
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        #[test]
        fn known_dead_ends_and_traps_hold_in_the_whole_graph(
            n in 1usize..80,
            moves in 1usize..5,
            seed in any::<u64>(),
            won_share in 2u64..30,
            cut_at in 0.0f64..1.2,
        ) {
            let table = random_table(n, moves, seed, won_share);
            let whole = analyze(&table, &Job::default()).unwrap();
            let size = whole.graph.len() as u64;
            let budget = ((size as f64 * cut_at) as u64).max(1);
            match analyze_or_partial(&table, &Job::new(budget)) {
                Ok(all) => {
                    prop_assert!(budget >= size);
                    prop_assert_eq!(all.graph.len() as u64, size);
                }
                Err(stopped) => {
                    prop_assert!(budget < size);
                    let part = known(stopped);
                    prop_assert_eq!(part.cut().len() as u64, budget);
                    agrees_with_the_whole(&part, &whole);
                }
            }
            // A budget that fits everything: the partial figures are the
            // whole ones.
            let graph = crate::engine::explore(&table, &Job::default()).unwrap();
            let part = label_cut(graph.into_cut(), &Job::default()).unwrap();
            agrees_with_the_whole(&part, &whole);
            let summary = whole.summary(&table);
            let counts = part.counts();
            prop_assert_eq!(counts.states, summary.states);
            prop_assert_eq!(counts.expanded, summary.states);
            prop_assert_eq!(counts.won, summary.won_states);
            prop_assert_eq!(counts.dead_ends, summary.dead_ends);
            prop_assert_eq!(counts.winnable, summary.states - summary.dead_ends);
            prop_assert_eq!(counts.traps, summary.traps);
        }
    }
}
