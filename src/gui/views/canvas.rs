//! The board widget: draws a level or a position scaled to the space it has,
//! highlights the cell under the pointer with its coordinates, marks cells
//! with problems and pieces worth a look, and reports the pointer so the
//! editor can paint.

use egui::{Color32, Rect, Sense, Stroke, StrokeKind, Ui};

use super::board::{self, BoardGeometry};
use super::picture_painter;
use crate::kinds::skiddy::picture as skiddy_picture;
use crate::kinds::skiddy::{Level, Rules};

/// What the board shows.
pub enum BoardContent<'a> {
    /// A level as the designer edits it.
    Level(&'a Level),
    /// A position of a compiled level, pieces at fractional cells (for
    /// animation; `None` for a piece that left).
    Places(&'a Rules, &'a [Option<(f32, f32)>]),
}

impl BoardContent<'_> {
    fn size(&self) -> (usize, usize) {
        match self {
            BoardContent::Level(l) => (l.width(), l.height()),
            BoardContent::Places(r, _) => (r.width(), r.height()),
        }
    }
}

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

/// Shows the board in `rect`'s worth of space (all that is available), with
/// the accessible name `label`.
pub fn show_board(
    ui: &mut Ui,
    content: BoardContent<'_>,
    marks: &BoardMarks<'_>,
    size: egui::Vec2,
    label: &str,
) -> BoardOutput {
    let (rect, response) = ui.allocate_exact_size(size, Sense::click_and_drag());
    let label_owned = label.to_string();
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Canvas, true, &label_owned));
    let (w, h) = content.size();
    // Leave a margin for the coordinate ruler.
    let ruler = 14.0;
    let inner = Rect::from_min_max(rect.min + egui::vec2(ruler, ruler), rect.max);
    let geometry = BoardGeometry::fit(inner, w, h);
    let painter = ui.painter_at(rect);
    // The board itself is the kind's picture; the marks below are the
    // editor's own overlays.
    let picture = match content {
        BoardContent::Level(level) => skiddy_picture::level_picture(level),
        BoardContent::Places(rules, places) => skiddy_picture::places_picture(rules, places),
    };
    picture_painter::paint(&painter, geometry.rect(), &picture);
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

/// Where each piece stands, in whole cells, for [`BoardContent::Places`];
/// `None` for a piece that has left.
pub fn places_of(rules: &Rules, positions: &[u8]) -> Vec<Option<(f32, f32)>> {
    positions
        .iter()
        .map(|&p| {
            (p != crate::kinds::skiddy::rules::GONE).then(|| {
                let (x, y) = board::cell_xy(p, rules.width());
                (x as f32, y as f32)
            })
        })
        .collect()
}

/// Shows pieces at `places` (cells, fractional while they slide) on the
/// level's floor, in all the space available, without marks.
pub fn show_places(ui: &mut Ui, rules: &Rules, places: &[Option<(f32, f32)>], label: &str) {
    let size = ui.available_size();
    show_board(
        ui,
        BoardContent::Places(rules, places),
        &BoardMarks::default(),
        size,
        label,
    );
}

/// Draws a small board (a thumbnail or a side-by-side view) of a position
/// at whole cells, with marked cells.
pub fn show_position(
    ui: &mut Ui,
    rules: &Rules,
    positions: &[u8],
    attention: &[(usize, usize)],
    size: egui::Vec2,
    label: &str,
) -> egui::Response {
    let places = places_of(rules, positions);
    let marks = BoardMarks {
        problems: &[],
        attention,
    };
    show_board(
        ui,
        BoardContent::Places(rules, &places),
        &marks,
        size,
        label,
    )
    .response
}
