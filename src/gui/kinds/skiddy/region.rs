//! Skiddy's cells as the region tools see them ([`GridLevel`]), and the
//! line tool. A region write keeps the border rule of docs/rules.md: the
//! border holds only blocks and goals, and goals belong on the border. A
//! goal that would land inside becomes a wall there (a goal is a wall to
//! every piece but its own Skiddy), a piece that would land on the border
//! is left out and the border cell is a wall; each is said in words.

use super::tools::{self, Tile};
use crate::gui::kinds::region::{line_cells, paint_cells, GridLevel};
use crate::gui::kinds::tool::Refused;
use crate::kinds::skiddy::{format::cell_char, Cell, Floor, Level};

impl GridLevel for Level {
    type Cell = Cell;

    fn grid_size(&self) -> (usize, usize) {
        (self.width(), self.height())
    }

    fn read(&self, x: usize, y: usize) -> Cell {
        self.cell(x, y)
    }

    fn clear(&mut self, x: usize, y: usize) {
        tools::erase(self, x, y);
    }

    fn place(
        &mut self,
        cells: Vec<((usize, usize), Cell)>,
        _moving: bool,
        notes: &mut Vec<String>,
    ) {
        for ((x, y), cell) in cells {
            let kept = kept_cell(cell, self.is_border(x, y), (x, y), notes);
            self.set_cell(x, y, kept);
        }
    }

    fn symbol(cell: &Cell) -> char {
        cell_char(*cell).unwrap_or('?')
    }
}

/// What `cell` becomes when written at `at`, a border cell or not, under
/// the border rule; what it cannot keep is added to `notes`.
fn kept_cell(cell: Cell, on_border: bool, at: (usize, usize), notes: &mut Vec<String>) -> Cell {
    let (x, y) = at;
    let wall = Cell::floor(Floor::Block);
    if on_border {
        if let Some(piece) = cell.piece {
            notes.push(format!(
                "the {} would land on the border at ({x}, {y}): a wall there instead",
                piece.describe()
            ));
            return wall;
        }
        return match cell.floor {
            Floor::Block | Floor::Goal(_) => cell,
            // The border stays closed: floor and pits become its wall.
            Floor::Empty | Floor::Pit => wall,
        };
    }
    match cell.floor {
        Floor::Goal(c) => {
            notes.push(format!(
                "the {} goal would land inside at ({x}, {y}): a wall there instead (goals belong on the border)",
                c.name()
            ));
            wall
        }
        _ => cell,
    }
}

/// The tile's name in the plural, for a line's undo step: "red Skiddies",
/// "blocks".
pub fn plural(tile: Tile) -> String {
    match tile {
        Tile::Floor => "floor".to_string(),
        Tile::Ice => "ice".to_string(),
        Tile::Skiddy(c) => format!("{} Skiddies", c.name()),
        other => format!("{}s", other.name().to_lowercase()),
    }
}

