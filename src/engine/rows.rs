//! The successor rows of a state graph: for every state, the target of
//! each move.
//!
//! Two layouts hold the same rows. *Dense*: `moves` targets a state, a
//! move that changes nothing stored as [`NO_EDGE`] (four moves, Skiddy's
//! and Prism's, nearly all of which go somewhere). *Sparse*: for each
//! state a bit mask of the moves that go somewhere and their targets only,
//! in move order; the targets of a group of [`GROUP`] states start at a
//! stored offset, a state's own at that offset plus the bits of the masks
//! before it in its group. Sokoban's positions have four pushes a box and
//! make few of them: on Microban 153 (ten boxes, 40 moves) a dense row is
//! 160 bytes and a sparse one about a quarter of that.

use super::graph::NO_EDGE;
use super::job::{Job, Stopped};

/// The states whose sparse targets share one stored offset.
pub const GROUP: usize = 16;

/// The successor rows of a graph's expanded states, in id order.
#[derive(Clone, Debug, Default)]
pub struct Rows {
    /// Moves a state.
    moves: usize,
    /// Mask words a state when sparse; 0 when dense.
    words: usize,
    /// Dense: `moves` targets a row. Sparse: the targets of the moves that
    /// go somewhere, row after row.
    cells: Vec<u32>,
    /// Sparse: `words` words a row, bit `mv` set when move `mv` goes
    /// somewhere.
    masks: Vec<u64>,
    /// Sparse: where the targets of each group of [`GROUP`] rows start in
    /// `cells`.
    group_start: Vec<u64>,
    /// Rows held.
    len: usize,
    /// Sparse: dense rows being filled ([`Rows::open_tail`]) before they
    /// are packed.
    tail: Vec<u32>,
}

impl Rows {
    /// No rows of `moves` moves, laid out sparse when `sparse` (and there
    /// are moves).
    pub fn new(moves: usize, sparse: bool) -> Rows {
        Rows {
            moves,
            words: if sparse && moves > 0 {
                moves.div_ceil(64)
            } else {
                0
            },
            ..Rows::default()
        }
    }

    /// The number of rows.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there is no row.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Moves a row.
    pub fn move_count(&self) -> usize {
        self.moves
    }

    /// Whether the rows are laid out sparse.
    pub fn is_sparse(&self) -> bool {
        self.words > 0
    }

    /// Where row `id`'s targets start in `cells` (sparse).
    #[inline]
    fn sparse_start(&self, id: usize) -> usize {
        let group = id / GROUP;
        let mut start = self.group_start[group] as usize;
        for &mask in &self.masks[group * GROUP * self.words..id * self.words] {
            start += mask.count_ones() as usize;
        }
        start
    }

