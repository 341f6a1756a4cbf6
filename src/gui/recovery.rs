//! Recovery copies: a killed or crashed editor loses at most the last few
//! seconds of work.
//!
//! A few seconds after a document changes (and stays unsaved), its level is
//! written atomically to `recovery/PID-SESSION-DOC.json` in the platform's
//! data folder. Saving or closing the document removes its copy, and so
//! does quitting normally. At the next start, copies left by an editor that
//! is no longer running are offered for restoring (or discarding).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime};

use serde_json::{json, Value};

use super::document::{Document, Origin};
use crate::kinds::Level;

/// How long a change rests before its recovery copy is written.
pub const DEFAULT_DELAY: Duration = Duration::from_secs(3);

/// The `format` field of a recovery copy.
const FORMAT: &str = "levelscope-recovery";

/// A recovery copy found at start, from an editor that did not close.
#[derive(Clone, Debug)]
pub struct Recovered {
    /// The copy's file.
    pub path: PathBuf,
    /// The level as it was last written.
    pub level: Level,
    /// The file the level was being edited from, if any.
    pub file: Option<PathBuf>,
    /// When the copy was written.
    pub written: Option<SystemTime>,
}

impl Recovered {
    /// The document to restore: the level, unsaved, saving to its file
    /// when it had one.
    pub fn document(&self) -> Document {
        let mut doc = Document::new(self.level.clone());
        if let Some(file) = &self.file {
            doc.origin = Origin::File(file.clone());
        }
        doc
    }
}

/// The recovery copies of this editor's documents.
pub struct Recovery {
    /// Where copies go; `None` when the platform has no data folder (then
    /// nothing is kept).
    dir: Option<PathBuf>,
    /// This editor's prefix of its copies' names: `PID-SESSION-`.
    prefix: String,
    /// How long a change rests before it is written.
    pub delay: Duration,
    /// Per document id: the level as last seen, and since when.
    seen: HashMap<u64, (Level, Instant)>,
    /// Per document id: the level written to its copy.
    written: HashMap<u64, Level>,
    /// The last write's error, once, for the status line.
    error: Option<String>,
}

impl Recovery {
    /// The platform's folder for recovery copies.
    pub fn default_dir() -> Option<PathBuf> {
        eframe::storage_dir("levelscope").map(|d| d.join("recovery"))
    }

    /// Recovery copies kept in `dir` (none when `None`).
    pub fn in_dir(dir: Option<PathBuf>) -> Recovery {
        let session: u32 = rand::random();
        Recovery {
            dir,
            prefix: format!("{}-{session:08x}-", std::process::id()),
            delay: DEFAULT_DELAY,
            seen: HashMap::new(),
            written: HashMap::new(),
            error: None,
        }
    }

    /// The folder copies go to.
    pub fn dir(&self) -> Option<&Path> {
        self.dir.as_deref()
    }

    fn copy_path(&self, id: u64) -> Option<PathBuf> {
        Some(
            self.dir
                .as_ref()?
                .join(format!("{}{id:016x}.json", self.prefix)),
        )
    }

    /// Brings the copies up to date with `docs` at `now`: writes the copy
    /// of every unsaved document whose change has rested for the delay,
    /// removes the copies of documents saved or closed. Returns how long
    /// until a copy is due, so that the caller can wake up then.
    pub fn update(&mut self, docs: &[Document], now: Instant) -> Option<Duration> {
        self.dir.as_ref()?;
        let mut due: Option<Duration> = None;
        for doc in docs {
            let changed = self.seen.get(&doc.id).is_none_or(|(l, _)| *l != doc.level);
            if changed {
                self.seen.insert(doc.id, (doc.level.clone(), now));
            }
            if !doc.is_dirty() {
                self.remove(doc.id);
                continue;
            }
            if self.written.get(&doc.id) == Some(&doc.level) {
                continue;
            }
            let since = now.saturating_duration_since(self.seen[&doc.id].1);
            if since >= self.delay {
                self.write(doc);
            } else {
                let wait = self.delay - since;
                due = Some(due.map_or(wait, |d| d.min(wait)));
            }
        }
        let open: Vec<u64> = docs.iter().map(|d| d.id).collect();
        let gone: Vec<u64> = self
            .seen
            .keys()
            .copied()
            .filter(|id| !open.contains(id))
            .collect();
        for id in gone {
            self.seen.remove(&id);
            self.remove(id);
        }
        due
    }

    /// The last error writing a copy, once.
    pub fn take_error(&mut self) -> Option<String> {
        self.error.take()
    }

    fn write(&mut self, doc: &Document) {
        let Some(path) = self.copy_path(doc.id) else {
            return;
        };
        let file = match &doc.origin {
            Origin::File(p) => Value::String(p.display().to_string()),
            _ => Value::Null,
        };
        let copy = json!({
            "format": FORMAT,
            "version": 1,
            "file": file,
            "level": doc.level.to_json_value(),
        });
        let text = serde_json::to_string_pretty(&copy).expect("a copy always serialises");
        let result = path
            .parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .and_then(|()| crate::atomic::write_atomic(&path, text.as_bytes()));
        match result {
            Ok(()) => {
                self.written.insert(doc.id, doc.level.clone());
            }
            Err(e) => {
                // Say it once, and do not try again until the level changes.
                self.written.insert(doc.id, doc.level.clone());
                self.error = Some(format!(
                    "cannot keep a recovery copy in {}: {e}",
                    path.display()
                ));
            }
        }
    }

