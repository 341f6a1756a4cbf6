//! The solver's line step: a move computed line by line from remembered
//! results.
//!
//! A move is the sum of independent moves of its lines (the rows for Left
//! and Right, the columns for Up and Down) as long as no group exit reaches
//! across lines. A slider only ever meets cells of its own line, and a
//! crate is only pushed along it; only a group exit, which takes every
//! Skiddy of the leaver's colour touching it, couples lines. A Skiddy that
//! leaves while it is the last of its colour takes nobody with it, so its
//! line stays independent too.
//!
//! What a line does is therefore a function of what it holds, and a level
//! has few distinct line contents. [`LineStep`] remembers, per direction
//! and line, the result for each content it has met. The first time a
//! content is met, the result comes from the tick model itself
//! ([`Rules::simulate`]) run on the line's pieces alone. When a Skiddy that
//! still has company of its colour leaves, the line stays independent as
//! long as none of that company in the lines beside it can be next to the
//! cell it leaves by; otherwise the move is left to the tick model on the
//! whole board.
//!
//! A content is a number with one digit per cell of the line, in the order
//! of the cells (left to right along a row, top to bottom down a column);
//! the same number serves both directions along the line. A digit says
//! what kind of piece is on the cell: a crate, ice, or a Skiddy, told apart
//! by whether it can leave through the goal at either end of the line. The
//! base is one more than the number of kinds the line can hold in its
//! level, so most tables are small and stay in the cache.
//!
//! A result says, for each cell of the line, how far the code of the piece
//! on it moves: its new cell's code less its old one (or the gone code
//! less its old one when it leaves), one byte a cell; and which cells are
//! occupied after the move. A move of the whole board is then one addition
//! a piece. Pieces never pass each other in a line, so after a move along
//! the rows each group's codes (which run along the rows) are still in
//! order; after a move along the columns, or when a piece left, each group
//! is sorted again, a handful of codes at most. Results are interned: a
//! table entry is a small id of its result, so the tables stay two bytes an
//! entry and the few distinct results stay in the cache.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU16, AtomicU64, Ordering};
use std::sync::Mutex;

use super::level::{Floor, Piece};
use super::rules::{sort_few, Dir, NoTrace, Rules, GONE, MAX_PIECES};

/// The longest line the tables cover (inner cells along a row or column).
pub const MAX_LINE: usize = 7;
/// The most groups of interchangeable pieces (four colours, ice, crates).
const MAX_GROUPS: usize = 6;
/// Room for the codes (the inner cells and the gone code) in per-code
/// arrays: a power of two, so that an index is masked rather than checked.
const CODES: usize = 64;
/// Room for the groups in per-group arrays: a power of two, so that an
/// index is masked rather than checked.
const GROUP_SLOTS: usize = 8;
/// The "group" of a line that ends in a block: no piece leaves there.
const NO_GOAL: u8 = 7;
/// The line that gone pieces are counted in: it is never looked at.
const NOWHERE: u8 = MAX_LINE as u8;
/// The board-mask bit of a gone piece: never a cell, cleared at once.
const NOWHERE_BIT: u8 = 63;

/// Where a result keeps the cells occupied after the move; the bytes below
/// hold the code changes, one byte per cell of the line.
const AFTER_SHIFT: u32 = 56;
/// How many distinct results a level can remember (ids are `u16`, 0 is
/// "not met yet"). Past that, results are worked out each time. The bench
/// levels meet 310 (skiddy_100k) to 1,058 (skiddy_4m).
const RESULT_IDS: usize = (1 << 14) - 1;

/// The number of members of each set of up to seven cells. A table,
/// because the baseline x86-64 target has no population count instruction.
const POPULATION: [u8; 128] = {
    let mut table = [0u8; 128];
    let mut set = 0;
    while set < 128 {
        table[set] = (set as u8).count_ones() as u8;
        set += 1;
    }
    table
};

/// How the board is cut into lines: 0 into rows (for Left and Right), 1
/// into columns (for Up and Down).
#[inline(always)]
fn orientation(dir: Dir) -> usize {
    match dir {
        Dir::Left | Dir::Right => 0,
        Dir::Up | Dir::Down => 1,
    }
}

