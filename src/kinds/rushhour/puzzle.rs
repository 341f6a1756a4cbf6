//! Rush Hour as a [`Puzzle`] for the engine.
//!
//! A state is every vehicle's offset along its own line (its column if it
//! lies horizontally, its row if vertically), packed from bit 0 up, each in
//! just the bits its line needs (at most 4: a side is at most 10 cells).
//! Walls and each vehicle's line never change, so the offsets say all.
//!
//! Moves are numbered once for the level: vehicle by vehicle, each
//! distance the vehicle's line allows from the farthest back to the
//! farthest forward (`A-4 … A-1 A+1 … A+4`), whether or not it is free in
//! a given state; a slide that is blocked is no move there.

use std::marker::PhantomData;

use crate::engine::{Outcome, PackedState, Puzzle};
use crate::kinds::Problem;

use super::level::{Level, Orientation, MAX_SIDE, MAX_VEHICLES};
use super::rules::Move;

/// The most moves a level may have: the engine keeps a move in a byte.
pub const MAX_MOVES: usize = 256;

/// The longest slide any level allows (a car of 2 on a side of 10 slides
/// at most 8; names go to 9).
const MAX_NAMED_DISTANCE: usize = 9;

/// Names per letter: `-9 … -1` then `+1 … +9`.
const NAMES_PER_LETTER: usize = 2 * MAX_NAMED_DISTANCE;

/// Every move name `A-9` … `Z+9`, as bytes: letter by letter, each
/// letter's from `-9` to `-1`, then `+1` to `+9`.
static MOVE_NAMES: [[u8; 3]; MAX_VEHICLES * NAMES_PER_LETTER] = move_names();

/// Builds [`MOVE_NAMES`] when compiling.
const fn move_names() -> [[u8; 3]; MAX_VEHICLES * NAMES_PER_LETTER] {
    let mut names = [[0u8; 3]; MAX_VEHICLES * NAMES_PER_LETTER];
    let mut letter = 0;
    while letter < MAX_VEHICLES {
        let mut k = 0;
        while k < NAMES_PER_LETTER {
            let (sign, distance) = if k < MAX_NAMED_DISTANCE {
                (b'-', MAX_NAMED_DISTANCE - k)
            } else {
                (b'+', k - MAX_NAMED_DISTANCE + 1)
            };
            names[letter * NAMES_PER_LETTER + k] =
                [b'A' + letter as u8, sign, b'0' + distance as u8];
            k += 1;
        }
        letter += 1;
    }
    names
}

/// The name of a slide of `distance` (±1 to ±9) by the vehicle lettered
/// `letter` (`A` to `Z`): `"C-2"`; `"?"` for anything else.
pub fn move_name(letter: char, distance: i32) -> &'static str {
    let (letter, magnitude) = (letter as usize, distance.unsigned_abs() as usize);
    if !(b'A' as usize..=b'Z' as usize).contains(&letter)
        || !(1..=MAX_NAMED_DISTANCE).contains(&magnitude)
    {
        return "?";
    }
    let k = if distance < 0 {
        MAX_NAMED_DISTANCE - magnitude
    } else {
        MAX_NAMED_DISTANCE + magnitude - 1
    };
    std::str::from_utf8(&MOVE_NAMES[(letter - b'A' as usize) * NAMES_PER_LETTER + k]).unwrap_or("?")
}

/// Why a level cannot be explored.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CompileError {
    /// The level has problems (see [`Level::problems`]).
    #[error("the level is invalid: {}", list_problems(.0))]
    Invalid(Vec<Problem>),
    /// More (vehicle, distance) moves than the engine can number.
    #[error(
        "the level has {moves} moves (one for each vehicle and each distance its line allows); \
         the solver numbers at most {MAX_MOVES}: use fewer vehicles, longer ones or a smaller board"
    )]
    TooManyMoves {
        /// The moves the level would have.
        moves: usize,
    },
}

fn list_problems(problems: &[Problem]) -> String {
    match problems {
        [] => "no problem given".to_string(),
        [one] => one.to_string(),
        [first, rest @ ..] => format!("{first} (and {} more)", rest.len()),
    }
}

/// The bits needed to tell `n` values apart (0 for one value).
fn bits_for(n: usize) -> u32 {
    usize::BITS - n.saturating_sub(1).leading_zeros()
}

