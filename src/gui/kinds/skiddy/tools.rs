//! The painting tools as pure functions on a level: paint a tile, erase,
//! flood-fill and pick, with the border rule enforced (the border holds only
//! blocks and goals; goals belong on the border).

use crate::gui::kinds::region::{flood, paint_cells};
pub use crate::gui::kinds::tool::{Refused, Tool};
use crate::kinds::skiddy::{Cell, Colour, Floor, Level, Piece};
use crate::words::capitalised;

/// One entry of the palette: what a paint puts on a cell.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum Tile {
    /// Empty floor (clears the cell).
    Floor,
    /// A wall (what a new palette has selected).
    #[default]
    Block,
    /// A pit (a piece on it stays, inside the pit).
    Pit,
    /// A goal of a colour (border only).
    Goal(Colour),
    /// A Skiddy of a colour.
    Skiddy(Colour),
    /// A crate.
    Crate,
    /// An ice cube.
    Ice,
}

impl Tile {
    /// Every tile in palette order.
    pub const ALL: [Tile; 13] = [
        Tile::Floor,
        Tile::Block,
        Tile::Pit,
        Tile::Crate,
        Tile::Ice,
        Tile::Skiddy(Colour::Red),
        Tile::Skiddy(Colour::Blue),
        Tile::Skiddy(Colour::Green),
        Tile::Skiddy(Colour::Yellow),
        Tile::Goal(Colour::Red),
        Tile::Goal(Colour::Blue),
        Tile::Goal(Colour::Green),
        Tile::Goal(Colour::Yellow),
    ];

    /// The distinct tiles in palette order.
    pub fn palette() -> &'static [Tile] {
        &Self::ALL
    }

    /// The tile's name as the palette shows it.
    pub fn name(self) -> String {
        match self {
            Tile::Floor => "Floor".to_string(),
            Tile::Block => "Block".to_string(),
            Tile::Pit => "Pit".to_string(),
            Tile::Crate => "Crate".to_string(),
            Tile::Ice => "Ice".to_string(),
            Tile::Skiddy(c) => format!("{} Skiddy", capitalised(c.name())),
            Tile::Goal(c) => format!("{} goal", capitalised(c.name())),
        }
    }

    /// The keyboard shortcut that selects the tile (shown in the palette).
    pub fn shortcut(self) -> char {
        match self {
            Tile::Floor => '.',
            Tile::Block => '#',
            Tile::Pit => 'o',
            Tile::Crate => 'c',
            Tile::Ice => 'i',
            Tile::Skiddy(Colour::Red) => '1',
            Tile::Skiddy(Colour::Blue) => '2',
            Tile::Skiddy(Colour::Green) => '3',
            Tile::Skiddy(Colour::Yellow) => '4',
            Tile::Goal(Colour::Red) => '5',
            Tile::Goal(Colour::Blue) => '6',
            Tile::Goal(Colour::Green) => '7',
            Tile::Goal(Colour::Yellow) => '8',
        }
    }

    /// The tile whose shortcut is `ch`.
    pub fn from_shortcut(ch: char) -> Option<Tile> {
        Self::palette().iter().copied().find(|t| t.shortcut() == ch)
    }

    /// The piece this tile places, if it is a piece.
    pub fn piece(self) -> Option<Piece> {
        match self {
            Tile::Skiddy(c) => Some(Piece::Skiddy(c)),
            Tile::Crate => Some(Piece::Crate),
            Tile::Ice => Some(Piece::Ice),
            _ => None,
        }
    }
}

/// The cell that painting `tile` onto `old` at a border or inner position
/// gives, or why that is not allowed.
pub fn painted(old: Cell, tile: Tile, on_border: bool) -> Result<Cell, Refused> {
    if on_border {
        return match tile {
            Tile::Block => Ok(Cell::floor(Floor::Block)),
            Tile::Goal(c) => Ok(Cell::floor(Floor::Goal(c))),
            other => Err(Refused(format!(
                "{} not allowed on the border: the border holds only blocks and goals",
                other.name()
            ))),
        };
    }
    match tile {
        Tile::Goal(c) => Err(Refused(format!(
            "{} goal not allowed inside: goals belong on the border",
            capitalised(c.name())
        ))),
        Tile::Floor => Ok(Cell::floor(Floor::Empty)),
        Tile::Block => Ok(Cell::floor(Floor::Block)),
        // A pit keeps the piece standing there: it starts inside the pit.
        Tile::Pit => Ok(Cell {
            floor: Floor::Pit,
            piece: old.piece,
        }),
        Tile::Skiddy(_) | Tile::Crate | Tile::Ice => {
            // A piece keeps a pit floor under it; a wall gives way to floor.
            let floor = if old.floor == Floor::Pit {
                Floor::Pit
            } else {
                Floor::Empty
            };
            Ok(Cell {
                floor,
                piece: tile.piece(),
            })
        }
    }
}

/// Paints `tile` at `(x, y)`; returns whether the level changed.
pub fn paint(level: &mut Level, x: usize, y: usize, tile: Tile) -> Result<bool, Refused> {
    let old = level.cell(x, y);
    let new = painted(old, tile, level.is_border(x, y))?;
    level.set_cell(x, y, new);
    Ok(new != old)
}

/// Erases `(x, y)`: a wall on the border, empty floor inside. Returns whether
/// the level changed.
pub fn erase(level: &mut Level, x: usize, y: usize) -> bool {
    let tile = if level.is_border(x, y) {
        Tile::Block
    } else {
        Tile::Floor
    };
    paint(level, x, y, tile).unwrap_or(false)
}

