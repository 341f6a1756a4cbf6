//! The push-level search: positions are the sorted box cells and the
//! player's reachable area (named by its smallest cell); a move is one
//! push. A transposition table keeps every position met once with its
//! fewest pushes so far; the open list is ordered by `g + w·h` where `h`
//! is the matching bound ([`super::lower_bound`]). With `w = 1` it is A*:
//! the bound is consistent, so the first won position taken from the list
//! has the fewest pushes. With a larger `w` it is a greedier best-first
//! search that finds a solution sooner but proves nothing about its
//! length; every other position it takes is a random one of a random
//! type ([`super::open_list`]), and its priority may also count the
//! regions the boxes cut the floor into ([`Lane::connectivity`]: a
//! position whose boxes wall the player off from parts of the board is
//! taken later, after the *connectivity* feature of Shoham and Schaeffer's
//! FESS). Either way, an open list that runs dry
//! proves that no solution exists, since every pruning (dead cells,
//! freeze, local and corral deadlocks, boxes with no assignment to the
//! goals) is sound, unless the goal rooms' macros were used
//! ([`super::goal_room`]): they leave solutions out.

use std::collections::HashMap;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use crate::engine::Job;

use super::board::{Board, Reach, NO_CELL};
use super::corral::Corrals;
use super::corral_deadlock::CorralDeadlocks;
use super::deadlock::FreezeCheck;
use super::goal_room::GoalRooms;
use super::local_deadlock::LocalDeadlocks;
use super::lower_bound::{Matcher, PushDistances};
use super::open_list::OpenList;

/// One push: the box's cell before it and the direction (0 up, 1 right,
/// 2 down, 3 left).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Push {
    /// The box's cell before the push.
    pub(super) from: u16,
    /// The direction.
    pub(super) dir: u8,
}

/// Why a search ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Ended {
    /// It reached a won position by these pushes from the start.
    Won(Vec<Push>),
    /// The open list ran dry: no won position is reachable.
    Exhausted,
    /// The time ran out.
    OutOfTime,
    /// The table would have grown past the memory budget.
    OutOfMemory,
    /// The job was cancelled.
    Cancelled,
    /// Another lane of the solver answered first ([`Searcher::stop`]).
    Overtaken,
}

/// What the search counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Counts {
    /// Positions stored in the table.
    pub(super) positions: u64,
    /// Positions expanded.
    pub(super) expanded: u64,
    /// Pushes found to end in a deadlock (frozen boxes, local and corral
    /// deadlocks, or boxes with no assignment to the goals); pushes onto
    /// dead cells are not counted.
    pub(super) deadlocks: u64,
}

/// The solver's fixed parts: the board, the distances and the limits.
pub(super) struct Searcher<'a> {
    /// The board.
    pub(super) board: &'a Board,
    /// Push distances for the bound.
    pub(super) distances: &'a PushDistances,
    /// The job (cancel flag and progress).
    pub(super) job: &'a Job,
    /// When to give up.
    pub(super) deadline: Instant,
    /// The most bytes the table and the open list may hold.
    pub(super) max_bytes: u64,
    /// The goal rooms to fill by macros, or `None` for the plain search
    /// (the only one whose running dry proves anything).
    pub(super) rooms: Option<&'a GoalRooms>,
    /// How this search's greedy phase differs from the other lanes'.
    pub(super) lane: Lane,
    /// Set when another lane has answered: the search stops
    /// ([`Ended::Overtaken`]).
    pub(super) stop: &'a AtomicBool,
    /// Whether this search reports its positions to the job (one lane
    /// does, so that the progress counts one search).
    pub(super) reports: bool,
}

/// What sets one of the solver's greedy searches apart when it runs
/// several side by side (one a thread): the seed of its random picks and
/// the weight of the connectivity term.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Lane {
    /// The seed of the open list's random picks.
    pub(super) seed: u64,
    /// What each region of free cells past the first adds to a position's
    /// priority in the greedy search (0: regions are not counted; the
    /// optimal search never counts them, as its priority must stay a
    /// lower bound).
    pub(super) connectivity: u32,
}

/// How a position was reached from its parent.
#[derive(Clone, Copy, Debug)]
enum Step {
    /// One push.
    Push(Push),
    /// A goal-room macro: its pushes are `macros[i]`.
    Macro(u32),
}

/// A position met: its key, how it was reached, and its cost so far.
struct Node {
    key: Rc<[u16]>,
    parent: u32,
    step: Step,
    g: u32,
}

/// No parent: the start.
const ROOT: u32 = u32::MAX;

/// How often (in expansions) the positions held are reported to the job:
/// at the first expansion, and every this many after it.
const REPORT_EVERY: u64 = 256;

