//! Level text of every kind: which format a text is in (told from its
//! content, or forced by the caller), reading it into [`Level`]s, and
//! writing levels in any format that can say them.

use serde_json::Value;

use super::{prism, skiddy, sokoban, tangram, Kind, Level};

/// The `format` field of a JSON level.
pub const LEVEL_FORMAT: &str = "levelscope-level";
/// The `format` field of a pack file.
pub const PACK_FORMAT: &str = "levelscope-pack";

/// A text format of some kind's levels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TextFormat {
    /// levelscope's JSON level (any kind; the complete form).
    Json,
    /// Skiddy's ASCII board, one character a cell.
    SkiddyAscii,
    /// Prism's 2016 text: one level, with enemies and a background.
    Prism2016,
    /// Prism's 2017 text: several levels, without enemies, on black.
    Prism2017,
    /// Tangram's original text: the board side, the shape count, then each
    /// shape's triangles.
    TangramText,
    /// Sokoban's standard XSB text: one level or a collection, each level
    /// named by its title.
    Xsb,
}

impl TextFormat {
    /// Every format, in the order `--to` lists them.
    pub const ALL: [TextFormat; 6] = [
        TextFormat::Json,
        TextFormat::Prism2016,
        TextFormat::Prism2017,
        TextFormat::SkiddyAscii,
        TextFormat::TangramText,
        TextFormat::Xsb,
    ];

    /// The name used on the command line: `"json"`, `"skiddy-ascii"`.
    pub fn name(self) -> &'static str {
        match self {
            TextFormat::Json => "json",
            TextFormat::SkiddyAscii => "skiddy-ascii",
            TextFormat::Prism2016 => "prism-2016",
            TextFormat::Prism2017 => "prism-2017",
            TextFormat::TangramText => "tangram-text",
            TextFormat::Xsb => "xsb",
        }
    }

    /// The format named `name`.
    pub fn from_name(name: &str) -> Option<TextFormat> {
        TextFormat::ALL
            .into_iter()
            .find(|f| f.name().eq_ignore_ascii_case(name))
    }

    /// The kind whose levels it holds; `None` for JSON, which holds any.
    pub fn kind(self) -> Option<Kind> {
        match self {
            TextFormat::Json => None,
            TextFormat::SkiddyAscii => Some(Kind::Skiddy),
            TextFormat::Prism2016 | TextFormat::Prism2017 => Some(Kind::Prism),
            TextFormat::TangramText => Some(Kind::Tangram),
            TextFormat::Xsb => Some(Kind::Sokoban),
        }
    }

    /// The file extension levels in this format are saved with.
    pub fn extension(self) -> &'static str {
        match self {
            TextFormat::Json => "json",
            TextFormat::SkiddyAscii
            | TextFormat::Prism2016
            | TextFormat::Prism2017
            | TextFormat::TangramText => "txt",
            TextFormat::Xsb => "xsb",
        }
    }

    /// Whether one file in this format can hold several levels.
    pub fn holds_several(self) -> bool {
        match self {
            TextFormat::Prism2017 | TextFormat::Xsb => true,
            TextFormat::Json
            | TextFormat::SkiddyAscii
            | TextFormat::Prism2016
            | TextFormat::TangramText => false,
        }
    }
}

/// Why a text could not be read as levels.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReadError {
    /// The text is empty (or only white space).
    #[error("the file is empty")]
    Empty,
    /// The text is a pack, not a level; read it with the pack reader.
    #[error("the file is a levelscope pack, not a level")]
    IsAPack,
    /// No format fits the text.
    #[error("not a level of any kind levelscope knows ({0})")]
    Unknown(String),
    /// The text is in a known format but broken.
    #[error("{0}")]
    Bad(String),
}

/// What a JSON text says it is, from its `format` field.
fn json_format(value: &Value) -> Option<&str> {
    value.get("format").and_then(|f| f.as_str())
}

/// Whether `text` is a levelscope pack: a JSON object whose `format` field
/// (read, not searched for in the text) is the pack format. A JSON text too
/// broken to parse counts when the `format` field opening it says so.
pub fn is_pack_text(text: &str) -> bool {
    let text = text.trim_start_matches('\u{feff}');
    match serde_json::from_str::<Value>(text) {
        Ok(value) => json_format(&value) == Some(PACK_FORMAT),
        Err(_) => broken_json_format(text).as_deref() == Some(PACK_FORMAT),
    }
}

