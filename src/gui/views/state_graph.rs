//! The state graph view: every state of an analysis in layers by depth,
//! coloured (and shaped) by label, with the primary breadth-first tree drawn
//! solid and the other parents faint; zoom, pan, a board in the tooltip and
//! a click that picks a state.
//!
//! It stays fast on big graphs by drawing only what is on screen (each
//! layer is sorted by `x`, so the visible states are two binary searches
//! away) and by drawing a layer whose states are closer than
//! [`MIN_PX_PER_NODE`] pixels as bins of pixels shaded by their label mix,
//! with one bundled tree edge per bin, instead of one node per state. All
//! nodes, bins and edges go into two meshes built here, so that egui does not
//! tessellate thousands of shapes.

use std::any::Any;
use std::ops::Range;
use std::sync::{Arc, Weak};

use egui::{
    vec2, Color32, Mesh, Pos2, Rect, Response, Role, Sense, Shape, Stroke, Ui, Vec2, WidgetInfo,
};

use super::graph_layout::{Bin, GraphLayout, LabelCounts, LABELS};
use super::picture_painter;
use crate::engine::{GraphView, Label, Route};
use crate::kinds::skiddy::label_name;
use crate::picture::Picture;
use crate::words::counted;

/// States closer than this many pixels are drawn as bins, not one by one.
pub const MIN_PX_PER_NODE: f32 = 2.0;
/// Width of one bin in pixels.
const BIN_PX: f32 = 3.0;
/// The most pixels per layout unit within a layer.
const MAX_PX_PER_SLOT: f32 = 48.0;
/// The largest gap between layers, in pixels.
const MAX_LAYER_GAP: f32 = 140.0;
/// The largest gap between layers when the whole graph is fitted.
const FIT_MAX_LAYER_GAP: f32 = 90.0;
/// Pixels kept free around the fitted graph.
const MARGIN: f32 = 18.0;
/// The zoom [`StateGraphView::centre_on`] goes to.
const CENTRE_SCALE: Vec2 = vec2(16.0, 100.0);
/// How much one point of scrolling zooms (as an exponent).
const ZOOM_PER_POINT: f32 = 1.0 / 240.0;
/// The most other-parent edges drawn in one frame (estimated).
const MAX_OTHER_EDGES: usize = 20_000;
/// The least pick distance, in pixels.
const PICK_PX: f32 = 5.0;

/// The graph the view shows, whatever the kind: the explored states, the
/// allocation that owns them (it tells one analysis from the next, so the
/// layout is computed once per analysis) and the kind's picture of a
/// state's board for the tooltip.
pub struct GraphSource<'a> {
    /// The allocation holding the graph, e.g. the analysis's `Arc`.
    pub owner: Weak<dyn Any + Send + Sync>,
    /// The explored and labelled states.
    pub graph: &'a dyn GraphView,
    /// The board of state `id`, in cells.
    pub board: &'a dyn Fn(u32) -> Picture,
}

impl<'a> GraphSource<'a> {
    /// The graph `graph` held by `owner`, its states drawn by `board`.
    pub fn new<T: Any + Send + Sync>(
        owner: &Arc<T>,
        graph: &'a dyn GraphView,
        board: &'a dyn Fn(u32) -> Picture,
    ) -> GraphSource<'a> {
        let owner: Weak<T> = Arc::downgrade(owner);
        GraphSource {
            owner,
            graph,
            board,
        }
    }
}

/// Whether two owners are the same allocation.
fn same_owner(a: &Weak<dyn Any + Send + Sync>, b: &Weak<dyn Any + Send + Sync>) -> bool {
    std::ptr::addr_eq(a.as_ptr(), b.as_ptr())
}

/// What the user did in the view this frame.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GraphResponse {
    /// The state clicked, if any.
    pub clicked: Option<u32>,
    /// The state under the pointer, if any.
    pub hovered: Option<u32>,
}

/// The fill colour of a label.
pub fn label_colour(label: Label) -> Color32 {
    match label {
        Label::Won => Color32::from_rgb(0, 158, 115),
        Label::Preferred => Color32::from_rgb(0, 114, 178),
        Label::Ok => Color32::from_rgb(230, 159, 0),
        Label::DeadEnd => Color32::from_rgb(176, 48, 56),
    }
}

