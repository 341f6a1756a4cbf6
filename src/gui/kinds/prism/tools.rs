//! Prism's painting tools as pure functions on a level: paint a tile, erase,
//! flood-fill, pick, resize, and the words for a cell.
//!
//! The rules they keep (docs/rules.md, Prism, "The board"): the start and
//! the exit stand on floor, on different cells; an enemy stands alone on
//! floor, neither on the start nor on the exit. So painting a block or a
//! switch onto the start or the exit is refused, moving the start onto the
//! exit (or back) is refused, and whatever lands on an enemy's cell other
//! than another enemy sweeps the enemy away.

use crate::gui::kinds::region::{flood, paint_cells};
use crate::gui::kinds::tool::Refused;
use crate::kinds::prism::{Axis, Cell, Colour, Enemy, Level};
use crate::words::capitalised;

/// One entry of Prism's palette: what a paint puts on a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Tile {
    /// Floor (clears the cell and any enemy on it).
    Empty,
    /// A block of a colour from red to white.
    Block(Colour),
    /// A switch of red, green or blue.
    Switch(Colour),
    /// The player's start (moved here).
    Start,
    /// The exit (moved here).
    Exit,
    /// An enemy patrolling its row (`h`) or column (`v`).
    Enemy(Axis),
}

impl Default for Tile {
    /// A red block, the palette's first colour.
    fn default() -> Tile {
        Tile::Block(Colour::RED)
    }
}

impl Tile {
    /// Every tile in palette order.
    pub const ALL: [Tile; 15] = [
        Tile::Empty,
        Tile::Block(Colour::RED),
        Tile::Block(Colour::GREEN),
        Tile::Block(Colour::YELLOW),
        Tile::Block(Colour::BLUE),
        Tile::Block(Colour::MAGENTA),
        Tile::Block(Colour::CYAN),
        Tile::Block(Colour::WHITE),
        Tile::Switch(Colour::RED),
        Tile::Switch(Colour::GREEN),
        Tile::Switch(Colour::BLUE),
        Tile::Start,
        Tile::Exit,
        Tile::Enemy(Axis::Horizontal),
        Tile::Enemy(Axis::Vertical),
    ];

    /// The tile's name as the palette shows it, e.g. "Red block".
    pub fn name(self) -> String {
        match self {
            Tile::Empty => "Empty".to_string(),
            Tile::Block(c) => format!("{} block", capitalised(c.name())),
            Tile::Switch(c) => format!("{} switch", capitalised(c.name())),
            Tile::Start => "Start".to_string(),
            Tile::Exit => "Exit".to_string(),
            Tile::Enemy(a) => format!("Enemy {}", a.letter()),
        }
    }

    /// The keyboard shortcut that selects the tile. They follow the 2016
    /// file's tokens (`r g y b m w` blocks, `R G B` switches, `s` start,
    /// `h v` enemies, `e` empty) except where a token's letter is taken by
    /// a tool (`f` is Fill, so the exit is `x`) or by a Skiddy tile (`c` is
    /// Skiddy's crate, so cyan is `a`, for aqua).
    pub fn shortcut(self) -> char {
        match self {
            Tile::Empty => 'e',
            Tile::Block(Colour::CYAN) => 'a',
            Tile::Block(c) => c.letter(),
            Tile::Switch(c) => c.letter().to_ascii_uppercase(),
            Tile::Start => 's',
            Tile::Exit => 'x',
            Tile::Enemy(a) => a.letter(),
        }
    }

    /// The tile whose shortcut is `ch`.
    pub fn from_shortcut(ch: char) -> Option<Tile> {
        Self::ALL.into_iter().find(|t| t.shortcut() == ch)
    }
}

/// Removes the enemy standing at `(x, y)`, if any; returns whether there
/// was one.
fn remove_enemy(level: &mut Level, x: usize, y: usize) -> bool {
    match level.enemy_at(x, y) {
        Some(i) => {
            level.enemies.remove(i);
            true
        }
        None => false,
    }
}

