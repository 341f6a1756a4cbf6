//! The Rush Hour level as the designer edits it, and its validation
//! (docs/rules.md, Rush Hour).

use std::fmt;

use crate::grid::Grid;
use crate::kinds::Problem;

/// The smallest board side.
pub const MIN_SIDE: usize = 4;
/// The largest board side.
pub const MAX_SIDE: usize = 10;
/// The side of the game's board, a new level's size.
pub const DEFAULT_SIDE: usize = 6;
/// The most vehicles a level may have: one letter each, `A` to `Z`.
pub const MAX_VEHICLES: usize = 26;

/// Which way a vehicle lies; it only ever slides along it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Orientation {
    /// Left to right: it slides left and right.
    Horizontal,
    /// Top to bottom: it slides up and down.
    Vertical,
}

impl Orientation {
    /// The step from one of its cells to the next, `(dx, dy)`.
    pub fn step(self) -> (usize, usize) {
        match self {
            Orientation::Horizontal => (1, 0),
            Orientation::Vertical => (0, 1),
        }
    }

    /// `"horizontal"` or `"vertical"`.
    pub fn name(self) -> &'static str {
        match self {
            Orientation::Horizontal => "horizontal",
            Orientation::Vertical => "vertical",
        }
    }
}

/// One vehicle: its first (top or left) cell, its length and which way it
/// lies. The primary vehicle is the red car that must drive out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Vehicle {
    /// The column of its left or top cell.
    pub x: usize,
    /// The row of its left or top cell.
    pub y: usize,
    /// How many cells it covers (2 a car, 3 a truck).
    pub length: usize,
    /// Which way it lies.
    pub orientation: Orientation,
    /// Whether it is the primary vehicle (the red car).
    pub primary: bool,
}

impl Vehicle {
    /// Its cells `(x, y)`, from its left or top cell.
    pub fn cells(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        let (dx, dy) = self.orientation.step();
        (0..self.length).map(move |i| (self.x + i * dx, self.y + i * dy))
    }

    /// Whether it covers cell `(x, y)`.
    pub fn covers(&self, x: usize, y: usize) -> bool {
        self.cells().any(|c| c == (x, y))
    }

    /// "car" (2 cells), "truck" (3) or "vehicle of N cells".
    pub fn noun(&self) -> String {
        match self.length {
            2 => "car".to_string(),
            3 => "truck".to_string(),
            n => format!("vehicle of {n} cells"),
        }
    }
}

/// A Rush Hour level: a `width x height` board with walls, the vehicles in
/// order, and a name.
///
/// Vehicles are named by letters: the primary is `A`, the others take `B`,
/// `C`, … in their order in [`Level::vehicles`] (see [`Level::letter`]).
/// Any value can be built and edited; [`Level::problems`] says what makes
/// it unplayable.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Level {
    /// The level's name (may be empty).
    pub name: String,
    walls: Grid<bool>,
    /// The vehicles, in letter order.
    pub vehicles: Vec<Vehicle>,
}

impl Level {
    /// A blank `width x height` board: no wall, no vehicle.
    pub fn new(width: usize, height: usize) -> Level {
        Level {
            name: String::new(),
            walls: Grid::filled(width, height, false),
            vehicles: Vec::new(),
        }
    }

    /// Its width in cells.
    pub fn width(&self) -> usize {
        self.walls.width()
    }

    /// Its height in cells.
    pub fn height(&self) -> usize {
        self.walls.height()
    }

    /// Whether `(x, y)` is a wall (`false` off the board).
    pub fn is_wall(&self, x: usize, y: usize) -> bool {
        self.walls.get(x, y).unwrap_or(false)
    }

    /// Makes `(x, y)` a wall or not; does nothing off the board.
    pub fn set_wall(&mut self, x: usize, y: usize, wall: bool) {
        if self.walls.contains(x, y) {
            self.walls.set(x, y, wall);
        }
    }

    /// Every cell's wall flag, row by row.
    pub fn walls(&self) -> &[bool] {
        self.walls.cells()
    }

    /// The walls as a grid of flags.
    pub fn wall_grid(&self) -> &Grid<bool> {
        &self.walls
    }

    /// Replaces the walls, the board's size with them; the vehicles keep
    /// their places (see [`Level::problems`] where they fall off).
    pub fn replace_walls(&mut self, walls: Grid<bool>) {
        self.walls = walls;
    }

    /// The index of the primary vehicle (the first one, if several claim
    /// it).
    pub fn primary(&self) -> Option<usize> {
        self.vehicles.iter().position(|v| v.primary)
    }

    /// The letter of vehicle `index`: `A` for the primary, then `B`, `C`,
    /// … for the others in order (`?` past `Z`).
    pub fn letter(&self, index: usize) -> char {
        let vehicle = &self.vehicles[index];
        if vehicle.primary && self.primary() == Some(index) {
            return 'A';
        }
        let before = self.vehicles[..index]
            .iter()
            .enumerate()
            .filter(|&(i, v)| !(v.primary && self.primary() == Some(i)))
            .count();
        let offset = before + 1;
        if offset < MAX_VEHICLES {
            (b'A' + offset as u8) as char
        } else {
            '?'
        }
    }

    /// The vehicle covering `(x, y)`, the first one if several do.
    pub fn vehicle_at(&self, x: usize, y: usize) -> Option<usize> {
        self.vehicles.iter().position(|v| v.covers(x, y))
    }

