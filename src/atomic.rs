//! Atomic file writes: write a temporary file beside the target, flush it to
//! disk, then rename it over the target, so that a crash never leaves a
//! half-written file.
//!
//! Every file the program writes goes through [`write_atomic`], which:
//! - creates the temporary file exclusively, under an unpredictable name
//!   (`.NAME.`, ten random characters, `.tmp`) in the target's folder, so
//!   that nothing planted in a shared folder (a symbolic link at a guessable
//!   name) is followed;
//! - gives it the permissions of the file it replaces;
//! - writes through a target that is a symbolic link: the link's final
//!   target is replaced and the link stays;
//! - flushes the file to disk, renames it, then flushes the folder (Unix);
//! - removes the temporary file when any step fails, leaving the old file
//!   as it was;
//! - removes the temporary files that earlier writes of the same target left
//!   behind when they were killed (older than [`STALE_AFTER`]).

use std::ffi::OsStr;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// How many random characters the temporary file's name holds.
const RANDOM_CHARS: usize = 10;

/// The most symbolic links followed from the target before giving up (as
/// Linux does).
const MAX_LINKS: usize = 40;

/// How old a temporary file of the same target must be to count as left
/// behind by a killed write rather than being written right now.
pub const STALE_AFTER: Duration = Duration::from_secs(60);

/// Writes `bytes` to `path` atomically: afterwards `path` holds either its
/// old content or `bytes`, never a mix, whatever happens meanwhile.
///
/// When `path` is a symbolic link, the file it finally points to is
/// replaced and the link is kept. The new file keeps the permissions of the
/// file it replaces.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    write_atomic_with(path, |file| file.write_all(bytes))
}

/// [`write_atomic`] for content written piece by piece: `write` writes
/// the new content into the temporary file (buffered), so that a large
/// file is never held whole in memory. When `write` fails, the old file
/// stays as it was.
pub fn write_atomic_with(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let target = resolve_links(path)?;
    let (dir, name) = folder_and_name(&target)?;
    remove_stale_temporaries(&dir, name);
    if target != path {
        if let Ok((link_dir, link_name)) = folder_and_name(path) {
            remove_stale_temporaries(&link_dir, link_name);
        }
    }
    let old = std::fs::metadata(&target).ok().filter(|m| m.is_file());

    let mut prefix = std::ffi::OsString::from(".");
    prefix.push(name);
    prefix.push(".");
    let mut builder = tempfile::Builder::new();
    builder
        .prefix(&prefix)
        .suffix(".tmp")
        .rand_bytes(RANDOM_CHARS);
    #[cfg(unix)]
    {
        // A new file gets what `File::create` would give it (0666 less the
        // umask); a replaced file's own mode is set below.
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    // On failure before `persist`, dropping `temp` removes the file.
    let mut temp = builder.tempfile_in(&dir)?;
    if let Some(old) = &old {
        temp.as_file().set_permissions(old.permissions())?;
        #[cfg(unix)]
        keep_owner(temp.as_file(), old);
    }
    {
        let mut buffered = std::io::BufWriter::new(temp.as_file_mut());
        write(&mut buffered)?;
        buffered.flush()?;
    }
    temp.as_file().sync_all()?;
    temp.persist(&target).map_err(|e| e.error)?;
    sync_folder(&dir)
}

/// Follows `path` while it is a symbolic link; returns the final path
/// (which need not exist).
pub(crate) fn resolve_links(path: &Path) -> std::io::Result<PathBuf> {
    let mut here = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match std::fs::symlink_metadata(&here) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let link = std::fs::read_link(&here)?;
                here = match here.parent() {
                    Some(parent) if link.is_relative() => parent.join(link),
                    _ => link,
                };
            }
            _ => return Ok(here),
        }
    }
    Err(std::io::Error::other(format!(
        "{}: more than {MAX_LINKS} symbolic links in a row",
        crate::file_names::shown(path)
    )))
}

/// The folder a file is in (`.` for a bare name) and its name.
fn folder_and_name(path: &Path) -> std::io::Result<(PathBuf, &OsStr)> {
    let name = path.file_name().ok_or_else(|| {
        std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            format!("{}: not a file name", crate::file_names::shown(path)),
        )
    })?;
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    Ok((dir, name))
}