/// The value of a `"format"` field that opens a JSON object whose text is
/// broken further on, read as JSON tokens (`{ "format" : "..."`), so that
/// a level or pack cut short is still told apart by what it says it is.
fn broken_json_format(text: &str) -> Option<String> {
    let rest = text.trim_start().strip_prefix('{')?.trim_start();
    let mut stream = serde_json::Deserializer::from_str(rest).into_iter::<String>();
    let key = stream.next()?.ok()?;
    if key != "format" {
        return None;
    }
    let rest = rest[stream.byte_offset()..]
        .trim_start()
        .strip_prefix(':')?
        .trim_start();
    serde_json::Deserializer::from_str(rest)
        .into_iter::<String>()
        .next()?
        .ok()
}

/// The format `text` is in, told from its content; `None` when nothing
/// fits. JSON is told by its `format` field; a pack is not a level format
/// (see [`is_pack_text`]).
///
/// XSB and Skiddy's ASCII share `#` and `.`: a text is XSB when a board
/// row holds a player or a box (`@ + $ *`, which Skiddy's ASCII never
/// uses) and no row that begins with `#` holds a character XSB does not
/// know (every Skiddy board has a Skiddy letter), see
/// [`sokoban::looks_like_xsb`]. XSB rows may begin with spaces, so it is
/// told from the text before its leading white space is trimmed.
pub fn detect(text: &str) -> Option<TextFormat> {
    let text = text.trim_start_matches('\u{feff}');
    let trimmed = text.trim_start();
    if trimmed.starts_with('{') {
        return Some(TextFormat::Json);
    }
    if tangram::looks_like_tangram(trimmed) {
        return Some(TextFormat::TangramText);
    }
    if prism::looks_like_2017(trimmed) {
        return Some(TextFormat::Prism2017);
    }
    if prism::looks_like_2016(trimmed) {
        return Some(TextFormat::Prism2016);
    }
    if sokoban::looks_like_xsb(text) {
        return Some(TextFormat::Xsb);
    }
    if skiddy::format::looks_like_ascii(trimmed) {
        return Some(TextFormat::SkiddyAscii);
    }
    None
}

