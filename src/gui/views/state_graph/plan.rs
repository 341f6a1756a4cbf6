//! What of the state graph is drawn this frame: the layers on screen, the
//! states of each that are visible or whose edges cross the screen, and
//! whether a layer is dense enough to be drawn as bins; and the state under
//! the pointer.

use super::*;

impl StateGraphView {
    /// Decides, layer by layer, which states are on screen and whether the
    /// layer is drawn as bins.
    /// With `every_edge`, every layer is planned and the edges of all its
    /// states drawn, on screen or not (for a small graph whose edges run
    /// far, as the dead-ends view's do).
    pub(super) fn plan(
        &mut self,
        layout: &GraphLayout,
        camera: Camera,
        canvas: Rect,
        every_edge: bool,
    ) {
        self.plans.clear();
        let r = camera.node_radius();
        let top_left = camera.to_layout(canvas, canvas.min);
        let bottom_right = camera.to_layout(canvas, canvas.max);
        let pad = vec2(
            (r + 2.0) / camera.scale.x,
            (camera.band() + 2.0) / camera.scale.y,
        );
        let (x0, x1) = (top_left.x - pad.x, bottom_right.x + pad.x);
        // Edges whose child is off screen can still cross it: take children
        // within half a screen to either side, and one layer below.
        let reach = (x1 - x0) / 2.0;
        let last = layout.depth_count() - 1;
        let (top, bottom) = (top_left.y - pad.y, bottom_right.y + pad.y);
        if !every_edge && (bottom < 0.0 || top > last as f32 + 1.0) {
            return;
        }
        // Layers `top..=bottom` are on screen; the one below the screen is
        // planned too, for its edges up.
        let first_on_screen = top.ceil().max(0.0) as usize;
        let below = (bottom.floor() + 1.0).max(0.0) as usize;
        let layers = if every_edge {
            0..=last
        } else {
            first_on_screen..=below.min(last)
        };
        for depth in layers {
            let narrow = layout.visible(depth, x0, x1);
            let xs = layout.layer_xs(depth);
            let dense = narrow.len() >= 2 && {
                let span = (xs[narrow.end - 1] - xs[narrow.start]) * camera.scale.x;
                narrow.len() as f32 * MIN_PX_PER_NODE > span + MIN_PX_PER_NODE
            };
            let wide = if dense {
                narrow.clone()
            } else if every_edge {
                0..xs.len()
            } else {
                layout.visible(depth, x0 - reach, x1 + reach)
            };
            self.plans.push(LayerPlan {
                depth,
                on_screen: first_on_screen <= depth && depth < below,
                x0,
                x1,
                narrow,
                wide,
                dense,
            });
        }
    }
}

/// What to draw of one layer this frame.
#[derive(Clone, Debug)]
pub(super) struct LayerPlan {
    pub(super) depth: usize,
    /// Whether its nodes are on screen (else only its edges up are).
    pub(super) on_screen: bool,
    /// The layout range on screen.
    pub(super) x0: f32,
    pub(super) x1: f32,
    /// Its states on screen (indices into its layer order).
    pub(super) narrow: Range<usize>,
    /// Its states whose edges are drawn.
    pub(super) wide: Range<usize>,
    /// Whether it is drawn as bins.
    pub(super) dense: bool,
}

