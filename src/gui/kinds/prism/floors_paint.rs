//! Painting the floors view: where the eight floors go in the space there
//! is, the rasters of their open and closed cells, and the marks drawn
//! over them (switches, start, exit, enemy runs, the route, the jumps and
//! the links between floors).

use egui::epaint::CubicBezierShape;
use egui::{pos2, vec2, Align2, Color32, FontId, Painter, Pos2, Rect, Stroke, StrokeKind, Vec2};

use crate::gui::views::board::BoardGeometry;
use crate::gui::views::picture_painter::colour;
use crate::kinds::prism::floors::{FloorRoute, Floors, Link};
use crate::kinds::prism::picture::{colour_fill, ink_on, ENEMY, FLOOR};
use crate::kinds::prism::Colour;

/// The height of a floor's label above its board: its name and a line on
/// what the route does there.
pub const LABEL_HEIGHT: f32 = 38.0;
/// The narrowest board whose label still reads: "magenta floor".
const MIN_LABEL_WIDTH: f32 = 110.0;
/// The space between two boards, where the links run.
const GAP: f32 = 18.0;
/// A closed cell.
const CLOSED: Color32 = Color32::from_rgb(30, 30, 34);
/// The route's core and its dark edge.
const ROUTE: Color32 = Color32::WHITE;
const ROUTE_EDGE: Color32 = Color32::from_rgb(16, 16, 18);
/// Boards with at most this many cells are rasterised two pixels a cell,
/// so that open cells the player cannot reach show checkered.
const CHECKER_CELLS: usize = 128 * 128;

/// The shapes the floors can be arranged in, as `(columns, rows)`; three
/// by three leaves the last place empty, and suits a squarish panel.
const SHAPES: [(usize, usize); 5] = [(8, 1), (4, 2), (3, 3), (2, 4), (1, 8)];

/// Which arrangement of the eight floors gives the biggest cells in
/// `avail` for a `width x height` board: `(columns, rows)`, the wider one
/// on a tie.
pub fn grid_shape(avail: Vec2, width: usize, height: usize) -> (usize, usize) {
    let mut best = SHAPES[0];
    let mut best_cell = f32::MIN;
    for shape in SHAPES {
        let mut cell = cell_size(avail, shape, width, height);
        // A board narrower than its label's name is worth less than it
        // looks.
        if cell * (width as f32) < MIN_LABEL_WIDTH {
            cell *= 0.5;
        }
        if cell > best_cell + 1e-3 {
            best = shape;
            best_cell = cell;
        }
    }
    best
}

/// The side of a cell when the floors are arranged in `shape`.
fn cell_size(avail: Vec2, (cols, rows): (usize, usize), width: usize, height: usize) -> f32 {
    let slot_w = (avail.x - GAP * (cols as f32 - 1.0)) / cols as f32;
    let slot_h = (avail.y - GAP * (rows as f32 - 1.0)) / rows as f32 - LABEL_HEIGHT;
    (slot_w / width.max(1) as f32).min(slot_h / height.max(1) as f32)
}

/// Where each floor's label and board go.
pub struct FloorsLayout {
    /// `(columns, rows)`.
    pub shape: (usize, usize),
    /// Per floor (index = colour), the rectangle of its label.
    pub labels: [Rect; 8],
    /// Per floor, its board.
    pub boards: [BoardGeometry; 8],
}

