//! Counting and listing exact covers with bit sets instead of links.
//!
//! The same problem, the same search and the same answers as
//! [`super::exact_cover`] (Knuth's Algorithm X with its two additions: a
//! count that remembers finished subproblems, and groups of
//! interchangeable columns), kept in bit sets instead of dancing links:
//!
//! - the rows still *alive* (meeting no covered column) are one bit set of
//!   rows; choosing a row ANDs it with the row's *conflicts* (every row
//!   that shares a column with it, worked out once), and taking the row
//!   back restores the set saved for its level: no links to unlink and
//!   link back;
//! - a column's candidate rows are the AND of the alive set with the
//!   column's rows, and their number a population count;
//! - the covered columns are one bit set of columns.
//!
//! For instances of up to [`MAX_ROWS`] rows (a Tangram board of 6 x 6 has
//! a few hundred) a row set is a handful of words and a level of the
//! search costs a few hundred word operations, where the links cost a
//! pointer chase per row removed and put back. Bigger instances are
//! searched with dancing links ([`super::exact_cover::ExactCover`]) built
//! from the same rows; the answers are the same either way.
//!
//! # The same search as the dancing links
//!
//! At every level the search branches on the primary column outside the
//! groups of interchangeable columns with the fewest candidate rows (the
//! lowest-numbered such column on a tie), and tries its rows in the order
//! they were added, a row whose group's earlier column is not covered yet
//! passed over. That is exactly what [`super::exact_cover`] does (its
//! header list stays in column order and its column lists in row order), so
//! the two find the same solutions in the same order, visit the same
//! nodes, and remember the same subproblems under the same keys: the count,
//! the listed solutions, the node count and where a budget stops are all
//! the same. The tests check it on random instances.
//!
//! # Nodes
//!
//! As in [`super::exact_cover`], the search counts *nodes*: one node per
//! row it tries (a row that meets no covered column and is allowed by its
//! group's order). The node budget, the job's cancel flag and "stop after
//! this many solutions" stop it the same way, with the same [`CoverCount`]
//! and [`CoverStop`]; progress (nodes so far) is reported to the job as its
//! state counter in the [`Phase::Exploring`] phase.
//!
//! Conventions as in [`super::exact_cover`]: a row that meets no primary
//! column is never part of a solution; two rows with the same columns are
//! two rows; an instance without primary columns has one solution, the
//! empty set of rows.

use std::sync::OnceLock;

use super::exact_cover::{
    column_key, CoverCount, CoverQuery, CoverResult, CoverStop, ExactCover, Memo,
};
use super::exact_cover::{MEMO_CAPACITY, REPORT_EVERY};
use super::job::{Job, Phase};

mod threads;

/// No row, no column.
const NONE: u32 = u32::MAX;

/// The most rows an instance searched on bit sets has; bigger ones are
/// searched with dancing links (see the module docs).
pub const MAX_ROWS: usize = 1024;

/// An exact-cover instance on bit sets: built once with [`BitCover::new`]
/// and [`BitCover::add_row`], then searched any number of times (each
/// search has its own sets, so `&self` suffices and searches may run on
/// several threads at once).
#[derive(Clone, Debug)]
pub struct BitCover {
    primary: usize,
    secondary: usize,
    /// Words of a mask of every column.
    words: usize,
    /// The columns of every row, sorted.
    row_columns: Vec<Vec<u32>>,
    /// Row `r`'s mask is `masks[mask_start[r]..mask_start[r + 1]]`: the
    /// non-zero words of its columns, as (word, bits).
    mask_start: Vec<u32>,
    masks: Vec<(u32, u64)>,
    /// Every row's key: the XOR of its columns' keys.
    row_key: Vec<u128>,
    /// For every column, the column before it in its group of
    /// interchangeable columns (`NONE` for none).
    previous: Vec<u32>,
    /// Whether each column is in a group of interchangeable columns.
    grouped: Vec<bool>,
    /// For every row, the column that must be covered before the row may be
    /// tried (`NONE` for none).
    gate: Vec<u32>,
    /// The columns the search may branch on (primary, outside the groups).
    branchable: Vec<u64>,
    /// Every primary column.
    primary_mask: Vec<u64>,
    /// The row sets, worked out at the first search.
    tables: OnceLock<Tables>,
    /// The dancing links, for an instance of more than [`MAX_ROWS`] rows.
    links: OnceLock<ExactCover>,
}

