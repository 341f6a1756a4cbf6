//! `levelscope generate tangram [--preset P | --size N --shapes K] --seed S
//! [--count C] [--unique] --out FILE`: Tangram levels by the original
//! game's shape growth, on all cores. `FILE.txt` gets one level in the
//! original text format, `FILE.json` a pack whose entries hold each level's
//! solution count.
//!
//! Level `i` is grown from its own seed, [`batch_seed`]`(S, i)`, so the
//! output depends on the seed and the count alone, never on the number of
//! threads.

use std::io::Write;
use std::path::PathBuf;

use super::generated_file::{
    batch_indices, bytes_per_level, check_count, exit_code, generator_part, kept_line,
    make_batch_of, pack_text, report_failures, write_locked, GeneratorPart, OutFile, Refused,
};
use super::partition::{parse_partition, PartitionArg};

use crate::engine::{default_max_memory, Job};
use crate::kinds::batch_seed::batch_seed;
use crate::kinds::tangram::generate::DEFAULT_MAX_GROWTHS;
use crate::kinds::tangram::{self, generate, GenerateError, GenerateOptions, Preset};
use crate::kinds::LevelSummary;

/// The Tangram generator's parameters.
#[derive(Clone, Debug, clap::Args)]
pub struct TangramArgs {
    /// A preset of the original game: easy (4 x 4, 6 shapes), medium
    /// (5 x 5, 9) or hard (6 x 6, 12). Without it and without --size and
    /// --shapes: easy.
    #[arg(long, value_parser = parse_preset, conflicts_with_all = ["size", "shapes"])]
    pub preset: Option<Preset>,
    /// The board side N (1 to 16); needs --shapes.
    #[arg(long, requires = "shapes")]
    pub size: Option<usize>,
    /// The number of shapes (1 to 4·N²); needs --size.
    #[arg(long, requires = "size")]
    pub shapes: Option<usize>,
    /// The seed; the same seed gives the same levels.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// How many levels to generate (a .txt file holds one).
    #[arg(long, default_value_t = 1)]
    pub count: usize,
    /// Keep only levels with exactly one solution: growths are retried
    /// until one has.
    #[arg(long)]
    pub unique: bool,
    /// The target effort range: growths are retried until one's effort is
    /// in it, within --max-growths.
    #[command(flatten)]
    pub effort: super::effort_args::EffortArgs,
    /// With --unique or an effort range: the most growths to try for one
    /// level before giving up on it.
    #[arg(long, default_value_t = DEFAULT_MAX_GROWTHS)]
    pub max_growths: u64,
    /// The node budget of each solution count (the uniqueness test of
    /// --unique and the count stored with the level): a count that runs
    /// out says "at least N solutions". The same option as every kind's
    /// search budget; for Tangram it counts search nodes.
    #[arg(long, default_value_t = crate::engine::DEFAULT_MAX_STATES, value_parser = super::parse_max_states)]
    pub max_states: u64,
    /// Make only partition K of N (K from 0): the levels whose index is K
    /// modulo N, each as the whole run makes it, written as a part (--out
    /// FILE.json) for `pack merge`; `auto/N` reads K from
    /// JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID (see docs/cluster.md).
    #[arg(long, value_parser = parse_partition)]
    pub partition: Option<PartitionArg>,
    /// The file to write: FILE.txt (one level, the original text format) or
    /// FILE.json (a pack).
    #[arg(long)]
    pub out: PathBuf,
}

/// Parses a `--preset` value: a preset's name.
fn parse_preset(name: &str) -> Result<Preset, super::arg_error::ArgError> {
    Preset::from_name(name).ok_or_else(|| super::arg_error::ArgError::UnknownPreset {
        name: name.to_string(),
        known: Preset::ALL.map(Preset::name).join(", "),
    })
}

impl TangramArgs {
    /// The parameters that decide the levels, as a part's source says
    /// them: every argument but the file and the partition.
    fn parameters(&self) -> String {
        let mut args = self.clone();
        args.out = PathBuf::new();
        args.partition = None;
        format!("{args:?}")
    }

