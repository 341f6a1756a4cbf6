//! `pack export PACK`: a folder of level texts, a PNG contact sheet and/or
//! the pack as JSON.

use super::*;

/// A file name made of a level's index and name.
fn export_name(index: usize, name: &str, ext: &str) -> String {
    let slug: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' {
                c.to_ascii_lowercase()
            } else {
                '_'
            }
        })
        .collect();
    if slug.is_empty() {
        format!("{index:03}.{ext}")
    } else {
        format!("{index:03}-{slug}.{ext}")
    }
}

/// A level exported as a text file.
struct TextExport {
    /// The file extension to use.
    extension: &'static str,
    /// The file's text.
    text: String,
    /// Why the level's name is not in the text, when it is not.
    name_left_out: Option<crate::kinds::LevelError>,
}

/// A level in the first of its kind's own text formats that can say it
/// (Skiddy ASCII, Prism 2016, tangram-text, XSB), else in JSON. A format
/// that cannot say the name (tangram-text has no place for one, an XSB
/// title cannot begin with a space) gets the level without it, and the
/// export says so: the file's name keeps what it can of it.
///
/// An entry that keeps the text around its level in the collection it
/// came from (`kept`, in that collection's format) is written in that
/// format with it: its title, comments and metadata lines come back.
fn text_export_kept(
    level: &Level,
    kept: Option<(&crate::kinds::collection::KeptLevel, TextFormat)>,
) -> TextExport {
    if let Some((kept, format)) = kept {
        let first = level
            .kind()
            .formats()
            .iter()
            .find(|f| **f != TextFormat::JSON);
        if first == Some(&format) {
            if let Some(text) = crate::kinds::collection::level_piece(level, kept, format) {
                return TextExport {
                    extension: format.extension(),
                    text,
                    name_left_out: None,
                };
            }
        }
    }
    let mut unnamed = level.clone();
    unnamed.set_name("");
    for &format in level.kind().formats() {
        if format == TextFormat::JSON {
            continue;
        }
        let (text, name_left_out) = match level.write(format) {
            Ok(text) => (text, None),
            Err(reason) => match unnamed.write(format) {
                Ok(text) if !level.name().is_empty() => (text, Some(reason)),
                _ => continue,
            },
        };
        return TextExport {
            extension: format.extension(),
            text,
            name_left_out,
        };
    }
    let text = level
        .write(TextFormat::JSON)
        .expect("JSON says every level");
    TextExport {
        extension: "json",
        text,
        name_left_out: None,
    }
}

/// What `export` writes.
pub(super) struct ExportTargets<'a> {
    /// The folder of level texts.
    pub(super) ascii: Option<&'a Path>,
    /// The contact sheet's PNG.
    pub(super) sheet: Option<&'a Path>,
    /// The pack as JSON.
    pub(super) json: Option<&'a Path>,
    /// Export what can be read of a damaged pack (and say what was not).
    pub(super) skip_damaged: bool,
}

/// Whether `a` and `b` name the same file (either may not exist yet).
fn same_file(a: &Path, b: &Path) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// Runs `pack export`; the exit code, or the error in words.
pub(super) fn export(
    pack_path: &Path,
    targets: ExportTargets<'_>,
    (budgets, max_memory): (StateBudgets, u64),
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<u8, CommandError> {
    let ExportTargets {
        ascii,
        sheet,
        json: json_path,
        skip_damaged,
    } = targets;
    if ascii.is_none() && json_path.is_none() && sheet.is_none() {
        return Err(CommandError::NothingToExport);
    }
    if let Some(dir) = ascii.filter(|d| d.exists() && !d.is_dir()) {
        return Err(CommandError::AsciiNotAFolder(dir.to_path_buf()));
    }
    let _lock = match json_path {
        Some(path) => Some(lock(path)?),
        None => None,
    };
    if let Some(path) = json_path.filter(|p| skip_damaged && same_file(p, pack_path)) {
        return Err(CommandError::SkipDamagedOverPack(path.to_path_buf()));
    }
    let read = load(pack_path, err)?;
    if json_path.is_some() && !skip_damaged {
        writable(&read, pack_path)?;
    }
    if let Some(path) = sheet {
        let summaries = summaries(&read.pack, budgets, max_memory);
        let mut cards = crate::pack::sheet::pack_cards(&read.pack, &summaries);
        // Each card keeps its entry's own number in the pack file.
        for (card, number) in cards.iter_mut().zip(read.file_indices()) {
            card.number = number;
        }
        let written = crate::pack::sheet::write_sheet(path, &cards)?;
        let _ = writeln!(out, "wrote {}", written.words(read.pack.levels.len()));
    }
    if let Some(dir) = ascii {
        std::fs::create_dir_all(dir).map_err(|e| CommandError::io(dir, e))?;
        let bar = progress_bar(read.pack.levels.len(), "exporting");
        let mut names_left_out = Vec::new();
        let kept_format = crate::kinds::collection::KeptCollection::of(&read.unknown)
            .and_then(|k| k.text_format());
        for (i, e) in read.file_indices().into_iter().zip(&read.pack.levels) {
            let kept = crate::kinds::collection::KeptLevel::of(&e.unknown);
            let export = text_export_kept(&e.level, kept.as_ref().zip(kept_format));
            let name = export_name(i, e.level.name(), export.extension);
            let path = dir.join(name);
            crate::atomic::write_atomic(&path, export.text.as_bytes())
                .map_err(|e| CommandError::io(&path, e))?;
            if let Some(reason) = export.name_left_out {
                names_left_out.push(format!(
                    "{}: note: written without the level's name: {reason}",
                    shown(&path)
                ));
            }
            bar.inc(1);
        }
        bar.finish_and_clear();
        for note in names_left_out {
            let _ = writeln!(err, "{note}");
        }
        let _ = writeln!(
            out,
            "wrote {} to {}",
            counted(read.pack.levels.len() as u64, "level file", "level files"),
            shown(dir)
        );
    }
    if let Some(path) = json_path {
        write_pack_with(path, &read.pack, &read.unknown)
            .map_err(|e| CommandError::pack(path, e))?;
        let _ = writeln!(out, "wrote the pack to {}", shown(path));
    }
    if skip_damaged {
        for lost in read.lost() {
            let _ = writeln!(out, "left out {lost}");
        }
        return Ok(0);
    }
    Ok(damage_code(&read))
}