/// Reads the levels a text holds (one, or several where the format allows),
/// in `format` when given, else in the format [`detect`] finds. `kind`
/// forces the kind (for example, JSON without a `kind` field).
pub fn read_levels(
    text: &str,
    format: Option<TextFormat>,
    kind: Option<Kind>,
) -> Result<Vec<Level>, ReadError> {
    let text = text.trim_start_matches('\u{feff}');
    if text.trim().is_empty() {
        return Err(ReadError::Empty);
    }
    let format = match format.or_else(|| detect(text)) {
        Some(f) => f,
        None => {
            // Say what is wrong with the text read as the closest format,
            // the way a designer who wrote it by hand would want.
            let as_skiddy = skiddy::format::parse_ascii(text)
                .err()
                .map_or_else(String::new, |e| format!("as a Skiddy board: {e}"));
            let as_prism = prism::read_2016(text)
                .err()
                .map_or_else(String::new, |e| format!("as a Prism 2016 level: {e}"));
            let as_tangram = || {
                tangram::parse_text(text)
                    .err()
                    .map_or_else(String::new, |e| format!("as a Tangram level: {e}"))
            };
            let as_sokoban = || {
                sokoban::read_xsb(text)
                    .err()
                    .map_or_else(String::new, |e| format!("as a Sokoban board: {e}"))
            };
            return Err(ReadError::Unknown(match kind {
                Some(Kind::Skiddy) => as_skiddy,
                Some(Kind::Prism) => as_prism,
                Some(Kind::Tangram) => as_tangram(),
                Some(Kind::Sokoban) => as_sokoban(),
                // A player or a box says the writer meant Sokoban.
                None if text.contains(['@', '$', '+', '*']) => {
                    format!("{}; {as_skiddy}", as_sokoban())
                }
                None => format!("{as_skiddy}; {as_prism}"),
            }));
        }
    };
    if let (Some(k), Some(fk)) = (kind, format.kind()) {
        if k != fk {
            return Err(ReadError::Bad(format!(
                "a {} file cannot hold a {} level",
                format.name(),
                k.title()
            )));
        }
    }
    match format {
        TextFormat::Json => {
            let value: Value = serde_json::from_str(text).map_err(|e| {
                if broken_json_format(text).as_deref() == Some(PACK_FORMAT) {
                    ReadError::IsAPack
                } else {
                    ReadError::Bad(format!(
                        "not a valid JSON level: {}",
                        crate::json_scan::json_error_words(&e)
                    ))
                }
            })?;
            if json_format(&value) == Some(PACK_FORMAT) {
                return Err(ReadError::IsAPack);
            }
            // A key given twice is never resolved silently (a reader keeps
            // the last one): say which, and where.
            if let Some(d) = crate::json_scan::duplicate_keys(text).first() {
                return Err(ReadError::Bad(crate::json_scan::duplicate_words(
                    d,
                    "the level",
                )));
            }
            let level = match kind {
                Some(k) if value.get("kind").is_none() => {
                    let mut value = value.clone();
                    value["kind"] = Value::String(k.name().to_string());
                    level_from_json_value(&value)
                }
                _ => level_from_json_value(&value),
            }
            .map_err(ReadError::Bad)?;
            if let Some(k) = kind {
                if level.kind() != k {
                    return Err(ReadError::Bad(format!(
                        "the level is a {} level, not a {} level",
                        level.kind().title(),
                        k.title()
                    )));
                }
            }
            Ok(vec![level])
        }
        TextFormat::SkiddyAscii => skiddy::format::parse_ascii(text)
            .map(|l| vec![Level::Skiddy(l)])
            .map_err(|e| ReadError::Bad(e.to_string())),
        TextFormat::Prism2016 => prism::read_2016(text)
            .map(|l| vec![Level::Prism(l)])
            .map_err(|e| ReadError::Bad(e.to_string())),
        TextFormat::Prism2017 => prism::read_2017(text)
            .map(|ls| ls.into_iter().map(Level::Prism).collect())
            .map_err(|e| ReadError::Bad(e.to_string())),
        TextFormat::TangramText => tangram::parse_text(text)
            .map(|l| vec![Level::Tangram(l)])
            .map_err(|e| ReadError::Bad(e.to_string())),
        TextFormat::Xsb => sokoban::read_xsb(text)
            .map(|ls| ls.into_iter().map(Level::Sokoban).collect())
            .map_err(|e| ReadError::Bad(e.to_string())),
    }
}

/// How many characters of an offending line or token an error quotes.
pub const QUOTE_CHARS: usize = 40;

/// `text` as an error quotes it: whole when short, else its first
/// [`QUOTE_CHARS`] characters, "…" and how long it is.
pub fn shortened(text: &str) -> String {
    if text.chars().count() <= QUOTE_CHARS {
        return text.to_string();
    }
    let start: String = text.chars().take(QUOTE_CHARS).collect();
    format!("{start}… ({} characters)", text.chars().count())
}

/// `text` quoted as an error shows it: in double quotes, shortened as by
/// [`shortened`] (a 3 MB line gives a line of the message, not 3 MB).
pub fn quoted(text: &str) -> String {
    let count = text.chars().count();
    if count <= QUOTE_CHARS {
        return format!("{text:?}");
    }
    let start: String = text.chars().take(QUOTE_CHARS).collect();
    format!("{start:?}… ({count} characters)")
}

/// Reads `value` as a `T`; an error names the field path where the value
/// does not fit, in a designer's words (`rows[1] is 65536, not a
/// string`), never in Rust's (`expected usize`).
pub fn from_value_at<T: serde::de::DeserializeOwned>(value: &Value) -> Result<T, String> {
    serde_path_to_error::deserialize(value).map_err(|e| {
        let path = e.path().to_string();
        let place = if path == "." {
            "the value".to_string()
        } else {
            path
        };
        serde_words(&place, &e.inner().to_string())
    })
}

