//! Drawing a Skiddy board with egui's painter: the geometry that fits a grid
//! into a rectangle, and every tile drawn with a shape of its own as well as
//! a colour, so that a designer who cannot tell red from green can still
//! read the board (red is a circle, blue a square, green a triangle, yellow
//! a diamond; goals are the same shapes hollow).

use egui::{pos2, vec2, Color32, Painter, Pos2, Rect, Shape, Stroke, StrokeKind};

use crate::kinds::skiddy::rules::GONE;
use crate::kinds::skiddy::{Colour, Floor, Level, Piece, Rules};

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

/// The fill colour of a Skiddy colour (Okabe–Ito, safe for colour-blind
/// eyes).
pub fn colour_fill(colour: Colour) -> Color32 {
    match colour {
        Colour::Red => Color32::from_rgb(213, 94, 0),
        Colour::Blue => Color32::from_rgb(0, 114, 178),
        Colour::Green => Color32::from_rgb(0, 158, 115),
        Colour::Yellow => Color32::from_rgb(240, 200, 40),
    }
}

const FLOOR: Color32 = Color32::from_rgb(226, 224, 216);
const FLOOR_LINE: Color32 = Color32::from_rgb(200, 197, 188);
const BLOCK: Color32 = Color32::from_rgb(72, 74, 82);
const BLOCK_EDGE: Color32 = Color32::from_rgb(110, 113, 124);
const PIT: Color32 = Color32::from_rgb(40, 34, 30);
const PIT_RIM: Color32 = Color32::from_rgb(120, 100, 80);
const CRATE: Color32 = Color32::from_rgb(170, 120, 60);
const CRATE_EDGE: Color32 = Color32::from_rgb(100, 65, 25);
const ICE: Color32 = Color32::from_rgb(190, 235, 250);
const ICE_EDGE: Color32 = Color32::from_rgb(70, 150, 190);
const OUTLINE: Color32 = Color32::from_rgb(30, 30, 30);

/// The colour's own shape, as a convex polygon (or a circle) inside `rect`.
fn colour_shape(colour: Colour, rect: Rect, fill: Color32, stroke: Stroke) -> Shape {
    let c = rect.center();
    let r = rect.width().min(rect.height()) / 2.0;
    match colour {
        Colour::Red => Shape::circle_filled(c, r, fill).with_stroke(stroke),
        Colour::Blue => {
            let s = r * 0.86;
            Shape::convex_polygon(
                vec![
                    c + vec2(-s, -s),
                    c + vec2(s, -s),
                    c + vec2(s, s),
                    c + vec2(-s, s),
                ],
                fill,
                stroke,
            )
        }
        Colour::Green => Shape::convex_polygon(
            vec![
                c + vec2(0.0, -r),
                c + vec2(r * 0.95, r * 0.75),
                c + vec2(-r * 0.95, r * 0.75),
            ],
            fill,
            stroke,
        ),
        Colour::Yellow => Shape::convex_polygon(
            vec![
                c + vec2(0.0, -r),
                c + vec2(r, 0.0),
                c + vec2(0.0, r),
                c + vec2(-r, 0.0),
            ],
            fill,
            stroke,
        ),
    }
}

trait WithStroke {
    fn with_stroke(self, stroke: Stroke) -> Shape;
}

impl WithStroke for Shape {
    fn with_stroke(self, stroke: Stroke) -> Shape {
        match self {
            Shape::Circle(mut circle) => {
                circle.stroke = stroke;
                Shape::Circle(circle)
            }
            other => other,
        }
    }
}

/// Paints a floor tile.
pub fn paint_floor(painter: &Painter, rect: Rect, floor: Floor) {
    let inner = rect.shrink(rect.width() * 0.04);
    match floor {
        Floor::Empty => {
            painter.rect_filled(rect, 0.0, FLOOR);
            painter.rect_stroke(rect, 0.0, Stroke::new(1.0, FLOOR_LINE), StrokeKind::Inside);
        }
        Floor::Block => {
            painter.rect_filled(rect, 0.0, BLOCK);
            // A brick seam: blocks read as walls without their colour.
            let w = rect.width();
            let stroke = Stroke::new((w * 0.04).max(1.0), BLOCK_EDGE);
            painter.rect_stroke(inner, w * 0.08, stroke, StrokeKind::Inside);
            painter.line_segment(
                [
                    pos2(inner.left(), inner.center().y),
                    pos2(inner.right(), inner.center().y),
                ],
                stroke,
            );
        }
        Floor::Pit => {
            painter.rect_filled(rect, 0.0, FLOOR);
            let r = rect.width() * 0.42;
            painter.circle_filled(rect.center(), r, PIT);
            painter.circle_stroke(
                rect.center(),
                r,
                Stroke::new((rect.width() * 0.06).max(1.0), PIT_RIM),
            );
        }
        Floor::Goal(colour) => {
            let fill = colour_fill(colour);
            painter.rect_filled(rect, 0.0, fill.gamma_multiply(0.35));
            painter.rect_stroke(
                inner,
                rect.width() * 0.1,
                Stroke::new((rect.width() * 0.05).max(1.0), fill),
                StrokeKind::Inside,
            );
            let mark = Rect::from_center_size(rect.center(), rect.size() * 0.5);
            painter.add(colour_shape(
                colour,
                mark,
                Color32::TRANSPARENT,
                Stroke::new((rect.width() * 0.07).max(1.5), fill.gamma_multiply(0.9)),
            ));
        }
    }
}

