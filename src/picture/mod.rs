//! A board described once as simple shapes, for every back end to draw.
//!
//! A kind turns its board into a [`Picture`]: polygons, circles, lines and
//! text in *board units* (one grid cell is 1.0 x 1.0, (0, 0) is the top-left
//! corner, y grows down). The editor paints a picture with egui's painter
//! (`gui::views::picture_painter`); the contact sheet renders one to PNG
//! ([`png`]). This module knows no kind and no back end.
//!
//! What every back end agrees on:
//! - a shape with a fill and a stroke is filled first, then stroked;
//! - a stroke is centred on the outline (half inside, half outside) and is
//!   drawn at least one pixel wide, however small the picture is drawn;
//! - a polygon may be convex or not (but must not cross itself);
//! - text is anchored by [`Align`] horizontally, and vertically on the
//!   middle of its line (the line's height being the font's ascent, descent
//!   and line gap), in egui's default proportional font, `size` being the
//!   font's em size;
//! - colours are sRGB with straight (not premultiplied) alpha, blended over
//!   what is below.

pub mod png;

/// An sRGB colour with straight (unmultiplied) alpha: `[r, g, b, a]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rgba(pub [u8; 4]);

impl Rgba {
    /// Nothing: a fill or stroke that draws no pixel.
    pub const TRANSPARENT: Rgba = Rgba([0, 0, 0, 0]);
    /// Opaque black.
    pub const BLACK: Rgba = Rgba([0, 0, 0, 255]);
    /// Opaque white.
    pub const WHITE: Rgba = Rgba([255, 255, 255, 255]);

    /// An opaque colour.
    pub const fn rgb(r: u8, g: u8, b: u8) -> Rgba {
        Rgba([r, g, b, 255])
    }

    /// The same colour with its alpha multiplied by `factor` (0 to 1): what
    /// egui's `gamma_multiply` does to an opaque colour.
    pub fn faded(self, factor: f32) -> Rgba {
        let [r, g, b, a] = self.0;
        let a = (a as f32 * factor.clamp(0.0, 1.0)).round() as u8;
        Rgba([r, g, b, a])
    }

    /// Whether the colour draws nothing.
    pub fn is_transparent(self) -> bool {
        self.0[3] == 0
    }
}

/// An outline: its width in board units and its colour.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stroke {
    /// Width in board units (drawn at least one pixel wide).
    pub width: f32,
    /// Colour.
    pub colour: Rgba,
}

impl Stroke {
    /// A stroke `width` board units wide.
    pub const fn new(width: f32, colour: Rgba) -> Stroke {
        Stroke { width, colour }
    }
}

/// How text sits on its anchor point, horizontally. Vertically the anchor
/// is always the middle of the text's line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Align {
    /// The text starts at the anchor.
    Left,
    /// The text is centred on the anchor.
    Centre,
    /// The text ends at the anchor.
    Right,
}

impl Align {
    /// The part of the text's width that lies left of the anchor.
    pub fn factor(self) -> f32 {
        match self {
            Align::Left => 0.0,
            Align::Centre => 0.5,
            Align::Right => 1.0,
        }
    }
}

/// One simple shape, in board units.
#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    /// A closed polygon (convex or not, not crossing itself).
    Polygon {
        /// Corners, in order.
        points: Vec<[f32; 2]>,
        /// Inside colour.
        fill: Option<Rgba>,
        /// Outline.
        stroke: Option<Stroke>,
    },
    /// A circle.
    Circle {
        /// Centre.
        centre: [f32; 2],
        /// Radius.
        radius: f32,
        /// Inside colour.
        fill: Option<Rgba>,
        /// Outline, centred on the radius.
        stroke: Option<Stroke>,
    },
    /// A straight line with flat ends.
    Line {
        /// One end.
        from: [f32; 2],
        /// The other end.
        to: [f32; 2],
        /// Width and colour.
        stroke: Stroke,
    },
    /// One line of text.
    Text {
        /// The anchor: see [`Align`].
        at: [f32; 2],
        /// The font's em size in board units.
        size: f32,
        /// Colour.
        colour: Rgba,
        /// What to write (one line).
        text: String,
        /// How the text sits on the anchor horizontally.
        align: Align,
    },
}

