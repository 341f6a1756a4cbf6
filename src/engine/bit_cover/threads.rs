//! The rest of a count on the pool's threads, with the answer of one
//! thread.
//!
//! A search that counts to the end lists its first solutions on one thread
//! (they are the same solutions in the same order whatever the thread
//! count) and then *hands over*: every row its levels have not tried yet
//! becomes a task, the count of the subproblem that row leads to. The
//! biggest tasks (the shallowest) are split into the rows of their
//! subproblem's level until every thread has a few dozen to choose from,
//! and the pool's threads take the tasks in turn. The count is the one
//! thread's count plus the tasks' counts.
//!
//! The threads share the subproblems counted so far: the one thread's
//! memory, read only, and a map of their own in shards behind locks. Two
//! threads may count one subproblem at once; both find the same number.
//!
//! # The same nodes as one thread
//!
//! One thread goes on from the same point, with every finished subproblem
//! remembered, visits one level for every subproblem it has not seen
//! before, and tries there the rows the subproblem's covered columns allow
//! (the same rows whoever gets there). So its nodes are the nodes so far,
//! one for each task, and for every subproblem counted after the hand-over
//! (each once, however many threads counted it) the rows tried at its
//! level, leaving out the levels the one thread had open at the hand-over
//! and the levels split (their rows are the tasks). That sum is the figure
//! reported, and the same whatever the thread count. A level is split only
//! when its subproblem is neither known nor open nor split before, so it
//! is one the one thread visits once too.
//!
//! It holds while the one thread would remember every subproblem, and
//! would not reach its budget: the threads give up as soon as the
//! subproblems seen would not fit in [`MEMO_CAPACITY`], or the nodes would
//! pass the budget, and the search starts again on one thread, which stops
//! where it must.

use std::collections::HashSet;
use std::hash::BuildHasherDefault;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;

use rayon::prelude::*;

use super::{Choice, Frame, Memo, Outcome, Remembered, Search, Step, NONE};
use crate::engine::exact_cover::{CoverCount, CoverQuery, CoverStop, KeyHasher, MEMO_CAPACITY};
use crate::engine::job::Job;

/// The keys of the open levels (random already: hashed by their low bits).
type OpenKeys = HashSet<u128, BuildHasherDefault<KeyHasher>>;

/// Shards of the shared map (a power of two).
const SHARDS: usize = 64;

/// One row a level of the handing-over search has not tried: the count of
/// what follows it.
struct Task {
    /// The level.
    depth: usize,
    /// The column the level branches on.
    column: u32,
    /// The row.
    row: u32,
    /// The level's covered columns (without the row).
    covered: Vec<u64>,
    /// Their key.
    key: u128,
    /// The level's alive rows.
    alive: Vec<u64>,
    /// The level's candidate counts of the primary columns.
    lens: Vec<u16>,
    /// Whether the task is counted as it is (its subproblem is known, a
    /// solution or a dead end, or already split).
    whole: bool,
}

/// One shard of the shared map, on cache lines of its own (two threads
/// locking neighbouring shards do not take each other's line away).
#[repr(align(128))]
struct Shard(Mutex<Memo>);

/// What the threads share: the subproblems counted, the nodes so far, and
/// whether to give up.
struct Shared<'a> {
    /// The handing-over search's memory.
    first: &'a Memo,
    /// The subproblems counted since, by shard.
    shards: Vec<Shard>,
    /// The keys of the levels open at the hand-over.
    open: OpenKeys,
    /// Rows tried at the levels of subproblems counted since (each once),
    /// the open levels left out.
    nodes: AtomicU64,
    /// Subproblems counted since, the open levels left out.
    kept: AtomicUsize,
    /// The most of those one thread would remember.
    room: usize,
    /// The most of those nodes within the budget.
    nodes_left: u64,
    /// The nodes before: the handing-over search's and one a task.
    nodes_before: u64,
    /// Set once the count cannot match one thread's.
    given_up: AtomicBool,
}

impl Shared<'_> {
    /// The shard of `key` (its high bits: the maps hash the low ones).
    fn shard(&self, key: u128) -> &Mutex<Memo> {
        &self.shards[(key >> 64) as usize & (SHARDS - 1)].0
    }
}