impl FloorsLayout {
    /// The eight floors of a `width x height` board laid out in `rect`,
    /// in colour order, reading order, the grid at the top, centred
    /// across.
    pub fn new(rect: Rect, width: usize, height: usize) -> FloorsLayout {
        let shape = grid_shape(rect.size(), width, height);
        let cell = cell_size(rect.size(), shape, width, height).max(1.0);
        let board = vec2(cell * width as f32, cell * height as f32);
        let slot = vec2(board.x, board.y + LABEL_HEIGHT);
        let (cols, rows) = shape;
        let total = vec2(
            slot.x * cols as f32 + GAP * (cols as f32 - 1.0),
            slot.y * rows as f32 + GAP * (rows as f32 - 1.0),
        );
        let origin = pos2(rect.center().x - total.x / 2.0, rect.top());
        let place = |i: usize| {
            let (col, row) = (i % cols, i / cols);
            let min = origin + vec2(col as f32 * (slot.x + GAP), row as f32 * (slot.y + GAP));
            let label = Rect::from_min_size(min, vec2(slot.x, LABEL_HEIGHT));
            let board_min = min + vec2((slot.x - board.x) / 2.0, LABEL_HEIGHT);
            let geometry = BoardGeometry {
                origin: board_min,
                cell,
                width,
                height,
            };
            (label, geometry)
        };
        FloorsLayout {
            shape,
            labels: std::array::from_fn(|i| place(i).0),
            boards: std::array::from_fn(|i| place(i).1),
        }
    }

    /// The floor and cell under `pos`, if it is over a board.
    pub fn place_at(&self, pos: Pos2) -> Option<(Colour, (usize, usize))> {
        self.boards
            .iter()
            .enumerate()
            .find_map(|(i, b)| b.cell_at(pos).map(|cell| (Colour(i as u8), cell)))
    }

    /// The centre of cell `(x, y)` on `floor`'s board.
    pub fn centre(&self, floor: Colour, (x, y): (usize, usize)) -> Pos2 {
        self.boards[floor.0 as usize & 7].cell_rect(x, y).center()
    }
}

/// A mix of `a` and `b`, `t` of `b`.
fn mix(a: Color32, b: Color32, t: f32) -> Color32 {
    let m = |a: u8, b: u8| (a as f32 * (1.0 - t) + b as f32 * t).round() as u8;
    Color32::from_rgb(m(a.r(), b.r()), m(a.g(), b.g()), m(a.b(), b.b()))
}

/// An open cell of `floor` that the player can reach: the floor's colour,
/// lightened so that the black floor still reads as open.
pub fn reached_colour(floor: Colour) -> Color32 {
    mix(colour(FLOOR), colour(colour_fill(floor)), 0.6)
}

/// The darker half of the checker of an open cell the player cannot
/// reach.
fn unreached_colour(floor: Colour) -> Color32 {
    mix(reached_colour(floor), CLOSED, 0.6)
}

/// The raster of `floor`: its open cells in its colour (checkered where
/// the player cannot reach them), its closed cells dark. Two pixels a cell
/// on boards of at most [`CHECKER_CELLS`], else one (unreached cells then
/// plain dark-tinted).
pub fn floor_image(floors: &Floors, floor: Colour) -> egui::ColorImage {
    let (w, h) = (floors.width(), floors.height());
    let scale = if w * h <= CHECKER_CELLS { 2 } else { 1 };
    let (reached, unreached) = (reached_colour(floor), unreached_colour(floor));
    let mut pixels = Vec::with_capacity(w * h * scale * scale);
    for py in 0..h * scale {
        for px in 0..w * scale {
            let (x, y) = (px / scale, py / scale);
            let light_square = scale == 2 && (px + py) % 2 == 0;
            let pixel = if !floors.is_open(x, y, floor) {
                CLOSED
            } else if floors.is_reached(x, y, floor) || light_square {
                reached
            } else {
                unreached
            };
            pixels.push(pixel);
        }
    }
    egui::ColorImage::new([w * scale, h * scale], pixels)
}

/// How a floor is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Emphasis {
    /// The route walks here.
    Visited,
    /// The player can come here, the route does not.
    Reachable,
    /// No place on the floor can be reached from the start.
    Unreachable,
}

impl Emphasis {
    /// The tint of the floor's raster: the less it matters, the fainter.
    fn tint(self) -> Color32 {
        match self {
            Emphasis::Visited => Color32::WHITE,
            Emphasis::Reachable => Color32::from_white_alpha(150),
            Emphasis::Unreachable => Color32::from_white_alpha(60),
        }
    }
}

