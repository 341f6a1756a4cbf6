//! `levelscope convert IN --to FORMAT --out OUT [--kind K]`: a level file
//! (or a file or pack holding several levels) written in another format.
//!
//! The write is atomic: OUT is either the whole conversion or untouched.
//! When the target format cannot say a level (enemies in Prism's 2017
//! format, a name in tangram-text, several levels in a one-level format),
//! nothing is written and the reason is the error. (Skiddy's ASCII drops a
//! level's name.)

use std::io::Write;
use std::path::PathBuf;

use crate::kinds::{Kind, Level, TextFormat};
use crate::pack::{pack_to_json, Opened, Pack, PackEntry};

/// Arguments of `convert`.
#[derive(Debug, clap::Args)]
pub struct ConvertArgs {
    /// The file to convert: a level file of any kind and format, or a pack.
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

/// The text of `levels` in `format`. Several levels go to JSON as a pack
/// (named `pack_name`), since a JSON level holds one.
fn converted(levels: &[Level], format: TextFormat, pack_name: &str) -> Result<String, String> {
    if format == TextFormat::JSON && levels.len() > 1 {
        let pack = Pack {
            name: pack_name.to_string(),
            levels: levels.iter().cloned().map(PackEntry::new).collect(),
        };
        return Ok(pack_to_json(&pack));
    }
    crate::kinds::text::write_levels(levels, format)
}

/// Runs `convert`; returns the exit code.
pub fn run(args: &ConvertArgs, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let input = crate::file_names::shown(&args.input).to_string();
    let fail = |err: &mut dyn Write, message: String| {
        let _ = writeln!(err, "error: {message}");
        super::EXIT_FAILED
    };
    let stem = args
        .input
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    // A pack converted to JSON stays the same pack: its entries keep their
    // tags, notes, summaries and the fields levelscope does not know.
    let mut whole_pack = None;
    let opened = crate::pack::open_file_noted(&args.input, args.kind).map(|(opened, note)| {
        if let Some(note) = note {
            let _ = writeln!(err, "{input}: note: {note}");
        }
        opened
    });
    let (levels, pack_name) = match opened {
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
            let levels = read.pack.levels.iter().map(|e| e.level.clone()).collect();
            whole_pack = Some((read.pack, read.unknown));
            (levels, name)
        }
        Err(message) => return fail(err, format!("{input}: {message}")),
    };
    let text = match whole_pack {
        Some((pack, unknown)) if args.to == TextFormat::JSON => {
            Ok(crate::pack::pack_to_json_with(&pack, &unknown))
        }
        _ => converted(&levels, args.to, &pack_name),
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
    if let Err(e) = crate::atomic::write_atomic(&args.out, text.as_bytes()) {
        return fail(
            err,
            format!("cannot write {}: {e}", crate::file_names::shown(&args.out)),
        );
    }
    let _ = writeln!(
        out,
        "wrote {} ({}) to {}",
        crate::words::counted(levels.len() as u64, "level", "levels"),
        args.to.name(),
        crate::file_names::shown(&args.out)
    );
    0
}