    /// The row of state `id` (`id < len`).
    #[inline]
    pub fn row(&self, id: u32) -> Row<'_> {
        let id = id as usize;
        if self.words == 0 {
            let base = id * self.moves;
            return Row {
                cells: &self.cells[base..base + self.moves],
                mask: &[],
                moves: self.moves,
            };
        }
        let mask = &self.masks[id * self.words..(id + 1) * self.words];
        let start = self.sparse_start(id);
        let count: usize = mask.iter().map(|m| m.count_ones() as usize).sum();
        Row {
            cells: &self.cells[start..start + count],
            mask,
            moves: self.moves,
        }
    }

    /// The target of move `mv` from state `id`.
    #[inline]
    pub fn get(&self, id: u32, mv: usize) -> u32 {
        if self.words == 0 {
            self.cells[id as usize * self.moves + mv]
        } else {
            self.row(id).get(mv)
        }
    }

    /// Every stored target, row after row: all of them when dense (with
    /// [`NO_EDGE`]s), the moves that go somewhere when sparse.
    pub fn cells(&self) -> &[u32] {
        &self.cells
    }

    /// Adds a row given as `moves` targets ([`NO_EDGE`] for no move).
    pub fn push(&mut self, row: &[u32]) {
        debug_assert_eq!(row.len(), self.moves);
        if self.words == 0 {
            self.cells.extend_from_slice(row);
        } else {
            self.push_sparse(row);
        }
        self.len += 1;
    }

    /// Packs one dense row onto the sparse rows (`len` not counted).
    fn push_sparse(&mut self, row: &[u32]) {
        if self.len.is_multiple_of(GROUP) {
            self.group_start.push(self.cells.len() as u64);
        }
        for word in row.chunks(64) {
            let mut mask = 0u64;
            for (bit, &to) in word.iter().enumerate() {
                if to != NO_EDGE {
                    mask |= 1 << bit;
                    self.cells.push(to);
                }
            }
            self.masks.push(mask);
        }
    }

    /// Appends `rows` rows of [`NO_EDGE`] and hands them over, dense, to be
    /// filled; [`Rows::close_tail`] then keeps them. Dense rows are filled
    /// in place; sparse ones in a buffer that closing packs. Room must have
    /// been made ([`Rows::tail_room`]).
    pub fn open_tail(&mut self, rows: usize) -> &mut [u32] {
        let cells = rows * self.moves;
        if self.words == 0 {
            let base = self.cells.len();
            self.cells.resize(base + cells, NO_EDGE);
            &mut self.cells[base..]
        } else {
            self.tail.clear();
            self.tail.resize(cells, NO_EDGE);
            &mut self.tail
        }
    }

    /// The rows opened by [`Rows::open_tail`], still dense.
    pub fn tail_mut(&mut self) -> &mut [u32] {
        if self.words == 0 {
            let base = self.len * self.moves;
            &mut self.cells[base..]
        } else {
            &mut self.tail
        }
    }

    /// Keeps the rows opened by [`Rows::open_tail`].
    pub fn close_tail(&mut self) {
        if self.words == 0 {
            self.len = self.cells.len().checked_div(self.moves).unwrap_or(0);
            return;
        }
        let tail = std::mem::take(&mut self.tail);
        for row in tail.chunks_exact(self.moves) {
            self.push_sparse(row);
            self.len += 1;
        }
        self.tail = tail;
        self.tail.clear();
    }

    /// Makes room for `rows` more rows (pushed, or opened as a tail) in a
    /// search that holds `held` bytes (these rows' buffers included) and
    /// has `states` states, within the job's memory budget. Sparse targets
    /// get room for every move of those rows; their buffer doubles as it
    /// grows, so the room asked for is small beside what is held.
    pub fn reserve(
        &mut self,
        rows: usize,
        job: &Job,
        held: u64,
        states: u64,
    ) -> Result<(), Stopped> {
        let others = held.saturating_sub(self.heap_bytes());
        let cells = rows * self.moves;
        let held = others + self.heap_bytes();
        job.reserve(&mut self.cells, cells, held, states)?;
        if self.words > 0 {
            let held = others + self.heap_bytes();
            job.reserve(&mut self.tail, cells, held, states)?;
            let held = others + self.heap_bytes();
            job.reserve(&mut self.masks, rows * self.words, held, states)?;
            let held = others + self.heap_bytes();
            job.reserve(&mut self.group_start, rows / GROUP + 1, held, states)?;
        }
        Ok(())
    }

    /// Whether `rows` more rows fit without growing any buffer.
    pub fn has_room(&self, rows: usize) -> bool {
        let cells = rows * self.moves;
        let spare = |len: usize, cap: usize, need: usize| cap - len >= need;
        spare(self.cells.len(), self.cells.capacity(), cells)
            && (self.words == 0
                || (spare(self.masks.len(), self.masks.capacity(), rows * self.words)
                    && spare(
                        self.group_start.len(),
                        self.group_start.capacity(),
                        rows / GROUP + 1,
                    )))
    }

    /// Keeps the first `rows` rows.
    pub fn truncate(&mut self, rows: usize) {
        if rows >= self.len {
            return;
        }
        if self.words == 0 {
            self.cells.truncate(rows * self.moves);
        } else {
            let start = if rows == 0 {
                0
            } else {
                self.sparse_start(rows - 1) + self.row(rows as u32 - 1).cells.len()
            };
            self.cells.truncate(start);
            self.masks.truncate(rows * self.words);
            self.group_start.truncate(rows.div_ceil(GROUP));
        }
        self.len = rows;
    }

    /// Frees the room no row uses.
    pub fn shrink_to_fit(&mut self) {
        self.cells.shrink_to_fit();
        self.masks.shrink_to_fit();
        self.group_start.shrink_to_fit();
        self.tail = Vec::new();
    }

    /// The bytes the rows' buffers hold.
    pub fn heap_bytes(&self) -> u64 {
        (self.cells.capacity() * 4
            + self.tail.capacity() * 4
            + self.masks.capacity() * 8
            + self.group_start.capacity() * 8) as u64
    }

    /// How many moves lead to `target` (a value such as
    /// [`super::graph::LOSS_EDGE`]; not [`NO_EDGE`]).
    pub fn count_target(&self, target: u32) -> u64 {
        self.cells.iter().filter(|&&to| to == target).count() as u64
    }
}

