//! `levelscope generate prism --width W --height H --seed S [--count N]
//! [--method tree|early] [--switch-colours red,green,blue] [--no-dead-ends]
//! [--difficulty D] --out FILE`: Prism levels by the spanning tree in 3D or
//! the 2016 guess-and-test generator, on all cores. `FILE.txt` gets one
//! level in the 2016 format, `FILE.json` a pack whose entries hold each
//! level's analysis summary.
//!
//! Level `i` is generated from its own seed, [`batch_seed`]`(S, i)`, so the
//! output depends on the options alone, never on the number of threads.

use std::io::Write;
use std::path::PathBuf;

use super::arg_error::ArgError;
use super::generated_file::{
    batch_indices, bytes_per_level, check_count, exit_code, generator_part, kept_line,
    make_batch_of, pack_text, report_failures, write_locked, GeneratedFileError, GeneratorPart,
    OutFile, Refused,
};
use super::partition::{parse_partition, PartitionArg};

use crate::engine::{parse_memory_size, Job};
use crate::kinds::batch_seed::batch_seed;
use crate::kinds::prism::generate::{
    generate, GenerateError, GenerateOptions, Method, DEFAULT_MAX_TRIES,
};
use crate::kinds::prism::{self, Colour};
use crate::kinds::LevelSummary;

/// The Prism generator's parameters.
#[derive(Clone, Debug, clap::Args)]
pub struct PrismArgs {
    /// Board width (2 to 1000).
    #[arg(long, default_value_t = 10)]
    pub width: usize,
    /// Board height (2 to 1000).
    #[arg(long, default_value_t = 10)]
    pub height: usize,
    /// The seed; the same seed gives the same levels.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// How many levels to generate (a .txt file holds one).
    #[arg(long, default_value_t = 1)]
    pub count: usize,
    /// tree (the spanning tree in 3D, any size) or early (the 2016
    /// guess-and-test generator, up to 576 cells).
    #[arg(long, default_value = "tree", value_parser = parse_method)]
    pub method: Method,
    /// The switch colours allowed, separated by commas: red, green, blue
    /// (or r, g, b).
    #[arg(long, default_value = "red,green,blue", value_parser = parse_switch_colours)]
    pub switch_colours: u8,
    /// Keep only levels whose analysis finds no dead end; levels are
    /// generated again until one has none.
    #[arg(long)]
    pub no_dead_ends: bool,
    /// With --method early: keep only additions that leave the difficulty
    /// score (the report card's) no farther from D.
    #[arg(long)]
    pub difficulty: Option<u32>,
    /// The target effort range: tries are retried until one's effort is
    /// in it, within --max-tries.
    #[command(flatten)]
    pub effort: super::effort_args::EffortArgs,
    /// The most tries for one level (--no-dead-ends, an effort range).
    #[arg(long, default_value_t = DEFAULT_MAX_TRIES)]
    pub max_tries: u64,
    /// The tree generator's memory budget (`512M`, `2G`; default: half the
    /// memory available).
    #[arg(long, value_parser = parse_memory_size)]
    pub max_memory: Option<u64>,
    /// Make only partition K of N (K from 0): the levels whose index is K
    /// modulo N, each as the whole run makes it, written as a part (--out
    /// FILE.json) for `pack merge`; `auto/N` reads K from
    /// JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID (see docs/cluster.md).
    #[arg(long, value_parser = parse_partition)]
    pub partition: Option<PartitionArg>,
    /// The file to write: FILE.txt (one level, the 2016 format) or
    /// FILE.json (a pack).
    #[arg(long)]
    pub out: PathBuf,
}

/// Parses `--method`.
fn parse_method(name: &str) -> Result<Method, ArgError> {
    Method::from_name(name).ok_or_else(|| ArgError::UnknownMethod(name.to_string()))
}

/// Parses `--switch-colours`: names or letters of red, green and blue,
/// separated by commas, as a mask (an empty list gives 0, which the
/// options refuse with their own message).
pub fn parse_switch_colours(text: &str) -> Result<u8, ArgError> {
    let mut mask = 0;
    for word in text.split(',').map(str::trim).filter(|w| !w.is_empty()) {
        let lower = word.to_ascii_lowercase();
        let mut letters = lower.chars();
        let colour = match (letters.next(), letters.next()) {
            (Some(letter), None) => Colour::from_letter(letter),
            _ => Colour::from_name(&lower),
        };
        match colour {
            Some(c) if c.is_primary() => mask |= c.0,
            Some(c) => return Err(ArgError::NotASwitchColour(c.to_string())),
            None => return Err(ArgError::NotAColour(word.to_string())),
        }
    }
    Ok(mask)
}