/// One vehicle's line, compiled.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Line {
    /// The bit index of each cell of its line, in order (the rest unused).
    cells: [u8; MAX_SIDE],
    /// The cells of its line.
    side: u8,
    /// Its length.
    length: u8,
    /// The cells it covers at each offset.
    masks: [u128; MAX_SIDE],
    /// Where its offset is packed, and in how many bits.
    shift: u32,
    bits: u32,
    /// Its first move's number.
    first_move: usize,
}

impl Line {
    /// The greatest offset: how far it slides from one end to the other.
    fn span(&self) -> usize {
        (self.side - self.length) as usize
    }

    /// The number of move `distance` (±1 to ±span).
    fn move_number(&self, distance: i32) -> usize {
        let span = self.span() as i32;
        let k = if distance < 0 {
            distance + span
        } else {
            span + distance - 1
        };
        self.first_move + k as usize
    }
}

/// A valid level compiled for the solver: the lines, the walls, the moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    level: Level,
    lines: Vec<Line>,
    walls: u128,
    moves: Vec<Move>,
    names: Vec<&'static str>,
    primary: usize,
    won_offset: u32,
    bits: u32,
}

impl Rules {
    /// Compiles a level; refused when it has problems or more than
    /// [`MAX_MOVES`] moves.
    pub fn compile(level: &Level) -> Result<Rules, CompileError> {
        let problems = level.problems();
        if !problems.is_empty() {
            return Err(CompileError::Invalid(problems));
        }
        let width = level.width();
        let mut walls = 0u128;
        for (i, &wall) in level.walls().iter().enumerate() {
            walls |= (wall as u128) << i;
        }
        let mut lines = Vec::with_capacity(level.vehicles.len());
        let mut moves = Vec::new();
        let mut names = Vec::new();
        let mut shift = 0;
        for (index, v) in level.vehicles.iter().enumerate() {
            let (side, cell_at): (usize, Box<dyn Fn(usize) -> usize>) = match v.orientation {
                Orientation::Horizontal => (width, Box::new(|k| v.y * width + k)),
                Orientation::Vertical => (level.height(), Box::new(|k| k * width + v.x)),
            };
            let mut cells = [0u8; MAX_SIDE];
            for (k, cell) in cells.iter_mut().enumerate().take(side) {
                *cell = cell_at(k) as u8;
            }
            let span = side - v.length;
            let mut masks = [0u128; MAX_SIDE];
            for (offset, mask) in masks.iter_mut().enumerate().take(span + 1) {
                for &cell in &cells[offset..offset + v.length] {
                    *mask |= 1u128 << cell;
                }
            }
            let bits = bits_for(span + 1);
            let letter = level.letter(index);
            let first_move = moves.len();
            for distance in (-(span as i32)..=span as i32).filter(|&d| d != 0) {
                moves.push(Move {
                    vehicle: index,
                    distance,
                });
                names.push(move_name(letter, distance));
            }
            lines.push(Line {
                cells,
                side: side as u8,
                length: v.length as u8,
                masks,
                shift,
                bits,
                first_move,
            });
            shift += bits;
        }
        if moves.len() > MAX_MOVES {
            return Err(CompileError::TooManyMoves { moves: moves.len() });
        }
        let primary = level
            .primary()
            .expect("a valid level has a primary vehicle");
        let won_offset = lines[primary].span() as u32;
        Ok(Rules {
            level: level.clone(),
            lines,
            walls,
            moves,
            names,
            primary,
            won_offset,
            bits: shift,
        })
    }

    /// The level compiled.
    pub fn level(&self) -> &Level {
        &self.level
    }

    /// The bits one state takes.
    pub fn bits(&self) -> u32 {
        self.bits
    }