impl Remembered for &Shared<'_> {
    fn count(&self, key: u128) -> Option<u128> {
        if let Some(&count) = self.first.get(&key) {
            return Some(count);
        }
        let shard = self
            .shard(key)
            .lock()
            .expect("no thread panics holding a shard");
        shard.get(&key).copied()
    }

    fn keep(&mut self, key: u128, count: u128, tries: u32) {
        let new = {
            let mut shard = self
                .shard(key)
                .lock()
                .expect("no thread panics holding a shard");
            shard.insert(key, count).is_none()
        };
        if !new || self.open.contains(&key) {
            return;
        }
        let nodes = self.nodes.fetch_add(tries as u64, Ordering::Relaxed) + tries as u64;
        let kept = self.kept.fetch_add(1, Ordering::Relaxed) + 1;
        if nodes > self.nodes_left || kept > self.room {
            self.given_up.store(true, Ordering::Relaxed);
        }
    }

    fn report(&self, job: &Job, _visited: u64) -> bool {
        job.report_states(self.nodes_before + self.nodes.load(Ordering::Relaxed));
        self.given_up.load(Ordering::Relaxed)
    }
}

/// Finishes the count `search` handed over with `stack` open (the key of
/// its covered columns `key`): the count and the nodes one thread would
/// have visited, or `None` when the threads gave up (the count must start
/// again on one thread). A cancel is answered as one thread's would be, by
/// the solutions and nodes so far.
pub(super) fn finish(
    search: &mut Search<'_, Memo>,
    stack: &[Frame],
    key: u128,
) -> Option<(CoverCount, u64)> {
    let mut open: OpenKeys = stack.iter().map(|f| f.key).collect();
    let tasks = tasks(search, stack, key);
    let (tasks, nodes) = split(search, tasks, &mut open);
    let nodes_before = search.visited + nodes;
    let open_unknown = open.iter().filter(|k| !search.memo.contains_key(k)).count();
    let room = MEMO_CAPACITY.checked_sub(search.memo.len() + open_unknown)?;
    let nodes_left = search.query.budget.checked_sub(nodes_before)?;
    let shared = Shared {
        first: &search.memo,
        shards: (0..SHARDS)
            .map(|_| Shard(Mutex::new(Memo::default())))
            .collect(),
        open,
        nodes: AtomicU64::new(0),
        kept: AtomicUsize::new(0),
        room,
        nodes_left,
        nodes_before,
        given_up: AtomicBool::new(false),
    };
    let counts: Vec<Option<u128>> = {
        let next = AtomicUsize::new(0);
        let done: Vec<Mutex<Option<u128>>> = tasks.iter().map(|_| Mutex::new(None)).collect();
        let view = &*search;
        (0..rayon::current_num_threads())
            .into_par_iter()
            .for_each(|_| take_tasks(view, &tasks, &next, &shared, &done));
        done.into_iter()
            .map(|d| d.into_inner().expect("no thread panics holding a count"))
            .collect()
    };
    let nodes = nodes_before + shared.nodes.load(Ordering::Relaxed);
    let found = search.found + counts.iter().flatten().sum::<u128>();
    let given_up = shared.given_up.load(Ordering::Relaxed);
    if !given_up && counts.iter().all(Option::is_some) {
        Some((CoverCount::Exact(found), nodes))
    } else if search.job.is_cancelled() {
        let why = CoverStop::Cancelled { nodes };
        Some((CoverCount::AtLeast { found, why }, nodes))
    } else {
        None
    }
}

/// The rows the levels of `stack` have not tried, shallow levels first and
/// each level's in its order; `search` is left with the covered columns of
/// the first level.
fn tasks(search: &mut Search<'_, Memo>, stack: &[Frame], mut key: u128) -> Vec<Task> {
    let x = search.instance;
    let (stride, primary) = (search.tables.stride, x.primary);
    let mut tasks = Vec::new();
    for (depth, frame) in stack.iter().enumerate().rev() {
        if frame.row != NONE {
            search.flip(frame.row);
            key ^= x.row_key[frame.row as usize];
        }
        let mut level = Vec::new();
        let mut from = frame.next;
        while let Some(row) = search.next_row(depth, frame.column, from) {
            from = row + 1;
            let gate = x.gate[row as usize];
            if gate == NONE || search.is_covered(gate) {
                level.push(Task {
                    depth,
                    column: frame.column,
                    row,
                    covered: search.covered.clone(),
                    key,
                    alive: search.alive[depth * stride..][..stride].to_vec(),
                    lens: search.lens[depth * primary..][..primary].to_vec(),
                    whole: false,
                });
            }
        }
        tasks.push(level);
    }
    tasks.into_iter().rev().flatten().collect()
}

