//! Sokoban's cells as the region tools see them ([`GridLevel`]), and the
//! line tool. A region cell is the cell with whether a box and the player
//! stand on it. The rules kept (see [`super::tools`]): one player, never
//! in a wall or on a box. So a paste leaves the player where it is (a
//! player in the pasted cells is left out and said), a flip or rotation
//! moves it with the rest of the selection, and the player's cell keeps
//! its floor and stays free of boxes.

use super::tools::{self, Tile};
use crate::gui::kinds::region::{line_cells, paint_cells, GridLevel};
use crate::gui::kinds::tool::Refused;
use crate::kinds::sokoban::{Cell, Level};

/// One cell of a Sokoban region.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RegionCell {
    /// The cell.
    pub cell: Cell,
    /// Whether a box stands there.
    pub has_box: bool,
    /// Whether the player stands there.
    pub player: bool,
}

impl GridLevel for Level {
    type Cell = RegionCell;

    fn grid_size(&self) -> (usize, usize) {
        (self.width(), self.height())
    }

    fn read(&self, x: usize, y: usize) -> RegionCell {
        RegionCell {
            cell: self.cell(x, y),
            has_box: self.has_box(x, y),
            player: self.player == Some((x, y)),
        }
    }

    fn clear(&mut self, x: usize, y: usize) {
        tools::erase(self, x, y);
    }

    fn place(
        &mut self,
        cells: Vec<((usize, usize), RegionCell)>,
        moving: bool,
        notes: &mut Vec<String>,
    ) {
        let mut player = self.player;
        for &((x, y), c) in &cells {
            self.set_cell(x, y, c.cell);
            self.boxes.retain(|&b| b != (x, y));
            if c.has_box {
                self.boxes.push((x, y));
            }
            if c.player {
                if moving {
                    player = Some((x, y));
                } else {
                    notes.push(format!(
                        "the pasted player at ({x}, {y}) is left out: the level has one player"
                    ));
                }
            }
        }
        self.player = player;
        if let Some((x, y)) = player {
            if self.cell(x, y) == Cell::Wall {
                self.set_cell(x, y, Cell::Floor);
                notes.push(format!(
                    "the player stands at ({x}, {y}): its cell stays floor"
                ));
            }
            if self.has_box(x, y) {
                self.boxes.retain(|&b| b != (x, y));
                notes.push(format!(
                    "the player stands at ({x}, {y}): the box there is left out"
                ));
            }
        }
    }

    fn symbol(cell: &RegionCell) -> char {
        match (cell.cell, cell.has_box, cell.player) {
            (Cell::Goal, _, true) => '+',
            (_, _, true) => '@',
            (Cell::Goal, true, _) => '*',
            (_, true, _) => '$',
            (Cell::Wall, _, _) => '#',
            (Cell::Goal, false, false) => '.',
            (Cell::Floor, false, false) => '-',
        }
    }
}

/// Paints the line from `from` to `to` with `tile` (`None`: erases);
/// refused only when every cell refused, with the first reason.
pub fn line(
    level: &mut Level,
    from: (usize, usize),
    to: (usize, usize),
    tile: Option<Tile>,
) -> Result<usize, Refused> {
    let cells = line_cells(from, to);
    match tile {
        Some(Tile::Player) => Err(Refused(
            "there is one player: paint it on a cell rather than draw a line".to_string(),
        )),
        Some(tile) => paint_cells(&cells, |x, y| tools::paint(level, x, y, tile)),
        None => paint_cells(&cells, |x, y| Ok(tools::erase(level, x, y))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::kinds::region::{copy, paste, transform, CellRect, Transform};
    use crate::kinds::sokoban::read_xsb_one;

    #[test]
    fn a_paste_keeps_one_player_and_a_flip_moves_it() {
        let mut level = read_xsb_one("#######\n#@$ . #\n#     #\n#######\n").unwrap();
        let rect = CellRect::spanning((1, 1), (2, 1));
        let region = copy(&level, rect);
        let placed = paste(&mut level, &region, (3, 2));
        assert_eq!(level.player, Some((1, 1)));
        assert!(level.has_box(4, 2));
        assert_eq!(placed.notes.len(), 1, "{:?}", placed.notes);
        let flipped = transform(&mut level, rect, Transform::FlipHorizontal).unwrap();
        assert!(flipped.notes.is_empty());
        assert_eq!(level.player, Some((2, 1)));
        assert!(level.has_box(1, 1));
        assert_eq!(line(&mut level, (1, 2), (5, 2), Some(Tile::Goal)), Ok(5));
        assert!(line(&mut level, (1, 2), (5, 2), Some(Tile::Player)).is_err());
    }
}
