//! Rush Hour's moves (docs/rules.md, Rush Hour): one move slides one
//! vehicle along its own line by any number of free cells; the level is
//! won when the primary car's right end stands on the last column, and a
//! win ends play.
//!
//! These functions work on any [`Level`], valid or not, and never panic:
//! a cell off the board, a wall or another vehicle's cell blocks a slide.

use std::fmt;

use super::level::{Level, Orientation, Vehicle};

/// One move: vehicle `vehicle` (its index in [`Level::vehicles`]) slides
/// `distance` cells along its line, `+` right or down, `-` left or up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The vehicle's index in [`Level::vehicles`].
    pub vehicle: usize,
    /// How far it slides: positive right or down, negative left or up.
    pub distance: i32,
}

impl Move {
    /// The move in Fogleman's notation on `level` (`A+2`, `C-1`), as a
    /// value to format.
    pub fn on(self, level: &Level) -> MoveOn<'_> {
        MoveOn { mv: self, level }
    }

    /// How many cells it slides (a move's steps).
    pub fn steps(self) -> u32 {
        self.distance.unsigned_abs()
    }
}

/// A move with the level that names its vehicle: its `Display` writes
/// Fogleman's notation, the vehicle's letter and the signed distance
/// (`A+2`, `C-1`); a vehicle the level does not have is written `?`.
#[derive(Clone, Copy, Debug)]
pub struct MoveOn<'a> {
    mv: Move,
    level: &'a Level,
}

impl fmt::Display for MoveOn<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letter = if self.mv.vehicle < self.level.vehicles.len() {
            self.level.letter(self.mv.vehicle)
        } else {
            '?'
        };
        write!(f, "{letter}{:+}", self.mv.distance)
    }
}

/// Why a move cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The level has no vehicle of that index.
    #[error("no vehicle number {vehicle}: the level has {count}")]
    NoSuchVehicle {
        /// The index asked for.
        vehicle: usize,
        /// How many vehicles the level has.
        count: usize,
    },
    /// A slide of no cells.
    #[error("{letter}+0 slides no cell: a move slides a vehicle at least one cell")]
    ZeroDistance {
        /// The vehicle's letter.
        letter: char,
    },
    /// The slide would leave the vehicle's line on the board.
    #[error(
        "{letter}{distance:+} goes off the board: {letter} can slide at most {room_back} back \
         and {room_forward} forward along its line"
    )]
    OutOfRange {
        /// The vehicle's letter.
        letter: char,
        /// The distance asked for.
        distance: i32,
        /// The cells between the vehicle and the board's edge behind it.
        room_back: i32,
        /// The cells between the vehicle and the board's edge ahead of it.
        room_forward: i32,
    },
    /// Something stands in the way.
    #[error("{letter}{distance:+} is blocked by {by} at ({x}, {y}); {letter} can slide {back} to {forward}")]
    Blocked {
        /// The vehicle's letter.
        letter: char,
        /// The distance asked for.
        distance: i32,
        /// What blocks it: `"vehicle C"` or `"a wall"`.
        by: String,
        /// The blocked cell's column.
        x: usize,
        /// The blocked cell's row.
        y: usize,
        /// How far it can slide back (zero or negative).
        back: i32,
        /// How far it can slide forward (zero or positive).
        forward: i32,
    },
    /// The level is won: a win ends play.
    #[error("the level is won: a win ends play")]
    Won,
}

/// The cell `steps` cells along `vehicle`'s line from its first cell
/// (negative: behind it), if it is on the board.
fn line_cell(level: &Level, vehicle: &Vehicle, steps: i64) -> Option<(usize, usize)> {
    let (x, y) = (vehicle.x as i64, vehicle.y as i64);
    let (x, y) = match vehicle.orientation {
        Orientation::Horizontal => (x.checked_add(steps)?, y),
        Orientation::Vertical => (x, y.checked_add(steps)?),
    };
    let on_board =
        (0..level.width() as i64).contains(&x) && (0..level.height() as i64).contains(&y);
    on_board.then_some((x as usize, y as usize))
}

/// What stands on `(x, y)` for vehicle `moving`: `None` when the cell is
/// free, else `"a wall"` or `"vehicle C"`.
fn blocker(level: &Level, moving: usize, x: usize, y: usize) -> Option<String> {
    if level.is_wall(x, y) {
        return Some("a wall".to_string());
    }
    level
        .vehicles
        .iter()
        .enumerate()
        .find(|&(i, v)| i != moving && covers(v, x, y))
        .map(|(i, _)| format!("vehicle {}", level.letter(i)))
}

/// Whether `vehicle` covers `(x, y)` (without overflowing on vehicles far
/// off the board).
fn covers(vehicle: &Vehicle, x: usize, y: usize) -> bool {
    let (along, across, first, line) = match vehicle.orientation {
        Orientation::Horizontal => (x, y, vehicle.x, vehicle.y),
        Orientation::Vertical => (y, x, vehicle.y, vehicle.x),
    };
    across == line && along >= first && along - first < vehicle.length
}