/// The row sets of an instance: `stride` words a set, one bit a row.
#[derive(Clone, Debug)]
struct Tables {
    stride: usize,
    /// Column `c`'s rows: `rows_of[c * stride..][..stride]`.
    rows_of: Vec<u64>,
    /// Row `r`'s conflicts (itself included): `conflicts[r * stride..]`.
    conflicts: Vec<u64>,
    /// Every row.
    all: Vec<u64>,
    /// Row `r`'s primary columns: `primary_of[primary_start[r]..primary_start[r + 1]]`.
    primary_start: Vec<u32>,
    primary_of: Vec<u32>,
}

impl BitCover {
    /// An instance with `primary_columns` primary columns (numbered from 0)
    /// followed by `secondary_columns` secondary ones, and no rows yet.
    ///
    /// # Panics
    /// When there are more than `u32::MAX / 2` columns.
    pub fn new(primary_columns: usize, secondary_columns: usize) -> BitCover {
        let columns = primary_columns + secondary_columns;
        assert!(columns < (u32::MAX / 2) as usize, "too many columns");
        let words = columns.div_ceil(64);
        let mut primary_mask = vec![0u64; words];
        for c in 0..primary_columns {
            primary_mask[c / 64] |= 1 << (c % 64);
        }
        BitCover {
            primary: primary_columns,
            secondary: secondary_columns,
            words,
            row_columns: Vec::new(),
            mask_start: vec![0],
            masks: Vec::new(),
            row_key: Vec::new(),
            previous: vec![NONE; columns],
            grouped: vec![false; columns],
            gate: Vec::new(),
            branchable: primary_mask.clone(),
            primary_mask,
            tables: OnceLock::new(),
            links: OnceLock::new(),
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
    /// When a column is out of range, or there would be `u32::MAX` rows or
    /// mask words.
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
            self.row_columns.len() < NONE as usize - 1
                && self.masks.len() + cols.len() < NONE as usize,
            "too many rows"
        );
        let row = self.row_columns.len() as u32;
        for &c in &cols {
            let (word, bit) = (c / 64, 1u64 << (c % 64));
            let own = self.masks.len() > self.mask_start[row as usize] as usize;
            match self.masks.last_mut() {
                Some((w, bits)) if own && *w == word => *bits |= bit,
                _ => self.masks.push((word, bit)),
            }
        }
        self.mask_start.push(self.masks.len() as u32);
        self.row_key
            .push(cols.iter().fold(0, |key, &c| key ^ column_key(c as usize)));
        self.gate.push(self.gate_of(&cols));
        self.row_columns.push(cols);
        self.tables = OnceLock::new();
        self.links = OnceLock::new();
        row as usize
    }

    /// The gate of a row with these columns: the column before its grouped
    /// column in that column's group.
    ///
    /// # Panics
    /// When the row meets a column of a group of interchangeable columns
    /// and no primary column outside the groups, or two grouped columns
    /// that follow others.
    fn gate_of(&self, cols: &[u32]) -> u32 {
        let grouped = |c: u32| self.grouped[c as usize];
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
            .filter(|&p| p != NONE);
        let gate = gates.next().unwrap_or(NONE);
        assert!(
            gates.next().is_none(),
            "a row meets two interchangeable columns that follow others"
        );
        gate
    }

