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
//! still has company of its colour would leave, the move is left to the
//! tick model on the whole board.
//!
//! A content is a base-5 number, one digit per cell of the line, front
//! (the end the pieces slide towards) first. A result is one byte: the set
//! of cells of the line occupied after the move. Pieces never pass each
//! other in a line, so the `k`-th piece from the front ends on the `k`-th
//! occupied cell from the front, and the set says everything.

use std::sync::atomic::{AtomicU8, Ordering};

use super::level::{Floor, Piece};
use super::rules::{Dir, NoTrace, Rules, GONE, MAX_PIECES};

/// The longest line the tables cover (inner cells along a row or column).
pub const MAX_LINE: usize = 7;
/// The most groups of interchangeable pieces (four colours, ice, crates).
const MAX_GROUPS: usize = 6;
/// The most inner cells a level may have for the line step.
const MAX_CELLS: usize = 63;

/// Digits of a line content.
const DIGIT_CRATE: u32 = 1;
const DIGIT_ICE: u32 = 2;
const DIGIT_SKIDDY: u32 = 3;
/// A Skiddy of the colour of the goal the line ends in.
const DIGIT_SKIDDY_AT_GOAL: u32 = 4;
/// The "group" of a line that ends in a block: its bit is always set in
/// [`LineKeys`]' company, so a piece lost there sends the move to the tick
/// model (it cannot happen).
const NO_GOAL: u8 = 7;
/// The line that gone pieces are counted in: it is always empty.
const NOWHERE: usize = MAX_LINE;
/// The inner-cell code a gone piece moves to: bit 63 of a group's mask,
/// never a real cell, cleared before the codes are read out.
const DROPPED: u8 = 63;

/// Bit `p` of a remembered result is set when place `p` is occupied after
/// the move; the set has one member fewer than before when the front piece
/// left. Bit 7 marks a result as known: 0 is a content not met yet.
const KNOWN: u8 = 1 << 7;

/// `SELECT[set][k + 1]`: the place of the `k`-th member (from 0) of a set
/// of places; `SELECT[set][0]` is [`NOWHERE`], for a piece that left.
const SELECT: [[u8; MAX_LINE + 1]; 1 << MAX_LINE] = {
    let mut table = [[0u8; MAX_LINE + 1]; 1 << MAX_LINE];
    let mut set = 0;
    while set < 1 << MAX_LINE {
        table[set][0] = NOWHERE as u8;
        let mut k = 1;
        let mut place = 0;
        while place < MAX_LINE {
            if set & (1 << place) != 0 {
                table[set][k] = place as u8;
                k += 1;
            }
            place += 1;
        }
        set += 1;
    }
    table
};

/// `RANK[set][p]`: one more than the number of members of a set of places
/// in front of place `p`. Tables, because the baseline x86-64 target has no
/// population count instruction.
const RANK: [[u8; MAX_LINE + 1]; 1 << MAX_LINE] = {
    let mut table = [[0u8; MAX_LINE + 1]; 1 << MAX_LINE];
    let mut set = 0;
    while set < 1 << MAX_LINE {
        let mut place = 0;
        while place <= MAX_LINE {
            table[set][place] = (set & ((1 << place) - 1)).count_ones() as u8 + 1;
            place += 1;
        }
        set += 1;
    }
    table
};

/// Where an inner cell lies in each direction: its line and its place
/// along the line (0 at the front).
#[derive(Clone, Copy, Debug, Default)]
struct Place {
    line: [u8; 4],
    place: [u8; 4],
}

/// What one move of a position gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineMove {
    /// Nothing moves: the move is not a move.
    NoMove,
    /// The pieces moved; the new canonical codes were written.
    Moved,
    /// A Skiddy that has company of its colour would leave: only the tick
    /// model on the whole board can settle the move.
    Leaves,
}

/// The line contents of one position, in every direction.
#[derive(Clone, Copy, Debug)]
pub struct LineKeys {
    keys: [[u32; MAX_LINE + 1]; 4],
    /// The occupied places of each line.
    occupied: [[u8; MAX_LINE + 1]; 4],
    /// Bit `g` is set when group `g` has more than one piece on the board.
    company: u8,
}