/// A unit outline per label, so that labels differ in shape as well as in
/// colour: Won a diamond, MaxCombo a circle, Ok a square, DeadEnd a
/// triangle pointing down.
fn label_outline(label: Label) -> &'static [Vec2] {
    const S: f32 = 0.86;
    const DIAMOND: [Vec2; 4] = [
        vec2(0.0, -1.3),
        vec2(1.3, 0.0),
        vec2(0.0, 1.3),
        vec2(-1.3, 0.0),
    ];
    const SQUARE: [Vec2; 4] = [vec2(-S, -S), vec2(S, -S), vec2(S, S), vec2(-S, S)];
    const TRIANGLE: [Vec2; 3] = [vec2(-1.15, -0.75), vec2(1.15, -0.75), vec2(0.0, 1.2)];
    const CIRCLE: [Vec2; 10] = [
        vec2(1.0, 0.0),
        vec2(0.809, 0.588),
        vec2(0.309, 0.951),
        vec2(-0.309, 0.951),
        vec2(-0.809, 0.588),
        vec2(-1.0, 0.0),
        vec2(-0.809, -0.588),
        vec2(-0.309, -0.951),
        vec2(0.309, -0.951),
        vec2(0.809, -0.588),
    ];
    match label {
        Label::Won => &DIAMOND,
        Label::Preferred => &CIRCLE,
        Label::Ok => &SQUARE,
        Label::DeadEnd => &TRIANGLE,
    }
}

/// Adds a line as a quad; lines thinner than a pixel are drawn a pixel
/// wide and fainter.
fn add_line(mesh: &mut Mesh, a: Pos2, b: Pos2, width: f32, colour: Color32) {
    let d = b - a;
    let len = d.length();
    if len < 0.01 {
        return;
    }
    let (width, colour) = if width < 1.0 {
        (1.0, colour.gamma_multiply(width))
    } else {
        (width, colour)
    };
    let n = vec2(-d.y, d.x) * (width / 2.0 / len);
    let i = mesh.vertices.len() as u32;
    mesh.colored_vertex(a + n, colour);
    mesh.colored_vertex(a - n, colour);
    mesh.colored_vertex(b - n, colour);
    mesh.colored_vertex(b + n, colour);
    mesh.add_triangle(i, i + 1, i + 2);
    mesh.add_triangle(i, i + 2, i + 3);
}

/// Adds a convex polygon (a unit outline scaled by `r`) as a triangle fan.
fn add_polygon(mesh: &mut Mesh, centre: Pos2, outline: &[Vec2], r: f32, colour: Color32) {
    let i = mesh.vertices.len() as u32;
    for &p in outline {
        mesh.colored_vertex(centre + p * r, colour);
    }
    for k in 1..outline.len() as u32 - 1 {
        mesh.add_triangle(i, i + k, i + k + 1);
    }
}

/// Adds one node: its label's shape, with a dark rim when there is room.
fn add_node(mesh: &mut Mesh, centre: Pos2, r: f32, label: Label, rim: Color32) {
    if r < 2.5 {
        mesh.add_colored_rect(
            Rect::from_center_size(centre, Vec2::splat(2.0 * r)),
            label_colour(label),
        );
        return;
    }
    let outline = label_outline(label);
    add_polygon(mesh, centre, outline, r + 1.2, rim);
    add_polygon(mesh, centre, outline, r, label_colour(label));
}

/// The view's camera: the layout point at the centre of the canvas and the
/// pixels per layout unit on each axis (within a layer, between layers).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Camera {
    centre: Vec2,
    scale: Vec2,
}

impl Camera {
    /// The camera that shows the whole layout in `rect`.
    fn fit(layout: &GraphLayout, rect: Rect) -> Camera {
        let (lo, hi) = layout.x_range();
        let last = layout.depth_count().saturating_sub(1) as f32;
        let room = (rect.size() - Vec2::splat(2.0 * MARGIN)).max(Vec2::splat(10.0));
        Camera {
            centre: vec2((lo + hi) / 2.0, last / 2.0),
            scale: vec2(
                (room.x / (hi - lo).max(1.0)).min(MAX_PX_PER_SLOT),
                (room.y / last.max(1.0)).min(FIT_MAX_LAYER_GAP),
            ),
        }
    }