    /// Declares the primary `columns` interchangeable, in this order, with
    /// the promise and the effect of
    /// [`super::exact_cover::ExactCover::interchangeable`]: solutions that
    /// differ only by swapping them are counted (and listed) once.
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
            assert!(self.previous[b] == NONE, "column {b} is in a group already");
            self.previous[b] = a as u32;
        }
        for &c in columns {
            assert!(
                c < self.primary,
                "only primary columns can be interchangeable"
            );
            self.grouped[c] = true;
            self.branchable[c / 64] &= !(1 << (c % 64));
        }
        self.gate = self
            .row_columns
            .iter()
            .map(|cols| self.gate_of(cols))
            .collect();
        self.tables = OnceLock::new();
        self.links = OnceLock::new();
    }

    /// The row sets (worked out once).
    fn tables(&self) -> &Tables {
        self.tables.get_or_init(|| {
            let rows = self.rows();
            let stride = rows.div_ceil(64).max(1);
            let columns = self.primary + self.secondary;
            let mut rows_of = vec![0u64; columns * stride];
            for (r, cols) in self.row_columns.iter().enumerate() {
                for &c in cols {
                    rows_of[c as usize * stride + r / 64] |= 1 << (r % 64);
                }
            }
            let mut conflicts = vec![0u64; rows * stride];
            for (r, cols) in self.row_columns.iter().enumerate() {
                let own = &mut conflicts[r * stride..][..stride];
                own[r / 64] |= 1 << (r % 64);
                for &c in cols {
                    let of = &rows_of[c as usize * stride..][..stride];
                    for (o, &w) in own.iter_mut().zip(of) {
                        *o |= w;
                    }
                }
            }
            let mut all = vec![0u64; stride];
            for r in 0..rows {
                all[r / 64] |= 1 << (r % 64);
            }
            let mut primary_start = vec![0u32];
            let mut primary_of = Vec::new();
            for cols in &self.row_columns {
                primary_of.extend(cols.iter().filter(|&&c| (c as usize) < self.primary));
                primary_start.push(primary_of.len() as u32);
            }
            Tables {
                stride,
                rows_of,
                conflicts,
                all,
                primary_start,
                primary_of,
            }
        })
    }

    /// The same instance as dancing links: the same rows, the same groups
    /// of interchangeable columns; its searches give the same results.
    pub fn to_links(&self) -> ExactCover {
        self.links().clone()
    }

    /// The same instance as dancing links (worked out once).
    fn links(&self) -> &ExactCover {
        self.links.get_or_init(|| {
            let mut links = ExactCover::new(self.primary, self.secondary);
            for r in 0..self.rows() {
                let cols: Vec<usize> = self.row(r).collect();
                links.add_row(&cols);
            }
            let mut groups: Vec<Vec<usize>> = Vec::new();
            let columns = self.primary + self.secondary;
            let first: Vec<usize> = (0..columns)
                .filter(|&c| self.grouped[c] && self.previous[c] == NONE)
                .collect();
            for c in first {
                let mut group = vec![c];
                while let Some(next) =
                    (0..columns).find(|&d| self.previous[d] == *group.last().expect("one") as u32)
                {
                    group.push(next);
                }
                groups.push(group);
            }
            for group in &groups {
                links.interchangeable(group);
            }
            links
        })
    }

    /// Runs one search as `query` says.
    ///
    /// # Panics
    /// When a fixed row is out of range.
    pub fn run(&self, query: &CoverQuery<'_>, job: &Job) -> CoverResult {
        if self.rows() > MAX_ROWS {
            return self.links().run(query, job);
        }
        job.enter(Phase::Exploring);
        let (mut search, count) = match self.start(query, job, hand_over_from(query, job)) {
            (search, Err(conflict)) => (search, conflict),
            (mut search, Ok(fixed)) => match search.run(&fixed, Vec::new(), 0, Step::Enter, 0) {
                Outcome::Done(count) => (search, count),
                Outcome::HandOver { stack, key } => {
                    match threads::finish(&mut search, &stack, key) {
                        Some((count, nodes)) => {
                            search.visited = nodes;
                            (search, count)
                        }
                        None => {
                            // Past the budget or the memory's room: one
                            // thread from the start, where it stops.
                            let (mut search, fixed) = self.start(query, job, u64::MAX);
                            let fixed = fixed.expect("the same fixed rows fit again");
                            let count = search.run(&fixed, Vec::new(), 0, Step::Enter, 0).done();
                            (search, count)
                        }
                    }
                }
            },
        };
        job.report_states(search.visited);
        job.enter(Phase::Done);
        CoverResult {
            solutions: std::mem::take(&mut search.solutions),
            count,
            nodes: search.visited,
        }
    }

    /// A search with the fixed rows in place, handing its counting over to
    /// the pool's threads after `hand_over_from` nodes: the search and the
    /// fixed rows, sorted, or the count when two fixed rows clash.
    fn start<'a>(
        &'a self,
        query: &'a CoverQuery<'a>,
        job: &'a Job,
        hand_over_from: u64,
    ) -> (Search<'a, Memo>, Result<Vec<usize>, CoverCount>) {
        let tables = self.tables();
        let mut search = Search {
            instance: self,
            tables,
            query,
            job,
            covered: vec![0; self.words],
            alive: tables.all.clone(),
            lens: Vec::new(),
            visited: 0,
            found: 0,
            solutions: Vec::new(),
            memo: Memo::default(),
            hand_over_from,
        };
        let mut fixed: Vec<usize> = Vec::with_capacity(query.fixed_rows.len());
        let mut conflict = false;
        for &row in query.fixed_rows {
            assert!(row < self.rows(), "fixed row {row} out of range");
            fixed.push(row);
            if search.fits(row as u32) {
                search.flip(row as u32);
                let own = &tables.conflicts[row * tables.stride..][..tables.stride];
                for (a, &c) in search.alive.iter_mut().zip(own) {
                    *a &= !c;
                }
            } else {
                conflict = true;
            }
        }
        if conflict {
            return (search, Err(CoverCount::Exact(0)));
        }
        fixed.sort_unstable();
        search.lens = (0..self.primary)
            .map(|c| {
                let rows = &tables.rows_of[c * tables.stride..][..tables.stride];
                rows.iter()
                    .zip(&search.alive)
                    .map(|(&r, &a)| (r & a).count_ones() as u16)
                    .sum()
            })
            .collect();
        (search, Ok(fixed))
    }
}