/// The remembered line results of one level, for all four directions.
#[derive(Debug)]
pub struct LineStep {
    /// Per direction and line, the remembered result for each content (0:
    /// not met yet).
    results: [Vec<Box<[AtomicU8]>>; 4],
    /// Per direction, line and place, the inner-cell code there, front
    /// first; the line [`NOWHERE`] and the place [`NOWHERE`] hold
    /// [`DROPPED`].
    line_codes: [[[u8; MAX_LINE + 1]; MAX_LINE + 1]; 4],
    /// By inner-cell code; the gone code lies in the line [`NOWHERE`].
    places: Vec<Place>,
    /// By inner-cell code, group and direction: what a piece of the group
    /// on that cell adds to its line's content.
    digits: Vec<[[u32; 4]; MAX_GROUPS]>,
    /// The group of each piece.
    group_of: [u8; MAX_PIECES],
    /// The groups' ranges of pieces.
    groups: Vec<(u8, u8)>,
    /// The cell of each inner-cell code.
    code_cells: Vec<u8>,
    /// Per direction and line, the group of the Skiddies that leave
    /// through the goal the line ends in ([`NO_GOAL`] if none).
    goal_group: [[u8; MAX_LINE]; 4],
    gone: u8,
}

impl LineStep {
    /// Builds the (empty) tables for a level, or `None` when the level is
    /// too big for them (lines longer than [`MAX_LINE`], too many cells).
    pub fn new(rules: &Rules) -> Option<LineStep> {
        let (w, h) = (rules.width(), rules.height());
        let (iw, ih) = (w.checked_sub(2)?, h.checked_sub(2)?);
        if iw == 0 || ih == 0 || iw > MAX_LINE || ih > MAX_LINE || iw * ih > MAX_CELLS {
            return None;
        }
        if rules.groups().len() > MAX_GROUPS || rules.pieces().len() > MAX_PIECES {
            return None;
        }
        let code_of = |x: usize, y: usize| ((y - 1) * iw + (x - 1)) as u8;
        let groups: Vec<(u8, u8)> = rules
            .groups()
            .iter()
            .map(|g| (g.start as u8, g.end as u8))
            .collect();
        let group_of_piece = |piece: Piece| {
            groups
                .iter()
                .position(|&(start, _)| rules.pieces()[start as usize] == piece)
        };
        let mut group_of = [0u8; MAX_PIECES];
        for (g, &(start, end)) in groups.iter().enumerate() {
            group_of[start as usize..end as usize].fill(g as u8);
        }
        let mut places = vec![Place::default(); iw * ih + 1];
        places[iw * ih].line = [NOWHERE as u8; 4];
        let mut line_codes = [[[DROPPED; MAX_LINE + 1]; MAX_LINE + 1]; 4];
        let mut results: [Vec<Box<[AtomicU8]>>; 4] = Default::default();
        let mut goal_group = [[NO_GOAL; MAX_LINE]; 4];
        for (d, dir) in Dir::ALL.iter().enumerate() {
            let along_rows = matches!(dir, Dir::Left | Dir::Right);
            let (count, len) = if along_rows { (ih, iw) } else { (iw, ih) };
            for (l, codes) in line_codes[d].iter_mut().enumerate().take(count) {
                for (p, code) in codes.iter_mut().enumerate().take(len) {
                    // Place 0 is the front: the cell nearest the way out.
                    let (x, y) = match dir {
                        Dir::Left => (1 + p, 1 + l),
                        Dir::Right => (iw - p, 1 + l),
                        Dir::Up => (1 + l, 1 + p),
                        Dir::Down => (1 + l, ih - p),
                    };
                    *code = code_of(x, y);
                    let place = &mut places[*code as usize];
                    place.line[d] = l as u8;
                    place.place[d] = p as u8;
                }
                let (bx, by) = match dir {
                    Dir::Left => (0, 1 + l),
                    Dir::Right => (w - 1, 1 + l),
                    Dir::Up => (1 + l, 0),
                    Dir::Down => (1 + l, h - 1),
                };
                if let Floor::Goal(colour) = rules.floor(bx, by) {
                    if let Some(g) = group_of_piece(Piece::Skiddy(colour)) {
                        goal_group[d][l] = g as u8;
                    }
                }
                results[d].push(
                    std::iter::repeat_with(|| AtomicU8::new(0))
                        .take(5usize.pow(len as u32))
                        .collect(),
                );
            }
        }
        let mut digits = vec![[[0u32; 4]; MAX_GROUPS]; iw * ih + 1];
        for (code, by_group) in digits.iter_mut().enumerate().take(iw * ih) {
            let place = places[code];
            for (g, &(start, _)) in groups.iter().enumerate() {
                for d in 0..4 {
                    let at_goal = goal_group[d][place.line[d] as usize] == g as u8;
                    let digit = match rules.pieces()[start as usize] {
                        Piece::Crate => DIGIT_CRATE,
                        Piece::Ice => DIGIT_ICE,
                        Piece::Skiddy(_) if at_goal => DIGIT_SKIDDY_AT_GOAL,
                        Piece::Skiddy(_) => DIGIT_SKIDDY,
                    };
                    by_group[g][d] = digit * 5u32.pow(place.place[d] as u32);
                }
            }
        }
        Some(LineStep {
            results,
            line_codes,
            places,
            digits,
            group_of,
            groups,
            code_cells: rules.inner_cells(),
            goal_group,
            gone: (iw * ih) as u8,
        })
    }

