//! Rush Hour's levelscope JSON: every level, valid or not, written and
//! read back equal (see the format module's documentation).

use serde::Deserialize;
use serde_json::{json, Value};

use super::line::{EMPTY, WALL};
use super::{FormatError, KIND, LEVEL_VERSION};
use crate::kinds::envelope::{check_envelope, envelope_fields};
use crate::kinds::rushhour::level::{Level, Orientation, Vehicle, MAX_SIDE};

/// The JSON value of a level (see the module's documentation).
pub fn to_json_value(level: &Level) -> Value {
    let rows: Vec<String> = (0..level.height())
        .map(|y| {
            (0..level.width())
                .map(|x| if level.is_wall(x, y) { WALL } else { EMPTY })
                .collect()
        })
        .collect();
    let vehicles: Vec<Value> = level
        .vehicles
        .iter()
        .map(|v| {
            json!({
                "x": v.x,
                "y": v.y,
                "length": v.length,
                "orientation": v.orientation.name(),
                "primary": v.primary,
            })
        })
        .collect();
    let mut fields = envelope_fields(KIND, LEVEL_VERSION);
    fields.insert("name".into(), json!(level.name));
    fields.insert("width".into(), json!(level.width()));
    fields.insert("height".into(), json!(level.height()));
    fields.insert("rows".into(), json!(rows));
    fields.insert("vehicles".into(), json!(vehicles));
    Value::Object(fields)
}

/// The JSON text of a level, pretty-printed.
pub fn write_json(level: &Level) -> String {
    let mut text = serde_json::to_string_pretty(&to_json_value(level)).unwrap_or_default();
    text.push('\n');
    text
}

/// Reads a JSON level from its text.
pub fn read_json(text: &str) -> Result<Level, FormatError> {
    let value: Value = serde_json::from_str(text).map_err(|e| FormatError::Json(e.to_string()))?;
    from_json_value(&value)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonLevel {
    #[allow(dead_code)]
    format: String,
    #[allow(dead_code)]
    version: u32,
    #[allow(dead_code)]
    kind: String,
    #[serde(default)]
    name: String,
    width: Value,
    height: Value,
    rows: Vec<String>,
    vehicles: Vec<JsonVehicle>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonVehicle {
    x: u64,
    y: u64,
    length: u64,
    orientation: String,
    #[serde(default)]
    primary: bool,
}

/// Reads a level from its JSON value (see the module's documentation).
/// Vehicles need not make a valid level (they may overlap, stand on
/// walls, run off the board: [`Level::problems`] says so), but each
/// starts on the board and covers 1 to 10 cells.
pub fn from_json_value(value: &Value) -> Result<Level, FormatError> {
    check_envelope(value, KIND, LEVEL_VERSION)?;
    let body: JsonLevel =
        crate::kinds::text::from_value_at(value).map_err(|e| FormatError::Json(e.to_string()))?;
    let side = |value: &Value, name: &str| {
        crate::kinds::text::whole_number_in(Some(value), name, 1, MAX_SIDE as u64)
            .map(|n| n as usize)
            .map_err(|e| FormatError::Json(e.to_string()))
    };
    let (width, height) = (side(&body.width, "width")?, side(&body.height, "height")?);
    if body.rows.len() != height {
        return Err(FormatError::Json(format!(
            "\"rows\" has {} rows, but the height is {height}",
            body.rows.len()
        )));
    }
    let mut level = Level::new(width, height);
    level.name = body.name;
    for (y, row) in body.rows.iter().enumerate() {
        let len = row.chars().count();
        if len != width {
            return Err(FormatError::Json(format!(
                "rows[{y}] has {len} cells, but the width is {width}"
            )));
        }
        for (x, ch) in row.chars().enumerate() {
            match ch {
                'o' | '.' => {}
                'x' => level.set_wall(x, y, true),
                _ => {
                    return Err(FormatError::Json(format!(
                        "rows[{y}], cell ({x}, {y}): unknown character {ch:?} (rows know o or . for empty and x for a wall)"
                    )))
                }
            }
        }
    }
    for (i, v) in body.vehicles.iter().enumerate() {
        let place = |what: &str| FormatError::Json(format!("vehicles[{i}]: {what}"));
        if v.x >= width as u64 || v.y >= height as u64 {
            return Err(place(&format!(
                "its first cell ({}, {}) is off the {width}x{height} board",
                v.x, v.y
            )));
        }
        if !(1..=MAX_SIDE as u64).contains(&v.length) {
            return Err(place(&format!(
                "the length is {}; it must be 1 to {MAX_SIDE}",
                v.length
            )));
        }
        let orientation = match v.orientation.as_str() {
            "horizontal" => Orientation::Horizontal,
            "vertical" => Orientation::Vertical,
            other => {
                return Err(place(&format!(
                    "the orientation is {}; it must be \"horizontal\" or \"vertical\"",
                    crate::kinds::text::quoted(other)
                )))
            }
        };
        level.vehicles.push(Vehicle {
            x: v.x as usize,
            y: v.y as usize,
            length: v.length as usize,
            orientation,
            primary: v.primary,
        });
    }
    Ok(level)
}
