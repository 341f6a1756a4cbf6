//! Renders a [`Picture`] to pixels and PNG bytes, anti-aliased, with
//! tiny-skia for the shapes and egui's own default proportional font
//! (Ubuntu Light, from `epaint_default_fonts`) rasterised with ab_glyph for
//! the text, so that a PNG reads like the editor.

use std::sync::LazyLock;

use ab_glyph::{point, Font, FontArc, GlyphId, PxScale, ScaleFont};
use tiny_skia::{
    FillRule, LineCap, LineJoin, Paint, PathBuilder, Pixmap, PremultipliedColorU8, Transform,
};

use super::{Align, Picture, Rgba, Shape, Stroke};

/// egui's default proportional font.
static FONT: LazyLock<FontArc> = LazyLock::new(|| {
    FontArc::try_from_slice(epaint_default_fonts::UBUNTU_LIGHT)
        .expect("egui's bundled font is a valid font")
});

/// Board units per font unit at em size 1.
fn units_per_em() -> f32 {
    FONT.units_per_em().unwrap_or(1000.0)
}

/// The glyphs of `text` with the pen position (in font units) before each.
fn glyph_run(text: &str) -> (Vec<(GlyphId, f32)>, f32) {
    let font = &*FONT;
    let mut pen = 0.0;
    let mut previous: Option<GlyphId> = None;
    let mut glyphs = Vec::with_capacity(text.len());
    for ch in text.chars() {
        let id = font.glyph_id(ch);
        if let Some(p) = previous {
            pen += font.kern_unscaled(p, id);
        }
        glyphs.push((id, pen));
        pen += font.h_advance_unscaled(id);
        previous = Some(id);
    }
    (glyphs, pen)
}

/// How wide `text` is, in the units of `size` (the font's em size), in the
/// font every back end uses.
pub fn text_width(text: &str, size: f32) -> f32 {
    glyph_run(text).1 * size / units_per_em()
}

/// The height of a line of text of em size `size`: ascent, descent and line
/// gap, as egui lays out a row.
pub fn line_height(size: f32) -> f32 {
    let font = &*FONT;
    (font.ascent_unscaled() - font.descent_unscaled() + font.line_gap_unscaled()) * size
        / units_per_em()
}

/// The size in pixels of `picture` drawn at `pixels_per_unit` (at least one
/// pixel each way).
pub fn pixel_size(picture: &Picture, pixels_per_unit: f32) -> (u32, u32) {
    let side = |units: f32| ((units * pixels_per_unit).ceil().max(1.0)) as u32;
    (side(picture.width), side(picture.height))
}

fn paint(colour: Rgba) -> Paint<'static> {
    let [r, g, b, a] = colour.0;
    let mut paint = Paint::default();
    paint.set_color_rgba8(r, g, b, a);
    paint.anti_alias = true;
    paint
}

fn skia_stroke(stroke: Stroke, pixels_per_unit: f32) -> tiny_skia::Stroke {
    tiny_skia::Stroke {
        // At least one pixel wide, as egui draws hairlines.
        width: stroke.width.max(1.0 / pixels_per_unit),
        line_cap: LineCap::Butt,
        line_join: LineJoin::Miter,
        ..tiny_skia::Stroke::default()
    }
}

fn fill_and_stroke(
    pixmap: &mut Pixmap,
    path: &tiny_skia::Path,
    fill: Option<Rgba>,
    stroke: Option<Stroke>,
    pixels_per_unit: f32,
) {
    let transform = Transform::from_scale(pixels_per_unit, pixels_per_unit);
    if let Some(fill) = fill.filter(|c| !c.is_transparent()) {
        pixmap.fill_path(path, &paint(fill), FillRule::Winding, transform, None);
    }
    if let Some(stroke) = stroke.filter(|s| !s.colour.is_transparent() && s.width > 0.0) {
        pixmap.stroke_path(
            path,
            &paint(stroke.colour),
            &skia_stroke(stroke, pixels_per_unit),
            transform,
            None,
        );
    }
}

/// Blends `colour` at `coverage` (0 to 1) over the pixel at `(x, y)`.
fn blend(pixmap: &mut Pixmap, x: i32, y: i32, colour: Rgba, coverage: f32) {
    let (w, h) = (pixmap.width() as i32, pixmap.height() as i32);
    if x < 0 || y < 0 || x >= w || y >= h {
        return;
    }
    let a = colour.0[3] as f32 / 255.0 * coverage.clamp(0.0, 1.0);
    if a <= 0.0 {
        return;
    }
    let i = (y * w + x) as usize;
    let dst = pixmap.pixels()[i];
    let mix = |src: u8, dst: u8| (src as f32 * a + dst as f32 * (1.0 - a)).round();
    let alpha = (255.0 * a + dst.alpha() as f32 * (1.0 - a))
        .round()
        .min(255.0) as u8;
    let channel = |src: u8, dst: u8| (mix(src, dst) as u8).min(alpha);
    let [r, g, b, _] = colour.0;
    if let Some(out) = PremultipliedColorU8::from_rgba(
        channel(r, dst.red()),
        channel(g, dst.green()),
        channel(b, dst.blue()),
        alpha,
    ) {
        pixmap.pixels_mut()[i] = out;
    }
}

