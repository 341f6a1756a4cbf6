//! Counting and listing exact covers with dancing links.
//!
//! An exact-cover instance has *columns* and *rows*; a row is a set of
//! columns. *Primary* columns must be covered exactly once, *secondary*
//! columns at most once. A solution is a set of rows that does that. This
//! module knows nothing of what the columns mean: Tangram's triangles and
//! shapes, or a pentomino board's cells and pieces, are the caller's affair.
//!
//! The search is Knuth's Algorithm X on dancing links (a flat array of
//! nodes, each linked left, right, up and down; covering a column unlinks
//! it and every row that meets it, uncovering puts them back in reverse
//! order). At every level it branches on the primary column with the fewest
//! candidate rows left (the first such column on a tie), so forced choices
//! are made first and dead ends are found early.
//!
//! Two additions to Knuth's algorithm:
//! - A count remembers the subproblems it has finished: what is left to
//!   cover depends only on which columns are covered, so a second path to
//!   the same covered columns takes the count from memory instead of
//!   searching again (keys are 128-bit hashes of the covered columns; at
//!   most [`MEMO_CAPACITY`] subproblems are kept).
//! - Groups of *interchangeable* primary columns
//!   ([`ExactCover::interchangeable`]): solutions that differ only by
//!   swapping such columns are found once. Tangram uses it for identical
//!   shapes.
//!
//! The search counts *nodes*: one node per row it tries. A budget of nodes,
//! the job's cancel flag and an optional "stop after this many solutions"
//! bound can stop it early; a stopped search still says how many solutions
//! it found, so the caller can say "at least N". Progress (nodes so far) is
//! reported to the job as its state counter, in the
//! [`Phase::Exploring`] phase.
//!
//! Conventions (as in Knuth's algorithm): a row that meets no primary column
//! is never part of a solution (the search only ever picks rows through a
//! primary column); two rows with the same columns are two different rows.
//! An instance without primary columns has exactly one solution, the empty
//! set of rows.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::job::{Job, Phase};

/// How often (in nodes) the search reports progress and looks at the cancel
/// flag. A power of two.
pub(super) const REPORT_EVERY: u64 = 1 << 12;

/// The most subproblems a search remembers (about 48 MB at most).
pub const MEMO_CAPACITY: usize = 1 << 20;

/// A 128-bit random key for column `c` (splitmix64, fixed seeds: every run
/// gives the same keys).
pub(super) fn column_key(c: usize) -> u128 {
    let mix = |mut z: u64| {
        z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    let c = c as u64;
    (mix(c.wrapping_mul(2)) as u128) << 64 | mix(c.wrapping_mul(2) + 1) as u128
}

/// Hashes the memo's keys, which are random already: their low 64 bits.
#[derive(Default)]
pub(super) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ b as u64).wrapping_mul(0x0100_0000_01b3);
        }
    }

    fn write_u128(&mut self, key: u128) {
        self.0 = key as u64;
    }
}

/// Subproblems already counted: the key of the covered columns, and the
/// number of ways to finish from there.
pub(super) type Memo = HashMap<u128, u128, BuildHasherDefault<KeyHasher>>;

/// One node of the dancing links: a column header or a row's entry.
#[derive(Clone, Copy, Debug, Default)]
struct Node {
    left: u32,
    right: u32,
    up: u32,
    down: u32,
    /// The node of this node's column header (a header names itself; the
    /// root names itself too).
    col: u32,
}

/// An exact-cover instance: built once with [`ExactCover::new`] and
/// [`ExactCover::add_row`], then searched any number of times (each search
/// works on its own copy of the links, so `&self` suffices and searches may
/// run on several threads at once).
#[derive(Clone, Debug)]
pub struct ExactCover {
    primary: usize,
    secondary: usize,
    /// Node 0 is the root; nodes `1..=columns` are the column headers
    /// (column `c` is node `c + 1`); row entries follow.
    nodes: Vec<Node>,
    /// Candidate rows per node: meaningful for column headers only.
    len: Vec<u32>,
    /// The row of every node (`u32::MAX` for the root and headers).
    row_of: Vec<u32>,
    /// The columns of every row, sorted.
    row_columns: Vec<Vec<u32>>,
    /// Every row's key: the XOR of its columns' keys.
    row_key: Vec<u128>,
    /// For every column, the column before it in its group of
    /// interchangeable columns (`u32::MAX` for none).
    previous: Vec<u32>,
    /// For every node up to the last header: whether it is the header of a
    /// column in a group of interchangeable columns (never branched on).
    grouped: Vec<bool>,
    /// For every row, the header node of the column that must be covered
    /// before the row may be tried (`u32::MAX` for none): see
    /// [`ExactCover::interchangeable`].
    gate: Vec<u32>,
}

