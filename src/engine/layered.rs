//! The explorer on many threads: a level-synchronous breadth-first search
//! over a sharded state table, whose ids and edges are exactly those of the
//! one-thread explorer.
//!
//! The parents of a layer are taken a piece at a time (the piece's parents
//! in id order), in three steps:
//!
//! 1. *Step and look up* (parallel over chunks of parents): every move of
//!    every parent is made and its state looked up in the table, which
//!    holds every state numbered so far. A state found keeps its id; a
//!    state not found is a *candidate*, numbered provisionally by its place
//!    in (parent, move) order.
//! 2. *Deduplicate* (parallel over the table's shards, a state's shard
//!    being fixed by its hash): each shard inserts its candidates in
//!    (parent, move) order, so the first discovery of each new state wins
//!    and every later one learns the winner.
//! 3. *Number* (parallel over chunks): the winners get the next ids in
//!    (parent, move) order, which is the order in which one thread meets
//!    them; the table's slots and the edges are given the final ids.
//!
//! A piece sees every state numbered by the pieces before it, so cutting a
//! layer into pieces changes nothing: one parent at a time is the same
//! search with pieces of one parent.

use std::sync::atomic::{AtomicU32, Ordering};

use rayon::prelude::*;

use super::graph::{flags_of, Interrupted, Partial, StateGraph, FLAG_WON, LOSS_EDGE, NO_EDGE};
use super::job::{Job, Stopped};
use super::packed::PackedState;
use super::partial::CutGraph;
use super::puzzle::{Outcome, Puzzle};
use super::rows::Rows;
use super::table::{max_ids, StateIndex};

/// Shards of the state table; a state's shard is the low bits of its hash.
const SHARDS: usize = 64;

/// The fewest candidates of a piece for which its shards are
/// deduplicated and filled on many threads: fewer are not worth waking
/// the threads for (a thin layer).
const SHARED_FROM: usize = 1 << 13;

/// Parents a task steps and looks up.
const CHUNK: usize = 2048;

/// The most parents of one piece.
const PIECE: usize = 1 << 17;

/// Parents stepped before their successors are looked up (their table
/// slots prefetched in between).
const BATCH: usize = 64;

/// How many parents ahead of the lookups a chunk prefetches the states
/// that the successors' slots name.
const STATE_AHEAD: usize = 8;

/// How many entries ahead the deduplication and the renumbering prefetch
/// the table slots they will touch.
const AHEAD: usize = 8;

/// The shard of a state with this hash.
#[inline(always)]
fn shard_of(hash: u64) -> usize {
    hash as usize & (SHARDS - 1)
}

/// What one chunk of parents found: its candidates in (parent, move)
/// order, and their indices grouped by shard.
struct Found<S> {
    states: Vec<S>,
    hashes: Vec<u64>,
    by_shard: Vec<u32>,
    shard_start: [u32; SHARDS + 1],
}

impl<S: PackedState> Found<S> {
    fn new() -> Found<S> {
        Found {
            states: Vec::new(),
            hashes: Vec::new(),
            by_shard: Vec::new(),
            shard_start: [0; SHARDS + 1],
        }
    }

    /// The candidates of `shard`, in (parent, move) order.
    fn of_shard(&self, shard: usize) -> &[u32] {
        &self.by_shard[self.shard_start[shard] as usize..self.shard_start[shard + 1] as usize]
    }

    /// Groups the candidates by shard (a stable counting sort).
    fn group(&mut self) {
        let mut start = [0u32; SHARDS + 1];
        for &h in &self.hashes {
            start[shard_of(h) + 1] += 1;
        }
        for s in 0..SHARDS {
            start[s + 1] += start[s];
        }
        self.shard_start = start;
        self.by_shard.clear();
        self.by_shard.resize(self.hashes.len(), 0);
        for (i, &h) in self.hashes.iter().enumerate() {
            let at = &mut start[shard_of(h)];
            self.by_shard[*at as usize] = i as u32;
            *at += 1;
        }
    }

