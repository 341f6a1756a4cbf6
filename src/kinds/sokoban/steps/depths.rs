//! The breadth-first depth of every step state, a byte or two a state.
//!
//! The search goes level by level over the positions that have step
//! states at the level (the *active* ones). In an active position it
//! takes the step states of the level, walks from them within the block
//! and pushes from them into the positions the pushes lead to. A depth is
//! held as the offset from the first depth at which its position was
//! reached: within an area the player walks freely, so no step state of a
//! position lies more than the area's size past the position's first one,
//! and a byte holds the offset on a region of at most 255 cells (two bytes
//! up to 65,535). A won position's step states are entered by pushes
//! alone, so their depths are kept apart, in full.
//!
//! The depth of a step state does not depend on the order in which a
//! level's states are taken, so the search may share a level among
//! threads: each thread walks within the blocks of its own active
//! positions and only lists its pushes, which are then made one after
//! the other.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU16, AtomicU32, AtomicU8, Ordering::Relaxed};

use rayon::prelude::*;

use crate::engine::{Job, Stopped};

use super::blocks::{is_set, Blocks};

/// The active positions one batch of the search takes: its pushes are
/// listed, then made, before the next batch.
const BATCH: usize = if cfg!(test) { 3 } else { 1 << 16 };

/// The active positions one task of a batch takes on many threads.
const CHUNK: usize = if cfg!(test) { 1 } else { 256 };

/// No first depth yet.
const UNREACHED: u32 = u32::MAX;

/// An offset from a position's first depth, in the narrowest word that
/// holds it.
pub(super) trait Offset: Copy + Eq + Send + Sync + 'static {
    /// The offset of a step state not reached yet.
    const UNSEEN: Self;
    /// The same word, read and written by many threads.
    type Atomic: Sync;
    /// The offset `v` (less than [`Offset::UNSEEN`]).
    fn of(v: u32) -> Self;
    /// The offset as a number.
    fn get(self) -> u32;
    /// Reads an atomic offset.
    fn load(a: &Self::Atomic) -> Self;
    /// Writes an atomic offset.
    fn store(a: &Self::Atomic, v: Self);
    /// The same slice seen as atomics.
    fn atomics(slice: &mut [Self]) -> &[Self::Atomic];
}

macro_rules! offset {
    ($t:ty, $atomic:ty) => {
        impl Offset for $t {
            const UNSEEN: $t = <$t>::MAX;
            type Atomic = $atomic;
            #[inline]
            fn of(v: u32) -> $t {
                v as $t
            }
            #[inline]
            fn get(self) -> u32 {
                u32::from(self)
            }
            #[inline]
            fn load(a: &$atomic) -> $t {
                a.load(Relaxed)
            }
            #[inline]
            fn store(a: &$atomic, v: $t) {
                a.store(v, Relaxed)
            }
            fn atomics(slice: &mut [$t]) -> &[$atomic] {
                // SAFETY: the atomic type has the size and alignment of
                // the plain one, and the exclusive borrow is held for as
                // long as the view lives.
                unsafe { &*(slice as *mut [$t] as *const [$atomic]) }
            }
        }
    };
}

offset!(u8, AtomicU8);
offset!(u16, AtomicU16);
offset!(u32, AtomicU32);

/// The breadth-first depth of every step state.
pub(super) struct Depths<T> {
    /// The depth at which each position was first reached.
    first: Vec<u32>,
    /// Each step state's depth past its position's first.
    offsets: Vec<T>,
    /// The depths of the won positions' step states.
    won: HashMap<u64, u32>,
}

impl<T: Offset> Depths<T> {
    /// The depth of the step state of cell `c` in position `p`.
    #[inline]
    pub fn of(&self, blocks: &Blocks<'_>, p: u32, c: u32) -> u32 {
        self.of_id(blocks, p, blocks.id(p, c))
    }

