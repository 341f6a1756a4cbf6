//! Where the state graph view puts every state: a layered layout computed
//! once per analysis, with no drawing in it.
//!
//! A state's layer is its breadth-first depth (`y = depth`); within a layer
//! states sit at least one unit apart on `x`. The engine numbers states in
//! breadth-first order, so a layer is a contiguous id range.
//!
//! The layout is built in two sweeps over the primary breadth-first tree
//! (every state hangs off the parent that discovered it, the parent
//! [`crate::engine::Explored::path_to`] follows):
//!
//! 1. Down, layer by layer: order the states by the position of their
//!    parent (the barycentre of a one-parent tree), then place them as close
//!    to their parent as the one-unit spacing allows. Siblings end up side by
//!    side under their parent and tree edges do not cross.
//! 2. Up, from the deepest layer: move every parent towards the mean of its
//!    children, keeping the order and the spacing.
//!
//! "As close as the spacing allows" is a least-squares placement with
//! minimum gaps, solved exactly in linear time by pool-adjacent-violators.
//!
//! For the zoomed-out view the layout keeps, along each layer in `x` order,
//! running counts of labels and a running sum of parent positions, so that
//! the label mix and the mean parent of any run of states (a bin of pixels)
//! cost two binary searches, whatever the number of states in it.

use std::ops::Range;

use crate::engine::GraphView;
use crate::engine::Label;

/// The parent entry of a state without one (the start).
pub const NO_PARENT: u32 = u32::MAX;

/// The four labels in the order the view stacks and lists them.
pub const LABELS: [Label; 4] = [Label::Won, Label::Preferred, Label::Ok, Label::DeadEnd];

/// The index of `label` in [`LABELS`].
pub fn label_index(label: Label) -> usize {
    match label {
        Label::Won => 0,
        Label::Preferred => 1,
        Label::Ok => 2,
        Label::DeadEnd => 3,
    }
}

/// How many states of each label, indexed like [`LABELS`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LabelCounts(pub [u32; 4]);

impl LabelCounts {
    /// The number of states with `label`.
    pub fn get(&self, label: Label) -> u32 {
        self.0[label_index(label)]
    }

    /// The number of states.
    pub fn total(&self) -> u32 {
        self.0.iter().sum()
    }
}

/// A run of neighbouring states of one layer, summed up for drawing when
/// they are too dense to draw one by one.
#[derive(Clone, Debug, PartialEq)]
pub struct Bin {
    /// Left edge of the bin (layout units).
    pub x0: f32,
    /// Right edge of the bin (layout units).
    pub x1: f32,
    /// The states, as indices into [`GraphLayout::layer_order`].
    pub states: Range<usize>,
    /// Their labels.
    pub counts: LabelCounts,
    /// The mean position of their primary parents, if they have any (every
    /// layer but the first).
    pub mean_parent_x: Option<f32>,
}

/// A layered layout of a state graph.
#[derive(Clone, Debug)]
pub struct GraphLayout {
    /// `x` of every state, by id.
    x: Vec<f32>,
    /// The primary parent of every state, by id ([`NO_PARENT`] for the
    /// start).
    parent: Vec<u32>,
    /// The label of every state, by id.
    labels: Vec<Label>,
    /// The first id of every layer, and the state count at the end.
    layer_start: Vec<u32>,
    /// The breadth-first depth of every layer.
    layer_depths: Vec<usize>,
    /// The ids of every layer in increasing `x`, layer after layer (layer
    /// `d` occupies the same index range as its ids).
    order: Vec<u32>,
    /// `x` of `order[i]`.
    sorted_x: Vec<f32>,
    /// Label counts of `order[..i]`.
    label_prefix: Vec<[u32; 4]>,
    /// Sum of the parent `x` of `order[..i]`.
    parent_x_prefix: Vec<f64>,
    /// How many of `order[..i]` have a parent.
    parent_count_prefix: Vec<u32>,
    /// Smallest and largest `x`.
    x_range: (f32, f32),
    /// The number of edges from a parent other than the primary one.
    other_parent_edges: usize,
}

