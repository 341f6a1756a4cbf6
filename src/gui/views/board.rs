//! The board's geometry, which fits a grid into a rectangle, and the small
//! marks the panels draw for every kind: stars and verdict marks.

use egui::{pos2, vec2, Color32, Painter, Pos2, Rect, Shape, Stroke, Ui};

/// Where a `width x height` grid sits in a rectangle: square cells, centred.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoardGeometry {
    /// Top-left corner of cell (0, 0).
    pub origin: Pos2,
    /// Side of one cell in points.
    pub cell: f32,
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
}

impl BoardGeometry {
    /// The largest square-celled grid that fits in `rect`, centred in it.
    pub fn fit(rect: Rect, width: usize, height: usize) -> BoardGeometry {
        let w = width.max(1) as f32;
        let h = height.max(1) as f32;
        let cell = (rect.width() / w).min(rect.height() / h).max(1.0);
        let size = vec2(cell * w, cell * h);
        BoardGeometry {
            origin: rect.center() - size / 2.0,
            cell,
            width,
            height,
        }
    }

    /// The whole board.
    pub fn rect(&self) -> Rect {
        Rect::from_min_size(
            self.origin,
            vec2(
                self.cell * self.width as f32,
                self.cell * self.height as f32,
            ),
        )
    }

    /// The rectangle of cell `(x, y)`.
    pub fn cell_rect(&self, x: usize, y: usize) -> Rect {
        self.cell_rect_at(x as f32, y as f32)
    }

    /// The rectangle of a cell at fractional coordinates (for animation).
    pub fn cell_rect_at(&self, x: f32, y: f32) -> Rect {
        Rect::from_min_size(
            self.origin + vec2(x * self.cell, y * self.cell),
            vec2(self.cell, self.cell),
        )
    }

    /// Where `pos` lies inside cell `(x, y)`: `[0, 0]` its top-left
    /// corner, `[1, 1]` its bottom-right (clamped).
    pub fn within_cell(&self, pos: Pos2, x: usize, y: usize) -> [f32; 2] {
        let local = (pos - self.cell_rect(x, y).min) / self.cell;
        [local.x.clamp(0.0, 1.0), local.y.clamp(0.0, 1.0)]
    }

    /// The cell under `pos`, if it is on the board.
    pub fn cell_at(&self, pos: Pos2) -> Option<(usize, usize)> {
        let local = (pos - self.origin) / self.cell;
        if local.x < 0.0 || local.y < 0.0 {
            return None;
        }
        let (x, y) = (local.x as usize, local.y as usize);
        (x < self.width && y < self.height).then_some((x, y))
    }
}

/// The colour of an earned star.
pub const STAR: Color32 = Color32::from_rgb(240, 180, 0);

/// Paints a five-pointed star; a missing star is an outline.
pub fn paint_star(painter: &Painter, center: Pos2, radius: f32, earned: bool, outline: Color32) {
    let points: Vec<Pos2> = (0..10)
        .map(|k| {
            let angle = -std::f32::consts::FRAC_PI_2 + k as f32 * std::f32::consts::PI / 5.0;
            let r = if k % 2 == 0 { radius } else { radius * 0.45 };
            center + vec2(angle.cos(), angle.sin()) * r
        })
        .collect();
    if earned {
        // A star is not convex: its inner pentagon and five tips are.
        let inner: Vec<Pos2> = points.iter().skip(1).step_by(2).copied().collect();
        painter.add(Shape::convex_polygon(inner, STAR, Stroke::NONE));
        for k in (0..10).step_by(2) {
            let tip = vec![points[(k + 9) % 10], points[k], points[k + 1]];
            painter.add(Shape::convex_polygon(tip, STAR, Stroke::NONE));
        }
        painter.add(Shape::closed_line(points, Stroke::new(1.0, STAR)));
    } else {
        painter.add(Shape::closed_line(points, Stroke::new(1.0, outline)));
    }
}

/// Paints a verdict mark in `rect`: a tick (`Some(true)`), a cross
/// (`Some(false)`) or a dash (`None`: not checked), in `colour`.
pub fn paint_mark(painter: &Painter, rect: Rect, verdict: Option<bool>, colour: Color32) {
    let r = rect.shrink(rect.width() * 0.2);
    let stroke = Stroke::new((rect.width() * 0.14).max(1.5), colour);
    match verdict {
        Some(true) => {
            let a = pos2(r.left(), r.center().y);
            let b = pos2(r.left() + r.width() * 0.38, r.bottom());
            let c = pos2(r.right(), r.top());
            painter.line_segment([a, b], stroke);
            painter.line_segment([b, c], stroke);
        }
        Some(false) => {
            painter.line_segment([r.left_top(), r.right_bottom()], stroke);
            painter.line_segment([r.right_top(), r.left_bottom()], stroke);
        }
        None => {
            painter.line_segment(
                [pos2(r.left(), r.center().y), pos2(r.right(), r.center().y)],
                stroke,
            );
        }
    }
}

/// The colour of a rule passed.
pub const PASS: Color32 = Color32::from_rgb(0, 150, 90);
/// The colour of a rule failed or a problem.
pub const FAIL: Color32 = Color32::from_rgb(220, 40, 40);

/// A tick, cross or dash the size of a line of text.
pub fn mark(ui: &mut Ui, verdict: Option<bool>) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(16.0, 16.0), egui::Sense::hover());
    let colour = match verdict {
        Some(true) => PASS,
        Some(false) => FAIL,
        None => Color32::GRAY,
    };
    paint_mark(ui.painter(), rect, verdict, colour);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn geometry_fits_and_finds_cells() {
        let rect = Rect::from_min_size(pos2(10.0, 20.0), vec2(200.0, 100.0));
        let geo = BoardGeometry::fit(rect, 4, 2);
        assert_eq!(geo.cell, 50.0);
        assert_eq!(geo.rect(), rect);
        assert_eq!(geo.cell_at(pos2(11.0, 21.0)), Some((0, 0)));
        assert_eq!(geo.cell_at(pos2(209.0, 119.0)), Some((3, 1)));
        assert_eq!(geo.cell_at(pos2(9.0, 50.0)), None);
        assert_eq!(geo.cell_at(pos2(100.0, 121.0)), None);
        assert_eq!(geo.cell_rect(1, 1).min, pos2(60.0, 70.0));
    }

    #[test]
    fn geometry_centres_the_board() {
        let rect = Rect::from_min_size(pos2(0.0, 0.0), vec2(300.0, 100.0));
        let geo = BoardGeometry::fit(rect, 2, 2);
        assert_eq!(geo.cell, 50.0);
        assert_eq!(geo.rect().center(), rect.center());
    }
}
