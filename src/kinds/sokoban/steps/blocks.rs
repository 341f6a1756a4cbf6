//! The step states of every position, numbered without being stored.
//!
//! A position's step states are a set of region cells: its area (every
//! cell the player reaches without pushing), or, in a won position, which
//! ends the game and is only ever entered by a push, the cells the pushes
//! into it leave the player on. [`Blocks`] keeps that set as one bit a
//! region cell, and where each position's numbers start: step state `i`
//! of position `p` is `start[p] + i`, its cells taken in increasing order,
//! so a cell's number is a population count. The moves between step
//! states are read off the positions' pushes and the board: a walk stays
//! in the block, a push goes to the block of the position it leads to.

use rayon::prelude::*;

use crate::engine::{GraphView, Job, Stopped, LOSS_EDGE, NO_EDGE};

use super::super::positions::{PositionLayout, Scratch};
use super::super::rules::{Dir, Rules, NONE};

/// The positions one task of the numbering floods.
const FLOOD_RANGE: usize = if cfg!(test) { 3 } else { 1 << 14 };

/// One move between step states.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct StepMove {
    /// The position after the move.
    pub position: u32,
    /// The player's cell after it.
    pub cell: u32,
    /// Whether it pushed a box.
    pub push: bool,
}

/// Every position's step states as a set of region cells, and their
/// numbers.
pub(super) struct Blocks<'a> {
    pub rules: &'a Rules,
    pub layout: &'a PositionLayout,
    pub graph: &'a dyn GraphView,
    /// The words of one position's cell set.
    words: usize,
    /// Each position's cell set, `words` words a position.
    masks: Vec<u64>,
    /// The first step state of each position (one more entry at the end).
    start: Vec<u64>,
    /// One bit a position, set where it is won.
    won: Vec<u64>,
}

impl<'a> Blocks<'a> {
    /// Numbers the step states of every position of `graph`, within the
    /// job's memory budget (`held` bytes are held already).
    pub fn of(
        rules: &'a Rules,
        layout: &'a PositionLayout,
        graph: &'a dyn GraphView,
        held: u64,
        job: &Job,
    ) -> Result<Blocks<'a>, Stopped> {
        let n = graph.len();
        let positions = n as u64;
        let words = rules.cell_count().div_ceil(64).max(1);
        let won_bits = n.div_ceil(64);
        job.check_memory(held, (won_bits * 8) as u64, positions)?;
        let mut won = vec![0u64; won_bits];
        for p in 0..n {
            if graph.is_won(p as u32) {
                won[p / 64] |= 1 << (p % 64);
            }
        }
        let held = held + won_bits as u64 * 8;
        let on_threads = job.on_many_threads(positions);
        let mut masks = if on_threads {
            job.filled_vec_on_threads(n * words, 0u64, held, positions)?
        } else {
            job.filled_vec(n * words, 0u64, held, positions)?
        };
        let held = held + masks.capacity() as u64 * 8;

        // Each range of positions floods its own areas and lists the cells
        // its pushes into won positions leave the player on.
        let won_ref = &won;
        let fill = |(k, part): (usize, &mut [u64])| -> Vec<(u32, u32)> {
            let mut scratch = Scratch::new(rules.cell_count());
            let mut boxes = Vec::new();
            let mut arrivals = Vec::new();
            let first = k * FLOOD_RANGE;
            for (i, mask) in part.chunks_mut(words).enumerate() {
                let p = (first + i) as u32;
                if is_set(won_ref, p) {
                    continue;
                }
                let player = layout.unpack(&graph.word(p), &mut boxes);
                scratch.flood(rules, &boxes, player, |c| {
                    mask[c as usize / 64] |= 1 << (c % 64);
                });
                for (mv, t) in graph.successors(p).moves() {
                    if t != NO_EDGE && t != LOSS_EDGE && is_set(won_ref, t) {
                        arrivals.push((t, boxes[mv / 4]));
                    }
                }
            }
            arrivals
        };
        let chunk = FLOOD_RANGE * words;
        let arrivals: Vec<Vec<(u32, u32)>> = if on_threads {
            masks.par_chunks_mut(chunk).enumerate().map(fill).collect()
        } else {
            masks.chunks_mut(chunk).enumerate().map(fill).collect()
        };
        if job.is_cancelled() {
            return Err(Stopped::Cancelled { states: positions });
        }
        for (t, cell) in arrivals.into_iter().flatten() {
            masks[t as usize * words + cell as usize / 64] |= 1 << (cell % 64);
        }
        if n > 0 && is_set(&won, 0) {
            let c = rules.start().player;
            masks[c as usize / 64] |= 1 << (c % 64);
        }

