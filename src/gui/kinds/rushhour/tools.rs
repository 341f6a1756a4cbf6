//! Rush Hour's editing tools as pure functions on a level: the palette's
//! entries, a vehicle laid along a drag, a vehicle moved or deleted, walls
//! painted, erased and flooded, and what the status line counts.
//!
//! The rules they keep (docs/rules.md, Rush Hour): a vehicle lies whole on
//! the board, on no wall and on no other vehicle; there is one primary
//! car, lying horizontally (it drives out on the right); a level has at
//! most [`MAX_VEHICLES`] vehicles. An edit that would break one is refused
//! with a sentence naming the vehicle or the cell, and the level is left
//! as it was.

use crate::gui::kinds::region::{flood, line_cells, paint_cells};
use crate::gui::kinds::tool::Refused;
use crate::kinds::rushhour::{Level, Orientation, Vehicle, MAX_VEHICLES};

/// One entry of Rush Hour's palette.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum Tile {
    /// The eraser: clears a wall, deletes the vehicle on the cell.
    Empty,
    /// A wall cell.
    Wall,
    /// The primary car (`A`), two cells, horizontal.
    Primary,
    /// A car, two cells.
    #[default]
    Car,
    /// A truck, three cells.
    Truck,
}

impl Tile {
    /// Every entry in palette order.
    pub const ALL: [Tile; 5] = [
        Tile::Empty,
        Tile::Wall,
        Tile::Primary,
        Tile::Car,
        Tile::Truck,
    ];

    /// The entry's name as the palette shows it.
    pub fn name(self) -> String {
        match self {
            Tile::Empty => "Empty",
            Tile::Wall => "Wall",
            Tile::Primary => "Primary car",
            Tile::Car => "Car",
            Tile::Truck => "Truck",
        }
        .to_string()
    }

    /// The letter that selects it: Fogleman's `o` and `x` for an empty
    /// cell and a wall (`o`, as `.` and `_` say floor elsewhere), `a` for
    /// the primary (its letter), `c` a car, `t` a truck.
    pub fn shortcut(self) -> char {
        match self {
            Tile::Empty => 'o',
            Tile::Wall => 'x',
            Tile::Primary => 'a',
            Tile::Car => 'c',
            Tile::Truck => 't',
        }
    }

    /// The entry whose letter is `ch` (either case).
    pub fn from_shortcut(ch: char) -> Option<Tile> {
        let ch = ch.to_ascii_lowercase();
        Tile::ALL.into_iter().find(|t| t.shortcut() == ch)
    }

    /// Its name in the plural, for a line's undo step ("Line of walls").
    pub fn plural(self) -> &'static str {
        match self {
            Tile::Empty => "empty cells",
            Tile::Wall => "walls",
            Tile::Primary => "primary cars",
            Tile::Car => "cars",
            Tile::Truck => "trucks",
        }
    }

    /// The length of the vehicle it lays, if it lays one.
    pub fn vehicle_length(self) -> Option<usize> {
        match self {
            Tile::Empty | Tile::Wall => None,
            Tile::Primary | Tile::Car => Some(2),
            Tile::Truck => Some(3),
        }
    }
}

/// A vehicle's name with its letter: "truck C", "car A".
pub fn vehicle_name(level: &Level, index: usize) -> String {
    format!("{} {}", level.vehicles[index].noun(), level.letter(index))
}

/// Where the vehicle laid by a drag from `from` to `to` lies: `length`
/// cells from the drag's start cell, horizontally when the drag went
/// mostly sideways (or not at all), vertically when it went mostly up or
/// down, reaching left or up when the drag went that way; `None` when it
/// would reach past the board's top or left edge.
fn laid_along(
    from: (usize, usize),
    to: (usize, usize),
    length: usize,
    primary: bool,
) -> Option<Vehicle> {
    let dx = to.0 as isize - from.0 as isize;
    let dy = to.1 as isize - from.1 as isize;
    let orientation = if dy.abs() > dx.abs() {
        Orientation::Vertical
    } else {
        Orientation::Horizontal
    };
    let back = length - 1;
    let (x, y) = match orientation {
        Orientation::Horizontal if dx < 0 => (from.0.checked_sub(back)?, from.1),
        Orientation::Vertical if dy < 0 => (from.0, from.1.checked_sub(back)?),
        _ => from,
    };
    Some(Vehicle {
        x,
        y,
        length,
        orientation,
        primary,
    })
}