impl PrismArgs {
    /// The parameters that decide the levels, as a part's source says
    /// them: every argument but the file and the partition.
    fn parameters(&self) -> String {
        let mut args = self.clone();
        args.out = PathBuf::new();
        args.partition = None;
        format!("{args:?}")
    }

    /// The generator's options for level `index`.
    fn options(&self, index: u64) -> GenerateOptions {
        let defaults = GenerateOptions::new(self.width, self.height, batch_seed(self.seed, index));
        GenerateOptions {
            method: self.method,
            switch_colours: self.switch_colours,
            no_dead_ends: self.no_dead_ends,
            effort: self.effort.range(),
            difficulty: self.difficulty,
            max_tries: self.max_tries,
            max_memory: self.max_memory.unwrap_or(defaults.max_memory),
            ..defaults
        }
    }
}

/// One generated level, with its summary when it goes to a pack.
struct Kept {
    level: prism::Level,
    summary: Option<LevelSummary>,
    tries: u64,
}

/// Generates level `index` (and analyses it for a pack).
fn generate_one(args: &PrismArgs, index: u64, output: OutFile) -> Result<Kept, GenerateError> {
    let generated = generate(&args.options(index), &Job::default())?;
    let summary = match output {
        OutFile::Text => None,
        OutFile::Pack => prism::analyze(&generated.level, &Job::default())
            .ok()
            .map(crate::kinds::prism::figures::PrismFigures::pack_summary),
    };
    Ok(Kept {
        level: generated.level,
        summary,
        tries: generated.tries,
    })
}

/// The text of the file: the one level in the 2016 format, or the pack of
/// every level.
fn file_text(
    args: &PrismArgs,
    output: OutFile,
    batch: &super::generated_file::Batch<Kept>,
    part: Option<&GeneratorPart>,
) -> Result<String, GeneratedFileError> {
    let kept = &batch.kept;
    match output {
        OutFile::Text => {
            prism::write_2016(&kept[0].level).map_err(|e| GeneratedFileError::Level(e.into()))
        }
        OutFile::Pack => Ok(pack_text(
            &args.out,
            args.seed,
            batch
                .kept_indices
                .iter()
                .zip(kept)
                .map(|(&i, k)| (i, k.level.clone().into(), k.summary.clone()))
                .collect(),
            part.map(|p| (p, args.count)),
        )),
    }
}

/// Runs `generate prism`; returns the exit code.
pub fn run(args: &PrismArgs, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    // What one level asks (its size within the budget), then the one rule
    // of every generator for the count (see `generated_file`), then the
    // file.
    let options = args.options(0);
    let (output, part) = match options
        .check()
        .map_err(Refused::Options)
        .and_then(|()| {
            Ok(check_count(
                args.count,
                bytes_per_level::<Kept>(args.width.saturating_mul(args.height)),
                options.max_memory,
            )?)
        })
        .and_then(|()| Ok(OutFile::of(&args.out, args.count, "the 2016 format")?))
        .and_then(|output| {
            let part = generator_part(args.partition, &args.out, "prism", args.parameters())?;
            Ok((output, part))
        }) {
        Ok(output) => output,
        Err(message) => {
            let _ = writeln!(err, "error: {message}");
            return super::EXIT_USAGE;
        }
    };
    let indices = batch_indices(args.count, part.as_ref());
    let batch = make_batch_of(&indices, |i| generate_one(args, i, output));
    if !report_failures(&batch, part.is_some(), err) {
        return super::EXIT_FAILED;
    }
    let kept = &batch.kept;
    let written = file_text(args, output, &batch, part.as_ref())
        .and_then(|text| write_locked(&args.out, &text));
    if let Err(message) = written {
        let _ = writeln!(err, "error: {message}");
        return super::EXIT_FAILED;
    }
    let _ = writeln!(out, "{}", kept_line(&batch, &args.out));
    if args.no_dead_ends && !kept.is_empty() {
        let tries: u64 = kept.iter().map(|k| k.tries).sum();
        let retried = kept.iter().filter(|k| k.tries > 1).count();
        let _ = writeln!(
            out,
            "tries per level without dead ends: average {:.2}; {} of {} needed a retry",
            tries as f64 / kept.len() as f64,
            retried,
            kept.len()
        );
    }
    exit_code(&batch, err)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn switch_colours_are_names_or_letters_of_primaries() {
        assert_eq!(parse_switch_colours("red,green,blue"), Ok(7));
        assert_eq!(parse_switch_colours("r, B"), Ok(5));
        assert_eq!(parse_switch_colours(""), Ok(0));
        assert!(parse_switch_colours("yellow")
            .unwrap_err()
            .to_string()
            .contains("switches are red, green or blue"));
        assert!(parse_switch_colours("pink")
            .unwrap_err()
            .to_string()
            .contains("not a colour"));
    }
}