/// Why a search stopped before it had seen every solution.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CoverStop {
    /// The node budget ran out.
    #[error("too big: stopped after {nodes} search nodes (the budget is {budget} nodes)")]
    Budget {
        /// Nodes (rows tried) when the search stopped.
        nodes: u64,
        /// The budget that was hit.
        budget: u64,
    },
    /// Somebody called [`Job::cancel`].
    #[error("cancelled after {nodes} search nodes")]
    Cancelled {
        /// Nodes (rows tried) when the search stopped.
        nodes: u64,
    },
    /// The search found as many solutions as it was asked to look for.
    #[error("stopped on purpose after finding {found} solutions")]
    Enough {
        /// The number of solutions asked for (and found).
        found: u128,
    },
}

/// How many exact covers an instance has: the exact number, or a lower
/// bound when the search stopped early.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CoverCount {
    /// The search finished: exactly this many solutions.
    Exact(u128),
    /// The search stopped: at least `found` solutions.
    AtLeast {
        /// Solutions found before the search stopped.
        found: u128,
        /// Why it stopped.
        why: CoverStop,
    },
}

impl CoverCount {
    /// The number of solutions found (exact or a lower bound).
    pub fn found(&self) -> u128 {
        match self {
            CoverCount::Exact(n) => *n,
            CoverCount::AtLeast { found, .. } => *found,
        }
    }

    /// The exact count, when the search finished.
    pub fn exact(&self) -> Option<u128> {
        match self {
            CoverCount::Exact(n) => Some(*n),
            CoverCount::AtLeast { .. } => None,
        }
    }

    /// Why the search stopped early, if it did.
    pub fn stopped(&self) -> Option<&CoverStop> {
        match self {
            CoverCount::Exact(_) => None,
            CoverCount::AtLeast { why, .. } => Some(why),
        }
    }
}

/// One search: which rows are fixed in advance, how many solutions to list,
/// when to stop.
#[derive(Clone, Copy, Debug)]
pub struct CoverQuery<'a> {
    /// Rows that every solution must contain (the caller's "already
    /// placed"). Rows that share a column make the answer 0.
    pub fixed_rows: &'a [usize],
    /// How many solutions to list (the first ones found); the search goes on
    /// counting after that.
    pub list: usize,
    /// Stop once this many solutions are found (the count is then
    /// [`CoverCount::AtLeast`] with [`CoverStop::Enough`]).
    pub stop_after: Option<u128>,
    /// The most nodes (rows tried) the search may visit.
    pub budget: u64,
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CoverResult {
    /// The first solutions found (up to [`CoverQuery::list`]), each as its
    /// rows in increasing order, the fixed rows included.
    pub solutions: Vec<Vec<usize>>,
    /// How many solutions there are (with the fixed rows).
    pub count: CoverCount,
    /// Nodes visited (rows tried).
    pub nodes: u64,
}

impl ExactCover {
    /// An instance with `primary_columns` primary columns (numbered from 0)
    /// followed by `secondary_columns` secondary ones, and no rows yet.
    ///
    /// # Panics
    /// When there are more than `u32::MAX / 2` columns.
    pub fn new(primary_columns: usize, secondary_columns: usize) -> ExactCover {
        let columns = primary_columns + secondary_columns;
        assert!(columns < (u32::MAX / 2) as usize, "too many columns");
        let mut nodes = Vec::with_capacity(columns + 1);
        // The root, linked with the primary headers into one circular list.
        for i in 0..=columns {
            let id = i as u32;
            let (left, right) = if i == 0 {
                (
                    primary_columns as u32,
                    if primary_columns == 0 { 0 } else { 1 },
                )
            } else if i <= primary_columns {
                (id - 1, if i == primary_columns { 0 } else { id + 1 })
            } else {
                // Secondary headers are not in the list: they are never
                // chosen, only covered by the rows that meet them.
                (id, id)
            };
            nodes.push(Node {
                left,
                right,
                up: id,
                down: id,
                col: id,
            });
        }
        ExactCover {
            primary: primary_columns,
            secondary: secondary_columns,
            len: vec![0; columns + 1],
            row_of: vec![u32::MAX; columns + 1],
            nodes,
            row_columns: Vec::new(),
            row_key: Vec::new(),
            previous: vec![u32::MAX; columns],
            grouped: vec![false; columns + 1],
            gate: Vec::new(),
        }
    }