/// Places states in the given order as close to their targets as a spacing
/// of one unit allows, minimising the weighted sum of squared
/// displacements; `targets` holds `(target, weight)` pairs, weights > 0.
///
/// With `y_i = x_i - i` the spacing becomes `y` non-decreasing, so this is
/// a weighted isotonic regression of `target_i - i`, solved by pool-
/// adjacent-violators: blocks of states that share one `y`, merged while a
/// block's weighted mean is below its left neighbour's.
fn place_in_order(targets: &[(f64, f64)], out: &mut [f32]) {
    // (weighted sum of y targets, total weight, number of states) per block.
    let mut blocks: Vec<(f64, f64, usize)> = Vec::with_capacity(targets.len());
    for (i, &(t, w)) in targets.iter().enumerate() {
        let mut block = ((t - i as f64) * w, w, 1usize);
        while let Some(&(sum, weight, count)) = blocks.last() {
            if sum / weight > block.0 / block.1 {
                block = (block.0 + sum, block.1 + weight, block.2 + count);
                blocks.pop();
            } else {
                break;
            }
        }
        blocks.push(block);
    }
    let mut i = 0;
    for (sum, weight, count) in blocks {
        let y = sum / weight;
        for slot in &mut out[i..i + count] {
            *slot = (y + i as f64) as f32;
            i += 1;
        }
    }
}

/// The weight of a state without children in the upward sweep: it follows
/// its neighbours rather than holding them where the downward sweep put it.
const CHILDLESS_WEIGHT: f64 = 1e-3;

/// The working state of the layout's sweeps.
struct Sweep<'a> {
    x: &'a mut [f32],
    order: &'a mut [u32],
    parent: &'a [u32],
    root_targets: &'a [f64],
    layer_start: &'a [u32],
    targets: Vec<(f64, f64)>,
    placed: Vec<f32>,
}

impl Sweep<'_> {
    fn layer(&self, d: usize) -> Range<usize> {
        self.layer_start[d] as usize..self.layer_start[d + 1] as usize
    }

    fn depth_count(&self) -> usize {
        self.layer_start.len() - 1
    }

    /// Places layer `d`, in its order, as near to the targets as it can.
    fn place(&mut self, d: usize) {
        let range = self.layer(d);
        self.placed.resize(range.len(), 0.0);
        place_in_order(&self.targets, &mut self.placed);
        for (&id, &px) in self.order[range].iter().zip(&self.placed) {
            self.x[id as usize] = px;
        }
    }

    /// Down: order every layer by parent position (a root by its tree's
    /// place), place it near the parents.
    fn down(&mut self) {
        for d in 0..self.depth_count() {
            let range = self.layer(d);
            let (x, parent, roots) = (&*self.x, self.parent, self.root_targets);
            let target = |id: u32| match parent[id as usize] {
                NO_PARENT => roots[id as usize],
                p => x[p as usize] as f64,
            };
            let ids = &mut self.order[range];
            ids.sort_unstable_by(|&a, &b| target(a).total_cmp(&target(b)).then(a.cmp(&b)));
            self.targets.clear();
            self.targets.extend(ids.iter().map(|&id| (target(id), 1.0)));
            self.place(d);
        }
    }

    /// Up: every parent towards the mean of its children, order kept; a
    /// state without children barely resists its neighbours.
    fn up(&mut self) {
        let n = self.x.len();
        let mut child_sum = vec![0f64; n];
        let mut child_count = vec![0u32; n];
        for d in (0..self.depth_count().saturating_sub(1)).rev() {
            for id in self.layer(d + 1) {
                let p = self.parent[id];
                if p != NO_PARENT {
                    child_sum[p as usize] += self.x[id] as f64;
                    child_count[p as usize] += 1;
                }
            }
            let range = self.layer(d);
            let x = &*self.x;
            self.targets.clear();
            self.targets.extend(self.order[range].iter().map(|&id| {
                let id = id as usize;
                match child_count[id] {
                    0 => (x[id] as f64, CHILDLESS_WEIGHT),
                    c => (child_sum[id] / c as f64, 1.0),
                }
            }));
            self.place(d);
        }
    }
}

