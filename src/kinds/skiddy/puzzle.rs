//! Skiddy as a [`Puzzle`] for the engine: positions packed into a word.
//!
//! Each piece takes `bits` bits holding its index among the inner cells, or
//! `inner cell count` once it has left. Interchangeable pieces are kept in
//! increasing order, so every position has exactly one packed form.

use std::marker::PhantomData;
use std::sync::OnceLock;

use crate::engine::{Outcome, PackedState, Puzzle};

use super::lines::{LineMove, LineStep};
use super::rules::{Dir, NoTrace, Rules, GONE, MAX_PIECES};

/// A compiled Skiddy level as a puzzle whose states are packed into `S`.
#[derive(Debug)]
pub struct SkiddyPuzzle<'a, S> {
    rules: &'a Rules,
    bits: u32,
    gone_code: u32,
    /// The code of each position (an inner cell or [`GONE`], which is never
    /// an inner cell); [`GONE`] maps to the gone code, which is above every
    /// inner cell's code.
    cell_to_code: [u8; 256],
    /// The position of each code; the gone code maps to [`GONE`].
    code_to_cell: [u8; 256],
    /// The groups `0..skiddy_groups` of the rules are Skiddies.
    skiddy_groups: usize,
    /// The line step's tables, made the first time all moves of a state
    /// are asked for; `None` inside when the level is too big for them.
    line_step: OnceLock<Option<LineStep>>,
    _state: PhantomData<S>,
}

impl<S> Clone for SkiddyPuzzle<'_, S> {
    /// A copy with the line step's tables still to make.
    fn clone(&self) -> Self {
        SkiddyPuzzle {
            rules: self.rules,
            bits: self.bits,
            gone_code: self.gone_code,
            cell_to_code: self.cell_to_code,
            code_to_cell: self.code_to_cell,
            skiddy_groups: self.skiddy_groups,
            line_step: OnceLock::new(),
            _state: PhantomData,
        }
    }
}

/// The number of bits a level's packed state needs.
pub fn state_bits(rules: &Rules) -> u32 {
    bits_per_piece(rules) * rules.pieces().len() as u32
}

fn bits_per_piece(rules: &Rules) -> u32 {
    let codes = rules.inner_cells().len() as u32 + 1;
    32 - (codes - 1).leading_zeros()
}

impl<'a, S: PackedState> SkiddyPuzzle<'a, S> {
    /// Wraps compiled rules. Panics if the state does not fit in `S`; pick
    /// the word with [`state_bits`].
    pub fn new(rules: &'a Rules) -> Self {
        assert!(
            state_bits(rules) <= S::BITS,
            "the state does not fit the word"
        );
        let inner_to_cell = rules.inner_cells();
        let gone_code = inner_to_cell.len() as u8;
        let mut cell_to_code = [0u8; 256];
        let mut code_to_cell = [GONE; 256];
        for (i, &c) in inner_to_cell.iter().enumerate() {
            cell_to_code[c as usize] = i as u8;
            code_to_cell[i] = c;
        }
        cell_to_code[GONE as usize] = gone_code;
        SkiddyPuzzle {
            rules,
            bits: bits_per_piece(rules),
            gone_code: gone_code as u32,
            cell_to_code,
            code_to_cell,
            skiddy_groups: rules
                .groups()
                .iter()
                .filter(|g| g.start < rules.skiddy_count())
                .count(),
            line_step: OnceLock::new(),
            _state: PhantomData,
        }
    }

