//! The index from a packed state to its dense id, used while exploring.
//!
//! An open-addressing table of `u64` slots (linear probing). Each slot holds
//! a state's id in its low bits and a key in the rest. States of at most
//! [`INLINE_BITS`] bits are their own key: a probe then never reads the
//! state list, and a lookup costs one cache miss; such a table numbers at
//! most [`MAX_IDS`] states (27 bits of id). Wider states are keyed by the
//! high 32 bits of their hash, so that a probe reads the state itself
//! (kept in the explorer's own `Vec`) only when the keys agree, and their
//! ids take 32 bits: up to [`MAX_WIDE_IDS`] states.

use super::job::{Job, Stopped};
use super::packed::PackedState;
use super::prefetch::prefetch_address;

/// Bits of a slot that hold `id + 1` when the states are their own keys;
/// the rest hold the key.
const ID_BITS: u32 = 27;
const ID_MASK: u64 = (1 << ID_BITS) - 1;

/// Bits of a slot that hold `id + 1` when the states are keyed by their
/// hash.
const WIDE_ID_BITS: u32 = 32;
const WIDE_ID_MASK: u64 = (1 << WIDE_ID_BITS) - 1;

/// The fewest slots for which a lookup's slot is worth prefetching: a
/// smaller table stays in the cache.
const PREFETCH_SLOTS: usize = 1 << 15;

/// The widest state (in bits from bit 0) that a slot holds itself.
pub const INLINE_BITS: u32 = 64 - ID_BITS;

/// The largest number of states a table of states that are their own
/// keys can index (and the smallest of any table).
pub const MAX_IDS: u64 = ID_MASK - 1;

/// The largest number of states a table of hash-keyed states can index:
/// ids stay below the edges' sentinels ([`super::graph::LOSS_EDGE`]).
pub const MAX_WIDE_IDS: u64 = WIDE_ID_MASK - 2;

/// The largest number of states one search over states of `bits` bits can
/// number ([`MAX_IDS`] or [`MAX_WIDE_IDS`]).
pub fn max_ids(bits: u32) -> u64 {
    if bits <= INLINE_BITS {
        MAX_IDS
    } else {
        MAX_WIDE_IDS
    }
}

/// Maps packed states to dense ids. The states themselves are kept by the
/// caller and passed in to every call.
#[derive(Debug)]
pub struct StateIndex {
    slots: Vec<u64>,
    shift: u32,
    len: usize,
    /// Whether the states are their own keys (at most [`INLINE_BITS`]
    /// bits wide).
    inline: bool,
    /// The slot bits that hold `id + 1`: [`ID_MASK`] or [`WIDE_ID_MASK`].
    id_mask: u64,
}

/// The answer of [`StateIndex::find_or_insert`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Found {
    /// The state was already known under this id.
    Old(u32),
    /// The state is new and was given this id (the caller must push it).
    New(u32),
}

impl StateIndex {
    /// An empty index with room for several hundred states of any width.
    pub fn new() -> StateIndex {
        StateIndex::for_bits(u32::MAX)
    }

    /// An empty index with room for several hundred states that use at most
    /// the low `bits` bits of their word: at most [`INLINE_BITS`], and the
    /// slots hold the states themselves.
    pub fn for_bits(bits: u32) -> StateIndex {
        StateIndex {
            slots: vec![0; 1 << 10],
            shift: 64 - 10,
            len: 0,
            inline: bits <= INLINE_BITS,
            id_mask: if bits <= INLINE_BITS {
                ID_MASK
            } else {
                WIDE_ID_MASK
            },
        }
    }

    /// The most states this table can index.
    pub fn max_ids(&self) -> u64 {
        if self.inline {
            MAX_IDS
        } else {
            MAX_WIDE_IDS
        }
    }

    /// The key of a state with this hash, above the id bits: the state
    /// itself, or its hash's high bits (never zero with an id: empty slots
    /// are zero).
    #[inline(always)]
    fn key<S: PackedState>(&self, state: &S, hash: u64) -> u64 {
        if self.inline {
            state.to_words()[0] << ID_BITS
        } else {
            hash & !self.id_mask
        }
    }

    /// The hash of the state a slot's key names: the state's own hash, or
    /// (wider states) the hash bits the key kept, which hold every bit the
    /// home slot is taken from.
    #[inline(always)]
    fn hash_of_key<S: PackedState>(&self, key: u64) -> u64 {
        if self.inline {
            S::from_words([key >> ID_BITS, 0, 0, 0]).hash64()
        } else {
            key
        }
    }

    /// The bytes the table holds.
    pub fn heap_bytes(&self) -> u64 {
        (self.slots.capacity() * std::mem::size_of::<u64>()) as u64
    }

    /// Whether indexing `additional` more states would make the table grow.
    #[inline(always)]
    pub fn needs_growth(&self, additional: usize) -> bool {
        (self.len + additional + 1) * 4 > self.slots.len() * 3
    }

