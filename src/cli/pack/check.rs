//! `pack check PACK`: every level re-analysed on all cores and judged by
//! its kind's rule of a fair level.

use super::*;

/// What `pack check` is asked to do besides checking.
pub(super) struct CheckRun<'a> {
    /// The fewest stars a level may have.
    pub min_stars: u8,
    /// Store the fresh analyses (in the pack, or in the part file).
    pub update: bool,
    /// Print JSON Lines.
    pub json: bool,
    /// Check only this partition's entries.
    pub partition: Option<Partition>,
    /// With `update` and `partition`: the part file to write instead of
    /// the pack.
    pub part_out: Option<&'a Path>,
}

/// Runs `pack check`; the exit code, or the error in words.
pub(super) fn check(
    pack_path: &Path,
    run: CheckRun,
    (budgets, max_memory): (StateBudgets, u64),
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<u8, CommandError> {
    let CheckRun {
        min_stars,
        update,
        json: json_out,
        partition,
        part_out,
    } = run;
    // A part is written to its own file: the pack is only read.
    let in_place = update && part_out.is_none();
    let _lock = if in_place {
        Some(lock(pack_path)?)
    } else {
        None
    };
    let mut read = load(pack_path, err)?;
    if update {
        writable(&read, pack_path)?;
    }
    let whole = partition.map(|p| PartOf {
        partition: p,
        count: read.pack.levels.len() + read.damaged.len(),
        source: pack_source(&read),
    });
    let numbers = take_partition(&mut read, partition);
    let bars = MultiProgress::new();
    let bar = bars.add(progress_bar(read.pack.levels.len(), "checking"));
    let checks = check_pack(
        &read.pack,
        CheckOptions { min_stars, budgets },
        max_memory,
        &|level, job, search| {
            crate::cli::progress::watched(
                &bars,
                job,
                &shortened(level.name()),
                search_unit(level),
                search,
            )
        },
        &|| bar.inc(1),
    );
    bar.finish_and_clear();
    let mut failing = 0;
    for c in &checks {
        let name = read.pack.levels[c.index].level.name();
        let number = numbers[c.index];
        if !c.passes() {
            failing += 1;
        }
        if json_out {
            let summary = c.summary.as_ref().ok();
            let _ = writeln!(
                out,
                "{}",
                json!({
                    "index": number,
                    "name": name,
                    "passes": c.passes(),
                    "failures": c.failures,
                    "summary": summary,
                })
            );
        } else if c.passes() {
            let _ = writeln!(out, "ok    {number:>3} {}", shortened(name));
        } else {
            let _ = writeln!(
                out,
                "FAIL  {number:>3} {}: {}",
                shortened(name),
                c.failures.join("; ")
            );
        }
    }
    if !read.is_whole() {
        failing += read.damaged.len().max(1);
    }
    if !json_out {
        let _ = writeln!(
            out,
            "{}, {failing} failing",
            levels_word(read.pack.levels.len())
        );
    }
    if update {
        for c in checks {
            read.pack.levels[c.index].set_summary(c.summary.ok());
        }
        match (part_out, whole) {
            (Some(part), Some(whole)) => write_part(part, &read, &numbers, whole)?,
            _ => write_pack_with(pack_path, &read.pack, &read.unknown)
                .map_err(|e| CommandError::pack(pack_path, e))?,
        }
    }
    Ok(if failing > 0 {
        crate::cli::EXIT_FAILED
    } else {
        0
    })
}
