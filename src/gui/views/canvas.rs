//! The board widget: draws a kind's picture of a level or a position (one
//! board unit a cell) scaled to the space it has,
//! highlights the cell under the pointer with its coordinates, marks cells
//! with problems and pieces worth a look, and reports the pointer so the
//! editor can paint.

use egui::{Color32, Rect, Sense, Stroke, StrokeKind, Ui};

use super::board::BoardGeometry;
use super::camera::Camera;
use super::picture_painter;
use crate::picture::Picture;

/// Marks drawn over the board.
#[derive(Default)]
pub struct BoardMarks<'a> {
    /// Cells with a validation problem (red dashed frame).
    pub problems: &'a [(usize, usize)],
    /// Cells to point out (e.g. Skiddies a dead end has trapped): an orange
    /// ring with a cross.
    pub attention: &'a [(usize, usize)],
    /// Cells that differ from the version compared with: a violet frame.
    pub changed: &'a [(usize, usize)],
}

/// What happened on the board this frame.
pub struct BoardOutput {
    /// The widget's response (click, drag, hover).
    pub response: egui::Response,
    /// Where the cells are.
    pub geometry: BoardGeometry,
    /// The cell under the pointer.
    pub hovered: Option<(usize, usize)>,
    /// The part of the widget the board is drawn in (without the rulers'
    /// margin): a zoomed board is cut off at its edges.
    pub viewport: Rect,
}

/// Boards with more cells than this are painted from a raster of their
/// picture, drawn once and kept while the board does not change: painting
/// and tessellating every shape of a 1000x1000 board takes most of a second
/// a frame, its raster a millisecond.
pub const RASTER_CELLS: usize = 128 * 128;
/// The most pixels a side of a board's raster has.
const RASTER_MAX_SIDE: f32 = 2048.0;

/// A board's raster kept between frames, with the key of what it shows.
pub struct RasterCache {
    key: u64,
    texture: egui::TextureHandle,
}

/// How the board is painted.
enum BoardImage<'a> {
    /// The picture, shape by shape.
    Shapes(&'a Picture),
    /// A raster of the picture, stretched over the board.
    Raster(&'a egui::TextureHandle),
}

/// Shows `picture`, a board in cells, in `size` (all that is available),
/// with the accessible name `label`.
pub fn show_board(
    ui: &mut Ui,
    picture: &Picture,
    marks: &BoardMarks<'_>,
    size: egui::Vec2,
    label: &str,
) -> BoardOutput {
    let cells = (
        picture.width.round() as usize,
        picture.height.round() as usize,
    );
    let image = BoardImage::Shapes(picture);
    show_image(ui, image, cells, marks, size, label, &Camera::FIT)
}

/// Shows a board of `cells` (width, height) as [`show_board`] does, its
/// picture made by `build` only when needed: a board of at most
/// [`RASTER_CELLS`] cells is painted shape by shape; a bigger one from the
/// raster in `cache`, drawn again only when `key` (a hash of what the
/// picture shows) changes. `camera` zooms and pans it.
#[allow(clippy::too_many_arguments)]
pub fn show_board_cached(
    ui: &mut Ui,
    cache: &mut Option<RasterCache>,
    key: u64,
    build: impl FnOnce() -> Picture,
    cells: (usize, usize),
    marks: &BoardMarks<'_>,
    size: egui::Vec2,
    label: &str,
    camera: &Camera,
) -> BoardOutput {
    if cells.0.saturating_mul(cells.1) <= RASTER_CELLS {
        let picture = build();
        let image = BoardImage::Shapes(&picture);
        return show_image(ui, image, cells, marks, size, label, camera);
    }
    if cache.as_ref().is_none_or(|c| c.key != key) {
        let texture = rasterise(ui.ctx(), &build());
        *cache = Some(RasterCache { key, texture });
    }
    let texture = &cache.as_ref().expect("the raster was just made").texture;
    let image = BoardImage::Raster(texture);
    show_image(ui, image, cells, marks, size, label, camera)
}

/// A key for [`show_board_cached`]: the hash of what the board shows.
pub fn hash_of(value: &impl std::hash::Hash) -> u64 {
    use std::hash::Hasher;
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    value.hash(&mut hasher);
    hasher.finish()
}

/// Draws `picture` into a texture at most [`RASTER_MAX_SIDE`] pixels a
/// side, at least a pixel a cell.
fn rasterise(ctx: &egui::Context, picture: &Picture) -> egui::TextureHandle {
    let side = picture.width.max(picture.height).max(1.0);
    let ppu = (RASTER_MAX_SIDE / side).floor().max(1.0);
    let pixmap = crate::picture::png::render_pixmap(picture, ppu, crate::picture::Rgba::WHITE);
    let image = egui::ColorImage::from_rgba_premultiplied(
        [pixmap.width() as usize, pixmap.height() as usize],
        pixmap.data(),
    );
    ctx.load_texture("board raster", image, egui::TextureOptions::LINEAR)
}

fn show_image(
    ui: &mut Ui,
    image: BoardImage<'_>,
    (w, h): (usize, usize),
    marks: &BoardMarks<'_>,
    size: egui::Vec2,
    label: &str,
    camera: &Camera,
) -> BoardOutput {
    let (rect, response) = ui.allocate_exact_size(size, Sense::click_and_drag());
    let label_owned = label.to_string();
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Canvas, true, &label_owned));
    // Leave a margin for the coordinate ruler.
    let ruler = 14.0;
    let inner = Rect::from_min_max(rect.min + egui::vec2(ruler, ruler), rect.max);
    let geometry = camera.geometry(inner, w, h);
    let painter = ui.painter_at(inner);
    // The board itself is the kind's picture; the marks below are the
    // editor's own overlays.
    match image {
        BoardImage::Shapes(picture) => picture_painter::paint(&painter, geometry.rect(), picture),
        BoardImage::Raster(texture) => {
            let uv = Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0));
            painter.image(texture.id(), geometry.rect(), uv, Color32::WHITE);
        }
    }
    paint_rulers(
        &ui.painter_at(rect),
        &geometry,
        inner,
        ui.visuals().weak_text_color(),
    );
    for &(x, y) in marks.problems {
        let r = geometry.cell_rect(x, y).shrink(1.0);
        painter.rect_stroke(
            r,
            2.0,
            Stroke::new(3.0, Color32::from_rgb(220, 30, 30)),
            StrokeKind::Inside,
        );
        painter.line_segment(
            [r.left_top(), r.right_bottom()],
            Stroke::new(1.5, Color32::RED),
        );
    }
    for &(x, y) in marks.changed {
        let r = geometry.cell_rect(x, y).shrink(2.0);
        let violet = Color32::from_rgb(150, 60, 220);
        painter.rect_stroke(r, 3.0, Stroke::new(3.0, violet), StrokeKind::Inside);
        painter.rect_stroke(
            r.shrink(3.0),
            2.0,
            Stroke::new(1.0, Color32::WHITE),
            StrokeKind::Inside,
        );
    }
    for &(x, y) in marks.attention {
        let r = geometry.cell_rect(x, y);
        let orange = Color32::from_rgb(255, 140, 0);
        painter.circle_stroke(r.center(), r.width() * 0.47, Stroke::new(3.0, orange));
        let s = r.shrink(r.width() * 0.3);
        painter.line_segment([s.left_top(), s.right_bottom()], Stroke::new(2.5, orange));
        painter.line_segment([s.right_top(), s.left_bottom()], Stroke::new(2.5, orange));
    }
    let hovered = response
        .hover_pos()
        .filter(|p| inner.contains(*p))
        .and_then(|p| geometry.cell_at(p));
    if let Some((x, y)) = hovered {
        let r = geometry.cell_rect(x, y);
        painter.rect_stroke(
            r,
            2.0,
            Stroke::new(2.0, ui.visuals().selection.stroke.color),
            StrokeKind::Inside,
        );
        // The coordinates on a light tag, readable over walls and floor.
        let galley = painter.layout_no_wrap(
            format!("{x},{y}"),
            egui::FontId::monospace((geometry.cell * 0.2).clamp(9.0, 13.0)),
            Color32::from_rgb(20, 20, 20),
        );
        let at = r.left_top() + egui::vec2(3.0, 2.0);
        painter.rect_filled(
            Rect::from_min_size(at, galley.size()).expand(1.5),
            2.0,
            Color32::from_rgba_unmultiplied(255, 255, 255, 210),
        );
        painter.galley(at, galley, Color32::BLACK);
    }
    BoardOutput {
        response,
        geometry,
        hovered,
        viewport: inner,
    }
}