/// Where an inner cell lies in each orientation.
#[derive(Clone, Copy, Debug)]
struct CellPlace {
    /// Its line: its row, then its column ([`NOWHERE`] for the gone code).
    line: [u8; 2],
    /// Its board-mask bit (see [`LineStep`]'s `bit_of`) as a mask, per
    /// orientation (none for the gone code).
    mask: [u64; 2],
}

/// What one move of a position gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineMove {
    /// Nothing moves: the move is not a move.
    NoMove,
    /// The pieces moved; the new canonical codes were written.
    Moved,
    /// A Skiddy would leave whose group exit may take company of its colour:
    /// only the tick model on the whole board can settle the move.
    Leaves,
}

/// The line contents of one position, in both orientations.
#[derive(Clone, Copy, Debug)]
pub struct LineKeys {
    /// Per orientation and line, the content.
    keys: [[u32; MAX_LINE + 1]; 2],
    /// Per orientation, the occupied cells as a board mask.
    occupied: [u64; 2],
}

/// The remembered line results of one level, for all four directions.
#[derive(Debug)]
pub struct LineStep {
    /// Per direction, the id of the remembered result for each content of
    /// each line (0: not met yet). The lines' contents follow one another.
    results: [Box<[AtomicU16]>; 4],
    /// Per orientation and line, where its contents start in the tables:
    /// the content of an empty line.
    line_start: [[u32; MAX_LINE + 1]; 2],
    /// Per orientation, the number of lines.
    line_count: [usize; 2],
    /// The distinct results by id (id 0 is unused).
    outcomes: Box<[AtomicU64; RESULT_IDS + 1]>,
    /// The id of each distinct result met so far.
    interned: Mutex<HashMap<u64, u16>>,
    /// How many distinct results may be remembered (at most
    /// [`RESULT_IDS`]).
    result_room: usize,
    /// By inner-cell code; the gone code comes last. A fixed size, so that
    /// a masked code needs no bounds check.
    cells: [CellPlace; CODES],
    /// Per orientation, the bit of each code in the board mask: eight bits
    /// a line, the line's cells in order ([`NOWHERE_BIT`] for the gone
    /// code).
    bit_of: [[u8; CODES]; 2],
    /// By inner-cell code and group: what a piece of the group on that
    /// cell adds to its line's content, per orientation.
    digits: [[[u32; 2]; GROUP_SLOTS]; CODES],
    /// The group of each piece.
    group_of: [u8; MAX_PIECES],
    /// The groups' ranges of pieces.
    groups: Vec<(u8, u8)>,
    /// The ranges of the groups with more than one piece: the ones that
    /// may need sorting after a move.
    crowds: Vec<(u8, u8)>,
    /// The cell of each inner-cell code.
    code_cells: Vec<u8>,
    /// Per direction and line, the group of the Skiddies that leave
    /// through the goal the line ends in ([`NO_GOAL`] if none).
    goal_group: [[u8; MAX_LINE]; 4],
    /// Per direction, the lines that end in such a goal: the only lines
    /// where a piece can leave.
    goal_lines: [Vec<u8>; 4],
    /// Per direction, the front cell of every line (the one a leaving
    /// piece leaves by), as a bit of a line's byte.
    front_cell: [u8; 4],
    gone: u8,
}

