//! Tangram's Play mode as a game, apart from how it is drawn: the shapes
//! scattered in a tray beside the board, dropped by whole squares
//! (translation only), the score (docs/rules.md, Tangram: it starts at
//! twice the number of shapes, every drop costs 1, the hint costs `N` once
//! per puzzle) and completion, which accepts *any* arrangement that covers
//! every triangle exactly once.
//!
//! Positions are every shape's offset in whole squares from its place in
//! the level, in screen directions (`dy` down); the play area is the board
//! (squares `0..N`) and, one square to its right or below it (whichever
//! lets the view draw it larger), the tray: every shape starts at its home
//! there. The tray is *drawn* smaller than the board (see [`super::tray`]):
//! a shape at its home in the tray is drawn at the tray's scale in its
//! slot, every other shape (and the one being dragged) at the board's.
//! "Drawing squares" are board squares of that drawing, from the board's
//! top-left corner.

use crate::engine::Job;
use crate::kinds::tangram::picture::triangle_points;
use crate::kinds::tangram::{hint_with, Hint, Level, Triangle};

use super::tray::{self, TrayDrawing};

/// The margin round the play area, in squares, so that the tray has a
/// margin all round: the area's squares start this far right of and below
/// the corner of what is drawn.
pub const MARGIN: f32 = 0.25;

/// The search budget of one hint, in search nodes: a fraction of a second
/// on the largest presets, so that the editor never waits long.
pub const HINT_BUDGET: u64 = 20_000_000;

/// A shape being dragged.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Drag {
    /// The shape.
    pub shape: usize,
    /// Its offset when the drag began.
    pub from: (i32, i32),
    /// Where the drag draws it from, at the board's scale: the offset (in
    /// drawing squares) that keeps the point picked up under the pointer.
    /// `from` for a shape on the board, off the grid for one from the
    /// tray.
    pub start: [f32; 2],
    /// How far the pointer has moved since, in squares.
    pub moved: [f32; 2],
}

/// One game of a Tangram level.
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    /// Every shape's offset from its place in the level (squares, `dy`
    /// down).
    pub offsets: Vec<(i32, i32)>,
    /// Shapes the hint placed: they stay where it put them.
    pub locked: Vec<bool>,
    /// The order shapes are drawn in, the last on top (a shape dropped
    /// comes to the top).
    pub order: Vec<usize>,
    /// The score.
    pub score: u32,
    /// Drops so far.
    pub drops: u32,
    /// Whether the hint has been taken (it places a shape once a puzzle).
    pub hint_used: bool,
    /// The last thing the game has to say (a hint, a win), if any.
    pub message: Option<String>,
    /// The shape being dragged.
    pub drag: Option<Drag>,
    /// The play area's size in squares: the board, a gap, the tray.
    pub area: (i32, i32),
    /// The tray's top-left square: right of the board, or below it.
    pub tray: (i32, i32),
    /// Every shape's bounding box at its place in the level, in screen
    /// squares: `(left, top, width, height)`.
    boxes: Vec<(i32, i32, i32, i32)>,
    /// The board side.
    n: i32,
    /// The shape of the view the tray was laid out for (width over
    /// height).
    aspect: f32,
    /// Every shape's home in the tray (its offset when the game began).
    home: Vec<(i32, i32)>,
    /// How the tray is drawn: the drawing's size, the tray's scale and
    /// every shape's slot.
    pub drawing: TrayDrawing,
    /// Where the play area was last drawn: the screen point of the
    /// drawing's top-left corner and the points a square spans.
    pub view: Option<(egui::Pos2, f32)>,
}

