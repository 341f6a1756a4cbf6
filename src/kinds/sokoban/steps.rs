//! The step-level figures derived exactly from the explored positions.
//!
//! A step state is a position and one player cell: every cell of a
//! position's area, except in a won position, which ends the game and is
//! only ever entered by a push (its step states are the cells the pushes
//! that enter it leave the player on). Step states are numbered position
//! by position (a position's cells in increasing order), so a step state
//! costs its cell (2 bytes), where its pushes start both ways (8 bytes),
//! the passes' two distances (8 bytes) and their queues (12 bytes); no
//! step state is stored as a word, and no walking move as an edge.
//!
//! From them: the states, won states and dead ends; the traps (pushes from
//! a winnable state into a dead end; a walk never falls, since it can be
//! walked back); the breadth-first depths (histogram, first trap) in the
//! same order the engine's step-level search discovers states; and the
//! fewest moves with the engine's own choice of shortest solution (at each
//! state the first move in U R D L order that brings a win closer) and its
//! count of distinct shortest solutions.

use std::collections::HashMap;

use rayon::prelude::*;

use crate::engine::{GraphView, Job, Phase, Stopped, LOSS_EDGE, NO_EDGE};

use super::positions::{pushes, PositionLayout, Scratch};
use super::rules::{Dir, Rules, NONE};

/// No distance: unreached, or no win reachable.
const FAR: u32 = u32::MAX;

/// One push between step states, with the positions they belong to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct PushEdge {
    from: u32,
    dir: u8,
    to: u32,
    from_position: u32,
    to_position: u32,
}

/// The first push into a dead end, as the step-level search meets it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FirstTrap {
    /// The moves from the start to the dead end.
    pub depth: u32,
    /// The player's cell before the push.
    pub player: u32,
    /// The push's direction.
    pub dir: Dir,
}

/// The step-level figures of a level, derived from its positions.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StepFigures {
    /// All reachable step states, start and won ones included.
    pub states: u64,
    /// Won step states.
    pub won_states: u64,
    /// Step states from which no win can be reached.
    pub dead_ends: u64,
    /// Pushes from a winnable step state into a dead end.
    pub traps: u64,
    /// The first of them in the step-level search's order.
    pub first_trap: Option<FirstTrap>,
    /// Step states and dead ends at each breadth-first depth.
    pub depth_histogram: Vec<[u64; 2]>,
    /// The fewest moves to a win.
    pub shortest_moves: Option<u32>,
    /// The shortest solution the step-level search picks, in LURD.
    pub solution: Option<String>,
    /// The same solution as move names separated by spaces ("R U").
    pub solution_moves: Option<String>,
    /// How many distinct shortest solutions there are (saturating).
    pub shortest_count: u128,
    /// The most bytes the derivation held (0 when read off a step graph).
    pub layer_bytes: u64,
}

/// Step states numbered position by position, with their pushes.
struct StepLayer<'a> {
    rules: &'a Rules,
    /// The first step state of each position (one more entry at the end).
    start: Vec<u32>,
    /// The player's cell of each step state.
    cells: Vec<u16>,
    /// Whether each position is won.
    won: Vec<bool>,
    /// Every push, ordered by its step state and direction.
    pushes: Vec<PushEdge>,
    /// Where each step state's pushes start (one more at the end).
    push_start: Vec<u32>,
    /// The pushes' indices ordered by the step state they lead to.
    by_target: Vec<u32>,
    /// Where the pushes into each step state start in `by_target`.
    target_start: Vec<u32>,
}

