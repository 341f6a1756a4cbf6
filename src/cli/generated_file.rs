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

use std::io::Write;
use std::path::Path;
use std::time::Instant;

use rayon::prelude::*;

use crate::kinds::{Level, LevelSummary};
use crate::pack::{pack_to_json, Pack, PackEntry};
use crate::words::counted;

/// What `--out` asks for, from its extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutFile {
    /// One level in the kind's text format.
    Text,
    /// A pack.
    Pack,
}

impl OutFile {
    /// The output `path` asks for when `count` levels are wanted (checked
    /// first by [`check_count`]), or why it cannot hold them; `format`
    /// names the kind's text format ("the 2016 format").
    pub fn of(path: &Path, count: usize, format: &str) -> Result<OutFile, String> {
        let extension = path
            .extension()
            .map(|e| e.to_string_lossy().to_ascii_lowercase());
        match extension.as_deref() {
            Some("txt") if count == 1 => Ok(OutFile::Text),
            Some("txt") => Err(format!(
                "{}: a .txt file holds one level in {format}, and --count asks for {count}; write a pack (.json) instead",
                crate::file_names::shown(path)
            )),
            Some("json") => Ok(OutFile::Pack),
            _ => Err(format!(
                "{}: --out must end in .txt (one level in {format}) or .json (a pack)",
                crate::file_names::shown(path)
            )),
        }
    }
}

/// What one generated level is counted to take while a batch runs and is
/// written: its result, its level of `cells` cells with its pack entry,
/// and its share of the file's text.
pub fn bytes_per_level<K>(cells: usize) -> u64 {
    (std::mem::size_of::<Result<K, String>>() + 1024 + 64 * cells) as u64
}

/// The rule every generator checks before it starts: `count` must be at
/// least 1, and `count` levels of `bytes_per_level` each must fit in
/// `budget` bytes. The error is said as usage (exit 2).
pub fn check_count(count: usize, bytes_per_level: u64, budget: u64) -> Result<(), String> {
    if count == 0 {
        return Err("--count 0 asks for no level; give at least 1".to_string());
    }
    let needed = (count as u128) * (bytes_per_level as u128);
    if needed > budget as u128 {
        let needed = u64::try_from(needed).unwrap_or(u64::MAX);
        let most = budget / bytes_per_level.max(1);
        return Err(format!(
            "--count {count} asks for more levels than fit in memory: about {} for the batch, and {} is available (at most about {} levels of this size); generate fewer at a time",
            crate::engine::format_bytes(needed),
            crate::engine::format_bytes(budget),
            most
        ));
    }
    Ok(())
}

/// A batch: the levels kept in order, and the indices that failed with why.
pub struct Batch<K> {
    /// What each level that was made gave, in index order.
    pub kept: Vec<K>,
    /// `(index, why)` of each level that could not be made.
    pub failed: Vec<(usize, String)>,
    /// Seconds the batch took.
    pub seconds: f64,
}

/// Makes levels `0..count` with `make` on all cores, with a progress bar
/// when there is more than one.
pub fn make_batch<K: Send>(
    count: usize,
    make: impl Fn(u64) -> Result<K, String> + Sync,
) -> Batch<K> {
    let started = Instant::now();
    let bar = (count > 1).then(|| super::generating_bar(count));
    let results: Vec<Result<K, String>> = (0..count as u64)
        .into_par_iter()
        .map(|i| {
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
        failed: Vec::new(),
        seconds: started.elapsed().as_secs_f64(),
    };
    for (i, made) in results.into_iter().enumerate() {
        match made {
            Ok(k) => batch.kept.push(k),
            Err(e) => batch.failed.push((i, e)),
        }
    }
    batch
}

/// The pack of generated levels, named after the file, each level named
/// `gen-SEED-I`, tagged "generated" and carrying its summary.
pub fn pack_text(out: &Path, seed: u64, levels: Vec<(Level, Option<LevelSummary>)>) -> String {
    let levels = levels
        .into_iter()
        .enumerate()
        .map(|(i, (mut level, summary))| {
            level.set_name(format!("gen-{seed}-{i}"));
            let mut entry = PackEntry::new(level);
            entry.tags.push("generated".into());
            entry.set_summary(summary);
            entry
        })
        .collect();
    pack_to_json(&Pack {
        name: out
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default(),
        levels,
    })
}

/// Writes `text` to `path` atomically, under the file's lock.
///
/// Only [`report_failures`] (or [`report_shortfall`]) saying there is
/// something to write lets a generator call this.
pub fn write_locked(path: &Path, text: &str) -> Result<(), String> {
    let _lock = crate::lock::FileLock::exclusive(path)
        .map_err(|e| format!("{}: {e}", crate::file_names::shown(path)))?;
    crate::atomic::write_atomic(path, text.as_bytes())
        .map_err(|e| format!("{}: {e}", crate::file_names::shown(path)))
}

/// Says which levels failed and, if none was made, that nothing is
/// written; returns whether there is anything to write.
pub fn report_failures<K>(batch: &Batch<K>, err: &mut dyn Write) -> bool {
    report_shortfall(&batch.failed, batch.kept.len(), err)
}

/// [`report_failures`] for a generator that keeps its own results: the
/// levels that `failed` with why, and how many were `kept`.
pub fn report_shortfall(failed: &[(usize, String)], kept: usize, err: &mut dyn Write) -> bool {
    for (i, why) in failed {
        let _ = writeln!(err, "level {i}: {why}");
    }
    if kept == 0 {
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
        assert_eq!(
            OutFile::of(Path::new("a.txt"), 1, format),
            Ok(OutFile::Text)
        );
        assert_eq!(
            OutFile::of(Path::new("a.JSON"), 5, format),
            Ok(OutFile::Pack)
        );
        let many = OutFile::of(Path::new("a.txt"), 2, format).unwrap_err();
        assert!(
            many.contains("holds one level in the 2016 format"),
            "{many}"
        );
        let other = OutFile::of(Path::new("a.png"), 1, format).unwrap_err();
        assert!(other.contains("must end in .txt"), "{other}");
    }

    #[test]
    fn a_count_is_checked_against_memory_before_anything_is_made() {
        assert!(check_count(0, 100, 1 << 30)
            .unwrap_err()
            .contains("--count 0"));
        assert_eq!(check_count(10, 100, 1000), Ok(()));
        let many =
            check_count(4_000_000_000, bytes_per_level::<[u8; 200]>(56), 1 << 30).unwrap_err();
        assert!(
            many.contains("--count 4000000000 asks for more levels than fit in memory"),
            "{many}"
        );
        // No overflow at the extremes.
        assert!(check_count(usize::MAX, u64::MAX, u64::MAX).is_err());
    }

    #[test]
    fn a_batch_keeps_order_and_names_the_failures() {
        let batch = make_batch(5, |i| if i == 3 { Err("odd".into()) } else { Ok(i) });
        assert_eq!(batch.kept, [0, 1, 2, 4]);
        assert_eq!(batch.failed, [(3, "odd".to_string())]);
        let mut err = Vec::new();
        assert!(report_failures(&batch, &mut err));
        assert_eq!(String::from_utf8(err).unwrap(), "level 3: odd\n");
        let mut err = Vec::new();
        assert_eq!(exit_code(&batch, &mut err), super::super::EXIT_FAILED);
    }
}