/// How many tasks a thread should have to choose from, so that no big
/// task is left to one thread at the end.
const TASKS_A_THREAD: usize = 32;

/// The tasks with the biggest (the shallowest) split into the rows of
/// their subproblem's level, until each of the pool's threads has
/// [`TASKS_A_THREAD`] of them: the tasks and the nodes they stand for.
///
/// A split subproblem is one one thread would visit (it is neither known
/// nor open, nor split before); its level joins the open levels (so its
/// count is not counted in nodes twice) and each of its rows is a task,
/// and a node, as the open levels' rows are.
fn split(search: &Search<'_, Memo>, mut tasks: Vec<Task>, open: &mut OpenKeys) -> (Vec<Task>, u64) {
    let x = search.instance;
    let (stride, primary) = (search.tables.stride, x.primary);
    let target = TASKS_A_THREAD * rayon::current_num_threads();
    let mut nodes = tasks.len() as u64;
    while tasks.len() < target {
        let Some(i) = (0..tasks.len())
            .filter(|&i| !tasks[i].whole)
            .min_by_key(|&i| tasks[i].depth)
        else {
            break;
        };
        let task = &tasks[i];
        let key = task.key ^ x.row_key[task.row as usize];
        if search.memo.contains_key(&key) || open.contains(&key) {
            tasks[i].whole = true;
            continue;
        }
        let mut level = Search {
            instance: x,
            tables: search.tables,
            query: search.query,
            job: search.job,
            covered: task.covered.clone(),
            alive: [&task.alive[..], &vec![0; stride]].concat(),
            lens: [&task.lens[..], &vec![0; primary]].concat(),
            visited: 0,
            found: 0,
            solutions: Vec::new(),
            memo: Memo::default(),
            hand_over_from: u64::MAX,
        };
        level.flip(task.row);
        level.kill(0, task.row);
        let Choice::Column(column) = level.choose(1) else {
            tasks[i].whole = true;
            continue;
        };
        let mut rows = Vec::new();
        let mut from = 0;
        while let Some(row) = level.next_row(1, column, from) {
            from = row + 1;
            let gate = x.gate[row as usize];
            if gate == NONE || level.is_covered(gate) {
                rows.push(Task {
                    depth: task.depth + 1,
                    column,
                    row,
                    covered: level.covered.clone(),
                    key,
                    alive: level.alive[stride..].to_vec(),
                    lens: level.lens[primary..].to_vec(),
                    whole: false,
                });
            }
        }
        if rows.is_empty() {
            tasks[i].whole = true;
            continue;
        }
        open.insert(key);
        nodes += rows.len() as u64;
        tasks.splice(i..=i, rows);
    }
    (tasks, nodes)
}

/// One thread's share: tasks in turn until none is left or the threads
/// give up.
fn take_tasks(
    from: &Search<'_, Memo>,
    tasks: &[Task],
    next: &AtomicUsize,
    shared: &Shared<'_>,
    done: &[Mutex<Option<u128>>],
) {
    let query = CoverQuery {
        list: 0,
        budget: u64::MAX,
        ..*from.query
    };
    let (stride, primary) = (from.tables.stride, from.instance.primary);
    loop {
        if shared.given_up.load(Ordering::Relaxed) || from.job.is_cancelled() {
            return;
        }
        let i = next.fetch_add(1, Ordering::Relaxed);
        let Some(task) = tasks.get(i) else {
            return;
        };
        let mut alive = task.alive.clone();
        alive.resize(2 * stride, 0);
        let mut lens = task.lens.clone();
        lens.resize(2 * primary, 0);
        let mut search = Search {
            instance: from.instance,
            tables: from.tables,
            query: &query,
            job: from.job,
            covered: task.covered.clone(),
            alive,
            lens,
            visited: 0,
            found: 0,
            solutions: Vec::new(),
            memo: shared,
            hand_over_from: u64::MAX,
        };
        search.flip(task.row);
        let level = Frame {
            column: task.column,
            next: task.row + 1,
            row: task.row,
            key: task.key,
            before: 0,
            tries: 0,
        };
        let key = task.key ^ from.instance.row_key[task.row as usize];
        if let Outcome::Done(CoverCount::Exact(count)) =
            search.run(&[], vec![level], key, Step::Enter, 1)
        {
            *done[i].lock().expect("no thread panics holding a count") = Some(count);
        }
    }
}
