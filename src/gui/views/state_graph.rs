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

use crate::kinds::GraphWords;
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

mod camera;
mod paint;
mod plan;
#[cfg(test)]
mod tests;
mod tooltip;

use camera::Camera;
use paint::{paint_depths, paint_path, Palette};
use plan::{pick, LayerPlan};
use tooltip::state_tooltip;

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
/// The words of the switch to the dead ends and the traps into them, in
/// the kind's `words` ("Only the dead ends and the traps into them").
pub fn dead_ends_only_words(words: GraphWords) -> String {
    format!(
        "Only the {} and the {} into them",
        words.dead_ends, words.traps
    )
}
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
    /// What the kind calls its dead ends and traps.
    pub graph_words: GraphWords,
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
            graph_words: GraphWords::GENERIC,
        }
    }

    /// The same source with the kind's words for dead ends and traps
    /// (Sokoban's deadlocks and fatal pushes).
    pub fn with_graph_words(self, graph_words: GraphWords) -> GraphSource<'a> {
        GraphSource {
            graph_words,
            ..self
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

/// What the designer chose to see of a state graph.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GraphSettings {
    /// Draw the edges from parents other than the first.
    pub other_parents: bool,
    /// Show only the dead ends and the traps into them.
    pub dead_ends_only: bool,
    /// Show the minimap when the graph does not fit.
    pub minimap: bool,
}

impl Default for GraphSettings {
    /// The whole graph, with other parents and the minimap.
    fn default() -> GraphSettings {
        GraphSettings {
            other_parents: true,
            dead_ends_only: false,
            minimap: true,
        }
    }
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
            show_other_parents: GraphSettings::default().other_parents,
            dead_ends_only: GraphSettings::default().dead_ends_only,
            show_minimap: GraphSettings::default().minimap,
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

    /// What the designer chose to see: other parents, only the dead ends,
    /// the minimap.
    pub fn settings(&self) -> GraphSettings {
        GraphSettings {
            other_parents: self.show_other_parents,
            dead_ends_only: self.dead_ends_only,
            minimap: self.show_minimap,
        }
    }

    /// Shows the graph as `settings` say, fitted (for another tab, which
    /// has its own).
    pub fn set_settings(&mut self, settings: GraphSettings) {
        self.show_other_parents = settings.other_parents;
        self.set_dead_ends_only(settings.dead_ends_only);
        self.show_minimap = settings.minimap;
        self.camera = None;
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
        let graph_words = source.graph_words;
        ui.horizontal_wrapped(|ui| self.bar(ui, source.label_words, graph_words));
        let summary = match shown {
            Shown::DeadEnds(part) => {
                let dead = (0..layout.len() as u32)
                    .filter(|&id| layout.label(id) == Label::DeadEnd)
                    .count() as u64;
                format!(
                    "{} and {} with a move into one ({})",
                    counted(dead, graph_words.dead_end, graph_words.dead_ends),
                    counted(
                        layout.len() as u64 - dead,
                        "winnable state",
                        "winnable states"
                    ),
                    counted(
                        part.trap_moves() as u64,
                        graph_words.trap,
                        graph_words.traps
                    )
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
    fn bar(&mut self, ui: &mut Ui, label_words: fn(Label) -> &'static str, graph: GraphWords) {
        // The dead-end label in the kind's own word.
        let words = |label: Label| match label {
            Label::DeadEnd => graph.dead_end,
            other => label_words(other),
        };
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
        ui.checkbox(&mut only, dead_ends_only_words(graph))
            .on_hover_text(format!(
                "Show only the {}, the winnable states with a move into one, and those moves",
                graph.dead_ends
            ));
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
        let trap = format!("{} (a move into a {})", graph.trap, graph.dead_end);
        for (stroke, text) in [
            (
                Stroke::new(1.5, palette.tree_edge),
                "first parent (BFS tree)",
            ),
            (Stroke::new(1.0, palette.other_edge), "other parent"),
            (Stroke::new(2.0, palette.trap_edge), trap.as_str()),
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
}
