//! Level text of every kind: which format a text is in (told from its
//! content, or forced by the caller), reading it into [`Level`]s, and
//! writing levels in any format that can say them.

use serde_json::Value;

use super::level_error::{FieldError, LevelError};
use super::{Kind, Level};

/// The `format` field of a pack file.
pub const PACK_FORMAT: &str = "levelscope-pack";

/// What a kind says about one of its text formats: its names, what it
/// holds, how it is told from other texts and how it is read and written.
/// Each kind declares its own (`TEXT_FORMATS` in the kind's folder), so a
/// new kind brings its formats without touching this file.
#[derive(Debug)]
pub struct FormatSpec {
    /// The name used on the command line: `"json"`, `"skiddy-ascii"`.
    pub name: &'static str,
    /// What a level in it is called in an error: `"a Skiddy board"`.
    pub level_words: &'static str,
    /// The kind whose levels it holds; `None` for JSON, which holds any.
    pub kind: Option<Kind>,
    /// The file extension levels in this format are saved with.
    pub extension: &'static str,
    /// Whether one file in this format can hold several levels.
    pub holds_several: bool,
    /// When its test runs in [`detect`], lower first: a format whose test
    /// is stricter runs before one whose test is looser (Skiddy's ASCII,
    /// whose test accepts most boards of `#` and `.`, runs last).
    pub detect_order: u8,
    /// Whether a text (its byte-order mark removed, its leading white
    /// space kept) looks like this format.
    pub looks_like: fn(&str) -> bool,
    /// Reads the levels of a text in this format: every level that can be
    /// read, and (in a format that holds several) the levels that cannot,
    /// each named; an error when no level at all can be read.
    pub read: fn(&str) -> Result<ReadLevels, LevelError>,
    /// Writes levels in this format; given levels of its kind only, and one
    /// level unless it holds several.
    pub write: fn(&[Level]) -> Result<String, LevelError>,
    /// How a collection in this format is written back as it was read
    /// (see [`super::collection`]); `None` when its text around a level
    /// is not kept.
    pub collection: Option<super::collection::CollectionSpec>,
}

/// A level of a multi-level text that could not be read, named so that a
/// designer can find it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DamagedLevel {
    /// Its place among the file's levels, counting the damaged ones, from
    /// 0 (as `FILE#index` counts).
    pub index: usize,
    /// Its title, when the file gives one (empty if not).
    pub title: String,
    /// The line where it starts (from 1).
    pub line: usize,
    /// What is wrong with it.
    pub error: String,
}

impl DamagedLevel {
    /// What is wrong, with where the level is and its title (shortened):
    /// `the level "Corner" at line 12: line 14, column 3: unknown …`.
    pub fn words(&self) -> String {
        let title = if self.title.is_empty() {
            String::new()
        } else {
            format!(" {}", quoted(&self.title))
        };
        format!(
            "the level{title} starting at line {}: {}",
            self.line, self.error
        )
    }
}

/// The levels read from a text: those that could be read, in order, and
/// those that could not.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReadLevels {
    /// The levels that could be read, in the file's order.
    pub levels: Vec<Level>,
    /// The levels that could not be read, in the file's order.
    pub damaged: Vec<DamagedLevel>,
}

impl ReadLevels {
    /// Levels read whole, nothing damaged.
    pub fn whole(levels: Vec<Level>) -> ReadLevels {
        ReadLevels {
            levels,
            damaged: Vec::new(),
        }
    }
}

/// The lines of a text, ended by LF, CRLF or a lone CR (old Mac files), as
/// every text format reads them; a last line without an end counts, a
/// final line end adds no empty line.
pub fn text_lines(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = Some(text);
    std::iter::from_fn(move || {
        let now = rest?;
        match now.find(['\r', '\n']) {
            None => {
                rest = None;
                (!now.is_empty()).then_some(now)
            }
            Some(end) => {
                let next = if now[end..].starts_with("\r\n") {
                    end + 2
                } else {
                    end + 1
                };
                rest = Some(&now[next..]);
                Some(&now[..end])
            }
        }
    })
}