impl LineStep {
    /// Builds the (empty) tables for a level, or `None` when the level is
    /// too big for them (lines longer than [`MAX_LINE`], too many pieces or
    /// groups).
    pub fn new(rules: &Rules) -> Option<LineStep> {
        let (w, h) = (rules.width(), rules.height());
        let (iw, ih) = (w.checked_sub(2)?, h.checked_sub(2)?);
        if iw == 0 || ih == 0 || iw > MAX_LINE || ih > MAX_LINE {
            return None;
        }
        if rules.groups().len() > MAX_GROUPS || rules.pieces().len() > MAX_PIECES {
            return None;
        }
        let gone = (iw * ih) as u8;
        let groups: Vec<(u8, u8)> = rules
            .groups()
            .iter()
            .map(|g| (g.start as u8, g.end as u8))
            .collect();
        let mut group_of = [0u8; MAX_PIECES];
        for (g, &(start, end)) in groups.iter().enumerate() {
            group_of[start as usize..end as usize].fill(g as u8);
        }
        let group_of_piece = |piece: Piece| {
            groups
                .iter()
                .position(|&(start, _)| rules.pieces()[start as usize] == piece)
        };
        // Codes run along the rows: code = y * iw + x, in inner coordinates.
        let mut cells = [CellPlace {
            line: [NOWHERE; 2],
            mask: [0; 2],
        }; CODES];
        let mut bit_of = [[NOWHERE_BIT; CODES]; 2];
        for y in 0..ih {
            for x in 0..iw {
                let code = y * iw + x;
                let bits = [8 * y + x, 8 * x + y];
                cells[code] = CellPlace {
                    line: [y as u8, x as u8],
                    mask: bits.map(|bit| 1 << bit),
                };
                bit_of[0][code] = bits[0] as u8;
                bit_of[1][code] = bits[1] as u8;
            }
        }
        // Per orientation, the number of lines and their length.
        let lines = [ih, iw];
        let lengths = [iw, ih];
        // The goal at the front of every line, per direction.
        let mut goal_group = [[NO_GOAL; MAX_LINE]; 4];
        for (d, dir) in Dir::ALL.iter().enumerate() {
            let count = lines[orientation(*dir)];
            for (l, goal) in goal_group[d].iter_mut().enumerate().take(count) {
                let (bx, by) = match dir {
                    Dir::Left => (0, 1 + l),
                    Dir::Right => (w - 1, 1 + l),
                    Dir::Up => (1 + l, 0),
                    Dir::Down => (1 + l, h - 1),
                };
                if let Floor::Goal(colour) = rules.floor(bx, by) {
                    if let Some(g) = group_of_piece(Piece::Skiddy(colour)) {
                        *goal = g as u8;
                    }
                }
            }
        }
        // The kind of a piece of group `g` in line `l` of orientation `o`:
        // 0 crate, 1 ice, 2 to 5 a Skiddy, plus 1 if it can leave at the
        // low end of the line (Left, Up) and 2 if at the high end.
        let kind = |g: usize, o: usize, l: usize| match rules.pieces()[groups[g].0 as usize] {
            Piece::Crate => 0u32,
            Piece::Ice => 1,
            Piece::Skiddy(_) => {
                let (low, high) = if o == 0 { (3, 1) } else { (0, 2) };
                2 + (goal_group[low][l] == g as u8) as u32
                    + 2 * (goal_group[high][l] == g as u8) as u32
            }
        };
        // Per orientation and line, the kinds it can hold (a bit each) and
        // so the base of its contents.
        let alphabets: [[u32; MAX_LINE + 1]; 2] = std::array::from_fn(|o| {
            std::array::from_fn(|l| {
                let kinds = |set, g| set | 1 << kind(g, o, l);
                if l < lines[o] {
                    (0..groups.len()).fold(0, kinds)
                } else {
                    0
                }
            })
        });
        let base = |o: usize, l: usize| 1 + alphabets[o][l].count_ones();
        let mut line_start = [[0u32; MAX_LINE + 1]; 2];
        let mut table_size = [0usize; 2];
        for (o, (starts, size)) in line_start.iter_mut().zip(&mut table_size).enumerate() {
            for (l, start) in starts.iter_mut().enumerate().take(lines[o]) {
                *start = u32::try_from(*size).ok()?;
                *size += (base(o, l) as usize).pow(lengths[o] as u32);
            }
        }
        let results = std::array::from_fn(|d| {
            std::iter::repeat_with(|| AtomicU16::new(0))
                .take(table_size[orientation(Dir::ALL[d])])
                .collect()
        });
        let mut digits = [[[0u32; 2]; GROUP_SLOTS]; CODES];
        for (code, by_group) in digits.iter_mut().enumerate().take(iw * ih) {
            let cell = cells[code];
            for (g, by_orientation) in by_group.iter_mut().enumerate().take(groups.len()) {
                for (o, contribution) in by_orientation.iter_mut().enumerate() {
                    let l = cell.line[o] as usize;
                    let kinds = alphabets[o][l];
                    let digit = 1 + (kinds & ((1 << kind(g, o, l)) - 1)).count_ones();
                    let along = bit_of[o][code] as u32 % 8;
                    *contribution = digit * base(o, l).pow(along);
                }
            }
        }
        let goal_lines = std::array::from_fn(|d| {
            (0..MAX_LINE as u8)
                .filter(|&l| goal_group[d][l as usize] != NO_GOAL)
                .collect()
        });
        let front_cell = [1, 1 << (iw - 1), 1 << (ih - 1), 1];
        let crowds = groups
            .iter()
            .copied()
            .filter(|&(start, end)| end - start > 1)
            .collect();
        Some(LineStep {
            results,
            line_start,
            line_count: lines,
            outcomes: std::iter::repeat_with(|| AtomicU64::new(0))
                .take(RESULT_IDS + 1)
                .collect::<Box<[AtomicU64]>>()
                .try_into()
                .expect("as many results as ids"),
            interned: Mutex::new(HashMap::new()),
            result_room: RESULT_IDS,
            bit_of,
            cells,
            digits,
            group_of,
            groups,
            crowds,
            code_cells: rules.inner_cells(),
            goal_group,
            goal_lines,
            front_cell,
            gone,
        })
    }