        let mut start: Vec<u64> = Vec::new();
        job.reserve(&mut start, n + 1, held, positions)?;
        let mut total = 0u64;
        for mask in masks.chunks(words) {
            start.push(total);
            total += mask.iter().map(|w| u64::from(w.count_ones())).sum::<u64>();
        }
        start.push(total);
        Ok(Blocks {
            rules,
            layout,
            graph,
            words,
            masks,
            start,
            won,
        })
    }

    /// The number of positions.
    pub fn positions(&self) -> usize {
        self.start.len() - 1
    }

    /// The number of step states.
    pub fn states(&self) -> u64 {
        self.start[self.positions()]
    }

    /// The bytes held.
    pub fn heap_bytes(&self) -> u64 {
        (self.masks.capacity() * 8 + self.start.capacity() * 8 + self.won.capacity() * 8) as u64
    }

    /// Whether position `p` is won.
    #[inline]
    pub fn is_won(&self, p: u32) -> bool {
        is_set(&self.won, p)
    }

    /// The cell set of position `p`.
    #[inline]
    pub fn mask(&self, p: u32) -> &[u64] {
        let at = p as usize * self.words;
        &self.masks[at..at + self.words]
    }

    /// Whether cell `c` is a step state of position `p`.
    #[inline]
    pub fn contains(&self, p: u32, c: u32) -> bool {
        is_set(self.mask(p), c)
    }

    /// The first step state of position `p`, and one past its last.
    #[inline]
    pub fn span(&self, p: u32) -> (u64, u64) {
        (self.start[p as usize], self.start[p as usize + 1])
    }

    /// The number of the step state of cell `c` (one of the position's) in
    /// position `p`.
    #[inline]
    pub fn id(&self, p: u32, c: u32) -> u64 {
        let mask = self.mask(p);
        let word = c as usize / 64;
        let below: u32 = mask[..word].iter().map(|w| w.count_ones()).sum();
        let part = (mask[word] & ((1u64 << (c % 64)) - 1)).count_ones();
        self.start[p as usize] + u64::from(below + part)
    }

    /// Calls `each` on the cells of position `p`'s step states, in
    /// increasing order (the order of their numbers).
    #[inline]
    pub fn for_each_cell(&self, p: u32, mut each: impl FnMut(u32)) {
        for (i, &word) in self.mask(p).iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                each(i as u32 * 64 + bits.trailing_zeros());
                bits &= bits - 1;
            }
        }
    }

    /// The boxes of position `p`, increasing, into `boxes`.
    #[inline]
    pub fn boxes(&self, p: u32, boxes: &mut Vec<u32>) {
        self.layout.unpack(&self.graph.word(p), boxes);
    }

    /// Calls `each(target, box cell, direction)` on every push of position
    /// `p` (whose boxes are `boxes`): the position it leads to, the cell
    /// the box leaves (the player's after the push) and its direction. A
    /// won position has none.
    #[inline]
    pub fn for_each_push(&self, p: u32, boxes: &[u32], mut each: impl FnMut(u32, u32, usize)) {
        if self.is_won(p) {
            return;
        }
        for (mv, t) in self.graph.successors(p).moves() {
            if t != NO_EDGE && t != LOSS_EDGE {
                each(t, boxes[mv / 4], mv % 4);
            }
        }
    }

    /// The cell the player pushes from to move the box at `cell` way
    /// `dir`.
    #[inline]
    pub fn behind(&self, cell: u32, dir: usize) -> u32 {
        self.rules.next(cell, Dir::ALL[dir].opposite().index())
    }

    /// The move way `dir` from the step state of cell `c` in position
    /// `p` (whose boxes are `boxes`), if there is one.
    pub fn step(&self, p: u32, c: u32, boxes: &[u32], dir: usize) -> Option<StepMove> {
        if self.is_won(p) {
            return None;
        }
        let n = self.rules.next(c, dir);
        if n == NONE {
            return None;
        }
        if self.contains(p, n) {
            return Some(StepMove {
                position: p,
                cell: n,
                push: false,
            });
        }
        let k = boxes.binary_search(&n).ok()?;
        let t = self.graph.successor(p, k * 4 + dir);
        (t != NO_EDGE && t != LOSS_EDGE).then_some(StepMove {
            position: t,
            cell: n,
            push: true,
        })
    }

    /// Calls `each(position, cell)` on every step state with a move into
    /// the step state of cell `c` in position `q`: its walking neighbours,
    /// and the step states whose push leads to it. `boxes` is scratch.
    pub fn for_each_predecessor(
        &self,
        q: u32,
        c: u32,
        boxes: &mut Vec<u32>,
        mut each: impl FnMut(u32, u32),
    ) {
        if !self.is_won(q) {
            for d in 0..4 {
                let n = self.rules.next(c, d);
                if n != NONE && self.contains(q, n) {
                    each(q, n);
                }
            }
        }
        for &p in self.graph.predecessors(q) {
            if self.is_won(p) {
                continue;
            }
            self.boxes(p, boxes);
            let mut found = None;
            self.for_each_push(p, boxes, |t, cell, dir| {
                if t == q && cell == c {
                    found = Some(self.behind(cell, dir));
                }
            });
            if let Some(from) = found {
                each(p, from);
            }
        }
    }
}

/// Whether bit `i` of a bit set is set.
#[inline]
pub(super) fn is_set(bits: &[u64], i: u32) -> bool {
    bits[i as usize / 64] >> (i % 64) & 1 != 0
}