    fn heap_bytes(&self) -> u64 {
        (self.states.capacity() * std::mem::size_of::<S>()
            + self.hashes.capacity() * 8
            + self.by_shard.capacity() * 4) as u64
    }
}

/// The growing graph and its sharded table.
struct Layered<S> {
    states: Vec<S>,
    flags: Vec<u8>,
    rows: Rows,
    shards: Vec<StateIndex>,
    moves: usize,
}

impl<S: PackedState> Layered<S> {
    /// The bytes the graph's arrays and the table hold.
    fn held(&self) -> u64 {
        (self.states.capacity() * std::mem::size_of::<S>() + self.flags.capacity()) as u64
            + self.rows.heap_bytes()
            + self.shards.iter().map(StateIndex::heap_bytes).sum::<u64>()
    }

    /// Grows every shard that could not index its share of `counts` more
    /// states, within the memory budget (the new tables are allocated
    /// while the old ones are held); the shards are rebuilt in parallel.
    fn make_table_room(&mut self, counts: &[usize], extra: u64, job: &Job) -> Result<(), Stopped> {
        let grown: Vec<Option<usize>> = self
            .shards
            .iter()
            .zip(counts)
            .map(|(shard, &count)| shard.grown_slots(count))
            .collect();
        let more: u64 = grown.iter().flatten().map(|&len| len as u64 * 8).sum();
        let n = self.states.len() as u64;
        job.check_memory(self.held() + extra, more, n)?;
        let failed = self
            .shards
            .par_iter_mut()
            .zip(grown)
            .map(|(shard, grown)| {
                if let Some(len) = grown {
                    let mut slots: Vec<u64> = Vec::new();
                    slots.try_reserve_exact(len).map_err(|_| ())?;
                    slots.resize(len, 0);
                    shard.grow_into::<S>(slots);
                }
                Ok(())
            })
            .collect::<Result<(), ()>>();
        failed.map_err(|()| Stopped::TooMuchMemory {
            bytes: self.held() + extra + more,
            budget: job.max_memory(),
            states: n,
            refused: true,
        })
    }
}

/// Goes on with an exploration handed over at a layer's start, on the
/// threads of the current rayon pool.
pub(crate) fn explore_rest<P: Puzzle>(
    puzzle: &P,
    job: &Job,
    partial: Partial<P::State>,
) -> Result<StateGraph<P::State>, Interrupted<P::State>> {
    let most = max_ids(puzzle.state_bits());
    let budget = job.max_states().min(most) as usize;
    let moves = puzzle.move_count();
    let Partial {
        states,
        flags,
        rows,
        mut layer_start,
        next_parent,
    } = partial;
    let mut graph = Layered {
        states,
        flags,
        rows,
        shards: (0..SHARDS)
            .map(|_| StateIndex::for_bits(puzzle.state_bits()))
            .collect(),
        moves,
    };
    index_numbered(&mut graph, job)?;
    let mut found: Vec<Found<P::State>> = Vec::new();
    let mut winner_of: Vec<AtomicU32> = Vec::new();
    let mut final_of: Vec<u32> = Vec::new();
    let mut parent = next_parent;
    while parent < graph.states.len() {
        layer_start.push(parent as u32);
        let layer_end = graph.states.len();
        while parent < layer_end {
            job.report_states(graph.states.len() as u64);
            if job.is_cancelled() {
                let stop = Stopped::Cancelled {
                    states: graph.states.len() as u64,
                };
                // A time limit keeps what was explored, as on one thread:
                // every state numbered, the parents before this piece
                // expanded.
                let cut = job.is_timed_out().then(|| {
                    let Layered {
                        states,
                        flags,
                        mut rows,
                        shards,
                        ..
                    } = graph;
                    drop(shards);
                    rows.truncate(parent);
                    Box::new(CutGraph::new(states, flags, rows))
                });
                return Err(Interrupted { stop, cut });
            }
            let n0 = graph.states.len();
            // Provisional ids run from n0 up, one a move at most.
            let room = (most as usize).saturating_sub(n0) / moves.max(1);
            if room == 0 {
                return Err(Stopped::TooBig {
                    states: n0 as u64,
                    budget: budget as u64,
                }
                .into());
            }
            let end = layer_end.min(parent + PIECE).min(parent + room);
            explore_piece(
                puzzle,
                job,
                &mut graph,
                parent..end,
                budget,
                (&mut found, &mut winner_of, &mut final_of),
            )?;
            parent = end;
        }
    }
    layer_start.push(graph.states.len() as u32);
    job.report_states(graph.states.len() as u64);
    let Layered {
        states,
        flags,
        rows,
        shards,
        ..
    } = graph;
    drop(shards);
    Ok(StateGraph::from_parts(states, rows, flags, layer_start))
}