impl Game {
    /// A new game: every shape in the tray, the score at its start; the
    /// tray is shaped so that the play area fills a view `aspect` times as
    /// wide as it is high.
    pub fn new(level: &Level, aspect: f32) -> Game {
        let n = level.size as i32;
        let boxes: Vec<(i32, i32, i32, i32)> = level
            .shapes
            .iter()
            .map(|s| bounding_box(&s.triangles, n))
            .collect();
        let (offsets, area, tray) = scatter(&boxes, n, aspect);
        let sizes: Vec<(i32, i32)> = boxes.iter().map(|b| (b.2, b.3)).collect();
        let drawing = tray::lay_out(&sizes, n, aspect, MARGIN);
        let shapes = level.shapes.len();
        Game {
            home: offsets.clone(),
            drawing,
            offsets,
            locked: vec![false; shapes],
            order: (0..shapes).collect(),
            score: 2 * shapes as u32,
            drops: 0,
            hint_used: false,
            message: None,
            drag: None,
            area,
            tray,
            boxes,
            n,
            aspect,
            view: None,
        }
    }

    /// The same game from its start, the tray laid out as it was.
    pub fn restarted(&self, level: &Level) -> Game {
        Game::new(level, self.aspect)
    }

    /// The score of perfect play: one drop a shape and no hint.
    pub fn best_score(&self) -> u32 {
        self.offsets.len() as u32
    }

    /// The bounding box `(left, top, width, height)` of shape `s` at
    /// `offset`, in screen squares.
    fn box_at(&self, s: usize, (dx, dy): (i32, i32)) -> (i32, i32, i32, i32) {
        let (l, t, w, h) = self.boxes[s];
        (l + dx, t + dy, w, h)
    }

    /// Whether every triangle of shape `s` lies on the board.
    pub fn on_board(&self, s: usize) -> bool {
        let (l, t, w, h) = self.box_at(s, self.offsets[s]);
        l >= 0 && t >= 0 && l + w <= self.n && t + h <= self.n
    }

    /// Whether some triangle of shape `s` lies on the board.
    fn touches_board(&self, s: usize) -> bool {
        let (l, t, w, h) = self.box_at(s, self.offsets[s]);
        l < self.n && t < self.n && l + w > 0 && t + h > 0
    }

    /// The shapes wholly on the board.
    pub fn shapes_on_board(&self) -> usize {
        (0..self.offsets.len())
            .filter(|&s| self.on_board(s))
            .count()
    }

    /// The shapes on the board (even partly), each with its offset in the
    /// level's directions (`dy` upward), as the hint wants them.
    pub fn placed(&self) -> Vec<(usize, (i32, i32))> {
        (0..self.offsets.len())
            .filter(|&s| self.touches_board(s))
            .map(|s| (s, (self.offsets[s].0, -self.offsets[s].1)))
            .collect()
    }

    /// How many shapes cover each triangle of the board (by index).
    pub fn coverage(&self, level: &Level) -> Vec<u8> {
        let n = level.size;
        let mut cover = vec![0u8; level.triangle_count()];
        for (s, shape) in level.shapes.iter().enumerate() {
            let (dx, dy) = self.offsets[s];
            for t in &shape.triangles {
                if let Some(m) = moved(*t, (dx, -dy), n) {
                    cover[m.index(n)] = cover[m.index(n)].saturating_add(1);
                }
            }
        }
        cover
    }

    /// Whether the level is solved: every shape on the board and every
    /// triangle covered exactly once, in whatever arrangement.
    pub fn solved(&self, level: &Level) -> bool {
        (0..self.offsets.len()).all(|s| self.on_board(s))
            && self.coverage(level).iter().all(|&c| c == 1)
    }

    /// Whether every shape sits where the level has it.
    pub fn at_home(&self) -> bool {
        self.offsets.iter().all(|&o| o == (0, 0))
    }

    /// `offset` for shape `s` moved as little as needed to keep the shape
    /// inside the play area.
    pub fn clamped(&self, s: usize, offset: (i32, i32)) -> (i32, i32) {
        let (l, t, w, h) = self.boxes[s];
        let (aw, ah) = self.area;
        (
            offset.0.clamp(-l, aw - w - l),
            offset.1.clamp(-t, ah - h - t),
        )
    }

