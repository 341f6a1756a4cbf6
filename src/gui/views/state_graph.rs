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
//! nodes, bins and edges go into meshes built here, so that egui does not
//! tessellate thousands of shapes. A bin holding a dead end gets a red mark
//! of a least size, drawn last, so dead ends show at every zoom.
//!
//! The view can also show only the dead ends and the winnable states with
//! a trap into them ([`DeadEndGraph`]), with the trap moves drawn red. The
//! layers carry their depth on the left, a minimap shows where the view is
//! when the graph does not fit, and the legend says what each label means.

use std::any::Any;
use std::ops::Range;
use std::sync::{Arc, Weak};

use egui::{
    vec2, Color32, Mesh, Pos2, Rect, Response, Role, Sense, Shape, Stroke, Ui, Vec2, WidgetInfo,
};

use super::dead_end_graph::DeadEndGraph;
use super::graph_layout::{Bin, GraphLayout, LABELS};
use super::graph_minimap::{minimap_rect, MinimapMap};
use super::graph_paint::{
    add_bin, add_dead_end_mark, add_line, add_node, dead_end_mark, depth_label_step, label_colour,
    label_words as label_words_default, DEAD_END_MIN_RADIUS,
};
use super::legend::legend_entry;
use super::{graph_minimap, picture_painter};
use crate::engine::{GraphView, Label, Route};
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
/// The dead-ends view of at most this many states draws every edge, on
/// screen or not (a trap move can span many layers).
const EVERY_EDGE_STATES: usize = 20_000;
/// The least pick distance, in pixels.
const PICK_PX: f32 = 5.0;
/// Height of the heading of the depth labels ("depth"), kept free above
/// the graph.
const DEPTH_HEADING: f32 = 16.0;
/// The words of the switch to the dead ends and the traps into them.
pub const DEAD_ENDS_ONLY: &str = "Only the dead ends and the traps into them";
/// Width of the strip left of the graph that holds the depth labels.
const DEPTH_GUTTER: f32 = 34.0;

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
    /// What each label means for this kind, in the legend's words.
    pub label_words: fn(Label) -> &'static str,
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
            label_words: label_words_default,
        }
    }

    /// The same source with the legend's words for each label replaced (a
    /// kind without combos says "winnable" for the preferred label).
    pub fn with_label_words(self, label_words: fn(Label) -> &'static str) -> GraphSource<'a> {
        GraphSource {
            label_words,
            ..self
        }
    }
}

/// Where a dead end is drawn: the mark of a bin (or a single dead-end
/// node) and the number of dead ends in it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DeadEndMark {
    /// The mark on screen, in points.
    pub rect: Rect,
    /// The dead ends it stands for.
    pub dead_ends: u32,
}