    /// The line contents of a position given by its pieces' codes (inner
    /// cell indices, or the gone code).
    #[inline]
    pub fn keys(&self, codes: &[u8]) -> LineKeys {
        let mut keys = self.line_start;
        let mut occupied = [0u64; 2];
        // A gone piece adds nothing to the line NOWHERE and occupies no
        // cell.
        for (i, &code) in codes.iter().enumerate() {
            let cell = &self.cells[code as usize & (CODES - 1)];
            let g = self.group_of[i];
            let digits = &self.digits[code as usize & (CODES - 1)][g as usize & (GROUP_SLOTS - 1)];
            for o in 0..2 {
                let line = cell.line[o] as usize & MAX_LINE;
                keys[o][line] += digits[o];
                occupied[o] |= cell.mask[o];
            }
        }
        LineKeys { keys, occupied }
    }

    /// Applies move `dir` to the position with these codes and line
    /// contents; on [`LineMove::Moved`] writes the new codes to `out`,
    /// canonical (each group in increasing order, gone pieces last).
    #[inline]
    pub fn apply(
        &self,
        rules: &Rules,
        codes: &[u8],
        keys: &LineKeys,
        dir: Dir,
        out: &mut [u8],
    ) -> LineMove {
        let d = dir.index();
        let o = orientation(dir);
        let before = keys.occupied[o];
        let mut after = [0u8; 8];
        // Per board-mask bit, the change of the code of the piece there.
        // The gone pieces' bit (NOWHERE_BIT) changes nothing; the byte
        // above each line's cells holds its cells occupied after the move.
        let mut changes = [0u8; 64];
        let remembered = &self.results[d];
        for (l, &key) in keys.keys[o][..self.line_count[o]].iter().enumerate() {
            let entry = &remembered[key as usize];
            let id = entry.load(Ordering::Acquire);
            let result = if id != 0 {
                self.outcomes[id as usize & RESULT_IDS].load(Ordering::Relaxed)
            } else {
                self.settle(rules, codes, dir, l, entry)
            };
            after[l & MAX_LINE] = (result >> AFTER_SHIFT) as u8;
            changes[8 * (l & MAX_LINE)..][..8].copy_from_slice(&result.to_le_bytes());
        }
        let after = u64::from_le_bytes(after);
        if after == before {
            return LineMove::NoMove;
        }
        // A piece can only leave at the front of a line that ends in a goal
        // of its colour, and the first to leave is the front piece. A
        // second could only go in a group exit, which may take a piece from
        // behind one that stays, or from another line: only the ticks know.
        let mut left = false;
        for &l in &self.goal_lines[d] {
            let held = (before >> (8 * l)) as u8 & 127;
            let kept = (after >> (8 * l)) as u8 & 127;
            let lost = POPULATION[held as usize] - POPULATION[kept as usize];
            if lost == 0 {
                continue;
            }
            let goal = self.goal_group[d][l as usize];
            if lost > 1 || self.company_may_meet_exit(codes, d, l, goal, before, after) {
                return LineMove::Leaves;
            }
            left = true;
        }
        let bit_of = &self.bit_of[o];
        for (slot, &code) in out.iter_mut().zip(codes) {
            let bit = bit_of[code as usize & (CODES - 1)];
            *slot = code.wrapping_add(changes[bit as usize & 63]);
        }
        // Codes run along the rows, which a move along the rows keeps in
        // order; a move along the columns, or a piece gone (the largest
        // code), may not.
        if o == 1 || left {
            for &(start, end) in &self.crowds {
                sort_few(&mut out[start as usize..end as usize]);
            }
        }
        LineMove::Moved
    }