fn draw_text(
    pixmap: &mut Pixmap,
    at: [f32; 2],
    size: f32,
    colour: Rgba,
    text: &str,
    align: Align,
    pixels_per_unit: f32,
) {
    let font = &*FONT;
    let em = size * pixels_per_unit;
    if em <= 0.0 || text.is_empty() || colour.is_transparent() {
        return;
    }
    // ab_glyph's scale is the height from descent to ascent, not the em.
    let scale = PxScale::from(em * font.height_unscaled() / units_per_em());
    let scaled = font.as_scaled(scale);
    let (glyphs, width) = glyph_run(text);
    let px = em / units_per_em();
    let row = scaled.ascent() - scaled.descent() + scaled.line_gap();
    let baseline = at[1] * pixels_per_unit - row / 2.0 + scaled.ascent();
    let left = at[0] * pixels_per_unit - width * px * align.factor();
    for (id, pen) in glyphs {
        let glyph = id.with_scale_and_position(scale, point(left + pen * px, baseline));
        if let Some(outlined) = font.outline_glyph(glyph) {
            let bounds = outlined.px_bounds();
            let (x0, y0) = (bounds.min.x as i32, bounds.min.y as i32);
            outlined.draw(|gx, gy, coverage| {
                blend(pixmap, x0 + gx as i32, y0 + gy as i32, colour, coverage);
            });
        }
    }
}

fn draw_shape(pixmap: &mut Pixmap, shape: &Shape, pixels_per_unit: f32) {
    match shape {
        Shape::Polygon {
            points,
            fill,
            stroke,
        } => {
            let mut pb = PathBuilder::new();
            let mut corners = points.iter();
            let Some(first) = corners.next() else { return };
            pb.move_to(first[0], first[1]);
            for p in corners {
                pb.line_to(p[0], p[1]);
            }
            pb.close();
            if let Some(path) = pb.finish() {
                fill_and_stroke(pixmap, &path, *fill, *stroke, pixels_per_unit);
            }
        }
        Shape::Circle {
            centre,
            radius,
            fill,
            stroke,
        } => {
            if let Some(path) = PathBuilder::from_circle(centre[0], centre[1], *radius) {
                fill_and_stroke(pixmap, &path, *fill, *stroke, pixels_per_unit);
            }
        }
        Shape::Line { from, to, stroke } => {
            let mut pb = PathBuilder::new();
            pb.move_to(from[0], from[1]);
            pb.line_to(to[0], to[1]);
            if let Some(path) = pb.finish() {
                fill_and_stroke(pixmap, &path, None, Some(*stroke), pixels_per_unit);
            }
        }
        Shape::Text {
            at,
            size,
            colour,
            text,
            align,
        } => draw_text(pixmap, *at, *size, *colour, text, *align, pixels_per_unit),
    }
}

/// Draws `picture` at `pixels_per_unit` pixels a board unit over
/// `background`, anti-aliased.
pub fn render_pixmap(picture: &Picture, pixels_per_unit: f32, background: Rgba) -> Pixmap {
    let (w, h) = pixel_size(picture, pixels_per_unit);
    let mut pixmap = Pixmap::new(w, h).expect("the size is at least 1x1");
    let [r, g, b, a] = background.0;
    pixmap.fill(tiny_skia::Color::from_rgba8(r, g, b, a));
    for shape in &picture.shapes {
        draw_shape(&mut pixmap, shape, pixels_per_unit);
    }
    pixmap
}

