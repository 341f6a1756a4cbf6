//! Prism's cells as the region tools see them ([`GridLevel`]), and the
//! line tool. A region cell is the cell with the enemy standing on it and
//! whether the start or the exit is there. The rules kept (docs/rules.md,
//! Prism, "The board"): a level has one start and one exit, each on floor,
//! on cells of their own, and no enemy stands on either. So a paste leaves
//! the start and the exit where they are (their floor kept), while a flip
//! or rotation moves them with the rest of the selection; a quarter turn
//! turns an enemy's row into a column.

use super::tools::{self, Tile};
use crate::gui::kinds::region::{line_cells, paint_cells, GridLevel};
use crate::gui::kinds::tool::Refused;
use crate::kinds::prism::{Axis, Cell, Enemy, Level};

/// One cell of a Prism region.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RegionCell {
    /// The cell.
    pub cell: Cell,
    /// The enemy starting there, by the line it patrols.
    pub enemy: Option<Axis>,
    /// Whether the player starts there.
    pub start: bool,
    /// Whether the exit is there.
    pub exit: bool,
}

impl GridLevel for Level {
    type Cell = RegionCell;

    fn grid_size(&self) -> (usize, usize) {
        (self.width(), self.height())
    }

    fn read(&self, x: usize, y: usize) -> RegionCell {
        RegionCell {
            cell: self.cell(x, y),
            enemy: self.enemy_at(x, y).map(|i| self.enemies[i].axis),
            start: self.start == (x, y),
            exit: self.exit == (x, y),
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
        let mut start = self.start;
        let mut exit = self.exit;
        for &((x, y), c) in &cells {
            self.set_cell(x, y, c.cell);
            if let Some(i) = self.enemy_at(x, y) {
                self.enemies.remove(i);
            }
            if let Some(axis) = c.enemy {
                self.enemies.push(Enemy { x, y, axis });
            }
            if moving && c.start {
                start = (x, y);
            }
            if moving && c.exit {
                exit = (x, y);
            }
        }
        if start == exit {
            // Only a rotation that swept the start onto an exit outside
            // the selection (or the other way round) gets here: the one
            // that moved goes back.
            let (x, y) = start;
            if start != self.start {
                notes.push(format!(
                    "the start would land on the exit at ({x}, {y}): it stays at ({}, {})",
                    self.start.0, self.start.1
                ));
                start = self.start;
            } else {
                notes.push(format!(
                    "the exit would land on the start at ({x}, {y}): it stays at ({}, {})",
                    self.exit.0, self.exit.1
                ));
                exit = self.exit;
            }
        }
        self.start = start;
        self.exit = exit;
        for (place, which) in [(start, "start"), (exit, "exit")] {
            keep_floor(self, place, which, notes);
        }
    }

    fn turned(cell: &RegionCell) -> RegionCell {
        RegionCell {
            enemy: cell.enemy.map(Axis::other),
            ..*cell
        }
    }

    fn symbol(cell: &RegionCell) -> char {
        match (cell.start, cell.exit, cell.enemy) {
            (true, _, _) => 's',
            (_, true, _) => 'x',
            (_, _, Some(axis)) => axis.letter(),
            _ => match cell.cell {
                Cell::Empty => '.',
                Cell::Block(c) => c.letter(),
                Cell::Switch(c) => c.letter().to_ascii_uppercase(),
            },
        }
    }
}

/// Keeps floor under the start or the exit at `place`, and no enemy on
/// it; what was there is said in `notes`.
fn keep_floor(level: &mut Level, place: (usize, usize), which: &str, notes: &mut Vec<String>) {
    let (x, y) = place;
    let cell = level.cell(x, y);
    if cell != Cell::Empty {
        notes.push(format!(
            "the {which} at ({x}, {y}) keeps its floor: the {} was left out",
            cell.describe()
        ));
        level.set_cell(x, y, Cell::Empty);
    }
    if let Some(i) = level.enemy_at(x, y) {
        notes.push(format!(
            "the {which} at ({x}, {y}) stays clear: the enemy was left out"
        ));
        level.enemies.remove(i);
    }
}

/// The tile's name in the plural, for a line's undo step: "red blocks",
/// "enemies h".
pub fn plural(tile: Tile) -> String {
    match tile {
        Tile::Empty => "empty floor".to_string(),
        Tile::Block(c) => format!("{} blocks", c.name()),
        Tile::Switch(c) => format!("{} switches", c.name()),
        Tile::Start => "starts".to_string(),
        Tile::Exit => "exits".to_string(),
        Tile::Enemy(a) => format!("enemies {}", a.letter()),
    }
}

/// Paints `tile` (or erases, with `None`) on the straight line of cells
/// from `from` to `to`, skipping cells where it is refused; returns how
/// many changed, or why none could be painted. The start and the exit are
/// one cell each: a line of them is refused.
pub fn line(
    level: &mut Level,
    from: (usize, usize),
    to: (usize, usize),
    tile: Option<Tile>,
) -> Result<usize, Refused> {
    if let Some(t @ (Tile::Start | Tile::Exit)) = tile {
        return Err(Refused(format!(
            "a level has one {}: paint it instead of drawing a line",
            t.name().to_lowercase()
        )));
    }
    paint_cells(&line_cells(from, to), |x, y| match tile {
        Some(tile) => tools::paint(level, x, y, tile),
        None => Ok(tools::erase(level, x, y)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::kinds::region::{self, CellRect, Transform};
    use crate::kinds::prism::Colour;

    /// A 5x4 level: the start at (0, 0), the exit at (4, 3), a red block at
    /// (1, 0), a green switch at (2, 1) and an `h` enemy at (1, 1).
    fn level() -> Level {
        let mut l = Level::new(5, 4);
        l.set_cell(1, 0, Cell::Block(Colour::RED));
        l.set_cell(2, 1, Cell::Switch(Colour::GREEN));
        l.enemies.push(Enemy {
            x: 1,
            y: 1,
            axis: Axis::Horizontal,
        });
        l
    }

    #[test]
    fn a_paste_copies_cells_and_enemies_but_not_the_start() {
        let mut l = level();
        let region = region::copy(&l, CellRect::spanning((0, 0), (2, 1)));
        assert_eq!(
            region::region_text::<Level>("Prism", &region),
            "levelscope Prism region 3x2\nsr.\n.hG\n"
        );
        let placed = region::paste(&mut l, &region, (2, 2));
        // Onto (2..4, 2..3): (2, 2) gets the start's floor, (3, 2) the
        // red block, (3, 3) the enemy, and the switch meant for (4, 3) is
        // kept off the exit.
        assert_eq!(l.start, (0, 0), "a paste does not move the start");
        assert_eq!(l.exit, (4, 3));
        assert_eq!(l.cell(3, 2), Cell::Block(Colour::RED));
        assert_eq!(l.cell(4, 3), Cell::Empty);
        assert_eq!(
            l.enemy_at(3, 3).map(|i| l.enemies[i].axis),
            Some(Axis::Horizontal)
        );
        assert_eq!(placed.notes.len(), 1, "{:?}", placed.notes);
        assert!(placed.notes[0].contains("the exit at (4, 3) keeps its floor: the green switch"));
        assert!(l.is_valid(), "{:?}", l.problems());
    }

    #[test]
    fn a_flip_moves_the_start_with_the_selection() {
        let mut l = level();
        let rect = CellRect::spanning((0, 0), (2, 1));
        let placed = region::transform(&mut l, rect, Transform::FlipHorizontal).unwrap();
        assert!(placed.notes.is_empty(), "{:?}", placed.notes);
        assert_eq!(l.start, (2, 0));
        assert_eq!(l.cell(1, 0), Cell::Block(Colour::RED));
        assert_eq!(l.cell(0, 1), Cell::Switch(Colour::GREEN));
        assert_eq!(l.cell(2, 1), Cell::Empty);
        assert_eq!(l.enemy_at(1, 1), Some(0), "the middle column stays");
    }

    #[test]
    fn a_quarter_turn_turns_enemies_and_moves_the_start() {
        let mut l = level();
        let rect = CellRect::spanning((0, 0), (2, 1));
        let placed = region::transform(&mut l, rect, Transform::RotateClockwise).unwrap();
        assert_eq!(placed.rect.describe(), "2x3 at (0, 0)");
        // s r .      . s
        // . h G  ->  h r
        //            G .
        assert_eq!(l.start, (1, 0));
        assert_eq!(l.cell(1, 1), Cell::Block(Colour::RED));
        assert_eq!(l.cell(0, 2), Cell::Switch(Colour::GREEN));
        assert_eq!(l.cell(2, 1), Cell::Empty, "the old switch cell cleared");
        assert_eq!(l.enemies.len(), 1);
        assert_eq!(
            l.enemies[0],
            Enemy {
                x: 0,
                y: 1,
                axis: Axis::Vertical
            }
        );
        assert!(l.is_valid(), "{:?}", l.problems());
    }

    #[test]
    fn a_turn_that_sweeps_the_start_onto_the_exit_keeps_them_apart() {
        let mut l = Level::new(4, 4);
        l.start = (0, 3);
        l.exit = (3, 2);
        // The row y = 2 holds the exit at its end; turned, it becomes the
        // column x = 0, y = 0..3 (moved up onto the board), and the exit
        // would land on (0, 3), the start's cell, outside the selection.
        let row = CellRect::spanning((0, 2), (3, 2));
        let placed = region::transform(&mut l, row, Transform::RotateClockwise).unwrap();
        assert_eq!(placed.rect.describe(), "1x4 at (0, 0)");
        assert_eq!(l.start, (0, 3));
        assert_eq!(l.exit, (3, 2), "the exit stays where it was");
        assert!(placed.notes[0].contains("the exit would land on the start at (0, 3)"));
    }

    #[test]
    fn clearing_keeps_the_start_and_exit_and_removes_enemies() {
        let mut l = level();
        region::clear(&mut l, CellRect::spanning((0, 0), (4, 3)));
        assert!(l.cells().iter().all(|&c| c == Cell::Empty));
        assert!(l.enemies.is_empty());
        assert_eq!((l.start, l.exit), ((0, 0), (4, 3)));
    }

    #[test]
    fn a_line_of_blocks_skips_the_start_and_a_line_of_starts_is_refused() {
        let mut l = level();
        assert_eq!(
            line(&mut l, (0, 0), (3, 3), Some(Tile::Block(Colour::BLUE))),
            Ok(3)
        );
        assert_eq!(l.cell(0, 0), Cell::Empty, "the start keeps its floor");
        assert_eq!(l.cell(3, 3), Cell::Block(Colour::BLUE));
        assert!(line(&mut l, (0, 0), (3, 0), Some(Tile::Start)).is_err());
        assert_eq!(plural(Tile::Block(Colour::RED)), "red blocks");
        assert_eq!(plural(Tile::Switch(Colour::RED)), "red switches");
    }
}
