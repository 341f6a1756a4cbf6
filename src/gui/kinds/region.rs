//! Regions of a grid level, for every kind whose board is cells (Skiddy,
//! Prism): a rectangle of cells, copied out, cleared, pasted elsewhere,
//! flipped or rotated in place; and the cells of a straight line. Pure
//! functions on a level; each kind says in [`GridLevel`] what a cell is and
//! which of its rules a write must keep.

use super::tool::Refused;

/// A rectangle of cells: `width x height` cells from `(x, y)`, its top-left
/// cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CellRect {
    /// Column of the top-left cell.
    pub x: usize,
    /// Row of the top-left cell.
    pub y: usize,
    /// Columns, at least 1.
    pub width: usize,
    /// Rows, at least 1.
    pub height: usize,
}

impl CellRect {
    /// The rectangle with corners `a` and `b` (both included), in any
    /// order.
    pub fn spanning(a: (usize, usize), b: (usize, usize)) -> CellRect {
        CellRect {
            x: a.0.min(b.0),
            y: a.1.min(b.1),
            width: a.0.abs_diff(b.0) + 1,
            height: a.1.abs_diff(b.1) + 1,
        }
    }

    /// Whether cell `(x, y)` is in the rectangle.
    pub fn contains(&self, x: usize, y: usize) -> bool {
        (self.x..self.x + self.width).contains(&x) && (self.y..self.y + self.height).contains(&y)
    }

    /// Whether the rectangle lies on a `width x height` board.
    pub fn fits(&self, width: usize, height: usize) -> bool {
        self.x + self.width <= width && self.y + self.height <= height
    }

    /// Its cells, row by row.
    pub fn cells(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        (self.y..self.y + self.height)
            .flat_map(move |y| (self.x..self.x + self.width).map(move |x| (x, y)))
    }

    /// "3x2 at (4, 1)": its size and top-left cell, for undo steps and
    /// messages.
    pub fn describe(&self) -> String {
        format!("{}x{} at ({}, {})", self.width, self.height, self.x, self.y)
    }
}

/// A flip or a rotation of a region.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Transform {
    /// Left becomes right.
    FlipHorizontal,
    /// Top becomes bottom.
    FlipVertical,
    /// A quarter turn clockwise.
    RotateClockwise,
}

impl Transform {
    /// The undo step's name: "Flip selection horizontally".
    pub fn name(self) -> &'static str {
        match self {
            Transform::FlipHorizontal => "Flip selection horizontally",
            Transform::FlipVertical => "Flip selection vertically",
            Transform::RotateClockwise => "Rotate selection clockwise",
        }
    }

    /// The size of a `width x height` region after the transform.
    pub fn size(self, (width, height): (usize, usize)) -> (usize, usize) {
        match self {
            Transform::RotateClockwise => (height, width),
            _ => (width, height),
        }
    }

    /// Where cell `(x, y)` of a `width x height` region goes.
    pub fn place(self, (x, y): (usize, usize), (width, height): (usize, usize)) -> (usize, usize) {
        match self {
            Transform::FlipHorizontal => (width - 1 - x, y),
            Transform::FlipVertical => (x, height - 1 - y),
            Transform::RotateClockwise => (height - 1 - y, x),
        }
    }
}

/// The cells of a rectangle copied out of a level, row by row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Region<C> {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// `width * height` cells, row by row.
    pub cells: Vec<C>,
}

impl<C: Clone> Region<C> {
    /// The cell at `(x, y)` of the region.
    pub fn get(&self, x: usize, y: usize) -> &C {
        &self.cells[y * self.width + x]
    }

    /// The region flipped or rotated by `transform`, each cell passed
    /// through `turn` when the region turns (a Prism enemy's row becomes a
    /// column).
    pub fn transformed(&self, transform: Transform, turn: impl Fn(&C) -> C) -> Region<C> {
        let size = (self.width, self.height);
        let (width, height) = transform.size(size);
        let mut cells = self.cells.clone();
        for y in 0..self.height {
            for x in 0..self.width {
                let (nx, ny) = transform.place((x, y), size);
                let cell = self.get(x, y);
                cells[ny * width + nx] = match transform {
                    Transform::RotateClockwise => turn(cell),
                    _ => cell.clone(),
                };
            }
        }
        Region {
            width,
            height,
            cells,
        }
    }
}