/// Indexes every state numbered so far in the sharded table.
fn index_numbered<S: PackedState>(graph: &mut Layered<S>, job: &Job) -> Result<(), Stopped> {
    let hashes: Vec<u64> = graph.states.par_iter().map(PackedState::hash64).collect();
    let mut counts = [0usize; SHARDS];
    for &h in &hashes {
        counts[shard_of(h)] += 1;
    }
    graph.make_table_room(&counts, hashes.capacity() as u64 * 8, job)?;
    for (id, (state, &h)) in graph.states.iter().zip(&hashes).enumerate() {
        graph.shards[shard_of(h)].find_or_insert(&graph.states[..id], state, h);
    }
    Ok(())
}

/// The buffers a piece reuses from the last: what each chunk found, each
/// candidate's winner, each winner's final id.
type Buffers<'a, S> = (
    &'a mut Vec<Found<S>>,
    &'a mut Vec<AtomicU32>,
    &'a mut Vec<u32>,
);

/// Steps the parents `parents` (all of one layer, none stepped yet), numbers
/// the new states they reach and records their edges.
fn explore_piece<P: Puzzle>(
    puzzle: &P,
    job: &Job,
    graph: &mut Layered<P::State>,
    parents: std::ops::Range<usize>,
    budget: usize,
    (found, winner_of, final_of): Buffers<'_, P::State>,
) -> Result<(), Stopped> {
    let moves = graph.moves;
    let n0 = graph.states.len();
    let count = n0 as u64;
    let edges = parents.len() * moves;
    // The most the piece's buffers hold: every move a new candidate.
    // (the candidate, its hash and index, its winner and final id, and its
    // copy and the shard table's entry while deduplicated).
    let per_candidate = (2 * std::mem::size_of::<P::State>() + 2 * 8 + 4 * 6) as u64;
    let buffers = found.iter().map(Found::heap_bytes).sum::<u64>()
        + (winner_of.capacity() * 4 + final_of.capacity() * 4) as u64;
    let temporary = buffers.max(edges as u64 * per_candidate);
    job.check_memory(graph.held(), temporary, count)?;
    let held = graph.held() + temporary;
    graph.rows.reserve(parents.len(), job, held, count)?;
    graph.rows.open_tail(parents.len());

    // 1. Step and look up.
    let chunks = parents.len().div_ceil(CHUNK);
    found.truncate(chunks);
    while found.len() < chunks {
        found.push(Found::new());
    }
    {
        let (states, flags, shards) = (&graph.states, &graph.flags, &graph.shards);
        graph
            .rows
            .tail_mut()
            .par_chunks_mut((CHUNK * moves).max(1))
            .zip(found.par_iter_mut())
            .enumerate()
            .for_each(|(c, (rows, out))| {
                let first = parents.start + c * CHUNK;
                step_chunk(puzzle, states, flags, shards, first, rows, out, n0);
                out.group();
            });
    }
    let mut offsets: Vec<u32> = Vec::with_capacity(chunks + 1);
    let mut total = 0u32;
    for out in found.iter() {
        offsets.push(total);
        total += out.states.len() as u32;
    }
    offsets.push(total);
    let total = total as usize;

    // 2. Deduplicate, shard by shard.
    let mut per_shard = [0usize; SHARDS];
    for out in found.iter() {
        for (s, n) in per_shard.iter_mut().enumerate() {
            *n += out.of_shard(s).len();
        }
    }
    graph.make_table_room(&per_shard, temporary, job)?;
    winner_of.truncate(0);
    winner_of.resize_with(total, || AtomicU32::new(0));
    let fresh: Vec<Vec<Fresh<P::State>>> = {
        let (found, offsets, winner_of) = (&*found, &offsets, &*winner_of);
        let dedupe = |s: usize| dedupe_shard(found, offsets, s, per_shard[s], winner_of);
        if total < SHARED_FROM {
            (0..SHARDS).map(dedupe).collect()
        } else {
            (0..SHARDS).into_par_iter().map(dedupe).collect()
        }
    };

    // 3. Number the winners in (parent, move) order.
    let winners_by_chunk: Vec<usize> = found
        .par_iter()
        .enumerate()
        .map(|(c, _)| {
            (offsets[c]..offsets[c + 1])
                .filter(|&g| winner_of[g as usize].load(Ordering::Relaxed) == g)
                .count()
        })
        .collect();
    let winners: usize = winners_by_chunk.iter().sum();
    if n0 + winners > budget {
        job.report_states(budget as u64);
        return Err(Stopped::TooBig {
            states: budget as u64,
            budget: budget as u64,
        });
    }
    let held = graph.held() + temporary;
    job.reserve(&mut graph.states, winners, held, count)?;
    let held = graph.held() + temporary;
    job.reserve(&mut graph.flags, winners, held, count)?;
    graph.states.resize(n0 + winners, P::State::default());
    graph.flags.resize(n0 + winners, 0);
    final_of.clear();
    final_of.resize(total, 0);
    {
        // Each chunk's share of the new states, flags and final ids.
        let mut state_rest = &mut graph.states[n0..];
        let mut flag_rest = &mut graph.flags[n0..];
        let mut final_rest = &mut final_of[..];
        let mut shares = Vec::with_capacity(chunks);
        for (c, &w) in winners_by_chunk.iter().enumerate() {
            let (s, s_rest) = std::mem::take(&mut state_rest).split_at_mut(w);
            let (f, f_rest) = std::mem::take(&mut flag_rest).split_at_mut(w);
            let len = (offsets[c + 1] - offsets[c]) as usize;
            let (fin, fin_rest) = std::mem::take(&mut final_rest).split_at_mut(len);
            state_rest = s_rest;
            flag_rest = f_rest;
            final_rest = fin_rest;
            shares.push((s, f, fin));
        }
        let first_id: Vec<usize> = winners_by_chunk
            .iter()
            .scan(n0, |next, &w| {
                let first = *next;
                *next += w;
                Some(first)
            })
            .collect();
        let (found, offsets, winner_of) = (&*found, &offsets, &*winner_of);
        shares
            .into_par_iter()
            .enumerate()
            .for_each(|(c, (new_states, new_flags, finals))| {
                let mut id = first_id[c];
                let mut k = 0;
                for (local, fin) in finals.iter_mut().enumerate() {
                    let g = offsets[c] + local as u32;
                    if winner_of[g as usize].load(Ordering::Relaxed) == g {
                        let state = found[c].states[local];
                        new_states[k] = state;
                        new_flags[k] = flags_of(puzzle, &state);
                        *fin = id as u32;
                        id += 1;
                        k += 1;
                    }
                }
            });
    }
    {
        let final_of = &*final_of;
        let insert = |(shard, fresh): (&mut StateIndex, &Vec<Fresh<P::State>>)| {
            for (i, new) in fresh.iter().enumerate() {
                if let Some(ahead) = fresh.get(i + AHEAD) {
                    shard.prefetch(ahead.hash);
                }
                shard.insert_absent(&new.state, new.hash, final_of[new.g as usize]);
            }
        };
        if total < SHARED_FROM {
            graph.shards.iter_mut().zip(fresh.iter()).for_each(insert);
        } else {
            graph
                .shards
                .par_iter_mut()
                .zip(fresh.par_iter())
                .for_each(insert);
        }
        let (offsets, winner_of) = (&offsets, &*winner_of);
        graph
            .rows
            .tail_mut()
            .par_chunks_mut((CHUNK * moves).max(1))
            .enumerate()
            .for_each(|(c, rows)| {
                for to in rows.iter_mut() {
                    if *to >= n0 as u32 && *to < LOSS_EDGE {
                        let g = offsets[c] + (*to - n0 as u32);
                        *to = final_of[winner_of[g as usize].load(Ordering::Relaxed) as usize];
                    }
                }
            });
    }
    graph.rows.close_tail();
    Ok(())
}