    /// Whether a piece of group `g` (`codes` being the position before
    /// move `d`) in a line beside line `l` may touch the
    /// front cell of line `l` at some tick of move `d` (before moves
    /// `before`, after it `after`): then the group exit of line `l`'s front
    /// piece may take it, and only the ticks can tell. Such a piece
    /// touches that cell only if its line's front cell is occupied before
    /// or after the move, or a piece left its line past it. Anything
    /// further away can only join the exit through a piece of the group
    /// that touches it, or through line `l`'s own second piece, which
    /// would have left in the line's own result too.
    fn company_may_meet_exit(
        &self,
        codes: &[u8],
        d: usize,
        l: u8,
        g: u8,
        before: u64,
        after: u64,
    ) -> bool {
        let (start, end) = self.groups[g as usize];
        let company = &codes[start as usize..end as usize];
        let o = orientation(Dir::ALL[d]);
        let front = self.front_cell[d];
        let lines = self.line_count[o] as u8;
        [l.wrapping_sub(1), l + 1]
            .into_iter()
            .filter(|&m| m < lines)
            .any(|m| {
                let held = (before >> (8 * m)) as u8 & 127;
                let kept = (after >> (8 * m)) as u8 & 127;
                let touches = (held | kept) & front != 0
                    || POPULATION[held as usize] != POPULATION[kept as usize];
                touches
                    && company
                        .iter()
                        .any(|&code| self.cells[code as usize & (CODES - 1)].line[o] == m)
            })
    }

    /// Works out what line `l` does under move `dir` in the position with
    /// these codes, by the tick model run on the line's pieces alone;
    /// remembers it in `entry` (when there is room for another result) and
    /// returns it.
    #[cold]
    fn settle(&self, rules: &Rules, codes: &[u8], dir: Dir, l: usize, entry: &AtomicU16) -> u64 {
        let o = orientation(dir);
        let in_line = |c: u8| self.cells[c as usize].line[o] as usize == l;
        let mut positions: Vec<u8> = codes
            .iter()
            .map(|&c| {
                if in_line(c) {
                    self.code_cells[c as usize]
                } else {
                    GONE
                }
            })
            .collect();
        rules.simulate(&mut positions, dir, &mut NoTrace);
        let mut result = 0u64;
        for (&code, &cell) in codes.iter().zip(&positions) {
            if !in_line(code) {
                continue;
            }
            let new_code = if cell == GONE {
                self.gone
            } else {
                let new_code = rules.inner_code(cell);
                debug_assert!(in_line(new_code));
                result |= 1 << (AFTER_SHIFT + self.bit_of[o][new_code as usize] as u32 % 8);
                new_code
            };
            let change = new_code.wrapping_sub(code) as u64;
            result |= change << (8 * (self.bit_of[o][code as usize] % 8));
        }
        let mut interned = self
            .interned
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let next = interned.len() + 1;
        let id = match interned.get(&result) {
            Some(&id) => Some(id),
            None if next <= self.result_room => {
                self.outcomes[next].store(result, Ordering::Relaxed);
                interned.insert(result, next as u16);
                Some(next as u16)
            }
            None => None,
        };
        if let Some(id) = id {
            entry.store(id, Ordering::Release);
        }
        result
    }
}

#[cfg(test)]
mod tests {
    use std::collections::{HashSet, VecDeque};

    use super::*;
    use crate::kinds::skiddy::parse_level;

    fn rules(text: &str) -> Rules {
        Rules::compile(&parse_level(text).expect("parses")).expect("compiles")
    }

    /// The line step's codes of canonical positions.
    fn codes_of(rules: &Rules, positions: &[u8]) -> Vec<u8> {
        let gone = rules.inner_cells().len() as u8;
        positions
            .iter()
            .map(|&p| if p == GONE { gone } else { rules.inner_code(p) })
            .collect()
    }

    /// The tick model's answer: whether anything changed, and the
    /// canonical positions after the move.
    fn by_ticks(rules: &Rules, positions: &[u8], dir: Dir) -> (bool, Vec<u8>) {
        let mut after = positions.to_vec();
        let changed = rules.simulate(&mut after, dir, &mut NoTrace);
        rules.canonicalise(&mut after);
        (changed, after)
    }

