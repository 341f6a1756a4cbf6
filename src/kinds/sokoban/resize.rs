//! Resizing a Sokoban level: cells, boxes and the player keep their place
//! relative to the anchor; new cells are floor; a size that would cut off
//! the player is refused.

use super::{Cell, Level};
use crate::kinds::resize::{moved, plain_losses, Anchor, ResizeError};

/// A Sokoban level resized to `width x height` with the old board at
/// `anchor`, and what the resize loses, in words; or why the size is
/// refused.
pub fn resized_at(
    level: &Level,
    width: usize,
    height: usize,
    anchor: Anchor,
) -> Result<(Level, Vec<String>), ResizeError> {
    let (dx, dy) = anchor.offset((level.width(), level.height()), (width, height));
    resized(level, width, height, dx, dy)
}

/// A Sokoban level resized: cells, boxes and the player move by
/// `(dx, dy)`; new cells are floor (outside the walls until walled in);
/// boxes and goals that fall off are listed. Refused when the player would
/// fall off: the designer moves it first.
pub fn resized(
    level: &Level,
    width: usize,
    height: usize,
    dx: isize,
    dy: isize,
) -> Result<(Level, Vec<String>), ResizeError> {
    let player = match level.player {
        Some((x, y)) => Some(
            moved(x, y, dx, dy, width, height).ok_or(ResizeError::CutOff {
                what: "player",
                x,
                y,
                width,
                height,
            })?,
        ),
        None => None,
    };
    let (grid, lost) = level.grid().shifted(width, height, (dx, dy), Cell::Floor);
    let mut out = Level::new(0, 0);
    out.replace_grid(grid);
    out.name = level.name.clone();
    out.player = player;
    let mut losses = Vec::new();
    let mut walls = 0;
    for ((x, y), cell) in lost {
        match cell {
            Cell::Goal => losses.push(format!("the goal at ({x}, {y}) falls off")),
            Cell::Wall => walls += 1,
            Cell::Floor => {}
        }
    }
    for &(x, y) in &level.boxes {
        match moved(x, y, dx, dy, width, height) {
            Some(place) => out.boxes.push(place),
            None => losses.push(format!("the box at ({x}, {y}) falls off")),
        }
    }
    losses.extend(plain_losses(&[(walls, "wall", "walls")], "fall off"));
    Ok((out, losses))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::sokoban::format::read_xsb_one;

    #[test]
    fn a_resize_keeps_the_anchor_and_lists_what_falls_off() {
        let level = read_xsb_one("######\n#@$ .#\n######\n").unwrap();
        let (grown, losses) = resized_at(&level, 8, 5, Anchor { column: 1, row: 1 }).unwrap();
        assert!(losses.is_empty());
        assert_eq!(grown.player, Some((2, 2)));
        assert_eq!(grown.boxes, vec![(3, 2)]);
        assert!(grown.problems().is_empty());
        let (cut, losses) = resized_at(&level, 4, 3, Anchor::TOP_LEFT).unwrap();
        assert_eq!(cut.width(), 4);
        assert_eq!(losses, ["the goal at (4, 1) falls off", "5 walls fall off"]);
        let e = resized_at(&level, 4, 3, Anchor { column: 2, row: 0 }).unwrap_err();
        assert!(
            e.to_string().contains("cut off the player at (1, 1)"),
            "{e}"
        );
    }
}