/// Fills the 4-connected region of cells identical to `(x, y)` with `tile`,
/// skipping cells where the tile is not allowed (the border or the inside).
/// Returns how many cells changed, or why nothing could be painted.
pub fn fill(level: &mut Level, x: usize, y: usize, tile: Tile) -> Result<usize, Refused> {
    let target = level.cell(x, y);
    let size = (level.width(), level.height());
    let region = flood(size, (x, y), |cx, cy| level.cell(cx, cy) == target);
    paint_cells(&region, |cx, cy| paint(level, cx, cy, tile))
}

/// The tile that best describes `(x, y)`: its piece if it has one, else its
/// floor.
pub fn pick(level: &Level, x: usize, y: usize) -> Tile {
    let cell = level.cell(x, y);
    match cell.piece {
        Some(Piece::Skiddy(c)) => Tile::Skiddy(c),
        Some(Piece::Crate) => Tile::Crate,
        Some(Piece::Ice) => Tile::Ice,
        None => match cell.floor {
            Floor::Empty => Tile::Floor,
            Floor::Block => Tile::Block,
            Floor::Pit => Tile::Pit,
            Floor::Goal(c) => Tile::Goal(c),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::skiddy::parse_level;

    fn level() -> Level {
        parse_level("#r###\n#...#\n#.R.#\n#####\n").unwrap()
    }

    #[test]
    fn shortcuts_are_distinct_and_round_trip() {
        let mut seen = std::collections::HashSet::new();
        for &tile in Tile::palette() {
            assert!(seen.insert(tile.shortcut()), "{tile:?}");
            assert_eq!(Tile::from_shortcut(tile.shortcut()), Some(tile));
        }
        for tool in Tool::ALL {
            assert!(seen.insert(tool.shortcut()), "{tool:?}");
        }
    }

    #[test]
    fn the_border_takes_only_blocks_and_goals() {
        let mut l = level();
        let err = paint(&mut l, 0, 1, Tile::Skiddy(Colour::Red)).unwrap_err();
        assert!(err.0.contains("border"), "{}", err.0);
        assert!(paint(&mut l, 0, 1, Tile::Floor).is_err());
        assert!(paint(&mut l, 0, 1, Tile::Pit).is_err());
        assert_eq!(paint(&mut l, 0, 1, Tile::Goal(Colour::Blue)), Ok(true));
        assert_eq!(l.cell(0, 1).floor, Floor::Goal(Colour::Blue));
        let err = paint(&mut l, 1, 1, Tile::Goal(Colour::Red)).unwrap_err();
        assert!(err.0.contains("inside"), "{}", err.0);
        assert_eq!(l, {
            let mut m = level();
            m.set_cell(0, 1, Cell::floor(Floor::Goal(Colour::Blue)));
            m
        });
    }

    #[test]
    fn pits_keep_pieces_and_pieces_keep_pits() {
        let mut l = level();
        assert_eq!(paint(&mut l, 2, 2, Tile::Pit), Ok(true));
        assert_eq!(
            l.cell(2, 2),
            Cell {
                floor: Floor::Pit,
                piece: Some(Piece::Skiddy(Colour::Red))
            }
        );
        assert_eq!(paint(&mut l, 2, 2, Tile::Crate), Ok(true));
        assert_eq!(l.cell(2, 2).floor, Floor::Pit);
        assert_eq!(paint(&mut l, 2, 2, Tile::Crate), Ok(false));
        assert_eq!(paint(&mut l, 2, 2, Tile::Floor), Ok(true));
        assert_eq!(l.cell(2, 2), Cell::default());
    }

    #[test]
    fn erase_gives_wall_on_the_border_and_floor_inside() {
        let mut l = level();
        assert!(erase(&mut l, 1, 0));
        assert_eq!(l.cell(1, 0).floor, Floor::Block);
        assert!(erase(&mut l, 2, 2));
        assert_eq!(l.cell(2, 2), Cell::default());
        assert!(!erase(&mut l, 2, 2));
    }

    #[test]
    fn fill_covers_the_connected_region_only() {
        let mut l = parse_level("#r####\n#..#.#\n#..#.#\n#R####\n").unwrap();
        assert_eq!(fill(&mut l, 1, 1, Tile::Pit), Ok(4));
        assert_eq!(l.cell(2, 2).floor, Floor::Pit);
        assert_eq!(l.cell(4, 1).floor, Floor::Empty, "other side of the wall");
        // Filling the wall region inside-and-border skips what is refused.
        let changed = fill(&mut l, 0, 0, Tile::Goal(Colour::Red)).unwrap();
        assert!(changed > 0);
        assert_eq!(l.cell(3, 1).floor, Floor::Block, "inner wall kept");
        let mut m = level();
        assert!(fill(&mut m, 1, 1, Tile::Goal(Colour::Red)).is_err());
    }

    #[test]
    fn pick_reads_piece_then_floor() {
        let l = level();
        assert_eq!(pick(&l, 2, 2), Tile::Skiddy(Colour::Red));
        assert_eq!(pick(&l, 1, 0), Tile::Goal(Colour::Red));
        assert_eq!(pick(&l, 1, 1), Tile::Floor);
        assert_eq!(pick(&l, 0, 0), Tile::Block);
    }
}