    /// Grows the table now, if need be, so that `additional` more states
    /// can be indexed without growing; `states` are the states indexed so
    /// far. A search that holds `held` bytes besides the table checks its
    /// memory budget with `job` first: the bigger table is allocated while
    /// the old one is still held.
    pub fn reserve<S: PackedState>(
        &mut self,
        states: &[S],
        additional: usize,
        held: u64,
        job: &Job,
    ) -> Result<(), Stopped> {
        let Some(len) = self.grown_slots(additional) else {
            return Ok(());
        };
        let count = states.len() as u64;
        let slots = job.filled_vec(len, 0u64, held + self.heap_bytes(), count)?;
        self.rebuild::<S>(slots);
        Ok(())
    }

    /// Forgets every state, keeping the table's memory for the next
    /// search (cleared in time proportional to the table's size).
    pub fn clear(&mut self) {
        self.slots.fill(0);
        self.len = 0;
    }

    /// Number of states indexed.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether no state is indexed.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline(always)]
    fn home(&self, hash: u64) -> usize {
        (hash >> self.shift) as usize
    }

    /// Hints the CPU to fetch the slot a state with this hash starts at,
    /// unless the table is small enough to stay in the cache.
    #[inline(always)]
    pub fn prefetch(&self, hash: u64) {
        if self.slots.len() >= PREFETCH_SLOTS {
            prefetch_address(self.slots.as_ptr().wrapping_add(self.home(hash)));
        }
    }

    /// Whether the slots hold the states themselves (a lookup never reads
    /// the state list).
    #[inline(always)]
    pub fn is_inline(&self) -> bool {
        self.inline
    }

    /// Hints the CPU to fetch the state named by the first slot a state
    /// with this hash would look at, when that slot's key matches: the
    /// second cache miss of a lookup that finds an old state (none when
    /// the slots hold the states). Reads the slot itself, so call it once
    /// the slot has had time to arrive.
    #[inline(always)]
    pub fn prefetch_state<S: PackedState>(&self, states: &[S], hash: u64) {
        if self.inline {
            return;
        }
        let slot = self.slots[self.home(hash)];
        if slot != 0 && slot & !self.id_mask == hash & !self.id_mask {
            let id = ((slot & self.id_mask) - 1) as usize;
            if id < states.len() {
                prefetch_address(states.as_ptr().wrapping_add(id));
            }
        }
    }

    /// Where `state` (whose hash is `hash`) is: `Ok(id)` when it is indexed,
    /// `Err(slot)` with the empty slot it would take otherwise.
    #[inline(always)]
    fn probe<S: PackedState>(&self, states: &[S], state: &S, hash: u64) -> Result<u32, usize> {
        let mask = self.slots.len() - 1;
        let key = self.key(state, hash);
        let mut i = self.home(hash);
        loop {
            let slot = self.slots[i];
            if slot == 0 {
                return Err(i);
            }
            if slot & !self.id_mask == key {
                let id = ((slot & self.id_mask) - 1) as u32;
                if self.inline || states[id as usize] == *state {
                    return Ok(id);
                }
            }
            i = (i + 1) & mask;
        }
    }

    /// Looks `state` (whose hash is `hash`) up among `states`; if it is not
    /// there, gives it the next id (`states.len()`); the caller then pushes it.
    #[inline(always)]
    pub fn find_or_insert<S: PackedState>(&mut self, states: &[S], state: &S, hash: u64) -> Found {
        if self.needs_growth(0) {
            self.grow::<S>();
        }
        match self.probe(states, state, hash) {
            Ok(id) => Found::Old(id),
            Err(slot) => {
                let id = states.len() as u32;
                self.slots[slot] = self.key(state, hash) | (id as u64 + 1);
                self.len += 1;
                Found::New(id)
            }
        }
    }

    /// Looks `state` up without inserting it.
    pub fn find<S: PackedState>(&self, states: &[S], state: &S) -> Option<u32> {
        self.probe(states, state, state.hash64()).ok()
    }

    /// Looks `state` (whose hash is `hash`) up without inserting it.
    #[inline(always)]
    pub fn find_hashed<S: PackedState>(&self, states: &[S], state: &S, hash: u64) -> Option<u32> {
        self.probe(states, state, hash).ok()
    }

    /// Indexes `state` (whose hash is `hash`, and which is not indexed)
    /// under `id`, without growing: the caller made room with
    /// [`StateIndex::grown_slots`] and [`StateIndex::grow_into`].
    #[inline(always)]
    pub fn insert_absent<S: PackedState>(&mut self, state: &S, hash: u64, id: u32) {
        debug_assert!(!self.needs_growth(0));
        debug_assert!((id as u64) < self.max_ids());
        let mask = self.slots.len() - 1;
        let mut i = self.home(hash);
        while self.slots[i] != 0 {
            i = (i + 1) & mask;
        }
        self.slots[i] = self.key(state, hash) | (id as u64 + 1);
        self.len += 1;
    }

