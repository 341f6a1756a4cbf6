//! Sokoban's positions as the engine's puzzle: a position is the box set
//! plus the area the player can reach without pushing, named by that
//! area's smallest cell. A move is one push (box `k` of the position's
//! boxes in increasing cell order, direction `d`: move `4k + d`), made
//! when the player can walk behind the box and the cell beyond is free.
//!
//! Many step states (one a player cell) play as one position: the
//! step-level figures are derived from the positions in
//! [`super::steps`]. A position is packed in whichever form is smaller:
//! one bit a region cell (the box set), or each box as a cell number; the
//! player's area cell always comes first. The widest word the engine holds
//! is 256 bits, so only a level with very many boxes on a very big region
//! is refused.

use std::marker::PhantomData;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

use crate::engine::{Outcome, PackedState, Puzzle};

use super::rules::{CompileError, Dir, Rules, NONE};

/// The widest position the engine holds, in bits.
const MAX_BITS: u64 = 256;

/// The bits needed to tell `n` values apart (at least 1).
fn bits_for(n: usize) -> u32 {
    (usize::BITS - n.saturating_sub(1).leading_zeros()).max(1)
}

/// How the boxes of a position are packed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoxEncoding {
    /// One bit a region cell, set where a box stands.
    CellBits,
    /// Each box as a region cell number, in increasing order.
    CellNumbers,
}

/// Where the player's area cell and the boxes live in a packed position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PositionLayout {
    cells: u32,
    cell_bits: u32,
    boxes: u32,
    encoding: BoxEncoding,
}

impl PositionLayout {
    /// The smaller packing of a compiled level's positions; refused only
    /// when both need more than 256 bits.
    pub fn of(rules: &Rules) -> Result<PositionLayout, CompileError> {
        let cells = rules.cell_count();
        let boxes = rules.start().boxes.len();
        let cell_bits = bits_for(cells);
        let as_bits = cell_bits as u64 + cells as u64;
        let as_numbers = cell_bits as u64 * (boxes as u64 + 1);
        let (bits, encoding) = if as_numbers < as_bits {
            (as_numbers, BoxEncoding::CellNumbers)
        } else {
            (as_bits, BoxEncoding::CellBits)
        };
        if bits > MAX_BITS {
            return Err(CompileError::StateTooBig {
                bits: bits.min(u32::MAX as u64) as u32,
                cells,
            });
        }
        Ok(PositionLayout {
            cells: cells as u32,
            cell_bits,
            boxes: boxes as u32,
            encoding,
        })
    }

    /// The bits one position needs.
    pub fn bits(&self) -> u32 {
        match self.encoding {
            BoxEncoding::CellBits => self.cell_bits + self.cells,
            BoxEncoding::CellNumbers => self.cell_bits * (self.boxes + 1),
        }
    }

    /// The bytes one packed position takes in the engine's word.
    pub fn word_bytes(&self) -> u32 {
        match self.bits() {
            0..=64 => 8,
            65..=128 => 16,
            _ => 32,
        }
    }

    /// How the boxes are packed.
    pub fn encoding(&self) -> BoxEncoding {
        self.encoding
    }

    /// The number of boxes.
    pub fn box_count(&self) -> usize {
        self.boxes as usize
    }

    /// Packs a position: the player's area cell and the boxes (increasing).
    pub fn pack(&self, player: u32, boxes: &[u32]) -> [u64; 4] {
        let mut w = [0u64; 4];
        w.set(0, self.cell_bits, player);
        match self.encoding {
            BoxEncoding::CellBits => {
                for &b in boxes {
                    let bit = self.cell_bits + b;
                    w[(bit / 64) as usize] |= 1 << (bit % 64);
                }
            }
            BoxEncoding::CellNumbers => {
                for (k, &b) in boxes.iter().enumerate() {
                    w.set(self.cell_bits * (k as u32 + 1), self.cell_bits, b);
                }
            }
        }
        w
    }

    /// Unpacks a position: its area cell, and its boxes (increasing) into
    /// `boxes`.
    pub fn unpack(&self, w: &[u64; 4], boxes: &mut Vec<u32>) -> u32 {
        boxes.clear();
        match self.encoding {
            BoxEncoding::CellBits => {
                for (i, &word) in w.iter().enumerate() {
                    let mut bits = word;
                    if i == 0 {
                        bits &= !((1u64 << self.cell_bits) - 1);
                    }
                    while bits != 0 {
                        let bit = i as u32 * 64 + bits.trailing_zeros();
                        boxes.push(bit - self.cell_bits);
                        bits &= bits - 1;
                    }
                }
            }
            BoxEncoding::CellNumbers => {
                for k in 0..self.boxes {
                    boxes.push(w.get(self.cell_bits * (k + 1), self.cell_bits));
                }
            }
        }
        w.get(0, self.cell_bits)
    }
}

