//! Resizing a Skiddy level: cells keep their place relative to the anchor,
//! the outer ring is rebuilt as wall, and what is lost is said in words.

use super::{Cell, Floor, Level};
use crate::kinds::resize::{moved, plain_losses, Anchor};

/// A Skiddy level resized to `width x height` with the old board at
/// `anchor`, and what the resize loses, in words.
pub fn resized_at(
    level: &Level,
    width: usize,
    height: usize,
    anchor: Anchor,
) -> (Level, Vec<String>) {
    let (dx, dy) = anchor.offset((level.width(), level.height()), (width, height));
    resized(level, width, height, dx, dy)
}

/// A Skiddy level resized: old cells move by `(dx, dy)`; the new outer
/// ring is wall (a goal that lands on it stays a goal); old border cells
/// that land inside become empty floor; new inner cells are empty floor.
pub fn resized(
    level: &Level,
    width: usize,
    height: usize,
    dx: isize,
    dy: isize,
) -> (Level, Vec<String>) {
    let mut out = Level::new(width, height);
    out.name = level.name.clone();
    let mut losses = Vec::new();
    let (mut blocks, mut pits) = (0, 0);
    for y in 0..level.height() {
        for x in 0..level.width() {
            let old = level.cell(x, y);
            let was_border = level.is_border(x, y);
            let Some((nx, ny)) = moved(x, y, dx, dy, width, height) else {
                if let Some(piece) = old.piece {
                    losses.push(format!("the {} at ({x}, {y}) falls off", piece.describe()));
                }
                match old.floor {
                    Floor::Goal(c) => {
                        losses.push(format!("the {} goal at ({x}, {y}) falls off", c.name()))
                    }
                    Floor::Block if !was_border => blocks += 1,
                    Floor::Pit => pits += 1,
                    _ => {}
                }
                continue;
            };
            let on_border = out.is_border(nx, ny);
            let cell = if on_border {
                if let Some(piece) = old.piece {
                    losses.push(format!(
                        "the {} at ({x}, {y}) would stand on the border, so it is removed",
                        piece.describe()
                    ));
                }
                match old.floor {
                    Floor::Goal(c) => {
                        let corner = (nx == 0 || nx == width - 1) && (ny == 0 || ny == height - 1);
                        if corner {
                            losses.push(format!(
                                "the {} goal at ({x}, {y}) ends up in a corner, where no Skiddy can reach it",
                                c.name()
                            ));
                        }
                        Cell::floor(old.floor)
                    }
                    Floor::Pit => {
                        pits += 1;
                        Cell::floor(Floor::Block)
                    }
                    _ => Cell::floor(Floor::Block),
                }
            } else if was_border {
                if let Floor::Goal(c) = old.floor {
                    losses.push(format!(
                        "the {} goal at ({x}, {y}) ends up inside the board and becomes floor",
                        c.name()
                    ));
                }
                Cell::floor(Floor::Empty)
            } else {
                old
            };
            out.set_cell(nx, ny, cell);
        }
    }
    losses.extend(plain_losses(
        &[(blocks, "block", "blocks"), (pits, "pit", "pits")],
        "inside the board go",
    ));
    (out, losses)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::skiddy::parse_level;

    #[test]
    fn skiddy_cells_keep_their_place_and_the_border_is_rebuilt() {
        let l = parse_level("#r###\n#...#\n#.R.#\n#####\n").unwrap();
        let (bigger, losses) = resized(&l, 7, 5, 0, 0);
        assert!(losses.is_empty(), "{losses:?}");
        assert_eq!(bigger.cell(2, 2), l.cell(2, 2));
        assert_eq!(bigger.cell(1, 0), l.cell(1, 0), "goal on the top stays");
        assert_eq!(bigger.cell(4, 1), Cell::default(), "old right wall opens");
        assert_eq!(bigger.cell(6, 1).floor, Floor::Block);
        let (smaller, losses) = resized(&l, 4, 3, 0, 0);
        assert!(smaller.is_border(3, 1));
        assert_eq!(smaller.cell(3, 1).floor, Floor::Block);
        assert_eq!(smaller.cell(2, 2).floor, Floor::Block, "Skiddy cut off");
        assert_eq!(
            losses,
            ["the red Skiddy at (2, 2) would stand on the border, so it is removed"]
        );
    }
}
