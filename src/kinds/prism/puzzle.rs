//! Prism as a [`Puzzle`] for the engine: positions packed into a word.
//!
//! A state holds, from bit 0 up: the player's cell index, the background
//! (3 bits), then one field per enemy: its alive bit, its direction bit
//! (1 = forward) and its offset along its line. A destroyed enemy's field is
//! all zeros. Enemies that patrol the same line are indistinguishable (the
//! state holds the living enemies as a set), so their fields are kept in
//! ascending order: every position has exactly one packed form.
//!
//! A step is table look-ups: the player's step reads the rules' per-cell
//! tables, and each enemy's act is read from a table of its field and the
//! background, made once per level by playing `Rules::enemy_act` (the
//! same function the trace plays) on every field and background.

use std::marker::PhantomData;

use crate::engine::{Outcome, PackedState, Puzzle};

use super::rules::{CompileError, Dir, Mover, NoTrace, Rules};

/// The most enemies a packed state can hold: 256 bits less 2 for the
/// smallest board's player and 3 for the background, at 3 bits an enemy.
pub const MAX_PACKED_ENEMIES: usize = 83;

/// The cell of a destroyed enemy's field in [`EnemyField`]'s table.
const NOWHERE: u32 = u32::MAX;

/// The bits needed to tell `n` values apart (at least 1).
fn bits_for(n: usize) -> u32 {
    (usize::BITS - n.saturating_sub(1).leading_zeros()).max(1)
}

/// One enemy's field in a packed state, with its tables.
#[derive(Clone, Debug, PartialEq, Eq)]
struct EnemyField {
    shift: u32,
    width: u32,
    /// The field after the enemy acts, by `field << 3 | background`.
    act: Vec<u32>,
    /// The enemy's cell by field; [`NOWHERE`] when it is destroyed.
    cell: Vec<u32>,
}

/// Where each part of a position lives in a packed state, and the enemies'
/// tables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StateLayout {
    player_bits: u32,
    enemies: Vec<EnemyField>,
    /// The groups of two or more enemies that patrol the same line, each
    /// in ascending index order: their fields are kept sorted.
    twins: Vec<Vec<usize>>,
    bits: u32,
}

/// A mover's field: alive bit, direction bit, offset.
#[inline(always)]
fn encode(m: &Mover) -> u32 {
    if m.alive {
        1 | (m.forward as u32) << 1 | m.offset << 2
    } else {
        0
    }
}

/// Enemy `index`'s mover of a field; destroyed when the field says so or
/// names no cell of its line.
#[inline(always)]
fn decode(rules: &Rules, index: usize, field: u32) -> Mover {
    let line = &rules.enemy_lines()[index];
    let offset = field >> 2;
    if field & 1 == 0 || offset >= line.length {
        return rules.dead_mover(index);
    }
    Mover {
        cell: line.line_start + offset * line.stride,
        offset,
        forward: field & 2 != 0,
        alive: true,
    }
}

impl StateLayout {
    /// The layout of a level's states and its tables; refused when the
    /// states need more than 256 bits.
    pub fn of(rules: &Rules) -> Result<StateLayout, CompileError> {
        let player_bits = bits_for(rules.cell_count());
        let mut shift = player_bits + 3;
        let mut widths = Vec::with_capacity(rules.enemy_lines().len());
        for line in rules.enemy_lines() {
            let width = bits_for(line.length as usize) + 2;
            widths.push((shift, width));
            shift += width;
        }
        if shift > 256 || widths.len() > MAX_PACKED_ENEMIES {
            return Err(CompileError::StateTooBig {
                bits: shift,
                enemies: widths.len(),
            });
        }
        let enemies = widths
            .into_iter()
            .enumerate()
            .map(|(i, (shift, width))| {
                let fields = 1u32 << width;
                let mut act = Vec::with_capacity(fields as usize * 8);
                let mut cell = Vec::with_capacity(fields as usize);
                for field in 0..fields {
                    let m = decode(rules, i, field);
                    cell.push(if m.alive { m.cell } else { NOWHERE });
                    for background in 0..8 {
                        let mut after = m;
                        rules.enemy_act(i, &mut after, background, &mut NoTrace);
                        act.push(encode(&after));
                    }
                }
                EnemyField {
                    shift,
                    width,
                    act,
                    cell,
                }
            })
            .collect();
        Ok(StateLayout {
            player_bits,
            enemies,
            twins: twins_of(rules),
            bits: shift,
        })
    }

    /// `s` with the fields of every group of enemies on one line in
    /// ascending order (the one packed form of the position).
    #[inline(always)]
    fn canonical<S: PackedState>(&self, s: S) -> S {
        let mut s = s;
        for group in &self.twins {
            let mut fields = [0u32; MAX_PACKED_ENEMIES];
            let fields = &mut fields[..group.len()];
            for (field, &i) in fields.iter_mut().zip(group) {
                let e = &self.enemies[i];
                *field = s.get(e.shift, e.width);
            }
            fields.sort_unstable();
            for (&field, &i) in fields.iter().zip(group) {
                let e = &self.enemies[i];
                s.set(e.shift, e.width, field);
            }
        }
        s
    }

