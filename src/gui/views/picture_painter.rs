//! Paints a [`Picture`] with egui's painter: the GUI's back end for the
//! shapes a kind describes its board with (the PNG one is
//! `picture::png`). Both agree on what a shape means: fill then stroke,
//! strokes centred on the outline and at least a pixel wide, text anchored
//! on the middle of its line in egui's proportional font.

use egui::epaint::{Mesh, PathStroke};
use egui::{pos2, Align2, Color32, FontId, Painter, Pos2, Rect};

use crate::picture::{is_convex, triangulate, Align, Picture, Rgba, Shape, Stroke};

/// Where a picture lands in a rectangle: the screen position of board
/// point (0, 0) and the points a board unit spans.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Placement {
    /// Where the picture's top-left corner goes.
    pub origin: Pos2,
    /// Points per board unit.
    pub scale: f32,
}

impl Placement {
    /// The largest uniform scale at which `picture` fits in `rect`,
    /// centred in it.
    pub fn fit(rect: Rect, picture: &Picture) -> Placement {
        let w = picture.width.max(f32::EPSILON);
        let h = picture.height.max(f32::EPSILON);
        let scale = (rect.width() / w).min(rect.height() / h).max(0.0);
        Placement {
            origin: rect.center() - egui::vec2(w, h) * scale / 2.0,
            scale,
        }
    }

    /// The screen position of board point `p`.
    pub fn point(&self, p: [f32; 2]) -> Pos2 {
        pos2(
            self.origin.x + p[0] * self.scale,
            self.origin.y + p[1] * self.scale,
        )
    }
}

/// An egui colour of a picture colour.
pub fn colour(c: Rgba) -> Color32 {
    let [r, g, b, a] = c.0;
    Color32::from_rgba_unmultiplied(r, g, b, a)
}

fn stroke(s: Option<Stroke>, scale: f32) -> egui::Stroke {
    match s {
        Some(s) if !s.colour.is_transparent() && s.width > 0.0 => {
            // At least a point wide, as the PNG back end draws hairlines.
            egui::Stroke::new((s.width * scale).max(1.0), colour(s.colour))
        }
        _ => egui::Stroke::NONE,
    }
}

fn fill(c: Option<Rgba>) -> Color32 {
    c.map_or(Color32::TRANSPARENT, colour)
}

/// Paints `picture` into `rect`: board units scaled uniformly to fit,
/// centred.
pub fn paint(painter: &Painter, rect: Rect, picture: &Picture) {
    let at = Placement::fit(rect, picture);
    for shape in &picture.shapes {
        paint_shape(painter, at, shape);
    }
}

/// Paints one shape placed by `at`.
pub fn paint_shape(painter: &Painter, at: Placement, shape: &Shape) {
    match shape {
        Shape::Polygon {
            points,
            fill: f,
            stroke: s,
        } => {
            let screen: Vec<Pos2> = points.iter().map(|&p| at.point(p)).collect();
            let (f, s) = (fill(*f), stroke(*s, at.scale));
            if is_convex(points) {
                painter.add(egui::Shape::convex_polygon(screen, f, s));
                return;
            }
            if f != Color32::TRANSPARENT {
                // egui fills only convex paths: cut the polygon into
                // triangles, and trace its edge a point wide to smooth it.
                let mut mesh = Mesh::default();
                for &p in &screen {
                    mesh.colored_vertex(p, f);
                }
                for [a, b, c] in triangulate(points) {
                    mesh.add_triangle(a as u32, b as u32, c as u32);
                }
                painter.add(egui::Shape::mesh(mesh));
                if s == egui::Stroke::NONE {
                    painter.add(egui::Shape::closed_line(
                        screen.clone(),
                        PathStroke::new(1.0, f),
                    ));
                }
            }
            if s != egui::Stroke::NONE {
                painter.add(egui::Shape::closed_line(screen, s));
            }
        }
        Shape::Circle {
            centre,
            radius,
            fill: f,
            stroke: s,
        } => {
            painter.add(egui::epaint::CircleShape {
                center: at.point(*centre),
                radius: radius * at.scale,
                fill: fill(*f),
                stroke: stroke(*s, at.scale),
            });
        }
        Shape::Line {
            from,
            to,
            stroke: s,
        } => {
            painter.line_segment([at.point(*from), at.point(*to)], stroke(Some(*s), at.scale));
        }
        Shape::Text {
            at: anchor,
            size,
            colour: c,
            text,
            align,
        } => {
            let h = match align {
                Align::Left => egui::Align::LEFT,
                Align::Centre => egui::Align::Center,
                Align::Right => egui::Align::RIGHT,
            };
            painter.text(
                at.point(*anchor),
                Align2([h, egui::Align::Center]),
                text,
                FontId::proportional(size * at.scale),
                colour(*c),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui::vec2;

    #[test]
    fn a_picture_fits_its_rectangle_centred() {
        let picture = Picture::new(4.0, 2.0);
        let rect = Rect::from_min_size(pos2(10.0, 20.0), vec2(200.0, 200.0));
        let at = Placement::fit(rect, &picture);
        assert_eq!(at.scale, 50.0);
        assert_eq!(at.point([0.0, 0.0]), pos2(10.0, 70.0));
        assert_eq!(at.point([4.0, 2.0]), pos2(210.0, 170.0));
    }

    #[test]
    fn colours_keep_their_alpha() {
        assert_eq!(colour(Rgba::rgb(1, 2, 3)), Color32::from_rgb(1, 2, 3));
        assert_eq!(
            colour(Rgba::rgb(200, 100, 0).faded(0.35)),
            Color32::from_rgb(200, 100, 0).gamma_multiply(0.35)
        );
    }

    #[test]
    fn every_shape_paints_something() {
        let ctx = egui::Context::default();
        let mut picture = Picture::new(2.0, 2.0);
        picture.rect([0.0, 0.0], [1.0, 1.0], Some(Rgba::BLACK), None);
        picture.polygon(
            crate::picture::star_points([1.0, 1.0], 0.8, 0.45),
            Some(Rgba::rgb(240, 180, 0)),
            None,
        );
        picture.circle([1.0, 1.0], 0.5, None, Some(Stroke::new(0.1, Rgba::WHITE)));
        picture.line([0.0, 0.0], [2.0, 2.0], Stroke::new(0.1, Rgba::BLACK));
        picture.text([1.0, 1.0], 0.5, Rgba::BLACK, "7", Align::Centre);
        let mut output = ctx.run_ui(egui::RawInput::default(), |ui| {
            let rect = Rect::from_min_size(pos2(0.0, 0.0), vec2(100.0, 100.0));
            paint(ui.painter(), rect, &picture);
        });
        output.textures_delta.clear();
        // The rectangle, the star (a mesh and its edge), the circle, the
        // line and the text.
        let shapes = output.shapes.len();
        assert!(shapes >= 6, "{shapes} shapes");
    }
}
