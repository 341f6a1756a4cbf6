//! Sokoban's painting tools as pure functions on a level: the tiles of the
//! palette (the XSB characters), paint, erase, flood fill, pick, and the
//! words for a cell.
//!
//! The rules they keep (docs/rules.md, Sokoban): a cell is wall, floor or
//! goal; a box or the player stands on floor or a goal, never in a wall,
//! and never both on one cell; there is one player. So painting a box or
//! the player onto a wall turns the wall into floor (a goal stays a goal
//! under the player), painting the player moves it, and painting a wall
//! onto the player is refused (move the player first); a wall painted on
//! a box takes the box away.

use crate::gui::kinds::region::{flood, paint_cells};
use crate::gui::kinds::tool::Refused;
use crate::kinds::sokoban::{Cell, Level};

/// One entry of Sokoban's palette: what a paint puts on a cell, named
/// after its XSB character.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum Tile {
    /// `#`: a wall.
    #[default]
    Wall,
    /// Floor (XSB's space, `-` or `_`): clears the cell of box and player.
    Floor,
    /// `.`: a goal (a box on it stays, now placed).
    Goal,
    /// `$`: a box on floor.
    Box,
    /// `*`: a box on a goal.
    BoxOnGoal,
    /// `@`: the player (moved here).
    Player,
}

impl Tile {
    /// Every tile in palette order.
    pub const ALL: [Tile; 6] = [
        Tile::Wall,
        Tile::Floor,
        Tile::Goal,
        Tile::Box,
        Tile::BoxOnGoal,
        Tile::Player,
    ];

    /// The tile's name as the palette shows it.
    pub fn name(self) -> String {
        match self {
            Tile::Wall => "Wall",
            Tile::Floor => "Floor",
            Tile::Goal => "Goal",
            Tile::Box => "Box",
            Tile::BoxOnGoal => "Box on goal",
            Tile::Player => "Player",
        }
        .to_string()
    }

    /// The keyboard shortcut that selects the tile: its XSB character,
    /// but floor is `_` (XSB's other floor character), since space would
    /// fight the buttons and `-` zooms the board out.
    pub fn shortcut(self) -> char {
        match self {
            Tile::Wall => '#',
            Tile::Floor => '_',
            Tile::Goal => '.',
            Tile::Box => '$',
            Tile::BoxOnGoal => '*',
            Tile::Player => '@',
        }
    }

    /// The tile whose shortcut is `ch`.
    pub fn from_shortcut(ch: char) -> Option<Tile> {
        Tile::ALL.into_iter().find(|t| t.shortcut() == ch)
    }

    /// Its name in the plural, for a line's undo step ("Line of walls").
    pub fn plural(self) -> &'static str {
        match self {
            Tile::Wall => "walls",
            Tile::Floor => "floor",
            Tile::Goal => "goals",
            Tile::Box => "boxes",
            Tile::BoxOnGoal => "boxes on goals",
            Tile::Player => "player",
        }
    }
}

/// Whether a box stands at `(x, y)`.
fn box_at(level: &Level, x: usize, y: usize) -> Option<usize> {
    level.boxes.iter().position(|&b| b == (x, y))
}

/// The tile that best describes cell `(x, y)`.
pub fn pick(level: &Level, x: usize, y: usize) -> Tile {
    let cell = level.cell(x, y);
    if level.player == Some((x, y)) {
        return Tile::Player;
    }
    match (cell, box_at(level, x, y).is_some()) {
        (Cell::Goal, true) => Tile::BoxOnGoal,
        (_, true) => Tile::Box,
        (Cell::Wall, false) => Tile::Wall,
        (Cell::Floor, false) => Tile::Floor,
        (Cell::Goal, false) => Tile::Goal,
    }
}

/// Clears `(x, y)` to bare floor (no box, no player); whether it changed.
pub fn erase(level: &mut Level, x: usize, y: usize) -> bool {
    paint(level, x, y, Tile::Floor).unwrap_or(false)
}

/// Puts `tile` on `(x, y)` keeping the rules above; whether it changed, or
/// why not.
pub fn paint(level: &mut Level, x: usize, y: usize, tile: Tile) -> Result<bool, Refused> {
    let before = pick(level, x, y);
    let cell = level.cell(x, y);
    let remove_box = |level: &mut Level| {
        if let Some(i) = box_at(level, x, y) {
            level.boxes.remove(i);
        }
    };
    let add_box = |level: &mut Level| {
        if box_at(level, x, y).is_none() {
            level.boxes.push((x, y));
        }
    };
    let player_here = level.player == Some((x, y));
    match tile {
        Tile::Wall => {
            if player_here {
                return Err(Refused(format!(
                    "the player stands at ({x}, {y}): move the player before walling the cell in"
                )));
            }
            remove_box(level);
            level.set_cell(x, y, Cell::Wall);
        }
        Tile::Floor => {
            remove_box(level);
            if player_here {
                level.player = None;
            }
            level.set_cell(x, y, Cell::Floor);
        }
        Tile::Goal => {
            level.set_cell(x, y, Cell::Goal);
        }
        Tile::Box | Tile::BoxOnGoal => {
            if player_here {
                level.player = None;
            }
            let ground = if tile == Tile::Box {
                Cell::Floor
            } else {
                Cell::Goal
            };
            level.set_cell(x, y, ground);
            add_box(level);
        }
        Tile::Player => {
            remove_box(level);
            if cell == Cell::Wall {
                level.set_cell(x, y, Cell::Floor);
            }
            level.player = Some((x, y));
        }
    }
    Ok(pick(level, x, y) != before || cell != level.cell(x, y))
}

