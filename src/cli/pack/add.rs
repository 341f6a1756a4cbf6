//! `pack add PACK LEVEL...`: levels (files, collections, packs) added to a
//! pack, each analysed, under the pack's lock.

use super::*;

/// Runs `pack add`; the exit code, or the error in words.
pub(super) fn add(
    pack_path: &Path,
    levels: &[PathBuf],
    kind: Option<Kind>,
    (budgets, max_memory): (StateBudgets, u64),
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<u8, CommandError> {
    let _lock = lock(pack_path)?;
    let mut read = if pack_path.exists() {
        load(pack_path, err)?
    } else {
        ReadPack {
            pack: Pack {
                name: file_stem(pack_path),
                levels: Vec::new(),
            },
            ..ReadPack::default()
        }
    };
    writable(&read, pack_path)?;
    let mut failed = false;
    // What each new entry needs to be said once the pack is written: the
    // file it came from and, when it could not be analysed, why (its
    // name and its summary are in the entry). Held for every level added,
    // so kept small: a collection of a million tiny levels adds a million.
    let mut added: Vec<(&Path, Option<crate::kinds::AnalysisError>)> = Vec::new();
    let first_added = read.pack.levels.len();
    let bars = MultiProgress::new();
    for path in levels {
        let text = match crate::pack::read_level_text_file(path) {
            Ok(read) => {
                if let Some(note) = read.note {
                    let _ = writeln!(err, "{}: note: {note}", shown(path));
                }
                read.text
            }
            Err(e) => {
                let _ = writeln!(err, "{}: error: {e}", shown(path));
                failed = true;
                continue;
            }
        };
        let found = match crate::pack::open_text(&text, kind) {
            Ok(crate::pack::Opened::Levels(levels, _)) => levels,
            // A collection some of whose levels cannot be read: add the
            // others, and name each that is left out.
            Ok(crate::pack::Opened::Pack(collection))
                if !crate::kinds::text::is_pack_text(&text) =>
            {
                for d in &collection.damaged {
                    let _ = writeln!(
                        err,
                        "{}: error: level #{} not added: {}",
                        shown(path),
                        d.index,
                        d.error
                    );
                }
                failed = true;
                collection
                    .pack
                    .levels
                    .into_iter()
                    .map(|e| e.level)
                    .collect()
            }
            Ok(crate::pack::Opened::Pack(_)) => {
                let _ = writeln!(
                    err,
                    "{}: error: the file is a pack; add levels one file at a time",
                    shown(path)
                );
                failed = true;
                continue;
            }
            Err(e) => {
                let _ = writeln!(err, "{}: error: {e}", shown(path));
                failed = true;
                continue;
            }
        };
        // The text is not needed once its levels are read.
        drop(text);
        read.pack.levels.reserve_exact(found.len());
        let several = found.len() > 1;
        for (i, mut level) in found.into_iter().enumerate() {
            if level.name().is_empty() {
                level.set_name(if several {
                    format!("{} {}", file_stem(path), i + 1)
                } else {
                    file_stem(path)
                });
            }
            let mut entry = PackEntry::new(level);
            let job = Job::with_state_budgets(budgets, max_memory);
            let error = refresh_watched(&bars, &mut entry, &job).err();
            added.push((path.as_path(), error));
            read.pack.levels.push(entry);
        }
    }
    if added.is_empty() {
        // Nothing to add: the pack is neither made nor rewritten.
        let _ = writeln!(
            err,
            "{}: no level was added; nothing was written",
            shown(pack_path)
        );
        return Ok(crate::cli::EXIT_FAILED);
    }
    write_pack_with(pack_path, &read.pack, &read.unknown)
        .map_err(|e| CommandError::pack(pack_path, e))?;
    // Said only once it is true: the pack with the new levels is written.
    // Each level by its name (a collection's title), then its file.
    for (number, (entry, (path, error))) in read.pack.levels[first_added..]
        .iter()
        .zip(added)
        .enumerate()
    {
        let note = match (&entry.summary, error) {
            (_, Some(e)) => format!("not analysed: {e}"),
            (Some(s), None) => summary_words(s, false),
            (None, None) => "not analysed".to_string(),
        };
        let _ = writeln!(
            out,
            "added {} from {} as level {} ({note})",
            quoted(entry.level.name()),
            shown(path),
            first_added + number
        );
    }
    Ok(if failed { crate::cli::EXIT_FAILED } else { 0 })
}