    /// The line contents of a position given by its pieces' codes (inner
    /// cell indices, or the gone code).
    #[inline]
    pub fn keys(&self, codes: &[u8]) -> LineKeys {
        let mut keys = [[0u32; MAX_LINE + 1]; 4];
        let mut occupied = [[0u8; MAX_LINE + 1]; 4];
        // A gone piece adds nothing to the line NOWHERE.
        for (i, &code) in codes.iter().enumerate() {
            let place = &self.places[code as usize];
            let digits = &self.digits[code as usize][self.group_of[i] as usize];
            for d in 0..4 {
                keys[d][place.line[d] as usize] += digits[d];
                occupied[d][place.line[d] as usize] |= 1 << place.place[d];
            }
        }
        occupied.iter_mut().for_each(|o| o[NOWHERE] = 0);
        let mut company = 1u8 << NO_GOAL;
        for (g, &(start, end)) in self.groups.iter().enumerate() {
            // Groups are sorted with gone pieces last.
            if end - start > 1 && codes[start as usize + 1] != self.gone {
                company |= 1 << g;
            }
        }
        LineKeys {
            keys,
            occupied,
            company,
        }
    }

    /// Applies move `dir` to the position with these codes and line
    /// contents; on [`LineMove::Moved`] writes the new codes to `out`,
    /// canonical (each group in increasing order, gone pieces last).
    ///
    /// Written without branches that depend on the position, but for the
    /// outcome: which lines hold pieces and which pieces are gone changes
    /// from state to state, and mispredicted branches were most of its
    /// cost.
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
        let mut results = [0u8; MAX_LINE + 1];
        // Per line, 1 if its front piece left; the line NOWHERE "lost" its
        // front piece, so that a gone piece's rank selects NOWHERE.
        let mut left = [0u8; MAX_LINE + 1];
        left[NOWHERE] = 1;
        let mut changed = 0u8;
        let mut leaves = 0u8;
        for (l, remembered) in self.results[d].iter().enumerate() {
            let key = keys.keys[d][l] as usize;
            let mut result = remembered[key].load(Ordering::Relaxed);
            if result == 0 {
                result = self.settle(rules, codes, dir, l);
                remembered[key].store(result, Ordering::Relaxed);
            }
            let occupied = keys.occupied[d][l] & 127;
            let result = result & !KNOWN;
            // The number of places is the rank beyond the last one.
            let lost = RANK[occupied as usize][MAX_LINE] - RANK[result as usize][MAX_LINE];
            let goal = self.goal_group[d][l];
            leaves |= (lost > 1) as u8 | (lost & (keys.company >> goal));
            results[l] = result;
            left[l] = lost;
            changed |= result ^ occupied;
        }
        if leaves & 1 != 0 {
            return LineMove::Leaves;
        }
        if changed == 0 {
            return LineMove::NoMove;
        }
        // Each group's new cells as a mask over the inner-cell codes, whose
        // set bits then come out in increasing order.
        let line_codes = &self.line_codes[d];
        let mut masks = [0u64; MAX_GROUPS];
        for (i, &code) in codes.iter().enumerate() {
            let place = &self.places[code as usize];
            let l = place.line[d] as usize & MAX_LINE;
            let ahead =
                RANK[keys.occupied[d][l] as usize & 127][place.place[d] as usize & MAX_LINE];
            let rank = (ahead - left[l]) as usize & MAX_LINE;
            let moved_to = SELECT[results[l] as usize & 127][rank] as usize & MAX_LINE;
            let new_code = line_codes[l][moved_to];
            masks[self.group_of[i] as usize % MAX_GROUPS] |= 1 << new_code;
        }
        for (&(start, end), &mask) in self.groups.iter().zip(&masks) {
            let mut mask = mask & !(1 << DROPPED);
            for slot in &mut out[start as usize..end as usize] {
                *slot = (mask.trailing_zeros() as u8).min(self.gone);
                mask &= mask.wrapping_sub(1);
            }
        }
        LineMove::Moved
    }

    /// Works out what line `l` does under move `dir` in the position with
    /// these codes: the tick model run on the line's pieces alone.
    #[cold]
    fn settle(&self, rules: &Rules, codes: &[u8], dir: Dir, l: usize) -> u8 {
        let d = dir.index();
        let in_line = |c: u8| c != self.gone && self.places[c as usize].line[d] as usize == l;
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
        let mut result = KNOWN;
        for &cell in positions.iter().filter(|&&cell| cell != GONE) {
            let code = self
                .code_cells
                .iter()
                .position(|&c| c == cell)
                .expect("a piece on the board stands on an inner cell");
            debug_assert_eq!(self.places[code].line[d] as usize, l);
            result |= 1 << self.places[code].place[d];
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
        let (w, iw) = (rules.width(), rules.width() - 2);
        let gone = (iw * (rules.height() - 2)) as u8;
        positions
            .iter()
            .map(|&p| {
                if p == GONE {
                    gone
                } else {
                    let (x, y) = (p as usize % w, p as usize / w);
                    ((y - 1) * iw + x - 1) as u8
                }
            })
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
                    let left_with_company = rules.groups().iter().any(|g| {
                        matches!(rules.pieces()[g.start], Piece::Skiddy(_))
                            && positions[g.clone()].iter().filter(|&&p| p != GONE).count() > 1
                            && after[g.clone()].iter().filter(|&&p| p != GONE).count()
                                < positions[g.clone()].iter().filter(|&&p| p != GONE).count()
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
            for after in check_moves(&step, &rules, &positions) {
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
        let step = LineStep::new(&rules).unwrap();
        let start = rules.start_positions().to_vec();
        let codes = codes_of(&rules, &start);
        let mut out = vec![0u8; codes.len()];
        let moved = step.apply(&rules, &codes, &step.keys(&codes), Dir::Right, &mut out);
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
    fn a_move_that_changes_nothing_is_no_move() {
        let rules = rules("#####\n#R.R#\n#...#\n#r###\n");
        let step = LineStep::new(&rules).unwrap();
        let codes = codes_of(&rules, rules.start_positions());
        let mut out = vec![0u8; codes.len()];
        assert_eq!(
            step.apply(&rules, &codes, &step.keys(&codes), Dir::Up, &mut out),
            LineMove::NoMove
        );
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
        ] {
            assert!(check_reachable(text, 20_000) > 1, "{text}");
        }
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
