//! The Prism level as the designer edits it, and its validation
//! (docs/rules.md, Prism, "Board and colours").

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::grid::{Dir, Grid};
use crate::kinds::Problem;

/// The smallest board side.
pub const MIN_SIDE: usize = 2;
/// The largest board side.
pub const MAX_SIDE: usize = 1000;

/// A colour: a 3-bit RGB index, `0 black, 1 red, 2 green, 3 yellow, 4 blue,
/// 5 magenta, 6 cyan, 7 white`. Bit 0 is the red channel, bit 1 green and
/// bit 2 blue. Values above 7 are not colours; [`Level::problems`] reports
/// them.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Colour(pub u8);

const NAMES: [&str; 8] = [
    "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white",
];
/// One letter a colour; black's `k` is ours (the 2016 format has no black
/// block), the others are the 2016 block tokens.
const LETTERS: [char; 8] = ['k', 'r', 'g', 'y', 'b', 'm', 'c', 'w'];

impl Colour {
    /// Black (0): the usual starting background.
    pub const BLACK: Colour = Colour(0);
    /// Red (1).
    pub const RED: Colour = Colour(1);
    /// Green (2).
    pub const GREEN: Colour = Colour(2);
    /// Yellow (3 = red + green).
    pub const YELLOW: Colour = Colour(3);
    /// Blue (4).
    pub const BLUE: Colour = Colour(4);
    /// Magenta (5 = red + blue).
    pub const MAGENTA: Colour = Colour(5);
    /// Cyan (6 = green + blue).
    pub const CYAN: Colour = Colour(6);
    /// White (7 = all three channels).
    pub const WHITE: Colour = Colour(7);
    /// The three primary colours, the only ones a switch can have.
    pub const PRIMARIES: [Colour; 3] = [Colour::RED, Colour::GREEN, Colour::BLUE];

    /// All eight colours, black first.
    pub fn all() -> [Colour; 8] {
        [0, 1, 2, 3, 4, 5, 6, 7].map(Colour)
    }

    /// Whether the value is a colour (0 to 7).
    pub fn is_valid(self) -> bool {
        self.0 <= 7
    }

    /// Whether it is red, green or blue: a colour a switch may have.
    pub fn is_primary(self) -> bool {
        matches!(self.0, 1 | 2 | 4)
    }

    /// The colour's name in lower case, e.g. `"red"`; `"invalid"` for a
    /// value above 7.
    pub fn name(self) -> &'static str {
        NAMES.get(self.0 as usize).copied().unwrap_or("invalid")
    }

    /// The colour's letter: `k r g y b m c w`; `?` for a value above 7.
    pub fn letter(self) -> char {
        LETTERS.get(self.0 as usize).copied().unwrap_or('?')
    }

    /// The colour with this name (`"red"`), if any.
    pub fn from_name(name: &str) -> Option<Colour> {
        NAMES
            .iter()
            .position(|&n| n == name)
            .map(|i| Colour(i as u8))
    }

    /// The colour with this letter (`'r'`), if any.
    pub fn from_letter(letter: char) -> Option<Colour> {
        LETTERS
            .iter()
            .position(|&l| l == letter)
            .map(|i| Colour(i as u8))
    }

    /// The colour whose channels are those of `self` toggled by `other`'s:
    /// what entering a switch of colour `other` does to the background.
    pub fn toggled(self, other: Colour) -> Colour {
        Colour(self.0 ^ other.0)
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_valid() {
            f.write_str(self.name())
        } else {
            write!(f, "colour {}", self.0)
        }
    }
}

/// What a cell is made of. Start, exit and enemies are kept apart from the
/// cells, in [`Level`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Cell {
    /// Floor: always enterable.
    #[default]
    Empty,
    /// A block of colour 1 to 7: enterable only while the background is
    /// exactly that colour.
    Block(Colour),
    /// A switch of colour red, green or blue: always enterable; entering it
    /// toggles that channel of the background.
    Switch(Colour),
}

impl Cell {
    /// A few words for the cell without an article: "red block",
    /// "green switch", "empty floor".
    pub fn describe(self) -> String {
        match self {
            Cell::Empty => "empty floor".to_string(),
            Cell::Block(c) => format!("{c} block"),
            Cell::Switch(c) => format!("{c} switch"),
        }
    }
}

/// The line an enemy patrols.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Axis {
    /// `h`: along its row; it starts moving right.
    Horizontal,
    /// `v`: along its column; it starts moving down.
    Vertical,
}

impl Axis {
    /// The direction an enemy on this axis moves, forward or backward:
    /// forward is right for `h` and down for `v`.
    #[inline]
    pub fn heading(self, forward: bool) -> Dir {
        match (self, forward) {
            (Axis::Horizontal, true) => Dir::Right,
            (Axis::Horizontal, false) => Dir::Left,
            (Axis::Vertical, true) => Dir::Down,
            (Axis::Vertical, false) => Dir::Up,
        }
    }