/// Why `vehicle` cannot stand on `level` where it is, ignoring vehicle
/// `except` (the one being moved), if it cannot: off the board, on a wall
/// or on another vehicle, naming the cell and the vehicle.
fn blocked(level: &Level, vehicle: &Vehicle, except: Option<usize>) -> Option<String> {
    for (x, y) in vehicle.cells() {
        if x >= level.width() || y >= level.height() {
            return Some(format!(
                "it would leave the {}x{} board",
                level.width(),
                level.height()
            ));
        }
        if level.is_wall(x, y) {
            return Some(format!("({x}, {y}) is a wall"));
        }
        let other = (0..level.vehicles.len())
            .find(|&i| Some(i) != except && level.vehicles[i].covers(x, y));
        if let Some(other) = other {
            return Some(format!(
                "it would overlap {} at ({x}, {y})",
                vehicle_name(level, other)
            ));
        }
    }
    None
}

/// The level with a vehicle of `tile` laid along the drag from `from` to
/// `to` (see [`laid_along`]; a click lays it horizontally, reaching
/// right), and the new vehicle's index; or why not. A new primary car
/// makes the old one a plain car.
pub fn lay(
    level: &Level,
    tile: Tile,
    from: (usize, usize),
    to: (usize, usize),
) -> Result<(Level, usize), Refused> {
    let Some(length) = tile.vehicle_length() else {
        return Err(Refused(format!("{} lays no vehicle", tile.name())));
    };
    let what = crate::words::lowercase_first(&tile.name());
    if level.vehicles.len() >= MAX_VEHICLES {
        return Err(Refused(format!(
            "no room for a {what}: a level has at most {MAX_VEHICLES} vehicles, one letter each"
        )));
    }
    let primary = tile == Tile::Primary;
    let refused = |why: String| Refused(format!("cannot lay a {what} from {from:?}: {why}"));
    let vehicle = laid_along(from, to, length, primary)
        .ok_or_else(|| refused("it would leave the board".to_string()))?;
    if primary && vehicle.orientation == Orientation::Vertical {
        return Err(refused(
            "the primary car lies horizontally, to drive out through the right edge".to_string(),
        ));
    }
    if let Some(why) = blocked(level, &vehicle, None) {
        return Err(refused(why));
    }
    let mut after = level.clone();
    if primary {
        for v in &mut after.vehicles {
            v.primary = false;
        }
    }
    after.vehicles.push(vehicle);
    let index = after.vehicles.len() - 1;
    Ok((after, index))
}

/// The level with vehicle `index` moved so that its first (left or top)
/// cell is `(x, y)`, keeping its length and orientation; or why not. In
/// the editor a vehicle may move anywhere free, along its line or across.
pub fn move_vehicle(level: &Level, index: usize, (x, y): (usize, usize)) -> Result<Level, Refused> {
    let Some(&vehicle) = level.vehicles.get(index) else {
        return Err(Refused(format!("there is no vehicle number {index}")));
    };
    let moved = Vehicle { x, y, ..vehicle };
    if let Some(why) = blocked(level, &moved, Some(index)) {
        return Err(Refused(format!(
            "cannot move {} to ({x}, {y}): {why}",
            vehicle_name(level, index)
        )));
    }
    let mut after = level.clone();
    after.vehicles[index] = moved;
    Ok(after)
}

/// The level without vehicle `index` (the later vehicles' letters move
/// up one).
pub fn delete_vehicle(level: &Level, index: usize) -> Level {
    let mut after = level.clone();
    if index < after.vehicles.len() {
        after.vehicles.remove(index);
    }
    after
}

/// The entry that best describes cell `(x, y)`: the vehicle's (primary,
/// car or truck), a wall, or empty.
pub fn pick(level: &Level, x: usize, y: usize) -> Tile {
    match level.vehicle_at(x, y).map(|i| &level.vehicles[i]) {
        Some(v) if v.primary => Tile::Primary,
        Some(v) if v.length >= 3 => Tile::Truck,
        Some(_) => Tile::Car,
        None if level.is_wall(x, y) => Tile::Wall,
        None => Tile::Empty,
    }
}

/// Clears `(x, y)`: deletes the vehicle on it, or the wall; whether it
/// changed.
pub fn erase(level: &mut Level, x: usize, y: usize) -> bool {
    if let Some(i) = level.vehicle_at(x, y) {
        level.vehicles.remove(i);
        return true;
    }
    let was = level.is_wall(x, y);
    level.set_wall(x, y, false);
    was
}

/// Makes `(x, y)` a wall; whether it changed, or why not (a vehicle
/// stands there).
pub fn paint_wall(level: &mut Level, x: usize, y: usize) -> Result<bool, Refused> {
    if let Some(i) = level.vehicle_at(x, y) {
        return Err(Refused(format!(
            "{} stands at ({x}, {y}): move or delete it before walling the cell",
            vehicle_name(level, i)
        )));
    }
    let was = level.is_wall(x, y);
    level.set_wall(x, y, true);
    Ok(!was)
}

