//! The Sokoban level as the designer edits it, and its validation
//! (docs/rules.md, Sokoban, "Validation").

use serde::{Deserialize, Serialize};

use crate::grid::Grid;

use crate::kinds::Problem;
use crate::words::counted;

/// The smallest board side (a wall, a floor cell, a wall).
pub const MIN_SIDE: usize = 3;
/// The largest board side.
pub const MAX_SIDE: usize = 200;

/// What a cell is made of. Boxes and the player are kept apart from the
/// cells, in [`Level`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Cell {
    /// A wall: nothing enters it.
    Wall,
    /// Floor. Floor outside the walls is not part of the board.
    #[default]
    Floor,
    /// A goal: floor where a box counts as placed.
    Goal,
}

impl Cell {
    /// A few words for the cell: "wall", "floor", "goal".
    pub fn describe(self) -> &'static str {
        match self {
            Cell::Wall => "wall",
            Cell::Floor => "floor",
            Cell::Goal => "goal",
        }
    }

    /// Whether a box or the player can stand on it.
    pub fn is_open(self) -> bool {
        match self {
            Cell::Wall => false,
            Cell::Floor | Cell::Goal => true,
        }
    }
}

/// A Sokoban level: a `width x height` grid of cells, the boxes, the
/// player, and a name.
///
/// Any value can be built and edited; [`Level::problems`] says what makes
/// it unplayable. The cells always fill the grid (`width * height` of
/// them).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "LevelFields")]
pub struct Level {
    /// The level's name (its title in a collection; may be empty).
    pub name: String,
    /// The cells; serialised as the level's own `width`, `height` and
    /// `cells` fields.
    #[serde(flatten)]
    grid: Grid<Cell>,
    /// The boxes' cells `(x, y)`.
    pub boxes: Vec<(usize, usize)>,
    /// The player's cell `(x, y)`, if the level has a player.
    pub player: Option<(usize, usize)>,
}

/// [`Level`]'s fields as they are deserialised, before the cells are
/// checked against the size.
#[derive(Deserialize)]
struct LevelFields {
    name: String,
    width: usize,
    height: usize,
    cells: Vec<Cell>,
    boxes: Vec<(usize, usize)>,
    player: Option<(usize, usize)>,
}

impl TryFrom<LevelFields> for Level {
    type Error = crate::kinds::level_error::CellCountError;

    fn try_from(f: LevelFields) -> Result<Level, Self::Error> {
        let grid = crate::kinds::level_error::CellCountError::grid_of(f.width, f.height, f.cells)?;
        Ok(Level {
            name: f.name,
            grid,
            boxes: f.boxes,
            player: f.player,
        })
    }
}

pub(crate) use crate::grid::neighbour_indices as neighbours;

impl Level {
    /// A `width x height` level walled all round with floor inside, no box
    /// and no player. Sizes are not checked here ([`Level::problems`]
    /// does), but the caller must keep `width * height` within memory:
    /// readers check sizes first.
    pub fn new(width: usize, height: usize) -> Level {
        let mut grid = Grid::filled(width, height, Cell::Floor);
        for y in 0..height {
            for x in 0..width {
                if grid.is_border(x, y) {
                    grid.set(x, y, Cell::Wall);
                }
            }
        }
        Level {
            name: String::new(),
            grid,
            boxes: Vec::new(),
            player: None,
        }
    }