    fn to_screen(self, rect: Rect, x: f32, y: f32) -> Pos2 {
        rect.center() + (vec2(x, y) - self.centre) * self.scale
    }

    fn to_layout(self, rect: Rect, p: Pos2) -> Vec2 {
        self.centre + (p - rect.center()) / self.scale
    }

    /// Zooms by `factor` keeping the layout point under `anchor` in place;
    /// `fit` bounds how far out it goes.
    fn zoom(&mut self, rect: Rect, anchor: Pos2, factor: f32, fit: Camera) {
        let under = self.to_layout(rect, anchor);
        let (min, max) = fit.zoom_limits();
        self.scale = (self.scale * factor).clamp(min, max);
        self.centre = under - (anchor - rect.center()) / self.scale;
    }

    /// The least and the greatest scale, for this fitted camera: half the
    /// fitted scale, and single states a good size.
    fn zoom_limits(self) -> (Vec2, Vec2) {
        let max = vec2(MAX_PX_PER_SLOT, MAX_LAYER_GAP).max(self.scale);
        (self.scale * 0.5, max)
    }

    /// The node radius at this zoom.
    fn node_radius(self) -> f32 {
        (self.scale.x * 0.38)
            .min(self.scale.y * 0.3)
            .clamp(1.0, 8.0)
    }

    /// Half the height of a layer's band of bins.
    fn band(self) -> f32 {
        (self.scale.y * 0.3).clamp(1.5, 10.0)
    }
}

/// The cached layout and the analysis it belongs to. The weak pointer keeps
/// the allocation alive, so its address cannot be reused by another
/// analysis while it is cached.
struct CachedLayout {
    owner: Weak<dyn Any + Send + Sync>,
    layout: Arc<GraphLayout>,
}

/// What the last frame drew, for hit tests and tests.
#[derive(Clone, Copy, Debug)]
struct LastFrame {
    canvas: Rect,
    camera: Camera,
}

/// Colours of one frame's drawing.
struct Palette {
    tree_edge: Color32,
    other_edge: Color32,
    bundle: Color32,
    rim: Color32,
    highlight: Color32,
    ring: Color32,
}

impl Palette {
    fn of(ui: &Ui) -> Palette {
        let visuals = ui.visuals();
        let text = visuals.strong_text_color();
        Palette {
            tree_edge: text.gamma_multiply(0.55),
            other_edge: visuals.weak_text_color().gamma_multiply(0.35),
            bundle: text.gamma_multiply(0.15),
            rim: visuals.extreme_bg_color.lerp_to_gamma(text, 0.75),
            highlight: Color32::from_rgb(204, 51, 170),
            ring: text,
        }
    }
}

/// What one frame left out or summed up, for the note under the graph.
#[derive(Clone, Copy, Debug, Default)]
struct Drawn {
    other_edges_skipped: bool,
    any_dense: bool,
}

/// The state graph view: zoom and pan, the layout of the analysis it last
/// showed, and whether other-parent edges are drawn.
pub struct StateGraphView {
    /// `None` follows the fitted view (also as the canvas resizes).
    camera: Option<Camera>,
    centre_request: Option<(u32, Vec2)>,
    show_other_parents: bool,
    cache: Option<CachedLayout>,
    last: Option<LastFrame>,
    bins: Vec<Bin>,
    plans: Vec<LayerPlan>,
    /// Vertices of the edge and node meshes last frame, to reserve.
    mesh_sizes: [usize; 2],
}

impl Default for StateGraphView {
    fn default() -> Self {
        StateGraphView::new()
    }
}

impl StateGraphView {
    /// A view that fits the whole graph and draws other-parent edges.
    pub fn new() -> StateGraphView {
        StateGraphView {
            camera: None,
            centre_request: None,
            show_other_parents: true,
            cache: None,
            last: None,
            bins: Vec::new(),
            plans: Vec::new(),
            mesh_sizes: [0; 2],
        }
    }