/// A layered forest to lay out: states numbered layer after layer, each
/// with at most one parent in the layer above. The state graph is one tree
/// (the breadth-first tree from the start); a part of it, such as the dead
/// ends and the states with a trap into them, can be several.
#[derive(Clone, Debug)]
pub struct LayeredForest {
    /// The first id of every layer, and the state count at the end.
    pub layer_start: Vec<u32>,
    /// The breadth-first depth each layer shows.
    pub layer_depths: Vec<usize>,
    /// The parent of every state, in the layer above ([`NO_PARENT`] for a
    /// root).
    pub parent: Vec<u32>,
    /// The label of every state.
    pub labels: Vec<Label>,
    /// The number of edges into a state from a parent other than its own.
    pub other_parent_edges: usize,
}

impl LayeredForest {
    /// The primary breadth-first tree of an explored graph.
    pub fn of(view: &dyn GraphView) -> LayeredForest {
        let n = view.len();
        let depths = view.depth_count();
        let mut layer_start: Vec<u32> = (0..depths).map(|d| view.layer(d).start).collect();
        layer_start.push(n as u32);
        LayeredForest {
            layer_start,
            layer_depths: (0..depths).collect(),
            parent: (0..n as u32)
                .map(|id| view.primary_parent(id).unwrap_or(NO_PARENT))
                .collect(),
            labels: (0..n as u32).map(|id| view.label(id)).collect(),
            other_parent_edges: (0..n as u32)
                .map(|id| view.predecessors(id).len() - usize::from(id != 0))
                .sum(),
        }
    }

    /// Where every root aims to sit: the trees side by side in id order,
    /// each as far left as the trees before it allow on the layers it
    /// spans (a tree of deep layers can sit under a shallow one), given
    /// the room of its widest layer, its root over the middle of it.
    fn root_targets(&self) -> Vec<f64> {
        let n = self.parent.len();
        let layers = self.layer_start.len() - 1;
        let mut root_of = vec![0u32; n];
        // Per root: its first layer and the state count of each layer.
        let mut extent: Vec<(usize, Vec<u32>)> = vec![(0, Vec::new()); n];
        for d in 0..layers {
            for id in self.layer_start[d] as usize..self.layer_start[d + 1] as usize {
                let root = match self.parent[id] {
                    NO_PARENT => {
                        extent[id].0 = d;
                        id as u32
                    }
                    p => root_of[p as usize],
                };
                root_of[id] = root;
                let (first, counts) = &mut extent[root as usize];
                let row = d - *first;
                if counts.len() <= row {
                    counts.resize(row + 1, 0);
                }
                counts[row] += 1;
            }
        }
        let mut free = vec![0f64; layers];
        let mut targets = vec![0f64; n];
        for id in (0..n).filter(|&id| self.parent[id] == NO_PARENT) {
            let (first, counts) = &extent[id];
            let span = *first..first + counts.len();
            let room = counts.iter().copied().max().unwrap_or(1).max(1) as f64;
            let left = free[span.clone()].iter().fold(0f64, |a, &b| a.max(b));
            targets[id] = left + (room - 1.0) / 2.0;
            for slot in &mut free[span] {
                *slot = left + room + 1.0;
            }
        }
        targets
    }
}

impl GraphLayout {
    /// The layout of an explored graph, whatever its kind.
    pub fn of(view: &dyn GraphView) -> GraphLayout {
        GraphLayout::of_forest(LayeredForest::of(view))
    }

    /// The layout of a layered forest.
    pub fn of_forest(forest: LayeredForest) -> GraphLayout {
        let root_targets = forest.root_targets();
        let n = forest.parent.len();
        let mut x = vec![0f32; n];
        let mut order: Vec<u32> = (0..n as u32).collect();
        let mut sweep = Sweep {
            x: &mut x,
            order: &mut order,
            parent: &forest.parent,
            root_targets: &root_targets,
            layer_start: &forest.layer_start,
            targets: Vec::new(),
            placed: Vec::new(),
        };
        // More rounds change nothing: the result is a fixed point.
        sweep.down();
        sweep.up();
        GraphLayout::finish(forest, x, order)
    }

