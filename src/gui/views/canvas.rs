//! The board widget: draws a kind's picture of a level or a position (one
//! board unit a cell) scaled to the space it has,
//! highlights the cell under the pointer with its coordinates, marks cells
//! with problems and pieces worth a look, and reports the pointer so the
//! editor can paint.

use egui::{Color32, Rect, Sense, Stroke, StrokeKind, Ui};

use super::board::BoardGeometry;
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
}

/// What happened on the board this frame.
pub struct BoardOutput {
    /// The widget's response (click, drag, hover).
    pub response: egui::Response,
    /// Where the cells are.
    pub geometry: BoardGeometry,
    /// The cell under the pointer.
    pub hovered: Option<(usize, usize)>,
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
    let (rect, response) = ui.allocate_exact_size(size, Sense::click_and_drag());
    let label_owned = label.to_string();
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Canvas, true, &label_owned));
    let (w, h) = (
        picture.width.round() as usize,
        picture.height.round() as usize,
    );
    // Leave a margin for the coordinate ruler.
    let ruler = 14.0;
    let inner = Rect::from_min_max(rect.min + egui::vec2(ruler, ruler), rect.max);
    let geometry = BoardGeometry::fit(inner, w, h);
    let painter = ui.painter_at(rect);
    // The board itself is the kind's picture; the marks below are the
    // editor's own overlays.
    picture_painter::paint(&painter, geometry.rect(), picture);
    paint_rulers(&painter, &geometry, ui.visuals().weak_text_color());
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
    for &(x, y) in marks.attention {
        let r = geometry.cell_rect(x, y);
        let orange = Color32::from_rgb(255, 140, 0);
        painter.circle_stroke(r.center(), r.width() * 0.47, Stroke::new(3.0, orange));
        let s = r.shrink(r.width() * 0.3);
        painter.line_segment([s.left_top(), s.right_bottom()], Stroke::new(2.5, orange));
        painter.line_segment([s.right_top(), s.left_bottom()], Stroke::new(2.5, orange));
    }
    let hovered = response.hover_pos().and_then(|p| geometry.cell_at(p));
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
    }
}

/// Column numbers above the board and row numbers on its left.
fn paint_rulers(painter: &egui::Painter, geo: &BoardGeometry, colour: Color32) {
    let font = egui::FontId::monospace((geo.cell * 0.3).clamp(8.0, 11.0));
    let board = geo.rect();
    for x in 0..geo.width {
        let r = geo.cell_rect(x, 0);
        painter.text(
            egui::pos2(r.center().x, board.top() - 2.0),
            egui::Align2::CENTER_BOTTOM,
            x.to_string(),
            font.clone(),
            colour,
        );
    }
    for y in 0..geo.height {
        let r = geo.cell_rect(0, y);
        painter.text(
            egui::pos2(board.left() - 3.0, r.center().y),
            egui::Align2::RIGHT_CENTER,
            y.to_string(),
            font.clone(),
            colour,
        );
    }
}