    /// The 2016 token: `h` or `v`.
    pub fn letter(self) -> char {
        match self {
            Axis::Horizontal => 'h',
            Axis::Vertical => 'v',
        }
    }

    /// The axis of a 2016 token `h` or `v`.
    pub fn from_letter(letter: char) -> Option<Axis> {
        match letter {
            'h' => Some(Axis::Horizontal),
            'v' => Some(Axis::Vertical),
            _ => None,
        }
    }

    /// The other axis.
    pub fn other(self) -> Axis {
        match self {
            Axis::Horizontal => Axis::Vertical,
            Axis::Vertical => Axis::Horizontal,
        }
    }
}

/// An enemy where it starts. `h` enemies start moving right, `v` enemies
/// down.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Enemy {
    /// Column.
    pub x: usize,
    /// Row.
    pub y: usize,
    /// The line it patrols.
    pub axis: Axis,
}

/// A Prism level: a `width x height` grid of cells, the start, the exit, the
/// starting background and the enemies, with a name.
///
/// Any value can be built and edited; [`Level::problems`] says what makes it
/// unplayable. The cells always fill the grid (`width * height` of them).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "LevelFields")]
pub struct Level {
    /// The level's name (may be empty).
    pub name: String,
    /// The cells; serialised as the level's own `width`, `height` and
    /// `cells` fields.
    #[serde(flatten)]
    grid: Grid<Cell>,
    /// The player's starting cell `(x, y)`.
    pub start: (usize, usize),
    /// The exit cell `(x, y)`.
    pub exit: (usize, usize),
    /// The background colour at the start.
    pub background: Colour,
    /// The enemies, in the order their states are kept.
    pub enemies: Vec<Enemy>,
}

/// [`Level`]'s fields as they are deserialised, before the cells are
/// checked against the size.
#[derive(Deserialize)]
struct LevelFields {
    name: String,
    width: usize,
    height: usize,
    cells: Vec<Cell>,
    start: (usize, usize),
    exit: (usize, usize),
    background: Colour,
    enemies: Vec<Enemy>,
}

impl TryFrom<LevelFields> for Level {
    type Error = crate::kinds::level_error::CellCountError;

    fn try_from(f: LevelFields) -> Result<Level, Self::Error> {
        let grid = crate::kinds::level_error::CellCountError::grid_of(f.width, f.height, f.cells)?;
        Ok(Level {
            name: f.name,
            grid,
            start: f.start,
            exit: f.exit,
            background: f.background,
            enemies: f.enemies,
        })
    }
}