    /// The number of primary columns.
    pub fn primary_columns(&self) -> usize {
        self.primary
    }

    /// The number of secondary columns.
    pub fn secondary_columns(&self) -> usize {
        self.secondary
    }

    /// The number of rows added so far.
    pub fn rows(&self) -> usize {
        self.row_columns.len()
    }

    /// The columns of row `row`, in increasing order.
    pub fn row(&self, row: usize) -> impl Iterator<Item = usize> + '_ {
        self.row_columns[row].iter().map(|&c| c as usize)
    }

    /// Adds a row covering `columns` (primary columns are `0..primary`,
    /// secondary ones follow; a column named twice counts once) and returns
    /// its index (rows are numbered from 0 in the order they are added).
    ///
    /// # Panics
    /// When a column is out of range, or the instance would have more than
    /// `u32::MAX / 2` entries.
    pub fn add_row(&mut self, columns: &[usize]) -> usize {
        let total = self.primary + self.secondary;
        let mut cols: Vec<u32> = columns
            .iter()
            .map(|&c| {
                assert!(
                    c < total,
                    "column {c} out of range (the instance has {total})"
                );
                c as u32
            })
            .collect();
        cols.sort_unstable();
        cols.dedup();
        assert!(
            self.nodes.len() + cols.len() < (u32::MAX / 2) as usize,
            "too many entries"
        );
        let row = self.row_columns.len() as u32;
        let first = self.nodes.len() as u32;
        let count = cols.len() as u32;
        for (k, &c) in cols.iter().enumerate() {
            let id = first + k as u32;
            let header = c + 1;
            let up = self.nodes[header as usize].up;
            self.nodes.push(Node {
                left: if k == 0 { first + count - 1 } else { id - 1 },
                right: if k as u32 + 1 == count { first } else { id + 1 },
                up,
                down: header,
                col: header,
            });
            self.nodes[up as usize].down = id;
            self.nodes[header as usize].up = id;
            self.len[header as usize] += 1;
            self.row_of.push(row);
        }
        self.row_key
            .push(cols.iter().fold(0, |key, &c| key ^ column_key(c as usize)));
        self.gate.push(self.gate_of(&cols));
        self.row_columns.push(cols);
        row as usize
    }

    /// The gate of a row with these columns (see [`ExactCover::gate`]).
    ///
    /// # Panics
    /// When the row meets a column of a group of interchangeable columns
    /// and no primary column outside the groups.
    fn gate_of(&self, cols: &[u32]) -> u32 {
        let grouped = |c: u32| self.grouped[c as usize + 1];
        assert!(
            !cols.iter().any(|&c| grouped(c))
                || cols
                    .iter()
                    .any(|&c| (c as usize) < self.primary && !grouped(c)),
            "a row that meets an interchangeable column must meet a primary column outside the groups"
        );
        let mut gates = cols
            .iter()
            .map(|&c| self.previous[c as usize])
            .filter(|&p| p != u32::MAX);
        let gate = gates.next().map_or(u32::MAX, |p| p + 1);
        assert!(
            gates.next().is_none(),
            "a row meets two interchangeable columns that follow others"
        );
        gate
    }

    /// Declares the primary `columns` interchangeable, in this order, so
    /// that solutions that differ only by swapping them are counted (and
    /// listed) once.
    ///
    /// The caller promises that swapping two of these columns maps rows to
    /// rows (for every row that meets one of them, the same row with any
    /// other one instead is a row too), that no row meets two of them, and
    /// that every row that meets one of them also meets a primary column
    /// outside every group (checked). The search never branches on a
    /// grouped column (when only grouped columns are left uncovered, no row
    /// can cover them any more: a dead end), and it tries a row that meets
    /// the `k`-th column of the group only once the `(k-1)`-th is covered,
    /// so the group's columns are used in order. Each solution up to swaps
    /// is then found exactly once: the search branches on a column outside
    /// the groups, which the solution covers with one row up to swaps, and
    /// of those twin rows only one may be tried, the first unused column's.
    /// (For example Tangram's identical shapes: each shape has a column,
    /// its placements meet triangles, and they are the same as its twins'.)
    /// Rows fixed in advance should use the group's columns in order too;
    /// otherwise the count is of the solutions that use the group's
    /// remaining columns in order after the fixed ones.
    ///
    /// # Panics
    /// When a column is out of range or not primary, or follows another in
    /// a group already, or a row meets two of the group's columns, or one
    /// of them and no primary column outside the groups.
    pub fn interchangeable(&mut self, columns: &[usize]) {
        for pair in columns.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            assert!(
                a < self.primary && b < self.primary,
                "only primary columns can be interchangeable"
            );
            assert!(
                self.previous[b] == u32::MAX,
                "column {b} is in a group already"
            );
            self.previous[b] = a as u32;
        }
        for &c in columns {
            assert!(
                c < self.primary,
                "only primary columns can be interchangeable"
            );
            self.grouped[c + 1] = true;
        }
        self.gate = self
            .row_columns
            .iter()
            .map(|cols| self.gate_of(cols))
            .collect();
    }

    /// Runs one search as `query` says.
    ///
    /// # Panics
    /// When a fixed row is out of range.
    pub fn run(&self, query: &CoverQuery<'_>, job: &Job) -> CoverResult {
        job.enter(Phase::Exploring);
        let mut search = Search {
            nodes: self.nodes.clone(),
            len: self.len.clone(),
            chosen: Vec::new(),
            visited: 0,
            found: 0,
            solutions: Vec::new(),
            key: 0,
            frames: Vec::new(),
            memo: Memo::default(),
        };
        // Fix the given rows: cover every column they meet. A column met
        // twice means the fixed rows conflict: no solution.
        let mut used = vec![false; self.primary + self.secondary];
        let mut fixed: Vec<usize> = Vec::with_capacity(query.fixed_rows.len());
        let mut conflict = false;
        for &row in query.fixed_rows {
            assert!(row < self.rows(), "fixed row {row} out of range");
            fixed.push(row);
            for &c in &self.row_columns[row] {
                if std::mem::replace(&mut used[c as usize], true) {
                    conflict = true;
                }
            }
        }
        let count = if conflict {
            CoverCount::Exact(0)
        } else {
            for &row in &fixed {
                for &c in &self.row_columns[row] {
                    search.cover(c + 1);
                }
            }
            fixed.sort_unstable();
            search.run(self, &fixed, query, job)
        };
        job.report_states(search.visited);
        job.enter(Phase::Done);
        CoverResult {
            solutions: search.solutions,
            count,
            nodes: search.visited,
        }
    }
}