/// Work arrays of one flood fill: a stamp a cell, so that nothing is
/// cleared between fills.
#[derive(Debug, Default)]
pub struct Scratch {
    stamp: Vec<u32>,
    box_stamp: Vec<u32>,
    generation: u32,
    stack: Vec<u32>,
    boxes: Vec<u32>,
    moved: Vec<u32>,
}

impl Scratch {
    /// Scratch for a region of `cells` cells.
    pub fn new(cells: usize) -> Scratch {
        Scratch {
            stamp: vec![0; cells],
            box_stamp: vec![0; cells],
            ..Scratch::default()
        }
    }

    fn next_generation(&mut self) -> u32 {
        if self.generation == u32::MAX {
            self.stamp.fill(0);
            self.box_stamp.fill(0);
            self.generation = 0;
        }
        self.generation += 1;
        self.generation
    }

    /// Marks `boxes` and floods the player's area from `from`; returns the
    /// generation that marks the area (`in_area`) and the boxes
    /// (`is_box`). Calls `each` on every area cell.
    pub fn flood(
        &mut self,
        rules: &Rules,
        boxes: &[u32],
        from: u32,
        mut each: impl FnMut(u32),
    ) -> u32 {
        let g = self.next_generation();
        for &b in boxes {
            self.box_stamp[b as usize] = g;
        }
        self.stack.clear();
        self.stack.push(from);
        self.stamp[from as usize] = g;
        while let Some(c) = self.stack.pop() {
            each(c);
            for d in 0..4 {
                let n = rules.next(c, d);
                if n != NONE && self.stamp[n as usize] != g && self.box_stamp[n as usize] != g {
                    self.stamp[n as usize] = g;
                    self.stack.push(n);
                }
            }
        }
        g
    }

    /// Whether cell `c` was in the area of flood `g`.
    #[inline]
    pub fn in_area(&self, g: u32, c: u32) -> bool {
        self.stamp[c as usize] == g
    }

    /// Whether cell `c` held a box in flood `g`.
    #[inline]
    pub fn is_box(&self, g: u32, c: u32) -> bool {
        self.box_stamp[c as usize] == g
    }

    /// The smallest cell of the player's area from `from` among `boxes`.
    pub fn area_min(&mut self, rules: &Rules, boxes: &[u32], from: u32) -> u32 {
        let mut least = from;
        self.flood(rules, boxes, from, |c| least = least.min(c));
        least
    }
}

/// A push possible in a position: box `k` (in increasing cell order) at
/// `cell`, pushed `dir` from `from` (the player's cell) to `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Push {
    /// The box's index among the position's boxes.
    pub k: usize,
    /// The direction.
    pub dir: Dir,
    /// The player's cell before the push.
    pub from: u32,
    /// The box's cell before the push (the player's after it).
    pub cell: u32,
    /// The box's cell after the push.
    pub to: u32,
}

/// Every push of the position whose boxes are `boxes` (increasing) and
/// whose player's area was flooded as generation `g`, in move order.
pub fn pushes(rules: &Rules, scratch: &Scratch, g: u32, boxes: &[u32]) -> Vec<Push> {
    let mut out = Vec::new();
    for (k, &b) in boxes.iter().enumerate() {
        for dir in Dir::ALL {
            let from = rules.next(b, dir.opposite().index());
            let to = rules.next(b, dir.index());
            if from != NONE && to != NONE && scratch.in_area(g, from) && !scratch.is_box(g, to) {
                out.push(Push {
                    k,
                    dir,
                    from,
                    cell: b,
                    to,
                });
            }
        }
    }
    out
}

/// The boxes after box `k` moves to `to`, kept increasing.
pub fn moved_boxes(boxes: &[u32], k: usize, to: u32, out: &mut Vec<u32>) {
    out.clear();
    out.extend_from_slice(boxes);
    out[k] = to;
    out.sort_unstable();
}