/// Paints one floor's board: its raster, grid lines when the cells are
/// big enough, the switches, the exit, the start and the enemy runs.
pub fn paint_floor(
    painter: &Painter,
    board: &BoardGeometry,
    texture: &egui::TextureHandle,
    floors: &Floors,
    floor: Colour,
    emphasis: Emphasis,
) {
    let rect = board.rect();
    let uv = Rect::from_min_max(pos2(0.0, 0.0), pos2(1.0, 1.0));
    painter.image(texture.id(), rect, uv, emphasis.tint());
    let cell = board.cell;
    if cell >= 7.0 {
        let line = Stroke::new(1.0, Color32::from_black_alpha(45));
        for x in 1..board.width {
            let at = rect.left() + x as f32 * cell;
            painter.line_segment([pos2(at, rect.top()), pos2(at, rect.bottom())], line);
        }
        for y in 1..board.height {
            let at = rect.top() + y as f32 * cell;
            painter.line_segment([pos2(rect.left(), at), pos2(rect.right(), at)], line);
        }
    }
    let faint = emphasis == Emphasis::Unreachable;
    let alpha = |c: Color32| if faint { c.gamma_multiply(0.35) } else { c };
    for link in floors.links() {
        paint_switch(painter, board, link, alpha);
    }
    for patrol in floors.patrols() {
        let cells = patrol.cells(floor);
        let (first, last) = (cells[0], cells[cells.len() - 1]);
        let width = (cell * 0.18).clamp(1.5, 4.0);
        painter.line_segment(
            [
                board.cell_rect(first.0, first.1).center(),
                board.cell_rect(last.0, last.1).center(),
            ],
            Stroke::new(width, alpha(colour(ENEMY).gamma_multiply(0.8))),
        );
        let at = board.cell_rect(patrol.start.0, patrol.start.1).center();
        let r = (cell * 0.3).clamp(2.5, 8.0);
        painter.circle(
            at,
            r,
            alpha(colour(ENEMY)),
            Stroke::new(1.0, alpha(Color32::WHITE)),
        );
    }
    let (ex, ey) = floors.exit();
    let exit = board.cell_rect(ex, ey).shrink(cell * 0.12);
    let exit_reached = floors.is_reached(ex, ey, floor);
    let exit_colour = alpha(if exit_reached {
        Color32::from_rgb(0, 150, 90)
    } else {
        Color32::from_gray(120)
    });
    painter.rect_stroke(
        exit,
        1.0,
        Stroke::new((cell * 0.14).clamp(1.5, 4.0), exit_colour),
        StrokeKind::Inside,
    );
    if cell >= 14.0 {
        painter.text(
            exit.center(),
            Align2::CENTER_CENTER,
            "E",
            FontId::proportional(cell * 0.5),
            exit_colour,
        );
    }
    let start = floors.start();
    if start.floor == floor {
        let at = board.cell_rect(start.x, start.y).center();
        let r = (cell * 0.42).max(4.0);
        painter.circle_stroke(at, r, Stroke::new(3.0, ROUTE_EDGE));
        painter.circle_stroke(at, r - 2.0, Stroke::new(1.5, Color32::WHITE));
        if cell >= 14.0 {
            painter.text(
                at,
                Align2::CENTER_CENTER,
                "S",
                FontId::proportional(cell * 0.5),
                ROUTE_EDGE,
            );
        }
    }
}

/// A switch on a board: a diamond of its colour, or the whole cell when
/// the cells are tiny.
fn paint_switch(
    painter: &Painter,
    board: &BoardGeometry,
    link: &Link,
    alpha: impl Fn(Color32) -> Color32,
) {
    let r = board.cell_rect(link.x, link.y);
    let fill = alpha(colour(colour_fill(link.switch)));
    if board.cell < 5.0 {
        painter.rect_filled(r, 0.0, fill);
        return;
    }
    let c = r.center();
    let h = r.width() * 0.42;
    let points = vec![
        c + vec2(0.0, -h),
        c + vec2(h, 0.0),
        c + vec2(0.0, h),
        c + vec2(-h, 0.0),
    ];
    painter.add(egui::Shape::convex_polygon(
        points,
        fill,
        Stroke::new(1.0, alpha(ROUTE_EDGE)),
    ));
}