    /// The slots the table would need to index `additional` more states
    /// without growing, when it must grow.
    pub fn grown_slots(&self, additional: usize) -> Option<usize> {
        if !self.needs_growth(additional) {
            return None;
        }
        let mut log2 = self.slots.len().trailing_zeros() + 1;
        while (self.len + additional + 1) * 4 > (3usize << log2) {
            log2 += 1;
        }
        Some(1usize << log2)
    }

    /// Moves every state into `slots` (zeroed, a power of two long, as
    /// answered by [`StateIndex::grown_slots`]).
    pub fn grow_into<S: PackedState>(&mut self, slots: Vec<u64>) {
        debug_assert!(slots.len().is_power_of_two() && slots.len() > self.slots.len());
        self.rebuild::<S>(slots);
    }

    /// Doubles the table.
    #[cold]
    #[inline(never)]
    fn grow<S: PackedState>(&mut self) {
        let log2 = self.slots.len().trailing_zeros() + 1;
        self.rebuild::<S>(vec![0; 1 << log2]);
    }

    /// Replaces the table by `slots` (zeroed, a power of two long, at most
    /// 2^32: the home bits stay within a hashed key) holding every state of this one. The old slots are visited in
    /// order, and their homes in the new table come in the same order: the
    /// writes sweep the new table once instead of hitting it at random,
    /// and no state is read (a key gives its home).
    fn rebuild<S: PackedState>(&mut self, slots: Vec<u64>) {
        let log2 = slots.len().trailing_zeros();
        let mut bigger = StateIndex {
            slots,
            shift: 64 - log2,
            len: self.len,
            inline: self.inline,
            id_mask: self.id_mask,
        };
        let mask = bigger.slots.len() - 1;
        for &slot in self.slots.iter().filter(|&&slot| slot != 0) {
            let hash = self.hash_of_key::<S>(slot & !self.id_mask);
            let mut i = bigger.home(hash);
            while bigger.slots[i] != 0 {
                i = (i + 1) & mask;
            }
            bigger.slots[i] = slot;
        }
        *self = bigger;
    }
}

impl Default for StateIndex {
    fn default() -> Self {
        StateIndex::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_what_it_inserted_across_growth() {
        finds_across_growth(StateIndex::new(), 7919);
    }

    #[test]
    fn narrow_states_are_their_own_keys_across_growth() {
        let index = StateIndex::for_bits(INLINE_BITS);
        assert!(index.is_inline());
        assert!(!StateIndex::for_bits(INLINE_BITS + 1).is_inline());
        // The largest states that fit a slot, and states whose hashes share
        // many bits: every one is told apart by its own value.
        finds_across_growth(index, (1 << INLINE_BITS) / 50_001);
    }

    #[test]
    fn hashed_states_keep_ids_past_what_inline_slots_hold() {
        assert_eq!(max_ids(INLINE_BITS), MAX_IDS);
        assert_eq!(max_ids(INLINE_BITS + 1), MAX_WIDE_IDS);
        assert!(MAX_WIDE_IDS < u64::from(crate::engine::LOSS_EDGE));
        let mut index = StateIndex::for_bits(64);
        assert_eq!(index.max_ids(), MAX_WIDE_IDS);
        let ids = [MAX_IDS + 7, (1 << 31) + 3, MAX_WIDE_IDS - 1];
        let states: Vec<u64> = vec![11, 12, 13];
        for (&state, &id) in states.iter().zip(&ids) {
            index.insert_absent(&state, state.hash64(), id as u32);
        }
        // Grown, every slot still names its id under its hash's key.
        let grown = index.grown_slots(5000).unwrap();
        index.grow_into::<u64>(vec![0; grown]);
        for (&state, &id) in states.iter().zip(&ids) {
            let hash = state.hash64();
            let slot = index
                .slots
                .iter()
                .find(|&&slot| slot != 0 && slot & !index.id_mask == hash & !index.id_mask)
                .copied()
                .unwrap();
            assert_eq!((slot & index.id_mask) - 1, id, "{state}");
        }
    }

    /// Inserts 50,000 states `k * step`, then finds each under its id.
    fn finds_across_growth(mut index: StateIndex, step: u64) {
        let mut states: Vec<u64> = Vec::new();
        for k in 0..50_000u64 {
            let s = k * step;
            match index.find_or_insert(&states, &s, s.hash64()) {
                Found::New(id) => {
                    assert_eq!(id as usize, states.len());
                    states.push(s);
                }
                Found::Old(_) => panic!("{s} was new"),
            }
        }
        assert_eq!(index.len(), 50_000);
        for (id, s) in states.iter().enumerate() {
            assert_eq!(
                index.find_or_insert(&states, s, s.hash64()),
                Found::Old(id as u32)
            );
            assert_eq!(index.find(&states, s), Some(id as u32));
        }
        assert_eq!(index.find(&states, &1u64), None);
    }
}