    /// The layout of a layered forest whose states aim for `targets` (one
    /// per state): every layer in the order of its targets, each state as
    /// near to its target as the spacing of one unit allows.
    pub fn of_forest_at(forest: LayeredForest, targets: &[f64]) -> GraphLayout {
        let n = forest.parent.len();
        let mut x = vec![0f32; n];
        let mut order: Vec<u32> = (0..n as u32).collect();
        let mut placed = Vec::new();
        let mut wanted = Vec::new();
        for d in 0..forest.layer_start.len() - 1 {
            let range = forest.layer_start[d] as usize..forest.layer_start[d + 1] as usize;
            let ids = &mut order[range];
            ids.sort_unstable_by(|&a, &b| {
                targets[a as usize]
                    .total_cmp(&targets[b as usize])
                    .then(a.cmp(&b))
            });
            wanted.clear();
            wanted.extend(ids.iter().map(|&id| (targets[id as usize], 1.0)));
            placed.resize(ids.len(), 0.0);
            place_in_order(&wanted, &mut placed);
            for (&id, &px) in ids.iter().zip(&placed) {
                x[id as usize] = px;
            }
        }
        GraphLayout::finish(forest, x, order)
    }

    /// The layout of `forest` with its states at `x`, each layer's ids in
    /// increasing `x` in `order`.
    fn finish(forest: LayeredForest, x: Vec<f32>, order: Vec<u32>) -> GraphLayout {
        let LayeredForest {
            layer_start,
            layer_depths,
            parent,
            labels,
            other_parent_edges,
        } = forest;
        let n = parent.len();
        let sorted_x: Vec<f32> = order.iter().map(|&id| x[id as usize]).collect();
        let mut label_prefix = Vec::with_capacity(n + 1);
        let mut parent_x_prefix = Vec::with_capacity(n + 1);
        let mut parent_count_prefix = Vec::with_capacity(n + 1);
        let (mut counts, mut sum, mut with_parent) = ([0u32; 4], 0f64, 0u32);
        label_prefix.push(counts);
        parent_x_prefix.push(sum);
        parent_count_prefix.push(with_parent);
        for &id in &order {
            counts[label_index(labels[id as usize])] += 1;
            let p = parent[id as usize];
            if p != NO_PARENT {
                sum += x[p as usize] as f64;
                with_parent += 1;
            }
            label_prefix.push(counts);
            parent_x_prefix.push(sum);
            parent_count_prefix.push(with_parent);
        }
        let x_range = x
            .iter()
            .fold((f32::INFINITY, f32::NEG_INFINITY), |(lo, hi), &v| {
                (lo.min(v), hi.max(v))
            });
        let x_range = if n == 0 { (0.0, 0.0) } else { x_range };
        GraphLayout {
            x,
            parent,
            labels,
            layer_start,
            layer_depths,
            order,
            sorted_x,
            label_prefix,
            parent_x_prefix,
            parent_count_prefix,
            x_range,
            other_parent_edges,
        }
    }

    /// The breadth-first depth layer `layer` shows (the layer itself in the
    /// layout of a whole graph).
    pub fn layer_depth(&self, layer: usize) -> usize {
        self.layer_depths[layer]
    }

    /// The number of edges into a state from a parent other than the one
    /// that discovered it (each parent counted once per state).
    pub fn other_parent_edges(&self) -> usize {
        self.other_parent_edges
    }

    /// Number of states.
    pub fn len(&self) -> usize {
        self.x.len()
    }

    /// Whether there is no state.
    pub fn is_empty(&self) -> bool {
        self.x.is_empty()
    }

    /// Number of layers (breadth-first depths).
    pub fn depth_count(&self) -> usize {
        self.layer_start.len() - 1
    }

    /// The ids of layer `depth`.
    pub fn layer(&self, depth: usize) -> Range<u32> {
        self.layer_start[depth]..self.layer_start[depth + 1]
    }