/// Paints `tile` (or erases, with `None`) on the straight line of cells
/// from `from` to `to`, skipping cells where the tile is not allowed;
/// returns how many changed, or why none could be painted.
pub fn line(
    level: &mut Level,
    from: (usize, usize),
    to: (usize, usize),
    tile: Option<Tile>,
) -> Result<usize, Refused> {
    paint_cells(&line_cells(from, to), |x, y| match tile {
        Some(tile) => tools::paint(level, x, y, tile),
        None => Ok(tools::erase(level, x, y)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::kinds::region::{self, CellRect, Transform};
    use crate::kinds::skiddy::{parse_level, Colour, Piece};

    fn ascii(level: &Level) -> String {
        crate::kinds::skiddy::format::to_ascii(level).unwrap()
    }

    /// A 6x5 level with a red goal on the top border and a blue one on the
    /// left.
    fn level() -> Level {
        parse_level("#r####\n#R..c#\nb.B..#\n#....#\n######\n").unwrap()
    }

    #[test]
    fn copy_and_paste_inside_keeps_every_cell() {
        let mut l = level();
        let rect = CellRect::spanning((1, 1), (2, 2));
        let region = region::copy(&l, rect);
        assert_eq!(
            region::region_text::<Level>("Skiddy", &region),
            "levelscope Skiddy region 2x2\nR.\n.B\n"
        );
        let placed = region::paste(&mut l, &region, (3, 2));
        assert!(placed.notes.is_empty(), "{:?}", placed.notes);
        assert_eq!(placed.rect.describe(), "2x2 at (3, 2)");
        assert_eq!(ascii(&l), "#r####\n#R..c#\nb.BR.#\n#...B#\n######\n");
    }

    #[test]
    fn a_paste_keeps_the_border_rule_and_says_what_it_left_out() {
        let mut l = level();
        // The top-left corner with the red goal, pasted one row down: the
        // goal lands inside, the Skiddy on the border.
        let region = region::copy(&l, CellRect::spanning((0, 0), (1, 1)));
        let placed = region::paste(&mut l, &region, (0, 2));
        assert_eq!(ascii(&l), "#r####\n#R..c#\n##B..#\n#R...#\n######\n");
        assert_eq!(placed.notes.len(), 1, "{:?}", placed.notes);
        assert!(placed.notes[0].contains("red goal would land inside at (1, 2)"));
        // A paste near the edge cuts what falls off.
        let placed = region::paste(&mut l, &region, (5, 4));
        assert_eq!(placed.rect.describe(), "1x1 at (5, 4)");
        assert!(placed.notes[0].contains("3 cells of the region fell off"));
    }

    #[test]
    fn flipping_the_whole_board_keeps_goals_on_the_border() {
        let mut l = level();
        let all = CellRect::spanning((0, 0), (5, 4));
        let placed = region::transform(&mut l, all, Transform::FlipHorizontal).unwrap();
        assert!(placed.notes.is_empty(), "{:?}", placed.notes);
        assert_eq!(ascii(&l), "####r#\n#c..R#\n#..B.b\n#....#\n######\n");
        region::transform(&mut l, all, Transform::FlipVertical).unwrap();
        assert_eq!(ascii(&l), "######\n#....#\n#..B.b\n#c..R#\n####r#\n");
    }

    #[test]
    fn a_flip_that_would_put_a_goal_inside_says_so_and_keeps_the_rule() {
        let mut l = level();
        // Columns 0 to 2 of rows 1 to 3: the blue goal on the left border
        // flips to column 2, inside; the blue Skiddy at (2, 2) flips onto
        // the border.
        let rect = CellRect::spanning((0, 1), (2, 3));
        let placed = region::transform(&mut l, rect, Transform::FlipHorizontal).unwrap();
        assert_eq!(ascii(&l), "#r####\n#R#.c#\n#.#..#\n#.#..#\n######\n");
        assert_eq!(placed.notes.len(), 2, "{:?}", placed.notes);
        assert!(placed.notes[0].contains("blue Skiddy would land on the border at (0, 2)"));
        assert!(placed.notes[1].contains("blue goal would land inside at (2, 2)"));
        assert!(!l.problems().iter().any(|p| p.message.contains("inside")));
    }

    #[test]
    fn rotating_a_row_turns_it_into_a_column_from_its_top_left() {
        let mut l = level();
        let rect = CellRect::spanning((1, 1), (4, 1));
        let placed = region::transform(&mut l, rect, Transform::RotateClockwise).unwrap();
        assert_eq!(placed.rect.describe(), "1x4 at (1, 1)");
        // The row "R..c" read top to bottom; (1, 4) is the border, where the
        // crate cannot go.
        assert_eq!(l.cell(1, 1).piece, Some(Piece::Skiddy(Colour::Red)));
        assert_eq!(l.cell(4, 1), Cell::default(), "the rest of the row cleared");
        assert_eq!(l.cell(1, 4).floor, Floor::Block);
        assert!(placed.notes[0].contains("crate would land on the border at (1, 4)"));
        let too_big = CellRect::spanning((0, 1), (5, 1));
        let refused = region::transform(&mut l, too_big, Transform::RotateClockwise).unwrap_err();
        assert_eq!(
            refused,
            region::TurnError::DoesNotFit {
                size: (1, 6),
                board: l.grid_size()
            }
        );
        assert!(refused.to_string().contains("does not fit"), "{refused}");
    }

    #[test]
    fn clearing_erases_to_floor_inside_and_wall_on_the_border() {
        let mut l = level();
        region::clear(&mut l, CellRect::spanning((0, 1), (2, 2)));
        assert_eq!(ascii(&l), "#r####\n#...c#\n#....#\n#....#\n######\n");
    }

    #[test]
    fn a_line_paints_its_cells_and_skips_the_refused_ones() {
        let mut l = level();
        assert_eq!(line(&mut l, (1, 3), (4, 3), Some(Tile::Block)), Ok(4));
        assert_eq!(ascii(&l).lines().nth(3), Some("######"));
        // A line of pits over the border paints only the inside.
        assert_eq!(line(&mut l, (3, 0), (3, 2), Some(Tile::Pit)), Ok(2));
        assert_eq!(l.cell(3, 0).floor, Floor::Block);
        assert!(line(&mut l, (0, 1), (0, 3), Some(Tile::Pit)).is_err());
        assert_eq!(line(&mut l, (1, 3), (2, 3), None), Ok(2));
        assert_eq!(plural(Tile::Skiddy(Colour::Red)), "red Skiddies");
        assert_eq!(plural(Tile::Goal(Colour::Blue)), "blue goals");
        assert_eq!(plural(Tile::Block), "blocks");
    }
}