/// What serde expected, in a designer's words.
fn expected_words(expected: &str) -> String {
    match expected {
        "usize" | "u64" | "u32" | "u16" => "a whole number of 0 or more".into(),
        "u8" => "a whole number from 0 to 255".into(),
        "i8" | "i16" | "i32" | "i64" | "isize" => "a whole number".into(),
        "f32" | "f64" => "a number".into(),
        "a sequence" => "a list".into(),
        "a map" => "an object".into(),
        "a boolean" => "true or false".into(),
        other if other.starts_with("struct ") => "an object".into(),
        other => other
            .strip_prefix("an array of length ")
            .map(|n| format!("a list of {n} items"))
            .unwrap_or_else(|| other.to_string()),
    }
}

/// What serde found instead, in a designer's words.
fn found_words(found: &str) -> String {
    let ticked = |prefix: &str| {
        found
            .strip_prefix(prefix)
            .and_then(|rest| rest.strip_prefix('`'))
            .and_then(|rest| rest.strip_suffix('`'))
            .map(str::to_string)
    };
    if let Some(n) = ticked("integer ") {
        return n;
    }
    if let Some(n) = ticked("floating point ") {
        return format!("{n}, a number with a fraction");
    }
    if let Some(b) = ticked("boolean ") {
        return b;
    }
    if let Some(text) = found
        .strip_prefix("string \"")
        .and_then(|rest| rest.strip_suffix('"'))
    {
        return format!("the text {}", quoted(text));
    }
    match found {
        "sequence" => "a list".into(),
        "map" => "an object".into(),
        "unit value" | "null" => "null".into(),
        other => shortened(other),
    }
}

/// A serde error message about the value at `place` in a designer's
/// words: what was found and what was expected, never a Rust type.
pub fn serde_words(place: &str, message: &str) -> String {
    for prefix in ["invalid type: ", "invalid value: "] {
        if let Some((found, expected)) = message
            .strip_prefix(prefix)
            .and_then(|rest| rest.rsplit_once(", expected "))
        {
            return format!(
                "{place} is {}, not {}",
                found_words(found),
                expected_words(expected)
            );
        }
    }
    if let Some(rest) = message.strip_prefix("invalid length ") {
        if let Some((length, expected)) = rest.split_once(", expected ") {
            return format!(
                "{place} has {length} items, not {}",
                expected_words(expected)
            );
        }
    }
    if let Some(field) = message
        .strip_prefix("missing field `")
        .and_then(|rest| rest.strip_suffix('`'))
    {
        return format!("{place}: the field \"{field}\" is missing");
    }
    if let Some(rest) = message.strip_prefix("unknown field `") {
        if let Some((field, known)) = rest.split_once('`') {
            let known = known
                .trim_start_matches(", expected one of ")
                .trim_start_matches(", expected ")
                .replace('`', "");
            return format!("{place}: unknown field {} (known: {known})", quoted(field));
        }
    }
    format!("{place}: {}", shortened(message))
}

/// A whole number from `least` to `most`, or an error naming `field` and
/// its real bounds.
pub fn whole_number_in(
    value: Option<&Value>,
    field: &str,
    least: u64,
    most: u64,
) -> Result<u64, String> {
    match value.and_then(Value::as_u64) {
        Some(n) if (least..=most).contains(&n) => Ok(n),
        _ => {
            let found = match value {
                None => "missing".to_string(),
                Some(Value::Number(n)) => n.to_string(),
                Some(Value::String(s)) => format!("the text {}", quoted(s)),
                Some(other) => crate::json_scan::json_type_words(other).to_string(),
            };
            Err(format!(
                "\"{field}\" is {found}; it must be a whole number from {least} to {most}"
            ))
        }
    }
}

