//! Sokoban's step-level states as a [`Puzzle`] for the engine (the
//! reference [`super::analyze_by_steps`], and the state graph of small
//! levels), packed into a word.
//!
//! A state holds, from bit 0 up: the player's region cell (just enough
//! bits to number the region), then one bit a region cell, set where a box
//! stands. The boxes are a set, so every position has exactly one packed
//! form. A move is one step of the player (U R D L), so Play, Replay and
//! the state graph agree move for move; a move is a push exactly when the
//! box bits of its two states differ.

use std::marker::PhantomData;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::engine::{Outcome, PackedState, Puzzle};

use super::rules::{CompileError, Dir, Position, Rules, NONE};

/// The widest state the engine holds, in bits.
const MAX_BITS: u32 = 256;

/// The bits needed to tell `n` values apart (at least 1).
fn bits_for(n: usize) -> u32 {
    (usize::BITS - n.saturating_sub(1).leading_zeros()).max(1)
}

/// Where the player and the boxes live in a packed state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StateLayout {
    player_bits: u32,
    cells: u32,
}

impl StateLayout {
    /// The layout of a compiled level's states; refused when they need
    /// more than 256 bits.
    pub fn of(rules: &Rules) -> Result<StateLayout, CompileError> {
        let cells = rules.cell_count();
        let player_bits = bits_for(cells);
        let bits = player_bits as u64 + cells as u64;
        if bits > MAX_BITS as u64 {
            return Err(CompileError::StateTooBig {
                bits: bits.min(u32::MAX as u64) as u32,
                cells,
            });
        }
        Ok(StateLayout {
            player_bits,
            cells: cells as u32,
        })
    }

    /// The bits one state needs.
    pub fn bits(&self) -> u32 {
        self.player_bits + self.cells
    }

    /// Packs a position into the widened word (four 64-bit words).
    pub fn pack(&self, pos: &Position) -> [u64; 4] {
        let mut w = [0u64; 4];
        w[0] = pos.player as u64;
        for &b in &pos.boxes {
            let bit = self.player_bits + b;
            w[(bit / 64) as usize] |= 1 << (bit % 64);
        }
        w
    }

    /// Unpacks a widened word.
    pub fn unpack(&self, w: &[u64; 4]) -> Position {
        let player = (w[0] & ((1u64 << self.player_bits) - 1)) as u32;
        let boxes = (0..self.cells).filter(|&c| self.has_box(w, c)).collect();
        Position { player, boxes }
    }

    /// The player's cell of a widened word.
    #[inline(always)]
    pub fn player(&self, w: &[u64; 4]) -> u32 {
        (w[0] & ((1u64 << self.player_bits) - 1)) as u32
    }

    /// Whether region cell `c` holds a box in a widened word.
    #[inline(always)]
    pub fn has_box(&self, w: &[u64; 4], c: u32) -> bool {
        let bit = self.player_bits + c;
        w[(bit / 64) as usize] >> (bit % 64) & 1 != 0
    }

    /// Whether two widened words have the same boxes: a move between them
    /// is a step, else a push.
    #[inline(always)]
    pub fn same_boxes(&self, a: &[u64; 4], b: &[u64; 4]) -> bool {
        let player_mask = (1u64 << self.player_bits) - 1;
        (a[0] ^ b[0]) & !player_mask == 0 && a[1..] == b[1..]
    }
}

/// A compiled level as the engine's puzzle, in word `S`.
pub struct SokobanPuzzle<'a, S> {
    rules: &'a Rules,
    layout: StateLayout,
    /// The box bits of cells that are not goals: a state is won when it
    /// has none of them.
    off_goal: [u64; 4],
    /// Whether the search has met a won state (what is known when it
    /// stops early).
    won_seen: AtomicBool,
    word: PhantomData<S>,
}