/// One running search: its own copy of the links.
struct Search {
    nodes: Vec<Node>,
    len: Vec<u32>,
    /// The row entry chosen at every level.
    chosen: Vec<u32>,
    visited: u64,
    found: u128,
    solutions: Vec<Vec<usize>>,
    /// The key of the covered columns: the XOR of the chosen rows' keys.
    key: u128,
    /// For every level that covered a column: the key on entering it and
    /// the solutions found before it.
    frames: Vec<(u128, u128)>,
    /// The subproblems counted so far. What is left to cover depends only
    /// on which columns are covered (the rows left are exactly those that
    /// meet no covered column), so two paths that cover the same columns
    /// have the same number of completions: the second takes the count from
    /// here instead of searching again. While the listing is not complete
    /// only the subproblems without solutions are skipped (a remembered
    /// count lists nothing). Keys are 128-bit random, so a collision is not
    /// a practical concern.
    memo: Memo,
}

/// Where the search goes next.
enum Step {
    /// Enter a new level: a subproblem counted before, a solution, or
    /// choose a column.
    Enter,
    /// Enter a new level not counted before: a solution, or choose a column.
    Choose,
    /// Try this node's row (or, at the column header, give up the level).
    Try(u32),
    /// Leave the current level: undo its row and try the next one.
    Leave,
}

// The link operations work on slices rather than on the vectors: indexing a
// slice is a built-in operation even in an unoptimised build, where indexing
// a `Vec` is a function call; the tests count big instances in debug
// builds.

/// Unlinks column header `c` and every row that meets it.
#[inline]
fn cover(n: &mut [Node], len: &mut [u32], c: u32) {
    let Node { left, right, .. } = n[c as usize];
    n[left as usize].right = right;
    n[right as usize].left = left;
    let mut i = n[c as usize].down;
    while i != c {
        let mut j = n[i as usize].right;
        while j != i {
            let Node {
                up,
                down,
                col,
                right,
                ..
            } = n[j as usize];
            n[up as usize].down = down;
            n[down as usize].up = up;
            len[col as usize] -= 1;
            j = right;
        }
        i = n[i as usize].down;
    }
}