    /// The depth of step state `id` of position `p`.
    #[inline]
    pub fn of_id(&self, blocks: &Blocks<'_>, p: u32, id: u64) -> u32 {
        if blocks.is_won(p) {
            self.won[&id]
        } else {
            self.first[p as usize] + self.offsets[id as usize].get()
        }
    }

    /// The depths of the won step states.
    pub fn won(&self) -> &HashMap<u64, u32> {
        &self.won
    }

    /// The bytes held.
    pub fn heap_bytes(&self) -> u64 {
        (self.first.capacity() * 4
            + self.offsets.capacity() * std::mem::size_of::<T>()
            + self.won.capacity() * 16) as u64
    }

    /// Calls `each(depth, count)` on the depths of position `p`'s step
    /// states, one call a step state.
    pub fn for_each_in(&self, blocks: &Blocks<'_>, p: u32, mut each: impl FnMut(u32)) {
        let (from, to) = blocks.span(p);
        if blocks.is_won(p) {
            for id in from..to {
                each(self.won[&id]);
            }
        } else {
            let first = self.first[p as usize];
            for &o in &self.offsets[from as usize..to as usize] {
                each(first + o.get());
            }
        }
    }
}

/// A push made by an active position, waiting to be made: the position
/// it leads to, and the player's cell there.
type Claim = (u32, u32);

/// Searches every step state's depth from the start (`start_cell` in
/// position 0), within the job's memory budget (`held` bytes are held
/// already).
pub(super) fn search<T: Offset>(
    blocks: &Blocks<'_>,
    start_cell: u32,
    held: u64,
    job: &Job,
) -> Result<Depths<T>, Stopped> {
    let n = blocks.positions();
    let states = blocks.states();
    let positions = n as u64;
    let on_threads = job.on_many_threads(positions);
    let mut depths = Depths {
        first: job.filled_vec(n, UNREACHED, held, states)?,
        offsets: Vec::new(),
        won: HashMap::new(),
    };
    let mut held = held + n as u64 * 4;
    depths.offsets = if on_threads {
        job.filled_vec_on_threads(states as usize, T::UNSEEN, held, states)?
    } else {
        job.filled_vec(states as usize, T::UNSEEN, held, states)?
    };
    held += states * std::mem::size_of::<T>() as u64;
    let queued_words = n.div_ceil(64);
    let mut queued = job.filled_vec(queued_words, 0u64, held, states)?;
    held += queued_words as u64 * 8;

    let mut active: Vec<u32> = Vec::new();
    let mut next: Vec<u32> = Vec::new();
    let start = blocks.id(0, start_cell);
    if blocks.is_won(0) {
        depths.won.insert(start, 0);
    } else {
        depths.first[0] = 0;
        depths.offsets[start as usize] = T::of(0);
        active.push(0);
    }
    let mut level = 0u32;
    while !active.is_empty() {
        for &p in &active {
            queued[p as usize / 64] &= !(1 << (p % 64));
        }
        for batch in active.chunks(BATCH) {
            if job.is_cancelled() {
                return Err(Stopped::Cancelled { states });
            }
            // Walks within each active position's block; its pushes listed.
            let (walked, claims) = {
                let first = &depths.first;
                let offsets = T::atomics(&mut depths.offsets);
                let expand = |part: &[u32]| {
                    let mut walked = Vec::new();
                    let mut claims = Vec::new();
                    let mut scratch = Expansion::default();
                    for &p in part {
                        let grew =
                            scratch.expand::<T>(blocks, first, offsets, p, level, &mut claims);
                        if grew {
                            walked.push(p);
                        }
                    }
                    (walked, claims)
                };
                if on_threads {
                    let parts: Vec<(Vec<u32>, Vec<Claim>)> =
                        batch.par_chunks(CHUNK).map(expand).collect();
                    let walked: Vec<u32> =
                        parts.iter().flat_map(|(w, _)| w.iter().copied()).collect();
                    let claims: Vec<Claim> = parts.into_iter().flat_map(|(_, c)| c).collect();
                    (walked, claims)
                } else {
                    expand(batch)
                }
            };
            // The lists and the won depths as they stand, for the budget.
            let lists = (claims.capacity() * 8 + walked.capacity() * 4 + active.capacity() * 4)
                as u64
                + depths.won.capacity() as u64 * 16;
            job.check_memory(held + lists, next.capacity() as u64 * 4, states)?;
            let held = held + lists;
            for p in walked {
                enqueue(&mut queued, &mut next, p, held, job)?;
            }
            for (t, cell) in claims {
                let id = blocks.id(t, cell);
                if blocks.is_won(t) {
                    depths.won.entry(id).or_insert(level + 1);
                    continue;
                }
                let first = &mut depths.first[t as usize];
                if *first == UNREACHED {
                    *first = level + 1;
                }
                let o = &mut depths.offsets[id as usize];
                if *o == T::UNSEEN {
                    *o = T::of(level + 1 - *first);
                    enqueue(&mut queued, &mut next, t, held, job)?;
                }
            }
        }
        std::mem::swap(&mut active, &mut next);
        next.clear();
        level += 1;
        job.report_states(states);
    }
    Ok(depths)
}

