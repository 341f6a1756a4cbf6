//! Drawing the state graph: the frame's colours, the edges, nodes, bins
//! and dead-end marks of the layers on screen, the highlighted way and the
//! depth labels.

use super::*;

/// Colours of one frame's drawing.
pub(super) struct Palette {
    pub(super) tree_edge: Color32,
    pub(super) other_edge: Color32,
    pub(super) bundle: Color32,
    pub(super) rim: Color32,
    pub(super) highlight: Color32,
    pub(super) ring: Color32,
    pub(super) trap_edge: Color32,
}

impl Palette {
    pub(super) fn of(ui: &Ui) -> Palette {
        let visuals = ui.visuals();
        let text = visuals.strong_text_color();
        Palette {
            tree_edge: text.gamma_multiply(0.55),
            other_edge: visuals.weak_text_color().gamma_multiply(0.35),
            bundle: text.gamma_multiply(0.15),
            rim: visuals.extreme_bg_color.lerp_to_gamma(text, 0.75),
            highlight: Color32::from_rgb(204, 51, 170),
            ring: text,
            trap_edge: label_colour(Label::DeadEnd),
        }
    }
}

/// What one frame left out or summed up, for the note under the graph.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Drawn {
    pub(super) other_edges_skipped: bool,
    pub(super) any_dense: bool,
}

impl StateGraphView {
    /// Draws edges, then nodes and bins, of the layers on screen.
    pub(super) fn paint_graph(
        &mut self,
        painter: &egui::Painter,
        layout: &GraphLayout,
        shown: Shown<'_>,
        camera: Camera,
        canvas: Rect,
        palette: &Palette,
    ) -> Drawn {
        let mut drawn = Drawn::default();
        self.marks.clear();
        if layout.is_empty() {
            return drawn;
        }
        let every_edge = matches!(shown, Shown::DeadEnds(_)) && layout.len() <= EVERY_EDGE_STATES;
        self.plan(layout, camera, canvas, every_edge);
        drawn.any_dense = self.plans.iter().any(|p| p.dense && p.on_screen);
        // Other-parent edges are drawn all or not at all: an estimate from
        // the states whose edges would be drawn decides.
        let candidates: usize = self
            .plans
            .iter()
            .filter(|p| !p.dense)
            .map(|p| p.wide.len())
            .sum();
        let per_state = layout.other_parent_edges() as f64 / layout.len() as f64;
        let other_parents = self.show_other_parents && {
            let fits = candidates as f64 * per_state <= MAX_OTHER_EDGES as f64;
            drawn.other_edges_skipped = !fits;
            fits
        };

        let mut edges = Mesh::default();
        let mut nodes = Mesh::default();
        // Dead ends, drawn after everything else.
        let mut marks = Mesh::default();
        edges.reserve_vertices(self.mesh_sizes[0]);
        edges.reserve_triangles(self.mesh_sizes[0] / 2);
        nodes.reserve_vertices(self.mesh_sizes[1]);
        nodes.reserve_triangles(self.mesh_sizes[1] / 2);
        let r = camera.node_radius();
        let band = camera.band();
        let tree_width = (r * 0.25).clamp(1.0, 2.0);
        let screen = |x: f32, y: f32| camera.to_screen(canvas, x, y);
        let mut bins = std::mem::take(&mut self.bins);
        for plan in &self.plans {
            let (d, y) = (plan.depth, plan.depth as f32);
            if plan.dense {
                let width = BIN_PX / camera.scale.x;
                bins.clear();
                layout.bins(d, plan.x0, plan.x1, width, &mut bins);
                for bin in &bins {
                    let centre = (bin.x0 + bin.x1) / 2.0;
                    if let Some(px) = bin.mean_parent_x {
                        let count = bin.counts.total() as f32;
                        let w = (0.5 + 0.5 * count.log2()).clamp(0.6, 4.0);
                        add_line(
                            &mut edges,
                            screen(px, y - 1.0) + vec2(0.0, band),
                            screen(centre, y) - vec2(0.0, band),
                            w,
                            palette.bundle,
                        );
                    }
                    if plan.on_screen {
                        let rect = Rect::from_min_max(
                            screen(bin.x0, y) - vec2(0.0, band),
                            screen(bin.x1, y) + vec2(0.0, band),
                        );
                        add_bin(&mut nodes, rect, bin.counts, width);
                        let dead_ends = bin.counts.get(Label::DeadEnd);
                        if dead_ends > 0 {
                            let mark = dead_end_mark(rect);
                            add_dead_end_mark(&mut marks, mark, palette.rim);
                            self.marks.push(DeadEndMark {
                                rect: mark,
                                dead_ends,
                            });
                        }
                    }
                }
                continue;
            }
            let ids = layout.layer_order(d);
            let xs = layout.layer_xs(d);
            for i in plan.wide.clone() {
                let id = ids[i];
                let here = screen(xs[i], y);
                let primary = layout.parent(id);
                let label = layout.label(id);
                // A move from a winnable state into a dead end is a trap.
                let is_trap = |p: u32| label == Label::DeadEnd && layout.label(p) != Label::DeadEnd;
                if let Some(p) = primary {
                    let from = screen(layout.x(p), y - 1.0);
                    let (w, colour) = if is_trap(p) {
                        (tree_width.max(1.5), palette.trap_edge)
                    } else {
                        (tree_width, palette.tree_edge)
                    };
                    add_line(&mut edges, from, here, w, colour);
                }
                if other_parents {
                    for &p in shown.predecessors(id) {
                        if Some(p) == primary {
                            continue;
                        }
                        let (w, colour) = if is_trap(p) {
                            (1.2, palette.trap_edge)
                        } else {
                            (0.8, palette.other_edge)
                        };
                        let (px, py) = layout.position(p);
                        let from = screen(px, py);
                        if py == y {
                            // Same layer: bow upwards, off the row of nodes.
                            let mid = screen((px + xs[i]) / 2.0, y - 0.35);
                            add_line(&mut edges, from, mid, w, colour);
                            add_line(&mut edges, mid, here, w, colour);
                        } else {
                            add_line(&mut edges, from, here, w, colour);
                        }
                    }
                }
                if plan.on_screen && plan.narrow.contains(&i) {
                    if label == Label::DeadEnd {
                        let r = r.max(DEAD_END_MIN_RADIUS);
                        add_node(&mut marks, here, r, label, palette.rim);
                        self.marks.push(DeadEndMark {
                            rect: Rect::from_center_size(here, Vec2::splat(2.0 * r)),
                            dead_ends: 1,
                        });
                    } else {
                        add_node(&mut nodes, here, r, label, palette.rim);
                    }
                }
            }
        }
        self.bins = bins;
        self.mesh_sizes = [edges.vertices.len(), nodes.vertices.len()];
        painter.add(Shape::mesh(edges));
        painter.add(Shape::mesh(nodes));
        painter.add(Shape::mesh(marks));
        drawn
    }
}