/// Reads a level from its JSON form, dispatching on its `kind` field; a
/// level without one is a Skiddy level.
pub fn level_from_json_value(value: &Value) -> Result<Level, String> {
    let kind = match value.get("kind") {
        None | Some(Value::Null) => Kind::Skiddy,
        Some(Value::String(name)) => Kind::from_name(name).ok_or_else(|| {
            format!(
                "the level's kind {} is not one levelscope knows (known: {})",
                quoted(name),
                Kind::ALL.map(|k| k.name()).join(", ")
            )
        })?,
        Some(other) => return Err(format!("\"kind\" is not a string but {other}")),
    };
    match kind {
        Kind::Skiddy => {
            let mut value = value.clone();
            if value.get("kind").is_none() {
                if let Some(object) = value.as_object_mut() {
                    object.insert("kind".into(), Value::String("skiddy".into()));
                }
            }
            skiddy::format::from_json_value(&value)
                .map(Level::Skiddy)
                .map_err(|e| e.to_string())
        }
        Kind::Prism => prism::from_json_value(value)
            .map(Level::Prism)
            .map_err(|e| e.to_string()),
        Kind::Tangram => tangram::from_json_value(value)
            .map(Level::Tangram)
            .map_err(|e| e.to_string()),
        Kind::Sokoban => sokoban::from_json_value(value)
            .map(Level::Sokoban)
            .map_err(|e| e.to_string()),
    }
}