/// A region copied from a level of a kind with cells, whatever its cell
/// type: it pastes only into a level of the same kind
/// ([`paste_erased`]).
#[derive(Clone)]
pub struct Copied {
    /// The [`Region`] of the kind's cells.
    region: std::sync::Arc<dyn std::any::Any + Send + Sync>,
    /// Its text on the clipboard (what tells two copies apart).
    text: String,
}

impl Copied {
    /// The region, if its cells are `C`.
    pub fn region<C: 'static>(&self) -> Option<&Region<C>> {
        self.region.downcast_ref::<Region<C>>()
    }
}

impl PartialEq for Copied {
    fn eq(&self, other: &Copied) -> bool {
        self.text == other.text && (*self.region).type_id() == (*other.region).type_id()
    }
}

impl std::fmt::Debug for Copied {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Copied").field("text", &self.text).finish()
    }
}

/// The cells of `rect` of `level`, as [`Copied`], and their text for the
/// clipboard, headed by the kind's `title`.
pub fn copy_erased<L: GridLevel>(level: &L, rect: CellRect, title: &str) -> (Copied, String)
where
    L::Cell: Send + Sync + 'static,
{
    let region = copy(level, rect);
    let text = region_text::<L>(title, &region);
    let copied = Copied {
        region: std::sync::Arc::new(region),
        text: text.clone(),
    };
    (copied, text)
}

/// Pastes `copied` into `level` at `at`; `None` when its cells are not
/// `level`'s.
pub fn paste_erased<L: GridLevel>(
    level: &mut L,
    copied: &Copied,
    at: (usize, usize),
) -> Option<Placed>
where
    L::Cell: 'static,
{
    copied.region::<L::Cell>().map(|r| paste(level, r, at))
}

/// A level whose board is a grid of cells, as the region tools see it.
pub trait GridLevel {
    /// What a region keeps of one cell.
    type Cell: Clone + PartialEq;

    /// The board's size: width, height.
    fn grid_size(&self) -> (usize, usize);

    /// What is at `(x, y)`.
    fn read(&self, x: usize, y: usize) -> Self::Cell;

    /// Clears `(x, y)` as the eraser does.
    fn clear(&mut self, x: usize, y: usize);

    /// Writes `cells` (board cell, content) keeping the kind's rules; what
    /// a rule kept out is added to `notes` in words. `moving` is true when
    /// the cells are the level's own moved in place (a flip or rotation:
    /// one-of-a-kind things such as Prism's start move along), false for a
    /// paste.
    fn place(
        &mut self,
        cells: Vec<((usize, usize), Self::Cell)>,
        moving: bool,
        notes: &mut Vec<String>,
    );

    /// A cell after a quarter turn.
    fn turned(cell: &Self::Cell) -> Self::Cell {
        cell.clone()
    }

    /// One character for a cell, for the region's text on the clipboard.
    fn symbol(cell: &Self::Cell) -> char;
}

/// Where a paste or a transform put its cells, and what the kind's rules
/// kept out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placed {
    /// The cells written (the new selection).
    pub rect: CellRect,
    /// What was kept out, in words; empty when everything went in.
    pub notes: Vec<String>,
}

/// The cells of `rect` of `level`.
pub fn copy<L: GridLevel>(level: &L, rect: CellRect) -> Region<L::Cell> {
    Region {
        width: rect.width,
        height: rect.height,
        cells: rect.cells().map(|(x, y)| level.read(x, y)).collect(),
    }
}

/// Clears every cell of `rect` as the eraser does.
pub fn clear<L: GridLevel>(level: &mut L, rect: CellRect) {
    for (x, y) in rect.cells() {
        level.clear(x, y);
    }
}

/// Pastes `region` with its top-left cell at `at`; what falls off the
/// board is cut and said.
pub fn paste<L: GridLevel>(level: &mut L, region: &Region<L::Cell>, at: (usize, usize)) -> Placed {
    let (w, h) = level.grid_size();
    let width = region.width.min(w.saturating_sub(at.0));
    let height = region.height.min(h.saturating_sub(at.1));
    let mut notes = Vec::new();
    let cut = region.width * region.height - width * height;
    if cut > 0 {
        notes.push(format!(
            "{} of the region fell off the board",
            crate::words::counted(cut as u64, "cell", "cells")
        ));
    }
    let rect = CellRect {
        x: at.0,
        y: at.1,
        width,
        height,
    };
    let cells = rect
        .cells()
        .map(|(x, y)| ((x, y), region.get(x - at.0, y - at.1).clone()))
        .collect();
    level.place(cells, false, &mut notes);
    Placed { rect, notes }
}

