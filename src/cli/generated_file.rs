//! What every generator (Skiddy, Prism, Tangram) shares on the command
//! line: the one rule for `--count` and for what is written, what `--out`
//! asks for, generating a batch on all cores with a progress bar, the pack
//! of the levels kept, and writing the file under its lock.
//!
//! The rule, the same for every generator:
//! - `--count 0` is refused (exit 2), and so is a count whose levels could
//!   not fit in memory, before anything is allocated;
//! - when no level was generated, nothing is written: `--out` keeps what it
//!   held ("no level was generated; nothing was written", exit 1);
//! - when some levels were generated and others not, the ones generated
//!   are written (replacing `--out`, as a complete run does), each failure
//!   is named, the shortfall is said, and the exit code is 1.
//!
//! With `--partition K/N` (see [`super::partition`]) a generator makes the
//! levels of `0..count` whose index is K modulo N, each from the seed it
//! has in the whole run and named as in the whole run (`gen-SEED-I`), and
//! writes them as a part (a pack, `--out` must end in `.json`) for `pack
//! merge`; a part is written even when none of its levels could be made,
//! so that the merge sees it.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use rayon::prelude::*;

use super::partition::{PartInfo, Partition, PartitionArg, PART_FIELD};
use crate::kinds::{Level, LevelSummary};
use crate::pack::{pack_to_json_with, Pack, PackEntry, Unknown};
use crate::words::counted;

/// What `--out` asks for, from its extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutFile {
    /// One level in the kind's text format.
    Text,
    /// A pack.
    Pack,
}

/// Why a generator's run cannot start: its options (`E`, the kind's
/// generator error), or its count or file. Every `generate` subcommand
/// answers with it.
#[derive(Debug, thiserror::Error)]
pub enum Refused<E: std::error::Error + 'static> {
    /// The generator's options cannot give a level.
    #[error(transparent)]
    Options(E),
    /// The count or the file cannot be had.
    #[error(transparent)]
    File(#[from] GeneratedFileError),
}

/// Why a generator's run cannot start, or its file cannot be written.
#[derive(Debug, thiserror::Error)]
pub enum GeneratedFileError {
    /// A `.txt` file asked to hold several levels.
    #[error("{}: a .txt file holds one level in {format}, and --count asks for {count}; write a pack (.json) instead", crate::file_names::shown(.path))]
    TextHoldsOne {
        /// The file.
        path: PathBuf,
        /// The kind's text format, in words.
        format: String,
        /// The levels asked for.
        count: usize,
    },
    /// An output file that is neither `.txt` nor `.json`.
    #[error("{}: --out must end in .txt (one level in {format}) or .json (a pack)", crate::file_names::shown(.path))]
    Extension {
        /// The file.
        path: PathBuf,
        /// The kind's text format, in words.
        format: String,
    },
    /// `--count 0`.
    #[error("--count 0 asks for no level; give at least 1")]
    NoLevel,
    /// More levels than fit in the memory budget.
    #[error(
        "--count {count} asks for more levels than fit in memory: about {} for the batch, and {} is available (at most about {most} levels of this size); generate fewer at a time",
        crate::engine::format_bytes(*.needed),
        crate::engine::format_bytes(*.budget)
    )]
    OverBudget {
        /// The levels asked for.
        count: usize,
        /// The bytes the batch needs.
        needed: u64,
        /// The bytes available.
        budget: u64,
        /// The most levels that fit.
        most: u64,
    },
    /// `--partition` cannot be resolved.
    #[error(transparent)]
    Partition(#[from] super::partition::PartitionError),
    /// `--partition` with an output file that is not a pack.
    #[error("{}: with --partition, --out must be a pack (.json): the part that pack merge takes", crate::file_names::shown(.0))]
    PartNotPack(PathBuf),
    /// The level cannot be written in the file's format.
    #[error(transparent)]
    Level(#[from] crate::kinds::LevelError),
    /// The file could not be locked or written.
    #[error("{}: {error}", crate::file_names::shown(.path))]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        error: std::io::Error,
    },
}

