//! `pack check PACK`: every level re-analysed on all cores and judged by
//! its kind's rule of a fair level.

use super::*;

/// Runs `pack check`; the exit code, or the error in words.
#[allow(clippy::too_many_arguments)]
pub(super) fn check(
    pack_path: &Path,
    min_stars: u8,
    (max_states, max_memory): (u64, u64),
    update: bool,
    json_out: bool,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<u8, String> {
    let _lock = if update { Some(lock(pack_path)?) } else { None };
    let mut read = load(pack_path, err)?;
    if update {
        writable(&read, pack_path)?;
    }
    let bars = MultiProgress::new();
    let bar = bars.add(progress_bar(read.pack.levels.len(), "checking"));
    let checks = check_pack(
        &read.pack,
        CheckOptions {
            min_stars,
            max_states,
        },
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
    let numbers = read.file_indices();
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
        write_pack_with(pack_path, &read.pack, &read.unknown)
            .map_err(|e| format!("{}: {e}", shown(pack_path)))?;
    }
    Ok(if failing > 0 {
        crate::cli::EXIT_FAILED
    } else {
        0
    })
}
