//! The way the step-level search would go to a set of step states, read
//! off the depths alone.
//!
//! A breadth-first search that takes each state's moves in U R D L order
//! meets the states of one depth in the order of their smallest shortest
//! way in (the moves as letters of that order, compared word by word): so
//! the first of a set of states of depth `k` it meets is the end of the
//! smallest way of `k` moves into the set. That way is found by marking,
//! backwards from the set, every state of each depth that has a move into
//! a marked state of the next depth, then walking forwards from the start,
//! each time by the first move into a marked state. The same marks give
//! the number of shortest ways.

use std::collections::HashMap;

use crate::engine::{Job, Stopped};

use super::blocks::Blocks;
use super::depths::{Depths, Offset};

/// A step state: its position and the player's cell.
pub(super) type StepState = (u32, u32);

/// The step states from which a set of step states of one depth is
/// reached by a way as short as their depth: one bit a step state.
pub(super) struct Marks {
    bits: Vec<u64>,
}

impl Marks {
    /// Room for every step state of `blocks`, within the job's memory
    /// budget (`held` bytes are held already).
    pub fn new(blocks: &Blocks<'_>, held: u64, job: &Job) -> Result<Marks, Stopped> {
        let words = blocks.states().div_ceil(64) as usize;
        Ok(Marks {
            bits: job.filled_vec(words, 0u64, held, blocks.states())?,
        })
    }

    /// The bytes held.
    pub fn heap_bytes(&self) -> u64 {
        self.bits.capacity() as u64 * 8
    }

    fn insert(&mut self, id: u64) -> bool {
        let (w, b) = ((id / 64) as usize, id % 64);
        let fresh = self.bits[w] >> b & 1 == 0;
        self.bits[w] |= 1 << b;
        fresh
    }

    fn contains(&self, id: u64) -> bool {
        self.bits[(id / 64) as usize] >> (id % 64) & 1 != 0
    }

    /// Marks `targets` (step states of depth `depth`) and, depth by depth
    /// back to the start, every step state with a move into a marked one
    /// one depth deeper; clears the marks of an earlier call first.
    pub fn mark<T: Offset>(
        &mut self,
        blocks: &Blocks<'_>,
        depths: &Depths<T>,
        targets: &[StepState],
        depth: u32,
        job: &Job,
    ) -> Result<(), Stopped> {
        self.bits.fill(0);
        let mut now: Vec<StepState> = Vec::new();
        for &(p, c) in targets {
            if self.insert(blocks.id(p, c)) {
                now.push((p, c));
            }
        }
        let mut boxes = Vec::new();
        for k in (1..=depth).rev() {
            if job.is_cancelled() {
                return Err(Stopped::Cancelled {
                    states: blocks.states(),
                });
            }
            let mut before = Vec::new();
            for &(q, c) in &now {
                blocks.for_each_predecessor(q, c, &mut boxes, |p, from| {
                    let id = blocks.id(p, from);
                    if depths.of_id(blocks, p, id) == k - 1 && self.insert(id) {
                        before.push((p, from));
                    }
                });
            }
            now = before;
        }
        Ok(())
    }

    /// The moves from step state `(p, c)` of depth `depth` into marked
    /// step states of the next depth, in U R D L order: each its direction,
    /// the step state it leads to, and whether it pushed.
    pub fn onward<T: Offset>(
        &self,
        blocks: &Blocks<'_>,
        depths: &Depths<T>,
        (p, c): StepState,
        depth: u32,
        boxes: &mut Vec<u32>,
    ) -> Vec<(usize, StepState, bool)> {
        blocks.boxes(p, boxes);
        (0..4)
            .filter_map(|d| {
                let m = blocks.step(p, c, boxes, d)?;
                let id = blocks.id(m.position, m.cell);
                (self.contains(id) && depths.of_id(blocks, m.position, id) == depth + 1)
                    .then_some((d, (m.position, m.cell), m.push))
            })
            .collect()
    }

    /// The smallest way of `length` moves from `start` through marked step
    /// states (they lead to the targets of [`Marks::mark`] of depth
    /// `length`): each move's direction and whether it pushed, and the
    /// step state it ends in.
    pub fn first_way<T: Offset>(
        &self,
        blocks: &Blocks<'_>,
        depths: &Depths<T>,
        start: StepState,
        length: u32,
    ) -> (Vec<(usize, bool)>, StepState) {
        let mut boxes = Vec::new();
        let mut at = start;
        let mut moves = Vec::with_capacity(length as usize);
        for k in 0..length {
            let (d, next, push) = self.onward(blocks, depths, at, k, &mut boxes)[0];
            moves.push((d, push));
            at = next;
        }
        (moves, at)
    }

    /// How many ways of `length` moves lead from `start` through marked
    /// step states (saturating).
    pub fn count_ways<T: Offset>(
        &self,
        blocks: &Blocks<'_>,
        depths: &Depths<T>,
        start: StepState,
        length: u32,
    ) -> u128 {
        let mut boxes = Vec::new();
        let mut ways: HashMap<StepState, u128> = HashMap::from([(start, 1)]);
        for k in 0..length {
            let mut next: HashMap<StepState, u128> = HashMap::new();
            for (&s, &n) in &ways {
                for (_, t, _) in self.onward(blocks, depths, s, k, &mut boxes) {
                    let entry = next.entry(t).or_insert(0);
                    *entry = entry.saturating_add(n);
                }
            }
            ways = next;
        }
        ways.values().fold(0u128, |all, &n| all.saturating_add(n))
    }
}