fn map_point(p: [f32; 2], scale: f32, offset: [f32; 2]) -> [f32; 2] {
    [p[0] * scale + offset[0], p[1] * scale + offset[1]]
}

fn map_stroke(s: Stroke, scale: f32, alpha: f32) -> Stroke {
    Stroke::new(s.width * scale, s.colour.faded(alpha))
}

impl Shape {
    /// A polygon.
    pub fn polygon(points: Vec<[f32; 2]>, fill: Option<Rgba>, stroke: Option<Stroke>) -> Shape {
        Shape::Polygon {
            points,
            fill,
            stroke,
        }
    }

    /// The shape scaled by `scale` about (0, 0), then moved by `offset`,
    /// its colours' alpha multiplied by `alpha`. Widths and text sizes
    /// scale too.
    pub fn mapped(&self, scale: f32, offset: [f32; 2], alpha: f32) -> Shape {
        let fade = |c: &Option<Rgba>| c.map(|c| c.faded(alpha));
        match self {
            Shape::Polygon {
                points,
                fill,
                stroke,
            } => Shape::Polygon {
                points: points
                    .iter()
                    .map(|&p| map_point(p, scale, offset))
                    .collect(),
                fill: fade(fill),
                stroke: stroke.map(|s| map_stroke(s, scale, alpha)),
            },
            Shape::Circle {
                centre,
                radius,
                fill,
                stroke,
            } => Shape::Circle {
                centre: map_point(*centre, scale, offset),
                radius: radius * scale,
                fill: fade(fill),
                stroke: stroke.map(|s| map_stroke(s, scale, alpha)),
            },
            Shape::Line { from, to, stroke } => Shape::Line {
                from: map_point(*from, scale, offset),
                to: map_point(*to, scale, offset),
                stroke: map_stroke(*stroke, scale, alpha),
            },
            Shape::Text {
                at,
                size,
                colour,
                text,
                align,
            } => Shape::Text {
                at: map_point(*at, scale, offset),
                size: size * scale,
                colour: colour.faded(alpha),
                text: text.clone(),
                align: *align,
            },
        }
    }
}

/// Corners of a rectangle from `min` to `max`, clockwise on screen from
/// the top-left one.
pub fn rect_points(min: [f32; 2], max: [f32; 2]) -> Vec<[f32; 2]> {
    vec![
        [min[0], min[1]],
        [max[0], min[1]],
        [max[0], max[1]],
        [min[0], max[1]],
    ]
}

/// Corners of a rectangle from `min` to `max` whose corners are rounded
/// with `radius` (clamped to half the shorter side), as a polygon with a
/// few points on each arc.
pub fn rounded_rect_points(min: [f32; 2], max: [f32; 2], radius: f32) -> Vec<[f32; 2]> {
    let r = radius
        .min((max[0] - min[0]) / 2.0)
        .min((max[1] - min[1]) / 2.0);
    if r <= 0.0 {
        return rect_points(min, max);
    }
    const STEPS: usize = 4;
    let corners = [
        ([max[0] - r, min[1] + r], -90.0f32),
        ([max[0] - r, max[1] - r], 0.0),
        ([min[0] + r, max[1] - r], 90.0),
        ([min[0] + r, min[1] + r], 180.0),
    ];
    let mut points = Vec::with_capacity(4 * (STEPS + 1));
    for (c, start) in corners {
        for k in 0..=STEPS {
            let a = (start + 90.0 * k as f32 / STEPS as f32).to_radians();
            points.push([c[0] + r * a.cos(), c[1] + r * a.sin()]);
        }
    }
    points
}

/// Corners of a regular polygon of `sides` sides around `centre`, the
/// first at `start` radians (0 points right, angles turn clockwise on
/// screen).
pub fn regular_polygon_points(
    centre: [f32; 2],
    radius: f32,
    sides: usize,
    start: f32,
) -> Vec<[f32; 2]> {
    (0..sides)
        .map(|i| {
            let a = start + std::f32::consts::TAU * i as f32 / sides as f32;
            [centre[0] + radius * a.cos(), centre[1] + radius * a.sin()]
        })
        .collect()
}