    /// Shows the whole graph (as the "Fit" button does).
    pub fn fit(&mut self) {
        self.camera = None;
    }

    /// Centres the view on state `id`, zoomed in far enough to see single
    /// states, from the next frame on.
    pub fn centre_on(&mut self, id: u32) {
        self.look_at(id, CENTRE_SCALE);
    }

    /// Centres the view on state `id` at `scale` (points per layout unit
    /// within a layer, and between layers), from the next frame on; the
    /// scale is kept between the fitted view and the largest zoom.
    pub fn look_at(&mut self, id: u32, scale: Vec2) {
        self.centre_request = Some((id, scale));
    }

    /// Whether other-parent edges are drawn.
    pub fn shows_other_parents(&self) -> bool {
        self.show_other_parents
    }

    /// Draws or hides the other-parent edges.
    pub fn set_show_other_parents(&mut self, show: bool) {
        self.show_other_parents = show;
    }

    /// The layout of the analysis last shown, if any.
    pub fn layout(&self) -> Option<&GraphLayout> {
        self.cache.as_ref().map(|c| c.layout.as_ref())
    }

    /// Where the last frame drew state `id` (its centre, in points), if the
    /// view has been shown.
    pub fn screen_pos(&self, id: u32) -> Option<Pos2> {
        let (layout, last) = (self.layout()?, self.last?);
        ((id as usize) < layout.len()).then(|| {
            let (x, y) = layout.position(id);
            last.camera.to_screen(last.canvas, x, y)
        })
    }

    /// The layout of `source`, computed once per owner and cached.
    fn layout_for(&mut self, source: &GraphSource<'_>) -> Arc<GraphLayout> {
        match &self.cache {
            Some(c) if same_owner(&c.owner, &source.owner) => c.layout.clone(),
            _ => {
                let layout = Arc::new(GraphLayout::of(source.graph));
                self.cache = Some(CachedLayout {
                    owner: source.owner.clone(),
                    layout: layout.clone(),
                });
                self.camera = None;
                layout
            }
        }
    }

    /// Shows the view: a bar with "Fit", "Other parents" and the legend, and
    /// the graph below it filling the rest of `ui`. `highlight` is a way
    /// from the start (state ids) to draw on top, thick; its last state is
    /// marked as the selected one.
    pub fn show(
        &mut self,
        ui: &mut Ui,
        source: &GraphSource<'_>,
        highlight: &[u32],
    ) -> GraphResponse {
        let layout = self.layout_for(source);
        ui.horizontal_wrapped(|ui| self.bar(ui));
        ui.weak(format!(
            "{} in {} · scroll to zoom, drag to pan, click to select",
            counted(layout.len() as u64, "state", "states"),
            counted(layout.depth_count() as u64, "layer", "layers")
        ));
        let size = ui.available_size().max(vec2(120.0, 120.0));
        let (canvas, response) = ui.allocate_exact_size(size, Sense::click_and_drag());
        response.widget_info(|| WidgetInfo::labeled(Role::Canvas, true, "State graph"));

        let fit = Camera::fit(&layout, canvas);
        let mut camera = self.camera.unwrap_or(fit);
        if let Some((id, scale)) = self.centre_request.take() {
            if (id as usize) < layout.len() {
                let (x, y) = layout.position(id);
                let (min, max) = fit.zoom_limits();
                camera = Camera {
                    centre: vec2(x, y),
                    scale: scale.clamp(min, max),
                };
                self.camera = Some(camera);
            }
        }
        if let Some(moved) = self.navigate(ui, &response, canvas, camera, fit) {
            camera = moved;
            self.camera = Some(camera);
        }
        self.last = Some(LastFrame { canvas, camera });

        let pointer = response.hover_pos();
        let hovered = pointer.and_then(|p| pick(&layout, camera, canvas, p));
        let clicked = if response.clicked() { hovered } else { None };

        let painter = ui.painter_at(canvas);
        painter.rect_filled(canvas, 0.0, ui.visuals().extreme_bg_color);
        let palette = Palette::of(ui);
        let drawn = self.paint_graph(&painter, &layout, source.graph, camera, canvas, &palette);
        paint_path(&painter, &layout, camera, canvas, highlight, &palette);
        if let Some(id) = hovered {
            let (x, y) = layout.position(id);
            let r = camera.node_radius().max(3.0) + 3.0;
            painter.circle_stroke(
                camera.to_screen(canvas, x, y),
                r,
                Stroke::new(2.0, palette.ring),
            );
        }
        let note = if drawn.other_edges_skipped {
            Some((
                "Too many other-parent edges here to draw: zoom in to see them",
                ui.visuals().warn_fg_color,
            ))
        } else if drawn.any_dense {
            Some((
                "Dense layers are drawn as bins by label mix: zoom in for single states",
                ui.visuals().weak_text_color(),
            ))
        } else {
            None
        };
        if let Some((text, colour)) = note {
            let galley =
                painter.layout_no_wrap(text.to_owned(), egui::FontId::proportional(12.0), colour);
            let at = canvas.left_bottom() + vec2(6.0, -6.0 - galley.size().y);
            let back = Rect::from_min_size(at, galley.size()).expand(3.0);
            painter.rect_filled(back, 3.0, ui.visuals().extreme_bg_color);
            painter.galley(at, galley, colour);
        }
        if let Some(id) = hovered {
            response.on_hover_ui_at_pointer(|ui| {
                state_tooltip(ui, source, &layout, camera, id);
            });
        }
        GraphResponse { clicked, hovered }
    }