impl<'a, S: PackedState> SokobanPuzzle<'a, S> {
    /// The puzzle of a compiled level with its layout.
    pub fn new(rules: &'a Rules, layout: StateLayout) -> SokobanPuzzle<'a, S> {
        let mut off_goal = [0u64; 4];
        for c in 0..rules.cell_count() as u32 {
            if !rules.is_goal(c) {
                let bit = layout.player_bits + c;
                off_goal[(bit / 64) as usize] |= 1 << (bit % 64);
            }
        }
        SokobanPuzzle {
            rules,
            layout,
            off_goal,
            won_seen: AtomicBool::new(false),
            word: PhantomData,
        }
    }

    /// Whether the search has met a won state so far.
    pub fn won_seen(&self) -> bool {
        self.won_seen.load(Ordering::Relaxed)
    }

    fn won_words(&self, w: &[u64; 4]) -> bool {
        w.iter().zip(&self.off_goal).all(|(a, b)| a & b == 0)
    }
}

impl<S: PackedState> Puzzle for SokobanPuzzle<'_, S> {
    type State = S;

    fn move_count(&self) -> usize {
        4
    }

    fn move_name(&self, mv: usize) -> &'static str {
        Dir::from_index(mv).map_or("?", Dir::name)
    }

    fn start(&self) -> S {
        S::from_words(self.layout.pack(self.rules.start()))
    }

    fn state_bits(&self) -> u32 {
        self.layout.bits()
    }

    #[inline]
    fn step(&self, state: &S, mv: usize) -> Outcome<S> {
        let mut w = state.to_words();
        let l = &self.layout;
        let p = l.player(&w);
        let q = self.rules.next(p, mv);
        if q == NONE {
            return Outcome::NoMove;
        }
        if l.has_box(&w, q) {
            let r = self.rules.next(q, mv);
            if r == NONE || l.has_box(&w, r) {
                return Outcome::NoMove;
            }
            let (qb, rb) = (l.player_bits + q, l.player_bits + r);
            w[(qb / 64) as usize] &= !(1 << (qb % 64));
            w[(rb / 64) as usize] |= 1 << (rb % 64);
        }
        let player_mask = (1u64 << l.player_bits) - 1;
        w[0] = (w[0] & !player_mask) | q as u64;
        Outcome::Next(S::from_words(w))
    }

    fn is_won(&self, state: &S) -> bool {
        let won = self.won_words(&state.to_words());
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

    #[test]
    fn packing_round_trips_and_steps_agree_with_the_rules() {
        let level = read_xsb_one("#######\n#@$ . #\n# $  .#\n#######\n").unwrap();
        let rules = Rules::compile(&level).unwrap();
        let layout = StateLayout::of(&rules).unwrap();
        assert_eq!(layout.bits(), 10 + 4);
        let puzzle = SokobanPuzzle::<u64>::new(&rules, layout);
        let start = puzzle.start();
        assert_eq!(layout.unpack(&start.to_words()), *rules.start());
        for dir in Dir::ALL {
            let by_rules = rules.step(rules.start(), dir).map(|(p, _)| p);
            let by_puzzle = match puzzle.step(&start, dir.index()) {
                Outcome::Next(s) => Some(layout.unpack(&s.to_words())),
                Outcome::NoMove | Outcome::Loss => None,
            };
            assert_eq!(by_puzzle, by_rules, "{dir:?}");
        }
    }

    #[test]
    fn a_region_too_big_for_256_bits_is_refused() {
        let mut text = String::from(&"#".repeat(20));
        text.push('\n');
        for y in 0..14 {
            text += "#";
            text += &match y {
                0 => "@$.".to_string() + &" ".repeat(15),
                _ => " ".repeat(18),
            };
            text += "#\n";
        }
        text += &"#".repeat(20);
        let rules = Rules::compile(&read_xsb_one(&text).unwrap()).unwrap();
        let e = StateLayout::of(&rules).unwrap_err();
        assert_eq!(
            e,
            CompileError::StateTooBig {
                bits: 260,
                cells: 252
            }
        );
        assert!(e.to_string().contains("at most 256 fit"));
    }
}