/// One state's successors: the target of each move, a state id,
/// [`NO_EDGE`] or [`super::graph::LOSS_EDGE`].
#[derive(Clone, Copy, Debug)]
pub struct Row<'a> {
    /// Dense: one target a move. Sparse: the moves that go somewhere.
    cells: &'a [u32],
    /// Sparse: which moves go somewhere; empty when dense.
    mask: &'a [u64],
    /// Moves a state.
    moves: usize,
}

impl<'a> Row<'a> {
    /// A row with no moves (an unexpanded state's).
    pub fn empty() -> Row<'static> {
        Row {
            cells: &[],
            mask: &[],
            moves: 0,
        }
    }

    /// The number of moves.
    pub fn len(&self) -> usize {
        self.moves
    }

    /// Whether the row has no move.
    pub fn is_empty(&self) -> bool {
        self.moves == 0
    }

    /// The target of move `mv`.
    #[inline]
    pub fn get(&self, mv: usize) -> u32 {
        if self.mask.is_empty() {
            return self.cells[mv];
        }
        let (word, bit) = (mv / 64, mv % 64);
        if (self.mask[word] >> bit) & 1 == 0 {
            return NO_EDGE;
        }
        let mut rank = (self.mask[word] & ((1u64 << bit) - 1)).count_ones() as usize;
        for &earlier in &self.mask[..word] {
            rank += earlier.count_ones() as usize;
        }
        self.cells[rank]
    }

    /// The stored targets in move order: every move's when dense (with
    /// [`NO_EDGE`]s), only the moves that go somewhere when sparse. Where
    /// the move does not matter, the cheapest way through a row.
    #[inline]
    pub fn edges(&self) -> &'a [u32] {
        self.cells
    }

    /// Whether some move leads to `target` (not [`NO_EDGE`]).
    pub fn contains(&self, target: u32) -> bool {
        self.cells.contains(&target)
    }

    /// The target of every move, in move order.
    pub fn iter(&self) -> RowIter<'a> {
        RowIter {
            row: *self,
            mv: 0,
            next_cell: 0,
        }
    }

    /// The moves that go somewhere, with their targets, in move order.
    pub fn moves(&self) -> impl Iterator<Item = (usize, u32)> + 'a {
        let row = *self;
        row.iter().enumerate().filter(|&(_, to)| to != NO_EDGE)
    }

    /// The targets as one vector, one a move.
    pub fn to_vec(&self) -> Vec<u32> {
        self.iter().collect()
    }
}

impl<'a> IntoIterator for Row<'a> {
    type Item = u32;
    type IntoIter = RowIter<'a>;
    fn into_iter(self) -> RowIter<'a> {
        self.iter()
    }
}

/// The targets of a row's moves, in move order.
#[derive(Clone, Debug)]
pub struct RowIter<'a> {
    row: Row<'a>,
    mv: usize,
    next_cell: usize,
}