/// Puts `tile` on the one cell `(x, y)`: a wall or the eraser (a vehicle
/// is laid with [`lay`]); whether it changed, or why not.
pub fn paint_cell(level: &mut Level, x: usize, y: usize, tile: Tile) -> Result<bool, Refused> {
    match tile {
        Tile::Wall => paint_wall(level, x, y),
        Tile::Empty => Ok(erase(level, x, y)),
        vehicle => {
            let (after, _) = lay(level, vehicle, (x, y), (x, y))?;
            *level = after;
            Ok(true)
        }
    }
}

/// Floods the region of free cells (or of walls) joined to `(x, y)` with
/// walls or empty cells; how many changed, or why none could. Vehicles are
/// laid one at a time.
pub fn fill(level: &mut Level, x: usize, y: usize, tile: Tile) -> Result<usize, Refused> {
    if tile.vehicle_length().is_some() {
        return Err(Refused(
            "vehicles are laid one at a time: drag across cells with the Paint tool".to_string(),
        ));
    }
    if level.vehicle_at(x, y).is_some() {
        return Err(Refused(format!(
            "({x}, {y}) is under a vehicle: fill an empty region or a wall"
        )));
    }
    let wall = level.is_wall(x, y);
    let size = (level.width(), level.height());
    let region = flood(size, (x, y), |cx, cy| {
        level.is_wall(cx, cy) == wall && level.vehicle_at(cx, cy).is_none()
    });
    paint_cells(&region, |cx, cy| paint_cell(level, cx, cy, tile))
}

/// `tile` along the straight line from `from` to `to`: a line of walls or
/// empty cells, or one vehicle laid along it from `from` (as a drag lays
/// it); how many cells changed, or why none could.
pub fn line(
    level: &mut Level,
    from: (usize, usize),
    to: (usize, usize),
    tile: Option<Tile>,
) -> Result<usize, Refused> {
    let tile = tile.unwrap_or(Tile::Empty);
    if let Some(length) = tile.vehicle_length() {
        let (after, _) = lay(level, tile, from, to)?;
        *level = after;
        return Ok(length);
    }
    paint_cells(&line_cells(from, to), |x, y| paint_cell(level, x, y, tile))
}