impl StepLayer<'_> {
    fn len(&self) -> usize {
        self.cells.len()
    }

    fn block(&self, p: u32) -> &[u16] {
        &self.cells[self.start[p as usize] as usize..self.start[p as usize + 1] as usize]
    }

    /// The step state of cell `c` in position `p`, if it is one.
    fn find(&self, p: u32, c: u32) -> Option<u32> {
        let c = u16::try_from(c).ok()?;
        self.block(p)
            .binary_search(&c)
            .ok()
            .map(|i| self.start[p as usize] + i as u32)
    }

    /// The push from step state `s` (of position `p`) way `dir`.
    fn push_from(&self, s: u32, dir: u8) -> Option<&PushEdge> {
        self.pushes[self.push_start[s as usize] as usize..self.push_start[s as usize + 1] as usize]
            .iter()
            .find(|e| e.dir == dir)
    }

    /// The step state after each move (U R D L) from `s` (of position
    /// `p`), its position, and whether the move pushed.
    fn successors(&self, s: u32, p: u32) -> [Option<(u32, u32, bool)>; 4] {
        let mut out = [None; 4];
        if self.won[p as usize] {
            return out;
        }
        let base = self.start[p as usize];
        let block = &self.cells[base as usize..self.start[p as usize + 1] as usize];
        let cell = u32::from(self.cells[s as usize]);
        let pushes = &self.pushes
            [self.push_start[s as usize] as usize..self.push_start[s as usize + 1] as usize];
        for (dir, slot) in out.iter_mut().enumerate() {
            let next = self.rules.next(cell, dir);
            if next == NONE {
                continue;
            }
            *slot = match block.binary_search(&(next as u16)) {
                Ok(i) => Some((base + i as u32, p, false)),
                Err(_) => pushes
                    .iter()
                    .find(|e| usize::from(e.dir) == dir)
                    .map(|e| (e.to, e.to_position, true)),
            };
        }
        out
    }

    /// Calls `each` on every step state (and its position) with a move
    /// into `s` of position `p` (a walking neighbour, or a push).
    fn predecessors(&self, s: u32, p: u32, mut each: impl FnMut(u32, u32)) {
        if !self.won[p as usize] {
            let cell = u32::from(self.cells[s as usize]);
            for d in 0..4 {
                let n = self.rules.next(cell, d);
                if n != NONE {
                    if let Some(t) = self.find(p, n) {
                        each(t, p);
                    }
                }
            }
        }
        let into =
            self.target_start[s as usize] as usize..self.target_start[s as usize + 1] as usize;
        for &i in &self.by_target[into] {
            let e = self.pushes[i as usize];
            each(e.from, e.from_position);
        }
    }

    fn heap_bytes(&self) -> u64 {
        ((self.start.capacity() + self.push_start.capacity() + self.target_start.capacity()) * 4
            + self.cells.capacity() * 2
            + self.won.capacity()
            + self.pushes.capacity() * std::mem::size_of::<PushEdge>()
            + self.by_target.capacity() * 4) as u64
    }
}