    /// Every move, by number.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The name of move number `mv` (`"C-2"`), `"?"` past the last.
    pub fn move_name(&self, mv: usize) -> &'static str {
        self.names.get(mv).copied().unwrap_or("?")
    }

    /// The number of the move that slides `vehicle` by `distance`, if the
    /// vehicle's line allows that slide.
    pub fn move_number(&self, vehicle: usize, distance: i32) -> Option<usize> {
        let line = self.lines.get(vehicle)?;
        let span = line.span() as i32;
        (distance != 0 && distance.abs() <= span).then(|| line.move_number(distance))
    }

    /// The vehicles' offsets along their lines in `level`, widened to four
    /// words, if `level` has this level's vehicles on the same lines (each
    /// on the board) and its walls.
    pub fn pack(&self, level: &Level) -> Option<[u64; 4]> {
        let same_board = level.width() == self.level.width()
            && level.height() == self.level.height()
            && level.walls() == self.level.walls()
            && level.vehicles.len() == self.level.vehicles.len();
        if !same_board {
            return None;
        }
        let mut word = [0u64; 4];
        for ((v, w), line) in level
            .vehicles
            .iter()
            .zip(&self.level.vehicles)
            .zip(&self.lines)
        {
            let (offset, across, w_across) = match w.orientation {
                Orientation::Horizontal => (v.x, v.y, w.y),
                Orientation::Vertical => (v.y, v.x, w.x),
            };
            let same_line = v.orientation == w.orientation
                && v.length == w.length
                && v.primary == w.primary
                && across == w_across;
            if !same_line || offset > line.span() {
                return None;
            }
            word.set(line.shift, line.bits, offset as u32);
        }
        Some(word)
    }

    /// The level with its vehicles where the widened word `word` puts them.
    pub fn unpack(&self, word: &[u64; 4]) -> Level {
        let mut level = self.level.clone();
        for (v, line) in level.vehicles.iter_mut().zip(&self.lines) {
            let offset = word.get(line.shift, line.bits) as usize;
            match v.orientation {
                Orientation::Horizontal => v.x = offset,
                Orientation::Vertical => v.y = offset,
            }
        }
        level
    }

    /// Whether the widened word `word` is won.
    pub fn is_won_word(&self, word: &[u64; 4]) -> bool {
        let line = &self.lines[self.primary];
        word.get(line.shift, line.bits) == self.won_offset
    }
}

/// A compiled level as the engine's puzzle, in word `S`.
pub struct RushHourPuzzle<'a, S> {
    rules: &'a Rules,
    start: S,
    word: PhantomData<S>,
}

impl<'a, S: PackedState> RushHourPuzzle<'a, S> {
    /// The puzzle of a compiled level; `S` must hold [`Rules::bits`] bits.
    pub fn new(rules: &'a Rules) -> RushHourPuzzle<'a, S> {
        let start = rules
            .pack(&rules.level)
            .expect("a compiled level packs its own start");
        RushHourPuzzle {
            rules,
            start: S::from_words(start),
            word: PhantomData,
        }
    }

    /// Every vehicle's offset in `state`.
    #[inline(always)]
    fn offsets(&self, state: &S, out: &mut [u8; MAX_VEHICLES]) {
        for (o, line) in out.iter_mut().zip(&self.rules.lines) {
            *o = state.get(line.shift, line.bits) as u8;
        }
    }
}

impl<S: PackedState> Puzzle for RushHourPuzzle<'_, S> {
    type State = S;

    fn move_count(&self) -> usize {
        self.rules.moves.len()
    }