/// `text` with every line ended by LF: CRLF and lone CR ends (old Mac
/// files) become LF, so that every kind's reader sees one line end.
/// Borrowed when the text holds no CR.
pub fn with_lf_line_ends(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains('\r') {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    for line in text_lines(text) {
        out.push_str(line);
        out.push('\n');
    }
    if !text.ends_with(['\r', '\n']) {
        out.pop();
    }
    std::borrow::Cow::Owned(out)
}

/// A text format of some kind's levels: a handle on the kind's
/// [`FormatSpec`], compared by name.
#[derive(Clone, Copy)]
pub struct TextFormat(&'static FormatSpec);

impl PartialEq for TextFormat {
    fn eq(&self, other: &TextFormat) -> bool {
        self.0.name == other.0.name
    }
}

impl Eq for TextFormat {}

impl std::hash::Hash for TextFormat {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.name.hash(state);
    }
}

impl std::fmt::Debug for TextFormat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0.name)
    }
}

/// levelscope's JSON level: any kind, the complete form.
const JSON_SPEC: FormatSpec =
    FormatSpec {
        name: "json",
        level_words: "a JSON level",
        kind: None,
        extension: "json",
        holds_several: false,
        // After a kind's own JSON dialect (a format of its own whose test
        // looks inside the object, ordered below 5).
        detect_order: 5,
        looks_like: |text| text.trim_start().starts_with('{'),
        read: |text| {
            read_levels(text, Some(TextFormat::JSON), None)
                .map(ReadLevels::whole)
                .map_err(LevelError::from)
        },
        write: |levels| {
            let level = levels.first().ok_or(LevelError::NothingToWrite)?;
            Ok(serde_json::to_string_pretty(&level.to_json_value())
                .expect("a level always serialises")
                + "\n")
        },
        collection: None,
    };

impl TextFormat {
    /// levelscope's JSON level (any kind; the complete form).
    pub const JSON: TextFormat = TextFormat(&JSON_SPEC);

    /// The format a kind's [`FormatSpec`] describes.
    pub const fn of(spec: &'static FormatSpec) -> TextFormat {
        TextFormat(spec)
    }

    /// Every format, in the order `--to` lists them: JSON, then the kinds'
    /// formats by name.
    pub fn all() -> Vec<TextFormat> {
        let mut formats: Vec<TextFormat> = Kind::ALL
            .into_iter()
            .flat_map(|k| k.formats().iter().copied())
            .filter(|f| *f != TextFormat::JSON)
            .collect();
        formats.sort_by_key(|f| f.name());
        formats.dedup();
        formats.insert(0, TextFormat::JSON);
        formats
    }

    /// The name used on the command line: `"json"`, `"skiddy-ascii"`.
    pub fn name(self) -> &'static str {
        self.0.name
    }

    /// The format named `name`.
    pub fn from_name(name: &str) -> Option<TextFormat> {
        TextFormat::all()
            .into_iter()
            .find(|f| f.name().eq_ignore_ascii_case(name))
    }

    /// The kind whose levels it holds; `None` for JSON, which holds any.
    pub fn kind(self) -> Option<Kind> {
        self.0.kind
    }

    /// The file extension levels in this format are saved with.
    pub fn extension(self) -> &'static str {
        self.0.extension
    }

    /// Whether one file in this format can hold several levels.
    pub fn holds_several(self) -> bool {
        self.0.holds_several
    }

    /// How a collection in this format is written back as it was read,
    /// when it can be.
    pub fn collection(self) -> Option<&'static super::collection::CollectionSpec> {
        self.0.collection.as_ref()
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
    /// A level of a text that holds several is broken.
    #[error("{}", .0.words())]
    Damaged(DamagedLevel),
    /// Several levels of a text are broken; the first is named.
    #[error("{count} levels cannot be read; the first is {}", .first.words())]
    SeveralDamaged {
        /// How many cannot be read.
        count: usize,
        /// The first of them.
        first: DamagedLevel,
    },
    /// A kind's format was asked to hold a level of another kind.
    #[error("a {format} file cannot hold a {} level", .kind.title())]
    NotOfFormat {
        /// The format's name.
        format: &'static str,
        /// The kind asked for.
        kind: Kind,
    },
    /// A JSON level that does not parse.
    #[error("not a valid JSON level: {0}")]
    Json(String),
    /// A key given twice in a JSON level (where, in words).
    #[error("{0}")]
    DuplicateKey(String),
    /// A level of another kind than the one asked for.
    #[error("the level is a {} level, not a {} level", .found.title(), .wanted.title())]
    OtherKind {
        /// The level's kind.
        found: Kind,
        /// The kind asked for.
        wanted: Kind,
    },
    /// The text is in a known format but broken.
    #[error(transparent)]
    Bad(Box<LevelError>),
}