    /// The bar above the graph.
    fn bar(&mut self, ui: &mut Ui) {
        if ui
            .button("Fit")
            .on_hover_text("Show the whole graph")
            .clicked()
        {
            self.fit();
        }
        ui.checkbox(&mut self.show_other_parents, "Other parents")
            .on_hover_text(
                "Also draw the edges from parents other than the one that found a state first",
            );
        ui.separator();
        for label in LABELS {
            let (rect, _) = ui.allocate_exact_size(vec2(14.0, 14.0), Sense::hover());
            let mut mesh = Mesh::default();
            add_node(&mut mesh, rect.center(), 5.0, label, Palette::of(ui).rim);
            ui.painter().add(Shape::mesh(mesh));
            ui.label(label_name(label));
        }
        ui.separator();
        let (rect, _) = ui.allocate_exact_size(vec2(18.0, 14.0), Sense::hover());
        let palette = Palette::of(ui);
        ui.painter().line_segment(
            [rect.left_center(), rect.right_center()],
            Stroke::new(1.5, palette.tree_edge),
        );
        ui.label("first parent (BFS tree)");
        let (rect, _) = ui.allocate_exact_size(vec2(18.0, 14.0), Sense::hover());
        ui.painter().line_segment(
            [rect.left_center(), rect.right_center()],
            Stroke::new(1.0, palette.other_edge),
        );
        ui.label("other parent");
    }

    /// Applies dragging and zooming; returns the moved camera, if it moved.
    fn navigate(
        &self,
        ui: &Ui,
        response: &Response,
        canvas: Rect,
        camera: Camera,
        fit: Camera,
    ) -> Option<Camera> {
        let mut moved = camera;
        if response.dragged() {
            moved.centre -= response.drag_delta() / moved.scale;
        }
        if let Some(anchor) = response.hover_pos() {
            let (scroll, zoom) = ui.input(|i| (i.smooth_scroll_delta().y, i.zoom_delta()));
            let factor = zoom * (scroll * ZOOM_PER_POINT).exp();
            if factor != 1.0 {
                moved.zoom(canvas, anchor, factor, fit);
                ui.input_mut(|i| i.smooth_scroll_delta = Vec2::ZERO);
            }
        }
        (moved != camera).then_some(moved)
    }