/// Column numbers above the board and row numbers on its left; on a
/// board whose cells are too small for a number each, every `step`th. A
/// board zoomed past the edges of `view` keeps its numbers along them, for
/// the cells in view.
fn paint_rulers(painter: &egui::Painter, geo: &BoardGeometry, view: Rect, colour: Color32) {
    let font = egui::FontId::monospace((geo.cell * 0.3).clamp(8.0, 11.0));
    let board = geo.rect();
    let top = board.top().max(view.top());
    let left = board.left().max(view.left());
    let step = ruler_step(geo.cell);
    for x in (0..geo.width).step_by(step) {
        let r = geo.cell_rect(x, 0);
        if !view.x_range().contains(r.center().x) {
            continue;
        }
        painter.text(
            egui::pos2(r.center().x, top - 2.0),
            egui::Align2::CENTER_BOTTOM,
            x.to_string(),
            font.clone(),
            colour,
        );
    }
    for y in (0..geo.height).step_by(step) {
        let r = geo.cell_rect(0, y);
        if !view.y_range().contains(r.center().y) {
            continue;
        }
        painter.text(
            egui::pos2(left - 3.0, r.center().y),
            egui::Align2::RIGHT_CENTER,
            y.to_string(),
            font.clone(),
            colour,
        );
    }
}

/// Every how many cells the rulers write a number, for cells `cell` points
/// wide: 1, 2, 5, 10, 20, 50, … so that numbers stand 16 points apart or
/// more.
fn ruler_step(cell: f32) -> usize {
    [1, 2, 5, 10, 20, 50, 100, 200, 500]
        .into_iter()
        .find(|&step| cell * step as f32 >= 16.0)
        .unwrap_or(1000)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ruler_numbers_thin_out_on_small_cells() {
        assert_eq!(ruler_step(40.0), 1);
        assert_eq!(ruler_step(10.0), 2);
        assert_eq!(ruler_step(0.8), 20);
        assert_eq!(ruler_step(0.01), 1000);
    }
}