/// The first blocked cell `direction` (`-1` or `1`) of vehicle `index`,
/// with how many free cells lie before it and what blocks it (`None` for
/// the board's edge).
fn scan(level: &Level, index: usize, direction: i64) -> (i32, Option<(usize, usize, String)>) {
    let vehicle = &level.vehicles[index];
    let first = if direction < 0 {
        -1
    } else {
        vehicle.length as i64
    };
    let mut free = 0;
    loop {
        let steps = first + direction * free as i64;
        let Some((x, y)) = line_cell(level, vehicle, steps) else {
            return (free, None);
        };
        if let Some(by) = blocker(level, index, x, y) {
            return (free, Some((x, y, by)));
        }
        free += 1;
    }
}

/// How far vehicle `vehicle` can slide back (left or up; zero or
/// negative) and forward (right or down; zero or positive), e.g. `(-2, 1)`.
/// `(0, 0)` for a vehicle the level does not have.
pub fn slide_range(level: &Level, vehicle: usize) -> (i32, i32) {
    if vehicle >= level.vehicles.len() {
        return (0, 0);
    }
    let (back, _) = scan(level, vehicle, -1);
    let (forward, _) = scan(level, vehicle, 1);
    (-back, forward)
}

/// The level after `mv`, or why it cannot be played: no such vehicle, a
/// slide of no cells, off the board, blocked, or the level already won.
pub fn apply(level: &Level, mv: Move) -> Result<Level, MoveError> {
    let count = level.vehicles.len();
    if mv.vehicle >= count {
        return Err(MoveError::NoSuchVehicle {
            vehicle: mv.vehicle,
            count,
        });
    }
    let letter = level.letter(mv.vehicle);
    if mv.distance == 0 {
        return Err(MoveError::ZeroDistance { letter });
    }
    if is_won(level) {
        return Err(MoveError::Won);
    }
    let direction = mv.distance.signum() as i64;
    let (free, blocked) = scan(level, mv.vehicle, direction);
    if mv.distance.unsigned_abs() > free as u32 {
        let (back, forward) = slide_range(level, mv.vehicle);
        return Err(match blocked {
            Some((x, y, by)) => MoveError::Blocked {
                letter,
                distance: mv.distance,
                by,
                x,
                y,
                back,
                forward,
            },
            None => {
                let vehicle = &level.vehicles[mv.vehicle];
                let (first, side) = match vehicle.orientation {
                    Orientation::Horizontal => (vehicle.x, level.width()),
                    Orientation::Vertical => (vehicle.y, level.height()),
                };
                let room_forward = side.saturating_sub(first.saturating_add(vehicle.length));
                MoveError::OutOfRange {
                    letter,
                    distance: mv.distance,
                    room_back: first.min(i32::MAX as usize) as i32,
                    room_forward: room_forward.min(i32::MAX as usize) as i32,
                }
            }
        });
    }
    let mut after = level.clone();
    let vehicle = &mut after.vehicles[mv.vehicle];
    let along = match vehicle.orientation {
        Orientation::Horizontal => &mut vehicle.x,
        Orientation::Vertical => &mut vehicle.y,
    };
    // The slide stays on the board (checked above), so this neither
    // underflows nor overflows.
    *along = (*along as i64 + mv.distance as i64) as usize;
    Ok(after)
}

/// Every move that can be played on `level`, vehicle by vehicle, each
/// vehicle's from the farthest back to the farthest forward; none when the
/// level is won (a win ends play).
pub fn legal_moves(level: &Level) -> Vec<Move> {
    if is_won(level) {
        return Vec::new();
    }
    let mut moves = Vec::new();
    for vehicle in 0..level.vehicles.len() {
        let (back, forward) = slide_range(level, vehicle);
        moves.extend(
            (back..=forward)
                .filter(|&d| d != 0)
                .map(|distance| Move { vehicle, distance }),
        );
    }
    moves
}