    /// Drops shape `s` at `offset` (snapped to whole squares and kept in the
    /// play area); a drop that moves the shape costs a point. Returns
    /// whether the shape moved. A shape the hint placed does not move.
    pub fn drop_shape(&mut self, level: &Level, s: usize, offset: (i32, i32)) -> bool {
        if s >= self.offsets.len() || self.locked[s] {
            return false;
        }
        let offset = self.clamped(s, offset);
        self.order.retain(|&o| o != s);
        self.order.push(s);
        if offset == self.offsets[s] {
            return false;
        }
        self.offsets[s] = offset;
        self.drops += 1;
        self.score = self.score.saturating_sub(1);
        self.message = self.solved(level).then(|| self.won_words());
        true
    }

    /// The words of a win.
    fn won_words(&self) -> String {
        let how = if self.at_home() {
            "the level's own arrangement"
        } else {
            "an arrangement of your own, and every exact cover counts"
        };
        format!(
            "Solved with a score of {} (perfect play ends at {}): {how}.",
            self.score,
            self.best_score()
        )
    }

    /// Asks for the honest hint (see [`hint_with`]). When it places a
    /// shape, the shape goes there and stays, and the first such hint
    /// costs `N` points; when the placed shapes block every solution it
    /// says which, free. Returns the hint.
    pub fn hint(&mut self, level: &Level, job: &Job) -> Hint {
        let hint = hint_with(level, &self.placed(), job, HINT_BUDGET);
        if let Hint::Place { shape, offset } = hint {
            if self.hint_used {
                self.message = Some("The hint is used: one a puzzle.".into());
                return hint;
            }
            self.hint_used = true;
            self.score = self.score.saturating_sub(level.size as u32);
            self.offsets[shape] = (offset.0, -offset.1);
            self.locked[shape] = true;
            self.order.retain(|&o| o != shape);
            self.order.push(shape);
            self.message = Some(if self.solved(level) {
                self.won_words()
            } else {
                format!("Hint: {hint} (it stays there).")
            });
        } else {
            self.message = Some(format!("Hint: {hint}."));
        }
        hint
    }

    /// Whether shape `s` sits at its home in the tray (and so is drawn
    /// small, in its slot).
    pub fn in_tray(&self, s: usize) -> bool {
        !self.locked[s] && self.offsets[s] == self.home[s]
    }

    /// The top-left corner of shape `s`'s box at its home in the tray, in
    /// squares of the play area.
    fn home_corner(&self, s: usize) -> [f32; 2] {
        let (l, t, _, _) = self.box_at(s, self.home[s]);
        [l as f32, t as f32]
    }

    /// Where the point `p` (squares of the play area) on shape `s` as it
    /// lies now is drawn, in drawing squares.
    pub fn drawn_point(&self, s: usize, p: [f32; 2]) -> [f32; 2] {
        if !self.in_tray(s) {
            return p;
        }
        let (corner, slot, k) = (
            self.home_corner(s),
            self.drawing.slots[s],
            self.drawing.ratio,
        );
        [
            slot[0] + (p[0] - corner[0]) * k,
            slot[1] + (p[1] - corner[1]) * k,
        ]
    }

    /// The point of the play area (in squares) on shape `s` as it lies now
    /// that is drawn at `d` (drawing squares): the inverse of
    /// [`Game::drawn_point`].
    pub fn point_under(&self, s: usize, d: [f32; 2]) -> [f32; 2] {
        if !self.in_tray(s) {
            return d;
        }
        let (corner, slot, k) = (
            self.home_corner(s),
            self.drawing.slots[s],
            self.drawing.ratio,
        );
        [
            corner[0] + (d[0] - slot[0]) / k,
            corner[1] + (d[1] - slot[1]) / k,
        ]
    }

    /// Where the play area's point `p` (in squares) was last drawn on the
    /// screen: through the tray's scale when `p` lies in the box of a
    /// shape at its home in the tray, else at the board's.
    pub fn screen_point(&self, p: [f32; 2]) -> Option<egui::Pos2> {
        let (origin, scale) = self.view?;
        let in_box = |s: &usize| {
            let (l, t, w, h) = self.box_at(*s, self.offsets[*s]);
            (l as f32..=(l + w) as f32).contains(&p[0])
                && (t as f32..=(t + h) as f32).contains(&p[1])
        };
        let d = match (0..self.offsets.len()).find(|s| self.in_tray(*s) && in_box(s)) {
            Some(s) => self.drawn_point(s, p),
            None => p,
        };
        Some(egui::pos2(
            origin.x + (d[0] + MARGIN) * scale,
            origin.y + (d[1] + MARGIN) * scale,
        ))
    }