/// What a JSON text says it is, from its `format` field.
fn json_format(value: &Value) -> Option<&str> {
    value.get("format").and_then(|f| f.as_str())
}

/// Whether `text` is a levelscope pack: a JSON object whose `format` field
/// (read, not searched for in the text) is the pack format. A JSON text too
/// broken to parse counts when its `format` field, read before the break,
/// says so. The field is found by a structural pass over the text, without
/// building its values: telling a pack costs no memory beyond the text.
pub fn is_pack_text(text: &str) -> bool {
    let text = text.trim_start_matches('\u{feff}');
    if !text.trim_start().starts_with('{') {
        return false;
    }
    top_level_string(text, "format").as_deref() == Some(PACK_FORMAT)
}

/// The value of the top object's field `key` when it is a string (found as
/// [`crate::json_scan::top_level_key`] finds keys).
fn top_level_string(text: &str, key: &str) -> Option<String> {
    let at = crate::json_scan::top_level_key(text, key)?;
    let mut keys = serde_json::Deserializer::from_str(&text[at..]).into_iter::<String>();
    keys.next()?.ok()?;
    let rest = text[at + keys.byte_offset()..]
        .trim_start()
        .strip_prefix(':')?;
    serde_json::Deserializer::from_str(rest)
        .into_iter::<String>()
        .next()?
        .ok()
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
/// fits. JSON is told by its opening brace (a pack is not a level format,
/// see [`is_pack_text`]); the kinds' formats by their own tests, the
/// strictest first (see [`FormatSpec::detect_order`]). Each test sees the
/// text with its leading white space (XSB rows may begin with spaces).
///
/// XSB and Skiddy's ASCII share `#` and `.`: a text is XSB when a board
/// row holds a player or a box (`@ + $ *`, which Skiddy's ASCII never
/// uses) and no row that begins with `#` holds a character XSB does not
/// know (every Skiddy board has a Skiddy letter); XSB's test runs before
/// Skiddy's, which is the loosest.
///
/// Line ends may be LF, CRLF or a lone CR (see [`with_lf_line_ends`]).
pub fn detect(text: &str) -> Option<TextFormat> {
    let text = with_lf_line_ends(text.trim_start_matches('\u{feff}'));
    let mut formats = TextFormat::all();
    formats.sort_by_key(|f| f.0.detect_order);
    formats.into_iter().find(|f| (f.0.looks_like)(&text))
}

/// Reads the levels a text holds (one, or several where the format allows),
/// in `format` when given, else in the format [`detect`] finds. `kind`
/// forces the kind (for example, JSON without a `kind` field). A level
/// that cannot be read makes the whole text an error (naming it); see
/// [`read_levels_and_damage`] to read the others.
pub fn read_levels(
    text: &str,
    format: Option<TextFormat>,
    kind: Option<Kind>,
) -> Result<Vec<Level>, ReadError> {
    let read = read_levels_and_damage(text, format, kind)?;
    match read.damaged.as_slice() {
        [] => Ok(read.levels),
        [one] => Err(ReadError::Damaged(one.clone())),
        [first, ..] => Err(ReadError::SeveralDamaged {
            count: read.damaged.len(),
            first: first.clone(),
        }),
    }
}

/// Reads the levels a text holds as [`read_levels`] does, except that in
/// a format that holds several levels, a level that cannot be read is
/// named among the damaged ones and the others are read; an error when no
/// level can be read. Line ends may be LF, CRLF or a lone CR.
pub fn read_levels_and_damage(
    text: &str,
    format: Option<TextFormat>,
    kind: Option<Kind>,
) -> Result<ReadLevels, ReadError> {
    let text = with_lf_line_ends(text.trim_start_matches('\u{feff}'));
    let text = text.as_ref();
    if text.trim().is_empty() {
        return Err(ReadError::Empty);
    }
    let format = match format.or_else(|| detect(text)) {
        Some(f) => f,
        None => {
            // Say what is wrong with the text read as each kind's own
            // format (the forced kind's alone), the way a designer who
            // wrote it by hand would want.
            let kinds: Vec<Kind> = match kind {
                Some(k) => vec![k],
                None => Kind::ALL.to_vec(),
            };
            let reasons: Vec<String> = kinds
                .into_iter()
                .filter_map(|k| k.formats().iter().find(|f| **f != TextFormat::JSON))
                .filter_map(|f| {
                    (f.0.read)(text)
                        .err()
                        .map(|e| format!("as {}: {e}", f.0.level_words))
                })
                .collect();
            return Err(ReadError::Unknown(reasons.join("; ")));
        }
    };
    if let (Some(k), Some(fk)) = (kind, format.kind()) {
        if k != fk {
            return Err(ReadError::NotOfFormat {
                format: format.name(),
                kind: k,
            });
        }
    }
    if format != TextFormat::JSON {
        return (format.0.read)(text).map_err(|e| ReadError::Bad(Box::new(e)));
    }
    read_json_level(text, kind).map(|level| ReadLevels::whole(vec![level]))
}

/// Reads a JSON level text (not a pack), of `kind` when given.
fn read_json_level(text: &str, kind: Option<Kind>) -> Result<Level, ReadError> {
    let value: Value = serde_json::from_str(text).map_err(|e| {
        if broken_json_format(text).as_deref() == Some(PACK_FORMAT) {
            ReadError::IsAPack
        } else {
            ReadError::Json(crate::json_scan::json_error_words(&e))
        }
    })?;
    if json_format(&value) == Some(PACK_FORMAT) {
        return Err(ReadError::IsAPack);
    }
    // A key given twice is never resolved silently (a reader keeps
    // the last one): say which, and where.
    if let Some(d) = crate::json_scan::duplicate_keys(text).first() {
        return Err(ReadError::DuplicateKey(crate::json_scan::duplicate_words(
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
    .map_err(|e| ReadError::Bad(Box::new(e)))?;
    if let Some(k) = kind {
        if level.kind() != k {
            return Err(ReadError::OtherKind {
                found: level.kind(),
                wanted: k,
            });
        }
    }
    Ok(level)
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
pub fn from_value_at<T: serde::de::DeserializeOwned>(value: &Value) -> Result<T, FieldError> {
    serde_path_to_error::deserialize(value).map_err(|e| {
        let path = e.path().to_string();
        let place = if path == "." {
            "the value".to_string()
        } else {
            path
        };
        let message = e.inner().to_string();
        let message = with_expected_length::<T>(value, e.path(), &message).unwrap_or(message);
        FieldError::Mismatch(serde_words(&place, &message))
    })
}

/// serde says only "expected fewer elements in array" of a list that is
/// too long: the same message with the length it expects, found by reading
/// the value again with that list emptied (serde then names the length).
fn with_expected_length<T: serde::de::DeserializeOwned>(
    value: &Value,
    path: &serde_path_to_error::Path,
    message: &str,
) -> Option<String> {
    let length = message
        .strip_prefix("invalid length ")?
        .strip_suffix(", expected fewer elements in array")?;
    let mut emptied = value.clone();
    let mut list = &mut emptied;
    for segment in path.iter() {
        list = match segment {
            serde_path_to_error::Segment::Seq { index } => list.get_mut(*index)?,
            serde_path_to_error::Segment::Map { key } => list.get_mut(key.as_str())?,
            _ => return None,
        };
    }
    list.as_array_mut()?.clear();
    let again = serde_path_to_error::deserialize::<_, T>(&emptied).err()?;
    let again_message = again.inner().to_string();
    let expected = again_message.strip_prefix("invalid length 0, expected ")?;
    (again.path().to_string() == path.to_string())
        .then(|| format!("invalid length {length}, expected {expected}"))
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
        other => list_length(other)
            .map(|n| format!("a list of {}", crate::words::counted(n, "item", "items")))
            .unwrap_or_else(|| other.to_string()),
    }
}

/// The length of a list serde expects, from its words for a fixed-length
/// list: "an array of length 2", "a tuple of size 2", "tuple struct Cell
/// with 2 elements".
fn list_length(expected: &str) -> Option<u64> {
    let number = expected
        .strip_prefix("an array of length ")
        .or_else(|| expected.strip_prefix("a tuple of size "))
        .or_else(|| {
            expected
                .strip_prefix("tuple struct ")
                .and_then(|rest| rest.strip_suffix(" elements"))
                .and_then(|rest| rest.rsplit_once(" with "))
                .map(|(_, n)| n)
        })?;
    number.parse().ok()
}

/// The largest whole number serde's integer type `expected` holds.
fn integer_max(expected: &str) -> Option<u64> {
    Some(match expected {
        "u8" => u8::MAX as u64,
        "u16" => u16::MAX as u64,
        "u32" => u32::MAX as u64,
        "u64" | "usize" => u64::MAX,
        "i8" => i8::MAX as u64,
        "i16" => i16::MAX as u64,
        "i32" => i32::MAX as u64,
        "i64" | "isize" => i64::MAX as u64,
        _ => return None,
    })
}

/// A number found where an integer type was expected, in words, when it
/// is past the type's largest value: "18446744073709551616, too large (at
/// most 18446744073709551615)". serde shows a number past every integer as
/// a floating-point one (`1.8446744073709552e19`), which is not a number
/// with a fraction: it is shown whole, as nearly as a float holds it.
fn too_large_words(found: &str, expected: &str) -> Option<String> {
    let max = integer_max(expected)?;
    let ticked = |prefix: &str| {
        found
            .strip_prefix(prefix)
            .and_then(|rest| rest.strip_prefix('`'))
            .and_then(|rest| rest.strip_suffix('`'))
    };
    if let Some(n) = ticked("integer ") {
        let n: i128 = n.parse().ok()?;
        return (n > max as i128).then(|| format!("{n}, too large (at most {max})"));
    }
    let text = ticked("floating point ")?;
    let n: f64 = text.parse().ok()?;
    let whole = n.is_finite() && n.fract() == 0.0;
    // `max as f64 + 1.0` is the first value past `max` (2^64 for u64).
    (whole && n >= max as f64 + 1.0).then(|| format!("{n:.0}, too large (at most {max})"))
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
            if let Some(words) = too_large_words(found, expected) {
                return format!("{place} is {words}");
            }
            return format!(
                "{place} is {}, not {}",
                found_words(found),
                expected_words(expected)
            );
        }
    }
    if let Some(rest) = message.strip_prefix("invalid length ") {
        if let Some((length, expected)) = rest.split_once(", expected ") {
            let items = length
                .parse::<u64>()
                .map_or(format!("{length} items"), |n| {
                    crate::words::counted(n, "item", "items")
                });
            let expected = match expected {
                "fewer elements in array" => "so many".to_string(),
                other => expected_words(other),
            };
            return format!("{place} has {items}, not {expected}");
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

#[cfg(test)]
mod serde_words_tests {
    use super::*;

    #[derive(Debug, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Sample {
        player: (usize, usize),
        corner: [u8; 2],
        size: Option<usize>,
        shade: Option<u8>,
    }

    fn words(json: &str) -> String {
        let value: Value = serde_json::from_str(json).unwrap();
        from_value_at::<Sample>(&value).unwrap_err().to_string()
    }

    #[test]
    fn a_list_too_long_says_how_many_items_it_should_have() {
        assert_eq!(
            words(r#"{"player": [1, 2, 3], "corner": [0, 0]}"#),
            "player has 3 items, not a list of 2 items"
        );
        assert_eq!(
            words(r#"{"player": [1, 2], "corner": [0, 0, 0, 0]}"#),
            "corner has 4 items, not a list of 2 items"
        );
        assert_eq!(
            words(r#"{"player": [1], "corner": [0, 0]}"#),
            "player has 1 item, not a list of 2 items"
        );
    }

    #[test]
    fn a_number_past_every_integer_is_too_large_not_a_fraction() {
        let said = words(r#"{"player": [1, 2], "corner": [0, 0], "size": 18446744073709551616}"#);
        assert_eq!(
            said,
            "size is 18446744073709551616, too large (at most 18446744073709551615)"
        );
        assert_eq!(
            words(r#"{"player": [1, 2], "corner": [0, 0], "shade": 300}"#),
            "shade is 300, too large (at most 255)"
        );
        assert_eq!(
            words(r#"{"player": [1, 2], "corner": [0, 0], "size": 1.5}"#),
            "size is 1.5, a number with a fraction, not a whole number of 0 or more"
        );
        assert_eq!(
            words(r#"{"player": [1, 2], "corner": [0, 0], "size": -1}"#),
            "size is -1, not a whole number of 0 or more"
        );
    }
}

/// A whole number from `least` to `most`, or an error naming `field` and
/// its real bounds.
pub fn whole_number_in(
    value: Option<&Value>,
    field: &str,
    least: u64,
    most: u64,
) -> Result<u64, FieldError> {
    match value.and_then(Value::as_u64) {
        Some(n) if (least..=most).contains(&n) => Ok(n),
        _ => {
            let found = match value {
                None => "missing".to_string(),
                Some(Value::Number(n)) => n.to_string(),
                Some(Value::String(s)) => format!("the text {}", quoted(s)),
                Some(other) => crate::json_scan::json_type_words(other).to_string(),
            };
            Err(FieldError::OutOfRange {
                field: field.to_string(),
                found,
                least,
                most,
            })
        }
    }
}

/// Reads a level from its JSON form, dispatching on its `kind` field; a
/// level without one is a Skiddy level.
pub fn level_from_json_value(value: &Value) -> Result<Level, LevelError> {
    let kind = match value.get("kind") {
        None | Some(Value::Null) => Kind::Skiddy,
        Some(Value::String(name)) => {
            Kind::from_name(name).ok_or_else(|| LevelError::UnknownKind { name: name.clone() })?
        }
        Some(other) => {
            return Err(LevelError::KindNotText {
                found: other.to_string(),
            })
        }
    };
    kind.level_from_json_value(value)
}

/// The text of `levels` in `format`, or why that format cannot say them:
/// a format of another kind, several levels where it holds one, or
/// something the format has no way to say (named in the message).
pub fn write_levels(levels: &[Level], format: TextFormat) -> Result<String, LevelError> {
    if levels.is_empty() {
        return Err(LevelError::NothingToWrite);
    }
    if levels.len() > 1 && !format.holds_several() {
        return Err(LevelError::HoldsOne {
            format: format.name(),
            count: levels.len(),
        });
    }
    if let Some(fk) = format.kind() {
        if let Some(other) = levels.iter().find(|l| l.kind() != fk) {
            return Err(LevelError::OtherKind {
                format: format.name(),
                holds: fk,
                found: other.kind(),
            });
        }
    }
    (format.0.write)(levels)
}

#[cfg(test)]
mod tests {
    use super::*;

    const ONE_ONE: &str = "#####\n#R.R#\n#...#\n#r###\n";

    #[test]
    fn formats_are_told_from_content() {
        assert_eq!(
            detect(ONE_ONE),
            Some(crate::kinds::skiddy::text_formats::ASCII)
        );
        assert_eq!(detect("\u{feff}{\"format\": 1}"), Some(TextFormat::JSON));
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
        let text = levels[0].write(TextFormat::JSON).unwrap();
        assert_eq!(read_levels(&text, None, None).unwrap(), levels);
        assert_eq!(
            levels[0]
                .write(crate::kinds::skiddy::text_formats::ASCII)
                .unwrap(),
            ONE_ONE,
            "ASCII drops only the name"
        );
    }

    #[test]
    fn every_kind_refuses_a_bad_envelope_in_the_same_words() {
        use serde_json::json;
        let format = crate::kinds::envelope::LEVEL_FORMAT;
        for kind in Kind::ALL {
            let name = kind.name();
            let said = |value: Value| kind.level_from_json_value(&value).unwrap_err().to_string();
            assert_eq!(
                said(json!({"format": "other", "version": 1, "kind": name})),
                "not a levelscope level: the format is \"other\", expected \"levelscope-level\"",
                "{name}"
            );
            assert_eq!(
                said(json!({"format": format, "version": 7, "kind": name})),
                "the level has version 7, newer than this levelscope understands (up to 1); \
                 update levelscope",
                "{name}"
            );
            assert_eq!(
                said(json!({"format": format, "version": 1, "kind": "chess"})),
                format!("the level is of kind \"chess\", not \"{name}\""),
            );
            assert_eq!(
                said(json!({"format": format, "version": "1", "kind": name})),
                "\"version\" is \"1\"; it must be a whole number (this levelscope reads up to 1)",
                "{name}"
            );
            assert_eq!(
                said(json!({"version": 1, "kind": name})),
                "the field \"format\" is missing",
                "{name}"
            );
        }
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

    #[test]
    fn lines_end_at_lf_crlf_or_a_lone_cr() {
        let lines = |text| text_lines(text).collect::<Vec<_>>();
        assert_eq!(lines("a\nb\r\nc\rd"), ["a", "b", "c", "d"]);
        assert_eq!(lines("a\r\rb\r"), ["a", "", "b"]);
        assert_eq!(lines(""), Vec::<&str>::new());
        assert_eq!(lines("\n"), [""]);
        assert_eq!(with_lf_line_ends("a\r\nb\rc\r"), "a\nb\nc\n");
        assert_eq!(with_lf_line_ends("a\rb"), "a\nb");
    }

    #[test]
    fn every_kinds_text_format_reads_cr_and_crlf_line_ends() {
        let prism = read_levels(
            include_str!("../../tests/fixtures/prism/switch-trap-5x5.txt"),
            None,
            None,
        )
        .unwrap();
        let sources = [
            read_levels(ONE_ONE, None, None).unwrap(),
            prism,
            read_levels(
                include_str!("../../tests/fixtures/tangram/easy-1.txt"),
                None,
                None,
            )
            .unwrap(),
            read_levels("; Corner\n\n#####\n#@$.#\n#####\n", None, None).unwrap(),
        ];
        let mut formats_seen = Vec::new();
        for levels in sources {
            let mut unnamed = levels.clone();
            unnamed.iter_mut().for_each(|l| l.set_name(""));
            for &format in levels[0].kind().formats() {
                let Ok(lf) =
                    write_levels(&levels, format).or_else(|_| write_levels(&unnamed, format))
                else {
                    continue;
                };
                let want = read_levels(&lf, Some(format), None).unwrap();
                for end in ["\r", "\r\n"] {
                    let text = lf.replace('\n', end);
                    assert_eq!(detect(&text), Some(format), "{format:?} {end:?}");
                    let read = read_levels(&text, None, None)
                        .unwrap_or_else(|e| panic!("{format:?} with {end:?}: {e}"));
                    assert_eq!(read, want, "{format:?} with {end:?}");
                }
                formats_seen.push(format.name());
            }
        }
        for name in [
            "skiddy-ascii",
            "prism-2016",
            "prism-2017",
            "tangram-text",
            "xsb",
        ] {
            assert!(formats_seen.contains(&name), "{name}: {formats_seen:?}");
        }
    }

    #[test]
    fn a_collection_with_a_bad_level_reads_the_others_and_names_it() {
        let text = "; One\n\n#####\n#@$.#\n#####\n\n; Two\n\n#####\n#@x.#\n#####\n";
        let read = read_levels_and_damage(text, None, None).unwrap();
        assert_eq!(read.levels.len(), 1);
        assert_eq!(
            read.damaged[0].words(),
            "the level \"Two\" starting at line 9: line 10, column 3: unknown character 'x' in a board row (XSB knows # - _ . $ * @ + and space)"
        );
        let strict = read_levels(text, None, None).unwrap_err().to_string();
        assert!(strict.contains("\"Two\" starting at line 9"), "{strict}");
    }

    #[test]
    fn writing_refuses_what_a_format_cannot_hold() {
        let level = read_levels(ONE_ONE, None, None).unwrap().remove(0);
        let two = [level.clone(), level];
        assert!(
            write_levels(&two, crate::kinds::skiddy::text_formats::ASCII)
                .unwrap_err()
                .to_string()
                .contains("holds one level")
        );
        assert!(write_levels(&[], TextFormat::JSON).is_err());
    }
}