/// Draws the highlighted way: a thick line through its states, a ring on
/// each, and a bigger ring on the last one. `way` holds layout ids, `None`
/// for a state not shown (the line breaks there).
pub(super) fn paint_path(
    painter: &egui::Painter,
    layout: &GraphLayout,
    camera: Camera,
    canvas: Rect,
    way: &[Option<u32>],
    palette: &Palette,
) {
    let points: Vec<Option<Pos2>> = way
        .iter()
        .map(|id| {
            id.filter(|&id| (id as usize) < layout.len()).map(|id| {
                let (x, y) = layout.position(id);
                camera.to_screen(canvas, x, y)
            })
        })
        .collect();
    let stroke = Stroke::new(4.0, palette.highlight);
    for pair in points.windows(2) {
        if let [Some(a), Some(b)] = pair {
            painter.line_segment([*a, *b], stroke);
        }
    }
    let r = camera.node_radius().max(3.0);
    for &p in points.iter().flatten() {
        painter.circle_stroke(p, r + 1.5, Stroke::new(2.0, palette.highlight));
    }
    if let Some(Some(last)) = points.last() {
        painter.circle_stroke(*last, r + 5.0, Stroke::new(3.0, palette.highlight));
    }
}

/// Writes the depth of the layers on screen in the strip left of `canvas`
/// (part of `area`), thinned out so that labels do not touch.
pub(super) fn paint_depths(
    painter: &egui::Painter,
    ui: &Ui,
    layout: &GraphLayout,
    camera: Camera,
    canvas: Rect,
    area: Rect,
) {
    let visuals = ui.visuals();
    let strip = Rect::from_min_max(area.min, egui::pos2(canvas.left(), area.bottom()));
    painter.rect_filled(strip, 0.0, visuals.panel_fill);
    let font = egui::FontId::proportional(11.0);
    let colour = visuals.text_color();
    let header =
        painter.layout_no_wrap("depth".to_owned(), font.clone(), visuals.weak_text_color());
    let header_bottom = strip.top() + 4.0 + header.size().y;
    painter.galley(
        egui::pos2(strip.center().x - header.size().x / 2.0, strip.top() + 4.0),
        header,
        colour,
    );
    if layout.is_empty() {
        return;
    }
    let step = depth_label_step(camera.scale.y);
    let top = camera.to_layout(canvas, canvas.min).y.ceil().max(0.0) as usize;
    let bottom = (camera.to_layout(canvas, canvas.max).y.floor().max(0.0) as usize)
        .min(layout.depth_count() - 1);
    for layer in (top..=bottom).filter(|layer| layer % step == 0) {
        let y = camera.to_screen(canvas, 0.0, layer as f32).y;
        let text = layout.layer_depth(layer).to_string();
        let galley = painter.layout_no_wrap(text, font.clone(), colour);
        let at = egui::pos2(
            strip.right() - 5.0 - galley.size().x,
            y - galley.size().y / 2.0,
        );
        if at.y >= header_bottom {
            painter.galley(at, galley, colour);
        }
    }
}