/// The text of `levels` in `format`, or why that format cannot say them:
/// a format of another kind, several levels where it holds one, or
/// something the format has no way to say (named in the message).
pub fn write_levels(levels: &[Level], format: TextFormat) -> Result<String, String> {
    if levels.is_empty() {
        return Err("there is no level to write".into());
    }
    if levels.len() > 1 && !format.holds_several() {
        return Err(format!(
            "the {} format holds one level, and there are {}; write a pack (json) instead",
            format.name(),
            levels.len()
        ));
    }
    if let Some(fk) = format.kind() {
        if let Some(other) = levels.iter().find(|l| l.kind() != fk) {
            return Err(format!(
                "the {} format holds {} levels only, not a {} level",
                format.name(),
                fk.title(),
                other.kind().title()
            ));
        }
    }
    match (format, &levels[0]) {
        (TextFormat::Json, level) => Ok(serde_json::to_string_pretty(&level.to_json_value())
            .expect("a level always serialises")
            + "\n"),
        (TextFormat::SkiddyAscii, Level::Skiddy(l)) => {
            skiddy::format::to_ascii(l).map_err(|e| e.to_string())
        }
        (TextFormat::Prism2016, Level::Prism(l)) => prism::write_2016(l).map_err(|e| e.to_string()),
        (TextFormat::TangramText, Level::Tangram(l)) => {
            if !l.name.is_empty() {
                return Err(format!(
                    "the tangram-text format has no place for the level's name {:?}; write json to keep it",
                    l.name
                ));
            }
            Ok(tangram::to_text(l))
        }
        (TextFormat::Xsb, _) => {
            let boards: Vec<sokoban::Level> = levels
                .iter()
                .filter_map(|l| l.as_sokoban().cloned())
                .collect();
            sokoban::write_xsb_collection(&boards).map_err(|e| e.to_string())
        }
        (TextFormat::Prism2017, _) => {
            let prisms: Vec<prism::Level> = levels
                .iter()
                .filter_map(|l| l.as_prism().cloned())
                .collect();
            prism::write_2017(&prisms).map_err(|e| e.to_string())
        }
        (format, level) => Err(format!(
            "the {} format cannot hold a {} level",
            format.name(),
            level.kind().title()
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ONE_ONE: &str = "#####\n#R.R#\n#...#\n#r###\n";

    #[test]
    fn formats_are_told_from_content() {
        assert_eq!(detect(ONE_ONE), Some(TextFormat::SkiddyAscii));
        assert_eq!(detect("\u{feff}{\"format\": 1}"), Some(TextFormat::Json));
        assert_eq!(detect("hello there"), None);
        assert!(is_pack_text(
            r#"{"format": "levelscope-pack", "version": 1, "levels": []}"#
        ));
        assert!(is_pack_text(
            r#"{"format": "levelscope-pack", "version": 1, "levels": [{"#
        ));
        // A name that mentions the pack format does not make a level a pack.
        let level = r####"{"format": "levelscope-level", "version": 1, "kind": "skiddy", "name": "levelscope-pack", "rows": ["###", "#R#", "#r#"]}"####;
        assert!(!is_pack_text(level));
        let read = read_levels(level, None, None).unwrap();
        assert_eq!(read[0].name(), "levelscope-pack");
    }

    #[test]
    fn json_without_a_kind_is_skiddy_and_round_trips() {
        let json = r######"{"format": "levelscope-level", "version": 1, "name": "a", "rows": ["#####", "#R.R#", "#...#", "#r###"]}"######;
        let levels = read_levels(json, None, None).unwrap();
        assert_eq!(levels.len(), 1);
        assert_eq!(levels[0].kind(), Kind::Skiddy);
        let text = levels[0].write(TextFormat::Json).unwrap();
        assert_eq!(read_levels(&text, None, None).unwrap(), levels);
        assert_eq!(
            levels[0].write(TextFormat::SkiddyAscii).unwrap(),
            ONE_ONE,
            "ASCII drops only the name"
        );
    }

    #[test]
    fn bad_input_says_what() {
        assert_eq!(read_levels("  \n", None, None), Err(ReadError::Empty));
        assert!(matches!(
            read_levels("hello", None, None),
            Err(ReadError::Unknown(_))
        ));
        assert_eq!(
            read_levels(
                r#"{"format": "levelscope-pack", "version": 1, "levels": []}"#,
                None,
                None
            ),
            Err(ReadError::IsAPack)
        );
        let unknown = read_levels(
            r#"{"format": "levelscope-level", "version": 1, "kind": "chess", "rows": []}"#,
            None,
            None,
        )
        .unwrap_err()
        .to_string();
        assert!(unknown.contains("\"chess\""), "{unknown}");
        assert!(read_levels("{", None, None)
            .unwrap_err()
            .to_string()
            .contains("not a valid JSON level"));
    }

    const MICRO: &str = "; 1\n\n####\n# .#\n#  ###\n#*@  #\n#  $ #\n#  ###\n####\n\n; 2\n\n  #####\n###@$.#\n  #####\n";

    #[test]
    fn xsb_is_told_apart_from_skiddy_ascii() {
        assert_eq!(detect(MICRO), Some(TextFormat::Xsb));
        // A board opening with spaces is XSB too.
        assert_eq!(detect("  #####\n###@$.#\n  #####\n"), Some(TextFormat::Xsb));
        // Skiddy boards share `#` and `.` with XSB, but never a player or a
        // box, and their Skiddy letters are not XSB.
        assert_eq!(detect(ONE_ONE), Some(TextFormat::SkiddyAscii));
        assert_eq!(
            detect("#####\n#R..#\n#.c.#\n#r###\n"),
            Some(TextFormat::SkiddyAscii)
        );
        let skiddy = read_levels(ONE_ONE, None, None).unwrap();
        assert_eq!(skiddy[0].kind(), Kind::Skiddy);
    }

    #[test]
    fn an_xsb_collection_reads_as_many_levels_named_by_their_titles() {
        let levels = read_levels(MICRO, None, None).unwrap();
        assert_eq!(levels.len(), 2);
        assert!(levels.iter().all(|l| l.kind() == Kind::Sokoban));
        assert_eq!(levels[0].name(), "1");
        assert_eq!(levels[1].name(), "2");
        let text = write_levels(&levels, TextFormat::Xsb).unwrap();
        assert_eq!(read_levels(&text, None, None).unwrap(), levels, "{text}");
        assert_eq!(TextFormat::Xsb.extension(), "xsb");
        assert!(Kind::Sokoban.formats().contains(&TextFormat::Xsb));
        // JSON keeps the level whole too.
        let json = levels[0].write(TextFormat::Json).unwrap();
        assert_eq!(read_levels(&json, None, None).unwrap()[0], levels[0]);
        // A Skiddy level is not XSB.
        let skiddy = read_levels(ONE_ONE, None, None).unwrap();
        assert!(write_levels(&skiddy, TextFormat::Xsb)
            .unwrap_err()
            .contains("holds Sokoban levels only"));
    }

    #[test]
    fn writing_refuses_what_a_format_cannot_hold() {
        let level = read_levels(ONE_ONE, None, None).unwrap().remove(0);
        let two = [level.clone(), level];
        assert!(write_levels(&two, TextFormat::SkiddyAscii)
            .unwrap_err()
            .contains("holds one level"));
        assert!(write_levels(&[], TextFormat::Json).is_err());
    }
}