/// A new state: the first candidate of its state in a piece.
struct Fresh<S> {
    state: S,
    hash: u64,
    g: u32,
}

/// Deduplicates the candidates of shard `shard` (`count` of them) among
/// themselves, in (parent, move) order: records each candidate's winner
/// (the first candidate of its state) in `winner_of`, and answers the
/// winners. The shard's candidates are gathered first, so that the table
/// they are deduplicated in, and the states compared, stay in the cache.
fn dedupe_shard<S: PackedState>(
    found: &[Found<S>],
    offsets: &[u32],
    shard: usize,
    count: usize,
    winner_of: &[AtomicU32],
) -> Vec<Fresh<S>> {
    let mut fresh: Vec<Fresh<S>> = Vec::new();
    if count == 0 {
        return fresh;
    }
    let size = (count * 2).next_power_of_two();
    let shift = 64 - size.trailing_zeros();
    // An index into `fresh`, plus one; zero is empty.
    let mut table: Vec<u32> = vec![0; size];
    for (c, out) in found.iter().enumerate() {
        for &local in out.of_shard(shard) {
            let g = offsets[c] + local;
            let state = out.states[local as usize];
            let hash = out.hashes[local as usize];
            // The low bits chose the shard: the home comes from the high.
            let mut i = (hash >> shift) as usize;
            let winner = loop {
                let entry = table[i];
                if entry == 0 {
                    table[i] = fresh.len() as u32 + 1;
                    fresh.push(Fresh { state, hash, g });
                    break g;
                }
                let seen = &fresh[entry as usize - 1];
                if seen.hash == hash && seen.state == state {
                    break seen.g;
                }
                i = (i + 1) & (size - 1);
            };
            winner_of[g as usize].store(winner, Ordering::Relaxed);
        }
    }
    fresh
}