/// Puts position `p` on the next level's list unless it is there already
/// (`queued`, one bit a position), growing the list within the job's
/// memory budget (`held` bytes are held besides it).
fn enqueue(
    queued: &mut [u64],
    next: &mut Vec<u32>,
    p: u32,
    held: u64,
    job: &Job,
) -> Result<(), Stopped> {
    if is_set(queued, p) {
        return Ok(());
    }
    queued[p as usize / 64] |= 1 << (p % 64);
    if next.len() == next.capacity() {
        let states = next.len() as u64;
        job.reserve(next, 1, held + next.capacity() as u64 * 4, states)?;
    }
    next.push(p);
    Ok(())
}

/// Work space of one thread's expansions.
#[derive(Default)]
struct Expansion {
    /// The cells of the position's step states at the level.
    frontier: Vec<u32>,
    /// The same as a bit set over region cells.
    frontier_bits: Vec<u64>,
    /// The position's boxes.
    boxes: Vec<u32>,
}

impl Expansion {
    /// Takes the step states of active position `p` at `level`: walks from
    /// them within its block (giving the step states it reaches first
    /// their depth) and lists their pushes into `claims`. Returns whether
    /// the walks reached any step state.
    fn expand<T: Offset>(
        &mut self,
        blocks: &Blocks<'_>,
        first: &[u32],
        offsets: &[T::Atomic],
        p: u32,
        level: u32,
        claims: &mut Vec<Claim>,
    ) -> bool {
        let base = first[p as usize];
        let here = T::of(level - base);
        let after = T::of(level + 1 - base);
        let (from, _) = blocks.span(p);
        self.frontier.clear();
        self.frontier_bits.clear();
        self.frontier_bits.resize(blocks.mask(p).len(), 0);
        let mut id = from;
        blocks.for_each_cell(p, |c| {
            if T::load(&offsets[id as usize]) == here {
                self.frontier.push(c);
                self.frontier_bits[c as usize / 64] |= 1 << (c % 64);
            }
            id += 1;
        });
        let mut grew = false;
        for &c in &self.frontier {
            for d in 0..4 {
                let n = blocks.rules.next(c, d);
                if n != super::super::rules::NONE && blocks.contains(p, n) {
                    let o = &offsets[blocks.id(p, n) as usize];
                    if T::load(o) == T::UNSEEN {
                        T::store(o, after);
                        grew = true;
                    }
                }
            }
        }
        blocks.boxes(p, &mut self.boxes);
        let bits = &self.frontier_bits;
        blocks.for_each_push(p, &self.boxes, |t, cell, dir| {
            if is_set(bits, blocks.behind(cell, dir)) {
                claims.push((t, cell));
            }
        });
        grew
    }
}
