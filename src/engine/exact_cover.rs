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

use super::job::{Job, Phase};

/// How often (in nodes) the search reports progress and looks at the cancel
/// flag. A power of two.
const REPORT_EVERY: u64 = 1 << 12;

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
    /// The first node of every row (`u32::MAX` for a row without columns).
    row_first: Vec<u32>,
    /// The columns of every row, sorted.
    row_columns: Vec<Vec<u32>>,
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
            row_first: Vec::new(),
            row_columns: Vec::new(),
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
    /// When a column is out of range.
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
        self.row_first
            .push(if cols.is_empty() { u32::MAX } else { first });
        self.row_columns.push(cols);
        row as usize
    }

    /// Counts the solutions, visiting at most `budget` nodes.
    pub fn count(&self, job: &Job, budget: u64) -> CoverCount {
        self.count_with(&[], job, budget)
    }

    /// Counts the solutions that contain every row of `fixed_rows`.
    pub fn count_with(&self, fixed_rows: &[usize], job: &Job, budget: u64) -> CoverCount {
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
    pub fn list(&self, limit: usize, job: &Job, budget: u64) -> (Vec<Vec<usize>>, CoverCount) {
        self.list_with(&[], limit, job, budget)
    }

    /// Lists the first `limit` solutions that contain every row of
    /// `fixed_rows` (which are part of each listed solution) and counts them
    /// all.
    pub fn list_with(
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
    pub fn first_with(
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
}

/// Where the search goes next.
enum Step {
    /// Enter a new level: a solution, or choose a column.
    Enter,
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

/// The primary column with the fewest candidate rows (the first one on a
/// tie), or `None` when every primary column is covered.
#[inline]
fn choose(n: &[Node], len: &[u32]) -> Option<u32> {
    let mut c = n[0].right;
    if c == 0 {
        return None;
    }
    let mut best = c;
    let mut best_len = len[c as usize];
    c = n[c as usize].right;
    while c != 0 && best_len > 0 {
        let l = len[c as usize];
        if l < best_len {
            best = c;
            best_len = l;
        }
        c = n[c as usize].right;
    }
    Some(best)
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
        } = self;
        let n: &mut [Node] = nodes;
        let len: &mut [u32] = len;
        let mut step = Step::Enter;
        loop {
            match step {
                Step::Enter => match choose(n, len) {
                    None => {
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
                    Some(c) if len[c as usize] == 0 => step = Step::Leave,
                    Some(c) => {
                        cover(n, len, c);
                        step = Step::Try(n[c as usize].down);
                    }
                },
                Step::Try(x) => {
                    let c = n[x as usize].col;
                    if x == c {
                        // Every row of this column was tried.
                        uncover(n, len, c);
                        step = Step::Leave;
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
                    step = Step::Enter;
                }
                Step::Leave => {
                    let Some(x) = chosen.pop() else {
                        return CoverCount::Exact(*found);
                    };
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
    fn budget_stops_with_a_lower_bound() {
        let x = doubled(12);
        let job = Job::default();
        assert_eq!(x.count(&job, BIG), CoverCount::Exact(1 << 12));
        let count = x.count(&job, 100);
        let CoverCount::AtLeast { found, why } = count else {
            panic!("the budget should stop the search");
        };
        assert!(found > 0 && found < 1 << 12);
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
        let count = x.count(&job, BIG);
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