    /// A point of the play area (in squares) that lies on shape `s` where
    /// it is now: where its number is drawn.
    pub fn point_on(&self, level: &Level, s: usize) -> [f32; 2] {
        let at =
            crate::kinds::tangram::picture::label_point(&level.shapes[s].triangles, level.size)
                .unwrap_or([0.0, 0.0]);
        let (dx, dy) = self.offsets[s];
        [at[0] + dx as f32, at[1] + dy as f32]
    }

    /// The topmost shape drawn under `point` (in drawing squares), if any.
    pub fn shape_at(&self, level: &Level, point: [f32; 2]) -> Option<usize> {
        let n = level.size;
        self.order.iter().rev().copied().find(|&s| {
            let (dx, dy) = self.offsets[s];
            let p = self.point_under(s, point);
            level.shapes[s]
                .triangles
                .iter()
                .any(|&t| inside(p, &triangle_points(t, n, [dx as f32, dy as f32])))
        })
    }

    /// Picks up the topmost shape under `point` (drawing squares), if one
    /// is there and the hint did not place it: the drag that keeps the
    /// point picked up under the pointer, at the board's scale.
    pub fn pick_up(&self, level: &Level, point: [f32; 2]) -> Option<Drag> {
        let s = self.shape_at(level, point)?;
        if self.locked[s] {
            return None;
        }
        let (dx, dy) = self.offsets[s];
        let on_shape = self.point_under(s, point);
        Some(Drag {
            shape: s,
            from: (dx, dy),
            start: [
                point[0] - on_shape[0] + dx as f32,
                point[1] - on_shape[1] + dy as f32,
            ],
            moved: [0.0, 0.0],
        })
    }

    /// Ends `drag`: snapped to whole squares, a shape whose box's centre
    /// is over the board goes onto the board (moved as little as needed to
    /// lie wholly on it); any other goes back to its home in the tray.
    /// Returns whether the shape moved (a move costs a point, as every
    /// drop does).
    pub fn let_go(&mut self, level: &Level, drag: Drag) -> bool {
        let s = drag.shape;
        if s >= self.offsets.len() {
            return false;
        }
        let to = (
            (drag.start[0] + drag.moved[0]).round() as i32,
            (drag.start[1] + drag.moved[1]).round() as i32,
        );
        let (l, t, w, h) = self.box_at(s, to);
        let centre = [l as f32 + w as f32 / 2.0, t as f32 + h as f32 / 2.0];
        let n = self.n as f32;
        let over_board = (0.0..n).contains(&centre[0]) && (0.0..n).contains(&centre[1]);
        let to = if over_board {
            let (l, t, w, h) = self.boxes[s];
            (
                to.0.clamp(-l, self.n - w - l),
                to.1.clamp(-t, self.n - h - t),
            )
        } else {
            self.home[s]
        };
        self.drop_shape(level, s, to)
    }
}

/// Triangle `t` moved by `(dx, dy)` squares (`dy` upward), if it lands on
/// an `n x n` board.
fn moved(t: Triangle, (dx, dy): (i32, i32), n: usize) -> Option<Triangle> {
    let x = t.x as i32 + dx;
    let y = t.y as i32 + dy;
    let inside = |v: i32| (0..n as i32).contains(&v);
    (inside(x) && inside(y)).then(|| Triangle::new(x as u8, y as u8, t.z))
}

/// The bounding box `(left, top, width, height)` of triangles in screen
/// squares on an `n x n` board.
fn bounding_box(triangles: &[Triangle], n: i32) -> (i32, i32, i32, i32) {
    let xs = triangles.iter().map(|t| t.x as i32);
    let ys = triangles.iter().map(|t| n - 1 - t.y as i32);
    let (l, r) = (xs.clone().min().unwrap_or(0), xs.max().unwrap_or(0));
    let (t, b) = (ys.clone().min().unwrap_or(0), ys.max().unwrap_or(0));
    (l, t, r - l + 1, b - t + 1)
}