impl Level {
    /// A `width x height` level of empty floor, the start top-left, the exit
    /// bottom-right, a black background and no enemy. Sizes are not checked
    /// here ([`Level::problems`] does), but the caller must keep
    /// `width * height` within memory: readers check sizes first.
    pub fn new(width: usize, height: usize) -> Level {
        Level {
            name: String::new(),
            grid: Grid::filled(width, height, Cell::Empty),
            start: (0, 0),
            exit: (width.saturating_sub(1), height.saturating_sub(1)),
            background: Colour::BLACK,
            enemies: Vec::new(),
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

    /// Whether `(x, y)` is on the board.
    pub fn contains(&self, x: usize, y: usize) -> bool {
        self.grid.contains(x, y)
    }

    /// The cell at `(x, y)`.
    ///
    /// # Panics
    /// If `(x, y)` is off the board; [`Level::get`] does not panic.
    pub fn cell(&self, x: usize, y: usize) -> Cell {
        self.grid.cell(x, y)
    }

    /// The cell at `(x, y)`, or `None` off the board.
    pub fn get(&self, x: usize, y: usize) -> Option<Cell> {
        self.grid.get(x, y)
    }

    /// Replaces the cell at `(x, y)`.
    ///
    /// # Panics
    /// If `(x, y)` is off the board.
    pub fn set_cell(&mut self, x: usize, y: usize, cell: Cell) {
        self.grid.set(x, y, cell);
    }

    /// All cells, row by row, top row first.
    pub fn cells(&self) -> &[Cell] {
        self.grid.cells()
    }

    /// The board as a grid of cells.
    pub fn grid(&self) -> &Grid<Cell> {
        &self.grid
    }

    /// Replaces the board, its size with it; the start, the exit and the enemies keep their places (see [`Level::problems`] where they fall off).
    pub fn replace_grid(&mut self, grid: Grid<Cell>) {
        self.grid = grid;
    }

    /// The index of the enemy starting at `(x, y)`, if any.
    pub fn enemy_at(&self, x: usize, y: usize) -> Option<usize> {
        self.enemies.iter().position(|e| (e.x, e.y) == (x, y))
    }

    /// Every problem that makes the level unplayable; empty when it is
    /// valid. Each names its cell where there is one.
    ///
    /// Besides the size, the colours and where the start and exit are, an
    /// enemy must start on empty floor, on the board, alone, and neither on
    /// the start (the player would begin caught) nor on the exit (the 2016
    /// format, where both are tokens of one cell, cannot say it).
    pub fn problems(&self) -> Vec<Problem> {
        let mut problems = Vec::new();
        let size_ok = (MIN_SIDE..=MAX_SIDE).contains(&self.grid.width())
            && (MIN_SIDE..=MAX_SIDE).contains(&self.grid.height());
        if !size_ok {
            problems.push(Problem::of_level(format!(
                "the board is {}x{}; each side must be {MIN_SIDE} to {MAX_SIDE} cells",
                self.grid.width(),
                self.grid.height()
            )));
        }
        if !self.background.is_valid() {
            problems.push(Problem::of_level(format!(
                "the starting background is {}; colours are 0 to 7",
                self.background.0
            )));
        }
        self.cell_problems(&mut problems);
        self.place_problems(&mut problems);
        self.enemy_problems(&mut problems);
        problems
    }

    fn cell_problems(&self, problems: &mut Vec<Problem>) {
        for (i, &cell) in self.grid.cells().iter().enumerate() {
            let (x, y) = (i % self.grid.width().max(1), i / self.grid.width().max(1));
            match cell {
                Cell::Block(c) if c.0 == 0 || !c.is_valid() => problems.push(Problem::at(
                    x,
                    y,
                    format!("a block of colour {}; blocks are colours 1 to 7", c.0),
                )),
                Cell::Switch(c) if !c.is_primary() => problems.push(Problem::at(
                    x,
                    y,
                    format!(
                        "a switch of colour {} ({c}); switches are red (1), green (2) or blue (4)",
                        c.0
                    ),
                )),
                _ => {}
            }
        }
    }

    fn place_problems(&self, problems: &mut Vec<Problem>) {
        for (what, (x, y)) in [("start", self.start), ("exit", self.exit)] {
            match self.get(x, y) {
                None => problems.push(Problem::at(
                    x,
                    y,
                    format!(
                        "the {what} is off the {}x{} board",
                        self.grid.width(),
                        self.grid.height()
                    ),
                )),
                Some(Cell::Empty) => {}
                Some(cell) => problems.push(Problem::at(
                    x,
                    y,
                    format!(
                        "the {what} is on a {}; it must be on empty floor",
                        cell.describe()
                    ),
                )),
            }
        }
        if self.start == self.exit {
            let (x, y) = self.start;
            problems.push(Problem::at(
                x,
                y,
                "the start and the exit are the same cell",
            ));
        }
    }

    fn enemy_problems(&self, problems: &mut Vec<Problem>) {
        for (i, e) in self.enemies.iter().enumerate() {
            let (x, y) = (e.x, e.y);
            match self.get(x, y) {
                None => {
                    problems.push(Problem::at(
                        x,
                        y,
                        format!(
                            "an enemy is off the {}x{} board",
                            self.grid.width(),
                            self.grid.height()
                        ),
                    ));
                    continue;
                }
                Some(Cell::Empty) => {}
                Some(cell) => problems.push(Problem::at(
                    x,
                    y,
                    format!(
                        "an enemy stands on a {}; enemies start on empty floor",
                        cell.describe()
                    ),
                )),
            }
            if (x, y) == self.start {
                problems.push(Problem::at(
                    x,
                    y,
                    "an enemy stands on the start; the player would begin caught",
                ));
            }
            if (x, y) == self.exit {
                problems.push(Problem::at(
                    x,
                    y,
                    "an enemy stands on the exit; enemies start on other floor cells",
                ));
            }
            if self.enemies[..i].iter().any(|o| (o.x, o.y) == (x, y)) {
                problems.push(Problem::at(x, y, "two enemies start on this cell"));
            }
        }
    }

    /// Whether the level has no problem.
    pub fn is_valid(&self) -> bool {
        self.problems().is_empty()
    }
}

/// What is at `(x, y)`, in a few words for the board's tooltip: the cell
/// ("red block (R)" with the letter the board writes on it, "green switch
/// (G)", "floor") and then "start", "exit" or "enemy h" when one stands
/// there.
pub fn describe_cell(level: &Level, x: usize, y: usize) -> String {
    let mut parts = Vec::new();
    match level.get(x, y) {
        None => return String::new(),
        Some(Cell::Empty) => {}
        Some(cell @ (Cell::Block(c) | Cell::Switch(c))) => parts.push(format!(
            "{} ({})",
            cell.describe(),
            c.letter().to_ascii_uppercase()
        )),
    }
    if (x, y) == level.start {
        parts.push("start".to_string());
    }
    if (x, y) == level.exit {
        parts.push("exit".to_string());
    }
    if let Some(i) = level.enemy_at(x, y) {
        parts.push(format!("enemy {}", level.enemies[i].axis.letter()));
    }
    if parts.is_empty() {
        "floor".to_string()
    } else {
        parts.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn messages(level: &Level) -> Vec<String> {
        level.problems().iter().map(|p| p.to_string()).collect()
    }

    #[test]
    fn a_new_level_is_valid_floor_with_the_exit_bottom_right() {
        let level = Level::new(4, 3);
        assert_eq!(level.exit, (3, 2));
        assert_eq!(level.start, (0, 0));
        assert_eq!(level.cell(2, 1), Cell::Empty);
        assert!(level.is_valid(), "{:?}", messages(&level));
    }

    #[test]
    fn colours_have_names_letters_and_xor() {
        assert_eq!(Colour::RED.toggled(Colour::YELLOW), Colour::GREEN);
        assert_eq!(Colour(5).name(), "magenta");
        assert_eq!(Colour(9).name(), "invalid");
        assert_eq!(Colour::from_letter('c'), Some(Colour::CYAN));
        assert_eq!(Colour::from_name("white"), Some(Colour::WHITE));
        assert_eq!(
            Colour::all().map(|c| c.letter()).iter().collect::<String>(),
            "krgybmcw"
        );
    }

    #[test]
    fn problems_name_the_cell() {
        let mut level = Level::new(5, 5);
        level.set_cell(1, 1, Cell::Block(Colour(0)));
        level.set_cell(2, 1, Cell::Switch(Colour::YELLOW));
        level.set_cell(0, 0, Cell::Block(Colour::RED));
        level.exit = (7, 1);
        level.enemies = vec![
            Enemy {
                x: 3,
                y: 3,
                axis: Axis::Horizontal,
            },
            Enemy {
                x: 3,
                y: 3,
                axis: Axis::Vertical,
            },
            Enemy {
                x: 2,
                y: 1,
                axis: Axis::Vertical,
            },
        ];
        let text = messages(&level);
        let has = |needle: &str| text.iter().any(|t| t.contains(needle));
        assert!(has("cell (1, 1): a block of colour 0"), "{text:?}");
        assert!(
            has("cell (2, 1): a switch of colour 3 (yellow)"),
            "{text:?}"
        );
        assert!(has("cell (0, 0): the start is on a red block"), "{text:?}");
        assert!(
            has("cell (7, 1): the exit is off the 5x5 board"),
            "{text:?}"
        );
        assert!(has("cell (3, 3): two enemies"), "{text:?}");
        assert!(
            has("cell (2, 1): an enemy stands on a yellow switch"),
            "{text:?}"
        );
    }

    #[test]
    fn sizes_start_exit_and_enemies_on_them() {
        assert!(messages(&Level::new(1, 5))[0].contains("1x5"));
        assert!(messages(&Level::new(1001, 2))[0].contains("1001x2"));
        let mut level = Level::new(3, 3);
        level.exit = (0, 0);
        level.enemies = vec![Enemy {
            x: 0,
            y: 0,
            axis: Axis::Horizontal,
        }];
        let text = messages(&level);
        assert!(text
            .iter()
            .any(|t| t.contains("the start and the exit are the same")));
        assert!(text.iter().any(|t| t.contains("enemy stands on the start")));
        assert!(text.iter().any(|t| t.contains("enemy stands on the exit")));
    }

    #[test]
    fn deserialising_checks_the_cell_count() {
        let mut value = serde_json::to_value(Level::new(3, 2)).unwrap();
        assert_eq!(
            serde_json::from_value::<Level>(value.clone()).unwrap(),
            Level::new(3, 2)
        );
        value["width"] = serde_json::json!(4);
        let err = serde_json::from_value::<Level>(value)
            .unwrap_err()
            .to_string();
        assert!(err.contains("a 4x2 level needs 8 cells, not 6"), "{err}");
    }

    #[test]
    fn the_serialised_fields_keep_their_names_and_order() {
        // The grid is flattened into the level: the same text as when the
        // level held its width, height and cells itself.
        let text = serde_json::to_string(&Level::new(2, 1)).unwrap();
        assert_eq!(
            text,
            r#"{"name":"","width":2,"height":1,"cells":["empty","empty"],"start":[0,0],"exit":[1,0],"background":0,"enemies":[]}"#
        );
        assert_eq!(
            serde_json::from_str::<Level>(&text).unwrap(),
            Level::new(2, 1)
        );
    }
}