/// Derives the step-level figures from the explored positions (`graph`,
/// whose states `word` unpacks with `layout`), within the job's memory
/// budget; `held` is what the positions already hold.
pub fn step_figures(
    rules: &Rules,
    layout: &PositionLayout,
    graph: &dyn GraphView,
    held: u64,
    job: &Job,
) -> Result<StepFigures, Stopped> {
    job.enter(Phase::Summarising);
    let layer = build_layer(rules, layout, graph, held, job)?;
    let held = held + layer.heap_bytes();
    let states = layer.len() as u64;
    let start_step = layer
        .find(0, rules.start().player)
        .expect("the start's player cell is a step state of the start");
    // The position of each step state in the search's queues.
    let mut queued_positions: Vec<u32> = Vec::new();
    job.reserve(&mut queued_positions, layer.len(), held, states)?;
    let held = held + states * 4;

    // Forward: breadth-first depths, in the order the engine's step-level
    // search numbers states (parent by parent, moves in order).
    let mut depth = job.filled_vec(layer.len(), FAR, held, states)?;
    let mut order: Vec<u32> = Vec::new();
    job.reserve(&mut order, layer.len(), held + states * 4, states)?;
    depth[start_step as usize] = 0;
    order.push(start_step);
    queued_positions.push(0);
    if job.on_many_threads(graph.len() as u64) {
        let held = held + states * 8;
        forward_on_threads(
            &layer,
            &mut depth,
            &mut order,
            &mut queued_positions,
            held,
            job,
        )?;
    } else {
        let mut head = 0;
        while head < order.len() {
            let (s, p) = (order[head], queued_positions[head]);
            head += 1;
            for (t, tp, _) in layer.successors(s, p).into_iter().flatten() {
                if depth[t as usize] == FAR {
                    depth[t as usize] = depth[s as usize] + 1;
                    order.push(t);
                    queued_positions.push(tp);
                }
            }
            if head.is_multiple_of(1 << 16) && job.is_cancelled() {
                return Err(Stopped::Cancelled { states });
            }
        }
    }

    // Backward: distances to a win.
    let held = held + states * 8;
    let mut dist = job.filled_vec(layer.len(), FAR, held, states)?;
    let mut queue: Vec<u32> = Vec::new();
    job.reserve(&mut queue, layer.len(), held + states * 4, states)?;
    // The forward search's positions are no longer needed: the queue
    // reuses them.
    queued_positions.clear();
    for p in (0..layer.won.len()).filter(|&p| layer.won[p]) {
        for s in layer.start[p]..layer.start[p + 1] {
            dist[s as usize] = 0;
            queue.push(s);
            queued_positions.push(p as u32);
        }
    }
    let won_states = queue.len() as u64;
    let mut head = 0;
    while head < queue.len() {
        let (s, p) = (queue[head], queued_positions[head]);
        head += 1;
        let here = dist[s as usize];
        layer.predecessors(s, p, |t, tp| {
            if dist[t as usize] == FAR {
                dist[t as usize] = here + 1;
                queue.push(t);
                queued_positions.push(tp);
            }
        });
        if head.is_multiple_of(1 << 16) && job.is_cancelled() {
            return Err(Stopped::Cancelled { states });
        }
    }
    drop(queue);
    drop(queued_positions);

    let dead = |s: u32| dist[s as usize] == FAR;
    let dead_ends = dist.iter().filter(|&&d| d == FAR).count() as u64;
    let mut trap_from: Vec<u32> = Vec::new();
    let mut traps = 0u64;
    for e in &layer.pushes {
        if !dead(e.from) && dead(e.to) {
            traps += 1;
            if trap_from.last() != Some(&e.from) {
                trap_from.push(e.from);
            }
        }
    }
    let position_of = |s: u32| (layer.start.partition_point(|&first| first <= s) - 1) as u32;
    let first_trap = order
        .iter()
        .find(|s| trap_from.binary_search(s).is_ok())
        .map(|&s| {
            let dir = (0..4u8)
                .find(|&d| layer.push_from(s, d).is_some_and(|e| dead(e.to)))
                .expect("a trap's state has a push into a dead end");
            FirstTrap {
                depth: depth[s as usize] + 1,
                player: u32::from(layer.cells[s as usize]),
                dir: Dir::from_index(dir as usize).expect("a direction"),
            }
        });
    let deepest = depth
        .iter()
        .copied()
        .filter(|&d| d != FAR)
        .max()
        .unwrap_or(0);
    let mut depth_histogram = vec![[0u64; 2]; deepest as usize + 1];
    for (s, &d) in depth.iter().enumerate() {
        let row = &mut depth_histogram[d as usize];
        row[0] += 1;
        row[1] += u64::from(dead(s as u32));
    }

    let shortest_moves = (!dead(start_step)).then(|| dist[start_step as usize]);
    let mut solution = None;
    let mut solution_moves = None;
    let mut shortest_count = 0;
    if let Some(length) = shortest_moves {
        let dist = &dist;
        let layer = &layer;
        let closer = move |s: u32| {
            let here = dist[s as usize];
            let p = position_of(s);
            let next = layer.successors(s, p);
            (0..4u8).filter_map(move |d| {
                let (t, _, push) = next[d as usize]?;
                (here > 0 && dist[t as usize] == here - 1).then_some((d, t, push))
            })
        };
        let mut s = start_step;
        let mut lurd = String::new();
        let mut names = Vec::new();
        for _ in 0..length {
            let (d, t, push) = closer(s)
                .next()
                .expect("a state with a finite distance has a closer successor");
            let dir = Dir::from_index(d as usize).expect("a direction");
            lurd.push(dir.lurd(push));
            names.push(dir.name());
            s = t;
        }
        solution = Some(lurd);
        solution_moves = Some(names.join(" "));
        let mut layer_paths: HashMap<u32, u128> = HashMap::from([(start_step, 1)]);
        for _ in 0..length {
            let mut next: HashMap<u32, u128> = HashMap::new();
            for (&s, &paths) in &layer_paths {
                for (_, t, _) in closer(s) {
                    let entry = next.entry(t).or_insert(0);
                    *entry = entry.saturating_add(paths);
                }
            }
            layer_paths = next;
        }
        shortest_count = layer_paths
            .values()
            .fold(0u128, |total, &paths| total.saturating_add(paths));
    }
    let layer_bytes = layer.heap_bytes() + states * 20;
    Ok(StepFigures {
        layer_bytes,
        states,
        won_states,
        dead_ends,
        traps,
        first_trap,
        depth_histogram,
        shortest_moves,
        solution,
        solution_moves,
        shortest_count,
    })
}

/// The frontier entries one task of the forward search on many threads
/// takes.
const FORWARD_CHUNK: usize = if cfg!(test) { 2 } else { 4096 };