/// Every shape's offset, the play area's size and the tray's top-left
/// square.
type Layout = (Vec<(i32, i32)>, (i32, i32), (i32, i32));

/// Lays the shapes out in the tray, a square apart, in rows (tallest
/// first): the tray right of the board, below it, or round it (rows beside
/// the board, then rows under it as wide as the play area), and as wide,
/// as lets the whole play area, and so the board, be drawn largest in a
/// view of `aspect` (width over height).
fn scatter(boxes: &[(i32, i32, i32, i32)], n: i32, aspect: f32) -> Layout {
    let widest = boxes.iter().map(|b| b.2).max().unwrap_or(1).max(1);
    let all_in_a_row: i32 = boxes.iter().map(|b| b.2 + 1).sum::<i32>().max(widest);
    let mut best: Option<(f32, Layout)> = None;
    let mut consider = |layout: Layout| {
        let area = layout.1;
        // The scale the area is drawn at in a view of height 1.
        let scale = (aspect / area.0 as f32).min(1.0 / area.1 as f32);
        if best.as_ref().is_none_or(|(s, _)| scale > *s) {
            best = Some((scale, layout));
        }
    };
    for width in widest..=all_in_a_row {
        for tray in [(n + 1, 0), (0, n + 1)] {
            let (offsets, height) = shelves(boxes, tray, width);
            let area = ((tray.0 + width).max(n), (tray.1 + height).max(n));
            consider((offsets, area, tray));
        }
    }
    for width in widest..=all_in_a_row {
        let (offsets, area) = shelves_round_the_board(boxes, n, n + 1 + width);
        consider((offsets, area, (0, 0)));
    }
    best.expect("at least one width is tried").1
}

/// Shelf packing of the boxes round an `n x n` board in a play area
/// `width` squares wide: rows right of the board while they start beside
/// it, then rows under it as wide as the area (tallest first). The
/// offsets, and the area's size.
fn shelves_round_the_board(
    boxes: &[(i32, i32, i32, i32)],
    n: i32,
    width: i32,
) -> (Vec<(i32, i32)>, (i32, i32)) {
    let left_of = |y: i32| if y <= n { n + 1 } else { 0 };
    let (mut x, mut y, mut row) = (0, 0, 0);
    let mut offsets = vec![(0, 0); boxes.len()];
    let mut order: Vec<usize> = (0..boxes.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(boxes[i].3));
    for i in order {
        let (l, t, w, h) = boxes[i];
        if x > 0 && left_of(y) + x + w > width {
            x = 0;
            y += row + 1;
            row = 0;
        }
        offsets[i] = (left_of(y) + x - l, y - t);
        x += w + 1;
        row = row.max(h);
    }
    (offsets, (width.max(n), (y + row).max(n)))
}

/// Shelf packing of the boxes into a tray `width` squares wide whose
/// top-left square is `corner`: the offsets, and the tray's height.
fn shelves(
    boxes: &[(i32, i32, i32, i32)],
    corner: (i32, i32),
    width: i32,
) -> (Vec<(i32, i32)>, i32) {
    let (left, top) = corner;
    let (mut x, mut y, mut row) = (0, 0, 0);
    let mut offsets = vec![(0, 0); boxes.len()];
    // Tallest first: a shelf holds shapes of like height (first fit
    // decreasing height), and wastes little above the shorter ones.
    let mut order: Vec<usize> = (0..boxes.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(boxes[i].3));
    for i in order {
        let (l, t, w, h) = boxes[i];
        if x > 0 && x + w > width {
            x = 0;
            y += row + 1;
            row = 0;
        }
        offsets[i] = (left + x - l, top + y - t);
        x += w + 1;
        row = row.max(h);
    }
    (offsets, y + row)
}