    /// The rules.
    pub fn rules(&self) -> &'a Rules {
        self.rules
    }

    /// Packs canonical positions.
    #[inline]
    pub fn pack(&self, positions: &[u8]) -> S {
        let mut codes = [0u8; MAX_PIECES];
        for (code, &p) in codes.iter_mut().zip(positions) {
            *code = self.cell_to_code[p as usize];
        }
        S::from_fields(&codes[..positions.len()], self.bits)
    }

    /// Unpacks a state into positions (one per piece); returns how many.
    #[inline]
    pub fn unpack(&self, state: &S, positions: &mut [u8; MAX_PIECES]) -> usize {
        let n = self.rules.pieces().len();
        let mut codes = [0u8; MAX_PIECES];
        state.to_fields(self.bits, &mut codes[..n]);
        for (slot, &code) in positions.iter_mut().zip(&codes[..n]) {
            *slot = self.code_to_cell[code as usize];
        }
        n
    }

    /// One move of `state` made by `apply` on its positions (which says
    /// whether anything changed), canonicalised and packed.
    #[inline]
    fn step_with(&self, state: &S, apply: impl FnOnce(&mut [u8]) -> bool) -> Outcome<S> {
        let mut buf = [0u8; MAX_PIECES];
        let n = self.unpack(state, &mut buf);
        let positions = &mut buf[..n];
        if !apply(positions) {
            return Outcome::NoMove;
        }
        self.rules.canonicalise(positions);
        Outcome::Next(self.pack(positions))
    }

    /// All four moves of a state by the cell-walking step, for levels too
    /// big for the line step.
    fn step_all_by_cells(&self, state: &S, out: &mut [Outcome<S>]) {
        let mut buf = [0u8; MAX_PIECES];
        let n = self.unpack(state, &mut buf);
        let mut prepared = self.rules.prepare(&buf[..n]);
        let mut next = [0u8; MAX_PIECES];
        for (dir, outcome) in Dir::ALL.into_iter().zip(out) {
            *outcome = if self
                .rules
                .apply_prepared(&mut prepared, dir, &mut next[..n])
            {
                self.rules.canonicalise(&mut next[..n]);
                Outcome::Next(self.pack(&next[..n]))
            } else {
                Outcome::NoMove
            };
        }
    }

    /// The positions of a state, as a vector.
    pub fn positions(&self, state: &S) -> Vec<u8> {
        let mut buf = [0u8; MAX_PIECES];
        let n = self.unpack(state, &mut buf);
        buf[..n].to_vec()
    }
}

impl<S: PackedState> Puzzle for SkiddyPuzzle<'_, S> {
    type State = S;

    fn move_count(&self) -> usize {
        4
    }

    fn move_name(&self, mv: usize) -> &'static str {
        ["U", "R", "D", "L"][mv]
    }

    fn start(&self) -> S {
        let mut positions = self.rules.start_positions().to_vec();
        self.rules.canonicalise(&mut positions);
        self.pack(&positions)
    }

    #[inline]
    fn step(&self, state: &S, mv: usize) -> Outcome<S> {
        self.step_with(state, |positions| self.rules.apply(positions, Dir::ALL[mv]))
    }

    fn step_all(&self, state: &S, out: &mut [Outcome<S>]) {
        let n = self.rules.pieces().len();
        let Some(lines) = self.line_step.get_or_init(|| LineStep::new(self.rules)) else {
            return self.step_all_by_cells(state, out);
        };
        let mut codes = [0u8; MAX_PIECES];
        state.to_fields(self.bits, &mut codes[..n]);
        let keys = lines.keys(&codes[..n]);
        let mut next = [0u8; MAX_PIECES];
        for (dir, outcome) in Dir::ALL.into_iter().zip(out) {
            *outcome = match lines.apply(self.rules, &codes[..n], &keys, dir, &mut next[..n]) {
                LineMove::NoMove => Outcome::NoMove,
                LineMove::Moved => Outcome::Next(S::from_fields(&next[..n], self.bits)),
                // A Skiddy leaves that may take company of its colour with
                // it: only the tick model settles that.
                LineMove::Leaves => self.step_with(state, |positions| {
                    self.rules.simulate(positions, dir, &mut NoTrace)
                }),
            };
        }
    }

    fn is_won(&self, state: &S) -> bool {
        self.classify(state).0
    }

    fn is_preferred(&self, state: &S) -> bool {
        self.classify(state).1
    }

    /// Reads only the first and last piece of each Skiddy group: groups are
    /// sorted with gone pieces (the largest code) last.
    #[inline]
    fn classify(&self, state: &S) -> (bool, bool) {
        let mut won = true;
        let mut intact = true;
        for g in &self.rules.groups()[..self.skiddy_groups] {
            let first_gone = state.get(g.start as u32 * self.bits, self.bits) == self.gone_code;
            let last_gone = state.get((g.end - 1) as u32 * self.bits, self.bits) == self.gone_code;
            won &= first_gone;
            intact &= first_gone || !last_gone;
        }
        (won, intact)
    }
}
