//! The Skiddy level as the designer edits it, and its validation.

use serde::{Deserialize, Serialize};

use crate::grid::Grid;

/// The smallest board side.
pub const MIN_SIDE: usize = 3;
/// The largest board side.
pub const MAX_SIDE: usize = 16;
/// The largest side a Skiddy board is read with: boards above [`MAX_SIDE`]
/// up to this one open (to be seen, cut down and told what is wrong with
/// them); a text with more rows or columns is refused before its board is
/// made.
pub const MAX_READ_SIDE: usize = 256;

/// A Skiddy colour. Goals and Skiddies come in these.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    /// Red.
    Red,
    /// Blue.
    Blue,
    /// Green.
    Green,
    /// Yellow.
    Yellow,
}

impl Colour {
    /// Every colour, in canonical order.
    pub const ALL: [Colour; 4] = [Colour::Red, Colour::Blue, Colour::Green, Colour::Yellow];

    /// The colour's name in lower case.
    pub fn name(self) -> &'static str {
        match self {
            Colour::Red => "red",
            Colour::Blue => "blue",
            Colour::Green => "green",
            Colour::Yellow => "yellow",
        }
    }

    /// Index in [`Colour::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }
}

/// What a cell is made of; it never moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Floor {
    /// Free floor.
    #[default]
    Empty,
    /// A wall.
    Block,
    /// A pit: a piece that enters it stops until the next move.
    Pit,
    /// A goal of one colour (on the border only).
    Goal(Colour),
}

/// A movable piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Piece {
    /// A Skiddy: slides, pushes crates, exits through goals of its colour.
    Skiddy(Colour),
    /// A crate: moves only when a Skiddy pushes it, one cell.
    Crate,
    /// An ice cube: slides, never exits, never pushes.
    Ice,
}

impl Piece {
    /// Whether the piece slides by itself (Skiddies and ice).
    pub fn slides(self) -> bool {
        !matches!(self, Piece::Crate)
    }

    /// A word for the piece, e.g. "red Skiddy".
    pub fn describe(self) -> String {
        match self {
            Piece::Skiddy(c) => format!("{} Skiddy", c.name()),
            Piece::Crate => "crate".to_string(),
            Piece::Ice => "ice cube".to_string(),
        }
    }
}

/// One cell: its floor and the piece standing on it, if any. A piece on a
/// pit floor starts inside the pit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Cell {
    /// The floor.
    pub floor: Floor,
    /// The piece standing on it.
    pub piece: Option<Piece>,
}

impl Cell {
    /// A cell with a floor and no piece.
    pub const fn floor(floor: Floor) -> Cell {
        Cell { floor, piece: None }
    }

    /// A piece on empty floor.
    pub const fn piece(piece: Piece) -> Cell {
        Cell {
            floor: Floor::Empty,
            piece: Some(piece),
        }
    }
}

/// A Skiddy level: a `width x height` grid of cells and a name.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Level {
    /// The level's name (may be empty).
    pub name: String,
    grid: Grid<Cell>,
}

pub use crate::kinds::problem::Problem;

impl Level {
    /// A `width x height` level with a border of blocks and empty floor
    /// inside. Sizes are not checked here; [`Level::problems`] does.
    pub fn new(width: usize, height: usize) -> Level {
        let mut level = Level {
            name: String::new(),
            grid: Grid::filled(width, height, Cell::default()),
        };
        for y in 0..height {
            for x in 0..width {
                if level.is_border(x, y) {
                    level.grid.set(x, y, Cell::floor(Floor::Block));
                }
            }
        }
        level
    }

    /// A level from its cells, row by row (`cells.len()` must be
    /// `width * height`).
    pub fn from_cells(width: usize, height: usize, cells: Vec<Cell>) -> Level {
        Level {
            name: String::new(),
            grid: Grid::from_cells(width, height, cells).expect("cells must fill the grid"),
        }
    }

    /// Width in cells.
    pub fn width(&self) -> usize {
        self.grid.width()
    }

    /// Height in cells.
    pub fn height(&self) -> usize {
        self.grid.height()
    }

    /// The cell at `(x, y)`.
    ///
    /// # Panics
    /// If `(x, y)` is off the board.
    pub fn cell(&self, x: usize, y: usize) -> Cell {
        self.grid.cell(x, y)
    }

    /// Replaces the cell at `(x, y)`.
    ///
    /// # Panics
    /// If `(x, y)` is off the board.
    pub fn set_cell(&mut self, x: usize, y: usize, cell: Cell) {
        self.grid.set(x, y, cell);
    }

    /// All cells, row by row.
    pub fn cells(&self) -> &[Cell] {
        self.grid.cells()
    }

    /// The board as a grid of cells.
    pub fn grid(&self) -> &Grid<Cell> {
        &self.grid
    }

    /// Whether `(x, y)` is on the outer ring.
    pub fn is_border(&self, x: usize, y: usize) -> bool {
        self.grid.is_border(x, y)
    }