    /// The bits one state needs.
    pub fn bits(&self) -> u32 {
        self.bits
    }

    /// Packs a compact position, in its one packed form (enemies that
    /// share a line in ascending order of their fields).
    pub fn pack<S: PackedState>(&self, player: u32, background: u8, movers: &[Mover]) -> S {
        let mut s = S::default();
        for (m, e) in movers.iter().zip(&self.enemies) {
            s.set(e.shift, e.width, encode(m));
        }
        self.with_player(self.canonical(s), player, background)
    }

    /// Unpacks a state into `movers` (one per enemy) and returns the
    /// player's cell and the background.
    pub fn unpack<S: PackedState>(&self, rules: &Rules, s: &S, movers: &mut [Mover]) -> (u32, u8) {
        for (i, (m, e)) in movers.iter_mut().zip(&self.enemies).enumerate() {
            *m = decode(rules, i, s.get(e.shift, e.width));
        }
        (self.player(s), self.background(s))
    }

    /// `s` with the player's cell and the background set.
    #[inline(always)]
    fn with_player<S: PackedState>(&self, s: S, player: u32, background: u8) -> S {
        let mut s = s;
        s.set(0, self.player_bits, player);
        s.set(self.player_bits, 3, background as u32);
        s
    }

    /// The player's cell of a state.
    #[inline(always)]
    pub fn player<S: PackedState>(&self, s: &S) -> u32 {
        s.get(0, self.player_bits)
    }

    /// The background of a state.
    #[inline(always)]
    pub fn background<S: PackedState>(&self, s: &S) -> u8 {
        s.get(self.player_bits, 3) as u8
    }

    /// A 64-bit filter of the living enemies' cells (bit `cell % 64`): a
    /// cell whose bit is clear holds no enemy.
    #[inline(always)]
    fn cell_filter<S: PackedState>(&self, s: &S) -> u64 {
        self.enemies.iter().fold(0, |filter, e| {
            let cell = e.cell[s.get(e.shift, e.width) as usize];
            filter | ((cell != NOWHERE) as u64) << (cell & 63)
        })
    }

    /// The enemies' fields after they act on `background` (the player's
    /// and background fields left zero, the enemies in their one packed
    /// order), with the filter of their cells.
    #[inline(always)]
    fn act<S: PackedState>(&self, s: &S, background: u8) -> (S, u64) {
        let mut acted = S::default();
        let mut filter = 0;
        for e in &self.enemies {
            let field = s.get(e.shift, e.width);
            let after = e.act[(field << 3 | background as u32) as usize];
            acted.set(e.shift, e.width, after);
            let cell = e.cell[after as usize];
            filter |= ((cell != NOWHERE) as u64) << (cell & 63);
        }
        (self.canonical(acted), filter)
    }

    /// Whether a living enemy of state `s` stands on `cell`.
    #[inline(always)]
    fn enemy_on<S: PackedState>(&self, s: &S, cell: u32) -> bool {
        self.enemies
            .iter()
            .any(|e| e.cell[s.get(e.shift, e.width) as usize] == cell)
    }
}

/// The groups of two or more enemies that patrol the same line (the same
/// row for `h` enemies, the same column for `v` ones): their tables are the
/// same, so one can stand for the other.
fn twins_of(rules: &Rules) -> Vec<Vec<usize>> {
    let lines = rules.enemy_lines();
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let same = |g: &&mut Vec<usize>| {
            let first = &lines[g[0]];
            (first.axis, first.line_start, first.stride, first.length)
                == (line.axis, line.line_start, line.stride, line.length)
        };
        match groups.iter_mut().find(same) {
            Some(group) => group.push(i),
            None => groups.push(vec![i]),
        }
    }
    groups.retain(|g| g.len() > 1);
    groups
}

/// A compiled Prism level as a puzzle whose states are packed into `S`.
#[derive(Debug)]
pub struct PrismPuzzle<'a, S> {
    rules: &'a Rules,
    layout: &'a StateLayout,
    _state: PhantomData<S>,
}

impl<'a, S: PackedState> PrismPuzzle<'a, S> {
    /// The puzzle of `rules` with `layout`. Panics if the layout does not
    /// fit `S`; pick the word by [`StateLayout::bits`].
    pub fn new(rules: &'a Rules, layout: &'a StateLayout) -> Self {
        assert!(layout.bits() <= S::BITS, "the state does not fit the word");
        PrismPuzzle {
            rules,
            layout,
            _state: PhantomData,
        }
    }