/// The state under `pointer`: the nearest state of the nearest layer, if
/// it is within a node's size (or a few pixels) of it.
pub(super) fn pick(
    layout: &GraphLayout,
    camera: Camera,
    canvas: Rect,
    pointer: Pos2,
) -> Option<u32> {
    if layout.is_empty() {
        return None;
    }
    let at = camera.to_layout(canvas, pointer);
    let last = layout.depth_count() - 1;
    let d = at.y.round().clamp(0.0, last as f32) as usize;
    let reach = camera.node_radius().max(camera.band()).max(PICK_PX);
    if (at.y - d as f32).abs() * camera.scale.y > reach {
        return None;
    }
    let (id, dx) = layout.nearest(d, at.x)?;
    (dx * camera.scale.x <= camera.node_radius().max(PICK_PX)).then_some(id)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Job;
    use crate::kinds::skiddy::{analyze, parse_level};

    /// 2222 states in 28 layers, the widest 230 states.
    fn four_colours() -> GraphLayout {
        let path = format!("{}/assets/four-colours.txt", env!("CARGO_MANIFEST_DIR"));
        let level = parse_level(&std::fs::read_to_string(&path).unwrap()).unwrap();
        GraphLayout::of(analyze(&level, &Job::default()).unwrap().view())
    }

    #[test]
    fn zoomed_out_dense_layers_become_bins_and_every_state_is_on_screen() {
        let layout = four_colours();
        let canvas = Rect::from_min_size(Pos2::ZERO, vec2(300.0, 400.0));
        let camera = Camera::fit(&layout, canvas);
        let mut view = StateGraphView::new();
        view.plan(&layout, camera, canvas, false);
        let depths: Vec<usize> = view.plans.iter().map(|p| p.depth).collect();
        assert_eq!(depths, (0..layout.depth_count()).collect::<Vec<_>>());
        for plan in &view.plans {
            assert!(plan.on_screen);
            assert_eq!(plan.narrow, 0..layout.layer_order(plan.depth).len());
        }
        let widest = (0..layout.depth_count())
            .max_by_key(|&d| layout.layer_order(d).len())
            .unwrap();
        assert!(view.plans[widest].dense, "230 states in 300 points");
        assert!(!view.plans[0].dense, "the start alone");
        // Everything fitted lies inside the canvas.
        for id in 0..layout.len() as u32 {
            let (x, y) = layout.position(id);
            assert!(canvas.contains(camera.to_screen(canvas, x, y)), "{id}");
        }
    }

    #[test]
    fn zoomed_in_only_nearby_layers_and_states_are_drawn_one_by_one() {
        let layout = four_colours();
        let canvas = Rect::from_min_size(Pos2::ZERO, vec2(300.0, 400.0));
        let widest = (0..layout.depth_count())
            .max_by_key(|&d| layout.layer_order(d).len())
            .unwrap();
        let middle = layout.layer_order(widest).len() / 2;
        let id = layout.layer_order(widest)[middle];
        let (x, y) = layout.position(id);
        let camera = Camera {
            centre: vec2(x, y),
            scale: CENTRE_SCALE,
        };
        let mut view = StateGraphView::new();
        view.plan(&layout, camera, canvas, false);
        assert!(view.plans.iter().all(|p| !p.dense));
        // 400 points at 100 a layer: the layer, two either side, and the
        // layer below the screen for its edges.
        let depths: Vec<usize> = view.plans.iter().map(|p| p.depth).collect();
        assert_eq!(depths, (widest - 2..=widest + 3).collect::<Vec<_>>());
        assert!(!view.plans.last().unwrap().on_screen);
        let plan = &view.plans[2];
        assert!(plan.narrow.contains(&middle));
        // 300 points at 16 a state: about 19 states, never the whole layer.
        assert!(plan.narrow.len() <= 21, "{:?}", plan.narrow);
        assert!(plan.wide.len() > plan.narrow.len());

        // With every edge, every layer is planned with all its states, but
        // only the layers on screen draw their nodes.
        view.plan(&layout, camera, canvas, true);
        assert_eq!(view.plans.len(), layout.depth_count());
        let on_screen: Vec<usize> = view
            .plans
            .iter()
            .filter(|p| p.on_screen)
            .map(|p| p.depth)
            .collect();
        assert_eq!(on_screen, (widest - 2..=widest + 2).collect::<Vec<_>>());
        for plan in view.plans.iter().filter(|p| !p.dense) {
            assert_eq!(plan.wide, 0..layout.layer_order(plan.depth).len());
        }
    }
}