/// `picture` as PNG bytes, drawn at `pixels_per_unit` pixels a board unit
/// over `background`.
pub fn render_png(picture: &Picture, pixels_per_unit: f32, background: Rgba) -> Vec<u8> {
    render_pixmap(picture, pixels_per_unit, background)
        .encode_png()
        .expect("encoding a picture in memory cannot fail")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rgba(pixmap: &Pixmap, x: u32, y: u32) -> [u8; 4] {
        let c = pixmap.pixel(x, y).unwrap().demultiply();
        [c.red(), c.green(), c.blue(), c.alpha()]
    }

    #[test]
    fn shapes_land_where_the_picture_says() {
        let mut p = Picture::new(4.0, 2.0);
        p.rect([0.0, 0.0], [1.0, 1.0], Some(Rgba::rgb(255, 0, 0)), None);
        p.circle([2.5, 0.5], 0.4, Some(Rgba::rgb(0, 0, 255)), None);
        p.line(
            [0.0, 1.5],
            [4.0, 1.5],
            Stroke::new(0.2, Rgba::rgb(0, 128, 0)),
        );
        let pixmap = render_pixmap(&p, 10.0, Rgba::WHITE);
        assert_eq!((pixmap.width(), pixmap.height()), (40, 20));
        assert_eq!(rgba(&pixmap, 5, 5), [255, 0, 0, 255]);
        assert_eq!(rgba(&pixmap, 25, 5), [0, 0, 255, 255]);
        // Outside the circle's radius: background.
        assert_eq!(rgba(&pixmap, 29, 9), [255, 255, 255, 255]);
        assert_eq!(rgba(&pixmap, 20, 15), [0, 128, 0, 255]);
        assert_eq!(rgba(&pixmap, 20, 12), [255, 255, 255, 255]);
    }

    #[test]
    fn fill_comes_first_then_the_stroke() {
        let mut p = Picture::new(2.0, 2.0);
        p.circle(
            [1.0, 1.0],
            0.8,
            Some(Rgba::rgb(255, 255, 0)),
            Some(Stroke::new(0.2, Rgba::BLACK)),
        );
        let pixmap = render_pixmap(&p, 20.0, Rgba::WHITE);
        assert_eq!(rgba(&pixmap, 20, 20), [255, 255, 0, 255]);
        // On the radius, the stroke covers the fill.
        assert_eq!(rgba(&pixmap, 20 + 16, 20), [0, 0, 0, 255]);
    }

    #[test]
    fn edges_are_anti_aliased() {
        let mut p = Picture::new(2.0, 2.0);
        p.circle([1.0, 1.0], 0.9, Some(Rgba::BLACK), None);
        let pixmap = render_pixmap(&p, 20.0, Rgba::WHITE);
        let greys = pixmap
            .pixels()
            .iter()
            .filter(|c| (20..235).contains(&c.red()))
            .count();
        assert!(greys > 20, "only {greys} partly covered pixels");
    }

    #[test]
    fn a_non_convex_polygon_fills_only_its_inside() {
        let mut p = Picture::new(2.0, 2.0);
        p.polygon(
            super::super::star_points([1.0, 1.0], 1.0, 0.4),
            Some(Rgba::BLACK),
            None,
        );
        let pixmap = render_pixmap(&p, 50.0, Rgba::WHITE);
        assert_eq!(rgba(&pixmap, 50, 50), [0, 0, 0, 255]);
        // Between two tips at the top: outside the star.
        assert_eq!(rgba(&pixmap, 50 + 30, 50 - 30), [255, 255, 255, 255]);
    }

    #[test]
    fn text_is_drawn_around_its_anchor() {
        let mut p = Picture::new(10.0, 2.0);
        p.text([5.0, 1.0], 1.0, Rgba::BLACK, "Hello", Align::Centre);
        let pixmap = render_pixmap(&p, 20.0, Rgba::WHITE);
        let dark: Vec<(u32, u32)> = (0..pixmap.height())
            .flat_map(|y| (0..pixmap.width()).map(move |x| (x, y)))
            .filter(|&(x, y)| pixmap.pixel(x, y).unwrap().red() < 128)
            .collect();
        assert!(dark.len() > 40, "only {} dark pixels", dark.len());
        let min_x = dark.iter().map(|p| p.0).min().unwrap() as f32;
        let max_x = dark.iter().map(|p| p.0).max().unwrap() as f32;
        let min_y = dark.iter().map(|p| p.1).min().unwrap() as f32;
        let max_y = dark.iter().map(|p| p.1).max().unwrap() as f32;
        // Centred on x = 100 px, about as wide as measured.
        let width = text_width("Hello", 1.0) * 20.0;
        assert!(((min_x + max_x) / 2.0 - 100.0).abs() < 2.0);
        assert!((max_x - min_x - width).abs() < 4.0);
        // Capitals stand around the middle of the line (y = 20 px).
        assert!(min_y > 5.0 && max_y < 35.0 && min_y < 20.0 && max_y > 18.0);
    }

    #[test]
    fn text_width_grows_with_text_and_size() {
        let one = text_width("level", 1.0);
        assert!(one > 1.0 && one < 4.0, "{one}");
        assert!((text_width("level", 2.0) - 2.0 * one).abs() < 1e-4);
        assert!(text_width("level 12", 1.0) > one);
        assert!(line_height(1.0) > 1.0 && line_height(1.0) < 1.5);
    }

    #[test]
    fn a_png_decodes_to_the_same_pixels() {
        let mut p = Picture::new(3.0, 1.0);
        p.rect([1.0, 0.0], [2.0, 1.0], Some(Rgba::rgb(10, 200, 30)), None);
        let bytes = render_png(&p, 8.0, Rgba::WHITE);
        assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
        let decoded = Pixmap::decode_png(&bytes).unwrap();
        assert_eq!((decoded.width(), decoded.height()), (24, 8));
        assert_eq!(rgba(&decoded, 12, 4), [10, 200, 30, 255]);
        assert_eq!(rgba(&decoded, 3, 4), [255, 255, 255, 255]);
    }
}