/// Whether `level` is won: its primary vehicle lies horizontally with its
/// right end on the last column (it can drive out through the exit).
pub fn is_won(level: &Level) -> bool {
    level.primary().is_some_and(|i| {
        let v = &level.vehicles[i];
        v.orientation == Orientation::Horizontal
            && v.y < level.height()
            && v.x.checked_add(v.length) == Some(level.width())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vehicle(x: usize, y: usize, length: usize, orientation: Orientation) -> Vehicle {
        Vehicle {
            x,
            y,
            length,
            orientation,
            primary: false,
        }
    }

    /// A 6x6 board with the primary car A at (0, 2) and the vehicles given.
    fn board(others: &[Vehicle]) -> Level {
        let mut level = Level::new(6, 6);
        level.vehicles.push(Vehicle {
            primary: true,
            ..vehicle(0, 2, 2, Orientation::Horizontal)
        });
        level.vehicles.extend_from_slice(others);
        assert!(level.problems().is_empty(), "{:?}", level.problems());
        level
    }

    #[test]
    fn a_slide_of_three_cells_is_one_move() {
        // A at (0, 2); truck B vertical at (4, 0) blocks the exit row.
        let level = board(&[vehicle(4, 0, 3, Orientation::Vertical)]);
        let b = 1;
        assert_eq!(slide_range(&level, b), (0, 3));
        let after = apply(
            &level,
            Move {
                vehicle: b,
                distance: 3,
            },
        )
        .unwrap();
        assert_eq!((after.vehicles[b].x, after.vehicles[b].y), (4, 3));
        // A drives from column 0 to the exit in one move of 4 cells.
        assert_eq!(slide_range(&after, 0), (0, 4));
        let won = apply(
            &after,
            Move {
                vehicle: 0,
                distance: 4,
            },
        )
        .unwrap();
        assert!(is_won(&won));
        // Every distance is its own move: B has 3, A none before B moves.
        let moves = legal_moves(&level);
        let names: Vec<String> = moves.iter().map(|m| m.on(&level).to_string()).collect();
        assert_eq!(names, ["A+1", "A+2", "B+1", "B+2", "B+3"]);
        assert_eq!(
            Move {
                vehicle: 1,
                distance: 3
            }
            .steps(),
            3
        );
    }

    #[test]
    fn a_vehicle_cannot_pass_another_or_a_wall() {
        // A at (0, 2), car B horizontal at (3, 2): A slides one cell only.
        let mut level = board(&[vehicle(3, 2, 2, Orientation::Horizontal)]);
        assert_eq!(slide_range(&level, 0), (0, 1));
        let e = apply(
            &level,
            Move {
                vehicle: 0,
                distance: 2,
            },
        )
        .unwrap_err();
        assert!(
            matches!(&e, MoveError::Blocked { letter: 'A', x: 3, y: 2, back: 0, forward: 1, by, .. } if by == "vehicle B"),
            "{e:?}"
        );
        assert_eq!(
            e.to_string(),
            "A+2 is blocked by vehicle B at (3, 2); A can slide 0 to 1"
        );
        // B cannot pass A going left either, nor the board's edge right.
        assert_eq!(slide_range(&level, 1), (-1, 1));
        // A wall at (0, 3) under a vertical car C at (0, 4): C cannot rise.
        level.vehicles.push(vehicle(0, 4, 2, Orientation::Vertical));
        level.set_wall(0, 3, true);
        assert_eq!(slide_range(&level, 2), (0, 0));
        let e = apply(
            &level,
            Move {
                vehicle: 2,
                distance: -1,
            },
        )
        .unwrap_err();
        assert!(
            e.to_string()
                .starts_with("C-1 is blocked by a wall at (0, 3)"),
            "{e}"
        );
        let e = apply(
            &level,
            Move {
                vehicle: 1,
                distance: 3,
            },
        )
        .unwrap_err();
        assert_eq!(
            e,
            MoveError::OutOfRange {
                letter: 'B',
                distance: 3,
                room_back: 3,
                room_forward: 1
            }
        );
    }

    #[test]
    fn bad_moves_name_the_vehicle_and_never_panic() {
        let level = board(&[]);
        assert_eq!(
            apply(
                &level,
                Move {
                    vehicle: 0,
                    distance: 0
                }
            )
            .unwrap_err(),
            MoveError::ZeroDistance { letter: 'A' }
        );
        let e = apply(
            &level,
            Move {
                vehicle: 5,
                distance: 1,
            },
        )
        .unwrap_err();
        assert_eq!(e.to_string(), "no vehicle number 5: the level has 1");
        assert_eq!(slide_range(&level, 5), (0, 0));
        assert_eq!(
            Move {
                vehicle: 5,
                distance: -2
            }
            .on(&level)
            .to_string(),
            "?-2"
        );
        // A vehicle far off the board, or of no length: no panic.
        let mut odd = level.clone();
        odd.vehicles
            .push(vehicle(usize::MAX, 1, 2, Orientation::Horizontal));
        odd.vehicles.push(vehicle(2, 4, 0, Orientation::Vertical));
        for i in 0..odd.vehicles.len() {
            let _ = slide_range(&odd, i);
            for distance in [-20, -1, 1, 20] {
                let _ = apply(
                    &odd,
                    Move {
                        vehicle: i,
                        distance,
                    },
                );
            }
        }
        let _ = legal_moves(&odd);
    }

    #[test]
    fn a_win_ends_play() {
        let mut level = board(&[vehicle(1, 3, 2, Orientation::Horizontal)]);
        level.vehicles[0].x = 4;
        assert!(is_won(&level));
        assert!(legal_moves(&level).is_empty());
        assert_eq!(
            apply(
                &level,
                Move {
                    vehicle: 1,
                    distance: 1
                }
            )
            .unwrap_err(),
            MoveError::Won
        );
        level.vehicles[0].x = 3;
        assert!(!is_won(&level));
        // A: 3 back, 1 forward; B at (1, 3): 1 back, 3 forward.
        assert_eq!(legal_moves(&level).len(), (3 + 1) + (1 + 3));
    }
}