/// The player's shortest walk from `from` to `to` among `boxes` (no
/// push), the first in U R D L order where several are shortest; `None`
/// when `to` cannot be reached.
pub fn walk(rules: &Rules, boxes: &[u32], from: u32, to: u32) -> Option<Vec<Dir>> {
    let cells = rules.cell_count();
    let mut came: Vec<Option<(u32, Dir)>> = vec![None; cells];
    let mut seen = vec![false; cells];
    for &b in boxes {
        seen[b as usize] = true;
    }
    seen[from as usize] = true;
    let mut queue = std::collections::VecDeque::from([from]);
    while let Some(c) = queue.pop_front() {
        if c == to {
            break;
        }
        for dir in Dir::ALL {
            let n = rules.next(c, dir.index());
            if n != NONE && !seen[n as usize] {
                seen[n as usize] = true;
                came[n as usize] = Some((c, dir));
                queue.push_back(n);
            }
        }
    }
    if from != to && came[to as usize].is_none() {
        return None;
    }
    let mut path = Vec::new();
    let mut at = to;
    while let Some((before, dir)) = came[at as usize] {
        path.push(dir);
        at = before;
    }
    path.reverse();
    Some(path)
}

/// A compiled level's positions as the engine's puzzle, in word `S`.
pub struct PositionPuzzle<'a, S> {
    rules: &'a Rules,
    layout: PositionLayout,
    /// One scratch a thread of the pool the puzzle was made on (and one
    /// for a thread outside it).
    scratch: Vec<Mutex<Scratch>>,
    won_seen: AtomicBool,
    word: PhantomData<S>,
}

impl<'a, S: PackedState> PositionPuzzle<'a, S> {
    /// The puzzle of a compiled level with its layout.
    pub fn new(rules: &'a Rules, layout: PositionLayout) -> PositionPuzzle<'a, S> {
        PositionPuzzle {
            rules,
            layout,
            scratch: (0..=rayon::current_num_threads())
                .map(|_| Mutex::new(Scratch::new(rules.cell_count())))
                .collect(),
            won_seen: AtomicBool::new(false),
            word: PhantomData,
        }
    }

    /// Whether the search has met a won position so far.
    pub fn won_seen(&self) -> bool {
        self.won_seen.load(Ordering::Relaxed)
    }

    /// Runs `f` on this thread's scratch (a fresh one if another thread
    /// holds it).
    fn with_scratch<T>(&self, f: impl FnOnce(&mut Scratch) -> T) -> T {
        let slot = rayon::current_thread_index().map_or(0, |i| i + 1) % self.scratch.len();
        match self.scratch[slot].try_lock() {
            Ok(mut scratch) => f(&mut scratch),
            Err(_) => f(&mut Scratch::new(self.rules.cell_count())),
        }
    }
}

impl<S: PackedState> Puzzle for PositionPuzzle<'_, S> {
    type State = S;

    /// Four a box; a level whose boxes are all sealed off on goals has
    /// none to push, but still four moves that never move.
    fn move_count(&self) -> usize {
        4 * self.layout.box_count().max(1)
    }