    /// What the line step makes of move `dir` from `positions`: its answer
    /// and the codes it wrote.
    fn line_move(rules: &Rules, positions: &[u8], dir: Dir) -> (LineMove, Vec<u8>) {
        let step = LineStep::new(rules).expect("small enough for the line step");
        let codes = codes_of(rules, positions);
        let mut out = vec![0u8; codes.len()];
        let moved = step.apply(rules, &codes, &step.keys(&codes), dir, &mut out);
        (moved, out)
    }

    /// Checks every move of `positions` against the tick model; a move the
    /// line step leaves to the ticks must be one where a Skiddy with
    /// company of its colour leaves. Returns the states after the moves.
    fn check_moves(step: &LineStep, rules: &Rules, positions: &[u8]) -> Vec<Vec<u8>> {
        let codes = codes_of(rules, positions);
        let keys = step.keys(&codes);
        let mut next = Vec::new();
        for dir in Dir::ALL {
            let (changed, after) = by_ticks(rules, positions, dir);
            let mut out = vec![0u8; codes.len()];
            match step.apply(rules, &codes, &keys, dir, &mut out) {
                LineMove::NoMove => assert!(!changed, "{dir:?} moves {positions:?}"),
                LineMove::Moved => {
                    assert!(changed, "{dir:?} changes nothing in {positions:?}");
                    assert_eq!(out, codes_of(rules, &after), "{dir:?} of {positions:?}");
                }
                LineMove::Leaves => {
                    let on_board = |ps: &[u8]| ps.iter().filter(|&&p| p != GONE).count();
                    let left_with_company = rules.groups().iter().any(|g| {
                        let before = on_board(&positions[g.clone()]);
                        matches!(rules.pieces()[g.start], Piece::Skiddy(_))
                            && before > 1
                            && on_board(&after[g.clone()]) < before
                    });
                    assert!(left_with_company, "{dir:?} of {positions:?} sent to ticks");
                }
            }
            if changed {
                next.push(after);
            }
        }
        next
    }

    /// Checks every move of every state reachable from the start (up to
    /// `limit` states); returns how many states it checked.
    fn check_reachable(text: &str, limit: usize) -> usize {
        let rules = rules(text);
        let step = LineStep::new(&rules).expect("small enough for the line step");
        check_reachable_by(&step, &rules, limit)
    }

    /// [`check_reachable`] with a given line step.
    fn check_reachable_by(step: &LineStep, rules: &Rules, limit: usize) -> usize {
        let mut start = rules.start_positions().to_vec();
        rules.canonicalise(&mut start);
        let mut seen = HashSet::from([start.clone()]);
        let mut queue = VecDeque::from([start]);
        while let Some(positions) = queue.pop_front() {
            if seen.len() >= limit {
                break;
            }
            if rules.is_won(&positions) {
                continue;
            }
            for after in check_moves(step, rules, &positions) {
                if seen.insert(after.clone()) {
                    queue.push_back(after);
                }
            }
        }
        seen.len()
    }

    #[test]
    fn a_lone_skiddy_leaves_within_its_line() {
        let rules = rules("#######\n#R....r\n#..B..#\n#b#####\n");
        let start = rules.start_positions().to_vec();
        let (moved, out) = line_move(&rules, &start, Dir::Right);
        assert_eq!(moved, LineMove::Moved);
        // Red left; blue slid to the last inner cell of its row.
        let (_, after) = by_ticks(&rules, &start, Dir::Right);
        assert_eq!(out, codes_of(&rules, &after));
        assert_eq!(after[rules.groups()[0].clone()], [GONE]);
        assert_eq!(after[1], rules.cell_index(5, 2));
    }

    #[test]
    fn a_skiddy_with_company_leaves_by_the_tick_model() {
        // The upper Skiddy leaves and takes the lower one, in another row.
        let rules = rules("#######\n#R....r\n#R....#\n#.....#\n#######\n");
        let step = LineStep::new(&rules).unwrap();
        let start = rules.start_positions().to_vec();
        let codes = codes_of(&rules, &start);
        let mut out = vec![0u8; codes.len()];
        let keys = step.keys(&codes);
        assert_eq!(
            step.apply(&rules, &codes, &keys, Dir::Right, &mut out),
            LineMove::Leaves
        );
        assert_eq!(by_ticks(&rules, &start, Dir::Right).1, [GONE, GONE]);
        // Moving down is a plain line move: both Skiddies slide one cell.
        assert_eq!(
            step.apply(&rules, &codes, &keys, Dir::Down, &mut out),
            LineMove::Moved
        );
    }

