//! The part of a state graph that shows where a level can be lost: every
//! dead end, every winnable state with a move into a dead end (a trap), and
//! the moves into the dead ends, laid out as a layered forest.
//!
//! Its states are numbered afresh ("local" ids), in the order of the
//! graph's ids, so that each breadth-first depth is again a contiguous
//! range and a graph id is found by binary search. A dead end's first
//! parent is always in the part (it is either a dead end or a winnable
//! state with a trap into it), one depth up; the moves between winnable
//! states are left out, so the winnable states are the roots of the
//! forest, each with the dead ends it found below it.
//!
//! Many winnable states share a dead end, so the layout is made in two
//! steps: the dead ends alone as a forest (a dead end under the dead end
//! that found it), then every winnable state over the mean position of the
//! dead ends it has a move into, so that trap moves run short and mostly
//! straight.

use super::graph_layout::{GraphLayout, LayeredForest, NO_PARENT};
use crate::engine::{GraphView, Label};

/// The dead ends of a graph, the winnable states with a trap into them and
/// the moves between those states, with their layout.
#[derive(Clone, Debug)]
pub struct DeadEndGraph {
    layout: GraphLayout,
    /// The graph id of every local id, increasing.
    ids: Vec<u32>,
    /// Where the predecessors of every local id start in `preds`, and the
    /// end at the end.
    pred_start: Vec<u32>,
    /// The predecessors (local ids) that are in the part.
    preds: Vec<u32>,
    /// The number of moves from a winnable state into a dead end.
    trap_moves: usize,
}

/// Where each state of the part (local ids) aims to sit: the dead ends
/// where the layout of the dead ends alone puts them, a winnable state at
/// the mean of the dead ends it has a move into.
fn targets(
    ids: &[u32],
    parent: &[u32],
    labels: &[Label],
    layer_start: &[u32],
    layer_depths: &[usize],
    view: &dyn GraphView,
) -> Vec<f64> {
    let dead: Vec<u32> = (0..ids.len() as u32)
        .filter(|&i| labels[i as usize] == Label::DeadEnd)
        .collect();
    let dead_index = |local: u32| dead.binary_search(&local).ok();
    // The dead ends alone: layers of their own, a dead end under its parent
    // when that is a dead end.
    let mut dead_layer_start = Vec::new();
    let mut dead_layer_depths = Vec::new();
    for (d, &depth) in layer_depths.iter().enumerate() {
        let first = dead.partition_point(|&i| i < layer_start[d]);
        let last = dead.partition_point(|&i| i < layer_start[d + 1]);
        if first < last {
            dead_layer_start.push(first as u32);
            dead_layer_depths.push(depth);
        }
    }
    dead_layer_start.push(dead.len() as u32);
    let dead_parent: Vec<u32> = dead
        .iter()
        .map(|&i| match parent[i as usize] {
            NO_PARENT => NO_PARENT,
            p => dead_index(p).map_or(NO_PARENT, |j| j as u32),
        })
        .collect();
    let dead_forest = LayeredForest {
        layer_start: dead_layer_start,
        layer_depths: dead_layer_depths,
        labels: vec![Label::DeadEnd; dead.len()],
        parent: dead_parent,
        other_parent_edges: 0,
    };
    let dead_layout = GraphLayout::of_forest(dead_forest);
    let n = view.len();
    (0..ids.len())
        .map(|i| match dead_index(i as u32) {
            Some(j) => dead_layout.x(j as u32) as f64,
            None => {
                let (sum, count) = view
                    .successors(ids[i])
                    .iter()
                    .filter(|&s| (s as usize) < n && view.label(s) == Label::DeadEnd)
                    .filter_map(|s| {
                        ids.binary_search(&s)
                            .ok()
                            .and_then(|l| dead_index(l as u32))
                    })
                    .fold((0f64, 0u32), |(sum, c), j| {
                        (sum + dead_layout.x(j as u32) as f64, c + 1)
                    });
                sum / count.max(1) as f64
            }
        })
        .collect()
}

impl DeadEndGraph {
    /// The dead ends of `view` and the traps into them.
    pub fn of(view: &dyn GraphView) -> DeadEndGraph {
        let n = view.len();
        let is_dead = |id: u32| view.label(id) == Label::DeadEnd;
        let ids: Vec<u32> = (0..n as u32)
            .filter(|&id| {
                is_dead(id)
                    || view
                        .successors(id)
                        .iter()
                        .any(|s| (s as usize) < n && is_dead(s))
            })
            .collect();
        let local = |id: u32| ids.binary_search(&id).ok().map(|i| i as u32);

        let mut layer_start = Vec::new();
        let mut layer_depths = Vec::new();
        for (i, &id) in ids.iter().enumerate() {
            let depth = view.depth(id);
            if layer_depths.last() != Some(&depth) {
                layer_depths.push(depth);
                layer_start.push(i as u32);
            }
        }
        layer_start.push(ids.len() as u32);

        let mut pred_start = Vec::with_capacity(ids.len() + 1);
        let mut preds = Vec::new();
        let mut parent = Vec::with_capacity(ids.len());
        let mut trap_moves = 0;
        for &id in &ids {
            pred_start.push(preds.len() as u32);
            if !is_dead(id) {
                parent.push(NO_PARENT);
                continue;
            }
            for &p in view.predecessors(id) {
                if let Some(lp) = local(p) {
                    preds.push(lp);
                    trap_moves += usize::from(!is_dead(p));
                }
            }
            let first = view
                .primary_parent(id)
                .filter(|&p| view.depth(p) + 1 == view.depth(id))
                .and_then(local);
            parent.push(first.unwrap_or(NO_PARENT));
        }
        pred_start.push(preds.len() as u32);
        let with_parent = parent.iter().filter(|&&p| p != NO_PARENT).count();
        let labels: Vec<Label> = ids.iter().map(|&id| view.label(id)).collect();
        let targets = targets(&ids, &parent, &labels, &layer_start, &layer_depths, view);
        let forest = LayeredForest {
            layer_start,
            layer_depths,
            labels,
            parent,
            other_parent_edges: preds.len() - with_parent,
        };
        DeadEndGraph {
            layout: GraphLayout::of_forest_at(forest, &targets),
            ids,
            pred_start,
            preds,
            trap_moves,
        }
    }

