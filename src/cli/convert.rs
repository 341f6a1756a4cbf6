//! `levelscope convert IN --to FORMAT --out OUT [--kind K] [--max-memory
//! SIZE]`: a level file (or a file or pack holding several levels, or one
//! level of it named `IN#index`) written in another format.
//!
//! The write is atomic: OUT is either the whole conversion or untouched.
//! When the target format cannot say a level (enemies in Prism's 2017
//! format, a name in tangram-text, several levels in a one-level format),
//! nothing is written and the reason is the error. (Skiddy's ASCII drops a
//! level's name.)

use std::io::Write;
use std::path::PathBuf;

use super::level_spec::LevelSpec;
use crate::engine::{default_max_memory, parse_memory_size};
use crate::kinds::{Kind, Level, TextFormat};
use crate::pack::{Opened, Pack};

/// Arguments of `convert`.
#[derive(Debug, clap::Args)]
pub struct ConvertArgs {
    /// The file to convert: a level file of any kind and format, or a pack;
    /// `FILE#index` for one level of it.
    pub input: PathBuf,
    /// The format to write (each kind brings its own formats).
    #[arg(long, value_parser = FormatParser)]
    pub to: TextFormat,
    /// Where to write it.
    #[arg(long)]
    pub out: PathBuf,
    /// Read the input as this kind instead of telling it from its content.
    #[arg(long, value_parser = super::parse_kind)]
    pub kind: Option<Kind>,
    /// Refuse a file whose reading would need more memory than this
    /// (`512M`, `2G`; default: half the memory available).
    #[arg(long, value_parser = parse_memory_size)]
    pub max_memory: Option<u64>,
}

/// Parses a `--to` value, a format's name, and lists every format's name
/// in `--help` (from the kinds' own format lists, so a new kind's formats
/// show without touching this file).
#[derive(Clone, Copy, Debug)]
struct FormatParser;

impl clap::builder::TypedValueParser for FormatParser {
    type Value = TextFormat;

    fn parse_ref(
        &self,
        _cmd: &clap::Command,
        _arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<TextFormat, clap::Error> {
        let name = value.to_string_lossy();
        TextFormat::from_name(&name).ok_or_else(|| {
            let known: Vec<&str> = TextFormat::all().iter().map(|f| f.name()).collect();
            clap::Error::raw(
                clap::error::ErrorKind::InvalidValue,
                format!(
                    "unknown format {name:?} for --to (known: {})\n",
                    known.join(", ")
                ),
            )
        })
    }

    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        Some(Box::new(
            TextFormat::all()
                .into_iter()
                .map(|f| clap::builder::PossibleValue::new(f.name())),
        ))
    }
}

/// What a conversion writes: a text, or a pack written as JSON entry by
/// entry (never held whole as text).
enum Converted {
    Text(String),
    Pack(Pack, crate::pack::Unknown),
    Levels(String, Vec<Level>),
}

/// `levels` in `format`. Several levels go to JSON as a pack (named
/// `pack_name`), since a JSON level holds one.
fn converted(
    levels: Vec<Level>,
    format: TextFormat,
    pack_name: &str,
) -> Result<Converted, crate::kinds::LevelError> {
    if format == TextFormat::JSON && levels.len() > 1 {
        return Ok(Converted::Levels(pack_name.to_string(), levels));
    }
    crate::kinds::text::write_levels(&levels, format).map(Converted::Text)
}

