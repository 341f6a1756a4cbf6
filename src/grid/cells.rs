//! [`Grid`]: a `width x height` board of cells, row by row, top row
//! first, as the square-cell kinds keep their levels (Skiddy's floors and
//! pieces, Prism's blocks and switches, Sokoban's walls and goals, Rush
//! Hour's walls). The cell type is the kind's own.
//!
//! A grid is what a designer edits, not what the explorers step on: the
//! kinds compile it into their own tables before a search.

use serde::Serialize;

use super::Dir;

/// A cell with its place `(x, y)` on a board.
pub type Placed<C> = ((usize, usize), C);

/// A `width x height` board of cells `C`, row by row, top row first. The
/// cells always fill the board: `width * height` of them.
///
/// It serialises as the fields `width`, `height` and `cells`, so a level
/// that flattens its grid into itself keeps the JSON it had.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Grid<C> {
    width: usize,
    height: usize,
    cells: Vec<C>,
}

impl<C: Copy> Grid<C> {
    /// A `width x height` board with every cell `fill`. Sizes are not
    /// checked here, but the caller must keep `width * height` within
    /// memory: readers check sizes first.
    pub fn filled(width: usize, height: usize, fill: C) -> Grid<C> {
        Grid {
            width,
            height,
            cells: vec![fill; width.saturating_mul(height)],
        }
    }

    /// A board of the given cells (row by row, top row first); `None` when
    /// they do not fill `width x height`.
    pub fn from_cells(width: usize, height: usize, cells: Vec<C>) -> Option<Grid<C>> {
        (width.checked_mul(height) == Some(cells.len())).then_some(Grid {
            width,
            height,
            cells,
        })
    }

    /// Width in cells.
    #[inline]
    pub fn width(&self) -> usize {
        self.width
    }

    /// Height in cells.
    #[inline]
    pub fn height(&self) -> usize {
        self.height
    }

    /// Whether `(x, y)` is on the board.
    #[inline]
    pub fn contains(&self, x: usize, y: usize) -> bool {
        x < self.width && y < self.height
    }

    /// The index of cell `(x, y)` in [`Grid::cells`]: `y * width + x`.
    #[inline]
    pub fn index(&self, x: usize, y: usize) -> usize {
        y * self.width + x
    }

    /// The cell `(x, y)` of index `i` in [`Grid::cells`].
    #[inline]
    pub fn position(&self, i: usize) -> (usize, usize) {
        let width = self.width.max(1);
        (i % width, i / width)
    }

    /// The cell at `(x, y)`.
    ///
    /// # Panics
    /// If `(x, y)` is off the board; [`Grid::get`] does not panic.
    #[inline]
    pub fn cell(&self, x: usize, y: usize) -> C {
        assert!(self.contains(x, y), "cell ({x}, {y}) is off the board");
        self.cells[self.index(x, y)]
    }

    /// The cell at `(x, y)`, or `None` off the board.
    #[inline]
    pub fn get(&self, x: usize, y: usize) -> Option<C> {
        self.contains(x, y).then(|| self.cells[self.index(x, y)])
    }

    /// Replaces the cell at `(x, y)`.
    ///
    /// # Panics
    /// If `(x, y)` is off the board.
    #[inline]
    pub fn set(&mut self, x: usize, y: usize, cell: C) {
        assert!(self.contains(x, y), "cell ({x}, {y}) is off the board");
        let i = self.index(x, y);
        self.cells[i] = cell;
    }

    /// All cells, row by row, top row first.
    #[inline]
    pub fn cells(&self) -> &[C] {
        &self.cells
    }

    /// Every cell with its place `(x, y)`, row by row.
    pub fn iter(&self) -> impl Iterator<Item = ((usize, usize), C)> + '_ {
        self.cells
            .iter()
            .enumerate()
            .map(|(i, &cell)| (self.position(i), cell))
    }

    /// Whether `(x, y)` is on the outer ring.
    #[inline]
    pub fn is_border(&self, x: usize, y: usize) -> bool {
        x == 0 || y == 0 || x + 1 == self.width || y + 1 == self.height
    }

    /// The cell next to `(x, y)` towards `dir`, if it is on the board.
    #[inline]
    pub fn neighbour(&self, x: usize, y: usize, dir: Dir) -> Option<(usize, usize)> {
        let (dx, dy) = dir.delta();
        let nx = x.checked_add_signed(dx)?;
        let ny = y.checked_add_signed(dy)?;
        self.contains(nx, ny).then_some((nx, ny))
    }

    /// The board resized to `width x height` with every cell moved by
    /// `(dx, dy)` (see [`crate::grid::Anchor::offset`]): cells that land
    /// keep their value, new cells are `fill`. Also the cells that fall
    /// off, with their old places, row by row.
    pub fn shifted(
        &self,
        width: usize,
        height: usize,
        (dx, dy): (isize, isize),
        fill: C,
    ) -> (Grid<C>, Vec<Placed<C>>) {
        let mut out = Grid::filled(width, height, fill);
        let mut lost = Vec::new();
        for ((x, y), cell) in self.iter() {
            match moved(x, y, dx, dy, width, height) {
                Some((nx, ny)) => out.set(nx, ny, cell),
                None => lost.push(((x, y), cell)),
            }
        }
        (out, lost)
    }
}

