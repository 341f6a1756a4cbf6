//! Sokoban's levelscope JSON: every level, valid or not, written and read
//! back equal (see the format module's documentation).

use serde::Deserialize;
use serde_json::{json, Value};

use super::{char_of, rows_of, xsb_char, FormatError, KIND, LEVEL_VERSION};
use crate::kinds::envelope::{check_envelope, envelope_fields};
use crate::kinds::sokoban::level::{Level, MAX_SIDE};

/// Whether the boxes and the player can be marked in the rows.
fn markable(level: &Level) -> bool {
    rows_of(level, '-').is_ok()
}

/// The JSON value of a level (see the module's documentation).
pub fn to_json_value(level: &Level) -> Value {
    let marked = markable(level);
    let rows: Vec<String> = if marked {
        rows_of(level, '-')
            .unwrap_or_default()
            .into_iter()
            .map(|r| r.into_iter().collect())
            .collect()
    } else {
        (0..level.height())
            .map(|y| {
                (0..level.width())
                    .map(|x| char_of(level.cell(x, y), false, false, '-').unwrap_or('#'))
                    .collect()
            })
            .collect()
    };
    let mut fields = envelope_fields(KIND, LEVEL_VERSION);
    fields.insert("name".into(), json!(level.name));
    fields.insert("width".into(), json!(level.width()));
    fields.insert("height".into(), json!(level.height()));
    fields.insert("rows".into(), json!(rows));
    let mut value = Value::Object(fields);
    if !marked {
        value["player"] = json!(level.player.map(|(x, y)| [x, y]));
        value["boxes"] = json!(level.boxes.iter().map(|&(x, y)| [x, y]).collect::<Vec<_>>());
    }
    value
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
    #[serde(default)]
    player: Option<Option<[usize; 2]>>,
    #[serde(default)]
    boxes: Option<Vec<[usize; 2]>>,
}

/// Reads a level from its JSON value (see the module's documentation).
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
    let mut cells = Vec::with_capacity(width * height);
    let mut boxes = Vec::new();
    let mut player = None;
    for (y, row) in body.rows.iter().enumerate() {
        let len = row.chars().count();
        if len != width {
            return Err(FormatError::Json(format!(
                "rows[{y}] has {len} cells, but the width is {width}"
            )));
        }
        for (x, ch) in row.chars().enumerate() {
            let (cell, has_box, is_player) = xsb_char(ch).ok_or_else(|| {
                FormatError::Json(format!(
                    "rows[{y}], cell ({x}, {y}): unknown character {ch:?} (known: # - _ . $ * @ + and space)"
                ))
            })?;
            cells.push(cell);
            if has_box {
                boxes.push((x, y));
            }
            if is_player {
                if let Some((fx, fy)) = player {
                    return Err(FormatError::Json(format!(
                        "rows[{y}], cell ({x}, {y}): a second player (the first is at ({fx}, {fy}))"
                    )));
                }
                player = Some((x, y));
            }
        }
    }
    if let Some(listed) = body.boxes {
        if !boxes.is_empty() {
            return Err(FormatError::Json(
                "the boxes are both marked in \"rows\" and listed in \"boxes\"".into(),
            ));
        }
        boxes = listed.into_iter().map(|[x, y]| (x, y)).collect();
    }
    if let Some(listed) = body.player {
        if player.is_some() {
            return Err(FormatError::Json(
                "the player is both marked in \"rows\" and given in \"player\"".into(),
            ));
        }
        player = listed.map(|[x, y]| (x, y));
    }
    let mut level = Level::from_cells(width, height, cells)
        .ok_or_else(|| FormatError::Json("the rows do not fill the board".into()))?;
    level.name = body.name;
    level.boxes = boxes;
    level.player = player;
    Ok(level)
}