/// What the status line counts: "5 vehicles (2 trucks), 3 walls".
pub fn piece_count(level: &Level) -> String {
    let trucks = level.vehicles.iter().filter(|v| v.length >= 3).count();
    let walls = level.walls().iter().filter(|&&w| w).count();
    format!(
        "{} ({}), {}",
        crate::words::counted(level.vehicles.len() as u64, "vehicle", "vehicles"),
        crate::words::counted(trucks as u64, "truck", "trucks"),
        crate::words::counted(walls as u64, "wall", "walls")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board() -> Level {
        let mut level = Level::new(6, 6);
        level.set_wall(5, 0, true);
        level
    }

    #[test]
    fn a_drag_lays_a_vehicle_of_the_tiles_length_along_its_direction() {
        let level = board();
        // A click: a horizontal car reaching right.
        let (l, i) = lay(&level, Tile::Car, (1, 1), (1, 1)).unwrap();
        assert_eq!(
            l.vehicles[i],
            Vehicle {
                x: 1,
                y: 1,
                length: 2,
                orientation: Orientation::Horizontal,
                primary: false
            }
        );
        // A drag down: a vertical truck from the start cell.
        let (l, i) = lay(&l, Tile::Truck, (0, 2), (0, 5)).unwrap();
        assert_eq!(
            (l.vehicles[i].x, l.vehicles[i].y, l.vehicles[i].length),
            (0, 2, 3)
        );
        assert_eq!(l.vehicles[i].orientation, Orientation::Vertical);
        // A drag up and to the left reaches up from the start cell.
        let (l, i) = lay(&l, Tile::Car, (3, 4), (2, 2)).unwrap();
        assert_eq!(
            (l.vehicles[i].x, l.vehicles[i].y, l.vehicles[i].orientation),
            (3, 3, Orientation::Vertical)
        );
        // A drag left reaches left.
        let (l, i) = lay(&l, Tile::Truck, (5, 5), (4, 5)).unwrap();
        assert_eq!((l.vehicles[i].x, l.vehicles[i].y), (3, 5));
        assert!(l.problems().iter().all(|p| p.message.contains("primary")));
    }

    #[test]
    fn a_vehicle_that_would_overlap_or_leave_the_board_is_refused_with_the_reason() {
        let level = board();
        let (l, _) = lay(&level, Tile::Truck, (2, 0), (2, 1)).unwrap();
        let overlap = lay(&l, Tile::Car, (1, 1), (2, 1)).unwrap_err();
        assert!(
            overlap.0.contains("overlap truck B at (2, 1)"),
            "{}",
            overlap.0
        );
        let off = lay(&l, Tile::Truck, (4, 4), (5, 4)).unwrap_err();
        assert!(off.0.contains("leave the 6x6 board"), "{}", off.0);
        let off_left = lay(&l, Tile::Truck, (1, 4), (0, 4)).unwrap_err();
        assert!(off_left.0.contains("leave the board"), "{}", off_left.0);
        let wall = lay(&l, Tile::Car, (4, 0), (5, 0)).unwrap_err();
        assert!(wall.0.contains("(5, 0) is a wall"), "{}", wall.0);
        let upright = lay(&l, Tile::Primary, (0, 2), (0, 4)).unwrap_err();
        assert!(upright.0.contains("lies horizontally"), "{}", upright.0);
        assert!(lay(&l, Tile::Wall, (0, 0), (0, 0)).is_err());
    }

    #[test]
    fn a_new_primary_makes_the_old_one_a_plain_car() {
        let (l, _) = lay(&board(), Tile::Primary, (0, 2), (1, 2)).unwrap();
        let (l, i) = lay(&l, Tile::Primary, (2, 4), (3, 4)).unwrap();
        assert_eq!(l.primary(), Some(i));
        assert!(!l.vehicles[0].primary);
        assert_eq!((l.letter(i), l.letter(0)), ('A', 'B'));
        assert!(l.problems().is_empty(), "{:?}", l.problems());
    }

    #[test]
    fn at_most_twenty_six_vehicles_are_laid() {
        let mut level = Level::new(10, 10);
        for i in 0..MAX_VEHICLES {
            let (l, _) = lay(&level, Tile::Car, (i % 5 * 2, i / 5), (i % 5 * 2, i / 5)).unwrap();
            level = l;
        }
        let full = lay(&level, Tile::Car, (0, 8), (0, 8)).unwrap_err();
        assert!(full.0.contains("at most 26"), "{}", full.0);
    }

    #[test]
    fn a_vehicle_moves_anywhere_free_and_is_deleted() {
        let (l, _) = lay(&board(), Tile::Primary, (0, 2), (1, 2)).unwrap();
        let (l, truck) = lay(&l, Tile::Truck, (4, 1), (4, 3)).unwrap();
        let moved = move_vehicle(&l, 0, (2, 5)).unwrap();
        assert_eq!((moved.vehicles[0].x, moved.vehicles[0].y), (2, 5));
        let refused = move_vehicle(&l, 0, (3, 2)).unwrap_err();
        assert!(
            refused.0.contains("cannot move car A to (3, 2)")
                && refused.0.contains("overlap truck B at (4, 2)"),
            "{}",
            refused.0
        );
        assert!(move_vehicle(&l, 9, (0, 0)).is_err());
        let gone = delete_vehicle(&l, truck);
        assert_eq!(gone.vehicles.len(), 1);
        assert_eq!(pick(&l, 4, 2), Tile::Truck);
        assert_eq!(pick(&l, 1, 2), Tile::Primary);
        assert_eq!(pick(&l, 5, 0), Tile::Wall);
        assert_eq!(pick(&l, 0, 0), Tile::Empty);
    }

    #[test]
    fn walls_are_painted_around_vehicles_erased_and_flooded() {
        let (mut l, _) = lay(&board(), Tile::Car, (0, 0), (0, 0)).unwrap();
        let refused = paint_wall(&mut l, 1, 0).unwrap_err();
        assert!(
            refused.0.contains("car B stands at (1, 0)"),
            "{}",
            refused.0
        );
        assert_eq!(paint_wall(&mut l, 2, 2), Ok(true));
        assert_eq!(paint_wall(&mut l, 2, 2), Ok(false));
        assert!(erase(&mut l, 2, 2));
        assert!(!erase(&mut l, 2, 2));
        assert!(erase(&mut l, 1, 0), "the car is deleted");
        assert!(l.vehicles.is_empty());
        // The free region joined to (0, 0) is the whole board but the wall.
        assert_eq!(fill(&mut l, 0, 0, Tile::Wall), Ok(35));
        assert_eq!(piece_count(&l), "0 vehicles (0 trucks), 36 walls");
        assert!(fill(&mut l, 0, 0, Tile::Car).is_err());
        let mut l = board();
        assert_eq!(line(&mut l, (0, 3), (3, 3), Some(Tile::Wall)), Ok(4));
        assert_eq!(line(&mut l, (0, 4), (0, 5), Some(Tile::Car)), Ok(2));
        assert_eq!(l.vehicles[0].orientation, Orientation::Vertical);
        assert_eq!(line(&mut l, (0, 3), (3, 3), None), Ok(4));
        for t in Tile::ALL {
            assert_eq!(Tile::from_shortcut(t.shortcut()), Some(t));
        }
    }
}