/// Whether `p` lies inside the triangle `abc` (edges included).
fn inside(p: [f32; 2], abc: &[[f32; 2]; 3]) -> bool {
    let side =
        |a: [f32; 2], b: [f32; 2]| (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]);
    let d = [
        side(abc[0], abc[1]),
        side(abc[1], abc[2]),
        side(abc[2], abc[0]),
    ];
    d.iter().all(|&v| v >= 0.0) || d.iter().all(|&v| v <= 0.0)
}

#[cfg(test)]
mod tests {
    use super::super::tray::LEAST_RATIO as LEAST_TRAY_RATIO;
    use super::*;
    use crate::kinds::tangram::parse_text;

    /// A 2x1 strip of two squares would not be square; this 2x2 board has
    /// four whole-square shapes, all of one form: any arrangement that
    /// covers the board is a solution, and there are many orders.
    fn four_squares() -> Level {
        parse_text(
            "2\n4\nshape\n0,0,0\n0,0,1\n0,0,2\n0,0,3\nshape\n1,0,0\n1,0,1\n1,0,2\n1,0,3\n\
             shape\n0,1,0\n0,1,1\n0,1,2\n0,1,3\nshape\n1,1,0\n1,1,1\n1,1,2\n1,1,3\n",
        )
        .unwrap()
    }

    #[test]
    fn shapes_start_in_the_tray_and_the_score_at_twice_the_shapes() {
        let level = four_squares();
        let game = Game::new(&level, 1.6);
        assert_eq!(game.score, 8);
        assert_eq!(game.shapes_on_board(), 0);
        assert!(game.placed().is_empty());
        assert!(
            game.tray == (3, 0) || game.tray == (0, 3),
            "{:?}",
            game.tray
        );
        for s in 0..4 {
            let (l, t, w, h) = game.box_at(s, game.offsets[s]);
            assert!(
                l >= game.tray.0 && t >= game.tray.1,
                "shape {s} is in the tray"
            );
            assert!(
                l + w <= game.area.0 && t + h <= game.area.1,
                "shape {s} fits"
            );
        }
    }

    #[test]
    fn the_tray_goes_beside_a_wide_view_and_below_a_tall_one() {
        let level = four_squares();
        assert_eq!(Game::new(&level, 3.0).tray, (3, 0));
        assert_eq!(Game::new(&level, 0.3).tray, (0, 3));
    }

    #[test]
    fn every_drop_costs_one_and_a_drop_in_place_costs_nothing() {
        let level = four_squares();
        let mut game = Game::new(&level, 1.6);
        let home = (0, 0);
        assert!(game.drop_shape(&level, 0, home));
        assert_eq!(game.score, 7);
        assert!(!game.drop_shape(&level, 0, home));
        assert_eq!((game.score, game.drops), (7, 1));
        assert!(game.on_board(0));
    }

    #[test]
    fn any_arrangement_that_covers_the_board_wins() {
        let level = four_squares();
        let mut game = Game::new(&level, 1.6);
        // Bottom-left goes top-right, bottom-right bottom-left, top-left
        // bottom-right, top-right top-left: not the level's own
        // arrangement.
        let moves = [(0, (1, -1)), (1, (-1, 0)), (2, (1, 1)), (3, (-1, 0))];
        for (s, o) in moves {
            assert!(!game.solved(&level));
            game.drop_shape(&level, s, o);
        }
        assert!(game.solved(&level), "{:?}", game.offsets);
        assert!(!game.at_home());
        assert_eq!(game.score, 4);
        assert_eq!(game.score, game.best_score());
        assert!(game
            .message
            .as_deref()
            .unwrap()
            .contains("arrangement of your own"));
    }

    #[test]
    fn overlapping_shapes_do_not_win() {
        let level = four_squares();
        let mut game = Game::new(&level, 1.6);
        for s in 0..4 {
            game.drop_shape(&level, s, (0, 0));
        }
        assert!(game.solved(&level));
        game.drop_shape(&level, 3, (-1, 0));
        assert!(!game.solved(&level));
        assert!(game.coverage(&level).contains(&2));
    }