/// Corners of a five-pointed star around `centre`, one tip straight up;
/// the inner corners at `inner` times `radius`.
pub fn star_points(centre: [f32; 2], radius: f32, inner: f32) -> Vec<[f32; 2]> {
    (0..10)
        .map(|k| {
            let a = -std::f32::consts::FRAC_PI_2 + k as f32 * std::f32::consts::PI / 5.0;
            let r = if k % 2 == 0 { radius } else { radius * inner };
            [centre[0] + r * a.cos(), centre[1] + r * a.sin()]
        })
        .collect()
}

/// A board (or anything else) as shapes, `width x height` board units,
/// drawn in order (later shapes over earlier ones).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Picture {
    /// Width in board units.
    pub width: f32,
    /// Height in board units.
    pub height: f32,
    /// The shapes, back to front.
    pub shapes: Vec<Shape>,
}

impl Picture {
    /// An empty picture of the given size.
    pub fn new(width: f32, height: f32) -> Picture {
        Picture {
            width,
            height,
            shapes: Vec::new(),
        }
    }

    /// Adds `shape` on top.
    pub fn push(&mut self, shape: Shape) {
        self.shapes.push(shape);
    }

    /// Adds a polygon.
    pub fn polygon(&mut self, points: Vec<[f32; 2]>, fill: Option<Rgba>, stroke: Option<Stroke>) {
        self.push(Shape::polygon(points, fill, stroke));
    }

    /// Adds a rectangle from `min` to `max`.
    pub fn rect(
        &mut self,
        min: [f32; 2],
        max: [f32; 2],
        fill: Option<Rgba>,
        stroke: Option<Stroke>,
    ) {
        self.polygon(rect_points(min, max), fill, stroke);
    }

    /// Adds a rectangle with rounded corners.
    pub fn rounded_rect(
        &mut self,
        min: [f32; 2],
        max: [f32; 2],
        radius: f32,
        fill: Option<Rgba>,
        stroke: Option<Stroke>,
    ) {
        self.polygon(rounded_rect_points(min, max, radius), fill, stroke);
    }

    /// Adds a rectangle (corners rounded by `radius`) whose outline lies
    /// wholly inside it, as egui's `StrokeKind::Inside` draws it: the fill
    /// covers the rectangle and the stroke runs half its width in from the
    /// edge.
    pub fn rect_inside(
        &mut self,
        min: [f32; 2],
        max: [f32; 2],
        radius: f32,
        fill: Option<Rgba>,
        stroke: Stroke,
    ) {
        if fill.is_some() {
            self.rounded_rect(min, max, radius, fill, None);
        }
        let h = stroke.width / 2.0;
        self.rounded_rect(
            [min[0] + h, min[1] + h],
            [max[0] - h, max[1] - h],
            (radius - h).max(0.0),
            None,
            Some(stroke),
        );
    }

    /// Adds a circle.
    pub fn circle(
        &mut self,
        centre: [f32; 2],
        radius: f32,
        fill: Option<Rgba>,
        stroke: Option<Stroke>,
    ) {
        self.push(Shape::Circle {
            centre,
            radius,
            fill,
            stroke,
        });
    }

    /// Adds a line.
    pub fn line(&mut self, from: [f32; 2], to: [f32; 2], stroke: Stroke) {
        self.push(Shape::Line { from, to, stroke });
    }

    /// Adds one line of text anchored at `at` (see [`Align`]).
    pub fn text(
        &mut self,
        at: [f32; 2],
        size: f32,
        colour: Rgba,
        text: impl Into<String>,
        align: Align,
    ) {
        self.push(Shape::Text {
            at,
            size,
            colour,
            text: text.into(),
            align,
        });
    }

    /// The same picture moved by `(dx, dy)` (its size unchanged).
    pub fn translated(&self, dx: f32, dy: f32) -> Picture {
        Picture {
            width: self.width,
            height: self.height,
            shapes: self
                .shapes
                .iter()
                .map(|s| s.mapped(1.0, [dx, dy], 1.0))
                .collect(),
        }
    }

    /// The same picture `factor` times bigger (size, widths and text too).
    pub fn scaled(&self, factor: f32) -> Picture {
        Picture {
            width: self.width * factor,
            height: self.height * factor,
            shapes: self
                .shapes
                .iter()
                .map(|s| s.mapped(factor, [0.0, 0.0], 1.0))
                .collect(),
        }
    }