    /// Draws edges, then nodes and bins, of the layers on screen.
    fn paint_graph(
        &mut self,
        painter: &egui::Painter,
        layout: &GraphLayout,
        view: &dyn GraphView,
        camera: Camera,
        canvas: Rect,
        palette: &Palette,
    ) -> Drawn {
        let mut drawn = Drawn::default();
        if layout.is_empty() {
            return drawn;
        }
        self.plan(layout, camera, canvas);
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
                if let Some(p) = primary {
                    let from = screen(layout.x(p), y - 1.0);
                    add_line(&mut edges, from, here, tree_width, palette.tree_edge);
                }
                if other_parents {
                    for &p in view.predecessors(id) {
                        if Some(p) == primary {
                            continue;
                        }
                        let (px, py) = layout.position(p);
                        let from = screen(px, py);
                        if py == y {
                            // Same layer: bow upwards, off the row of nodes.
                            let mid = screen((px + xs[i]) / 2.0, y - 0.35);
                            add_line(&mut edges, from, mid, 0.8, palette.other_edge);
                            add_line(&mut edges, mid, here, 0.8, palette.other_edge);
                        } else {
                            add_line(&mut edges, from, here, 0.8, palette.other_edge);
                        }
                    }
                }
                if plan.on_screen && plan.narrow.contains(&i) {
                    add_node(&mut nodes, here, r, layout.label(id), palette.rim);
                }
            }
        }
        self.bins = bins;
        self.mesh_sizes = [edges.vertices.len(), nodes.vertices.len()];
        painter.add(Shape::mesh(edges));
        painter.add(Shape::mesh(nodes));
        drawn
    }

    /// Decides, layer by layer, which states are on screen and whether the
    /// layer is drawn as bins.
    fn plan(&mut self, layout: &GraphLayout, camera: Camera, canvas: Rect) {
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
        if bottom < 0.0 || top > last as f32 + 1.0 {
            return;
        }
        // Layers `top..=bottom` are on screen; the one below the screen is
        // planned too, for its edges up.
        let first_layer = top.ceil().max(0.0) as usize;
        let below = (bottom.floor() + 1.0) as usize;
        let last_layer = below.min(last);
        for depth in first_layer..=last_layer {
            let narrow = layout.visible(depth, x0, x1);
            let xs = layout.layer_xs(depth);
            let dense = narrow.len() >= 2 && {
                let span = (xs[narrow.end - 1] - xs[narrow.start]) * camera.scale.x;
                narrow.len() as f32 * MIN_PX_PER_NODE > span + MIN_PX_PER_NODE
            };
            let wide = if dense {
                narrow.clone()
            } else {
                layout.visible(depth, x0 - reach, x1 + reach)
            };
            self.plans.push(LayerPlan {
                depth,
                on_screen: depth < below,
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
struct LayerPlan {
    depth: usize,
    /// Whether its nodes are on screen (else only its edges up are).
    on_screen: bool,
    /// The layout range on screen.
    x0: f32,
    x1: f32,
    /// Its states on screen (indices into its layer order).
    narrow: Range<usize>,
    /// Its states whose edges are drawn.
    wide: Range<usize>,
    /// Whether it is drawn as bins.
    dense: bool,
}

/// Adds a bin: a rectangle split top to bottom by its label mix (Won,
/// MaxCombo, Ok, DeadEnd), the more opaque the more of its width is filled
/// with states.
fn add_bin(mesh: &mut Mesh, rect: Rect, counts: LabelCounts, width: f32) {
    let total = counts.total();
    if total == 0 {
        return;
    }
    let fill = (total as f32 / width.max(1.0)).min(1.0);
    let alpha = 0.4 + 0.6 * fill;
    let mut top = rect.top();
    for label in LABELS {
        let n = counts.get(label);
        if n == 0 {
            continue;
        }
        let h = rect.height() * n as f32 / total as f32;
        let part = Rect::from_x_y_ranges(rect.x_range(), top..=top + h);
        mesh.add_colored_rect(part, label_colour(label).gamma_multiply(alpha));
        top += h;
    }
}

/// The state under `pointer`: the nearest state of the nearest layer, if
/// it is within a node's size (or a few pixels) of it.
fn pick(layout: &GraphLayout, camera: Camera, canvas: Rect, pointer: Pos2) -> Option<u32> {
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

/// Draws the highlighted way: a thick line through its states, a ring on
/// each, and a bigger ring on the last one.
fn paint_path(
    painter: &egui::Painter,
    layout: &GraphLayout,
    camera: Camera,
    canvas: Rect,
    highlight: &[u32],
    palette: &Palette,
) {
    let points: Vec<Pos2> = highlight
        .iter()
        .filter(|&&id| (id as usize) < layout.len())
        .map(|&id| {
            let (x, y) = layout.position(id);
            camera.to_screen(canvas, x, y)
        })
        .collect();
    let Some(&last) = points.last() else {
        return;
    };
    let stroke = Stroke::new(4.0, palette.highlight);
    if points.len() >= 2 {
        painter.add(Shape::line(points.clone(), stroke));
    }
    let r = camera.node_radius().max(3.0);
    for &p in &points {
        painter.circle_stroke(p, r + 1.5, Stroke::new(2.0, palette.highlight));
    }
    painter.circle_stroke(last, r + 5.0, Stroke::new(3.0, palette.highlight));
}

/// The tooltip of a state: its board, id, depth, label and distance to a
/// win, and the label mix of its bin when its layer is drawn as bins.
fn state_tooltip(
    ui: &mut Ui,
    source: &GraphSource<'_>,
    layout: &GraphLayout,
    camera: Camera,
    id: u32,
) {
    let board = (source.board)(id);
    let (w, h) = (board.width.max(1.0), board.height.max(1.0));
    let cell = (160.0 / w.max(h)).min(20.0);
    let (rect, _) = ui.allocate_exact_size(vec2(cell * w, cell * h), Sense::hover());
    picture_painter::paint(ui.painter(), rect, &board);
    let depth = layout.depth(id);
    let label = layout.label(id);
    ui.label(format!("State {id} · depth {depth}"));
    ui.colored_label(label_colour(label), label_name(label));
    let distance = source.graph.distance(Route::Any, id);
    ui.label(match distance {
        Some(0) => "Won".to_owned(),
        Some(1) => "1 move to a win".to_owned(),
        Some(n) => format!("{n} moves to a win"),
        None => "No win reachable".to_owned(),
    });
    let width = BIN_PX / camera.scale.x;
    let x = layout.x(id);
    let cell_x0 = (x / width).floor() * width;
    let here = layout.visible(depth, cell_x0, cell_x0 + width);
    if here.len() > 1 {
        let counts = layout.label_counts(depth, here.clone());
        let mix: Vec<String> = LABELS
            .iter()
            .filter(|&&l| counts.get(l) > 0)
            .map(|&l| format!("{} {}", counts.get(l), label_name(l)))
            .collect();
        ui.weak(format!(
            "{} under the pointer: {}",
            counted(here.len() as u64, "state", "states"),
            mix.join(", ")
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Job;
    use crate::gui::kinds::skiddy::board::state_picture;
    use crate::kinds::skiddy::{analyze, parse_level, Analysis};
    use egui::pos2;
    use egui_kittest::{kittest::Queryable, Harness};

    fn analysis_of(name: &str) -> Arc<Analysis> {
        let path = format!("{}/assets/{name}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).expect("asset exists");
        let level = parse_level(&text).expect("asset parses");
        Arc::new(analyze(&level, &Job::default()).expect("asset analyses"))
    }

    struct State {
        view: StateGraphView,
        analysis: Arc<Analysis>,
        highlight: Vec<u32>,
        responses: Vec<GraphResponse>,
    }

    fn harness(name: &str) -> Harness<'static, State> {
        let state = State {
            view: StateGraphView::new(),
            analysis: analysis_of(name),
            highlight: Vec::new(),
            responses: Vec::new(),
        };
        let mut harness = Harness::builder()
            .with_size(vec2(900.0, 600.0))
            .build_ui_state(
                |ui, state: &mut State| {
                    let analysis = state.analysis.clone();
                    let board = move |id| state_picture(&analysis, id);
                    let source = GraphSource::new(&state.analysis, state.analysis.view(), &board);
                    let response = state.view.show(ui, &source, &state.highlight);
                    if let Some(id) = response.clicked {
                        state.highlight = state.view.layout().unwrap().path_from_start(id);
                    }
                    state.responses.push(response);
                },
                state,
            );
        harness.run();
        harness
    }

    fn click_at(harness: &mut Harness<'_, State>, pos: Pos2) {
        harness.hover_at(pos);
        harness.run();
        for pressed in [true, false] {
            harness.event(egui::Event::PointerButton {
                pos,
                button: egui::PointerButton::Primary,
                pressed,
                modifiers: egui::Modifiers::NONE,
            });
        }
        harness.run();
    }

    #[test]
    fn clicking_a_node_reports_its_id_and_the_app_can_highlight_its_way() {
        let mut harness = harness("crate-push.txt");
        let _ = harness.get_by_label("Fit");
        let _ = harness.get_by_label("Other parents");
        let _ = harness.get_by_label("State graph");
        let layout = harness.state().view.layout().unwrap().clone();
        // The deepest layer's first state, and one in the middle layer.
        let deep = layout.layer_order(layout.depth_count() - 1)[0];
        let mid_layer = layout.layer_order(layout.depth_count() / 2);
        let mid = mid_layer[mid_layer.len() / 2];
        for id in [deep, mid] {
            let pos = harness.state().view.screen_pos(id).unwrap();
            harness.state_mut().responses.clear();
            click_at(&mut harness, pos);
            let state = harness.state();
            assert!(
                state.responses.iter().any(|r| r.hovered == Some(id)),
                "hovering {id} at {pos:?}"
            );
            let clicked: Vec<u32> = state.responses.iter().filter_map(|r| r.clicked).collect();
            assert_eq!(clicked, vec![id]);
            assert_eq!(state.highlight, layout.path_from_start(id));
        }
    }

    #[test]
    fn a_click_beside_every_node_picks_nothing() {
        let mut harness = harness("1-1.txt");
        let layout = harness.state().view.layout().unwrap().clone();
        let last = harness.state().view.last.unwrap();
        // Halfway between two layers no state is hit.
        let y = last.camera.to_screen(last.canvas, 0.0, 0.5).y;
        let x = harness.state().view.screen_pos(0).unwrap().x;
        harness.state_mut().responses.clear();
        click_at(&mut harness, pos2(x, y));
        assert!(layout.depth_count() >= 2);
        assert!(harness
            .state()
            .responses
            .iter()
            .all(|r| r.clicked.is_none()));
    }

    #[test]
    fn fit_undoes_zoom_and_other_parents_toggles() {
        let mut harness = harness("four-colours.txt");
        let before = harness.state().view.last.unwrap().camera;
        let centre = harness.state().view.last.unwrap().canvas.center();
        harness.hover_at(centre);
        harness.event(egui::Event::MouseWheel {
            unit: egui::MouseWheelUnit::Point,
            delta: vec2(0.0, 300.0),
            phase: egui::TouchPhase::Move,
            source: egui::MouseWheelSource::Unknown,
            modifiers: egui::Modifiers::NONE,
        });
        harness.run();
        let zoomed = harness.state().view.last.unwrap().camera;
        assert!(
            zoomed.scale.x > before.scale.x * 1.5,
            "{zoomed:?} vs {before:?}"
        );
        harness.get_by_label("Fit").click();
        harness.run();
        assert_eq!(harness.state().view.last.unwrap().camera, before);

        assert!(harness.state().view.shows_other_parents());
        harness.get_by_label("Other parents").click();
        harness.run();
        assert!(!harness.state().view.shows_other_parents());
    }

    #[test]
    fn a_new_analysis_gets_a_new_layout() {
        let mut harness = harness("1-1.txt");
        let small = harness.state().view.layout().unwrap().len();
        harness.state_mut().analysis = analysis_of("crate-push.txt");
        harness.run();
        let big = harness.state().view.layout().unwrap().len();
        assert_eq!(big, harness.state().analysis.state_count());
        assert_ne!(small, big);
    }
}

#[cfg(test)]
mod plan_tests {
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
        view.plan(&layout, camera, canvas);
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
        view.plan(&layout, camera, canvas);
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
    }
}
