//! Resizing a Prism level: cells, the start, the exit and the enemies
//! keep their place relative to the anchor; a size that would cut off the
//! start or the exit is refused.

use super::{Cell, Enemy, Level};
use crate::kinds::resize::{moved, plain_losses, Anchor, ResizeError};

/// A Prism level resized to `width x height` with the old board at
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

/// A Prism level resized: cells, the start, the exit and the enemies move
/// by `(dx, dy)`; new cells are floor; enemies that fall off are dropped.
/// Refused when the start or the exit would fall off: the designer moves
/// them first.
pub fn resized(
    level: &Level,
    width: usize,
    height: usize,
    dx: isize,
    dy: isize,
) -> Result<(Level, Vec<String>), ResizeError> {
    let mut places = [(0, 0); 2];
    for (i, (what, (x, y))) in [("start", level.start), ("exit", level.exit)]
        .into_iter()
        .enumerate()
    {
        places[i] = moved(x, y, dx, dy, width, height).ok_or(ResizeError::CutOff {
            what,
            x,
            y,
            width,
            height,
        })?;
    }
    let (grid, lost) = level.grid().shifted(width, height, (dx, dy), Cell::Empty);
    let mut out = Level::new(width, height);
    out.replace_grid(grid);
    out.name = level.name.clone();
    out.start = places[0];
    out.exit = places[1];
    out.background = level.background;
    let mut losses = Vec::new();
    let mut blocks = 0;
    for ((x, y), cell) in lost {
        match cell {
            Cell::Switch(_) => {
                losses.push(format!("the {} at ({x}, {y}) falls off", cell.describe()))
            }
            Cell::Block(_) => blocks += 1,
            Cell::Empty => {}
        }
    }
    for enemy in &level.enemies {
        match moved(enemy.x, enemy.y, dx, dy, width, height) {
            Some((x, y)) => out.enemies.push(Enemy { x, y, ..*enemy }),
            None => losses.push(format!("the enemy at ({}, {}) falls off", enemy.x, enemy.y)),
        }
    }
    losses.extend(plain_losses(&[(blocks, "block", "blocks")], "fall off"));
    Ok((out, losses))
}