    /// The same picture with every colour's alpha multiplied by `alpha`
    /// (0 to 1).
    pub fn faded(&self, alpha: f32) -> Picture {
        Picture {
            width: self.width,
            height: self.height,
            shapes: self
                .shapes
                .iter()
                .map(|s| s.mapped(1.0, [0.0, 0.0], alpha))
                .collect(),
        }
    }

    /// Draws `other` on top of this picture with its top-left corner at
    /// `at` (this picture's size unchanged).
    pub fn append(&mut self, other: &Picture, at: [f32; 2]) {
        self.append_scaled(other, at, 1.0);
    }

    /// Draws `other`, `scale` times bigger, on top of this picture with its
    /// top-left corner at `at`.
    pub fn append_scaled(&mut self, other: &Picture, at: [f32; 2], scale: f32) {
        self.shapes
            .extend(other.shapes.iter().map(|s| s.mapped(scale, at, 1.0)));
    }
}

/// Whether a closed polygon is convex (every turn the same way; straight
/// runs allowed). Fewer than three points count as convex.
pub fn is_convex(points: &[[f32; 2]]) -> bool {
    let n = points.len();
    if n < 4 {
        return true;
    }
    let mut sign = 0.0f32;
    for i in 0..n {
        let [ax, ay] = points[i];
        let [bx, by] = points[(i + 1) % n];
        let [cx, cy] = points[(i + 2) % n];
        let cross = (bx - ax) * (cy - by) - (by - ay) * (cx - bx);
        if cross.abs() <= f32::EPSILON * 16.0 {
            continue;
        }
        if sign == 0.0 {
            sign = cross.signum();
        } else if cross.signum() != sign {
            return false;
        }
    }
    true
}