/// After how many nodes a search hands the rest of its count over to the
/// pool's threads ([`threads`]): once its listing is done, when the job
/// asks for many threads from `nodes << 4` states on (a node costs about
/// what sixteen states of an exploration do) and the search is a count to
/// the end (a search that stops after some solutions stays on one
/// thread, where it stops at the same solution).
fn hand_over_from(query: &CoverQuery<'_>, job: &Job) -> u64 {
    let from = job.parallel_from().div_ceil(16);
    let threads = job.parallel_from() < u64::MAX && job.on_many_threads(from << 4);
    if threads && query.stop_after.is_none() {
        from
    } else {
        u64::MAX
    }
}

/// One level of the search: the column it branches on and how far its rows
/// have been tried.
struct Frame {
    /// The column branched on.
    column: u32,
    /// The next row to look at (rows before it were tried or passed over).
    next: u32,
    /// The row chosen at this level now (`NONE` between rows).
    row: u32,
    /// The key of the covered columns on entering the level.
    key: u128,
    /// Solutions found before entering the level.
    before: u128,
    /// Rows tried at this level so far (nodes).
    tries: u32,
}

/// Where the subproblems counted so far are kept: one search's own map
/// ([`Memo`], up to [`MEMO_CAPACITY`] of them), or the map the pool's
/// threads share ([`threads`]).
trait Remembered {
    /// The count remembered for `key`.
    fn count(&self, key: u128) -> Option<u128>;
    /// Remembers that the subproblem `key` has `count` solutions, found
    /// by trying `tries` rows at its level.
    fn keep(&mut self, key: u128, count: u128, tries: u32);
    /// Whether the search should stop now (looked at with the cancel
    /// flag), and reports its progress after `visited` nodes of its own.
    fn report(&self, job: &Job, visited: u64) -> bool;
}

