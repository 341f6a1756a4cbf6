//! Solutions read off the distance field: the shortest solution of each
//! route, how many distinct shortest solutions there are, more solutions in
//! order of length, and the way from the start to any state.

use std::collections::{HashMap, HashSet};

use super::graph::StateGraph;
use super::label::{Distances, Predecessors, Route};
use super::packed::PackedState;

/// A place on a route: a state, and (for [`Route::Mixed`]) whether the route
/// has already passed a state that is not preferred.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Node {
    id: u32,
    left_preferred: bool,
}

/// Reads solutions off a labelled graph.
#[derive(Clone, Copy, Debug)]
pub struct SolutionReader<'a, S> {
    graph: &'a StateGraph<S>,
    dist: &'a Distances,
}

/// Solutions in order of length, and whether the search for them was cut
/// short by its work budget.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SolutionList {
    /// Move sequences (move numbers), shortest first.
    pub solutions: Vec<Vec<u8>>,
    /// True when the work budget ran out before the list was complete.
    pub truncated: bool,
}

impl<'a, S: PackedState> SolutionReader<'a, S> {
    /// A reader over a graph and its distances.
    pub fn new(graph: &'a StateGraph<S>, dist: &'a Distances) -> Self {
        SolutionReader { graph, dist }
    }

    fn start(&self, route: Route) -> Node {
        Node {
            id: 0,
            left_preferred: route == Route::Mixed && !self.graph.is_preferred(0),
        }
    }

    fn distance(&self, route: Route, node: Node) -> Option<u32> {
        match route {
            Route::Any => self.dist.get(Route::Any, node.id),
            Route::Preferred => self.dist.get(Route::Preferred, node.id),
            Route::Mixed if node.left_preferred => self.dist.get(Route::Any, node.id),
            Route::Mixed => self.dist.get(Route::Mixed, node.id),
        }
    }

    fn advance(&self, route: Route, node: Node, to: u32) -> Option<Node> {
        let preferred = self.graph.is_preferred(to);
        match route {
            Route::Preferred if !preferred => None,
            _ => Some(Node {
                id: to,
                left_preferred: node.left_preferred || !preferred,
            }),
        }
    }

    /// The steps from `node` that stay on `route` and bring a win one move
    /// closer.
    fn closer_steps(&self, route: Route, node: Node) -> impl Iterator<Item = (u8, Node)> + '_ {
        let here = self.distance(route, node);
        let n = self.graph.len();
        self.graph
            .successors(node.id)
            .iter()
            .enumerate()
            .filter_map(move |(mv, to)| {
                let here = here?;
                if (to as usize) >= n || here == 0 {
                    return None;
                }
                let next = self.advance(route, node, to)?;
                (self.distance(route, next) == Some(here - 1)).then_some((mv as u8, next))
            })
    }

    /// The length of the shortest solution by `route`, if there is one.
    pub fn shortest_length(&self, route: Route) -> Option<u32> {
        self.distance(route, self.start(route))
    }

    /// A shortest solution by `route` (the first move in move order wherever
    /// there is a choice), if there is one.
    pub fn shortest(&self, route: Route) -> Option<Vec<u8>> {
        let mut node = self.start(route);
        let length = self.distance(route, node)?;
        let mut moves = Vec::with_capacity(length as usize);
        for _ in 0..length {
            let (mv, next) = self
                .closer_steps(route, node)
                .next()
                .expect("a state with a finite distance has a closer successor");
            moves.push(mv);
            node = next;
        }
        Some(moves)
    }

    /// The number of distinct shortest solutions (as move sequences) by
    /// `route`, saturating at `u128::MAX`.
    pub fn count_shortest(&self, route: Route) -> u128 {
        let start = self.start(route);
        let Some(length) = self.distance(route, start) else {
            return 0;
        };
        let mut layer: HashMap<Node, u128> = HashMap::from([(start, 1)]);
        for _ in 0..length {
            let mut next_layer: HashMap<Node, u128> = HashMap::new();
            for (&node, &paths) in &layer {
                for (_, next) in self.closer_steps(route, node) {
                    let entry = next_layer.entry(next).or_insert(0);
                    *entry = entry.saturating_add(paths);
                }
            }
            layer = next_layer;
        }
        layer
            .values()
            .fold(0u128, |total, &paths| total.saturating_add(paths))
    }

    /// Up to `limit` solutions by `route` in order of length (shortest
    /// first; of equal length, in move order), each visiting no state twice.
    /// Lengths up to the shortest plus `extra_length` are searched; the
    /// search stops after `work_budget` steps and says so.
    pub fn solutions(
        &self,
        route: Route,
        limit: usize,
        extra_length: u32,
        work_budget: u64,
    ) -> SolutionList {
        let mut list = SolutionList::default();
        let start = self.start(route);
        let Some(shortest) = self.distance(route, start) else {
            return list;
        };
        if limit == 0 {
            return list;
        }
        if shortest == 0 {
            list.solutions.push(Vec::new());
            return list;
        }
        let mut work = 0u64;
        for length in shortest..=shortest.saturating_add(extra_length) {
            let done =
                self.solutions_of_length(route, length, limit, &mut work, work_budget, &mut list);
            if done {
                break;
            }
        }
        list
    }

    /// Appends the simple solutions of exactly `length` moves; returns true
    /// when the list is full or the budget ran out.
    fn solutions_of_length(
        &self,
        route: Route,
        length: u32,
        limit: usize,
        work: &mut u64,
        work_budget: u64,
        list: &mut SolutionList,
    ) -> bool {
        let n = self.graph.len();
        let moves = self.graph.move_count();
        let start = self.start(route);
        let mut path: Vec<Node> = vec![start];
        let mut path_moves: Vec<u8> = Vec::new();
        let mut next_move: Vec<usize> = vec![0];
        let mut on_path: HashSet<u32> = HashSet::from([start.id]);
        while let Some(&mv) = next_move.last() {
            let node = *path.last().expect("path and next_move grow together");
            if mv >= moves {
                next_move.pop();
                path.pop();
                path_moves.pop();
                on_path.remove(&node.id);
                continue;
            }
            *next_move.last_mut().expect("not empty") += 1;
            *work += 1;
            if *work > work_budget {
                list.truncated = true;
                return true;
            }
            let to = self.graph.successor(node.id, mv);
            if (to as usize) >= n || on_path.contains(&to) {
                continue;
            }
            let Some(next) = self.advance(route, node, to) else {
                continue;
            };
            let remaining = length - path_moves.len() as u32 - 1;
            match self.distance(route, next) {
                Some(0) if remaining == 0 => {
                    let mut solution = path_moves.clone();
                    solution.push(mv as u8);
                    list.solutions.push(solution);
                    if list.solutions.len() >= limit {
                        return true;
                    }
                }
                Some(d) if d >= 1 && d <= remaining => {
                    path.push(next);
                    path_moves.push(mv as u8);
                    next_move.push(0);
                    on_path.insert(to);
                }
                _ => {}
            }
        }
        false
    }

    /// The moves of a shortest way from the start to state `id`, following
    /// each state's first-discovery parent.
    pub fn path_to(&self, preds: &Predecessors, id: u32) -> Vec<u8> {
        let mut moves = Vec::with_capacity(self.graph.depth(id));
        let mut here = id;
        while here != 0 {
            let parent = preds.of_state(here)[0];
            let mv = self
                .graph
                .successors(parent)
                .iter()
                .position(|to| to == here)
                .expect("a predecessor has an edge to the state");
            moves.push(mv as u8);
            here = parent;
        }
        moves.reverse();
        moves
    }
}
