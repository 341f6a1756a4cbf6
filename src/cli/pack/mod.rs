//! `levelscope pack add|check|dedupe|stats|export|diff|merge PACK ...`: curate
//! packs from the command line. This file holds the arguments, what the
//! subcommands share (reading a pack and its damage, the lock, progress)
//! and `run`; each subcommand is a file of its own.

mod add;
mod check;
pub(crate) mod command_error;
mod dedupe;
pub mod diff;
mod export;
mod merge;
mod stats;

use self::add::add;
use self::check::{check, CheckRun};
use self::command_error::CommandError;
use self::dedupe::dedupe;
use self::export::{export, ExportTargets};
use self::merge::merge;
use self::stats::stats;

use super::kind_help::{ascii_help, check_about, dedupe_about, sheet_help, stats_about};
use std::io::Write;
use std::path::{Path, PathBuf};

use indicatif::{MultiProgress, ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde_json::json;

use super::partition::{parse_partition, Partition, PartitionArg};
use crate::engine::{default_max_memory, parse_memory_size, Job, StateBudgets};
use crate::file_names::shown;
use crate::kinds::text::{quoted, shortened};
use crate::kinds::{GraphFigures, KindStats};
use crate::kinds::{Kind, Level, TextFormat};
use crate::pack::check::{check_pack, CheckOptions};
use crate::pack::dedupe::duplicate_groups;
use crate::pack::refresh_summary_with;
use crate::pack::{read_pack, write_pack_with, LevelSummary, Pack, PackEntry, ReadPack};
use crate::words::counted;

/// Arguments of `pack`.
#[derive(Debug, clap::Args)]
pub struct PackArgs {
    /// What to do with the pack.
    #[command(subcommand)]
    pub command: PackCommand,
}

/// The `pack` subcommands.
#[derive(Debug, clap::Subcommand)]
pub enum PackCommand {
    /// Append levels to a pack (the pack is created if needed); each level
    /// is analysed and its summary stored. When no level can be added,
    /// nothing is written.
    Add {
        /// The pack file (JSON).
        pack: PathBuf,
        /// Level files of any kind and format (a file that holds several
        /// levels adds them all).
        #[arg(required = true)]
        levels: Vec<PathBuf>,
        /// Read the level files as this kind instead of telling it from
        /// their content.
        #[arg(long, value_parser = super::parse_kind)]
        kind: Option<Kind>,
        /// Stop analysing a level after this many states (Sokoban: this
        /// many positions) [default: 30000000; Sokoban: 200000000
        /// positions]
        #[arg(long, value_parser = super::parse_max_states)]
        max_states: Option<u64>,
        /// Refuse a file whose reading would need more memory than this, and
        /// keep each analysis inside it (`512M`, `2G`; default: half the
        /// memory available).
        #[arg(long, value_parser = parse_memory_size)]
        max_memory: Option<u64>,
    },
    /// Re-analyse every level on all cores; exit 1 when any level fails
    /// (cannot be analysed, breaks its kind's rule of a fair level, or its
    /// stored analysis is out of date).
    #[command(about = check_about())]
    Check {
        /// The pack file.
        pack: PathBuf,
        /// The fewest stars a level may have.
        #[arg(long, default_value_t = 1)]
        min_stars: u8,
        /// Stop analysing a level after this many states (Sokoban: this
        /// many positions) [default: 30000000; Sokoban: 200000000
        /// positions]
        #[arg(long, value_parser = super::parse_max_states)]
        max_states: Option<u64>,
        /// Refuse a file whose reading would need more memory than this, and
        /// keep each analysis inside it (`512M`, `2G`; default: half the
        /// memory available).
        #[arg(long, value_parser = parse_memory_size)]
        max_memory: Option<u64>,
        /// Store the fresh analyses in the pack (with --partition: in the
        /// part file --out, and the pack is not changed).
        #[arg(long)]
        update: bool,
        /// Print one JSON object per level (JSON Lines).
        #[arg(long)]
        json: bool,
        /// Check only partition K of N (K from 0): the entries whose index
        /// is K modulo N; `auto/N` reads K from JOB_COMPLETION_INDEX or
        /// SLURM_ARRAY_TASK_ID (see docs/cluster.md).
        #[arg(long, value_parser = parse_partition)]
        partition: Option<PartitionArg>,
        /// With --update --partition: the part file to write, for `pack
        /// merge`.
        #[arg(long, requires = "partition", requires = "update")]
        out: Option<PathBuf>,
    },
    /// Find levels that are the same up to their kind's symmetries.
    #[command(about = dedupe_about())]
    Dedupe {
        /// The pack file.
        pack: PathBuf,
        /// Print `{"groups": [[i, j, ...], ...]}` (0-based level indices).
        #[arg(long)]
        json: bool,
        /// Save the pack, keeping the first level of each group, to this file.
        #[arg(long)]
        write: Option<PathBuf>,
        /// Refuse a file whose reading would need more memory than this
        /// (`512M`, `2G`; default: half the memory available).
        #[arg(long, value_parser = parse_memory_size)]
        max_memory: Option<u64>,
    },
    /// Sum the pack up: states, dead ends, traps and each kind's figures.
    #[command(about = stats_about())]
    Stats {
        /// The pack file.
        pack: PathBuf,
        /// Print the numbers as one JSON object.
        #[arg(long)]
        json: bool,
        /// Stop analysing a level without a stored analysis after this many
        /// states.
        #[arg(long, value_parser = super::parse_max_states)]
        max_states: Option<u64>,
        /// Refuse a file whose reading would need more memory than this, and
        /// keep each analysis inside it (`512M`, `2G`; default: half the
        /// memory available).
        #[arg(long, value_parser = parse_memory_size)]
        max_memory: Option<u64>,
        /// Sum up only partition K of N (K from 0): the entries whose index
        /// is K modulo N; `auto/N` reads K from JOB_COMPLETION_INDEX or
        /// SLURM_ARRAY_TASK_ID (see docs/cluster.md).
        #[arg(long, value_parser = parse_partition)]
        partition: Option<PartitionArg>,
        /// With --partition: also write the part's entries with their
        /// analyses to this part file, for `pack merge`.
        #[arg(long, requires = "partition")]
        out: Option<PathBuf>,
    },
    /// Put the parts written by `--partition` runs (pack check --update,
    /// pack stats --out, generate) back together in the whole's order;
    /// refuses parts of different batches, parts that overlap and missing
    /// parts, and then writes nothing.
    Merge {
        /// The pack file to write.
        out: PathBuf,
        /// The part files, in any order.
        #[arg(required = true)]
        parts: Vec<PathBuf>,
        /// Refuse a file whose reading would need more memory than this
        /// (`512M`, `2G`; default: half the memory available).
        #[arg(long, value_parser = parse_memory_size)]
        max_memory: Option<u64>,
    },
    /// Compare two versions of a pack: levels added, removed, moved and
    /// changed (matched by name), each changed one with its verdict's
    /// change; exit 1 when any level got worse, became another kind or
    /// could not be compared.
    Diff {
        /// The version before.
        old: PathBuf,
        /// The version after.
        new: PathBuf,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
        /// Stop analysing a changed level after this many states.
        #[arg(long, value_parser = super::parse_max_states)]
        max_states: Option<u64>,
        /// Refuse a file whose reading would need more memory than this, and
        /// keep each analysis inside it (`512M`, `2G`; default: half the
        /// memory available).
        #[arg(long, value_parser = parse_memory_size)]
        max_memory: Option<u64>,
    },
    /// Export the pack as a folder of ASCII levels, a PNG contact sheet
    /// and/or pack JSON.
    Export {
        /// The pack file.
        pack: PathBuf,
        /// Write one text file per level into this folder, in its kind's
        /// own text format; a level that format cannot say is written as
        /// JSON.
        #[arg(long, help = ascii_help())]
        ascii: Option<PathBuf>,
        /// Write a PNG contact sheet of thumbnails with names and verdicts
        /// to this file.
        #[arg(long, help = sheet_help())]
        sheet: Option<PathBuf>,
        /// Write the pack as JSON to this file.
        #[arg(long)]
        json: Option<PathBuf>,
        /// Export the levels that can be read and list the entries left
        /// out (their index and why), instead of refusing a damaged pack;
        /// with --json, to a file other than the pack itself.
        #[arg(long)]
        skip_damaged: bool,
        /// Stop analysing a level without a stored analysis after this many
        /// states.
        #[arg(long, value_parser = super::parse_max_states)]
        max_states: Option<u64>,
        /// Refuse a file whose reading would need more memory than this, and
        /// keep each analysis inside it (`512M`, `2G`; default: half the
        /// memory available).
        #[arg(long, value_parser = parse_memory_size)]
        max_memory: Option<u64>,
    },
}

/// Refreshes `entry`'s summary under `job`, showing the search's states
/// (Tangram: search nodes) among `bars` once it runs long.
fn refresh_watched(
    bars: &MultiProgress,
    entry: &mut PackEntry,
    job: &Job,
) -> Result<(), crate::kinds::AnalysisError> {
    let name = shortened(entry.level.name());
    let unit = search_unit(&entry.level);
    super::progress::watched(bars, job, &name, unit, || refresh_summary_with(entry, job))
}

/// What a level's search counts: states, or (Tangram) search nodes.
fn search_unit(level: &Level) -> crate::kinds::SearchUnit {
    level.kind().search_unit()
}

fn progress_bar(len: usize, what: &str) -> ProgressBar {
    let bar = ProgressBar::new(len as u64);
    bar.set_style(
        ProgressStyle::with_template("{msg} {bar:40} {pos}/{len} [{elapsed_precise}]")
            .expect("the template is valid"),
    );
    bar.set_message(what.to_string());
    bar
}

/// Reads a pack and reports its damaged entries on `err`: each is skipped,
/// and the command ends with [`damage_code`].
fn load(path: &Path, err: &mut dyn Write) -> Result<ReadPack, CommandError> {
    let read = read_pack(path).map_err(|e| CommandError::pack(path, e))?;
    if read.truncated {
        let _ = writeln!(
            err,
            "{}: error: the file is cut short or broken; every complete level in it was read",
            shown(path)
        );
    }
    for b in &read.breaks {
        let _ = writeln!(err, "{}: error: {b}", shown(path));
    }
    for d in &read.damaged {
        let _ = writeln!(
            err,
            "{}: error: levels[{}] cannot be read, skipped: {}",
            shown(path),
            d.index,
            d.error
        );
    }
    Ok(read)
}

/// The exit code of a command that did what it could with a pack: 1 when
/// an entry could not be read (it was skipped), else 0.
fn damage_code(read: &ReadPack) -> u8 {
    if read.is_whole() {
        0
    } else {
        super::EXIT_FAILED
    }
}

/// Takes the lock of the pack file `path` for a read-modify-write: another
/// levelscope writing it waits until this one has written.
fn lock(path: &Path) -> Result<crate::lock::FileLock, CommandError> {
    crate::lock::FileLock::exclusive(path).map_err(|e| CommandError::io(path, e))
}

/// Refuses to write a pack read from `source` that has entries this
/// program cannot read, which writing would lose.
fn writable(read: &ReadPack, source: &Path) -> Result<(), CommandError> {
    read.check_writable(source)
        .map_err(|e| CommandError::pack(source, e))
}

fn file_stem(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// Every level's stored summary, or a fresh one (on all cores) for levels
/// without; `None` where the level cannot be analysed.
fn summaries(pack: &Pack, budgets: StateBudgets, max_memory: u64) -> Vec<Option<LevelSummary>> {
    let bars = MultiProgress::new();
    let bar = bars.add(progress_bar(pack.levels.len(), "analysing"));
    let summaries = pack
        .levels
        .par_iter()
        .map(|e| {
            let s = e.summary.clone().or_else(|| {
                let mut e = e.clone();
                let job = Job::with_state_budgets(budgets, max_memory);
                refresh_watched(&bars, &mut e, &job).ok().and(e.summary)
            });
            bar.inc(1);
            s
        })
        .collect();
    bar.finish_and_clear();
    summaries
}

/// A level's summary on one line: its verdict in a word or two, and for a
/// kind with a state graph its shortest solution (with `graph_numbers`,
/// its states and traps too); a Tangram level's solution count alone.
fn summary_words(s: &LevelSummary, graph_numbers: bool) -> String {
    let word = s.verdict_word();
    let Some(g) = s.graph() else {
        return word;
    };
    let shortest = g.shortest.map_or("none".into(), |n| n.to_string());
    if graph_numbers {
        format!(
            "{word}, shortest {shortest}, states {}, traps {}",
            g.states, g.traps
        )
    } else {
        format!("{word}, shortest {shortest}")
    }
}

/// The partition of a `--partition` value (`auto` read from the
/// environment), or the usage error said on `err` and its exit code.
fn partition_or_usage(
    arg: Option<PartitionArg>,
    err: &mut dyn Write,
) -> Result<Option<Partition>, u8> {
    super::partition::resolve_from_env(arg).map_err(|e| {
        let _ = writeln!(err, "error: {e}");
        super::EXIT_USAGE
    })
}

/// Refuses (as usage) a part file that is the pack itself, which writing
/// the part would replace.
fn part_not_pack(pack: &Path, part: Option<&Path>, err: &mut dyn Write) -> Result<(), u8> {
    let Some(part) = part else {
        return Ok(());
    };
    let same = match (pack.canonicalize(), part.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => pack == part,
    };
    if same {
        let _ = writeln!(
            err,
            "error: {}: --out is the pack itself; a part goes to a file of its own, nothing was written",
            shown(part)
        );
        return Err(super::EXIT_USAGE);
    }
    Ok(())
}

/// What the parts of one pack say they come from: its name, its number of
/// entries and a print of its levels (their boards, without summaries), so
/// that parts of two versions of a pack are told apart.
fn pack_source(read: &ReadPack) -> String {
    let count = read.pack.levels.len() + read.damaged.len();
    let print = read
        .pack
        .levels
        .iter()
        .map(|e| crate::pack::level_print(&e.level))
        .fold(0xcbf2_9ce4_8422_2325_u64, |h, p| {
            p.bytes()
                .fold(h, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
        });
    format!(
        "pack {}, {}, print {print:016x}",
        quoted(&read.pack.name),
        levels_word(count)
    )
}

/// Keeps only `partition`'s entries of `read` (all of them without a
/// partition); returns each kept entry's index in the file.
fn take_partition(read: &mut ReadPack, partition: Option<Partition>) -> Vec<usize> {
    let numbers = read.file_indices();
    let levels = std::mem::take(&mut read.pack.levels);
    let mut kept = Vec::new();
    for (entry, number) in levels.into_iter().zip(numbers) {
        if super::partition::takes(partition, number) {
            read.pack.levels.push(entry);
            kept.push(number);
        }
    }
    kept
}

/// What a pack's part needs to be written besides its entries.
struct PartOf {
    partition: Partition,
    /// The whole pack's number of entries.
    count: usize,
    /// [`pack_source`] of the whole pack.
    source: String,
}

/// Writes the part `read` (its entries already those of the partition,
/// whose indices in the whole are `numbers`) to `path`, with the pack's
/// fields and its `"partition"` field.
fn write_part(
    path: &Path,
    read: &ReadPack,
    numbers: &[usize],
    of: PartOf,
) -> Result<(), CommandError> {
    let info = super::partition::PartInfo {
        k: of.partition.k,
        n: of.partition.n,
        count: of.count,
        source: of.source,
        name: Some(read.pack.name.clone()),
        indices: numbers.to_vec(),
    };
    let mut unknown = read.unknown.clone();
    unknown.insert(
        super::partition::PART_FIELD.into(),
        serde_json::to_value(info).expect("a part's field is JSON"),
    );
    let _lock = lock(path)?;
    write_pack_with(path, &read.pack, &unknown).map_err(|e| CommandError::pack(path, e))
}

/// "1 level", "3 levels".
fn levels_word(n: usize) -> String {
    counted(n as u64, "level", "levels")
}

/// The files a pack subcommand reads, and its memory budget.
fn files_read(command: &PackCommand) -> (Vec<&Path>, u64) {
    let (files, max_memory): (Vec<&Path>, _) = match command {
        PackCommand::Add {
            pack,
            levels,
            max_memory,
            ..
        } => (
            std::iter::once(pack.as_path())
                .chain(levels.iter().map(PathBuf::as_path))
                .collect(),
            max_memory,
        ),
        PackCommand::Check {
            pack, max_memory, ..
        }
        | PackCommand::Dedupe {
            pack, max_memory, ..
        }
        | PackCommand::Stats {
            pack, max_memory, ..
        }
        | PackCommand::Export {
            pack, max_memory, ..
        } => (vec![pack.as_path()], max_memory),
        PackCommand::Diff {
            old,
            new,
            max_memory,
            ..
        } => (vec![old.as_path(), new.as_path()], max_memory),
        PackCommand::Merge {
            parts, max_memory, ..
        } => (parts.iter().map(PathBuf::as_path).collect(), max_memory),
    };
    (files, max_memory.unwrap_or_else(default_max_memory))
}

/// Runs `pack`; returns the exit code: 2 for bad usage, which includes a
/// file too large to read inside `--max-memory` (refused before anything is
/// read or written).
pub fn run(args: &PackArgs, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let (files, max_memory) = files_read(&args.command);
    // The files one command reads are held together (a pack and the
    // level files added to it): their costs add up; the levels added are
    // held with their analyses until the pack is written.
    let refused = match &args.command {
        PackCommand::Add { pack, levels, .. } => {
            let levels: Vec<&Path> = levels.iter().map(PathBuf::as_path).collect();
            crate::pack::read_budget::refuse_to_add_if_over(pack, &levels, max_memory)
        }
        _ => crate::pack::read_budget::refuse_all_if_over(&files, max_memory),
    };
    if let Err(e) = refused {
        let names: Vec<String> = files.iter().map(|f| shown(f).to_string()).collect();
        let _ = writeln!(
            err,
            "error: {}: {e}; nothing was read or written",
            names.join(", ")
        );
        return super::EXIT_USAGE;
    }
    let budgets = |max_states: &Option<u64>| (StateBudgets::given(*max_states), max_memory);
    if let PackCommand::Diff {
        old,
        new,
        json,
        max_states,
        ..
    } = &args.command
    {
        let budgets = budgets(max_states);
        return diff::run(old, new, *json, budgets, out, err);
    }
    let result = match &args.command {
        PackCommand::Diff { .. } => Ok(0),
        PackCommand::Add {
            pack,
            levels,
            kind,
            max_states,
            ..
        } => add(pack, levels, *kind, budgets(max_states), out, err),
        PackCommand::Check {
            pack,
            min_stars,
            max_states,
            update,
            json,
            partition,
            out: part_out,
            ..
        } => {
            let partition = match partition_or_usage(*partition, err) {
                Ok(p) => p,
                Err(code) => return code,
            };
            if let Err(code) = part_not_pack(pack, part_out.as_deref(), err) {
                return code;
            }
            if partition.is_some() && *update && part_out.is_none() {
                let _ = writeln!(
                    err,
                    "error: with --partition, --update writes a part file for pack merge: give --out PART; nothing was written"
                );
                return super::EXIT_USAGE;
            }
            check(
                pack,
                CheckRun {
                    min_stars: *min_stars,
                    update: *update,
                    json: *json,
                    partition,
                    part_out: part_out.as_deref(),
                },
                budgets(max_states),
                out,
                err,
            )
        }
        PackCommand::Dedupe {
            pack, json, write, ..
        } => dedupe(pack, *json, write.as_deref(), out, err),
        PackCommand::Stats {
            pack,
            json,
            max_states,
            partition,
            out: part_out,
            ..
        } => {
            let partition = match partition_or_usage(*partition, err) {
                Ok(p) => p,
                Err(code) => return code,
            };
            if let Err(code) = part_not_pack(pack, part_out.as_deref(), err) {
                return code;
            }
            let part = partition.map(|p| (p, part_out.as_deref()));
            stats(pack, *json, part, budgets(max_states), out, err)
        }
        PackCommand::Merge {
            out: merged, parts, ..
        } => merge(merged, parts, out, err),
        PackCommand::Export {
            pack,
            ascii,
            sheet,
            json,
            skip_damaged,
            max_states,
            ..
        } => export(
            pack,
            ExportTargets {
                ascii: ascii.as_deref(),
                sheet: sheet.as_deref(),
                json: json.as_deref(),
                skip_damaged: *skip_damaged,
            },
            budgets(max_states),
            out,
            err,
        ),
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            let _ = writeln!(err, "error: {message}");
            super::EXIT_FAILED
        }
    }
}