    #[test]
    fn a_skiddy_leaving_company_that_cannot_touch_it_needs_no_ticks() {
        // Right: the upper Skiddy leaves. The other red one is two rows
        // down, or one row down but stopped short of the last column by a
        // crate it pushes: no tick of the move puts it beside the cell the
        // leaver left, so nobody goes with it.
        for text in [
            "#######\n#R....r\n#.....#\n#R....#\n#######\n",
            "#######\n#R....r\n#R.c..#\n#.....#\n#######\n",
        ] {
            let rules = rules(text);
            let start = rules.start_positions().to_vec();
            let (moved, out) = line_move(&rules, &start, Dir::Right);
            assert_eq!(moved, LineMove::Moved, "{text}");
            let (_, after) = by_ticks(&rules, &start, Dir::Right);
            assert_eq!(out, codes_of(&rules, &after), "{text}");
            let red = rules.groups()[0].clone();
            assert_eq!(after[red].iter().filter(|&&p| p == GONE).count(), 1);
            check_moves(&LineStep::new(&rules).unwrap(), &rules, &start);
        }
    }

    #[test]
    fn a_group_exit_from_behind_a_piece_that_stays_goes_to_the_ticks() {
        // Row 1 of this level: a red Skiddy, a blue one in the pit, a red
        // one. Left: the front red leaves, blue slides into its cell, the
        // second red drops into the pit, touches the cell its colour left
        // and goes too; blue, in the middle, stays.
        let rules = rules(include_str!("../../../assets/bench/skiddy_100k.txt"));
        let positions = [9, 11, 10, 17, 18, 21, 22, 25, 13];
        let (moved, _) = line_move(&rules, &positions, Dir::Left);
        assert_eq!(moved, LineMove::Leaves);
        let (_, after) = by_ticks(&rules, &positions, Dir::Left);
        assert_eq!(after[..3], [GONE, GONE, rules.cell_index(1, 1)]);
        check_moves(&LineStep::new(&rules).unwrap(), &rules, &positions);
    }

    #[test]
    fn a_move_that_changes_nothing_is_no_move() {
        let rules = rules("#####\n#R.R#\n#...#\n#r###\n");
        let (moved, _) = line_move(&rules, rules.start_positions(), Dir::Up);
        assert_eq!(moved, LineMove::NoMove);
    }

    #[test]
    fn every_move_of_the_sample_levels_agrees_with_the_tick_model() {
        for text in [
            include_str!("../../../assets/1-1.txt"),
            include_str!("../../../assets/crate-push.txt"),
            include_str!("../../../assets/dead-end.txt"),
            include_str!("../../../assets/four-colours.txt"),
            include_str!("../../../assets/ice-and-pits.txt"),
            include_str!("../../../assets/bench/skiddy_100k.txt"),
            include_str!("../../../assets/bench/skiddy_1m.txt"),
            include_str!("../../../assets/bench/skiddy_4m.txt"),
        ] {
            assert!(check_reachable(text, 20_000) > 1, "{text}");
        }
    }

    #[test]
    fn results_past_the_room_to_remember_them_are_worked_out_each_time() {
        let rules = rules(include_str!("../../../assets/bench/skiddy_100k.txt"));
        let mut step = LineStep::new(&rules).unwrap();
        step.result_room = 3;
        assert!(check_reachable_by(&step, &rules, 3_000) >= 3_000);
        assert_eq!(step.interned.lock().unwrap().len(), 3);
    }

    #[test]
    fn levels_too_big_for_the_tables_are_refused() {
        let wide = format!(
            "{}\n#R{}r\n{}\n",
            "#".repeat(12),
            ".".repeat(9),
            "#".repeat(12)
        );
        assert!(LineStep::new(&rules(&wide)).is_none());
        assert!(LineStep::new(&rules("#########\n#R......r\n#########\n")).is_some());
    }
}