/// Where cell `(x, y)` lands on a `width x height` board when every cell
/// moves by `(dx, dy)`, if it lands on it.
pub fn moved(
    x: usize,
    y: usize,
    dx: isize,
    dy: isize,
    width: usize,
    height: usize,
) -> Option<(usize, usize)> {
    let nx = x as isize + dx;
    let ny = y as isize + dy;
    (nx >= 0 && ny >= 0 && (nx as usize) < width && (ny as usize) < height)
        .then_some((nx as usize, ny as usize))
}

/// The indices of the four neighbours of cell `i` of a `width x height`
/// board (row by row) that lie on it, in [`Dir::ALL`] order: up, right,
/// down, left.
#[inline]
pub fn neighbour_indices(i: usize, width: usize, height: usize) -> [Option<usize>; 4] {
    let (x, y) = (i % width, i / width);
    [
        (y > 0).then(|| i - width),
        (x + 1 < width).then(|| i + 1),
        (y + 1 < height).then(|| i + width),
        (x > 0).then(|| i - 1),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 3x2 board numbered 0 to 5 in reading order.
    fn numbered() -> Grid<u8> {
        Grid::from_cells(3, 2, (0..6).collect()).unwrap()
    }

    #[test]
    fn cells_are_kept_row_by_row() {
        let grid = numbered();
        assert_eq!(grid.cell(2, 0), 2);
        assert_eq!(grid.cell(0, 1), 3);
        assert_eq!(grid.index(1, 1), 4);
        assert_eq!(grid.position(4), (1, 1));
        assert_eq!(grid.get(3, 0), None, "x past the width is off the board");
        assert_eq!(grid.get(0, 2), None);
        let places: Vec<_> = grid.iter().map(|(p, _)| p).collect();
        assert_eq!(places, [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1)]);
        let mut grid = grid;
        grid.set(1, 0, 9);
        assert_eq!(grid.cells(), [0, 9, 2, 3, 4, 5]);
    }

    #[test]
    fn cells_that_do_not_fill_the_board_are_refused() {
        assert!(Grid::from_cells(3, 2, vec![0u8; 5]).is_none());
        assert!(Grid::from_cells(usize::MAX, 2, vec![0u8; 2]).is_none());
        assert!(Grid::from_cells(0, 0, Vec::<u8>::new()).is_some());
    }

    #[test]
    #[should_panic(expected = "cell (3, 0) is off the board")]
    fn reading_off_the_board_panics_with_the_place() {
        numbered().cell(3, 0);
    }

    #[test]
    fn neighbours_stop_at_the_edges() {
        let grid = numbered();
        assert_eq!(grid.neighbour(0, 0, Dir::Up), None);
        assert_eq!(grid.neighbour(0, 0, Dir::Left), None);
        assert_eq!(grid.neighbour(0, 0, Dir::Right), Some((1, 0)));
        assert_eq!(grid.neighbour(0, 0, Dir::Down), Some((0, 1)));
        assert_eq!(grid.neighbour(2, 1, Dir::Right), None);
        assert_eq!(grid.neighbour(2, 1, Dir::Down), None);
        assert!(grid.is_border(1, 0) && grid.is_border(2, 1));
        assert!(!Grid::filled(3, 3, 0u8).is_border(1, 1));
    }

    #[test]
    fn neighbour_indices_agree_with_neighbours() {
        let grid = numbered();
        for i in 0..6 {
            let (x, y) = grid.position(i);
            let expected =
                Dir::ALL.map(|d| grid.neighbour(x, y, d).map(|(nx, ny)| grid.index(nx, ny)));
            assert_eq!(neighbour_indices(i, 3, 2), expected, "cell {i}");
        }
        assert_eq!(
            neighbour_indices(4, 3, 2),
            [Some(1), Some(5), None, Some(3)]
        );
    }

    #[test]
    fn a_shift_moves_cells_fills_new_ones_and_lists_the_lost() {
        // 3x2 -> 2x3, every cell one column left and one row down.
        let (out, lost) = numbered().shifted(2, 3, (-1, 1), 7);
        assert_eq!(out.cells(), [7, 7, 1, 2, 4, 5]);
        assert_eq!(lost, [((0, 0), 0), ((0, 1), 3)]);
        let (same, lost) = numbered().shifted(3, 2, (0, 0), 7);
        assert_eq!(same, numbered());
        assert!(lost.is_empty());
    }
}