/// Marks a depth word that holds a claim (the frontier entry and move that
/// first reach the state this level) rather than a depth.
const CLAIM: u32 = 1 << 31;

/// The forward breadth-first search of [`step_figures`] on the current
/// rayon pool's threads, one level at a time; `order` and `positions`
/// hold the start. The depths, and the order in which states join
/// `order`, are those of the search on one thread: in each level, every
/// move from the frontier into an unreached state claims it with its place
/// (frontier entry, then move), the smallest claim wins (an atomic
/// minimum), and the winners join the next level in the order of their
/// claims. `held` bytes are held already.
fn forward_on_threads(
    layer: &StepLayer<'_>,
    depth: &mut [u32],
    order: &mut Vec<u32>,
    positions: &mut Vec<u32>,
    held: u64,
    job: &Job,
) -> Result<(), Stopped> {
    use std::sync::atomic::{AtomicU32, Ordering::Relaxed};
    let states = layer.len() as u64;
    // SAFETY: `AtomicU32` has the size and alignment of `u32`, and the
    // exclusive borrow is held for as long as the view lives.
    let depth = unsafe { &*(depth as *mut [u32] as *const [AtomicU32]) };
    let mut head = 0;
    let mut level = 0u32;
    while head < order.len() {
        if job.is_cancelled() {
            return Err(Stopped::Cancelled { states });
        }
        let (now, now_positions) = (&order[head..], &positions[head..]);
        if now.len() as u64 * 4 >= u64::from(CLAIM) {
            return Err(Stopped::TooBig {
                states,
                budget: u64::from(CLAIM / 4),
            });
        }
        // Every move into a state not yet reached, claimed: at most four
        // a frontier entry, 12 bytes each, while the next level is made.
        let claims_bytes = now.len() as u64 * 4 * 12;
        job.check_memory(held + order.capacity() as u64 * 8, claims_bytes, states)?;
        let claims: Vec<Vec<(u32, u32, u32)>> = now
            .par_chunks(FORWARD_CHUNK)
            .zip(now_positions.par_chunks(FORWARD_CHUNK))
            .enumerate()
            .map(|(c, (part, part_positions))| {
                let mut claimed = Vec::new();
                for (i, (&s, &p)) in part.iter().zip(part_positions).enumerate() {
                    let place = (c * FORWARD_CHUNK + i) as u32 * 4;
                    for (d, next) in layer.successors(s, p).into_iter().enumerate() {
                        let Some((t, tp, _)) = next else { continue };
                        if depth[t as usize].load(Relaxed) >= CLAIM {
                            let claim = CLAIM | (place + d as u32);
                            depth[t as usize].fetch_min(claim, Relaxed);
                            claimed.push((t, tp, claim));
                        }
                    }
                }
                claimed
            })
            .collect();
        // The smallest claim of each state is its discovery: it keeps its
        // place, and the state gets its depth.
        let next: Vec<Vec<(u32, u32)>> = claims
            .par_iter()
            .map(|claimed| {
                claimed
                    .iter()
                    .filter(|&&(t, _, claim)| {
                        let won = depth[t as usize].load(Relaxed) == claim;
                        if won {
                            depth[t as usize].store(level + 1, Relaxed);
                        }
                        won
                    })
                    .map(|&(t, tp, _)| (t, tp))
                    .collect()
            })
            .collect();
        drop(claims);
        head = order.len();
        for part in next {
            for (t, tp) in part {
                order.push(t);
                positions.push(tp);
            }
        }
        level += 1;
    }
    Ok(())
}