/// Gives `file` the owner and group of `old` where the system allows it
/// (a user may not give a file away; the mode is what matters then).
#[cfg(unix)]
fn keep_owner(file: &std::fs::File, old: &std::fs::Metadata) {
    use std::os::unix::fs::MetadataExt;
    if let Ok(new) = file.metadata() {
        if (new.uid(), new.gid()) != (old.uid(), old.gid()) {
            let _ = std::os::unix::fs::fchown(file, Some(old.uid()), Some(old.gid()));
        }
    }
}

/// Flushes a folder's entries to disk, so that a rename in it survives a
/// power cut. Some file systems cannot flush a folder; that is no error.
fn sync_folder(dir: &Path) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        let result = std::fs::File::open(dir).and_then(|d| d.sync_all());
        match result {
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::InvalidInput | std::io::ErrorKind::Unsupported
                ) =>
            {
                Ok(())
            }
            other => other,
        }
    }
    #[cfg(not(unix))]
    {
        let _ = dir;
        Ok(())
    }
}

/// Whether `file` is the name of a temporary file of a write of `name`:
/// `.NAME.<digits>.tmp` (the process id, as earlier versions named them) or
/// `.NAME.<RANDOM_CHARS letters and digits>.tmp` (as they are named now).
pub fn is_temporary_of(file: &OsStr, name: &OsStr) -> bool {
    let file = file.as_encoded_bytes();
    let name = name.as_encoded_bytes();
    let Some(rest) = file
        .strip_prefix(b".")
        .and_then(|r| r.strip_prefix(name))
        .and_then(|r| r.strip_prefix(b"."))
        .and_then(|r| r.strip_suffix(b".tmp"))
    else {
        return false;
    };
    let digits = !rest.is_empty() && rest.len() <= 20 && rest.iter().all(u8::is_ascii_digit);
    let random = rest.len() == RANDOM_CHARS && rest.iter().all(u8::is_ascii_alphanumeric);
    digits || random
}

/// Removes the temporary files of writes of `name` in `dir` that are older
/// than [`STALE_AFTER`]: writes that were killed before they could clean up.
/// Only regular files with exactly such names are touched; a younger one
/// may be another process's write in progress and is left alone. Errors are
/// ignored: this is tidying, not the write.
fn remove_stale_temporaries(dir: &Path, name: &OsStr) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let now = std::time::SystemTime::now();
    for entry in entries.flatten() {
        if !is_temporary_of(&entry.file_name(), name) {
            continue;
        }
        let Ok(meta) = entry.path().symlink_metadata() else {
            continue;
        };
        let age = meta
            .modified()
            .ok()
            .and_then(|modified| now.duration_since(modified).ok());
        if meta.file_type().is_file() && age.is_some_and(|age| age > STALE_AFTER) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn replaces_the_file_and_leaves_no_temporary() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.json");
        write_atomic(&path, b"one").unwrap();
        write_atomic(&path, b"two").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"two");
        assert_eq!(names(dir.path()), ["a.json"]);
    }

    #[test]
    fn a_failed_write_keeps_the_old_file() {
        let dir = tempfile::tempdir().unwrap();
        // Renaming a file over a non-empty directory fails.
        let target = dir.path().join("taken");
        std::fs::create_dir_all(target.join("inside")).unwrap();
        assert!(write_atomic(&target, b"x").is_err());
        assert!(target.join("inside").is_dir());
        assert_eq!(names(dir.path()), ["taken"], "no temporary file is left");
    }

    #[test]
    fn temporary_names_are_matched_exactly() {
        let name = OsStr::new("pack.json");
        let yes = [".pack.json.123.tmp", ".pack.json.aB3dE6gH9k.tmp"];
        for file in yes {
            assert!(is_temporary_of(OsStr::new(file), name), "{file}");
        }
        let no = [
            "pack.json",
            ".pack.json.tmp",
            ".pack.json..tmp",
            ".pack.json.12a.tmp",
            ".pack.json.aB3dE6gH9.tmp",
            ".pack.json.aB3dE6gH9kX.tmp",
            ".pack.json.12.tmp.bak",
            ".other.json.123.tmp",
            ".pack.json.x.123.tmp",
            ".pack.json.aB3d-6gH9k.tmp",
        ];
        for file in no {
            assert!(!is_temporary_of(OsStr::new(file), name), "{file}");
        }
        // The temporary files of `a` are not those of `a.json`.
        assert!(!is_temporary_of(
            OsStr::new(".a.json.123.tmp"),
            OsStr::new("a")
        ));
    }
}