/// Floods the region of cells that look like `(x, y)` (the same tile)
/// with `tile`; how many changed, or why none could. The player is one:
/// it is painted, not filled.
pub fn fill(level: &mut Level, x: usize, y: usize, tile: Tile) -> Result<usize, Refused> {
    if tile == Tile::Player {
        return Err(Refused(
            "there is one player: paint it on a cell rather than fill".to_string(),
        ));
    }
    let like = pick(level, x, y);
    let size = (level.width(), level.height());
    let region = flood(size, (x, y), |cx, cy| pick(level, cx, cy) == like);
    paint_cells(&region, |cx, cy| paint(level, cx, cy, tile))
}

/// What is at `(x, y)`, in a few words: "goal with a box", "wall",
/// "floor, dead: a box here can never reach a goal".
pub fn describe_cell(level: &Level, x: usize, y: usize) -> String {
    if !level.contains(x, y) {
        return String::new();
    }
    let cell = level.cell(x, y);
    let mut words = cell.describe().to_string();
    if box_at(level, x, y).is_some() {
        words += " with a box";
    }
    if level.player == Some((x, y)) {
        words += " with the player";
    }
    if cell.is_open() && !level.outside()[y * level.width() + x] {
        let dead = crate::kinds::sokoban::dead_cells(level);
        if dead[y * level.width() + x] {
            words += ", dead: a box here can never reach a goal";
        }
    } else if cell.is_open() {
        words += ", outside the walls";
    }
    words
}

/// What the status line counts: "3 boxes, 3 goals".
pub fn piece_count(level: &Level) -> String {
    let goals = level.cells().iter().filter(|&&c| c == Cell::Goal).count();
    format!(
        "{}, {}",
        crate::words::counted(level.boxes.len() as u64, "box", "boxes"),
        crate::words::counted(goals as u64, "goal", "goals")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::sokoban::read_xsb_one;

    fn level() -> Level {
        read_xsb_one("######\n#@$ .#\n######\n").unwrap()
    }

    #[test]
    fn tiles_follow_the_xsb_characters() {
        let mut l = level();
        assert_eq!(pick(&l, 1, 1), Tile::Player);
        assert_eq!(pick(&l, 2, 1), Tile::Box);
        assert_eq!(pick(&l, 4, 1), Tile::Goal);
        assert_eq!(paint(&mut l, 4, 1, Tile::BoxOnGoal), Ok(true));
        assert_eq!(pick(&l, 4, 1), Tile::BoxOnGoal);
        assert_eq!(paint(&mut l, 4, 1, Tile::BoxOnGoal), Ok(false), "no change");
        // A box painted on a goal as `$` makes the goal floor.
        assert_eq!(paint(&mut l, 4, 1, Tile::Box), Ok(true));
        assert_eq!(l.cell(4, 1), Cell::Floor);
        for t in Tile::ALL {
            assert_eq!(Tile::from_shortcut(t.shortcut()), Some(t));
        }
    }

    #[test]
    fn the_player_is_one_and_is_never_walled_in() {
        let mut l = level();
        let refused = paint(&mut l, 1, 1, Tile::Wall).unwrap_err();
        assert!(refused.0.contains("move the player"), "{}", refused.0);
        assert_eq!(paint(&mut l, 0, 1, Tile::Player), Ok(true));
        assert_eq!(l.player, Some((0, 1)));
        assert_eq!(l.cell(0, 1), Cell::Floor, "the wall made way");
        assert!(fill(&mut l, 3, 1, Tile::Player).is_err());
        // A wall on a box takes the box.
        assert_eq!(paint(&mut l, 2, 1, Tile::Wall), Ok(true));
        assert!(l.boxes.is_empty());
    }

    #[test]
    fn fill_floods_cells_alike() {
        let mut l = read_xsb_one("######\n#@   #\n#    #\n######\n").unwrap();
        // Seven floor cells join (2, 1); the player's cell is not alike.
        assert_eq!(fill(&mut l, 2, 1, Tile::Goal), Ok(7));
        assert_eq!(pick(&l, 1, 1), Tile::Player);
        assert_eq!(piece_count(&l), "0 boxes, 7 goals");
        assert!(describe_cell(&l, 0, 0).starts_with("wall"));
    }
}
