//! Resizing a Rush Hour level: walls and vehicles keep their place
//! relative to the anchor; new cells are open. A vehicle that does not
//! land whole on the new board is removed, and the losses say so, by its
//! old letter and cell; a size that would cut off the primary is refused.

use super::level::{Level, Vehicle};
use crate::kinds::resize::{moved, plain_losses, Anchor, ResizeError};

/// A Rush Hour level resized to `width x height` with the old board at
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

/// Where a vehicle lands when every cell moves by `(dx, dy)`: its new
/// first cell, and whether all of its cells land on the board.
fn landing(
    vehicle: &Vehicle,
    dx: isize,
    dy: isize,
    width: usize,
    height: usize,
) -> (Option<(usize, usize)>, bool) {
    let mut cells = vehicle
        .cells()
        .map(|(x, y)| moved(x, y, dx, dy, width, height));
    let first = cells.next().flatten();
    let whole = first.is_some() && cells.all(|c| c.is_some());
    (first, whole)
}

/// A Rush Hour level resized: walls and vehicles move by `(dx, dy)`; new
/// cells are open. Vehicles that fall off, wholly or in part, are removed
/// and listed (when others follow them, the letters that change are
/// listed too), and walls that fall off are counted. Refused when the
/// primary would not land whole: the designer moves it first.
pub fn resized(
    level: &Level,
    width: usize,
    height: usize,
    dx: isize,
    dy: isize,
) -> Result<(Level, Vec<String>), ResizeError> {
    if let Some(primary) = level.primary() {
        let vehicle = &level.vehicles[primary];
        if !landing(vehicle, dx, dy, width, height).1 {
            return Err(ResizeError::CutOff {
                what: "primary vehicle A",
                x: vehicle.x,
                y: vehicle.y,
                width,
                height,
            });
        }
    }
    let (grid, lost) = level.wall_grid().shifted(width, height, (dx, dy), false);
    let walls = lost.iter().filter(|&&(_, wall)| wall).count();
    let mut out = Level::new(width, height);
    out.replace_walls(grid);
    out.name = level.name.clone();
    let mut losses = Vec::new();
    // The old index of each vehicle kept, in order.
    let mut kept = Vec::new();
    for (i, vehicle) in level.vehicles.iter().enumerate() {
        let name = format!("the {} {}", vehicle.noun(), level.letter(i));
        let (x, y) = (vehicle.x, vehicle.y);
        match landing(vehicle, dx, dy, width, height) {
            (Some((nx, ny)), true) => {
                out.vehicles.push(Vehicle {
                    x: nx,
                    y: ny,
                    ..*vehicle
                });
                kept.push(i);
            }
            (_, _) => {
                let on_board = vehicle
                    .cells()
                    .any(|(cx, cy)| moved(cx, cy, dx, dy, width, height).is_some());
                losses.push(if on_board {
                    format!("{name} at ({x}, {y}) is cut off by the edge and removed")
                } else {
                    format!("{name} at ({x}, {y}) falls off")
                });
            }
        }
    }
    let verb = if walls == 1 { "falls off" } else { "fall off" };
    losses.extend(plain_losses(&[(walls, "wall", "walls")], verb));
    let renamed: Vec<String> = kept
        .iter()
        .enumerate()
        .filter(|&(new, &old)| out.letter(new) != level.letter(old))
        .map(|(new, &old)| format!("{} is now {}", level.letter(old), out.letter(new)))
        .collect();
    if !renamed.is_empty() {
        losses.push(format!("letters change: {}", renamed.join(", ")));
    }
    Ok((out, losses))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::rushhour::format::read_line;

    /// A wall at (0, 0), the primary A on row 2, a truck B down the
    /// right column, a car C at (4, 1) down, a truck D across row 4.
    const LINE: &str = "xooooBooooCBoAAoCBooooooooDDDooooooo";

    #[test]
    fn a_resize_keeps_the_anchor_and_names_the_vehicles_it_removes() {
        let level = read_line(LINE).unwrap();
        let (grown, losses) = resized_at(&level, 8, 8, Anchor { column: 1, row: 1 }).unwrap();
        assert!(losses.is_empty(), "{losses:?}");
        assert!(grown.is_wall(1, 1));
        assert_eq!((grown.vehicles[0].x, grown.vehicles[0].y), (2, 3));
        assert!(grown.problems().is_empty());
        // 5 columns from the left: the truck B (column 5) falls off whole;
        // the truck D keeps its place; the letters after B move up.
        let (cut, losses) = resized_at(&level, 5, 6, Anchor::TOP_LEFT).unwrap();
        assert_eq!(
            losses,
            [
                "the truck B at (5, 0) falls off",
                "letters change: C is now B, D is now C",
            ]
        );
        assert_eq!(cut.vehicles.len(), 3);
        assert!(cut.problems().is_empty(), "{:?}", cut.problems());
        // 4 rows from the top: the truck D (row 4) falls off; the wall
        // stays.
        let (cut, losses) = resized_at(&level, 6, 4, Anchor::TOP_LEFT).unwrap();
        assert_eq!(losses, ["the truck D at (2, 4) falls off"]);
        assert!(cut.is_wall(0, 0));
        // 5 rows from the bottom: the wall falls off, the truck B is cut
        // in two and removed, the car C stays whole one row up.
        let (cut, losses) = resized_at(&level, 6, 5, Anchor { column: 0, row: 2 }).unwrap();
        assert_eq!(
            losses,
            [
                "the truck B at (5, 0) is cut off by the edge and removed",
                "1 wall falls off",
                "letters change: C is now B, D is now C",
            ]
        );
        assert_eq!((cut.vehicles[1].x, cut.vehicles[1].y), (4, 0));
        assert_eq!(cut.letter(1), 'B');
        assert_eq!(cut.walls().iter().filter(|&&w| w).count(), 0);
    }

    #[test]
    fn a_size_that_cuts_off_the_primary_is_refused() {
        let level = read_line(LINE).unwrap();
        let e = resized_at(&level, 4, 6, Anchor::TOP_LEFT);
        assert!(e.is_ok(), "the primary's columns 1-2 stay: {e:?}");
        let e = resized_at(&level, 2, 6, Anchor::TOP_LEFT).unwrap_err();
        assert!(
            e.to_string()
                .contains("a 2x6 board would cut off the primary vehicle A at (1, 2)"),
            "{e}"
        );
        let e = resized_at(&level, 6, 2, Anchor::TOP_LEFT).unwrap_err();
        assert!(e.to_string().contains("primary vehicle A"), "{e}");
        let e = resized_at(&level, 4, 6, Anchor { column: 2, row: 0 }).unwrap_err();
        assert!(e.to_string().contains("primary vehicle A"), "{e}");
    }

    #[test]
    fn walls_that_fall_off_are_counted() {
        let mut level = read_line(LINE).unwrap();
        level.set_wall(1, 0, true);
        level.vehicles.remove(1);
        let (cut, losses) = resized_at(&level, 6, 5, Anchor { column: 0, row: 2 }).unwrap();
        assert_eq!(losses, ["2 walls fall off"]);
        assert_eq!(cut.vehicles.len(), 3);
    }
}