    /// The outcomes of `moves` from `state` (one each in `out`), in the
    /// order of a turn ([`Rules::resolve`]): the player's step, walking
    /// into an enemy, the exit, then the enemies' act, once for each
    /// background the moves leave, and an enemy stepping onto the player.
    #[inline(always)]
    fn step_moves(&self, state: &S, moves: &[Dir], out: &mut [Outcome<S>]) {
        let (rules, layout) = (self.rules, self.layout);
        let player = layout.player(state);
        let background = layout.background(state);
        let near = layout.cell_filter(state);
        // The moves still waiting for the enemies: (index, cell, background).
        let mut waiting = [(0usize, 0u32, 0u8); 4];
        let mut waiting_len = 0;
        for (i, (&dir, outcome)) in moves.iter().zip(out.iter_mut()).enumerate() {
            *outcome = match rules.player_step(player, background, dir) {
                None => Outcome::NoMove,
                Some((to, _)) if may_hold(near, to) && layout.enemy_on(state, to) => Outcome::Loss,
                Some((to, after)) if to == rules.exit_cell() => {
                    Outcome::Next(layout.with_player(*state, to, after))
                }
                Some((to, after)) => {
                    if let Some(slot) = waiting.get_mut(waiting_len) {
                        *slot = (i, to, after);
                        waiting_len += 1;
                    }
                    continue;
                }
            };
        }
        let waiting = &mut waiting[..waiting_len];
        for k in 0..waiting.len() {
            let after = waiting[k].2;
            if after > 7 {
                continue; // settled with an earlier move's background
            }
            // The enemies act once for every move leaving `after`.
            let (enemies, near): (S, u64) = layout.act(state, after);
            for w in waiting[k..].iter_mut().filter(|w| w.2 == after) {
                let (i, to, _) = *w;
                out[i] = if may_hold(near, to) && layout.enemy_on(&enemies, to) {
                    Outcome::Loss
                } else {
                    Outcome::Next(layout.with_player(enemies, to, after))
                };
                w.2 = u8::MAX;
            }
        }
    }
}

/// Whether a cell filter made by [`StateLayout::cell_filter`] may hold
/// `cell`.
#[inline(always)]
fn may_hold(filter: u64, cell: u32) -> bool {
    filter >> (cell & 63) & 1 != 0
}

impl<S: PackedState> Puzzle for PrismPuzzle<'_, S> {
    type State = S;

    fn move_count(&self) -> usize {
        4
    }

    fn move_name(&self, mv: usize) -> &'static str {
        Dir::from_index(mv).map_or("?", Dir::name)
    }

    fn state_bits(&self) -> u32 {
        self.layout.bits()
    }

    fn start(&self) -> S {
        self.layout.pack(
            self.rules.start_cell(),
            self.rules.start_background(),
            &self.rules.start_movers(),
        )
    }

    fn step(&self, state: &S, mv: usize) -> Outcome<S> {
        let Some(dir) = Dir::from_index(mv) else {
            return Outcome::NoMove;
        };
        let mut out = [Outcome::NoMove];
        self.step_moves(state, &[dir], &mut out);
        out[0]
    }

    fn step_all(&self, state: &S, out: &mut [Outcome<S>]) {
        self.step_moves(state, &Dir::ALL, out);
    }

    fn is_won(&self, state: &S) -> bool {
        self.layout.player(state) == self.rules.exit_cell()
    }

    fn is_preferred(&self, _: &S) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::prism::level::{Axis, Enemy, Level};

    #[test]
    fn bits_for_counts() {
        assert_eq!(bits_for(2), 1);
        assert_eq!(bits_for(4), 2);
        assert_eq!(bits_for(5), 3);
        assert_eq!(bits_for(36), 6);
        assert_eq!(bits_for(1_000_000), 20);
    }

    #[test]
    fn a_position_packs_and_unpacks() {
        let mut level = Level::new(6, 5);
        level.enemies = vec![
            Enemy {
                x: 2,
                y: 1,
                axis: Axis::Horizontal,
            },
            Enemy {
                x: 4,
                y: 3,
                axis: Axis::Vertical,
            },
        ];
        let rules = Rules::compile(&level).unwrap();
        let layout = StateLayout::of(&rules).unwrap();
        // 30 cells: 5 bits; background 3; h: 3+2; v: 3+2.
        assert_eq!(layout.bits(), 5 + 3 + 5 + 5);
        let mut movers = rules.start_movers();
        movers[0] = Mover {
            cell: 6 + 5,
            offset: 5,
            forward: false,
            alive: true,
        };
        movers[1] = rules.dead_mover(1);
        let s: u64 = layout.pack(17, 6, &movers);
        let mut back = vec![Mover::default(); 2];
        assert_eq!(layout.unpack(&rules, &s, &mut back), (17, 6));
        assert_eq!(back, movers);
        let wide: [u64; 4] = layout.pack(17, 6, &movers);
        assert_eq!(wide, [s, 0, 0, 0]);
    }

    #[test]
    fn too_many_enemies_are_refused() {
        let mut level = Level::new(1000, 30);
        level.enemies = (1..25)
            .map(|x| Enemy {
                x,
                y: 3,
                axis: Axis::Horizontal,
            })
            .collect();
        let rules = Rules::compile(&level).unwrap();
        let err = StateLayout::of(&rules).unwrap_err().to_string();
        assert!(err.contains("a state needs 306 bits"), "{err}");
    }
}