    /// What makes it invalid, each problem naming its vehicle or cell;
    /// empty when it is valid.
    pub fn problems(&self) -> Vec<Problem> {
        let mut problems = Vec::new();
        if !(MIN_SIDE..=MAX_SIDE).contains(&self.walls.width())
            || !(MIN_SIDE..=MAX_SIDE).contains(&self.walls.height())
        {
            problems.push(Problem::of_level(format!(
                "the board is {}x{}; a side must be {MIN_SIDE} to {MAX_SIDE} cells",
                self.walls.width(),
                self.walls.height()
            )));
        }
        if self.vehicles.len() > MAX_VEHICLES {
            problems.push(Problem::of_level(format!(
                "{} vehicles; a level has at most {MAX_VEHICLES} (one letter each)",
                self.vehicles.len()
            )));
        }
        let mut owner: Vec<Option<usize>> = vec![None; self.walls.cells().len()];
        for (i, vehicle) in self.vehicles.iter().enumerate() {
            let name = format!("{} {}", vehicle.noun(), self.letter(i));
            if vehicle.length < 2 {
                problems.push(Problem::at(
                    vehicle.x,
                    vehicle.y,
                    format!("{name} covers one cell; a vehicle covers at least 2"),
                ));
            }
            for (x, y) in vehicle.cells() {
                if x >= self.walls.width() || y >= self.walls.height() {
                    problems.push(Problem::of_level(format!(
                        "{name} at ({}, {}) runs off the board",
                        vehicle.x, vehicle.y
                    )));
                    break;
                }
                if self.is_wall(x, y) {
                    problems.push(Problem::at(x, y, format!("{name} stands on a wall")));
                }
                match owner[y * self.walls.width() + x] {
                    Some(other) => problems.push(Problem::at(
                        x,
                        y,
                        format!("{name} overlaps vehicle {}", self.letter(other)),
                    )),
                    None => owner[y * self.walls.width() + x] = Some(i),
                }
            }
        }
        let primaries: Vec<usize> = (0..self.vehicles.len())
            .filter(|&i| self.vehicles[i].primary)
            .collect();
        match primaries.as_slice() {
            [] => problems.push(Problem::of_level(
                "no primary vehicle (the red car that drives out)",
            )),
            [one] => {
                let v = &self.vehicles[*one];
                if v.orientation == Orientation::Vertical {
                    problems.push(Problem::at(
                        v.x,
                        v.y,
                        "the primary vehicle A is vertical; it must lie horizontally to drive out on the right",
                    ));
                }
            }
            [_, rest @ ..] => {
                for &i in rest {
                    let v = &self.vehicles[i];
                    problems.push(Problem::at(
                        v.x,
                        v.y,
                        format!("a second primary vehicle ({}); a level has one", v.noun()),
                    ));
                }
            }
        }
        problems
    }
}

impl fmt::Display for Orientation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn car(x: usize, y: usize, orientation: Orientation, primary: bool) -> Vehicle {
        Vehicle {
            x,
            y,
            length: 2,
            orientation,
            primary,
        }
    }

    #[test]
    fn letters_name_the_primary_a_and_the_others_in_order() {
        let mut level = Level::new(6, 6);
        level.vehicles = vec![
            car(0, 0, Orientation::Vertical, false),
            car(0, 2, Orientation::Horizontal, true),
            car(4, 0, Orientation::Vertical, false),
        ];
        let letters: Vec<char> = (0..3).map(|i| level.letter(i)).collect();
        assert_eq!(letters, vec!['B', 'A', 'C']);
        assert!(level.problems().is_empty(), "{:?}", level.problems());
    }

    #[test]
    fn problems_name_the_vehicle_or_cell() {
        let mut level = Level::new(6, 6);
        assert!(level.problems()[0].message.contains("no primary"));
        level.vehicles = vec![
            car(0, 2, Orientation::Vertical, true),
            car(0, 3, Orientation::Horizontal, false),
        ];
        let words: Vec<String> = level.problems().iter().map(|p| p.to_string()).collect();
        assert!(words.iter().any(|w| w.contains("is vertical")), "{words:?}");
        assert!(
            words
                .iter()
                .any(|w| w.contains("(0, 3)") && w.contains("overlaps vehicle A")),
            "{words:?}"
        );
        level.vehicles = vec![
            car(0, 2, Orientation::Horizontal, true),
            car(3, 2, Orientation::Horizontal, true),
            car(5, 5, Orientation::Horizontal, false),
        ];
        let words: Vec<String> = level.problems().iter().map(|p| p.to_string()).collect();
        assert!(
            words.iter().any(|w| w.contains("second primary")),
            "{words:?}"
        );
        assert!(
            words.iter().any(|w| w.contains("runs off the board")),
            "{words:?}"
        );
        level.vehicles = vec![Vehicle {
            length: 1,
            ..car(0, 2, Orientation::Horizontal, true)
        }];
        level.set_wall(0, 2, true);
        let words: Vec<String> = level.problems().iter().map(|p| p.to_string()).collect();
        assert!(
            words.iter().any(|w| w.contains("covers one cell")),
            "{words:?}"
        );
        assert!(
            words.iter().any(|w| w.contains("stands on a wall")),
            "{words:?}"
        );
    }
}