/// Undoes [`cover`] of column header `c`.
#[inline]
fn uncover(n: &mut [Node], len: &mut [u32], c: u32) {
    let mut i = n[c as usize].up;
    while i != c {
        let mut j = n[i as usize].left;
        while j != i {
            let Node {
                up,
                down,
                col,
                left,
                ..
            } = n[j as usize];
            len[col as usize] += 1;
            n[up as usize].down = j;
            n[down as usize].up = j;
            j = left;
        }
        i = n[i as usize].up;
    }
    let Node { left, right, .. } = n[c as usize];
    n[left as usize].right = c;
    n[right as usize].left = c;
}

/// What to do at a new level.
enum Choice {
    /// Every primary column is covered: a solution.
    Solved,
    /// Only columns of groups of interchangeable columns are left: no row
    /// can cover them any more.
    DeadEnd,
    /// Branch on this column (header node).
    Column(u32),
}

/// The primary column outside the groups of interchangeable columns with
/// the fewest candidate rows (the first one on a tie).
#[inline]
fn choose(n: &[Node], len: &[u32], grouped: &[bool]) -> Choice {
    let mut c = n[0].right;
    if c == 0 {
        return Choice::Solved;
    }
    let mut best = u32::MAX;
    let mut best_len = u32::MAX;
    while c != 0 {
        let l = len[c as usize];
        if l < best_len && !grouped[c as usize] {
            best = c;
            best_len = l;
            if l == 0 {
                break;
            }
        }
        c = n[c as usize].right;
    }
    if best == u32::MAX {
        Choice::DeadEnd
    } else {
        Choice::Column(best)
    }
}

impl Search {
    /// Covers column header `c` (used to fix rows before the search).
    fn cover(&mut self, c: u32) {
        cover(&mut self.nodes, &mut self.len, c);
    }

    /// Algorithm X, iteratively: a stack of chosen row entries.
    fn run(
        &mut self,
        instance: &ExactCover,
        fixed: &[usize],
        query: &CoverQuery<'_>,
        job: &Job,
    ) -> CoverCount {
        let Search {
            nodes,
            len,
            chosen,
            visited,
            found,
            solutions,
            key,
            frames,
            memo,
        } = self;
        let node_key = |x: u32| instance.row_key[instance.row_of[x as usize] as usize];
        let n: &mut [Node] = nodes;
        let len: &mut [u32] = len;
        let mut step = Step::Enter;
        loop {
            match step {
                Step::Enter if !chosen.is_empty() => {
                    // A remembered count stands for its subtree, unless the
                    // listing still needs the subtree's solutions (a
                    // subtree without any can always be skipped).
                    let listing = solutions.len() < query.list;
                    match memo.get(key) {
                        Some(&count) if count == 0 || !listing => {
                            *found += count;
                            if count > 0 && query.stop_after.is_some_and(|s| *found >= s) {
                                return CoverCount::AtLeast {
                                    found: *found,
                                    why: CoverStop::Enough { found: *found },
                                };
                            }
                            step = Step::Leave;
                        }
                        _ => step = Step::Choose,
                    }
                }
                Step::Enter | Step::Choose => match choose(n, len, &instance.grouped) {
                    Choice::Solved => {
                        *found += 1;
                        if solutions.len() < query.list {
                            let mut rows: Vec<usize> = fixed.to_vec();
                            rows.extend(
                                chosen.iter().map(|&x| instance.row_of[x as usize] as usize),
                            );
                            rows.sort_unstable();
                            solutions.push(rows);
                        }
                        if query.stop_after.is_some_and(|s| *found >= s) {
                            return CoverCount::AtLeast {
                                found: *found,
                                why: CoverStop::Enough { found: *found },
                            };
                        }
                        step = Step::Leave;
                    }
                    Choice::DeadEnd => step = Step::Leave,
                    Choice::Column(c) if len[c as usize] == 0 => step = Step::Leave,
                    Choice::Column(c) => {
                        frames.push((*key, *found));
                        cover(n, len, c);
                        step = Step::Try(n[c as usize].down);
                    }
                },
                Step::Try(x) => {
                    let c = n[x as usize].col;
                    if x == c {
                        // Every row of this column was tried: the level's
                        // count is complete.
                        uncover(n, len, c);
                        if let Some((entry_key, before)) = frames.pop() {
                            if memo.len() < MEMO_CAPACITY {
                                memo.insert(entry_key, *found - before);
                            }
                        }
                        step = Step::Leave;
                        continue;
                    }
                    let gate = instance.gate[instance.row_of[x as usize] as usize];
                    if gate != u32::MAX && n[n[gate as usize].left as usize].right == gate {
                        // The column before this row's in its group of
                        // interchangeable columns is still in the header
                        // list: a twin row comes first.
                        step = Step::Try(n[x as usize].down);
                        continue;
                    }
                    if *visited >= query.budget {
                        return CoverCount::AtLeast {
                            found: *found,
                            why: CoverStop::Budget {
                                nodes: *visited,
                                budget: query.budget,
                            },
                        };
                    }
                    *visited += 1;
                    if visited.is_multiple_of(REPORT_EVERY) {
                        job.report_states(*visited);
                        if job.is_cancelled() {
                            return CoverCount::AtLeast {
                                found: *found,
                                why: CoverStop::Cancelled { nodes: *visited },
                            };
                        }
                    }
                    let mut j = n[x as usize].right;
                    while j != x {
                        cover(n, len, n[j as usize].col);
                        j = n[j as usize].right;
                    }
                    chosen.push(x);
                    *key ^= node_key(x);
                    step = Step::Enter;
                }
                Step::Leave => {
                    let Some(x) = chosen.pop() else {
                        return CoverCount::Exact(*found);
                    };
                    *key ^= node_key(x);
                    let mut j = n[x as usize].left;
                    while j != x {
                        uncover(n, len, n[j as usize].col);
                        j = n[j as usize].left;
                    }
                    step = Step::Try(n[x as usize].down);
                }
            }
        }
    }
}