    fn move_name(&self, mv: usize) -> &'static str {
        self.rules.move_name(mv)
    }

    fn start(&self) -> S {
        self.start
    }

    fn state_bits(&self) -> u32 {
        self.rules.bits.max(1)
    }

    fn step(&self, state: &S, mv: usize) -> Outcome<S> {
        let mut out = vec![Outcome::NoMove; self.move_count()];
        self.step_all(state, &mut out);
        out.get(mv).copied().unwrap_or(Outcome::NoMove)
    }

    #[inline]
    fn step_all(&self, state: &S, out: &mut [Outcome<S>]) {
        let rules = self.rules;
        let mut offsets = [0u8; MAX_VEHICLES];
        self.offsets(state, &mut offsets);
        let mut occupied = rules.walls;
        for (line, &o) in rules.lines.iter().zip(&offsets) {
            occupied |= line.masks[o as usize];
        }
        out.fill(Outcome::NoMove);
        for (line, &o) in rules.lines.iter().zip(&offsets) {
            let o = o as usize;
            let mut next = *state;
            let mut k = o;
            while k > 0 && occupied >> line.cells[k - 1] & 1 == 0 {
                k -= 1;
                next.set(line.shift, line.bits, k as u32);
                out[line.move_number(k as i32 - o as i32)] = Outcome::Next(next);
            }
            let (length, side) = (line.length as usize, line.side as usize);
            let mut k = o;
            while k + length < side && occupied >> line.cells[k + length] & 1 == 0 {
                k += 1;
                next.set(line.shift, line.bits, k as u32);
                out[line.move_number(k as i32 - o as i32)] = Outcome::Next(next);
            }
        }
    }

    fn is_won(&self, state: &S) -> bool {
        let line = &self.rules.lines[self.rules.primary];
        state.get(line.shift, line.bits) == self.rules.won_offset
    }

    fn is_preferred(&self, _: &S) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::rushhour::level::Vehicle;
    use crate::kinds::rushhour::rules::{apply, legal_moves};

    fn level() -> Level {
        // A at (1, 2); truck B vertical at (4, 0); car C horizontal at
        // (0, 5); a wall at (5, 5).
        let mut level = Level::new(6, 6);
        let v = |x, y, length, orientation, primary| Vehicle {
            x,
            y,
            length,
            orientation,
            primary,
        };
        level.vehicles = vec![
            v(1, 2, 2, Orientation::Horizontal, true),
            v(4, 0, 3, Orientation::Vertical, false),
            v(0, 5, 2, Orientation::Horizontal, false),
        ];
        level.set_wall(5, 5, true);
        level
    }

    #[test]
    fn every_name_is_in_the_table() {
        assert_eq!(move_name('A', 1), "A+1");
        assert_eq!(move_name('Z', -9), "Z-9");
        assert_eq!(move_name('C', -2), "C-2");
        assert_eq!(move_name('a', 1), "?");
        assert_eq!(move_name('A', 0), "?");
        assert_eq!(move_name('A', 10), "?");
    }

    #[test]
    fn steps_agree_with_the_rules() {
        let level = level();
        let rules = Rules::compile(&level).unwrap();
        // A: 4 offsets (3 bits), B: 4 (2 bits), C: 5 (3 bits).
        assert_eq!(rules.bits(), 3 + 2 + 3);
        assert_eq!(rules.moves().len(), 8 + 6 + 8);
        let puzzle = RushHourPuzzle::<u64>::new(&rules);
        let mut out = vec![Outcome::NoMove; puzzle.move_count()];
        puzzle.step_all(&puzzle.start(), &mut out);
        let mut played = Vec::new();
        for (mv, outcome) in out.iter().enumerate() {
            if let Outcome::Next(next) = outcome {
                let m = rules.moves()[mv];
                assert_eq!(rules.move_number(m.vehicle, m.distance), Some(mv));
                let by_rules = apply(&level, m).unwrap();
                assert_eq!(
                    rules.unpack(&next.to_words()),
                    by_rules,
                    "{}",
                    puzzle.move_name(mv)
                );
                played.push(m);
            }
        }
        assert_eq!(played, legal_moves(&level));
        let names: Vec<String> = played.iter().map(|m| m.on(&level).to_string()).collect();
        assert_eq!(
            names,
            ["A-1", "A+1", "B+1", "B+2", "B+3", "C+1", "C+2", "C+3"]
        );
        assert!(!puzzle.is_won(&puzzle.start()));
    }

    #[test]
    fn too_many_moves_and_invalid_levels_are_refused() {
        let mut level = Level::new(10, 10);
        for y in 0..10 {
            for x in [0, 2, 4, 6] {
                if level.vehicles.len() < 26 {
                    level.vehicles.push(Vehicle {
                        x,
                        y,
                        length: 2,
                        orientation: Orientation::Horizontal,
                        primary: level.vehicles.is_empty(),
                    });
                }
            }
        }
        let e = Rules::compile(&level).unwrap_err();
        assert_eq!(e, CompileError::TooManyMoves { moves: 26 * 16 });
        assert!(e.to_string().contains("at most 256"), "{e}");
        let e = Rules::compile(&Level::new(6, 6)).unwrap_err();
        assert!(e.to_string().contains("no primary vehicle"), "{e}");
    }

    #[test]
    fn a_position_packs_only_on_the_same_lines() {
        let level = level();
        let rules = Rules::compile(&level).unwrap();
        let word = rules.pack(&level).unwrap();
        assert_eq!(rules.unpack(&word), level);
        let mut moved = level.clone();
        moved.vehicles[1].x = 3;
        assert_eq!(rules.pack(&moved), None, "B left its column");
        let mut walled = level.clone();
        walled.set_wall(0, 0, true);
        assert_eq!(rules.pack(&walled), None);
        let mut won = level.clone();
        won.vehicles[0].x = 4;
        assert!(rules.is_won_word(&rules.pack(&won).unwrap()));
    }
}