/// Why a selection could not be flipped or rotated.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TurnError {
    /// The turned selection is bigger than the board.
    #[error("the turned selection, {}x{}, does not fit the {}x{} board", .size.0, .size.1, .board.0, .board.1)]
    DoesNotFit {
        /// The turned selection's size.
        size: (usize, usize),
        /// The board's size.
        board: (usize, usize),
    },
    /// The board has no cells (its kind's title, when known).
    #[error("{} board has no cells to turn", .0.map_or("this".to_string(), |t| format!("a {t}")))]
    NoCells(Option<&'static str>),
}

/// Flips or rotates the cells of `rect` in place. A rotation keeps the
/// top-left corner, moved back onto the board where the turned region
/// would stick out; it is refused when the turned region is bigger than
/// the board.
pub fn transform<L: GridLevel>(
    level: &mut L,
    rect: CellRect,
    transform: Transform,
) -> Result<Placed, TurnError> {
    let (w, h) = level.grid_size();
    let (width, height) = transform.size((rect.width, rect.height));
    if width > w || height > h {
        return Err(TurnError::DoesNotFit {
            size: (width, height),
            board: (w, h),
        });
    }
    let target = CellRect {
        x: rect.x.min(w - width),
        y: rect.y.min(h - height),
        width,
        height,
    };
    let region = copy(level, rect).transformed(transform, L::turned);
    clear(level, rect);
    let cells = target
        .cells()
        .map(|(x, y)| ((x, y), region.get(x - target.x, y - target.y).clone()))
        .collect();
    let mut notes = Vec::new();
    level.place(cells, true, &mut notes);
    Ok(Placed {
        rect: target,
        notes,
    })
}

/// The region as text for the clipboard: a header that names it, then a
/// row of symbols per row of cells.
pub fn region_text<L: GridLevel>(kind: &str, region: &Region<L::Cell>) -> String {
    let mut text = format!(
        "levelscope {kind} region {}x{}\n",
        region.width, region.height
    );
    for row in region.cells.chunks(region.width.max(1)) {
        text.extend(row.iter().map(L::symbol));
        text.push('\n');
    }
    text
}

/// The cells of the straight line from `a` to `b`, both included, in
/// order (Bresenham's line: one cell per step along the longer axis).
pub fn line_cells(a: (usize, usize), b: (usize, usize)) -> Vec<(usize, usize)> {
    let (mut x, mut y) = (a.0 as isize, a.1 as isize);
    let (x1, y1) = (b.0 as isize, b.1 as isize);
    let dx = (x1 - x).abs();
    let dy = -(y1 - y).abs();
    let sx = if x < x1 { 1 } else { -1 };
    let sy = if y < y1 { 1 } else { -1 };
    let mut err = dx + dy;
    let mut cells = Vec::new();
    loop {
        cells.push((x as usize, y as usize));
        if x == x1 && y == y1 {
            return cells;
        }
        let e2 = 2 * err;
        if e2 >= dy {
            err += dy;
            x += sx;
        }
        if e2 <= dx {
            err += dx;
            y += sy;
        }
    }
}

/// The cells joined to `start` through their sides on a board of `size`
/// (width, height) for which `same` holds, `start` first: the region a
/// flood fill paints.
pub fn flood(
    (width, height): (usize, usize),
    start: (usize, usize),
    same: impl Fn(usize, usize) -> bool,
) -> Vec<(usize, usize)> {
    let mut seen = vec![false; width * height];
    let mut stack = vec![start];
    seen[start.1 * width + start.0] = true;
    let mut region = Vec::new();
    while let Some((x, y)) = stack.pop() {
        region.push((x, y));
        let neighbours = [
            (x.wrapping_sub(1), y),
            (x + 1, y),
            (x, y.wrapping_sub(1)),
            (x, y + 1),
        ];
        for (nx, ny) in neighbours {
            if nx < width && ny < height && !seen[ny * width + nx] && same(nx, ny) {
                seen[ny * width + nx] = true;
                stack.push((nx, ny));
            }
        }
    }
    region
}

