//! The state graph's minimap: the whole layout in a small box in a corner,
//! shaded by label (a dead end always red), with the rectangle the view
//! shows; a click or a drag in it moves the view there.

use egui::{vec2, Color32, Mesh, Pos2, Rect, Stroke, StrokeKind, Vec2};

use super::graph_layout::{Bin, GraphLayout, LABELS};
use crate::engine::Label;

/// The largest size of the minimap, in points.
pub const MINIMAP_SIZE: Vec2 = vec2(200.0, 130.0);
/// Width of one column of the minimap's picture, in points.
const COLUMN_PX: f32 = 2.0;

/// Where the minimap puts the layout: `x` across its width, layers down its
/// height, with a small inner margin.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MinimapMap {
    /// The minimap's box on screen.
    pub rect: Rect,
    /// The smallest and largest `x` of the layout.
    x_range: (f32, f32),
    /// The index of the last layer.
    last_layer: f32,
}

/// Room kept free inside the minimap's box, in points.
const INSET: f32 = 5.0;

impl MinimapMap {
    /// The map of `layout` into `rect`.
    pub fn new(layout: &GraphLayout, rect: Rect) -> MinimapMap {
        MinimapMap {
            rect,
            x_range: layout.x_range(),
            last_layer: layout.depth_count().saturating_sub(1) as f32,
        }
    }

    fn inner(&self) -> Rect {
        self.rect.shrink(INSET)
    }

    /// Layout units per point on each axis (never zero).
    fn units_per_point(&self) -> Vec2 {
        let inner = self.inner();
        let span = vec2(
            (self.x_range.1 - self.x_range.0).max(1.0),
            self.last_layer.max(1.0),
        );
        span / inner.size().max(Vec2::splat(1.0))
    }

    /// Where the layout point `(x, layer)` is on the minimap.
    pub fn to_minimap(&self, x: f32, layer: f32) -> Pos2 {
        let inner = self.inner();
        let units = self.units_per_point();
        // A graph of one layer or one column sits in the middle.
        let offset = vec2(
            if self.x_range.1 > self.x_range.0 {
                0.0
            } else {
                inner.width() / 2.0
            },
            if self.last_layer > 0.0 {
                0.0
            } else {
                inner.height() / 2.0
            },
        );
        inner.min + offset + vec2(x - self.x_range.0, layer) / units
    }

    /// The layout point `(x, layer)` at minimap point `p`, kept within the
    /// layout.
    pub fn to_layout(&self, p: Pos2) -> Vec2 {
        let inner = self.inner();
        let p = inner.clamp(p);
        let units = self.units_per_point();
        let at = (p - inner.min) * units;
        vec2(
            (self.x_range.0 + at.x).clamp(self.x_range.0, self.x_range.1.max(self.x_range.0)),
            at.y.clamp(0.0, self.last_layer),
        )
    }

    /// The minimap rectangle of the layout rectangle from `min` to `max`
    /// (`x`, layer), clipped to the box.
    pub fn view_rect(&self, min: Vec2, max: Vec2) -> Rect {
        Rect::from_two_pos(self.to_minimap(min.x, min.y), self.to_minimap(max.x, max.y))
            .intersect(self.rect)
    }
}

/// The box of the minimap in the bottom right corner of `canvas`.
pub fn minimap_rect(canvas: Rect) -> Rect {
    let size = MINIMAP_SIZE.min(canvas.size() * 0.3);
    Rect::from_min_size(canvas.max - size - vec2(8.0, 8.0), size)
}

/// The colour of a column of states on the minimap: red if it holds a dead
/// end, else the colour of its most common label.
pub fn column_colour(bin: &Bin, colour_of: impl Fn(Label) -> Color32) -> Color32 {
    if bin.counts.get(Label::DeadEnd) > 0 {
        return colour_of(Label::DeadEnd);
    }
    let most = LABELS
        .into_iter()
        .max_by_key(|&l| bin.counts.get(l))
        .unwrap_or(Label::Ok);
    colour_of(most).gamma_multiply(0.8)
}