/// A route with more jumps than this draws their arcs faintly, but for
/// those of the place under the pointer: the numbered discs pair them.
const FEW_JUMPS: usize = 12;

/// Paints the route's runs on each floor as lines, then the jumps as
/// numbered discs at both ends of each, and the link arcs between them;
/// the arcs of a jump at `hovered` (a floor and a cell) stand out.
pub fn paint_route(
    painter: &Painter,
    layout: &FloorsLayout,
    route: &FloorRoute,
    hovered: Option<(Colour, (usize, usize))>,
) {
    let cell = layout.boards[0].cell;
    let width = (cell * 0.3).clamp(2.0, 5.0);
    for segment in route.segments() {
        let points: Vec<Pos2> = segment
            .cells
            .iter()
            .map(|&c| layout.centre(segment.floor, c))
            .collect();
        if points.len() < 2 {
            continue;
        }
        painter.add(egui::Shape::line(
            points.clone(),
            Stroke::new(width + 3.0, ROUTE_EDGE),
        ));
        painter.add(egui::Shape::line(points, Stroke::new(width, ROUTE)));
    }
    let jumps: Vec<_> = route.jumps().copied().collect();
    let few = jumps.len() <= FEW_JUMPS;
    for step in &jumps {
        let switch = Colour(step.entered_on.0 ^ step.floor.0);
        let (from, to) = (
            layout.centre(step.entered_on, step.cell),
            layout.centre(step.floor, step.cell),
        );
        let at_pointer = hovered.is_some_and(|(floor, c)| {
            c == step.cell && (floor == step.entered_on || floor == step.floor)
        });
        if few || at_pointer {
            paint_arc(painter, from, to, switch, 2.5);
        } else {
            paint_faint_arc(painter, from, to, switch);
        }
    }
    for (k, step) in jumps.iter().enumerate() {
        let switch = Colour(step.entered_on.0 ^ step.floor.0);
        for floor in [step.entered_on, step.floor] {
            paint_jump_disc(
                painter,
                layout.centre(floor, step.cell),
                cell,
                switch,
                k + 1,
            );
        }
    }
    if let Some(end) = route.steps.last() {
        if end.number > 0 {
            let at = layout.centre(end.floor, end.cell);
            let r = (cell * 0.3).clamp(3.0, 7.0);
            painter.circle(at, r, ROUTE, Stroke::new(2.0, ROUTE_EDGE));
        }
    }
}

/// A jump's numbered disc in its switch's colour.
fn paint_jump_disc(painter: &Painter, at: Pos2, cell: f32, switch: Colour, number: usize) {
    let r = (cell * 0.45).clamp(6.5, 11.0);
    painter.circle(
        at,
        r,
        colour(colour_fill(switch)),
        Stroke::new(1.5, ROUTE_EDGE),
    );
    painter.text(
        at,
        Align2::CENTER_CENTER,
        number.to_string(),
        FontId::proportional(r * 1.15),
        colour(ink_on(switch)),
    );
}

/// A link between the same cell on two floors: an arc of the switch's
/// colour with a dark edge, bowed to one side so that the straight route
/// lines stay visible under it.
pub fn paint_arc(painter: &Painter, from: Pos2, to: Pos2, switch: Colour, width: f32) {
    let d = to - from;
    let normal = vec2(-d.y, d.x) * 0.18;
    let points = [from, from + d * 0.25 + normal, from + d * 0.75 + normal, to];
    let fill = colour(colour_fill(switch));
    for stroke in [
        Stroke::new(width + 2.0, ROUTE_EDGE.gamma_multiply(0.8)),
        Stroke::new(width, fill),
    ] {
        painter.add(CubicBezierShape::from_points_stroke(
            points,
            false,
            Color32::TRANSPARENT,
            stroke,
        ));
    }
}