impl Searcher<'_> {
    /// Why the search must stop now, if it must: a cancel, another lane's
    /// answer, or the deadline.
    fn interrupted(&self) -> Option<Ended> {
        if self.job.is_cancelled() {
            Some(Ended::Cancelled)
        } else if self.stop.load(Ordering::Relaxed) {
            Some(Ended::Overtaken)
        } else if Instant::now() >= self.deadline {
            Some(Ended::OutOfTime)
        } else {
            None
        }
    }

    /// Searches from `boxes` (sorted) and the player's cell with the bound
    /// weighted by `weight` (1: A*, optimal in pushes).
    pub(super) fn run(&self, boxes: &[u16], player: u16, weight: u32) -> (Ended, Counts) {
        let board = self.board;
        let k = boxes.len();
        let mut counts = Counts::default();
        let mut occupied = vec![false; board.len()];
        let mut reach = Reach::new(board.len());
        let mut matcher = Matcher::default();
        let mut freeze = FreezeCheck::default();
        let mut corrals = Corrals::default();
        let mut local = LocalDeadlocks::default();
        let mut corral_dead = CorralDeadlocks::default();
        let bytes_per_node = (std::mem::size_of::<Node>()
            + 2 * (k + 1)
            + 16
            + 2 * (std::mem::size_of::<Rc<[u16]>>() + 8)
            + 2 * OpenList::entry_bytes(weight > 1) as usize) as u64;
        let max_nodes = (self.max_bytes / bytes_per_node).max(1);

        for &b in boxes {
            occupied[usize::from(b)] = true;
        }
        let Some(h0) = matcher.bound(self.distances, boxes) else {
            return (Ended::Exhausted, counts);
        };
        let start_player = reach.flood(board, &occupied, player);
        let start_key: Rc<[u16]> = boxes.iter().copied().chain([start_player]).collect();
        let mut nodes = vec![Node {
            key: Rc::clone(&start_key),
            parent: ROOT,
            step: Step::Push(Push {
                from: NO_CELL,
                dir: 0,
            }),
            g: 0,
        }];
        let mut table: HashMap<Rc<[u16]>, u32> = HashMap::from([(start_key, 0)]);
        // Least priority first, then least bound; the greedy search also
        // takes random positions by type.
        let mut open = OpenList::new(weight > 1, self.lane.seed);
        let connectivity = if weight > 1 {
            u64::from(self.lane.connectivity)
        } else {
            0
        };
        let mut regions = Reach::new(board.len());
        open.push(u64::from(h0) * u64::from(weight), 0, h0, 0);
        let mut closed = vec![false];
        let mut child = Vec::with_capacity(k + 1);
        let mut macros: Vec<Vec<Push>> = Vec::new();
        let mut macro_bytes = 0u64;
        let mut work = Reach::new(board.len());

        while let Some((h, id)) = open.pop() {
            let id_us = id as usize;
            if closed[id_us] {
                continue;
            }
            if h == 0 {
                counts.positions = nodes.len() as u64;
                return (Ended::Won(path_to(&nodes, &macros, id)), counts);
            }
            closed[id_us] = true;
            counts.expanded += 1;
            if counts.expanded % REPORT_EVERY == 1 {
                counts.positions = nodes.len() as u64;
                if self.reports {
                    self.job.report_states(counts.positions);
                }
            }
            // Read at every expansion: one can take milliseconds (its
            // deadlock searches), and a cancel must not wait for hundreds.
            if let Some(ended) = self.interrupted() {
                counts.positions = nodes.len() as u64;
                return (ended, counts);
            }
            let key = Rc::clone(&nodes[id_us].key);
            let g = nodes[id_us].g;
            let (here, player) = key.split_at(k);
            if matcher.prepare(self.distances, here).is_none() {
                continue;
            }
            for &b in here {
                occupied[usize::from(b)] = true;
            }
            reach.flood(board, &occupied, player[0]);
            let in_room = |c: u16| self.rooms.is_some_and(|r| r.is_room_goal(c));
            let pushes =
                board.live_pushes(here, &occupied, &reach, |b, to| !in_room(b) && !in_room(to));
            let room_macros = match self.rooms {
                Some(rooms) => rooms.macros(board, here, &mut occupied, &reach, &mut work),
                None => Vec::new(),
            };
            let pushes = corrals.prune(board, &occupied, &reach, pushes);
            let moves = pushes
                .into_iter()
                .map(|(i, b, to, d)| (i, b, to, d, None))
                .chain(room_macros.into_iter().map(|m| {
                    (
                        m.index,
                        here[m.index],
                        m.goal,
                        0,
                        Some((m.pushes, m.player)),
                    )
                }));
            for (i, b, to, d, via) in moves {
                occupied[usize::from(b)] = false;
                occupied[usize::from(to)] = true;
                // A push onto a goal room's entrance goes on to the room's
                // next goal, or is not made (a box left there would stand
                // in the room's way).
                let (to, via) = match self.rooms {
                    Some(rooms) if via.is_none() && rooms.is_entrance(to) => {
                        reach.flood(board, &occupied, b);
                        let onward = rooms.onward(board, i, to, &mut occupied, &reach, &mut work);
                        let Some(onward) = onward else {
                            occupied[usize::from(to)] = false;
                            occupied[usize::from(b)] = true;
                            continue;
                        };
                        occupied[usize::from(to)] = false;
                        occupied[usize::from(onward.goal)] = true;
                        let first = Push {
                            from: b,
                            dir: d as u8,
                        };
                        let steps = std::iter::once(first).chain(onward.pushes).collect();
                        (onward.goal, Some((steps, onward.player)))
                    }
                    _ => (to, via),
                };
                let mut frozen = freeze.pushed_into_freeze(board, &occupied, to);
                child.clear();
                if !frozen {
                    child.extend(
                        here.iter()
                            .enumerate()
                            .map(|(j, &c)| if j == i { to } else { c }),
                    );
                    child.sort_unstable();
                    frozen = via.is_none() && local.pushed_into_deadlock(board, &child, to, b);
                }
                let bound = if frozen {
                    None
                } else {
                    matcher.bound_after_push(self.distances, i, to)
                };
                let player_after = via.as_ref().map_or(b, |&(_, player)| player);
                let normal = match bound {
                    Some(_) => reach.flood(board, &occupied, player_after),
                    None => NO_CELL,
                };
                let bound = bound.filter(|_| {
                    via.is_some()
                        || !corral_dead.pushed_into_deadlock(
                            board,
                            &occupied,
                            &reach,
                            to,
                            player_after,
                        )
                });
                // The regions past the first, counted on the child.
                let cut_off = match bound {
                    Some(_) if connectivity > 0 => {
                        u64::from(regions.regions(board, &occupied).saturating_sub(1))
                    }
                    _ => 0,
                };
                occupied[usize::from(to)] = false;
                occupied[usize::from(b)] = true;
                let Some(h_child) = bound else {
                    counts.deadlocks += 1;
                    continue;
                };
                child.push(normal);
                let (g_child, step) = match via {
                    None => (
                        g + 1,
                        Step::Push(Push {
                            from: b,
                            dir: d as u8,
                        }),
                    ),
                    Some((steps, _)) => {
                        let g_child = g + steps.len() as u32;
                        macro_bytes += macro_cost(&steps);
                        macros.push(steps);
                        (g_child, Step::Macro(macros.len() as u32 - 1))
                    }
                };
                // A macro the table does not take is dropped again.
                let unused = |macros: &mut Vec<Vec<Push>>, macro_bytes: &mut u64| {
                    if let Step::Macro(_) = step {
                        if let Some(steps) = macros.pop() {
                            *macro_bytes -= macro_cost(&steps);
                        }
                    }
                };
                let priority = u64::from(g_child)
                    + u64::from(h_child) * u64::from(weight)
                    + connectivity * cut_off;
                match table.get(&child[..]) {
                    Some(&old) => {
                        let node = &mut nodes[old as usize];
                        if closed[old as usize] || node.g <= g_child {
                            unused(&mut macros, &mut macro_bytes);
                            continue;
                        }
                        node.g = g_child;
                        node.parent = id;
                        node.step = step;
                        open.push(priority, g_child, h_child, old);
                    }
                    None => {
                        if nodes.len() as u64 >= max_nodes
                            || (nodes.len() as u64 + 1) * bytes_per_node + macro_bytes
                                > self.max_bytes.max(bytes_per_node)
                        {
                            counts.positions = nodes.len() as u64;
                            return (Ended::OutOfMemory, counts);
                        }
                        let new_id = nodes.len() as u32;
                        let new_key: Rc<[u16]> = Rc::from(&child[..]);
                        table.insert(Rc::clone(&new_key), new_id);
                        nodes.push(Node {
                            key: new_key,
                            parent: id,
                            step,
                            g: g_child,
                        });
                        closed.push(false);
                        open.push(priority, g_child, h_child, new_id);
                    }
                }
            }
            for &b in here {
                occupied[usize::from(b)] = false;
            }
        }
        counts.positions = nodes.len() as u64;
        (Ended::Exhausted, counts)
    }
}

/// The bytes a macro's pushes hold.
fn macro_cost(steps: &[Push]) -> u64 {
    (std::mem::size_of::<Vec<Push>>() + std::mem::size_of_val(steps)) as u64
}

/// The pushes from the start to node `id`, macros written out.
fn path_to(nodes: &[Node], macros: &[Vec<Push>], mut id: u32) -> Vec<Push> {
    let mut pushes = Vec::new();
    while nodes[id as usize].parent != ROOT {
        match nodes[id as usize].step {
            Step::Push(push) => pushes.push(push),
            Step::Macro(m) => pushes.extend(macros[m as usize].iter().rev()),
        }
        id = nodes[id as usize].parent;
    }
    pushes.reverse();
    pushes
}