/// Steps the parents from `first` on (one row of `rows` each) and looks
/// their successors up: a known state's id goes in its row; a new one is
/// added to `out` and its row holds `n0` plus its index there.
#[allow(clippy::too_many_arguments)]
fn step_chunk<P: Puzzle>(
    puzzle: &P,
    states: &[P::State],
    flags: &[u8],
    shards: &[StateIndex],
    first: usize,
    rows: &mut [u32],
    out: &mut Found<P::State>,
    n0: usize,
) {
    let moves = puzzle.move_count();
    out.states.clear();
    out.hashes.clear();
    if moves == 0 {
        return;
    }
    let mut outcomes: Vec<Outcome<P::State>> = vec![Outcome::NoMove; BATCH * moves];
    let mut hashes: Vec<u64> = vec![0; BATCH * moves];
    for (b, batch_rows) in rows.chunks_mut(BATCH * moves).enumerate() {
        let stepped = batch_rows.len();
        let batch_first = first + b * BATCH;
        for (k, out) in outcomes[..stepped].chunks_exact_mut(moves).enumerate() {
            let parent = batch_first + k;
            if flags[parent] & FLAG_WON != 0 {
                out.fill(Outcome::NoMove);
            } else {
                puzzle.step_all(&states[parent], out);
            }
        }
        for (outcome, hash) in outcomes[..stepped].iter().zip(&mut hashes) {
            if let Outcome::Next(s) = outcome {
                *hash = s.hash64();
                shards[shard_of(*hash)].prefetch(*hash);
            }
        }
        let inline = shards[0].is_inline();
        for (e, ((outcome, &hash), to)) in outcomes[..stepped]
            .iter()
            .zip(&hashes)
            .zip(batch_rows)
            .enumerate()
        {
            // The slots of a later parent have arrived by now: fetch the
            // states they name, the second miss of a lookup.
            if !inline && e % moves == 0 {
                let later = e + STATE_AHEAD * moves..e + (STATE_AHEAD + 1) * moves;
                if later.end <= stepped {
                    for (outcome, &hash) in outcomes[later.clone()].iter().zip(&hashes[later]) {
                        if let Outcome::Next(_) = outcome {
                            shards[shard_of(hash)].prefetch_state(states, hash);
                        }
                    }
                }
            }
            *to = match *outcome {
                Outcome::NoMove => NO_EDGE,
                Outcome::Loss => LOSS_EDGE,
                Outcome::Next(s) => match shards[shard_of(hash)].find_hashed(states, &s, hash) {
                    Some(id) => id,
                    None => {
                        out.states.push(s);
                        out.hashes.push(hash);
                        (n0 + out.states.len() - 1) as u32
                    }
                },
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::packed::mix64;
    use crate::engine::{analyze, Explored, Job, LabelError, Outcome, PackedState, Puzzle, Route};
    use crate::engine::{Stopped, LOSS_EDGE, NO_EDGE};
    use proptest::prelude::*;

    /// A word a [`Mesh`] numbers its states in.
    trait MeshWord: PackedState {
        /// The bits a state uses (narrow words: few enough to be their own
        /// table keys; wide: too many).
        const USED: u32;
        fn encode(i: u64) -> Self;
        fn decode(&self) -> u64;
    }

    impl MeshWord for u64 {
        const USED: u32 = 37;
        fn encode(i: u64) -> u64 {
            i
        }
        fn decode(&self) -> u64 {
            *self
        }
    }

    impl MeshWord for u128 {
        const USED: u32 = 128;
        fn encode(i: u64) -> u128 {
            (i as u128) << 70 | i as u128
        }
        fn decode(&self) -> u64 {
            *self as u64
        }
    }

    /// A random graph on `n` states drawn from `seed`: each move leads to
    /// a state picked by a hash, or is no move, or loses; a few states
    /// win, and one in five is not preferred.
    struct Mesh<S> {
        n: u64,
        moves: usize,
        seed: u64,
        /// Whether the graph keeps sparse rows ([`Puzzle::sparse_moves`]).
        sparse: bool,
        word: std::marker::PhantomData<S>,
    }

    impl<S: MeshWord> Mesh<S> {
        fn new(n: u64, moves: usize, seed: u64) -> Mesh<S> {
            Mesh {
                n,
                moves,
                seed,
                sparse: false,
                word: std::marker::PhantomData,
            }
        }

        /// The same mesh, its graph kept in sparse rows.
        fn with_sparse_rows(self) -> Mesh<S> {
            Mesh {
                sparse: true,
                ..self
            }
        }
    }

    impl<S: MeshWord> Puzzle for Mesh<S> {
        type State = S;
        fn move_count(&self) -> usize {
            self.moves
        }
        fn move_name(&self, mv: usize) -> &'static str {
            ["a", "b", "c", "d", "e", "f", "g", "h"][mv]
        }
        fn start(&self) -> S {
            S::encode(0)
        }
        fn state_bits(&self) -> u32 {
            S::USED
        }
        fn sparse_moves(&self) -> bool {
            self.sparse
        }
        fn step(&self, s: &S, mv: usize) -> Outcome<S> {
            let h = mix64(s.decode().wrapping_mul(31) ^ (mv as u64) << 40 ^ self.seed);
            match h % 13 {
                0 => Outcome::NoMove,
                1 => Outcome::Loss,
                _ => Outcome::Next(S::encode((h >> 8) % self.n)),
            }
        }
        fn is_won(&self, s: &S) -> bool {
            mix64(s.decode() ^ self.seed.rotate_left(17)).is_multiple_of(60)
        }
        fn is_preferred(&self, s: &S) -> bool {
            !mix64(s.decode() ^ self.seed.rotate_left(33)).is_multiple_of(5)
        }
    }

    fn pool(threads: usize) -> rayon::ThreadPool {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("the test pool starts")
    }

    /// The analysis of `puzzle` on `threads` threads, going parallel from
    /// `parallel_from` states.
    fn analysed<P: Puzzle>(
        puzzle: &P,
        threads: usize,
        job: Job,
    ) -> Result<Explored<P::State>, LabelError> {
        pool(threads).install(|| analyze(puzzle, &job))
    }

    /// Asserts that two analyses agree on every id, edge, layer,
    /// predecessor, distance, trap and summary figure.
    fn assert_same<P: Puzzle>(puzzle: &P, one: &Explored<P::State>, many: &Explored<P::State>) {
        let (a, b) = (&one.graph, &many.graph);
        assert_eq!(a.states(), b.states(), "states and their ids");
        assert_eq!(a.depth_count(), b.depth_count());
        for d in 0..a.depth_count() {
            assert_eq!(a.layer(d), b.layer(d), "layer {d}");
        }
        for id in 0..a.len() as u32 {
            assert_eq!(
                a.successors(id).to_vec(),
                b.successors(id).to_vec(),
                "edges of {id}"
            );
            assert_eq!(a.is_won(id), b.is_won(id));
            assert_eq!(a.is_preferred(id), b.is_preferred(id));
            assert_eq!(
                one.preds.of_state(id),
                many.preds.of_state(id),
                "preds of {id}"
            );
            for route in [Route::Any, Route::Preferred, Route::Mixed] {
                assert_eq!(one.dist.get(route, id), many.dist.get(route, id), "{id}");
            }
        }
        assert_eq!(one.traps, many.traps);
        assert_eq!(one.summary(puzzle), many.summary(puzzle));
    }

    fn check_threads<S: MeshWord>(n: u64, moves: usize, seed: u64, parallel_from: u64) {
        let mesh = Mesh::<S>::new(n, moves, seed);
        let job = || Job::default().with_parallel_from(parallel_from);
        let one = analysed(&mesh, 1, job()).unwrap();
        for threads in [2, 3] {
            let many = analysed(&mesh, threads, job()).unwrap();
            assert_same(&mesh, &one, &many);
        }
    }

    #[test]
    fn narrow_states_get_the_same_ids_edges_and_labels_on_any_thread_count() {
        check_threads::<u64>(40_000, 5, 7, 0);
        check_threads::<u64>(40_000, 4, 8, 1_000);
    }

    #[test]
    fn sparse_rows_give_the_graph_and_labels_of_dense_rows_on_any_thread_count() {
        let dense = Mesh::<u64>::new(40_000, 7, 11);
        let one = analysed(&dense, 1, Job::default()).unwrap();
        assert!(!one.graph.has_sparse_rows());
        let sparse = Mesh::<u64>::new(40_000, 7, 11).with_sparse_rows();
        for threads in [1, 2, 3] {
            let job = Job::default().with_parallel_from(1_000);
            let many = analysed(&sparse, threads, job).unwrap();
            assert!(many.graph.has_sparse_rows());
            assert_same(&dense, &one, &many);
        }
    }

    #[test]
    fn wide_states_get_the_same_ids_edges_and_labels_on_any_thread_count() {
        check_threads::<u128>(40_000, 5, 9, 0);
    }

    #[test]
    fn the_meshes_reach_many_states_with_every_kind_of_edge() {
        let mesh = Mesh::<u64>::new(40_000, 5, 7);
        let e = analysed(&mesh, 2, Job::default().with_parallel_from(0)).unwrap();
        assert!(e.graph.len() > 20_000, "{} states", e.graph.len());
        let edges: Vec<u32> = (0..e.graph.len() as u32)
            .flat_map(|id| e.graph.successors(id).to_vec())
            .collect();
        assert!(edges.contains(&NO_EDGE) && edges.contains(&LOSS_EDGE));
        assert!(!e.traps.is_empty());
        let s = e.summary(&mesh);
        assert!(s.dead_ends > 0 && s.won_states > 0 && s.mixed.shortest.is_some());
    }

    #[test]
    fn the_state_budget_stops_every_thread_count_alike() {
        let mesh = Mesh::<u64>::new(40_000, 5, 7);
        let job = || Job::new(5_000).with_parallel_from(0);
        let one = analysed(&mesh, 1, job()).unwrap_err();
        let many = analysed(&mesh, 2, job()).unwrap_err();
        assert_eq!(one, many);
        assert!(matches!(
            one,
            LabelError::Stopped(Stopped::TooBig { states: 5_000, .. })
        ));
    }

    #[test]
    fn a_state_budget_keeps_the_same_explored_part_on_any_thread_count() {
        use crate::engine::analysis::{analyze_or_partial, Partial};
        let mesh = Mesh::<u64>::new(40_000, 5, 7);
        let stopped = |threads: usize| {
            let job = Job::new(5_000).with_parallel_from(0);
            let unfinished = pool(threads)
                .install(|| analyze_or_partial(&mesh, &job))
                .unwrap_err();
            match unfinished.partial {
                Partial::Known(known) => (unfinished.error, format!("{:?}", known.counts())),
                Partial::Unavailable(why) => panic!("{threads} threads: {why}"),
            }
        };
        let one = stopped(1);
        assert_eq!(one, stopped(2));
        assert!(matches!(
            one.0,
            LabelError::Stopped(Stopped::TooBig { states: 5_000, .. })
        ));
    }

    #[test]
    fn a_tiny_memory_budget_stops_the_threads_cleanly() {
        let mesh = Mesh::<u128>::new(400_000, 5, 3);
        for budget in [1 << 16, 1 << 20, 3 << 20] {
            let job = Job::default().with_max_memory(budget).with_parallel_from(0);
            match analysed(&mesh, 2, job.clone()) {
                Err(LabelError::Stopped(Stopped::TooMuchMemory { bytes, .. })) => {
                    assert!(bytes > budget, "{bytes} bytes within {budget}");
                }
                other => panic!("budget {budget}: {:?}", other.map(|e| e.graph.len())),
            }
        }
    }

    #[test]
    fn a_cancelled_job_stops_on_many_threads() {
        let mesh = Mesh::<u64>::new(40_000, 5, 7);
        let job = Job::default().with_parallel_from(0);
        job.cancel();
        let stop = analysed(&mesh, 2, job).unwrap_err();
        assert!(
            matches!(stop, LabelError::Stopped(Stopped::Cancelled { .. })),
            "{stop}"
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]
        #[test]
        fn random_graphs_explore_alike_on_one_and_many_threads(
            n in 2u64..6_000,
            moves in 1usize..7,
            seed in any::<u64>(),
            parallel_from in prop_oneof![Just(0u64), Just(1), 1u64..3_000],
            threads in 2usize..5,
            wide in any::<bool>(),
        ) {
            if wide {
                let mesh = Mesh::<u128>::new(n, moves, seed);
                let job = || Job::default().with_parallel_from(parallel_from);
                let one = analysed(&mesh, 1, job()).unwrap();
                let many = analysed(&mesh, threads, job()).unwrap();
                assert_same(&mesh, &one, &many);
            } else {
                let mesh = Mesh::<u64>::new(n, moves, seed);
                let job = || Job::default().with_parallel_from(parallel_from);
                let one = analysed(&mesh, 1, job()).unwrap();
                let many = analysed(&mesh, threads, job()).unwrap();
                assert_same(&mesh, &one, &many);
            }
        }
    }
}
