//! `pack dedupe PACK`: the levels that are the same puzzle up to their
//! kind's symmetries.

use super::*;

/// Runs `pack dedupe`; the exit code, or the error in words.
pub(super) fn dedupe(
    pack_path: &Path,
    json_out: bool,
    write: Option<&Path>,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<u8, CommandError> {
    let _lock = match write {
        Some(path) => Some(lock(path)?),
        None => None,
    };
    let read = load(pack_path, err)?;
    if write.is_some() {
        writable(&read, pack_path)?;
    }
    let levels: Vec<_> = read.pack.levels.iter().map(|e| e.level.clone()).collect();
    let groups = duplicate_groups(&levels);
    // The entries' own numbers in the file, whatever was skipped.
    let numbers = read.file_indices();
    if json_out {
        let own: Vec<Vec<usize>> = groups
            .iter()
            .map(|g| g.iter().map(|&i| numbers[i]).collect())
            .collect();
        let _ = writeln!(out, "{}", json!({ "groups": own }));
    } else if groups.is_empty() {
        let _ = writeln!(out, "no duplicates among {}", levels_word(levels.len()));
    } else {
        for g in &groups {
            let names: Vec<String> = g
                .iter()
                .map(|&i| format!("{} {}", numbers[i], shortened(levels[i].name())))
                .collect();
            let _ = writeln!(out, "same level: {}", names.join(", "));
        }
    }
    if let Some(path) = write {
        let drop: std::collections::HashSet<usize> =
            groups.iter().flat_map(|g| g[1..].iter().copied()).collect();
        let kept = Pack {
            name: read.pack.name.clone(),
            levels: read
                .pack
                .levels
                .iter()
                .enumerate()
                .filter(|(i, _)| !drop.contains(i))
                .map(|(_, e)| e.clone())
                .collect(),
        };
        write_pack_with(path, &kept, &read.unknown).map_err(|e| CommandError::pack(path, e))?;
        if !json_out {
            let _ = writeln!(
                out,
                "wrote {} to {}",
                levels_word(kept.levels.len()),
                shown(path)
            );
        }
    }
    Ok(damage_code(&read))
}