    fn remove(&mut self, id: u64) {
        if self.written.remove(&id).is_some() {
            if let Some(path) = self.copy_path(id) {
                let _ = std::fs::remove_file(path);
            }
        }
    }

    /// Removes every copy of this editor (a normal quit: whatever was not
    /// saved, the designer chose to discard).
    pub fn remove_all(&mut self) {
        let ids: Vec<u64> = self.written.keys().copied().collect();
        for id in ids {
            self.remove(id);
        }
    }

    /// The copies left by editors that are no longer running (or by an
    /// earlier editor in this process), oldest first. Files that cannot be
    /// read are left where they are.
    pub fn found(&self) -> Vec<Recovered> {
        let Some(dir) = &self.dir else {
            return Vec::new();
        };
        let Ok(entries) = std::fs::read_dir(dir) else {
            return Vec::new();
        };
        let mut found: Vec<Recovered> = entries
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .filter(|p| {
                let name = p.file_name().map(|n| n.to_string_lossy().to_string());
                name.is_some_and(|n| !n.starts_with(&self.prefix) && !owner_is_running(&n))
            })
            .filter_map(|p| read_copy(&p))
            .collect();
        found.sort_by_key(|r| r.written);
        found
    }

    /// Deletes the copy of `recovered` (restored or discarded).
    pub fn forget(&self, recovered: &Recovered) {
        let _ = std::fs::remove_file(&recovered.path);
    }
}

/// Whether the editor that wrote the copy named `name` (`PID-…`) is still
/// running: another process of that number whose name is levelscope. This
/// process's own earlier editors (in tests) count as gone.
fn owner_is_running(name: &str) -> bool {
    let Some(pid) = name.split('-').next().and_then(|p| p.parse::<u32>().ok()) else {
        return false;
    };
    if pid == std::process::id() {
        return false;
    }
    std::fs::read_to_string(format!("/proc/{pid}/comm"))
        .is_ok_and(|comm| comm.trim().starts_with("levelscope"))
}

/// A recovery copy read back, or `None` when it is not one.
fn read_copy(path: &Path) -> Option<Recovered> {
    let text = std::fs::read_to_string(path).ok()?;
    let value: Value = serde_json::from_str(&text).ok()?;
    if value.get("format")?.as_str()? != FORMAT {
        return None;
    }
    let level = Level::from_json_value(value.get("level")?).ok()?;
    let file = value.get("file").and_then(Value::as_str).map(PathBuf::from);
    let written = std::fs::metadata(path).and_then(|m| m.modified()).ok();
    Some(Recovered {
        path: path.to_path_buf(),
        level,
        file,
        written,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::Kind;

    fn files(dir: &Path) -> usize {
        std::fs::read_dir(dir).map_or(0, |d| d.count())
    }

    #[test]
    fn a_change_is_copied_after_the_delay_and_the_copy_goes_when_saved() {
        let dir = tempfile::tempdir().unwrap();
        let mut recovery = Recovery::in_dir(Some(dir.path().to_path_buf()));
        let start = Instant::now();
        let mut doc = Document::new(Kind::Skiddy.blank(5, 4));
        doc.level.set_name("edited");
        let docs = vec![doc];
        let due = recovery.update(&docs, start);
        assert_eq!(files(dir.path()), 0, "not before the delay");
        assert_eq!(due, Some(DEFAULT_DELAY));
        recovery.update(&docs, start + DEFAULT_DELAY);
        assert_eq!(files(dir.path()), 1);
        // Another editor finds it, and restores the same level.
        let other = Recovery::in_dir(Some(dir.path().to_path_buf()));
        let found = other.found();
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].level, docs[0].level);
        assert!(
            recovery.found().is_empty(),
            "an editor does not offer its own"
        );
        // Saved: the copy goes.
        let mut docs = docs;
        docs[0].mark_saved(Origin::File(dir.path().join("x.json")));
        recovery.update(&docs, start + 2 * DEFAULT_DELAY);
        assert_eq!(files(dir.path()), 0);
    }

    #[test]
    fn closing_a_document_or_quitting_removes_its_copy() {
        let dir = tempfile::tempdir().unwrap();
        let mut recovery = Recovery::in_dir(Some(dir.path().to_path_buf()));
        recovery.delay = Duration::ZERO;
        let docs = vec![
            Document::new(Kind::Skiddy.blank(5, 4)),
            Document::new(Kind::Prism.blank(4, 3)),
        ];
        recovery.update(&docs, Instant::now());
        assert_eq!(files(dir.path()), 2);
        recovery.update(&docs[..1], Instant::now());
        assert_eq!(files(dir.path()), 1, "the closed one's copy went");
        recovery.remove_all();
        assert_eq!(files(dir.path()), 0);
    }

    #[test]
    fn files_that_are_not_copies_are_left_alone() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("1-x-y.json"), "{\"format\": \"other\"}").unwrap();
        std::fs::write(dir.path().join("notes.txt"), "hello").unwrap();
        let recovery = Recovery::in_dir(Some(dir.path().to_path_buf()));
        assert!(recovery.found().is_empty());
        assert_eq!(files(dir.path()), 2);
    }
}