/// Paints each of `cells` with `paint`, skipping the ones it refuses;
/// returns how many changed, or the first refusal when none could be
/// painted.
pub fn paint_cells(
    cells: &[(usize, usize)],
    mut paint: impl FnMut(usize, usize) -> Result<bool, Refused>,
) -> Result<usize, Refused> {
    let mut changed = 0;
    let mut first_refusal = None;
    for &(x, y) in cells {
        match paint(x, y) {
            Ok(true) => changed += 1,
            Ok(false) => {}
            Err(refused) => {
                first_refusal.get_or_insert(refused);
            }
        }
    }
    match (changed, first_refusal) {
        (0, Some(refused)) => Err(refused),
        _ => Ok(changed),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rect_spans_its_corners_in_any_order() {
        let r = CellRect::spanning((4, 2), (2, 1));
        assert_eq!(
            r,
            CellRect {
                x: 2,
                y: 1,
                width: 3,
                height: 2
            }
        );
        assert_eq!(r.describe(), "3x2 at (2, 1)");
        assert!(r.contains(4, 2) && !r.contains(5, 2) && !r.contains(2, 0));
        assert_eq!(r.cells().count(), 6);
        assert_eq!(r.cells().next(), Some((2, 1)));
        assert!(r.fits(5, 3) && !r.fits(4, 3));
    }

    fn letters() -> Region<char> {
        // a b c
        // d e f
        Region {
            width: 3,
            height: 2,
            cells: "abcdef".chars().collect(),
        }
    }

    #[test]
    fn flips_and_rotation_move_cells_by_hand() {
        let h = letters().transformed(Transform::FlipHorizontal, |c| *c);
        assert_eq!(h.cells.iter().collect::<String>(), "cbafed");
        let v = letters().transformed(Transform::FlipVertical, |c| *c);
        assert_eq!(v.cells.iter().collect::<String>(), "defabc");
        // A quarter turn clockwise: the left column becomes the top row,
        // read bottom to top.
        let r = letters().transformed(Transform::RotateClockwise, |c| c.to_ascii_uppercase());
        assert_eq!((r.width, r.height), (2, 3));
        assert_eq!(r.cells.iter().collect::<String>(), "DAEBFC");
        let four = (0..4).fold(letters(), |r, _| {
            r.transformed(Transform::RotateClockwise, |c| *c)
        });
        assert_eq!(four, letters());
    }

    #[test]
    fn lines_step_along_the_longer_axis() {
        assert_eq!(line_cells((1, 1), (1, 1)), vec![(1, 1)]);
        assert_eq!(
            line_cells((1, 1), (5, 1)),
            vec![(1, 1), (2, 1), (3, 1), (4, 1), (5, 1)]
        );
        assert_eq!(
            line_cells((2, 3), (2, 0)),
            vec![(2, 3), (2, 2), (2, 1), (2, 0)]
        );
        assert_eq!(
            line_cells((0, 0), (3, 3)),
            vec![(0, 0), (1, 1), (2, 2), (3, 3)]
        );
        // Each cell is the one nearest the true line: y = x / 3 here.
        assert_eq!(
            line_cells((0, 0), (3, 1)),
            vec![(0, 0), (1, 0), (2, 1), (3, 1)]
        );
        let mut back = line_cells((3, 1), (0, 0));
        back.reverse();
        assert_eq!(back, line_cells((0, 0), (3, 1)), "the same cells backwards");
        // One cell a column, whatever the slope.
        assert_eq!(line_cells((0, 0), (4, 2)).len(), 5);
    }

    #[test]
    fn paint_cells_skips_refusals_and_reports_when_all_are_refused() {
        let cells = [(0, 0), (1, 0), (2, 0)];
        let refuse_first = |x: usize, _| {
            if x == 0 {
                Err(Refused("no".into()))
            } else {
                Ok(true)
            }
        };
        assert_eq!(paint_cells(&cells, refuse_first), Ok(2));
        assert_eq!(
            paint_cells(&cells, |_, _| Err(Refused("no".into()))),
            Err(Refused("no".into()))
        );
        assert_eq!(paint_cells(&cells, |_, _| Ok(false)), Ok(0));
    }
}