/// Paints the minimap: its box, every layer as columns, and the visible
/// rectangle `view` (layout units: from `view_min` to `view_max`).
pub fn paint(
    painter: &egui::Painter,
    layout: &GraphLayout,
    map: &MinimapMap,
    view: (Vec2, Vec2),
    colours: (Color32, Color32, Color32),
    colour_of: impl Fn(Label) -> Color32,
) {
    let (back, frame, window) = colours;
    painter.rect_filled(map.rect, 3.0, back);
    painter.rect_stroke(map.rect, 3.0, Stroke::new(1.0, frame), StrokeKind::Inside);
    let (lo, hi) = layout.x_range();
    let width = COLUMN_PX * map.units_per_point().x;
    let row = (map.inner().height() / (map.last_layer + 1.0)).clamp(1.0, 4.0);
    let mut mesh = Mesh::default();
    let mut bins = Vec::new();
    let mut dead = Vec::new();
    for layer in 0..layout.depth_count() {
        bins.clear();
        layout.bins(layer, lo, hi, width, &mut bins);
        for bin in &bins {
            let centre = map.to_minimap((bin.x0 + bin.x1) / 2.0, layer as f32);
            let rect = Rect::from_center_size(centre, vec2(COLUMN_PX, row));
            if bin.counts.get(Label::DeadEnd) > 0 {
                dead.push(rect.expand(0.5));
            } else {
                mesh.add_colored_rect(rect, column_colour(bin, &colour_of));
            }
        }
    }
    // Dead ends last, so that no other column covers them.
    for rect in dead {
        mesh.add_colored_rect(rect, colour_of(Label::DeadEnd));
    }
    painter.add(egui::Shape::mesh(mesh));
    let shown = map.view_rect(view.0, view.1);
    painter.rect_stroke(
        shown.expand(1.0),
        1.0,
        Stroke::new(1.5, window),
        StrokeKind::Outside,
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Job;
    use crate::kinds::skiddy::{analyze, parse_level};
    use egui::pos2;

    fn layout() -> GraphLayout {
        let path = format!("{}/assets/four-colours.txt", env!("CARGO_MANIFEST_DIR"));
        let level = parse_level(&std::fs::read_to_string(&path).unwrap()).unwrap();
        GraphLayout::of(analyze(&level, &Job::default()).unwrap().view())
    }

    #[test]
    fn the_minimap_maps_the_layout_into_its_box_and_back() {
        let layout = layout();
        let rect = Rect::from_min_size(pos2(500.0, 300.0), vec2(200.0, 130.0));
        let map = MinimapMap::new(&layout, rect);
        let (lo, hi) = layout.x_range();
        let last = (layout.depth_count() - 1) as f32;
        // The corners of the layout are the corners of the inner box.
        let top_left = map.to_minimap(lo, 0.0);
        let bottom_right = map.to_minimap(hi, last);
        assert!((top_left - (rect.min + Vec2::splat(INSET))).length() < 1e-3);
        assert!((bottom_right - (rect.max - Vec2::splat(INSET))).length() < 1e-3);
        // Every state is inside the box, and maps back to itself.
        for id in 0..layout.len() as u32 {
            let (x, y) = layout.position(id);
            let p = map.to_minimap(x, y);
            assert!(rect.contains(p), "{id}");
            let back = map.to_layout(p);
            assert!((back.x - x).abs() < 1e-2 && (back.y - y).abs() < 1e-3);
        }
        // A click outside the inner box goes to the nearest edge of the
        // layout.
        assert_eq!(map.to_layout(pos2(0.0, 0.0)), vec2(lo, 0.0));
        assert_eq!(map.to_layout(pos2(2000.0, 2000.0)), vec2(hi, last));
    }

    #[test]
    fn the_view_rectangle_shrinks_as_the_view_zooms_in() {
        let layout = layout();
        let rect = Rect::from_min_size(pos2(0.0, 0.0), vec2(200.0, 130.0));
        let map = MinimapMap::new(&layout, rect);
        let (lo, hi) = layout.x_range();
        let last = (layout.depth_count() - 1) as f32;
        let whole = map.view_rect(vec2(lo - 50.0, -5.0), vec2(hi + 50.0, last + 5.0));
        assert_eq!(whole, rect);
        let mid = (lo + hi) / 2.0;
        let part = map.view_rect(vec2(mid - 10.0, 2.0), vec2(mid + 10.0, 4.0));
        assert!(part.width() < whole.width() / 4.0 && part.height() < whole.height() / 4.0);
        assert!(rect.contains_rect(part));
    }

    #[test]
    fn the_minimap_sits_in_the_bottom_right_corner_and_fits_small_canvases() {
        let canvas = Rect::from_min_size(pos2(10.0, 20.0), vec2(1000.0, 600.0));
        let r = minimap_rect(canvas);
        assert_eq!(r.size(), MINIMAP_SIZE);
        assert!(canvas.contains_rect(r));
        assert!((canvas.max - r.max).x < 10.0);
        let small = Rect::from_min_size(pos2(0.0, 0.0), vec2(300.0, 200.0));
        let r = minimap_rect(small);
        assert!(r.width() <= 90.0 + 1e-3 && small.contains_rect(r));
    }
}