impl OutFile {
    /// The output `path` asks for when `count` levels are wanted (checked
    /// first by [`check_count`]), or why it cannot hold them; `format`
    /// names the kind's text format ("the 2016 format").
    pub fn of(path: &Path, count: usize, format: &str) -> Result<OutFile, GeneratedFileError> {
        let extension = path
            .extension()
            .map(|e| e.to_string_lossy().to_ascii_lowercase());
        match extension.as_deref() {
            Some("txt") if count == 1 => Ok(OutFile::Text),
            Some("txt") => Err(GeneratedFileError::TextHoldsOne {
                path: path.to_path_buf(),
                format: format.to_string(),
                count,
            }),
            Some("json") => Ok(OutFile::Pack),
            _ => Err(GeneratedFileError::Extension {
                path: path.to_path_buf(),
                format: format.to_string(),
            }),
        }
    }
}

/// What one generated level is counted to take while a batch runs and is
/// written: its result, its level of `cells` cells with its pack entry,
/// and its share of the file's text.
pub fn bytes_per_level<K>(cells: usize) -> u64 {
    (std::mem::size_of::<Result<K, Box<dyn std::error::Error + Send>>>() + 1024 + 64 * cells) as u64
}

/// The rule every generator checks before it starts: `count` must be at
/// least 1, and `count` levels of `bytes_per_level` each must fit in
/// `budget` bytes. The error is said as usage (exit 2).
pub fn check_count(
    count: usize,
    bytes_per_level: u64,
    budget: u64,
) -> Result<(), GeneratedFileError> {
    if count == 0 {
        return Err(GeneratedFileError::NoLevel);
    }
    let needed = (count as u128) * (bytes_per_level as u128);
    if needed > budget as u128 {
        let needed = u64::try_from(needed).unwrap_or(u64::MAX);
        let most = budget / bytes_per_level.max(1);
        return Err(GeneratedFileError::OverBudget {
            count,
            needed,
            budget,
            most,
        });
    }
    Ok(())
}

/// A generator's part of a partitioned run: which partition, and what the
/// run is (the generator and its parameters), which every part says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GeneratorPart {
    /// The partition.
    pub partition: Partition,
    /// The part's source: levelscope's version, the generator and its
    /// parameters (without `--out` and `--partition`).
    pub source: String,
}

/// The part a generator's run makes, if `--partition` was given: `auto`
/// read from the environment; refused (as usage) when `out` is not a pack.
/// `generator` names it ("tangram") and `parameters` says its parameters.
pub fn generator_part(
    arg: Option<PartitionArg>,
    out: &Path,
    generator: &str,
    parameters: String,
) -> Result<Option<GeneratorPart>, GeneratedFileError> {
    let Some(partition) = super::partition::resolve_from_env(arg)? else {
        return Ok(None);
    };
    if !matches!(OutFile::of(out, 2, "a text format"), Ok(OutFile::Pack)) {
        return Err(GeneratedFileError::PartNotPack(out.to_path_buf()));
    }
    Ok(Some(GeneratorPart {
        partition,
        source: format!(
            "levelscope {} generate {generator} {parameters}",
            env!("CARGO_PKG_VERSION")
        ),
    }))
}

/// The indices a run makes: `0..count`, or the partition's share of them.
pub fn batch_indices(count: usize, part: Option<&GeneratorPart>) -> Vec<u64> {
    (0..count)
        .filter(|&i| super::partition::takes(part.map(|p| p.partition), i))
        .map(|i| i as u64)
        .collect()
}

/// A batch: the levels kept in order, and the indices that failed with why.
pub struct Batch<K> {
    /// What each level that was made gave, in index order.
    pub kept: Vec<K>,
    /// The index in the run of each level kept.
    pub kept_indices: Vec<usize>,
    /// `(index, why)` of each level that could not be made.
    pub failed: Vec<(usize, String)>,
    /// Seconds the batch took.
    pub seconds: f64,
}