impl Remembered for Memo {
    #[inline]
    fn count(&self, key: u128) -> Option<u128> {
        self.get(&key).copied()
    }

    #[inline]
    fn keep(&mut self, key: u128, count: u128, _tries: u32) {
        if self.len() < MEMO_CAPACITY {
            self.insert(key, count);
        }
    }

    fn report(&self, job: &Job, visited: u64) -> bool {
        job.report_states(visited);
        false
    }
}

/// One running search: its own sets and memory.
struct Search<'a, M> {
    instance: &'a BitCover,
    tables: &'a Tables,
    query: &'a CoverQuery<'a>,
    job: &'a Job,
    /// The covered columns.
    covered: Vec<u64>,
    /// The rows alive at every level: level `d`'s set is
    /// `alive[d * stride..][..stride]` (level 0 after the fixed rows).
    alive: Vec<u64>,
    /// The candidate rows of every primary column at every level (the alive
    /// rows that meet it): level `d`'s are `lens[d * primary..][..primary]`.
    lens: Vec<u16>,
    visited: u64,
    found: u128,
    solutions: Vec<Vec<usize>>,
    /// The subproblems counted so far, by the key of their covered columns
    /// (see [`super::exact_cover`]'s memory: the same reasoning, the same
    /// keys).
    memo: M,
    /// After how many nodes the search hands over to the pool's threads,
    /// once its listing is done (`u64::MAX`: never).
    hand_over_from: u64,
}

/// How a search ended.
enum Outcome {
    /// It counted to the end, or stopped (budget, cancel, enough found).
    Done(CoverCount),
    /// It handed its untried rows over (see [`threads`]): its stack and the
    /// key of its covered columns, at a level between two rows.
    HandOver { stack: Vec<Frame>, key: u128 },
}

impl Outcome {
    /// The count of a search that cannot hand over.
    fn done(self) -> CoverCount {
        match self {
            Outcome::Done(count) => count,
            Outcome::HandOver { .. } => unreachable!("this search does not hand over"),
        }
    }
}

/// What to do next in the search loop.
enum Step {
    /// Enter a new level: a subproblem counted before, a solution, or a
    /// column to branch on.
    Enter,
    /// Try the next row of the innermost level.
    Try,
    /// Take back the row of the innermost level and go on with its next.
    Leave,
}

/// What to do at a new level.
enum Choice {
    /// Every primary column is covered: a solution.
    Solved,
    /// Only columns of groups of interchangeable columns are left, or a
    /// column has no candidate row: no solution from here.
    DeadEnd,
    /// Branch on this column.
    Column(u32),
}