    /// The layer (breadth-first depth) of state `id`.
    pub fn depth(&self, id: u32) -> usize {
        self.layer_start.partition_point(|&start| start <= id) - 1
    }

    /// The position of state `id` within its layer.
    pub fn x(&self, id: u32) -> f32 {
        self.x[id as usize]
    }

    /// The position of state `id`: `(x, depth)`.
    pub fn position(&self, id: u32) -> (f32, f32) {
        (self.x(id), self.depth(id) as f32)
    }

    /// The smallest and the largest `x` of any state.
    pub fn x_range(&self) -> (f32, f32) {
        self.x_range
    }

    /// The state that discovered `id`, or `None` for the start.
    pub fn parent(&self, id: u32) -> Option<u32> {
        let p = self.parent[id as usize];
        (p != NO_PARENT).then_some(p)
    }

    /// The label of state `id`.
    pub fn label(&self, id: u32) -> Label {
        self.labels[id as usize]
    }

    /// The ids of layer `depth` in increasing `x`.
    pub fn layer_order(&self, depth: usize) -> &[u32] {
        &self.order[self.order_range(depth)]
    }

    /// The `x` of [`GraphLayout::layer_order`], increasing.
    pub fn layer_xs(&self, depth: usize) -> &[f32] {
        &self.sorted_x[self.order_range(depth)]
    }

    fn order_range(&self, depth: usize) -> Range<usize> {
        self.layer_start[depth] as usize..self.layer_start[depth + 1] as usize
    }

    /// The states of layer `depth` with `x0 <= x <= x1`, as indices into
    /// [`GraphLayout::layer_order`].
    pub fn visible(&self, depth: usize, x0: f32, x1: f32) -> Range<usize> {
        let xs = self.layer_xs(depth);
        xs.partition_point(|&x| x < x0)..xs.partition_point(|&x| x <= x1)
    }

    /// The labels of the states `states` (indices into
    /// [`GraphLayout::layer_order`]) of layer `depth`.
    pub fn label_counts(&self, depth: usize, states: Range<usize>) -> LabelCounts {
        let base = self.layer_start[depth] as usize;
        let (a, b) = (
            self.label_prefix[base + states.start],
            self.label_prefix[base + states.end],
        );
        LabelCounts(std::array::from_fn(|i| b[i] - a[i]))
    }

    /// The mean parent `x` of the states `states` (indices into
    /// [`GraphLayout::layer_order`]) of layer `depth` that have a parent;
    /// `None` if none has.
    pub fn mean_parent_x(&self, depth: usize, states: Range<usize>) -> Option<f32> {
        let base = self.layer_start[depth] as usize;
        let (a, b) = (base + states.start, base + states.end);
        let count = self.parent_count_prefix[b] - self.parent_count_prefix[a];
        if count == 0 {
            return None;
        }
        let sum = self.parent_x_prefix[b] - self.parent_x_prefix[a];
        Some((sum / count as f64) as f32)
    }

    /// The non-empty bins of layer `depth` between `x0` and `x1`: the states
    /// grouped by the grid of cells `width` wide (cell `k` covers
    /// `k * width <= x < (k + 1) * width`, so bins do not shift as the view
    /// pans). Appends to `out`.
    pub fn bins(&self, depth: usize, x0: f32, x1: f32, width: f32, out: &mut Vec<Bin>) {
        let xs = self.layer_xs(depth);
        let visible = self.visible(depth, x0, x1);
        let mut i = visible.start;
        while i < visible.end {
            let cell = (xs[i] / width).floor();
            let (bx0, bx1) = (cell * width, (cell + 1.0) * width);
            let end = i + xs[i..visible.end].partition_point(|&x| x < bx1);
            // Rounding can leave x just at the edge; always take one state.
            let end = end.max(i + 1);
            out.push(Bin {
                x0: bx0,
                x1: bx1,
                states: i..end,
                counts: self.label_counts(depth, i..end),
                mean_parent_x: self.mean_parent_x(depth, i..end),
            });
            i = end;
        }
    }