/// Makes levels `0..count` with `make` on all cores, with a progress bar
/// when there is more than one.
pub fn make_batch<K: Send, E: std::fmt::Display + Send>(
    count: usize,
    make: impl Fn(u64) -> Result<K, E> + Sync,
) -> Batch<K> {
    make_batch_of(&(0..count as u64).collect::<Vec<_>>(), make)
}

/// Makes the levels of `indices` with `make` on all cores, with a progress
/// bar when there is more than one.
pub fn make_batch_of<K: Send, E: std::fmt::Display + Send>(
    indices: &[u64],
    make: impl Fn(u64) -> Result<K, E> + Sync,
) -> Batch<K> {
    let started = Instant::now();
    let count = indices.len();
    let bar = (count > 1).then(|| super::generating_bar(count));
    let results: Vec<Result<K, E>> = indices
        .par_iter()
        .map(|&i| {
            let made = make(i);
            if let Some(bar) = &bar {
                bar.inc(1);
            }
            made
        })
        .collect();
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let mut batch = Batch {
        kept: Vec::with_capacity(results.len()),
        kept_indices: Vec::with_capacity(results.len()),
        failed: Vec::new(),
        seconds: started.elapsed().as_secs_f64(),
    };
    for (&i, made) in indices.iter().zip(results) {
        match made {
            Ok(k) => {
                batch.kept.push(k);
                batch.kept_indices.push(i as usize);
            }
            Err(e) => batch.failed.push((i as usize, e.to_string())),
        }
    }
    batch
}

/// The pack of generated levels, named after the file, each level named
/// `gen-SEED-I` after its index `I` in the run, tagged "generated" and
/// carrying its summary; a part of a partitioned run (`part`, of a run of
/// `count` levels) carries its `"partition"` field.
pub fn pack_text(
    out: &Path,
    seed: u64,
    levels: Vec<(usize, Level, Option<LevelSummary>)>,
    part: Option<(&GeneratorPart, usize)>,
) -> String {
    let indices: Vec<usize> = levels.iter().map(|(i, _, _)| *i).collect();
    let levels = levels
        .into_iter()
        .map(|(i, mut level, summary)| {
            level.set_name(format!("gen-{seed}-{i}"));
            let mut entry = PackEntry::new(level);
            entry.tags.push("generated".into());
            entry.set_summary(summary);
            entry
        })
        .collect();
    let mut fields = Unknown::new();
    if let Some((part, count)) = part {
        let info = PartInfo {
            k: part.partition.k,
            n: part.partition.n,
            count,
            source: part.source.clone(),
            name: None,
            indices,
        };
        fields.insert(
            PART_FIELD.into(),
            serde_json::to_value(info).expect("a part's field is JSON"),
        );
    }
    pack_to_json_with(
        &Pack {
            name: out
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default(),
            levels,
        },
        &fields,
    )
}

/// Writes `text` to `path` atomically, under the file's lock.
///
/// Only [`report_failures`] (or [`report_shortfall`]) saying there is
/// something to write lets a generator call this.
pub fn write_locked(path: &Path, text: &str) -> Result<(), GeneratedFileError> {
    let failed = |error| GeneratedFileError::Write {
        path: path.to_path_buf(),
        error,
    };
    let _lock = crate::lock::FileLock::exclusive(path).map_err(failed)?;
    crate::atomic::write_atomic(path, text.as_bytes()).map_err(failed)
}

/// Says which levels failed and, if none was made, that nothing is
/// written; returns whether there is anything to write (a part always
/// is, `is_part`).
pub fn report_failures<K>(batch: &Batch<K>, is_part: bool, err: &mut dyn Write) -> bool {
    report_shortfall(&batch.failed, batch.kept.len(), is_part, err)
}