    fn move_name(&self, mv: usize) -> &'static str {
        Dir::from_index(mv % 4).map_or("?", Dir::name)
    }

    /// A position makes a few of its four pushes a box: the graph keeps
    /// only those (Microban 153, ten boxes: about 40 bytes of pushes a
    /// position instead of 160).
    fn sparse_moves(&self) -> bool {
        true
    }

    fn start(&self) -> S {
        let start = self.rules.start();
        self.with_scratch(|scratch| {
            let player = scratch.area_min(self.rules, &start.boxes, start.player);
            S::from_words(self.layout.pack(player, &start.boxes))
        })
    }

    fn state_bits(&self) -> u32 {
        self.layout.bits()
    }

    fn step(&self, state: &S, mv: usize) -> Outcome<S> {
        let mut out = vec![Outcome::NoMove; self.move_count()];
        self.step_all(state, &mut out);
        out[mv]
    }

    fn step_all(&self, state: &S, out: &mut [Outcome<S>]) {
        out.fill(Outcome::NoMove);
        let rules = self.rules;
        let layout = self.layout;
        self.with_scratch(|scratch| {
            let mut boxes = std::mem::take(&mut scratch.boxes);
            let mut moved = std::mem::take(&mut scratch.moved);
            let player = layout.unpack(&state.to_words(), &mut boxes);
            let g = scratch.flood(rules, &boxes, player, |_| {});
            for push in pushes(rules, scratch, g, &boxes) {
                moved_boxes(&boxes, push.k, push.to, &mut moved);
                let least = scratch.area_min(rules, &moved, push.cell);
                out[push.k * 4 + push.dir.index()] =
                    Outcome::Next(S::from_words(layout.pack(least, &moved)));
            }
            scratch.boxes = boxes;
            scratch.moved = moved;
        });
    }

    fn is_won(&self, state: &S) -> bool {
        let mut boxes = Vec::with_capacity(self.layout.box_count());
        self.layout.unpack(&state.to_words(), &mut boxes);
        let won = boxes.iter().all(|&b| self.rules.is_goal(b));
        if won {
            self.won_seen.store(true, Ordering::Relaxed);
        }
        won
    }

    fn is_preferred(&self, _: &S) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::sokoban::format::read_xsb_one;

    fn rules(text: &str) -> Rules {
        Rules::compile(&read_xsb_one(text).unwrap()).unwrap()
    }

    #[test]
    fn both_packings_round_trip_and_the_smaller_is_chosen() {
        let r = rules("#######\n#@$ . #\n# $  .#\n#######\n");
        let layout = PositionLayout::of(&r).unwrap();
        // 10 cells: 4 bits a cell; as numbers 4 * 3 = 12 bits, as bits
        // 4 + 10 = 14.
        assert_eq!(layout.encoding(), BoxEncoding::CellNumbers);
        assert_eq!(layout.bits(), 12);
        let mut boxes = Vec::new();
        let w = layout.pack(3, &[1, 6]);
        assert_eq!(layout.unpack(&w, &mut boxes), 3);
        assert_eq!(boxes, [1, 6]);
        let as_bits = PositionLayout {
            encoding: BoxEncoding::CellBits,
            ..layout
        };
        let w = as_bits.pack(9, &[0, 6, 9]);
        assert_eq!(as_bits.unpack(&w, &mut boxes), 9);
        assert_eq!(boxes, [0, 6, 9]);
    }

    #[test]
    fn a_big_one_box_maze_packs_into_a_word() {
        // A 60 x 40 open room with one box: 2,204 cells, far past 256
        // bits as a box set, 24 bits as cell numbers.
        let mut text = "#".repeat(60) + "\n";
        for y in 0..38 {
            let row = match y {
                0 => "@$.".to_string() + &" ".repeat(55),
                _ => " ".repeat(58),
            };
            text += &format!("#{row}#\n");
        }
        text += &"#".repeat(60);
        let r = rules(&text);
        let layout = PositionLayout::of(&r).unwrap();
        assert_eq!(layout.encoding(), BoxEncoding::CellNumbers);
        assert_eq!(layout.bits(), 24);
    }

    #[test]
    fn positions_too_wide_both_ways_are_refused_with_the_bits_they_need() {
        // A 32 x 9 room (288 cells, 9 bits a cell) with 30 boxes: 297 bits
        // as a box set, 279 as cell numbers.
        let mut text = "#".repeat(34) + "\n";
        for y in 0..9 {
            let row: String = (0..32)
                .map(|x| match (x, y) {
                    (0, 0) => '@',
                    (1..=30, 2) => '$',
                    (1..=30, 5) => '.',
                    _ => ' ',
                })
                .collect();
            text += &format!("#{row}#\n");
        }
        text += &"#".repeat(34);
        let level = read_xsb_one(&text).unwrap();
        assert_eq!(level.problems(), []);
        let e = crate::kinds::sokoban::analyze(&level, &crate::engine::Job::default())
            .unwrap_err()
            .to_string();
        assert_eq!(
            e,
            "the level is too big for the solver: a position needs 279 bits (its boxes among the player's region of 288 cells, and the player's place), at most 256 fit"
        );
    }

    #[test]
    fn the_start_is_named_by_its_areas_smallest_cell() {
        // The box at cell 1 splits the corridor; the player at cell 2
        // reaches cells 2, 3 and 4.
        let r = rules("#######\n# $@ .#\n#######\n");
        let layout = PositionLayout::of(&r).unwrap();
        let puzzle = PositionPuzzle::<u64>::new(&r, layout);
        let mut boxes = Vec::new();
        let player = layout.unpack(&puzzle.start().to_words(), &mut boxes);
        assert_eq!(boxes, [1]);
        assert_eq!(player, 2, "cells 2, 3 and 4; the smallest is 2");
        // One push: the box left (from 2) to 0.
        let mut out = vec![Outcome::NoMove; 4];
        puzzle.step_all(&puzzle.start(), &mut out);
        let next: Vec<usize> = (0..4)
            .filter(|&m| matches!(out[m], Outcome::Next(_)))
            .collect();
        assert_eq!(next, [Dir::Left.index()]);
    }
}
