//! The index from a packed state to its dense id, used while exploring.
//!
//! An open-addressing table of `u32` slots (linear probing). Each slot holds
//! a state's id plus a few bits of its hash as a fingerprint, so that a probe
//! only reads the state itself when the fingerprints agree. The states live
//! in the explorer's own `Vec`, so the table costs 4 bytes a slot.

use super::job::{Job, Stopped};
use super::packed::PackedState;
use super::prefetch::prefetch_address;

/// Bits of a slot that hold `id + 1`; the rest hold the fingerprint.
const ID_BITS: u32 = 27;
const ID_MASK: u32 = (1 << ID_BITS) - 1;

/// The largest number of states the table can index.
pub const MAX_IDS: u64 = (ID_MASK - 1) as u64;

/// Maps packed states to dense ids. The states themselves are kept by the
/// caller and passed in to every call.
#[derive(Debug)]
pub struct StateIndex {
    slots: Vec<u32>,
    shift: u32,
    len: usize,
}

/// The answer of [`StateIndex::find_or_insert`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Found {
    /// The state was already known under this id.
    Old(u32),
    /// The state is new and was given this id (the caller must push it).
    New(u32),
}

#[inline(always)]
fn fingerprint(hash: u64) -> u32 {
    ((hash as u32) >> ID_BITS) << ID_BITS
}

impl StateIndex {
    /// An empty index with room for a few thousand states.
    pub fn new() -> StateIndex {
        StateIndex::with_log2_slots(12)
    }

    fn with_log2_slots(log2: u32) -> StateIndex {
        StateIndex {
            slots: vec![0; 1 << log2],
            shift: 64 - log2,
            len: 0,
        }
    }

    /// The bytes the table holds.
    pub fn heap_bytes(&self) -> u64 {
        (self.slots.capacity() * std::mem::size_of::<u32>()) as u64
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
        if !self.needs_growth(additional) {
            return Ok(());
        }
        let mut log2 = self.slots.len().trailing_zeros() + 1;
        while (self.len + additional + 1) * 4 > (3usize << log2) {
            log2 += 1;
        }
        let count = states.len() as u64;
        let slots = job.filled_vec(1usize << log2, 0u32, held + self.heap_bytes(), count)?;
        self.rebuild(states, slots);
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

    /// Hints the CPU to fetch the slot a state with this hash starts at.
    #[inline(always)]
    pub fn prefetch(&self, hash: u64) {
        prefetch_address(self.slots.as_ptr().wrapping_add(self.home(hash)));
    }

    /// Hints the CPU to fetch the state named by the first slot a state
    /// with this hash would look at, when that slot's fingerprint matches:
    /// the second cache miss of a lookup that finds an old state. Reads the
    /// slot itself, so call it once the slot has had time to arrive.
    #[inline(always)]
    pub fn prefetch_state<S: PackedState>(&self, states: &[S], hash: u64) {
        let slot = self.slots[self.home(hash)];
        if slot != 0 && slot & !ID_MASK == fingerprint(hash) {
            let id = ((slot & ID_MASK) - 1) as usize;
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
        let fp = fingerprint(hash);
        let mut i = self.home(hash);
        loop {
            let slot = self.slots[i];
            if slot == 0 {
                return Err(i);
            }
            if slot & !ID_MASK == fp {
                let id = (slot & ID_MASK) - 1;
                if states[id as usize] == *state {
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
            self.grow(states);
        }
        match self.probe(states, state, hash) {
            Ok(id) => Found::Old(id),
            Err(slot) => {
                let id = states.len() as u32;
                self.slots[slot] = fingerprint(hash) | (id + 1);
                self.len += 1;
                Found::New(id)
            }
        }
    }

    /// Looks `state` up without inserting it.
    pub fn find<S: PackedState>(&self, states: &[S], state: &S) -> Option<u32> {
        self.probe(states, state, state.hash64()).ok()
    }

    /// Doubles the table. Re-inserting by id reads the states in order,
    /// which is much kinder to the cache than visiting the old slots.
    #[cold]
    #[inline(never)]
    fn grow<S: PackedState>(&mut self, states: &[S]) {
        let log2 = self.slots.len().trailing_zeros() + 1;
        self.rebuild(states, vec![0; 1 << log2]);
    }

    /// Replaces the table by `slots` (zeroed, a power of two long) holding
    /// every state of `states`.
    fn rebuild<S: PackedState>(&mut self, states: &[S], slots: Vec<u32>) {
        let log2 = slots.len().trailing_zeros();
        let mut bigger = StateIndex {
            slots,
            shift: 64 - log2,
            len: 0,
        };
        let mask = bigger.slots.len() - 1;
        for (id, state) in states.iter().enumerate() {
            let hash = state.hash64();
            let mut i = bigger.home(hash);
            while bigger.slots[i] != 0 {
                i = (i + 1) & mask;
            }
            bigger.slots[i] = fingerprint(hash) | (id as u32 + 1);
        }
        bigger.len = states.len();
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
        let mut index = StateIndex::new();
        let mut states: Vec<u64> = Vec::new();
        for k in 0..50_000u64 {
            let s = k * 7919;
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