impl Iterator for RowIter<'_> {
    type Item = u32;

    #[inline]
    fn next(&mut self) -> Option<u32> {
        if self.mv >= self.row.moves {
            return None;
        }
        let mv = self.mv;
        self.mv += 1;
        if self.row.mask.is_empty() {
            return Some(self.row.cells[mv]);
        }
        if (self.row.mask[mv / 64] >> (mv % 64)) & 1 == 0 {
            return Some(NO_EDGE);
        }
        let to = self.row.cells[self.next_cell];
        self.next_cell += 1;
        Some(to)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.row.moves - self.mv;
        (left, Some(left))
    }
}

impl ExactSizeIterator for RowIter<'_> {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::graph::LOSS_EDGE;
    use proptest::prelude::*;

    /// A target: mostly no edge, sometimes a loss, else a state id.
    fn target() -> impl Strategy<Value = u32> {
        prop_oneof![
            3 => Just(NO_EDGE),
            1 => Just(LOSS_EDGE),
            2 => 0u32..1000,
        ]
    }

    proptest! {
        /// Dense and sparse rows answer alike, read as rows, one move at a
        /// time, after a truncation, and when filled through a tail.
        #[test]
        fn sparse_rows_read_as_the_dense_rows_they_pack(
            moves in 1usize..140,
            seed_rows in proptest::collection::vec(proptest::collection::vec(target(), 140), 0..50),
            keep in 0usize..60,
        ) {
            let rows: Vec<Vec<u32>> = seed_rows.iter().map(|r| r[..moves].to_vec()).collect();
            let mut dense = Rows::new(moves, false);
            let mut sparse = Rows::new(moves, true);
            for row in &rows {
                dense.push(row);
                sparse.push(row);
            }
            let mut tailed = Rows::new(moves, true);
            tailed.open_tail(rows.len()).copy_from_slice(&rows.concat());
            tailed.close_tail();
            for (id, row) in rows.iter().enumerate() {
                for r in [&dense, &sparse, &tailed] {
                    prop_assert_eq!(&r.row(id as u32).to_vec(), row);
                    for (mv, &to) in row.iter().enumerate() {
                        prop_assert_eq!(r.get(id as u32, mv), to);
                    }
                }
                let stored: Vec<u32> = row.iter().copied().filter(|&t| t != NO_EDGE).collect();
                prop_assert_eq!(sparse.row(id as u32).edges(), &stored[..]);
                prop_assert_eq!(
                    sparse.row(id as u32).moves().collect::<Vec<_>>(),
                    row.iter().copied().enumerate().filter(|&(_, t)| t != NO_EDGE).collect::<Vec<_>>()
                );
            }
            let losses = rows.iter().flatten().filter(|&&t| t == LOSS_EDGE).count() as u64;
            prop_assert_eq!(sparse.count_target(LOSS_EDGE), losses);
            prop_assert_eq!(dense.count_target(LOSS_EDGE), losses);
            let keep = keep.min(rows.len());
            sparse.truncate(keep);
            prop_assert_eq!(sparse.len(), keep);
            for row in &rows[keep..] {
                sparse.push(row);
            }
            for (id, row) in rows.iter().enumerate() {
                prop_assert_eq!(&sparse.row(id as u32).to_vec(), row);
            }
        }
    }

    #[test]
    fn a_sparse_row_holds_only_the_moves_that_go_somewhere() {
        let mut rows = Rows::new(40, true);
        let mut row = vec![NO_EDGE; 40];
        row[3] = 7;
        row[39] = LOSS_EDGE;
        for _ in 0..100 {
            rows.push(&row);
        }
        assert!(rows.is_sparse());
        assert_eq!(rows.cells().len(), 200);
        assert_eq!(rows.row(57).edges(), &[7, LOSS_EDGE]);
        assert_eq!(rows.get(57, 3), 7);
        assert_eq!(rows.get(57, 4), NO_EDGE);
        assert!(rows.row(99).contains(7));
        assert!(Row::empty().is_empty());
    }
}
