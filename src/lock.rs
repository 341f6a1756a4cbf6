//! Locks that keep two writers of one file from losing each other's work.
//!
//! A command that reads a file, changes it and writes it back (adding a
//! level to a pack) holds a [`FileLock`] on that file from before the read
//! until after the write, so that a second writer waits instead of writing
//! over the first one's change. Every file write is atomic (a new file
//! renamed over the old one), so the lock cannot be taken on the file
//! itself, whose inode changes with each write: it is taken on a small
//! companion file beside it, `.NAME.lock`, which stays (empty) after use.
//! The lock is advisory (`flock` on Unix, `LockFileEx` on Windows): every
//! levelscope process honours it.

use std::fs::{File, OpenOptions};
use std::path::{Path, PathBuf};

/// An exclusive lock on a file, held until it is dropped.
#[derive(Debug)]
pub struct FileLock {
    file: File,
    path: PathBuf,
}

impl FileLock {
    /// Waits until no other process holds the lock of `path`, then takes
    /// it. A `path` that is a symbolic link is locked as the file it points
    /// to, so that writers through the link and to the file itself agree.
    ///
    /// The lock's name must be free or a regular file: anything else
    /// planted there (a symbolic link, a FIFO, a folder, a device) is
    /// refused with a message naming it, never followed or waited on.
    pub fn exclusive(path: &Path) -> std::io::Result<FileLock> {
        let target = crate::atomic::resolve_links(path)?;
        let lock_path = lock_path_of(&target)?;
        let shown = crate::file_names::shown(&lock_path);
        if let Ok(meta) = std::fs::symlink_metadata(&lock_path) {
            if !meta.file_type().is_file() {
                return Err(not_a_lock(&shown, meta.file_type()));
            }
        }
        let mut options = OpenOptions::new();
        options.create(true).write(true).truncate(false);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            // A link planted at the lock's name is not followed, and
            // opening a FIFO planted there does not wait for a reader.
            options.custom_flags(no_follow_non_block());
        }
        let file = options.open(&lock_path).map_err(|e| {
            // Something was planted between the look above and the open.
            match std::fs::symlink_metadata(&lock_path) {
                Ok(meta) if !meta.file_type().is_file() => not_a_lock(&shown, meta.file_type()),
                _ => {
                    std::io::Error::new(e.kind(), format!("cannot open the lock file {shown}: {e}"))
                }
            }
        })?;
        let meta = file.metadata()?;
        if !meta.file_type().is_file() {
            return Err(not_a_lock(&shown, meta.file_type()));
        }
        file.lock()?;
        Ok(FileLock {
            file,
            path: lock_path,
        })
    }

    /// The companion file the lock is held on.
    pub fn lock_file(&self) -> &Path {
        &self.path
    }
}

impl Drop for FileLock {
    fn drop(&mut self) {
        let _ = self.file.unlock();
    }
}

/// The refusal of a lock whose name is taken by something other than a
/// regular file.
fn not_a_lock(shown: &crate::file_names::Shown, kind: std::fs::FileType) -> std::io::Error {
    let what = if kind.is_symlink() {
        "a symbolic link, which levelscope does not follow"
    } else if kind.is_dir() {
        "a folder"
    } else {
        special_file_words(kind)
    };
    std::io::Error::new(
        std::io::ErrorKind::AlreadyExists,
        format!(
            "the lock's name {shown} is taken by {what}, not a lock file; nothing was written (remove it, then try again)"
        ),
    )
}

/// What a special file is, in words.
fn special_file_words(kind: std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a named pipe (FIFO)";
        }
        if kind.is_socket() {
            return "a socket";
        }
        if kind.is_char_device() || kind.is_block_device() {
            return "a device";
        }
    }
    let _ = kind;
    "a file that is not a regular file"
}

/// `.NAME.lock` beside `target`.
fn lock_path_of(target: &Path) -> std::io::Result<PathBuf> {
    let name = target.file_name().ok_or_else(|| {
        std::io::Error::other(format!(
            "{}: not a file name",
            crate::file_names::shown(target)
        ))
    })?;
    let mut lock_name = std::ffi::OsString::from(".");
    lock_name.push(name);
    lock_name.push(".lock");
    Ok(target.with_file_name(lock_name))
}

/// `O_NOFOLLOW | O_NONBLOCK` (open no link, and never wait on what is not
/// a regular file), whose values differ between Unix systems.
#[cfg(unix)]
fn no_follow_non_block() -> i32 {
    #[cfg(any(target_os = "linux", target_os = "android"))]
    {
        0o400000 | 0o4000
    }
    #[cfg(any(target_os = "macos", target_os = "ios", target_os = "freebsd"))]
    {
        0x0100 | 0x0004
    }
    #[cfg(not(any(
        target_os = "linux",
        target_os = "android",
        target_os = "macos",
        target_os = "ios",
        target_os = "freebsd"
    )))]
    {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;
    use std::time::Duration;

    #[test]
    fn a_second_holder_waits_for_the_first() {
        let dir = tempfile::tempdir().unwrap();
        let pack = dir.path().join("p.json");
        let first = FileLock::exclusive(&pack).unwrap();
        assert_eq!(first.lock_file(), dir.path().join(".p.json.lock"));
        let released = Arc::new(AtomicBool::new(false));
        let seen = released.clone();
        let waiter = std::thread::spawn(move || {
            let _second = FileLock::exclusive(&pack).unwrap();
            // The second lock is only had once the first is let go.
            seen.load(Ordering::SeqCst)
        });
        std::thread::sleep(Duration::from_millis(200));
        released.store(true, Ordering::SeqCst);
        drop(first);
        assert!(waiter.join().unwrap());
    }

    #[cfg(unix)]
    #[test]
    fn a_link_planted_at_the_lock_name_is_not_followed() {
        let dir = tempfile::tempdir().unwrap();
        let victim = dir.path().join("victim.txt");
        std::fs::write(&victim, "keep").unwrap();
        std::os::unix::fs::symlink(&victim, dir.path().join(".p.json.lock")).unwrap();
        let error = FileLock::exclusive(&dir.path().join("p.json"))
            .unwrap_err()
            .to_string();
        assert!(
            error.contains(".p.json.lock is taken by a symbolic link"),
            "{error}"
        );
        assert!(!error.contains("Too many levels"), "{error}");
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep");
    }
}