    /// A level of the given cells (row by row, top row first), with no box
    /// and no player; `None` when the cells do not fill `width x height`.
    pub fn from_cells(width: usize, height: usize, cells: Vec<Cell>) -> Option<Level> {
        Grid::from_cells(width, height, cells).map(|grid| Level {
            name: String::new(),
            grid,
            boxes: Vec::new(),
            player: None,
        })
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

    /// Replaces the board, its size with it; the boxes and the player keep their places (see [`Level::problems`] where they fall off).
    pub fn replace_grid(&mut self, grid: Grid<Cell>) {
        self.grid = grid;
    }

    /// Whether a box stands at `(x, y)`.
    pub fn has_box(&self, x: usize, y: usize) -> bool {
        self.boxes.contains(&(x, y))
    }

    /// The goals' cells, in reading order.
    pub fn goals(&self) -> Vec<(usize, usize)> {
        (0..self.grid.cells().len())
            .filter(|&i| self.grid.cells()[i] == Cell::Goal)
            .map(|i| (i % self.grid.width(), i / self.grid.width()))
            .collect()
    }

    /// The player's region: one flag a cell, set for every cell the player
    /// can reach from its start through open cells, ignoring boxes. All
    /// false without a player on an open cell of the board.
    pub fn player_region(&self) -> Vec<bool> {
        let mut seen = vec![false; self.grid.cells().len()];
        let Some((px, py)) = self.player else {
            return seen;
        };
        if !self.get(px, py).is_some_and(Cell::is_open) {
            return seen;
        }
        let start = py * self.grid.width() + px;
        seen[start] = true;
        let mut stack = vec![start];
        while let Some(i) = stack.pop() {
            for j in neighbours(i, self.grid.width(), self.grid.height())
                .into_iter()
                .flatten()
            {
                if !seen[j] && self.grid.cells()[j].is_open() {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
        seen
    }

    /// The cells outside the walls: open cells joined to the board's edge
    /// through open cells. They are not part of the board (a valid level's
    /// player region never touches them).
    pub fn outside(&self) -> Vec<bool> {
        let (w, h) = (self.grid.width(), self.grid.height());
        let mut seen = vec![false; self.grid.cells().len()];
        let mut stack: Vec<usize> = (0..self.grid.cells().len())
            .filter(|&i| {
                let (x, y) = (i % w, i / w);
                (x == 0 || y == 0 || x + 1 == w || y + 1 == h) && self.grid.cells()[i].is_open()
            })
            .collect();
        for &i in &stack {
            seen[i] = true;
        }
        while let Some(i) = stack.pop() {
            for j in neighbours(i, w, h).into_iter().flatten() {
                if !seen[j] && self.grid.cells()[j].is_open() {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
        seen
    }

    /// Every problem that makes the level unplayable; empty when it is
    /// valid. Each names its cell where there is one.
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
        self.place_problems(&mut problems);
        self.count_problems(&mut problems);
        self.region_problems(&mut problems);
        problems
    }

    /// The player and the boxes on the board, on open cells, one a cell.
    fn place_problems(&self, problems: &mut Vec<Problem>) {
        match self.player {
            None => problems.push(Problem::of_level("the level has no player")),
            Some((x, y)) => match self.get(x, y) {
                None => problems.push(Problem::at(
                    x,
                    y,
                    format!(
                        "the player is off the {}x{} board",
                        self.grid.width(),
                        self.grid.height()
                    ),
                )),
                Some(Cell::Wall) => problems.push(Problem::at(x, y, "the player is in a wall")),
                Some(Cell::Floor | Cell::Goal) => {}
            },
        }
        for (i, &(x, y)) in self.boxes.iter().enumerate() {
            match self.get(x, y) {
                None => problems.push(Problem::at(
                    x,
                    y,
                    format!(
                        "a box is off the {}x{} board",
                        self.grid.width(),
                        self.grid.height()
                    ),
                )),
                Some(Cell::Wall) => problems.push(Problem::at(x, y, "a box is in a wall")),
                Some(Cell::Floor | Cell::Goal) => {}
            }
            if self.boxes[..i].contains(&(x, y)) {
                problems.push(Problem::at(x, y, "two boxes on one cell"));
            }
            if self.player == Some((x, y)) {
                problems.push(Problem::at(x, y, "the player stands on a box"));
            }
        }
    }

    /// As many boxes as goals, at least one.
    fn count_problems(&self, problems: &mut Vec<Problem>) {
        let goals = self
            .grid
            .cells()
            .iter()
            .filter(|&&c| c == Cell::Goal)
            .count();
        let boxes = self.boxes.len();
        if boxes == 0 {
            problems.push(Problem::of_level("the level has no box"));
        }
        if boxes != goals {
            problems.push(Problem::of_level(format!(
                "the level has {} but {}; it needs as many boxes as goals",
                counted(boxes as u64, "box", "boxes"),
                counted(goals as u64, "goal", "goals"),
            )));
        }
    }

    /// The player's region closed, and every box and goal inside it but
    /// for boxes on goals sealed off by walls.
    fn region_problems(&self, problems: &mut Vec<Problem>) {
        let Some((px, py)) = self.player else {
            return;
        };
        if !self.get(px, py).is_some_and(Cell::is_open) {
            return;
        }
        let region = self.player_region();
        let (w, h) = (self.grid.width(), self.grid.height());
        if let Some(i) = (0..region.len()).find(|&i| {
            let (x, y) = (i % w, i / w);
            region[i] && (x == 0 || y == 0 || x + 1 == w || y + 1 == h)
        }) {
            problems.push(Problem::at(
                i % w,
                i / w,
                "the player's region is open to the outside of the board here: close it with walls",
            ));
        }
        for &(x, y) in &self.boxes {
            let Some(cell) = self.get(x, y) else {
                continue;
            };
            if cell == Cell::Floor && !region[y * w + x] {
                problems.push(Problem::at(
                    x,
                    y,
                    "a box outside the player's region, not on a goal: the player can never push it",
                ));
            }
        }
        for (x, y) in self.goals() {
            if !region[y * w + x] && !self.has_box(x, y) {
                problems.push(Problem::at(
                    x,
                    y,
                    "a goal outside the player's region with no box on it: no box can ever reach it",
                ));
            }
        }
    }
}

/// What is at cell `(x, y)` of `level`, in a few words: the cell, and the
/// box or the player on it ("goal with a box").
pub fn describe_cell(level: &Level, x: usize, y: usize) -> String {
    if !level.contains(x, y) {
        return String::new();
    }
    let mut words = level.cell(x, y).describe().to_string();
    if level.boxes.contains(&(x, y)) {
        words += " with a box";
    }
    if level.player == Some((x, y)) {
        words += " with the player";
    }
    words
}

#[cfg(test)]
mod tests {
    use crate::kinds::sokoban::format::read_xsb_one;

    #[test]
    fn the_serialised_fields_keep_their_names_and_order() {
        use super::{Cell, Level};
        // The grid is flattened into the level: the same text as when the
        // level held its width, height and cells itself.
        let mut level = Level::from_cells(2, 1, vec![Cell::Wall, Cell::Goal]).unwrap();
        level.player = Some((1, 0));
        let text = serde_json::to_string(&level).unwrap();
        assert_eq!(
            text,
            r#"{"name":"","width":2,"height":1,"cells":["wall","goal"],"boxes":[],"player":[1,0]}"#
        );
        assert_eq!(serde_json::from_str::<Level>(&text).unwrap(), level);
        let short = text.replace(r#"["wall","goal"]"#, r#"["wall"]"#);
        let err = serde_json::from_str::<Level>(&short)
            .unwrap_err()
            .to_string();
        assert!(err.contains("a 2x1 level needs 2 cells, not 1"), "{err}");
    }

    fn problem_cells(text: &str) -> Vec<(Option<(usize, usize)>, String)> {
        read_xsb_one(text)
            .unwrap()
            .problems()
            .into_iter()
            .map(|p| (p.cell, p.message))
            .collect()
    }

    #[test]
    fn a_closed_level_with_a_box_a_goal_and_a_player_is_valid() {
        assert!(problem_cells("#####\n#@$.#\n#####\n").is_empty());
    }

    #[test]
    fn each_problem_names_its_cell() {
        let p = problem_cells("#####\n# $.#\n#####\n");
        assert_eq!(p.len(), 1);
        assert_eq!(p[0], (None, "the level has no player".to_string()));

        let p = problem_cells("#####\n#@$ #\n#####\n");
        assert!(p[0].1.contains("1 box but 0 goals"), "{p:?}");

        let p = problem_cells("#####\n#@ .#\n#####\n");
        assert!(p.iter().any(|(_, m)| m == "the level has no box"), "{p:?}");

        // The region leaks out through the gap at (4, 1).
        let p = problem_cells("#####\n#@$. \n#####\n");
        assert_eq!(p[0].0, Some((4, 1)), "{p:?}");
        assert!(p[0].1.contains("open to the outside"));

        // A box and a goal walled off from the player.
        let p = problem_cells("#######\n#@#$#.#\n#######\n");
        assert_eq!(p.len(), 2, "{p:?}");
        assert_eq!(p[0].0, Some((3, 1)));
        assert_eq!(p[1].0, Some((5, 1)));
    }

    #[test]
    fn boxes_on_goals_sealed_inside_walls_are_allowed() {
        assert!(problem_cells("#######\n#@$.#*#\n#######\n").is_empty());
    }

    #[test]
    fn outside_is_the_open_cells_reached_from_the_edge() {
        let level = read_xsb_one("  ###\n###.#\n#@$ #\n#####\n").unwrap();
        let outside = level.outside();
        assert!(outside[0] && outside[1]);
        assert!(!outside[level.width() + 3], "the goal is inside");
        assert!(level.problems().is_empty());
    }
}