/// The graph the view draws this frame: the whole graph, or only its dead
/// ends and the traps into them (in the part's own ids).
#[derive(Clone, Copy)]
enum Shown<'a> {
    Whole(&'a dyn GraphView),
    DeadEnds(&'a DeadEndGraph),
}

impl Shown<'_> {
    /// The states with a move into layout state `id`, in layout ids.
    fn predecessors(&self, id: u32) -> &[u32] {
        match self {
            Shown::Whole(view) => view.predecessors(id),
            Shown::DeadEnds(part) => part.predecessors(id),
        }
    }

    /// The graph id of layout state `id`.
    fn graph_id(&self, id: u32) -> u32 {
        match self {
            Shown::Whole(_) => id,
            Shown::DeadEnds(part) => part.graph_id(id),
        }
    }

    /// The layout id of graph state `id`, if it is shown.
    fn layout_id(&self, id: u32) -> Option<u32> {
        match self {
            Shown::Whole(view) => ((id as usize) < view.len()).then_some(id),
            Shown::DeadEnds(part) => part.local_id(id),
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

    /// Whether the whole layout is on `canvas`.
    fn shows_all(self, layout: &GraphLayout, canvas: Rect) -> bool {
        let (lo, hi) = layout.x_range();
        let last = layout.depth_count().saturating_sub(1) as f32;
        let (a, b) = (
            self.to_layout(canvas, canvas.min),
            self.to_layout(canvas, canvas.max),
        );
        a.x <= lo + 1e-3 && hi <= b.x + 1e-3 && a.y <= 1e-3 && last <= b.y + 1e-3
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
    /// The dead ends and the traps into them, once asked for.
    dead_ends: Option<Arc<DeadEndGraph>>,
}

/// What the last frame drew, for hit tests and tests.
#[derive(Clone, Copy, Debug)]
struct LastFrame {
    canvas: Rect,
    camera: Camera,
    /// The minimap's box, if it was shown.
    minimap: Option<Rect>,
}

/// Colours of one frame's drawing.
struct Palette {
    tree_edge: Color32,
    other_edge: Color32,
    bundle: Color32,
    rim: Color32,
    highlight: Color32,
    ring: Color32,
    trap_edge: Color32,
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
            trap_edge: label_colour(Label::DeadEnd),
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
/// showed, whether other-parent edges are drawn, whether only the dead ends
/// and the traps into them are shown, and whether the minimap is.
pub struct StateGraphView {
    /// `None` follows the fitted view (also as the canvas resizes).
    camera: Option<Camera>,
    centre_request: Option<(u32, Vec2)>,
    show_other_parents: bool,
    dead_ends_only: bool,
    show_minimap: bool,
    cache: Option<CachedLayout>,
    last: Option<LastFrame>,
    bins: Vec<Bin>,
    plans: Vec<LayerPlan>,
    /// The dead ends drawn last frame.
    marks: Vec<DeadEndMark>,
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
            dead_ends_only: false,
            show_minimap: true,
            cache: None,
            last: None,
            bins: Vec::new(),
            plans: Vec::new(),
            marks: Vec::new(),
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

    /// Whether only the dead ends and the traps into them are shown.
    pub fn shows_dead_ends_only(&self) -> bool {
        self.dead_ends_only
    }

    /// Shows only the dead ends and the traps into them, or the whole
    /// graph; either way fitted.
    pub fn set_dead_ends_only(&mut self, only: bool) {
        if only != self.dead_ends_only {
            self.dead_ends_only = only;
            self.camera = None;
        }
    }

    /// Whether the minimap is shown when the graph does not fit.
    pub fn shows_minimap(&self) -> bool {
        self.show_minimap
    }

    /// The layout of the analysis last shown, if any.
    pub fn layout(&self) -> Option<&GraphLayout> {
        self.cache.as_ref().map(|c| c.layout.as_ref())
    }

    /// The dead ends of the analysis last shown and the traps into them, if
    /// they have been shown.
    pub fn dead_end_graph(&self) -> Option<&DeadEndGraph> {
        self.cache.as_ref()?.dead_ends.as_deref()
    }

    /// Where the last frame drew state `id` (a graph id; its centre, in
    /// points), if the view has been shown and the state is in it.
    pub fn screen_pos(&self, id: u32) -> Option<Pos2> {
        let last = self.last?;
        let (layout, local) = if self.dead_ends_only {
            let part = self.dead_end_graph()?;
            (part.layout(), part.local_id(id)?)
        } else {
            (self.layout()?, id)
        };
        ((local as usize) < layout.len()).then(|| {
            let (x, y) = layout.position(local);
            last.camera.to_screen(last.canvas, x, y)
        })
    }

    /// The minimap's box last frame, if it was shown (the graph did not fit
    /// and the minimap is on).
    pub fn minimap_rect(&self) -> Option<Rect> {
        self.last?.minimap
    }

    /// The canvas the graph was drawn on last frame (right of the depth
    /// labels), if the view has been shown.
    pub fn canvas(&self) -> Option<Rect> {
        self.last.map(|l| l.canvas)
    }

    /// Where the last frame drew dead ends: a mark per bin holding any,
    /// and each dead end drawn on its own.
    pub fn dead_end_marks(&self) -> &[DeadEndMark] {
        &self.marks
    }

    /// The layout of `source`, computed once per owner and cached, and its
    /// dead-end part when that is shown.
    fn layout_for(
        &mut self,
        source: &GraphSource<'_>,
    ) -> (Arc<GraphLayout>, Option<Arc<DeadEndGraph>>) {
        let cached = matches!(&self.cache, Some(c) if same_owner(&c.owner, &source.owner));
        if !cached {
            self.cache = Some(CachedLayout {
                owner: source.owner.clone(),
                layout: Arc::new(GraphLayout::of(source.graph)),
                dead_ends: None,
            });
            self.camera = None;
        }
        let cache = self.cache.as_mut().expect("just filled");
        if self.dead_ends_only && cache.dead_ends.is_none() {
            cache.dead_ends = Some(Arc::new(DeadEndGraph::of(source.graph)));
        }
        let part = cache.dead_ends.clone().filter(|_| self.dead_ends_only);
        (cache.layout.clone(), part)
    }

    /// Shows the view: a bar with "Fit", "Other parents", "Dead ends and
    /// the traps into them", "Minimap" and the legend, and the graph below
    /// it filling the rest of `ui`, each layer's depth on its left.
    /// `highlight` is a way from the start (graph ids) to draw on top,
    /// thick; its last state is marked as the selected one. The states
    /// reported are graph ids, whatever is shown.
    pub fn show(
        &mut self,
        ui: &mut Ui,
        source: &GraphSource<'_>,
        highlight: &[u32],
    ) -> GraphResponse {
        let (whole, part) = self.layout_for(source);
        let (layout, shown) = match part.as_deref() {
            Some(part) => (part.layout(), Shown::DeadEnds(part)),
            None => (whole.as_ref(), Shown::Whole(source.graph)),
        };
        ui.horizontal_wrapped(|ui| self.bar(ui, source.label_words));
        let summary = match shown {
            Shown::DeadEnds(part) => {
                let dead = (0..layout.len() as u32)
                    .filter(|&id| layout.label(id) == Label::DeadEnd)
                    .count() as u64;
                format!(
                    "{} and {} with a move into one ({})",
                    counted(dead, "dead end", "dead ends"),
                    counted(
                        layout.len() as u64 - dead,
                        "winnable state",
                        "winnable states"
                    ),
                    counted(part.trap_moves() as u64, "trap move", "trap moves")
                )
            }
            Shown::Whole(_) => format!(
                "{} in {}",
                counted(layout.len() as u64, "state", "states"),
                counted(layout.depth_count() as u64, "layer", "layers")
            ),
        };
        ui.weak(format!(
            "{summary} · scroll to zoom, drag to pan, click to select"
        ));
        let size = ui.available_size().max(vec2(120.0, 120.0));
        let (area, response) = ui.allocate_exact_size(size, Sense::click_and_drag());
        response.widget_info(|| WidgetInfo::labeled(Role::Canvas, true, "State graph"));
        // Right of the depth labels, below their heading.
        let canvas = Rect::from_min_max(area.min + vec2(DEPTH_GUTTER, DEPTH_HEADING), area.max);

        let fit = Camera::fit(layout, canvas);
        let mut camera = self.camera.unwrap_or(fit);
        if let Some((id, scale)) = self.centre_request.take() {
            if let Some(local) = shown.layout_id(id) {
                let (x, y) = layout.position(local);
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
        let minimap = (self.show_minimap && !camera.shows_all(layout, canvas))
            .then(|| MinimapMap::new(layout, minimap_rect(canvas)));
        if let Some(map) = &minimap {
            let on_map = ui.interact(
                map.rect,
                ui.scope_id().with("state graph minimap"),
                Sense::click_and_drag(),
            );
            if on_map.is_pointer_button_down_on() || on_map.clicked() {
                if let Some(p) = on_map.interact_pointer_pos() {
                    camera.centre = map.to_layout(p);
                    self.camera = Some(camera);
                }
            }
        }
        self.last = Some(LastFrame {
            canvas,
            camera,
            minimap: minimap.map(|m| m.rect),
        });

        let pointer = response
            .hover_pos()
            .filter(|&p| canvas.contains(p) && !minimap.is_some_and(|m| m.rect.contains(p)));
        let hovered = pointer.and_then(|p| pick(layout, camera, canvas, p));
        let clicked = if response.clicked() { hovered } else { None };

        let painter = ui.painter_at(area);
        painter.rect_filled(area, 0.0, ui.visuals().extreme_bg_color);
        let palette = Palette::of(ui);
        let drawn = self.paint_graph(&painter, layout, shown, camera, canvas, &palette);
        let way: Vec<Option<u32>> = highlight.iter().map(|&id| shown.layout_id(id)).collect();
        paint_path(&painter, layout, camera, canvas, &way, &palette);
        if let Some(id) = hovered {
            let (x, y) = layout.position(id);
            let r = camera.node_radius().max(3.0) + 3.0;
            painter.circle_stroke(
                camera.to_screen(canvas, x, y),
                r,
                Stroke::new(2.0, palette.ring),
            );
        }
        paint_depths(&painter, ui, layout, camera, canvas, area);
        let note = if drawn.other_edges_skipped {
            Some((
                "Too many other-parent edges here to draw: zoom in to see them",
                ui.visuals().warn_fg_color,
            ))
        } else if drawn.any_dense {
            Some((
                "Dense layers are drawn as bins by label mix, red where a bin holds a dead end: zoom in for single states",
                ui.visuals().weak_text_color(),
            ))
        } else {
            None
        };
        if let Some((text, colour)) = note {
            let galley = painter.layout(
                text.to_owned(),
                egui::FontId::proportional(12.0),
                colour,
                // Left of the minimap, if it is there.
                (minimap.map_or(canvas.right(), |m| m.rect.left()) - canvas.left() - 16.0)
                    .max(60.0),
            );
            let at = canvas.left_bottom() + vec2(6.0, -6.0 - galley.size().y);
            let back = Rect::from_min_size(at, galley.size()).expand(3.0);
            painter.rect_filled(back, 3.0, ui.visuals().extreme_bg_color);
            painter.galley(at, galley, colour);
        }
        if let Some(map) = &minimap {
            let visuals = ui.visuals();
            let view = (
                camera.to_layout(canvas, canvas.min),
                camera.to_layout(canvas, canvas.max),
            );
            let colours = (
                visuals.window_fill,
                visuals.weak_text_color(),
                visuals.strong_text_color(),
            );
            graph_minimap::paint(&painter, layout, map, view, colours, label_colour);
        }
        let hovered_id = hovered.map(|id| shown.graph_id(id));
        if let (Some(local), Some(id)) = (hovered, hovered_id) {
            response.on_hover_ui_at_pointer(|ui| {
                state_tooltip(ui, source, layout, camera, local, id);
            });
        }
        GraphResponse {
            clicked: clicked.map(|id| shown.graph_id(id)),
            hovered: hovered_id,
        }
    }

    /// The bar above the graph: what to show, and the legend.
    fn bar(&mut self, ui: &mut Ui, words: fn(Label) -> &'static str) {
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
        let mut only = self.dead_ends_only;
        ui.checkbox(&mut only, DEAD_ENDS_ONLY).on_hover_text(
            "Show only the dead ends, the winnable states with a move into one, and those moves",
        );
        self.set_dead_ends_only(only);
        ui.checkbox(&mut self.show_minimap, "Minimap")
            .on_hover_text(
                "When the graph does not fit: an overview with the part on screen; click or drag in it to go there",
            );
        ui.separator();
        let palette = Palette::of(ui);
        for (i, &label) in LABELS.iter().enumerate() {
            // A kind whose two winnable labels read the same lists them once.
            if i > 0 && words(LABELS[i - 1]) == words(label) {
                continue;
            }
            let swatch = legend_entry(ui, words(label));
            let mut mesh = Mesh::default();
            add_node(&mut mesh, swatch.center(), 5.0, label, palette.rim);
            ui.painter().add(Shape::mesh(mesh));
        }
        ui.separator();
        for (stroke, text) in [
            (
                Stroke::new(1.5, palette.tree_edge),
                "first parent (BFS tree)",
            ),
            (Stroke::new(1.0, palette.other_edge), "other parent"),
            (
                Stroke::new(2.0, palette.trap_edge),
                "trap (a move into a dead end)",
            ),
        ] {
            let swatch = legend_entry(ui, text);
            ui.painter()
                .line_segment([swatch.left_center(), swatch.right_center()], stroke);
        }
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

    /// Decides, layer by layer, which states are on screen and whether the
    /// layer is drawn as bins.
    /// With `every_edge`, every layer is planned and the edges of all its
    /// states drawn, on screen or not (for a small graph whose edges run
    /// far, as the dead-ends view's do).
    fn plan(&mut self, layout: &GraphLayout, camera: Camera, canvas: Rect, every_edge: bool) {
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
/// each, and a bigger ring on the last one. `way` holds layout ids, `None`
/// for a state not shown (the line breaks there).
fn paint_path(
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
fn paint_depths(
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

/// The tooltip of a state (`local` in the layout, `id` in the graph): its
/// board, id, depth, what its label means and its distance to a win, and
/// the label mix of its bin when its layer is drawn as bins.
fn state_tooltip(
    ui: &mut Ui,
    source: &GraphSource<'_>,
    layout: &GraphLayout,
    camera: Camera,
    local: u32,
    id: u32,
) {
    let board = (source.board)(id);
    let (w, h) = (board.width.max(1.0), board.height.max(1.0));
    let cell = (160.0 / w.max(h)).min(20.0);
    let (rect, _) = ui.allocate_exact_size(vec2(cell * w, cell * h), Sense::hover());
    picture_painter::paint(ui.painter(), rect, &board);
    let layer = layout.depth(local);
    let label = layout.label(local);
    ui.label(format!("State {id} · depth {}", layout.layer_depth(layer)));
    ui.colored_label(
        label_colour(label),
        capitalised((source.label_words)(label)),
    );
    // A won state's label already says so.
    if label != Label::Won {
        ui.label(match source.graph.distance(Route::Any, id) {
            Some(0) => "Won".to_owned(),
            Some(1) => "1 move to a win".to_owned(),
            Some(n) => format!("{n} moves to a win"),
            None => "No win reachable".to_owned(),
        });
    }
    let width = BIN_PX / camera.scale.x;
    let x = layout.x(local);
    let cell_x0 = (x / width).floor() * width;
    let here = layout.visible(layer, cell_x0, cell_x0 + width);
    if here.len() > 1 {
        let counts = layout.label_counts(layer, here.clone());
        let mix: Vec<String> = LABELS
            .iter()
            .filter(|&&l| counts.get(l) > 0)
            .map(|&l| format!("{} {}", counts.get(l), (source.label_words)(l)))
            .collect();
        ui.weak(format!(
            "{} under the pointer: {}",
            counted(here.len() as u64, "state", "states"),
            mix.join(", ")
        ));
    }
}

/// `text` with its first letter in upper case.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
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
        harness_sized(name, vec2(900.0, 600.0))
    }

    fn harness_sized(name: &str, size: Vec2) -> Harness<'static, State> {
        let state = State {
            view: StateGraphView::new(),
            analysis: analysis_of(name),
            highlight: Vec::new(),
            responses: Vec::new(),
        };
        let mut harness = Harness::builder().with_size(size).build_ui_state(
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

    fn wheel(harness: &mut Harness<'_, State>, at: Pos2, delta: f32) {
        harness.hover_at(at);
        harness.event(egui::Event::MouseWheel {
            unit: egui::MouseWheelUnit::Point,
            delta: vec2(0.0, delta),
            phase: egui::TouchPhase::Move,
            source: egui::MouseWheelSource::Unknown,
            modifiers: egui::Modifiers::NONE,
        });
        harness.run();
    }

    #[test]
    fn every_bin_with_a_dead_end_is_drawn_red_at_the_fitted_zoom_of_skiddy_100k() {
        for size in [vec2(1280.0, 800.0), vec2(700.0, 450.0)] {
            let harness = harness_sized("bench/skiddy_100k.txt", size);
            let view = &harness.state().view;
            let layout = view.layout().unwrap();
            let last = view.last.unwrap();
            let dead = (0..layout.len() as u32)
                .filter(|&id| layout.label(id) == Label::DeadEnd)
                .count() as u32;
            assert_eq!(dead, 154);
            let marks = view.dead_end_marks();
            // Each dead end is in exactly one mark, and some marks stand
            // for a bin of many states: the fitted graph is binned.
            assert_eq!(marks.iter().map(|m| m.dead_ends).sum::<u32>(), dead);
            // One mark per bin holding a dead end, and one per dead end
            // drawn on its own.
            let mut bins = Vec::new();
            let width = BIN_PX / last.camera.scale.x;
            let (mut want, mut dense_layers) = (0, 0);
            for plan in view.plans.iter().filter(|p| p.on_screen) {
                if plan.dense {
                    dense_layers += 1;
                    bins.clear();
                    layout.bins(plan.depth, plan.x0, plan.x1, width, &mut bins);
                    want += bins
                        .iter()
                        .filter(|b| b.counts.get(Label::DeadEnd) > 0)
                        .count();
                } else {
                    let ids = &layout.layer_order(plan.depth)[plan.narrow.clone()];
                    want += ids
                        .iter()
                        .filter(|&&id| layout.label(id) == Label::DeadEnd)
                        .count();
                }
            }
            assert!(dense_layers > 0, "{size:?}: the fitted graph is binned");
            assert_eq!(marks.len(), want, "{size:?}");
            assert!(marks.iter().any(|m| m.dead_ends > 1), "{size:?}");
            for mark in marks {
                assert!(
                    mark.rect.width() >= 4.0 && mark.rect.height() >= 6.0,
                    "{size:?}: {mark:?} is too small to see"
                );
                assert!(last.canvas.contains_rect(mark.rect), "{size:?}: {mark:?}");
            }
        }
    }

    #[test]
    fn the_legend_says_what_each_label_means_and_won_is_said_once() {
        let mut harness = harness("1-1.txt");
        for words in ["won", "max-combo still possible", "winnable", "dead end"] {
            let _ = harness.get_by_label(words);
        }
        let layout = harness.state().view.layout().unwrap().clone();
        let won = (0..layout.len() as u32)
            .find(|&id| layout.label(id) == Label::Won)
            .expect("1-1 can be won");
        let pos = harness.state().view.screen_pos(won).unwrap();
        harness.hover_at(pos);
        harness.run();
        harness.run();
        assert!(harness.state().responses.last().unwrap().hovered == Some(won));
        let _ = harness.get_by_label(&format!("State {won} · depth {}", layout.depth(won)));
        assert_eq!(harness.query_all_by_label("Won").count(), 1);
        assert_eq!(harness.query_all_by_label_contains("to a win").count(), 0);
    }

    #[test]
    fn the_dead_ends_view_shows_the_dead_ends_and_the_traps_and_picks_graph_ids() {
        let mut harness = harness("dead-end.txt");
        harness
            .get_by_label("Only the dead ends and the traps into them")
            .click();
        harness.run();
        assert!(harness.state().view.shows_dead_ends_only());
        let part = harness.state().view.dead_end_graph().unwrap().clone();
        let _ = harness.get_by_label_contains("with a move into one");
        let analysis = harness.state().analysis.clone();
        let dead = (0..analysis.state_count() as u32)
            .find(|&id| analysis.label(id) == Label::DeadEnd)
            .expect("the level has a dead end");
        assert!(part.local_id(dead).is_some());
        let pos = harness.state().view.screen_pos(dead).unwrap();
        harness.state_mut().responses.clear();
        click_at(&mut harness, pos);
        let clicked: Vec<u32> = harness
            .state()
            .responses
            .iter()
            .filter_map(|r| r.clicked)
            .collect();
        assert_eq!(clicked, vec![dead]);
        // The way to it is drawn where it runs through the part.
        assert_eq!(harness.state().highlight.last(), Some(&dead));
        // The whole graph comes back, fitted.
        harness
            .get_by_label("Only the dead ends and the traps into them")
            .click();
        harness.run();
        assert!(!harness.state().view.shows_dead_ends_only());
        let whole = harness.state().view.layout().unwrap().len();
        assert_eq!(whole, analysis.state_count());
    }

    #[test]
    fn the_minimap_shows_when_zoomed_in_and_a_click_on_it_moves_the_view() {
        let mut harness = harness("four-colours.txt");
        assert!(harness.state().view.shows_minimap());
        assert_eq!(harness.state().view.last.unwrap().minimap, None, "fitted");
        let centre = harness.state().view.last.unwrap().canvas.center();
        wheel(&mut harness, centre, 600.0);
        let last = harness.state().view.last.unwrap();
        let map = last.minimap.expect("zoomed in: the minimap shows");
        assert!(last.canvas.contains_rect(map));
        // A click near the minimap's top left corner goes to the start.
        let target = map.min + vec2(map.width() * 0.1, 6.0);
        let layout = harness.state().view.layout().unwrap().clone();
        let want = MinimapMap::new(&layout, map).to_layout(target);
        click_at(&mut harness, target);
        let camera = harness.state().view.last.unwrap().camera;
        assert!(
            (camera.centre - want).length() < 0.5,
            "{camera:?} vs {want:?}"
        );
        assert!(camera.centre.y < 1.0);
        // Clicking on the minimap selects no state.
        assert!(harness.state().highlight.is_empty());
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