/// Numbers the step states of every position and lists the pushes.
fn build_layer<'a>(
    rules: &'a Rules,
    layout: &PositionLayout,
    graph: &dyn GraphView,
    held: u64,
    job: &Job,
) -> Result<StepLayer<'a>, Stopped> {
    let n = graph.len();
    let positions = n as u64;
    let won: Vec<bool> = (0..n as u32).map(|p| graph.is_won(p)).collect();
    let mut boxes = Vec::new();

    // The cells the pushes into each won position leave the player on
    // (and the start's own cell, when the start is won).
    let mut arrivals: Vec<(u32, u16)> = Vec::new();
    if won[0] {
        arrivals.push((0, rules.start().player as u16));
    }
    for p in 0..n as u32 {
        if won[p as usize] {
            continue;
        }
        for (mv, &t) in graph.successors(p).iter().enumerate() {
            if t != NO_EDGE && t != LOSS_EDGE && won[t as usize] {
                if boxes.is_empty() {
                    layout.unpack(&graph.word(p), &mut boxes);
                }
                arrivals.push((t, boxes[mv / 4] as u16));
            }
        }
        boxes.clear();
    }
    arrivals.sort_unstable();
    arrivals.dedup();

    // The positions' step states and pushes, a range of positions at a
    // time (on the pool's threads when the job says so); each range's are
    // counted against the budget as they grow, and all of them before they
    // are joined.
    let on_threads = job.on_many_threads(positions);
    let range = if on_threads { FLOOD_RANGE } else { n.max(1) };
    let arrivals = &arrivals;
    let won_ref = &won;
    let part = |k: usize| {
        let span = k * range..n.min((k + 1) * range);
        positions_part(rules, layout, graph, won_ref, arrivals, span, held, job)
    };
    let parts: Vec<PositionsPart> = if on_threads {
        (0..n.div_ceil(range))
            .into_par_iter()
            .map(part)
            .collect::<Result<_, _>>()?
    } else {
        (0..n.div_ceil(range)).map(part).collect::<Result<_, _>>()?
    };
    let cell_count: usize = parts.iter().map(|p| p.cells.len()).sum();
    let push_count: usize = parts.iter().map(|p| p.raw.len()).sum();
    if cell_count as u64 >= u64::from(u32::MAX) {
        return Err(Stopped::TooBig {
            states: cell_count as u64,
            budget: u64::from(u32::MAX) - 1,
        });
    }
    let (start, cells, raw) = if parts.len() == 1 {
        let part = parts.into_iter().next().expect("one part");
        (part.start, part.cells, part.raw)
    } else {
        let parts_bytes: u64 = parts.iter().map(PositionsPart::heap_bytes).sum();
        let mut start: Vec<u32> = Vec::new();
        job.reserve(&mut start, n + 1, held + parts_bytes, positions)?;
        let mut cells: Vec<u16> = Vec::new();
        let more = held + parts_bytes + start.capacity() as u64 * 4;
        job.reserve(&mut cells, cell_count, more, positions)?;
        let mut raw = Vec::new();
        let more = more + cells.capacity() as u64 * 2;
        job.reserve(&mut raw, push_count, more, positions)?;
        for part in parts {
            let base = cells.len() as u32;
            start.extend(part.start.iter().map(|&first| first + base));
            cells.extend_from_slice(&part.cells);
            raw.extend(
                part.raw
                    .iter()
                    .map(|&(from, dir, p, t, cell)| (from + base, dir, p, t, cell)),
            );
        }
        (start, cells, raw)
    };
    let mut start = start;
    start.push(cells.len() as u32);
    let mut layer = StepLayer {
        rules,
        start,
        cells,
        won,
        pushes: Vec::new(),
        push_start: Vec::new(),
        by_target: Vec::new(),
        target_start: Vec::new(),
    };
    let more = held + layer.heap_bytes() + raw.capacity() as u64 * 16;
    let mut pushes: Vec<PushEdge> = Vec::new();
    job.reserve(&mut pushes, raw.len(), more, positions)?;
    let edge = |&(from, dir, from_position, t, cell): &(u32, u8, u32, u32, u16)| {
        let to = layer
            .find(t, u32::from(cell))
            .expect("a push leaves the player in the next position's area");
        PushEdge {
            from,
            dir,
            to,
            from_position,
            to_position: t,
        }
    };
    if on_threads {
        pushes.par_extend(raw.par_iter().map(edge));
    } else {
        pushes.extend(raw.iter().map(edge));
    }
    layer.pushes = pushes;
    drop(raw);
    if on_threads {
        layer.pushes.par_sort_unstable();
    } else {
        layer.pushes.sort_unstable();
    }
    // The pushes by the step state they lead to: a counting sort, each
    // state's pushes in the order of `pushes`.
    let steps = layer.len();
    let more = held + layer.heap_bytes();
    job.reserve(&mut layer.by_target, layer.pushes.len(), more, positions)?;
    let more = held + layer.heap_bytes();
    job.reserve(&mut layer.target_start, steps + 1, more, positions)?;
    layer.target_start.resize(steps + 1, 0);
    for e in &layer.pushes {
        layer.target_start[e.to as usize] += 1;
    }
    for s in 1..=steps {
        layer.target_start[s] += layer.target_start[s - 1];
    }
    layer.by_target.resize(layer.pushes.len(), 0);
    for (i, e) in layer.pushes.iter().enumerate().rev() {
        let at = &mut layer.target_start[e.to as usize];
        *at -= 1;
        layer.by_target[*at as usize] = i as u32;
    }
    let more = held + layer.heap_bytes() + steps as u64 * 4;
    job.check_memory(more, 0, positions)?;
    layer.push_start = runs(steps, layer.pushes.iter().map(|e| e.from));
    Ok(layer)
}