    #[test]
    fn the_hint_places_a_consistent_shape_once_and_costs_n() {
        let level = parse_text("1\n2\nshape\n0,0,0\n0,0,1\nshape\n0,0,2\n0,0,3\n").unwrap();
        let mut game = Game::new(&level, 1.6);
        let hint = game.hint(&level, &Job::default());
        assert!(matches!(hint, Hint::Place { .. }), "{hint:?}");
        assert!(game.hint_used);
        assert_eq!(game.score, 4 - 1);
        let placed = game.offsets.iter().position(|&o| o == (0, 0)).unwrap();
        assert!(game.locked[placed]);
        assert!(
            !game.drop_shape(&level, placed, (1, 0)),
            "a hinted shape stays"
        );
        // A second hint does not place anything and costs nothing.
        game.hint(&level, &Job::default());
        assert_eq!(game.score, 3);
        assert_eq!(game.shapes_on_board(), 1);
    }

    #[test]
    fn the_hint_names_a_shape_that_blocks_every_solution() {
        // Shape 1 dropped on shape 2's square, shape 2 at home: the two
        // overlap, and no completion keeps both.
        let level = four_squares();
        let mut game = Game::new(&level, 1.6);
        game.drop_shape(&level, 0, (1, 0));
        game.drop_shape(&level, 1, (0, 0));
        let hint = game.hint(&level, &Job::default());
        assert!(matches!(hint, Hint::Blocked { .. }), "{hint:?}");
        assert!(!game.hint_used, "naming a blocking shape is free");
    }

    #[test]
    fn the_shape_under_the_pointer_is_the_topmost() {
        let level = four_squares();
        let mut game = Game::new(&level, 1.6);
        game.drop_shape(&level, 0, (0, 0));
        // Shape 1 at home is the bottom-left square: screen square (0, 1).
        assert_eq!(game.shape_at(&level, [0.5, 1.2]), Some(0));
        assert_eq!(game.shape_at(&level, [0.5, 0.5]), None);
        game.drop_shape(&level, 1, (-1, 0));
        assert_eq!(game.shape_at(&level, [0.5, 1.2]), Some(1));
    }

    #[test]
    fn drops_stay_inside_the_play_area() {
        let level = four_squares();
        let mut game = Game::new(&level, 1.6);
        game.drop_shape(&level, 0, (-50, 50));
        let (l, t, w, h) = game.box_at(0, game.offsets[0]);
        assert_eq!(l, 0, "clamped to the left edge");
        assert_eq!(t + h, game.area.1, "clamped to the bottom edge");
        assert!(w == 1 && t >= 0);
    }

    /// The board's side as a share of the height of a view `aspect` wide
    /// that the play area fills.
    fn board_share(game: &Game, aspect: f32) -> f32 {
        let scale = (aspect / game.area.0 as f32).min(1.0 / game.area.1 as f32);
        game.n as f32 * scale
    }

    #[test]
    fn a_shape_from_the_small_tray_lands_on_whole_squares_and_goes_home_over_the_tray() {
        let path = format!(
            "{}/tests/fixtures/tangram/hard-1.txt",
            env!("CARGO_MANIFEST_DIR")
        );
        let level = parse_text(&std::fs::read_to_string(path).unwrap()).unwrap();
        // The play area's shape at 1280x800 with every panel open.
        let mut game = Game::new(&level, 0.94);
        let k = game.drawing.ratio;
        assert!((LEAST_TRAY_RATIO..1.0).contains(&k), "{k}");
        // Hit-testing in the tray goes by the tray's scale: shape 1's
        // number is drawn in its slot, not where its squares would be.
        let label = game.point_on(&level, 0);
        let drawn = game.drawn_point(0, label);
        assert_ne!(drawn, label);
        assert_eq!(game.shape_at(&level, drawn), Some(0));
        let back = game.point_under(0, drawn);
        assert!((back[0] - label[0]).abs() < 1e-4 && (back[1] - label[1]).abs() < 1e-4);
        // Picked up, it is dragged at the board's scale: the point picked
        // up stays under the pointer, and a drop a little off its home
        // snaps to it.
        let mut drag = game.pick_up(&level, drawn).unwrap();
        let home = [
            label[0] - game.offsets[0].0 as f32,
            label[1] - game.offsets[0].1 as f32,
        ];
        drag.moved = [home[0] - drawn[0] + 0.3, home[1] - drawn[1] - 0.3];
        assert!(game.let_go(&level, drag));
        assert_eq!(game.offsets[0], (0, 0));
        assert!(game.on_board(0) && !game.in_tray(0));
        assert_eq!((game.score, game.drops), (23, 1));
        // Dropped over the tray (on shape 2's slot), it goes home there.
        let over_tray = game.drawn_point(1, game.point_on(&level, 1));
        let mut drag = game.pick_up(&level, home).unwrap();
        assert_eq!(drag.start, [0.0, 0.0]);
        drag.moved = [over_tray[0] - home[0], over_tray[1] - home[1]];
        assert!(game.let_go(&level, drag));
        assert!(game.in_tray(0) && game.in_tray(1));
        assert_eq!(game.shapes_on_board(), 0);
        // A drag of a shape that is not there changes nothing.
        let ghost = Drag {
            shape: 99,
            from: (0, 0),
            start: [0.0, 0.0],
            moved: [1.0, 1.0],
        };
        let before = game.clone();
        assert!(!game.let_go(&level, ghost));
        assert_eq!(game, before);
    }