    /// The generator's options for level `index`, or why the parameters
    /// cannot give a level.
    fn options(&self, index: u64) -> Result<GenerateOptions, GenerateError> {
        let seed = batch_seed(self.seed, index);
        let options = match (self.preset, self.size, self.shapes) {
            (_, Some(size), Some(shapes)) => GenerateOptions::new(size, shapes, seed),
            (preset, _, _) => GenerateOptions::preset(preset.unwrap_or(Preset::Easy), seed),
        };
        let options = GenerateOptions {
            max_growths: self.max_growths,
            budget: self.max_states,
            effort: self.effort.range(),
            ..options.unique(self.unique)
        };
        options.check()?;
        Ok(options)
    }
}

/// One generated level with its analysis's summary and the growths it took.
struct Kept {
    level: tangram::Level,
    summary: LevelSummary,
    growths: u64,
}

/// Generates level `index` and counts its solutions. With one level to
/// make (no bar of levels), a count that runs long shows its nodes against
/// the budget.
fn generate_one(args: &TangramArgs, index: u64) -> Result<Kept, GenerateError> {
    let generated = generate(args.options(index)?)?;
    let job = Job::new(args.max_states);
    let count = || tangram::analyze(&generated.level, 0, &job);
    let analysis = if args.count == 1 {
        let bars = indicatif::MultiProgress::new();
        super::progress::watched(
            &bars,
            &job,
            "counting solutions",
            crate::kinds::SearchUnit::Nodes,
            count,
        )
    } else {
        count()
    }
    .map_err(GenerateError::InvalidLevel)?;
    Ok(Kept {
        level: generated.level,
        summary: crate::kinds::tangram::figures::TangramFigures::pack_summary(analysis),
        growths: generated.growths,
    })
}

/// The text of the file: the one level in the original format, or the
/// pack of every level.
fn file_text(
    args: &TangramArgs,
    output: OutFile,
    batch: &super::generated_file::Batch<Kept>,
    part: Option<&GeneratorPart>,
) -> String {
    let kept = &batch.kept;
    match output {
        OutFile::Text => {
            // The original format has no place for a name.
            let mut level = kept[0].level.clone();
            level.name.clear();
            tangram::to_text(&level)
        }
        OutFile::Pack => pack_text(
            &args.out,
            args.seed,
            batch
                .kept_indices
                .iter()
                .zip(kept)
                .map(|(&i, k)| (i, k.level.clone().into(), Some(k.summary.clone())))
                .collect(),
            part.map(|p| (p, args.count)),
        ),
    }
}

/// Runs `generate tangram`; returns the exit code.
pub fn run(args: &TangramArgs, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    // The one rule of every generator first (see `generated_file`), then
    // what this one asks of its options and its file.
    let (output, part) = match args
        .options(0)
        .map_err(Refused::Options)
        .and_then(|options| {
            check_count(
                args.count,
                bytes_per_level::<Kept>(4 * options.size * options.size),
                default_max_memory(),
            )?;
            let output = OutFile::of(&args.out, args.count, "the original format")?;
            let part = generator_part(args.partition, &args.out, "tangram", args.parameters())?;
            Ok((output, part))
        }) {
        Ok(output) => output,
        Err(message) => {
            let _ = writeln!(err, "error: {message}");
            return super::EXIT_USAGE;
        }
    };
    let indices = batch_indices(args.count, part.as_ref());
    let batch = make_batch_of(&indices, |i| generate_one(args, i));
    if !report_failures(&batch, part.is_some(), err) {
        return super::EXIT_FAILED;
    }
    let kept = &batch.kept;
    let text = file_text(args, output, &batch, part.as_ref());
    if let Err(message) = write_locked(&args.out, &text) {
        let _ = writeln!(err, "error: {message}");
        return super::EXIT_FAILED;
    }
    let _ = writeln!(out, "{}", kept_line(&batch, &args.out));
    if args.unique && !kept.is_empty() {
        let growths: Vec<String> = kept.iter().map(|k| k.growths.to_string()).collect();
        let total: u64 = kept.iter().map(|k| k.growths).sum();
        let _ = writeln!(
            out,
            "growths per unique level: {} (average {:.2})",
            growths.join(", "),
            total as f64 / kept.len() as f64
        );
    }
    exit_code(&batch, err)
}