/// The positions one task of the layer's derivation takes.
const FLOOD_RANGE: usize = if cfg!(test) { 3 } else { 1 << 14 };

/// The step states and pushes of a range of positions, numbered from the
/// range's first step state.
struct PositionsPart {
    /// The first step state of each position of the range.
    start: Vec<u32>,
    /// The player's cell of each step state.
    cells: Vec<u16>,
    /// (from step state, direction, from position, target position, box
    /// cell it leaves the player on)
    raw: Vec<(u32, u8, u32, u32, u16)>,
}

impl PositionsPart {
    fn heap_bytes(&self) -> u64 {
        (self.start.capacity() * 4 + self.cells.capacity() * 2 + self.raw.capacity() * 16) as u64
    }
}

/// Numbers the step states of the positions `span` (a won position's are
/// the cells the pushes into it leave the player on, from `arrivals`,
/// sorted) and lists their pushes, within the job's memory budget.
#[allow(clippy::too_many_arguments)]
fn positions_part(
    rules: &Rules,
    layout: &PositionLayout,
    graph: &dyn GraphView,
    won: &[bool],
    arrivals: &[(u32, u16)],
    span: std::ops::Range<usize>,
    held: u64,
    job: &Job,
) -> Result<PositionsPart, Stopped> {
    let positions = graph.len() as u64;
    let mut part = PositionsPart {
        start: Vec::with_capacity(span.len()),
        cells: Vec::new(),
        raw: Vec::new(),
    };
    let mut boxes = Vec::new();
    let mut scratch = Scratch::new(rules.cell_count());
    let mut area: Vec<u16> = Vec::new();
    let mut next_arrival = arrivals.partition_point(|&(p, _)| (p as usize) < span.start);
    for p in span {
        let first = part.cells.len() as u64;
        if first >= u64::from(u32::MAX) {
            return Err(Stopped::TooBig {
                states: first,
                budget: u64::from(u32::MAX) - 1,
            });
        }
        part.start.push(first as u32);
        if won[p] {
            while next_arrival < arrivals.len() && arrivals[next_arrival].0 == p as u32 {
                push_within(&mut part.cells, arrivals[next_arrival].1, held, job)?;
                next_arrival += 1;
            }
            continue;
        }
        let player = layout.unpack(&graph.word(p as u32), &mut boxes);
        area.clear();
        let g = scratch.flood(rules, &boxes, player, |c| area.push(c as u16));
        area.sort_unstable();
        for &c in &area {
            push_within(&mut part.cells, c, held, job)?;
        }
        for push in pushes(rules, &scratch, g, &boxes) {
            let t = graph.successor(p as u32, push.k * 4 + push.dir.index());
            let local = area
                .binary_search(&(push.from as u16))
                .expect("the pusher stands in the area");
            if part.raw.len() == part.raw.capacity() {
                let more = held + part.cells.capacity() as u64 * 2;
                let grow = part.raw.len().max(1024);
                job.reserve(&mut part.raw, grow, more, positions)?;
            }
            part.raw.push((
                first as u32 + local as u32,
                push.dir.index() as u8,
                p as u32,
                t,
                push.cell as u16,
            ));
        }
        if p % (1 << 14) == 0 && job.is_cancelled() {
            return Err(Stopped::Cancelled { states: positions });
        }
    }
    Ok(part)
}

/// Where each of `n` step states' run starts in a list ordered by step
/// state, given each entry's step state (one more entry at the end).
fn runs(n: usize, positions: impl Iterator<Item = u32>) -> Vec<u32> {
    let mut start = vec![0u32; n + 1];
    for p in positions {
        start[p as usize + 1] += 1;
    }
    for p in 0..n {
        start[p + 1] += start[p];
    }
    start
}

/// Appends a cell, growing the list within the job's memory budget.
fn push_within(cells: &mut Vec<u16>, c: u16, held: u64, job: &Job) -> Result<(), Stopped> {
    if cells.len() == cells.capacity() {
        let count = cells.len() as u64;
        job.reserve(cells, cells.len().max(1024), held, count)?;
    }
    cells.push(c);
    Ok(())
}
