//! The search's open list: positions waiting to be expanded, taken least
//! priority first. For the greedy search it also takes, every other time,
//! a position of a randomly chosen *type* (its pushes so far and its
//! bound), after the type-based exploration of Xie, Müller, Holte and Imai
//! (AAAI 2014): a greedy search whose best positions all lie under a
//! deadlock it cannot see spends its time there, and the random picks keep
//! the rest of the list moving. The random numbers come from the seed the
//! list is made with, so a search always takes the same positions in the
//! same order.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

/// A waiting position: its priority, its bound and its id.
type Entry = Reverse<(u64, u32, u32)>;

/// A position's type: its cost so far and its bound.
type Type = (u32, u32);

/// The waiting ids by type, and the types in a list to choose from.
type ByType = (HashMap<Type, Vec<u32>>, Vec<Type>);

/// The seed of the one-thread solver's greedy search (the first lane's).
pub(super) const FIRST_SEED: u64 = 0x9E37_79B9_7F4A_7C15;

/// The open list.
#[derive(Debug)]
pub(super) struct OpenList {
    best: BinaryHeap<Entry>,
    /// With exploration: the waiting ids by type `(g, h)`, and the types
    /// in a list to choose from (empty types are dropped when chosen).
    types: Option<ByType>,
    /// Whether the next take is a random one.
    random_turn: bool,
    /// The xorshift state.
    seed: u64,
}

impl OpenList {
    /// An empty list; `explore` adds the random picks by type, drawn from
    /// `seed` (not zero).
    pub(super) fn new(explore: bool, seed: u64) -> OpenList {
        OpenList {
            best: BinaryHeap::new(),
            types: explore.then(|| (HashMap::new(), Vec::new())),
            random_turn: false,
            seed: seed.max(1),
        }
    }

    /// The bytes one entry takes in a list made by `new(explore)` (in
    /// both of its lists).
    pub(super) fn entry_bytes(explore: bool) -> u64 {
        let typed = if explore { 4 } else { 0 };
        std::mem::size_of::<Entry>() as u64 + typed
    }

    /// Adds position `id` with cost so far `g`, bound `h` and `priority`.
    pub(super) fn push(&mut self, priority: u64, g: u32, h: u32, id: u32) {
        self.best.push(Reverse((priority, h, id)));
        if let Some((by_type, order)) = &mut self.types {
            let ids = by_type.entry((g, h)).or_insert_with(|| {
                order.push((g, h));
                Vec::new()
            });
            ids.push(id);
        }
    }

    /// Takes a position: its bound and id. The same position may come out
    /// more than once (the caller skips the ones it has expanded).
    pub(super) fn pop(&mut self) -> Option<(u32, u32)> {
        self.random_turn = !self.random_turn;
        if self.random_turn {
            if let Some(taken) = self.pop_random_type() {
                return Some(taken);
            }
        }
        self.best.pop().map(|Reverse((_, h, id))| (h, id))
    }

    /// A random position of a random type, or `None` when there is none.
    fn pop_random_type(&mut self) -> Option<(u32, u32)> {
        let (by_type, order) = self.types.as_mut()?;
        while !order.is_empty() {
            let t = (next_random(&mut self.seed) % order.len() as u64) as usize;
            let key = order[t];
            let ids = by_type.get_mut(&key).expect("every listed type has ids");
            if ids.is_empty() {
                by_type.remove(&key);
                order.swap_remove(t);
                continue;
            }
            let i = (next_random(&mut self.seed) % ids.len() as u64) as usize;
            return Some((key.1, ids.swap_remove(i)));
        }
        None
    }
}

/// The next number of a xorshift64 generator.
fn next_random(state: &mut u64) -> u64 {
    let mut x = *state;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    *state = x;
    x
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_exploration_the_least_priority_comes_first() {
        let mut open = OpenList::new(false, FIRST_SEED);
        open.push(9, 1, 4, 0);
        open.push(3, 1, 1, 1);
        open.push(5, 2, 1, 2);
        let order: Vec<u32> = std::iter::from_fn(|| open.pop())
            .map(|(_, id)| id)
            .collect();
        assert_eq!(order, vec![1, 2, 0]);
    }

    #[test]
    fn with_exploration_every_position_still_comes_out() {
        let mut open = OpenList::new(true, FIRST_SEED);
        for id in 0..100u32 {
            open.push(u64::from(id % 7), id % 5, id % 3, id);
        }
        let mut out: Vec<u32> = std::iter::from_fn(|| open.pop())
            .map(|(_, id)| id)
            .collect();
        // Each id comes out of each list once.
        assert_eq!(out.len(), 200);
        out.sort_unstable();
        out.dedup();
        assert_eq!(out, (0..100).collect::<Vec<_>>());
    }

    #[test]
    fn with_exploration_the_best_is_taken_every_other_time() {
        let mut open = OpenList::new(true, FIRST_SEED);
        for id in 0..50u32 {
            open.push(u64::from(id), id, 0, id);
        }
        let firsts: Vec<u32> = (0..6)
            .filter_map(|_| open.pop())
            .map(|(_, id)| id)
            .collect();
        // The second, fourth and sixth takes are the best three.
        assert_eq!([firsts[1], firsts[3], firsts[5]], [0, 1, 2]);
    }

    #[test]
    fn the_same_pushes_give_the_same_order() {
        let run = || {
            let mut open = OpenList::new(true, FIRST_SEED);
            for id in 0..40u32 {
                open.push(u64::from(id * 7 % 11), id % 4, id % 6, id);
            }
            std::iter::from_fn(|| open.pop()).collect::<Vec<_>>()
        };
        assert_eq!(run(), run());
    }

    #[test]
    fn another_seed_takes_other_random_picks() {
        let run = |seed| {
            let mut open = OpenList::new(true, seed);
            for id in 0..40u32 {
                open.push(u64::from(id), id % 8, id % 5, id);
            }
            std::iter::from_fn(|| open.pop()).collect::<Vec<_>>()
        };
        assert_ne!(run(FIRST_SEED), run(FIRST_SEED ^ 0xFFFF));
    }
}