/// A link drawn faintly, thin and without its edge.
fn paint_faint_arc(painter: &Painter, from: Pos2, to: Pos2, switch: Colour) {
    let d = to - from;
    let normal = vec2(-d.y, d.x) * 0.18;
    let points = [from, from + d * 0.25 + normal, from + d * 0.75 + normal, to];
    let stroke = Stroke::new(1.0, colour(colour_fill(switch)).gamma_multiply(0.45));
    painter.add(CubicBezierShape::from_points_stroke(
        points,
        false,
        Color32::TRANSPARENT,
        stroke,
    ));
}

/// A floor's colour swatch before its name: a small square.
pub fn paint_swatch(painter: &Painter, at: Pos2, floor: Colour) {
    let r = Rect::from_center_size(at, vec2(12.0, 12.0));
    painter.rect_filled(r, 2.0, colour(colour_fill(floor)));
    painter.rect_stroke(r, 2.0, Stroke::new(1.0, ROUTE_EDGE), StrokeKind::Inside);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_floors_wrap_to_fit_the_panel() {
        // A wide strip: one row of eight.
        assert_eq!(grid_shape(vec2(1600.0, 300.0), 10, 10), (8, 1));
        // A usual central panel: four by two.
        assert_eq!(grid_shape(vec2(1000.0, 600.0), 30, 30), (4, 2));
        // A squarish one: three by three.
        assert_eq!(grid_shape(vec2(470.0, 540.0), 30, 30), (3, 3));
        // A tall narrow panel: two by four.
        assert_eq!(grid_shape(vec2(400.0, 1200.0), 10, 10), (2, 4));
        // A very wide board in a tall panel: one column.
        assert_eq!(grid_shape(vec2(500.0, 1600.0), 40, 4), (1, 8));
    }

    #[test]
    fn a_floor_raster_is_coloured_checkered_or_dark() {
        // The blue row is open on blue, which no switch reaches.
        let level = crate::kinds::prism::read_2016("3 2\n0\ns R f\nb b b\n").unwrap();
        let floors = Floors::of(&crate::kinds::prism::Rules::compile(&level).unwrap());
        let image = floor_image(&floors, Colour::BLUE);
        assert_eq!(image.size, [6, 4], "two pixels a cell");
        let at = |px: usize, py: usize| image.pixels[py * 6 + px];
        // The top row is open on blue but never reached there: checkered.
        assert_eq!(at(0, 0), reached_colour(Colour::BLUE));
        assert_eq!(at(1, 0), unreached_colour(Colour::BLUE));
        let red = floor_image(&floors, Colour::RED);
        assert_eq!(red.pixels[0], reached_colour(Colour::RED));
        assert_eq!(red.pixels[1], reached_colour(Colour::RED));
        assert_eq!(red.pixels[2 * 6], CLOSED, "a blue block is closed on red");
    }

    #[test]
    fn the_layout_keeps_every_board_inside_and_apart() {
        let rect = Rect::from_min_size(pos2(10.0, 20.0), vec2(1000.0, 600.0));
        let layout = FloorsLayout::new(rect, 30, 30);
        assert_eq!(layout.shape, (4, 2));
        for (i, board) in layout.boards.iter().enumerate() {
            assert!(rect.contains_rect(board.rect()), "floor {i}");
            assert!(rect.contains_rect(layout.labels[i]), "floor {i}'s label");
            for other in &layout.boards[i + 1..] {
                assert!(!board.rect().intersects(other.rect()));
            }
        }
        let centre = layout.centre(Colour::CYAN, (4, 7));
        assert_eq!(layout.place_at(centre), Some((Colour::CYAN, (4, 7))));
        assert_eq!(layout.place_at(rect.min), None);
    }
}
