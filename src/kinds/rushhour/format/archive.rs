//! The puzzle archive's JSON (`olieslagers_2024`): a 6x6 board and its
//! `cars` (see the format module's documentation).

use serde::Deserialize;
use serde_json::Value;

use super::FormatError;
use crate::kinds::rushhour::level::{Level, Orientation, Vehicle};

/// The side of the archive's boards: `position` is `row * 6 + column`.
pub const ARCHIVE_SIDE: usize = 6;

#[derive(Deserialize)]
struct ArchivePuzzle {
    #[serde(default)]
    id: Option<Value>,
    cars: Vec<ArchiveCar>,
}

#[derive(Deserialize)]
struct ArchiveCar {
    #[serde(default)]
    id: Option<Value>,
    length: u64,
    orientation: String,
    position: u64,
    #[serde(default)]
    player: bool,
}

/// A value's text for a name: a string as it is, anything else as JSON.
fn id_text(id: &Option<Value>) -> Option<String> {
    match id {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) => Some(s.clone()),
        Some(other) => Some(other.to_string()),
    }
}

/// The name of car `index` in errors: `cars[3] (id "r")`.
fn car_name(index: usize, car: &ArchiveCar) -> String {
    match id_text(&car.id) {
        Some(id) => format!("cars[{index}] (id {})", crate::kinds::text::quoted(&id)),
        None => format!("cars[{index}]"),
    }
}

/// Reads a puzzle of the archive's JSON: the primary first, the other cars
/// in the file's order; the level is named by the puzzle's `id`. Every car
/// must lie whole on the board, on no other car; one car, horizontal, is
/// the player's.
pub fn read_archive_json(value: &Value) -> Result<Level, FormatError> {
    let puzzle: ArchivePuzzle =
        crate::kinds::text::from_value_at(value).map_err(|e| FormatError::Json(e.to_string()))?;
    let side = ARCHIVE_SIDE;
    let mut owner: Vec<Option<usize>> = vec![None; side * side];
    let mut vehicles = Vec::with_capacity(puzzle.cars.len());
    let mut primary: Option<usize> = None;
    for (index, car) in puzzle.cars.iter().enumerate() {
        let name = car_name(index, car);
        if !(2..=side as u64).contains(&car.length) {
            if car.length == 1 {
                return Err(FormatError::OneCell {
                    vehicle: name,
                    x: (car.position % side as u64) as usize,
                    y: (car.position / side as u64) as usize,
                });
            }
            return Err(FormatError::BadLength {
                vehicle: name,
                length: car.length,
                most: side,
            });
        }
        let orientation = match car.orientation.as_str() {
            "horizontal" => Orientation::Horizontal,
            "vertical" => Orientation::Vertical,
            other => {
                return Err(FormatError::Json(format!(
                    "{name}: the orientation is {}; it must be \"horizontal\" or \"vertical\"",
                    crate::kinds::text::quoted(other)
                )))
            }
        };
        if car.position >= (side * side) as u64 {
            return Err(FormatError::Json(format!(
                "{name}: the position is {}; it must be row * 6 + column, 0 to 35",
                car.position
            )));
        }
        let vehicle = Vehicle {
            x: car.position as usize % side,
            y: car.position as usize / side,
            length: car.length as usize,
            orientation,
            primary: car.player,
        };
        for (x, y) in vehicle.cells() {
            if x >= side || y >= side {
                return Err(FormatError::OffBoard {
                    vehicle: name,
                    x,
                    y,
                    side,
                });
            }
            if let Some(other) = owner[y * side + x] {
                return Err(FormatError::Overlap {
                    vehicle: name,
                    other: car_name(other, &puzzle.cars[other]),
                    x,
                    y,
                });
            }
            owner[y * side + x] = Some(index);
        }
        if car.player {
            if let Some(first) = primary {
                return Err(FormatError::TwoPrimaries {
                    first: car_name(first, &puzzle.cars[first]),
                    second: name,
                });
            }
            if orientation == Orientation::Vertical {
                return Err(FormatError::VerticalPrimary {
                    vehicle: name,
                    x: vehicle.x,
                    y: vehicle.y,
                });
            }
            primary = Some(index);
        }
        vehicles.push(vehicle);
    }
    let Some(primary) = primary else {
        return Err(FormatError::NoPrimary(
            "no car of \"cars\" says \"player\": true",
        ));
    };
    let mut level = Level::new(side, side);
    level.name = id_text(&puzzle.id).unwrap_or_default();
    level.vehicles.push(vehicles[primary]);
    level.vehicles.extend(
        vehicles
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != primary)
            .map(|(_, v)| *v),
    );
    Ok(level)
}

/// Writes a level as a puzzle of the archive's JSON: the primary is the
/// player's car `"r"`, the others are numbered from `"0"` in the level's
/// order, and `id` is the level's name. Only a valid 6x6 level without
/// walls can be said (the archive has no walls and no other size).
pub fn write_archive_json(level: &Level) -> Result<String, FormatError> {
    if level.width() != ARCHIVE_SIDE || level.height() != ARCHIVE_SIDE {
        return Err(FormatError::Unsayable(format!(
            "the archive's JSON holds 6x6 boards; this one is {}x{}",
            level.width(),
            level.height()
        )));
    }
    if let Some(at) = level.walls().iter().position(|&w| w) {
        return Err(FormatError::Unsayable(format!(
            "the archive's JSON has no walls; the level has one at ({}, {})",
            at % ARCHIVE_SIDE,
            at / ARCHIVE_SIDE
        )));
    }
    if let Some(problem) = level.problems().first() {
        return Err(FormatError::Unsayable(format!(
            "the level is not valid: {problem}"
        )));
    }
    let mut others = 0;
    let cars: Vec<Value> = level
        .vehicles
        .iter()
        .map(|v| {
            let id = if v.primary {
                "r".to_string()
            } else {
                others += 1;
                (others - 1).to_string()
            };
            serde_json::json!({
                "length": v.length,
                "id": id,
                "orientation": v.orientation.name(),
                "position": v.y * ARCHIVE_SIDE + v.x,
                "player": v.primary,
            })
        })
        .collect();
    let puzzle = serde_json::json!({"id": level.name, "cars": cars});
    let mut text = serde_json::to_string(&puzzle).unwrap_or_default();
    text.push('\n');
    Ok(text)
}

/// Whether a text looks like a puzzle of the archive: a JSON object with a
/// `cars` list and no `format` field (ours has one).
pub fn looks_like_archive(text: &str) -> bool {
    let text = text.trim_start();
    text.starts_with('{')
        && text.contains("\"cars\"")
        && !text.contains("\"levelscope-level\"")
        && !text.contains("\"levelscope-pack\"")
}