    /// The state of layer `depth` nearest to `x`, and its distance on `x`.
    pub fn nearest(&self, depth: usize, x: f32) -> Option<(u32, f32)> {
        let xs = self.layer_xs(depth);
        let i = xs.partition_point(|&v| v < x);
        [i.checked_sub(1), (i < xs.len()).then_some(i)]
            .into_iter()
            .flatten()
            .map(|j| (self.layer_order(depth)[j], (xs[j] - x).abs()))
            .min_by(|a, b| a.1.total_cmp(&b.1))
    }

    /// The ids on the primary tree from the start to `id`, both included:
    /// the states of [`crate::engine::Explored::path_to`].
    pub fn path_from_start(&self, id: u32) -> Vec<u32> {
        let mut path = vec![id];
        let mut here = id;
        while let Some(p) = self.parent(here) {
            path.push(p);
            here = p;
        }
        path.reverse();
        path
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Job, Route};
    use crate::kinds::skiddy::{analyze, parse_level, Analysis};

    fn analysis_of(name: &str) -> Analysis {
        let path = format!("{}/assets/{name}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).expect("asset exists");
        let level = parse_level(&text).expect("asset parses");
        analyze(&level, &Job::default()).expect("asset analyses")
    }

    const LEVELS: [&str; 5] = [
        "1-1.txt",
        "crate-push.txt",
        "dead-end.txt",
        "four-colours.txt",
        "ice-and-pits.txt",
    ];

    #[test]
    fn placement_keeps_order_and_spacing_and_stays_near_targets() {
        let targets = [0.0, 0.0, 0.0, 10.0, 10.5, 3.0].map(|t| (t, 1.0));
        let mut out = [0f32; 6];
        place_in_order(&targets, &mut out);
        for pair in out.windows(2) {
            assert!(pair[1] - pair[0] >= 1.0 - 1e-5, "{out:?}");
        }
        // Three states on one target spread evenly around it.
        assert!((out[0] + 1.0).abs() < 1e-5 && (out[2] - 1.0).abs() < 1e-5);
        // The last three must share a block: mean target 23.5 / 3 - spacing.
        assert!((out[3] + out[4] + out[5] - 23.5).abs() < 1e-4, "{out:?}");
        let mut one = [0f32];
        place_in_order(&[(7.5, 1.0)], &mut one);
        assert_eq!(one, [7.5]);
        // A light state gives way to a heavy one.
        let mut two = [0f32; 2];
        place_in_order(&[(5.0, 1.0), (0.0, 1e-3)], &mut two);
        assert!(
            (two[0] - 5.0).abs() < 0.01 && (two[1] - 6.0).abs() < 0.01,
            "{two:?}"
        );
    }

    #[test]
    fn every_state_is_placed_in_its_layer_within_the_bounds() {
        for name in LEVELS {
            let analysis = analysis_of(name);
            let layout = GraphLayout::of(analysis.view());
            assert_eq!(layout.len(), analysis.state_count(), "{name}");
            let (lo, hi) = layout.x_range();
            analysis.with_explored(|view| {
                assert_eq!(layout.depth_count(), view.depth_count(), "{name}");
                for id in 0..layout.len() as u32 {
                    let (x, y) = layout.position(id);
                    assert!(x.is_finite() && lo <= x && x <= hi, "{name} {id}");
                    assert_eq!(y as usize, view.depth(id), "{name} {id}");
                    assert_eq!(layout.label(id), view.label(id), "{name} {id}");
                }
                for d in 0..layout.depth_count() {
                    let mut ids = layout.layer_order(d).to_vec();
                    ids.sort_unstable();
                    assert_eq!(ids, view.layer(d).collect::<Vec<_>>(), "{name} {d}");
                    for pair in layout.layer_xs(d).windows(2) {
                        assert!(pair[1] - pair[0] >= 0.999, "{name}: layer {d} {pair:?}");
                    }
                }
            });
        }
    }

    #[test]
    fn the_primary_parent_is_one_layer_up_and_the_path_matches_the_engine() {
        for name in LEVELS {
            let analysis = analysis_of(name);
            let layout = GraphLayout::of(analysis.view());
            assert_eq!(layout.parent(0), None);
            analysis.with_explored(|view| {
                for id in 1..layout.len() as u32 {
                    let p = layout.parent(id).expect("only the start has no parent");
                    assert_eq!(layout.depth(p) + 1, layout.depth(id), "{name} {id}");
                    assert!(view.successors(p).contains(id), "{name}: {p} -> {id}");
                }
            });
            // The ids on the tree replay the engine's way from the start.
            let last = layout.len() as u32 - 1;
            let ids = layout.path_from_start(last);
            assert_eq!(ids[0], 0);
            assert_eq!(*ids.last().unwrap(), last);
            analysis.with_explored(|view| {
                let mut here = view.start_positions();
                for pair in ids.windows(2) {
                    assert_eq!(here, view.positions(pair[0]));
                    here = view.positions(pair[1]);
                }
            });
            assert_eq!(ids.len() - 1, layout.depth(last), "{name}");
        }
    }

    #[test]
    fn tree_edges_of_one_layer_do_not_cross() {
        for name in LEVELS {
            let layout = GraphLayout::of(analysis_of(name).view());
            for d in 1..layout.depth_count() {
                let parents_x: Vec<f32> = layout
                    .layer_order(d)
                    .iter()
                    .map(|&id| layout.x(layout.parent(id).unwrap()))
                    .collect();
                for pair in parents_x.windows(2) {
                    assert!(pair[0] <= pair[1], "{name}: layer {d} crosses");
                }
            }
        }
    }

    #[test]
    fn bins_cover_each_layer_and_count_its_labels() {
        for name in LEVELS {
            let analysis = analysis_of(name);
            let layout = GraphLayout::of(analysis.view());
            let (lo, hi) = layout.x_range();
            for d in 0..layout.depth_count() {
                let mut bins = Vec::new();
                layout.bins(d, lo, hi, 2.5, &mut bins);
                let mut total = LabelCounts::default();
                let mut next = 0;
                for bin in &bins {
                    assert_eq!(bin.states.start, next, "{name} {d}: bins are contiguous");
                    next = bin.states.end;
                    for i in bin.states.clone() {
                        let x = layout.layer_xs(d)[i];
                        assert!(bin.x0 <= x + 1e-3 && x < bin.x1 + 1e-3, "{name} {d}");
                    }
                    for (t, c) in total.0.iter_mut().zip(bin.counts.0) {
                        *t += c;
                    }
                    assert_eq!(bin.mean_parent_x.is_some(), d > 0);
                }
                assert_eq!(next, layout.layer_order(d).len());
                let mut want = LabelCounts::default();
                for id in layout.layer(d) {
                    want.0[label_index(analysis.label(id))] += 1;
                }
                assert_eq!(total, want, "{name} {d}");
            }
        }
    }

    #[test]
    fn the_nearest_state_is_found_on_either_side() {
        let layout = GraphLayout::of(analysis_of("crate-push.txt").view());
        let d = (0..layout.depth_count())
            .max_by_key(|&d| layout.layer_order(d).len())
            .unwrap();
        let (ids, xs) = (layout.layer_order(d), layout.layer_xs(d));
        assert!(ids.len() >= 2);
        assert_eq!(layout.nearest(d, xs[0] - 5.0).unwrap().0, ids[0]);
        assert_eq!(layout.nearest(d, xs[1] - 0.1).unwrap().0, ids[1]);
        assert_eq!(layout.nearest(d, xs[0] + 0.1).unwrap().0, ids[0]);
        let last = ids.len() - 1;
        assert_eq!(layout.nearest(d, xs[last] + 9.0).unwrap().0, ids[last]);
        // Labels of the layout agree with the distances.
        let analysis = analysis_of("crate-push.txt");
        analysis.with_explored(|view| {
            for id in 0..layout.len() as u32 {
                let winnable = view.distance(Route::Any, id).is_some();
                assert_eq!(layout.label(id) != Label::DeadEnd, winnable);
            }
        });
    }
}