/// Runs `convert`; returns the exit code: 1 when the input cannot be read
/// or written in the format, 2 for bad usage (an index that names no
/// level, a file too large for the memory budget).
pub fn run(args: &ConvertArgs, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let input = crate::file_names::shown(&args.input).to_string();
    let fail = |err: &mut dyn Write, message: String| {
        let _ = writeln!(err, "error: {message}");
        super::EXIT_FAILED
    };
    let spec = LevelSpec::parse(&args.input);
    let stem = spec
        .path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let max_memory = args.max_memory.unwrap_or_else(default_max_memory);
    if let Err(e) = crate::pack::read_budget::refuse_to_convert_if_over(&spec.path, max_memory) {
        let _ = writeln!(err, "error: {input}: {e}; nothing was written");
        return super::EXIT_USAGE;
    }
    if spec.index.is_some() {
        // One level of the file: converted alone, as a level file is.
        return match spec.open_level(args.kind, max_memory) {
            Ok((_, level)) => write_converted(args, &input, vec![level], &stem, None, out, err),
            Err(e) => {
                let _ = writeln!(err, "error: {input}: {e}");
                if e.is_usage() {
                    super::EXIT_USAGE
                } else {
                    super::EXIT_FAILED
                }
            }
        };
    }
    // A pack converted to JSON stays the same pack: its entries keep their
    // tags, notes, summaries and the fields levelscope does not know.
    let mut whole_pack = None;
    let opened = crate::pack::open_file_noted(&spec.path, args.kind).map(|(opened, note)| {
        if let Some(note) = note {
            let _ = writeln!(err, "{input}: note: {note}");
        }
        opened
    });
    let (levels, pack_name) = match opened {
        Ok(Opened::Levels(levels, format))
            if args.to == TextFormat::JSON && levels.len() > 1 && format.collection().is_some() =>
        {
            // A collection becomes a pack that keeps the text around each
            // level (its titles, comments and metadata lines), so that
            // converting it back gives them back; its levels keep their
            // names as read.
            let text = match crate::pack::read_level_text_file(&spec.path) {
                Ok(text) => text,
                Err(e) => return fail(err, format!("{input}: {e}")),
            };
            let mut read = crate::pack::collection::pack_of_collection(
                &text.text,
                levels,
                format,
                text.note.is_some(),
            );
            read.pack.name = stem.clone();
            whole_pack = Some((read.pack, read.unknown));
            (Vec::new(), stem)
        }
        Ok(Opened::Levels(mut levels, _)) => {
            // Formats without names: a pack names its levels after the
            // file, as `pack add` does.
            if args.to == TextFormat::JSON && levels.len() > 1 {
                for (i, level) in levels.iter_mut().enumerate() {
                    if level.name().is_empty() {
                        level.set_name(format!("{stem} {}", i + 1));
                    }
                }
            }
            (levels, stem)
        }
        Ok(Opened::Pack(read)) => {
            if !read.damaged.is_empty() {
                let which: Vec<String> = read
                    .damaged
                    .iter()
                    .map(|d| format!("entry {} ({})", d.index, d.error))
                    .collect();
                return fail(
                    err,
                    format!(
                        "{input}: not converted, because the pack has entries that cannot be read, which the conversion would lose: {}; {}",
                        which.join("; "),
                        crate::pack::skip_damaged_advice(&args.input)
                    ),
                );
            }
            let name = read.pack.name.clone();
            let kept = crate::kinds::collection::KeptCollection::of(&read.unknown);
            if kept.is_some_and(|k| k.format == args.to.name()) {
                // A pack that came from a collection in this format: its
                // kept text (titles, comments, metadata lines) comes back.
                return write_collection_back(args, &input, &read, out, err);
            }
            if args.to == TextFormat::JSON {
                // The whole pack is written: its levels are not copied.
                whole_pack = Some((read.pack, read.unknown));
                (Vec::new(), name)
            } else {
                let levels = read.pack.levels.into_iter().map(|e| e.level).collect();
                (levels, name)
            }
        }
        Err(message) => return fail(err, format!("{input}: {message}")),
    };
    write_converted(args, &input, levels, &pack_name, whole_pack, out, err)
}

/// Writes a pack that came from a collection in the target format back in
/// it, with the text it keeps; refused, nothing written, when some level
/// cannot be said in it.
fn write_collection_back(
    args: &ConvertArgs,
    input: &str,
    read: &crate::pack::ReadPack,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8 {
    let written = crate::pack::collection::collection_bytes(&read.pack, &read.unknown, args.to)
        .and_then(|c| {
            if c.left_out.is_empty() {
                Ok(c)
            } else {
                Err(crate::pack::PackError::LeftOut { levels: c.left_out })
            }
        });
    let written = match written {
        Ok(c) => c,
        Err(reason) => {
            let _ = writeln!(
                err,
                "error: {input} cannot be written as {}: {reason}; nothing was written",
                args.to.name()
            );
            return super::EXIT_FAILED;
        }
    };
    if let Err(e) = crate::atomic::write_atomic(&args.out, &written.bytes) {
        let _ = writeln!(
            err,
            "error: cannot write {}: {e}",
            crate::file_names::shown(&args.out)
        );
        return super::EXIT_FAILED;
    }
    let _ = writeln!(
        out,
        "wrote {} ({}) to {}",
        crate::words::counted(read.pack.levels.len() as u64, "level", "levels"),
        args.to.name(),
        crate::file_names::shown(&args.out)
    );
    0
}

/// Writes `levels` (or, to JSON, the whole pack they came from) in the
/// target format to the output file; returns the exit code.
fn write_converted(
    args: &ConvertArgs,
    input: &str,
    levels: Vec<Level>,
    pack_name: &str,
    whole_pack: Option<(Pack, crate::pack::Unknown)>,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8 {
    let fail = |err: &mut dyn Write, message: String| {
        let _ = writeln!(err, "error: {message}");
        super::EXIT_FAILED
    };
    let written = match &whole_pack {
        Some((pack, _)) => pack.levels.len(),
        None => levels.len(),
    };
    let text = match whole_pack {
        Some((pack, unknown)) if args.to == TextFormat::JSON => Ok(Converted::Pack(pack, unknown)),
        _ => converted(levels, args.to, pack_name),
    };
    let text = match text {
        Ok(text) => text,
        Err(reason) => {
            return fail(
                err,
                format!(
                    "{input} cannot be written as {}: {reason}; nothing was written",
                    args.to.name()
                ),
            )
        }
    };
    let result = match &text {
        Converted::Text(text) => crate::atomic::write_atomic(&args.out, text.as_bytes()),
        Converted::Pack(pack, unknown) => crate::atomic::write_atomic_with(&args.out, |file| {
            crate::pack::write_pack_json(file, pack, unknown)
        }),
        Converted::Levels(name, levels) => crate::atomic::write_atomic_with(&args.out, |file| {
            crate::pack::write_levels_as_pack_json(file, name, levels)
        }),
    };
    if let Err(e) = result {
        return fail(
            err,
            format!("cannot write {}: {e}", crate::file_names::shown(&args.out)),
        );
    }
    let _ = writeln!(
        out,
        "wrote {} ({}) to {}",
        crate::words::counted(written as u64, "level", "levels"),
        args.to.name(),
        crate::file_names::shown(&args.out)
    );
    0
}