/// Paints `tile` at `(x, y)`; returns whether the level changed, or why
/// the paint is not allowed there.
pub fn paint(level: &mut Level, x: usize, y: usize, tile: Tile) -> Result<bool, Refused> {
    let here = (x, y);
    let before = level.clone();
    match tile {
        Tile::Empty => {
            level.set_cell(x, y, Cell::Empty);
            remove_enemy(level, x, y);
        }
        Tile::Block(c) | Tile::Switch(c) => {
            if here == level.start || here == level.exit {
                let which = if here == level.start { "start" } else { "exit" };
                return Err(Refused(format!(
                    "the {which} stands on floor: move it before painting a {} here",
                    tile.name().to_lowercase()
                )));
            }
            let cell = match tile {
                Tile::Block(_) => Cell::Block(c),
                _ => Cell::Switch(c),
            };
            level.set_cell(x, y, cell);
            remove_enemy(level, x, y);
        }
        Tile::Start | Tile::Exit => {
            let (moving, other) = match tile {
                Tile::Start => ("start", level.exit),
                _ => ("exit", level.start),
            };
            if here == other {
                return Err(Refused(format!(
                    "the start and the exit need cells of their own: the {moving} cannot go on the {}",
                    if moving == "start" { "exit" } else { "start" }
                )));
            }
            level.set_cell(x, y, Cell::Empty);
            remove_enemy(level, x, y);
            match tile {
                Tile::Start => level.start = here,
                _ => level.exit = here,
            }
        }
        Tile::Enemy(axis) => {
            if here == level.start || here == level.exit {
                return Err(Refused(
                    "an enemy cannot start on the start or on the exit".to_string(),
                ));
            }
            level.set_cell(x, y, Cell::Empty);
            match level.enemy_at(x, y) {
                Some(i) => level.enemies[i].axis = axis,
                None => level.enemies.push(Enemy { x, y, axis }),
            }
        }
    }
    Ok(*level != before)
}

/// Erases `(x, y)`: floor, and no enemy. The start and the exit stay (a
/// level always has both). Returns whether the level changed.
pub fn erase(level: &mut Level, x: usize, y: usize) -> bool {
    paint(level, x, y, Tile::Empty).unwrap_or(false)
}

/// Fills the 4-connected region of cells identical to `(x, y)` (the cell
/// alone; start, exit and enemies do not split a region) with `tile`. The
/// start, the exit and an enemy are one cell each, so for them this is a
/// paint. Cells where the tile is refused are skipped. Returns how many
/// cells changed, or why nothing could be painted.
pub fn fill(level: &mut Level, x: usize, y: usize, tile: Tile) -> Result<usize, Refused> {
    if matches!(tile, Tile::Start | Tile::Exit | Tile::Enemy(_)) {
        return paint(level, x, y, tile).map(usize::from);
    }
    let target = level.cell(x, y);
    let size = (level.width(), level.height());
    let region = flood(size, (x, y), |cx, cy| level.cell(cx, cy) == target);
    paint_cells(&region, |cx, cy| paint(level, cx, cy, tile))
}

/// The tile that best describes `(x, y)`: an enemy, the start or the exit
/// if one is there, else the cell.
pub fn pick(level: &Level, x: usize, y: usize) -> Tile {
    if let Some(i) = level.enemy_at(x, y) {
        return Tile::Enemy(level.enemies[i].axis);
    }
    if (x, y) == level.start {
        return Tile::Start;
    }
    if (x, y) == level.exit {
        return Tile::Exit;
    }
    match level.cell(x, y) {
        Cell::Empty => Tile::Empty,
        Cell::Block(c) => Tile::Block(c),
        Cell::Switch(c) => Tile::Switch(c),
    }
}

pub use crate::kinds::prism::level::describe_cell;