    /// Every problem that makes the level invalid; empty when it is valid.
    pub fn problems(&self) -> Vec<Problem> {
        let mut problems = Vec::new();
        let size_ok = (MIN_SIDE..=MAX_SIDE).contains(&self.width())
            && (MIN_SIDE..=MAX_SIDE).contains(&self.height());
        if !size_ok {
            problems.push(Problem {
                cell: None,
                message: format!(
                    "the board is {}x{}; it must be between {MIN_SIDE}x{MIN_SIDE} and {MAX_SIDE}x{MAX_SIDE}",
                    self.width(),
                    self.height()
                ),
            });
        }
        let mut skiddies = [0usize; 4];
        let mut goals = [0usize; 4];
        for y in 0..self.height() {
            for x in 0..self.width() {
                let cell = self.cell(x, y);
                let at = |message: String| Problem {
                    cell: Some((x, y)),
                    message,
                };
                if let Floor::Goal(c) = cell.floor {
                    goals[c.index()] += 1;
                }
                if let Some(Piece::Skiddy(c)) = cell.piece {
                    skiddies[c.index()] += 1;
                }
                if self.is_border(x, y) {
                    if let Some(piece) = cell.piece {
                        problems.push(at(format!(
                            "a {} on the border; the border holds only blocks and goals",
                            piece.describe()
                        )));
                    } else if matches!(cell.floor, Floor::Empty | Floor::Pit) {
                        let what = if cell.floor == Floor::Pit {
                            "a pit"
                        } else {
                            "empty floor"
                        };
                        problems.push(at(format!(
                            "{what} on the border; the border holds only blocks and goals"
                        )));
                    }
                } else {
                    if let Floor::Goal(c) = cell.floor {
                        problems.push(at(format!(
                            "a {} goal inside the board; goals belong on the border",
                            c.name()
                        )));
                    }
                    if let (Some(piece), Floor::Block | Floor::Goal(_)) = (cell.piece, cell.floor) {
                        problems.push(at(format!(
                            "a {} stands on a wall or goal",
                            piece.describe()
                        )));
                    }
                }
            }
        }
        if skiddies.iter().all(|&n| n == 0) {
            problems.push(Problem {
                cell: None,
                message: "there is no Skiddy; a level needs at least one".to_string(),
            });
        }
        for colour in Colour::ALL {
            if skiddies[colour.index()] > 0 && goals[colour.index()] == 0 {
                problems.push(Problem {
                    cell: None,
                    message: format!(
                        "{} Skiddies have no {} goal to leave by",
                        colour.name(),
                        colour.name()
                    ),
                });
            }
        }
        problems
    }

    /// Whether the level has no problem.
    pub fn is_valid(&self) -> bool {
        self.problems().is_empty()
    }

    /// Every piece with its cell, row by row.
    pub fn pieces(&self) -> impl Iterator<Item = ((usize, usize), Piece)> + '_ {
        self.grid
            .iter()
            .filter_map(|(place, cell)| cell.piece.map(|p| (place, p)))
    }
}

/// What is at cell `(x, y)` of `level`: a piece, a piece in a pit, or the
/// floor.
pub fn describe_cell(level: &Level, x: usize, y: usize) -> String {
    let cell = level.cell(x, y);
    match (cell.piece, cell.floor) {
        (Some(p), Floor::Pit) => format!("{} in a pit", p.describe()),
        (Some(p), _) => p.describe(),
        (None, f) => format!("{f:?}").to_lowercase(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_level_has_a_block_border_and_no_skiddy() {
        let level = Level::new(5, 4);
        assert_eq!(level.cell(0, 0).floor, Floor::Block);
        assert_eq!(level.cell(2, 1).floor, Floor::Empty);
        let problems = level.problems();
        assert_eq!(problems.len(), 1);
        assert!(problems[0].message.contains("no Skiddy"));
    }

    #[test]
    fn problems_name_the_cell() {
        let mut level = Level::new(5, 5);
        level.set_cell(2, 2, Cell::piece(Piece::Skiddy(Colour::Blue)));
        level.set_cell(0, 2, Cell::floor(Floor::Empty));
        level.set_cell(2, 1, Cell::floor(Floor::Goal(Colour::Red)));
        let text: Vec<String> = level.problems().iter().map(|p| p.to_string()).collect();
        assert!(
            text.iter()
                .any(|t| t.starts_with("cell (0, 2): empty floor on the border")),
            "{text:?}"
        );
        assert!(
            text.iter()
                .any(|t| t.starts_with("cell (2, 1): a red goal inside")),
            "{text:?}"
        );
        assert!(
            text.iter()
                .any(|t| t.contains("blue Skiddies have no blue goal")),
            "{text:?}"
        );
    }

    #[test]
    fn size_limits() {
        assert!(Level::new(2, 5)
            .problems()
            .iter()
            .any(|p| p.message.contains("2x5")));
        assert!(Level::new(17, 5)
            .problems()
            .iter()
            .any(|p| p.message.contains("17x5")));
    }
}