/// Splits a simple polygon (convex or not, either winding) into triangles
/// by ear clipping; each triangle is three indices into `points`.
pub fn triangulate(points: &[[f32; 2]]) -> Vec<[usize; 3]> {
    let n = points.len();
    if n < 3 {
        return Vec::new();
    }
    let area: f32 = (0..n)
        .map(|i| {
            let [ax, ay] = points[i];
            let [bx, by] = points[(i + 1) % n];
            ax * by - bx * ay
        })
        .sum();
    // Positive `area` is clockwise on screen (y down); ears turn that way.
    let orientation = if area >= 0.0 { 1.0 } else { -1.0 };
    let cross = |a: [f32; 2], b: [f32; 2], c: [f32; 2]| {
        ((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])) * orientation
    };
    let inside = |p: [f32; 2], a: [f32; 2], b: [f32; 2], c: [f32; 2]| {
        cross(a, b, p) >= 0.0 && cross(b, c, p) >= 0.0 && cross(c, a, p) >= 0.0
    };
    let mut left: Vec<usize> = (0..n).collect();
    let mut triangles = Vec::with_capacity(n - 2);
    while left.len() > 3 {
        let m = left.len();
        let ear = (0..m).find(|&i| {
            let (a, b, c) = (left[(i + m - 1) % m], left[i], left[(i + 1) % m]);
            let (pa, pb, pc) = (points[a], points[b], points[c]);
            cross(pa, pb, pc) > 0.0
                && left
                    .iter()
                    .all(|&j| j == a || j == b || j == c || !inside(points[j], pa, pb, pc))
        });
        // A degenerate polygon has no proper ear: cut any corner.
        let i = ear.unwrap_or(0);
        triangles.push([left[(i + m - 1) % m], left[i], left[(i + 1) % m]]);
        left.remove(i);
    }
    triangles.push([left[0], left[1], left[2]]);
    triangles
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn faded_multiplies_alpha() {
        assert_eq!(Rgba::rgb(10, 20, 30).faded(0.5), Rgba([10, 20, 30, 128]));
        assert_eq!(Rgba::WHITE.faded(0.0), Rgba([255, 255, 255, 0]));
        assert!(Rgba::WHITE.faded(0.0).is_transparent());
    }

    #[test]
    fn translated_and_scaled_move_every_shape() {
        let mut p = Picture::new(2.0, 1.0);
        p.rect([0.0, 0.0], [1.0, 1.0], Some(Rgba::BLACK), None);
        p.circle([1.5, 0.5], 0.5, None, Some(Stroke::new(0.1, Rgba::BLACK)));
        p.line([0.0, 0.0], [2.0, 1.0], Stroke::new(0.2, Rgba::WHITE));
        p.text([1.0, 0.5], 0.4, Rgba::BLACK, "a", Align::Centre);
        let q = p.scaled(2.0).translated(1.0, 3.0);
        assert_eq!((q.width, q.height), (4.0, 2.0));
        assert_eq!(
            q.shapes[0],
            Shape::polygon(rect_points([1.0, 3.0], [3.0, 5.0]), Some(Rgba::BLACK), None)
        );
        assert_eq!(
            q.shapes[1],
            Shape::Circle {
                centre: [4.0, 4.0],
                radius: 1.0,
                fill: None,
                stroke: Some(Stroke::new(0.2, Rgba::BLACK)),
            }
        );
        assert_eq!(
            q.shapes[2],
            Shape::Line {
                from: [1.0, 3.0],
                to: [5.0, 5.0],
                stroke: Stroke::new(0.4, Rgba::WHITE),
            }
        );
        let Shape::Text { at, size, .. } = &q.shapes[3] else {
            panic!("text stays text")
        };
        assert_eq!((*at, *size), ([3.0, 4.0], 0.8));
    }

    #[test]
    fn append_places_a_picture_inside_another() {
        let mut small = Picture::new(1.0, 1.0);
        small.circle([0.5, 0.5], 0.5, Some(Rgba::BLACK), None);
        let mut sheet = Picture::new(10.0, 10.0);
        sheet.append(&small, [3.0, 4.0]);
        sheet.append_scaled(&small, [5.0, 5.0], 4.0);
        assert_eq!((sheet.width, sheet.height), (10.0, 10.0));
        let centres: Vec<_> = sheet
            .shapes
            .iter()
            .map(|s| match s {
                Shape::Circle { centre, radius, .. } => (*centre, *radius),
                _ => panic!("only circles were appended"),
            })
            .collect();
        assert_eq!(centres, vec![([3.5, 4.5], 0.5), ([7.0, 7.0], 2.0)]);
    }

    #[test]
    fn rect_inside_keeps_the_stroke_within_the_rectangle() {
        let mut p = Picture::new(1.0, 1.0);
        p.rect_inside(
            [0.0, 0.0],
            [1.0, 1.0],
            0.0,
            Some(Rgba::WHITE),
            Stroke::new(0.2, Rgba::BLACK),
        );
        assert_eq!(p.shapes.len(), 2);
        let Shape::Polygon { points, stroke, .. } = &p.shapes[1] else {
            panic!("a polygon")
        };
        assert_eq!(points, &rect_points([0.1, 0.1], [0.9, 0.9]));
        assert_eq!(stroke.unwrap().width, 0.2);
    }

    #[test]
    fn convexity() {
        assert!(is_convex(&rect_points([0.0, 0.0], [1.0, 1.0])));
        assert!(is_convex(&rounded_rect_points([0.0, 0.0], [1.0, 1.0], 0.2)));
        assert!(is_convex(&regular_polygon_points([0.0, 0.0], 1.0, 6, 0.0)));
        assert!(!is_convex(&star_points([0.0, 0.0], 1.0, 0.45)));
    }

    fn triangles_area(points: &[[f32; 2]], triangles: &[[usize; 3]]) -> f32 {
        triangles
            .iter()
            .map(|&[a, b, c]| {
                let (a, b, c) = (points[a], points[b], points[c]);
                ((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])).abs() / 2.0
            })
            .sum()
    }

    #[test]
    fn triangulation_covers_a_star_exactly() {
        let star = star_points([0.0, 0.0], 1.0, 0.45);
        let triangles = triangulate(&star);
        assert_eq!(triangles.len(), 8);
        // The shoelace area of the star equals the triangles' total.
        let n = star.len();
        let shoelace: f32 = (0..n)
            .map(|i| star[i][0] * star[(i + 1) % n][1] - star[(i + 1) % n][0] * star[i][1])
            .sum::<f32>()
            .abs()
            / 2.0;
        assert!((triangles_area(&star, &triangles) - shoelace).abs() < 1e-4);
        // Either winding.
        let reversed: Vec<_> = star.iter().rev().copied().collect();
        let t = triangulate(&reversed);
        assert!((triangles_area(&reversed, &t) - shoelace).abs() < 1e-4);
    }
}