/// The questions a designer's tools ask of an exact cover, answered by one
/// search ([`CoverSearch::run`]) that each engine implements: dancing links
/// ([`ExactCover`]) and bit sets ([`super::bit_cover::BitCover`]).
pub trait CoverSearch {
    /// Runs one search as `query` says.
    fn run(&self, query: &CoverQuery<'_>, job: &Job) -> CoverResult;

    /// Counts the solutions, visiting at most `budget` nodes.
    fn count(&self, job: &Job, budget: u64) -> CoverCount {
        self.count_with(&[], job, budget)
    }

    /// Counts the solutions that contain every row of `fixed_rows`.
    fn count_with(&self, fixed_rows: &[usize], job: &Job, budget: u64) -> CoverCount {
        self.run(
            &CoverQuery {
                fixed_rows,
                list: 0,
                stop_after: None,
                budget,
            },
            job,
        )
        .count
    }

    /// Lists the first `limit` solutions (each as its rows in increasing
    /// order) and counts them all.
    fn list(&self, limit: usize, job: &Job, budget: u64) -> (Vec<Vec<usize>>, CoverCount) {
        self.list_with(&[], limit, job, budget)
    }

    /// Lists the first `limit` solutions that contain every row of
    /// `fixed_rows` (which are part of each listed solution) and counts them
    /// all.
    fn list_with(
        &self,
        fixed_rows: &[usize],
        limit: usize,
        job: &Job,
        budget: u64,
    ) -> (Vec<Vec<usize>>, CoverCount) {
        let result = self.run(
            &CoverQuery {
                fixed_rows,
                list: limit,
                stop_after: None,
                budget,
            },
            job,
        );
        (result.solutions, result.count)
    }

    /// The first solution that contains every row of `fixed_rows`, if any:
    /// `Ok(None)` when there is none, `Err` when the search stopped before it
    /// could tell.
    fn first_with(
        &self,
        fixed_rows: &[usize],
        job: &Job,
        budget: u64,
    ) -> Result<Option<Vec<usize>>, CoverStop> {
        let mut result = self.run(
            &CoverQuery {
                fixed_rows,
                list: 1,
                stop_after: Some(1),
                budget,
            },
            job,
        );
        match result.count {
            CoverCount::Exact(_) | CoverCount::AtLeast { found: 1.., .. } => {
                Ok(result.solutions.pop())
            }
            CoverCount::AtLeast { why, .. } => Err(why),
        }
    }
}

impl CoverSearch for ExactCover {
    fn run(&self, query: &CoverQuery<'_>, job: &Job) -> CoverResult {
        ExactCover::run(self, query, job)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const BIG: u64 = u64::MAX;

    /// Knuth's example from "Dancing Links" (2000): columns A..G, six rows,
    /// exactly one cover: rows 0 (C E F), 3 (A D) and 4 (B G).
    fn knuth() -> ExactCover {
        let mut x = ExactCover::new(7, 0);
        x.add_row(&[2, 4, 5]);
        x.add_row(&[0, 3, 6]);
        x.add_row(&[1, 2, 5]);
        x.add_row(&[0, 3]);
        x.add_row(&[1, 6]);
        x.add_row(&[3, 4, 6]);
        x
    }

    #[test]
    fn knuths_example_has_one_cover() {
        let x = knuth();
        let job = Job::default();
        assert_eq!(x.count(&job, BIG), CoverCount::Exact(1));
        let (list, count) = x.list(5, &job, BIG);
        assert_eq!(list, vec![vec![0, 3, 4]]);
        assert_eq!(count, CoverCount::Exact(1));
        assert_eq!(job.phase(), Phase::Done);
    }

    #[test]
    fn fixed_rows_narrow_or_refute() {
        let x = knuth();
        let job = Job::default();
        assert_eq!(x.count_with(&[3], &job, BIG), CoverCount::Exact(1));
        assert_eq!(x.count_with(&[1], &job, BIG), CoverCount::Exact(0));
        // Rows 0 and 2 share column C: a conflicting fixed set answers 0.
        assert_eq!(x.count_with(&[0, 2], &job, BIG), CoverCount::Exact(0));
        assert_eq!(x.count_with(&[3, 3], &job, BIG), CoverCount::Exact(0));
        // Fixing the whole solution leaves one (empty) completion.
        let (list, count) = x.list_with(&[4, 0, 3], 3, &job, BIG);
        assert_eq!(list, vec![vec![0, 3, 4]]);
        assert_eq!(count, CoverCount::Exact(1));
        assert_eq!(x.first_with(&[4], &job, BIG), Ok(Some(vec![0, 3, 4])));
        assert_eq!(x.first_with(&[5], &job, BIG), Ok(None));
    }

    #[test]
    fn secondary_columns_are_covered_at_most_once() {
        // Two primary columns, one secondary. Rows {0,s} and {1,s} conflict
        // on s; {0} and {1} do not need s.
        let mut x = ExactCover::new(2, 1);
        let a = x.add_row(&[0, 2]);
        let b = x.add_row(&[1, 2]);
        let c = x.add_row(&[0]);
        let d = x.add_row(&[1]);
        let job = Job::default();
        let (mut list, count) = x.list(10, &job, BIG);
        list.sort();
        assert_eq!(count, CoverCount::Exact(3));
        assert_eq!(list, vec![vec![a, d], vec![b, c], vec![c, d]]);
    }

    #[test]
    fn no_primary_columns_means_one_empty_cover() {
        let mut x = ExactCover::new(0, 2);
        x.add_row(&[0]);
        assert_eq!(x.count(&Job::default(), BIG), CoverCount::Exact(1));
        let x = ExactCover::new(3, 0);
        assert_eq!(x.count(&Job::default(), BIG), CoverCount::Exact(0));
    }

    /// Every subset of 2n single-column rows over n columns, two rows per
    /// column: 2^n covers.
    fn doubled(n: usize) -> ExactCover {
        let mut x = ExactCover::new(n, 0);
        for c in 0..n {
            x.add_row(&[c]);
            x.add_row(&[c]);
        }
        x
    }

    #[test]
    fn counting_remembers_subproblems() {
        // 2^40 covers: each column by either of its two rows. Every choice
        // leaves the same subproblem behind, so the count takes a few nodes
        // a level.
        let x = doubled(40);
        let job = Job::default();
        assert_eq!(x.count(&job, 1000), CoverCount::Exact(1 << 40));
        assert!(job.states() <= 2 * 40, "{} nodes", job.states());
    }

    #[test]
    fn budget_stops_with_a_lower_bound() {
        // Listing searches every solution (a remembered count lists none).
        let x = doubled(12);
        let job = Job::default();
        let (list, count) = x.list(usize::MAX, &job, BIG);
        assert_eq!(count, CoverCount::Exact(1 << 12));
        assert_eq!(list.len(), 1 << 12);
        let (list, count) = x.list(usize::MAX, &job, 100);
        let CoverCount::AtLeast { found, why } = count else {
            panic!("the budget should stop the search");
        };
        assert!(found > 0 && found < 1 << 12);
        assert_eq!(list.len() as u128, found);
        assert_eq!(
            why,
            CoverStop::Budget {
                nodes: 100,
                budget: 100
            }
        );
        assert_eq!(job.states(), 100);
    }

    #[test]
    fn cancel_stops_the_search() {
        let x = doubled(20);
        let job = Job::default();
        job.cancel();
        let (_, count) = x.list(usize::MAX, &job, BIG);
        assert!(matches!(
            count,
            CoverCount::AtLeast {
                why: CoverStop::Cancelled { .. },
                ..
            }
        ));
    }

    #[test]
    fn stop_after_enough() {
        let x = doubled(5);
        let result = x.run(
            &CoverQuery {
                fixed_rows: &[],
                list: 10,
                stop_after: Some(2),
                budget: BIG,
            },
            &Job::default(),
        );
        assert_eq!(result.solutions.len(), 2);
        assert_eq!(
            result.count,
            CoverCount::AtLeast {
                found: 2,
                why: CoverStop::Enough { found: 2 }
            }
        );
    }

    #[test]
    fn interchangeable_columns_count_once() {
        // Two cells and two identical one-cell pieces: labelled, the
        // pieces can swap (2 covers); interchangeable, that is one cover.
        let build = |group: bool| {
            let mut x = ExactCover::new(4, 0);
            for piece in [2, 3] {
                for cell in [0, 1] {
                    x.add_row(&[cell, piece]);
                }
            }
            if group {
                x.interchangeable(&[2, 3]);
            }
            x
        };
        let job = Job::default();
        assert_eq!(build(false).count(&job, BIG), CoverCount::Exact(2));
        assert_eq!(build(true).count(&job, BIG), CoverCount::Exact(1));
        let (list, _) = build(true).list(5, &job, BIG);
        // The first piece takes the first cell the search branches on.
        assert_eq!(list, vec![vec![0, 3]]);
    }

    #[test]
    #[should_panic(expected = "must meet a primary column outside the groups")]
    fn interchangeable_rows_need_an_outside_column() {
        let mut x = ExactCover::new(2, 0);
        x.add_row(&[0]);
        x.interchangeable(&[0, 1]);
    }

    #[test]
    fn duplicate_columns_in_a_row_count_once() {
        let mut x = ExactCover::new(2, 0);
        let r = x.add_row(&[1, 0, 1]);
        assert_eq!(x.row(r).collect::<Vec<_>>(), vec![0, 1]);
        assert_eq!(x.count(&Job::default(), BIG), CoverCount::Exact(1));
    }

    /// The obviously correct count: every subset of the rows, checked.
    fn brute_force(primary: usize, secondary: usize, rows: &[Vec<usize>]) -> u128 {
        // Rows that meet no primary column never take part (see the module
        // docs).
        let rows: Vec<&Vec<usize>> = rows
            .iter()
            .filter(|r| r.iter().any(|&c| c < primary))
            .collect();
        let mut count = 0;
        for mask in 0u32..(1 << rows.len()) {
            let mut times = vec![0; primary + secondary];
            for (i, row) in rows.iter().enumerate() {
                if mask >> i & 1 == 1 {
                    let mut cols = (*row).clone();
                    cols.sort_unstable();
                    cols.dedup();
                    for c in cols {
                        times[c] += 1;
                    }
                }
            }
            if times[..primary].iter().all(|&t| t == 1) && times[primary..].iter().all(|&t| t <= 1)
            {
                count += 1;
            }
        }
        count
    }

    fn instance() -> impl Strategy<Value = (usize, usize, Vec<Vec<usize>>)> {
        (1usize..7, 0usize..3).prop_flat_map(|(p, s)| {
            let row = proptest::collection::vec(0..p + s, 1..4);
            (Just(p), Just(s), proptest::collection::vec(row, 0..14))
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn agrees_with_brute_force((p, s, rows) in instance()) {
            let mut x = ExactCover::new(p, s);
            for row in &rows {
                x.add_row(row);
            }
            let job = Job::default();
            let expected = brute_force(p, s, &rows);
            prop_assert_eq!(x.count(&job, BIG), CoverCount::Exact(expected));
            // Every listed solution is a cover, and they are all different.
            let (list, _) = x.list(usize::MAX, &job, BIG);
            prop_assert_eq!(list.len() as u128, expected);
            let mut seen = list.clone();
            seen.sort();
            seen.dedup();
            prop_assert_eq!(seen.len(), list.len());
            for sol in &list {
                let mut times = vec![0; p + s];
                for &r in sol {
                    for c in x.row(r) {
                        times[c] += 1;
                    }
                }
                prop_assert!(times[..p].iter().all(|&t| t == 1));
                prop_assert!(times[p..].iter().all(|&t| t <= 1));
            }
            // Fixing the first row of the first solution keeps that solution.
            if let Some(sol) = list.first() {
                let with = x.count_with(&sol[..1], &job, BIG);
                let expected_with = list.iter().filter(|s| s.contains(&sol[0])).count() as u128;
                prop_assert_eq!(with, CoverCount::Exact(expected_with));
            }
        }
    }
}