/// What the status line counts on a Prism level, in words: its switches
/// and its enemies, the things that change as the game goes
/// ("2 switches, 1 enemy").
pub fn piece_count(level: &Level) -> String {
    let switches = level
        .cells()
        .iter()
        .filter(|c| matches!(c, Cell::Switch(_)))
        .count();
    format!(
        "{}, {}",
        crate::words::counted(switches as u64, "switch", "switches"),
        crate::words::counted(level.enemies.len() as u64, "enemy", "enemies")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::kinds::tool::Tool;
    use crate::kinds::prism::read_2016;

    /// 4x3: start, a red block, floor, the exit; a green switch and an
    /// `h` enemy on the second row.
    fn level() -> Level {
        read_2016("4 3\n0\ns r e f\ne G h e\ne e e e\n").unwrap()
    }

    #[test]
    fn shortcuts_are_distinct_and_clash_with_no_tool() {
        // That they clash with no Skiddy tile either is checked where both
        // kinds may be named: tests/kind_panels.rs.
        let mut seen = std::collections::HashSet::new();
        for tile in Tile::ALL {
            assert!(seen.insert(tile.shortcut()), "{tile:?}");
            assert_eq!(Tile::from_shortcut(tile.shortcut()), Some(tile));
        }
        for tool in Tool::ALL {
            assert!(seen.insert(tool.shortcut()), "{tool:?}");
        }
    }

    #[test]
    fn blocks_and_switches_sweep_enemies_but_spare_start_and_exit() {
        let mut l = level();
        assert_eq!(l.enemies.len(), 1);
        assert_eq!(paint(&mut l, 2, 1, Tile::Block(Colour::BLUE)), Ok(true));
        assert_eq!(l.cell(2, 1), Cell::Block(Colour::BLUE));
        assert!(l.enemies.is_empty(), "the enemy stood on floor only");
        let err = paint(&mut l, 0, 0, Tile::Switch(Colour::RED)).unwrap_err();
        assert!(err.0.contains("start"), "{}", err.0);
        let err = paint(&mut l, 3, 0, Tile::Block(Colour::RED)).unwrap_err();
        assert!(err.0.contains("exit"), "{}", err.0);
        assert_eq!(
            paint(&mut l, 2, 1, Tile::Block(Colour::BLUE)),
            Ok(false),
            "painting the same again changes nothing"
        );
    }

    #[test]
    fn start_exit_and_enemies_move_onto_floor() {
        let mut l = level();
        assert_eq!(paint(&mut l, 1, 0, Tile::Start), Ok(true));
        assert_eq!(l.start, (1, 0));
        assert_eq!(l.cell(1, 0), Cell::Empty, "the red block gave way");
        assert!(paint(&mut l, 3, 0, Tile::Start).is_err(), "not on the exit");
        assert_eq!(paint(&mut l, 2, 1, Tile::Exit), Ok(true));
        assert!(l.enemies.is_empty(), "the exit swept the enemy");
        assert_eq!(paint(&mut l, 1, 1, Tile::Enemy(Axis::Vertical)), Ok(true));
        assert_eq!(l.cell(1, 1), Cell::Empty, "the switch gave way");
        assert_eq!(paint(&mut l, 1, 1, Tile::Enemy(Axis::Horizontal)), Ok(true));
        assert_eq!(
            l.enemies,
            vec![Enemy {
                x: 1,
                y: 1,
                axis: Axis::Horizontal
            }]
        );
        assert!(paint(&mut l, 1, 0, Tile::Enemy(Axis::Vertical)).is_err());
        assert!(l.is_valid(), "{:?}", l.problems());
    }

    #[test]
    fn erase_clears_cells_and_enemies_but_keeps_start_and_exit() {
        let mut l = level();
        assert!(erase(&mut l, 1, 0));
        assert_eq!(l.cell(1, 0), Cell::Empty);
        assert!(erase(&mut l, 2, 1));
        assert!(l.enemies.is_empty());
        assert!(!erase(&mut l, 0, 0), "the start stays");
        assert_eq!(l.start, (0, 0));
    }

    #[test]
    fn fill_paints_the_region_and_skips_start_and_exit() {
        let mut l = level();
        let changed = fill(&mut l, 0, 2, Tile::Block(Colour::WHITE)).unwrap();
        // Every floor cell but the start, the exit and the enemy's cell
        // (its cell is floor too and is painted, sweeping the enemy).
        assert_eq!(changed, 8);
        assert_eq!(l.cell(2, 1), Cell::Block(Colour::WHITE));
        assert_eq!(l.cell(0, 0), Cell::Empty);
        assert_eq!(l.cell(3, 0), Cell::Empty);
        assert_eq!(l.cell(1, 0), Cell::Block(Colour::RED), "not the region");
        assert!(l.enemies.is_empty());
    }

    #[test]
    fn pick_and_describe_read_what_stands_on_top() {
        let l = level();
        assert_eq!(pick(&l, 0, 0), Tile::Start);
        assert_eq!(pick(&l, 3, 0), Tile::Exit);
        assert_eq!(pick(&l, 2, 1), Tile::Enemy(Axis::Horizontal));
        assert_eq!(pick(&l, 1, 1), Tile::Switch(Colour::GREEN));
        assert_eq!(pick(&l, 1, 0), Tile::Block(Colour::RED));
        assert_eq!(pick(&l, 0, 2), Tile::Empty);
        assert_eq!(describe_cell(&l, 1, 0), "red block (R)");
        assert_eq!(describe_cell(&l, 1, 1), "green switch (G)");
        assert_eq!(describe_cell(&l, 2, 1), "enemy h");
        assert_eq!(describe_cell(&l, 0, 0), "start");
        assert_eq!(describe_cell(&l, 3, 0), "exit");
        assert_eq!(describe_cell(&l, 0, 2), "floor");
        assert_eq!(piece_count(&l), "1 switch, 1 enemy");
    }
}