/// [`report_failures`] for a generator that keeps its own results: the
/// levels that `failed` with why, and how many were `kept`.
pub fn report_shortfall(
    failed: &[(usize, String)],
    kept: usize,
    is_part: bool,
    err: &mut dyn Write,
) -> bool {
    for (i, why) in failed {
        let _ = writeln!(err, "level {i}: {why}");
    }
    if kept == 0 && !is_part {
        let _ = writeln!(err, "error: no level was generated; nothing was written");
        return false;
    }
    true
}

/// The line that sums a written batch up.
pub fn kept_line<K>(batch: &Batch<K>, out: &Path) -> String {
    format!(
        "kept {} in {:.2} s ({:.2} per second on {} threads); wrote {}",
        counted(batch.kept.len() as u64, "level", "levels"),
        batch.seconds,
        batch.kept.len() as f64 / batch.seconds.max(1e-9),
        rayon::current_num_threads(),
        crate::file_names::shown(out)
    )
}

/// Ends a run: says how many levels failed; returns the exit code.
pub fn exit_code<K>(batch: &Batch<K>, err: &mut dyn Write) -> u8 {
    shortfall_code(batch.failed.len(), batch.kept.len(), err)
}

/// [`exit_code`] from how many levels `failed` and how many were `kept`
/// (and written): 1 when any failed.
pub fn shortfall_code(failed: usize, kept: usize, err: &mut dyn Write) -> u8 {
    if failed == 0 {
        return 0;
    }
    let _ = writeln!(
        err,
        "{} of {} could not be generated; the {} generated {} written",
        counted(failed as u64, "level", "levels"),
        failed + kept,
        kept,
        crate::words::agreeing(kept as u64, "was", "were")
    );
    super::EXIT_FAILED
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_out_file_follows_the_extension_and_the_count() {
        let format = "the 2016 format";
        assert!(matches!(
            OutFile::of(Path::new("a.txt"), 1, format),
            Ok(OutFile::Text)
        ));
        assert!(matches!(
            OutFile::of(Path::new("a.JSON"), 5, format),
            Ok(OutFile::Pack)
        ));
        let many = OutFile::of(Path::new("a.txt"), 2, format).unwrap_err();
        assert!(
            many.to_string()
                .contains("holds one level in the 2016 format"),
            "{many}"
        );
        let other = OutFile::of(Path::new("a.png"), 1, format).unwrap_err();
        assert!(other.to_string().contains("must end in .txt"), "{other}");
    }

    #[test]
    fn a_count_is_checked_against_memory_before_anything_is_made() {
        assert!(check_count(0, 100, 1 << 30)
            .unwrap_err()
            .to_string()
            .contains("--count 0"));
        assert!(check_count(10, 100, 1000).is_ok());
        let many =
            check_count(4_000_000_000, bytes_per_level::<[u8; 200]>(56), 1 << 30).unwrap_err();
        assert!(
            many.to_string()
                .contains("--count 4000000000 asks for more levels than fit in memory"),
            "{many}"
        );
        // No overflow at the extremes.
        assert!(check_count(usize::MAX, u64::MAX, u64::MAX).is_err());
    }

    #[test]
    fn a_batch_keeps_order_and_names_the_failures() {
        let batch = make_batch(5, |i| if i == 3 { Err("odd") } else { Ok(i) });
        assert_eq!(batch.kept, [0, 1, 2, 4]);
        assert_eq!(batch.kept_indices, [0, 1, 2, 4]);
        assert_eq!(batch.failed, [(3, "odd".to_string())]);
        let mut err = Vec::new();
        assert!(report_failures(&batch, false, &mut err));
        assert_eq!(String::from_utf8(err).unwrap(), "level 3: odd\n");
        let mut err = Vec::new();
        assert_eq!(exit_code(&batch, &mut err), super::super::EXIT_FAILED);
    }

    #[test]
    fn a_partitions_batch_keeps_the_runs_indices() {
        let part = GeneratorPart {
            partition: Partition { k: 1, n: 3 },
            source: "s".into(),
        };
        let indices = batch_indices(8, Some(&part));
        assert_eq!(indices, [1, 4, 7]);
        assert_eq!(batch_indices(3, None), [0, 1, 2]);
        let batch = make_batch_of(&indices, |i| if i == 4 { Err("no") } else { Ok(i * 10) });
        assert_eq!(batch.kept, [10, 70]);
        assert_eq!(batch.kept_indices, [1, 7]);
        assert_eq!(batch.failed, [(4, "no".to_string())]);
        // A part none of whose levels was made is still written.
        let none = make_batch_of(&[2], |_| Err::<u64, _>("no"));
        assert!(report_failures(&none, true, &mut Vec::new()));
        assert!(!report_failures(&none, false, &mut Vec::new()));
    }

    #[test]
    fn levels_are_named_after_their_index_in_the_run() {
        let level = || -> Level { crate::kinds::skiddy::Level::new(4, 4).into() };
        // Level 1 could not be made: level 2 keeps its name.
        let text = pack_text(
            Path::new("out/batch.json"),
            5,
            vec![(0, level(), None), (2, level(), None)],
            None,
        );
        let pack: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(pack["name"], "batch");
        assert_eq!(pack["levels"][0]["name"], "gen-5-0");
        assert_eq!(pack["levels"][1]["name"], "gen-5-2");
        assert!(pack.get(PART_FIELD).is_none());
        let part = GeneratorPart {
            partition: Partition { k: 2, n: 3 },
            source: "the run".into(),
        };
        let text = pack_text(
            Path::new("p.json"),
            5,
            vec![(2, level(), None), (8, level(), None)],
            Some((&part, 9)),
        );
        let pack: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(
            pack[PART_FIELD],
            serde_json::json!({"k": 2, "n": 3, "count": 9, "source": "the run", "name": null, "indices": [2, 8]})
        );
        assert_eq!(pack["levels"][1]["name"], "gen-5-8");
    }

    #[test]
    fn a_part_must_be_a_pack() {
        let fixed = Some(PartitionArg::Fixed(Partition { k: 0, n: 2 }));
        let e = generator_part(fixed, Path::new("a.txt"), "tangram", String::new()).unwrap_err();
        assert!(
            e.to_string().contains("--out must be a pack (.json)"),
            "{e}"
        );
        let part = generator_part(fixed, Path::new("a.json"), "tangram", "x".into())
            .unwrap()
            .unwrap();
        assert_eq!(part.partition, Partition { k: 0, n: 2 });
        assert!(
            part.source.ends_with("generate tangram x"),
            "{}",
            part.source
        );
        assert!(matches!(
            generator_part(None, Path::new("a.txt"), "t", String::new()),
            Ok(None)
        ));
    }

    #[test]
    fn each_refusal_is_its_variant_naming_the_file() {
        let many = OutFile::of(Path::new("a.txt"), 2, "the 2016 format").unwrap_err();
        assert!(
            matches!(many, GeneratedFileError::TextHoldsOne { count: 2, .. }),
            "{many:?}"
        );
        let other = OutFile::of(Path::new("a.png"), 1, "the 2016 format").unwrap_err();
        assert!(
            matches!(other, GeneratedFileError::Extension { .. }),
            "{other:?}"
        );
        assert!(
            other
                .to_string()
                .starts_with("a.png: --out must end in .txt"),
            "{other}"
        );
        assert!(matches!(
            check_count(0, 1, 1),
            Err(GeneratedFileError::NoLevel)
        ));
        assert!(matches!(
            check_count(10, 100, 999),
            Err(GeneratedFileError::OverBudget {
                count: 10,
                most: 9,
                ..
            })
        ));
        let dir = tempfile::tempdir().unwrap();
        let inside_a_file = dir.path().join("file.json");
        std::fs::write(&inside_a_file, "x").unwrap();
        let blocked = write_locked(&inside_a_file.join("out.json"), "{}").unwrap_err();
        assert!(
            matches!(blocked, GeneratedFileError::Write { .. }),
            "{blocked:?}"
        );
    }
}