/// Paints a piece in its cell rectangle; `in_pit` draws it sunk into a pit
/// (smaller, with a dark ring), `alpha` fades it (1.0 opaque).
pub fn paint_piece(painter: &Painter, rect: Rect, piece: Piece, in_pit: bool, alpha: f32) {
    let scale = if in_pit { 0.62 } else { 0.8 };
    let body = Rect::from_center_size(rect.center(), rect.size() * scale);
    let w = rect.width();
    let edge = (w * 0.05).max(1.0);
    let fade = |c: Color32| c.gamma_multiply(alpha);
    if in_pit {
        painter.circle_stroke(
            rect.center(),
            w * 0.38,
            Stroke::new((w * 0.06).max(1.0), fade(Color32::BLACK)),
        );
    }
    match piece {
        Piece::Skiddy(colour) => {
            painter.add(colour_shape(
                colour,
                body,
                fade(colour_fill(colour)),
                Stroke::new(edge, fade(OUTLINE)),
            ));
            // Two eyes: a Skiddy is a creature, not a tile.
            let eye = w * 0.07;
            let c = body.center()
                + vec2(
                    0.0,
                    if colour == Colour::Green {
                        w * 0.08
                    } else {
                        0.0
                    },
                );
            for dx in [-1.0, 1.0] {
                let p = c + vec2(dx * w * 0.1, -w * 0.03);
                painter.circle_filled(p, eye, fade(Color32::WHITE));
                painter.circle_filled(p, eye * 0.5, fade(OUTLINE));
            }
        }
        Piece::Crate => {
            let body = body.shrink(w * 0.02);
            painter.rect_filled(body, w * 0.05, fade(CRATE));
            let stroke = Stroke::new(edge, fade(CRATE_EDGE));
            painter.rect_stroke(body, w * 0.05, stroke, StrokeKind::Inside);
            painter.line_segment([body.left_top(), body.right_bottom()], stroke);
            painter.line_segment([body.right_top(), body.left_bottom()], stroke);
        }
        Piece::Ice => {
            let c = body.center();
            let r = body.width() / 2.0;
            // A hexagon with a shine: ice is neither a crate nor a Skiddy.
            let points = (0..6)
                .map(|i| {
                    let a = std::f32::consts::TAU * (i as f32) / 6.0;
                    c + vec2(a.cos(), a.sin()) * r
                })
                .collect();
            painter.add(Shape::convex_polygon(
                points,
                fade(ICE),
                Stroke::new(edge, fade(ICE_EDGE)),
            ));
            painter.line_segment(
                [c + vec2(-r * 0.4, -r * 0.1), c + vec2(-r * 0.05, -r * 0.45)],
                Stroke::new(edge * 1.5, fade(Color32::WHITE)),
            );
        }
    }
}

/// Paints a level as the designer edits it: floors, then pieces (a piece on
/// a pit floor starts inside the pit).
pub fn paint_level(painter: &Painter, geo: &BoardGeometry, level: &Level) {
    for y in 0..level.height() {
        for x in 0..level.width() {
            paint_floor(painter, geo.cell_rect(x, y), level.cell(x, y).floor);
        }
    }
    for ((x, y), piece) in level.pieces() {
        let in_pit = level.cell(x, y).floor == Floor::Pit;
        paint_piece(painter, geo.cell_rect(x, y), piece, in_pit, 1.0);
    }
}

/// Paints the fixed floor of compiled rules.
pub fn paint_rules_floor(painter: &Painter, geo: &BoardGeometry, rules: &Rules) {
    for y in 0..rules.height() {
        for x in 0..rules.width() {
            paint_floor(painter, geo.cell_rect(x, y), rules.floor(x, y));
        }
    }
}

/// Paints one state: the floor of `rules` and every piece still on the board
/// at `positions` (cell indices; [`GONE`] for a piece that left).
pub fn paint_state(painter: &Painter, geo: &BoardGeometry, rules: &Rules, positions: &[u8]) {
    paint_rules_floor(painter, geo, rules);
    for (i, &cell) in positions.iter().enumerate() {
        if cell == GONE {
            continue;
        }
        let (x, y) = (cell as usize % rules.width(), cell as usize / rules.width());
        let in_pit = rules.floor(x, y) == Floor::Pit;
        paint_piece(painter, geo.cell_rect(x, y), rules.pieces()[i], in_pit, 1.0);
    }
}

/// Paints pieces at fractional cell coordinates (one entry per piece of
/// `rules`; `None` for a piece that has left), over the floor of `rules`.
pub fn paint_moving(
    painter: &Painter,
    geo: &BoardGeometry,
    rules: &Rules,
    places: &[Option<(f32, f32)>],
) {
    paint_rules_floor(painter, geo, rules);
    for (i, place) in places.iter().enumerate() {
        let Some((x, y)) = *place else { continue };
        let (cx, cy) = (x.round() as usize, y.round() as usize);
        let settled = (x - x.round()).abs() < 0.01 && (y - y.round()).abs() < 0.01;
        let in_pit = settled && rules.floor(cx, cy) == Floor::Pit;
        paint_piece(
            painter,
            geo.cell_rect_at(x, y),
            rules.pieces()[i],
            in_pit,
            1.0,
        );
    }
}

/// Cell `(x, y)` of a cell index on a board `width` wide.
pub fn cell_xy(cell: u8, width: usize) -> (usize, usize) {
    (cell as usize % width, cell as usize / width)
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