    #[test]
    fn a_drop_over_the_board_edge_lies_wholly_on_the_board() {
        // A 3x3 board: shape 1 the bottom row, shape 2 the rest.
        let mut text = String::from("3\n2\nshape\n");
        let squares = |text: &mut String, ys: std::ops::Range<u8>| {
            for y in ys {
                for x in 0..3 {
                    for z in 0..4 {
                        text.push_str(&format!("{x},{y},{z}\n"));
                    }
                }
            }
        };
        squares(&mut text, 0..1);
        text.push_str("shape\n");
        squares(&mut text, 1..3);
        let level = parse_text(&text).unwrap();
        let mut game = Game::new(&level, 1.6);
        game.drop_shape(&level, 0, (0, 0));
        // One square right: its centre is over the board, its right end
        // is not, and it is kept on the board at its home.
        let drag = Drag {
            shape: 0,
            from: (0, 0),
            start: [0.0, 0.0],
            moved: [1.2, -0.2],
        };
        assert!(!game.let_go(&level, drag), "it did not move");
        assert_eq!(game.offsets[0], (0, 0));
        // One square up lies wholly on the board as it is.
        let drag = Drag {
            moved: [0.1, -1.3],
            ..drag
        };
        assert!(game.let_go(&level, drag));
        assert_eq!(game.offsets[0], (0, -1));
        assert!(game.on_board(0));
    }

    #[test]
    fn the_tray_wraps_round_the_board_so_the_board_gets_its_share() {
        for name in ["easy-1", "medium-1", "hard-1", "hard-2"] {
            let path = format!(
                "{}/tests/fixtures/tangram/{name}.txt",
                env!("CARGO_MANIFEST_DIR")
            );
            let level = parse_text(&std::fs::read_to_string(path).unwrap()).unwrap();
            for (aspect, least) in [(1.07, 0.38), (1.6, 0.47)] {
                let game = Game::new(&level, aspect);
                let share = board_share(&game, aspect);
                assert!(share >= least, "{name} at {aspect}: {share}");
                // Every shape starts off the board and its gap, inside the
                // area, and on no other shape's box.
                let boxes: Vec<_> = (0..level.shapes.len())
                    .map(|s| game.box_at(s, game.offsets[s]))
                    .collect();
                for (s, &(l, t, w, h)) in boxes.iter().enumerate() {
                    assert!(l > game.n || t > game.n, "{name}: shape {s}");
                    assert!(l >= 0 && t >= 0, "{name}: shape {s}");
                    assert!(l + w <= game.area.0 && t + h <= game.area.1);
                    for &(l2, t2, w2, h2) in &boxes[s + 1..] {
                        let apart = l + w <= l2 || l2 + w2 <= l || t + h <= t2 || t2 + h2 <= t;
                        assert!(apart, "{name}: shape {s} overlaps another");
                    }
                }
            }
        }
    }
}
