//! Prism as a [`Puzzle`] for the engine: positions packed into a word.
//!
//! A state holds, from bit 0 up: the player's cell index, the background
//! (3 bits), then one field per enemy: its alive bit, its direction bit
//! (1 = forward) and its offset along its line. A destroyed enemy's field is
//! all zeros, so every position has exactly one packed form.

use std::marker::PhantomData;

use crate::engine::{Outcome, PackedState, Puzzle};

use super::rules::{CompileError, Dir, Mover, NoTrace, Rules, TurnEnd};

/// The most enemies a packed state can hold: 256 bits less 2 for the
/// smallest board's player and 3 for the background, at 3 bits an enemy.
pub const MAX_PACKED_ENEMIES: usize = 83;

/// The bits needed to tell `n` values apart (at least 1).
fn bits_for(n: usize) -> u32 {
    (usize::BITS - n.saturating_sub(1).leading_zeros()).max(1)
}

/// Where each part of a position lives in a packed state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StateLayout {
    player_bits: u32,
    /// `(shift, width)` of each enemy's field.
    enemy_fields: Vec<(u32, u32)>,
    bits: u32,
}

impl StateLayout {
    /// The layout of a level's states; refused when they need more than
    /// 256 bits.
    pub fn of(rules: &Rules) -> Result<StateLayout, CompileError> {
        let player_bits = bits_for(rules.cell_count());
        let mut shift = player_bits + 3;
        let mut enemy_fields = Vec::with_capacity(rules.enemy_lines().len());
        for line in rules.enemy_lines() {
            let width = bits_for(line.length as usize) + 2;
            enemy_fields.push((shift, width));
            shift += width;
        }
        if shift > 256 || enemy_fields.len() > MAX_PACKED_ENEMIES {
            return Err(CompileError::StateTooBig {
                bits: shift,
                enemies: enemy_fields.len(),
            });
        }
        Ok(StateLayout {
            player_bits,
            enemy_fields,
            bits: shift,
        })
    }

    /// The bits one state needs.
    pub fn bits(&self) -> u32 {
        self.bits
    }

    /// Packs a compact position.
    #[inline(always)]
    pub fn pack<S: PackedState>(&self, player: u32, background: u8, movers: &[Mover]) -> S {
        let mut s = S::default();
        s.set(0, self.player_bits, player);
        s.set(self.player_bits, 3, background as u32);
        for (m, &(shift, width)) in movers.iter().zip(&self.enemy_fields) {
            if m.alive {
                s.set(shift, width, 1 | (m.forward as u32) << 1 | m.offset << 2);
            }
        }
        s
    }

    /// Unpacks a state into `movers` (one per enemy) and returns the
    /// player's cell and the background.
    #[inline(always)]
    pub fn unpack<S: PackedState>(&self, rules: &Rules, s: &S, movers: &mut [Mover]) -> (u32, u8) {
        let lines = rules.enemy_lines();
        for (i, (m, &(shift, width))) in movers.iter_mut().zip(&self.enemy_fields).enumerate() {
            let field = s.get(shift, width);
            *m = if field & 1 == 0 {
                rules.dead_mover(i)
            } else {
                let line = &lines[i];
                let offset = field >> 2;
                Mover {
                    cell: line.line_start + offset * line.stride,
                    offset,
                    forward: field & 2 != 0,
                    alive: true,
                }
            };
        }
        (s.get(0, self.player_bits), s.get(self.player_bits, 3) as u8)
    }

    /// The player's cell of a state.
    #[inline(always)]
    pub fn player<S: PackedState>(&self, s: &S) -> u32 {
        s.get(0, self.player_bits)
    }
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

    /// One move from an unpacked position.
    #[inline(always)]
    fn step_from(&self, player: u32, background: u8, movers: &[Mover], dir: Dir) -> Outcome<S> {
        let mut scratch = [Mover::default(); MAX_PACKED_ENEMIES];
        let movers_after = &mut scratch[..movers.len()];
        movers_after.copy_from_slice(movers);
        let (mut player, mut background) = (player, background);
        match self.rules.resolve(
            &mut player,
            &mut background,
            movers_after,
            dir,
            &mut NoTrace,
        ) {
            TurnEnd::NoMove => Outcome::NoMove,
            TurnEnd::Caught { .. } => Outcome::Loss,
            TurnEnd::Moved | TurnEnd::Won => {
                Outcome::Next(self.layout.pack(player, background, movers_after))
            }
        }
    }
}

impl<S: PackedState> Puzzle for PrismPuzzle<'_, S> {
    type State = S;

    fn move_count(&self) -> usize {
        4
    }

    fn move_name(&self, mv: usize) -> &'static str {
        Dir::from_index(mv).map_or("?", Dir::name)
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
        let mut movers = [Mover::default(); MAX_PACKED_ENEMIES];
        let movers = &mut movers[..self.rules.enemy_lines().len()];
        let (player, background) = self.layout.unpack(self.rules, state, movers);
        self.step_from(player, background, movers, dir)
    }

    fn step_all(&self, state: &S, out: &mut [Outcome<S>]) {
        let mut movers = [Mover::default(); MAX_PACKED_ENEMIES];
        let movers = &mut movers[..self.rules.enemy_lines().len()];
        let (player, background) = self.layout.unpack(self.rules, state, movers);
        for (dir, outcome) in Dir::ALL.into_iter().zip(out) {
            *outcome = self.step_from(player, background, movers, dir);
        }
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
