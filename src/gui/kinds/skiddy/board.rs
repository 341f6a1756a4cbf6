//! Drawing a Skiddy board with egui's painter: the board's tiles and pieces,
//! which are Skiddy's picture (`kinds::skiddy::picture`, every tile with a
//! shape of its own as well as a colour) painted by [`picture_painter`], and
//! a position of compiled rules shown on the board canvas.

use egui::{Color32, Painter, Rect, Ui};

use crate::gui::views::board::BoardGeometry;
use crate::gui::views::canvas::{self, BoardMarks};
use crate::gui::views::picture_painter;
use crate::kinds::skiddy::picture as skiddy_picture;
use crate::kinds::skiddy::{Colour, Floor, Level, Piece, Rules};
use crate::picture::Picture;

/// The fill colour of a Skiddy colour (Okabe–Ito, safe for colour-blind
/// eyes), as the board's picture draws it.
pub fn colour_fill(colour: Colour) -> Color32 {
    picture_painter::colour(skiddy_picture::colour_fill(colour))
}

/// Paints a picture of one cell into `rect`.
fn paint_cell(painter: &Painter, rect: Rect, picture: &Picture) {
    picture_painter::paint(painter, rect, picture);
}

/// Paints a floor tile.
pub fn paint_floor(painter: &Painter, rect: Rect, floor: Floor) {
    paint_cell(
        painter,
        rect,
        &skiddy_picture::cell_picture(Some(floor), None),
    );
}

/// Paints a piece in its cell rectangle; `in_pit` draws it sunk into a pit
/// (smaller, with a dark ring), `alpha` fades it (1.0 opaque).
pub fn paint_piece(painter: &Painter, rect: Rect, piece: Piece, in_pit: bool, alpha: f32) {
    let mut picture = Picture::new(1.0, 1.0);
    skiddy_picture::push_piece(&mut picture, 0.0, 0.0, piece, in_pit);
    if alpha < 1.0 {
        picture = picture.faded(alpha);
    }
    paint_cell(painter, rect, &picture);
}

/// Paints a level as the designer edits it: floors, then pieces (a piece on
/// a pit floor starts inside the pit).
pub fn paint_level(painter: &Painter, geo: &BoardGeometry, level: &Level) {
    picture_painter::paint(painter, geo.rect(), &skiddy_picture::level_picture(level));
}

/// Paints the fixed floor of compiled rules.
pub fn paint_rules_floor(painter: &Painter, geo: &BoardGeometry, rules: &Rules) {
    picture_painter::paint(painter, geo.rect(), &skiddy_picture::floor_picture(rules));
}

/// Paints one state: the floor of `rules` and every piece still on the board
/// at `positions` (cell indices; `GONE` for a piece that left).
pub fn paint_state(painter: &Painter, geo: &BoardGeometry, rules: &Rules, positions: &[u8]) {
    picture_painter::paint(
        painter,
        geo.rect(),
        &skiddy_picture::position_picture(rules, positions),
    );
}

/// Paints pieces at fractional cell coordinates (one entry per piece of
/// `rules`; `None` for a piece that has left), over the floor of `rules`.
pub fn paint_moving(
    painter: &Painter,
    geo: &BoardGeometry,
    rules: &Rules,
    places: &[Option<(f32, f32)>],
) {
    picture_painter::paint(
        painter,
        geo.rect(),
        &skiddy_picture::places_picture(rules, places),
    );
}

/// The board of state `id` of `analysis`, as the state graph's tooltip
/// shows it.
pub fn state_picture(analysis: &crate::kinds::skiddy::Analysis, id: u32) -> Picture {
    skiddy_picture::position_picture(&analysis.rules, &analysis.positions(id))
}

/// Cell `(x, y)` of a cell index on a board `width` wide.
pub fn cell_xy(cell: u8, width: usize) -> (usize, usize) {
    (cell as usize % width, cell as usize / width)
}

pub use crate::kinds::skiddy::level::describe_cell;

/// Where each piece stands, in whole cells, for [`show_places`]; `None` for
/// a piece that has left.
pub fn places_of(rules: &Rules, positions: &[u8]) -> Vec<Option<(f32, f32)>> {
    positions
        .iter()
        .map(|&p| {
            (p != crate::kinds::skiddy::rules::GONE).then(|| {
                let (x, y) = cell_xy(p, rules.width());
                (x as f32, y as f32)
            })
        })
        .collect()
}

/// Shows pieces at `places` (cells, fractional while they slide) on the
/// level's floor, in all the space available, without marks.
pub fn show_places(ui: &mut Ui, rules: &Rules, places: &[Option<(f32, f32)>], label: &str) {
    let size = ui.available_size();
    canvas::show_board(
        ui,
        &skiddy_picture::places_picture(rules, places),
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
        changed: &[],
    };
    canvas::show_board(
        ui,
        &skiddy_picture::places_picture(rules, &places),
        &marks,
        size,
        label,
    )
    .response
}