impl<M: Remembered> Search<'_, M> {
    /// Whether `row` meets no covered column.
    #[inline]
    fn fits(&self, row: u32) -> bool {
        let x = self.instance;
        let (a, b) = (x.mask_start[row as usize], x.mask_start[row as usize + 1]);
        x.masks[a as usize..b as usize]
            .iter()
            .all(|&(w, bits)| self.covered[w as usize] & bits == 0)
    }

    /// Covers the columns of `row` (when it fits) or uncovers them (when it
    /// is chosen).
    #[inline]
    fn flip(&mut self, row: u32) {
        let x = self.instance;
        let (a, b) = (x.mask_start[row as usize], x.mask_start[row as usize + 1]);
        for &(w, bits) in &x.masks[a as usize..b as usize] {
            self.covered[w as usize] ^= bits;
        }
    }

    /// Whether column `c` is covered.
    #[inline]
    fn is_covered(&self, c: u32) -> bool {
        self.covered[c as usize / 64] >> (c % 64) & 1 == 1
    }

    /// The column to branch on at level `depth`: the uncovered primary
    /// column outside the groups with the fewest candidate rows, the first
    /// on a tie (as [`super::exact_cover`] chooses).
    #[inline]
    fn choose(&self, depth: usize) -> Choice {
        let x = self.instance;
        let lens = &self.lens[depth * x.primary..][..x.primary];
        if x.primary_mask
            .iter()
            .zip(&self.covered)
            .all(|(&p, &c)| c & p == p)
        {
            return Choice::Solved;
        }
        // The fewest candidates, then the lowest column: the least key.
        let mut best = u64::MAX;
        for (w, (&b, &c)) in x.branchable.iter().zip(&self.covered).enumerate() {
            let mut open = b & !c;
            while open != 0 {
                let column = (w * 64) as u32 + open.trailing_zeros();
                open &= open - 1;
                best = best.min((lens[column as usize] as u64) << 32 | column as u64);
            }
        }
        match best {
            u64::MAX => Choice::DeadEnd,
            key if key >> 32 == 0 => Choice::DeadEnd,
            key => Choice::Column(key as u32),
        }
    }

    /// The first candidate row of `column` at level `depth` from row `from`
    /// on.
    #[inline]
    fn next_row(&self, depth: usize, column: u32, from: u32) -> Option<u32> {
        let t = self.tables;
        let alive = &self.alive[depth * t.stride..][..t.stride];
        let rows = &t.rows_of[column as usize * t.stride..][..t.stride];
        let mut w = from as usize / 64;
        let mut bits = *rows.get(w)? & alive[w] & (!0u64 << (from % 64));
        loop {
            if bits != 0 {
                return Some((w * 64) as u32 + bits.trailing_zeros());
            }
            w += 1;
            bits = *rows.get(w)? & alive[w];
        }
    }

    /// The alive rows and the candidate counts of level `depth + 1` once
    /// `row` is chosen at level `depth`: the rows that conflict with it
    /// die, and each takes itself off the counts of its columns.
    #[inline]
    fn kill(&mut self, depth: usize, row: u32) {
        let t = self.tables;
        let (stride, primary) = (t.stride, self.instance.primary);
        let conflicts = &t.conflicts[row as usize * stride..][..stride];
        let (here, below) = self.alive.split_at_mut((depth + 1) * stride);
        let here = &here[depth * stride..];
        let (lens_here, lens_below) = self.lens.split_at_mut((depth + 1) * primary);
        let lens_below = &mut lens_below[..primary];
        lens_below.copy_from_slice(&lens_here[depth * primary..]);
        for (w, ((b, &h), &c)) in below[..stride]
            .iter_mut()
            .zip(here)
            .zip(conflicts)
            .enumerate()
        {
            *b = h & !c;
            let mut dead = h & c;
            while dead != 0 {
                let d = w * 64 + dead.trailing_zeros() as usize;
                dead &= dead - 1;
                let (a, z) = (t.primary_start[d], t.primary_start[d + 1]);
                for &col in &t.primary_of[a as usize..z as usize] {
                    lens_below[col as usize] -= 1;
                }
            }
        }
    }

    /// Counts a solution; `Some` when the search should stop.
    fn solution(&mut self, fixed: &[usize], stack: &[Frame]) -> Option<CoverCount> {
        self.found += 1;
        if self.solutions.len() < self.query.list {
            let mut rows: Vec<usize> = fixed.to_vec();
            rows.extend(stack.iter().map(|f| f.row as usize));
            rows.sort_unstable();
            self.solutions.push(rows);
        }
        self.enough()
    }

    /// `Some` when the search has found as many solutions as asked for.
    fn enough(&self) -> Option<CoverCount> {
        self.query
            .stop_after
            .is_some_and(|s| self.found >= s)
            .then_some(CoverCount::AtLeast {
                found: self.found,
                why: CoverStop::Enough { found: self.found },
            })
    }

    /// Algorithm X, iteratively: a stack of levels, from `stack` (whose
    /// covered columns have the key `key`) and `step` until the stack is
    /// back to `floor` levels.
    fn run(
        &mut self,
        fixed: &[usize],
        mut stack: Vec<Frame>,
        mut key: u128,
        mut step: Step,
        floor: usize,
    ) -> Outcome {
        let x = self.instance;
        let stride = self.tables.stride;
        loop {
            match step {
                Step::Enter => {
                    if !stack.is_empty() {
                        // A remembered count stands for its subtree, unless
                        // the listing still needs the subtree's solutions (a
                        // subtree without any can always be skipped).
                        let listing = self.solutions.len() < self.query.list;
                        if let Some(count) = self.memo.count(key) {
                            if count == 0 || !listing {
                                self.found += count;
                                if count > 0 {
                                    if let Some(stop) = self.enough() {
                                        return Outcome::Done(stop);
                                    }
                                }
                                step = Step::Leave;
                                continue;
                            }
                        }
                        let depth = stack.len() - 1;
                        self.kill(depth, stack[depth].row);
                    }
                    match self.choose(stack.len()) {
                        Choice::Solved => {
                            if let Some(stop) = self.solution(fixed, &stack) {
                                return Outcome::Done(stop);
                            }
                            step = Step::Leave;
                        }
                        Choice::DeadEnd => step = Step::Leave,
                        Choice::Column(column) => {
                            stack.push(Frame {
                                column,
                                next: 0,
                                row: NONE,
                                key,
                                before: self.found,
                                tries: 0,
                            });
                            let need = (stack.len() + 1) * stride;
                            if self.alive.len() < need {
                                self.alive.resize(need, 0);
                            }
                            let need = (stack.len() + 1) * x.primary;
                            if self.lens.len() < need {
                                self.lens.resize(need, 0);
                            }
                            step = Step::Try;
                        }
                    }
                }
                Step::Try => {
                    if self.visited >= self.hand_over_from
                        && self.solutions.len() >= self.query.list
                    {
                        return Outcome::HandOver { stack, key };
                    }
                    let depth = stack.len() - 1;
                    let frame = &stack[depth];
                    let mut from = frame.next;
                    let chosen = loop {
                        let Some(r) = self.next_row(depth, frame.column, from) else {
                            break None;
                        };
                        from = r + 1;
                        let gate = x.gate[r as usize];
                        if gate != NONE && !self.is_covered(gate) {
                            // The column before this row's in its group is
                            // not covered yet: a twin row comes first.
                            continue;
                        }
                        break Some(r);
                    };
                    let Some(r) = chosen else {
                        // Every row of this column was tried: the level's
                        // count is complete.
                        let frame = stack.pop().expect("a level");
                        self.memo
                            .keep(frame.key, self.found - frame.before, frame.tries);
                        step = Step::Leave;
                        continue;
                    };
                    if self.visited >= self.query.budget {
                        return Outcome::Done(CoverCount::AtLeast {
                            found: self.found,
                            why: CoverStop::Budget {
                                nodes: self.visited,
                                budget: self.query.budget,
                            },
                        });
                    }
                    self.visited += 1;
                    if self.visited.is_multiple_of(REPORT_EVERY)
                        && (self.memo.report(self.job, self.visited) || self.job.is_cancelled())
                    {
                        return Outcome::Done(CoverCount::AtLeast {
                            found: self.found,
                            why: CoverStop::Cancelled {
                                nodes: self.visited,
                            },
                        });
                    }
                    let frame = &mut stack[depth];
                    frame.tries += 1;
                    frame.next = from;
                    frame.row = r;
                    self.flip(r);
                    key ^= x.row_key[r as usize];
                    step = Step::Enter;
                }
                Step::Leave => {
                    if stack.len() == floor {
                        return Outcome::Done(CoverCount::Exact(self.found));
                    }
                    let frame = stack.last_mut().expect("a level above the floor");
                    let r = std::mem::replace(&mut frame.row, NONE);
                    self.flip(r);
                    key ^= x.row_key[r as usize];
                    step = Step::Try;
                }
            }
        }
    }
}

impl super::exact_cover::CoverSearch for BitCover {
    fn run(&self, query: &CoverQuery<'_>, job: &Job) -> CoverResult {
        BitCover::run(self, query, job)
    }
}

#[cfg(test)]
mod tests;