    /// The layout of the part, in local ids.
    pub fn layout(&self) -> &GraphLayout {
        &self.layout
    }

    /// The graph id of local id `local`.
    pub fn graph_id(&self, local: u32) -> u32 {
        self.ids[local as usize]
    }

    /// The local id of graph id `id`, if the state is in the part.
    pub fn local_id(&self, id: u32) -> Option<u32> {
        self.ids.binary_search(&id).ok().map(|i| i as u32)
    }

    /// The states of the part with a move into local id `local` (local
    /// ids, increasing); none for a winnable state.
    pub fn predecessors(&self, local: u32) -> &[u32] {
        let i = local as usize;
        &self.preds[self.pred_start[i] as usize..self.pred_start[i + 1] as usize]
    }

    /// The number of moves from a winnable state into a dead end.
    pub fn trap_moves(&self) -> usize {
        self.trap_moves
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Job;
    use crate::kinds::skiddy::{analyze, parse_level, Analysis};

    fn analysis_of(path: &str) -> Analysis {
        let path = format!("{}/assets/{path}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).expect("asset exists");
        let level = parse_level(&text).expect("asset parses");
        analyze(&level, &Job::default()).expect("asset analyses")
    }

    /// Checks every promise of the part against the whole graph.
    fn check(name: &str) {
        let analysis = analysis_of(name);
        let view = analysis.view();
        let part = DeadEndGraph::of(view);
        let layout = part.layout();
        let n = view.len() as u32;
        let dead = |id: u32| view.label(id) == Label::DeadEnd;
        let mut traps = 0;
        for id in 0..n {
            let trap_from = !dead(id) && view.successors(id).iter().any(|s| s < n && dead(s));
            let kept = part.local_id(id);
            assert_eq!(kept.is_some(), dead(id) || trap_from, "{name} {id}");
            if dead(id) {
                traps += view.predecessors(id).iter().filter(|&&p| !dead(p)).count();
            }
        }
        assert!(traps > 0, "{name} has traps");
        assert_eq!(part.trap_moves(), traps, "{name}");
        for local in 0..layout.len() as u32 {
            let id = part.graph_id(local);
            assert_eq!(part.local_id(id), Some(local));
            assert_eq!(layout.label(local), view.label(id));
            assert_eq!(layout.layer_depth(layout.depth(local)), view.depth(id));
            // Every predecessor of a dead end is listed, in local ids;
            // moves between winnable states are left out.
            let want: Vec<u32> = view
                .predecessors(id)
                .iter()
                .filter(|_| dead(id))
                .filter_map(|&p| part.local_id(p))
                .collect();
            assert_eq!(part.predecessors(local), want.as_slice(), "{name}");
            match layout.parent(local) {
                Some(p) => {
                    assert_eq!(layout.depth(p) + 1, layout.depth(local), "{name}");
                    assert!(view.successors(part.graph_id(p)).contains(id));
                }
                // Only a winnable state can be a root.
                None => assert!(!dead(id), "{name}: dead end {id} has no parent"),
            }
        }
        for d in 0..layout.depth_count() {
            for pair in layout.layer_xs(d).windows(2) {
                assert!(pair[1] - pair[0] >= 0.999, "{name}: layer {d} {pair:?}");
            }
        }
    }

    #[test]
    fn the_part_holds_every_dead_end_and_every_trap_and_nothing_else() {
        check("dead-end.txt");
        check("bench/skiddy_100k.txt");
    }

    #[test]
    fn skiddy_100k_has_154_dead_ends_under_several_trap_roots() {
        let analysis = analysis_of("bench/skiddy_100k.txt");
        let part = DeadEndGraph::of(analysis.view());
        let layout = part.layout();
        let roots = (0..layout.len() as u32)
            .filter(|&id| layout.parent(id).is_none())
            .count();
        assert!(roots > 1, "skiddy_100k has traps at several states");
        let dead = (0..layout.len() as u32)
            .filter(|&id| layout.label(id) == Label::DeadEnd)
            .count();
        assert_eq!(dead, 154);
    }
}
